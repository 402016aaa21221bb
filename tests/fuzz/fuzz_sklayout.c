/* fuzz_sklayout.c - libFuzzer target: the layout and tile-set parsers, then
 * a whole solve on the board they define.
 *
 * Input: up to four parts separated by lines holding only "=": a layout
 * file, a board file (empty: an empty board), a rack (empty: "RETAIN?"), a
 * tile-set file (empty: the built-in English set).  A layout or tile set
 * that parses must be sane (size 2..SK_MAX_DIM, one start square inside the
 * board, multipliers 1..4, `symmetric` true exactly when the premiums and
 * the start are invariant under transposition; values and counts not
 * negative); an engine is then built with the small dictionary of
 * skrafl_fuzz_common.h, and the position is solved with every move checked
 * by skrafl_fuzz_check.h.  This drives the generator on boards of every size
 * from 2x2 to 21x21 and start squares anywhere.  A rejected text must come
 * with a message.  A broken invariant aborts. */
#include <stddef.h>
#include <stdint.h>

#include "skrafl_fuzz_check.h"
#include "skrafl_fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Next part of s[*p..len) up to a line "=" (or the end). */
static size_t next_part(const char *s, size_t len, size_t *p, const char **out)
{
    size_t b = *p, i = b;
    *out = s + b;
    while (i < len) {
        if ((i == b || s[i - 1] == '\n') && s[i] == '=') {
            size_t k = i + 1;
            if (k < len && s[k] == '\r')
                k++;
            if (k == len || s[k] == '\n') {
                *p = k == len ? len : k + 1;
                return i - b;
            }
        }
        i++;
    }
    *p = len;
    return len - b;
}

static void check_layout(const sk_layout *l)
{
    int d = l->dim, sym = 1;
    if (d < 2 || d > SK_MAX_DIM || l->start_row < 0 || l->start_row >= d || l->start_col < 0 ||
        l->start_col >= d)
        abort();
    for (int r = 0; r < d; r++)
        for (int c = 0; c < d; c++) {
            int q = r * d + c;
            if (l->wmul[q] < 1 || l->wmul[q] > 4 || l->lmul[q] < 1 || l->lmul[q] > 4)
                abort();
            if (l->wmul[q] != l->wmul[c * d + r] || l->lmul[q] != l->lmul[c * d + r])
                sym = 0;
        }
    if (l->start_row != l->start_col)
        sym = 0;
    if (sym != !!l->symmetric)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    skf *F = skf_get();
    const char *s = (const char *)data, *lt, *bt, *rt, *tt;
    size_t p = 0;
    size_t ln = next_part(s, size, &p, &lt);
    size_t bn = next_part(s, size, &p, &bt);
    size_t rn = next_part(s, size, &p, &rt);
    size_t tn = next_part(s, size, &p, &tt);
    while (rn && (rt[rn - 1] == '\n' || rt[rn - 1] == '\r'))
        rn--;
    sk_layout l;
    sk_tileset ts;
    tk_error err;
    err.msg[0] = 0;
    if (sk_layout_parse(&l, lt, ln, &err) != 0) {
        if (!err.msg[0])
            abort();
        return 0;
    }
    check_layout(&l);
    const alpha_table *a = dawg_alphabet(F->d);
    if (tn) {
        err.msg[0] = 0;
        if (sk_tileset_parse(&ts, a, tt, tn, &err) != 0) {
            if (!err.msg[0])
                abort();
            return 0;
        }
        if (ts.nletters != a->size)
            abort();
        for (int i = 0; i <= a->size; i++)
            if (ts.value[i] < 0 || ts.count[i] < 0)
                abort();
    } else if (sk_tileset_builtin(&ts, a, "en", NULL) != 0) {
        abort();
    }
    sk_engine *e = NULL;
    sk_gen *g = NULL;
    if (sk_engine_create(&e, F->d, &ts, &l, &err) != 0)
        return 0;
    if (sk_gen_create(&g, e, NULL) != 0)
        abort();
    sk_board b;
    sk_rack r;
    int ok = 1;
    if (bn) {
        ok = sk_board_parse(&b, e, bt, bn, &err) == 0;
    } else {
        memset(&b, 0, sizeof b);
        b.dim = l.dim;
    }
    if (ok)
        ok = rn ? sk_rack_parse(&r, e, rt, rn, &err) == 0 : sk_rack_parse(&r, e, "RETAIN?", 7, &err) == 0;
    if (ok && b.dim != l.dim)
        abort();
    if (ok && sk_position_check(e, &b, &r, NULL) == 0)
        skc_solve_and_check(g, F->d, &b, &r);
    sk_gen_destroy(g);
    sk_engine_destroy(e);
    return 0;
}
