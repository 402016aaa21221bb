/* test_boggle_prove.c - the proof of the best board (bog_prover,
 * bog_prove_class, bog_prove_run, bog_prove_state).
 *
 * Independent oracles:
 *  - every board: on 2x2 and 2x3 grids over small alphabets (one with the
 *    Qu face) every board is scored by the brute-force oracle of
 *    tests/support (for each word, look for a path), reduced to a canonical
 *    form computed here (the smallest of its images, by this file's own
 *    rotation code), and for every threshold S the set of boards scoring S
 *    or more must be exactly what the proof reports, under several
 *    partitions into groups and splitting orders;
 *  - class bounds: thousands of random classes (a random set of faces per
 *    cell) on 2x3 and 3x3 grids with a sample of ENABLE2K: the bound is
 *    never below the best board of the class found by enumerating it, and
 *    bog_prove_class reports exactly the class's boards that reach a
 *    threshold near its best; so does bog_prove_class_in on the tree of
 *    a random superclass (built for another of its subclasses first, so
 *    that the kept tree is restricted; half the time one that differs at
 *    one cell by other groups' faces, as a family's, whose bounds the
 *    build makes for each member), with the same splits and boards
 *    scored as the class's own tree (the same bounds).
 * Also: canonical forms are the same for every image of a board; the
 * checkpoint text reads back what was written, and every damaged copy
 * (a changed byte, a cut, an overlap, a bad field) is a located error.
 * TK_LONG=1 runs more classes.
 */
#include "support/boggle_support.h"
#include "boggle/prove_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the oracle side ------------------------------------------------------ */

typedef struct board_set {
    char (*rows)[64];
    long *score;
    long n, cap;
} board_set;

static void set_add(board_set *s, const char *rows, long score)
{
    for (long i = 0; i < s->n; i++)
        if (strcmp(s->rows[i], rows) == 0)
            return;
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 256;
        s->rows = realloc(s->rows, (size_t)s->cap * sizeof *s->rows);
        s->score = realloc(s->score, (size_t)s->cap * sizeof *s->score);
    }
    snprintf(s->rows[s->n], sizeof s->rows[s->n], "%s", rows);
    s->score[s->n++] = score;
}

static void set_free(board_set *s)
{
    free(s->rows);
    free(s->score);
    memset(s, 0, sizeof *s);
}

/* The canonical text of a board given as face indices per cell: the
 * smallest row-major face sequence among the images (this file's own
 * symmetry code: rotate a quarter turn only when square, flip either way). */
static void canonical_text(const int *face, int rows, int cols, const bog_face *faces, const alpha_table *a,
                           char *out, size_t cap)
{
    int best[16], img[16], have = 0;
    int n = rows == cols ? 8 : 4;
    for (int s = 0; s < n; s++) {
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) {
                int rr = r, cc = c;
                if (s >= 4) {        /* reflect in the main diagonal first */
                    rr = c;
                    cc = r;
                }
                if (s & 1)
                    rr = rows - 1 - rr;
                if (s & 2)
                    cc = cols - 1 - cc;
                img[rr * cols + cc] = face[r * cols + c];
            }
        if (!have || memcmp(img, best, sizeof(int) * (size_t)(rows * cols)) < 0) {
            memcpy(best, img, sizeof best);
            have = 1;
        }
    }
    size_t at = 0;
    for (int i = 0; i < rows * cols; i++) {
        if (i && i % cols == 0 && at + 1 < cap)
            out[at++] = '/';
        at += alpha_decode(a, faces[best[i]].let, faces[best[i]].n, 0, out + at, cap - at);
    }
    out[at < cap ? at : cap - 1] = 0;
}

static void grid_of(bog_grid *g, const int *face, int rows, int cols, const bog_face *faces)
{
    bog_grid_init(g);
    g->rows = rows;
    g->cols = cols;
    for (int i = 0; i < rows * cols; i++) {
        g->n[i] = faces[face[i]].n;
        memcpy(g->let[i], faces[face[i]].let, faces[face[i]].n);
    }
}

/* Every board of the shape, scored by the oracle: canonical text and score. */
static void every_board(const dawg_graph *d, int rows, int cols, const bog_face *faces, int nfaces, board_set *all)
{
    int cells = rows * cols, face[16] = {0};
    const alpha_table *a = dawg_alphabet(d);
    bog_grid g;
    bt_oracle_keep(d);
    for (;;) {
        grid_of(&g, face, rows, cols, faces);
        bt_answer ans;
        bt_oracle(d, &g, 3, &ans);
        char text[64];
        canonical_text(face, rows, cols, faces, a, text, sizeof text);
        set_add(all, text, ans.score);
        bt_answer_free(&ans);
        int i = cells - 1;
        while (i >= 0 && ++face[i] == nfaces)
            face[i--] = 0;
        if (i < 0)
            break;
    }
    bt_oracle_keep(NULL);
}

