/* boggle_random.c - rolled boards for the boggle front-end (see
 * boggle_random.h): loading a dice set, rolling board i of a run with seed
 * S + i - 1 straight into a grid, and printing a rolled board before its
 * answer (text: cells separated by one space, as the dice files write
 * faces; JSON: its seed and rows). */
#include "cli/boggle_random.h"

#include "cli/cli.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The file of dice set `set` (cli_arg_inline): a file of that name ("-" =
 * standard input), else a shipped set's name, else a missing file. */
static const char *dice_path(const char *set, char *path, size_t cap)
{
    char rel[64];
    snprintf(rel, sizeof rel, "boggle/dice-%s.txt", set);
    const char *p = strchr(set, '/') || strlen(set) > 20 ? NULL : cli_find_data(rel, path, cap);
    return cli_arg_inline(set, p != NULL) ? p : set;
}

bog_dice *boggle_dice_load(const char *set, const alpha_table *a, const char **used)
{
    char path[4096];
    const char *p = dice_path(set, path, sizeof path);
    size_t len;
    char *text = cli_load_file(p, &len);
    if (!text) {
        char q[64];
        if (!strchr(set, '/'))
            cli_error(NULL, 0, "(no dice set '%s' either: known 4x4, 4x4-1987, 5x5, 6x6, or a dice file)",
                      alpha_quote(set, strlen(set), 40, q, sizeof q));
        return NULL;
    }
    tk_error err = {0};
    bog_dice *dice = malloc(sizeof *dice);
    int rc = dice ? bog_dice_parse(dice, text, len, &err) : TK_ENOMEM;
    free(text);
    if (!dice)
        cli_error(NULL, 0, "out of memory");
    else if (rc == TK_OK && (rc = bog_dice_check(dice, a, &err)) != TK_OK)
        cli_error(p, 0, "dice do not fit the dictionary: %s", err.msg);
    else if (rc)
        cli_error(p, 0, "%s", err.msg);   /* the message names the line */
    if (rc) {
        free(dice);
        return NULL;
    }
    if (used) {
        static char keep[4096];     /* the path found outlives this call */
        snprintf(keep, sizeof keep, "%s", p);
        *used = keep;
    }
    return dice;
}

unsigned long long boggle_clock_seed(void)
{
    return (unsigned long long)time(NULL) * 1000003ull ^ (unsigned long long)getpid() ^
           (unsigned long long)clock();
}

int boggle_roll(const bog_dice *d, const alpha_table *a, unsigned long long seed, long no, bog_grid *g,
                unsigned long long *board_seed)
{
    unsigned long long s = seed + (unsigned long long)(no - 1);
    uint64_t rng = s;
    *board_seed = s;
    return bog_dice_roll_grid(d, a, &rng, g, NULL) == TK_OK ? 0 : -1;
}

/* Row r as the dice files write faces: cells separated by one space; in a
 * one-column grid a face of several letters in brackets. */
static void row_text(cli_buf *b, const bog_grid *g, const alpha_table *a, int r)
{
    char cell[BOG_FACE_MAX * (ALPHA_LETTER_MAX + 1) + 1];
    for (int c = 0; c < g->cols; c++) {
        size_t n = bog_grid_cell_text(g, a, r, c, cell, sizeof cell);
        int br = g->cols == 1 && g->n[r * g->cols + c] > 1;
        if (c)
            cli_buf_putc(b, ' ');
        if (br)
            cli_buf_putc(b, '[');
        cli_buf_put(b, cell, n < sizeof cell ? n : sizeof cell - 1);
        if (br)
            cli_buf_putc(b, ']');
    }
}

void boggle_roll_text(cli_buf *b, const bog_grid *g, const alpha_table *a, long no, unsigned long long seed,
                      int header, int grid)
{
    if (header) {
        if (no > 1)
            cli_buf_putc(b, '\n');
        cli_buf_printf(b, "# board %ld, seed %llu\n", no, seed);
    }
    for (int r = 0; grid && r < g->rows; r++) {
        row_text(b, g, a, r);
        cli_buf_putc(b, '\n');
    }
}

void boggle_roll_json(cli_json *j, const bog_grid *g, const alpha_table *a, unsigned long long seed)
{
    char num[32];
    cli_json_key(j, "seed");
    snprintf(num, sizeof num, "%llu", seed);   /* the whole unsigned range */
    cli_json_raw(j, num);
    cli_json_key(j, "board");
    cli_json_array(j);
    cli_buf row = {0};
    for (int r = 0; r < g->rows; r++) {
        row.len = 0;
        row_text(&row, g, a, r);
        cli_json_strn(j, row.p ? row.p : "", row.len);
    }
    cli_json_close(j);
    cli_buf_free(&row);
}

static void flush_buf(FILE *f, cli_buf *b)
{
    if (b->len)
        fwrite(b->p, 1, b->len, f);
    cli_buf_free(b);
}

void boggle_print_roll(FILE *f, const bog_grid *g, const alpha_table *a, long no, unsigned long long seed,
                       int header, int grid)
{
    cli_buf b = {0};
    boggle_roll_text(&b, g, a, no, seed, header, grid);
    flush_buf(f, &b);
}

void boggle_print_roll_json(FILE *f, const bog_grid *g, const alpha_table *a, unsigned long long seed)
{
    /* the writer makes a whole object: keep what is between its braces */
    cli_buf b = {0};
    cli_json j;
    cli_json_begin(&j, &b);
    boggle_roll_json(&j, g, a, seed);
    cli_json_end(&j);
    if (b.len >= 3) {
        fwrite(b.p + 1, 1, b.len - 3, f);   /* drop "{" and "}\n" */
        putc(',', f);
    }
    cli_buf_free(&b);
}
