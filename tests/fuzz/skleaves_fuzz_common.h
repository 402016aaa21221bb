/* skleaves_fuzz_common.h - what the leave-table fuzz targets check of a
 * table they loaded: every stored leave gives its value back through the
 * lookup (aborts if one does not); returns how many leaves are stored. */
#ifndef SKLEAVES_FUZZ_COMMON_H
#define SKLEAVES_FUZZ_COMMON_H

#include <stdlib.h>

#include "tilekit/skgame.h"

static inline size_t skf_check_lookups(const sk_leaves *l)
{
    size_t seen = 0;
    for (size_t i = 0; i < sk_leaves_capacity(l); i++) {
        uint8_t c[64];
        int32_t v;
        if (!sk_leaves_slot(l, i, c, &v))
            continue;
        seen++;
        if (sk_leaves_value((void *)l, c) != v)
            abort();
    }
    return seen;
}

#endif
