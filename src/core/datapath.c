/* datapath.c - the data search path (see tilekit/datapath.h).
 *
 * The path is a short list of directory names built once from the
 * environment and the running program's location (/proc/self/exe); a lookup
 * tries DIR/REL for each directory in order with access(R_OK).
 */
#include "tilekit/datapath.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef TILEKIT_DATADIR
#define TILEKIT_DATADIR "/usr/local/share/tilekit"
#endif

static void add_dir(tk_datapath *p, const char *dir, size_t len)
{
    if (p->n >= TK_DATAPATH_MAX_DIRS || len == 0 || len >= TK_DATAPATH_DIR_MAX)
        return;
    for (int i = 0; i < p->n; i++)             /* the same directory twice: once */
        if (strlen(p->dir[i]) == len && memcmp(p->dir[i], dir, len) == 0)
            return;
    memcpy(p->dir[p->n], dir, len);
    p->dir[p->n][len] = 0;
    p->n++;
}

int tk_data_user_dir(char *out, size_t cap, tk_error *err)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')
        n = snprintf(out, cap, "%s/tilekit", xdg);
    else if (home && home[0] == '/')
        n = snprintf(out, cap, "%s/.local/share/tilekit", home);
    else
        return tk_error_set(err, TK_ENOTFOUND, 0, 0, "no user data directory (neither HOME nor XDG_DATA_HOME is set)");
    if (n < 0 || (size_t)n >= cap)
        return tk_error_set(err, TK_ELIMIT, 0, 0, "user data directory name too long");
    return TK_OK;
}

void tk_datapath_init(tk_datapath *p)
{
    p->n = 0;
    const char *env = getenv("TILEKIT_DATA");
    if (env) {
        const char *s = env;
        while (*s) {
            const char *e = strchr(s, ':');
            size_t n = e ? (size_t)(e - s) : strlen(s);
            add_dir(p, s, n);
            s += n + (e ? 1 : 0);
        }
    }
    char buf[TK_DATAPATH_DIR_MAX];
    if (tk_data_user_dir(buf, sizeof buf, NULL) == TK_OK)
        add_dir(p, buf, strlen(buf));
    char exe[TK_DATAPATH_DIR_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = 0;
            static const char *const sub[] = {"../share/tilekit", "../build", "../data"};
            for (size_t i = 0; i < sizeof sub / sizeof *sub; i++) {
                int k = snprintf(buf, sizeof buf, "%s/%s", exe, sub[i]);
                if (k > 0 && (size_t)k < sizeof buf)
                    add_dir(p, buf, (size_t)k);
            }
        }
    }
    add_dir(p, TILEKIT_DATADIR, strlen(TILEKIT_DATADIR));
}

int tk_data_find(const tk_datapath *p, const char *rel, char *out, size_t cap, tk_error *err)
{
    int too_long = 0;
    for (int i = 0; i < p->n; i++) {
        int k = snprintf(out, cap, "%s/%s", p->dir[i], rel);
        if (k < 0 || (size_t)k >= cap) {
            too_long = 1;
            continue;
        }
        if (access(out, R_OK) == 0)
            return TK_OK;
    }
    if (cap)
        out[0] = 0;
    if (too_long)
        return tk_error_set(err, TK_ELIMIT, 0, 0, "path of %s too long", rel);
    return tk_error_set(err, TK_ENOTFOUND, 0, 0, "no %s in the data path (%d director%s)", rel, p->n,
                        p->n == 1 ? "y" : "ies");
}

size_t tk_datapath_tried(const tk_datapath *p, const char *rel, char *out, size_t cap)
{
    size_t need = 0;
    if (cap)
        out[0] = 0;
    for (int i = 0; i < p->n; i++) {
        int k = snprintf(need < cap ? out + need : NULL, need < cap ? cap - need : 0, "%s/%s\n", p->dir[i], rel);
        if (k > 0)
            need += (size_t)k;
    }
    if (cap && need >= cap)
        out[cap - 1] = 0;
    return need;
}

int tk_lexicon_name_ok(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n > 64 || name[0] == '.')
        return 0;
    for (size_t i = 0; i < n; i++) {
        char c = name[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
              c == '-' || c == '.'))
            return 0;
    }
    return 1;
}

int tk_lexicon_find(const tk_datapath *p, const char *name, char *out, size_t cap, tk_error *err)
{
    if (!tk_lexicon_name_ok(name))
        return tk_error_set(err, TK_EINVAL, 0, 0,
                            "invalid lexicon name '%.64s' (letters, digits, '_', '-', '.'; at most 64)", name);
    char rel[96];
    snprintf(rel, sizeof rel, "dict/%s.dawg", name);
    return tk_data_find(p, rel, out, cap, err);
}

int tk_dict_default(const tk_datapath *p, const char *lang, char *out, size_t cap, tk_error *err)
{
    if (!tk_lexicon_name_ok(lang))
        return tk_error_set(err, TK_EINVAL, 0, 0, "invalid language name '%.64s'", lang);
    char rel[96];
    snprintf(rel, sizeof rel, "dict/%s.dawg", lang);
    if (tk_data_find(p, rel, out, cap, NULL) == TK_OK)
        return TK_OK;
    snprintf(rel, sizeof rel, "words/%s.txt", lang);
    if (tk_data_find(p, rel, out, cap, NULL) == TK_OK)
        return TK_OK;
    return tk_error_set(err, TK_ENOTFOUND, 0, 0, "no dictionary for language '%s' (dict/%s.dawg or words/%s.txt)",
                        lang, lang, lang);
}
