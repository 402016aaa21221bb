#!/usr/bin/env python3
"""make-forged-corpus.py - write the forged and truncated .dawg files of
tests/fuzz/corpus/dawg/ (run from the top of the tree; the files are
committed, so the tests do not need Python).

A forged file has a valid structure and a correct checksum (a forger
recomputes it, see src/dawg/file.c): a chain of DEPTH sibling lists of
WIDTH edges, every edge ending a word and leading to the next list, so the
graph holds WIDTH + WIDTH^2 + ... + WIDTH^DEPTH words of up to DEPTH
letters, whatever its header claims.  The loader must refuse those beyond
its bounds (more than DAWG_MAX_WORDS words, a path over 64 letters) and
those whose header lies, and accept the honest small one.
"""
import struct

MAGIC = b"TKDAWG\x1a\n"


def fnv(data):
    h = 0xCBF29CE484222325
    for i, c in enumerate(data):
        if 56 <= i < 64:
            c = 0
        h = ((h ^ c) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def chain(depth, width, words, maxlen):
    alpha = b"a b c d"
    hdr = (64 + len(alpha) + 3) // 4 * 4
    n = 1 + depth * width
    head = MAGIC + struct.pack("<IIIIII", 1, 0, hdr, len(alpha), n, 1)
    head += struct.pack("<QIIII", words, 0, 0, 0, maxlen) + b"\0" * 8
    head += alpha + b"\0" * (hdr - 64 - len(alpha))
    edges = [0]
    for level in range(depth):
        child = 1 + (level + 1) * width if level + 1 < depth else 0
        for k in range(width):
            last = 0x80 if k + 1 == width else 0
            edges.append((k + 1) | 0x40 | last | child << 8)
    data = bytearray(head + struct.pack("<%dI" % n, *edges))
    data[56:64] = struct.pack("<Q", fnv(data))
    return bytes(data)


def total(depth, width):
    return sum(width ** k for k in range(1, depth + 1))


FILES = {
    "forged-chain-ok.dawg": chain(10, 2, total(10, 2), 10),
    "forged-count-mismatch.dawg": chain(10, 2, total(10, 2) + 1, 10),
    "forged-longest-mismatch.dawg": chain(10, 2, total(10, 2), 9),
    "forged-2e41-words-saturated.dawg": chain(40, 2, 0xFFFFFFFFFFFFFFFF, 40),
    "forged-2e41-words-exact.dawg": chain(40, 2, total(40, 2) & 0xFFFFFFFFFFFFFFFF, 40),
    "forged-4e64-words-wrapped.dawg": chain(64, 4, total(64, 4) & 0xFFFFFFFFFFFFFFFF, 64),
    "forged-path-65.dawg": chain(65, 1, 65, 65),
    "truncated-magic-1.dawg": MAGIC[:1],
    "truncated-magic-5.dawg": MAGIC[:5],
    "truncated-magic-7.dawg": MAGIC[:7],
    "truncated-header-40.dawg": chain(3, 2, total(3, 2), 3)[:40],
}

for name, data in FILES.items():
    with open("tests/fuzz/corpus/dawg/" + name, "wb") as f:
        f.write(data)
