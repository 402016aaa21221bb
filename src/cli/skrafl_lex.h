/* skrafl_lex.h - the engines of a skrafl batch whose CGP lines name their own
 * lexicon (`lex NAME;`) and letter distribution (`ld NAME;`).
 *
 * The command line's engine serves every line without those opcodes.  A line
 * that names another lexicon or distribution gets an engine built once (the
 * dictionary dict/NAME.dawg from the data path, the tile set of the
 * distribution's language, the command line's layout) and kept for the
 * other lines that name the same pair.  Command-line choices win: --dict or
 * --lexicon overrides `lex`, --lang or --tiles overrides `ld`, as --rack
 * overrides the CGP rack.  Unknown names are an error for that line (the
 * paths tried are printed once on stderr).  Thread-safe (one mutex).
 */
#ifndef TILEKIT_SKRAFL_LEX_H
#define TILEKIT_SKRAFL_LEX_H

#include <stddef.h>

#include "tilekit/skrafl.h"

typedef struct skx_cache skx_cache;

typedef struct skx_defaults {
    sk_engine *engine;        /* the command line's engine */
    const char *lang;         /* its language ("en") */
    const char *tiles;        /* --tiles FILE, or NULL */
    int keep_lex;             /* --dict or --lexicon given: ignore `lex` */
    int keep_ld;              /* --lang or --tiles given: ignore `ld` */
} skx_defaults;

/* NULL when out of memory. */
skx_cache *skx_cache_create(const skx_defaults *def);
void skx_cache_destroy(skx_cache *c);

/* The engine for one CGP line.  TK_OK with *e set (the default engine when
 * the line names nothing new), else an error in err. */
int skx_engine_for(skx_cache *c, const char *cgp, size_t len, sk_engine **e, tk_error *err);

/* The engine of the installed lexicon `name` (dict/NAME.dawg in the data
 * path; NAME as given, then in upper, then in lower case), with the default
 * language's tile set and the command line's layout, built once.  TK_OK
 * with *e set and the name found in found[0..cap); TK_ENOTFOUND quietly
 * when no such lexicon is installed; another error if it fails to load. */
int skx_engine_lexicon(skx_cache *c, const char *name, sk_engine **e, char *found, size_t cap, tk_error *err);

/* The first argument of CGP opcode `name` in the line ("lex CSW21;" ->
 * "CSW21"): 1 if present (out filled, cut to cap), 0 if not. */
int skx_cgp_opcode(const char *s, size_t len, const char *name, char *out, size_t cap);

/* The language code of a letter distribution name: english -> en,
 * icelandic -> is, hungarian -> hu; a code itself ("en") is kept. */
const char *skx_ld_lang(const char *ld);
/* Check a CGP line's opcodes: a damaged one (a byte other than a letter,
 * digit, '-' or '_'; lex or ld without a name) or a near miss of lex or ld
 * (Lex, lexx, le) is an error naming its column; any other unknown opcode
 * fills warn ("column N: unknown CGP opcode 'x' (ignored)"; "" if none). */
int skx_cgp_check(const char *s, size_t len, tk_error *err, char *warn, size_t wcap);

#endif
