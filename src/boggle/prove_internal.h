/* prove_internal.h - the prover's shared, read-only facts (prove_setup.c)
 * and what the class search (prove.c), the symmetries (prove_sym.c) and the
 * runner (prove_run.c) need of each other. */
#ifndef TILEKIT_PROVE_INTERNAL_H
#define TILEKIT_PROVE_INTERNAL_H

#include "bog_internal.h"

#define PROVE_TEXT_MAX 1024   /* groups / order / description texts */
#define PROVE_SORT_SMALL 16384   /* default bog_prove_config.sort_small */

struct bog_prover {
    const bog_dict *bd;
    int rows, cols, cells, min_len;
    long min_score;
    int nfaces;
    bog_face faces[BOG_PROVE_FACES];
    uint8_t face_cpl[BOG_PROVE_FACES];    /* code points of each face */
    int8_t face_of_first[64];             /* the face that starts with each letter (-1: none) */
    int ngroups;
    uint64_t group[BOG_PROVE_GROUPS];     /* faces of each group */
    char groups_text[PROVE_TEXT_MAX];
    uint8_t order[BOG_PROVE_CELLS];       /* order[k]: the k-th cell to split */
    uint8_t pos_of[BOG_PROVE_CELLS];      /* its inverse */
    uint8_t nbn[BOG_PROVE_CELLS];         /* neighbours */
    uint8_t nb[BOG_PROVE_CELLS][8];
    int nsym;                             /* symmetries of the shape (identity first) */
    uint8_t sym[8][BOG_PROVE_CELLS];      /* sym[s][cell]: where the cell goes */
    long class_paths;                     /* split a class with more word paths */
    long sort_small;                      /* ranges of at most this many records: sorted LSD first */
    long force_above;                     /* merge on the first cells while the bound is at least this */
    uint32_t face_weight[BOG_PROVE_FACES];   /* how often the face's first letter occurs in the words */
    long nclasses;
    uint32_t *classes;                    /* group vectors (base ngroups, cell 0 most significant) */
    uint64_t dict_hash;
};

/* What a proof's setup reads from the words, in one pass over them
 * (prove_groups.c): how often each letter occurs, and how often two
 * different letters stand side by side (either way round). */
typedef struct prove_letter_stats {
    uint32_t count[64];
    uint32_t pair[64][64];
} prove_letter_stats;
void tki_prove_letter_stats(const bog_dict *bd, prove_letter_stats *s);

/* The default groups of a dictionary whose alphabet is not the English one
 * (prove_groups.c): vowels, then consonants (split in two, common and rare,
 * on grids of more than nine cells), as a groups text in out; needs
 * p->bd, faces and cells set, and the words' stats s.  Returns the text's
 * length. */
#define PROVE_GROUPS_TEXT (BOG_PROVE_FACES * BOG_FACE_MAX * (ALPHA_LETTER_MAX + 1) + 4)
size_t tki_prove_dict_groups(const bog_prover *p, const prove_letter_stats *s, char *out, size_t cap);

/* The symmetries of a rows x cols grid into sym (identity first); returns how many. */
int tki_prove_symmetries(int rows, int cols, uint8_t sym[8][BOG_PROVE_CELLS]);
/* Is the vector v (one small number per cell) the smallest of its images? */
int tki_prove_vector_canonical(const uint8_t *v, int cells, int nsym, uint8_t sym[8][BOG_PROVE_CELLS]);

#endif
