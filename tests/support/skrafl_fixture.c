/* skrafl_fixture.c - see skrafl_fixture.h. */
#include "skrafl_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- languages ------------------------------------------------------------------------ */

char *skfx_read_data(const char *dir, const char *code, size_t *len)
{
    char rel[128];
    snprintf(rel, sizeof rel, "data/%s/%s.txt", dir, code);
    return th_read_file(th_top_path(rel), len);
}

int skfx_alphabet(alpha_table *a, const char *code)
{
    size_t len;
    char *spec = skfx_read_data("alphabets", code, &len);
    if (!spec)
        return -1;
    tk_error err = {0};
    int rc = alpha_parse(a, spec, len, &err);
    free(spec);
    return rc ? -1 : 0;
}

int skfx_tiles(sk_tileset *ts, const alpha_table *a, const char *code)
{
    size_t len;
    char *tiles = skfx_read_data("tiles", code, &len);
    if (!tiles)
        return -1;
    tk_error err = {0};
    int rc = sk_tileset_parse(ts, a, tiles, len, &err);
    free(tiles);
    return rc ? -1 : 0;
}

int skfx_layout_file(sk_layout *lay, const char *name)
{
    size_t len;
    char *text = skfx_read_data("layouts", name, &len);
    if (!text)
        return -1;
    int rc = sk_layout_parse(lay, text, len, NULL);
    free(text);
    return rc ? -1 : 0;
}

char *skfx_sample_text(const alpha_table *a, const char *code, const skfx_sample *s, size_t *tlen)
{
    size_t len;
    char *words = skfx_read_data("words", code, &len);
    if (!words)
        return NULL;
    char *text = malloc(len + 1);
    size_t tl = 0, k = 0, k3 = 0;
    for (size_t p = 0; text && p < len;) {
        size_t e = p;
        while (e < len && words[e] != '\n')
            e++;
        uint8_t enc[ALPHA_WORD_MAX];
        int n = alpha_encode(a, words + p, e - p, enc, ALPHA_WORD_MAX, NULL);
        if (n >= 2 && (s->max_len == 0 || n <= s->max_len) &&
            (n == 2 || (n == 3 && k3++ % (size_t)s->every3 == 0) || (n > 3 && k++ % s->step == 0))) {
            memcpy(text + tl, words + p, e - p);
            tl += e - p;
            text[tl++] = '\n';
        }
        p = e + 1;
    }
    free(words);
    *tlen = tl;
    return text;
}

int skfx_lang_engine(skfx_lang *L, const sk_layout *lay)
{
    tk_error err = {0};
    if (lay)
        L->lay = *lay;
    else if (sk_layout_builtin(&L->lay, "standard", &err))
        return -1;
    return sk_engine_create(&L->e, L->dawg, &L->ts, &L->lay, &err) ? -1 : 0;
}

int skfx_lang_load(skfx_lang *L, const char *code, skfx_sample s, unsigned flags)
{
    memset(L, 0, sizeof *L);
    if (skfx_alphabet(&L->a, code))
        return -1;
    size_t tl;
    char *text = skfx_sample_text(&L->a, code, &s, &tl);
    if (!text)
        return -1;
    tk_error err = {0};
    int rc = dawg_build(&L->dawg, &L->a, text, tl, NULL, NULL, &err);
    if (flags & SKFX_KEEP_TEXT) {
        L->text = text;
        L->tlen = tl;
    } else {
        free(text);
    }
    if (rc)
        return -1;
    if (flags & SKFX_BUILTIN_TILES)
        rc = sk_tileset_builtin(&L->ts, dawg_alphabet(L->dawg), code, &err);
    else
        rc = skfx_tiles(&L->ts, dawg_alphabet(L->dawg), code);
    if (rc)
        return -1;
    if ((flags & SKFX_ENGINE) && skfx_lang_engine(L, NULL))
        return -1;
    return 0;
}

void skfx_lang_free(skfx_lang *L)
{
    sk_engine_destroy(L->e);
    dawg_destroy(L->dawg);
    free(L->text);
    L->e = NULL;
    L->dawg = NULL;
    L->text = NULL;
}

/* ---- tiles, racks, boards --------------------------------------------------------------- */

int skfx_rack_points(const sk_engine *e, const sk_rack *r)
{
    const sk_tileset *ts = sk_engine_tileset(e);
    int v = r->blanks * ts->value[0];
    for (int l = 1; l < 64; l++)
        v += r->count[l] * ts->value[l];
    return v;
}

