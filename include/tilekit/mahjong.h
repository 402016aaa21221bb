/* tilekit/mahjong.h - riichi mahjong hands: parsing, waits with every
 * reading, shanten, and the discard/ukeire table of a 14-tile hand.
 *
 * Tiles are indices 0..33: 0-8 = 1m..9m, 9-17 = 1p..9p, 18-26 = 1s..9s,
 * 27-33 = 1z..7z (east south west north white green red).  Text uses the
 * mpsz notation of GUIDE.md section 5: digits before their suit letter
 * ("123m456p789s1122z", "1m2m3m", suits in any order), 0m/0p/0s for red
 * fives, open melds in [...] ("[789s]" chi, "[555z]" pon, "[5555z]" open
 * kan) and closed kans in (...) ("(1111m)"), separated by blanks.
 *
 * Contract
 * - mj_parse() fills a caller-owned mj_hand; it never allocates.  Errors
 *   (TK_EFORMAT, message in err with the 1-based column): bad characters,
 *   upper-case suits, 0z/8z/9z, digits without a suit letter, a suit letter
 *   without digits, a meld that is not a sequence/triplet/quad of one suit,
 *   a closed (...) meld that is not a quad, more than 4 melds, more than 4
 *   copies of a tile (closed part + melds, red fives counted as fives), two
 *   red fives of one suit, and a closed tile count other than 13 - 3 x melds
 *   (a waiting hand) or 14 - 3 x melds (a hand after its draw).
 * - Red fives are fives for every shape purpose; waits, blocks and shapes
 *   are reported as plain tiles (5m).  They are kept in the hand only so
 *   that mj_hand_format() can echo them.
 * - A tile held 4 times in the closed part and the melds together is never
 *   a wait (there is no fifth copy).  Such tiles are reported separately as
 *   "dead" waits; a hand whose only shape waits are dead is noten (karaten).
 * - Shanten follows the Tenhou convention: it is the least number of tile
 *   exchanges, minus one, that turn the closed part into a complete hand
 *   (4 - melds blocks + a pair, or seven different pairs, or thirteen
 *   orphans; the last two only without melds) in which no tile appears more
 *   than 4 times.  So a tile held 4 times cannot be waited on:
 *   1111m234p567p789s is 1-shanten.  Melds are not counted (closed part
 *   only).  -1 = complete 14-tile hand, 0 = tenpai.  Seven pairs and thirteen
 *   orphans are not counted for a hand with melds (they cannot be made).
 * - All analysis goes through an mj_ctx, a per-thread cache of per-suit
 *   tables filled lazily on first use (3.6 MB, and 0.4 MB for a cache of
 *   their products; zeroed pages touched on demand).  A context must not be used by two threads at once;
 *   create one per thread.  No function allocates per hand.
 * - Limits: MJ_MAX_READINGS readings per result (no hand comes near it: the
 *   most for a 13-tile one-suit hand is 20; TK_ELIMIT if ever exceeded).
 */
#ifndef TILEKIT_MAHJONG_H
#define TILEKIT_MAHJONG_H

#include <stddef.h>
#include <stdint.h>

#include "tilekit/common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MJ_TILES        34
#define MJ_MAX_MELDS    4
#define MJ_MAX_READINGS 512
#define MJ_HAND_TEXT    96   /* enough for mj_hand_format() of any hand */

/* Meld types. */
enum { MJ_CHI, MJ_PON, MJ_KAN, MJ_ANKAN };

typedef struct mj_meld {
    uint8_t type;   /* MJ_CHI .. MJ_ANKAN */
    uint8_t tile;   /* lowest tile of the meld */
    uint8_t red;    /* number of red fives written in it (0 or 1) */
} mj_meld;

typedef struct mj_hand {
    uint8_t count[MJ_TILES];  /* closed part; red fives counted as fives */
    uint8_t red[3];           /* 1 if the closed part holds the red 5m/5p/5s */
    uint8_t n_tiles;          /* closed tiles: 13 - 3k or 14 - 3k */
    uint8_t n_melds;          /* k */
    mj_meld melds[MJ_MAX_MELDS];
    int8_t last;              /* last closed tile written (-1 none): the default winning tile */
    uint8_t last_red;         /* 1 if it was written as a red five (0m) */
} mj_hand;

/* Block types of a reading. */
enum { MJ_SEQ, MJ_TRIPLET, MJ_PAIR };

