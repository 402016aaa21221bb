/* prove_tree.h - the orderly tree of a class of boards (prove_tree.c
 * builds it, prove.c splits on it). */
#ifndef TILEKIT_PROVE_TREE_H
#define TILEKIT_PROVE_TREE_H

#include "prove_internal.h"

typedef struct prove_kid {
    uint8_t pos, face;
    uint32_t node;
} prove_kid;

typedef struct prove_tree {
    /* the tree: node 0 is the root */
    uint32_t nn, capn;
    int32_t *sb;          /* bound of each node */
    uint32_t *g0;         /* its groups: g0 .. g0 + gn */
    uint8_t *gn;
    uint32_t ng, capg;
    uint8_t *gpos;        /* a group's cell (its place in the order) */
    int32_t *gmax;        /* the best bound of its children */
    uint32_t *gc0;        /* its children: cface / cnode [gc0 .. gc0 + gcn) */
    uint8_t *gcn;
    uint32_t nc, capc;
    uint8_t *cface;
    uint32_t *cnode;
    /* building */
    const bog_prover *p;
    const uint64_t *sets;
    const dawg_vedge *E;
    int cells, oom;
    size_t stride, nrec, caprec, captmp;
    uint8_t *rec, *tmp;
    uint8_t key[BOG_PROVE_CELLS];         /* the current path: face + 1 per place */
    uint64_t first[BOG_PROVE_CELLS];      /* first letters of each cell's faces */
    uint64_t nbl[BOG_PROVE_CELLS];        /* first letters of the neighbours' faces */
    prove_kid *stk;                       /* children of the open nodes */
    size_t nstk;
    uint32_t capstk;
} prove_tree;

/* Build the tree of the class `sets` (kept arrays are reused).  Returns
 * TK_OK, TK_ENOMEM or TK_ELIMIT (more word paths than the record limit). */
int tki_tree_build(prove_tree *t, const bog_prover *p, const uint64_t *sets);
void tki_tree_free(prove_tree *t);
/* Grow the array *p of *cap elements of `elem` bytes to hold `need` (doubling
 * from 1024); 0, or -1 when out of memory (*p unchanged). */
int tki_prove_grow(void **p, uint32_t *cap, uint32_t need, size_t elem);

#endif
