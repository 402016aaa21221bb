/* test_gcg.c - the GCG reader (sk_gcg_parse) and the judge of a placement
 * (sk_gcg_judge).
 *
 * Reader: texts with every shape real files have (notes after the total,
 * #note lines continued on free lines, tabs, lower-case coordinates,
 * played-through letters as '.', as letters or in parentheses, no rack,
 * withdrawals old and new, count exchanges, -0, CRLF, a byte-order mark,
 * pragmas), the encodings (undeclared: bytes that are not UTF-8 read as
 * ISO-8859-1; declared ISO-8859-1; declared UTF-8), clashing nicknames, and
 * the refusals (a third player, binary data, another alphabet).
 *
 * Judge: its score is compared with a plain scorer written here from the
 * rules alone (letter values times the letter premium of a new tile, times
 * the word premiums of the new tiles, every perpendicular word through a
 * new tile scored the same way, 50 for seven tiles), sharing no code with
 * src/skrafl, on random placements of random letters (words or not) on the
 * boards of self-play games; and a placement the generator lists must be
 * judged sound, on the rack, every word in the dictionary, same score.
 */
#include "support/skrafl_fixture.h"
#include "tilekit/dawg.h"
#include "tilekit/skgame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int letter(const skfx_lang *L, char c)
{
    char s[2] = { (char)(c | 32), 0 };
    return alpha_index(sk_engine_alphabet(L->e), s);
}

static const char *note_of(const sk_gcg *g, int i)
{
    static char buf[512];
    const sk_gcg_event *ev = &g->ev[i];
    snprintf(buf, sizeof buf, "%.*s", (int)ev->note_len, g->notes ? g->notes + ev->note_off : "");
    return buf;
}

/* ---- the reader ------------------------------------------------------------------------- */