/* Wait kinds; MJ_COMPLETE marks a decomposition of a complete 14-tile hand. */
enum {
    MJ_RYANMEN, MJ_KANCHAN, MJ_PENCHAN, MJ_TANKI, MJ_SHANPON,
    MJ_CHIITOI, MJ_KOKUSHI, MJ_KOKUSHI13, MJ_COMPLETE
};

typedef struct mj_block {
    uint8_t type;   /* MJ_SEQ, MJ_TRIPLET or MJ_PAIR */
    uint8_t tile;   /* lowest tile */
} mj_block;

/* One reading of a wait (or one decomposition of a complete hand).
 * - regular waits: blocks = the complete closed blocks (melds left out),
 *   pair = the pair tile or -1 (tanki), shape = the waiting shape (1 tile for
 *   tanki, 2 for the others), kind = MJ_RYANMEN .. MJ_SHANPON.
 * - MJ_CHIITOI: blocks = the six pairs, pair = -1, shape = the single tile.
 * - MJ_KOKUSHI (thirteen orphans, single wait): pair = the paired orphan,
 *   shape = the eleven orphans held once (the wait is the missing one);
 *   MJ_KOKUSHI13 (13-sided): pair = -1, shape = the thirteen orphans.
 * - MJ_COMPLETE (14 tiles): blocks + pair, or seven MJ_PAIR blocks; a
 *   complete thirteen-orphans hand has kind MJ_KOKUSHI, pair = the paired
 *   orphan and shape = the twelve other orphans.
 * So for every reading, blocks + pair + shape are exactly the closed tiles
 * of the hand (13 - 3k, or 14 - 3k for a complete hand), in one
 * representation whatever the kind: text and JSON print the same fields. 
 * Blocks are sorted by (tile, type).  The readings of one wait (and the
 * decompositions of a complete hand) come in a fixed order: by kind in the
 * enum order (regular decompositions first), then blocks, pair, shape. */
#define MJ_SHAPE_MAX 13   /* tiles of the longest shape (thirteen orphans) */

typedef struct mj_reading {
    uint8_t kind;
    uint8_t n_blocks;
    uint8_t shape_len;
    int8_t pair;
    uint8_t shape[MJ_SHAPE_MAX];   /* sorted by tile */
    mj_block blocks[7];
} mj_reading;

typedef struct mj_wait {
    uint8_t tile;
    uint16_t first;      /* index of its first reading in mj_result.readings */
    uint16_t n;          /* number of readings (0 with MJ_WAITS_ONLY) */
} mj_wait;

typedef struct mj_discard {
    uint8_t tile;        /* tile to discard (plain) */
    int8_t shanten;      /* shanten after the discard */
    uint64_t accept;     /* bit t: drawing t lowers the shanten */
    int ukeire;          /* unseen copies of the accepted tiles */
} mj_discard;

/* Flags of mj_analyze(). */
#define MJ_WAITS_ONLY  1u   /* waits, no readings (fast path) */
#define MJ_NO_SHANTEN  2u   /* 13-tile hands: skip shanten (result.shanten = 0 if
                               * there is a live wait, else 99) */

typedef struct mj_result {
    int n_tiles;            /* closed tiles of the hand analysed */
    int is14;               /* 1 for a hand after its draw (14 - 3k tiles) */
    int shanten;            /* -1 complete, 0 tenpai, ... */
    int complete;           /* 14-tile hand already complete */
    uint64_t wait_mask;     /* bit t set: t is a wait */
    uint64_t dead_mask;     /* shape waits on tiles held 4 times (13-tile) */
    int n_waits;
    mj_wait waits[MJ_TILES];           /* tile order */
    int n_readings;
    mj_reading readings[MJ_MAX_READINGS];  /* per wait, or decompositions of a complete hand */
    int n_discards;                    /* 14-tile, not complete */
    mj_discard discards[MJ_TILES];     /* best first: ukeire desc, then tile */
} mj_result;

/* ---- tiles and text ---- */
/* "1m".."9m", "1p".., "1s".., "1z".."7z"; out gets 3 bytes incl. NUL. */
void mj_tile_name(int tile, char out[3]);
/* Parse one tile name ("5m", "0p" is read as 5p); returns the index or -1. */
int mj_tile_parse(const char *s);
/* Parse one hand line (len bytes, need not be NUL-terminated) into *h. */
int mj_parse(mj_hand *h, const char *text, size_t len, tk_error *err);
/* Canonical text of a hand: "123m0p55p789s11z [789s] (1111m)". Returns the
 * length written (truncated to cap-1, always NUL-terminated if cap > 0). */
