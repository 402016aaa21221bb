/* build.c - minimal DAWG by incremental construction (Daciuk, Mihov, Watson
 * and Watson, 2000, the algorithm for sorted input).
 *
 * Words are encoded to letter indices, sorted (skipped when already sorted)
 * and deduplicated.  The automaton under construction keeps one mutable
 * path, the states of the word added last; every state off that path is
 * frozen in a register (a hash table keyed by the final flag and the list of
 * (letter, target) transitions).  When the next word shares a prefix of
 * length p with the previous one, the path states deeper than p can no longer
 * change: each is looked up in the register and either replaced by its
 * equivalent or frozen as new, deepest first.  Every state is visited a
 * constant number of times, so construction is linear in the input.
 *
 * The frozen states are the classic minimal automaton (final flags on
 * states): their number and transitions are the `states`/`transitions`
 * figures.  The stored encoding then puts the final flag on the edge that
 * enters a state, so two states that differ only in their own finality share
 * one sibling list; lists are merged by a second hash table and laid out in
 * reverse creation order, which puts every parent before its children.
 */
#include "dawg_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct trans {
    uint8_t letter;
    uint32_t target;
} trans;

/* Frozen states: transitions in a pool; state ids grow children-first. */
typedef struct builder {
    trans *pool;
    size_t pool_n, pool_cap;
    uint32_t *start;          /* per state: first transition in pool */
    uint8_t *count;           /* per state: number of transitions (<= 63) */
    uint8_t *final;
    uint32_t n_states, cap_states;
    uint32_t *table;          /* register: state id + 1, 0 = empty */
    uint32_t table_cap;
    /* the mutable path */
    trans path_t[ALPHA_WORD_MAX + 1][ALPHA_MAX_LETTERS];
    uint8_t path_n[ALPHA_WORD_MAX + 1];
    uint8_t path_final[ALPHA_WORD_MAX + 1];
} builder;

static uint64_t hash_state(int final, const trans *t, int n)
{
    uint64_t h = 0x9E3779B97F4A7C15ull ^ (uint64_t)final;
    for (int i = 0; i < n; i++) {
        h ^= ((uint64_t)t[i].target << 6) | t[i].letter;
        h *= 0xFF51AFD7ED558CCDull;
        h ^= h >> 29;
    }
    return h;
}

static int same_state(const builder *b, uint32_t s, int final, const trans *t, int n)
{
    if (b->final[s] != final || b->count[s] != n)
        return 0;
    const trans *u = b->pool + b->start[s];
    for (int i = 0; i < n; i++)
        if (u[i].letter != t[i].letter || u[i].target != t[i].target)
            return 0;
    return 1;
}

static int grow_table(builder *b)
{
    uint32_t cap = b->table_cap ? b->table_cap * 2 : 1u << 16;
    uint32_t *t = calloc(cap, sizeof *t);
    if (!t)
        return TK_ENOMEM;
    for (uint32_t s = 0; s < b->n_states; s++) {
        uint64_t h = hash_state(b->final[s], b->pool + b->start[s], b->count[s]);
        uint32_t i = (uint32_t)h & (cap - 1);
        while (t[i])
            i = (i + 1) & (cap - 1);
        t[i] = s + 1;
    }
    free(b->table);
    b->table = t;
    b->table_cap = cap;
    return TK_OK;
}

/* Find the registered equivalent of (final, t[0..n)) or freeze a new state. */
static int intern(builder *b, int final, const trans *t, int n, uint32_t *id)
{
    if ((uint64_t)(b->n_states + 1) * 2 > b->table_cap && grow_table(b))
        return TK_ENOMEM;
    uint64_t h = hash_state(final, t, n);
    uint32_t i = (uint32_t)h & (b->table_cap - 1);
    while (b->table[i]) {
        uint32_t s = b->table[i] - 1;
        if (same_state(b, s, final, t, n)) {
            *id = s;
            return TK_OK;
        }
        i = (i + 1) & (b->table_cap - 1);
    }
    if (b->n_states == b->cap_states) {
        uint32_t cap = b->cap_states ? b->cap_states * 2 : 1024;
        uint32_t *st = realloc(b->start, cap * sizeof *st);
        if (st) b->start = st;
        uint8_t *ct = realloc(b->count, cap);
        if (ct) b->count = ct;
        uint8_t *fi = realloc(b->final, cap);
        if (fi) b->final = fi;
        if (!st || !ct || !fi)
            return TK_ENOMEM;
        b->cap_states = cap;
    }
    trans *p = tku_grow(b->pool, &b->pool_cap, b->pool_n + (size_t)n, sizeof *p, 4096);
    if (!p)
        return TK_ENOMEM;
    b->pool = p;
    uint32_t s = b->n_states++;
    b->start[s] = (uint32_t)b->pool_n;
    b->count[s] = (uint8_t)n;
    b->final[s] = (uint8_t)final;
    memcpy(b->pool + b->pool_n, t, (size_t)n * sizeof *t);
    b->pool_n += (size_t)n;
    b->table[i] = s + 1;
    *id = s;
    return TK_OK;
}

