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
#include "cli/cli_batch.h"
#include "cli/cli_json.h"
#include "cli/cli_outfile.h"
#include "cli/mjwait_ev.h"
#include "cli/mjwait_log.h"
#include "cli/mjwait_score.h"
#include "tilekit/alphabet.h"
#include "tilekit/mahjong.h"
#include "tilekit/mjfmt.h"

#include <getopt.h>
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
           "[...] and closed kans in (...): 23m11z [789s] [555z] (1111p); suit groups may be\n"
           "spaced (340m 67p 34555s [789s]).  Context words may follow the hand on its line:\n"
           "ron tsumo riichi double-riichi ippatsu haitei houtei rinshan chankan tenhou\n"
           "chiihou win:TILE round:W seat:W dora:TILES ura:TILES honba:N sticks:N seen:TILES.\n"
           "Waits show their live copies and a noten hand its ukeire (tiles that lower the\n"
           "shanten, with the unseen copies: not in the hand, the indicators or seen:).\n"
           "Blank lines and text after '#' are ignored.\n"
           "\n"
           "  -j, --json       one JSON object per hand, with its file, line and hand\n"
           "  -w, --waits      only the wait tiles (fast)\n"
           "      --jobs N     threads (default 0 = all CPUs; the output is the same)\n"
           "      --first-line N  number the input's lines from N (for one chunk of a\n"
           "                   batch split over several processes or machines)\n"
           "      --line-buffered  answer each hand as soon as it is read (as at a\n"
           "                   terminal), for a program that drives mjwait through a pipe\n"
           "      --show       also draw each hand, its waits (or discards) in Unicode\n"
           "                   mahjong tiles (U+1F000 block), under its first line\n"
           "  -v, --verbose    hands, bad lines, threads and time on standard error\n"
           "  -h, --help       show this help and exit\n"
           "  -V, --version    show version information and exit\n"
           "\n%s"
           "\n%s"
           "\n%s"
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
           "  %s --json --jobs 0 hands.txt\n"
           "  echo '123456m34678p11z riichi seat:W dora:7p' | %s --score\n"
           "  echo '234456m345p678s22s tsumo seat:E dora:1s' | %s --score --json\n"
           "  %s --shanten hands.txt\n"
           "  echo '123406m3467p2355s round:E seat:S dora:7z' | %s --ev -v\n",
           cli_prog(), mjs_help(), mje_help(), mjl_help(), cli_prog(), cli_prog(), cli_prog(), cli_prog(), cli_prog(), cli_prog(), cli_prog());
}

/* ---- text helpers ---- */

static void put_tile(cli_buf *f, int t)
{
    char n[3];
    mj_tile_name(t, n);
    cli_buf_puts(f, n);
}

static void put_mask(cli_buf *f, uint64_t m, const char *sep)
{
    int first = 1;
    for (int t = 0; t < MJ_TILES; t++)
        if (m >> t & 1) {
            if (!first) cli_buf_puts(f, sep);
            put_tile(f, t);
            first = 0;
        }
}

/* Blocks of a reading, the pair merged in tile order, space-separated. */
static void put_blocks(cli_buf *f, const mj_reading *r)
{
    char b[16];
    int pair_done = r->pair < 0, first = 1;
    for (int i = 0; i <= r->n_blocks; i++) {
        if (!pair_done && (i == r->n_blocks || r->blocks[i].tile >= r->pair)) {
            mj_block p = { MJ_PAIR, (uint8_t)r->pair };
            mj_block_text(&p, b, sizeof b);
            cli_buf_printf(f, "%s%s", first ? "" : " ", b);
            first = 0;
            pair_done = 1;
        }
        if (i == r->n_blocks)
            break;
        mj_block_text(&r->blocks[i], b, sizeof b);
        cli_buf_printf(f, "%s%s", first ? "" : " ", b);
        first = 0;
    }
}

/* One reading: its blocks with the pair, then [shape] and the kind; the
 * same three parts for every kind (thirteen orphans included), as in JSON. */
static void print_reading_text(cli_buf *f, const mj_reading *r)
{
    char s[40];
    put_blocks(f, r);
    mj_shape_text(r->shape, r->shape_len, s, sizeof s);
    cli_buf_printf(f, "%s[%s] %s", r->n_blocks || r->pair >= 0 ? " " : "", s, mj_kind_name(r->kind));
}