/* ---- the prover side ------------------------------------------------------ */

static int collect(void *ctx, long k, const bog_prove_stats *st, const bog_prove_board *found, int nfound)
{
    (void)k;
    (void)st;
    for (int i = 0; i < nfound; i++)
        set_add(ctx, found[i].rows, found[i].score);
    return 0;
}

/* The search's variants, which must all find the same boards: 0 the
 * defaults, 1 merging on every cell it may, 2 classes of a few word paths
 * split in halves again and again, 3 both, 4 never merging; 1 and 4 sort
 * ranges of more than 32 records by their next byte. */
static void set_variant(bog_prove_config *cfg, int variant, long small)
{
    if (variant == 1 || variant == 3)
        cfg->force_ratio = 0.001;
    if (variant == 2 || variant == 3)
        cfg->class_paths = small;
    if (variant == 1 || variant == 4)
        cfg->sort_small = 32;
    if (variant == 4)
        cfg->force_ratio = -1;
}

static int run_proof(const bog_dict *bd, int rows, int cols, long min_score, const char *groups, const char *order,
                     int jobs, board_set *out)
{
    bog_prove_config cfg = {0};
    cfg.rows = rows;
    cfg.cols = cols;
    cfg.min_score = min_score;
    cfg.groups = groups;
    cfg.order = order;
    set_variant(&cfg, (int)(min_score % 5), 2 + min_score % 7);
    bog_prover *p;
    tk_error err = {0};
    if (bog_prover_create(&p, bd, &cfg, &err) != TK_OK) {
        printf("prover: %s\n", err.msg);
        return -1;
    }
    bog_prove_job job = {.jobs = jobs, .on_class = collect, .ctx = out};
    int rc = bog_prove_run(p, &job, &err);
    bog_prover_destroy(p);
    return rc;
}

/* For every threshold: the proof's boards are the oracle's. */
static void compare_all(const dawg_graph *d, const bog_dict *bd, int rows, int cols, const char *groups,
                        const char *order, const board_set *all)
{
    long max = 0;
    for (long i = 0; i < all->n; i++)
        if (all->score[i] > max)
            max = all->score[i];
    CHECK(max > 3);
    for (long s = 1; s <= max + 1; s++) {
        board_set got = {0};
        REQUIRE(run_proof(bd, rows, cols, s, groups, order, (int)(s % 3) + 1, &got) == TK_OK);
        long want = 0;
        for (long i = 0; i < all->n; i++) {
            if (all->score[i] < s)
                continue;
            want++;
            long j = 0;
            while (j < got.n && strcmp(got.rows[j], all->rows[i]) != 0)
                j++;
            CHECKF(j < got.n && got.score[j] == all->score[i], "%dx%d >= %ld: %s (%ld) %s", rows, cols, s,
                   all->rows[i], all->score[i], j < got.n ? "wrong score" : "not reported");
        }
        CHECKF(got.n == want, "%dx%d >= %ld (groups %s): %ld boards reported, %ld reach it", rows, cols, s,
               groups ? groups : "(default)", got.n, want);
        set_free(&got);
    }
    (void)d;
}

/* groups: a list ended by NULL; "" stands for the default (NULL: for these
 * alphabets, the groups found in the words). */
static void oracle_case(const char *alpha, const char *words, int rows, int cols, const char *const *groups,
                        const char *const *orders)
{
    dawg_graph *d = bt_dict_text(alpha, words);
    REQUIRE(d);
    bog_dict *bd;
    REQUIRE(bog_dict_create(&bd, d, NULL) == TK_OK);
    bog_face faces[BOG_PROVE_FACES];
    int nf = bog_letter_faces(dawg_alphabet(d), faces);
    board_set all = {0};
    every_board(d, rows, cols, faces, nf, &all);
    for (int i = 0; groups[i]; i++)
        compare_all(d, bd, rows, cols, groups[i][0] ? groups[i] : NULL, orders[i], &all);
    set_free(&all);
    bog_dict_destroy(bd);
    dawg_destroy(d);
}

static void test_every_board_2x2(void)
{
    static const char *const g[] = {"aest", "ae st", "a e s t", "st ae", NULL};
    static const char *const o[] = {NULL, "3 2 1 0", NULL, "0,3,1,2", NULL};
    oracle_case("a e s t", "sat\nset\ntea\neat\nate\nseat\neast\neats\nteas\ntees\ntease\nsetae\nsea\ntat\n", 2, 2,
                g, o);
}