size_t mj_hand_format(const mj_hand *h, char *buf, size_t cap);
/* Text of a block ("123m", "555z", "77z") or of tiles of one shape
 * ("23m", "5m"); returns the length. */
size_t mj_block_text(const mj_block *b, char *buf, size_t cap);
size_t mj_shape_text(const uint8_t *tiles, int n, char *buf, size_t cap);
/* Text of a meld as in a hand: "[789s]", "[505p]" (red five kept), "(1111m)"
 * for a closed kan; returns the length. */
size_t mj_meld_text(const mj_meld *m, char *buf, size_t cap);
/* Name of a kind: "ryanmen", ..., "chiitoi", "kokushi", "kokushi13", "complete". */
const char *mj_kind_name(int kind);
/* Closed counts plus meld tiles. */
void mj_hand_totals(const mj_hand *h, uint8_t total[MJ_TILES]);

/* ---- analysis ---- */
typedef struct mj_ctx mj_ctx;
/* *out = a new context; TK_ENOMEM (and *out = NULL) when out of memory.
 * mj_ctx_destroy(NULL) is safe. */
int mj_ctx_create(mj_ctx **out, tk_error *err);
void mj_ctx_destroy(mj_ctx *ctx);
/* The cache filled for every state (seconds of work: tools/mkmjtable does it
 * once), saved to a file and loaded back (3.6 MB, mapped copy-on-write and
 * checksummed; the format is little-endian).  A context that failed to load stays empty and fills
 * lazily as before.  Returns 0 or TK_EIO / TK_EFORMAT / TK_EVERSION /
 * TK_ECHECKSUM / TK_EINVAL with err filled. */
void mj_ctx_fill_all(mj_ctx *ctx);
int mj_ctx_save(const mj_ctx *ctx, const char *path, tk_error *err);
int mj_ctx_load(mj_ctx *ctx, const char *path, tk_error *err);

/* Shanten of closed counts (13-3k or 14-3k tiles, each count <= 4) with k
 * melds (0..4); the irregular forms are tried only when k == 0.  Sets
 * *shanten to -1 (complete) .. 8 and returns 0, or returns TK_EINVAL (bad
 * tile count; *shanten unchanged, err filled). */
int mj_shanten_counts(mj_ctx *ctx, const uint8_t count[MJ_TILES], int n_melds, int *shanten, tk_error *err);
int mj_shanten(mj_ctx *ctx, const mj_hand *h, int *shanten, tk_error *err);
/* Shanten straight from text written as digits and suit letters only
 * ("123m456p789s1122z", 13 or 14 tiles, red fives as 0): -1 (complete) .. 8,
 * or TK_EFORMAT for anything else (blanks, melds, words, bad hands): parse
 * those in full. */
int mj_shanten_quick(mj_ctx *ctx, const char *s, size_t len);

/* Tiles that lower the shanten of a 13 - 3k tile hand (for a tenpai hand:
 * its waits), as a mask, and *total = the sum of unseen[t] over them
 * (unseen NULL: 4 - copies held).  Returns the shanten or TK_EINVAL. */
int mj_ukeire(mj_ctx *ctx, const mj_hand *h, const uint8_t unseen[MJ_TILES], uint64_t *accept, int *total);

/* Wait tiles of a 13-3k tile hand as a bit mask (bit t = tile t); *dead
 * (if not NULL) gets the shape waits held 4 times.  0 for a noten hand or
 * a hand of any other size. */
uint64_t mj_waits(mj_ctx *ctx, const mj_hand *h, uint64_t *dead);
/* The same from compact text (digits and suit letters only, 13 tiles, no
 * melds): 0 with *waits (and *dead) filled, or TK_EFORMAT for anything
 * else (parse those in full and call mj_waits). */
int mj_waits_quick(mj_ctx *ctx, const char *s, size_t len, uint64_t *waits, uint64_t *dead);

/* Whole analysis of a parsed hand into *out (caller-owned, large: keep it
 * around rather than on a small stack).  13-3k tiles: waits and (unless
 * MJ_WAITS_ONLY) every reading of each wait.  14-3k tiles: complete -> every
 * decomposition; otherwise each discard keeping the best shanten with its
 * accepted tiles and ukeire (unseen = 4 - held in the 14 tiles and melds),
 * best first.  Returns 0, or TK_EINVAL / TK_ELIMIT with err filled. */