static void json_tile(cli_json *j, int t)
{
    char n[3];
    mj_tile_name(t, n);
    cli_json_str(j, n);
}

static void json_mask(cli_json *j, uint64_t m)
{
    cli_json_array(j);
    for (int t = 0; t < MJ_TILES; t++)
        if (m >> t & 1)
            json_tile(j, t);
    cli_json_close(j);
}

/* A block as a JSON string ("123m", "55z"). */
static void json_block(cli_json *j, const mj_block *blk)
{
    char b[16];
    mj_block_text(blk, b, sizeof b);
    cli_json_str(j, b);
}

static void json_blocks(cli_json *j, const mj_reading *r)
{
    cli_json_key(j, "blocks");
    cli_json_array(j);
    for (int i = 0; i < r->n_blocks; i++)
        json_block(j, &r->blocks[i]);
    cli_json_close(j);
    cli_json_key(j, "pair");
    if (r->pair < 0) {
        cli_json_null(j);
        return;
    }
    mj_block p = { MJ_PAIR, (uint8_t)r->pair };
    json_block(j, &p);
}

/* {"file":..,"line":..,"hand":.. (the line as read, comment and blanks
 * stripped): every object carries its input. */
static void json_head(cli_json *j, cli_buf *f, const cli_record *rec, const char *hand)
{
    cli_json_begin(j, f);
    cli_json_kstr(j, "file", rec->file);
    cli_json_kint(j, "line", rec->line);
    cli_json_kstr(j, "hand", hand);
}

static void json_melds(cli_json *j, const mj_hand *h)
{
    char m[16];
    cli_json_key(j, "melds");
    cli_json_array(j);
    for (int i = 0; i < h->n_melds; i++) {
        mj_meld_text(&h->melds[i], m, sizeof m);
        cli_json_str(j, m);
    }
    cli_json_close(j);
}

static void json_13(cli_buf *f, const cli_record *rec, const char *text, const mj_hand *h, const mj_result *r,
                    mj_ctx *ctx, const uint8_t *unseen)
{
    cli_json j;
    json_head(&j, f, rec, text);
    json_melds(&j, h);
    if (!opt_waits)
        cli_json_kint(&j, "shanten", r->shanten);
    cli_json_kbool(&j, "tenpai", r->n_waits > 0);
    cli_json_key(&j, "waits");
    cli_json_array(&j);
    for (int i = 0; i < r->n_waits; i++) {
        const mj_wait *w = &r->waits[i];
        if (opt_waits) {
            json_tile(&j, w->tile);
            continue;
        }
        cli_json_object(&j);
        cli_json_key(&j, "tile");
        json_tile(&j, w->tile);
        cli_json_kint(&j, "live", unseen[w->tile]);
        cli_json_key(&j, "readings");
        cli_json_array(&j);
        for (int k = 0; k < w->n; k++) {
            const mj_reading *rd = &r->readings[w->first + k];
            char s[40];
            mj_shape_text(rd->shape, rd->shape_len, s, sizeof s);
            cli_json_object(&j);
            json_blocks(&j, rd);
            cli_json_kstr(&j, "shape", s);
            cli_json_kstr(&j, "kind", mj_kind_name(rd->kind));
            cli_json_close(&j);
        }
        cli_json_close(&j);
        cli_json_close(&j);
    }
    cli_json_close(&j);
    cli_json_key(&j, "dead_waits");
    json_mask(&j, r->dead_mask);
    if (!opt_waits && !r->n_waits)
        mjs_jukeire(&j, ctx, h, unseen);
    cli_json_end(&j);
}

