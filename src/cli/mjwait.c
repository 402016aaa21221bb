/* mjwait.c - riichi mahjong waits, readings and shanten for hands, one a line.
 *
 * Reads files (or stdin, "-") line by line with cli_reader so memory stays
 * flat, skips blank lines and '#' comments, analyses each hand with the
 * library (mj_parse + mj_analyze) and prints plain text or one JSON object
 * per hand.  With --jobs N the lines are read in batches and each batch is
 * split into N contiguous slices analysed by N threads (one mj_ctx each),
 * whose output, kept in memory buffers, is then written in input order.
 * --show inserts, under each hand's first line, the hand and its waits in
 * the Unicode mahjong tiles (U+1F000 block). */
#include "cli/cli.h"
#include "core/tk_text.h"
#include "tilekit/alphabet.h"
#include "tilekit/mahjong.h"

#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int opt_json, opt_waits, opt_show;

static void usage(void)
{
    printf("Usage: %s [OPTION]... [FILE]...\n"
           "Print the waits of riichi mahjong hands, one hand a line (stdin when no FILE or FILE is -).\n"
           "\n"
           "For a 13-tile hand: tenpai or noten, its shanten, every wait tile and under each\n"
           "wait every reading (closed blocks, pair, [waiting shape], kind).  For a hand\n"
           "after its draw (14 tiles): if complete, every decomposition; otherwise each\n"
           "discard that keeps the best shanten, with the tiles it accepts and how many\n"
           "of them are unseen (ukeire), best first.\n"
           "\n"
           "Hands use mpsz notation: 123m456p789s1122z, 0m/0p/0s = red fives, open melds in\n"
           "[...] and closed kans in (...): 23m11z [789s] [555z] (1111p).\n"
           "Blank lines and text after '#' are ignored.\n"
           "\n"
           "  -j, --json       one JSON object per hand\n"
           "  -w, --waits      only the wait tiles (fast)\n"
           "      --jobs N     analyse with N threads (output order unchanged; 0 = all CPUs)\n"
           "      --show       also draw each hand, its waits (or discards) in Unicode\n"
           "                   mahjong tiles (U+1F000 block), under its first line\n"
           "  -h, --help       show this help and exit\n"
           "  -V, --version    show version information and exit\n"
           "\n"
           "Shanten uses the Tenhou convention: a tile held 4 times cannot be waited on\n"
           "(1111m234p567p789s is 1-shanten); melds are not counted.  Wait kinds: ryanmen,\n"
           "kanchan, penchan (12+3, 89+7), tanki, shanpon, chiitoi (seven pairs), kokushi\n"
           "(thirteen orphans, single wait), kokushi13 (13-sided).\n"
           "\n"
           "Exit status: 0 if every line was a valid hand, 1 if any line was bad (each is\n"
           "reported and the rest are still analysed), 2 for bad usage.\n"
           "\n"
           "Examples:\n"
           "  echo 123m456p789s1122z | %s\n"
           "  echo '1112345678999m  # nine gates' | %s --waits --show\n"
           "  %s --json --jobs 0 hands.txt\n",
           cli_prog(), cli_prog(), cli_prog(), cli_prog());
}

/* ---- output buffer ----
 * Each hand's text is built in a growable buffer and written with one fwrite
 * (stdio calls per character get slow once threads exist). */
typedef struct obuf { char *p; size_t len, cap; } obuf;

static void ob_reserve(obuf *b, size_t n)
{
    if (b->len + n + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + n + 1)
        cap *= 2;
    char *p = realloc(b->p, cap);
    if (!p) {
        cli_error(NULL, 0, "out of memory");
        exit(CLI_EXIT_DATA);
    }
    b->p = p;
    b->cap = cap;
}

static void ob_put(obuf *b, const char *s, size_t n)
{
    ob_reserve(b, n);
    memcpy(b->p + b->len, s, n);
    b->len += n;
}

