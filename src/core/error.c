/* error.c - status texts and the tk_error record (see tilekit/common.h). */
#include "tilekit/common.h"

#include <stdarg.h>
#include <stdio.h>

#ifndef TILEKIT_VERSION
#define TILEKIT_VERSION "0.0.0"
#endif

const char *tk_strerror(int code)
{
    switch (code) {
    case TK_OK:        return "success";
    case TK_ENOMEM:    return "out of memory";
    case TK_EIO:       return "input/output error";
    case TK_EFORMAT:   return "malformed data";
    case TK_EINVAL:    return "invalid argument";
    case TK_ELIMIT:    return "limit exceeded";
    case TK_EVERSION:  return "unsupported format version";
    case TK_ECHECKSUM: return "checksum mismatch";
    case TK_ENOTFOUND: return "not found";
    case TK_ENOTDAWG:  return "not a .dawg file";
    default:           return "unknown error";
    }
}

int tk_error_set(tk_error *err, int code, long line, long col, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        err->code = code;
        err->line = line;
        err->col = col;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return code;
}

const char *tilekit_version(void) { return TILEKIT_VERSION; }