static void test_shapes(void)
{
    skfx_lang L;
    if (skfx_lang_small(&L, "en", 50))
        return;
    const char *text =
        "\xEF\xBB\xBF#character-encoding UTF-8\r\n"                 /* 1 */
        "#player1 ann  Ann   Arbor\r\n"                             /* 2 */
        "#player2 ben Ben\r\n"                                      /* 3 */
        "#title T\r\n#description D E\r\n#id io.test 42\r\n"        /* 4-6 */
        "#lexicon NWL23\r\n#whatever else\r\n#note before\r\n"      /* 7-9 */
        ">ann: AEFKLRT 8d FAKER +32 32 FAKER!\r\n"                  /* 10 */
        ">ben:\tDEINOST\te5\tSTO(A)\t+8\t8\r\n"                     /* 11 */
        "#note one\r\n"                                             /* 12 */
        "two\r\n"                                                   /* 13 */
        "\r\n"                                                      /* 14 */
        ">ann: 9d .X +9 41\r\n"                                     /* 15: no rack */
        ">ann: EIMNOPR -- +0 32\r\n"                                /* 16 */
        ">ben: ADEGINR -3 +0 8\r\n"                                 /* 17 */
        ">ann: EIMNOPR -0 +0 32\r\n"                                /* 18 */
        ">ben: ADEGINR 8D FAKERS +14 22\r\n"                        /* 19: letters over tiles */
        ">ann:  (challenge) +5 37\r\n"                              /* 20 */
        ">ben: UNKNOWN (time) -10 12\r\n"                           /* 21 */
        ">ann: (AB) +8 45\r\n"                                      /* 22 */
        ">ben: AB (AB) -4 8\r\n"                                    /* 23 */
        "#rack1 ABC\r\n#incomplete\r\n";
    sk_gcg g;
    tk_error err = {0};
    REQUIRE(sk_gcg_parse(&g, L.e, text, strlen(text), NULL, NULL, &err) == 0);
    CHECKF(g.nerrors == 0, "%d errors, first line %ld: %s", g.nerrors, g.first_err.line, g.first_err.msg);
    CHECK(strcmp(g.nick[0], "ann") == 0 && strcmp(g.name[0], "Ann Arbor") == 0);
    CHECK(strcmp(g.title, "T") == 0 && strcmp(g.description, "D E") == 0 && strcmp(g.id, "io.test 42") == 0);
    CHECK(strcmp(g.lexicon, "NWL23") == 0 && g.incomplete && g.has_final[0] && !g.has_final[1]);
    CHECK(g.encoding == SK_GCG_ENC_UTF8 && !g.clash && !g.refused);
    CHECK(g.game_note_len == 6 && memcmp(g.notes + g.game_note_off, "before", 6) == 0);
    static const int kinds[] = { SK_GCG_MOVE, SK_GCG_MOVE, SK_GCG_MOVE, SK_GCG_WITHDRAWN, SK_GCG_EXCHANGE,
                                 SK_GCG_PASS, SK_GCG_MOVE, SK_GCG_CHALLENGE, SK_GCG_TIME, SK_GCG_ENDRACK,
                                 SK_GCG_ENDRACK };
    static const long lines[] = { 10, 11, 15, 16, 17, 18, 19, 20, 21, 22, 23 };
    REQUIRE(g.nevents == 11);
    for (int i = 0; i < 11; i++)
        CHECKF(g.ev[i].kind == kinds[i] && g.ev[i].line == lines[i], "event %d: kind %d line %ld", i, g.ev[i].kind,
               g.ev[i].line);
    CHECK(strcmp(note_of(&g, 0), "FAKER!") == 0);
    CHECK(strcmp(note_of(&g, 1), "one\ntwo") == 0);
    CHECK(g.ev[0].row == 7 && g.ev[0].col == 3 && g.ev[0].dir == 0 && strcmp(g.ev[0].coord, "8D") == 0);
    CHECK(g.ev[1].dir == 1 && g.ev[1].len == 4 && g.ev[1].word[3] == (letter(&L, 'a') | SK_ONBOARD));
    CHECK(!g.ev[2].has_rack && g.ev[2].word[0] == 0 && g.ev[2].score == 9);
    CHECK(g.ev[4].nx == 3 && g.ev[4].xrack.n == 0);
    CHECK(g.ev[8].score == -10 && g.ev[8].player == 1);
    CHECK(!g.ev[9].has_rack && !g.ev[9].own && g.ev[9].rack.n == 2);
    CHECK(g.ev[10].has_rack && g.ev[10].own && g.ev[10].total == 8);
    /* FAKERS over FAKER: the played-through letters are taken from the board */
    sk_board b;
    memset(&b, 0, sizeof b);
    b.dim = 15;
    sk_move m;
    REQUIRE(sk_gcg_event_move(L.e, &b, &g.ev[0], &m, &err) == 0);
    sk_board_apply(&b, &m);
    REQUIRE(sk_gcg_event_move(L.e, &b, &g.ev[6], &m, &err) == 0);
    CHECK(m.ntiles == 1 && m.len == 6 && (m.word[0] & SK_ONBOARD) && !(m.word[5] & SK_ONBOARD));
    sk_gcg_free(&g);
    skfx_lang_free(&L);
}

static void test_encodings(void)
{
    skfx_lang L;
    if (skfx_lang_small(&L, "en", 50))
        return;
    sk_gcg g;
    tk_error err = {0};
    /* undeclared: Latin-1 bytes converted, valid UTF-8 kept */
    const char *t1 = "#player1 jo Jos\xe9 \xc3\xa9\n>jo: A - +0 0\n";
    REQUIRE(sk_gcg_parse(&g, L.e, t1, strlen(t1), NULL, NULL, &err) == 0);
    CHECK(strcmp(g.name[0], "Jos\xc3\xa9 \xc3\xa9") == 0 && g.latin1 == 1 && g.encoding == SK_GCG_ENC_DEFAULT);
    sk_gcg_free(&g);
    /* declared ISO-8859-1: every byte is a character */
    const char *t2 = "#character-encoding ISO-8859-1\n#player1 jo \xc3\xa9\n>jo: A - +0 0\n";
    REQUIRE(sk_gcg_parse(&g, L.e, t2, strlen(t2), NULL, NULL, &err) == 0);
    CHECK(strcmp(g.name[0], "\xc3\x83\xc2\xa9") == 0 && g.latin1 == 2);
    sk_gcg_free(&g);
    /* Windows-1252 quotes where ISO-8859-1 has control characters */
    const char *t4 = "#player1 jo Jo\n>jo: A - +0 0 it\x92s \x93ok\x94\n";
    REQUIRE(sk_gcg_parse(&g, L.e, t4, strlen(t4), NULL, NULL, &err) == 0 && g.nevents == 1);
    CHECK(strcmp(note_of(&g, 0), "it\xe2\x80\x99s \xe2\x80\x9cok\xe2\x80\x9d") == 0);
    sk_gcg_free(&g);
    /* declared UTF-8 */
    const char *t3 = "#character-encoding utf8\n#player1 jo \xc3\xa9\n>jo: A - +0 0\n";
    REQUIRE(sk_gcg_parse(&g, L.e, t3, strlen(t3), NULL, NULL, &err) == 0);
    CHECK(strcmp(g.name[0], "\xc3\xa9") == 0 && g.latin1 == 0);
    sk_gcg_free(&g);
    skfx_lang_free(&L);
}