static void json_14(cli_buf *f, const cli_record *rec, const char *text, const mj_hand *h, const mj_result *r,
                    const uint8_t *unseen)
{
    cli_json j;
    json_head(&j, f, rec, text);
    json_melds(&j, h);
    cli_json_kint(&j, "shanten", r->shanten);
    cli_json_kbool(&j, "tenpai", 0);
    cli_json_kbool(&j, "complete", r->complete);
    cli_json_key(&j, "waits");
    cli_json_array(&j);
    cli_json_close(&j);
    cli_json_key(&j, r->complete ? "decompositions" : "discards");
    cli_json_array(&j);
    for (int i = 0; r->complete && i < r->n_readings; i++) {
        const mj_reading *rd = &r->readings[i];
        cli_json_object(&j);
        json_blocks(&j, rd);
        cli_json_kstr(&j, "kind", rd->kind == MJ_COMPLETE ? "regular" : mj_kind_name(rd->kind));
        cli_json_close(&j);
    }
    for (int i = 0; !r->complete && i < r->n_discards; i++) {
        const mj_discard *d = &r->discards[i];
        cli_json_object(&j);
        char dn[3];
        mjf_discard_name(h, d->tile, dn);
        cli_json_kstr(&j, "tile", dn);
        cli_json_kint(&j, "shanten", d->shanten);
        cli_json_key(&j, "accept");
        json_mask(&j, d->accept);
        cli_json_kint(&j, "ukeire", mjf_count(d->accept, unseen));
        cli_json_close(&j);
    }
    cli_json_end(&j);
}

/* ---- one hand ---- */

static void print_13(cli_buf *f, const char *text, const mj_hand *h, const mj_result *r, mj_ctx *ctx,
                     const uint8_t *unseen)
{
    if (opt_waits) {
        cli_buf_printf(f, "%s: ", text);
        if (r->n_waits)
            put_mask(f, r->wait_mask, " ");
        else
            cli_buf_puts(f, "noten");
        cli_buf_putc(f, '\n');
        return;
    }
    if (r->n_waits) {
        cli_buf_printf(f, "%s: tenpai, %d wait%s: ", text, r->n_waits, r->n_waits == 1 ? "" : "s");
        put_mask(f, r->wait_mask, " ");
        mjf_live_text(f, r->wait_mask, unseen);
        cli_buf_putc(f, '\n');
        /* the 13-sided wait has one reading, the same for each of its waits:
         * printed once, not thirteen times */
        int k13 = r->n_waits > 1;
        for (int i = 0; i < r->n_waits && k13; i++)
            k13 = r->waits[i].n == 1 && r->readings[r->waits[i].first].kind == MJ_KOKUSHI13;
        if (k13) {
            cli_buf_printf(f, "  all %d  ", r->n_waits);
            print_reading_text(f, &r->readings[r->waits[0].first]);
            cli_buf_putc(f, '\n');
        }
        for (int i = 0; i < r->n_waits && !k13; i++) {
            const mj_wait *w = &r->waits[i];
            for (int j = 0; j < w->n; j++) {
                cli_buf_puts(f, "  ");
                put_tile(f, w->tile);
                cli_buf_puts(f, "  ");
                print_reading_text(f, &r->readings[w->first + j]);
                cli_buf_putc(f, '\n');
            }
        }
    } else {
        cli_buf_printf(f, "%s: noten, %d-shanten", text, r->shanten);
        if (r->dead_mask) {
            cli_buf_puts(f, " (dead wait");
            cli_buf_puts(f, alpha_set_count(r->dead_mask) > 1 ? "s " : " ");
            put_mask(f, r->dead_mask, " ");
            cli_buf_puts(f, ": all 4 copies held)");
        }
        mjs_text_ukeire(f, ctx, h, unseen);
        cli_buf_putc(f, '\n');
    }
}

/* A discard: the red five (0m) when it is the hand's only five of its suit. */
static void put_discard(cli_buf *f, const mj_hand *h, int t)
{
    char n[3];
    mjf_discard_name(h, t, n);
    cli_buf_puts(f, n);
}

