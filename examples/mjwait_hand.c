/* mjwait_hand.c - tilekit example: the waits of a riichi mahjong hand.
 *
 * Parses each hand given on the command line (default: 123m456p789s1122z),
 * analyses it with one mj_ctx (a per-thread cache, made once) and prints the
 * shanten, every wait tile and each reading of it.  Build it against an
 * installed tilekit:
 *
 *   cc -std=c11 mjwait_hand.c $(pkg-config --cflags --libs tilekit) -o mjwait_hand
 *   ./mjwait_hand 1112345678999m 19m19p19s1234567z
 *
 * This file is part of tilekit, GPL-3.0-or-later.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tilekit/mahjong.h>

static void print_reading(const mj_reading *rd)
{
    char buf[16];
    printf("   ");
    for (int i = 0; i < rd->n_blocks; i++) {
        mj_block_text(&rd->blocks[i], buf, sizeof buf);
        printf(" %s", buf);
    }
    if (rd->pair >= 0) {
        mj_block pair = { MJ_PAIR, (uint8_t)rd->pair };
        mj_block_text(&pair, buf, sizeof buf);
        printf(" %s", buf);
    }
    if (rd->shape_len) {
        mj_shape_text(rd->shape, rd->shape_len, buf, sizeof buf);
        printf(" [%s]", buf);
    }
    printf(" %s\n", mj_kind_name(rd->kind));
}

int main(int argc, char **argv)
{
    static const char *dflt[] = { "123m456p789s1122z" };
    const char **hands = argc > 1 ? (const char **)(argv + 1) : dflt;
    int n = argc > 1 ? argc - 1 : 1, status = 0;
    mj_ctx *ctx = NULL;
    mj_result *res = malloc(sizeof *res);   /* large: keep it off the stack */
    if (mj_ctx_create(&ctx, NULL) || !res) {
        fprintf(stderr, "mjwait_hand: out of memory\n");
        return 1;
    }
    for (int h = 0; h < n; h++) {
        mj_hand hand;
        tk_error err = {0};
        if (mj_parse(&hand, hands[h], strlen(hands[h]), &err) ||
            mj_analyze(ctx, &hand, 0, res, &err)) {
            fprintf(stderr, "mjwait_hand: %s: %s\n", hands[h], err.msg);
            status = 1;
            continue;
        }
        char text[MJ_HAND_TEXT];
        mj_hand_format(&hand, text, sizeof text);
        if (res->is14) {
            printf("%s: 14 tiles, shanten %d%s\n", text, res->shanten,
                   res->complete ? " (complete)" : "");
            continue;
        }
        printf("%s: shanten %d, %d wait%s\n", text, res->shanten, res->n_waits,
               res->n_waits == 1 ? "" : "s");
        for (int w = 0; w < res->n_waits; w++) {
            char name[3];
            mj_tile_name(res->waits[w].tile, name);
            printf("  wait %s\n", name);
            for (int i = 0; i < res->waits[w].n; i++)
                print_reading(&res->readings[res->waits[w].first + i]);
        }
    }
    free(res);
    mj_ctx_destroy(ctx);
    printf("tilekit %s\n", tilekit_version());
    return status;
}
