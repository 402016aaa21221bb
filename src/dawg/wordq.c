/* wordq.c - word-study searches on the word graph (see tilekit/wordq.h).
 *
 * An exact anagram of at most 8 tiles with at most 2 blanks (no '*') is
 * answered from the alphagram index (wordq_agram.c): one hash probe per way
 * to fill the blanks.  Every other search is one depth-first walk of the
 * graph's letter-indexed view (tilekit/dawg_view.h) from the root, never a
 * scan of the word list: a node's edges are taken in letter order by
 * running through its letter set, and each edge record carries its child's
 * letter set, so the walk never reads the packed edge format.
 *   - anagram / build: the rack is a multiset (count per letter, blanks, a
 *     '*' flag).  An edge is followed only if its letter can be paid for: a
 *     real tile of that letter first, else a blank, else (anagram with '*')
 *     a free extra letter.  Paying with a real tile whenever one is left is
 *     never worse than paying with a wildcard (exchange argument), so this
 *     greedy choice finds every word exactly once.  The walk stops at the
 *     rack's length (exact anagram, build) or at the longest word.  A build
 *     goes below a child only if a letter leaving it can still be paid for.
 *   - pattern: compiled once into per-position letter sets and the gaps
 *     that hold a '*'; the walk carries the set of pattern states (bit k =
 *     "k positions matched", a bit-parallel NFA) and follows an edge only
 *     if some state survives the edge's letter.
 * Anagrams and patterns are pruned by per-node figures (the letters on the
 * paths below a node, the word lengths below it; see "the per-node
 * figures"), read by the index of the edge being followed.
 * The graph is a DAWG: many prefixes lead to the same node.  Where the walk
 * can reach a node in the same search state by different prefixes (blanks,
 * '*'), a failed (node, state) pair is remembered in a small hash table of
 * the searcher (cleared per search by a generation stamp), so a shared
 * sub-graph with no answer is explored once per state, not once per prefix:
 * a pattern such as "*ING" costs about the graph's size times the few
 * pattern states, not the word list's size.
 * The view, the figures and the alphagram index are each made by the first
 * search that needs one (under the dictionary's mutex; each searcher asks
 * once and keeps the pointers); after that nothing here allocates.
 */
#include "tilekit/wordq.h"
#include "core/tk_text.h"
#include "dawg/wordq_agram.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* ---- parsing ------------------------------------------------------------- */

const char *wq_kind_name(int kind)
{
    switch (kind) {
    case WQ_ANAGRAM: return "anagram";
    case WQ_BUILD: return "build";
    case WQ_PATTERN: return "pattern";
    case WQ_HOOKS: return "hooks";
    case WQ_CHECK: return "check";
    default: return "unknown";
    }
}

/* A bracketed group "[...]" at s[0..len), quoted safely for a message. */
static const char *describe_group(const char *s, size_t len, char *out, size_t cap)
{
    size_t n = 1;
    while (n < len && s[n] != ']' && n < 24)
        n++;
    if (n < len && s[n] == ']')
        n++;
    return alpha_quote(s, n, 40, out, cap);
}

/* One letter of the alphabet at s[p..len): returns bytes consumed (> 0) and
 * the letter, or a negative status with err filled. */
static int read_letter(const alpha_table *a, const char *s, size_t len, size_t p, int *letter, tk_error *err)
{
    int up;
    int k = alpha_match(a, s + p, len - p, letter, &up);
    if (k > 0)
        return k;
    char q[64];
    if (k < 0)
        return tk_error_set(err, TK_EFORMAT, 0, (long)p + 1, "invalid UTF-8 at byte %zu", p + 1);
    if (s[p] == '[') {
        const char *close = memchr(s + p, ']', len - p);
        if (!close)
            return tk_error_set(err, TK_EFORMAT, 0, (long)p + 1, "unbalanced '['");
        return tk_error_set(err, TK_EFORMAT, 0, (long)p + 1, "'%s' is not a letter of the alphabet",
                            describe_group(s + p, len - p, q, sizeof q));
    }
    if (s[p] == ']')
        return tk_error_set(err, TK_EFORMAT, 0, (long)p + 1, "unbalanced ']'");
    char d[TKU_CHAR_DESC];
    tku_char_describe(s + p, len - p, d, sizeof d);
    return tk_error_set(err, TK_EFORMAT, 0, (long)p + 1, "%s is not a letter of the alphabet", d);
}

static int too_long(tk_error *err, size_t p)
{
    return tk_error_set(err, TK_ELIMIT, 0, (long)p + 1, "more than %d letters", ALPHA_WORD_MAX);
}

static int parse_rack(wq_query *q, const alpha_table *a, const char *s, size_t len, tk_error *err)
{
    size_t p = 0;
    while (p < len) {
        char c = s[p];
        if (c == '?' || c == '*') {
            if (q->kind == WQ_HOOKS || q->kind == WQ_CHECK || (c == '*' && q->kind == WQ_BUILD))
                return tk_error_set(err, TK_EFORMAT, 0, (long)p + 1, "'%c' is not allowed in a %s query", c,
                                    wq_kind_name(q->kind));
            if (c == '*') {
                q->star = 1;
            } else {
                if (q->ntiles == ALPHA_WORD_MAX)
                    return too_long(err, p);
                q->blanks++;
                q->ntiles++;
            }
            p++;
            continue;
        }
        int l, k = read_letter(a, s, len, p, &l, err);
        if (k < 0)
            return k;
        if (q->ntiles == ALPHA_WORD_MAX)
            return too_long(err, p);
        q->word[q->ntiles++] = (uint8_t)l;
        q->count[l]++;
        p += (size_t)k;
    }
    return TK_OK;
}