static void print_14(cli_buf *f, const char *text, const mj_hand *h, const mj_result *r, const uint8_t *unseen)
{
    if (opt_waits) {
        /* one line: complete, the waits of each discard reaching tenpai, or the shanten */
        cli_buf_printf(f, "%s: ", text);
        if (r->complete) {
            cli_buf_puts(f, "complete\n");
            return;
        }
        if (r->n_discards && r->discards[0].shanten == 0) {
            for (int i = 0; i < r->n_discards; i++) {
                cli_buf_puts(f, i ? "; discard " : "discard ");
                put_discard(f, h, r->discards[i].tile);
                cli_buf_puts(f, ": ");
                put_mask(f, r->discards[i].accept, " ");
            }
            cli_buf_putc(f, '\n');
            return;
        }
        cli_buf_printf(f, "noten, %d-shanten after the best discard\n", r->shanten);
        return;
    }
    if (r->complete) {
        cli_buf_printf(f, "%s: complete, %d decomposition%s\n", text, r->n_readings, r->n_readings == 1 ? "" : "s");
        for (int i = 0; i < r->n_readings; i++) {
            const mj_reading *rd = &r->readings[i];
            cli_buf_puts(f, "  ");
            put_blocks(f, rd);
            if (rd->shape_len) {   /* thirteen orphans: the twelve single orphans */
                char s[40];
                mj_shape_text(rd->shape, rd->shape_len, s, sizeof s);
                cli_buf_printf(f, " %s", s);
            }
            if (rd->kind == MJ_COMPLETE)
                cli_buf_putc(f, '\n');
            else
                cli_buf_printf(f, " %s\n", mj_kind_name(rd->kind));
        }
        return;
    }
    cli_buf_printf(f, "%s: %d-shanten after the best discard", text, r->n_discards ? r->discards[0].shanten : r->shanten);
    if (r->n_discards && r->discards[0].shanten == 0)
        cli_buf_puts(f, " (tenpai)");
    cli_buf_printf(f, ", %d discard%s\n", r->n_discards, r->n_discards == 1 ? "" : "s");
    for (int i = 0; i < r->n_discards; i++) {
        const mj_discard *d = &r->discards[i];
        int uk = mjf_count(d->accept, unseen);
        cli_buf_puts(f, "  discard ");
        put_discard(f, h, d->tile);
        cli_buf_puts(f, d->shanten == 0 ? "  waits " : "  accepts ");
        put_mask(f, d->accept, " ");
        cli_buf_printf(f, " (%d tile%s)\n", uk, uk == 1 ? "" : "s");
    }
}

/* ---- --show: the hand in Unicode mahjong tiles (tilekit/mjfmt.h) ---- */

static void show_mask(cli_buf *f, uint64_t m)
{
    for (int t = 0; t < MJ_TILES; t++)
        if (m >> t & 1) {
            cli_buf_putc(f, ' ');
            mjf_tile(f, t, 1);
        }
}

/* Insert, after the first line the hand printed (from `start` on), a line
 * "  TILES [MELD] (KAN)  wait W W" (or "discard D D" for a 14-tile hand). */
static void show_hand(cli_buf *f, size_t start, const mj_hand *h, const mj_result *r)
{
    cli_buf s = { 0 };
    cli_buf_puts(&s, "  ");
    mjf_hand(&s, h);
    if (!r->is14 && r->wait_mask) {
        cli_buf_puts(&s, "  wait");
        show_mask(&s, r->wait_mask);
    } else if (r->is14 && !r->complete && r->n_discards) {
        uint64_t d = 0;
        for (int i = 0; i < r->n_discards; i++)
            d |= (uint64_t)1 << r->discards[i].tile;
        cli_buf_puts(&s, "  discard");
        show_mask(&s, d);
    }
    cli_buf_putc(&s, '\n');
    char *nl = memchr(f->p + start, '\n', f->len - start);
    size_t at = nl ? (size_t)(nl - f->p) + 1 : f->len;
    if (cli_buf_reserve(f, s.len) != 0) {
        cli_buf_free(&s);
        return;
    }
    memmove(f->p + at + s.len, f->p + at, f->len - at);
    memcpy(f->p + at, s.p, s.len);
    f->len += s.len;
    f->p[f->len] = 0;
    cli_buf_free(&s);
}


/* ---- the batch: one hand a line ---- */

typedef struct worker {
    mj_ctx *ctx;
    mj_result res;
    void *ev;   /* --ev: the EV solver (mjwait_ev.c) */
} worker;

static void *worker_new(void *user)
{
    (void)user;
    worker *w = calloc(1, sizeof *w);
    if (w && !(w->ctx = mjs_ctx_new())) {
        free(w);
        w = NULL;
    }
    return w;
}

static void worker_free(void *user, void *state)
{
    (void)user;
    mj_ctx_destroy(((worker *)state)->ctx);
    mje_free(((worker *)state)->ev);
    free(state);
}

