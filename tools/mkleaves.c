/* mkleaves.c - learn a leave table by tilekit's own self-play.
 *
 *   mkleaves --dict FILE --lang en|is -o OUT.csv [--games N] [--iters K] [--seed S]
 *            [--jobs J] [--init TABLE] [--full] [--target score|equity|rack|drawn|paired] [--balance]
 *            [--min-samples M] [--shrink K] [--baseline-racks K]
 *   mkleaves --dict FILE --lang L --play --first I --games N --seed S [--init TABLE]
 *            [--target T] -o SHARD.stats
 *   mkleaves --lang L --fit [--full --balance --target T ...] -o OUT.csv SHARD.stats...
 *   mkleaves --lang L --merge [--target T] -o ALL.stats SHARD.stats...
 *   mkleaves --lang L --pack TABLE.csv -o TABLE.tkl [--bits 12|16] [--unit U]
 *   mkleaves --lang L --unpack TABLE.tkl -o TABLE.csv
 *   mkleaves --lang L --klv2 TABLE -o TABLE.klv2      (or --klv: wolges/MAGPIE files)
 *   --checkpoint FILE [--checkpoint-every S]  (with --play or --iters 1): resumable
 *
 * The method (documented in data/leaves/README):
 *   1. Start from --init (CSV or binary), or an empty table (every leave 0).
 *   2. Each iteration plays N games in which both players take the best play
 *      by equity with the current table (sk_top_plays through sk_selfplay;
 *      game i seeded with sk_game_seed(S + iteration, i), started by player
 *      i mod 2).  Every placement or exchange that kept 1..6 tiles, after
 *      which the same player's next turn started from a full rack of 7, is
 *      one sample: the leave kept, and y = that next turn's score, or with
 *      --target equity its equity under the table (score + the value of the
 *      leave it kept), in thousandths.  With --target rack the samples are
 *      drawn from racks instead: every placement or exchange made from a
 *      full rack of 7 with tiles in the bag is one sample, y = its equity
 *      under the table, for each distinct leave of 1..6 tiles inside that
 *      rack (up to 126 leaves a turn); a leave's mean is then the mean equity
 *      of the turns whose rack held it, and the mean of all samples is the
 *      mean over the turns (the empty leave, inside every rack).  With
 *      --target drawn only the leaves inside the rack that hold all the
 *      tiles kept on the player's turn before are sampled (the kept tiles
 *      plus any of those drawn since): the rest of such a rack is a fresh
 *      draw, as after keeping that leave (harvest_racks says why).  With
 *      --target paired the samples are drawn's, each y less the mean
 *      equity of the best play of K racks of 7 drawn at random from the
 *      tiles not on that turn's board (--baseline-racks K, default 2): a
 *      leave is then valued by how much better a rack holding it does than
 *      a fresh one on the same boards, and the boards a leave tends to be
 *      kept on (an unplayable Q on a closed board) no longer count for it.
 *   3. A smooth model is fitted to the per-leave means minus the mean of all
 *      samples (paired: the means themselves), by weighted least squares
 *      (12 rounds of coordinate descent):
 *      a value per tile, per unordered pair of tiles (a duplicate letter has
 *      its own pair value) and, with --balance, per vowel balance (vowels
 *      and consonants kept); ridge terms of 100 samples (tile, balance) and
 *      1000 (pair), so a pair value moves away from 0 only on plenty of
 *      evidence.  The leaves are put in a canonical order first, so the
 *      floating-point sums, hence the table, do not depend on --jobs.
 *   4. Each leave's value is the model's value plus its own mean residual
 *      shrunk toward 0: n / (n + K) of it (K = --shrink, default 50).
 *   5. The table holds every leave of 1..6 tiles the tile set allows with
 *      --full (914,624 English), else every leave of 1..4 tiles and the 5-
 *      and 6-tile leaves seen in at least M samples (--min-samples).
 * The next iteration plays with the new table.
 *
 * At scale: --play plays games I .. I+N-1 of one iteration and writes the
 * samples' integer sums per leave (text); --fit adds any number of such
 * files, in any order, exactly, and fits: the table is the one a single
 * process playing all the games makes (--iters 1), bit for bit.  --merge
 * adds files into one.  --pack / --unpack convert between the CSV and the
 * dense binary form (sk_leaves_write_binary; defaults 16 bits in hundredths).
 */
#include "bench.h"
#include "cli/cli.h"
#include "tilekit/skgame.h"

#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct stat_t { int64_t sum; int64_t n; } stat_t;

/* What a sample's y is (--target). */
enum { TARGET_SCORE, TARGET_EQUITY, TARGET_RACK, TARGET_DRAWN, TARGET_PAIRED, NTARGETS };
static const char *const target_name[] = { "score", "equity", "rack", "drawn", "paired" };

typedef struct acc {
    sk_leaves *index;        /* leave -> 1 + index into st */
    stat_t *st;
    uint64_t *keys;          /* packed counts per index (for writing) */
    uint8_t (*cnt)[64];
    size_t n, cap;
    int64_t ysum, ny;
    int target;              /* TARGET_* */
    pthread_mutex_t mu;
    uint8_t *done;           /* --checkpoint: game first + i is in the sums (done[i]) */
    long first;
} acc;

typedef struct run {
    const sk_engine *e;
    sk_player pl[2];
    uint64_t seed;
    long first, games, next;   /* games first .. first + games - 1 */
    int nbase;                 /* --target paired: random racks per baseline */
    acc *A;
    pthread_mutex_t mu;
    pthread_cond_t ended;      /* a worker ended (running went down) */
    int running;
    int fail;
} run;

static int acc_add_n(acc *A, const uint8_t c[64], int64_t y, int64_t n);
static int acc_add(acc *A, const uint8_t c[64], int64_t y)
{
    A->ysum += y;
    A->ny++;
    return acc_add_n(A, c, y, 1);
}

/* Add n samples of total y for leave c. */
static int acc_add_n(acc *A, const uint8_t c[64], int64_t y, int64_t n)
{
    int32_t id = sk_leaves_value(A->index, c);
    if (id == 0) {
        if (A->n == A->cap) {
            size_t cap = A->cap ? A->cap * 2 : 4096;
            stat_t *st = realloc(A->st, cap * sizeof *st);
            if (!st)
                return -1;
            A->st = st;
            uint8_t (*cn)[64] = realloc(A->cnt, cap * sizeof *cn);
            if (!cn)
                return -1;
            A->cnt = cn;
            A->cap = cap;
        }
        memcpy(A->cnt[A->n], c, 64);
        A->st[A->n].sum = 0;
        A->st[A->n].n = 0;
        A->n++;
        id = (int32_t)A->n;
        if (sk_leaves_set(A->index, c, id))
            return -1;
    }
    A->st[id - 1].sum += y;
    A->st[id - 1].n += n;
    return 0;
}

/* Every distinct multiset of 1..6 tiles inside `rack` that holds `sub` (k
 * tiles; sub plus further tiles of the rack, letters from `from` on, each
 * multiset reached once) gets one sample of y. */
