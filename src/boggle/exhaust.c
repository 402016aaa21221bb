/* exhaust.c - skipping subtrees that can hold no new word on this board.
 *
 * On most boards every prefix is reached by a handful of paths.  On a grid
 * of one letter (or a few letters repeated) a prefix is reached by
 * exponentially many, and a plain depth-first search walks the same
 * subtree of the word graph again and again although every word in it was
 * found long ago.  The solver therefore counts its descents; past a budget
 * far above what real boards use, each descent first asks
 * tki_bog_exhausted(lo, node): is every word below this prefix (a contiguous
 * range of ranks, lo .. lo + words below node) either found already on this
 * board or impossible on it?  Then nothing new can come from there.
 *
 * Answering: a per-word skip pointer, valid for one board (a 30-bit board
 * generation per word, so nothing is cleared per board), links every word
 * known to be done (found, or impossible) to a later word not known to be
 * done; find() follows and compresses these links, so a range that is done
 * is recognised in near-constant time.  The first word of the range not
 * known to be done is then tested once per board with necessary conditions
 * for being traced: long enough for the minimum length, every letter
 * available on the board as often as the word uses it, its first letter
 * starting a face, and every pair of consecutive letters either inside one
 * face or across two neighbouring faces.  A word that fails is impossible
 * (marked done); one that passes is marked plausible and the descent goes
 * on.  These conditions are exact on a grid of one letter, where every
 * length up to the number of cells can be traced (the search finds those
 * words first), so such grids finish quickly with any dictionary.
 */
#include "bog_internal.h"

#include <stdlib.h>
#include <string.h>

enum { MARK_DONE = 1, MARK_PLAUSIBLE = 2 };

struct bog_exhaust {
    uint32_t *skip;      /* per word, when marked done: a later word to look at */
    uint32_t *mark;      /* per word: board generation << 2 | MARK_* (stale if the generation differs) */
    uint32_t bgen;       /* board generation, 1 .. 2^30 - 1 */
    int ready;           /* the board's tables below are filled */
    uint8_t count[64];   /* letters on the board */
    uint64_t starts;     /* letters that start a face */
    uint64_t follow[64]; /* follow[a]: letters that may come right after a */
};

void tki_bog_exhaust_free(bog_solver *s)
{
    if (!s->ex)
        return;
    free(s->ex->skip);
    free(s->ex->mark);
    free(s->ex);
    s->ex = NULL;
}

void tki_bog_exhaust_board(bog_solver *s)
{
    struct bog_exhaust *ex = s->ex;
    if (!ex)
        return;
    ex->ready = 0;
    if (++ex->bgen >= (1u << 30)) {
        memset(ex->mark, 0, tki_bog_ranks(s->d) * sizeof *ex->mark);
        ex->bgen = 1;
    }
}

static void board_tables(bog_solver *s, struct bog_exhaust *ex)
{
    const bog_grid *g = s->g;
    memset(ex->count, 0, sizeof ex->count);
    memset(ex->follow, 0, sizeof ex->follow);
    ex->starts = 0;
    for (int i = 0; i < s->cells; i++) {
        int n = g->n[i];
        if (!n)
            continue;
        ex->starts |= (uint64_t)1 << g->let[i][0];
        for (int j = 0; j < n; j++) {
            if (ex->count[g->let[i][j]] < 255)
                ex->count[g->let[i][j]]++;
            if (j + 1 < n)
                ex->follow[g->let[i][j]] |= (uint64_t)1 << g->let[i][j + 1];
        }
        for (int k = 0; k < s->nbn[i]; k++) {
            int c = s->nb[i][k];
            if (g->n[c])
                ex->follow[g->let[i][n - 1]] |= (uint64_t)1 << g->let[c][0];
        }
    }
    ex->ready = 1;
}

/* Could word `rank` be traced on this board at all (necessary conditions)? */
static int plausible(bog_solver *s, struct bog_exhaust *ex, uint32_t rank)
{
    uint8_t w[ALPHA_WORD_MAX], used[64] = {0};
    int n = dawg_view_word(s->d->view, rank, w);
    if (n <= 0)
        return 0;
    if (!ex->ready)
        board_tables(s, ex);
    if (!((ex->starts >> w[0]) & 1))
        return 0;
    int cps = 0;
    for (int i = 0; i < n; i++) {
        cps += s->d->cpl[w[i]];
        if (++used[w[i]] > ex->count[w[i]])
            return 0;
        if (i + 1 < n && !((ex->follow[w[i]] >> w[i + 1]) & 1))
            return 0;
    }
    return cps >= s->min;
}

/* The first word of [x, hi) not known to be done on this board (hi if none);
 * compresses the links it followed. */
static uint32_t find(bog_solver *s, struct bog_exhaust *ex, uint32_t x, uint32_t hi)
{
    uint32_t done = ex->bgen << 2 | MARK_DONE, start = x;
    while (x < hi) {
        if (ex->mark[x] == done) {
            x = ex->skip[x];
        } else if (s->stamp[x] == s->gen) {
            ex->mark[x] = done;     /* found: done from now on */
            ex->skip[x] = x + 1;
            x++;
        } else {
            break;
        }
    }
    for (uint32_t y = start; y < x && ex->mark[y] == done;) {
        uint32_t next = ex->skip[y];
        ex->skip[y] = x;
        y = next;
    }
    return x;
}

int tki_bog_exhausted(bog_solver *s, uint32_t lo, uint32_t node)
{
    struct bog_exhaust *ex = s->ex;
    if (!ex) {
        size_t n = tki_bog_ranks(s->d);
        ex = calloc(1, sizeof *ex);
        if (!ex || !(ex->skip = malloc(n * sizeof *ex->skip)) || !(ex->mark = calloc(n, sizeof *ex->mark))) {
            if (ex)
                free(ex->skip);
            free(ex);
            s->oom = 1;         /* the board fails with TK_ENOMEM; stop searching */
            return 1;
        }
        ex->bgen = 1;
        s->ex = ex;
    }
    uint32_t hi = lo + dawg_view_node_words(s->d->view, node);
    uint32_t plaus = ex->bgen << 2 | MARK_PLAUSIBLE;
    for (;;) {
        uint32_t x = find(s, ex, lo, hi);
        if (x >= hi)
            return 1;
        if (ex->mark[x] == plaus)
            return 0;
        if (plausible(s, ex, x)) {
            ex->mark[x] = plaus;
            return 0;
        }
        ex->mark[x] = ex->bgen << 2 | MARK_DONE;
        ex->skip[x] = x + 1;
    }
}
