/* skrafl_lex.c - engines per CGP lexicon / letter distribution (see skrafl_lex.h).
 *
 * A short list of (lexicon, language) entries behind one mutex; each entry
 * holds the dictionary and engine built for it, or the fact that building
 * failed (so a bad name costs one lookup and one message, however many
 * lines repeat it).
 */
#include "skrafl_lex.h"

#include "cli.h"
#include "core/tk_text.h"
#include "tilekit/datapath.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct entry {
    char lex[72];            /* "" = the default dictionary of lang */
    char lang[72];
    dawg_graph *dawg;              /* owned, or NULL when the default is reused */
    sk_engine *engine;       /* NULL: failed */
    char why[400];
} entry;

struct skx_cache {
    skx_defaults def;
    pthread_mutex_t mu;
    entry *v;
    size_t n, cap;
};

skx_cache *skx_cache_create(const skx_defaults *def)
{
    skx_cache *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->def = *def;
    pthread_mutex_init(&c->mu, NULL);
    return c;
}

void skx_cache_destroy(skx_cache *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->n; i++) {
        sk_engine_destroy(c->v[i].engine);
        dawg_destroy(c->v[i].dawg);
    }
    free(c->v);
    pthread_mutex_destroy(&c->mu);
    free(c);
}

int skx_cgp_opcode(const char *s, size_t len, const char *name, char *out, size_t cap)
{
    /* ROWS RACKS SCORES ZEROLESS, then "op args;" ... */
    size_t i = 0;
    for (int field = 0; field < 4; field++) {
        while (i < len && (s[i] == ' ' || s[i] == '\t'))
            i++;
        while (i < len && s[i] != ' ' && s[i] != '\t')
            i++;
    }
    size_t nlen = strlen(name);
    while (i < len) {
        while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == ';'))
            i++;
        size_t op = i;
        while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != ';')
            i++;
        size_t oplen = i - op;
        while (i < len && (s[i] == ' ' || s[i] == '\t'))
            i++;
        size_t arg = i;
        while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != ';')
            i++;
        size_t arglen = i - arg;
        while (i < len && s[i] != ';')          /* further arguments */
            i++;
        if (oplen == nlen && memcmp(s + op, name, nlen) == 0 && arglen > 0) {
            if (cap) {
                size_t k = arglen < cap - 1 ? arglen : cap - 1;
                memcpy(out, s + arg, k);
                out[k] = 0;
            }
            return 1;
        }
    }
    return 0;
}

/* The opcodes of the CGP description (and its "-" forms) that skrafl knows;
 * only lex and ld change what is solved. */
static const char *const KNOWN_OPS[] = { "lex", "-lex", "ld", "-ld", "bb", "bdn", "gid", "mcnz", "tn", "tmr",
                                         "var", "cid", "ti" };

static int op_known(const char *s, size_t n)
{
    for (size_t k = 0; k < sizeof KNOWN_OPS / sizeof *KNOWN_OPS; k++)
        if (strlen(KNOWN_OPS[k]) == n && memcmp(KNOWN_OPS[k], s, n) == 0)
            return 1;
    return 0;
}

/* 1 if s (n bytes) is within one edit (or a case change) of word */
static int near(const char *s, size_t n, const char *word)
{
    size_t w = strlen(word), i = 0;
    if (n == w) {
        int diff = 0, caseonly = 1;
        for (size_t k = 0; k < n; k++)
            if (s[k] != word[k]) {
                diff++;
                if ((s[k] | 0x20) != word[k])
                    caseonly = 0;
            }
        return diff <= 1 || caseonly;
    }
    if (n + 1 != w && w + 1 != n)
        return 0;
    const char *lo = n < w ? s : word, *hi = n < w ? word : s;
    size_t ln = n < w ? n : w;
    while (i < ln && lo[i] == hi[i])
        i++;
    return memcmp(lo + i, hi + i + 1, ln - i) == 0;
}

