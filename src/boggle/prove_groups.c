/* prove_groups.c - the prover's default partition of the faces into groups
 * for a dictionary whose alphabet is not the English one.
 *
 * The classes of a proof give every cell one group; vowels against
 * consonants is the partition that pays (doc/boggle-prove.md), but which
 * letters are vowels depends on the language.  They are found from the
 * words alone by Sukhotin's algorithm (1962): count how often each pair of
 * different letters stands side by side in a word; every letter starts as
 * a consonant with its row sum of that table; repeatedly the consonant with
 * the largest positive sum becomes a vowel and every other consonant's sum
 * loses twice its count with it (letters next to a vowel are consonants);
 * stop when no sum is positive.  On grids of more than nine cells the
 * consonants are split once more, as the English default does: the most
 * frequent ones, until they make half of the consonants' occurrences, then
 * the rest.  A face goes with its first letter; an empty group is left out. */
#include "prove_internal.h"

#include <string.h>

static int count_word(void *ctx, uint32_t rank, const uint8_t *letters, int n)
{
    prove_letter_stats *s = ctx;
    (void)rank;
    for (int i = 0; i < n; i++) {
        unsigned a = letters[i] & 63;
        s->count[a]++;
        if (i + 1 < n) {
            unsigned b = letters[i + 1] & 63;
            if (a != b) {
                s->pair[a][b]++;
                s->pair[b][a]++;
            }
        }
    }
    return 0;
}

void tki_prove_letter_stats(const bog_dict *bd, prove_letter_stats *s)
{
    memset(s, 0, sizeof *s);
    const dawg_view *v = bog_dict_view(bd);
    dawg_view_foreach(v, 0, dawg_view_words(v), count_word, s);
}

/* Sukhotin's vowels: a set of letters (bit l for letter l). */
static uint64_t find_vowels(const prove_letter_stats *s, int size)
{
    int64_t sum[64] = {0};
    for (int a = 1; a <= size; a++)
        for (int b = 1; b <= size; b++)
            sum[a] += s->pair[a][b];
    uint64_t vowels = 0;
    for (;;) {
        int best = 0;
        for (int a = 1; a <= size; a++)
            if (!(vowels >> a & 1) && sum[a] > 0 && (best == 0 || sum[a] > sum[best]))
                best = a;
        if (best == 0)
            return vowels;
        vowels |= 1ull << best;
        for (int a = 1; a <= size; a++)
            if (!(vowels >> a & 1))
                sum[a] -= 2 * (int64_t)s->pair[a][best];
    }
}

/* The most frequent consonants, until they make half of the consonants'
 * occurrences. */
static uint64_t common_consonants(const prove_letter_stats *s, int size, uint64_t vowels)
{
    uint64_t total = 0, taken = 0, common = 0;
    for (int a = 1; a <= size; a++)
        if (!(vowels >> a & 1))
            total += s->count[a];
    while (2 * taken < total) {
        int best = 0;
        for (int a = 1; a <= size; a++)
            if (!((vowels | common) >> a & 1) && (best == 0 || s->count[a] > s->count[best]))
                best = a;
        if (best == 0)
            break;
        common |= 1ull << best;
        taken += s->count[best];
    }
    return common;
}

/* Append the faces whose first letter is in `letters` to out as one group. */
static size_t put_group(const bog_prover *p, uint64_t letters, char *out, size_t at, size_t cap)
{
    const alpha_table *a = bog_dict_alphabet(p->bd);
    size_t start = at;
    for (int f = 0; f < p->nfaces; f++) {
        if (!(letters >> (p->faces[f].let[0] & 63) & 1))
            continue;
        if (at == start && at > 0 && at + 1 < cap)
            out[at++] = ' ';
        at += alpha_decode(a, p->faces[f].let, p->faces[f].n, 0, out + at, cap - at);
    }
    return at;
}

size_t tki_prove_dict_groups(const bog_prover *p, const prove_letter_stats *s, char *out, size_t cap)
{
    int size = bog_dict_alphabet(p->bd)->size;
    uint64_t all = 0;
    for (int f = 0; f < p->nfaces; f++)
        all |= 1ull << (p->faces[f].let[0] & 63);
    uint64_t vowels = find_vowels(s, size) & all;
    uint64_t common = p->cells > 9 ? common_consonants(s, size, vowels) & all : 0;
    uint64_t sets[3] = {vowels, common, all & ~vowels & ~common};
    size_t at = 0;
    out[0] = 0;
    for (int g = 0; g < 3; g++)
        if (sets[g])
            at = put_group(p, sets[g], out, at, cap);
    return at;
}
