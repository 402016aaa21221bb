/* core/tk_text.h - the shared text toolkit: lines, UTF-8 counts, a safe
 * description of a bad character, a bounded and a growable byte buffer,
 * popcount, a monotonic clock and a mapped file.
 *
 * Internal to tilekit: used by the library, the front-ends (src/cli), the
 * tools and the tests (all compile with -Isrc and include "core/tk_text.h").
 * It is not installed and not part of the public API, so its symbols use the
 * prefix `tku_` ("tilekit utility"), never a public one (tk_, alpha_, dawg_,
 * sk_, mj_, bog_).  Nothing here prints, exits or aborts.
 *
 * Lines.  A line ends at '\n' (not included); one '\r' before it is dropped,
 * so CR LF files read like LF files.  A UTF-8 byte order mark (EF BB BF) at
 * the very start of a text is skipped.  The last line needs no '\n'; a text
 * ending in '\n' has no empty line after it.  Line numbers are 1-based and
 * count every line, skipped or not, so messages name the line a user sees in
 * an editor.  Comments: with TKU_LINES_COMMENTS a line whose first character
 * that is not a blank (space, tab) is the comment mark ('#' unless another is
 * set) is skipped; with TKU_LINES_BLANK a line of blanks only is skipped.
 * The returned line is never trimmed otherwise: columns in messages are byte
 * offsets from its start.
 *
 * Characters in messages.  tku_char_describe() names the character at a
 * position without ever copying bytes that are not valid UTF-8 or that are
 * control characters: "'x'" for a printable ASCII character, "'é' (U+00E9)"
 * for another printable one, "U+0009" for a control or invisible format
 * character, "byte 0xff" for a byte that does not start valid UTF-8.
 *
 * Buffers.  A tku_sbuf writes into caller memory with snprintf's contract:
 * its length counts everything asked for, what fits is kept NUL-terminated,
 * and a cut never splits a UTF-8 sequence (once something did not fit,
 * nothing more is written).  A tku_buf owns growable heap memory: appends
 * return 0 or TK_ENOMEM; after a failure the buffer is marked `failed`, keeps
 * what it held, and ignores further appends until tku_buf_reset(), so a
 * caller may append freely and check once.  tku_buf_reset() empties it and
 * keeps the memory for reuse; tku_buf_free() releases it (the struct can be
 * reused afterwards, as if zero-initialised).  `data` is NUL-terminated
 * whenever it is not NULL; a zero-initialised tku_buf is an empty buffer.
 */
#ifndef TILEKIT_CORE_TK_TEXT_H
#define TILEKIT_CORE_TK_TEXT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__)
#define TKU_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define TKU_PRINTF(f, a)
#endif

/* ---- bits and time ------------------------------------------------------- */

/* Bits set in x.  The builtin only where it is one instruction: baseline
 * x86-64 has no POPCNT, and there the builtin is a library call, slower than
 * this bit trick. */
static inline int tku_popcount64(uint64_t x)
{
#if defined(__POPCNT__) || \
    ((defined(__GNUC__) || defined(__clang__)) && !defined(__x86_64__) && !defined(__i386__))
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (int)((x * 0x0101010101010101u) >> 56);
#endif
}

/* Seconds on a monotonic clock (arbitrary origin; for intervals only). */
double tku_clock_seconds(void);
/* CPU seconds used by the calling thread (for benchmarks). */
double tku_cpu_seconds(void);

/* ---- UTF-8 --------------------------------------------------------------- */

/* Code points in s[0..len): the bytes that are not continuation bytes
 * (10xxxxxx).  For valid UTF-8 this is the code point count. */
size_t tku_utf8_count(const char *s, size_t len);

/* Longest prefix of s[0..len) of at most max bytes that does not end inside
 * a UTF-8 sequence. */
size_t tku_utf8_cut(const char *s, size_t len, size_t max);

/* Room for any tku_char_describe() text, NUL included. */
#define TKU_CHAR_DESC 24
/* Describe the character at s[0..len) (len > 0) into out (see the top);
 * returns the bytes it occupies (1 for an invalid byte), 0 if len == 0. */
int tku_char_describe(const char *s, size_t len, char *out, size_t cap);

/* ---- lines --------------------------------------------------------------- */

/* 3 if s starts with the UTF-8 byte order mark, else 0. */
size_t tku_bom_len(const char *s, size_t len);
/* Length of s[0..len) without one trailing "\n" and then one trailing "\r". */
size_t tku_line_chomp(const char *s, size_t len);
/* For a line reader: chomp the line in place and, when lineno == 1, remove a
 * leading BOM (memmove); NUL-terminates (line has room for len + 1 bytes)
 * and returns the new length. */