/* A bracketed set at s[p] == '[': fills *set, returns bytes consumed. */
static int parse_class(const alpha_table *a, const char *s, size_t len, size_t p, alpha_set *set, tk_error *err)
{
    size_t i = p + 1;
    int neg = 0;
    alpha_set m = 0;
    if (i < len && s[i] == '^') {
        neg = 1;
        i++;
    }
    for (;;) {
        if (i >= len)
            return tk_error_set(err, TK_EFORMAT, 0, (long)p + 1, "unbalanced '['");
        if (s[i] == ']')
            break;
        if (s[i] == '?' || s[i] == '*' || s[i] == '^')
            return tk_error_set(err, TK_EFORMAT, 0, (long)i + 1, "'%c' inside a letter set", s[i]);
        if (s[i] == '[' && !memchr(s + i + 1, ']', len - i - 1))
            return tk_error_set(err, TK_EFORMAT, 0, (long)p + 1, "unbalanced '['");
        int l, k = read_letter(a, s, len, i, &l, err);
        if (k < 0)
            return k;
        m |= ALPHA_BIT(l);
        i += (size_t)k;
    }
    if (!m)
        return tk_error_set(err, TK_EFORMAT, 0, (long)p + 1, "empty letter set '[%s]'", neg ? "^" : "");
    alpha_set all = 0;
    for (int l = 1; l <= a->size; l++)
        all |= ALPHA_BIT(l);
    *set = neg ? all & ~m : m;
    if (!*set)
        return tk_error_set(err, TK_EFORMAT, 0, (long)p + 1, "the letter set excludes every letter");
    return (int)(i + 1 - p);
}

static int parse_pattern(wq_query *q, const alpha_table *a, const char *s, size_t len, tk_error *err)
{
    alpha_set all = 0;
    for (int l = 1; l <= a->size; l++)
        all |= ALPHA_BIT(l);
    size_t p = 0;
    while (p < len) {
        char c = s[p];
        alpha_set set = 0;
        int k;
        if (c == '*') {
            q->gap_star[q->ntiles] = 1;
            p++;
            continue;
        }
        if (c == '?') {
            set = all;
            k = 1;
        } else if (c == '[') {
            int l, up;
            k = alpha_match(a, s + p, len - p, &l, &up);   /* "[cs]": one letter */
            if (k > 0)
                set = ALPHA_BIT(l);
            else if ((k = parse_class(a, s, len, p, &set, err)) < 0)
                return k;
        } else {
            int l;
            k = read_letter(a, s, len, p, &l, err);
            if (k < 0)
                return k;
            set = ALPHA_BIT(l);
        }
        if (q->ntiles == ALPHA_WORD_MAX)
            return too_long(err, p);
        q->pos[++q->ntiles] = set;
        p += (size_t)k;
    }
    return TK_OK;
}

int wq_parse(wq_query *q, const alpha_table *a, int kind, const char *text, size_t len, tk_error *err)
{
    memset(q, 0, sizeof *q);
    q->kind = kind;
    if (kind < WQ_ANAGRAM || kind > WQ_CHECK)
        return tk_error_set(err, TK_EINVAL, 0, 0, "unknown query kind %d", kind);
    if (len == 0)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "empty %s query", wq_kind_name(kind));
    int rc = kind == WQ_PATTERN ? parse_pattern(q, a, text, len, err) : parse_rack(q, a, text, len, err);
    if (rc)
        return rc;
    if (q->ntiles == 0 && !(kind == WQ_PATTERN && q->gap_star[0]) && !(kind == WQ_ANAGRAM && q->star))
        return tk_error_set(err, TK_EFORMAT, 0, 0, "empty %s query", wq_kind_name(kind));
    return TK_OK;
}

/* ---- the searcher -------------------------------------------------------- */

#define WQ_AGBUF 4096       /* answers of one alphagram lookup, else the graph walk */
#define WQ_FIG_ANY 0xFFFFu  /* the figures' id that prunes nothing (more than 65,534 kinds) */

typedef struct memo_ent {
    uint64_t state;
    uint32_t aux;          /* node | depth << 24 | flag << 31 */
    uint32_t gen;
} memo_ent;

/* The per-node figures (see below), made by the first search that walks
 * the graph. */
typedef struct wq_figs {
    uint32_t n;            /* view edges, edge 0 included */
    uint16_t *fid;         /* fid[e]: the figures of edge e's child (0: no child) */
    uint32_t *fid_hi;      /* the ids from WQ_FIG_ANY on in full (NULL: none) */
    alpha_set *below;      /* below[id]: letters on the paths leaving the node */
    uint32_t *lens;        /* lens[id]: bit k (1..30): a word ends k letters below; bit 31: 31 or more */
    uint32_t nfig;         /* ids in use, 0 included */
} wq_figs;

struct wq_dict {
    const dawg_graph *d;
    struct wq_lazy *lazy;  /* what the searches make on first use */
};

