/* tilekit/common.h - status codes, the error record and the version.
 *
 * Every fallible library function returns an int status: TK_OK (0) on
 * success, a negative TK_E* code on failure.  Functions that can fail on bad
 * data also take a `tk_error *` (may be NULL) which they fill with a human
 * message ("line 12: word 'fooß': letter 'ß' is not in the alphabet") that the
 * CLI prints after its own "prog: file:" prefix.  Library code never prints,
 * exits or aborts on bad input.
 */
#ifndef TILEKIT_COMMON_H
#define TILEKIT_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    TK_OK       = 0,
    TK_ENOMEM   = -1,   /* out of memory */
    TK_EIO      = -2,   /* cannot open/read/write/map a file */
    TK_EFORMAT  = -3,   /* malformed input data (bad UTF-8, bad board, corrupt file) */
    TK_EINVAL   = -4,   /* bad argument from the caller */
    TK_ELIMIT   = -5,   /* input exceeds a documented limit */
    TK_EVERSION = -6,   /* file format version not supported */
    TK_ECHECKSUM = -7,  /* file checksum mismatch */
    TK_ENOTFOUND = -8,  /* lookup failed (unknown name, no such word) */
    TK_ENOTDAWG = -9    /* dawg_load: the file does not start like a .dawg (a word list?) */
};

/* Filled on failure.  `line` and `col` are 1-based, 0 when not meaningful. */
typedef struct tk_error {
    int code;
    long line;
    long col;
    char msg[320];
} tk_error;

/* Short constant text for a status code ("out of memory", ...). */
const char *tk_strerror(int code);

/* Fill `err` (if not NULL) with code, position and a printf-style message;
 * returns `code` so callers can `return tk_error_set(err, TK_EFORMAT, ...)`. */
int tk_error_set(tk_error *err, int code, long line, long col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* Library version, "MAJOR.MINOR.PATCH". */
const char *tilekit_version(void);

#ifdef __cplusplus
}
#endif
#endif
