/* check.c - score a given play and rank it, or say exactly why it is illegal.
 *
 * The play is read square by square along its line (coordinate + the whole
 * main word, board tiles in parentheses or as '.'), checked against the
 * board (gaps, letters that disagree with tiles, a word that runs on into
 * adjacent tiles), the rack (tiles and blanks), connection (touching a tile,
 * or covering the start square on an empty board) and the dictionary (every
 * word the play forms, from sk_move_words, all bad ones named).  It is then
 * scored by sk_move_score, the generator's own rule (score.c), and ranked by
 * generating all moves and counting those that score more.
 */
#include "sk_internal.h"

#include <stdio.h>
#include <string.h>

#include "core/tk_text.h"

/* The play as written: cell[i] = letter | SK_BLANK, or 0 for '.';
 * paren[i] = 1 if written as a board tile ('.' or in parentheses). */
typedef struct play_text {
    int n;
    uint8_t cell[SK_MAX_DIM];
    uint8_t paren[SK_MAX_DIM];
} play_text;

static int read_word(const sk_engine *e, const char *word, play_text *p, tk_error *err)
{
    char q[96];
    size_t len = strlen(word);
    int inparen = 0;
    alpha_quote(word, len, 60, q, sizeof q);
    p->n = 0;
    for (size_t i = 0; i < len;) {
        char ch = word[i];
        if (ch == '(' || ch == ')') {
            if ((ch == '(') == inparen)
                return tk_error_set(err, TK_EFORMAT, 0, (long)i + 1, "word '%s': unbalanced parentheses", q);
            inparen = ch == '(';
            i++;
            continue;
        }
        if (p->n >= SK_MAX_DIM)
            return tk_error_set(err, TK_EFORMAT, 0, (long)i + 1, "word '%s' is longer than the board", q);
        int letter = 0, upper = 0, k = ch == '.' ? 1 : alpha_match(&e->alpha, word + i, len - i, &letter, &upper);
        if (k < 0)
            return tk_error_set(err, TK_EFORMAT, 0, (long)i + 1, "word: invalid UTF-8 at byte %zu", i + 1);
        if (k == 0)
            return tk_error_set(err, TK_EFORMAT, 0, (long)i + 1,
                                "word '%s': character %zu is not a letter of the alphabet", q, i + 1);
        p->cell[p->n] = ch == '.' ? 0 : (uint8_t)(letter | (upper ? 0 : SK_BLANK));
        p->paren[p->n++] = (uint8_t)(inparen || ch == '.');
        i += (size_t)k;
    }
    if (inparen)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "word '%s': unbalanced parentheses", q);
    if (p->n < 2)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "word '%s': a word has at least 2 letters", q);
    return TK_OK;
}

static const char *tile_name(const sk_engine *e, uint8_t t)
{
    return (t & SK_BLANK) ? e->alpha.lower[t & SK_LETTER] : e->alpha.upper[t & SK_LETTER];
}

static int has_neighbour(const sk_board *b, int r, int c)
{
    int dim = b->dim;
    return (r > 0 && b->sq[(r - 1) * dim + c]) || (r + 1 < dim && b->sq[(r + 1) * dim + c]) ||
           (c > 0 && b->sq[r * dim + c - 1]) || (c + 1 < dim && b->sq[r * dim + c + 1]);
}

/* Lay the play on the board: fill m (word, ntiles), say whether it touches
 * a tile or covers the start square. */
static int place(const sk_engine *e, const sk_board *b, const play_text *p, sk_move *m, int *touches,
                 int *start, tk_error *err)
{
    int dim = e->dim, dr = m->dir ? 1 : 0, dc = m->dir ? 0 : 1;
    char cs[16];
    *touches = *start = 0;
    m->ntiles = 0;
    for (int i = 0; i < p->n; i++) {
        int rr = m->row + dr * i, cc = m->col + dc * i;
        uint8_t t = b->sq[rr * dim + cc];
        sk_coord_format(rr, cc, 1, cs, sizeof cs);
        if (t) {
            if (p->cell[i] && (p->cell[i] & SK_LETTER) != (t & SK_LETTER))
                return tk_error_set(err, TK_ENOTFOUND, 0, 0, "square %s already holds %s, the word has %s there",
                                    cs, tile_name(e, t), e->alpha.upper[p->cell[i] & SK_LETTER]);
            m->word[i] = (uint8_t)(t | SK_ONBOARD);
            *touches = 1;
            continue;
        }
        if (p->paren[i])
            return tk_error_set(err, TK_ENOTFOUND, 0, 0,
                                "gap in the word at %s: the square is empty, but the word marks it as a board tile", cs);
        m->word[i] = p->cell[i];
        m->ntiles++;
        *start |= rr == e->lay.start_row && cc == e->lay.start_col;
        *touches |= has_neighbour(b, rr, cc);
    }
    return TK_OK;
}

/* The word must not run on into tiles before or after it. */
static int check_ends(const sk_board *b, const sk_move *m, tk_error *err)
{
    int dim = b->dim, dr = m->dir ? 1 : 0, dc = m->dir ? 0 : 1;
    int br = m->row - dr, bc = m->col - dc, ar = m->row + dr * m->len, ac = m->col + dc * m->len;
    char cs[16];
    if (br >= 0 && bc >= 0 && b->sq[br * dim + bc]) {
        sk_coord_format(br, bc, 1, cs, sizeof cs);
        return tk_error_set(err, TK_ENOTFOUND, 0, 0,
                            "the word continues: square %s before it holds a tile; give the whole word", cs);
    }
    if (ar < dim && ac < dim && b->sq[ar * dim + ac]) {
        sk_coord_format(ar, ac, 1, cs, sizeof cs);
        return tk_error_set(err, TK_ENOTFOUND, 0, 0,
                            "the word continues: square %s after it holds a tile; give the whole word", cs);
    }
    return TK_OK;
}