/* The view, the figures and the alphagram index (short words by alphagram,
 * for exact anagrams), each made by the first search that needs it, under
 * the mutex: a process that only asks hooks or the word judge makes none,
 * one that asks only exact anagrams no figures. */
typedef struct wq_lazy {
    pthread_mutex_t mu;
    const dawg_view *v;    /* given, or made on first use */
    dawg_view *owned;      /* v when made here */
    int view_rc;           /* why it could not be made (TK_OK: not tried yet, or made) */
    int figs_tried, figs_rc;
    wq_figs figs;
    int ag_tried;          /* built, or failed (out of memory: walk the graph) */
    tki_wq_agram ag;
} wq_lazy;

static int fig_create(wq_figs *f, const dawg_view *v);

/* Under z->mu: the view, made if not given. */
static int lazy_view(wq_lazy *z, const dawg_graph *d)
{
    if (!z->v && z->view_rc == TK_OK) {
        z->view_rc = dawg_view_create(&z->owned, d, NULL);
        z->v = z->owned;
    }
    return z->view_rc;
}

static const tki_wq_agram *dict_agram(const wq_dict *x)
{
    wq_lazy *z = x->lazy;
    pthread_mutex_lock(&z->mu);
    if (!z->ag_tried) {
        z->ag_tried = 1;
        if (lazy_view(z, x->d) == TK_OK)
            tki_wq_agram_build(&z->ag, z->v);    /* on failure ag stays empty */
    }
    pthread_mutex_unlock(&z->mu);
    return z->ag.words ? &z->ag : NULL;
}

/* The view, and the figures if `figs`, for a walk of the graph.  TK_OK, or
 * the view's error, or TK_ENOMEM. */
static int dict_walk(const wq_dict *x, int figs, const dawg_view **v, const wq_figs **f)
{
    wq_lazy *z = x->lazy;
    pthread_mutex_lock(&z->mu);
    int rc = lazy_view(z, x->d);
    if (rc == TK_OK && figs && !z->figs_tried) {
        z->figs_tried = 1;
        z->figs_rc = fig_create(&z->figs, z->v);
    }
    if (rc == TK_OK && figs)
        rc = z->figs_rc;
    *v = z->v;             /* NULL if the view could not be made */
    *f = &z->figs;
    pthread_mutex_unlock(&z->mu);
    return rc;
}

struct wq_searcher {
    const wq_dict *x;
    int walk_rc[2];        /* dict_walk's status for the view, and for the figures */
    int walk_asked;        /* 1: the view asked for, 2: the view and the figures */
    const dawg_view *v;    /* the view and its figures, once asked */
    const dawg_vedge *E;
    const uint16_t *fid;
    const uint32_t *fid_hi;
    const alpha_set *below;
    const uint32_t *lens;
    memo_ent *memo;
    uint32_t memo_mask;    /* slots - 1 (a power of two) */
    int memo_shift;        /* 64 - log2(slots) */
    uint32_t memo_full;    /* stop adding beyond this many entries */
    uint32_t gen;
    uint32_t memo_used;
    uint64_t *agbuf;       /* answers of an alphagram lookup */
    const tki_wq_agram *ag; /* the index once asked for (NULL: none, walk the graph) */
    int ag_asked;          /* dict_agram called: its lock is taken once a searcher */
    int use_memo;
    int depth_in_key;
    /* one search */
    wq_word_fn fn;
    void *ctx;
    int min, max;
    uint8_t word[ALPHA_WORD_MAX + 1];
    /* rack */
    int kind;
    uint8_t cnt[64];
    alpha_set avail;       /* letters with a real tile left */
    int blanks, star;
    uint64_t weight[64];   /* mixed-radix weight of a used tile of letter L (index 0: blank) */
    /* pattern */
    uint64_t trans[64];    /* bit k: letter L allowed at position k+1 */
    uint64_t starmask;     /* bit k: '*' in gap k */
    int npos, star_last;   /* positions; '*' after the 64th */
    alpha_set need[64];    /* need[k]: letters of the one-letter positions after position k */
};

/* ---- the per-node figures --------------------------------------------------
 *
 * For each node: the letters on the paths leaving it and the lengths of the
 * words below it, the view's own figures (dawg_view_below, one backward
 * pass).  Many nodes have the same two figures (43,162 kinds among
 * the 53,766 nodes of ENABLE2K), so each kind is stored once and every edge of
 * the view holds the 16-bit id of its child's kind: the search reads the
 * figures of the edge it is on by its index, with no rank to compute.  In a
 * graph of more kinds (Icelandic: 91,876) the ids from 65,535 on (given in
 * the view's edge order) are written WQ_FIG_ANY
 * in the 16-bit array, whose kind allows everything, and in full in a 32-bit
 * array beside it, read only when WQ_FIG_ANY has let a branch through. */

typedef struct fig_build {
    const dawg_vedge *E;
    alpha_set *below;      /* below[node], lens[node]: exact, by view index (dawg_view_below) */
    uint32_t *lens;
    uint32_t nodes;
} fig_build;

/* The kinds seen so far, found by an open-addressing hash of their ids. */
typedef struct fig_kinds {
    uint32_t *hash;
    uint32_t mask;
    int shift;
    alpha_set *below;      /* by id (room for every node, 0 and WQ_FIG_ANY) */
    uint32_t *lens;
    uint32_t n;            /* ids in use */
} fig_kinds;

