/* mjscore_oracle.c - the plain scorer of mjscore_oracle.h (see there). */
#include "mjscore_oracle.h"

#include <string.h>

enum { O_SEQ, O_TRIP, O_QUAD };

typedef struct oset {
    int kind;       /* O_SEQ, O_TRIP, O_QUAD */
    int tile;       /* first tile */
    int called;     /* chi, pon, open kan */
    int hidden;     /* concealed: closed kan, or a closed triplet not completed by ron */
} oset;

typedef struct oread {
    oset s[4];
    int n;
    int pair;       /* -1: seven pairs / thirteen orphans */
    int chiitoi, kokushi;
    int wait;       /* 0 ryanmen, 1 kanchan, 2 penchan, 3 tanki, 4 shanpon */
} oread;

typedef struct ostate {
    const mj_hand *h;
    const mj_winctx *w;
    int win, tsumo, menzen, dealer, seat, round;
    int all[MJ_TILES];      /* every tile of the hand, quads as 4 */
    int dora_han, aka_han, ura_han;
    oracle_result best;
    int have;
    int complete;
} ostate;

static int suit(int t) { return t / 9; }
static int num(int t) { return t % 9 + 1; }
static int honour(int t) { return t >= 27; }
static int terminal(int t) { return t < 27 && (num(t) == 1 || num(t) == 9); }
static int simple(int t) { return t < 27 && num(t) >= 2 && num(t) <= 8; }
static int dragon(int t) { return t >= 31; }
static int wind(int t) { return t >= 27 && t <= 30; }

/* tiles of a set */
static int set_tiles(const oset *s, int *out)
{
    if (s->kind == O_SEQ) {
        out[0] = s->tile; out[1] = s->tile + 1; out[2] = s->tile + 2;
        return 3;
    }
    int n = s->kind == O_QUAD ? 4 : 3;
    for (int i = 0; i < n; i++)
        out[i] = s->tile;
    return n;
}

static void yk(oracle_result *r, const char *name, int han)
{
    r->yaku_name[r->n_yaku] = name;
    r->yaku_han[r->n_yaku++] = han;
}

static const char *WIND_SEAT[4] = { "Yakuhai (seat wind east)", "Yakuhai (seat wind south)",
                                    "Yakuhai (seat wind west)", "Yakuhai (seat wind north)" };
static const char *WIND_ROUND[4] = { "Yakuhai (round wind east)", "Yakuhai (round wind south)",
                                     "Yakuhai (round wind west)", "Yakuhai (round wind north)" };

static int every_tile(const ostate *o, int (*pred)(int))
{
    for (int t = 0; t < MJ_TILES; t++)
        if (o->all[t] && !pred(t))
            return 0;
    return 1;
}

static int any_tile(const ostate *o, int (*pred)(int))
{
    for (int t = 0; t < MJ_TILES; t++)
        if (o->all[t] && pred(t))
            return 1;
    return 0;
}

static int is_green(int t) { return t == 19 || t == 20 || t == 21 || t == 23 || t == 25 || t == 32; }
static int orphan(int t) { return honour(t) || terminal(t); }