/* Freeze path states deeper than `depth`, deepest first (path has `len`+1 states). */
static int minimize(builder *b, int len, int depth)
{
    for (int d = len; d > depth; d--) {
        uint32_t id;
        int rc = intern(b, b->path_final[d], b->path_t[d], b->path_n[d], &id);
        if (rc)
            return rc;
        b->path_t[d - 1][b->path_n[d - 1] - 1].target = id;
    }
    return TK_OK;
}

/* ---- turning frozen states into sibling lists ----------------------------- */

typedef struct lists {
    uint32_t *of_state;       /* state -> list id (0 = no transitions) */
    uint32_t *first;          /* list id -> first state having it */
    uint32_t n;               /* list ids 1..n-1 */
    uint32_t *table;
    uint32_t cap;
} lists;

static uint64_t hash_list(const builder *b, const lists *L, uint32_t s)
{
    uint64_t h = 0x243F6A8885A308D3ull;
    const trans *t = b->pool + b->start[s];
    for (int i = 0; i < b->count[s]; i++) {
        uint32_t tg = t[i].target;
        h ^= ((uint64_t)L->of_state[tg] << 7) | ((uint64_t)b->final[tg] << 6) | t[i].letter;
        h *= 0xC4CEB9FE1A85EC53ull;
        h ^= h >> 31;
    }
    return h;
}

static int same_list(const builder *b, const lists *L, uint32_t s, uint32_t r)
{
    if (b->count[s] != b->count[r])
        return 0;
    const trans *t = b->pool + b->start[s], *u = b->pool + b->start[r];
    for (int i = 0; i < b->count[s]; i++)
        if (t[i].letter != u[i].letter || b->final[t[i].target] != b->final[u[i].target] ||
            L->of_state[t[i].target] != L->of_state[u[i].target])
            return 0;
    return 1;
}

static int make_lists(const builder *b, lists *L)
{
    L->of_state = calloc(b->n_states, sizeof *L->of_state);
    L->first = malloc(((size_t)b->n_states + 1) * sizeof *L->first);
    L->cap = 1;
    while (L->cap < 2 * b->n_states + 2)
        L->cap *= 2;
    L->table = calloc(L->cap, sizeof *L->table);
    if (!L->of_state || !L->first || !L->table)
        return TK_ENOMEM;
    L->n = 1;
    for (uint32_t s = 0; s < b->n_states; s++) {   /* children before parents */
        if (b->count[s] == 0)
            continue;
        uint32_t i = (uint32_t)hash_list(b, L, s) & (L->cap - 1);
        uint32_t id = 0;
        while (L->table[i]) {
            uint32_t r = L->first[L->table[i]];
            if (same_list(b, L, s, r)) {
                id = L->table[i];
                break;
            }
            i = (i + 1) & (L->cap - 1);
        }
        if (!id) {
            id = L->n++;
            L->first[id] = s;
            L->table[i] = id;
        }
        L->of_state[s] = id;
    }
    return TK_OK;
}

/* Lay lists out in reverse creation order (the root's list, created last,
 * first at edge 1) and encode the edges. */
static int encode(const builder *b, const lists *L, uint32_t root_state, dawg_edge **out_edges,
                  uint32_t *out_n, uint32_t *out_root)
{
    uint32_t *pos = malloc((size_t)L->n * sizeof *pos);
    if (!pos)
        return TK_ENOMEM;
    uint64_t total = 1;
    pos[0] = 0;
    for (uint32_t id = L->n - 1; id >= 1; id--) {
        pos[id] = (uint32_t)total;
        total += b->count[L->first[id]];
        if (total > DAWG_MAX_EDGES) {
            free(pos);
            return TK_ELIMIT;
        }
    }
    dawg_edge *e = malloc(total * sizeof *e);
    if (!e) {
        free(pos);
        return TK_ENOMEM;
    }
    e[0] = 0;
    for (uint32_t id = 1; id < L->n; id++) {
        uint32_t s = L->first[id], at = pos[id];
        const trans *t = b->pool + b->start[s];
        for (int i = 0; i < b->count[s]; i++) {
            uint32_t tg = t[i].target;
            dawg_edge v = t[i].letter | ((dawg_edge)pos[L->of_state[tg]] << DAWG_CHILD_SHIFT);
            if (b->final[tg])
                v |= DAWG_FINAL;
            if (i == b->count[s] - 1)
                v |= DAWG_LAST;
            e[at + (uint32_t)i] = v;
        }
    }
    *out_root = pos[L->of_state[root_state]];
    *out_edges = e;
    *out_n = (uint32_t)total;
    free(pos);
    return TK_OK;
}