/* The id of a node's kind, a new one if it was not seen. */
static uint32_t fig_id(fig_kinds *k, alpha_set bl, uint32_t ln)
{
    uint64_t h = (bl ^ (uint64_t)ln << 40 ^ ln) * 0x9E3779B97F4A7C15ull;
    for (uint32_t i = (uint32_t)(h >> k->shift);; i = (i + 1) & k->mask) {
        uint32_t id = k->hash[i];
        if (id && k->below[id] == bl && k->lens[id] == ln)
            return id;
        if (!id) {
            if (k->n == WQ_FIG_ANY) {    /* the kind that prunes nothing */
                k->below[k->n] = ~(alpha_set)0;
                k->lens[k->n++] = ~(uint32_t)0;
            }
            id = k->hash[i] = k->n++;
            k->below[id] = bl;
            k->lens[id] = ln;
            return id;
        }
    }
}

/* Every edge's id of its child's kind, in the order the view's edges reach
 * the nodes; a node's id replaces its figures (below 0:
 * lens holds the id).  TK_OK or TK_ENOMEM. */
static int fig_ids(wq_figs *f, fig_build *b, fig_kinds *k)
{
    f->fid[0] = 0;
    for (uint32_t e = 1; e < f->n; e++) {
        uint32_t c = dawg_vedge_child(b->E[e]), id = 0;
        if (c && b->below[c]) {
            b->lens[c] = fig_id(k, b->below[c], b->lens[c]);
            b->below[c] = 0;
        }
        if (c)
            id = b->lens[c];
        if (id >= WQ_FIG_ANY && !f->fid_hi && !(f->fid_hi = malloc(f->n * sizeof *f->fid_hi)))
            return TK_ENOMEM;
        if (f->fid_hi)
            f->fid_hi[e] = id;
        f->fid[e] = (uint16_t)(id < WQ_FIG_ANY ? id : WQ_FIG_ANY);
    }
    return TK_OK;
}

/* The figures of view v into f.  TK_OK, or TK_ENOMEM (f zeroed). */
static int fig_create(wq_figs *f, const dawg_view *v)
{
    uint32_t n = f->n = dawg_view_edge_count(v);
    fig_build b = {dawg_view_edges(v), malloc(n * sizeof *b.below), malloc(n * sizeof *b.lens), 0};
    fig_kinds k = {NULL, 0, 0, NULL, NULL, 1};
    int rc = TK_ENOMEM;
    f->fid = malloc(n * sizeof *f->fid);
    if (b.below && b.lens && f->fid) {
        b.nodes = dawg_view_below(v, b.below, b.lens);
        int bits = 4;
        while (bits < 31 && ((uint64_t)1 << bits) < (uint64_t)b.nodes * 2)
            bits++;
        k.mask = ((uint32_t)1 << bits) - 1;
        k.shift = 64 - bits;
        k.hash = calloc((size_t)k.mask + 1, sizeof *k.hash);
        k.below = malloc(((size_t)b.nodes + 2) * (sizeof *k.below + sizeof *k.lens));
        k.lens = k.below ? (uint32_t *)(k.below + b.nodes + 2) : NULL;
    }
    if (k.hash && k.below && fig_ids(f, &b, &k) == TK_OK) {
        k.below[0] = 0;
        k.lens[0] = 0;
        f->nfig = k.n;
        f->below = malloc(k.n * (sizeof *f->below + sizeof *f->lens));
        if (f->below) {
            f->lens = (uint32_t *)(f->below + k.n);
            memcpy(f->below, k.below, k.n * sizeof *k.below);
            memcpy(f->lens, k.lens, k.n * sizeof *k.lens);
            rc = TK_OK;
        }
    }
    free(b.below);
    free(b.lens);
    free(k.hash);
    free(k.below);
    if (rc != TK_OK) {
        free(f->fid);
        free(f->fid_hi);
        memset(f, 0, sizeof *f);
    }
    return rc;
}

/* The dictionary with its lazy part (the mutex, the view, the figures and
 * the alphagram index) in one block. */
typedef struct dict_block {
    wq_dict x;
    wq_lazy lazy;
} dict_block;

/* The dictionary over graph d, with view v (NULL: made on first use). */
static int dict_new(wq_dict **out, const dawg_graph *d, const dawg_view *v, tk_error *err)
{
    *out = NULL;
    if (!d)
        return tk_error_set(err, TK_EINVAL, 0, 0, "no dictionary");
    dict_block *blk = calloc(1, sizeof *blk);
    if (!blk || pthread_mutex_init(&blk->lazy.mu, NULL) != 0) {
        free(blk);
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    }
    blk->x.d = d;
    blk->x.lazy = &blk->lazy;
    blk->lazy.v = v;
    *out = &blk->x;
    return TK_OK;
}

int wq_dict_create(wq_dict **out, const dawg_graph *d, tk_error *err) { return dict_new(out, d, NULL, err); }

int wq_dict_create_view(wq_dict **out, const dawg_view *v, tk_error *err)
{
    return dict_new(out, v ? dawg_view_dawg(v) : NULL, v, err);
}

