/* fuzz_skboard.c - libFuzzer target: the board-file parser, then move
 * generation on whatever parses and passes the rule checks. */
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
    if (sk_board_parse(&b, F->e, (const char *)data, size, &err) != 0) {
        if (err.msg[0] == 0)
            abort();   /* an error must say something */
        return 0;
    }
    if (sk_rack_parse(&r, F->e, "ERST?", 5, NULL))
        abort();
    skf_run(F, &b, &r);
    return 0;
}
