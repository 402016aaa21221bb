/* prove_setup.c - what a proof is about: the faces, the partition of the
 * faces into groups, the splitting order, the symmetries of the grid and
 * the list of top-level classes (see tilekit/boggle.h, bog_prover).
 *
 * The top-level classes are the vectors of one group per cell, numbered in
 * base `ngroups` with cell 0 the most significant digit; only the vectors
 * that come first among their images under the grid's symmetries are kept
 * (every board is a symmetric image of a board of a kept class, with the
 * same score).  The dictionary is identified by its word count and an
 * FNV-1a hash of its graph, so that a checkpoint or a shard's result is
 * never mixed with another dictionary's. */
#include "prove_internal.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int bog_letter_faces(const alpha_table *a, bog_face *faces)
{
    int qu = alpha_index(a, "u"), n = 0;
    for (int l = 1; l <= a->size && n < BOG_PROVE_FACES; l++) {
        faces[n].n = 1;
        faces[n].let[0] = (uint8_t)l;
        if (strcmp(a->lower[l], "q") == 0 && qu > 0) {
            faces[n].n = 2;
            faces[n].let[1] = (uint8_t)qu;
        }
        n++;
    }
    return n;
}

/* English (the letters a..z): vowels and consonants up to 3x3; three groups
 * on larger grids (vowels, the common consonants, the others).  Fewer
 * groups make fewer, larger classes: less work walking the word paths
 * (a path is walked once per class that holds its letters), more work
 * splitting; these measured best (doc/boggle-prove.md). */
const char *bog_prove_default_groups(const alpha_table *a, int rows, int cols)
{
    if (a->size != 26)
        return NULL;
    for (int l = 1; l <= 26; l++)
        if (a->lower[l][0] != 'a' + l - 1 || a->lower[l][1])
            return NULL;
    if (rows * cols <= 9)
        return "aeiou bcdfghjklmnpqrstvwxyz";
    return "aeiou lnrsty bcdfghjkmpqvwxz";
}

/* The face of `letters` at *i: the longest face that spells the next
 * letters, else the only face that starts with the letter (q for Qu). */
static int face_at(const bog_prover *p, const uint8_t *letters, int n, int *i)
{
    int best = -1, blen = 0, starts = 0, only = -1;
    for (int f = 0; f < p->nfaces; f++) {
        const bog_face *fc = &p->faces[f];
        if (fc->let[0] != letters[*i])
            continue;
        starts++;
        only = f;
        if (fc->n <= n - *i && memcmp(fc->let, letters + *i, fc->n) == 0 && fc->n > blen) {
            best = f;
            blen = fc->n;
        }
    }
    if (best < 0 && starts == 1) {
        best = only;
        blen = 1;
    }
    *i += blen;
    return best;
}

/* One group (a token of the groups text) into p->group[g]. */
static int parse_group(bog_prover *p, const char *tok, size_t len, uint64_t seen, tk_error *err)
{
    const alpha_table *a = bog_dict_alphabet(p->bd);
    uint8_t letters[256];
    char q[80];
    alpha_quote(tok, len, 60, q, sizeof q);
    tk_error e = {0};
    int n = alpha_encode(a, tok, len, letters, (int)sizeof letters, &e);
    if (n < 0)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "groups: '%s': %s", q, e.msg);
    uint64_t m = 0;
    for (int i = 0; i < n;) {
        int f = face_at(p, letters, n, &i);
        if (f < 0)
            return tk_error_set(err, TK_EFORMAT, 0, 0, "groups: '%s' names no face at letter %d", q, i + 1);
        if ((m | seen) >> f & 1)
            return tk_error_set(err, TK_EFORMAT, 0, 0, "groups: face %d of '%s' is in two groups", i, q);
        m |= (uint64_t)1 << f;
    }
    p->group[p->ngroups++] = m;
    return TK_OK;
}

