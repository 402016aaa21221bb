#!/usr/bin/env python3
"""cli_mutate.py - mutation driver for the tilekit command-line tools.

Runs the tools (best built with the sanitizers: build-san/bin) on mutated
option values, inputs and output targets, and checks what every run must
hold, whatever the input:
  - no crash: the exit status is 0, 1 or 2 (never a signal, never a
    sanitizer report, which exits with another status or a signal);
  - it ends within the time limit (a FIFO, /dev/zero or an endless line
    never blocks it);
  - stderr is valid UTF-8 with no control character other than newline
    (user text is always shown safely);
  - no temporary file of the output rule (*.tilekit-*) is left behind, and
    no file named as an output is a 0-byte file.

    python3 tests/fuzz/cli_mutate.py BIN_DIR [--seconds S] [--seed N]
Prints one line per failure and a closing "N runs, N failures".
"""
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
WORDS = os.path.join(TOP, "tests/cli/golden/skrafl/words.txt")
BOARD = os.path.join(TOP, "tests/cli/golden/skrafl/cat.board")

NASTY = [b"", b"-", b"0", b"-1", b"1e9", b"2^64", b"18446744073709551616", b"9223372036854775807",
         b"\x1b[31m", b"\xff\xfe", b"\xe2\x80\xae", b"\xef\xbb\xbf", b"nan", b"inf", b" 5", b"+5", b"0x10",
         b"/dev/zero", b"/dev/null", b".", b"link", b"out", b"a" * 300, b"%s%n", b"lex;"]
# (a FIFO is offered as an output target only: reading one blocks until a writer comes, as cat does)

HANDS = [b"123m456p789s1122z", b"234m456p789s11z55p5p ron riichi dora:1s dora:3m", b"1111m",
         b"123m456p789s1122z seen:1s seen:1s", b"dora:", b"ura:1s ura:2s"]
CGP = b"15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 ST/ 0/0 0"


def mutate(rng, data):
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(5)
        if op == 0 and data:
            data[rng.randrange(len(data))] = rng.randrange(256)
        elif op == 1:
            data[rng.randrange(len(data) + 1):0] = rng.choice(NASTY)
        elif op == 2 and data:
            i = rng.randrange(len(data))
            del data[i:i + rng.randint(1, 8)]
        elif op == 3:
            data += data[: rng.randint(0, 64)]
        else:
            data[rng.randrange(len(data) + 1):0] = bytes([rng.choice([0, 9, 10, 13, 27, 0x7f, 0xc3, 0xff])])
    return bytes(data)


def case(rng, bindir, work):
    """One run: (argv, stdin bytes, output paths to check)."""
    tool = rng.choice(["mjwait", "skrafl", "boggle", "wordq", "mkdawg"])
    exe = os.path.join(bindir, tool).encode()
    val = rng.choice(NASTY) if rng.random() < 0.5 else mutate(rng, rng.choice(NASTY) or b"5")
    outs = []
    stdin = b""
    if tool == "mjwait":
        opt = rng.choice([b"--jobs", b"--first-line", b"--dora", b"--seen", b"--honba", b"--round"])
        stdin = b"\n".join(mutate(rng, rng.choice(HANDS)) for _ in range(rng.randint(1, 20)))
        argv = [exe, opt, val, b"--score" if rng.random() < 0.5 else b"--json", b"-"]
    elif tool == "skrafl":
        r = rng.random()
        if r < 0.3:
            argv = [exe, b"--dict", WORDS.encode(), b"--count", b"--cgp", b"-"]
            stdin = b"\n".join(mutate(rng, CGP + b" " + rng.choice([b"lex X;", b"bb 50;", b""]))
                               for _ in range(rng.randint(1, 5)))
        elif r < 0.6:
            out = os.path.join(work, rng.choice(["o.svg", "fifo", "link", "out"])).encode()
            outs.append(out)
            argv = [exe, b"--dict", WORDS.encode(), b"-r", b"ST", b"--svg", out, BOARD.encode()]
            if rng.random() < 0.5:
                argv.insert(1, b"--force")
        else:
            opt = rng.choice([b"--top", b"--seed", b"--selfplay", b"--layout", b"--tiles", b"--lang"])
            argv = [exe, b"--dict", WORDS.encode(), b"-r", b"ST", opt, val, BOARD.encode()]
    elif tool == "boggle":
        opt = rng.choice([b"--seed", b"--seconds", b"--min", b"--boards", b"--random", b"--dice"])
        argv = [exe, b"--dict", WORDS.encode(), b"--count", opt, val]
        if opt == b"--seconds" or opt == b"--dice":
            argv += [b"--best", b"4x4", b"--iterations", b"50"]
        elif opt != b"--random":
            argv.append(b"-")
            stdin = mutate(rng, b"cats\ndogs\nrate\ntear\n")
    elif tool == "wordq":
        opt = rng.choice([b"--limit", b"--min", b"--max", b"--sort"])
        argv = [exe, b"--dict", WORDS.encode(), opt, val, b"--count" if rng.random() < 0.5 else b"-s",
                b"length", b"-p", mutate(rng, b"ca*")]
        argv = [a for a in argv if a != b"length" or argv[argv.index(a) - 1] == b"-s"]
    else:
        out = os.path.join(work, rng.choice(["m.dawg", "fifo", "link", "list.txt"])).encode()
        outs.append(out)
        argv = [exe, b"-o", out, os.path.join(work, "list.txt").encode()]
        if rng.random() < 0.5:
            argv.insert(1, b"--force")
        if rng.random() < 0.3:
            argv[1:1] = [b"--install", val]
    return argv, stdin, outs


