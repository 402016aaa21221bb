/* fuzz_skgcg.c - libFuzzer target: the GCG reader.  Whatever the text, the
 * parse ends; events carry increasing line numbers within the text and a
 * player 0 or 1; every move event is turned into a move on a board that
 * follows the game, which must stay on the board. */
#include <stddef.h>
#include <stdint.h>

#include "skrafl_fuzz_common.h"
#include "tilekit/skgame.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    skf *F = skf_get();
    sk_gcg g;
    tk_error err;
    long lines = 1;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';
    if (sk_gcg_parse(&g, F->e, (const char *)data, size, NULL, NULL, &err) == TK_ENOMEM)
        abort();
    sk_board b;
    memset(&b, 0, sizeof b);
    b.dim = 15;
    long last = 0;
    for (int i = 0; i < g.nevents; i++) {
        const sk_gcg_event *ev = &g.ev[i];
        if (ev->line <= last || ev->line > lines || ev->player < 0 || ev->player > 1)
            abort();
        last = ev->line;
        if (ev->has_rack && (ev->rack.n < 0 || ev->rack.n > SK_RACK_MAX))
            abort();
        if (ev->kind != SK_GCG_MOVE)
            continue;
        sk_move m;
        if (sk_gcg_event_move(F->e, &b, ev, &m, &err) == 0) {
            if ((m.dir ? m.row : m.col) + m.len > 15)
                abort();
            sk_board_apply(&b, &m);
        }
    }
    sk_gcg_free(&g);
    return 0;
}
