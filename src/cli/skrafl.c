/* skrafl.c - command-line front-end: every legal Scrabble move, scored.
 *
 * Loads the dictionary, tile set and layout once into an sk_engine, then
 * solves one board file, or a batch of CGP lines.  A batch is read in
 * windows of positions; worker threads (one sk_gen + move list each) take
 * positions from a shared counter and format each position's output into
 * its own memory buffer; the main thread writes the buffers in input order,
 * so the output does not depend on --jobs.  --show draws the board with
 * the best move (the board's squares plus the move's new tiles) as text,
 * with ANSI colour only on a terminal without NO_COLOR; --svg writes the
 * same picture as SVG.
 */
#include "cli.h"
#include "tilekit/skrafl.h"

#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

typedef struct opts {
    const char *rack, *dict, *lang, *layout, *tiles;
    const char *check_coord, *check_word;
    long top;
    int count, json, words, all_openings, cgp, jobs, verbose;
    const char *svg;       /* --svg FILE */
    int show, show_color;  /* --show; in colour (a terminal, no NO_COLOR) */
} opts;

typedef struct ctx {
    const opts *o;
    const sk_engine *e;
    sk_rack rack;          /* --rack, if given */
    int have_rack;
    const char *file;      /* for messages */
    long svg_line;         /* batch: the line whose position --svg draws */
} ctx;

static void usage(void)
{
    printf("Usage: skrafl [OPTION]... [BOARD | CGP | -]\n"
           "List every legal Scrabble move for a rack on a board, scored, best first.\n"
           "\n"
           "BOARD is a board file (15 lines of 15 cells: '.' empty, upper case a tile,\n"
           "lower case a blank; '#' comment lines), '-' or nothing for standard input.\n"
           "A file of CGP lines (or one CGP line given as the argument) is solved line by\n"
           "line; the output is grouped per position, in input order.\n"
           "\n"
           "  -r, --rack=RACK        the player's tiles, up to 7, '?' = blank (CGP: its rack)\n"
           "  -d, --dict=FILE        dictionary: a .dawg file or a word list (built in memory)\n"
           "  -l, --lang=LANG        en or is: tile set, alphabet, default dictionary (en)\n"
           "      --layout=NAME      standard, explo, or a layout file (default standard)\n"
           "      --tiles=FILE       tile set file (default: the language's)\n"
           "  -n, --top=N            only the best N moves\n"
           "  -c, --count            print only the number of moves\n"
           "  -j, --json             one JSON object a line\n"
           "  -w, --words            show every word a move forms (main word first)\n"
           "      --all-openings     on an empty board also list the down openings\n"
           "      --cgp              the input is CGP, one position a line\n"
           "      --jobs=N           threads for a batch (default: all cores)\n"
           "      --check COORD WORD score the play WORD at COORD (8H across, H8 down) and\n"
           "                         rank it among all moves, or say why it is illegal;\n"
           "                         board tiles in WORD in parentheses, blanks lower case\n"
           "      --show             draw the board with the best move (or the --check play)\n"
           "                         and the premium squares; colour on a terminal unless\n"
           "                         NO_COLOR is set\n"
           "      --svg=FILE         write the board with that move as an SVG picture\n"
           "                         (for a CGP file: its first position)\n"
           "  -v, --verbose          dictionary, layout and timing on standard error\n"
           "  -h, --help             this help\n"
           "      --version          version and licence\n"
           "\n"
           "Output: COORD  WORD  SCORE  leave:LEAVE, e.g. '8D  FA(R)MED  34  leave:AEI':\n"
           "tiles already on the board in parentheses, blanks in lower case.\n"
           "Exit status: 0 success, 1 bad data (board, rack, dictionary, illegal play),\n"
           "2 bad usage.\n"
           "\n"
           "Examples:\n"
           "  skrafl -n 3 '15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 AEINRST/ 0/0 0;'\n"
           "  skrafl -r 'AEIRST?' -n 5 --show --svg best.svg data/boards/sample.txt\n"
           "  skrafl --jobs 2 --json positions.cgp\n");
}

/* ---- output of one position ------------------------------------------------------------- */

/* Every word a move forms, as JSON strings separated by commas. */
static void json_words(FILE *f, const sk_engine *e, const sk_board *b, const sk_move *m)
{
    sk_word w[SK_MAX_WORDS];
    char text[SK_MAX_DIM * (ALPHA_LETTER_MAX + 2) + 1];
    int nw = sk_move_words(m, b, w, SK_MAX_WORDS);
    for (int i = 0; i < nw && i < SK_MAX_WORDS; i++) {
        sk_word_format(&w[i], e, SK_FMT_WORD, text, sizeof text);
        if (i)
            fputc(',', f);
        cli_json_string(f, text);
    }
}

/* Every word a move forms, separated by commas. */
static void move_words_joined(const sk_engine *e, const sk_board *b, const sk_move *m, char *out, size_t cap)
{
    sk_word w[SK_MAX_WORDS];
    int nw = sk_move_words(m, b, w, SK_MAX_WORDS);
    size_t n = 0;
    out[0] = 0;
    for (int i = 0; i < nw && i < SK_MAX_WORDS && n + 1 < cap; i++) {
        if (i)
            out[n++] = ',';
        n += sk_word_format(&w[i], e, SK_FMT_WORD, out + n, cap - n);
        if (n >= cap)
            n = strlen(out);
    }
}