/* The yakuman of a reading (han sum, capped). */
static int yakuman_of(ostate *o, const oread *rd, oracle_result *r)
{
    int single = (o->w->rules & MJ_RULE_SINGLE_YAKUMAN) != 0;
    r->n_yaku = 0;
    if (rd->kokushi) {
        int before = o->h->count[o->win] - 1;   /* the win tile held before the win */
        if (before == 1) yk(r, "Kokushi Musou Juusanmen Matchi", 26);
        else yk(r, "Kokushi Musou", 13);
    }
    if (!rd->kokushi && !rd->chiitoi) {
        int dtrip = 0, wtrip = 0, quads = 0, hidden = 0;
        for (int i = 0; i < rd->n; i++) {
            const oset *s = &rd->s[i];
            if (s->kind == O_SEQ) continue;
            if (dragon(s->tile)) dtrip++;
            if (wind(s->tile)) wtrip++;
            if (s->kind == O_QUAD) quads++;
            if (s->hidden) hidden++;
        }
        if (dtrip == 3) yk(r, "Daisangen", 13);
        if (wtrip == 4) yk(r, "Dai Suushii", 26);
        if (wtrip == 3 && wind(rd->pair)) yk(r, "Shousuushii", 13);
        if (hidden == 4) {
            if (rd->wait == 3) yk(r, "Suu Ankou Tanki", 26);
            else yk(r, "Suu Ankou", 13);
        }
        if (quads == 4) yk(r, "Suu Kantsu", 13);
        if (o->h->n_melds == 0) {
            /* nine gates: one suit, 1112345678999 plus any tile of it */
            int s0 = suit(o->win), ok = o->win < 27;
            int c[9] = { 0 };
            for (int t = 0; t < MJ_TILES && ok; t++)
                if (o->all[t]) {
                    if (t >= 27 || suit(t) != s0) ok = 0;
                    else c[num(t) - 1] = o->all[t];
                }
            static const int base[9] = { 3, 1, 1, 1, 1, 1, 1, 1, 3 };
            int pure = 1;
            for (int i = 0; i < 9 && ok; i++) {
                if (c[i] < base[i]) ok = 0;
                if (c[i] - (i == num(o->win) - 1) != base[i]) pure = 0;
            }
            if (ok) {
                if (pure) yk(r, "Daburu Chuuren Poutou", 26);
                else yk(r, "Chuuren Poutou", 13);
            }
        }
    }
    if (!rd->kokushi) {
        if (every_tile(o, honour)) yk(r, "Tsuu Iisou", 13);
        if (every_tile(o, terminal)) yk(r, "Chinroutou", 13);
        if (every_tile(o, is_green)) yk(r, "Ryuuiisou", 13);
    }
    if (o->w->flags & MJ_WIN_TENHOU) yk(r, "Tenhou", 13);
    if (o->w->flags & MJ_WIN_CHIIHOU) yk(r, "Chiihou", 13);
    int sum = 0;
    for (int i = 0; i < r->n_yaku; i++) {
        if (single) r->yaku_han[i] = 13;
        sum += r->yaku_han[i];
    }
    if (single && sum > 13) sum = 13;
    if (sum > 78) sum = 78;
    return sum;
}

static int pair_fu(const ostate *o, int p)
{
    int fu = 0;
    if (dragon(p)) fu += 2;
    if (p == 27 + o->seat) fu += 2;
    if (p == 27 + o->round) fu += 2;
    if (fu == 4 && (o->w->rules & MJ_RULE_DOUBLE_WIND_2FU)) fu = 2;
    return fu;
}

static int count_seq(const oread *rd, int t)
{
    int n = 0;
    for (int i = 0; i < rd->n; i++)
        n += rd->s[i].kind == O_SEQ && rd->s[i].tile == t;
    return n;
}

static int has_trip(const oread *rd, int t)
{
    for (int i = 0; i < rd->n; i++)
        if (rd->s[i].kind != O_SEQ && rd->s[i].tile == t)
            return 1;
    return 0;
}

static int is_pinfu(const ostate *o, const oread *rd)
{
    if (!o->menzen || o->h->n_melds || rd->chiitoi || rd->kokushi || rd->wait != 0)
        return 0;
    for (int i = 0; i < rd->n; i++)
        if (rd->s[i].kind != O_SEQ)
            return 0;
    return pair_fu(o, rd->pair) == 0;
}

