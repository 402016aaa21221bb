#!/bin/sh
# test_layers.sh - the three layers (GUIDE 10.1) as the code has them:
#   - every call src/cli makes to the library (sk_, mj_, bog_, dawg_, alpha_,
#     tk_, fmt_, html_, skf_ names) is to a function a public header
#     (include/tilekit/*.h) declares, and no src/cli file includes a wing's
#     private header (src/skrafl/, src/mahjong/, src/boggle/, src/dawg/);
#   - no tool's CLI files call into another tool's (skrafl*, mjwait*,
#     boggle*, wordq*; the shared cli*.c serve them all);
#   - skrafl's CLI files form a tree under skrafl.c: the calls between them
#     (a file using a function another one defines) have no circle, and
#     every file is reached from skrafl.c.
# Definitions and calls are found by pattern (a function defined at the
# start of a line, a name followed by '('), with python3; skipped without it.
. "$(dirname "$0")/lib.sh"
if ! command -v python3 >/dev/null 2>&1; then t_skip layers "python3 is not installed"; t_done; exit; fi
cd "$TK_TOP" || exit 1
python3 - >"$T_TMP/layers" 2>&1 <<'PY'
import glob, os, re

def code(path):
    s = open(path, encoding="utf-8", errors="replace").read()
    s = re.sub(r"/\*.*?\*/", " ", s, flags=re.S)
    s = re.sub(r"//[^\n]*", " ", s)
    return re.sub(r'"(\\.|[^"\\\n])*"', '""', s)

public = set()
for h in glob.glob("include/tilekit/*.h"):
    public |= set(re.findall(r"\b([a-z]+_\w+)\s*\(", code(h)))
    public |= set(re.findall(r"#define\s+([a-z]+_\w+)", code(h)))
cli = sorted(glob.glob("src/cli/*.c") + glob.glob("src/cli/*.h"))
LIB = re.compile(r"\b((?:sk|mj|bog|dawg|alpha|tk|fmt|html|skf)_\w+)\s*\(")
bad = []
for f in cli:
    c = code(f)
    for name in sorted(set(LIB.findall(c))):
        if name not in public:
            bad.append("%s calls %s" % (f, name))
    for inc in re.findall(r'#include\s+"([^"]+)"', open(f, encoding="utf-8").read()):
        if re.match(r"(skrafl|mahjong|boggle|dawg)/", inc) or inc.endswith("_internal.h"):
            bad.append("%s includes %s" % (f, inc))
print(("FAIL library calls: " + "; ".join(bad[:8])) if bad else "ok every library call from src/cli is to a public header")

# definitions: a function defined at the start of a line (not static)
DEF = re.compile(r"^(?!static\b)[A-Za-z_][\w \*]*?\b(\w+)\s*\([^;{]*\)\s*\{", re.M)
defs = {}
for f in glob.glob("src/cli/*.c"):
    for name in DEF.findall(code(f)):
        if name != "main":
            defs.setdefault(name, f)
def tool(f):
    b = os.path.basename(f)
    return None if b.startswith("cli") else re.match(r"[a-z]+", b).group(0)
uses = {}
for f in glob.glob("src/cli/*.c"):
    c = code(f)
    uses[f] = {defs[n] for n in set(re.findall(r"\b(\w+)\s*\(", c)) if n in defs and defs[n] != f}
cross = ["%s -> %s" % (f, g) for f in uses for g in uses[f] if tool(f) and tool(g) and tool(f) != tool(g)]
print(("FAIL tools apart: " + "; ".join(sorted(cross))) if cross else "ok no tool's CLI file calls another tool's")

sk = {f: {g for g in uses[f] if os.path.basename(g).startswith("skrafl")} for f in uses
      if os.path.basename(f).startswith("skrafl")}
state, cycle = {}, []
def visit(f, path):
    state[f] = 1
    for g in sorted(sk.get(f, ())):
        if state.get(g) == 1 and not cycle:
            cycle.extend(path[path.index(g):] + [g])
        elif g not in state:
            visit(g, path + [g])
    state[f] = 2
for f in sorted(sk):
    if f not in state:
        visit(f, [f])
print(("FAIL skrafl's CLI files: a circle " + " -> ".join(cycle)) if cycle else
      "ok skrafl's CLI files call each other without a circle (%d files)" % len(sk))
seen, todo = set(), ["src/cli/skrafl.c"]
while todo:
    f = todo.pop()
    if f not in seen:
        seen.add(f)
        todo.extend(sk.get(f, ()))
lost = sorted(set(sk) - seen)
print(("FAIL not reached from skrafl.c: " + " ".join(lost)) if lost else "ok every skrafl CLI file is reached from skrafl.c")
PY
while IFS= read -r l; do
    case $l in
    "ok "*) t_ok "${l#ok }" ;;
    "FAIL "*) r=${l#FAIL }; t_fail "${r%%:*}" "${r#*: }" ;;
    *) t_fail "layers" "$l" ;;
    esac
done <"$T_TMP/layers"
t_done
