/* log_gzip.c - gzip-compressed logs (Tenhou serves .mjlog files gzipped).
 *
 * A small inflater written from RFC 1951/1952, since tilekit uses nothing
 * beyond libc: the gzip header (optional extra field, name, comment and
 * header CRC skipped), then deflate blocks: stored, fixed Huffman codes
 * and dynamic ones.  Huffman codes are canonical, so a code is decoded one
 * bit at a time by walking the count of codes of each length (no tables to
 * build beyond the counts and the symbols sorted by code).  Back
 * references copy from the output written so far.  The trailer's CRC-32 and
 * length are checked.  Output is bounded by MJ_LOG_MAX_BYTES; every read is
 * bounds-checked, so corrupt data is an error, never a crash. */
#include "log_internal.h"

#include <stdlib.h>
#include <string.h>

#define MAXBITS 15

typedef struct inflater {
    const uint8_t *in;
    size_t len, pos;
    uint32_t bitbuf;
    int bitcnt;
    uint8_t *out;
    size_t olen, ocap;
    int bad;          /* 1 past the input end, 2 bad data, 3 too large, 4 out of memory */
} inflater;

typedef struct huff {
    short count[MAXBITS + 1];
    short symbol[320];
} huff;

static int bits(inflater *s, int need)
{
    uint32_t v = s->bitbuf;
    while (s->bitcnt < need) {
        if (s->pos >= s->len) {
            s->bad = 1;
            return 0;
        }
        v |= (uint32_t)s->in[s->pos++] << s->bitcnt;
        s->bitcnt += 8;
    }
    s->bitbuf = v >> need;
    s->bitcnt -= need;
    return (int)(v & ((1u << need) - 1));
}

static int put(inflater *s, uint8_t c)
{
    if (s->olen == s->ocap) {
        if (s->ocap >= MJ_LOG_MAX_BYTES) {
            s->bad = 3;
            return -1;
        }
        size_t nc = s->ocap ? s->ocap * 2 : 1 << 16;
        if (nc > MJ_LOG_MAX_BYTES)
            nc = MJ_LOG_MAX_BYTES;
        uint8_t *n = realloc(s->out, nc);
        if (!n) {
            s->bad = 4;
            return -1;
        }
        s->out = n;
        s->ocap = nc;
    }
    s->out[s->olen++] = c;
    return 0;
}

/* Canonical code from the code lengths; 0, or -1 for an over-subscribed set. */
static int build(huff *h, const short *length, int n)
{
    short offs[MAXBITS + 1];
    memset(h->count, 0, sizeof h->count);
    for (int i = 0; i < n; i++)
        h->count[length[i]]++;
    int left = 1;
    for (int len = 1; len <= MAXBITS; len++) {
        left <<= 1;
        left -= h->count[len];
        if (left < 0)
            return -1;
    }
    offs[1] = 0;
    for (int len = 1; len < MAXBITS; len++)
        offs[len + 1] = (short)(offs[len] + h->count[len]);
    for (int i = 0; i < n; i++)
        if (length[i])
            h->symbol[offs[length[i]]++] = (short)i;
    return 0;
}

static int decode(inflater *s, const huff *h)
{
    int code = 0, first = 0, index = 0;
    for (int len = 1; len <= MAXBITS; len++) {
        code |= bits(s, 1);
        if (s->bad)
            return -1;
        int count = h->count[len];
        if (code - count < first)
            return h->symbol[index + (code - first)];
        index += count;
        first += count;
        first <<= 1;
        code <<= 1;
    }
    s->bad = 2;
    return -1;
}

static int codes(inflater *s, const huff *lencode, const huff *distcode)
{
    static const short LBASE[29] = { 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
                                     67, 83, 99, 115, 131, 163, 195, 227, 258 };
    static const short LEXT[29] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5,
                                    5, 5, 0 };
    static const short DBASE[30] = { 1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513,
                                     769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577 };
    static const short DEXT[30] = { 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11,
                                    11, 12, 12, 13, 13 };
    for (;;) {
        int sym = decode(s, lencode);
        if (sym < 0)
            return -1;
        if (sym < 256) {
            if (put(s, (uint8_t)sym))
                return -1;
        } else if (sym == 256) {
            return 0;
        } else {
            sym -= 257;
            if (sym >= 29) {
                s->bad = 2;
                return -1;
            }
            int len = LBASE[sym] + bits(s, LEXT[sym]);
            int d = decode(s, distcode);
            if (d < 0 || d >= 30 || s->bad) {
                s->bad = s->bad ? s->bad : 2;
                return -1;
            }
            size_t dist = (size_t)(DBASE[d] + bits(s, DEXT[d]));
            if (s->bad || dist > s->olen) {
                s->bad = s->bad ? s->bad : 2;
                return -1;
            }
            while (len--)
                if (put(s, s->out[s->olen - dist]))
                    return -1;
        }
    }
}

static int fixed(inflater *s)
{
    huff lc, dc;
    short l[288];
    int i = 0;
    for (; i < 144; i++) l[i] = 8;
    for (; i < 256; i++) l[i] = 9;
    for (; i < 280; i++) l[i] = 7;
    for (; i < 288; i++) l[i] = 8;
    build(&lc, l, 288);
    for (i = 0; i < 30; i++) l[i] = 5;
    build(&dc, l, 30);
    return codes(s, &lc, &dc);
}