/* Standard yaku of a reading; returns their han (0 = none). */
static int yaku_of(ostate *o, const oread *rd, oracle_result *r)
{
    unsigned f = o->w->flags;
    int m = o->menzen;
    r->n_yaku = 0;
    if (f & MJ_WIN_RIICHI) yk(r, "Riichi", 1);
    if (f & MJ_WIN_DOUBLE_RIICHI) yk(r, "Double Riichi", 2);
    if (f & MJ_WIN_IPPATSU) yk(r, "Ippatsu", 1);
    if (m && o->tsumo) yk(r, "Menzen Tsumo", 1);
    if (f & MJ_WIN_HAITEI) yk(r, "Haitei Raoyue", 1);
    if (f & MJ_WIN_HOUTEI) yk(r, "Houtei Raoyui", 1);
    if (f & MJ_WIN_RINSHAN) yk(r, "Rinshan Kaihou", 1);
    if (f & MJ_WIN_CHANKAN) yk(r, "Chankan", 1);
    if (every_tile(o, simple) && (m || !(o->w->rules & MJ_RULE_NO_KUITAN))) yk(r, "Tanyao", 1);
    /* flushes */
    int suits_used = 0;
    for (int t = 0; t < 27; t++)
        if (o->all[t]) suits_used |= 1 << suit(t);
    int one_suit = suits_used == 1 || suits_used == 2 || suits_used == 4;
    if (one_suit && any_tile(o, honour)) yk(r, "Honitsu", m ? 3 : 2);
    if (one_suit && !any_tile(o, honour)) yk(r, "Chinitsu", m ? 6 : 5);
    if (every_tile(o, orphan) && any_tile(o, honour) && any_tile(o, terminal)) yk(r, "Honroutou", 2);
    if (rd->chiitoi) {
        yk(r, "Chiitoitsu", 2);
    } else {
        if (is_pinfu(o, rd)) yk(r, "Pinfu", 1);
        for (int i = 0; i < rd->n; i++) {
            const oset *s = &rd->s[i];
            if (s->kind == O_SEQ) continue;
            if (s->tile == 31) yk(r, "Yakuhai (haku)", 1);
            if (s->tile == 32) yk(r, "Yakuhai (hatsu)", 1);
            if (s->tile == 33) yk(r, "Yakuhai (chun)", 1);
            if (s->tile == 27 + o->seat) yk(r, WIND_SEAT[o->seat], 1);
            if (s->tile == 27 + o->round) yk(r, WIND_ROUND[o->round], 1);
        }
        if (m) {
            int twins = 0;
            for (int t = 0; t < 27; t++)
                twins += count_seq(rd, t) / 2;
            if (twins == 1) yk(r, "Iipeiko", 1);
            if (twins == 2) yk(r, "Ryanpeikou", 3);
        }
        for (int n = 0; n < 7; n++)
            if (count_seq(rd, n) && count_seq(rd, 9 + n) && count_seq(rd, 18 + n)) {
                yk(r, "Sanshoku Doujun", m ? 2 : 1);
                break;
            }
        for (int s = 0; s < 3; s++)
            if (count_seq(rd, 9 * s) && count_seq(rd, 9 * s + 3) && count_seq(rd, 9 * s + 6)) {
                yk(r, "Ittsu", m ? 2 : 1);
                break;
            }
        int outside = orphan(rd->pair), seqs = 0, trips = 0, hidden = 0, quads = 0;
        for (int i = 0; i < rd->n; i++) {
            int t[4], n = set_tiles(&rd->s[i], t), any = 0;
            for (int k = 0; k < n; k++) any |= orphan(t[k]);
            outside &= any;
            if (rd->s[i].kind == O_SEQ) seqs++;
            else trips++;
            hidden += rd->s[i].hidden;
            quads += rd->s[i].kind == O_QUAD;
        }
        if (outside && seqs && any_tile(o, honour)) yk(r, "Chantai", m ? 2 : 1);
        if (outside && seqs && !any_tile(o, honour)) yk(r, "Junchan", m ? 3 : 2);
        if (trips == 4) yk(r, "Toitoi", 2);
        if (hidden == 3) yk(r, "San Ankou", 2);
        if (quads == 3) yk(r, "San Kantsu", 2);
        for (int n = 0; n < 9; n++)
            if (has_trip(rd, n) && has_trip(rd, 9 + n) && has_trip(rd, 18 + n)) {
                yk(r, "Sanshoku Doukou", 2);
                break;
            }
        int dt = has_trip(rd, 31) + has_trip(rd, 32) + has_trip(rd, 33);
        if (dt == 2 && dragon(rd->pair)) yk(r, "Shou Sangen", 2);
    }
    int han = 0;
    for (int i = 0; i < r->n_yaku; i++)
        han += r->yaku_han[i];
    return han;
}

static int fu_of(const ostate *o, const oread *rd)
{
    if (rd->chiitoi) return 25;
    if (rd->kokushi) return 0;
    int pinfu = is_pinfu(o, rd);
    if (pinfu) return o->tsumo ? 20 : 30;
    int fu = 20;
    if (o->menzen && !o->tsumo) fu += 10;
    if (o->tsumo) fu += 2;
    if (rd->wait == 1 || rd->wait == 2 || rd->wait == 3) fu += 2;
    for (int i = 0; i < rd->n; i++) {
        const oset *s = &rd->s[i];
        if (s->kind == O_SEQ) continue;
        int v = orphan(s->tile) ? 4 : 2;
        if (s->hidden) v *= 2;
        if (s->kind == O_QUAD) v *= 4;
        fu += v;
    }
    fu += pair_fu(o, rd->pair);
    if (!o->menzen && fu == 20) fu = 30;
    return (fu + 9) / 10 * 10;
}

static int up100(int x) { return x % 100 ? x - x % 100 + 100 : x; }

