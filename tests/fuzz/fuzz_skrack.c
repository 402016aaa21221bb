/* fuzz_skrack.c - libFuzzer target: the rack parser, and generation with
 * any rack it accepts on a fixed board. */
#include <stddef.h>
#include <stdint.h>

#include "skrafl_fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    skf *F = skf_get();
    static const char cgp[] = "15/15/15/15/15/15/7Q7/5RaTE6/7I7/7Z7/15/15/15/15/15 /";
    sk_board b;
    sk_rack r;
    tk_error err;
    if (sk_cgp_parse(&b, NULL, F->e, cgp, sizeof cgp - 1, NULL))
        abort();
    if (sk_rack_parse(&r, F->e, (const char *)data, size, &err) != 0) {
        if (err.msg[0] == 0)
            abort();
        return 0;
    }
    if (r.n > SK_RACK_MAX || r.n < 0)
        abort();
    skf_run(F, &b, &r);
    return 0;
}