/* ---- public entry points ---------------------------------------------------- */

static int cmp_words(const uint8_t *a, int na, const uint8_t *b, int nb)
{
    int n = na < nb ? na : nb;
    int c = memcmp(a, b, (size_t)n);
    return c ? c : na - nb;
}

typedef struct word_ref {
    const uint8_t *w;
    int n;
} word_ref;

static int cmp_ref(const void *x, const void *y)
{
    const word_ref *a = x, *b = y;
    return cmp_words(a->w, a->n, b->w, b->n);
}

static void builder_free(builder *b, lists *L)
{
    free(b->pool);
    free(b->start);
    free(b->count);
    free(b->final);
    free(b->table);
    free(b);
    if (L) {
        free(L->of_state);
        free(L->first);
        free(L->table);
    }
}

/* Build from sorted, unique word refs. */
static int build_sorted(dawg_graph **out, const alpha_table *a, const word_ref *w, size_t n, tk_error *err)
{
    if ((unsigned long long)n > DAWG_MAX_WORDS)
        return tk_error_set(err, TK_ELIMIT, 0, 0, "more than %llu words", (unsigned long long)DAWG_MAX_WORDS);
    builder *b = calloc(1, sizeof *b);
    lists L;
    memset(&L, 0, sizeof L);
    if (!b)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory building the word graph");
    int rc = TK_OK, prev_len = 0, max_len = 0;
    const uint8_t *prev = NULL;
    for (size_t i = 0; i < n && rc == TK_OK; i++) {
        const uint8_t *cur = w[i].w;
        int len = w[i].n, p = 0;
        while (p < prev_len && p < len && prev[p] == cur[p])
            p++;
        rc = minimize(b, prev_len, p);
        for (int d = p; d < len && rc == TK_OK; d++) {
            b->path_t[d][b->path_n[d]].letter = cur[d];
            b->path_t[d][b->path_n[d]].target = 0;
            b->path_n[d]++;
            b->path_n[d + 1] = 0;
            b->path_final[d + 1] = 0;
        }
        b->path_final[len] = 1;
        prev = cur;
        prev_len = len;
        if (len > max_len)
            max_len = len;
    }
    uint32_t root = 0;
    if (rc == TK_OK)
        rc = minimize(b, prev_len, 0);
    if (rc == TK_OK)
        rc = intern(b, b->path_final[0], b->path_t[0], b->path_n[0], &root);
    if (rc == TK_OK)
        rc = make_lists(b, &L);
    dawg_edge *edges = NULL;
    uint32_t n_edges = 0, root_node = 0;
    if (rc == TK_OK)
        rc = encode(b, &L, root, &edges, &n_edges, &root_node);
    if (rc != TK_OK) {
        builder_free(b, &L);
        if (rc == TK_ELIMIT)
            return tk_error_set(err, rc, 0, 0, "word graph needs more than %u edges", DAWG_MAX_EDGES);
        return tk_error_set(err, rc, 0, 0, "out of memory building the word graph");
    }
    dawg_graph *d = tki_dawg_new_owned(a, edges, n_edges, root_node);
    if (!d) {
        free(edges);
        builder_free(b, &L);
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    }
    d->info.words = n;
    d->info.states = b->n_states;
    d->info.transitions = (uint32_t)b->pool_n;
    d->info.lists = L.n - 1;
    d->info.max_len = (uint32_t)max_len;
    builder_free(b, &L);
    *out = d;
    return TK_OK;
}

/* Sort (if needed) and deduplicate refs in place; returns the new count. */
static size_t sort_unique(word_ref *r, size_t n)
{
    int sorted = 1;
    for (size_t i = 1; i < n && sorted; i++)
        if (cmp_ref(&r[i - 1], &r[i]) > 0)
            sorted = 0;
    if (!sorted)
        qsort(r, n, sizeof *r, cmp_ref);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (k == 0 || cmp_ref(&r[k - 1], &r[i]) != 0)
            r[k++] = r[i];
    return k;
}

