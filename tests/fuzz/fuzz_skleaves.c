/* fuzz_skleaves.c - libFuzzer target: the leave-table CSV parser.  A table
 * it accepts must give back every stored leave's value through the lookup;
 * a rejected text must come with a message and a line number. */
#include <stddef.h>
#include <stdint.h>

#include "skleaves_fuzz_common.h"
#include "skrafl_fuzz_common.h"
#include "tilekit/skgame.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    skf *F = skf_get();
    sk_leaves *l = NULL;
    tk_error err;
    memset(&err, 0, sizeof err);
    int rc = sk_leaves_parse(&l, sk_engine_alphabet(F->e), (const char *)data, size, &err);
    if (rc) {
        if (l || err.msg[0] == 0 || (rc != TK_ENOMEM && err.line < 1))
            abort();
        return 0;
    }
    if (skf_check_lookups(l) != sk_leaves_count(l))
        abort();
    sk_leaves_destroy(l);
    return 0;
}