static int dynamic(inflater *s)
{
    static const short ORDER[19] = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 };
    short lengths[320];
    huff lc, dc;
    int nlen = bits(s, 5) + 257, ndist = bits(s, 5) + 1, ncode = bits(s, 4) + 4;
    if (s->bad || nlen > 286 || ndist > 30) {
        s->bad = s->bad ? s->bad : 2;
        return -1;
    }
    int i;
    for (i = 0; i < ncode; i++)
        lengths[ORDER[i]] = (short)bits(s, 3);
    for (; i < 19; i++)
        lengths[ORDER[i]] = 0;
    if (s->bad || build(&lc, lengths, 19)) {
        s->bad = s->bad ? s->bad : 2;
        return -1;
    }
    for (i = 0; i < nlen + ndist;) {
        int sym = decode(s, &lc);
        if (sym < 0)
            return -1;
        if (sym < 16) {
            lengths[i++] = (short)sym;
            continue;
        }
        int rep, val = 0;
        if (sym == 16) {
            if (i == 0) { s->bad = 2; return -1; }
            val = lengths[i - 1];
            rep = 3 + bits(s, 2);
        } else if (sym == 17) {
            rep = 3 + bits(s, 3);
        } else {
            rep = 11 + bits(s, 7);
        }
        if (s->bad || i + rep > nlen + ndist) {
            s->bad = s->bad ? s->bad : 2;
            return -1;
        }
        while (rep--)
            lengths[i++] = (short)val;
    }
    if (lengths[256] == 0 || build(&lc, lengths, nlen) || build(&dc, lengths + nlen, ndist)) {
        s->bad = 2;
        return -1;
    }
    return codes(s, &lc, &dc);
}

static uint32_t crc32_of(const uint8_t *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1)));
    }
    return c ^ 0xffffffffu;
}

int tki_log_gunzip(const char *text, size_t len, char **out, size_t *out_len, tk_error *err)
{
    const uint8_t *p = (const uint8_t *)text;
    *out = NULL;
    *out_len = 0;
    if (len < 18 || p[0] != 0x1f || p[1] != 0x8b || p[2] != 8)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "gzip: not a deflate-compressed gzip file");
    int flg = p[3];
    size_t pos = 10;
    if (flg & 4) {
        size_t xlen = (size_t)p[pos] | (size_t)p[pos + 1] << 8;
        pos += 2 + xlen;
    }
    for (int f = 8; f <= 16; f += 8)
        if (flg & f) {
            while (pos < len && p[pos])
                pos++;
            pos++;
        }
    if (flg & 2)
        pos += 2;
    if (pos >= len)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "gzip: truncated header");
    inflater s;
    memset(&s, 0, sizeof s);
    s.in = p;
    s.len = len;
    s.pos = pos;
    int last;
    do {
        last = bits(&s, 1);
        int type = bits(&s, 2);
        if (s.bad)
            break;
        if (type == 0) {
            s.bitbuf = 0;
            s.bitcnt = 0;
            if (s.pos + 4 > s.len) { s.bad = 1; break; }
            size_t n = (size_t)s.in[s.pos] | (size_t)s.in[s.pos + 1] << 8;
            size_t nn = (size_t)s.in[s.pos + 2] | (size_t)s.in[s.pos + 3] << 8;
            s.pos += 4;
            if (n != (~nn & 0xffff)) { s.bad = 2; break; }
            if (s.pos + n > s.len) { s.bad = 1; break; }
            for (size_t i = 0; i < n && !s.bad; i++)
                put(&s, s.in[s.pos + i]);
            s.pos += n;
        } else if (type == 1) {
            fixed(&s);
        } else if (type == 2) {
            dynamic(&s);
        } else {
            s.bad = 2;
        }
    } while (!last && !s.bad);
    if (!s.bad) {
        /* trailer: CRC-32 and length of the data, after the last whole byte */
        if (s.pos + 8 > s.len) {
            s.bad = 1;
        } else {
            const uint8_t *t = s.in + s.pos;
            uint32_t crc = (uint32_t)t[0] | (uint32_t)t[1] << 8 | (uint32_t)t[2] << 16 | (uint32_t)t[3] << 24;
            uint32_t isz = (uint32_t)t[4] | (uint32_t)t[5] << 8 | (uint32_t)t[6] << 16 | (uint32_t)t[7] << 24;
            if (crc != crc32_of(s.out, s.olen) || isz != (uint32_t)s.olen) {
                free(s.out);
                return tk_error_set(err, TK_EFORMAT, 0, 0, "gzip: the data does not match its checksum");
            }
        }
    }
    if (s.bad) {
        free(s.out);
        if (s.bad == 3)
            return tk_error_set(err, TK_ELIMIT, 0, 0, "gzip: more than %u bytes once decompressed", MJ_LOG_MAX_BYTES);
        if (s.bad == 4)
            return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
        return tk_error_set(err, TK_EFORMAT, 0, 0, "gzip: %s", s.bad == 1 ? "truncated data" : "corrupt data");
    }
    *out = (char *)s.out;
    *out_len = s.olen;
    if (!*out) {
        *out = malloc(1);
        if (!*out)
            return tk_error_set(err, TK_ENOMEM, 0, 0, "out of memory");
    }
    return 0;
}
