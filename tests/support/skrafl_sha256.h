/* skrafl_sha256.h - a small SHA-256 (FIPS 180-4) for the skrafl tests:
 * the shared vectors identify a move set by the SHA-256 of its canonical text. */
#ifndef TILEKIT_SKRAFL_SHA256_H
#define TILEKIT_SKRAFL_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct skrafl_sha256_ctx {
    uint32_t h[8];
    uint64_t bytes;
    uint8_t buf[64];
    size_t nbuf;
} skrafl_sha256_ctx;

void skrafl_sha256_init(skrafl_sha256_ctx *c);
void skrafl_sha256_update(skrafl_sha256_ctx *c, const void *data, size_t len);
void skrafl_sha256_final(skrafl_sha256_ctx *c, uint8_t out[32]);
/* Hex digest (65 bytes with NUL) of a buffer. */
void skrafl_sha256_hex(const void *data, size_t len, char out[65]);

#endif
