/* skrafl_load.c - what skrafl loads before the first position: the
 * dictionary (cli_load_dictionary: --dict or --lexicon), the tile set (--tiles, or the language's,
 * else built in), the layout (standard, explo, or a file), the engine made
 * of them, the --rack, the leave tables (--leaves, --players equity:TABLE,
 * the language's shipped table when equity needs one) and the win table
 * (--wintab, else the shipped one).  Every failure is reported here, once. */
#include "cli/skrafl_cli.h"
#include "cli/skrafl_lex.h"

#include <stdlib.h>
#include <string.h>

/* A data file by relative name (rel_or_path) or a path given by the user. */
static char *read_data(const char *rel_or_path, int is_path, size_t *len, const char **where)
{
    static char buf[4096];
    const char *p = is_path ? rel_or_path : cli_find_data(rel_or_path, buf, sizeof buf);
    *where = p;
    return p ? cli_load_file(p, len) : NULL;
}

static int load_tiles(const skc_opts *o, const alpha_table *a, sk_tileset *ts)
{
    char rel[128];
    size_t len;
    const char *where = NULL;
    tk_error err = {0};
    snprintf(rel, sizeof rel, "tiles/%s.txt", o->lang);
    char *text = read_data(o->tiles ? o->tiles : rel, o->tiles != NULL, &len, &where);
    if (o->tiles && !text)
        return CLI_EXIT_DATA;
    if (text) {
        int rc = sk_tileset_parse(ts, a, text, len, &err);
        free(text);
        if (rc && o->tiles) {
            cli_error(where, err.line, "%s", err.msg);
            return CLI_EXIT_DATA;
        }
        if (rc) {       /* the shipped tile set is right: the dictionary is another language's */
            cli_error(where, err.line, "%s (the dictionary has another alphabet: give --lang to match it)",
                      err.msg);
            return CLI_EXIT_DATA;
        }
    } else if (sk_tileset_builtin(ts, a, o->lang, &err)) {
        cli_error(NULL, 0, "tile set: %s", err.msg);
        return CLI_EXIT_DATA;
    }
    return 0;
}

static int load_layout(const skc_opts *o, sk_layout *lay)
{
    char rel[128];
    size_t len;
    const char *where = NULL;
    tk_error err = {0};
    /* a shipped name unless a file has that name; anything else is a file */
    int named = cli_arg_inline(o->layout, !strcmp(o->layout, "standard") || !strcmp(o->layout, "explo"));
    if (named)
        snprintf(rel, sizeof rel, "layouts/%s.txt", o->layout);
    char *text = read_data(named ? rel : o->layout, !named, &len, &where);
    if (!named && !text) {
        if (!strchr(o->layout, '/'))
            cli_error(NULL, 0, "(a --layout is standard, explo, or a layout file)");
        return CLI_EXIT_DATA;
    }
    if (text) {
        int rc = sk_layout_parse(lay, text, len, &err);
        free(text);
        if (rc) {
            cli_error(where, err.line, "%s", err.msg);
            return CLI_EXIT_DATA;
        }
        snprintf(lay->name, sizeof lay->name, "%s", o->layout);
    } else if (sk_layout_builtin(lay, o->layout, &err)) {
        cli_error(NULL, 0, "%s", err.msg);
        return CLI_EXIT_DATA;
    }
    return 0;
}

static void say_loaded(const skc_ctx *c, const sk_tileset *ts, const sk_layout *lay, double secs)
{
    dawg_info info;
    dawg_get_info(c->d, &info);
    cli_error(NULL, 0, "dictionary %s: %llu words, %u edges (%.3f s)", c->dict_used ? c->dict_used : "?",
              (unsigned long long)info.words, info.edges, secs);
    cli_error(NULL, 0, "language %s, %d tiles; layout %s %dx%d, start %c%d%s", c->o->lang, ts->total, lay->name,
              lay->dim, lay->dim, 'A' + lay->start_col, lay->start_row + 1, lay->symmetric ? ", symmetric" : "");
}


/* ---- tables --------------------------------------------------------------------------------------- */

/* Read file `path` and parse it with fn; a failure reported as "path:line: message". */
typedef int (*parse_fn)(void *ctx, const char *text, size_t len, tk_error *err);

