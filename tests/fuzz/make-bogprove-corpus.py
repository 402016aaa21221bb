#!/usr/bin/env python3
"""make-bogprove-corpus.py - write the seed checkpoints of
tests/fuzz/corpus/bogprove/ (run from the top of the tree; the files are
committed, so the tests do not need Python).

Each seed is a `boggle --prove` checkpoint as bog_prove_state_text writes
it (tilekit/boggle.h), closed by its FNV-1a 64 "end" line: a fresh proof,
one with done ranges and boards, a shard result, the largest numbers the
parser takes, and a few that it must refuse (a range past the classes,
overlapping ranges, a wrong checksum, a cut file).  fuzz_bogprove also
appends a correct end line to every input, so seeds without one reach the
line parsers too.
"""
import os

OUT = "tests/fuzz/corpus/bogprove"
PROOF = "3x3 min-length 3 min-score 545 faces 26 groups x order 0 classes %d dict 173528:2a925b2c9c97cfcb"


def fnv(data):
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def state(classes=102, shard="1/1", done=(), boards=(), stats="0 0 0 0 0.000 0.000"):
    lines = ["tilekit-prove 1", "proof " + PROOF % classes, "shard " + shard]
    lines += ["done " + d for d in done]
    lines += ["board %d %s" % b for b in boards]
    lines.append("stats " + stats)
    text = "\n".join(lines) + "\n"
    return text + "end %016x\n" % fnv(text.encode())


SEEDS = {
    "fresh": state(),
    "progress": state(done=["1,4-40,100"], boards=[(545, "des/lat/per"), (530, "abc/def/ghi")],
                      stats="12345 678 9012 1000000000000 1.500 2.250"),
    "shard": state(classes=5000, shard="2/3", done=["0-99,300-310", "4000-4999"],
                   boards=[(3625, "perl/gats/sine/ders")], stats="1 2 3 4.5 0.001 1e3"),
    "big": state(classes=2147483647, shard="1000000000/1000000000", done=["2147483646"],
                 boards=[(999999999999999999, "a/b")], stats="1e299 0 0 0 0 0"),
    "two-done-lines": state(done=["0-9", "20,21,22"]),
    "bad-range": state(done=["0-102"]),
    "overlap": state(done=["0-9", "5"]),
    "bad-sum": state().replace("end ", "end 0"),
    "cut": state(done=["1-2"])[:-30],
}

os.makedirs(OUT, exist_ok=True)
for name, text in SEEDS.items():
    with open(os.path.join(OUT, "seed-" + name), "w") as f:
        f.write(text)
