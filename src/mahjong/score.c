/* score.c - the value of a complete hand: the best reading, its points.
 *
 * The facts that do not depend on the reading (tile totals, closedness,
 * dora counts, hand-level yaku) are computed once.  Readings: the closed
 * tiles are divided into sets and one pair by a recursion over the lowest
 * tile left that decides at once how many triplets (0/1), pairs (0/1) and
 * sequences start there, so each division is produced once; in each
 * division every distinct closed block holding the winning tile is in turn
 * the block the win completed (pair -> tanki, triplet -> shanpon, sequence
 * -> ryanmen / kanchan / penchan).  Seven pairs and thirteen orphans are
 * tried on the counts.  Each reading gets its yaku (yaku.c) and fu (fu.c);
 * the best is the one with the most yakuman, then the most han, then the
 * most fu.  Points follow the standard table: basic points fu x 2^(han+2)
 * capped at mangan (2,000), haneman 3,000, baiman 4,000, sanbaiman 6,000,
 * yakuman 8,000 per multiple; payments rounded up to 100.
 * Everything lives on the stack: no allocation. */
#include "score_internal.h"
#include "mj_internal.h"

#include <string.h>

typedef struct search {
    hand_facts *f;
    mj_score *best;
    mj_score cand;
    int have_best;           /* a reading with a yaku was found */
    int n_complete;          /* readings found (with or without yaku) */
    reading r;               /* melds already in r.sets[0 .. n_melds) */
    int n_melds;
    mj_block blocks[4];      /* closed blocks of the current division */
    int n_blocks;
    int pair;
    uint8_t next[MJ_TILES + 1];   /* next[t]: the first tile >= t the hand holds (34: none) */
} search;

static int better(const mj_score *a, const mj_score *b)
{
    if (a->yakuman != b->yakuman) return a->yakuman > b->yakuman;
    if (a->han != b->han) return a->han > b->han;
    return a->fu > b->fu;
}

static int has_yaku(const mj_score *o, int id)
{
    for (int i = 0; i < o->n_yaku; i++)
        if (o->yaku[i].id == id)
            return 1;
    return 0;
}

static void add_dora(const hand_facts *f, mj_score *o)
{
    if (f->dora) { o->yaku[o->n_yaku].id = MJ_Y_DORA; o->yaku[o->n_yaku++].han = (uint8_t)f->dora; }
    if (f->aka) { o->yaku[o->n_yaku].id = MJ_Y_AKA; o->yaku[o->n_yaku++].han = (uint8_t)f->aka; }
    if (f->ura) { o->yaku[o->n_yaku].id = MJ_Y_URA; o->yaku[o->n_yaku++].han = (uint8_t)f->ura; }
}

/* Score reading s->r into s->cand and keep it if it beats the best. */
static void consider(search *s)
{
    hand_facts *f = s->f;
    mj_score *c = &s->cand;
    const reading *r = &s->r;
    s->n_complete++;
    int han = tki_mj_reading_yaku(f, r, c);
    if (han == 0)
        return;
    if (r->form == MJ_COMPLETE) {
        c->fu = tki_mj_reading_fu(f, r, has_yaku(c, MJ_Y_PINFU), c);
    } else if (r->form == MJ_CHIITOI) {
        c->fu = c->fu_raw = 25;
        c->n_fu = 1;
        c->fu_parts[0] = (mj_fu_part){ MJ_FU_CHIITOI, 25, 0, 0, 0 };
    } else {
        c->fu = c->fu_raw = 0;
        c->n_fu = 0;
    }
    if (!c->yakuman) {
        add_dora(f, c);
        han += f->dora + f->aka + f->ura;
    }
    c->han = han;
    if (s->have_best && !better(c, s->best))
        return;
    s->have_best = 1;
    c->form = r->form;
    c->wait = r->wait;
    c->n_sets = r->n_sets;
    memcpy(c->sets, r->sets, sizeof r->sets);
    c->pair = r->pair;
    *s->best = *c;
}

