/* skrafl_load.c - what skrafl loads before the first position: the
 * dictionary (cli_load_dictionary: --dict or --lexicon), the tile set (--tiles, or the language's,
 * else built in), the layout (standard, explo, or a file), the engine made
 * of them, and the --rack.  Every failure is reported here, once. */
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

int skc_load(skc_ctx *c, const skc_opts *o)
{
    double t0 = cli_now();
    memset(c, 0, sizeof *c);
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
    skx_defaults lexdef = { c->e, o->lang, o->tiles, o->dict || o->lexicon, o->lang_set || o->tiles };
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
    skx_cache_destroy(c->lex);
    c->lex = NULL;
    sk_engine_destroy(c->e);
    dawg_destroy(c->d);
    c->e = NULL;
    c->d = NULL;
}
