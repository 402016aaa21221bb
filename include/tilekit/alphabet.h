/* tilekit/alphabet.h - letters of a game alphabet <-> small indices.
 *
 * A letter is one user-visible tile: usually one Unicode code point (a, þ, ő),
 * sometimes several (Hungarian cs, dzs), written in brackets where it could be
 * ambiguous: "[cs]".  Letters get indices 1..size in the alphabet's order
 * (which is its collation order); index 0 is reserved ("no letter"), so a set
 * of letters fits an `alpha_set` (uint64_t, bit i = letter i) and an alphabet
 * holds at most ALPHA_MAX_LETTERS = 63 letters.
 *
 * Case: word lists are lower case; on a Scrabble board upper case means a
 * tile and lower case a blank.  Each letter has a lower and an upper form;
 * the upper form is derived with alpha_cp_upper(), which covers ASCII,
 * Latin-1, Latin Extended-A, Greek and Cyrillic (É/é, Þ/þ, Ő/ő, ...).
 *
 * An alpha_table is a plain value (no heap memory): copy it, keep it on the
 * stack, share it read-only between threads.
 *
 * The specification text of an alphabet (data/alphabets/NAME.txt, and what a .dawg
 * file stores): `#` starts a comment to the end of the line.  If what is left
 * is several white-space-separated tokens, each token is one letter
 * ("a b c cs d" or "a b [cs]"); if it is a single token, each code point is a
 * letter except bracketed groups ("abc[cs]d").  Letters are stored lower case.
 */
#ifndef TILEKIT_ALPHABET_H
#define TILEKIT_ALPHABET_H

#include <stddef.h>
#include <stdint.h>

#include "tilekit/common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ALPHA_MAX_LETTERS 63   /* indices 1..63 */
#define ALPHA_LETTER_MAX  15   /* UTF-8 bytes of one letter, NUL excluded */
#define ALPHA_WORD_MAX    64   /* longest word (in letters) the toolkit handles */

typedef uint64_t alpha_set;
#define ALPHA_BIT(i) ((alpha_set)1 << (i))

typedef struct alpha_table {
    int size;                                   /* letters 1..size */
    int multi;                                  /* 1 if some letter has several code points */
    uint8_t len[64];                            /* bytes of lower[i] */
    uint8_t ulen[64];                           /* bytes of upper[i] */
    char lower[64][ALPHA_LETTER_MAX + 1];       /* NUL-terminated UTF-8 */
    char upper[64][ALPHA_LETTER_MAX + 1];
    uint8_t ascii[128];                         /* single-byte letter -> index, either case, 0 none */
    uint8_t ncp[64];                            /* code points in letter i */
    uint32_t cp1[64];                           /* first code point of letter i (lower case) */
} alpha_table;

/* ---- UTF-8 and case ------------------------------------------------------ */

/* Decode one code point from s[0..len).  Returns bytes consumed (1-4), or -1
 * for invalid UTF-8 (bad lead byte, truncated, overlong, surrogate, > U+10FFFF). */
int alpha_utf8_decode(const char *s, size_t len, uint32_t *cp);
/* Encode cp into out (4 bytes room); returns bytes written (0 if invalid cp). */
int alpha_utf8_encode(uint32_t cp, char *out);
/* Length of the longest valid UTF-8 prefix of s[0..len): the byte offset
 * of the first invalid sequence, or len when the whole text is valid. */
size_t alpha_utf8_valid(const char *s, size_t len);
/* Simple case mapping (see above for coverage); other code points unchanged. */
uint32_t alpha_cp_lower(uint32_t cp);
uint32_t alpha_cp_upper(uint32_t cp);

/* ---- building an alphabet ------------------------------------------------ */

/* Parse a specification text (see above).  Errors: TK_EFORMAT (bad UTF-8,
 * unbalanced bracket, duplicate letter, a letter longer than ALPHA_LETTER_MAX),
 * TK_ELIMIT (more than 63 letters), with err->line set. */
int alpha_parse(alpha_table *a, const char *spec, size_t len, tk_error *err);

/* Infer an alphabet from a word list (one word a line): every distinct code
 * point, lower-cased, ordered by code point.  Errors as alpha_parse, with the
 * line of the offending word. */
int alpha_infer(alpha_table *a, const char *words, size_t len, tk_error *err);
/* The same, but ASCII characters that are not letters (' - digits,
 * punctuation) never become letters (the lines holding them are then left
 * to the build to skip); TK_ENOMEM too. */
int alpha_infer_letters(alpha_table *a, const char *words, size_t len, tk_error *err);

/* Write the specification text of `a` (letters separated by spaces,
 * multi-code-point letters in brackets) into out, NUL-terminated.  Returns the
 * length it needs (excluding NUL); output is truncated if cap is too small. */
size_t alpha_format(const alpha_table *a, char *out, size_t cap);

/* ---- letters ------------------------------------------------------------- */

/* Match the letter at the start of s[0..len): brackets "[cs]" name a letter
 * explicitly; otherwise the longest letter (either case) that matches.
 * Returns bytes consumed (>0) and sets *letter (1..size) and *upper (1 if
 * written in upper case); 0 if no letter of the alphabet matches; -1 for
 * invalid UTF-8. */
int alpha_match(const alpha_table *a, const char *s, size_t len, int *letter, int *upper);

/* Encode a whole word into letter indices.  Returns the number of letters,
 * or a negative status: TK_EFORMAT (invalid UTF-8 or a character that is not
 * a letter of the alphabet; err->col is the 1-based byte offset), TK_ELIMIT
 * (more than `max` letters).  Case is ignored. */
int alpha_encode(const alpha_table *a, const char *s, size_t len, uint8_t *out, int max, tk_error *err);

/* Decode letters to UTF-8 (lower or upper case) into out, NUL-terminated;
 * returns the length it needs (excluding NUL), truncating if cap is short. */
size_t alpha_decode(const alpha_table *a, const uint8_t *letters, int n, int upper, char *out, size_t cap);

/* Quote text for an error message: at most `max` bytes of s[0..len), cut
 * at a code point boundary (then "..." is appended), bytes that are not
 * UTF-8 and control characters written as \xNN, so the result is always
 * valid UTF-8.  Writes a NUL-terminated string into out (cap >= max + 8
 * avoids any further cut); returns out. */
char *alpha_quote(const char *s, size_t len, size_t max, char *out, size_t cap);

/* The letter index of a spelled letter ("cs", "É"), or 0. */
int alpha_index(const alpha_table *a, const char *letter);

static inline int alpha_set_count(alpha_set s) { return __builtin_popcountll(s); }

#ifdef __cplusplus
}
#endif
#endif