static void print_move_json(const ctx *c, FILE *f, const sk_board *b, const sk_rack *r,
                            const sk_move *m, long line)
{
    const sk_engine *e = c->e;
    char coord[16], word[256], played[256], leave[128];
    sk_coord_format(m->row, m->col, m->dir, coord, sizeof coord);
    sk_move_format(m, e, SK_FMT_WORD, word, sizeof word);
    sk_move_format(m, e, SK_FMT_PLAYED, played, sizeof played);
    sk_rack_leave(r, m, e, leave, sizeof leave);
    fputc('{', f);
    if (line > 0)
        fprintf(f, "\"line\":%ld,", line);
    fputs("\"coord\":", f);
    cli_json_string(f, coord);
    fprintf(f, ",\"row\":%d,\"col\":%d,\"dir\":\"%c\",\"word\":", m->row, m->col, m->dir ? 'V' : 'H');
    cli_json_string(f, word);
    fputs(",\"played\":", f);
    cli_json_string(f, played);
    fprintf(f, ",\"score\":%d,\"tiles\":%d,\"leave\":", m->score, m->ntiles);
    cli_json_string(f, leave);
    fputs(",\"words\":[", f);
    json_words(f, e, b, m);
    fputs("]}\n", f);
}

static void print_move_text(const ctx *c, FILE *f, const sk_board *b, const sk_rack *r, const sk_move *m)
{
    const sk_engine *e = c->e;
    char coord[16], word[256], leave[128], words[2048];
    sk_coord_format(m->row, m->col, m->dir, coord, sizeof coord);
    sk_move_format(m, e, SK_FMT_PAREN, word, sizeof word);
    sk_rack_leave(r, m, e, leave, sizeof leave);
    fprintf(f, "%s  %s  %d  leave:%s", coord, word, m->score, leave[0] ? leave : "-");
    if (c->o->words) {
        move_words_joined(e, b, m, words, sizeof words);
        fprintf(f, "  words:%s", words);
    }
    fputc('\n', f);
}

static void print_error(const ctx *c, FILE *f, long line, const tk_error *err, int batch)
{
    /* The message goes to stderr at once; in JSON mode an error object keeps
     * the output one object per position. */
    if (batch)
        cli_error(c->file, line, "%s", err->msg);
    else
        cli_error(c->file, err->line, "%s", err->msg);
    if (c->o->json && batch) {
        fprintf(f, "{\"line\":%ld,\"error\":", line);
        cli_json_string(f, err->msg);
        fputs("}\n", f);
    } else if (batch && c->o->count) {
        fputs("error\n", f);
    }
}

/* ---- --show and --svg: the board with one move on it ------------------------------------- */

/* The board's tiles plus the move's new ones (letter | SK_BLANK, 0 empty). */
static void board_with_move(const sk_board *b, const sk_move *m, uint8_t sq[SK_MAX_SQ],
                            uint8_t isnew[SK_MAX_SQ])
{
    memcpy(sq, b->sq, SK_MAX_SQ);
    memset(isnew, 0, SK_MAX_SQ);
    if (!m)
        return;
    for (int k = 0; k < m->len; k++) {
        int r = m->row + (m->dir ? k : 0), col = m->col + (m->dir ? 0 : k);
        if (r >= b->dim || col >= b->dim || (m->word[k] & SK_ONBOARD))
            continue;
        sq[r * b->dim + col] = m->word[k] & (SK_LETTER | SK_BLANK);
        isnew[r * b->dim + col] = 1;
    }
}

/* Premium label of an empty square: "3W", "2L", "*" (start) or "" (plain);
 * p[1] can always be read. */
static const char *premium_label(const sk_layout *l, int r, int c)
{
    static const char *w[] = { "", "", "2W", "3W", "4W" }, *le[] = { "", "", "2L", "3L", "4L" };
    int i = r * l->dim + c;
    if (r == l->start_row && c == l->start_col)
        return "*";
    if (l->wmul[i] > 1 && l->wmul[i] <= 4)
        return w[l->wmul[i]];
    if (l->lmul[i] > 1 && l->lmul[i] <= 4)
        return le[l->lmul[i]];
    return "\0";   /* two NULs: callers may look at p[1] */
}

/* The text of one move for captions: "8G  S(CAT)  6". */
static void move_caption(const sk_engine *e, const sk_move *m, char *out, size_t cap)
{
    char coord[16], word[256];
    sk_coord_format(m->row, m->col, m->dir, coord, sizeof coord);
    sk_move_format(m, e, SK_FMT_PAREN, word, sizeof word);
    snprintf(out, cap, "%s  %s  %d", coord, word, m->score);
}

/* Draw the board on f, 3 columns a square: " . " plain, " 3W" premium, " * "
 * start, " C " a tile (blank lower case), "[S]" a tile of the move.  With
 * colour, ANSI backgrounds are added around the same text (so removing the
 * escapes gives the plain drawing). */
