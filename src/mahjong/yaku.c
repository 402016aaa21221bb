/* yaku.c - which yaku a reading of a complete hand has.
 *
 * Yaku that depend only on the tiles and the context (situational yaku,
 * tanyao, yakuhai, flushes, honroutou, shousangen, san kantsu and the
 * yakuman decided by the tile counts) are found once per hand by
 * tki_mj_facts_yaku(): honour tiles cannot form sequences, so a dragon or wind
 * held three or four times is a triplet or quad in every reading.  The yaku
 * that depend on how the tiles are divided (pinfu, peikou, sanshoku, ittsu,
 * chanta/junchan, toitoi, ankou, doukou, seven pairs, thirteen orphans,
 * four concealed triplets) are added per reading by tki_mj_reading_yaku().  A
 * reading with a yakuman lists only its yakuman (adding up, capped at 6x,
 * or 1x under MJ_RULE_SINGLE_YAKUMAN; double forms 1x under
 * MJ_RULE_NO_DOUBLE_YAKUMAN). */
#include "score_internal.h"

#include <string.h>

static const char *const NAMES[MJ_Y_COUNT] = {
    "Menzen Tsumo", "Riichi", "Double Riichi", "Ippatsu", "Chankan",
    "Rinshan Kaihou", "Haitei Raoyue", "Houtei Raoyui", "Pinfu", "Tanyao", "Iipeiko",
    "Yakuhai (haku)", "Yakuhai (hatsu)", "Yakuhai (chun)",
    "Yakuhai (seat wind east)", "Yakuhai (seat wind south)", "Yakuhai (seat wind west)",
    "Yakuhai (seat wind north)",
    "Yakuhai (round wind east)", "Yakuhai (round wind south)", "Yakuhai (round wind west)",
    "Yakuhai (round wind north)",
    "Sanshoku Doujun", "Ittsu", "Chantai", "Junchan", "Honroutou", "Toitoi",
    "San Ankou", "San Kantsu", "Sanshoku Doukou", "Chiitoitsu", "Shou Sangen",
    "Honitsu", "Ryanpeikou", "Chinitsu",
    "Dora", "Aka Dora", "Ura Dora",
    "Kokushi Musou", "Kokushi Musou Juusanmen Matchi", "Suu Ankou", "Suu Ankou Tanki", "Daisangen",
    "Shousuushii", "Dai Suushii", "Tsuu Iisou", "Chinroutou", "Ryuuiisou",
    "Chuuren Poutou", "Daburu Chuuren Poutou", "Suu Kantsu", "Tenhou", "Chiihou",
};

const char *mj_yaku_name(int id)
{
    return id >= 0 && id < MJ_Y_COUNT ? NAMES[id] : "?";
}

int mj_yaku_is_yakuman(int id)
{
    return id >= MJ_Y_KOKUSHI && id < MJ_Y_COUNT;
}

const char *mj_limit_name(int limit)
{
    static const char *const L[] = { "", "mangan", "haneman", "baiman", "sanbaiman", "yakuman" };
    return limit >= 0 && limit <= MJ_LIMIT_YAKUMAN ? L[limit] : "?";
}

static void add(mj_yaku *list, int *n, int id, int han)
{
    list[*n].id = (uint8_t)id;
    list[*n].han = (uint8_t)han;
    (*n)++;
}

/* One suit only (0..2), -1 if several, 3 if honours only. */
static int flush_suit(const hand_facts *f)
{
    int s = f->suits & 7;
    if (!s) return 3;
    return s == 1 ? 0 : s == 2 ? 1 : s == 4 ? 2 : -1;
}

static void facts_yakuman(hand_facts *f)
{
    const uint8_t *tot = f->tot;
    const mj_hand *h = f->h;
    int n = 0, all_honor = f->all_honor, all_term = f->all_terminal, green = f->all_green;
    int drag3 = (tot[31] >= 3) + (tot[32] >= 3) + (tot[33] >= 3);
    int wind3 = 0, wind2 = 0;
    for (int t = 27; t < 31; t++) {
        wind3 += tot[t] >= 3;
        wind2 += tot[t] == 2;
    }
    if (drag3 == 3) add(f->base_ym, &n, MJ_Y_DAISANGEN, 13);
    if (wind3 == 4) add(f->base_ym, &n, MJ_Y_DAISUUSHII, 26);
    else if (wind3 == 3 && wind2 == 1) add(f->base_ym, &n, MJ_Y_SHOUSUUSHII, 13);
    if (all_honor) add(f->base_ym, &n, MJ_Y_TSUUIISOU, 13);
    if (all_term) add(f->base_ym, &n, MJ_Y_CHINROUTOU, 13);
    if (green) add(f->base_ym, &n, MJ_Y_RYUUIISOU, 13);
    if (f->n_kans == 4) add(f->base_ym, &n, MJ_Y_SUUKANTSU, 13);
    int suit = flush_suit(f);
    if (h->n_melds == 0 && suit >= 0 && suit < 3) {
        static const uint8_t need[9] = { 3, 1, 1, 1, 1, 1, 1, 1, 3 };
        const uint8_t *c = h->count + 9 * suit;
        int ok = 1, pure = 1;
        for (int i = 0; i < 9; i++) {
            int x = c[i] - (9 * suit + i == f->win);
            ok &= c[i] >= need[i];
            pure &= x == need[i];
        }
        if (ok) add(f->base_ym, &n, pure ? MJ_Y_CHUUREN9 : MJ_Y_CHUUREN, pure ? 26 : 13);
    }
    if (f->w->flags & MJ_WIN_TENHOU) add(f->base_ym, &n, MJ_Y_TENHOU, 13);
    if (f->w->flags & MJ_WIN_CHIIHOU) add(f->base_ym, &n, MJ_Y_CHIIHOU, 13);
    f->n_base_ym = n;
}