int skx_cgp_check(const char *s, size_t len, tk_error *err, char *warn, size_t wcap)
{
    size_t i = 0;
    if (wcap)
        warn[0] = 0;
    for (int field = 0; field < 4; field++) {
        while (i < len && (s[i] == ' ' || s[i] == '\t'))
            i++;
        while (i < len && s[i] != ' ' && s[i] != '\t')
            i++;
    }
    while (i < len) {
        while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == ';'))
            i++;
        if (i >= len)
            break;
        size_t op = i;
        while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != ';')
            i++;
        size_t oplen = i - op;
        char q[TKU_CHAR_DESC];
        for (size_t k = op; k < i; k++) {
            unsigned char ch = (unsigned char)s[k];
            if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '-' ||
                  ch == '_')) {
                tku_char_describe(s + k, len - k, q, sizeof q);
                return tk_error_set(err, TK_EFORMAT, 0, (long)k + 1,
                                    "column %zu: damaged CGP opcode: %s is not a letter, digit, '-' or '_'", k + 1, q);
            }
        }
        while (i < len && (s[i] == ' ' || s[i] == '\t'))
            i++;
        size_t arg = i;
        while (i < len && s[i] != ';')
            i++;
        size_t arglen = i - arg;
        while (arglen && (s[arg + arglen - 1] == ' ' || s[arg + arglen - 1] == '\t'))
            arglen--;
        const char *o = s + op;
        int lexish = (oplen == 3 && memcmp(o, "lex", 3) == 0) || (oplen == 2 && memcmp(o, "ld", 2) == 0);
        if (lexish && !arglen)
            return tk_error_set(err, TK_EFORMAT, 0, (long)op + 1, "column %zu: CGP opcode '%.*s' needs a name", op + 1,
                                (int)oplen, o);
        if (op_known(o, oplen))
            continue;
        if (near(o, oplen, "lex") || near(o, oplen, "ld"))
            return tk_error_set(err, TK_EFORMAT, 0, (long)op + 1,
                                "column %zu: unknown CGP opcode '%.*s' (did you mean '%s'?)", op + 1,
                                oplen > 40 ? 40 : (int)oplen, o, near(o, oplen, "lex") ? "lex" : "ld");
        if (wcap && !warn[0])
            snprintf(warn, wcap, "column %zu: unknown CGP opcode '%.*s' (ignored)", op + 1,
                     oplen > 40 ? 40 : (int)oplen, o);
    }
    return TK_OK;
}

const char *skx_ld_lang(const char *ld)
{
    static const char *const names[][2] = {
        {"english", "en"}, {"icelandic", "is"}, {"hungarian", "hu"},
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(ld, names[i][0]) == 0)
            return names[i][1];
    return ld;
}

/* The tile set of `lang` (or the --tiles file) for alphabet a. */
static int load_tiles(const skx_cache *c, const char *lang, const alpha_table *a, sk_tileset *ts, char *why,
                      size_t cap)
{
    char rel[128], path[4096];
    const char *file = c->def.tiles;
    snprintf(rel, sizeof rel, "tiles/%s.txt", lang);
    if (!file && tk_lexicon_name_ok(lang))
        file = cli_find_data(rel, path, sizeof path);
    tk_error err = {0};
    if (!file) {
        if (sk_tileset_builtin(ts, a, lang, &err) == TK_OK)
            return 0;
        cli_error(NULL, 0, "unknown letter distribution '%s'", lang);
        if (tk_lexicon_name_ok(lang))
            cli_error_tried(rel);
        snprintf(why, cap, "unknown letter distribution '%s' (english, icelandic, or tiles/NAME.txt in the data path)",
                 lang);
        return -1;
    }
    size_t len;
    char *text = cli_read_file(file, &len, &err);
    if (!text) {
        snprintf(why, cap, "%.200s: %.180s", file, err.msg);
        return -1;
    }
    int rc = sk_tileset_parse(ts, a, text, len, &err);
    free(text);
    if (rc) {
        snprintf(why, cap, "the '%.64s' tile set does not fit the dictionary's alphabet (%.150s:%ld: %.80s)", lang,
                 file, err.line, err.msg);
        return -1;
    }
    return 0;
}

/* Is there a tile set for lang (a file in the data path, or built in)? */
static int have_tiles(const skx_cache *c, const char *lang)
{
    char rel[128], path[4096];
    if (c->def.tiles || strcmp(lang, "en") == 0 || strcmp(lang, "is") == 0)
        return 1;
    snprintf(rel, sizeof rel, "tiles/%s.txt", lang);
    if (tk_lexicon_name_ok(lang) && cli_find_data(rel, path, sizeof path))
        return 1;
    cli_error(NULL, 0, "unknown letter distribution '%s'", lang);
    if (tk_lexicon_name_ok(lang))
        cli_error_tried(rel);
    return 0;
}

static int engine_for(skx_cache *c, const char *lex, const char *lang, sk_engine **e, tk_error *err);

