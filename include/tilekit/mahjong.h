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
 *   tables filled lazily on first use (3.6 MB, zeroed pages
 *   touched on demand).  A context must not be used by two threads at once;
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

/* Shanten of closed counts (13-3k or 14-3k tiles, each count <= 4) with k
 * melds (0..4); the irregular forms are tried only when k == 0.  Sets
 * *shanten to -1 (complete) .. 8 and returns 0, or returns TK_EINVAL (bad
 * tile count; *shanten unchanged, err filled). */
int mj_shanten_counts(mj_ctx *ctx, const uint8_t count[MJ_TILES], int n_melds, int *shanten, tk_error *err);
int mj_shanten(mj_ctx *ctx, const mj_hand *h, int *shanten, tk_error *err);

/* Wait tiles of a 13-3k tile hand as a bit mask (bit t = tile t); *dead
 * (if not NULL) gets the shape waits held 4 times.  0 for a noten hand or
 * a hand of any other size. */
uint64_t mj_waits(mj_ctx *ctx, const mj_hand *h, uint64_t *dead);

/* Whole analysis of a parsed hand into *out (caller-owned, large: keep it
 * around rather than on a small stack).  13-3k tiles: waits and (unless
 * MJ_WAITS_ONLY) every reading of each wait.  14-3k tiles: complete -> every
 * decomposition; otherwise each discard keeping the best shanten with its
 * accepted tiles and ukeire (unseen = 4 - held in the 14 tiles and melds),
 * best first.  Returns 0, or TK_EINVAL / TK_ELIMIT with err filled. */
int mj_analyze(mj_ctx *ctx, const mj_hand *h, unsigned flags, mj_result *out, tk_error *err);

#ifdef __cplusplus
}
#endif
#endif
