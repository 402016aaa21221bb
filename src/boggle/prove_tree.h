/* prove_tree.h - the orderly tree of a class of boards (prove_tree.c
 * builds it, prove.c splits on it). */
#ifndef TILEKIT_PROVE_TREE_H
#define TILEKIT_PROVE_TREE_H

#include "prove_internal.h"

/* A node, as its parent's group names it: its groups grp[g0 .. g0 + gn)
 * (in decreasing place), its own points and the face of the parent's cell
 * it stands for; deep: the last place of a group below it (0: none).  Its
 * bound depends on the class (a tree serves several, tki_tree_restrict):
 * the bound of kid[c] is t->sb[c]. */
typedef struct prove_kid {
    uint32_t g0;
    int32_t pts;
    uint8_t face, gn, deep;
} prove_kid;

/* A node with its bound (the root, a merged node). */
typedef struct prove_node {
    prove_kid k;
    int32_t sb;
} prove_node;

/* A group: the children kid[c0 .. c0 + n) (by face) of one cell (its place
 * in the order); deep: the last place of this group or one below it.  Its
 * best child's bound (for the class) is tki_tree_group_max. */
typedef struct prove_group {
    uint32_t c0;
    uint8_t pos, n, deep;
} prove_group;

/* Key words of a record: a digit per place of the order (the face's rank
 * in the cell's set + 1, or 0), most significant first (key_layout). */
#define PROVE_KEY_WORDS 8
/* Members: classes of the built class that differ from the first (the
 * build's bounds) only at one place, each the faces of one group of the
 * partition there; the build makes the bounds of each at once. */
#define PROVE_MEMBERS 8

typedef struct prove_tree {
    /* the tree: groups and children, written as the nodes close (children
     * before parents); forcing a cell (prove_merge.c) appends merged nodes
     * that share the old ones' groups and children */
    prove_node root;      /* the class's root and its bound */
    uint64_t allow[BOG_PROVE_CELLS];     /* faces of the class at each place: the bounds count only
                                            these (a superclass's tree, tki_tree_restrict) */
    int32_t *sb;                         /* the current class's bounds of kid[c]: a member's sbm */
    /* members: the build's class (allow at the build: base) with the faces
     * mset[m] at place mpos, m < nm; member m's bounds sbm[m] and
     * rootsb[m]; cur: the member whose bounds are in use */
    int nm, cur, mpos;
    uint64_t base[BOG_PROVE_CELLS], mset[PROVE_MEMBERS];
    int32_t rootsb[PROVE_MEMBERS];
    int32_t *sbm[PROVE_MEMBERS];
    uint32_t capsbm[PROVE_MEMBERS];
    uint32_t roomc;                      /* building: children every array holds */
    uint32_t nn;          /* nodes built */
    uint32_t ng, capg;
    prove_group *grp;
    uint32_t nc, capc;
    prove_kid *kid;
    /* building */
    const bog_prover *p;
    const uint64_t *sets;
    const dawg_vedge *E;
    int cells, oom, kw, rw;              /* key words; record words (kw: the value in the last) */
    uint64_t kmask[PROVE_KEY_WORDS];     /* the key's bits of each key word */
    uint64_t vmask;                      /* the value's bits of a record's last word */
    size_t nrec, caprec, captmp, maxrec; /* maxrec: more records stop the walk (PROVE_TOO_BIG) */
    size_t recbytes, tmpbytes, psbytes;  /* the kept arrays' sizes (records vary from tree to tree) */
    uint64_t *rec, *tmp;                 /* records: kw key words, then rank << 4 | points */
    size_t top[256];                     /* records by the first byte of their key */
    uint32_t (*hist)[2048];              /* the sort's counts */
    uint64_t *ps;                        /* walk: path states (used cells, last cell, key words) */
    size_t nps, capps;
    uint64_t cells_of[BOG_PROVE_FACES];  /* cells whose set holds the face */
    uint64_t nbm[BOG_PROVE_CELLS + 1];   /* neighbours of a cell (of the start: every cell) */
    uint64_t nbl[BOG_PROVE_CELLS];       /* first letters of the neighbours' faces */
    uint8_t dword[BOG_PROVE_CELLS];      /* a cell's key word and digit shift; */
    uint8_t dshift[BOG_PROVE_CELLS];
    uint8_t code[BOG_PROVE_CELLS][BOG_PROVE_FACES];      /* the digit of a face on a cell */
    uint8_t face_at[BOG_PROVE_CELLS][BOG_PROVE_FACES + 1];   /* the face of a digit at a place */
    uint64_t letters;                    /* first letters of the class's faces */
    uint8_t place_at[PROVE_KEY_WORDS][64];   /* the place of a key word's bit, by leading zeros */
    uint8_t used[PROVE_KEY_WORDS];       /* bits used of each key word (from the top) */
    uint64_t below_at[PROVE_KEY_WORDS][64];  /* the bits after the digit of a bit (by leading zeros) */
    uint8_t shift_of[BOG_PROVE_CELLS];   /* the shift of a place's digit in its word, */
    uint64_t dmask[BOG_PROVE_CELLS];     /* its mask (after the shift), */
    uint8_t word_of[BOG_PROVE_CELLS];    /* its key word, */
    uint64_t from_mask[BOG_PROVE_CELLS]; /* and the bits of that word from it on */
    /* the linear build */
    struct prove_open *open;             /* the open nodes, root first */
    prove_kid *stk;                      /* children of the open nodes */
    int32_t *stkm;                       /* their bounds for each member (PROVE_MEMBERS a child) */
    uint8_t *stkpos;
    uint32_t nstk, capstk, capopen;
    uint32_t *run;                       /* words of the current key */
    uint32_t nrun, caprun;
    /* merging (prove_merge.c): the groups and children of the nodes being made */
    struct pending_group *pend;
    uint32_t npend, cappend;
    prove_node *mstk;
    uint32_t nmstk, capmstk;
} prove_tree;

