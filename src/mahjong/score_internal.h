/* score_internal.h - what score.c, yaku.c and fu.c share: the facts of a
 * hand computed once (hand_facts) and one reading of it (a division into
 * sets and a pair, plus where the winning tile sits). */
#ifndef TILEKIT_SCORE_INTERNAL_H
#define TILEKIT_SCORE_INTERNAL_H

#include "tilekit/mahjong.h"

typedef struct hand_facts {
    const mj_hand *h;
    const mj_winctx *w;
    uint8_t tot[MJ_TILES];     /* closed + melds (a quad counts 4) */
    int closed;                /* no called meld (closed kans allowed) */
    int tsumo;
    int win;
    int dealer;
    int seat_tile, round_tile; /* 27..30 */
    int n_kans;
    int has_honor, has_terminal;
    /* from one pass over the tiles: bit s of `suits` for each suit used
     * (3 = honours); every tile an orphan / a terminal / an honour / green */
    int suits, all_orphan, all_terminal, all_honor, all_green;
    int dora, aka, ura;
    /* hand-level yaku (the same for every regular or seven-pairs reading) */
    int n_base;
    mj_yaku base[16];
    int n_base_ym;
    mj_yaku base_ym[8];
} hand_facts;

/* One reading.  form: MJ_COMPLETE (sets + pair), MJ_CHIITOI, MJ_KOKUSHI. */
typedef struct reading {
    uint8_t form;
    uint8_t wait;              /* wait kind */
    int8_t win_set;            /* index of the closed set holding the winning tile, -1 = the pair */
    uint8_t n_sets;
    mj_set sets[4];
    int8_t pair;
} reading;

static inline int is_honor(int t) { return t >= 27; }
/* 1 for terminals and honours, by table (the tests are on hot paths) */
static inline int is_orphan(int t)
{
    static const uint8_t ORPHAN[MJ_TILES] = { 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1,
                                              1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1 };
    return ORPHAN[t];
}
static inline int is_terminal(int t) { return t < 27 && is_orphan(t); }

void tki_mj_facts_yaku(hand_facts *f);
/* Yaku of a reading into out (yaku list, han, yakuman); returns the han
 * from yaku (not dora), 0 = no yaku. */
int tki_mj_reading_yaku(const hand_facts *f, const reading *r, mj_score *out);
/* Fu of a regular reading with parts into out; returns the rounded fu. */
int tki_mj_reading_fu(const hand_facts *f, const reading *r, int pinfu, mj_score *out);
int tki_mj_pair_fu(const hand_facts *f, int pair);

#endif
