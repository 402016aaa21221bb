/* cli_limits.h - the limits every tilekit front-end shares, and the one
 * parser of numeric option values.
 *
 * Every reader stops at a documented size with a located error ("prog:
 * file:line: line longer than N bytes", "prog: file: larger than N bytes"):
 *   CLI_LINE_MAX      one input line / record (batch lines, boards, hands,
 *                     CGP positions, word-list lines): 4 MiB + the line end
 *   CLI_FILE_MAX      one whole data file read into memory (a board, a
 *                     layout, a tile set, an alphabet, a leave table, a
 *                     word list to build a dictionary from): 256 MiB
 *   CLI_JOBS_MAX      threads (--jobs), from cli.h: 1024; each thread keeps
 *                     at most one record's working memory, so --jobs N
 *                     costs N times a bounded amount, whatever the input
 *   CLI_FIRST_LINE_MAX --first-line: 10^15, so a line number never
 *                     overflows and stays exact in JSON (doubles)
 *   CLI_SECONDS_MAX   a duration option (--seconds): 10^9 s
 * Numeric option values: an integer is an optional '-' and decimal digits
 * only (no blanks, no '+', no 0x, no exponent), in the option's documented
 * range; a real (durations) is a decimal number with an optional exponent
 * ("1.5", "1e9"), finite and in range.  Anything else, or out of range, is
 * a usage error (exit 2) naming the option, the value (shown safely) and
 * the range.
 */
#ifndef TILEKIT_CLI_LIMITS_H
#define TILEKIT_CLI_LIMITS_H

#include <stddef.h>
#include <stdint.h>

#define CLI_LINE_MAX       ((size_t)4 << 20)
#define CLI_LINE_MAX_TEXT  "4194304"            /* for messages */
#define CLI_FILE_MAX       ((size_t)256 << 20)
#define CLI_FILE_MAX_TEXT  "268435456"
#define CLI_FIRST_LINE_MAX 1000000000000000L
#define CLI_SECONDS_MAX    1e9
/* Answers one query may hold in memory (wordq; --count counts without
 * holding any, --limit N stops at N in alphabetical order): 10 million */
#define CLI_ANSWERS_MAX    10000000L
#define CLI_ANSWERS_MAX_TEXT "10000000"

/* An unsigned 64-bit option value in lo..hi (a seed: 0..UINT64_MAX). */
uint64_t cli_parse_u64(const char *opt, const char *s, uint64_t lo, uint64_t hi);
/* A real option value in lo..hi (lo excluded when lo_open: "a positive number"). */
double cli_parse_real(const char *opt, const char *s, double lo, int lo_open, double hi);
/* 1 if s is an optional '-' and 1..19 decimal digits (cli_parse_long's syntax). */
int cli_is_integer(const char *s);

#endif