static void show_board(const ctx *c, FILE *f, const sk_board *b, const sk_move *m, const char *what)
{
    const sk_engine *e = c->e;
    const sk_layout *l = sk_engine_layout(e);
    const Alphabet *a = sk_engine_alphabet(e);
    int color = c->o->show_color;
    uint8_t sq[SK_MAX_SQ], isnew[SK_MAX_SQ];
    board_with_move(b, m, sq, isnew);
    fputs("   ", f);
    for (int col = 0; col < b->dim; col++)
        fprintf(f, " %c ", 'A' + col);
    fputc('\n', f);
    for (int r = 0; r < b->dim; r++) {
        fprintf(f, "%2d ", r + 1);
        for (int col = 0; col < b->dim; col++) {
            int i = r * b->dim + col;
            const char *sgr = NULL;
            char cell[64];
            if (sq[i]) {
                unsigned li = sq[i] & SK_LETTER;
                const char *txt = li <= (unsigned)a->size ? ((sq[i] & SK_BLANK) ? a->lower[li] : a->upper[li]) : "?";
                snprintf(cell, sizeof cell, isnew[i] ? "[%s]" : " %s ", txt);
                sgr = isnew[i] ? "1;30;102" : "30;103";
            } else {
                const char *p = premium_label(l, r, col);
                if (p[0] == 0)
                    snprintf(cell, sizeof cell, " . ");
                else if (p[1] == 0)
                    snprintf(cell, sizeof cell, " * ");
                else
                    snprintf(cell, sizeof cell, " %s", p);
                if (p[0] == '*')
                    sgr = "30;105";
                else if (p[1] == 'W')
                    sgr = p[0] == '2' ? "30;105" : "97;41";
                else if (p[1] == 'L')
                    sgr = p[0] == '2' ? "30;106" : "97;44";
            }
            if (color && sgr)
                fprintf(f, "\033[%sm%s\033[0m", sgr, cell);
            else
                fputs(cell, f);
        }
        fputc('\n', f);
    }
    if (m) {
        char cap[320];
        move_caption(e, m, cap, sizeof cap);
        fprintf(f, "%s: %s  (new tiles in [ ])\n", what, cap);
    } else {
        fprintf(f, "%s: none\n", what);
    }
}

static void svg_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

/* Write the board with move m (may be NULL) as an SVG picture.  Every tile is
 * a <rect class="tile"> (class "tile new" for the move's tiles) carrying
 * data-row, data-col (0-based) and data-letter. */
static int write_svg(const ctx *c, const char *path, const sk_board *b, const sk_move *m)
{
    enum { CELL = 36, LEFT = 30, TOP = 60 };
    const sk_engine *e = c->e;
    const sk_layout *l = sk_engine_layout(e);
    const sk_tileset *ts = sk_engine_tileset(e);
    const Alphabet *a = sk_engine_alphabet(e);
    uint8_t sq[SK_MAX_SQ], isnew[SK_MAX_SQ];
    board_with_move(b, m, sq, isnew);
    FILE *f = fopen(path, "w");
    if (!f) {
        cli_error(path, 0, "cannot write: %s", strerror(errno));
        return CLI_EXIT_DATA;
    }
    int w = LEFT + b->dim * CELL + 10, h = TOP + b->dim * CELL + 10;
    char cap[320];
    if (m)
        move_caption(e, m, cap, sizeof cap);
    else
        snprintf(cap, sizeof cap, "no legal move");
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
               "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n", w, h, w, h);
    fputs("<title>skrafl: ", f);
    svg_text(f, cap);
    fputs("</title>\n", f);
    fprintf(f, "<rect width=\"%d\" height=\"%d\" fill=\"#fbf8ef\"/>\n", w, h);
    fprintf(f, "<text x=\"%d\" y=\"30\" font-size=\"20\" font-weight=\"bold\" fill=\"#222\">", LEFT);
    svg_text(f, cap);
    fputs("</text>\n", f);
    for (int i = 0; i < b->dim; i++) {
        fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\" fill=\"#555\">%c</text>\n",
                LEFT + i * CELL + CELL / 2, TOP - 6, 'A' + i);
        fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"end\" fill=\"#555\">%d</text>\n",
                LEFT - 6, TOP + i * CELL + CELL / 2 + 4, i + 1);
    }
    for (int r = 0; r < b->dim; r++) {
        for (int col = 0; col < b->dim; col++) {
            int i = r * b->dim + col, x = LEFT + col * CELL, y = TOP + r * CELL;
            const char *p = premium_label(l, r, col);
            const char *fill = "#e9e4d4";
            if (p[0] == '*' || (p[1] == 'W' && p[0] == '2'))
                fill = "#f4b6c2";
            else if (p[1] == 'W')
                fill = "#d9534f";
            else if (p[1] == 'L')
                fill = p[0] == '2' ? "#a7d8ef" : "#3a7bd5";
            fprintf(f, "<rect class=\"square\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" "
                       "stroke=\"#fbf8ef\" stroke-width=\"2\"/>\n", x, y, CELL, CELL, fill);
            if (!sq[i] && p[0])
                fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\" fill=\"%s\">%s</text>\n",
                        x + CELL / 2, y + CELL / 2 + (p[0] == '*' ? 7 : 4), p[0] == '*' ? 20 : 11,
                        (p[1] == 'W' && p[0] != '2') || (p[1] == 'L' && p[0] != '2') ? "#fff" : "#333", p);
            if (!sq[i])
                continue;
            unsigned li = sq[i] & SK_LETTER;
            int blank = (sq[i] & SK_BLANK) != 0;
            const char *txt = li <= (unsigned)a->size ? (blank ? a->lower[li] : a->upper[li]) : "?";
            fprintf(f, "<rect class=\"tile%s\" data-row=\"%d\" data-col=\"%d\" data-letter=\"",
                    isnew[i] ? " new" : "", r, col);
            svg_text(f, txt);
            fprintf(f, "\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"4\" fill=\"%s\" stroke=\"%s\" "
                       "stroke-width=\"%d\"/>\n", x + 2, y + 2, CELL - 4, CELL - 4,
                    isnew[i] ? "#ffe066" : "#f3dcae", isnew[i] ? "#c0392b" : "#b08d57", isnew[i] ? 3 : 1);
            fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"20\" font-weight=\"bold\" text-anchor=\"middle\" "
                       "fill=\"%s\">", x + CELL / 2, y + CELL / 2 + 7, blank ? "#888" : "#222");
            svg_text(f, txt);
            fputs("</text>\n", f);
            if (!blank && ts->value[li] > 0)
                fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"9\" text-anchor=\"end\" fill=\"#222\">%d</text>\n",
                        x + CELL - 5, y + CELL - 5, ts->value[li]);
        }
    }
    fputs("</svg>\n", f);
    int bad = ferror(f);
    if (fclose(f) != 0 || bad) {
        cli_error(path, 0, "write error: %s", strerror(errno));
        return CLI_EXIT_DATA;
    }
    return CLI_EXIT_OK;
}