static void test_every_board_2x3(void)
{
    static const char *const g[] = {"aerst", "ae rst", "a e r s t", "", NULL};
    static const char *const o[] = {NULL, "5 0 4 1 3 2", NULL, NULL, NULL};
    oracle_case("a e r s t",
                "are\near\nera\nrat\ntar\nart\nrate\ntear\ntare\nstar\nrats\narts\nstare\ntears\nrates\naster\n"
                "taser\nsat\nset\nseat\neast\neats\nerst\nrest\nterse\ntrees\nsteer\nreset\nester\nstreet\n"
                "setter\ntester\nretest\nstater\ntaster\nerase\nsearer\n",
                2, 3, g, o);
}

/* An alphabet other than English takes the groups found in its words
 * (bog_prove_config.groups NULL): the proof is still exact. */
static void test_every_board_derived_groups(void)
{
    static const char *const g[] = {"", NULL};
    static const char *const o[] = {NULL, NULL};
    oracle_case("a e é s t", "sat\nset\ntea\neat\nété\nate\nseat\neast\neats\ntés\nteas\ntees\nséte\nsea\n", 2, 2,
                g, o);
}

/* The groups of an alphabet other than English (prove_groups.c): every
 * vowel of the language is in the first group, which holds few other
 * letters (Sukhotin's algorithm takes a letter that mostly stands next to
 * consonants for a vowel: h in English, th sh ch).  Facts of the languages,
 * not of the code: Icelandic writes a á e é i í o ó u ú y ý æ ö as vowels;
 * ENABLE2K's words (taken as an unknown alphabet) make a e i o u vowels. */
static void check_vowels(const char *lang, int rows, int cols, const char *vowels, int want_groups)
{
    dawg_graph *d = bt_dict_lang(lang, 1, NULL, NULL);
    if (!d) {
        th_skip("a shipped word list is absent");
        return;
    }
    bog_dict *bd;
    REQUIRE(bog_dict_create(&bd, d, NULL) == TK_OK);
    bog_prover p = {.bd = bd, .rows = rows, .cols = cols, .cells = rows * cols};
    p.nfaces = bog_letter_faces(dawg_alphabet(d), p.faces);
    char text[PROVE_GROUPS_TEXT];
    static prove_letter_stats stats;
    tki_prove_letter_stats(bd, &stats);
    tki_prove_dict_groups(&p, &stats, text, sizeof text);
    size_t vlen = strcspn(text, " ");
    int groups = 1, letters = 0, want = 0;
    for (const char *q = text; *q; q++)
        groups += *q == ' ';
    for (size_t i = 0; i < vlen; i++)
        letters += ((unsigned char)text[i] & 0xc0) != 0x80;
    CHECKF(groups == want_groups, "%s %dx%d: groups '%s'", lang, rows, cols, text);
    for (const char *v = vowels; *v; v += strspn(v, " ")) {
        size_t n = strcspn(v, " ");
        char one[16];
        snprintf(one, sizeof one, "%.*s", (int)n, v);
        const char *at = strstr(text, one);
        CHECKF(at && (size_t)(at - text) < vlen, "%s: vowel %s not in '%.*s'", lang, one, (int)vlen, text);
        want++;
        v += n;
    }
    CHECKF(letters <= want + 3, "%s: the vowels '%.*s' hold more than 3 other letters", lang, (int)vlen, text);
    bog_dict_destroy(bd);
    dawg_destroy(d);
}

static void test_derived_vowels(void)
{
    check_vowels("is", 3, 3, "a á e é i í o ó u ú y ý æ ö", 2);
    check_vowels("is", 3, 4, "a á e é i í o ó u ú y ý æ ö", 3);
    check_vowels("en", 3, 3, "a e i o u", 2);
    check_vowels("en", 4, 4, "a e i o u", 3);
}

/* Qu: the face of q is Qu (two letters, counted as two); words with qu. */
static void test_every_board_qu(void)
{
    static const char *const g[] = {"aeqstu", "ae qu stu", NULL};
    static const char *const o[] = {NULL, NULL, NULL};
    oracle_case("a e q s t u",
                "qua\nquas\nquat\nquest\nquests\nequate\nsquat\nsquats\nsue\nuse\nsea\nsat\nset\nseat\n"
                "east\nquate\naqua\naquas\nsuq\nsuqs\nquet\n",
                2, 3, g, o);
}

/* ---- class bounds against enumeration ------------------------------------- */

typedef struct class_case {
    const bog_dict *bd;
    bog_solver *s;
    const bog_face *faces;
    int rows, cols;
    uint64_t sets[16];
    int nfaces;
} class_case;