static int add_subleaves(acc *A, const uint8_t rack[64], uint8_t sub[64], int from, int k, int64_t y)
{
    if (k > 0 && k < SK_RACK_MAX && acc_add_n(A, sub, y, 1))
        return -1;
    for (int l = from; l < 64; l++)
        if (sub[l] < rack[l]) {
            sub[l]++;
            int rc = add_subleaves(A, rack, sub, l, k + 1, y);
            sub[l]--;
            if (rc)
                return -1;
        }
    return 0;
}

/* The tiles kept by the placement or exchange of turn t (its rack less
 * the tiles it played or returned); their number. */
static int kept_tiles(const sk_turn *t, uint8_t c[64])
{
    memcpy(c, t->rack.count, 64);
    c[0] = (uint8_t)t->rack.blanks;
    int kept = t->rack.n;
    if (t->kind == SK_TURN_MOVE) {
        const sk_move *m = &t->play.move;
        for (int k = 0; k < m->len; k++)
            if (!(m->word[k] & SK_ONBOARD)) {
                c[(m->word[k] & SK_BLANK) ? 0 : (m->word[k] & SK_LETTER)]--;
                kept--;
            }
    } else {
        for (int k = 0; k < t->play.nx; k++) {
            c[t->play.x[k]]--;
            kept--;
        }
    }
    return kept;
}

/* The turns harvest_racks samples: the number of kept tiles the sampled
 * leaves must hold (in sub), or -1 if turn i gives no sample. */
static int rack_turn(const sk_game *gm, int i, int target, uint8_t sub[64])
{
    const sk_turn *t = &gm->turns[i];
    memset(sub, 0, 64);
    if (t->kind != SK_TURN_MOVE && t->kind != SK_TURN_EXCHANGE)
        return -1;
    if (t->rack.n != SK_RACK_MAX || (gm->empty_turn >= 0 && i >= gm->empty_turn))
        return -1;
    if (target == TARGET_RACK)
        return 0;
    int p = i - 1;
    while (p >= 0 && gm->turns[p].player != t->player)
        p--;
    if (p < 0)
        return 0;
    if (gm->turns[p].kind != SK_TURN_MOVE && gm->turns[p].kind != SK_TURN_EXCHANGE)
        return -1;
    int base = kept_tiles(&gm->turns[p], sub);   /* inside the rack: the rest was drawn */
    return base < SK_RACK_MAX ? base : -1;
}

/* --target rack, drawn and paired: every placement or exchange made from
 * a full rack of 7 with tiles in the bag (so its equity counted a leave) is
 * a sample, y = its equity under the table, for leaves inside that rack.
 * rack: every distinct leave of 1..6 tiles inside it (up to 126).
 * drawn: only the leaves that hold all the tiles the player kept on the
 * own turn before (none on the first turn) plus any of the tiles drawn
 * since: for those the rest of the rack is a fresh draw from the bag, as it
 * is after keeping that leave, where the other leaves' companions were
 * chosen by the player (keeping ERS makes a rack holding S look better
 * than keeping S alone is).  A turn after a pass gives none.
 * A leave's mean is compared with the mean of all the turns sampled
 * (paired: y is less the turn's baseline, and the mean is not subtracted). */
static int harvest_racks(acc *A, const sk_game *gm, const int64_t *baseline)
{
    int rc = 0;
    for (int i = 0; i < gm->nturns && !rc; i++) {
        const sk_turn *t = &gm->turns[i];
        uint8_t c[64], sub[64];
        int base = rack_turn(gm, i, A->target, sub);
        if (base < 0)
            continue;
        memcpy(c, t->rack.count, 64);
        c[0] = (uint8_t)t->rack.blanks;
        int64_t y = t->play.equity - (baseline ? baseline[i] : 0);
        A->ysum += y;
        A->ny++;
        rc = add_subleaves(A, c, sub, 0, base, y);
    }
    return rc;
}

/* --target paired: the baseline of each turn harvest_racks samples, the
 * mean equity under the table of the best play of R->nbase racks of 7 drawn
 * at random from the tiles not on that turn's board (the opponent's rack and
 * the bag as that player sees them, and the own rack), in thousandths.  The
 * draws are seeded by the game's seed and the turn, so the samples do not
 * depend on threads or shards. */
static int paired_baselines(const run *R, sk_gen *g, sk_movelist *list, const sk_game *gm, int64_t *baseline,
                            tk_error *err)
{
    const sk_engine *e = R->e;
    sk_board b;
    memset(&b, 0, sizeof b);
    b.dim = gm->board.dim;
    for (int i = 0; i < gm->nturns; i++) {
        const sk_turn *t = &gm->turns[i];
        uint8_t sub[64];
        baseline[i] = 0;
        if (rack_turn(gm, i, TARGET_PAIRED, sub) >= 0) {
            sk_rack opp;
            memset(&opp, 0, sizeof opp);
            for (int j = i + 1; j < gm->nturns; j++)
                if (gm->turns[j].player != t->player && gm->turns[j].kind != SK_TURN_END_OUT) {
                    opp = gm->turns[j].rack;   /* the opponent's rack until that turn */
                    break;
                }
            int pool[64];
            sk_unseen(e, &b, NULL, pool);   /* the board holds what the tile set has: replayed */
            uint8_t tiles[1024];
            int nt = 0;
            for (int l = 0; l < 64; l++)
                for (int k = 0; k < pool[l] && nt < (int)sizeof tiles; k++)
                    tiles[nt++] = (uint8_t)l;
            sk_state st = { nt - t->rack.n - opp.n, opp.n, sk_rack_value(e, &opp) };
            sk_rng rng;
            sk_rng_seed(&rng, sk_game_seed(gm->seed ^ 0x5eed0fba5e11e5ULL, (uint64_t)i));
            int64_t sum = 0;
            for (int k = 0; k < R->nbase && nt >= SK_RACK_MAX; k++) {
                sk_rack rr;
                memset(&rr, 0, sizeof rr);
                for (int d = 0; d < SK_RACK_MAX; d++) {   /* a partial Fisher-Yates shuffle */
                    int at = d + (int)sk_rng_below(&rng, (uint32_t)(nt - d));
                    uint8_t x = tiles[at];
                    tiles[at] = tiles[d];
                    tiles[d] = x;
                    if (x == 0)
                        rr.blanks++;
                    else
                        rr.count[x]++;
                    rr.n++;
                }
                sk_play best;
                long n = sk_top_plays(g, &b, &rr, &st, 0, R->pl[0].fn, R->pl[0].ctx, 0, 1, list, &best, err);
                if (n < 0)
                    return (int)n;
                sum += best.equity;
            }
            baseline[i] = sum / R->nbase;   /* nbase >= 1 (main checks it) */
        }
        if (t->kind == SK_TURN_MOVE)
            sk_board_apply(&b, &t->play.move);
    }
    return 0;
}

/* Samples of one game: leave kept, next own turn's score (or equity). */
static int harvest_turns(acc *A, const sk_game *gm);
/* Game `game`'s samples into A, with its mark in A->done (--checkpoint) in
 * the same hold of the lock: a checkpoint holds a game whole or not at all. */
