/* game.c - self-play: one complete game between two players, and its GCG.
 *
 * The bag is an array of tile codes (0 blank, 1.. letters) shuffled by
 * Fisher-Yates with the game's own xoshiro256** stream; drawing takes tiles
 * from its end.  Each turn the player on move picks its play by the
 * top-N search (sk_top_plays, n = 1: equity, or score with equity breaking
 * ties), and the play is applied: tiles placed and drawn, or tiles
 * exchanged (draw first, return the tiles, reshuffle), or a pass.  The
 * game ends when a player goes out with the bag empty (end-of-game rack
 * transfer), or after six consecutive scoreless turns (each loses the own
 * rack's value).  Every turn is recorded with the rack it started from, so
 * the game can be written as GCG and replayed.
 */
#include "sk_internal.h"
#include "tilekit/skgame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct bag {
    uint8_t t[1024];
    int n;
} bag;

static void shuffle(bag *b, sk_rng *rng)
{
    for (int i = b->n - 1; i > 0; i--) {
        int j = (int)sk_rng_below(rng, (uint32_t)i + 1);
        uint8_t x = b->t[i];
        b->t[i] = b->t[j];
        b->t[j] = x;
    }
}

static void draw(bag *b, sk_rack *r)
{
    while (r->n < SK_RACK_MAX && b->n > 0) {
        uint8_t t = b->t[--b->n];
        if (t == 0)
            r->blanks++;
        else
            r->count[t]++;
        r->n++;
    }
}

static void add_turn(sk_game *gm, int p, int kind, const sk_rack *rack, const sk_play *play, int score)
{
    sk_turn *t = &gm->turns[gm->nturns++];
    memset(t, 0, sizeof *t);
    t->player = (uint8_t)p;
    t->kind = (uint8_t)kind;
    t->rack = *rack;
    if (play)
        t->play = *play;
    t->score = score;
    gm->scores[p] += score;
    t->total = gm->scores[p];
}

/* Choose the play of player p: the best by the top-N search. */
static int choose(sk_gen *g, sk_movelist *list, const sk_player *pl, const sk_board *b, const sk_rack *r,
                  const sk_state *st, sk_play *best, tk_error *err)
{
    const sk_engine *e = sk_gen_engine(g);
    if (pl->strategy == SK_STRAT_CUSTOM) {
        const sk_chooser *c = pl->ctx;
        return c->choose(c->ctx, g, b, r, st, best, err);
    }
    int by_score = pl->strategy == SK_STRAT_SCORE;
    long n = sk_top_plays(g, b, r, st, 0, by_score ? NULL : pl->fn, by_score ? NULL : pl->ctx, by_score, 1,
                          list, best, err);
    if (n < 0)
        return (int)n;
    if (by_score && best->kind != SK_PLAY_MOVE) {
        /* No placement: change the whole rack if allowed, else pass. */
        sk_pass_play(e, r, st, NULL, NULL, best);
        if (st->bag >= SK_EXCHANGE_MIN && r->n > 0) {
            sk_play x[128];
            int nx = sk_exchanges(e, r, st, NULL, NULL, x);
            *best = x[nx - 1];   /* the last one enumerated is the whole rack */
        }
    }
    return TK_OK;
}

int sk_selfplay(sk_gen *g, sk_movelist *list, const sk_player players[2], int first,
                uint64_t seed, sk_game *gm, tk_error *err)
{
    return sk_selfplay_hooked(g, list, players, NULL, first, seed, gm, err);
}

