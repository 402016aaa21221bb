/* tilekit/tilekit.h - the whole public API in one include.
 *
 *   #include <tilekit/tilekit.h>
 *
 * Naming: one prefix per module (tk_ status and errors, alpha_ alphabets,
 * dawg_ the word graph, sk_ Scrabble, mj_ mahjong, bog_ Boggle, fmt_ the
 * formatters' buffer and JSON writer, html_ the HTML and SVG kit, skf_ the
 * Scrabble formatters); public
 * types are lower case with their module's prefix (dawg_graph, alpha_table,
 * sk_engine, mj_ctx, bog_grid).  Shapes: an object is made by
 * `int x_create(x **out, ..., tk_error *err)` and freed by x_destroy(x)
 * (NULL allowed); a function's first argument is the object its name is
 * about (the one it fills, for a parser); contexts follow, then outputs,
 * then the tk_error record.  Fallible functions return 0 or a negative
 * TK_E* status and never return a value that could be read as one (results
 * that may be negative come through an out-parameter).  See tilekit(3).
 */
#ifndef TILEKIT_TILEKIT_H
#define TILEKIT_TILEKIT_H

#include "tilekit/common.h"
#include "tilekit/alphabet.h"
#include "tilekit/dawg.h"
#include "tilekit/dawg_view.h"
#include "tilekit/datapath.h"
#include "tilekit/wordq.h"
#include "tilekit/skrafl.h"
#include "tilekit/skwindex.h"
#include "tilekit/skgame.h"
#include "tilekit/sksim.h"
#include "tilekit/skendgame.h"
#include "tilekit/skreview.h"
#include "tilekit/mahjong.h"
#include "tilekit/mjev.h"
#include "tilekit/mjlog.h"
#include "tilekit/mjdanger.h"
#include "tilekit/mjreview.h"
#include "tilekit/boggle.h"
#include "tilekit/fmt.h"
#include "tilekit/html.h"
#include "tilekit/skfmt.h"
#include "tilekit/mjfmt.h"

#endif