int mj_analyze(mj_ctx *ctx, const mj_hand *h, unsigned flags, mj_result *out, tk_error *err);


/* ---- scoring (score.c, yaku.c, fu.c, context.c) ----
 *
 * The rule set is that of ../shared/vectors/mjscore.md: open tanyao, red
 * fives (1 han each, in melds too), the four double yakuman (13-sided
 * orphans, four concealed triplets won on the pair, pure nine gates, big
 * four winds), yakuman adding up to 6x, kazoe yakuman at 13 han, no
 * kiriage mangan, a pair of a double wind 4 fu.  mj_rules flags switch the
 * common variants.  The best reading of the 14 tiles is scored: the most
 * yakuman, then the most han, then the most fu.  Dora, red fives and ura
 * dora are counted only on hands that have a yaku, never on yakuman hands.
 *
 * Contract
 * - mj_winctx_init() gives the defaults (ron, East round, South seat, the
 *   winning tile = the last closed tile written, no indicators).
 * - mj_winctx_word() applies one context word ("tsumo", "riichi",
 *   "round:S", "dora:3m7z", "win:0m", "honba:2", "seen:1m9p" ...); the
 *   line reader mj_parse_line() reads a hand followed (or interleaved) by
 *   such words.  Errors carry the 1-based column.  A repeated dora:, ura: or
 *   seen: word adds to the earlier ones ("dora:1s dora:3m" = "dora:1s3m"; at
 *   most MJ_MAX_INDICATORS indicators in all); in mj_parse_line the line's
 *   first such word replaces what the context held before (the defaults).
 * - mj_winctx_check() resolves the default winning tile and rejects
 *   impossible contexts with the reason (ippatsu without riichi, riichi with
 *   an open meld, rinshan without a kan or by ron, haitei by ron, houtei by
 *   tsumo, chankan by tsumo or on a tile the hand holds another copy of,
 *   tenhou/chiihou with a call, off/on the dealer seat or by ron, ura
 *   indicators without riichi, a fifth copy or a second red five counting
 *   the indicators and the seen tiles, ...).
 * - mj_score_hand() scores a 14 - 3k tile hand (winning tile included).  It
 *   never allocates and is re-entrant.  A hand that is not complete gets
 *   status MJ_SCORE_NOT_WINNING, a complete hand without a yaku
 *   MJ_SCORE_NO_YAKU (both return 0: they are results, not errors).
 */
#define MJ_MAX_INDICATORS 10
#define MJ_MAX_YAKU       24
#define MJ_MAX_FU_PARTS   12

/* Context flags (mj_winctx.flags). */
enum {
    MJ_WIN_TSUMO = 1u << 0, MJ_WIN_RIICHI = 1u << 1, MJ_WIN_DOUBLE_RIICHI = 1u << 2,
    MJ_WIN_IPPATSU = 1u << 3, MJ_WIN_HAITEI = 1u << 4, MJ_WIN_HOUTEI = 1u << 5,
    MJ_WIN_RINSHAN = 1u << 6, MJ_WIN_CHANKAN = 1u << 7, MJ_WIN_TENHOU = 1u << 8,
    MJ_WIN_CHIIHOU = 1u << 9,
    MJ_WIN_RON_SET = 1u << 15   /* "ron" or "tsumo" was written (so a default can be overridden) */
};

/* Rule variants (mj_winctx.rules); 0 = the default rule set. */
enum {
    MJ_RULE_NO_KUITAN = 1u << 0,        /* tanyao only for a closed hand */
    MJ_RULE_NO_AKA = 1u << 1,           /* red fives are plain fives */
    MJ_RULE_SINGLE_YAKUMAN = 1u << 2,   /* no double yakuman, no adding up: at most 1x */
    MJ_RULE_KIRIAGE = 1u << 3,          /* 4 han 30 fu and 3 han 60 fu are mangan */
    MJ_RULE_DOUBLE_WIND_2FU = 1u << 4,  /* a pair of the seat and round wind is 2 fu */
    MJ_RULE_NO_DOUBLE_YAKUMAN = 1u << 5 /* Tenhou: every yakuman is 1x (no double forms), several add up */
};