static int parse_groups(bog_prover *p, const char *text, tk_error *err)
{
    uint64_t seen = 0;
    const char *s = text;
    size_t out = 0;
    while (*s) {
        size_t sp = strspn(s, " \t,"), len;
        s += sp;
        if (!*s)
            break;
        len = strcspn(s, " \t,");
        if (p->ngroups == BOG_PROVE_GROUPS)
            return tk_error_set(err, TK_ELIMIT, 0, 0, "groups: more than %d groups", BOG_PROVE_GROUPS);
        int rc = parse_group(p, s, len, seen, err);
        if (rc != TK_OK)
            return rc;
        seen |= p->group[p->ngroups - 1];
        if (out + len + 2 < sizeof p->groups_text) {
            memcpy(p->groups_text + out, s, len);
            out += len;
            p->groups_text[out++] = ' ';
            p->groups_text[out] = 0;
        }
        s += len;
    }
    if (out)
        p->groups_text[out - 1] = 0;
    for (int f = 0; f < p->nfaces; f++)
        if (!(seen >> f & 1)) {
            char t[64];
            alpha_decode(bog_dict_alphabet(p->bd), p->faces[f].let, p->faces[f].n, 0, t, sizeof t);
            return tk_error_set(err, TK_EFORMAT, 0, 0, "groups: the face '%s' is in no group", t);
        }
    if (p->ngroups < 1)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "groups: no group");
    return TK_OK;
}

/* Default order: most neighbours first, then nearest the centre, then row-major. */
static void default_order(bog_prover *p)
{
    int key[BOG_PROVE_CELLS];
    for (int i = 0; i < p->cells; i++) {
        int r = i / p->cols, c = i % p->cols;
        int dr = 2 * r - (p->rows - 1), dc = 2 * c - (p->cols - 1);
        key[i] = (8 - p->nbn[i]) * 100000 + (dr * dr + dc * dc) * 100 + i;
        p->order[i] = (uint8_t)i;
    }
    for (int i = 1; i < p->cells; i++)
        for (int j = i; j > 0 && key[p->order[j]] < key[p->order[j - 1]]; j--) {
            uint8_t t = p->order[j];
            p->order[j] = p->order[j - 1];
            p->order[j - 1] = t;
        }
}

static int parse_order(bog_prover *p, const char *text, tk_error *err)
{
    uint64_t seen = 0;
    int k = 0;
    const char *s = text;
    while (*s) {
        s += strspn(s, " \t,");
        if (!*s)
            break;
        char *end;
        long c = strtol(s, &end, 10);
        if (end == s || c < 0 || c >= p->cells || (seen >> c & 1))
            return tk_error_set(err, TK_EFORMAT, 0, 0, "order: '%.20s' is not a new cell 0..%d", s, p->cells - 1);
        seen |= (uint64_t)1 << c;
        p->order[k++] = (uint8_t)c;
        s = end;
    }
    if (k != p->cells)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "order: %d cells given, the grid has %d", k, p->cells);
    return TK_OK;
}

static void neighbours(bog_prover *p)
{
    for (int r = 0; r < p->rows; r++)
        for (int c = 0; c < p->cols; c++) {
            int i = r * p->cols + c, k = 0;
            for (int dr = -1; dr <= 1; dr++)
                for (int dc = -1; dc <= 1; dc++) {
                    int rr = r + dr, cc = c + dc;
                    if ((dr || dc) && rr >= 0 && rr < p->rows && cc >= 0 && cc < p->cols)
                        p->nb[i][k++] = (uint8_t)(rr * p->cols + cc);
                }
            p->nbn[i] = (uint8_t)k;
        }
}

