/* cli_json.h - the front-ends' name for the one JSON writer, fmt_json of
 * tilekit/fmt.h (the formatting wing; contract there): writes into a
 * cli_buf (= fmt_buf), so a batch record's JSON goes to its own buffer. */
#ifndef TILEKIT_CLI_JSON_H
#define TILEKIT_CLI_JSON_H

#include "cli/cli_batch.h"
#include "tilekit/fmt.h"

#define CLI_JSON_DEPTH FMT_JSON_DEPTH
#define cli_json fmt_json          /* a macro: `struct cli_json` names it too */

#define cli_json_begin fmt_json_begin
#define cli_json_resume fmt_json_resume
#define cli_json_end fmt_json_end
#define cli_json_key fmt_json_key
#define cli_json_object fmt_json_object
#define cli_json_array fmt_json_array
#define cli_json_close fmt_json_close
#define cli_json_str fmt_json_str
#define cli_json_strn fmt_json_strn
#define cli_json_int fmt_json_int
#define cli_json_uint fmt_json_uint
#define cli_json_bool fmt_json_bool
#define cli_json_null fmt_json_null
#define cli_json_raw fmt_json_raw
#define cli_json_kstr fmt_json_kstr
#define cli_json_kint fmt_json_kint
#define cli_json_kbool fmt_json_kbool
#define cli_json_quote fmt_json_quote

#endif
