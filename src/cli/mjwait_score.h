/* mjwait_score.h - mjwait's player's toolbox: --score (the value of a
 * complete hand, or of each wait of a waiting hand, by ron and by tsumo),
 * --shanten (one number a line), context words and their option defaults,
 * seen tiles and ukeire.  mjwait.c hands each line to mjs_line() when
 * mjs_active() says one of these modes is on. */
#ifndef TILEKIT_MJWAIT_SCORE_H
#define TILEKIT_MJWAIT_SCORE_H

#include <stddef.h>

#include "cli/cli_batch.h"
#include "tilekit/mahjong.h"

/* Option codes (getopt_long values) of the options below. */
enum {
    MJS_O_SCORE = 0x2000, MJS_O_SHANTEN, MJS_O_SEEN, MJS_O_ROUND, MJS_O_SEAT, MJS_O_DORA, MJS_O_URA,
    MJS_O_HONBA, MJS_O_STICKS, MJS_O_WORD, MJS_O_RULE
};

/* Entries for mjwait's getopt_long table. */
#define MJS_LONGOPTS \
    { "score", no_argument, NULL, MJS_O_SCORE }, \
    { "shanten", no_argument, NULL, MJS_O_SHANTEN }, \
    { "seen", required_argument, NULL, MJS_O_SEEN }, \
    { "round", required_argument, NULL, MJS_O_ROUND }, \
    { "seat", required_argument, NULL, MJS_O_SEAT }, \
    { "dora", required_argument, NULL, MJS_O_DORA }, \
    { "ura", required_argument, NULL, MJS_O_URA }, \
    { "honba", required_argument, NULL, MJS_O_HONBA }, \
    { "sticks", required_argument, NULL, MJS_O_STICKS }, \
    { "ron", no_argument, NULL, MJS_O_WORD }, \
    { "tsumo", no_argument, NULL, MJS_O_WORD }, \
    { "riichi", no_argument, NULL, MJS_O_WORD }, \
    { "double-riichi", no_argument, NULL, MJS_O_WORD }, \
    { "ippatsu", no_argument, NULL, MJS_O_WORD }, \
    { "haitei", no_argument, NULL, MJS_O_WORD }, \
    { "houtei", no_argument, NULL, MJS_O_WORD }, \
    { "rinshan", no_argument, NULL, MJS_O_WORD }, \
    { "chankan", no_argument, NULL, MJS_O_WORD }, \
    { "tenhou", no_argument, NULL, MJS_O_WORD }, \
    { "chiihou", no_argument, NULL, MJS_O_WORD }, \
    { "no-kuitan", no_argument, NULL, MJS_O_RULE }, \
    { "no-red", no_argument, NULL, MJS_O_RULE }, \
    { "single-yakuman", no_argument, NULL, MJS_O_RULE }, \
    { "kiriage", no_argument, NULL, MJS_O_RULE }, \
    { "double-wind-2fu", no_argument, NULL, MJS_O_RULE },

/* Handle option c (name = the long option's name); returns 1 if it was one
 * of ours (a bad value is a usage error: exits 2). */
int mjs_option(int c, const char *name, const char *arg, int json);
/* The context the options set (--round, --seat, --dora, --seen ...). */
const mj_winctx *mjs_defaults(void);
/* 1 when --score or --shanten is on (mjs_line then handles every line). */
int mjs_active(void);
/* --shanten without --json on a compact hand (digits and suit letters
 * only): its number appended to out and 1; 0 for anything else (mjs_line
 * then reads the line in full). */
int mjs_shanten_fast(mj_ctx *ctx, cli_buf *out, const char *line, size_t len, int json);
/* One hand line (comment and blanks already stripped, NUL-terminated; col0
 * = blanks stripped before it, added to error columns).
 * Appends the output to out; returns 0, or 1 for a bad line with the
 * message in msg (the JSON error object is already written). */
int mjs_line(mj_ctx *ctx, mj_result *res, cli_buf *out, const char *file, long lineno, const char *line,
             size_t len, int json, long col0, char *msg, size_t msgcap);
/* Default mode: read a line (hand + context words such as seen:TILES over
 * the option defaults), check it, and fill unseen[] (4 - hand, melds,
 * indicators and seen tiles; unseen may be NULL).  Returns 0 or an error. */
int mjs_parse(const char *line, size_t len, mj_hand *h, uint8_t unseen[MJ_TILES], tk_error *err);
/* Text ", ukeire 42 (11 kinds): 2m:4 ..." of a noten 13 - 3k tile hand,
 * and the JSON member "ukeire": {tiles: [[tile, unseen]...], kinds, total}
 * (the library's count, tilekit/mjfmt.h's forms). */
#include "cli/cli_json.h"
void mjs_text_ukeire(cli_buf *b, mj_ctx *ctx, const mj_hand *h, const uint8_t unseen[MJ_TILES]);
void mjs_jukeire(struct cli_json *j, mj_ctx *ctx, const mj_hand *h, const uint8_t unseen[MJ_TILES]);

/* Load the filled per-suit tables (mahjong/tables.bin from the data path)
 * into a new context; without the file the context fills itself lazily. */
void mjs_ctx_setup(mj_ctx *ctx);
/* A new context, set up so; NULL out of memory. */
mj_ctx *mjs_ctx_new(void);

/* --waits on a compact 13-tile hand (the common case of a batch): writes
 * the line mjwait would ("HAND: 1m 4m", "HAND: noten", or the JSON object)
 * and returns 1; 0 when the line needs the full path.  JSON objects start
 * with the file, line and hand, as every mjwait object does. */
int mjs_waits_fast(mj_ctx *ctx, cli_buf *out, const char *file, long lineno, const char *line, size_t len,
                   int json);

/* Help text of these options. */
const char *mjs_help(void);

#endif
