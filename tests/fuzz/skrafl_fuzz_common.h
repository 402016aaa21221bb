/* skrafl_fuzz_common.h - a small engine shared by the skrafl fuzz targets:
 * a built-in word list, the English tile set and the standard layout, built
 * once per process.  run_position() checks invariants of a generated move
 * list and aborts if one breaks (which the sanitizer build reports). */
#ifndef SKRAFL_FUZZ_COMMON_H
#define SKRAFL_FUZZ_COMMON_H

#include <stdlib.h>
#include <string.h>

#include "tilekit/skrafl.h"

static const char skf_words[] =
    "aa\nab\nad\nae\nag\nah\nai\nal\nam\nan\nar\nas\nat\naw\nax\nay\nba\nbe\nbi\nbo\nby\n"
    "de\ndo\ned\nef\neh\nel\nem\nen\ner\nes\nex\nfa\ngo\nha\nhe\nhi\nho\nid\nif\nin\nis\nit\n"
    "jo\nka\nla\nli\nlo\nma\nme\nmi\nmo\nmu\nmy\nna\nne\nno\nnu\nod\noe\nof\noh\noi\nom\non\n"
    "op\nor\nos\now\nox\noy\npa\npe\npi\nqi\nre\nsh\nsi\nso\nta\nti\nto\nuh\num\nun\nup\nus\n"
    "ut\nwe\nwo\nxi\nxu\nya\nye\nyo\nza\ncat\ncats\nscat\nact\nacts\nrate\nrates\nstare\n"
    "tears\naster\nsatire\nstria\nretains\nretina\nretinas\nquiz\njazz\nzax\nexit\nbox\n";

typedef struct skf {
    dawg_graph *d;
    sk_engine *e;
    sk_gen *g;
} skf;

static inline skf *skf_get(void)
{
    static skf F;
    static int ready;
    if (!ready) {
        alpha_table a;
        const char *spec = "abcdefghijklmnopqrstuvwxyz";
        sk_tileset ts;
        sk_layout l;
        if (alpha_parse(&a, spec, strlen(spec), NULL) ||
            dawg_build(&F.d, &a, skf_words, sizeof skf_words - 1, NULL, NULL, NULL) ||
            sk_tileset_builtin(&ts, dawg_alphabet(F.d), "en", NULL) ||
            sk_layout_builtin(&l, "standard", NULL) || sk_engine_create(&F.e, F.d, &ts, &l, NULL) ||
            sk_gen_create(&F.g, F.e, NULL))
            abort();
        ready = 1;
    }
    return &F;
}

/* Generate and check: stored == counted, every move well formed. */
static inline void skf_run(skf *F, const sk_board *b, const sk_rack *r)
{
    if (sk_position_check(F->e, b, r, NULL) != 0)
        return;
    sk_movelist all = {0}, cnt = {0}, top = {0};
    if (sk_generate(F->g, b, r, 0, &all, NULL) || sk_generate(F->g, b, r, SK_COUNT_ONLY, &cnt, NULL))
        abort();
    if (all.total != all.n || cnt.total != all.n)
        abort();
    for (size_t i = 0; i < all.n; i++) {
        const sk_move *m = &all.v[i];
        int placed = 0;
        for (int k = 0; k < m->len; k++)
            placed += !(m->word[k] & SK_ONBOARD);
        if (m->len < 2 || placed != m->ntiles || placed < 1 || placed > r->n || m->score < 0)
            abort();
        int dim = b->dim;
        if ((m->dir ? m->row : m->col) + m->len > dim)
            abort();
        char buf[256];
        sk_move_format(m, F->e, SK_FMT_PAREN, buf, sizeof buf);
        { sk_word w[SK_MAX_WORDS]; if (sk_move_words(m, b, w, SK_MAX_WORDS) > 1 + m->ntiles) abort(); }
        sk_rack_leave(r, m, F->e, buf, sizeof buf);
    }
    top.limit = 5;
    if (sk_generate(F->g, b, r, 0, &top, NULL))
        abort();
    sk_movelist_sort(F->e, &all);
    sk_movelist_sort(F->e, &top);
    for (size_t i = 0; i < top.n; i++)
        if (sk_move_cmp(F->e, &top.v[i], &all.v[i]) != 0)
            abort();
    sk_movelist_free(&all);
    sk_movelist_free(&cnt);
    sk_movelist_free(&top);
}

#endif
