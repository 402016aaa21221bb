/* fuzz_skgcg.c - libFuzzer target: the GCG reader.  Whatever the text, the
 * parse ends; events carry increasing line numbers within the text and a
 * player 0 or 1; notes lie inside the note pool; every move event is turned
 * into a move on a board that follows the game, which must stay on the
 * board, and judged (sk_gcg_judge: a score never negative, at most
 * SK_MAX_WORDS words, each inside the board). */
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
        if (ev->note_len && (!g.notes || (size_t)ev->note_off + ev->note_len > g.notes_len))
            abort();
        if (ev->kind != SK_GCG_MOVE)
            continue;
        sk_gcg_play gp;
        if (sk_gcg_judge(F->e, &b, ev, sk_engine_dawg(F->e), &gp, &err) == 0) {
            if (gp.score < 0 || gp.nwords < 1 || gp.nwords > SK_MAX_WORDS)
                abort();
            for (int w = 0; w < gp.nwords; w++)
                if ((gp.words[w].dir ? gp.words[w].row : gp.words[w].col) + gp.words[w].len > 15)
                    abort();
        }
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