static void test_players(void)
{
    skfx_lang L;
    if (skfx_lang_small(&L, "en", 50))
        return;
    sk_gcg g;
    tk_error err = {0};
    /* the same nickname twice: turn order, checked against the totals */
    const char *t1 = "#player1 bob Bob A\n#player2 bob Bob B\n"
                     ">bob: AEINRST 8D RETAINS +66 66\n"
                     ">bob: DEGNORT D8 .ODENT +14 14\n"
                     ">bob: DEGNORT -- -14 0\n"
                     ">bob: EILLMOO - +0 66\n"
                     ">bob: (ABC) +14 14\n";
    REQUIRE(sk_gcg_parse(&g, L.e, t1, strlen(t1), NULL, NULL, &err) == 0);
    CHECK(g.clash);
    REQUIRE(g.nevents == 5);
    CHECK(g.ev[0].player == 0 && g.ev[1].player == 1 && g.ev[2].player == 1 && g.ev[3].player == 0);
    CHECK(g.ev[4].player == 1 && g.ev[4].guessed);
    sk_gcg_free(&g);
    /* a third player: declared, or the third nickname of a file that declares none */
    const char *t2 = "#player1 a A\n#player2 b B\n#player3 c C\n>a: A - +0 0\n";
    CHECK(sk_gcg_parse(&g, L.e, t2, strlen(t2), NULL, NULL, &err) == TK_EFORMAT && g.refused && err.line == 3);
    sk_gcg_free(&g);
    const char *t3 = ">a: A - +0 0\n>b: B - +0 0\n>c: C - +0 0\n";
    CHECK(sk_gcg_parse(&g, L.e, t3, strlen(t3), NULL, NULL, &err) == TK_EFORMAT && g.refused && err.line == 3);
    sk_gcg_free(&g);
    /* with two declared players, a stray nickname is one bad line */
    const char *t4 = "#player1 a A\n#player2 b B\n>a: A - +0 0\n>c: C - +0 0\n>b: B - +0 0\n";
    CHECK(sk_gcg_parse(&g, L.e, t4, strlen(t4), NULL, NULL, &err) == 0 && g.nerrors == 1 && g.nevents == 2);
    sk_gcg_free(&g);
    /* an event may name a player by the full name, or its first word */
    const char *t7 = "#player1 Josh_S Josh Sokol\n#player2 dan Dan Smith\n>Josh: A - +0 0\n>Dan Smith: B - +0 0\n";
    CHECK(sk_gcg_parse(&g, L.e, t7, strlen(t7), NULL, NULL, &err) == 0 && g.nerrors == 0 && g.nevents == 2 &&
          g.ev[0].player == 0 && g.ev[1].player == 1);
    sk_gcg_free(&g);
    /* a nickname no #player line names, while a declared player has no event: that player */
    const char *t10 = "#player1 ann Ann\n#player2 ben Ben\n>ann: A - +0 0\n>benny: B - +0 0\n>ann: A - +0 0\n";
    CHECK(sk_gcg_parse(&g, L.e, t10, strlen(t10), NULL, NULL, &err) == 0 && g.nerrors == 0 && g.nevents == 3 &&
          g.ev[1].player == 1 && strcmp(g.alias, "benny") == 0);
    sk_gcg_free(&g);
    /* a rack that cannot be read: reported, the event kept without it */
    const char *t8 = "#player1 a A\n#player2 b B\n>a: AEINRSTX 8D RETAINS +66 66\n";
    CHECK(sk_gcg_parse(&g, L.e, t8, strlen(t8), NULL, NULL, &err) == 0 && g.nerrors == 1 && g.nevents == 1 &&
          !g.ev[0].has_rack && g.ev[0].len == 7 && g.first_err.line == 3);
    sk_gcg_free(&g);
    /* no score, no total (hand-written files): kept, flagged, the rest a note; a bad number is an error */
    const char *t9 = "#player1 a A\n#player2 b B\n>a: AEINRST 8D RETAINS\n>b: DEGNORT D8 .ODENT +14 wow\n"
                     ">a: EILLMOO 9F L.O +x 70\n";
    CHECK(sk_gcg_parse(&g, L.e, t9, strlen(t9), NULL, NULL, &err) == 0 && g.nerrors == 1 && g.nevents == 2 &&
          g.ev[0].no_score && g.ev[0].no_total && !g.ev[1].no_score && g.ev[1].no_total && g.ev[1].score == 14 &&
          strcmp(note_of(&g, 1), "wow") == 0 && g.first_err.line == 5);
    sk_gcg_free(&g);
    /* binary data; another alphabet */
    const char t5[] = "#player1 a A\n>a: A\0 - +0 0\n";
    CHECK(sk_gcg_parse(&g, L.e, t5, sizeof t5 - 1, NULL, NULL, &err) == TK_EFORMAT && err.line == 2);
    sk_gcg_free(&g);
    const char *t6 = "#player1 a A\n#player2 b B\n>a: AEI - +0 0\n>b: \xc4\x86\xc4\x98IKPST 8G ST\xc4\x98PI\xc4\x86 +46 46\n";
    CHECK(sk_gcg_parse(&g, L.e, t6, strlen(t6), NULL, NULL, &err) == TK_EFORMAT && g.refused && err.line == 4);
    sk_gcg_free(&g);
    /* lexicon families */
    CHECK(strcmp(sk_gcg_lexicon_lang("NWL2023"), "en") == 0 && strcmp(sk_gcg_lexicon_lang("csw21"), "en") == 0);
    CHECK(strcmp(sk_gcg_lexicon_lang("OSPS49"), "pl") == 0 && strcmp(sk_gcg_lexicon_lang("RD28"), "de") == 0);
    CHECK(sk_gcg_lexicon_lang("XYZZY") == NULL);
    skfx_lang_free(&L);
}

