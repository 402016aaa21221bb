/* cli_json.h - the one JSON writer of the tilekit front-ends.
 *
 * Writes into a cli_buf (see cli_batch.h), so a batch record's JSON goes to
 * its own buffer.  Strings are always valid, strict JSON: '"' and '\' are
 * escaped, every control character (U+0000..U+001F and U+007F) is written as
 * \u00XX (never \n or \t: one form for all), and bytes that are not valid
 * UTF-8 are replaced by \ufffd; valid UTF-8 is copied as it is.  Commas and
 * colons are placed by the writer:
 *
 *     cli_json j;
 *     cli_json_begin(&j, out);            // one object a line
 *     cli_json_key(&j, "line"); cli_json_int(&j, rec->line);
 *     cli_json_key(&j, "words"); cli_json_array(&j);
 *     cli_json_str(&j, "cat"); cli_json_str(&j, "act");
 *     cli_json_close(&j);                 // ]
 *     cli_json_end(&j);                   // } and "\n"
 *
 * gives {"line":3,"words":["cat","act"]}.  Nesting is limited to 30 levels
 * (deeper opens are ignored; the tools need 4).
 */
#ifndef TILEKIT_CLI_JSON_H
#define TILEKIT_CLI_JSON_H

#include <stddef.h>

#include "cli/cli_batch.h"

#define CLI_JSON_DEPTH 30

typedef struct cli_json {
    cli_buf *b;
    int depth;
    int after_key;
    unsigned char comma[CLI_JSON_DEPTH + 1];
    char close[CLI_JSON_DEPTH + 1];
} cli_json;

/* Start a line with '{' (cli_json_end closes it and adds "\n"). */
void cli_json_begin(cli_json *j, cli_buf *b);
void cli_json_end(cli_json *j);

void cli_json_key(cli_json *j, const char *key);
void cli_json_object(cli_json *j);      /* { ... cli_json_close */
void cli_json_array(cli_json *j);       /* [ ... cli_json_close */
void cli_json_close(cli_json *j);
void cli_json_str(cli_json *j, const char *s);
void cli_json_strn(cli_json *j, const char *s, size_t n);
void cli_json_int(cli_json *j, long long v);
void cli_json_uint(cli_json *j, unsigned long long v);
void cli_json_bool(cli_json *j, int v);
void cli_json_null(cli_json *j);
/* A value already in JSON (a number formatted by the caller...). */
void cli_json_raw(cli_json *j, const char *json);

/* Key and value in one call. */
void cli_json_kstr(cli_json *j, const char *key, const char *s);
void cli_json_kint(cli_json *j, const char *key, long long v);

/* The quoted string alone (the escaping above), for callers without a writer. */
void cli_json_quote(cli_buf *b, const char *s, size_t n);

#endif