/* --show and --svg for one position: m is the move to draw (NULL: none). */
static int picture(const ctx *c, FILE *f, const sk_board *b, const sk_move *m, long line, int batch,
                   const char *what)
{
    if (c->o->show)
        show_board(c, f, b, m, what);
    if (c->o->svg && (!batch || line == c->svg_line))
        return write_svg(c, c->o->svg, b, m);
    return CLI_EXIT_OK;
}

static int do_check(const ctx *c, sk_gen *g, FILE *f, const sk_board *b, const sk_rack *r,
                    unsigned flags, long line)
{
    const sk_engine *e = c->e;
    const opts *o = c->o;
    sk_check_result res;
    tk_error err = {0};
    int rc = sk_check(g, b, r, o->check_coord, o->check_word, flags, &res, &err);
    if (rc) {
        char msg[512];
        char qc[64], qw[96];
        snprintf(msg, sizeof msg, "illegal play %s %s: %s",
                 alpha_quote(o->check_coord, strlen(o->check_coord), 40, qc, sizeof qc),
                 alpha_quote(o->check_word, strlen(o->check_word), 60, qw, sizeof qw), err.msg);
        if (line > 0)
            cli_error(c->file, line, "%s", msg);
        else
            cli_error(NULL, 0, "%s", msg);
        if (o->json) {
            fputc('{', f);
            if (line > 0)
                fprintf(f, "\"line\":%ld,", line);
            fputs("\"coord\":", f);
            cli_json_string(f, o->check_coord);
            fputs(",\"word\":", f);
            cli_json_string(f, o->check_word);
            fputs(",\"legal\":false,\"error\":", f);
            cli_json_string(f, err.msg);
            fputs("}\n", f);
        }
        return rc == TK_ENOMEM ? CLI_EXIT_DATA : CLI_EXIT_DATA;
    }
    char coord[16], word[256], words[2048], bcoord[16], bword[256];
    const sk_move *m = &res.move;
    int prc = picture(c, f, b, m, line, line > 0, "play");
    sk_coord_format(m->row, m->col, m->dir, coord, sizeof coord);
    sk_move_format(m, e, o->json ? SK_FMT_WORD : SK_FMT_PAREN, word, sizeof word);
    if (!o->json)
        move_words_joined(e, b, m, words, sizeof words);
    bcoord[0] = bword[0] = 0;
    if (res.total) {
        sk_coord_format(res.best.row, res.best.col, res.best.dir, bcoord, sizeof bcoord);
        sk_move_format(&res.best, e, o->json ? SK_FMT_WORD : SK_FMT_PAREN, bword, sizeof bword);
    }
    if (o->json) {
        fputc('{', f);
        if (line > 0)
            fprintf(f, "\"line\":%ld,", line);
        fputs("\"coord\":", f);
        cli_json_string(f, coord);
        fprintf(f, ",\"row\":%d,\"col\":%d,\"dir\":\"%c\",\"word\":", m->row, m->col, m->dir ? 'V' : 'H');
        cli_json_string(f, word);
        fprintf(f, ",\"legal\":true,\"score\":%d,\"tiles\":%d,\"rank\":%zu,\"ties\":%zu,\"total\":%llu,\"words\":[",
                m->score, m->ntiles, res.rank, res.ties, (unsigned long long)res.total);
        json_words(f, e, b, m);
        fputs("],\"best\":{\"coord\":", f);
        cli_json_string(f, bcoord);
        fputs(",\"word\":", f);
        cli_json_string(f, bword);
        fprintf(f, ",\"score\":%d}}\n", res.best.score);
    } else {
        fprintf(f, "%s  %s  %d  rank %zu of %llu", coord, word, m->score, res.rank,
                (unsigned long long)res.total);
        if (res.ties)
            fprintf(f, " (tied with %zu other%s)", res.ties, res.ties == 1 ? "" : "s");
        fprintf(f, "  words:%s  best: %s  %s  %d\n", words, bcoord, bword, res.best.score);
    }
    return prc;
}