void tki_mj_facts_yaku(hand_facts *f)
{
    const uint8_t *tot = f->tot;
    unsigned fl = f->w->flags;
    int n = 0;
    if (fl & MJ_WIN_DOUBLE_RIICHI) add(f->base, &n, MJ_Y_DOUBLE_RIICHI, 2);
    else if (fl & MJ_WIN_RIICHI) add(f->base, &n, MJ_Y_RIICHI, 1);
    if (fl & MJ_WIN_IPPATSU) add(f->base, &n, MJ_Y_IPPATSU, 1);
    if (f->closed && f->tsumo) add(f->base, &n, MJ_Y_MENZEN_TSUMO, 1);
    if (fl & MJ_WIN_HAITEI) add(f->base, &n, MJ_Y_HAITEI, 1);
    if (fl & MJ_WIN_HOUTEI) add(f->base, &n, MJ_Y_HOUTEI, 1);
    if (fl & MJ_WIN_RINSHAN) add(f->base, &n, MJ_Y_RINSHAN, 1);
    if (fl & MJ_WIN_CHANKAN) add(f->base, &n, MJ_Y_CHANKAN, 1);
    if (!f->has_honor && !f->has_terminal && (f->closed || !(f->w->rules & MJ_RULE_NO_KUITAN)))
        add(f->base, &n, MJ_Y_TANYAO, 1);
    for (int d = 0; d < 3; d++)
        if (tot[31 + d] >= 3) add(f->base, &n, MJ_Y_HAKU + d, 1);
    if (tot[f->seat_tile] >= 3) add(f->base, &n, MJ_Y_SEAT_E + f->seat_tile - 27, 1);
    if (tot[f->round_tile] >= 3) add(f->base, &n, MJ_Y_ROUND_E + f->round_tile - 27, 1);
    int drag3 = (tot[31] >= 3) + (tot[32] >= 3) + (tot[33] >= 3);
    int drag2 = (tot[31] == 2) + (tot[32] == 2) + (tot[33] == 2);
    if (drag3 == 2 && drag2 == 1) add(f->base, &n, MJ_Y_SHOUSANGEN, 2);
    int suit = flush_suit(f);
    if (suit >= 0 && suit < 3) {
        if (f->has_honor) add(f->base, &n, MJ_Y_HONITSU, f->closed ? 3 : 2);
        else add(f->base, &n, MJ_Y_CHINITSU, f->closed ? 6 : 5);
    }
    if (f->all_orphan && f->has_honor && f->has_terminal) add(f->base, &n, MJ_Y_HONROUTOU, 2);
    if (f->n_kans == 3) add(f->base, &n, MJ_Y_SANKANTSU, 2);
    f->n_base = n;
    facts_yakuman(f);
}

/* Yakuman of the reading (base ones + reading-level); returns the han sum. */
static int reading_yakuman(const hand_facts *f, const reading *r, int conc, mj_score *o)
{
    int single = (f->w->rules & MJ_RULE_SINGLE_YAKUMAN) != 0;
    int no_double = single || (f->w->rules & MJ_RULE_NO_DOUBLE_YAKUMAN) != 0;
    o->n_yaku = 0;
    if (r->form == MJ_KOKUSHI) {
        int k13 = f->h->count[f->win] == 2;
        add(o->yaku, &o->n_yaku, k13 ? MJ_Y_KOKUSHI13 : MJ_Y_KOKUSHI, k13 ? 26 : 13);
    }
    if (r->form == MJ_COMPLETE && conc == 4) {
        int tanki = r->wait == MJ_TANKI;
        add(o->yaku, &o->n_yaku, tanki ? MJ_Y_SUUANKOU_TANKI : MJ_Y_SUUANKOU, tanki ? 26 : 13);
    }
    for (int i = 0; i < f->n_base_ym; i++)
        if (r->form != MJ_KOKUSHI || f->base_ym[i].id == MJ_Y_TENHOU || f->base_ym[i].id == MJ_Y_CHIIHOU)
            o->yaku[o->n_yaku++] = f->base_ym[i];
    int sum = 0;
    for (int i = 0; i < o->n_yaku; i++) {
        if (no_double)
            o->yaku[i].han = 13;
        sum += o->yaku[i].han;
    }
    int cap = single ? 13 : 78;
    return sum > cap ? cap : sum;
}