/* Does the comment hold tiles, as mahjong-helper writes melds after '#'
 * ("234688m 34s # 6666P 234p": an upper-case suit a closed kan)? */
static int tiles_comment(const char *c, size_t n)
{
    int digits = 0, tiles = 0;
    for (size_t i = 0; i < n; i++) {
        char ch = c[i];
        if (ch >= '0' && ch <= '9')
            digits++;
        else if (strchr("mpszMPSZ", ch) && digits)
            tiles++, digits = 0;
        else if (ch != ' ' && ch != '\t' && ch != '\r')
            return 0;
    }
    return tiles > 0 && !digits;
}

/* A hint for other programs' notations after the message of a bad line. */
static void notation_hint(char *msg, size_t cap, const char *comment, size_t clen)
{
    size_t n = strlen(msg);
    if (strstr(msg, "wrong tile count") && comment && tiles_comment(comment, clen))
        snprintf(msg + n, cap - n, "; melds are not read after '#' (a comment): write them after the hand, "
                 "[666p] a pon or chi, [6666p] an open kan, (6666p) a closed kan (mahjong-helper's 6666P)");
    else if (strstr(msg, "bad character '+'"))
        snprintf(msg + n, cap - n, "; '+ TILE' (mahjong-helper: a discard to call) is not read: for a win "
                 "on that tile write it in the hand (14 tiles) with win:TILE");
}

/* A bad line: the message on stderr, and with --json an object that says why. */
static int bad_hand(const cli_record *rec, const char *hand, const tk_error *err, long col0, cli_buf *out,
                    cli_buf *msgs, const char *comment, size_t clen)
{
    char msg[600];
    if (err->col > 0)
        snprintf(msg, sizeof msg, "column %ld: %s", err->col + col0, err->msg);   /* column in the raw line */
    else
        snprintf(msg, sizeof msg, "%s", err->msg);
    notation_hint(msg, sizeof msg, comment, clen);
    cli_buf_error(msgs, rec->file, rec->line, "%s", msg);
    if (opt_json) {
        cli_json j;
        json_head(&j, out, rec, hand);
        cli_json_kstr(&j, "error", msg);
        cli_json_end(&j);
    }
    return CLI_EXIT_DATA;
}

static int solve_line(void *state, const cli_record *rec, cli_buf *out, cli_buf *msgs)
{
    worker *w = state;
    char *line = rec->text;
    size_t len = rec->len;
    /* --shanten, --waits: a compact hand (no blank, no comment) as it is */
    int fast = opt_waits && !opt_show && !mje_active();
    if (mjs_shanten_fast(w->ctx, out, line, len, opt_json) ||
        (fast && mjs_waits_fast(w->ctx, out, rec->file, rec->line, line, len, opt_json)))
        return CLI_EXIT_OK;
    size_t raw_len = len;
    /* strip the comment and surrounding blanks */
    char *hash = memchr(line, '#', len);
    const char *comment = hash ? hash + 1 : NULL;
    size_t clen = hash ? len - (size_t)(hash - line) - 1 : 0;
    if (hash)
        len = (size_t)(hash - line);
    while (len && (line[len - 1] == ' ' || line[len - 1] == '\t' || line[len - 1] == '\r'))
        len--;
    size_t s = 0;
    while (s < len && (line[s] == ' ' || line[s] == '\t'))
        s++;
    if (s == len)
        return CLI_EXIT_OK;
    line += s;
    len -= s;
    line[len] = 0;
    if (mje_active()) {   /* --ev: mjwait_ev.c */
        char msg[400];
        if (mje_line(w->ctx, &w->ev, out, rec->file, rec->line, line, len, opt_json, (long)s, msg, sizeof msg)) {
            cli_buf_error(msgs, rec->file, rec->line, "%s", msg);
            return CLI_EXIT_DATA;
        }
        return CLI_EXIT_OK;
    }
    if (mjs_active()) {   /* --score, --shanten: mjwait_score.c */
        char msg[600];
        if (mjs_line(w->ctx, &w->res, out, rec->file, rec->line, line, len, opt_json, (long)s, msg, 400)) {
            notation_hint(msg, sizeof msg, comment, clen);
            cli_buf_error(msgs, rec->file, rec->line, "%s", msg);
            return CLI_EXIT_DATA;
        }
        return CLI_EXIT_OK;
    }
    if (fast && len != raw_len && mjs_waits_fast(w->ctx, out, rec->file, rec->line, line, len, opt_json))
        return CLI_EXIT_OK;
    mj_hand h;
    tk_error err = { 0 };
    uint8_t unseen[MJ_TILES];
    int rc = mjs_parse(line, len, &h, unseen, &err);
    if (rc == 0)
        rc = mj_analyze(w->ctx, &h, opt_waits ? (MJ_WAITS_ONLY | MJ_NO_SHANTEN) : 0, &w->res, &err);
    if (rc != 0)
        return bad_hand(rec, line, &err, (long)s, out, msgs, comment, clen);
    size_t start = out->len;
    if (opt_json && w->res.is14)
        json_14(out, rec, line, &h, &w->res, unseen);
    else if (opt_json)
        json_13(out, rec, line, &h, &w->res, w->ctx, unseen);
    else if (w->res.is14)
        print_14(out, line, &h, &w->res, unseen);
    else
        print_13(out, line, &h, &w->res, w->ctx, unseen);
    if (opt_show)
        show_hand(out, start, &h, &w->res);
    return CLI_EXIT_OK;
}