static void wait_kind(reading *r, int seq, int t)
{
    int num = seq % 9;
    if (t == seq + 1) r->wait = MJ_KANCHAN;
    else if (t == seq) r->wait = num == 6 ? MJ_PENCHAN : MJ_RYANMEN;
    else r->wait = num == 0 ? MJ_PENCHAN : MJ_RYANMEN;
}

/* A complete division: try each distinct block that can hold the winning tile. */
static void division(search *s)
{
    int t = s->f->win;
    reading *r = &s->r;
    r->form = MJ_COMPLETE;
    r->pair = (int8_t)s->pair;
    r->n_sets = (uint8_t)(s->n_melds + s->n_blocks);
    for (int i = 0; i < s->n_blocks; i++) {
        mj_set *x = &r->sets[s->n_melds + i];
        x->type = s->blocks[i].type == MJ_SEQ ? MJ_SET_SEQ : MJ_SET_TRIPLET;
        x->tile = s->blocks[i].tile;
        x->called = 0;
        x->closed_kan = 0;
    }
    if (s->pair == t) {
        r->win_set = -1;
        r->wait = MJ_TANKI;
        consider(s);
    }
    for (int i = 0; i < s->n_blocks; i++) {
        const mj_block *b = &s->blocks[i];
        if (i > 0 && b->type == s->blocks[i - 1].type && b->tile == s->blocks[i - 1].tile)
            continue;
        if (b->type == MJ_TRIPLET) {
            if (b->tile != t)
                continue;
            r->wait = MJ_SHANPON;
        } else {
            if (t < b->tile || t > b->tile + 2)
                continue;
            wait_kind(r, b->tile, t);
        }
        r->win_set = (int8_t)(s->n_melds + i);
        consider(s);
    }
}