/* ---- the judge against a plain scorer --------------------------------------------------------- */

static int plain_value(const skfx_lang *L, uint8_t t)
{
    return (t & SK_BLANK) ? 0 : L->ts.value[t & SK_LETTER];
}

/* The score of placing new[] (0 = nothing) on b: the main word from (r0,c0)
 * in direction dir over len squares, plus every perpendicular word. */
static int plain_score(const skfx_lang *L, const sk_board *b, const uint8_t *newt, int r0, int c0, int dir, int len)
{
    int dim = b->dim, dr = dir, dc = !dir;
    int sum = 0, wm = 1, placed = 0, cross = 0;
    for (int i = 0; i < len; i++) {
        int r = r0 + dr * i, c = c0 + dc * i, q = r * dim + c;
        if (!newt[i]) {
            sum += plain_value(L, b->sq[q]);
            continue;
        }
        placed++;
        int lm = L->lay.lmul[q], w = L->lay.wmul[q];
        sum += plain_value(L, newt[i]) * lm;
        wm *= w;
        /* perpendicular word */
        int pr = dc, pc = dr, s = 0, n = 1;
        for (int k = 1; r - pr * k >= 0 && c - pc * k >= 0 && b->sq[(r - pr * k) * dim + c - pc * k]; k++, n++)
            s += plain_value(L, b->sq[(r - pr * k) * dim + c - pc * k]);
        for (int k = 1; r + pr * k < dim && c + pc * k < dim && b->sq[(r + pr * k) * dim + c + pc * k]; k++, n++)
            s += plain_value(L, b->sq[(r + pr * k) * dim + c + pc * k]);
        if (n > 1)
            cross += (s + plain_value(L, newt[i]) * lm) * w;
    }
    return sum * wm + cross + (placed == 7 ? 50 : 0);
}