/* Write the buffer to f and empty it. */
static void ob_flush(obuf *b, FILE *f)
{
    if (b->len)
        fwrite(b->p, 1, b->len, f);
    b->len = 0;
}

static void ob_puts(obuf *b, const char *s) { ob_put(b, s, strlen(s)); }

static void ob_putc(obuf *b, char c)
{
    ob_reserve(b, 1);
    b->p[b->len++] = c;
}

static void ob_printf(obuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void ob_printf(obuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n <= 0)
        return;
    ob_reserve(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

/* A JSON string (RFC 8259 escapes). */
static void ob_json(obuf *b, const char *s)
{
    ob_putc(b, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            ob_putc(b, '\\');
            ob_putc(b, (char)c);
        } else if (c < 0x20) {
            ob_printf(b, "\\u%04x", c);
        } else {
            ob_putc(b, (char)c);
        }
    }
    ob_putc(b, '"');
}

/* ---- text helpers ---- */

static void put_tile(obuf *f, int t)
{
    char n[3];
    mj_tile_name(t, n);
    ob_puts(f, n);
}

static void put_mask(obuf *f, uint64_t m, const char *sep)
{
    int first = 1;
    for (int t = 0; t < MJ_TILES; t++)
        if (m >> t & 1) {
            if (!first) ob_puts(f, sep);
            put_tile(f, t);
            first = 0;
        }
}

static void json_mask(obuf *f, uint64_t m)
{
    ob_putc(f, '[');
    int first = 1;
    for (int t = 0; t < MJ_TILES; t++)
        if (m >> t & 1) {
            ob_printf(f, "%s\"", first ? "" : ",");
            put_tile(f, t);
            ob_putc(f, '"');
            first = 0;
        }
    ob_putc(f, ']');
}

/* Blocks of a reading, the pair merged in tile order, space-separated. */
static void put_blocks(obuf *f, const mj_reading *r)
{
    char b[16];
    int pair_done = r->pair < 0, first = 1;
    for (int i = 0; i <= r->n_blocks; i++) {
        if (!pair_done && (i == r->n_blocks || r->blocks[i].tile >= r->pair)) {
            mj_block p = { MJ_PAIR, (uint8_t)r->pair };
            mj_block_text(&p, b, sizeof b);
            ob_printf(f, "%s%s", first ? "" : " ", b);
            first = 0;
            pair_done = 1;
        }
        if (i == r->n_blocks)
            break;
        mj_block_text(&r->blocks[i], b, sizeof b);
        ob_printf(f, "%s%s", first ? "" : " ", b);
        first = 0;
    }
}

static void print_reading_text(obuf *f, const mj_reading *r)
{
    char s[40];
    put_blocks(f, r);
    mj_shape_text(r->shape, r->shape_len, s, sizeof s);
    ob_printf(f, "%s[%s] %s", r->n_blocks || r->pair >= 0 ? " " : "", s, mj_kind_name(r->kind));
}

static void json_blocks(obuf *f, const mj_reading *r)
{
    char b[16];
    ob_putc(f, '[');
    for (int i = 0; i < r->n_blocks; i++) {
        mj_block_text(&r->blocks[i], b, sizeof b);
        ob_printf(f, "%s\"%s\"", i ? "," : "", b);
    }
    ob_putc(f, ']');
}

static void json_pair(obuf *f, int pair)
{
    if (pair < 0) {
        ob_puts(f, "null");
        return;
    }
    char b[8];
    mj_block p = { MJ_PAIR, (uint8_t)pair };
    mj_block_text(&p, b, sizeof b);
    ob_printf(f, "\"%s\"", b);
}

static void json_melds(obuf *f, const mj_hand *h)
{
    char m[16];
    ob_putc(f, '[');
    for (int i = 0; i < h->n_melds; i++) {
        mj_meld_text(&h->melds[i], m, sizeof m);
        ob_printf(f, "%s\"%s\"", i ? "," : "", m);
    }
    ob_putc(f, ']');
}

/* ---- one hand ---- */

typedef struct worker {
    mj_ctx *ctx;
    mj_result *res;
    obuf out, err;         /* output and messages of the lines handled */
    int threaded;          /* messages go to err instead of cli_error */
    int bad;
    /* slice of the batch (threaded mode) */
    char **lines;
    size_t *lens;          /* line lengths (a line may hold NUL bytes) */
    long *linenos;
    int n;
    const char *fname;
    pthread_t tid;
} worker;

static void report(worker *w, const char *fname, long lineno, const char *msg)
{
    if (w->threaded) {
        ob_printf(&w->err, "%s: %s:%ld: %s\n", cli_prog(), fname, lineno, msg);
        return;
    }
    /* keep stdout and stderr in order */
    ob_flush(&w->out, stdout);
    cli_error(fname, lineno, "%s", msg);
}

static void print_13(obuf *f, const char *text, const mj_hand *h, const mj_result *r)
{
    if (opt_json) {
        ob_puts(f, "{\"hand\":");
        ob_json(f, text);
        ob_puts(f, ",\"melds\":");
        json_melds(f, h);
        if (!opt_waits)
            ob_printf(f, ",\"shanten\":%d", r->shanten);
        ob_printf(f, ",\"tenpai\":%s,\"waits\":[", r->n_waits ? "true" : "false");
        for (int i = 0; i < r->n_waits; i++) {
            const mj_wait *w = &r->waits[i];
            if (i) ob_putc(f, ',');
            if (opt_waits) {
                ob_putc(f, '"'); put_tile(f, w->tile); ob_putc(f, '"');
                continue;
            }
            ob_puts(f, "{\"tile\":\"");
            put_tile(f, w->tile);
            ob_puts(f, "\",\"readings\":[");
            for (int j = 0; j < w->n; j++) {
                const mj_reading *rd = &r->readings[w->first + j];
                char s[40];
                mj_shape_text(rd->shape, rd->shape_len, s, sizeof s);
                ob_puts(f, j ? ",{\"blocks\":" : "{\"blocks\":");
                json_blocks(f, rd);
                ob_puts(f, ",\"pair\":");
                json_pair(f, rd->pair);
                ob_printf(f, ",\"shape\":\"%s\",\"kind\":\"%s\"}", s, mj_kind_name(rd->kind));
            }
            ob_puts(f, "]}");
        }
        ob_puts(f, "],\"dead_waits\":");
        json_mask(f, r->dead_mask);
        ob_puts(f, "}\n");
        return;
    }
    if (opt_waits) {
        ob_printf(f, "%s: ", text);
        if (r->n_waits)
            put_mask(f, r->wait_mask, " ");
        else
            ob_puts(f, "noten");
        ob_putc(f, '\n');
        return;
    }
    if (r->n_waits) {
        ob_printf(f, "%s: tenpai, %d wait%s: ", text, r->n_waits, r->n_waits == 1 ? "" : "s");
        put_mask(f, r->wait_mask, " ");
        ob_putc(f, '\n');
        for (int i = 0; i < r->n_waits; i++) {
            const mj_wait *w = &r->waits[i];
            for (int j = 0; j < w->n; j++) {
                ob_puts(f, "  ");
                put_tile(f, w->tile);
                ob_puts(f, "  ");
                print_reading_text(f, &r->readings[w->first + j]);
                ob_putc(f, '\n');
            }
        }
    } else {
        ob_printf(f, "%s: noten, %d-shanten", text, r->shanten);
        if (r->dead_mask) {
            ob_puts(f, " (dead wait");
            ob_puts(f, tku_popcount64(r->dead_mask) > 1 ? "s " : " ");
            put_mask(f, r->dead_mask, " ");
            ob_puts(f, ": all 4 copies held)");
        }
        ob_putc(f, '\n');
    }
}

static void print_14(obuf *f, const char *text, const mj_hand *h, const mj_result *r)
{
    if (opt_json) {
        ob_puts(f, "{\"hand\":");
        ob_json(f, text);
        ob_puts(f, ",\"melds\":");
        json_melds(f, h);
        ob_printf(f, ",\"shanten\":%d,\"tenpai\":false,\"complete\":%s,\"waits\":[]",
                r->shanten, r->complete ? "true" : "false");
        if (r->complete) {
            ob_puts(f, ",\"decompositions\":[");
            for (int i = 0; i < r->n_readings; i++) {
                const mj_reading *rd = &r->readings[i];
                ob_puts(f, i ? ",{\"blocks\":" : "{\"blocks\":");
                json_blocks(f, rd);
                ob_puts(f, ",\"pair\":");
                json_pair(f, rd->pair);
                ob_printf(f, ",\"kind\":\"%s\"}", rd->kind == MJ_COMPLETE ? "regular" : mj_kind_name(rd->kind));
            }
            ob_puts(f, "]");
        } else {
            ob_puts(f, ",\"discards\":[");
            for (int i = 0; i < r->n_discards; i++) {
                const mj_discard *d = &r->discards[i];
                ob_puts(f, i ? ",{\"tile\":\"" : "{\"tile\":\"");
                put_tile(f, d->tile);
                ob_printf(f, "\",\"shanten\":%d,\"accept\":", d->shanten);
                json_mask(f, d->accept);
                ob_printf(f, ",\"ukeire\":%d}", d->ukeire);
            }
            ob_puts(f, "]");
        }
        ob_puts(f, "}\n");
        return;
    }
    if (opt_waits) {
        /* one line: complete, the waits of each discard reaching tenpai, or the shanten */
        ob_printf(f, "%s: ", text);
        if (r->complete) {
            ob_puts(f, "complete\n");
            return;
        }
        if (r->n_discards && r->discards[0].shanten == 0) {
            for (int i = 0; i < r->n_discards; i++) {
                ob_puts(f, i ? "; discard " : "discard ");
                put_tile(f, r->discards[i].tile);
                ob_puts(f, ": ");
                put_mask(f, r->discards[i].accept, " ");
            }
            ob_putc(f, '\n');
            return;
        }
        ob_printf(f, "noten, %d-shanten after the best discard\n", r->shanten);
        return;
    }
    if (r->complete) {
        ob_printf(f, "%s: complete, %d decomposition%s\n", text, r->n_readings, r->n_readings == 1 ? "" : "s");
        for (int i = 0; i < r->n_readings; i++) {
            const mj_reading *rd = &r->readings[i];
            ob_puts(f, "  ");
            put_blocks(f, rd);
            if (rd->shape_len) {   /* thirteen orphans: the twelve single orphans */
                char s[40];
                mj_shape_text(rd->shape, rd->shape_len, s, sizeof s);
                ob_printf(f, " %s", s);
            }
            ob_puts(f, rd->kind == MJ_COMPLETE ? "\n" : " ");
            if (rd->kind != MJ_COMPLETE)
                ob_printf(f, "%s\n", mj_kind_name(rd->kind));
        }
        return;
    }
    ob_printf(f, "%s: %d-shanten after the best discard", text, r->n_discards ? r->discards[0].shanten : r->shanten);
    if (r->n_discards && r->discards[0].shanten == 0)
        ob_puts(f, " (tenpai)");
    ob_printf(f, ", %d discard%s\n", r->n_discards, r->n_discards == 1 ? "" : "s");
    for (int i = 0; i < r->n_discards; i++) {
        const mj_discard *d = &r->discards[i];
        ob_puts(f, "  discard ");
        put_tile(f, d->tile);
        ob_puts(f, d->shanten == 0 ? "  waits " : "  accepts ");
        put_mask(f, d->accept, " ");
        ob_printf(f, " (%d tile%s)\n", d->ukeire, d->ukeire == 1 ? "" : "s");
    }
}

/* ---- --show: the hand in Unicode mahjong tiles (U+1F000 block) ---- */

/* Code point of tile t: characters U+1F007.., bamboo U+1F010.., circles
 * U+1F019.., winds U+1F000.. (E S W N), dragons white U+1F006, green
 * U+1F005, red U+1F004 (the block orders them red, green, white). */
static uint32_t tile_cp(int t)
{
    static const uint32_t dragon[3] = { 0x1F006, 0x1F005, 0x1F004 };
    if (t < 9) return 0x1F007u + (uint32_t)t;
    if (t < 18) return 0x1F019u + (uint32_t)(t - 9);
    if (t < 27) return 0x1F010u + (uint32_t)(t - 18);
    if (t < 31) return 0x1F000u + (uint32_t)(t - 27);
    return dragon[t - 31];
}

static void show_tile(obuf *f, int t, int times)
{
    char u[4];
    int n = alpha_utf8_encode(tile_cp(t), u);
    while (times-- > 0)
        ob_put(f, u, (size_t)n);
}

static void show_mask(obuf *f, uint64_t m)
{
    for (int t = 0; t < MJ_TILES; t++)
        if (m >> t & 1) {
            ob_putc(f, ' ');
            show_tile(f, t, 1);
        }
}

/* Insert, after the first line the hand printed (from `start` on), a line
 * "  TILES [MELD] (KAN)  wait W W" (or "discard D D" for a 14-tile hand). */
static void show_hand(obuf *f, size_t start, const mj_hand *h, const mj_result *r)
{
    obuf s = { 0 };
    int suit = -1;
    ob_puts(&s, "  ");
    for (int t = 0; t < MJ_TILES; t++) {
        if (!h->count[t])
            continue;
        if (suit >= 0 && t / 9 != suit)
            ob_putc(&s, ' ');
        suit = t / 9;
        show_tile(&s, t, h->count[t]);
    }
    for (int i = 0; i < h->n_melds; i++) {
        const mj_meld *m = &h->melds[i];
        ob_puts(&s, m->type == MJ_ANKAN ? " (" : " [");
        if (m->type == MJ_CHI)
            for (int k = 0; k < 3; k++)
                show_tile(&s, m->tile + k, 1);
        else
            show_tile(&s, m->tile, m->type == MJ_PON ? 3 : 4);
        ob_putc(&s, m->type == MJ_ANKAN ? ')' : ']');
    }
    if (!r->is14 && r->wait_mask) {
        ob_puts(&s, "  wait");
        show_mask(&s, r->wait_mask);
    } else if (r->is14 && !r->complete && r->n_discards) {
        uint64_t d = 0;
        for (int i = 0; i < r->n_discards; i++)
            d |= (uint64_t)1 << r->discards[i].tile;
        ob_puts(&s, "  discard");
        show_mask(&s, d);
    }
    ob_putc(&s, '\n');
    char *nl = memchr(f->p + start, '\n', f->len - start);
    size_t at = nl ? (size_t)(nl - f->p) + 1 : f->len;
    ob_reserve(f, s.len);
    memmove(f->p + at + s.len, f->p + at, f->len - at);
    memcpy(f->p + at, s.p, s.len);
    f->len += s.len;
    free(s.p);
}

static void do_line(worker *w, char *line, size_t len, const char *fname, long lineno)
{
    obuf *f = &w->out;
    /* strip the comment and surrounding blanks */
    char *hash = memchr(line, '#', len);
    if (hash)
        len = (size_t)(hash - line);
    while (len && (line[len - 1] == ' ' || line[len - 1] == '\t' || line[len - 1] == '\r'))
        len--;
    size_t s = 0;
    while (s < len && (line[s] == ' ' || line[s] == '\t'))
        s++;
    if (s == len)
        return;
    line += s;
    len -= s;
    line[len] = 0;

    mj_hand h;
    tk_error err = { 0 };
    int rc = mj_parse(&h, line, len, &err);
    if (rc == 0) {
        unsigned flags = opt_waits ? (MJ_WAITS_ONLY | MJ_NO_SHANTEN) : 0;
        rc = mj_analyze(w->ctx, &h, flags, w->res, &err);
    }
    if (rc != 0) {
        char msg[400];
        if (err.col > 0)
            snprintf(msg, sizeof msg, "column %ld: %s", err.col + (long)s, err.msg);   /* column in the raw line */
        else
            snprintf(msg, sizeof msg, "%s", err.msg);
        report(w, fname, lineno, msg);
        w->bad = 1;
        if (opt_json) {
            ob_puts(f, "{\"hand\":");
            ob_json(f, line);
            ob_puts(f, ",\"error\":");
            ob_json(f, msg);
            ob_puts(f, "}\n");
        }
        return;
    }
    size_t start = f->len;
    if (w->res->is14)
        print_14(f, line, &h, w->res);
    else
        print_13(f, line, &h, w->res);
    if (opt_show)
        show_hand(f, start, &h, w->res);
}

static void *work(void *arg)
{
    worker *w = arg;
    for (int i = 0; i < w->n; i++)
        do_line(w, w->lines[i], w->lens[i], w->fname, w->linenos[i]);
    return NULL;
}

/* Progress on a terminal (stderr): lines done over all the inputs. */
static cli_progress prog;
static size_t prog_done;

#define BATCH 8192
#define BATCH_BYTES ((size_t)16 << 20)   /* a batch also ends after this much text */

/* Threaded run over one opened reader: read a batch of lines, give each
 * worker a contiguous slice, join, write the slices' output in order. */
static int run_threads(cli_reader *rd, worker *ws, int jobs)
{
    char **lines = calloc(BATCH, sizeof *lines);
    long *nos = calloc(BATCH, sizeof *nos);
    size_t *lens = calloc(BATCH, sizeof *lens);
    int bad = 0, rc = 0;
    if (!lines || !nos || !lens) {
        free(lines);
        free(nos);
        free(lens);
        cli_error(NULL, 0, "out of memory");
        return -1;
    }
    for (;;) {
        int n = 0;
        char *line;
        size_t len, bytes = 0;
        while (n < BATCH && bytes < BATCH_BYTES && (rc = cli_reader_next(rd, &line, &len)) == 1) {
            lines[n] = malloc(len + 1);
            if (!lines[n]) {
                rc = -1;
                break;
            }
            memcpy(lines[n], line, len + 1);
            lens[n] = len;
            bytes += len;
            nos[n++] = rd->lineno;
        }
        int per = (n + jobs - 1) / jobs;
        for (int j = 0; j < jobs && n; j++) {
            worker *w = &ws[j];
            int a = j * per < n ? j * per : n, b = a + per > n ? n : a + per;
            w->lines = lines + a;
            w->lens = lens + a;
            w->linenos = nos + a;
            w->n = b - a;
            w->fname = rd->name;
            w->out.len = w->err.len = 0;
            w->threaded = 1;
            if (j == 0 || pthread_create(&w->tid, NULL, work, w) != 0) {
                work(w);                /* the first slice runs on this thread */
                w->tid = pthread_self();
            }
        }
        for (int j = 0; j < jobs && n; j++) {
            worker *w = &ws[j];
            if (!pthread_equal(w->tid, pthread_self()))
                pthread_join(w->tid, NULL);
            if (w->err.len) {
                fflush(stdout);
                ob_flush(&w->err, stderr);
                fflush(stderr);
            }
            ob_flush(&w->out, stdout);
            bad |= w->bad;
        }
        for (int i = 0; i < n; i++)
            free(lines[i]);
        prog_done += (size_t)n;
        cli_progress_reader(&prog, prog_done, rd);
        if (rc != 1)
            break;
    }
    free(lines);
    free(nos);
    free(lens);
    if (rc < 0)
        return -1;
    return bad;
}

int main(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "json", no_argument, NULL, 'j' },
        { "waits", no_argument, NULL, 'w' },
        { "jobs", required_argument, NULL, 'J' },
        { "show", no_argument, NULL, 'S' },
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 }
    };
    int jobs = 1, c;
    cli_init("mjwait");
    while ((c = getopt_long(argc, argv, "jwhV", longopts, NULL)) != -1) {
        switch (c) {
        case 'j': opt_json = 1; break;
        case 'w': opt_waits = 1; break;
        case 'S': opt_show = 1; break;
        case 'J': {
            char *e;
            long v = strtol(optarg, &e, 10);
            if (*optarg == 0 || *e || v < 0 || v > 256)
                cli_usage_error("invalid --jobs value '%s' (0..256)", optarg);
            jobs = v == 0 ? cli_cpu_count() : (int)v;
            break;
        }
        case 'h': usage(); return cli_close_stdout() ? CLI_EXIT_DATA : CLI_EXIT_OK;
        case 'V': cli_print_version(); return cli_close_stdout() ? CLI_EXIT_DATA : CLI_EXIT_OK;
        default:
            fprintf(stderr, "Try '%s --help' for more information.\n", cli_prog());
            return CLI_EXIT_USAGE;
        }
    }

    if (opt_show && opt_json)
        cli_usage_error("--show draws tiles for a terminal: not with --json");
    worker *ws = calloc((size_t)jobs, sizeof *ws);
    if (!ws) {
        cli_error(NULL, 0, "out of memory");
        return CLI_EXIT_DATA;
    }
    for (int j = 0; j < jobs; j++) {
        ws[j].res = malloc(sizeof *ws[j].res);
        if (mj_ctx_create(&ws[j].ctx, NULL) || !ws[j].res) {
            cli_error(NULL, 0, "out of memory");
            return CLI_EXIT_DATA;
        }
    }

    int status = CLI_EXIT_OK;
    int nfiles = argc - optind;
    cli_progress_batch(&prog, "mjwait: hands");
    for (int i = 0; i < (nfiles ? nfiles : 1); i++) {
        const char *path = nfiles ? argv[optind + i] : "-";
        cli_reader rd;
        tk_error err = { 0 };
        if (cli_reader_open(&rd, path, &err) != 0) {
            cli_error(path, 0, "%s", err.msg);
            status = CLI_EXIT_DATA;
            continue;
        }
        int bad;
        errno = 0;
        if (jobs > 1) {
            bad = run_threads(&rd, ws, jobs);
        } else {
            char *line;
            size_t len;
            int r;
            ws[0].bad = 0;
            while ((r = cli_reader_next(&rd, &line, &len)) == 1) {
                do_line(&ws[0], line, len, rd.name, rd.lineno);
                if (ws[0].out.len >= 1 << 16)
                    ob_flush(&ws[0].out, stdout);
                cli_progress_reader(&prog, ++prog_done, &rd);
            }
            ob_flush(&ws[0].out, stdout);
            bad = r < 0 ? -1 : ws[0].bad;
        }
        if (bad < 0)
            cli_error(rd.name, 0, "read error: %s", strerror(errno ? errno : EIO));
        if (bad)
            status = CLI_EXIT_DATA;
        cli_reader_close(&rd);
    }
    cli_progress_end(&prog);
    for (int j = 0; j < jobs; j++) {
        mj_ctx_destroy(ws[j].ctx);
        free(ws[j].res);
        free(ws[j].out.p);
        free(ws[j].err.p);
    }
    free(ws);
    if (cli_close_stdout() != 0)
        status = CLI_EXIT_DATA;
    return status;
}
