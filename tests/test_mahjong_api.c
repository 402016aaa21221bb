/* test_mahjong_api.c - readings as structured data, melds as text.
 *
 * - Thirteen orphans: every single-wait hand (13 paired orphans x 12
 *   missing ones), the 13-sided hand and every complete hand, with the
 *   expected wait, pair and shape worked out here from the orphan list.
 * - For every reading of random tenpai hands (made by removing one tile
 *   from random complete hands): blocks + pair + shape are exactly the
 *   closed tiles.
 * - mj_meld_text of each meld equals the word after the closed part in
 *   mj_hand_format, and re-parses to the same meld.
 */
#include "support/harness.h"
#include "tilekit/mahjong.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int ORPH[13] = { 0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33 };
static mj_result RES;

static void hand_of(mj_hand *h, const uint8_t *count)
{
    memset(h, 0, sizeof *h);
    for (int t = 0; t < MJ_TILES; t++) {
        h->count[t] = count[t];
        h->n_tiles = (uint8_t)(h->n_tiles + count[t]);
    }
}

/* shape must be the orphans of `count` held once, in tile order */
static int shape_is_singles(const mj_reading *r, const uint8_t *count)
{
    int k = 0;
    for (int i = 0; i < 13; i++)
        if (count[ORPH[i]] == 1) {
            if (k >= r->shape_len || r->shape[k] != ORPH[i])
                return 0;
            k++;
        }
    return k == r->shape_len;
}

static void test_kokushi(void)
{
    mj_ctx *ctx = NULL;
    REQUIRE(mj_ctx_create(&ctx, NULL) == 0);
    mj_hand h;
    tk_error err;
    for (int p = 0; p < 13; p++)
        for (int m = 0; m < 13; m++) {
            if (m == p)
                continue;
            uint8_t c[MJ_TILES] = {0};
            for (int i = 0; i < 13; i++)
                c[ORPH[i]] = i == m ? 0 : i == p ? 2 : 1;
            hand_of(&h, c);
            REQUIRE(mj_analyze(ctx, &h, 0, &RES, &err) == 0);
            CHECK(RES.n_waits == 1 && RES.waits[0].tile == ORPH[m] && RES.waits[0].n == 1);
            const mj_reading *r = &RES.readings[RES.waits[0].first];
            CHECK(r->kind == MJ_KOKUSHI && r->pair == ORPH[p] && r->n_blocks == 0 && r->shape_len == 11);
            CHECK(shape_is_singles(r, c));
            /* the complete hand: this one plus the missing orphan */
            c[ORPH[m]] = 1;
            hand_of(&h, c);
            REQUIRE(mj_analyze(ctx, &h, 0, &RES, &err) == 0);
            CHECK(RES.complete && RES.n_readings == 1);
            r = &RES.readings[0];
            CHECK(r->kind == MJ_KOKUSHI && r->pair == ORPH[p] && r->shape_len == 12 && shape_is_singles(r, c));
        }
    uint8_t c[MJ_TILES] = {0};
    for (int i = 0; i < 13; i++)
        c[ORPH[i]] = 1;
    hand_of(&h, c);
    REQUIRE(mj_analyze(ctx, &h, 0, &RES, &err) == 0);
    CHECK(RES.n_waits == 13);
    for (int i = 0; i < RES.n_readings; i++) {
        const mj_reading *r = &RES.readings[i];
        CHECK(r->kind == MJ_KOKUSHI13 && r->pair == -1 && r->shape_len == 13 && shape_is_singles(r, c));
    }
    /* the text of the single-wait shape */
    REQUIRE(mj_parse(&h, "19m19p19s2345677z", 17, &err) == 0);
    REQUIRE(mj_analyze(ctx, &h, 0, &RES, &err) == 0);
    char s[40];
    mj_shape_text(RES.readings[0].shape, RES.readings[0].shape_len, s, sizeof s);
    CHECK(strcmp(s, "19m19p19s23456z") == 0 && RES.readings[0].pair == 33);
    mj_ctx_destroy(ctx);
}

static void add_block(int *s, const mj_block *b)
{
    if (b->type == MJ_SEQ) {
        s[b->tile]++; s[b->tile + 1]++; s[b->tile + 2]++;
    } else {
        s[b->tile] += b->type == MJ_TRIPLET ? 3 : 2;
    }
}