/* Solve one parsed position and print it.  Returns an exit status. */
static int solve(const ctx *c, sk_gen *g, sk_movelist *list, FILE *f, const sk_board *b,
                 const sk_rack *r, long line, int batch)
{
    const opts *o = c->o;
    tk_error err = {0};
    int rc = sk_position_check(c->e, b, r, &err);
    if (rc) {
        print_error(c, f, line, &err, batch);
        return CLI_EXIT_DATA;
    }
    unsigned flags = o->all_openings ? SK_ALL_OPENINGS : 0;
    if (o->check_coord)
        return do_check(c, g, f, b, r, flags, line);
    if (o->count)
        flags |= SK_COUNT_ONLY;
    list->limit = o->top > 0 ? (size_t)o->top : 0;
    rc = sk_generate(g, b, r, flags, list, &err);
    if (rc) {
        print_error(c, f, line, &err, batch);
        return CLI_EXIT_DATA;
    }
    if (o->count) {
        if (o->json) {
            fputc('{', f);
            if (line > 0)
                fprintf(f, "\"line\":%ld,", line);
            fprintf(f, "\"count\":%llu}\n", (unsigned long long)list->total);
        } else {
            fprintf(f, "%llu\n", (unsigned long long)list->total);
        }
        return CLI_EXIT_OK;
    }
    sk_movelist_sort(c->e, list);
    if (batch && !o->json) {
        char rs[64];
        sk_rack_leave(r, NULL, c->e, rs, sizeof rs);
        fprintf(f, "# line %ld: rack %s: %llu move%s\n", line, rs[0] ? rs : "-",
                (unsigned long long)list->total, list->total == 1 ? "" : "s");
    }
    int prc = picture(c, f, b, list->n ? &list->v[0] : NULL, line, batch, "best");
    for (size_t i = 0; i < list->n; i++) {
        if (o->json)
            print_move_json(c, f, b, r, &list->v[i], line);
        else
            print_move_text(c, f, b, r, &list->v[i]);
    }
    return prc;
}

static int solve_cgp_line(const ctx *c, sk_gen *g, sk_movelist *list, FILE *f,
                          const char *s, size_t len, long line)
{
    sk_board b;
    sk_rack r;
    tk_error err = {0};
    int rc = sk_cgp_parse(&b, &r, c->e, s, len, &err);
    if (rc) {
        print_error(c, f, line, &err, 1);
        return CLI_EXIT_DATA;
    }
    if (c->have_rack)
        r = c->rack;
    return solve(c, g, list, f, &b, &r, line, 1);
}

/* ---- batch ------------------------------------------------------------------------------------- */

typedef struct job {
    char *text;
    size_t len;
    long line;
    char *out;
    size_t outlen;
    int status;
} job;

typedef struct pool {
    const ctx *c;
    job *jobs;
    size_t n, next;
    pthread_mutex_t mu;
} pool;

static void *worker(void *arg)
{
    pool *p = arg;
    sk_gen *g = NULL;
    sk_movelist list = {0};
    if (sk_gen_create(&g, p->c->e, NULL))
        return NULL;
    for (;;) {
        pthread_mutex_lock(&p->mu);
        size_t i = p->next++;
        pthread_mutex_unlock(&p->mu);
        if (i >= p->n)
            break;
        job *j = &p->jobs[i];
        FILE *f = open_memstream(&j->out, &j->outlen);
        if (!f) {
            j->status = -1;
            continue;
        }
        j->status = solve_cgp_line(p->c, g, &list, f, j->text, j->len, j->line);
        fclose(f);
    }
    sk_movelist_free(&list);
    sk_gen_destroy(g);
    return NULL;
}

static int is_blank_line(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t')
            return s[i] == '#';
    return 1;
}

