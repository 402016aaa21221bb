/* tilekit/datapath.h - where tilekit finds its data files and dictionaries.
 *
 * One implementation of the data path for every front-end and library user.
 * The search order (first match wins):
 *
 *   1. each directory of $TILEKIT_DATA (colon-separated), in order;
 *   2. the user's data directory: $XDG_DATA_HOME/tilekit, else
 *      $HOME/.local/share/tilekit (where `mkdawg --install` puts lexicons);
 *   3. the installation beside the running program: <exe dir>/../share/tilekit;
 *   4. the build tree, for running from a checkout: <exe dir>/../build and
 *      <exe dir>/../data;
 *   5. the compiled-in installation directory (TILEKIT_DATADIR).
 *
 * Files are named relative to a data directory: "dict/en.dawg",
 * "words/en.txt", "tiles/en.txt", "layouts/standard.txt", "alphabets/is.txt".
 * A lexicon NAME is the file dict/NAME.dawg; a language's default dictionary
 * is dict/LANG.dawg, else words/LANG.txt.
 *
 * Nothing here allocates, prints or exits; the path is read from the
 * environment when tk_datapath_init is called (not thread-safe against a
 * concurrent setenv, like getenv itself).
 */
#ifndef TILEKIT_DATAPATH_H
#define TILEKIT_DATAPATH_H

#include <stddef.h>

#include "tilekit/common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TK_DATAPATH_MAX_DIRS 16
#define TK_DATAPATH_DIR_MAX  1024   /* bytes of one directory name, NUL included */

typedef struct tk_datapath {
    int n;                                        /* directories, in search order */
    char dir[TK_DATAPATH_MAX_DIRS][TK_DATAPATH_DIR_MAX];
} tk_datapath;

/* Fill the search path as described above (directories that do not exist
 * are kept: they are part of "where it looked"). */
void tk_datapath_init(tk_datapath *p);

/* Find `rel` in the path: TK_OK with its path in out, else TK_ENOTFOUND
 * ("no dict/X.dawg in the data path (N directories)"; see
 * tk_datapath_tried for the list) or TK_ELIMIT (out too small). */
int tk_data_find(const tk_datapath *p, const char *rel, char *out, size_t cap, tk_error *err);

/* Write every path tried for `rel`, one per line ("DIR/REL\n"), into out
 * (NUL-terminated, cut if cap is short); returns the length it needs. */
size_t tk_datapath_tried(const tk_datapath *p, const char *rel, char *out, size_t cap);

/* The user's data directory ($XDG_DATA_HOME/tilekit or
 * $HOME/.local/share/tilekit): TK_OK, or TK_ENOTFOUND when neither
 * variable is set (to an absolute path). */
int tk_data_user_dir(char *out, size_t cap, tk_error *err);

/* Is `name` acceptable as a lexicon name: 1..64 characters of A-Z a-z 0-9
 * '_' '-' '.', not starting with '.' ("CSW21", "NWL2023", "en-enable2k")? */
int tk_lexicon_name_ok(const char *name);

/* The file of lexicon `name`: dict/NAME.dawg in the path.  TK_EINVAL for a
 * bad name, TK_ENOTFOUND if absent. */
int tk_lexicon_find(const tk_datapath *p, const char *name, char *out, size_t cap, tk_error *err);

/* A language's default dictionary: dict/LANG.dawg, else words/LANG.txt. */
int tk_dict_default(const tk_datapath *p, const char *lang, char *out, size_t cap, tk_error *err);

#ifdef __cplusplus
}
#endif
#endif