void wq_dict_destroy(wq_dict *x)
{
    if (!x)
        return;
    wq_lazy *z = x->lazy;
    free(z->figs.fid);
    free(z->figs.fid_hi);
    free(z->figs.below);
    tki_wq_agram_free(&z->ag);
    dawg_view_destroy(z->owned);
    pthread_mutex_destroy(&z->mu);
    free(x);   /* the dict_block: x is its first member */
}

const dawg_graph *wq_dict_dawg(const wq_dict *x) { return x->d; }

const dawg_view *wq_dict_view(const wq_dict *x)
{
    wq_lazy *z = x->lazy;
    pthread_mutex_lock(&z->mu);
    lazy_view(z, x->d);
    const dawg_view *v = z->v;
    pthread_mutex_unlock(&z->mu);
    return v;
}

size_t wq_dict_bytes(const wq_dict *x)
{
    wq_lazy *z = x->lazy;
    pthread_mutex_lock(&z->mu);
    const wq_figs *f = &z->figs;
    size_t n = sizeof *x + sizeof *z + (size_t)f->n * (sizeof *f->fid + (f->fid_hi ? sizeof *f->fid_hi : 0)) +
               (size_t)f->nfig * (sizeof *f->below + sizeof *f->lens) + tki_wq_agram_bytes(&z->ag);
    pthread_mutex_unlock(&z->mu);
    return n;
}

int wq_searcher_create(wq_searcher **out, const wq_dict *x, tk_error *err)
{
    /* The memo holds the failed (node, state) pairs of one search: a few per
     * sibling list of the graph (patterns such as "*ING" reach most nodes in
     * two or three states).  Sized to the graph: 2.5 slots per list, at
     * least 2^12, at most 2^20 (16 bytes a slot; pages are touched only by
     * searches that use the memo). */
    dawg_info info;
    dawg_get_info(x->d, &info);
    int bits = 12;
    while (bits < 20 && (uint64_t)1 << bits < (uint64_t)info.lists * 5 / 2)
        bits++;
    wq_searcher *s = calloc(1, sizeof *s);
    memo_ent *m = calloc((size_t)1 << bits, sizeof *m);
    uint64_t *agbuf = malloc(WQ_AGBUF * sizeof *agbuf);
    if (!s || !m || !agbuf) {
        free(s);
        free(m);
        free(agbuf);
        *out = NULL;
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    }
    s->x = x;
    s->memo = m;
    s->agbuf = agbuf;
    s->memo_mask = ((uint32_t)1 << bits) - 1;
    s->memo_shift = 64 - bits;
    s->memo_full = ((uint32_t)1 << bits) / 8 * 7;
    *out = s;
    return TK_OK;
}

void wq_searcher_destroy(wq_searcher *s)
{
    if (!s)
        return;
    free(s->memo);
    free(s->agbuf);
    free(s);
}

static void memo_reset(wq_searcher *s)
{
    if (++s->gen == 0) {
        memset(s->memo, 0, ((size_t)s->memo_mask + 1) * sizeof *s->memo);
        s->gen = 1;
    }
    s->memo_used = 0;
}

static inline uint32_t memo_slot(const wq_searcher *s, uint64_t state, uint32_t aux)
{
    uint64_t h = (state ^ ((uint64_t)aux << 17 | aux)) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    return (uint32_t)(h >> s->memo_shift);
}

static inline uint32_t memo_aux(const wq_searcher *s, uint32_t node, int depth, int flag)
{
    return node | (uint32_t)(s->depth_in_key ? depth : 0) << 24 | (uint32_t)flag << 31;
}

/* 1 if (state, aux) is known to have no answer below. */
static int memo_dead(const wq_searcher *s, uint64_t state, uint32_t aux)
{
    uint32_t i = memo_slot(s, state, aux);
    for (;;) {
        const memo_ent *m = &s->memo[i];
        if (m->gen != s->gen)
            return 0;
        if (m->state == state && m->aux == aux)
            return 1;
        i = (i + 1) & s->memo_mask;
    }
}

static void memo_add(wq_searcher *s, uint64_t state, uint32_t aux)
{
    if (s->memo_used >= s->memo_full)
        return;
    uint32_t i = memo_slot(s, state, aux);
    while (s->memo[i].gen == s->gen)
        i = (i + 1) & s->memo_mask;
    s->memo[i].state = state;
    s->memo[i].aux = aux;
    s->memo[i].gen = s->gen;
    s->memo_used++;
}

/* Word lengths below a node (lens): exactly k letters, at least k letters. */
static inline int len_exact(uint32_t m, int k)
{
    return k < 31 ? (int)((m >> k) & 1) : (int)(m >> 31);
}
static inline int len_at_least(uint32_t m, int k)
{
    return k < 31 ? (m >> k) != 0 : (int)(m >> 31);
}

/* ---- anagram and build --------------------------------------------------- */

/* Walk below `node` with `left` tiles (real + blank) still to place.
 * Returns the number of answers found below (> 0), 0, or -1 when the
 * callback stopped the search (its value in s->...).  state: the used
 * tiles in mixed radix (for the memo). */
/* Can the tiles left (nleft of them, the real ones in s->avail) be placed
 * below a node of kind id? */
static inline int rack_fits(const wq_searcher *s, uint32_t id, int nleft)
{
    return (s->star ? len_at_least(s->lens[id], nleft) : nleft > 0 && len_exact(s->lens[id], nleft)) &&
           (s->below[id] & s->avail) == s->avail;
}

