#!/usr/bin/env python3
"""make-skcgp-endgame-corpus.py - write the endgame seeds eg-* of
tests/fuzz/corpus/skcgp/ (run from the top of the tree; the files are
committed, so the tests do not need Python).

Each seed is a CGP line with both racks, `BOARD RACK/OPPRACK 0/0 ZEROLESS`,
for the English tile set of fuzz_skcgp's engine (100 tiles): the tiles not
on the racks and not left in the bag (0 to 4 of them) fill the board row
by row from the fourth row, across the start square (the words need not
be words: the parser and the endgame take any board the tile set holds).  With an empty bag the
fuzzer starts from positions the endgame solves, with 1 or 2 tiles from
ones sk_eg_solve_bag solves, with 3 or 4 from ones it refuses; with the
opponent's full rack the mover's pre-endgame has the same bag.
"""
import os

OUT = "tests/fuzz/corpus/skcgp"
DIST = ("A9 B2 C2 D4 E12 F2 G3 H2 I9 J1 K1 L4 M2 N6 O8 P2 Q1 R6 S4 T6 U4 V2 W2 X1 Y2 Z1 ?2").split()


def pool():
    tiles = []
    for d in DIST:
        tiles += [d[0]] * int(d[1:])
    return tiles


def take(tiles, want):
    for t in want:
        tiles.remove(t)
    return want


def board(tiles):
    rows = []
    cells = [None] * 45 + [t if t != "?" else "e" for t in tiles] + [None] * (180 - len(tiles))
    for r in range(15):
        row, empty = "", 0
        for c in cells[r * 15:(r + 1) * 15]:
            if c is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += c
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def seed(name, rack, opp, bag, zeroless=0):
    tiles = pool()
    take(tiles, list(rack))
    take(tiles, list(opp))
    bag_tiles = take(tiles, tiles[-bag:]) if bag else []
    assert len(bag_tiles) == bag
    line = "%s %s/%s 0/0 %d\n" % (board(tiles), rack, opp, zeroless)
    with open(os.path.join(OUT, "eg-" + name), "w") as f:
        f.write(line)


os.makedirs(OUT, exist_ok=True)
seed("empty-bag", "AEINRST", "DOG", 0)
seed("empty-bag-blank", "CAT?", "QUIZ", 0, 3)
seed("empty-bag-zeroless5", "EA", "S", 0, 5)
seed("bag-1", "AEINRST", "DOGLUMP", 1)
seed("bag-2", "RATE", "OXEN", 2)
seed("bag-3", "AEI", "OUT", 3)
seed("bag-4", "SCAT", "ACTS", 4)
