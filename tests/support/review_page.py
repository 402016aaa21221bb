#!/usr/bin/env python3
"""review_page.py - compare the numbers of a skrafl --gcg --html page with
the --json lines of the same review.

    review_page.py PAGE.html REVIEW.jsonl

PAGE may be the page as written or the DOM a browser dumped.  Every event
section's data- attributes must equal the JSON line of the same "line"
(score, total, computed, score_ok, total_ok, legal, equity, ranks, plays,
lost, bingo_missed, the looking ahead's losses), every player row the
summary's player (final, sum, plays, ranked, lost, phonies, bingos missed),
and the counts the summary's.  Numbers are compared as the text both print
(the page writes the JSON's own forms).  Prints one "ok ..." or "FAIL ..."
line per check and exits 1 on a failure.  Python standard library only.
"""
import json
import sys
from html.parser import HTMLParser


class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.events, self.players, self.counts, self.scripts = [], [], None, 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        data = {k[5:]: v for k, v in a.items() if k.startswith("data-")}
        cls = a.get("class") or ""
        if tag == "script":
            self.scripts += 1
        if tag == "section" and "event" in cls.split():
            self.events.append(data)
        elif tag == "tr" and "player" in cls.split():
            self.players.append(data)
        elif a.get("id") == "counts":
            self.counts = data


def jtext(v):
    """The page's text of a JSON value (booleans as 1/0, numbers as printed)."""
    if isinstance(v, bool):
        return "1" if v else "0"
    return str(v)


EVENT_KEYS = [("score", "score"), ("total", "total"), ("computed", "computed"), ("score_ok", "score-ok"),
              ("total_ok", "total-ok"), ("equity", "equity"), ("rank_score", "rank-score"),
              ("rank_equity", "rank-equity"), ("plays", "plays"), ("lost", "lost"),
              ("bingo_missed", "bingo-missed"), ("turn", "turn"), ("player", "player"), ("kind", "kind")]
PLAYER_KEYS = [("final", "final"), ("sum", "sum"), ("plays", "plays"), ("ranked", "ranked"), ("lost", "lost"),
               ("phonies", "phonies"), ("bingos_missed", "bingos-missed"), ("sim_lost", "sim-lost"),
               ("endgame_lost", "endgame-lost")]


def main():
    page = Page()
    with open(sys.argv[1], encoding="utf-8") as f:
        page.feed(f.read())
    raw = [json.loads(l, parse_float=str, parse_int=str) for l in open(sys.argv[2], encoding="utf-8")]
    lines = {r["line"]: r for r in raw if "line" in r and r.get("kind") != "summary"}
    summary = [r for r in raw if r.get("kind") == "summary"][0]
    fails = 0

    def check(name, ok, why=""):
        nonlocal fails
        print(("ok " if ok else "FAIL ") + name + ("" if ok else ": " + why))
        fails += 0 if ok else 1

    check("no script element", page.scripts == 0, str(page.scripts))
    check("a section per event", len(page.events) == len(lines), "%d sections, %d lines" % (len(page.events), len(lines)))
    bad = []
    for ev in page.events:
        j = lines.get(ev.get("line"))
        if j is None:
            bad.append("line %s not in the JSON" % ev.get("line"))
            continue
        for jk, hk in EVENT_KEYS:
            if (jk in j) != (hk in ev) or (jk in j and jtext(j[jk]) != ev[hk]):
                bad.append("line %s %s: page %s, json %s" % (ev["line"], jk, ev.get(hk), j.get(jk)))
        if "legal" in j:
            want = "-1" if j["legal"] is None else jtext(j["legal"])
            if ev.get("legal") != want:
                bad.append("line %s legal: page %s, json %s" % (ev["line"], ev.get("legal"), want))
        if "sim" in j and "lost" in j["sim"] and ev.get("sim-lost") != jtext(j["sim"]["lost"]):
            bad.append("line %s sim lost" % ev["line"])
        if "endgame" in j and j["endgame"].get("lost") is not None and \
                ev.get("endgame-lost") != jtext(j["endgame"]["lost"]):
            bad.append("line %s endgame lost" % ev["line"])
    check("events' numbers = the JSON's (%d events)" % len(page.events), not bad, "; ".join(bad[:5]))
    bad = []
    for i, p in enumerate(summary["players"]):
        h = page.players[i] if i < len(page.players) else {}
        if h.get("nick") != p["nick"]:
            bad.append("player %d: page %s, json %s" % (i, h.get("nick"), p["nick"]))
        for jk, hk in PLAYER_KEYS:
            if (jk in p) != (hk in h) or (jk in p and jtext(p[jk]) != h[hk]):
                bad.append("%s %s: page %s, json %s" % (p["nick"], jk, h.get(hk), p.get(jk)))
    check("players' numbers = the summary's", not bad and len(page.players) == 2, "; ".join(bad[:5]))
    c = page.counts or {}
    check("counts = the summary's", c.get("score-errors") == summary["score_errors"] and
          c.get("total-errors") == summary["total_errors"] and c.get("problems") == summary["problems"], str(c))
    sys.exit(1 if fails else 0)


main()