static int harvest(acc *A, const sk_game *gm, const int64_t *baseline, long game)
{
    pthread_mutex_lock(&A->mu);
    int rc = A->target == TARGET_RACK || A->target == TARGET_DRAWN || A->target == TARGET_PAIRED
                 ? harvest_racks(A, gm, A->target == TARGET_PAIRED ? baseline : NULL)
                 : harvest_turns(A, gm);
    if (!rc && A->done)
        A->done[game - A->first] = 1;
    pthread_mutex_unlock(&A->mu);
    return rc;
}

static int harvest_turns(acc *A, const sk_game *gm)
{
    int rc = 0;
    for (int i = 0; i < gm->nturns && !rc; i++) {
        const sk_turn *t = &gm->turns[i];
        if (t->kind != SK_TURN_MOVE && t->kind != SK_TURN_EXCHANGE)
            continue;
        int j = i + 1;
        while (j < gm->nturns && gm->turns[j].player != t->player)
            j++;
        if (j >= gm->nturns || gm->turns[j].kind > SK_TURN_PASS || gm->turns[j].rack.n != SK_RACK_MAX)
            continue;
        uint8_t c[64];
        int kept = kept_tiles(t, c);
        if (kept < 1 || kept > 6)
            continue;
        /* y in thousandths: the next turn's score, or (--target equity) its
         * equity under the table played with (score + the value it kept). */
        const sk_turn *nx = &gm->turns[j];
        int64_t y = A->target == TARGET_EQUITY ? nx->play.equity : (int64_t)nx->score * 1000;
        rc = acc_add(A, c, y);
    }
    return rc;
}

static void *worker(void *arg)
{
    run *R = arg;
    sk_gen *g = NULL;
    sk_movelist list = {0};
    sk_game *gm = malloc(sizeof *gm);
    int64_t *baseline = malloc(sizeof gm->turns / sizeof gm->turns[0] * sizeof *baseline);
    int ok = gm && baseline && sk_gen_create(&g, R->e, NULL) == 0;
    while (ok) {
        pthread_mutex_lock(&R->mu);
        long i = R->next++;
        pthread_mutex_unlock(&R->mu);
        if (i >= R->games)
            break;
        if (R->A->done && R->A->done[i])   /* in the checkpoint resumed from */
            continue;
        i += R->first;
        tk_error err;
        if (sk_selfplay(g, &list, R->pl, (int)(i % 2), sk_game_seed(R->seed, (uint64_t)i), gm, &err) ||
            (R->A->target == TARGET_PAIRED && paired_baselines(R, g, &list, gm, baseline, &err)) ||
            harvest(R->A, gm, baseline, i)) {
            ok = 0;
            break;
        }
    }
    pthread_mutex_lock(&R->mu);
    R->fail |= !ok;
    R->running--;
    pthread_cond_signal(&R->ended);
    pthread_mutex_unlock(&R->mu);
    free(gm);
    free(baseline);
    sk_movelist_free(&list);
    sk_gen_destroy(g);
    return NULL;
}

/* ---- the model ---------------------------------------------------------------- */

typedef struct model {
    double single[64];
    double pair[64][64];     /* a <= b */
    double balance[64];      /* by (vowels, consonants) kept, blanks aside: v * 8 + c */
    uint8_t vowel[64];       /* 1 for a vowel of the alphabet */
} model;

/* The vowel-balance bin of a leave. */
static int balance_bin(const uint8_t vowel[64], const uint8_t c[64])
{
    int v = 0, k = 0;
    for (int l = 1; l < 64; l++)
        if (c[l]) {
            if (vowel[l])
                v += c[l];
            else
                k += c[l];
        }
    return (v & 7) * 8 + (k & 7);
}

static int tiles_of(const uint8_t c[64], int *t)
{
    int n = 0;
    for (int l = 0; l < 64; l++)
        for (int k = 0; k < c[l]; k++)
            t[n++] = l;
    return n;
}

static double predict(const model *M, const uint8_t c[64])
{
    int t[8], n = tiles_of(c, t);
    double v = 0;
    for (int i = 0; i < n; i++) {
        v += M->single[t[i]];
        for (int j = i + 1; j < n; j++)
            v += M->pair[t[i]][t[j]];
    }
    return v + M->balance[balance_bin(M->vowel, c)];
}

/* The feature list of every leave: singles (letter, count) and pairs (id,
 * multiplicity), and for each feature the leaves that have it (CSR), so that
 * one coordinate-descent step touches only those leaves. */
typedef struct feat {
    int *start, *leaf;       /* start[f]..start[f+1]: leaves with feature f */
    double *x;               /* the feature's value in that leave */
} feat;

#define FBAL (64 + 64 * 64)
#define NFEAT (FBAL + 64)

static int feat_value(const uint8_t c[64], int f, double *x)
{
    if (f >= FBAL) {
        *x = 1;
        return 1;
    }
    if (f < 64) {
        *x = c[f];
        return c[f] != 0;
    }
    int a = (f - 64) / 64, b = (f - 64) % 64;
    if (a > b)
        return 0;
    *x = a == b ? c[a] * (c[a] - 1) / 2.0 : (double)c[a] * c[b];
    return *x != 0;
}

static int feat_build(feat *F, const acc *A, int nletters, const uint8_t vowel[64])
{
    size_t n = A->n, total = 0;
    F->start = calloc(NFEAT + 1, sizeof *F->start);
    if (!F->start)
        return -1;
    for (int pass = 0; pass < 2; pass++) {
        int *fill = pass ? calloc(NFEAT, sizeof *fill) : NULL;
        if (pass && !fill)
            return -1;
        for (size_t i = 0; i < n; i++) {
            const uint8_t *c = A->cnt[i];
            int t[8], k = 0;
            for (int l = 0; l <= nletters; l++)
                if (c[l])
                    t[k++] = l;
            for (int u = vowel ? -1 : 0; u < k; u++)
                for (int v = u < 0 ? k - 1 : u - 1; v < k; v++) {
                    int f = u < 0 ? FBAL + balance_bin(vowel, c) : v < u ? t[u] : 64 + t[u] * 64 + t[v];
                    double x;
                    if (!feat_value(c, f, &x))
                        continue;
                    if (!pass) {
                        F->start[f + 1]++;
                        total++;
                    } else {
                        int at = F->start[f] + fill[f]++;
                        F->leaf[at] = (int)i;
                        F->x[at] = x;
                    }
                }
        }
        if (!pass) {
            for (int f = 0; f < NFEAT; f++)
                F->start[f + 1] += F->start[f];
            F->leaf = malloc((total + 1) * sizeof *F->leaf);
            F->x = malloc((total + 1) * sizeof *F->x);
            if (!F->leaf || !F->x)
                return -1;
        }
        free(fill);
    }
    return 0;
}