static int check_rack(const sk_engine *e, const sk_rack *r, const sk_move *m, tk_error *err)
{
    int cnt[64] = {0}, blanks = 0;
    for (int i = 0; i < m->len; i++) {
        uint8_t t = m->word[i];
        if (t & SK_ONBOARD)
            continue;
        if (t & SK_BLANK)
            blanks++;
        else
            cnt[t & SK_LETTER]++;
    }
    for (int l = 1; l <= e->alpha.size; l++)
        if (cnt[l] > r->count[l])   /* extra copies could come from blanks only if written in lower case */
            return tk_error_set(err, TK_ENOTFOUND, 0, 0,
                                "tile %s is not on the rack%s (the play needs %d, the rack has %d; "
                                "write a blank in lower case)", e->alpha.upper[l],
                                r->count[l] ? " often enough" : "", cnt[l], r->count[l]);
    if (blanks > r->blanks)
        return tk_error_set(err, TK_ENOTFOUND, 0, 0,
                            "the play uses %d blank(s) (lower-case letters), the rack has %d", blanks, r->blanks);
    return TK_OK;
}

/* Every word formed must be in the dictionary; all bad ones are named. */
static int check_words(const sk_engine *e, const sk_board *b, const sk_move *m, tk_error *err)
{
    sk_word w[SK_MAX_DIM + 1];
    int n = sk_move_words(m, b, w, SK_MAX_DIM + 1);
    char bad[256];
    tku_sbuf list;
    tku_sbuf_init(&list, bad, sizeof bad);
    for (int i = 0; i < n; i++) {
        uint8_t letters[SK_MAX_DIM];
        for (int k = 0; k < w[i].len; k++)
            letters[k] = w[i].cell[k] & SK_LETTER;
        if (dawg_view_contains(e->view, letters, w[i].len))
            continue;
        char txt[128];
        sk_word_format(&w[i], e, SK_FMT_WORD, txt, sizeof txt);
        tku_sbuf_printf(&list, "%s%s", list.len ? ", " : "", txt);
    }
    if (list.len)
        return tk_error_set(err, TK_ENOTFOUND, 0, 0, "not in the dictionary: %s", bad);
    return TK_OK;
}

/* Rank the play among every legal move; the best move too. */
static int rank_play(sk_gen *g, const sk_board *b, const sk_rack *r, unsigned flags, sk_check_result *res,
                     tk_error *err)
{
    const sk_engine *e = sk_gen_engine(g);
    sk_movelist list = {0};
    int rc = sk_generate(g, b, r, flags, &list, err);
    if (rc) {
        sk_movelist_free(&list);
        return rc;
    }
    res->total = list.total;
    res->rank = 1;
    for (size_t i = 0; i < list.n; i++) {
        const sk_move *x = &list.v[i];
        if (x->score > res->move.score)
            res->rank++;
        else if (x->score == res->move.score)
            res->ties++;
        if (i == 0 || sk_move_cmp(e, x, &res->best) < 0)
            res->best = *x;
    }
    if (res->ties)
        res->ties--;   /* the play itself */
    sk_movelist_free(&list);
    return TK_OK;
}

int sk_check(sk_gen *g, const sk_board *b, const sk_rack *r, const char *coord,
             const char *word, unsigned flags, sk_check_result *res, tk_error *err)
{
    const sk_engine *e = sk_gen_engine(g);
    int dim = e->dim, row, col, dir, touches, start;
    memset(res, 0, sizeof *res);
    if (b->dim != dim)
        return tk_error_set(err, TK_EINVAL, 0, 0, "board is %dx%d, the layout %dx%d", b->dim, b->dim, dim, dim);
    int rc = sk_coord_parse(coord, dim, &row, &col, &dir, err);
    play_text p;
    if (!rc)
        rc = read_word(e, word, &p, err);
    if (rc)
        return rc;
    char q[96];
    alpha_quote(word, strlen(word), 60, q, sizeof q);
    if ((dir ? row : col) + p.n > dim)
        return tk_error_set(err, TK_ENOTFOUND, 0, 0, "%s %s runs off the board (%d letters from %s)", coord, q,
                            p.n, coord);
    sk_move m;
    memset(&m, 0, sizeof m);
    m.row = (uint8_t)row;
    m.col = (uint8_t)col;
    m.dir = (uint8_t)dir;
    m.len = (uint8_t)p.n;
    if ((rc = place(e, b, &p, &m, &touches, &start, err)) || (rc = check_ends(b, &m, err)))
        return rc;
    if (m.ntiles == 0)
        return tk_error_set(err, TK_ENOTFOUND, 0, 0, "no tile placed: every square of %s is already covered", q);
    if ((rc = check_rack(e, r, &m, err)))
        return rc;
    if (sk_board_empty(b) && !start) {
        char cs[16];
        sk_coord_format(e->lay.start_row, e->lay.start_col, 1, cs, sizeof cs);
        return tk_error_set(err, TK_ENOTFOUND, 0, 0, "not connected: the first word must cover the start square %s", cs);
    }
    if (!sk_board_empty(b) && !touches)
        return tk_error_set(err, TK_ENOTFOUND, 0, 0, "not connected: the play touches no tile on the board");
    if ((rc = check_words(e, b, &m, err)))
        return rc;
    m.score = (int32_t)sk_move_score(&m, e, b);
    res->move = m;
    return rank_play(g, b, r, flags, res, err);
}