static void pay(const ostate *o, oracle_result *r)
{
    int base;
    r->limit = "";
    if (r->yakuman) { base = 8000 * r->yakuman; r->limit = "yakuman"; }
    else if (r->han >= 13) { base = 8000; r->limit = "yakuman"; }
    else if (r->han >= 11) { base = 6000; r->limit = "sanbaiman"; }
    else if (r->han >= 8) { base = 4000; r->limit = "baiman"; }
    else if (r->han >= 6) { base = 3000; r->limit = "haneman"; }
    else if (r->han == 5) { base = 2000; r->limit = "mangan"; }
    else {
        base = r->fu;
        for (int i = 0; i < r->han + 2; i++) base *= 2;
        int kiri = (o->w->rules & MJ_RULE_KIRIAGE) && ((r->han == 4 && r->fu == 30) || (r->han == 3 && r->fu == 60));
        if (base >= 2000 || kiri) { base = 2000; r->limit = "mangan"; }
    }
    int hb = (int)o->w->honba, st = (int)o->w->sticks;
    if (o->tsumo && o->dealer) {
        r->main = r->additional = up100(2 * base);
        r->total = 3 * r->main + 300 * hb + 1000 * st;
    } else if (o->tsumo) {
        r->main = up100(2 * base);
        r->additional = up100(base);
        r->total = r->main + 2 * r->additional + 300 * hb + 1000 * st;
    } else {
        r->main = up100((o->dealer ? 6 : 4) * base);
        r->additional = 0;
        r->total = r->main + 300 * hb + 1000 * st;
    }
}

static int same_yaku(const oracle_result *a, const oracle_result *b)
{
    if (a->n_yaku != b->n_yaku) return 0;
    int used[24] = { 0 };
    for (int i = 0; i < a->n_yaku; i++) {
        int found = 0;
        for (int j = 0; j < b->n_yaku && !found; j++)
            if (!used[j] && a->yaku_han[i] == b->yaku_han[j] && strcmp(a->yaku_name[i], b->yaku_name[j]) == 0)
                used[j] = found = 1;
        if (!found) return 0;
    }
    return 1;
}

static void judge(ostate *o, const oread *rd)
{
    oracle_result r;
    memset(&r, 0, sizeof r);
    o->complete = 1;
    int ym = yakuman_of(o, rd, &r);
    if (ym) {
        r.yakuman = ym / 13;
        r.han = ym;
    } else {
        r.han = yaku_of(o, rd, &r);
        if (r.han == 0) return;
        if (o->dora_han) yk(&r, "Dora", o->dora_han);
        if (o->aka_han) yk(&r, "Aka Dora", o->aka_han);
        if (o->ura_han) yk(&r, "Ura Dora", o->ura_han);
        r.han += o->dora_han + o->aka_han + o->ura_han;
    }
    r.fu = fu_of(o, rd);
    pay(o, &r);
    if (o->have) {
        int d = r.yakuman != o->best.yakuman ? r.yakuman - o->best.yakuman
              : r.han != o->best.han ? r.han - o->best.han : r.fu - o->best.fu;
        if (d < 0) return;
        if (d == 0) {
            if (!same_yaku(&r, &o->best)) o->best.ambiguous = 1;
            return;
        }
    }
    o->best = r;
    o->have = 1;
}

/* Place the winning tile in every closed set or the pair that holds it. */
static void place_win(ostate *o, oread *rd, int first_closed)
{
    int w = o->win;
    if (rd->pair == w) {
        rd->wait = 3;
        for (int i = first_closed; i < rd->n; i++) rd->s[i].hidden = rd->s[i].kind != O_SEQ;
        judge(o, rd);
    }
    for (int i = first_closed; i < rd->n; i++) {
        oset *s = &rd->s[i];
        if (s->kind == O_SEQ) {
            if (w < s->tile || w > s->tile + 2) continue;
            if (w == s->tile + 1) rd->wait = 1;
            else if ((w == s->tile && num(s->tile) == 7) || (w == s->tile + 2 && num(s->tile) == 1)) rd->wait = 2;
            else rd->wait = 0;
        } else {
            if (s->tile != w) continue;
            rd->wait = 4;
        }
        for (int k = first_closed; k < rd->n; k++)
            rd->s[k].hidden = rd->s[k].kind != O_SEQ && !(k == i && !o->tsumo);
        judge(o, rd);
    }
}