/* The best score of the class, and the canonical boards reaching `at_least`
 * (0: none kept), by enumerating it. */
static long enumerate(class_case *cc, long at_least, board_set *keep)
{
    int cells = cc->rows * cc->cols, pick[16], idx[16] = {0};
    long best = 0;
    const alpha_table *a = bog_dict_alphabet(cc->bd);
    for (;;) {
        for (int i = 0; i < cells; i++) {
            uint64_t m = cc->sets[i];
            for (int k = 0; k < idx[i]; k++)
                m &= m - 1;
            pick[i] = __builtin_ctzll(m);
        }
        bog_grid g, canon;
        grid_of(&g, pick, cc->rows, cc->cols, cc->faces);
        bog_result res;
        if (bog_solve(cc->s, &g, 3, BOG_COUNT, &res, NULL) != TK_OK)
            return -1;
        if (res.score > best)
            best = res.score;
        if (keep && at_least && res.score >= at_least) {
            char text[256];
            bog_grid_canonical(&g, &canon);
            size_t n = bog_grid_format(&canon, a, text, sizeof text);
            for (size_t i = 0; i < n; i++)
                if (text[i] == '\n')
                    text[i] = i + 1 < n ? '/' : 0;
            set_add(keep, text, res.score);
        }
        int i = cells - 1;
        while (i >= 0 && ++idx[i] == __builtin_popcountll(cc->sets[i]))
            idx[i--] = 0;
        if (i < 0)
            break;
    }
    return best;
}

static void random_class(class_case *cc, int nfaces, th_rng *r)
{
    int cells = cc->rows * cc->cols;
    long size;
    do {
        size = 1;
        for (int i = 0; i < cells; i++) {
            int k = 1 + (int)th_below(r, th_below(r, 4) == 0 ? 6 : 2);
            cc->sets[i] = 0;
            while (__builtin_popcountll(cc->sets[i]) < k)
                cc->sets[i] |= (uint64_t)1 << th_below(r, (uint32_t)nfaces);
            size *= k;
        }
    } while (size > 400);
}

typedef struct keeper {
    board_set *set;
    const alpha_table *a;
} keeper;

static int keep_board(void *ctx, const bog_grid *g, long score)
{
    keeper *k = ctx;
    char text[256];
    size_t n = bog_grid_format(g, k->a, text, sizeof text);
    for (size_t i = 0; i < n; i++)
        if (text[i] == '\n')
            text[i] = i + 1 < n ? '/' : 0;
    set_add(k->set, text, score);
    return 0;
}

/* Provers (and their workers) by search variant and threshold, made when
 * first needed. */
#define VARIANTS 5
typedef struct prover_cache {
    const bog_dict *bd;
    int rows, cols;
    bog_prover *p[VARIANTS][1024];
    bog_prove_worker *w[VARIANTS][1024];
} prover_cache;

static bog_prove_worker *worker_for(prover_cache *pc, int v, long s)
{
    if (s < 1 || s >= 1024)
        return NULL;
    if (!pc->w[v][s]) {
        bog_prove_config cfg = {0};
        cfg.rows = pc->rows;
        cfg.cols = pc->cols;
        cfg.min_score = s;
        set_variant(&cfg, v, 3 + s % 11);
        if (bog_prover_create(&pc->p[v][s], pc->bd, &cfg, NULL) != TK_OK ||
            bog_prove_worker_create(&pc->w[v][s], pc->p[v][s], NULL) != TK_OK)
            return NULL;
    }
    return pc->w[v][s];
}

static void cache_free(prover_cache *pc)
{
    for (int v = 0; v < VARIANTS; v++)
        for (int i = 0; i < 1024; i++) {
            bog_prove_worker_destroy(pc->w[v][i]);
            bog_prover_destroy(pc->p[v][i]);
        }
}

/* A superclass of the class that differs from it at one cell, as a
 * family does (bog_prove_run): there the class's faces lie in one group
 * of p's partition, the superclass adds faces of other groups, and
 * `other` shows those alone.  0 if the cell's faces span two groups. */