int sk_selfplay_hooked(sk_gen *g, sk_movelist *list, const sk_player players[2], const sk_endgame_hook hooks[2],
                       int first, uint64_t seed, sk_game *gm, tk_error *err)
{
    const sk_engine *e = sk_gen_engine(g);
    memset(gm, 0, sizeof *gm);
    gm->seed = seed;
    gm->first = first;
    sk_rng rng;
    sk_rng_seed(&rng, seed);
    bag bg = { {0}, 0 };
    for (int l = 0; l <= e->alpha.size; l++)
        for (int k = 0; k < e->ts.count[l] && bg.n < (int)sizeof bg.t; k++)
            bg.t[bg.n++] = (uint8_t)l;
    shuffle(&bg, &rng);
    sk_board *b = &gm->board;
    b->dim = e->dim;
    sk_rack rk[2];
    memset(rk, 0, sizeof rk);
    draw(&bg, &rk[first]);
    draw(&bg, &rk[1 - first]);
    int p = first, scoreless = 0, passes = 0;
    gm->empty_turn = -1;
    for (;;) {
        sk_rack *r = &rk[p], *o = &rk[1 - p];
        if (scoreless >= SK_SCORELESS_END || gm->nturns >= SK_GAME_MAX_TURNS || (bg.n == 0 && passes >= 2)) {
            for (int k = 0; k < 2; k++) {
                int q = (first + k) % 2;
                add_turn(gm, q, SK_TURN_END_RACK, &rk[q], NULL, -sk_rack_value(e, &rk[q]));
            }
            break;
        }
        sk_state st = { bg.n, o->n, sk_rack_value(e, o) };
        sk_play pl;
        if (bg.n == 0 && gm->empty_turn < 0) {
            gm->empty_turn = gm->nturns;
            gm->empty_scores[0] = gm->scores[0];
            gm->empty_scores[1] = gm->scores[1];
        }
        if (hooks && hooks[p].turn) {
            sk_turn_view v = { b, r, bg.n ? NULL : o, bg.n, gm->scores[p], gm->scores[1 - p], scoreless, passes > 0,
                               gm->nturns };
            int rc = hooks[p].turn(hooks[p].ctx, g, &v, &pl, err);
            if (rc)
                return rc;
        } else if (!(bg.n == 0 && hooks && hooks[p].choose &&
                     hooks[p].choose(hooks[p].ctx, b, r, o, scoreless, passes > 0, &pl) == 0)) {
            int rc = choose(g, list, &players[p], b, r, &st, &pl, err);
            if (rc)
                return rc;
        }
        passes = pl.kind == SK_PLAY_PASS ? passes + 1 : 0;
        sk_rack before = *r;
        if (pl.kind == SK_PLAY_MOVE) {
            sk_board_apply(b, &pl.move);
            sk_rack_remove_move(r, &pl.move);
            add_turn(gm, p, SK_TURN_MOVE, &before, &pl, pl.move.score);
            scoreless = pl.move.score ? 0 : scoreless + 1;
            draw(&bg, r);
            if (r->n == 0) {
                int v = sk_rack_value(e, o);
                add_turn(gm, p, SK_TURN_END_OUT, o, NULL, v);
                add_turn(gm, 1 - p, SK_TURN_END_RACK, o, NULL, -v);
                break;
            }
        } else if (pl.kind == SK_PLAY_EXCHANGE) {
            sk_rack keep = *r;
            for (int i = 0; i < pl.nx; i++) {
                if (pl.x[i] == 0)
                    keep.blanks--;
                else
                    keep.count[pl.x[i]]--;
                keep.n--;
            }
            draw(&bg, &keep);
            for (int i = 0; i < pl.nx; i++)
                bg.t[bg.n++] = pl.x[i];
            shuffle(&bg, &rng);
            *r = keep;
            add_turn(gm, p, SK_TURN_EXCHANGE, &before, &pl, 0);
            scoreless++;
        } else {
            add_turn(gm, p, SK_TURN_PASS, &before, &pl, 0);
            scoreless++;
        }
        p = 1 - p;
    }
    return TK_OK;
}

/* ---- GCG output ------------------------------------------------------------ */

typedef struct sbuf {
    char *s;
    size_t n, cap;
    int err;
} sbuf;

static void sb_add(sbuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#include <stdarg.h>
static void sb_add(sbuf *b, const char *fmt, ...)
{
    if (b->err)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? b->cap - b->n : 0, fmt, ap);
        va_end(ap);
        if (k < 0) {
            b->err = 1;
            return;
        }
        if (b->s && b->n + (size_t)k < b->cap) {
            b->n += (size_t)k;
            return;
        }
        size_t cap = b->cap ? b->cap * 2 : 4096;
        while (cap < b->n + (size_t)k + 1)
            cap *= 2;
        char *ns = realloc(b->s, cap);
        if (!ns) {
            b->err = 1;
            return;
        }
        b->s = ns;
        b->cap = cap;
    }
}

int sk_game_gcg(const sk_engine *e, const sk_game *gm, const char *const names[2], const char *lexicon,
                char **out, size_t *len)
{
    sbuf b = { NULL, 0, 0, 0 };
    *out = NULL;
    *len = 0;
    sb_add(&b, "#character-encoding UTF-8\n");
    /* player1 is the one who moved first */
    for (int k = 0; k < 2; k++) {
        int q = (gm->first + k) % 2;
        sb_add(&b, "#player%d %s %s\n", k + 1, names[q], names[q]);
    }
    if (lexicon)
        sb_add(&b, "#lexicon %s\n", lexicon);
    sb_add(&b, "#description tilekit self-play, seed %llu\n", (unsigned long long)gm->seed);
    for (int i = 0; i < gm->nturns; i++) {
        const sk_turn *t = &gm->turns[i];
        char rack[128], w[256], co[16];
        sk_rack_leave(&t->rack, NULL, e, rack, sizeof rack);
        const char *nick = names[t->player];
        switch (t->kind) {
        case SK_TURN_MOVE:
            sk_coord_format(t->play.move.row, t->play.move.col, t->play.move.dir, co, sizeof co);
            sk_move_format(&t->play.move, e, SK_FMT_PLAYED, w, sizeof w);
            sb_add(&b, ">%s: %s %s %s +%d %d\n", nick, rack, co, w, t->score, t->total);
            break;
        case SK_TURN_EXCHANGE: {
            sk_rack x;
            memset(&x, 0, sizeof x);
            for (int k = 0; k < t->play.nx; k++) {
                if (t->play.x[k] == 0)
                    x.blanks++;
                else
                    x.count[t->play.x[k]]++;
                x.n++;
            }
            sk_rack_leave(&x, NULL, e, w, sizeof w);
            sb_add(&b, ">%s: %s -%s +0 %d\n", nick, rack, w, t->total);
            break;
        }
        case SK_TURN_PASS:
            sb_add(&b, ">%s: %s - +0 %d\n", nick, rack, t->total);
            break;
        case SK_TURN_END_OUT:
            sb_add(&b, ">%s: (%s) +%d %d\n", nick, rack, t->score, t->total);
            break;
        case SK_TURN_END_RACK:
            if (t->rack.n || t->score)
                sb_add(&b, ">%s: %s (%s) %d %d\n", nick, rack, rack, t->score, t->total);
            break;
        }
    }
    if (b.err) {
        free(b.s);
        return TK_ENOMEM;
    }
    *out = b.s;
    *len = b.n;
    return TK_OK;
}