typedef struct rack_walk {
    uint64_t wild;
    int stopped;
} rack_walk;

static int rack_dfs(wq_searcher *s, rack_walk *w, uint32_t node, uint64_t m, int depth, int left, uint64_t state)
{
    int found = 0;
    const int build = s->kind == WQ_BUILD;
    for (uint32_t e = node; m; m &= m - 1, e++) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        int how;              /* 0 real tile, 1 blank, 2 extra ('*') */
        if (s->cnt[l])
            how = 0;
        else if (s->blanks)
            how = 1;
        else if (s->star)
            how = 2;
        else
            continue;
        dawg_vedge x = s->E[e];
        uint64_t nstate = state;
        int nleft = left;
        if (how == 0) {
            if (--s->cnt[l] == 0)
                s->avail &= ~ALPHA_BIT(l);
            nstate += s->weight[l];
            nleft--;
        } else if (how == 1) {
            s->blanks--;
            nstate += s->weight[0];
            nleft--;
        }
        uint64_t bit = (uint64_t)1 << depth;
        if (how)
            w->wild |= bit;
        s->word[depth] = (uint8_t)l;
        int nd = depth + 1;
        if (dawg_vedge_final(x) && nd >= s->min && (build || nleft == 0)) {
            int rc = s->fn(s->ctx, s->word, nd, w->wild);
            found++;
            if (rc) {
                w->stopped = rc;
                return -1;
            }
        }
        uint32_t c = dawg_vedge_child(x);
        /* go on only if what must still be placed fits below c: every
         * tile (anagram) on a path of the right length, every letter of the
         * real tiles left on some path; for build, a letter leaving c that
         * a tile left can pay for */
        int go = c && nd < s->max;
        if (go && !build) {
            go = rack_fits(s, s->fid[e], nleft);
            if (go && s->fid[e] == WQ_FIG_ANY)
                go = rack_fits(s, s->fid_hi[e], nleft);
        } else if (go) {
            go = nleft > 0 && (s->blanks || (x.next & s->avail));
        }
        if (go) {
            uint32_t aux = s->use_memo ? memo_aux(s, c, nd, 0) : 0;
            if (!s->use_memo || !memo_dead(s, nstate, aux)) {
                int r = rack_dfs(s, w, c, x.next, nd, nleft, nstate);
                if (r < 0)
                    return -1;
                if (r == 0 && s->use_memo)
                    memo_add(s, nstate, aux);
                found += r;
            }
        }
        w->wild &= ~bit;
        if (how == 0) {
            s->cnt[l]++;
            s->avail |= ALPHA_BIT(l);
        } else if (how == 1) {
            s->blanks++;
        }
    }
    return found;
}

/* The view (and, if `figs`, the figures) for a walk, asked for once a
 * searcher: TK_OK or why they could not be made. */
static int walk_ready(wq_searcher *s, int figs)
{
    if (s->walk_asked < 1 + figs) {
        const dawg_view *v;
        const wq_figs *f;
        int rc = dict_walk(s->x, figs, &v, &f);
        s->walk_asked = 1 + figs;
        s->walk_rc[figs] = rc;
        s->walk_rc[0] = v ? TK_OK : rc;
        if (v) {
            s->v = v;
            s->E = dawg_view_edges(v);
        }
        if (rc == TK_OK && figs) {
            s->fid = f->fid;
            s->fid_hi = f->fid_hi;
            s->below = f->below;
            s->lens = f->lens;
        }
    }
    return s->walk_rc[figs];
}

/* An exact anagram of a short rack from the alphagram index: 1 with *rc
 * set when answered, 0 when the graph must be walked (too many answers). */
static int search_agram(wq_searcher *s, const wq_query *q, int *rc)
{
    if (!s->ag_asked) {
        s->ag = dict_agram(s->x);
        s->ag_asked = 1;
    }
    const tki_wq_agram *ag = s->ag;
    if (!ag)
        return 0;
    long n = tki_wq_agram_find(ag, q->count, q->ntiles - q->blanks, q->blanks, s->agbuf, WQ_AGBUF);
    if (n < 0)
        return 0;
    *rc = 0;
    for (long i = 0; i < n; i++) {
        uint8_t left[64];
        memcpy(left, q->count, sizeof left);
        int len = tki_wq_agram_unpack(s->agbuf[i], s->word);
        uint64_t wild = 0;
        for (int k = 0; k < len; k++) {       /* real tiles first, from the left */
            if (left[s->word[k]])
                left[s->word[k]]--;
            else
                wild |= (uint64_t)1 << k;
        }
        if ((*rc = s->fn(s->ctx, s->word, len, wild)) != 0)
            return 1;
    }
    return 1;
}

