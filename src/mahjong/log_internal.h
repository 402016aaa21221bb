/* log_internal.h - shared by the game-record readers (log.c, log_xml.c,
 * log_json.c): building a log round by round. */
#ifndef TILEKIT_MJ_LOG_INTERNAL_H
#define TILEKIT_MJ_LOG_INTERNAL_H

#include "tilekit/mjlog.h"

/* Append a new empty round (events array allocated); NULL + err on failure. */
mj_log_round *tki_log_round(mj_log *log, tk_error *err);
/* Append event e to round r; 0 or TK_ELIMIT / TK_ENOMEM. */
int tki_log_event(mj_log_round *r, const mj_log_event *e, tk_error *err);
/* Replay every round of log to check it; errors "round R, event N: ..."
 * with the line and column of the event (from its pos) in text.  With
 * MJ_LOG_KEEP_INCONSISTENT in flags an event that does not fit is kept in
 * log->issues instead (see mjlog.h). */
int tki_log_check(mj_log *log, const char *text, size_t len, unsigned flags, tk_error *err);
/* Line and column (1-based) of byte offset pos in text. */
void tki_log_where(const char *text, size_t len, size_t pos, long *line, long *col);

/* Inflate a gzip file image (log_gzip.c) into a new buffer (*out, malloc'd,
 * *out_len bytes, at most MJ_LOG_MAX_BYTES); 0 or TK_EFORMAT / TK_ELIMIT /
 * TK_ENOMEM. */
int tki_log_gunzip(const char *text, size_t len, char **out, size_t *out_len, tk_error *err);

/* A tenhou.net/6 win's text (log_win_text.c): its points ("30符1飜1000点",
 * "満貫2000-4000点", Mahjong Soul's English "Mangan 8000点") into w's fu,
 * limit and points; a yaku ("立直(1飜)", "Riichi(1飜)", "役牌:自風牌(1飜)")
 * added to w (a wind named without its wind: seat_wind, round_wind, 0 East
 * .. 3 North; a yaku of 0 han left out).  0, or -1 when s reads otherwise. */
int tki_log_win_points(const char *s, mj_log_win *w);
int tki_log_win_yaku(const char *s, int seat_wind, int round_wind, mj_log_win *w);

int tki_log_parse_xml(const char *text, size_t len, mj_log *log, tk_error *err);
int tki_log_parse_json(const char *text, size_t len, mj_log *log, tk_error *err);

#endif