/* The canonical group vectors, in increasing order. */
static int list_classes(bog_prover *p, tk_error *err)
{
    double total = 1;
    for (int i = 0; i < p->cells; i++)
        total *= p->ngroups;
    if (total > 2147483647.0)
        return tk_error_set(err, TK_ELIMIT, 0, 0, "%d groups on %d cells make %.3g classes (the limit is 2^31): "
                            "use fewer groups", p->ngroups, p->cells, total);
    long n = (long)total, cap = n / (p->nsym > 1 ? p->nsym - 2 : 1) + 64, k = 0;
    p->classes = malloc((size_t)cap * sizeof *p->classes);
    if (!p->classes)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory listing the classes");
    uint8_t v[BOG_PROVE_CELLS] = {0};
    for (long x = 0; x < n; x++) {
        if (tki_prove_vector_canonical(v, p->cells, p->nsym, p->sym)) {
            if (k == cap) {
                uint32_t *nc = realloc(p->classes, (size_t)(cap *= 2) * sizeof *nc);
                if (!nc)
                    return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory listing the classes");
                p->classes = nc;
            }
            p->classes[k++] = (uint32_t)x;
        }
        for (int i = p->cells - 1; i >= 0 && ++v[i] == p->ngroups; i--)
            v[i] = 0;
    }
    p->nclasses = k;
    return TK_OK;
}

/* Each face's weight: the occurrences of its first letter in the words
 * (to split a class's face set in two halves of about equal weight). */
static void face_weights(bog_prover *p, const prove_letter_stats *s)
{
    for (int f = 0; f < p->nfaces; f++)
        p->face_weight[f] = s->count[p->faces[f].let[0] & 63] + 1;
}

static uint64_t dict_hash(const bog_dict *bd)
{
    const dawg_view *v = bog_dict_view(bd);
    const dawg_vedge *e = dawg_view_edges(v);
    uint32_t n = dawg_view_edge_count(v);
    uint64_t h = 1469598103934665603ull;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t x[2] = {e[i].next, (uint64_t)e[i].link << 32 | e[i].rank};
        for (int j = 0; j < 2; j++)
            for (int b = 0; b < 64; b += 8)
                h = (h ^ ((x[j] >> b) & 0xff)) * 1099511628211ull;
    }
    return h;
}

static int setup(bog_prover *p, const bog_prove_config *cfg, tk_error *err)
{
    const alpha_table *a = bog_dict_alphabet(p->bd);
    if (cfg->rows < 1 || cfg->cols < 1 || cfg->rows * cfg->cols > BOG_PROVE_CELLS)
        return tk_error_set(err, TK_EINVAL, 0, 0, "a proof takes 1 to %d cells", BOG_PROVE_CELLS);
    if (cfg->min_score < 1)
        return tk_error_set(err, TK_EINVAL, 0, 0, "the minimum score must be at least 1");
    p->rows = cfg->rows;
    p->cols = cfg->cols;
    p->cells = cfg->rows * cfg->cols;
    p->min_len = cfg->min_len ? cfg->min_len : 3;
    p->min_score = cfg->min_score;
    p->class_paths = cfg->class_paths > 0 ? cfg->class_paths : BOG_PROVE_CLASS_PATHS;
    p->sort_small = cfg->sort_small > 0 ? cfg->sort_small : PROVE_SORT_SMALL;
    double above = (cfg->force_ratio == 0 ? 3.5 : cfg->force_ratio) * (double)p->min_score;
    p->force_above = above < 0 || above > 1e15 ? LONG_MAX : (long)above;
    if (p->min_len < 1 || p->min_len > ALPHA_WORD_MAX)
        return tk_error_set(err, TK_EINVAL, 0, 0, "minimum length %d out of range", p->min_len);
    if (cfg->faces) {
        if (cfg->nfaces < 1 || cfg->nfaces > BOG_PROVE_FACES)
            return tk_error_set(err, TK_ELIMIT, 0, 0, "a proof takes 1 to %d faces", BOG_PROVE_FACES);
        p->nfaces = cfg->nfaces;
        memcpy(p->faces, cfg->faces, (size_t)cfg->nfaces * sizeof *p->faces);
    } else {
        p->nfaces = bog_letter_faces(a, p->faces);
    }
    if (bog_dict_words(p->bd) >= (1u << 24))
        return tk_error_set(err, TK_ELIMIT, 0, 0, "a proof takes dictionaries of fewer than 2^24 words");
    memset(p->face_of_first, -1, sizeof p->face_of_first);
    for (int f = 0; f < p->nfaces; f++) {
        if (p->faces[f].n < 1 || p->faces[f].n > BOG_FACE_MAX)
            return tk_error_set(err, TK_EINVAL, 0, 0, "face %d has %d letters", f, p->faces[f].n);
        for (int j = 0; j < p->faces[f].n; j++) {
            if (p->faces[f].let[j] < 1 || p->faces[f].let[j] > a->size)
                return tk_error_set(err, TK_EINVAL, 0, 0, "face %d: a letter not in the alphabet", f);
            p->face_cpl[f] = (uint8_t)(p->face_cpl[f] + p->bd->cpl[p->faces[f].let[j]]);
        }
        if (p->face_of_first[p->faces[f].let[0]] >= 0)
            return tk_error_set(err, TK_EINVAL, 0, 0, "two faces start with the same letter (face %d)", f);
        p->face_of_first[p->faces[f].let[0]] = (int8_t)f;
    }
    neighbours(p);
    p->nsym = tki_prove_symmetries(p->rows, p->cols, p->sym);
    prove_letter_stats stats;
    tki_prove_letter_stats(p->bd, &stats);
    const char *groups = cfg->groups ? cfg->groups : bog_prove_default_groups(a, p->rows, p->cols);
    char derived[PROVE_GROUPS_TEXT];
    if (!groups) {                     /* another alphabet: vowels found in the words */
        tki_prove_dict_groups(p, &stats, derived, sizeof derived);
        groups = derived;
    }
    int rc = parse_groups(p, groups, err);
    if (rc == TK_OK && cfg->order)
        rc = parse_order(p, cfg->order, err);
    else if (rc == TK_OK)
        default_order(p);
    if (rc != TK_OK)
        return rc;
    for (int k = 0; k < p->cells; k++)
        p->pos_of[p->order[k]] = (uint8_t)k;
    p->dict_hash = dict_hash(p->bd);
    face_weights(p, &stats);
    return list_classes(p, err);
}

