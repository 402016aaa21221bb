/* fuzz_skcgp.c - libFuzzer target: the CGP parser (board and rack), then
 * move generation when the position is legal. */
#include <stddef.h>
#include <stdint.h>

#include "skrafl_fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    skf *F = skf_get();
    sk_board b;
    sk_rack r;
    tk_error err;
    (void)sk_looks_like_cgp((const char *)data, size);
    if (sk_cgp_parse(&b, &r, F->e, (const char *)data, size, &err) != 0) {
        if (err.msg[0] == 0)
            abort();
        return 0;
    }
    if (r.n > SK_RACK_MAX)
        abort();
    skf_run(F, &b, &r);
    return 0;
}
