/* skrafl_draw.c - pictures of a board with one move on it, drawn by the
 * formatting wing (tilekit/skfmt.h): --show as text, in colour only on a
 * terminal without NO_COLOR; --svg as an SVG file written by the output-file
 * rule (cli_outfile.h). */
#include "cli/skrafl_cli.h"
#include "tilekit/skfmt.h"

void skc_show_board(const skc_ctx *c, cli_buf *f, const sk_board *b, const sk_move *m, const char *what)
{
    skf_board_text(f, c->e, b, m, what, c->o->show_color);
}

int skc_write_svg(const skc_ctx *c, const char *path, const sk_board *b, const sk_move *m, cli_buf *err)
{
    fmt_buf svg = {0};
    tk_error oe = {0};
    skf_board_svg(&svg, c->e, b, m);
    int rc = svg.oom ? tk_error_set(&oe, TK_ENOMEM, 0, 0, "out of memory")
                     : cli_out_write_file(path, svg.p, svg.len, &oe);
    fmt_buf_free(&svg);
    if (rc != 0) {
        cli_buf_error(err, path, 0, "%s", oe.msg);
        return CLI_EXIT_DATA;
    }
    return CLI_EXIT_OK;
}