static void test_judge_oracle(void)
{
    skfx_lang L;
    if (skfx_lang_small(&L, "en", 20))
        return;
    sk_gen *g = NULL;
    sk_movelist list = {0};
    REQUIRE(sk_gen_create(&g, L.e, NULL) == 0);
    sk_player pl[2] = { { "a", SK_STRAT_SCORE, NULL, NULL }, { "b", SK_STRAT_SCORE, NULL, NULL } };
    sk_game *gm = malloc(sizeof *gm);
    th_rng rng = { 23 };
    tk_error err;
    int games = th_sanitized() ? 2 : 8, cases = 0, listed = 0;
    for (int i = 0; i < games; i++) {
        REQUIRE(sk_selfplay(g, &list, pl, i % 2, sk_game_seed(77, (uint64_t)i), gm, &err) == 0);
        sk_board b;
        memset(&b, 0, sizeof b);
        b.dim = 15;
        for (int k = 0; k < gm->nturns; k++) {
            const sk_turn *t = &gm->turns[k];
            if (t->kind > SK_TURN_PASS)
                continue;
            /* random placements: a segment of 2..8 squares, random letters on its empty squares */
            for (int tries = 0; tries < 60; tries++) {
                sk_gcg_event ev;
                memset(&ev, 0, sizeof ev);
                ev.dir = (int)th_below(&rng, 2);
                ev.len = 2 + (int)th_below(&rng, 7);
                int along = (int)th_below(&rng, (uint32_t)(15 - ev.len + 1)), across = (int)th_below(&rng, 15);
                ev.row = ev.dir ? along : across;
                ev.col = ev.dir ? across : along;
                /* the whole run: a segment that stops next to a tile goes on through it */
                {
                    int dr = ev.dir, dc = !ev.dir;
                    while (ev.row - dr >= 0 && ev.col - dc >= 0 && b.sq[(ev.row - dr) * 15 + ev.col - dc]) {
                        ev.row -= dr;
                        ev.col -= dc;
                        ev.len++;
                    }
                    while (ev.row + dr * ev.len < 15 && ev.col + dc * ev.len < 15 &&
                           b.sq[(ev.row + dr * ev.len) * 15 + ev.col + dc * ev.len])
                        ev.len++;
                }
                sk_coord_format(ev.row, ev.col, ev.dir, ev.coord, sizeof ev.coord);
                uint8_t newt[15];
                int nnew = 0;
                for (int j = 0; j < ev.len; j++) {
                    int r = ev.row + (ev.dir ? j : 0), c = ev.col + (ev.dir ? 0 : j);
                    if (b.sq[r * 15 + c]) {
                        ev.word[j] = 0;
                        newt[j] = 0;
                    } else {
                        uint8_t l = (uint8_t)(1 + th_below(&rng, 26));
                        if (th_below(&rng, 10) == 0)
                            l |= SK_BLANK;
                        ev.word[j] = newt[j] = l;
                        nnew++;
                    }
                }
                if (nnew == 0 || nnew > 7)
                    continue;
                sk_gcg_play gp;
                REQUIRE(sk_gcg_judge(L.e, &b, &ev, L.dawg, &gp, &err) == 0);
                int want = plain_score(&L, &b, newt, ev.row, ev.col, ev.dir, ev.len);
                CHECKF(gp.score == want, "%s: judge %d, plain %d", ev.coord, gp.score, want);
                cases++;
            }
            /* the placements the generator lists are sound and score the same */
            sk_rack r = t->rack;
            list.limit = 0;
            REQUIRE(sk_generate(g, &b, &r, 0, &list, &err) == 0);
            for (size_t j = 0; j < list.n; j += 1 + th_below(&rng, 20)) {
                const sk_move *m = &list.v[j];
                sk_gcg_event ev;
                memset(&ev, 0, sizeof ev);
                ev.row = m->row;
                ev.col = m->col;
                ev.dir = m->dir;
                ev.len = m->len;
                ev.has_rack = 1;
                ev.rack = r;
                sk_coord_format(ev.row, ev.col, ev.dir, ev.coord, sizeof ev.coord);
                for (int q = 0; q < m->len; q++)
                    ev.word[q] = (m->word[q] & SK_ONBOARD) ? 0 : m->word[q];
                sk_gcg_play gp;
                REQUIRE(sk_gcg_judge(L.e, &b, &ev, L.dawg, &gp, &err) == 0);
                int known = 1;
                for (int w = 0; w < gp.nwords; w++)
                    known &= gp.known[w] == 1;
                CHECKF(gp.score == m->score && gp.placed_ok && gp.rack_ok == 1 && known,
                       "%s: score %d / %d, placed %d, rack %d, words %d (%s)", ev.coord, gp.score, m->score,
                       gp.placed_ok, gp.rack_ok, known, gp.why);
                listed++;
            }
            if (t->kind == SK_TURN_MOVE)
                sk_board_apply(&b, &t->play.move);
        }
    }
    CHECKF(cases > 1000 && listed > 500, "%d random placements, %d listed", cases, listed);
    free(gm);
    sk_movelist_free(&list);
    sk_gen_destroy(g);
    skfx_lang_free(&L);
}