static void build_entry(skx_cache *c, entry *en)
{
    const sk_engine *e0 = c->def.engine;
    const dawg_graph *d = sk_engine_dawg(e0);
    if (!have_tiles(c, en->lang)) {
        snprintf(en->why, sizeof en->why,
                 "ld: unknown letter distribution '%.64s' (english, icelandic, or tiles/NAME.txt in the data path)",
                 en->lang);
        return;
    }
    if (en->lex[0] || strcmp(en->lang, c->def.lang) != 0) {
        if (!en->lex[0] && c->def.keep_lex) {
            d = sk_engine_dawg(e0);          /* --dict/--lexicon: the command line's dictionary */
        } else {
            en->dawg = cli_load_dictionary(NULL, en->lex[0] ? en->lex : NULL, en->lang, NULL);
            if (!en->dawg) {
                if (en->lex[0])
                    snprintf(en->why, sizeof en->why, "lex %s: no such lexicon could be loaded (see above)", en->lex);
                else
                    snprintf(en->why, sizeof en->why, "ld: no dictionary for language '%s'", en->lang);
                return;
            }
            d = en->dawg;
        }
    }
    sk_tileset ts;
    if (load_tiles(c, en->lang, dawg_alphabet(d), &ts, en->why, sizeof en->why))
        return;
    tk_error err = {0};
    if (sk_engine_create(&en->engine, d, &ts, sk_engine_layout(e0), &err) != TK_OK) {
        en->engine = NULL;
        snprintf(en->why, sizeof en->why, "%.300s", err.msg);
    }
}

int skx_engine_for(skx_cache *c, const char *cgp, size_t len, sk_engine **e, tk_error *err)
{
    char lex[72] = "", ld[72] = "";
    *e = c->def.engine;
    if (!c->def.keep_lex && !skx_cgp_opcode(cgp, len, "lex", lex, sizeof lex))
        skx_cgp_opcode(cgp, len, "-lex", lex, sizeof lex);      /* MAGPIE's spelling */
    if (!c->def.keep_ld)
        skx_cgp_opcode(cgp, len, "ld", ld, sizeof ld);
    const char *lang = ld[0] ? skx_ld_lang(ld) : c->def.lang;
    if (!lex[0] && strcmp(lang, c->def.lang) == 0)
        return TK_OK;
    return engine_for(c, lex, lang, e, err);
}

int skx_engine_lexicon(skx_cache *c, const char *name, sk_engine **e, char *found, size_t cap, tk_error *err)
{
    char v[3][72], path[4096];
    *e = NULL;
    if (found && cap)
        found[0] = 0;
    if (!tk_lexicon_name_ok(name))
        return tk_error_set(err, TK_ENOTFOUND, 0, 0, "'%.64s' is not a lexicon name", name);
    snprintf(v[0], sizeof v[0], "%s", name);
    snprintf(v[1], sizeof v[1], "%s", name);
    snprintf(v[2], sizeof v[2], "%s", name);
    for (char *p = v[1]; *p; p++)
        *p = (char)(*p >= 'a' && *p <= 'z' ? *p - 32 : *p);
    for (char *p = v[2]; *p; p++)
        *p = (char)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
    for (int i = 0; i < 3; i++) {
        tk_error e2 = {0};
        if (tk_lexicon_find(cli_datapath(), v[i], path, sizeof path, &e2) == TK_OK) {
            if (found && cap)
                snprintf(found, cap, "%s", v[i]);
            return engine_for(c, v[i], c->def.lang, e, err);
        }
    }
    return tk_error_set(err, TK_ENOTFOUND, 0, 0, "lexicon %.64s is not installed", name);
}

static int engine_for(skx_cache *c, const char *lex, const char *lang, sk_engine **e, tk_error *err)
{
    pthread_mutex_lock(&c->mu);
    entry *en = NULL;
    for (size_t i = 0; i < c->n && !en; i++)
        if (strcmp(c->v[i].lex, lex) == 0 && strcmp(c->v[i].lang, lang) == 0)
            en = &c->v[i];
    if (!en) {
        if (c->n == c->cap) {
            size_t cap = c->cap ? 2 * c->cap : 4;
            entry *v = realloc(c->v, cap * sizeof *v);
            if (!v) {
                pthread_mutex_unlock(&c->mu);
                return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
            }
            c->v = v;
            c->cap = cap;
        }
        en = &c->v[c->n++];
        memset(en, 0, sizeof *en);
        snprintf(en->lex, sizeof en->lex, "%s", lex);
        snprintf(en->lang, sizeof en->lang, "%s", lang);
        build_entry(c, en);
    }
    int rc = TK_OK;
    if (en->engine)
        *e = en->engine;
    else
        rc = tk_error_set(err, TK_ENOTFOUND, 0, 0, "%.300s", en->why);
    pthread_mutex_unlock(&c->mu);
    return rc;
}