static void divide(search *s, uint8_t *c, int from, int pair_left)
{
    /* 1 where a sequence can start (1..7 of a suit) */
    static const uint8_t SEQ_START[MJ_TILES] = { 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 0,
                                                 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    int i = s->next[from];   /* a tile the hand does not hold stays empty */
    while (i < MJ_TILES && !c[i])
        i = s->next[i + 1];
    if (i == MJ_TILES) {
        if (!pair_left)
            division(s);
        return;
    }
    int ci = c[i];
    for (int tr = 0; tr <= 1; tr++)
        for (int pr = 0; pr <= pair_left; pr++) {
            int rest = mj_split_seqs(c, i, SEQ_START[i], tr, pr, s->n_blocks);
            if (rest < 0)
                continue;
            int nb = s->n_blocks;
            if (tr) s->blocks[s->n_blocks++] = (mj_block){ MJ_TRIPLET, (uint8_t)i };
            for (int k = 0; k < rest; k++)
                s->blocks[s->n_blocks++] = (mj_block){ MJ_SEQ, (uint8_t)i };
            if (pr) s->pair = i;
            mj_split_take(c, i, rest);
            divide(s, c, i + 1, pair_left - pr);
            mj_split_put(c, i, ci, rest);
            s->n_blocks = nb;
        }
}

static int dora_of(int ind)
{
    if (ind < 27) return ind / 9 * 9 + (ind % 9 + 1) % 9;
    if (ind < 31) return 27 + (ind - 27 + 1) % 4;
    return 31 + (ind - 31 + 1) % 3;
}

static void facts(hand_facts *f, const mj_hand *h, const mj_winctx *w)
{
    memset(f, 0, sizeof *f);
    f->h = h;
    f->w = w;
    mj_hand_totals(h, f->tot);
    f->closed = 1;
    for (int i = 0; i < h->n_melds; i++) {
        f->closed &= h->melds[i].type == MJ_ANKAN;
        f->n_kans += h->melds[i].type == MJ_KAN || h->melds[i].type == MJ_ANKAN;
    }
    f->tsumo = (w->flags & MJ_WIN_TSUMO) != 0;
    f->win = w->win;
    f->dealer = w->seat == 0;
    f->seat_tile = 27 + w->seat;
    f->round_tile = 27 + w->round;
    /* one pass: per tile kind bits 0-3 suit, 4 terminal, 5 honour, 6 green */
    static const uint8_t KIND[MJ_TILES] = {
        0x11, 1, 1, 1, 1, 1, 1, 1, 0x11, 0x12, 2, 2, 2, 2, 2, 2, 2, 0x12,
        0x14, 0x44, 0x44, 0x44, 4, 0x44, 4, 0x44, 0x14,
        0x28, 0x28, 0x28, 0x28, 0x28, 0x68, 0x28 };
    unsigned any = 0, all = 0xff, simple = 0;
    for (int t = 0; t < MJ_TILES; t++)
        if (f->tot[t]) {
            any |= KIND[t];
            all &= KIND[t];
            simple |= !(KIND[t] & 0x30);
        }
    f->suits = (int)(any & 15);
    f->has_terminal = (any & 0x10) != 0;
    f->has_honor = (any & 0x20) != 0;
    f->all_orphan = !simple;
    f->all_terminal = (all & 0x10) != 0;
    f->all_honor = (all & 0x20) != 0;
    f->all_green = (all & 0x40) != 0;
    for (int i = 0; i < w->n_dora; i++) f->dora += f->tot[dora_of(w->dora[i])];
    for (int i = 0; i < w->n_ura; i++) f->ura += f->tot[dora_of(w->ura[i])];
    if (!(w->rules & MJ_RULE_NO_AKA)) {
        f->aka = h->red[0] + h->red[1] + h->red[2];
        for (int i = 0; i < h->n_melds; i++)
            f->aka += h->melds[i].red != 0;
    }
    tki_mj_facts_yaku(f);
}

static int roundup100(int x) { return (x + 99) / 100 * 100; }

static void points(const hand_facts *f, mj_score *o)
{
    int han = o->han, base;
    unsigned rules = f->w->rules;
    o->limit = MJ_LIMIT_NONE;
    if (o->yakuman) { base = 8000 * o->yakuman; o->limit = MJ_LIMIT_YAKUMAN; }
    else if (han >= 13) { base = 8000; o->limit = MJ_LIMIT_YAKUMAN; }
    else if (han >= 11) { base = 6000; o->limit = MJ_LIMIT_SANBAIMAN; }
    else if (han >= 8) { base = 4000; o->limit = MJ_LIMIT_BAIMAN; }
    else if (han >= 6) { base = 3000; o->limit = MJ_LIMIT_HANEMAN; }
    else if (han >= 5) { base = 2000; o->limit = MJ_LIMIT_MANGAN; }
    else {
        base = o->fu << (han + 2);
        if (base > 2000 || ((rules & MJ_RULE_KIRIAGE) && ((han == 4 && o->fu == 30) || (han == 3 && o->fu == 60)))) {
            base = 2000;
            o->limit = MJ_LIMIT_MANGAN;
        }
    }
    o->base = base;
    o->dealer = f->dealer;
    int honba = (int)f->w->honba, sticks = (int)f->w->sticks;
    if (!f->tsumo) {
        o->main = roundup100(base * (f->dealer ? 6 : 4));
        o->additional = 0;
        o->total = o->main + 300 * honba + 1000 * sticks;
    } else {
        o->main = roundup100(base * 2);
        o->additional = f->dealer ? o->main : roundup100(base);
        o->total = o->main + 2 * o->additional + 300 * honba + 1000 * sticks;
    }
}

static void try_special(search *s)
{
    const mj_hand *h = s->f->h;
    if (h->n_melds)
        return;
    int pairs = 0, other = 0, kinds = 0, orph = 0;
    for (int t = 0; t < MJ_TILES; t++) {
        int c = h->count[t];
        if (!c)
            continue;
        if (!is_orphan(t)) {
            if (c != 2)
                return;   /* neither seven pairs nor thirteen orphans */
            pairs++;
            continue;
        }
        pairs += c == 2;
        other += c != 2;
        kinds++;
        orph += c;
    }
    reading *r = &s->r;
    r->n_sets = 0;
    r->win_set = -1;
    if (pairs == 7 && !other) {
        r->form = MJ_CHIITOI;
        r->wait = MJ_CHIITOI;
        r->pair = -1;
        consider(s);
    }
    if (kinds == 13 && orph == 14) {
        r->form = MJ_KOKUSHI;
        r->wait = h->count[s->f->win] == 2 ? MJ_KOKUSHI13 : MJ_KOKUSHI;
        r->pair = -1;
        for (int t = 0; t < MJ_TILES; t++)
            if (h->count[t] == 2)
                r->pair = (int8_t)t;
        consider(s);
    }
}

int mj_score_hand(const mj_hand *h, const mj_winctx *w, mj_score *out, tk_error *err)
{
    if (!h || !w || !out)
        return tk_error_set(err, TK_EINVAL, 0, 0, "null argument");
    if (h->n_melds > 4 || h->n_tiles != 14 - 3 * h->n_melds)
        return tk_error_set(err, TK_EINVAL, 0, 0, "a scored hand has 14 - 3 x melds closed tiles (winning tile included)");
    if (w->win < 0 || w->win >= MJ_TILES || !h->count[w->win])
        return tk_error_set(err, TK_EINVAL, 0, 0, "the winning tile is not in the closed part");
    hand_facts f;
    facts(&f, h, w);
    search s;
    s.f = &f;
    s.best = out;
    s.have_best = 0;
    s.n_complete = 0;
    s.n_blocks = 0;
    s.pair = -1;
    s.n_melds = h->n_melds;
    for (int i = 0; i < h->n_melds; i++) {
        const mj_meld *m = &h->melds[i];
        mj_set *x = &s.r.sets[i];
        x->type = m->type == MJ_CHI ? MJ_SET_SEQ : m->type == MJ_PON ? MJ_SET_TRIPLET : MJ_SET_QUAD;
        x->tile = m->tile;
        x->called = m->type != MJ_ANKAN;
        x->closed_kan = m->type == MJ_ANKAN;
    }
    uint8_t c[MJ_TILES];
    memcpy(c, h->count, sizeof c);
    s.next[MJ_TILES] = MJ_TILES;
    for (int t = MJ_TILES - 1; t >= 0; t--)
        s.next[t] = c[t] ? (uint8_t)t : s.next[t + 1];
    divide(&s, c, 0, 1);
    try_special(&s);
    if (!s.have_best) {
        memset(out, 0, sizeof *out);
        out->status = s.n_complete ? MJ_SCORE_NO_YAKU : MJ_SCORE_NOT_WINNING;
    } else {
        out->status = MJ_SCORE_OK;
        points(&f, out);
    }
    out->n_readings = s.n_complete;
    out->dora = f.dora;
    out->aka = f.aka;
    out->ura = f.ura;
    out->dealer = f.dealer;
    return 0;
}

int mj_score_wait(const mj_hand *h, const mj_winctx *w, int t, int red, int tsumo, mj_score *out, tk_error *err)
{
    if (!h || !w || !out || t < 0 || t >= MJ_TILES)
        return tk_error_set(err, TK_EINVAL, 0, 0, "bad argument");
    if (h->n_melds > 4 || h->n_tiles != 13 - 3 * h->n_melds || h->count[t] >= 4)
        return tk_error_set(err, TK_EINVAL, 0, 0, "a waiting hand has 13 - 3 x melds closed tiles");
    mj_hand h2 = *h;
    mj_winctx w2 = *w;
    h2.count[t]++;
    h2.n_tiles++;
    if (red && t < 27 && t % 9 == 4)
        h2.red[t / 9] = 1;
    w2.win = (int8_t)t;
    w2.win_red = (uint8_t)(red != 0);
    w2.flags &= ~(unsigned)(MJ_WIN_TSUMO | MJ_WIN_HAITEI | MJ_WIN_HOUTEI | MJ_WIN_RINSHAN | MJ_WIN_CHANKAN |
                            MJ_WIN_TENHOU | MJ_WIN_CHIIHOU);
    if (tsumo)
        w2.flags |= MJ_WIN_TSUMO;
    return mj_score_hand(&h2, &w2, out, err);
}