static int run_batch_reader(const ctx *c, cli_reader *rd, char *first, size_t firstlen, long firstline)
{
    enum { WINDOW = 512 };
    int jobs = c->o->jobs > 0 ? c->o->jobs : cli_cpu_count();
    /* Positions are solved a window at a time and their output is held until
     * the window is printed, in order.  To keep memory bounded whatever the
     * batch (long lines, huge move lists), a window also stops at
     * WINDOW_BYTES of input, and its size adapts to the output: it starts at
     * 2 positions per thread, doubles while the output stays small and
     * halves when a window printed more than WINDOW_BYTES. */
    const size_t WINDOW_BYTES = (size_t)32 << 20;
    size_t win = 2 * (size_t)jobs < WINDOW ? 2 * (size_t)jobs : WINDOW;
    job *js = calloc(WINDOW, sizeof *js);
    pthread_t *th = calloc((size_t)jobs, sizeof *th);
    int status = CLI_EXIT_OK, eof = 0;
    if (!js || !th) {
        cli_error(NULL, 0, "out of memory");
        free(js);
        free(th);
        return CLI_EXIT_DATA;
    }
    int have_first = first != NULL;
    /* progress on a terminal (stderr): positions done, share of the file read */
    cli_progress prog;
    size_t done = 0;
    cli_progress_batch(&prog, "skrafl: positions");
    while (!eof) {
        size_t n = 0, inbytes = 0, outbytes = 0;
        while (n < win && inbytes < WINDOW_BYTES) {
            char *s;
            size_t len;
            long ln;
            if (have_first) {
                s = first;
                len = firstlen;
                ln = firstline;
                have_first = 0;
            } else {
                int k = cli_reader_next(rd, &s, &len);
                if (k < 0) {
                    cli_error(c->file, rd->lineno, "read error");
                    status = CLI_EXIT_DATA;
                }
                if (k <= 0) {
                    eof = 1;
                    break;
                }
                ln = rd->lineno;
            }
            if (is_blank_line(s, len))
                continue;
            js[n].text = malloc(len + 1);
            if (!js[n].text) {
                cli_error(NULL, 0, "out of memory");
                eof = 1;
                status = CLI_EXIT_DATA;
                break;
            }
            memcpy(js[n].text, s, len);
            js[n].text[len] = 0;
            js[n].len = len;
            inbytes += len;
            js[n].line = ln;
            js[n].out = NULL;
            js[n].outlen = 0;
            js[n].status = 0;
            n++;
        }
        if (n == 0)
            break;
        pool p = { c, js, n, 0, PTHREAD_MUTEX_INITIALIZER };
        int nt = jobs < (int)n ? jobs : (int)n, started = 0;
        if (nt > 1)
            for (int t = 0; t < nt; t++)
                if (pthread_create(&th[t], NULL, worker, &p) == 0)
                    started++;
        if (started == 0)
            worker(&p);
        for (int t = 0; t < started; t++)
            pthread_join(th[t], NULL);
        for (size_t i = 0; i < n; i++) {
            if (js[i].status < 0) {
                cli_error(NULL, 0, "out of memory");
                status = CLI_EXIT_DATA;
            } else if (js[i].status && status == CLI_EXIT_OK) {
                status = js[i].status;
            }
            if (js[i].out)
                fwrite(js[i].out, 1, js[i].outlen, stdout);
            outbytes += js[i].outlen;
            free(js[i].out);
            free(js[i].text);
        }
        done += n;
        cli_progress_reader(&prog, done, rd);
        if (outbytes > WINDOW_BYTES)
            win = win / 2 > (size_t)jobs ? win / 2 : (size_t)jobs;
        else if (outbytes < WINDOW_BYTES / 4)
            win = win * 2 < WINDOW ? win * 2 : WINDOW;
    }
    cli_progress_end(&prog);
    free(js);
    free(th);
    return status;
}

/* ---- setup ----------------------------------------------------------------------------------- */

static char *read_data(const char *rel_or_path, int is_path, size_t *len, const char **where)
{
    static char buf[4096];
    tk_error err = {0};
    const char *p = is_path ? rel_or_path : cli_find_data(rel_or_path, buf, sizeof buf);
    *where = p;
    if (!p)
        return NULL;
    char *t = cli_read_file(p, len, &err);
    if (!t)
        cli_error(p, 0, "%s", err.msg);
    return t;
}

