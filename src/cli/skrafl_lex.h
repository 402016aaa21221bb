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

#endif