static void fit(model *M, const acc *A, double mean, int nletters, int balance)
{
    uint8_t vowel[64];
    memcpy(vowel, M->vowel, 64);
    memset(M, 0, sizeof *M);
    memcpy(M->vowel, vowel, 64);
    size_t n = A->n;
    double *res = malloc((n + 1) * sizeof *res);
    feat F = { NULL, NULL, NULL };
    if (!res || feat_build(&F, A, nletters, balance ? vowel : NULL)) {
        free(res);
        return;
    }
    for (size_t i = 0; i < n; i++)
        res[i] = (double)A->st[i].sum / (double)A->st[i].n - mean;
    const double ridge1 = 100.0, ridge2 = 1000.0;   /* in samples: pairs need many to move */
    for (int round = 0; round < 12; round++)
        for (int f = 0; f < NFEAT; f++) {
            double num = 0, den = 0;
            for (int k = F.start[f]; k < F.start[f + 1]; k++) {
                double w = (double)A->st[F.leaf[k]].n, x = F.x[k];
                num += w * x * res[F.leaf[k]];
                den += w * x * x;
            }
            if (den == 0)
                continue;
            double d = num / (den + (f < 64 || f >= FBAL ? ridge1 : ridge2));
            if (f >= FBAL)
                M->balance[f - FBAL] += d;
            else if (f < 64)
                M->single[f] += d;
            else
                M->pair[(f - 64) / 64][(f - 64) % 64] += d;
            for (int k = F.start[f]; k < F.start[f + 1]; k++)
                res[F.leaf[k]] -= d * F.x[k];
        }
    free(F.start);
    free(F.leaf);
    free(F.x);
    free(res);
}

/* Put the distinct leaves in a canonical order (by their counts), so the
 * floating-point sums of the fit do not depend on which thread saw a leave
 * first: the table is the same for any --jobs. */
static const acc *sort_acc;
static int idx_cmp(const void *x, const void *y)
{
    return memcmp(sort_acc->cnt[*(const size_t *)x], sort_acc->cnt[*(const size_t *)y], 64);
}

