#!/usr/bin/env python3
"""Make the seed corpus of fuzz_skwindex (tests/fuzz/corpus/skwindex).

usage (from the checkout's root, after `make`):
  python3 tests/fuzz/make-skwindex-corpus.py

valid.wx: the word index that `bin/mkdawg --index` writes for the words of
fuzz_skwindex.c (its WORDS, English alphabet), the dictionary the target
loads it for.  Then copies of it cut at 700 bytes, of version 2, with the
first word bucket's start 9, and with a letter 40 in the pool (the layout:
src/skrafl/windex_file.c).
"""
import os, re, struct, subprocess, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, 'corpus', 'skwindex')


def words():
    src = open(os.path.join(HERE, 'fuzz_skwindex.c')).read()
    body = re.search(r'WORDS\[\] = (.*?);', src, re.S).group(1)
    return ''.join(re.findall(r'"(.*?)"', body)).replace('\\n', '\n')


def main():
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as t:
        lst = os.path.join(t, 'words.txt')
        open(lst, 'w').write(words())
        subprocess.run(['bin/mkdawg', '--alphabet', 'en', '--index', '-o', os.path.join(t, 'seed.dawg'), lst],
                       check=True)
        good = open(os.path.join(t, 'seed.dawg.wx'), 'rb').read()
    bits = struct.unpack_from('<I', good, 24)[0]
    nwords = struct.unpack_from('<Q', good, 32)[0]
    pool = 608 + (((1 << bits) + 1) * 4 + 7) // 8 * 8 + nwords * 8
    version = bytearray(good)
    version[8] = 2
    dirstart = bytearray(good)
    dirstart[608] = 9
    letter = bytearray(good)
    letter[pool + 3] = 40
    for name, data in (('valid.wx', good), ('truncated-700.wx', good[:700]), ('version-2.wx', version),
                       ('forged-dir-start.wx', dirstart), ('forged-letter-40.wx', letter)):
        open(os.path.join(OUT, name), 'wb').write(bytes(data))


main()