static int search_rack(wq_searcher *s, const wq_query *q)
{
    if (!q->star && s->max > q->ntiles)
        s->max = q->ntiles;
    if (s->kind == WQ_ANAGRAM && !q->star && (q->ntiles < s->min || q->ntiles > s->max))
        return 0;
    int rc;
    if (s->kind == WQ_ANAGRAM && !q->star && q->blanks <= TKI_AG_BLANKS && q->ntiles <= TKI_AG_MAX &&
        search_agram(s, q, &rc))
        return rc;
    if ((rc = walk_ready(s, s->kind == WQ_ANAGRAM)) != TK_OK)
        return rc;
    memcpy(s->cnt, q->count, sizeof s->cnt);
    s->avail = 0;
    for (int l = 1; l < 64; l++)
        if (q->count[l])
            s->avail |= ALPHA_BIT(l);
    s->blanks = q->blanks;
    s->star = q->star;
    /* mixed-radix weights of used tiles: one digit per letter of the rack
     * (only those are ever used), one for blanks; the memo is used only
     * when the product fits 62 bits */
    uint64_t radix = 1;
    int fits = 1;
    s->weight[0] = radix;
    if (q->blanks) {
        if (radix > (UINT64_C(1) << 62) / (uint64_t)(q->blanks + 1))
            fits = 0;
        else
            radix *= (uint64_t)(q->blanks + 1);
    }
    for (alpha_set r = s->avail; r && fits; r &= r - 1) {
        int l = __builtin_ctzll(r);
        s->weight[l] = radix;
        if (radix > (UINT64_C(1) << 62) / (uint64_t)(q->count[l] + 1))
            fits = 0;
        else
            radix *= (uint64_t)(q->count[l] + 1);
    }
    s->use_memo = fits && q->star;
    /* without '*' the used tiles give the depth; with it, the depth matters
     * only to length filters */
    s->depth_in_key = q->star && (s->min > 1 || s->max < ALPHA_WORD_MAX);
    rack_walk w = {0, 0};
    uint32_t root = dawg_view_root(s->v);
    if (!root)
        return 0;
    if (rack_dfs(s, &w, root, dawg_view_root_letters(s->v), 0, q->ntiles, 0) < 0)
        return w.stopped;
    return 0;
}

/* ---- patterns ------------------------------------------------------------ */

/* Are there `lack` letters or more, and the letters req, below a node of
 * kind id? */
static inline int pat_fits(const wq_searcher *s, uint32_t id, int lack, alpha_set req)
{
    return len_at_least(s->lens[id], lack) && (s->below[id] & req) == req;
}

#if defined(__GNUC__)
#define WQ_INLINE inline __attribute__((always_inline))
#else
#define WQ_INLINE inline
#endif

static int pat_dfs(wq_searcher *s, int *stopped, uint32_t node, uint64_t m, int depth, uint64_t st, int full);
static int pat_dfs_gen(wq_searcher *s, int *stopped, uint32_t node, uint64_t m, int depth, uint64_t st, int full);

/* The pattern walk below `node` (letter set m) in states st (full: all 64
 * positions matched and a '*' after them).  `gen` (a constant where it is
 * inlined) 0: fewer than 64 positions (full is 0) and no kind of figures
 * from WQ_FIG_ANY on; 1: any pattern and graph (pat_dfs_gen). */
static WQ_INLINE int pat_walk(wq_searcher *s, int *stopped, uint32_t node, uint64_t m, int depth, uint64_t st,
                              int full, int gen)
{
    const dawg_vedge *E = s->E;
    const int p = s->npos, wide = gen && p == 64;
    const int nd = depth + 1;
    int found = 0;
    for (uint32_t e = node; m; m &= m - 1, e++) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint64_t mv = st & s->trans[l];
        uint64_t ns = mv << 1 | (st & s->starmask);
        int nfull = wide && ((mv >> 63) | (uint64_t)(full & s->star_last));
        if (!(ns | (uint64_t)nfull))
            continue;
        s->word[depth] = (uint8_t)l;
        int accept = wide ? nfull : (int)((ns >> p) & 1);
        if (accept && dawg_vedge_final(E[e]) && nd >= s->min) {
            int rc = s->fn(s->ctx, s->word, nd, 0);
            found++;
            if (rc) {
                *stopped = rc;
                return -1;
            }
        }
        uint32_t c = dawg_vedge_child(E[e]);
        int go = c && nd < s->max;
        if (go && !nfull) {
            /* the positions still to match must fit below c: as many
             * letters as the most advanced state lacks, and the one-letter
             * positions it still needs (need[] shrinks as k grows, so
             * these are all that every state needs) */
            int top = 63 - __builtin_clzll(ns);
            alpha_set req = s->need[top];
            uint32_t id = s->fid[e];
            go = len_at_least(s->lens[id], p - top) && (s->below[id] & req) == req;
            if (gen && go && id == WQ_FIG_ANY)
                go = pat_fits(s, s->fid_hi[e], p - top, req);
        }
        if (go) {
            uint32_t aux = s->use_memo ? memo_aux(s, c, nd, nfull) : 0;
            if (!s->use_memo || !memo_dead(s, ns, aux)) {
                int r = gen ? pat_dfs_gen(s, stopped, c, E[e].next, nd, ns, nfull)
                           : pat_dfs(s, stopped, c, E[e].next, nd, ns, nfull);
                if (r < 0)
                    return -1;
                if (r == 0 && s->use_memo)
                    memo_add(s, ns, aux);
                found += r;
            }
        }
    }
    return found;
}

static int pat_dfs(wq_searcher *s, int *stopped, uint32_t node, uint64_t m, int depth, uint64_t st, int full)
{
    return pat_walk(s, stopped, node, m, depth, st, full, 0);
}

static int pat_dfs_gen(wq_searcher *s, int *stopped, uint32_t node, uint64_t m, int depth, uint64_t st, int full)
{
    return pat_walk(s, stopped, node, m, depth, st, full, 1);
}

