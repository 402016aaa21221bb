/* bog_internal.h - the Boggle dictionary and solver objects, shared by
 * solve.c (the search) and exhaust.c (pruning searched-out subtrees). */
#ifndef TILEKIT_BOG_INTERNAL_H
#define TILEKIT_BOG_INTERNAL_H

#include "tilekit/boggle.h"
#include "tilekit/dawg_view.h"

struct bog_dict {
    const dawg_view *view;   /* its alphabet and word count are the dictionary's */
    dawg_view *owned;        /* the view, when bog_dict_create built it */
    int byte_order;          /* rank order == UTF-8 byte order */
    uint8_t cpl[64];         /* code points per letter */
};

/* Entries of an array indexed by word rank (stamps, marks): at least one. */
static inline size_t tki_bog_ranks(const bog_dict *d)
{
    uint32_t w = dawg_view_words(d->view);
    return w ? w : 1;
}

#define BOG_PATH_MAX (ALPHA_WORD_MAX + 1)

/* Descents allowed on one board before every further descent first asks
 * whether the subtree below still holds a word that could be new (see
 * exhaust.c): BOG_BUDGET_BASE + BOG_BUDGET_CELL per cell.  Far above what
 * real boards need, so they never pay for the question. */
#define BOG_BUDGET_BASE 100000L
#define BOG_BUDGET_CELL 500L
/* The search's total work on one board is bounded whatever the dictionary:
 * past BOG_WORK_MAX descents (see boggle.h) the search stops and bog_solve
 * returns TK_ELIMIT.  Real boards need a few thousand descents a cell. */

struct bog_solver {
    const bog_dict *d;
    const dawg_vedge *E;
    uint8_t *stamp;          /* per word: generation when last found on a board */
    uint8_t gen;
    int min;
    unsigned flags;
    int oom;
    long budget;             /* descents left before the careful mode */
    long careful;            /* bog_solver_set_careful (negative: default) */
    long floor;              /* budget below this: the work bound, stop */
    long work_max;           /* bog_solver_set_work (0: BOG_WORK_MAX) */
    /* neighbour lists of the current shape */
    int rows, cols;
    uint8_t nbn[BOG_MAX_CELLS];
    uint16_t nb[BOG_MAX_CELLS][8];
    /* the current board */
    const bog_grid *g;
    int cells;
    uint8_t first[BOG_MAX_CELLS];           /* first letter of the face (0: blocked) */
    uint8_t nrest[BOG_MAX_CELLS];           /* letters after the first */
    uint8_t cpl[BOG_MAX_CELLS];             /* code points of the face */
    uint8_t rest[BOG_MAX_CELLS][BOG_FACE_MAX];
    uint64_t nbl[BOG_MAX_CELLS];            /* first letters of the cell's neighbours */
    uint64_t used[BOG_MAX_CELLS / 64];      /* grids of more than 64 cells: a wide bit mask */
    uint16_t path[BOG_PATH_MAX];
    /* totals */
    size_t count;
    long score;
    /* results (not with BOG_COUNT) */
    bog_word *words;
    size_t nwords, capwords;
    uint16_t *paths;
    size_t npaths, cappaths;
    char *text;
    size_t ntext, captext;
    /* exhaust.c: careful mode (allocated on first use, kept) */
    struct bog_exhaust *ex;
};

/* Careful mode: is every word below (ranks lo .. lo + words below `node`)
 * already found on this board or impossible on it?  Then the descent can
 * be skipped.  Sets s->oom on allocation failure (and answers no). */
int tki_bog_exhausted(bog_solver *s, uint32_t lo, uint32_t node);
/* Start of a board / end of the solver's life. */
void tki_bog_exhaust_board(bog_solver *s);
void tki_bog_exhaust_free(bog_solver *s);

#endif
