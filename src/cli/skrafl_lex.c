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
    if (!c->def.keep_lex && !sk_cgp_opcode(cgp, len, "lex", lex, sizeof lex))
        sk_cgp_opcode(cgp, len, "-lex", lex, sizeof lex);      /* MAGPIE's spelling */
    if (!c->def.keep_ld)
        sk_cgp_opcode(cgp, len, "ld", ld, sizeof ld);
    const char *lang = ld[0] ? sk_distribution_lang(ld) : c->def.lang;
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
