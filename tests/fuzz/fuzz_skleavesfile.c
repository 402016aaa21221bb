/* fuzz_skleavesfile.c - libFuzzer target: sk_leaves_load, the loader of a
 * leave-table file in any of its forms (tilekit's binary .tkl, KLV / KLV2
 * of wolges and MAGPIE, CSV).  A rejected file must come with a message; an
 * accepted one must give back every stored leave through the lookup, and a
 * KLV must write back as KLV2 and load again with the same values.
 * Corpus (tests/fuzz/corpus/skleavesfile): st.csv; st.klv and
 * fitted-head.klv2 made from skleaves/st.csv and skleaves/fitted-head.csv by
 * `mkleaves --lang en --klv` / `--klv2`; bad-arc.klv2, an arc beyond the
 * file (the bytes are in tests/cli/test_mkleaves.sh); found-*, inputs of a
 * 420 s libFuzzer run (29.7 M runs, nothing found) that pass the size check
 * of a KLV. */
#include <stddef.h>
#include <stdint.h>

#include "skleaves_fuzz_common.h"
#include "skrafl_fuzz_common.h"
#include "tilekit/skgame.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int same_values(const sk_leaves *a, const sk_leaves *b)
{
    for (size_t i = 0; i < sk_leaves_capacity(a); i++) {
        uint8_t c[64];
        int32_t v;
        /* float32 holds thousandths exactly up to about 8,000 points */
        if (sk_leaves_slot(a, i, c, &v) && v > -8000000 && v < 8000000 &&
            sk_leaves_value((void *)b, c) != v) {
            int n = 0;
            for (int k = 0; k < 64; k++)
                n += c[k];
            if (n > 0)   /* the empty leave has no place in KLV */
                return 0;
        }
    }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    skf *F = skf_get();
    const alpha_table *a = sk_engine_alphabet(F->e);
    const sk_tileset *ts = sk_engine_tileset(F->e);
    sk_leaves *l = NULL;
    tk_error err;
    memset(&err, 0, sizeof err);
    int rc = sk_leaves_load(&l, a, ts, (const char *)data, size, &err);
    if (rc) {
        if (l || err.msg[0] == 0)
            abort();
        return 0;
    }
    if (skf_check_lookups(l) != sk_leaves_count(l) && !sk_leaves_is_binary((const char *)data, size))
        abort();
    if (sk_leaves_is_klv((const char *)data, size)) {
        char *out = NULL;
        size_t len = 0;
        sk_leaves *back = NULL;
        if (sk_leaves_write_klv(l, 1, &out, &len) || sk_leaves_load(&back, a, ts, out, len, &err) ||
            !same_values(l, back))
            abort();
        sk_leaves_destroy(back);
        free(out);
    }
    sk_leaves_destroy(l);
    return 0;
}