static long parse_long(const char *s, const char *what, long lo, long hi)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < lo || v > hi)
        cli_usage_error("invalid %s '%s' (%ld..%ld)", what, s, lo, hi);
    return v;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    cli_init("skrafl");
    opts o = {0};
    o.lang = "en";
    o.layout = "standard";
    enum { O_LAYOUT = 256, O_TILES, O_ALLOPEN, O_CGP, O_JOBS, O_CHECK, O_VERSION, O_SHOW, O_SVG };
    static const struct option lo[] = {
        { "rack", required_argument, 0, 'r' },
        { "dict", required_argument, 0, 'd' },
        { "lang", required_argument, 0, 'l' },
        { "layout", required_argument, 0, O_LAYOUT },
        { "tiles", required_argument, 0, O_TILES },
        { "top", required_argument, 0, 'n' },
        { "count", no_argument, 0, 'c' },
        { "json", no_argument, 0, 'j' },
        { "words", no_argument, 0, 'w' },
        { "all-openings", no_argument, 0, O_ALLOPEN },
        { "cgp", no_argument, 0, O_CGP },
        { "jobs", required_argument, 0, O_JOBS },
        { "check", required_argument, 0, O_CHECK },
        { "verbose", no_argument, 0, 'v' },
        { "help", no_argument, 0, 'h' },
        { "version", no_argument, 0, O_VERSION },
        { "show", no_argument, 0, O_SHOW },
        { "svg", required_argument, 0, O_SVG },
        { 0, 0, 0, 0 }
    };
    int ch;
    while ((ch = getopt_long(argc, argv, "r:d:l:n:cjwvh", lo, NULL)) != -1) {
        switch (ch) {
        case 'r': o.rack = optarg; break;
        case 'd': o.dict = optarg; break;
        case 'l':
            if (strcmp(optarg, "en") && strcmp(optarg, "is"))
                cli_usage_error("unknown language '%s' (en or is)", optarg);
            o.lang = optarg;
            break;
        case O_LAYOUT: o.layout = optarg; break;
        case O_TILES: o.tiles = optarg; break;
        case 'n': o.top = parse_long(optarg, "--top", 1, 100000000); break;
        case 'c': o.count = 1; break;
        case 'j': o.json = 1; break;
        case 'w': o.words = 1; break;
        case O_ALLOPEN: o.all_openings = 1; break;
        case O_CGP: o.cgp = 1; break;
        case O_JOBS: o.jobs = (int)parse_long(optarg, "--jobs", 1, 1024); break;
        case O_CHECK: {
            static char cbuf[256];
            const char *sp = strchr(optarg, ' ');
            if (sp) {
                snprintf(cbuf, sizeof cbuf, "%.*s", (int)(sp - optarg), optarg);
                o.check_coord = cbuf;
                o.check_word = sp + 1;
            } else {
                if (optind >= argc)
                    cli_usage_error("--check needs a coordinate and a word: --check 8H WORD");
                o.check_coord = optarg;
                o.check_word = argv[optind++];
            }
            break;
        }
        case 'v': o.verbose = 1; break;
        case O_SHOW: o.show = 1; break;
        case O_SVG: o.svg = optarg; break;
        case 'h': usage(); return cli_close_stdout();
        case O_VERSION: cli_print_version(); return cli_close_stdout();
        default:
            fprintf(stderr, "Try 'skrafl --help' for more information.\n");
            return CLI_EXIT_USAGE;
        }
    }
    if (argc - optind > 1)
        cli_usage_error("one board (or CGP file) at a time; got %d arguments", argc - optind);
    if (o.count && o.check_coord)
        cli_usage_error("--count and --check do not go together");
    if (o.show && (o.json || o.count))
        cli_usage_error("--show draws a board: not with --%s", o.json ? "json" : "count");
    if (o.svg && o.count)
        cli_usage_error("--svg draws the best move: not with --count");
    if (o.svg && !*o.svg)
        cli_usage_error("--svg needs a file name");
    /* Colour only for a terminal, and never when NO_COLOR is set (no-color.org). */
    o.show_color = o.show && getenv("NO_COLOR") == NULL && isatty(STDOUT_FILENO);
    const char *input = optind < argc ? argv[optind] : "-";

    double t0 = now_s();
    const char *dict_used = NULL;
    Dawg *d = cli_load_dict(o.dict, o.lang, &dict_used);
    if (!d)
        return CLI_EXIT_DATA;
    const Alphabet *a = dawg_alphabet(d);
    tk_error err = {0};
    int status = CLI_EXIT_OK;

    /* Tile set. */
    sk_tileset ts;
    size_t len;
    const char *where = NULL;
    char rel[128];
    snprintf(rel, sizeof rel, "tiles/%s.txt", o.lang);
    char *text = read_data(o.tiles ? o.tiles : rel, o.tiles != NULL, &len, &where);
    if (o.tiles && !text) {
        dawg_destroy(d);
        return CLI_EXIT_DATA;
    }
    if (text) {
        if (sk_tileset_parse(&ts, a, text, len, &err)) {
            cli_error(where, err.line, "%s", err.msg);
            free(text);
            dawg_destroy(d);
            return CLI_EXIT_DATA;
        }
        free(text);
    } else if (sk_tileset_builtin(&ts, a, o.lang, &err)) {
        cli_error(NULL, 0, "tile set: %s", err.msg);
        dawg_destroy(d);
        return CLI_EXIT_DATA;
    }
    /* Layout. */
    sk_layout lay;
    int named = strcmp(o.layout, "standard") == 0 || strcmp(o.layout, "explo") == 0;
    const char *lwhere = NULL;
    if (named)
        snprintf(rel, sizeof rel, "layouts/%s.txt", o.layout);
    else {
        struct stat st;
        if (stat(o.layout, &st) != 0)
            cli_usage_error("unknown layout '%s' (standard, explo, or a layout file)", o.layout);
    }
    text = read_data(named ? rel : o.layout, !named, &len, &lwhere);
    if (!named && !text) {
        dawg_destroy(d);
        return CLI_EXIT_DATA;
    }
    if (text) {
        if (sk_layout_parse(&lay, text, len, &err)) {
            cli_error(lwhere, err.line, "%s", err.msg);
            free(text);
            dawg_destroy(d);
            return CLI_EXIT_DATA;
        }
        snprintf(lay.name, sizeof lay.name, "%s", o.layout);
        free(text);
    } else if (sk_layout_builtin(&lay, o.layout, &err)) {
        cli_error(NULL, 0, "%s", err.msg);
        dawg_destroy(d);
        return CLI_EXIT_DATA;
    }
    sk_engine *e = NULL;
    if (sk_engine_create(&e, d, &ts, &lay, &err)) {
        cli_error(NULL, 0, "%s", err.msg);
        dawg_destroy(d);
        return CLI_EXIT_DATA;
    }
    ctx c = { &o, e, { 0 }, 0, input, 0 };
    if (o.rack) {
        if (sk_rack_parse(&c.rack, e, o.rack, strlen(o.rack), &err)) {
            char q[64];
            cli_error(NULL, 0, "--rack %s: %s", alpha_quote(o.rack, strlen(o.rack), 40, q, sizeof q), err.msg);
            sk_engine_destroy(e);
            dawg_destroy(d);
            return CLI_EXIT_DATA;
        }
        c.have_rack = 1;
    }
    double t1 = now_s();
    if (o.verbose) {
        dawg_info info;
        dawg_get_info(d, &info);
        fprintf(stderr, "skrafl: dictionary %s: %llu words, %u edges (%.3f s)\n", dict_used ? dict_used : "?",
                (unsigned long long)info.words, info.edges, t1 - t0);
        fprintf(stderr, "skrafl: language %s, %d tiles; layout %s %dx%d, start %c%d%s\n", o.lang, ts.total,
                lay.name, lay.dim, lay.dim, 'A' + lay.start_col, lay.start_row + 1,
                lay.symmetric ? ", symmetric" : "");
    }

    /* Input: a CGP string argument, or a file. */
    struct stat st;
    int arg_is_cgp = strcmp(input, "-") != 0 && stat(input, &st) != 0 &&
                     sk_looks_like_cgp(input, strlen(input));
    if (arg_is_cgp) {
        c.file = "<argument>";
        c.svg_line = 1;
        sk_gen *g = NULL;
        sk_movelist list = {0};
        if (sk_gen_create(&g, e, NULL)) {
            cli_error(NULL, 0, "out of memory");
            status = CLI_EXIT_DATA;
        } else {
            status = solve_cgp_line(&c, g, &list, stdout, input, strlen(input), 1);
        }
        sk_movelist_free(&list);
        sk_gen_destroy(g);
    } else {
        cli_reader rd;
        if (cli_reader_open(&rd, input, &err)) {
            cli_error(input, 0, "%s", err.msg);
            status = CLI_EXIT_DATA;
        } else {
            /* Find the first meaningful line to decide board vs CGP. */
            char *s = NULL;
            size_t sl = 0;
            int k;
            while ((k = cli_reader_next(&rd, &s, &sl)) > 0 && is_blank_line(s, sl))
                ;
            if (k < 0) {
                cli_error(input, rd.lineno, "read error");
                status = CLI_EXIT_DATA;
            } else if (k > 0 && (o.cgp || sk_looks_like_cgp(s, sl))) {
                c.svg_line = rd.lineno;
                status = run_batch_reader(&c, &rd, s, sl, rd.lineno);
            } else if (o.cgp) {
                /* empty CGP input: nothing to do */
            } else {
                /* A board file: collect all lines (from the first one). */
                size_t cap = 4096, n = 0;
                char *buf = malloc(cap);
                long first = rd.lineno;
                int more = k > 0;
                while (buf && more) {
                    if (n + sl + 2 > cap) {
                        while (n + sl + 2 > cap)
                            cap *= 2;
                        char *nb = realloc(buf, cap);
                        if (!nb) {
                            free(buf);
                            buf = NULL;
                            break;
                        }
                        buf = nb;
                    }
                    memcpy(buf + n, s, sl);
                    n += sl;
                    buf[n++] = '\n';
                    k = cli_reader_next(&rd, &s, &sl);
                    more = k > 0;
                }
                if (!buf) {
                    cli_error(NULL, 0, "out of memory");
                    status = CLI_EXIT_DATA;
                } else if (!c.have_rack) {
                    cli_reader_close(&rd);
                    free(buf);
                    sk_engine_destroy(e);
                    dawg_destroy(d);
                    cli_usage_error("no rack: give --rack RACK (a board file holds no rack)");
                } else {
                    sk_board b;
                    if (sk_board_parse(&b, e, buf, n, &err)) {
                        if (err.line > 0)
                            err.line += first - 1;
                        cli_error(input, err.line, "%s", err.msg);
                        status = CLI_EXIT_DATA;
                    } else {
                        sk_gen *g = NULL;
                        sk_movelist list = {0};
                        if (sk_gen_create(&g, e, NULL)) {
                            cli_error(NULL, 0, "out of memory");
                            status = CLI_EXIT_DATA;
                        } else {
                            status = solve(&c, g, &list, stdout, &b, &c.rack, 0, 0);
                        }
                        sk_movelist_free(&list);
                        sk_gen_destroy(g);
                    }
                }
                free(buf);
            }
            cli_reader_close(&rd);
        }
    }
    if (o.verbose)
        fprintf(stderr, "skrafl: solved in %.3f s\n", now_s() - t1);
    sk_engine_destroy(e);
    dawg_destroy(d);
    int w = cli_close_stdout();
    return status ? status : w;
}
