/* cli_limits.c - numeric option values (cli_limits.h): checked by hand for
 * the one syntax every tool accepts, then converted with strtoull/strtod,
 * whose overflow (ERANGE) is a usage error, never a clamp. */
#include "cli_limits.h"
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int cli_is_integer(const char *s)
{
    if (*s == '-')
        s++;
    size_t n = 0;
    while (s[n] >= '0' && s[n] <= '9')
        n++;
    return n > 0 && s[n] == 0;
}

uint64_t cli_parse_u64(const char *opt, const char *s, uint64_t lo, uint64_t hi)
{
    uint64_t v = 0;
    int ok = *s != '-' && cli_is_integer(s);
    if (ok) {
        char *end;
        errno = 0;
        unsigned long long x = strtoull(s, &end, 10);
        ok = !errno && !*end;
        v = (uint64_t)x;
    }
    if (!ok || v < lo || v > hi)
        cli_usage_error("invalid %s value '%s' (%" PRIu64 "..%" PRIu64 ")", opt, s, lo, hi);
    return v;
}

/* decimal digits with one optional '.', then an optional exponent */
static int real_syntax(const char *s)
{
    size_t i = 0, digits = 0;
    while (s[i] >= '0' && s[i] <= '9')
        i++, digits++;
    if (s[i] == '.')
        for (i++; s[i] >= '0' && s[i] <= '9'; i++)
            digits++;
    if (!digits)
        return 0;
    if (s[i] == 'e' || s[i] == 'E') {
        i++;
        if (s[i] == '+' || s[i] == '-')
            i++;
        if (!(s[i] >= '0' && s[i] <= '9'))
            return 0;
        while (s[i] >= '0' && s[i] <= '9')
            i++;
    }
    return s[i] == 0;
}

double cli_parse_real(const char *opt, const char *s, double lo, int lo_open, double hi)
{
    double v = 0;
    int ok = real_syntax(s);
    if (ok) {
        errno = 0;
        v = strtod(s, NULL);
        ok = errno != ERANGE && isfinite(v);
    }
    if (!ok || v < lo || (lo_open && v == lo) || v > hi)
        cli_usage_error("invalid %s value '%s' (a number %s %g and at most %g)", opt, s,
                        lo_open ? "above" : "from", lo, hi);
    return v;
}