static int canonical(acc *A)
{
    size_t n = A->n;
    size_t *ix = malloc((n + 1) * sizeof *ix);
    stat_t *st = malloc((n + 1) * sizeof *st);
    uint8_t (*cn)[64] = malloc((n + 1) * sizeof *cn);
    if (!ix || !st || !cn) {
        free(ix);
        free(st);
        free(cn);
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        ix[i] = i;
    sort_acc = A;
    qsort(ix, n, sizeof *ix, idx_cmp);
    for (size_t i = 0; i < n; i++) {
        st[i] = A->st[ix[i]];
        memcpy(cn[i], A->cnt[ix[i]], 64);
        if (sk_leaves_set(A->index, cn[i], (int32_t)(i + 1)))
            return -1;
    }
    free(A->st);
    free(A->cnt);
    free(ix);
    A->st = st;
    A->cnt = cn;
    return 0;
}

/* ---- output ------------------------------------------------------------------- */

typedef struct writer {
    const sk_tileset *ts;
    const model *M;
    const acc *A;
    double mean, shrink;
    sk_leaves *out;
    int fail;
} writer;

static double leave_value(const writer *W, const uint8_t c[64])
{
    double v = predict(W->M, c);
    int32_t id = sk_leaves_value(W->A->index, c);
    if (id > 0) {
        const stat_t *s = &W->A->st[id - 1];
        double r = (double)s->sum / (double)s->n - W->mean - v;
        v += r * (double)s->n / ((double)s->n + W->shrink);
    }
    return v;
}

static void put(writer *W, const uint8_t c[64])
{
    double v = leave_value(W, c);   /* thousandths */
    long m = (long)(v + (v < 0 ? -0.5 : 0.5));
    if (sk_leaves_set(W->out, c, (int32_t)m))
        W->fail = 1;
}

/* Every multiset of 1..maxk tiles from letter `from` on. */
static void enumerate(writer *W, uint8_t c[64], int from, int k, int maxk)
{
    const sk_tileset *ts = W->ts;
    if (k > 0)
        put(W, c);
    if (k == maxk)
        return;
    for (int l = from; l <= ts->nletters; l++)
        if (c[l] < ts->count[l]) {
            c[l]++;
            enumerate(W, c, l, k + 1, maxk);
            c[l]--;
        }
}

static int write_text(const char *path, const char *text, size_t len)
{
    if (strcmp(path, "-") == 0) {
        int bad = fwrite(text, 1, len, stdout) != len;
        if (bad | (fflush(stdout) != 0)) {
            cli_error(NULL, 0, "cannot write to standard output");
            return -1;
        }
        return 0;
    }
    cli_out o;                  /* the output-file rule: cli_outfile.h */
    tk_error err = {0};
    if (cli_out_open(&o, path, &err) != 0) {
        cli_error(path, 0, "%s", err.msg);
        return -1;
    }
    if (fwrite(text, 1, len, o.f) != len) {
        cli_out_abort(&o);
        cli_error(path, 0, "cannot write");
        return -1;
    }
    if (cli_out_commit(&o, &err) != 0) {
        cli_error(path, 0, "%s", err.msg);
        return -1;
    }
    return 0;
}

static int write_csv(const char *path, const alpha_table *a, const sk_leaves *L)
{
    char *text;
    size_t len;
    if (sk_leaves_write_csv(L, a, &text, &len)) {
        cli_error(path, 0, "out of memory");
        return -1;
    }
    int rc = write_text(path, text, len);   /* it says why it fails */
    free(text);
    return rc;
}

/* ---- options, the fit of one iteration ------------------------------------------ */

typedef struct opts {
    const char *dict, *lang, *out, *init;
    long games, iters, jobs, minsamp, first;
    unsigned long long seed;
    double shrink;
    int full, target, balance, bits, unit, nbase;
    const char *ckpt;        /* --checkpoint FILE */
    double ckpt_every;       /* --checkpoint-every S */
} opts;

static void acc_init(acc *A, int target)
{
    memset(A, 0, sizeof *A);
    A->target = target;
    pthread_mutex_init(&A->mu, NULL);
    sk_leaves_create(&A->index, 1 << 16);
}

static void acc_free(acc *A)
{
    sk_leaves_destroy(A->index);
    free(A->st);
    free(A->cnt);
    free(A->done);
}

/* The table fitted to the samples of A (NULL: out of memory). */
static sk_leaves *fit_table(acc *A, const sk_tileset *ts, const uint8_t vowel[64], const opts *o)
{
    /* paired: y is already relative to a rack of 7 fresh tiles (the empty leave) */
    double mean = A->target == TARGET_PAIRED ? 0 : (double)A->ysum / (double)(A->ny ? A->ny : 1);
    model *M = calloc(1, sizeof *M);
    if (!M || canonical(A)) {
        free(M);
        return NULL;
    }
    memcpy(M->vowel, vowel, 64);
    fit(M, A, mean, ts->nletters, o->balance);
    writer W = { ts, M, A, mean, o->shrink, NULL, 0 };
    sk_leaves_create(&W.out, o->full ? 1 << 21 : 1 << 16);
    uint8_t c[64] = {0};
    enumerate(&W, c, 0, 0, o->full ? 6 : 4);
    for (size_t i = 0; i < A->n && !o->full; i++) {
        int k = 0;
        for (int l = 0; l < 64; l++)
            k += A->cnt[i][l];
        if (k >= 5 && A->st[i].n >= o->minsamp)
            put(&W, A->cnt[i]);
    }
    free(M);
    if (W.fail) {
        sk_leaves_destroy(W.out);
        return NULL;
    }
    return W.out;
}

static int ckpt_resume(const char *ident, const opts *o, const alpha_table *a, acc *A);
static int ckpt_save(const char *ident, const opts *o, const alpha_table *a, acc *A);
static int ckpt_ident(char *buf, size_t cap, const sk_engine *e, const sk_leaves *table, uint64_t seed,
                      const opts *o);

/* Wait for R's workers, saving a checkpoint every o->ckpt_every seconds. */
static int wait_saving(run *R, const char *ident, const opts *o)
{
    int rc = 0;
    double next = cli_now() + o->ckpt_every;
    pthread_mutex_lock(&R->mu);
    while (R->running > 0) {
        double left = next - cli_now();
        if (left > 0) {
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            double t = (double)ts.tv_sec + ts.tv_nsec / 1e9 + left;
            ts.tv_sec = (time_t)t;
            ts.tv_nsec = (long)((t - (double)ts.tv_sec) * 1e9);
            pthread_cond_timedwait(&R->ended, &R->mu, &ts);
            continue;
        }
        pthread_mutex_unlock(&R->mu);
        rc |= ckpt_save(ident, o, sk_engine_alphabet(R->e), R->A);
        next = cli_now() + o->ckpt_every;
        pthread_mutex_lock(&R->mu);
    }
    pthread_mutex_unlock(&R->mu);
    return rc;
}

/* Play games o->first .. o->first + o->games - 1 of the run seeded `seed` with `table`.
 * With --checkpoint: resume from its file, save it every --checkpoint-every seconds. */
static int play(const sk_engine *e, sk_leaves *table, uint64_t seed, const opts *o, acc *A)
{
    char ident[256];
    /* the first checkpoint at once: a file that cannot be written stops the run now */
    if (o->ckpt && (ckpt_ident(ident, sizeof ident, e, table, seed, o) ||
                    ckpt_resume(ident, o, sk_engine_alphabet(e), A) || ckpt_save(ident, o, sk_engine_alphabet(e), A)))
        return -1;
    run R;
    memset(&R, 0, sizeof R);
    R.e = e;
    for (int k = 0; k < 2; k++) {
        R.pl[k].name = k ? "b" : "a";
        R.pl[k].strategy = SK_STRAT_EQUITY;
        R.pl[k].fn = sk_leaves_value;
        R.pl[k].ctx = table;
    }
    R.seed = seed;
    R.first = o->first;
    R.games = o->games;
    R.nbase = o->nbase;
    R.A = A;
    pthread_mutex_init(&R.mu, NULL);
    pthread_cond_init(&R.ended, NULL);
    pthread_t th[64];
    int nt = o->jobs < 64 ? (int)o->jobs : 64, started = 0, rc = 0;
    R.running = nt;
    for (int t = 0; t < nt; t++)
        if (pthread_create(&th[t], NULL, worker, &R) == 0)
            started++;
    pthread_mutex_lock(&R.mu);
    R.running -= nt - started;
    pthread_mutex_unlock(&R.mu);
    if (!started) {
        R.running = 1;
        worker(&R);
    }
    if (started && o->ckpt)
        rc = wait_saving(&R, ident, o);
    for (int t = 0; t < started; t++)
        pthread_join(th[t], NULL);
    pthread_cond_destroy(&R.ended);
    return R.fail || rc ? -1 : 0;
}

/* ---- sample statistics: shards and their merge ----------------------------------- */

/* Text, one leave a line: "#tkleaves-stats 1 LANG TARGET" then "#total YSUM NY"
 * then "LEAVE SUM N" (SUM in thousandths).  Integer sums: merging files
 * adds them, in any order, exactly. */
static void stats_put(FILE *f, const acc *A, const alpha_table *a, const char *lang, int target)
{
    fprintf(f, "#tkleaves-stats 1 %s %s\n#total %lld %lld\n", lang, target_name[target],
            (long long)A->ysum, (long long)A->ny);
    for (size_t i = 0; i < A->n; i++) {
        const uint8_t *c = A->cnt[i];
        for (int l = 1; l <= a->size && l < 64; l++)
            for (int k = 0; k < c[l]; k++)
                fputs(a->upper[l], f);
        for (int k = 0; k < c[0]; k++)
            fputc('?', f);
        fprintf(f, " %lld %lld\n", (long long)A->st[i].sum, (long long)A->st[i].n);
    }
}

static int stats_write(const char *path, const acc *A, const alpha_table *a, const char *lang, int target)
{
    cli_out o;                  /* a shard too follows the output-file rule */
    tk_error err = {0};
    FILE *f = stdout;
    if (strcmp(path, "-") != 0) {
        if (cli_out_open(&o, path, &err) != 0) {
            cli_error(path, 0, "%s", err.msg);
            return -1;
        }
        f = o.f;
    }
    stats_put(f, A, a, lang, target);
    if (f == stdout)
        return ferror(f) | (fflush(f) != 0) ? -1 : 0;
    if (ferror(f)) {
        cli_out_abort(&o);
        return -1;
    }
    if (cli_out_commit(&o, &err) != 0) {
        cli_error(path, 0, "%s", err.msg);
        return -1;
    }
    return 0;
}

/* The statistics in text[0..len) (a file's lines from line0 + 1 on) into A. */
static int stats_parse(const char *path, const char *text, size_t len, long line0, acc *A, const alpha_table *a,
                       const char *lang, int target)
{
    long line = 0;
    int rc = 0;
    char want[64];
    snprintf(want, sizeof want, "#tkleaves-stats 1 %s %s", lang, target_name[target]);
    for (size_t i = 0; i < len && !rc;) {
        const char *nl = memchr(text + i, '\n', len - i);
        size_t e = nl ? (size_t)(nl - text) : len, n = e - i;
        const char *s = text + i;
        line++;
        i = e + 1;
        if (line == 1) {
            if (n != strlen(want) || memcmp(s, want, n)) {
                cli_error(path, line0 + line, "not a statistics file of %s, target %s", lang, target_name[target]);
                rc = -1;
            }
            continue;
        }
        char buf[256];
        if (n >= sizeof buf) {
            cli_error(path, line0 + line, "line too long");
            rc = -1;
            break;
        }
        memcpy(buf, s, n);
        buf[n] = 0;
        long long x, y;
        if (line == 2) {
            if (sscanf(buf, "#total %lld %lld", &x, &y) != 2) {
                cli_error(path, line0 + line, "expected '#total YSUM N'");
                rc = -1;
            }
            A->ysum += x;
            A->ny += y;
            continue;
        }
        char *sp = strchr(buf, ' ');
        if (!sp || sscanf(sp, " %lld %lld", &x, &y) != 2 || y < 1) {
            cli_error(path, line0 + line, "expected 'LEAVE SUM N'");
            rc = -1;
            break;
        }
        uint8_t c[64] = {0};
        int tiles = 0;
        for (char *p = buf; p < sp && !rc;) {
            int letter = 0, upper = 0, k = 1;
            if (*p == '?')
                letter = 0;
            else if ((k = alpha_match(a, p, (size_t)(sp - p), &letter, &upper)) <= 0) {
                cli_error(path, line0 + line, "not a leave");
                rc = -1;
                break;
            }
            c[letter]++;
            p += k;
            if (++tiles > 6) {
                cli_error(path, line0 + line, "more than 6 tiles");
                rc = -1;
            }
        }
        if (!rc && acc_add_n(A, c, x, y)) {
            cli_error(NULL, 0, "out of memory");
            rc = -1;
        }
    }
    if (!rc && line < 2) {   /* empty, or a header alone: no #total line */
        cli_error(path, line0 + (line ? line : 1), "not a statistics file of %s, target %s (too short)", lang,
                  target_name[target]);
        rc = -1;
    }
    return rc;
}

static int stats_read(const char *path, acc *A, const alpha_table *a, const char *lang, int target)
{
    size_t len;
    char *text = cli_load_file(path, &len);
    if (!text)
        return -1;
    int rc = stats_parse(path, text, len, 0, A, a, lang, target);
    free(text);
    return rc;
}

/* ---- checkpoints (--checkpoint FILE) ------------------------------------------
 * A run of one iteration (or one --play shard) saves, every --checkpoint-every
 * seconds, the games done so far and their integer sums: the line
 * "#tkleaves-checkpoint 1 IDENT" (what the games depend on: language,
 * target, seed, games, baseline racks, a hash of the dictionary's graph and
 * of the table played with), "#done RANGES" (game numbers: "0-41,44"), then
 * the statistics file of those games, then "#end HASH" (FNV-1a of all that
 * comes before it: a damaged file is refused).  A game is in the sums whole or not at
 * all (harvest), and the file is replaced by cli_checkpoint_write (temporary
 * file, fsync, rename), so a run killed at any moment, by SIGKILL too,
 * resumes from its last checkpoint and makes the same table, bit for bit, as
 * a run never stopped.  The file is removed once the output is written. */

static uint64_t fnv1a(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001B3ull;
    return h;
}

static int ckpt_ident(char *buf, size_t cap, const sk_engine *e, const sk_leaves *table, uint64_t seed,
                      const opts *o)
{
    const dawg_graph *d = sk_engine_dawg(e);
    uint64_t hd = fnv1a(0xCBF29CE484222325ull, dawg_edges(d), (size_t)dawg_edge_count(d) * sizeof *dawg_edges(d));
    char *csv = NULL;
    size_t len = 0;
    if (sk_leaves_write_csv(table, sk_engine_alphabet(e), &csv, &len)) {
        cli_error(NULL, 0, "out of memory");
        return -1;
    }
    uint64_t ht = fnv1a(0xCBF29CE484222325ull, csv, len);
    free(csv);
    snprintf(buf, cap, "%s %s seed %llu first %ld games %ld baseline-racks %d dict %016llx table %016llx", o->lang,
             target_name[o->target], (unsigned long long)seed, o->first, o->games, o->nbase,
             (unsigned long long)hd, (unsigned long long)ht);
    return 0;
}

/* "#done 0-41,44": the games marked in A->done (numbered from A->first). */
static void done_put(FILE *f, const acc *A, long games)
{
    fputs("#done ", f);
    const char *sep = "";
    for (long i = 0; i < games;) {
        if (!A->done[i]) {
            i++;
            continue;
        }
        long j = i;
        while (j + 1 < games && A->done[j + 1])
            j++;
        if (j > i)
            fprintf(f, "%s%ld-%ld", sep, A->first + i, A->first + j);
        else
            fprintf(f, "%s%ld", sep, A->first + i);
        sep = ",";
        i = j + 1;
    }
    fputc('\n', f);
}

static int ckpt_save(const char *ident, const opts *o, const alpha_table *a, acc *A)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) {
        cli_error(o->ckpt, 0, "cannot save the checkpoint: out of memory");
        return -1;
    }
    pthread_mutex_lock(&A->mu);
    fprintf(f, "#tkleaves-checkpoint 1 %s\n", ident);
    done_put(f, A, o->games);
    stats_put(f, A, a, o->lang, A->target);
    pthread_mutex_unlock(&A->mu);
    int bad = ferror(f) | (fflush(f) != 0);
    if (!bad)
        fprintf(f, "#end %016llx\n", (unsigned long long)fnv1a(0xCBF29CE484222325ull, text, len));
    bad |= fclose(f) != 0;
    tk_error err = {0};
    if (bad || cli_checkpoint_write(o->ckpt, text, len, &err) != 0) {
        cli_error(o->ckpt, 0, "cannot save the checkpoint: %s", bad ? "out of memory" : err.msg);
        free(text);
        return -1;
    }
    free(text);
    return 0;
}