/* Where the tree's arrays end, to truncate them back to. */
typedef struct prove_mark {
    uint32_t ng, nc;
} prove_mark;

#define PROVE_TOO_BIG 1          /* more word paths than max_records */

/* Build the tree of the class `sets` (kept arrays are reused), its bounds
 * those of the subclass `bounds` (NULL: sets; as tki_tree_restrict); if
 * bounds differ from sets at one place only, also those of the members
 * (the faces there of each other group of the partition).
 * Returns TK_OK, PROVE_TOO_BIG (more than max_records word paths),
 * TK_ENOMEM or TK_ELIMIT (more word paths than the memory limit of
 * records). */
int tki_tree_build(prove_tree *t, const bog_prover *p, const uint64_t *sets, const uint64_t *bounds,
                   size_t max_records);
void tki_tree_free(prove_tree *t);
/* The bounds of the built tree for the subclass `sets` (each within the
 * built class's), as the subclass's own tree would have them: a member's
 * made by the build, else the bounds and group maxima that depend on a
 * place whose faces differ from the last call's (or the build's) made
 * again, counting only the children whose face the subclass allows at
 * their place (the members' bounds are then no longer kept). */
void tki_tree_restrict(prove_tree *t, const uint64_t *sets);
/* Room for ngr more groups and nk more children (-1 and t->oom set when
 * out of memory). */
int tki_tree_room(prove_tree *t, uint32_t ngr, uint32_t nk);
/* The merge of nodes a and b (the tree of the boards that spell the words
 * of both) into *out (its face: a's).  -1 (t->oom set) when out of memory. */
int tki_tree_merge(prove_tree *t, const prove_node *a, const prove_node *b, prove_node *out);
/* Node r without its last group (the one at the smallest place). */
void tki_tree_without_last(const prove_tree *t, const prove_node *r, prove_node *out);
/* A copy of the tree's child c, its bound in sb. */
static inline prove_node tki_tree_kid(const prove_tree *t, uint32_t c)
{
    prove_node n = {t->kid[c], t->sb[c]};
    return n;
}
/* The best bound of a child of group g whose face the class allows. */
static inline int32_t tki_tree_group_max(const prove_tree *t, uint32_t g)
{
    const prove_group *gr = &t->grp[g];
    uint64_t allow = t->allow[gr->pos];
    int32_t best = 0;
    for (uint32_t c = gr->c0, e = c + gr->n; c < e; c++)
        if ((allow >> t->kid[c].face & 1) && t->sb[c] > best)
            best = t->sb[c];
    return best;
}
void tki_tree_mark(const prove_tree *t, prove_mark *m);
void tki_tree_reset(prove_tree *t, const prove_mark *m);
/* Grow the array *p of *cap elements of `elem` bytes to hold `need` (doubling
 * from 1024); 0, or -1 when out of memory (*p unchanged). */
int tki_prove_grow(void **p, uint32_t *cap, uint32_t need, size_t elem);

#endif