static int family_super(class_case *cc, const bog_prover *p, uint64_t *super, uint64_t *other, th_rng *r)
{
    int cells = cc->rows * cc->cols, c = (int)th_below(r, (uint32_t)cells);
    uint64_t first[BOG_PROVE_CELLS], all = ((uint64_t)1 << cc->nfaces) - 1, mine = cc->sets[c];
    bog_prover_class(p, 0, first);         /* every cell the first group */
    uint64_t group = (mine & ~first[0]) == 0 ? first[0] : (mine & first[0]) == 0 ? all & ~first[0] : 0;
    if (!group || group == all)
        return 0;
    memcpy(super, cc->sets, (size_t)cells * sizeof *super);
    memcpy(other, cc->sets, (size_t)cells * sizeof *other);
    other[c] = 0;
    for (int k = 1 + (int)th_below(r, 3); k > 0; k--) {
        int f = (int)th_below(r, (uint32_t)cc->nfaces);
        other[c] |= group >> f & 1 ? 0 : (uint64_t)1 << f;
    }
    if (!other[c])
        other[c] = all & ~group & -(all & ~group);
    super[c] |= other[c];
    return 1;
}

/* The class's boards reaching s, by bog_prove_class_in on the tree of a
 * random superclass (first proving a random other subclass of it, so that
 * the kept tree serves a second class; half the time a family's
 * superclass, family_super, where the build made the class's bounds):
 * the boards of `want`, and, unless a cell of one face has more in the
 * superclass or the class is proved in halves, the same splits and boards
 * scored as own (the class on its own tree, search variant v). */
static void check_in_super(class_case *cc, const bog_prover *p, bog_prove_worker *w, int v, long s,
                           const board_set *want, const bog_prove_stats *own, th_rng *r)
{
    int cells = cc->rows * cc->cols;
    uint64_t super[BOG_PROVE_CELLS], other[BOG_PROVE_CELLS];
    if (th_below(r, 2) || !family_super(cc, p, super, other, r))
        for (int i = 0; i < cells; i++) {
            super[i] = cc->sets[i];
            if (th_below(r, 3) == 0)
                super[i] |= (uint64_t)1 << th_below(r, (uint32_t)cc->nfaces);
            other[i] = super[i] & ~cc->sets[i] ? super[i] & ~cc->sets[i] : super[i];
        }
    board_set got = {0}, junk = {0};
    keeper k = {&junk, bog_dict_alphabet(cc->bd)};
    bog_prove_stats st = {0};
    tk_error err = {0};
    CHECK(bog_prove_class_in(w, other, super, keep_board, &k, &st, NULL) == TK_OK);
    CHECK(bog_prove_class_in(w, super, other, keep_board, &k, &st, &err) == TK_EINVAL ||
          memcmp(super, other, (size_t)cells * sizeof *super) == 0);
    CHECK(bog_prove_class_in(w, other, super, keep_board, &k, &st, NULL) == TK_OK);
    k.set = &got;
    memset(&st, 0, sizeof st);
    CHECK(bog_prove_class_in(w, cc->sets, super, keep_board, &k, &st, NULL) == TK_OK);
    CHECKF(got.n == want->n, "class in a superclass: %ld boards reach %ld, %ld reported", want->n, s, got.n);
    for (long i = 0; i < want->n; i++) {
        long j = 0;
        while (j < got.n && strcmp(got.rows[j], want->rows[i]) != 0)
            j++;
        CHECKF(j < got.n && got.score[j] == want->score[i], "class in a superclass: %s (%ld) not reported",
               want->rows[i], want->score[i]);
    }
    /* the same tree but for the class's cells of one face, which its own
     * tree leaves out of the keys and the superclass's may not; in halves
     * (variants 2 and 3), where to cut depends on the arrays' capacities
     * left by earlier classes */
    int same = v != 2 && v != 3;
    for (int i = 0; i < cells; i++)
        same &= super[i] == cc->sets[i] || __builtin_popcountll(cc->sets[i]) > 1;
    CHECKF(!same || (st.splits == own->splits && st.scored == own->scored),
           "class in a superclass: %g splits, %g scored; on its own tree %g, %g (variant %d)", st.splits,
           st.scored, own->splits, own->scored, v);
    set_free(&got);
    set_free(&junk);
}

/* One random class: bound >= best (whole, and as halves of a few word
 * paths each); the search (in one of its variants) reports exactly the
 * boards that reach a threshold near the best. */
