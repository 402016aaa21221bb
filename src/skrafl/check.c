/* check.c - score a given play and rank it, or say exactly why it is illegal.
 *
 * The play is read square by square along its line (coordinate + the whole
 * main word, board tiles in parentheses or as '.'), checked against the
 * board (gaps, letters that disagree with tiles, a word that runs on into
 * adjacent tiles), the rack (tiles and blanks), connection (touching a tile,
 * or covering the start square on an empty board) and the dictionary (the
 * main word and every cross-word, all bad words named).  It is then scored
 * with the same rules as the generator, and ranked by generating all moves
 * and counting those that score more.
 */
#include "sk_internal.h"

#include <stdio.h>
#include <string.h>

static void word_text(const sk_engine *e, const uint8_t *cells, int n, char *out, size_t cap)
{
    size_t k = 0;
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        unsigned t = cells[i];
        const char *s = (t & SK_BLANK) ? e->alpha.lower[t & SK_LETTER] : e->alpha.upper[t & SK_LETTER];
        size_t sl = strlen(s);
        if (k + sl + 1 < cap) {
            memcpy(out + k, s, sl);
            k += sl;
            out[k] = 0;
        }
    }
}

int sk_check(sk_gen *g, const sk_board *b, const sk_rack *r, const char *coord,
             const char *word, unsigned flags, sk_check_result *res, tk_error *err)
{
    const sk_engine *e = sk_gen_engine(g);
    int dim = e->dim, row, col, dir;
    memset(res, 0, sizeof *res);
    int rc = sk_coord_parse(coord, dim, &row, &col, &dir, err);
    if (rc)
        return rc;
    int dr = dir ? 1 : 0, dc = dir ? 0 : 1;
    char cs[16];
    /* Read the word: cells[i] = letter | SK_BLANK, or 0 for '.'; paren[i]. */
    uint8_t cells[SK_MAX_DIM + 1], paren[SK_MAX_DIM + 1];
    int n = 0, inparen = 0;
    size_t len = strlen(word);
    for (size_t i = 0; i < len;) {
        char ch = word[i];
        if (ch == '(' || ch == ')') {
            if ((ch == '(') == inparen)
                return tk_error_set(err, TK_EFORMAT, 0, (long)i + 1, "word '%s': unbalanced parentheses", word);
            inparen = ch == '(';
            i++;
            continue;
        }
        if (n >= SK_MAX_DIM)
            return tk_error_set(err, TK_EFORMAT, 0, (long)i + 1, "word '%s' is longer than the board", word);
        if (ch == '.') {
            cells[n] = 0;
            paren[n++] = 1;
            i++;
            continue;
        }
        int letter = 0, upper = 0;
        int k = alpha_match(&e->alpha, word + i, len - i, &letter, &upper);
        if (k < 0)
            return tk_error_set(err, TK_EFORMAT, 0, (long)i + 1, "word: invalid UTF-8 at byte %zu", i + 1);
        if (k == 0)
            return tk_error_set(err, TK_EFORMAT, 0, (long)i + 1,
                                "word '%s': character %zu is not a letter of the alphabet", word, i + 1);
        cells[n] = (uint8_t)(letter | (upper ? 0 : SK_BLANK));
        paren[n++] = (uint8_t)inparen;
        i += (size_t)k;
    }
    if (inparen)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "word '%s': unbalanced parentheses", word);
    if (n < 2)
        return tk_error_set(err, TK_EFORMAT, 0, 0, "word '%s': a word has at least 2 letters", word);
    int er = row + dr * (n - 1), ec = col + dc * (n - 1);
    if (er >= dim || ec >= dim)
        return tk_error_set(err, TK_ENOTFOUND, 0, 0,
                            "%s %s runs off the board (%d letters from %s)", coord, word, n, coord);
    /* Against the board. */
    sk_move m;
    memset(&m, 0, sizeof m);
    m.row = (uint8_t)row;
    m.col = (uint8_t)col;
    m.dir = (uint8_t)dir;
    m.len = (uint8_t)n;
    int cnt[64] = {0}, blanks = 0, placed = 0, touches = 0, start_cov = 0, empty = sk_board_empty(b);
    for (int i = 0; i < n; i++) {
        int rr = row + dr * i, cc = col + dc * i;
        uint8_t t = b->sq[rr * dim + cc];
        sk_coord_format(rr, cc, 1, cs, sizeof cs);
        if (t) {
            if (cells[i] && (cells[i] & SK_LETTER) != (t & SK_LETTER))
                return tk_error_set(err, TK_ENOTFOUND, 0, 0,
                                    "square %s already holds %s, the word has %s there", cs,
                                    (t & SK_BLANK) ? e->alpha.lower[t & SK_LETTER] : e->alpha.upper[t & SK_LETTER],
                                    e->alpha.upper[cells[i] & SK_LETTER]);
            m.word[i] = (uint8_t)(t | SK_ONBOARD);
            touches = 1;
            continue;
        }
        if (paren[i])
            return tk_error_set(err, TK_ENOTFOUND, 0, 0,
                                "gap in the word at %s: the square is empty, but the word marks it as a board tile", cs);
        m.word[i] = cells[i];
        placed++;
        if (cells[i] & SK_BLANK)
            blanks++;
        else
            cnt[cells[i] & SK_LETTER]++;
        if (rr == e->lay.start_row && cc == e->lay.start_col)
            start_cov = 1;
        int nb[4][2] = { { rr - 1, cc }, { rr + 1, cc }, { rr, cc - 1 }, { rr, cc + 1 } };
        for (int k = 0; k < 4; k++)
            if (nb[k][0] >= 0 && nb[k][0] < dim && nb[k][1] >= 0 && nb[k][1] < dim &&
                b->sq[nb[k][0] * dim + nb[k][1]])
                touches = 1;
    }
    m.ntiles = (uint8_t)placed;
    int br = row - dr, bc = col - dc, ar = er + dr, ac = ec + dc;
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
    if (placed == 0)
        return tk_error_set(err, TK_ENOTFOUND, 0, 0, "no tile placed: every square of %s is already covered", word);
    /* Against the rack. */
    for (int l = 1; l <= e->alpha.size; l++)
        if (cnt[l] > r->count[l]) {
            /* Extra copies could come from blanks only if written in lower case. */
            return tk_error_set(err, TK_ENOTFOUND, 0, 0,
                                "tile %s is not on the rack%s (the play needs %d, the rack has %d; "
                                "write a blank in lower case)", e->alpha.upper[l],
                                r->count[l] ? " often enough" : "", cnt[l], r->count[l]);
        }
    if (blanks > r->blanks)
        return tk_error_set(err, TK_ENOTFOUND, 0, 0,
                            "the play uses %d blank(s) (lower-case letters), the rack has %d", blanks, r->blanks);
    /* Connection. */
    if (empty && !start_cov) {
        sk_coord_format(e->lay.start_row, e->lay.start_col, 1, cs, sizeof cs);
        return tk_error_set(err, TK_ENOTFOUND, 0, 0, "not connected: the first word must cover the start square %s", cs);
    }
    if (!empty && !touches)
        return tk_error_set(err, TK_ENOTFOUND, 0, 0, "not connected: the play touches no tile on the board");
    /* Words and score. */
    const Dawg *d = e->dawg;
    char bad[256] = "";
    int nbad = 0;
    uint8_t letters[SK_MAX_DIM];
    for (int i = 0; i < n; i++)
        letters[i] = m.word[i] & SK_LETTER;
    int msum = 0, wmul = 1, xtot = 0;
    char txt[128];
    if (!dawg_contains(d, letters, n)) {
        uint8_t tmp[SK_MAX_DIM];
        for (int i = 0; i < n; i++)
            tmp[i] = m.word[i] & (SK_LETTER | SK_BLANK);
        word_text(e, tmp, n, txt, sizeof txt);
        snprintf(bad, sizeof bad, "%s", txt);
        nbad++;
    }
    for (int i = 0; i < n; i++) {
        int rr = row + dr * i, cc = col + dc * i, q = rr * dim + cc;
        uint8_t t = m.word[i];
        if (t & SK_ONBOARD) {
            msum += e->val[t & (SK_LETTER | SK_BLANK)];
            continue;
        }
        int ls = e->val[t] * e->lay.lmul[q], wm = e->lay.wmul[q];
        msum += ls;
        wmul *= wm;
        /* Cross-word: perpendicular (dc, dr). */
        int r0 = rr, c0 = cc, r1 = rr, c1 = cc;
        while (r0 - dc >= 0 && c0 - dr >= 0 && b->sq[(r0 - dc) * dim + c0 - dr]) { r0 -= dc; c0 -= dr; }
        while (r1 + dc < dim && c1 + dr < dim && b->sq[(r1 + dc) * dim + c1 + dr]) { r1 += dc; c1 += dr; }
        if (r0 == r1 && c0 == c1)
            continue;
        uint8_t xl[SK_MAX_DIM], xc[SK_MAX_DIM];
        int xn = 0, xs = 0;
        for (int a = r0, c = c0;; a += dc, c += dr) {
            uint8_t x = (a == rr && c == cc) ? t : b->sq[a * dim + c];
            xl[xn] = x & SK_LETTER;
            xc[xn++] = x & (SK_LETTER | SK_BLANK);
            if (!(a == rr && c == cc))
                xs += e->val[x];
            if (a == r1 && c == c1)
                break;
        }
        xtot += (xs + ls) * wm;
        if (!dawg_contains(d, xl, xn)) {
            word_text(e, xc, xn, txt, sizeof txt);
            size_t bl = strlen(bad);
            snprintf(bad + bl, sizeof bad - bl, "%s%s", nbad ? ", " : "", txt);
            nbad++;
        }
    }
    if (nbad)
        return tk_error_set(err, TK_ENOTFOUND, 0, 0, "not in the dictionary: %s", bad);
    m.score = (int32_t)(msum * wmul + xtot + (placed == SK_RACK_MAX ? SK_BINGO : 0));
    res->move = m;
    /* Rank among all legal moves. */
    sk_movelist list = {0};
    rc = sk_generate(g, b, r, flags, &list, err);
    if (rc) {
        sk_movelist_free(&list);
        return rc;
    }
    res->total = list.total;
    res->rank = 1;
    int have_best = 0;
    for (size_t i = 0; i < list.n; i++) {
        const sk_move *x = &list.v[i];
        if (x->score > m.score)
            res->rank++;
        else if (x->score == m.score)
            res->ties++;
        if (!have_best || sk_move_cmp(e, x, &res->best) < 0) {
            res->best = *x;
            have_best = 1;
        }
    }
    if (res->ties)
        res->ties--;   /* the play itself */
    sk_movelist_free(&list);
    return TK_OK;
}
