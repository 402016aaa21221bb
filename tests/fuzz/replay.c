/* replay.c - run a libFuzzer target over a corpus without libFuzzer.
 *
 *   replay_NAME DIR|FILE...
 *
 * Feeds every regular file (directories are read one level deep) to
 * LLVMFuzzerTestOneInput.  A target signals a broken invariant by aborting,
 * which the sanitizer build turns into a report and a non-zero exit; a clean
 * run prints "fuzz-NAME: N passed, 0 failed". */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: %s: cannot open\n", path);
        return -1;
    }
    size_t cap = 4096, n = 0, got;
    uint8_t *buf = malloc(cap);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            uint8_t *nb = realloc(buf, cap * 2);
            if (!nb) { free(buf); buf = NULL; break; }
            buf = nb;
            cap *= 2;
        }
    }
    fclose(f);
    if (!buf)
        return -1;
    /* Exact-size copy so the sanitizer sees reads past the end. */
    uint8_t *exact = malloc(n ? n : 1);
    if (!exact) { free(buf); return -1; }
    memcpy(exact, buf, n);
    free(buf);
    LLVMFuzzerTestOneInput(exact, n);
    free(exact);
    return 0;
}

int main(int argc, char **argv)
{
    long ok = 0, bad = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: %s: no such file or directory\n", argv[i]);
            bad++;
            continue;
        }
        if (!S_ISDIR(st.st_mode)) {
            if (run_file(argv[i]) == 0) ok++; else bad++;
            continue;
        }
        DIR *d = opendir(argv[i]);
        struct dirent *e;
        while (d && (e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.')
                continue;
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
            if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
                if (run_file(path) == 0) ok++; else bad++;
            }
        }
        if (d) closedir(d);
    }
    const char *name = strrchr(argv[0], '/');
    name = name ? name + 1 : argv[0];
    if (strncmp(name, "replay_", 7) == 0)
        name += 7;
    printf("fuzz-%s: %ld passed, %ld failed\n", name, ok, bad);
    return bad ? 1 : 0;
}