def check(argv, stdin, outs, work, timeout):
    argv[:] = [a.replace(b"\0", b"\x01") for a in argv]     # argv cannot hold NUL
    t0 = time.time()
    try:
        p = subprocess.run(argv, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           timeout=timeout, cwd=work, env=dict(os.environ, ASAN_OPTIONS="detect_leaks=0"))
    except subprocess.TimeoutExpired:
        return "timed out after %.0f s" % (time.time() - t0)
    if p.returncode not in (0, 1, 2):
        return "exit %d: %r" % (p.returncode, p.stderr[-400:])
    try:
        text = p.stderr.decode("utf-8")
    except UnicodeDecodeError:
        return "invalid UTF-8 on stderr: %r" % p.stderr[:200]
    if any(ord(c) < 32 and c != "\n" for c in text):
        return "control character on stderr: %r" % text[:200]
    for name in os.listdir(work):
        if ".tilekit-" in name:
            return "temporary file left: " + name
    for o in outs:
        if os.path.isfile(o) and not os.path.islink(o) and os.path.getsize(o) == 0:
            return "0-byte output " + o.decode(errors="replace")
    return None


def setup(work):
    for n in os.listdir(work):
        p = os.path.join(work, n)
        if os.path.isdir(p) and not os.path.islink(p):
            shutil.rmtree(p)
        else:
            os.unlink(p)
    shutil.copy(WORDS, os.path.join(work, "list.txt"))
    os.mkfifo(os.path.join(work, "fifo"))
    with open(os.path.join(work, "victim"), "w") as f:
        f.write("keep\n")
    os.symlink("victim", os.path.join(work, "link"))


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    bindir = os.path.abspath(args[0])
    seconds = float(args[args.index("--seconds") + 1]) if "--seconds" in args else 60
    seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 1
    rng = random.Random(seed)
    work = tempfile.mkdtemp(prefix="tk_mutate.")
    runs = fails = 0
    end = time.time() + seconds
    try:
        while time.time() < end:
            setup(work)
            argv, stdin, outs = case(rng, bindir, work)
            why = check(argv, stdin, outs, work, 60)
            runs += 1
            if why:
                fails += 1
                print("FAIL %s: %s" % (b" ".join(argv).decode(errors="backslashreplace"), why), flush=True)
            with open(os.path.join(work, "victim")) as f:
                if f.read() != "keep\n":
                    fails += 1
                    print("FAIL %s: wrote through the symlink" % b" ".join(argv).decode(errors="replace"))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("%d runs, %d failures" % (runs, fails))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