size_t tku_line_clean(char *line, size_t len, long lineno);
/* 1 if s[0..len) holds only blanks (space, tab, CR, VT, FF). */
int tku_line_blank(const char *s, size_t len);
/* 1 if the first character of s[0..len) that is not a space or tab is mark. */
int tku_line_comment(const char *s, size_t len, char mark);
/* A word-list line without its surrounding blanks: spaces and tabs at both
 * ends, and any CR at the end.  Moves *s past the leading ones and returns
 * the length left (0 for a line of such blanks). */
size_t tku_line_trim(const char **s, size_t len);
/* Length of s[0..len) before the first `mark` (a comment to the end of the line). */
size_t tku_comment_cut(const char *s, size_t len, char mark);

#define TKU_LINES_BLANK    1u   /* skip lines of blanks only */
#define TKU_LINES_COMMENTS 2u   /* skip comment lines (see the top) */

typedef struct tku_lines {
    const char *text;
    size_t len, pos;
    long lineno;         /* 1-based number of the line last returned (0 before) */
    unsigned flags;
    char mark;           /* comment mark, '#' by default */
} tku_lines;

/* Iterate over text[0..len) (not copied: keep it alive). */
void tku_lines_init(tku_lines *it, const char *text, size_t len, unsigned flags);
/* Next line: returns 1 with *line (not NUL-terminated) and *len set, or 0 at
 * the end. */
int tku_lines_next(tku_lines *it, const char **line, size_t *len);

/* ---- bounded buffer over caller memory ------------------------------------ */

typedef struct tku_sbuf {
    char *out;
    size_t cap;
    size_t len;          /* bytes asked for so far (may exceed what was kept) */
    size_t kept;         /* bytes kept in out (out[kept] == 0 when cap > 0) */
} tku_sbuf;

void tku_sbuf_init(tku_sbuf *b, char *out, size_t cap);
void tku_sbuf_put(tku_sbuf *b, const char *s, size_t n);
void tku_sbuf_puts(tku_sbuf *b, const char *s);
void tku_sbuf_putc(tku_sbuf *b, char c);
void tku_sbuf_printf(tku_sbuf *b, const char *fmt, ...) TKU_PRINTF(2, 3);

/* ---- growable arrays and buffer --------------------------------------------- */

/* Room for `need` elements of `size` bytes in the block p of *cap elements:
 * p itself when it has the room, else p moved to a block of `first`
 * elements (when *cap is 0) doubled until it holds `need`, contents kept
 * and *cap updated.  NULL when out of memory (p and *cap untouched). */
void *tku_grow(void *p, size_t *cap, size_t need, size_t size, size_t first);

typedef struct tku_buf {
    char *data;          /* NULL until the first append; NUL-terminated after */
    size_t len, cap;
    int failed;          /* an allocation failed since the last reset */
} tku_buf;

#define TKU_BUF_INIT { NULL, 0, 0, 0 }

/* Make room for `extra` more bytes (plus the NUL).  0 or TK_ENOMEM. */
int tku_buf_reserve(tku_buf *b, size_t extra);
int tku_buf_append(tku_buf *b, const void *s, size_t n);
int tku_buf_puts(tku_buf *b, const char *s);
int tku_buf_putc(tku_buf *b, char c);
int tku_buf_printf(tku_buf *b, const char *fmt, ...) TKU_PRINTF(2, 3);
int tku_buf_vprintf(tku_buf *b, const char *fmt, va_list ap);
/* The text ("" when empty, never NULL). */
const char *tku_buf_str(const tku_buf *b);
/* Empty it, keep the memory, clear `failed`. */
void tku_buf_reset(tku_buf *b);
/* Release the memory; the buffer is empty and usable again. */
void tku_buf_free(tku_buf *b);

/* ---- files --------------------------------------------------------------- */

/* A whole regular file mapped privately: read-only, or with `writable`
 * copy-on-write (changes stay in this process's memory).  An empty file
 * gives data NULL and len 0.  Returns TKU_MAP_OK, else the step that failed
 * (TKU_MAP_EOPEN: open; TKU_MAP_ENOTREG: not a regular file, or fstat
 * failed; TKU_MAP_EMAP: mmap) with errno kept and *m empty. */
typedef struct tku_map {
    void *data;
    size_t len;
} tku_map;
enum { TKU_MAP_OK = 0, TKU_MAP_EOPEN, TKU_MAP_ENOTREG, TKU_MAP_EMAP };
int tku_map_file(tku_map *m, const char *path, int writable);
/* Unmap (an empty map is fine) and empty *m. */
void tku_unmap(tku_map *m);

#endif