typedef struct mj_winctx {
    unsigned flags;            /* MJ_WIN_* */
    unsigned rules;            /* MJ_RULE_* */
    int8_t win;                /* winning tile 0..33; -1 = the hand's last closed tile */
    uint8_t win_red;           /* the winning tile is the red five */
    uint8_t round, seat;       /* winds 0..3 = E S W N; the dealer sits East */
    uint8_t n_dora, n_ura;     /* indicators (not the dora themselves) */
    uint8_t dora[MJ_MAX_INDICATORS], ura[MJ_MAX_INDICATORS];
    uint16_t dora_red, ura_red;   /* bit i: indicator i is a red five */
    uint8_t seen[MJ_TILES];    /* other visible tiles (discards, others' calls) */
    uint8_t seen_red[3];
    uint32_t honba, sticks;
    /* column of the word that set each flag (index = flag bit) and of
     * win: (16), dora: (17), ura: (18), seen: (19); 0 = given as an option */
    uint16_t col[20];
} mj_winctx;

/* Yaku ids: standard yaku, dora, then yakuman (mj_yaku_is_yakuman). */
enum {
    MJ_Y_MENZEN_TSUMO, MJ_Y_RIICHI, MJ_Y_DOUBLE_RIICHI, MJ_Y_IPPATSU, MJ_Y_CHANKAN,
    MJ_Y_RINSHAN, MJ_Y_HAITEI, MJ_Y_HOUTEI, MJ_Y_PINFU, MJ_Y_TANYAO, MJ_Y_IIPEIKO,
    MJ_Y_HAKU, MJ_Y_HATSU, MJ_Y_CHUN,
    MJ_Y_SEAT_E, MJ_Y_SEAT_S, MJ_Y_SEAT_W, MJ_Y_SEAT_N,
    MJ_Y_ROUND_E, MJ_Y_ROUND_S, MJ_Y_ROUND_W, MJ_Y_ROUND_N,
    MJ_Y_SANSHOKU, MJ_Y_ITTSU, MJ_Y_CHANTA, MJ_Y_JUNCHAN, MJ_Y_HONROUTOU, MJ_Y_TOITOI,
    MJ_Y_SANANKOU, MJ_Y_SANKANTSU, MJ_Y_DOUKOU, MJ_Y_CHIITOI, MJ_Y_SHOUSANGEN,
    MJ_Y_HONITSU, MJ_Y_RYANPEIKOU, MJ_Y_CHINITSU,
    MJ_Y_DORA, MJ_Y_AKA, MJ_Y_URA,
    MJ_Y_KOKUSHI, MJ_Y_KOKUSHI13, MJ_Y_SUUANKOU, MJ_Y_SUUANKOU_TANKI, MJ_Y_DAISANGEN,
    MJ_Y_SHOUSUUSHII, MJ_Y_DAISUUSHII, MJ_Y_TSUUIISOU, MJ_Y_CHINROUTOU, MJ_Y_RYUUIISOU,
    MJ_Y_CHUUREN, MJ_Y_CHUUREN9, MJ_Y_SUUKANTSU, MJ_Y_TENHOU, MJ_Y_CHIIHOU,
    MJ_Y_COUNT
};

enum { MJ_SCORE_OK, MJ_SCORE_NO_YAKU, MJ_SCORE_NOT_WINNING };
enum { MJ_LIMIT_NONE, MJ_LIMIT_MANGAN, MJ_LIMIT_HANEMAN, MJ_LIMIT_BAIMAN, MJ_LIMIT_SANBAIMAN,
       MJ_LIMIT_YAKUMAN };

/* Fu parts. */
enum {
    MJ_FU_BASE, MJ_FU_CLOSED_RON, MJ_FU_TSUMO, MJ_FU_WAIT, MJ_FU_SET, MJ_FU_PAIR,
    MJ_FU_OPEN_MIN, MJ_FU_CHIITOI
};

typedef struct mj_yaku { uint8_t id, han; } mj_yaku;

typedef struct mj_fu_part {
    uint8_t what;     /* MJ_FU_* */
    uint8_t fu;
    uint8_t tile;     /* set / pair tile */
    uint8_t set;      /* MJ_FU_SET: MJ_SEQ.. type of set: MJ_TRIPLET or 3 = quad; MJ_FU_WAIT: wait kind */
    uint8_t open;     /* MJ_FU_SET: open (called, or a triplet completed by ron) */
} mj_fu_part;

