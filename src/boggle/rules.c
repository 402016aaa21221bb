/* rules.c - game rules that depend on the grid (see boggle.h). */
#include "tilekit/boggle.h"

int bog_default_min_len(int rows, int cols)
{
    /* Boggle (4x4) counts words of 3 letters and more; Big Boggle (5x5) and
     * Super Big Boggle (6x6) only words of 4 letters and more. */
    return rows >= 5 && cols >= 5 ? 4 : 3;
}
