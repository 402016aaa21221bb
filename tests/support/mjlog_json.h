/* mjlog_json.h - a parsed game written back as tenhou.net/6 JSON, for the
 * oracle of the JSON reader: a game generated as .mjlog XML (mjlog_gen.h)
 * and parsed, written here and parsed again, must give the same events.
 *
 * The writer follows the format as Tenhou's viewer reads it (per seat the
 * hand dealt, the tiles taken: draws and calls, the tiles given: discards,
 * 60 for the tile just drawn, "r" for riichi, kans, 0 after an open kan)
 * and shares no code with src/mahjong.  Rounds that end in a win are not
 * written (the generator makes none); a round ends in "流局". */
#ifndef TILEKIT_MJLOG_JSON_H
#define TILEKIT_MJLOG_JSON_H

struct mj_log;

/* The game as a malloc'd NUL-terminated JSON text (abort on no memory). */
char *mjlog_json_write(const struct mj_log *log);

#endif