/* A set of the scored reading. */
enum { MJ_SET_SEQ, MJ_SET_TRIPLET, MJ_SET_QUAD };
typedef struct mj_set {
    uint8_t type;     /* MJ_SET_* */
    uint8_t tile;     /* lowest tile */
    uint8_t called;   /* a meld (chi, pon, open kan) */
    uint8_t closed_kan;
} mj_set;

typedef struct mj_score {
    int status;                 /* MJ_SCORE_* */
    int han;                    /* total han (13 x multiplier on yakuman hands) */
    int fu;                     /* rounded up to 10; 25 for seven pairs */
    int fu_raw;                 /* before rounding */
    int yakuman;                /* multiplier, 0 if none (kazoe too) */
    int limit;                  /* MJ_LIMIT_* */
    int dora, aka, ura;         /* counts (also on yakuman hands, where they do not score) */
    int n_yaku;
    mj_yaku yaku[MJ_MAX_YAKU];
    int n_fu;
    mj_fu_part fu_parts[MJ_MAX_FU_PARTS];
    int base;                   /* basic points */
    int dealer;
    int main, additional, total;   /* payments as in mjscore.md */
    int n_readings;             /* readings compared */
    /* the reading scored */
    int form;                   /* MJ_COMPLETE (sets + pair), MJ_CHIITOI or MJ_KOKUSHI */
    int wait;                   /* MJ_RYANMEN .. MJ_SHANPON, MJ_CHIITOI, MJ_KOKUSHI, MJ_KOKUSHI13 */
    int n_sets;
    mj_set sets[4];             /* melds first, then closed sets */
    int pair;                   /* pair tile, -1 for kokushi; chiitoi: see pairs */
    uint8_t pairs[7];
} mj_score;

/* Names of mjscore.md ("Menzen Tsumo", "Yakuhai (seat wind east)", ...). */
const char *mj_yaku_name(int id);
int mj_yaku_is_yakuman(int id);
/* "", "mangan", "haneman", "baiman", "sanbaiman", "yakuman". */
const char *mj_limit_name(int limit);

void mj_winctx_init(mj_winctx *w);
/* Apply one context word of len bytes; col = its column for messages. */
int mj_winctx_word(mj_winctx *w, const char *word, size_t len, long col, tk_error *err);
/* A line: hand (mpsz, suit groups may be spaced, melds) and context words
 * applied over *w (pre-filled with the defaults).  Returns 0 or TK_EFORMAT /
 * TK_ELIMIT (lines over 4,096 bytes). */
int mj_parse_line(const char *text, size_t len, mj_hand *h, mj_winctx *w, tk_error *err);
/* Parse tiles in mpsz ("3m7z", "0p", "" = none) into out[] (plain indices),
 * *red bit i for a red five; returns the count or a negative error. */
int mj_parse_tiles(const char *s, size_t len, uint8_t *out, int cap, uint16_t *red, long col, tk_error *err);
/* Validate the context against a hand of 14 - 3k tiles (is14 = 1) or a
 * waiting hand of 13 - 3k tiles (is14 = 0: ron/tsumo and the situational
 * words that need the winning tile are not checked); fills w->win. */
int mj_winctx_check(const mj_hand *h, mj_winctx *w, tk_error *err);
/* Unseen copies of each tile: 4 - hand - melds - indicators - seen (>= 0). */
void mj_unseen(const mj_hand *h, const mj_winctx *w, uint8_t unseen[MJ_TILES]);
/* The copy of tile t a waiting hand would draw: 0 plain, 1 the red five
 * (only when no plain copy is unseen and the red one is), -1 none unseen. */
int mj_wait_copy(const mj_hand *h, const mj_winctx *w, int t);

/* Score a complete hand (14 - 3k closed tiles with the winning tile w->win,
 * already checked with mj_winctx_check).  Returns 0 (see out->status) or
 * TK_EINVAL with err filled. */
int mj_score_hand(const mj_hand *h, const mj_winctx *w, mj_score *out, tk_error *err);
/* Score a 13 - 3k tile waiting hand won on tile t (red: the red copy), by
 * tsumo if tsumo != 0, else by ron; the other situational flags of w that
 * need the winning tile are ignored.  Returns 0 or an error. */
int mj_score_wait(const mj_hand *h, const mj_winctx *w, int t, int red, int tsumo, mj_score *out,
                  tk_error *err);

#ifdef __cplusplus
}
#endif
#endif