/* "#done RANGES" (line 2 of `path`) into A->done; -1, reported, if malformed. */
static int done_parse(const char *path, const char *s, size_t n, const opts *o, acc *A)
{
    if (n < 6 || memcmp(s, "#done ", 6) != 0) {
        cli_error(path, 2, "expected '#done RANGES'");
        return -1;
    }
    for (size_t i = 6; i < n;) {
        char *end;
        long lo = strtol(s + i, &end, 10), hi = lo;
        if (end == s + i || lo < o->first)
            break;
        i = (size_t)(end - s);
        if (i < n && s[i] == '-') {
            hi = strtol(s + i + 1, &end, 10);
            if (end == s + i + 1)
                break;
            i = (size_t)(end - s);
        }
        if (hi < lo || hi >= o->first + o->games || (i < n && s[i] != ','))
            break;
        memset(A->done + (lo - o->first), 1, (size_t)(hi - lo + 1));
        if (i < n)
            i++;
        if (i == n) {
            A->first = o->first;
            return 0;
        }
    }
    if (n == 6) {   /* no game done yet */
        A->first = o->first;
        return 0;
    }
    cli_error(path, 2, "bad game ranges");
    return -1;
}

/* Start A: the games of --checkpoint's file when it is there (and of this
 * run), else none.  Messages name the file; -1 on error. */
static int ckpt_resume(const char *ident, const opts *o, const alpha_table *a, acc *A)
{
    A->done = calloc((size_t)o->games, 1);
    A->first = o->first;
    if (!A->done) {
        cli_error(NULL, 0, "out of memory");
        return -1;
    }
    tk_error err = {0};
    size_t len;
    char *text = cli_checkpoint_read(o->ckpt, &len, &err);
    if (!text && err.code == TK_ENOTFOUND)
        return 0;                       /* a new run */
    if (!text) {
        cli_error(o->ckpt, 0, "%s", err.msg);
        return -1;
    }
    /* the last line: "#end HASH" of the bytes before it */
    size_t body = len;
    while (body > 0 && text[body - 1] == '\n')
        body--;
    while (body > 0 && text[body - 1] != '\n')
        body--;
    unsigned long long h = 0;
    if (sscanf(text + body, "#end %16llx", &h) != 1 || h != fnv1a(0xCBF29CE484222325ull, text, body)) {
        cli_error(o->ckpt, 0, "a damaged checkpoint (its last line is not the '#end' of what comes before): "
                              "remove it to start the run again");
        free(text);
        return -1;
    }
    len = body;
    char want[320];
    int wl = snprintf(want, sizeof want, "#tkleaves-checkpoint 1 %s\n", ident);
    const char *l2 = memchr(text, '\n', len), *l3 = l2 ? memchr(l2 + 1, '\n', len - (size_t)(l2 + 1 - text)) : NULL;
    int rc = 0;
    if ((size_t)wl > len || memcmp(text, want, (size_t)wl) != 0) {
        cli_error(o->ckpt, 1, "not a checkpoint of this run (%s): give another --checkpoint file, or remove it",
                  ident);
        rc = -1;
    } else if (!l3) {
        cli_error(o->ckpt, 2, "expected '#done RANGES' and statistics");
        rc = -1;
    } else {
        rc = done_parse(o->ckpt, l2 + 1, (size_t)(l3 - l2 - 1), o, A) ||
             stats_parse(o->ckpt, l3 + 1, len - (size_t)(l3 + 1 - text), 2, A, a, o->lang, o->target);
    }
    free(text);
    if (rc)
        return -1;
    long n = 0;
    for (long i = 0; i < o->games; i++)
        n += A->done[i];
    fprintf(stderr, "mkleaves: %s: resuming: %ld of %ld games done\n", o->ckpt, n, o->games);
    return 0;
}

