/* fuzz_alphabet.c - libFuzzer target for alphabet specs and letter matching.
 *
 * The input is split at its first NUL byte (or in the middle): the first part
 * is parsed as an alphabet specification, the second is matched and encoded
 * against it.  Invariants: a parsed alphabet has 1..63 letters of 1..15
 * bytes, each found again by alpha_index; alpha_format output parses back to
 * the same letters; alpha_match never reports more bytes than it was given;
 * alpha_encode returns letters in 1..size; the UTF-8 checker and the decoder
 * agree.  A broken invariant aborts.
 */
#include "tilekit/alphabet.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 8192)
        return 0;
    const char *s = (const char *)data;
    const char *nul = memchr(s, 0, size);
    size_t cut = nul ? (size_t)(nul - s) : size / 2;
    const char *spec = s, *word = s + cut + (nul ? 1 : 0);
    size_t slen = cut, wlen = size - cut - (nul ? 1 : 0);

    /* UTF-8: checker and decoder agree */
    size_t good = alpha_utf8_valid(s, size);
    size_t p = 0;
    while (p < size) {
        uint32_t cp;
        int k = alpha_utf8_decode(s + p, size - p, &cp);
        if (k < 0)
            break;
        if (k > 4 || (size_t)k > size - p || cp > 0x10FFFF)
            abort();
        char enc[4];
        if (alpha_utf8_encode(cp, enc) != k || memcmp(enc, s + p, (size_t)k) != 0)
            abort();
        p += (size_t)k;
    }
    if (good != p)
        abort();

    alpha_table a;
    tk_error err;
    memset(&err, 0, sizeof err);
    if (alpha_parse(&a, spec, slen, &err) != 0) {
        if (err.msg[0] == 0)
            abort();
        return 0;
    }
    if (a.size < 1 || a.size > ALPHA_MAX_LETTERS)
        abort();
    for (int i = 1; i <= a.size; i++) {
        if (a.len[i] < 1 || a.len[i] > ALPHA_LETTER_MAX || strlen(a.lower[i]) != a.len[i])
            abort();
        if (alpha_index(&a, a.lower[i]) != i)
            abort();
    }
    char out[64 * (ALPHA_LETTER_MAX + 3) + 1];
    size_t n = alpha_format(&a, out, sizeof out);
    if (n >= sizeof out)
        abort();
    alpha_table b;
    if (alpha_parse(&b, out, n, &err) != 0 || b.size != a.size)
        abort();
    for (int i = 1; i <= a.size; i++)
        if (strcmp(a.lower[i], b.lower[i]) != 0)
            abort();

    for (size_t q = 0; q < wlen; q++) {
        int letter = -1, up = -1;
        int m = alpha_match(&a, word + q, wlen - q, &letter, &up);
        if (m > (int)(wlen - q) || m < -1)
            abort();
        if (m > 0 && (letter < 1 || letter > a.size))
            abort();
    }
    uint8_t letters[ALPHA_WORD_MAX];
    int k = alpha_encode(&a, word, wlen, letters, ALPHA_WORD_MAX, &err);
    if (k > ALPHA_WORD_MAX)
        abort();
    for (int i = 0; i < k; i++)
        if (letters[i] < 1 || letters[i] > a.size)
            abort();
    if (k < 0 && (err.col < 1 || (size_t)err.col > wlen + 1) && k != TK_ELIMIT)
        abort();
    char dec[ALPHA_WORD_MAX * (ALPHA_LETTER_MAX + 1) + 1];
    if (k > 0) {
        size_t dl = alpha_decode(&a, letters, k, 0, dec, sizeof dec);
        if (dl >= sizeof dec || alpha_utf8_valid(dec, dl) != dl)
            abort();
        alpha_decode(&a, letters, k, 1, dec, sizeof dec);
    }
    return 0;
}