int dawg_build_encoded(dawg_graph **out, const alpha_table *a, const uint8_t *const *words, const int *lens,
                       size_t n, tk_error *err)
{
    *out = NULL;
    if (!a || a->size < 1)
        return tk_error_set(err, TK_EINVAL, 0, 0, "no alphabet");
    word_ref *r = malloc((n ? n : 1) * sizeof *r);
    if (!r)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (lens[i] < 0 || lens[i] > ALPHA_WORD_MAX) {
            free(r);
            return tk_error_set(err, TK_ELIMIT, 0, 0, "word %zu: longer than %d letters", i + 1,
                                ALPHA_WORD_MAX);
        }
        for (int j = 0; j < lens[i]; j++)
            if (words[i][j] < 1 || words[i][j] > a->size) {
                free(r);
                return tk_error_set(err, TK_EINVAL, 0, 0, "word %zu: letter index %d out of range",
                                    i + 1, words[i][j]);
            }
        if (lens[i] == 0)
            continue;
        r[k].w = words[i];
        r[k].n = lens[i];
        k++;
    }
    k = sort_unique(r, k);
    int rc = build_sorted(out, a, r, k, err);
    free(r);
    return rc;
}

/* Read, encode, sort and build; bad lines stop the build when o->strict,
 * else they are reported through o->skip and counted. */
static int build_text(dawg_graph **out, const alpha_table *a, const char *text, size_t len, dawg_build_opts *o,
                      tk_error *err)
{
    size_t lines = 0;
    for (size_t i = 0; i < len; i++)
        lines += text[i] == '\n';
    lines++;
    uint8_t *letters = malloc(len + 1);
    word_ref *r = malloc(lines * sizeof *r);
    if (!letters || !r) {
        free(letters);
        free(r);
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory reading the word list");
    }
    size_t used = 0, k = 0;
    int rc = TK_OK;
    tku_lines it;
    const char *w;
    size_t wn;
    tku_lines_init(&it, text, len, 0);
    while (rc == TK_OK && tku_lines_next(&it, &w, &wn)) {
        long line = it.lineno;
        wn = tku_line_trim(&w, wn);
        if (o->progress && (line & 0xFFFF) == 0)
            o->progress(o->progress_ctx, (size_t)line, lines);
        if (wn == 0)
            continue;
        tk_error werr;
        int n = alpha_encode(a, w, wn, letters + used, ALPHA_WORD_MAX, &werr);
        if (n < 0) {
            char q[96];
            alpha_quote(w, wn, 60, q, sizeof q);
            if (n == TK_ELIMIT)
                rc = tk_error_set(err, TK_ELIMIT, line, 0, "word '%s' is longer than %d letters", q,
                                  ALPHA_WORD_MAX);
            else
                rc = tk_error_set(err, TK_EFORMAT, line, werr.col, "word '%s': %s", q, werr.msg);
            /* only a character outside the alphabet is skipped; invalid
             * UTF-8 (a Latin-1 list?) and over-long words stay errors */
            if (!o->strict && n != TK_ELIMIT && alpha_utf8_valid(w, wn) == wn) {
                o->skipped++;
                if (o->skip)
                    o->skip(o->skip_ctx, line, err ? err->msg : "");
                rc = TK_OK;
            }
            continue;
        }
        r[k].w = letters + used;
        r[k].n = n;
        used += (size_t)n;
        k++;
    }
    if (rc == TK_OK) {
        k = sort_unique(r, k);
        rc = build_sorted(out, a, r, k, err);
        if (o->progress)
            o->progress(o->progress_ctx, lines, lines);
    }
    free(letters);
    free(r);
    return rc;
}

int dawg_build(dawg_graph **out, const alpha_table *a, const char *text, size_t len, dawg_progress_fn progress,
               void *ctx, tk_error *err)
{
    alpha_table inferred;
    *out = NULL;
    if (!a) {
        int rc = alpha_infer(&inferred, text, len, err);
        if (rc)
            return rc;
        a = &inferred;
    }
    dawg_build_opts o;
    memset(&o, 0, sizeof o);
    o.strict = 1;
    o.progress = progress;
    o.progress_ctx = ctx;
    return build_text(out, a, text, len, &o, err);
}

int dawg_build_ex(dawg_graph **out, const alpha_table *a, const char *text, size_t len, dawg_build_opts *o,
                  tk_error *err)
{
    *out = NULL;
    if (!a || a->size < 1)
        return tk_error_set(err, TK_EINVAL, 0, 0, "no alphabet");
    dawg_build_opts none;
    if (!o) {
        memset(&none, 0, sizeof none);
        o = &none;
    }
    o->skipped = 0;
    tk_error local;
    int rc = build_text(out, a, text, len, o, err ? err : &local);
    if (rc == TK_OK && (*out)->info.words == 0) {
        dawg_destroy(*out);
        *out = NULL;
        return tk_error_set(err, TK_EFORMAT, 0, 0, o->skipped ? "no words (every line was skipped)" : "no words");
    }
    return rc;
}