static void check_class(class_case *cc, prover_cache *pc, long *below, th_rng *r)
{
    long bound = -1, halves = -1;
    bog_prove_worker *w = worker_for(pc, 2, 1);
    REQUIRE(w && bog_prove_bound(w, cc->sets, &halves, NULL) == TK_OK);
    w = worker_for(pc, 0, 1);
    REQUIRE(w && bog_prove_bound(w, cc->sets, &bound, NULL) == TK_OK);
    long best = enumerate(cc, 0, NULL);
    REQUIRE(best >= 0);
    CHECKF(bound >= best, "%dx%d class: bound %ld below its best board %ld", cc->rows, cc->cols, bound, best);
    CHECKF(halves >= best, "%dx%d class in halves: bound %ld below its best board %ld", cc->rows, cc->cols, halves,
           best);
    if (bound < best || halves < best)
        (*below)++;
    long s = best - (long)th_below(r, 4);
    int v = (int)th_below(r, VARIANTS);
    if (s < 1 || !(w = worker_for(pc, v, s)))
        return;
    board_set want = {0}, got = {0};
    enumerate(cc, s, &want);
    keeper k = {&got, bog_dict_alphabet(cc->bd)};
    bog_prove_stats st = {0};
    CHECK(bog_prove_class(w, cc->sets, keep_board, &k, &st, NULL) == TK_OK);
    CHECKF(got.n == want.n, "class: %ld boards reach %ld, %ld reported", want.n, s, got.n);
    for (long i = 0; i < want.n; i++) {
        long j = 0;
        while (j < got.n && strcmp(got.rows[j], want.rows[i]) != 0)
            j++;
        CHECKF(j < got.n && got.score[j] == want.score[i], "class: %s (%ld) not reported", want.rows[i],
               want.score[i]);
    }
    check_in_super(cc, pc->p[v][s], w, v, s, &want, &st, r);
    set_free(&want);
    set_free(&got);
}

static void class_bounds(int rows, int cols, long n)
{
    th_rng r = {(uint64_t)rows * 1000 + (uint64_t)cols};
    dawg_graph *d = bt_dict_lang("en", 8, NULL, &r);
    if (!d) {
        th_skip("data/words/en.txt not available");
        return;
    }
    bog_dict *bd;
    REQUIRE(bog_dict_create(&bd, d, NULL) == TK_OK);
    bog_face faces[BOG_PROVE_FACES];
    int nf = bog_letter_faces(dawg_alphabet(d), faces);
    class_case cc = {bd, NULL, faces, rows, cols, {0}, nf};
    REQUIRE(bog_solver_create(&cc.s, bd, NULL) == TK_OK);
    prover_cache *pc = calloc(1, sizeof *pc);
    pc->bd = bd;
    pc->rows = rows;
    pc->cols = cols;
    long below = 0;
    if (getenv("TK_LONG"))
        n *= 10;
    for (long i = 0; i < n && !below; i++) {
        random_class(&cc, nf, &r);
        check_class(&cc, pc, &below, &r);
    }
    cache_free(pc);
    free(pc);
    bog_solver_destroy(cc.s);
    bog_dict_destroy(bd);
    dawg_destroy(d);
}

static void test_class_bounds_2x3(void) { class_bounds(2, 3, (long)(1500 * th_sanitized_scale(5))); }
static void test_class_bounds_3x3(void) { class_bounds(3, 3, (long)(1500 * th_sanitized_scale(5))); }

/* ---- canonical forms ------------------------------------------------------ */

static void test_canonical(void)
{
    th_rng r = {42};
    for (int t = 0; t < 500; t++) {
        int rows = 1 + (int)th_below(&r, 4), cols = 1 + (int)th_below(&r, 4), face[16], img[16];
        bog_face faces[6] = {{1, {1}}, {1, {2}}, {1, {3}}, {2, {4, 5}}, {1, {4}}, {1, {6}}};
        for (int i = 0; i < rows * cols; i++)
            face[i] = (int)th_below(&r, 6);
        bog_grid g, want, got;
        grid_of(&g, face, rows, cols, faces);
        bog_grid_canonical(&g, &want);
        int n = rows == cols ? 8 : 4;
        for (int s = 0; s < n; s++) {
            for (int rr = 0; rr < rows; rr++)
                for (int c = 0; c < cols; c++) {
                    int y = s >= 4 ? c : rr, x = s >= 4 ? rr : c;
                    if (s & 1)
                        y = rows - 1 - y;
                    if (s & 2)
                        x = cols - 1 - x;
                    img[y * cols + x] = face[rr * cols + c];
                }
            grid_of(&g, img, rows, cols, faces);
            bog_grid_canonical(&g, &got);
            int same = got.rows == want.rows && got.cols == want.cols;
            for (int i = 0; same && i < rows * cols; i++)
                same = got.n[i] == want.n[i] && memcmp(got.let[i], want.let[i], got.n[i]) == 0;
            CHECKF(same, "%dx%d board, image %d: another canonical form", rows, cols, s);
        }
    }
}

/* ---- checkpoint text ------------------------------------------------------ */