/* Placement problems the judge names, the score still given. */
static void test_judge_problems(void)
{
    skfx_lang L;
    if (skfx_lang_small(&L, "en", 50))
        return;
    const char *text = "#player1 a A\n#player2 b B\n"
                       ">a: ACT 8G CAT +10 10\n"     /* 0 */
                       ">b: DOG 8A DOG +8 8\n"       /* 1: not connected */
                       ">b: DOG 8J DOG +4 4\n"       /* 2: runs into CAT (CATDOG) */
                       ">b: XYZ 9G AT +2 2\n"        /* 3: A and T not on the rack */
                       ">b: A 7G A +2 2\n"           /* 4: one tile, its word runs down: AC */
                       ">a: EFG 3C EFG +9 19\n"      /* 5 */
                       ">b: EFG 8G ... +0 0\n";      /* 6: no tile placed */
    sk_gcg g;
    tk_error err = {0};
    REQUIRE(sk_gcg_parse(&g, L.e, text, strlen(text), NULL, NULL, &err) == 0 && g.nevents == 7);
    sk_board b;
    memset(&b, 0, sizeof b);
    b.dim = 15;
    sk_gcg_play gp;
    REQUIRE(sk_gcg_judge(L.e, &b, &g.ev[5], L.dawg, &gp, &err) == 0);
    CHECK(!gp.placed_ok && strstr(gp.why, "start square H8"));
    REQUIRE(sk_gcg_judge(L.e, &b, &g.ev[0], L.dawg, &gp, &err) == 0);
    CHECK(gp.placed_ok && gp.rack_ok == 1 && gp.score == 10);
    sk_board_apply(&b, &gp.move);
    REQUIRE(sk_gcg_judge(L.e, &b, &g.ev[1], L.dawg, &gp, &err) == 0);
    /* DOG from A8 (a triple word): (2 + 1 + 2) x 3 */
    CHECK(!gp.placed_ok && strstr(gp.why, "not connected") && gp.score == 15);
    /* DOG written from 8J runs into CAT: the word formed is CATDOG, C A T from the board */
    REQUIRE(sk_gcg_judge(L.e, &b, &g.ev[2], L.dawg, &gp, &err) == 0);
    CHECK(gp.placed_ok && gp.extended && gp.move.col == 6 && gp.move.len == 6 && gp.known[0] == 0);
    CHECK(gp.score == 3 + 1 + 1 + 2 + 1 + 2 * 2);
    REQUIRE(sk_gcg_judge(L.e, &b, &g.ev[3], L.dawg, &gp, &err) == 0);
    CHECK(gp.placed_ok && gp.rack_ok == 0 && strstr(gp.why, "not on the rack"));
    REQUIRE(sk_gcg_judge(L.e, &b, &g.ev[4], L.dawg, &gp, &err) == 0);
    /* AC down from G7: A on a double letter 2, C 3 */
    CHECK(gp.placed_ok && gp.move.dir == 1 && gp.move.len == 2 && gp.score == 5 && gp.nwords == 1);
    REQUIRE(sk_gcg_judge(L.e, &b, &g.ev[6], L.dawg, &gp, &err) == 0);
    CHECK(!gp.placed_ok && strstr(gp.why, "no tile placed"));
    /* off the board: an error, no verdict */
    g.ev[0].col = 13;
    CHECK(sk_gcg_judge(L.e, &b, &g.ev[0], L.dawg, &gp, &err) == TK_EFORMAT);
    sk_gcg_free(&g);
    skfx_lang_free(&L);
}

static const th_test tests[] = {
    { "shapes", test_shapes },
    { "encodings", test_encodings },
    { "players", test_players },
    { "judge_oracle", test_judge_oracle },
    { "judge_problems", test_judge_problems },
    { 0, 0 }
};

int main(int argc, char **argv) { return th_main("gcg", tests, argc, argv); }