static int search_pattern(wq_searcher *s, const wq_query *q)
{
    int p = q->ntiles;
    s->npos = p;
    s->starmask = 0;
    memset(s->trans, 0, sizeof s->trans);
    for (int k = 0; k < p; k++) {
        alpha_set set = q->pos[k + 1];
        for (int l = 1; l < 64; l++)
            if (set & ALPHA_BIT(l))
                s->trans[l] |= (uint64_t)1 << k;
    }
    for (int k = 0; k <= p && k < 64; k++)
        if (q->gap_star[k])
            s->starmask |= (uint64_t)1 << k;
    alpha_set acc = 0;
    for (int k = p; k >= 0; k--) {
        if (k < 64)
            s->need[k] = acc;
        if (k >= 1 && alpha_set_count(q->pos[k]) == 1)
            acc |= q->pos[k];
    }
    s->star_last = p == 64 && q->gap_star[64];
    s->use_memo = s->starmask != 0;
    s->depth_in_key = s->min > 1 || s->max < ALPHA_WORD_MAX;
    if (!s->starmask && s->max > p)
        s->max = p;
    if (p == 0 && !s->starmask)
        return 0;
    int stopped = walk_ready(s, 1);
    if (stopped != TK_OK)
        return stopped;
    uint32_t root = dawg_view_root(s->v);
    if (!root)
        return 0;
    if ((s->fid_hi || p == 64 ? pat_dfs_gen : pat_dfs)(s, &stopped, root, dawg_view_root_letters(s->v), 0, 1, 0) < 0)
        return stopped;
    return 0;
}

int wq_search(wq_searcher *s, const wq_query *q, int min_len, int max_len, wq_word_fn fn, void *ctx)
{
    if (q->kind != WQ_ANAGRAM && q->kind != WQ_BUILD && q->kind != WQ_PATTERN)
        return TK_EINVAL;
    s->fn = fn;
    s->ctx = ctx;
    s->kind = q->kind;
    s->min = min_len < 1 ? 1 : min_len;
    s->max = max_len < 1 || max_len > ALPHA_WORD_MAX ? ALPHA_WORD_MAX : max_len;
    if (s->min > s->max)
        return 0;
    memo_reset(s);
    return q->kind == WQ_PATTERN ? search_pattern(s, q) : search_rack(s, q);
}

/* ---- hooks --------------------------------------------------------------- */

void wq_hooks(const dawg_graph *d, const uint8_t *word, int n, alpha_set *front, alpha_set *back, int *valid)
{
    *front = n < ALPHA_WORD_MAX ? dawg_cross_set(d, NULL, 0, word, n) : 0;
    *back = n < ALPHA_WORD_MAX ? dawg_cross_set(d, word, n, NULL, 0) : 0;
    *valid = dawg_contains(d, word, n);
}

/* ---- probability --------------------------------------------------------- */

static double choose(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    double r = 1;
    if (k > n - k)
        k = n - k;
    for (int i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return r;
}

double wq_ways(const int count[64], const uint8_t *letters, int n)
{
    int need[64] = {0};
    for (int i = 0; i < n; i++)
        need[letters[i] & 63]++;
    int blanks = count[0] < 0 ? 0 : count[0];
    if (blanks > n)
        blanks = n;
    /* dp[u]: ways to draw the letters seen so far with u blanks standing in */
    double dp[ALPHA_WORD_MAX + 1] = {0}, nx[ALPHA_WORD_MAX + 1];
    dp[0] = 1;
    for (int l = 1; l < 64; l++) {
        if (!need[l])
            continue;
        for (int u = 0; u <= blanks; u++)
            nx[u] = 0;
        for (int u = 0; u <= blanks; u++) {
            if (dp[u] == 0)
                continue;
            for (int j = 0; j <= need[l] && u + j <= blanks; j++)
                nx[u + j] += dp[u] * choose(count[l], need[l] - j);
        }
        memcpy(dp, nx, sizeof(double) * (size_t)(blanks + 1));
    }
    double total = 0;
    for (int u = 0; u <= blanks; u++)
        total += dp[u] * choose(count[0], u);
    return total;
}

/* ---- display ------------------------------------------------------------- */

size_t wq_format(const alpha_table *a, const uint8_t *letters, int n, uint64_t wild, char *out, size_t cap)
{
    size_t len = 0, written = 0;
    for (int i = 0; i < n; i++) {
        int l = letters[i];
        int low = i < 64 && ((wild >> i) & 1);
        size_t tl = low ? a->len[l] : a->ulen[l];
        if (tl == 1 && a->ncp[l] == 1) {          /* one byte: the common case */
            if (written == len && len + 1 < cap)
                out[written++] = low ? a->lower[l][0] : a->upper[l][0];
            len++;
            continue;
        }
        const char *t = low ? a->lower[l] : a->upper[l];
        int br = a->ncp[l] > 1;
        size_t need = tl + (br ? 2 : 0);
        if (written == len && len + need < cap) {   /* whole letters only */
            char *o = out + len;
            if (br)
                *o++ = '[';
            memcpy(o, t, tl);
            o += tl;
            if (br)
                *o++ = ']';
            written += need;
        }
        len += need;
    }
    if (cap)
        out[written] = 0;
    return len;
}