static char *sample_state(size_t *len)
{
    bog_prove_state st;
    memset(&st, 0, sizeof st);
    snprintf(st.proof, sizeof st.proof, "3x3 min-length 3 min-score 545 faces 26 groups x order 0 classes 102 dict 1:2");
    st.classes = 102;
    st.shard = 2;
    st.nshards = 3;
    bog_prove_range r[3] = {{1, 1}, {4, 40}, {100, 100}};
    st.done = r;
    st.ndone = 3;
    bog_prove_board b[2] = {{545, "des/lat/per"}, {530, "abc/def/ghi"}};
    st.boards = b;
    st.nboards = 2;
    st.stats.nodes = 12345;
    st.stats.boards = 1e12;
    st.cpu = 1.5;
    st.wall = 2.25;
    return bog_prove_state_text(&st, len);
}

static void test_state_roundtrip(void)
{
    size_t len;
    char *text = sample_state(&len);
    REQUIRE(text);
    bog_prove_state st;
    tk_error err = {0};
    REQUIRE(bog_prove_state_parse(text, len, &st, &err) == TK_OK);
    CHECK(st.classes == 102 && st.shard == 2 && st.nshards == 3);
    CHECK(st.ndone == 3 && st.done[1].lo == 4 && st.done[1].hi == 40 && bog_prove_state_count(&st) == 39);
    CHECK(st.nboards == 2 && st.boards[0].score == 545 && strcmp(st.boards[0].rows, "des/lat/per") == 0);
    CHECK(st.stats.nodes == 12345 && st.stats.boards == 1e12 && st.cpu == 1.5 && st.wall == 2.25);
    size_t len2;
    char *again = bog_prove_state_text(&st, &len2);
    CHECK(again && len2 == len && memcmp(again, text, len) == 0);
    free(again);
    bog_prove_state_free(&st);
    free(text);
}

/* Every change of one byte, every cut: an error, never a crash, and
 * located on a line of the text (or the checksum). */
static void test_state_damage(void)
{
    size_t len;
    char *text = sample_state(&len);
    REQUIRE(text);
    char *copy = malloc(len + 1);
    long lines = 0;
    for (size_t i = 0; i < len; i++)
        lines += text[i] == '\n';
    for (size_t i = 0; i < len; i++) {
        for (int v = 0; v < 3; v++) {
            memcpy(copy, text, len);
            copy[i] = (char)(v == 0 ? 'x' : v == 1 ? '\n' : text[i] ^ 1);
            if (copy[i] == text[i])
                continue;
            bog_prove_state st;
            tk_error err = {0};
            int rc = bog_prove_state_parse(copy, len, &st, &err);
            CHECKF(rc != TK_OK, "byte %zu changed: accepted", i);
            CHECKF(rc == TK_OK || (err.line >= 1 && err.line <= lines + 2), "byte %zu: error line %ld", i, err.line);
            if (rc == TK_OK)
                bog_prove_state_free(&st);
        }
    }
    for (size_t cut = 0; cut + 1 < len; cut++) {
        bog_prove_state st;
        tk_error err = {0};
        int rc = bog_prove_state_parse(text, cut, &st, &err);
        CHECKF(rc != TK_OK, "cut at %zu: accepted", cut);
        if (rc == TK_OK)
            bog_prove_state_free(&st);
    }
    free(copy);
    free(text);
}