static void usage(void)
{
    printf("Usage: mkleaves --dict FILE --lang en|is -o OUT.csv [--games N] [--iters K] [--seed S] [--jobs J]\n"
           "                [--init TABLE] [--full] [--target score|equity|rack|drawn|paired] [--balance]\n"
           "                [--min-samples M] [--shrink K] [--baseline-racks K]\n"
           "       mkleaves --dict FILE --lang L --play --first I --games N --seed S [--init TABLE]\n"
           "                [--target T] -o SHARD.stats      (one shard: games I .. I+N-1)\n"
           "       mkleaves --lang L --fit [fit options] -o OUT.csv SHARD.stats...\n"
           "       mkleaves --lang L --merge -o ALL.stats SHARD.stats...\n"
           "       mkleaves --lang L --pack TABLE.csv -o TABLE.tkl [--bits 12|16] [--unit U]\n"
           "       mkleaves --lang L --unpack TABLE.tkl -o TABLE.csv\n"
           "       mkleaves --lang L --klv2 TABLE -o TABLE.klv2   (--klv: TABLE.klv)\n"
           "With --play or --iters 1: --checkpoint FILE [--checkpoint-every S] saves the games\n"
           "done every S seconds (default 60); a run stopped (kill -9 too) resumes from FILE.\n"
           "Any TABLE may be CSV, .tkl, KLV or KLV2 (the leave files of wolges and MAGPIE).\n"
           "Fit a leave table by self-play (see data/leaves/README).  A shard writes its\n"
           "integer sample sums; --fit of all shards of an iteration makes the same table\n"
           "as one process playing every game (--iters 1 --seed S).\n");
}

/* what the command line asks for: the modes of the usage above */
enum { MODE_TRAIN, MODE_SHARD, MODE_FIT, MODE_MERGE, MODE_PACK, MODE_UNPACK, MODE_KLV, MODE_KLV2 };

/* Parse the options into *o, *mode and *conv (the table a conversion reads);
   -1 to go on, else the exit status. */
static int parse_args(int argc, char **argv, opts *o, int *mode, const char **conv)
{
    static const struct option lo[] = {
        { "init", required_argument, 0, 'I' }, { "full", no_argument, 0, 'F' },
        { "target", required_argument, 0, 'T' }, { "balance", no_argument, 0, 'B' },
        { "dict", required_argument, 0, 'd' }, { "lang", required_argument, 0, 'l' },
        { "games", required_argument, 0, 'g' }, { "iters", required_argument, 0, 'i' },
        { "seed", required_argument, 0, 's' }, { "jobs", required_argument, 0, 'j' },
        { "min-samples", required_argument, 0, 'm' }, { "shrink", required_argument, 0, 'k' },
        { "play", no_argument, 0, 'P' }, { "first", required_argument, 0, 'f' },
        { "fit", no_argument, 0, 'X' }, { "merge", no_argument, 0, 'M' },
        { "pack", required_argument, 0, 'K' }, { "unpack", required_argument, 0, 'U' },
        { "bits", required_argument, 0, 'b' }, { "unit", required_argument, 0, 'u' },
        { "output", required_argument, 0, 'o' }, { "help", no_argument, 0, 'h' },
        { "force", no_argument, 0, 'W' }, { "baseline-racks", required_argument, 0, 'R' },
        { "klv", required_argument, 0, 'V' }, { "klv2", required_argument, 0, '2' },
        { "checkpoint", required_argument, 0, 'C' }, { "checkpoint-every", required_argument, 0, 'E' }, { 0, 0, 0, 0 }
    };
    int ch;
    while ((ch = getopt_long(argc, argv, "d:l:g:i:s:j:m:k:o:h", lo, NULL)) != -1) {
        switch (ch) {
        case 'd': o->dict = optarg; break;
        case 'l': o->lang = optarg; break;
        case 'g': o->games = atol(optarg); break;
        case 'i': o->iters = atol(optarg); break;
        case 's': o->seed = strtoull(optarg, NULL, 10); break;
        case 'j': o->jobs = atol(optarg); break;
        case 'm': o->minsamp = atol(optarg); break;
        case 'k': o->shrink = atof(optarg); break;
        case 'o': o->out = optarg; break;
        case 'W': cli_out_set_force(1); break;
        case 'I': o->init = optarg; break;
        case 'F': o->full = 1; break;
        case 'B': o->balance = 1; break;
        case 'P': *mode = MODE_SHARD; break;
        case 'f': o->first = atol(optarg); break;
        case 'X': *mode = MODE_FIT; break;
        case 'M': *mode = MODE_MERGE; break;
        case 'K': *mode = MODE_PACK; *conv = optarg; break;
        case 'U': *mode = MODE_UNPACK; *conv = optarg; break;
        case 'V': *mode = MODE_KLV; *conv = optarg; break;
        case '2': *mode = MODE_KLV2; *conv = optarg; break;
        case 'b': o->bits = atoi(optarg); break;
        case 'u': o->unit = atoi(optarg); break;
        case 'R': o->nbase = atoi(optarg); break;
        case 'C':
            if (!*optarg)
                cli_usage_error("--checkpoint needs a file name");
            o->ckpt = optarg;
            break;
        case 'E': o->ckpt_every = cli_parse_real("--checkpoint-every", optarg, 0, 1, CLI_SECONDS_MAX); break;
        case 'T':
            for (o->target = 0; o->target < NTARGETS && strcmp(optarg, target_name[o->target]); o->target++)
                ;
            if (o->target == NTARGETS)
                cli_usage_error("--target is score, equity, rack, drawn or paired");
            break;
        case 'h': usage(); return 0;
        default: return CLI_EXIT_USAGE;
        }
    }
    if (!o->out || o->games < 1 || o->iters < 1 || o->first < 0)
        cli_usage_error("need -o OUT, --games >= 1, --iters >= 1, --first >= 0");
    if (o->nbase < 1 || o->nbase > 64)
        cli_usage_error("--baseline-racks is 1 to 64");
    if (o->ckpt && (*mode > MODE_SHARD || (*mode == MODE_TRAIN && o->iters != 1)))
        cli_usage_error("--checkpoint goes with --play or --iters 1");
    if (o->ckpt && o->out && strcmp(o->ckpt, o->out) == 0)
        cli_usage_error("--checkpoint and -o name the same file");
    if (!o->ckpt_every)
        o->ckpt_every = 60;
    if ((*mode == MODE_FIT || *mode == MODE_MERGE) && optind >= argc)
        cli_usage_error("--fit and --merge need statistics files");
    if (o->jobs <= 0)
        o->jobs = cli_cpu_count();
    return -1;
}