int skfx_draw(th_rng *rng, int *bag, int nletters)
{
    int total = 0;
    for (int l = 0; l <= nletters; l++)
        total += bag[l];
    if (!total)
        return -1;
    int k = (int)th_below(rng, (uint32_t)total);
    for (int l = 0; l <= nletters; l++) {
        if (k < bag[l]) {
            bag[l]--;
            return l;
        }
        k -= bag[l];
    }
    return -1;
}

void skfx_rack_add(sk_rack *r, int l)
{
    if (l == 0)
        r->blanks++;
    else
        r->count[l]++;
    r->n++;
}

void skfx_fill_rack(th_rng *rng, int *bag, int nletters, int blanks, int size, sk_rack *r)
{
    int saved = bag[0];
    if (!blanks)
        bag[0] = 0;
    while (r->n < size) {
        int l = skfx_draw(rng, bag, nletters);
        if (l < 0)
            break;
        skfx_rack_add(r, l);
    }
    if (!blanks)
        bag[0] = saved;
}

void skfx_rack_return(int *bag, int nletters, const sk_rack *r)
{
    for (int l = 1; l <= nletters; l++)
        bag[l] += r->count[l];
    bag[0] += r->blanks;
}

void skfx_rack_counts(const sk_rack *r, uint8_t c[64])
{
    memset(c, 0, 64);
    c[0] = (uint8_t)r->blanks;
    for (int l = 1; l < 64; l++)
        c[l] = r->count[l];
}

void skfx_take_tiles(sk_rack *r, const sk_move *m)
{
    for (int i = 0; i < m->len; i++) {
        uint8_t t = m->word[i];
        if (t & SK_ONBOARD)
            continue;
        if (t & SK_BLANK)
            r->blanks--;
        else
            r->count[t & SK_LETTER]--;
        r->n--;
    }
}

void skfx_place(sk_board *b, const sk_move *m, int undo)
{
    for (int i = 0; i < m->len; i++)
        if (!(m->word[i] & SK_ONBOARD)) {
            int r = m->row + (m->dir ? i : 0), c = m->col + (m->dir ? 0 : i);
            b->sq[r * b->dim + c] = undo ? 0 : (uint8_t)(m->word[i] & (SK_LETTER | SK_BLANK));
        }
}

int skfx_same_move(const sk_move *a, const sk_move *b)
{
    return a->row == b->row && a->col == b->col && a->dir == b->dir && a->len == b->len &&
           memcmp(a->word, b->word, a->len) == 0;
}

int skfx_unseen(const sk_tileset *ts, const sk_board *b, const sk_rack *r, int u[64])
{
    int n = 0;
    for (int l = 0; l < 64; l++)
        u[l] = l <= ts->nletters ? ts->count[l] : 0;
    for (int i = 0; i < b->dim * b->dim; i++)
        if (b->sq[i])
            u[(b->sq[i] & SK_BLANK) ? 0 : (b->sq[i] & SK_LETTER)]--;
    u[0] -= r->blanks;
    for (int l = 1; l < 64; l++)
        u[l] -= r->count[l];
    for (int l = 0; l < 64; l++)
        n += u[l];
    return n;
}

/* ---- leave values ----------------------------------------------------------------------- */

uint64_t skfx_counts_hash(uint64_t h, const uint8_t counts[64], int n)
{
    for (int i = 0; i < n; i++)
        h = (h ^ counts[i]) * 0x100000001b3ull;
    return h ^ (h >> 29);
}

int32_t skfx_salted_leave(uint64_t salt, const uint8_t counts[64], int n)
{
    uint64_t h = skfx_counts_hash(salt, counts, n);
    if ((salt >> 16) % 3 == 0)
        return (int32_t)(h % 81) * 1000 - 40000;
    return (int32_t)(h % 80001) - 40000;
}

/* ---- games ------------------------------------------------------------------------------ */