static int load_parsed(const char *path, parse_fn fn, void *ctx)
{
    size_t len;
    char *text = cli_load_file(path, &len);
    if (!text)
        return CLI_EXIT_DATA;
    tk_error err = {0};
    int rc = fn(ctx, text, len, &err);
    free(text);
    if (rc) {
        cli_error(path, err.line, "%s", err.msg);
        return CLI_EXIT_DATA;
    }
    return CLI_EXIT_OK;
}

typedef struct leaves_ctx {
    const sk_engine *e;
    sk_leaves **out;
} leaves_ctx;

static int parse_leaves(void *ctx, const char *text, size_t len, tk_error *err)
{
    leaves_ctx *lc = ctx;
    return sk_leaves_load(lc->out, sk_engine_alphabet(lc->e), sk_engine_tileset(lc->e), text, len, err);
}

static int parse_wintab(void *ctx, const char *text, size_t len, tk_error *err)
{
    return sk_wintab_parse(ctx, text, len, err);
}

/* Load a leave table named by `arg`: 'default' (the shipped table of lang),
 * 'en' / 'is' (that shipped table, unless a file of that name exists:
 * cli_arg_inline), or a file (binary .tkl or CSV).  Shipped tables:
 * leaves/LANG.tkl, else leaves/LANG.csv in the data path.  Returns an exit
 * status. */
static int load_leaves(const sk_engine *e, const char *lang, const char *arg, sk_leaves **out)
{
    char buf[4096], rel[64];
    const char *path = arg;
    if (strcmp(arg, "default") == 0 || cli_arg_inline(arg, !strcmp(arg, "en") || !strcmp(arg, "is"))) {
        const char *name = strcmp(arg, "default") ? arg : lang;
        snprintf(rel, sizeof rel, "leaves/%s.tkl", name);
        path = cli_find_data(rel, buf, sizeof buf);
        if (!path) {
            snprintf(rel, sizeof rel, "leaves/%s.csv", name);
            path = cli_find_data(rel, buf, sizeof buf);
        }
        if (!path) {
            cli_error(NULL, 0, "no shipped leave table leaves/%s.tkl or .csv (give --leaves FILE)", name);
            return CLI_EXIT_DATA;
        }
    }
    leaves_ctx lc = { e, out };
    return load_parsed(path, parse_leaves, &lc);
}

int skc_shipped_leaves(const sk_engine *e, const char *lang, sk_leaves **out)
{
    char buf[4096], rel[64];
    *out = NULL;
    snprintf(rel, sizeof rel, "leaves/%s.tkl", lang);
    if (!cli_find_data(rel, buf, sizeof buf)) {
        snprintf(rel, sizeof rel, "leaves/%s.csv", lang);
        if (!cli_find_data(rel, buf, sizeof buf))
            return CLI_EXIT_OK;
    }
    return load_leaves(e, lang, "default", out);
}

/* --wintab FILE | default | none; default: the language's shipped table if found. */
static int load_wintab(skc_ctx *c, const char *arg, const char *lang)
{
    int given = arg != NULL;
    arg = arg ? arg : "default";
    if (strcmp(arg, "none") == 0)
        return CLI_EXIT_OK;
    char buf[4096], rel[64];
    const char *path = arg;
    if (strcmp(arg, "default") == 0) {
        snprintf(rel, sizeof rel, "wintab/%s.csv", lang);
        path = cli_find_data(rel, buf, sizeof buf);
        if (!path) {
            if (!given)
                return CLI_EXIT_OK;   /* none shipped: win by the sign of the spread */
            cli_error(NULL, 0, "no shipped win table %s (give --wintab FILE)", rel);
            return CLI_EXIT_DATA;
        }
    }
    if (load_parsed(path, parse_wintab, &c->wintab))
        return CLI_EXIT_DATA;
    c->have_wintab = 1;
    return CLI_EXIT_OK;
}

int skc_load_wintab(skc_ctx *c, const skc_opts *o)
{
    if (!o->sim.on && !o->play.selfplay)
        return CLI_EXIT_OK;
    return load_wintab(c, o->sim.wintab, o->lang);
}