/* The letters the fitted model counts as vowels (Y not in English). */
static void vowels(const alpha_table *a, const char *lang, uint8_t vowel[64])
{
    static const char *const vw[] = { "A", "E", "I", "O", "U", "Á", "É", "Í", "Ó", "Ú", "Ý", "Y", "Æ", "Ö" };
    int is_en = strcmp(lang, "en") == 0;
    for (int l = 1; l <= a->size && l < 64; l++)
        for (size_t k = 0; k < sizeof vw / sizeof *vw; k++)
            if (strcmp(a->upper[l], vw[k]) == 0 && !(is_en && k == 11))
                vowel[l] = 1;
}

/* --pack, --unpack, --klv, --klv2: one table file to another form */
static int convert(int mode, const char *conv, const opts *o, const alpha_table *a, const sk_tileset *ts)
{
    sk_leaves *t = bench_load_leaves(conv, a, ts), *dn = NULL;
    if (!t)
        return CLI_EXIT_DATA;
    char *text = NULL;
    size_t len = 0;
    int rc = mode == MODE_PACK     ? sk_leaves_densify(&dn, t, ts, o->bits, o->unit) || sk_leaves_write_binary(dn, &text, &len)
             : mode == MODE_UNPACK ? sk_leaves_write_csv(t, a, &text, &len)
                                   : sk_leaves_write_klv(t, mode == MODE_KLV2, &text, &len);
    if (rc) {
        cli_error(conv, 0, "%s", mode == MODE_PACK     ? "cannot pack it (bad --bits/--unit, or out of memory)"
                                 : mode == MODE_UNPACK ? "cannot unpack it (out of memory)"
                                                       : "cannot make a KLV of it (more than 2^22 nodes, or out of memory)");
        return CLI_EXIT_DATA;
    }
    if (write_text(o->out, text, len))   /* it says why */
        return CLI_EXIT_DATA;
    free(text);
    sk_leaves_destroy(t);
    sk_leaves_destroy(dn);
    return 0;
}

/* --merge: the shards' sums into one file; --fit: the table they make */
static int merge_or_fit(int mode, int nfiles, char **files, const opts *o, const alpha_table *a,
                        const sk_tileset *ts, const uint8_t vowel[64])
{
    acc A;
    acc_init(&A, o->target);
    for (int i = 0; i < nfiles; i++)
        if (stats_read(files[i], &A, a, o->lang, o->target))
            return CLI_EXIT_DATA;
    if (mode == MODE_MERGE) {
        if (canonical(&A) || stats_write(o->out, &A, a, o->lang, o->target)) {
            cli_error(o->out, 0, "cannot write");
            return CLI_EXIT_DATA;
        }
        acc_free(&A);
        return 0;
    }
    sk_leaves *t = fit_table(&A, ts, vowel, o);
    if (!t)
        cli_error(o->out, 0, "out of memory");
    if (!t || write_csv(o->out, a, t))
        return CLI_EXIT_DATA;
    fprintf(stderr, "mkleaves: fit of %d file(s): %lld samples, %zu distinct leaves, mean %.3f; table %zu leaves\n",
            nfiles, (long long)A.ny, A.n, (double)A.ysum / 1000 / (double)(A.ny ? A.ny : 1),
            sk_leaves_count(t));
    sk_leaves_destroy(t);
    acc_free(&A);
    return 0;
}

/* --play: one shard of an iteration, its sample sums written */
static int play_shard(const sk_engine *e, sk_leaves *table, const opts *o, const alpha_table *a)
{
    acc A;
    acc_init(&A, o->target);
    if (play(e, table, o->seed, o, &A) || canonical(&A) ||
        stats_write(o->out, &A, a, o->lang, o->target)) {
        cli_error(o->out, 0, "self-play failed or cannot write");
        return CLI_EXIT_DATA;
    }
    acc_free(&A);
    return 0;
}

/* --iters rounds of self-play with the current table, each fitting the next;
   *table is replaced by the last one */
static int train(const sk_engine *e, sk_leaves **table, opts *o, const sk_tileset *ts, const uint8_t vowel[64])
{
    o->first = 0;
    for (long it = 0; it < o->iters; it++) {
        acc A;
        acc_init(&A, o->target);
        if (play(e, *table, o->seed + (uint64_t)it, o, &A)) {
            cli_error(NULL, 0, "self-play failed (out of memory?)");
            return CLI_EXIT_DATA;
        }
        sk_leaves *t = fit_table(&A, ts, vowel, o);
        if (!t) {
            cli_error(NULL, 0, "out of memory");
            return CLI_EXIT_DATA;
        }
        fprintf(stderr, "mkleaves: iteration %ld: %ld games, %lld samples, %zu distinct leaves, mean y %.3f;"
                        " table %zu leaves\n", it + 1, o->games, (long long)A.ny, A.n,
                (double)A.ysum / 1000 / (double)(A.ny ? A.ny : 1), sk_leaves_count(t));
        sk_leaves_destroy(*table);
        *table = t;
        acc_free(&A);
    }
    return 0;
}

int main(int argc, char **argv)
{
    cli_init("mkleaves");
    opts o = { NULL, "en", NULL, NULL, 2000, 2, 0, 5, 0, 1, 50, 0, 0, 0, 16, 10, 2, NULL, 0 };
    int mode = MODE_TRAIN;
    const char *conv = NULL;
    int rc = parse_args(argc, argv, &o, &mode, &conv);
    if (rc >= 0)
        return rc;
    alpha_table a;
    sk_tileset ts;
    tk_error err = {0};
    if (cli_load_alphabet(o.lang, &a))
        return CLI_EXIT_DATA;
    if (sk_tileset_builtin(&ts, &a, o.lang, &err)) {
        cli_error(NULL, 0, "%s", err.msg);
        return CLI_EXIT_DATA;
    }
    uint8_t vowel[64] = {0};
    vowels(&a, o.lang, vowel);
    if (mode >= MODE_PACK)
        return convert(mode, conv, &o, &a, &ts);
    if (mode == MODE_FIT || mode == MODE_MERGE)
        return merge_or_fit(mode, argc - optind, argv + optind, &o, &a, &ts, vowel);
    dawg_graph *d;
    sk_tileset ets;
    sk_engine *e = bench_skrafl_engine(o.dict, o.lang, &d, &ets);
    if (!e) {
        dawg_destroy(d);
        return CLI_EXIT_DATA;
    }
    sk_leaves *table = NULL;
    if (o.init) {
        table = bench_load_leaves(o.init, &a, &ts);
        if (!table)
            return CLI_EXIT_DATA;
    } else {
        sk_leaves_create(&table, 16);
    }
    rc = mode == MODE_SHARD ? play_shard(e, table, &o, &a) : train(e, &table, &o, &ts, vowel);
    if (rc)
        return rc;
    if (mode == MODE_TRAIN && write_csv(o.out, &a, table))
        return CLI_EXIT_DATA;
    if (o.ckpt)
        unlink(o.ckpt);          /* the run is done: its output is written */
    sk_leaves_destroy(table);
    sk_engine_destroy(e);
    dawg_destroy(d);
    return 0;
}