/* Fields checked one by one (the checksum made right, so that the field is what fails). */
static void test_state_fields(void)
{
    static const struct { const char *body, *want; } cases[] = {
        {"tilekit-prove 2\n", "not a tilekit proof"},
        {"tilekit-prove 1\nproof 2x2 classes 5 dict\nshard 1/1\ndone 3-7\nstats 0 0 0 0 0 0\n", "done range"},
        {"tilekit-prove 1\nproof 2x2 classes 5 dict\nshard 1/1\ndone 0-2,2\nstats 0 0 0 0 0 0\n", "twice"},
        {"tilekit-prove 1\nproof 2x2 classes 5 dict\nshard 2/1\nstats 0 0 0 0 0 0\n", "shard"},
        {"tilekit-prove 1\nproof 2x2 classes 99999999999 dict\n", "proof line"},
        {"tilekit-prove 1\ndone 1\n", "before the proof"},
        {"tilekit-prove 1\nproof 2x2 classes 5 dict\nshard 1/1\nboard 12 ab cd\nstats 0 0 0 0 0 0\n", "space"},
        {"tilekit-prove 1\nproof 2x2 classes 5 dict\nshard 1/1\nstats 0 0 0 0 -1 0\n", "stats"},
        {"tilekit-prove 1\nproof 2x2 classes 5 dict\nshard 1/1\nstats 0 0 0 0 0 0\nwhat\n", "unknown line"},
        {"tilekit-prove 1\nproof 2x2 classes 5 dict\nstats 0 0 0 0 0 0\n", "shard line is missing"},
        /* 19 digits overflowed a long long (found by fuzz_bogprove): 18 at most */
        {"tilekit-prove 1\nproof 2x2 classes 5 dict\nshard 1/1\nboard 9999999999999993625 ab/cd\nstats 0 0 0 0 0 0\n",
         "bad board"},
        {"tilekit-prove 1\nproof 2x2 classes 5 dict\nshard 1/9999999999999999999\nstats 0 0 0 0 0 0\n", "shard"},
        {"tilekit-prove 1\nproof 2x2 classes 5 dict\nshard 1/1\ndone 1-9999999999999999999\nstats 0 0 0 0 0 0\n",
         "done range"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char text[512];
        uint64_t h = 1469598103934665603ull;
        for (const char *p = cases[i].body; *p; p++)
            h = (h ^ (uint8_t)*p) * 1099511628211ull;
        snprintf(text, sizeof text, "%send %016llx\n", cases[i].body, (unsigned long long)h);
        bog_prove_state st;
        tk_error err = {0};
        int rc = bog_prove_state_parse(text, strlen(text), &st, &err);
        CHECKF(rc != TK_OK && strstr(err.msg, cases[i].want), "case %zu: rc %d, message '%s'", i, rc, err.msg);
        if (rc == TK_OK)
            bog_prove_state_free(&st);
    }
}

/* A stop request: the run ends early, only finished classes reported. */
static int stop_after_two(void *ctx, long k, const bog_prove_stats *st, const bog_prove_board *found, int nfound)
{
    (void)k;
    (void)st;
    (void)found;
    (void)nfound;
    return ++*(int *)ctx >= 2;
}

static void test_run_stop_and_shards(void)
{
    dawg_graph *d = bt_dict_text("a e s t", "sat\nset\ntea\neat\nate\nseat\neast\neats\nteas\ntees\n");
    REQUIRE(d);
    bog_dict *bd;
    REQUIRE(bog_dict_create(&bd, d, NULL) == TK_OK);
    bog_prove_config cfg = {.rows = 2, .cols = 3, .min_score = 3, .groups = "a e s t"};
    bog_prover *p;
    REQUIRE(bog_prover_create(&p, bd, &cfg, NULL) == TK_OK);
    int calls = 0;
    bog_prove_job job = {.jobs = 1, .on_class = stop_after_two, .ctx = &calls};
    CHECK(bog_prove_run(p, &job, NULL) == 1 && calls == 2);
    /* the shards of 4 cover every class once */
    long n = bog_prover_classes(p), seen = 0;
    for (long k = 0; k < n; k++)
        seen += bog_prove_shard_of(k, 4) >= 1 && bog_prove_shard_of(k, 4) <= 4;
    CHECK(seen == n && n > 4);
    job.shard = 5;
    job.nshards = 4;
    tk_error err = {0};
    CHECK(bog_prove_run(p, &job, &err) == TK_EINVAL);
    bog_prover_destroy(p);
    /* bad configurations */
    static const char *const bad_groups[] = {"ae s", "ae st t", "ae st x", "", NULL};
    for (int i = 0; bad_groups[i]; i++) {
        cfg.groups = bad_groups[i];
        CHECKF(bog_prover_create(&p, bd, &cfg, &err) == TK_EFORMAT, "groups '%s' accepted", bad_groups[i]);
    }
    cfg.groups = NULL;
    cfg.order = "0 1 2 3 4 4";
    CHECK(bog_prover_create(&p, bd, &cfg, &err) == TK_EFORMAT && strstr(err.msg, "order"));
    cfg.order = NULL;
    cfg.min_score = 0;
    CHECK(bog_prover_create(&p, bd, &cfg, &err) == TK_EINVAL);
    bog_dict_destroy(bd);
    dawg_destroy(d);
}

static const th_test tests[] = {
    {"every_board_2x2", test_every_board_2x2},
    {"every_board_2x3", test_every_board_2x3},
    {"every_board_qu", test_every_board_qu},
    {"every_board_derived_groups", test_every_board_derived_groups},
    {"derived_vowels", test_derived_vowels},
    {"class_bounds_2x3", test_class_bounds_2x3},
    {"class_bounds_3x3", test_class_bounds_3x3},
    {"canonical", test_canonical},
    {"state_roundtrip", test_state_roundtrip},
    {"state_damage", test_state_damage},
    {"state_fields", test_state_fields},
    {"run_stop_and_shards", test_run_stop_and_shards},
    {NULL, NULL}
};

int main(int argc, char **argv) { return th_main("boggle_prove", tests, argc, argv); }