int bog_prover_create(bog_prover **out, const bog_dict *bd, const bog_prove_config *cfg, tk_error *err)
{
    *out = NULL;
    bog_prover *p = calloc(1, sizeof *p);
    if (!p)
        return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory preparing a proof");
    p->bd = bd;
    int rc = setup(p, cfg, err);
    if (rc != TK_OK) {
        bog_prover_destroy(p);
        return rc;
    }
    *out = p;
    return TK_OK;
}

void bog_prover_destroy(bog_prover *p)
{
    if (!p)
        return;
    free(p->classes);
    free(p);
}

long bog_prover_classes(const bog_prover *p) { return p->nclasses; }

int bog_prover_same_family(const bog_prover *p, long a, long b)
{
    if (a < 0 || b < 0 || a >= p->nclasses || b >= p->nclasses)
        return 0;
    return p->classes[a] / (uint32_t)p->ngroups == p->classes[b] / (uint32_t)p->ngroups;
}

const bog_face *bog_prover_faces(const bog_prover *p, int *nfaces)
{
    *nfaces = p->nfaces;
    return p->faces;
}

double bog_prover_class(const bog_prover *p, long k, uint64_t *sets)
{
    uint32_t x = p->classes[k];
    double boards = 1;
    for (int i = p->cells - 1; i >= 0; i--) {
        sets[i] = p->group[x % (uint32_t)p->ngroups];
        x /= (uint32_t)p->ngroups;
        boards *= __builtin_popcountll(sets[i]);
    }
    return boards;
}

size_t bog_prover_describe(const bog_prover *p, char *out, size_t cap)
{
    char order[4 * BOG_PROVE_CELLS + 1];
    size_t o = 0;
    for (int k = 0; k < p->cells; k++)
        o += (size_t)snprintf(order + o, sizeof order - o, "%s%d", k ? "," : "", p->order[k]);
    int n = snprintf(out, cap, "%dx%d min-length %d min-score %ld faces %d groups %s order %s classes %ld "
                     "dict %u:%016llx", p->rows, p->cols, p->min_len, p->min_score, p->nfaces, p->groups_text,
                     order, p->nclasses, bog_dict_words(p->bd), (unsigned long long)p->dict_hash);
    return n < 0 ? 0 : (size_t)n;
}