int main(int argc, char **argv)
{
    enum { O_SHOW = 256 };
    static const struct option longopts[] = {
        { "waits", no_argument, NULL, 'w' },
        { "show", no_argument, NULL, O_SHOW },
        CLI_FORCE_OPTION, CLI_COMMON_OPTIONS,
        MJS_LONGOPTS
        MJE_LONGOPTS
        MJL_LONGOPTS
        { NULL, 0, NULL, 0 }
    };
    int c, li = 0, ev_turn = 0;
    cli_common co;
    cli_init("mjwait");
    cli_common_init(&co, usage);
    while ((c = getopt_long(argc, argv, ":w" CLI_COMMON_SHORT, longopts, &li)) != -1) {
        if (c >= MJL_O_LOG && mjl_option(c, optarg))
            continue;
        ev_turn |= c == MJE_O_TURN;
        if (c >= MJE_O_EV && mje_option(c, optarg))
            continue;
        if (c >= MJS_O_SCORE && mjs_option(c, longopts[li].name, optarg, 0))
            continue;
        switch (c) {
        case 'w': opt_waits = 1; break;
        case O_SHOW: opt_show = 1; break;
        default: cli_common_option(c, &co, argv);
        }
    }
    opt_json = co.json;
    mje_set_output(co.verbose, opt_show);
    if (opt_show && opt_json)
        cli_usage_error("--show draws tiles for a terminal: not with --json");
    if (mjl_active() && (mjs_active() || opt_waits || opt_show))
        cli_usage_error("--log reviews game records: not with --score, --shanten, --waits or --show");
    if (!mjl_active() && mjl_player())
        cli_usage_error("--player needs --log");
    if (!mjl_active() && mjl_html())
        cli_usage_error("--html needs --log");
    if (mjl_active() && ev_turn)
        cli_usage_error("--ev-turn: with --log the turn of each discard is the player's own turn");
    if (mjl_active())   /* --log: game records (mjwait_log.c) */
        return mjl_main((const char *const *)argv + optind, argc - optind, &co, mje_active());
    double t0 = cli_now();
    cli_batch b = { .kind = CLI_BATCH_LINES, .flags = CLI_BATCH_SKIP_BLANK,
                    .files = (const char *const *)argv + optind, .nfiles = argc - optind,
                    .first_line = co.first_line, .jobs = co.jobs, .progress = "mjwait: hands",
                    .init = worker_new, .fini = worker_free, .solve = solve_line };
    int status = cli_batch_run(&b);
    if (co.verbose)
        cli_error(NULL, 0, "%ld line%s with a hand (%ld bad), %d thread%s, %.3f s", b.records,
                  b.records == 1 ? "" : "s", b.bad, co.jobs, co.jobs == 1 ? "" : "s", cli_now() - t0);
    if (cli_close_stdout() != 0)
        status = CLI_EXIT_DATA;
    return status;
}
