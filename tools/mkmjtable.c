/* mkmjtable.c - fill mjwait's per-suit table for every state and save it.
 *
 *   mkmjtable -o build/mahjong/tables.bin
 *
 * The file (3.6 MB) lets mjwait and the library skip the lazy filling of
 * their cache (see mj_ctx_load in tilekit/mahjong.h); without it they fill
 * entries on first use and give the same answers. */
#include "tilekit/mahjong.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc != 3 || strcmp(argv[1], "-o") != 0) {
        fprintf(stderr, "usage: mkmjtable -o FILE\n");
        return 2;
    }
    mj_ctx *ctx = NULL;
    if (mj_ctx_create(&ctx, NULL) != TK_OK) {
        fprintf(stderr, "mkmjtable: out of memory\n");
        return 1;
    }
    mj_ctx_fill_all(ctx);
    tk_error err = { 0 };
    int rc = mj_ctx_save(ctx, argv[2], &err);
    if (rc)
        fprintf(stderr, "mkmjtable: %s\n", err.msg);
    mj_ctx_destroy(ctx);
    return rc ? 1 : 0;
}