void skfx_play_game(th_rng *rng, const skfx_lang *L, sk_gen *g, const char *name, int heavy, int second_best,
                    skfx_turn_fn fn, void *ctx)
{
    int nl = L->ts.nletters;
    int bag[64];
    for (int l = 0; l <= nl; l++)
        bag[l] = L->ts.count[l];
    int reserved = bag[0] < 2 ? bag[0] : 2;   /* the test racks' blanks */
    bag[0] = 0;
    sk_board b;
    memset(&b, 0, sizeof b);
    b.dim = sk_engine_layout(L->e)->dim;
    sk_rack hand;
    memset(&hand, 0, sizeof hand);
    sk_movelist ml = {0};
    for (int turn = 0, stuck = 0; stuck < 2; turn++) {
        skfx_fill_rack(rng, bag, nl, 1, 7, &hand);
        if (hand.n == 0)
            break;
        /* A test rack from the unseen tiles (bag + hand), with 0-2 blanks. */
        int unseen[64], nunseen = 0;
        for (int l = 0; l <= nl; l++) {
            unseen[l] = bag[l] + (l ? hand.count[l] : 0);
            nunseen += unseen[l];
        }
        sk_rack tr;
        memset(&tr, 0, sizeof tr);
        /* Mostly short racks (cheap), a fifth full ones. */
        int dice = (int)th_below(rng, 10);
        int size = dice < 5 ? 1 + (int)th_below(rng, 3) : dice < 8 ? 4 + (int)th_below(rng, 3) : 7;
        int nb = (int)th_below(rng, 3);
        if (heavy) {   /* full racks, mostly two blanks: the search's hardest case */
            size = 7;
            nb = dice < 7 ? 2 : dice < 9 ? 1 : 0;
        }
        if (nb > reserved)
            nb = reserved;
        if (nb > size)
            nb = size;
        for (int i = 0; i < nb; i++)
            skfx_rack_add(&tr, 0);
        skfx_fill_rack(rng, unseen, nl, 1, size, &tr);
        if (tr.n > 0) {
            skfx_turn t = { L->e, g, name, &b, &tr, turn, nunseen + reserved - tr.n };
            fn(ctx, rng, &t);
        }
        /* The player: the best move of its own rack, or now and then the second best. */
        size_t n = second_best ? 1 + (th_below(rng, 4) == 0) : 1;
        if (sk_generate_top(g, &b, &hand, 0, NULL, n, &ml, NULL) || ml.n == 0) {
            stuck++;
            continue;
        }
        stuck = 0;
        const sk_move *m = &ml.v[second_best ? th_below(rng, (uint32_t)ml.n) : 0];
        skfx_place(&b, m, 0);
        skfx_take_tiles(&hand, m);
    }
    sk_movelist_free(&ml);
}

void skfx_empty_close(skfx_empty *x)
{
    sk_gen_destroy(x->g);
    skfx_lang_free(&x->L);
    x->g = NULL;
}

int skfx_empty_open(skfx_empty *x, const char *code, size_t step)
{
    memset(x, 0, sizeof *x);
    x->b.dim = 15;
    skfx_sample s = { 0, 3, step };
    if (skfx_lang_load(&x->L, code, s, 0) != 0) {
        skfx_empty_close(x);
        th_skip("data missing");
        return -1;
    }
    int ok = skfx_lang_engine(&x->L, NULL) == 0 && sk_gen_create(&x->g, x->L.e, NULL) == 0;
    CHECK(ok);
    if (!ok)
        skfx_empty_close(x);
    return ok ? 0 : -1;
}


int skfx_lang_small(skfx_lang *L, const char *code, size_t step)
{
    skfx_sample s = { 8, 1, step };
    if (skfx_lang_load(L, code, s, SKFX_BUILTIN_TILES | SKFX_ENGINE) == 0)
        return 0;
    th_skip("no data");
    return -1;
}

int skfx_random_board(skfx_boards *bs, sk_gen *g, sk_movelist *list, th_rng *rng, sk_board *b)
{
    sk_player pl[2] = { { .name = "a", .strategy = SK_STRAT_SCORE }, { .name = "b", .strategy = SK_STRAT_SCORE } };
    sk_game *gm = &bs->game;
    tk_error err;
    if (bs->uses++ % (bs->reuse > 0 ? bs->reuse : 1) == 0 && sk_selfplay(g, list, pl, 0, th_rand(rng), gm, &err))
        return -1;
    int moves = 0;
    for (int t = 0; t < gm->nturns; t++)
        moves += gm->turns[t].kind == SK_TURN_MOVE;
    int stop = moves / 2 + (int)th_below(rng, (uint32_t)(moves / 2 + 1));
    memset(b, 0, sizeof *b);
    b->dim = gm->board.dim;
    b->rows = b->dim;
    for (int t = 0, k = 0; t < gm->nturns && k < stop; t++)
        if (gm->turns[t].kind == SK_TURN_MOVE) {
            sk_board_apply(b, &gm->turns[t].play.move);
            k++;
        }
    return 0;
}
