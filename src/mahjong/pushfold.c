/* pushfold.c - push or fold (tilekit/mjdanger.h): each discard's expected
 * value with the dangers of every threat, and the input line that carries
 * the table to `mjwait --ev`.
 *
 * The line is read in two passes over a copy: the table words and the
 * offer word are applied and blanked first, then mj_ev_parse_line reads
 * the hand, the EV words and the context words of what is left (columns
 * stay those of the line). */
#include "tilekit/mjdanger.h"

#include <string.h>

void mj_pushfold_eval(const mj_ev_result *r, const mj_table *t, const mj_danger_model *m, mj_danger danger[4],
                      mj_pushfold *out)
{
    memset(out, 0, sizeof *out);
    out->threats = mj_table_threats(t);
    out->n = r->n_discards;
    for (int s = 0; s < 4; s++)
        if (out->threats >> s & 1)
            mj_danger_eval(t, s, m, &danger[s]);
    for (int i = 0; i < r->n_discards; i++) {
        int k = r->discards[i].kind;
        int tile = k >= MJ_TILES ? (k - MJ_TILES) * 9 + 4 : k;
        double safe = 1.0;
        for (int s = 0; s < 4; s++) {
            if (!(out->threats >> s & 1))
                continue;
            double p = danger[s].tenpai * danger[s].deal[tile];
            out->deal_seat[i][s] = p;
            out->loss[i] += p * danger[s].value;
            safe *= 1.0 - p;
        }
        out->deal[i] = 1.0 - safe;
        out->ev[i] = safe * r->discards[i].score[0] - out->loss[i];
        if (out->ev[i] > out->ev[out->best])
            out->best = i;
        if (out->loss[i] < out->loss[out->safest] ||
            (out->loss[i] == out->loss[out->safest] && out->ev[i] > out->ev[out->safest]))
            out->safest = i;
    }
}

/* ---- the line ---- */
static int offer_word(const mj_table *t, const char *s, size_t n, long col, int *offer, int *red, int *seat,
                      tk_error *err)
{
    static const char WINDS[] = "eswn";
    const char *w = n > 7 ? strchr(WINDS, s[6]) : NULL;
    if (n < 9 || s[7] != ':' || !w || s[6] == 0)
        return tk_error_set(err, TK_EFORMAT, 0, col, "offer-w:T names the seat (e, s, w, n) and one tile");
    uint8_t tile[2];
    uint16_t r;
    int k = mj_parse_tiles(s + 8, n - 8, tile, 2, &r, col + 8, err);
    if (k < 0)
        return k;
    if (k != 1)
        return tk_error_set(err, TK_EFORMAT, 0, col + 8, "offer-%c: needs exactly one tile", s[6]);
    (void)t;
    *seat = (int)(w - WINDS);
    *offer = tile[0];
    *red = r & 1;
    return 0;
}

/* Apply and blank the table and offer words of buf[0..len). */
static int table_words(char *buf, size_t len, mj_table *t, int *offer, int *red, int *seat, tk_error *err)
{
    size_t i = 0;
    while (i < len) {
        while (i < len && (buf[i] == ' ' || buf[i] == '\t'))
            i++;
        size_t s = i;
        while (i < len && buf[i] != ' ' && buf[i] != '\t')
            i++;
        if (i == s)
            break;
        int rc;
        if (i - s > 6 && memcmp(buf + s, "offer-", 6) == 0)
            rc = offer_word(t, buf + s, i - s, (long)s + 1, offer, red, seat, err) ? -1 : 1;
        else
            rc = mj_table_word(t, buf + s, i - s, (long)s + 1, err);
        if (rc < 0)
            return err ? err->code : TK_EFORMAT;
        if (rc)
            memset(buf + s, ' ', i - s);
    }
    return 0;
}

/* Rivers and the other seats' melds are seen tiles for the EV model. */
static int add_seen(const mj_table *t, mj_winctx *w, tk_error *err)
{
    for (int s = 0; s < 4; s++) {
        const mj_table_seat *st = &t->seat[s];
        for (int i = 0; i < st->n_river; i++)
            if (!(st->river[i].flags & MJ_RIVER_CALLED))
                w->seen[st->river[i].tile]++;
        if (s == t->me)
            continue;
        for (int i = 0; i < st->n_melds; i++) {
            const mj_meld *m = &st->melds[i];
            int len = m->type == MJ_CHI || m->type == MJ_PON ? 3 : 4;
            for (int k = 0; k < len; k++)
                w->seen[m->type == MJ_CHI ? m->tile + k : m->tile]++;
            if (m->red && m->tile < 27)
                w->seen_red[m->tile / 9]++;
        }
    }
    for (int x = 0; x < MJ_TILES; x++)
        if (w->seen[x] > 4) {
            char nm[3];
            mj_tile_name(x, nm);
            return tk_error_set(err, TK_EINVAL, 0, 0, "more than 4 copies of %s in the rivers, melds and seen tiles", nm);
        }
    return 0;
}

int mj_ev_parse_table_line(const char *text, size_t len, mj_hand *h, mj_winctx *w, mj_ev_config *c, mj_table *t,
                           int *offer, int *offer_red, int *offer_seat, tk_error *err)
{
    char buf[4096];
    if (len >= sizeof buf)
        return tk_error_set(err, TK_ELIMIT, 0, 0, "line longer than %zu bytes", sizeof buf - 1);
    memcpy(buf, text, len);
    mj_table_init(t);
    *offer = -1;
    *offer_red = *offer_seat = 0;
    int rc = table_words(buf, len, t, offer, offer_red, offer_seat, err);
    if (rc == 0)
        rc = mj_ev_parse_line(buf, len, h, w, c, err);
    if (rc)
        return rc;
    t->me = w->seat;
    if (*offer >= 0 && *offer_seat == t->me)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "offer-%c: is my own seat (seat:%c)", "eswn"[t->me], "ESWN"[t->me]);
    t->dealer = 0;
    t->round = w->round;
    t->seat[t->me].n_melds = h->n_melds;
    memcpy(t->seat[t->me].melds, h->melds, sizeof h->melds);
    t->n_dora = w->n_dora;
    memcpy(t->dora, w->dora, sizeof t->dora);
    mj_table_infer_passes(t);
    if ((rc = mj_table_count(t, h, err)) != 0)
        return rc;
    /* the seen: word counts for the table too */
    for (int x = 0; x < MJ_TILES; x++)
        t->unseen[x] = (uint8_t)(t->unseen[x] > w->seen[x] ? t->unseen[x] - w->seen[x] : 0);
    return add_seen(t, w, err);
}