/* Partition the sorted list tiles[0..n) into sets and one pair. */
static void partition(ostate *o, int *tiles, int n, oread *rd, int first_closed)
{
    if (n == 0) {
        if (rd->pair >= 0) place_win(o, rd, first_closed);
        return;
    }
    int t = tiles[0];
    int rest[14];
    /* pair */
    if (rd->pair < 0 && n >= 2 && tiles[1] == t) {
        memcpy(rest, tiles + 2, sizeof(int) * (size_t)(n - 2));
        rd->pair = t;
        partition(o, rest, n - 2, rd, first_closed);
        rd->pair = -1;
    }
    /* triplet */
    if (n >= 3 && tiles[1] == t && tiles[2] == t) {
        memcpy(rest, tiles + 3, sizeof(int) * (size_t)(n - 3));
        rd->s[rd->n++] = (oset){ O_TRIP, t, 0, 0 };
        partition(o, rest, n - 3, rd, first_closed);
        rd->n--;
    }
    /* sequence starting here */
    if (t < 27 && num(t) <= 7) {
        int a = -1, b = -1;
        for (int i = 1; i < n; i++) {
            if (a < 0 && tiles[i] == t + 1) a = i;
            if (b < 0 && tiles[i] == t + 2) b = i;
        }
        if (a > 0 && b > 0) {
            int k = 0;
            for (int i = 1; i < n; i++)
                if (i != a && i != b) rest[k++] = tiles[i];
            rd->s[rd->n++] = (oset){ O_SEQ, t, 0, 0 };
            partition(o, rest, k, rd, first_closed);
            rd->n--;
        }
    }
}

static int next_dora(int ind)
{
    if (ind < 27) return num(ind) == 9 ? ind - 8 : ind + 1;
    if (ind <= 30) return ind == 30 ? 27 : ind + 1;
    return ind == 33 ? 31 : ind + 1;
}

void oracle_score(const mj_hand *h, const mj_winctx *w, oracle_result *out)
{
    ostate o;
    memset(&o, 0, sizeof o);
    o.h = h;
    o.w = w;
    o.win = w->win;
    o.tsumo = (w->flags & MJ_WIN_TSUMO) != 0;
    o.dealer = w->seat == 0;
    o.seat = w->seat;
    o.round = w->round;
    o.menzen = 1;
    oread rd;
    memset(&rd, 0, sizeof rd);
    rd.pair = -1;
    for (int i = 0; i < h->n_melds; i++) {
        const mj_meld *m = &h->melds[i];
        oset *s = &rd.s[rd.n++];
        s->tile = m->tile;
        s->kind = m->type == MJ_CHI ? O_SEQ : m->type == MJ_PON ? O_TRIP : O_QUAD;
        s->called = m->type != MJ_ANKAN;
        s->hidden = m->type == MJ_ANKAN;
        if (s->called) o.menzen = 0;
        int t[4], n = set_tiles(s, t);
        for (int k = 0; k < n; k++) o.all[t[k]]++;
        if (m->red && !(w->rules & MJ_RULE_NO_AKA)) o.aka_han++;
    }
    int tiles[14], n = 0;
    for (int t = 0; t < MJ_TILES; t++)
        for (int k = 0; k < h->count[t]; k++) {
            tiles[n++] = t;
            o.all[t]++;
        }
    if (!(w->rules & MJ_RULE_NO_AKA))
        o.aka_han += h->red[0] + h->red[1] + h->red[2];
    for (int i = 0; i < w->n_dora; i++) o.dora_han += o.all[next_dora(w->dora[i])];
    for (int i = 0; i < w->n_ura; i++) o.ura_han += o.all[next_dora(w->ura[i])];
    int first_closed = rd.n;
    partition(&o, tiles, n, &rd, first_closed);
    if (h->n_melds == 0 && n == 14) {
        /* seven different pairs */
        int ok = 1;
        for (int i = 0; i < 14; i += 2)
            ok &= tiles[i] == tiles[i + 1] && (i == 0 || tiles[i] != tiles[i - 1]);
        if (ok) {
            oread c;
            memset(&c, 0, sizeof c);
            c.chiitoi = 1;
            c.pair = -1;
            c.wait = 3;
            judge(&o, &c);
        }
        /* thirteen orphans */
        int kinds = 0, all_orph = 1;
        for (int t = 0; t < MJ_TILES; t++) {
            if (h->count[t] && !orphan(t)) all_orph = 0;
            if (orphan(t) && h->count[t]) kinds++;
        }
        if (all_orph && kinds == 13) {
            oread c;
            memset(&c, 0, sizeof c);
            c.kokushi = 1;
            c.pair = -1;
            judge(&o, &c);
        }
    }
    if (o.have) {
        *out = o.best;
        out->status = 0;
    } else {
        memset(out, 0, sizeof *out);
        out->limit = "";
        out->status = o.complete ? 1 : 2;
    }
}
