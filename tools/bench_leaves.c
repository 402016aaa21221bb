/* bench_leaves.c - how fast a complete leave table loads and answers.
 *
 *   bench_leaves [--runs R] [LANG=FILE ...]
 *
 * For each shipped table (data/leaves/en.tkl and is.tkl from the top, or
 * the files given as en=FILE is=FILE): the median over R runs (default 5)
 * of reading the file and sk_leaves_load (CPU time of the thread, so that a
 * loaded machine does not count; the file in the page cache after the first run), its size, and the mean time of a look-up of
 * every leave of the table in turn.  Timings are informative, never asserted.
 */
#include "bench.h"
#include "cli/cli.h"
#include "core/tk_text.h"
#include "tilekit/skgame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void one(const char *lang, const char *path, int runs)
{
    alpha_table a;
    sk_tileset ts;
    tk_error err = {0};
    char apath[64];
    snprintf(apath, sizeof apath, "data/alphabets/%s.txt", lang);
    if (cli_load_alphabet(apath, &a) || sk_tileset_builtin(&ts, &a, lang, &err)) {
        printf("%s: no alphabet or tile set; skipped\n", lang);
        return;
    }
    double t[64];
    size_t n = 0, bytes = 0;
    sk_leaves *l = NULL;
    for (int r = 0; r < runs; r++) {
        double t0 = tku_cpu_seconds();
        size_t len;
        char *text = cli_read_file(path, &len, &err);
        if (!text) {
            printf("%s: %s: %s; skipped\n", lang, path, err.msg);
            return;
        }
        sk_leaves_destroy(l);
        l = NULL;
        int rc = sk_leaves_load(&l, &a, &ts, text, len, &err);
        free(text);
        t[r] = tku_cpu_seconds() - t0;
        if (rc) {
            printf("%s: %s: %s\n", lang, path, err.msg);
            return;
        }
        bytes = len;
    }
    n = sk_leaves_count(l);
    /* look-ups: every leave of the table */
    uint8_t (*c)[64] = malloc((n + 1) * sizeof *c);
    if (!c)
        return;
    int32_t v;
    for (size_t i = 0; i < n; i++)
        sk_leaves_slot(l, i, c[i], &v);
    double t0 = tku_cpu_seconds();
    int64_t sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += sk_leaves_value(l, c[i]);
    double dt = tku_cpu_seconds() - t0;
    printf("leaves %s: %s, %zu leaves, %zu bytes: load %.2f ms (median of %d), look-up %.1f ns (sum %lld)\n",
           lang, path, n, bytes, bench_median(t, runs) * 1e3, runs, dt / (double)n * 1e9, (long long)sum);
    free(c);
    sk_leaves_destroy(l);
}

int main(int argc, char **argv)
{
    cli_init("bench_leaves");
    int runs = 5, named = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--runs") && i + 1 < argc) {
            runs = atoi(argv[++i]);
            if (runs < 1 || runs > 64)
                runs = 5;
        } else if (strchr(argv[i], '=')) {
            char lang[8];
            snprintf(lang, sizeof lang, "%.*s", (int)(strchr(argv[i], '=') - argv[i]), argv[i]);
            one(lang, strchr(argv[i], '=') + 1, runs);
            named = 1;
        }
    }
    if (!named) {
        one("en", "data/leaves/en.tkl", runs);
        one("is", "data/leaves/is.tkl", runs);
    }
    return 0;
}
