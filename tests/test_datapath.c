/* test_datapath.c - the data search path (tilekit/datapath.h), lexicon
 * names, and dawg_widen (a dictionary given a wider alphabet).
 *
 * The environment is set here ($TILEKIT_DATA, $HOME, $XDG_DATA_HOME) and
 * directories are made in a temporary directory, so the expected order is
 * written from the header's contract, not read from the code.
 */
#include "support/harness.h"
#include "tilekit/boggle.h"
#include "tilekit/dawg.h"
#include "tilekit/datapath.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char tmp[64];

static void touch(const char *rel)
{
    char p[512], d[512];
    snprintf(p, sizeof p, "%s/%s", tmp, rel);
    /* mkdir -p of the parents */
    snprintf(d, sizeof d, "%s", p);
    for (char *s = d + strlen(tmp) + 1; *s; s++)
        if (*s == '/') {
            *s = 0;
            mkdir(d, 0700);
            *s = '/';
        }
    FILE *f = fopen(p, "w");
    if (f) {
        fputs("x\n", f);
        fclose(f);
    }
}

static void set_env(const char *data, const char *home, const char *xdg)
{
    char buf[512];
    if (data) {
        snprintf(buf, sizeof buf, "%s", data);
        setenv("TILEKIT_DATA", buf, 1);
    } else {
        unsetenv("TILEKIT_DATA");
    }
    if (home) setenv("HOME", home, 1); else unsetenv("HOME");
    if (xdg) setenv("XDG_DATA_HOME", xdg, 1); else unsetenv("XDG_DATA_HOME");
}

static void test_order(void)
{
    char a[128], b[128], home[128], user[160];
    snprintf(a, sizeof a, "%s/a", tmp);
    snprintf(b, sizeof b, "%s/b", tmp);
    snprintf(home, sizeof home, "%s/home", tmp);
    snprintf(user, sizeof user, "%s/home/.local/share/tilekit", tmp);
    char env[300];
    snprintf(env, sizeof env, "%s::%s", a, b);          /* an empty entry is skipped */
    set_env(env, home, NULL);
    tk_datapath p;
    tk_datapath_init(&p);
    REQUIRE(p.n >= 4);
    CHECK(strcmp(p.dir[0], a) == 0);
    CHECK(strcmp(p.dir[1], b) == 0);
    CHECK(strcmp(p.dir[2], user) == 0);
    CHECKF(strcmp(p.dir[p.n - 1], "/usr/local/share/tilekit") == 0 || strstr(p.dir[p.n - 1], "share/tilekit"),
           "last: %s", p.dir[p.n - 1]);

    char out[512];
    tk_error e;
    touch("b/dict/X.dawg");
    touch("home/.local/share/tilekit/dict/X.dawg");
    touch("home/.local/share/tilekit/dict/Y.dawg");
    CHECK(tk_data_find(&p, "dict/X.dawg", out, sizeof out, &e) == TK_OK);
    CHECKF(strstr(out, "/b/dict/X.dawg") != NULL, "found %s", out);       /* TILEKIT_DATA first */
    CHECK(tk_lexicon_find(&p, "Y", out, sizeof out, &e) == TK_OK && strstr(out, "/home/.local/share/tilekit/dict/Y.dawg"));
    CHECK(tk_lexicon_find(&p, "Z", out, sizeof out, &e) == TK_ENOTFOUND && out[0] == 0);
    CHECK(strstr(e.msg, "dict/Z.dawg") != NULL);
    char tried[4096];
    size_t need = tk_datapath_tried(&p, "dict/Z.dawg", tried, sizeof tried);
    CHECK(need == strlen(tried));
    char want[700];
    snprintf(want, sizeof want, "%s/dict/Z.dawg\n%s/dict/Z.dawg\n%s/dict/Z.dawg\n", a, b, user);
    CHECKF(strncmp(tried, want, strlen(want)) == 0, "tried:\n%s", tried);
    int lines = 0;
    for (char *s = tried; *s; s++) lines += *s == '\n';
    CHECK(lines == p.n);
    /* cut short: still NUL-terminated, the length it needs returned */
    char small[10];
    CHECK(tk_datapath_tried(&p, "dict/Z.dawg", small, sizeof small) == need && strlen(small) == 9);

    /* XDG_DATA_HOME wins over HOME; a relative one is ignored */
    char xdg[128], xuser[160];
    snprintf(xdg, sizeof xdg, "%s/xdg", tmp);
    snprintf(xuser, sizeof xuser, "%s/xdg/tilekit", tmp);
    set_env(NULL, home, xdg);
    tk_datapath_init(&p);
    CHECK(strcmp(p.dir[0], xuser) == 0);
    CHECK(tk_data_user_dir(out, sizeof out, &e) == TK_OK && strcmp(out, xuser) == 0);
    set_env(NULL, home, "relative/dir");
    CHECK(tk_data_user_dir(out, sizeof out, &e) == TK_OK && strcmp(out, user) == 0);
    set_env(NULL, NULL, NULL);
    CHECK(tk_data_user_dir(out, sizeof out, &e) == TK_ENOTFOUND);
    tk_datapath_init(&p);
    CHECK(p.n >= 1);

    /* default dictionary: dict/LANG.dawg, else words/LANG.txt */
    snprintf(env, sizeof env, "%s", a);
    set_env(env, home, NULL);
    tk_datapath_init(&p);
    touch("a/words/qq.txt");
    CHECK(tk_dict_default(&p, "qq", out, sizeof out, &e) == TK_OK && strstr(out, "/a/words/qq.txt"));
    touch("a/dict/qq.dawg");
    CHECK(tk_dict_default(&p, "qq", out, sizeof out, &e) == TK_OK && strstr(out, "/a/dict/qq.dawg"));
    CHECK(tk_dict_default(&p, "zz", out, sizeof out, &e) == TK_ENOTFOUND);
}