static void test_readings_cover_hand(void)
{
    mj_ctx *ctx = NULL;
    REQUIRE(mj_ctx_create(&ctx, NULL) == 0);
    th_rng rng = {0x3a};
    long readings = 0;
    for (int it = 0; it < 3000; it++) {
        /* a random complete-ish hand: 4 blocks + a pair, one tile removed */
        int c[MJ_TILES] = {0}, ok = 1;
        for (int b = 0; b < 4; b++) {
            int t = (int)th_below(&rng, MJ_TILES);
            if (t < 27 && t % 9 < 7 && th_below(&rng, 2)) {
                c[t]++; c[t + 1]++; c[t + 2]++;
            } else {
                c[t] += 3;
            }
        }
        c[th_below(&rng, MJ_TILES)] += 2;
        int n = 0, drop = (int)th_below(&rng, 14);
        uint8_t cc[MJ_TILES];
        for (int t = 0; t < MJ_TILES; t++) {
            ok &= c[t] <= 4;
            for (int k = 0; k < c[t]; k++, n++)
                if (n == drop)
                    c[t]--;
            cc[t] = (uint8_t)c[t];
        }
        if (!ok)
            continue;
        mj_hand h;
        hand_of(&h, cc);
        tk_error err;
        REQUIRE(mj_analyze(ctx, &h, 0, &RES, &err) == 0);
        for (int i = 0; i < RES.n_readings; i++) {
            const mj_reading *r = &RES.readings[i];
            int s[MJ_TILES] = {0};
            for (int b = 0; b < r->n_blocks; b++)
                add_block(s, &r->blocks[b]);
            if (r->pair >= 0)
                s[r->pair] += 2;
            for (int k = 0; k < r->shape_len; k++)
                s[r->shape[k]]++;
            int same = 1;
            for (int t = 0; t < MJ_TILES; t++)
                same &= s[t] == cc[t];
            CHECKF(same, "hand %d reading %d (kind %d)", it, i, r->kind);
            readings++;
        }
    }
    CHECKF(readings > 1000, "%ld readings", readings);
    mj_ctx_destroy(ctx);
}

static void test_meld_text(void)
{
    static const char *const hands[] = {
        "45m11z [789s] [555z] (1111m)", "1122m [406p] [5555z] [0555s]", "11z (1111m) (9999p) [123s] [777z]",
        "123456789m1122z", "22z [123m] [0555p] [5505s] (7777z)",
    };
    for (size_t i = 0; i < sizeof hands / sizeof *hands; i++) {
        mj_hand h, h2;
        tk_error err;
        CHECKF(mj_parse(&h, hands[i], strlen(hands[i]), &err) == 0, "%s: %s", hands[i], err.msg);
        char all[MJ_HAND_TEXT];
        mj_hand_format(&h, all, sizeof all);
        const char *p = strchr(all, ' ');
        for (int m = 0; m < h.n_melds; m++) {
            char t[16];
            size_t n = mj_meld_text(&h.melds[m], t, sizeof t);
            REQUIRE(p != NULL);
            CHECKF(strncmp(p + 1, t, n) == 0 && (p[1 + n] == ' ' || p[1 + n] == 0), "%s: meld %d %s", all, m, t);
            p = strchr(p + 1, ' ');
            /* the meld alone parses back to itself (with a closed part that fits) */
            char line[64];
            static const char *const closed[] = {"234567p1234z", "2346789m123z", "2346789s123z"};
            int parsed = 0;
            for (int k = 0; k < 3 && !parsed; k++) {
                snprintf(line, sizeof line, "%s %s", closed[k], t);
                parsed = mj_parse(&h2, line, strlen(line), &err) == 0;
            }
            CHECKF(parsed, "%s: %s", t, err.msg);
            CHECK(h2.n_melds == 1 && memcmp(&h2.melds[0], &h.melds[m], sizeof h2.melds[0]) == 0);
        }
        CHECK(p == NULL);
    }
    char t[4];
    mj_meld m = { MJ_ANKAN, 0, 0 };
    CHECK(mj_meld_text(&m, t, sizeof t) == 3 && strcmp(t, "(11") == 0);   /* bounded, NUL-terminated */
}

static const th_test tests[] = {
    {"kokushi", test_kokushi},
    {"readings_cover_hand", test_readings_cover_hand},
    {"meld_text", test_meld_text},
    {0, 0}
};

int main(int argc, char **argv) { return th_main("mahjong_api", tests, argc, argv); }