int tki_mj_reading_yaku(const hand_facts *f, const reading *r, mj_score *o)
{
    int closed = f->closed;
    int nseq = 0, ntrip = 0, conc = 0;
    /* bit n of seqm[s] / tripm[s]: a sequence starting at / a triplet of
     * number n+1 of suit s (honours: tripm[3]); seqs[] for the peikou */
    unsigned seqm[4] = { 0, 0, 0, 0 }, tripm[4] = { 0, 0, 0, 0 };
    uint8_t seqs[4];
    int chanta_ok = r->form == MJ_COMPLETE && is_orphan(r->pair >= 0 ? r->pair : 1);
    for (int i = 0; i < r->n_sets; i++) {
        const mj_set *s = &r->sets[i];
        int t = s->tile;
        if (s->type == MJ_SET_SEQ) {
            seqs[nseq++] = (uint8_t)t;
            seqm[t / 9] |= 1u << (t % 9);
            chanta_ok &= t % 9 == 0 || t % 9 == 6;
        } else {
            ntrip++;
            tripm[t / 9] |= 1u << (t % 9);
            chanta_ok &= is_orphan(t);
            int ron_made = !f->tsumo && !s->called && i == r->win_set && s->type == MJ_SET_TRIPLET;
            conc += !s->called && !ron_made;
        }
    }
    int ym = reading_yakuman(f, r, conc, o);
    if (ym) {
        o->yakuman = ym / 13;
        return ym;
    }
    o->yakuman = 0;
    o->n_yaku = 0;
    memcpy(o->yaku, f->base, (size_t)f->n_base * sizeof f->base[0]);
    o->n_yaku = f->n_base;
    if (r->form == MJ_CHIITOI) {
        add(o->yaku, &o->n_yaku, MJ_Y_CHIITOI, 2);
    } else if (r->form == MJ_COMPLETE) {
        if (closed && f->h->n_melds == 0 && nseq == 4 && r->wait == MJ_RYANMEN && tki_mj_pair_fu(f, r->pair) == 0)
            add(o->yaku, &o->n_yaku, MJ_Y_PINFU, 1);
        if (closed && nseq >= 2) {
            /* identical sequences, paired off: sort the (at most 4) starts */
            for (int i = 1; i < nseq; i++)
                for (int j = i; j > 0 && seqs[j - 1] > seqs[j]; j--) {
                    uint8_t x = seqs[j]; seqs[j] = seqs[j - 1]; seqs[j - 1] = x;
                }
            int peiko = 0;
            for (int i = 0; i + 1 < nseq; i++)
                if (seqs[i] == seqs[i + 1]) {
                    peiko++;
                    i++;
                }
            if (peiko >= 2) add(o->yaku, &o->n_yaku, MJ_Y_RYANPEIKOU, 3);
            else if (peiko == 1) add(o->yaku, &o->n_yaku, MJ_Y_IIPEIKO, 1);
        }
        if (seqm[0] & seqm[1] & seqm[2])
            add(o->yaku, &o->n_yaku, MJ_Y_SANSHOKU, closed ? 2 : 1);
        for (int s = 0; s < 3; s++)
            if ((seqm[s] & 0x49) == 0x49) {
                add(o->yaku, &o->n_yaku, MJ_Y_ITTSU, closed ? 2 : 1);
                break;
            }
        if (chanta_ok && nseq > 0) {
            if (f->has_honor) add(o->yaku, &o->n_yaku, MJ_Y_CHANTA, closed ? 2 : 1);
            else add(o->yaku, &o->n_yaku, MJ_Y_JUNCHAN, closed ? 3 : 2);
        }
        if (ntrip == 4) add(o->yaku, &o->n_yaku, MJ_Y_TOITOI, 2);
        if (conc == 3) add(o->yaku, &o->n_yaku, MJ_Y_SANANKOU, 2);
        if (tripm[0] & tripm[1] & tripm[2])
            add(o->yaku, &o->n_yaku, MJ_Y_DOUKOU, 2);
    }
    int han = 0;
    for (int i = 0; i < o->n_yaku; i++)
        han += o->yaku[i].han;
    return han;
}