/* --players A,B: usage errors for unknown players; an equity:TABLE player's
 * own table loaded; *need_default when a player needs the default table. */
static int load_players(skc_ctx *c, int *need_default)
{
    const skc_opts *o = c->o;
    const char *pl = o->play.players ? o->play.players : "equity,score";
    const char *comma = strchr(pl, ',');
    if (!comma || strchr(comma + 1, ','))
        cli_usage_error("--players needs two players: A,B (score, equity or equity:TABLE)");
    for (int k = 0; k < 2; k++) {
        const char *s = k ? comma + 1 : pl;
        size_t n = k ? strlen(s) : (size_t)(comma - pl);
        if ((n == 6 && strncmp(s, "equity", 6) == 0) || (n == 3 && strncmp(s, "sim", 3) == 0) ||
            (n == 7 && strncmp(s, "endgame", 7) == 0))
            *need_default = 1;
        else if (o->play.best[k] > 0)   /* best[:SECONDS], its clock read with the options */
            *need_default = 1;
        else if (n > 7 && strncmp(s, "equity:", 7) == 0) {
            char file[4096];
            snprintf(file, sizeof file, "%.*s", (int)(n - 7), s + 7);
            int rc = load_leaves(c->e, o->lang, file, &c->pleaves[k]);
            if (rc)
                return rc;
        } else if (!(n == 5 && strncmp(s, "score", 5) == 0))
            cli_usage_error("unknown player '%.*s' (score, equity, equity:TABLE, sim, endgame, best or best:SECONDS)",
                            (int)n, s);
    }
    return CLI_EXIT_OK;
}

int skc_load_leaves(skc_ctx *c)
{
    int need_default = 0;
    if (c->o->play.selfplay) {
        int rc = load_players(c, &need_default);
        if (rc)
            return rc;
    }
    const char *arg = c->o->play.leaves;
    if (!arg && (need_default || c->o->eg.best))
        arg = "default";
    if (!arg)
        return CLI_EXIT_OK;
    return load_leaves(c->e, c->o->lang, arg, &c->leaves);
}

int skc_searches(const skc_opts *o) { return o->top > 0 || o->play.selfplay > 0 || o->play.gcg || o->sim.on; }

int skc_load(skc_ctx *c, const skc_opts *o)
{
    double t0 = cli_now();
    c->o = o;
    c->d = cli_load_dictionary(o->dict, o->lexicon, o->lang, &c->dict_used);
    if (!c->d)
        return CLI_EXIT_DATA;
    sk_tileset ts;
    sk_layout lay;
    tk_error err = {0};
    if (load_tiles(o, dawg_alphabet(c->d), &ts) || load_layout(o, &lay))
        return CLI_EXIT_DATA;
    if (sk_engine_create(&c->e, c->d, &ts, &lay, &err)) {
        cli_error(NULL, 0, "%s", err.msg);
        return CLI_EXIT_DATA;
    }
    if (o->rack) {
        if (sk_rack_parse(&c->rack, c->e, o->rack, strlen(o->rack), &err)) {
            char q[64];
            cli_error(NULL, 0, "--rack %s: %s", alpha_quote(o->rack, strlen(o->rack), 40, q, sizeof q), err.msg);
            return CLI_EXIT_DATA;
        }
        c->have_rack = 1;
    }
    skx_defaults lexdef = { c->e, o->lang, o->tiles, o->dict || o->lexicon, o->lang_set || o->tiles,
                            skc_searches(o) };
    c->lex = skx_cache_create(&lexdef);
    if (!c->lex) {
        cli_error(NULL, 0, "out of memory");
        return CLI_EXIT_DATA;
    }
    if (o->verbose)
        say_loaded(c, &ts, &lay, cli_now() - t0);
    return 0;
}

void skc_unload(skc_ctx *c)
{
    sk_leaves_destroy(c->leaves);
    for (int k = 0; k < 2; k++)
        sk_leaves_destroy(c->pleaves[k]);
    c->leaves = c->pleaves[0] = c->pleaves[1] = NULL;
    skx_cache_destroy(c->lex);
    c->lex = NULL;
    sk_engine_destroy(c->e);
    dawg_destroy(c->d);
    c->e = NULL;
    c->d = NULL;
}