static void test_names(void)
{
    CHECK(tk_lexicon_name_ok("CSW21"));
    CHECK(tk_lexicon_name_ok("NWL2023"));
    CHECK(tk_lexicon_name_ok("en-enable_2k.v1"));
    CHECK(!tk_lexicon_name_ok(""));
    CHECK(!tk_lexicon_name_ok(".hidden"));
    CHECK(!tk_lexicon_name_ok("../etc/passwd"));
    CHECK(!tk_lexicon_name_ok("a/b"));
    CHECK(!tk_lexicon_name_ok("sp ace"));
    char long_name[80];
    memset(long_name, 'a', 65);
    long_name[65] = 0;
    CHECK(!tk_lexicon_name_ok(long_name));
    long_name[64] = 0;
    CHECK(tk_lexicon_name_ok(long_name));
    tk_datapath p;
    tk_datapath_init(&p);
    char out[256];
    tk_error e;
    CHECK(tk_lexicon_find(&p, "../x", out, sizeof out, &e) == TK_EINVAL);
}

static int collect(void *ctx, const uint8_t *w, int n)
{
    (void)w;
    (void)n;
    (*(int *)ctx)++;
    return 0;
}

static void test_widen(void)
{
    alpha_table small, full, other;
    tk_error e;
    const char *en = "a b c d e f g h i j k l m n o p q r s t u v w x y z";
    REQUIRE(alpha_parse(&small, "a c t", 5, &e) == TK_OK);
    REQUIRE(alpha_parse(&full, en, strlen(en), &e) == TK_OK);
    REQUIRE(alpha_parse(&other, "t c a", 5, &e) == TK_OK);
    const char *list = "act\ncat\ntact\nta\n";
    dawg_graph *d = NULL, *w = NULL, *ref = NULL;
    REQUIRE(dawg_build(&d, &small, list, strlen(list), NULL, NULL, &e) == TK_OK);
    REQUIRE(dawg_build(&ref, &full, list, strlen(list), NULL, NULL, &e) == TK_OK);
    CHECK(dawg_widen(&w, d, &full, &e) == TK_OK && w);
    if (w) {
        CHECK(dawg_alphabet(w)->size == 26);
        /* the same graph as one built with the full alphabet, edge for edge */
        CHECK(dawg_edge_count(w) == dawg_edge_count(ref) &&
              memcmp(dawg_edges(w), dawg_edges(ref), 4 * (size_t)dawg_edge_count(w)) == 0);
        CHECK(dawg_contains_utf8(w, "tact") && !dawg_contains_utf8(w, "tax"));
        int n = 0;
        dawg_foreach_word(w, collect, &n);
        CHECK(n == 4);
        /* and it survives a save/load round trip */
        void *buf;
        size_t len;
        dawg_graph *back = NULL;
        CHECK(dawg_serialize(w, &buf, &len, &e) == TK_OK && dawg_load_memory(&back, buf, len, &e) == TK_OK);
        dawg_destroy(back);
        free(buf);
    }
    dawg_destroy(w);
    w = NULL;
    CHECK(dawg_widen(&w, d, &other, &e) == TK_EINVAL && !w);        /* another order */
    alpha_table nott;
    REQUIRE(alpha_parse(&nott, "a b c", 5, &e) == TK_OK);
    CHECK(dawg_widen(&w, d, &nott, &e) == TK_EINVAL && !w);         /* t missing */
    dawg_destroy(d);
    dawg_destroy(ref);
}

static void test_boggle_min(void)
{
    CHECK(bog_default_min_len(4, 4) == 3);
    CHECK(bog_default_min_len(3, 3) == 3);
    CHECK(bog_default_min_len(5, 4) == 3);
    CHECK(bog_default_min_len(5, 5) == 4);
    CHECK(bog_default_min_len(6, 6) == 4);
    CHECK(bog_default_min_len(1, 1024) == 3);
}

static void cleanup(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    if (system(cmd) != 0)
        fprintf(stderr, "cannot remove %s\n", tmp);
}

static const th_test tests[] = {
    {"order", test_order},
    {"names", test_names},
    {"widen", test_widen},
    {"boggle_min", test_boggle_min},
    {0, 0},
};

int main(int argc, char **argv)
{
    snprintf(tmp, sizeof tmp, "/tmp/tkpathXXXXXX");
    if (!mkdtemp(tmp)) {
        perror("mkdtemp");
        return 1;
    }
    int rc = th_main("datapath", tests, argc, argv);
    cleanup();
    return rc;
}
