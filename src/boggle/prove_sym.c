/* prove_sym.c - the rotations and reflections of a grid: a square has 8
 * (the dihedral group), any other rectangle 4 (identity, the two mirror
 * flips and the half turn).  A symmetry is a permutation of the cells; a
 * vector or a board is canonical when, read row by row, it comes first
 * among all its images (see bog_grid_canonical in tilekit/boggle.h). */
#include "prove_internal.h"

#include <string.h>

int tki_prove_symmetries(int rows, int cols, uint8_t sym[8][BOG_PROVE_CELLS])
{
    int n = rows == cols ? 8 : 4;
    for (int s = 0; s < n; s++)
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) {
                int rr = r, cc = c;
                if (s & 4) {             /* transpose (square only) */
                    int t = rr;
                    rr = cc;
                    cc = t;
                }
                if (s & 1)
                    rr = rows - 1 - rr;
                if (s & 2)
                    cc = cols - 1 - cc;
                sym[s][r * cols + c] = (uint8_t)(rr * cols + cc);
            }
    return n;
}

int tki_prove_vector_canonical(const uint8_t *v, int cells, int nsym, uint8_t sym[8][BOG_PROVE_CELLS])
{
    uint8_t img[BOG_PROVE_CELLS];
    for (int s = 1; s < nsym; s++) {
        for (int i = 0; i < cells; i++)
            img[sym[s][i]] = v[i];
        for (int i = 0; i < cells; i++) {
            if (img[i] != v[i]) {
                if (img[i] < v[i])
                    return 0;
                break;
            }
        }
    }
    return 1;
}

/* Compare two faces: letter by letter, a shorter one first on a tie. */
static int face_cmp(const bog_grid *a, int i, const bog_grid *b, int j)
{
    int n = a->n[i] < b->n[j] ? a->n[i] : b->n[j];
    for (int k = 0; k < n; k++)
        if (a->let[i][k] != b->let[j][k])
            return a->let[i][k] < b->let[j][k] ? -1 : 1;
    return a->n[i] - b->n[j];
}

void bog_grid_canonical(const bog_grid *g, bog_grid *out)
{
    bog_grid best = *g, img;
    memset(&img, 0, sizeof img);
    int cells = g->rows * g->cols;
    if (cells > BOG_PROVE_CELLS) {
        *out = best;
        return;
    }
    uint8_t sym[8][BOG_PROVE_CELLS];
    int n = tki_prove_symmetries(g->rows, g->cols, sym);
    img.rows = g->rows;
    img.cols = g->cols;
    for (int s = 1; s < n; s++) {
        for (int i = 0; i < cells; i++) {
            int t = sym[s][i];
            img.n[t] = g->n[i];
            memcpy(img.let[t], g->let[i], sizeof img.let[t]);
        }
        for (int i = 0; i < cells; i++) {
            int d = face_cmp(&img, i, &best, i);
            if (d) {
                if (d < 0)
                    best = img;
                break;
            }
        }
    }
    *out = best;
}
