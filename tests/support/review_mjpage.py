#!/usr/bin/env python3
"""review_mjpage.py - compare the numbers of an mjwait --log --html page
with the --json lines of the same review.

    review_mjpage.py PAGE.html REVIEW.jsonl

PAGE may be the page as written or the DOM a browser dumped.  Every record
element of the page (class "rec" and its type: discard, win, call, pass,
riichi, ryuukyoku, error, inconsistent) must be the JSON object of the same
type, round, event and seat, with the same numbers in its data- attributes:
a discard's play and best play, losses, danger against each threatening
seat, the safest option, the deal-in and the EV; a win's value beside the
log's; a call's or a pass's EV judgement.  Every player row must be the
summary object of its seat and the counts the game object; each round's
shanten chart must draw the shanten of that round's discards, seat by seat.
Numbers are compared as the text both print (the page writes the JSON's own
forms).  Prints one "ok ..." or "FAIL ..." line per check and exits 1 on a
failure.  Python standard library only.
"""
import os
import sys
from html.parser import HTMLParser

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pagecheck import Checks, attrs_of, jtext, read  # noqa: E402

TYPES = ("discard", "win", "call", "pass", "riichi", "ryuukyoku", "error", "inconsistent")


class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.recs, self.players, self.counts, self.charts, self.scripts = [], [], None, [], 0
        self.round = None

    def handle_starttag(self, tag, attrs):
        a, data, cls = attrs_of(attrs)
        if tag == "script":
            self.scripts += 1
        if tag == "section" and "round" in cls:
            self.round = a.get("id", "")[len("round-"):]
        elif "rec" in cls:
            data["type"] = cls[1] if len(cls) > 1 else ""
            self.recs.append(data)
        elif tag == "tr" and "player" in cls:
            self.players.append(data)
        elif a.get("id") == "counts":
            self.counts = data
        elif tag == "polyline" and "series" in cls:
            self.charts.append((self.round, data.get("series", ""), data.get("values", "")))


def seats(d):
    return ";".join("%s:%s" % (k, jtext(v)) for k, v in d.items())


def yaku(y):
    return ";".join("%s:%s" % (n, h) for n, h in y)


def discard_want(j):
    w = {"seat": j["seat"], "discard": j["discard"], "tile": j["tile"], "tsumogiri": j["tsumogiri"],
         "riichi": j["riichi"], "shanten": j["shanten"], "ukeire": j["ukeire"], "best-tile": j["best"]["tile"],
         "best-shanten": j["best"]["shanten"], "best-ukeire": j["best"]["ukeire"],
         "shanten-lost": j["shanten_lost"], "ukeire-lost": j["ukeire_lost"]}
    if "danger" in j:
        s = j["safest"]
        w.update({"danger": seats(j["danger"]), "threat": seats(j["threat"]), "deal": j["deal"], "loss": j["loss"],
                  "safest-tile": s["tile"], "safest-danger": seats(s["danger"]), "safest-deal": s["deal"],
                  "safest-loss": s["loss"]})
    if "deal_in" in j:
        d = j["deal_in"]
        w.update({"deal-in-to": ",".join(d["to"]), "deal-in-points": d["points"], "deal-in-value": d["value"]})
    if "ev" in j:
        e = j["ev"]
        w["ev-status"] = e["status"]
        if e["status"] == "ok":
            w.update({"ev-turn": e["turn"], "ev-best-tile": e["best"]["tile"], "ev-best-score": e["best"]["score"],
                      "ev-score-lost": e["score_lost"]})
            if e["play"] is not None:
                w["ev-play-score"] = e["play"]["score"]
    return w


def call_ev_want(j, w):
    if "ev" not in j:
        return w
    e = j["ev"]
    w["ev-status"] = e["status"]
    if e["status"] == "ok":
        w.update({"ev-best-call": e["best"]["call"], "ev-best-score": e["best"]["score"],
                  "ev-score-lost": e["score_lost"]})
        if e["play"] is not None:
            w["ev-play-score"] = e["play"]["score"]
    return w


def want_of(j):
    t = j["type"]
    if t == "discard":
        return discard_want(j)
    if t == "win":
        l = j["log"]
        return {"seat": j["seat"], "from": j["from"], "tsumo": j["tsumo"], "win": j["win"], "status": j["status"],
                "han": j["han"], "fu": j["fu"], "points": j["points"], "yakuman": j["yakuman"],
                "yaku": yaku(j["yaku"]), "log-han": l["han"], "log-fu": l["fu"], "log-points": l["points"],
                "log-yaku": yaku(l["yaku"]), "match": j["match"]}
    if t == "call":
        return call_ev_want(j, {"seat": j["seat"], "call": j["call"], "tile": j["tile"], "from": j["from"]})
    if t == "pass":
        return call_ev_want(j, {"seat": j["seat"], "tile": j["tile"], "from": j["from"]})
    if t == "riichi":
        return {"seat": j["seat"]}
    if t == "ryuukyoku":
        return {"reason": j["reason"]}
    return {"seat": j["seat"], "skipped": j["skipped"]}


PLAYER_KEYS = ["seat", "name", "discards", "best", "riichi_discards", "ukeire_lost", "shanten_lost", "wins",
               "win_points", "wins_differing", "threatened", "safest", "deal_ins", "deal_in_points", "ev_discards",
               "ev_best", "ev_lost", "calls_judged", "calls_best", "calls_lost"]
GAME_KEYS = ["format", "rounds", "discards", "best", "ukeire_lost", "wins", "wins_matching", "threatened", "safest",
             "deal_ins", "deal_in_points", "ev_discards", "ev_best", "ev_lost", "calls_judged", "calls_best",
             "calls_lost"]


def compare(what, want, got, bad):
    for k, v in want.items():
        if got.get(k) != jtext(v):
            bad.append("%s %s: page %s, json %s" % (what, k, got.get(k), jtext(v)))
    extra = [k for k in got if k not in want and k not in ("round", "event", "type")]
    if extra:
        bad.append("%s: page attributes not in the JSON: %s" % (what, extra))


def main():
    page = Page()
    raw = read(page, sys.argv[1], sys.argv[2])
    checks = Checks()
    check = checks.check
    check("no script element", page.scripts == 0, str(page.scripts))
    recs = [j for j in raw if j["type"] in TYPES and "round" in j]
    keyed = {}
    for r in page.recs:
        keyed.setdefault((r["type"], r.get("round"), r.get("event"), r.get("seat")), []).append(r)
    bad = []
    for j in recs:
        key = (j["type"], j["round"], j["event"], j.get("seat"))
        got = keyed.get(key)
        if not got:
            bad.append("%s not on the page" % (key,))
            continue
        compare("%s %s/%s seat %s" % key, want_of(j), got.pop(0), bad)
    left = [k for k, v in keyed.items() if v]
    check("a record element per JSON record (%d)" % len(recs), not left and len(page.recs) == len(recs),
          "page only: %s" % left[:3])
    check("records' numbers = the JSON's", not bad, "; ".join(bad[:5]))
    bad = []
    summaries = [j for j in raw if j["type"] == "summary"]
    for i, p in enumerate(summaries):
        h = page.players[i] if i < len(page.players) else {}
        compare("seat %s" % p["seat"], {k.replace("_", "-"): p[k] for k in PLAYER_KEYS if k in p}, h, bad)
    check("players' numbers = the summaries'", not bad and len(page.players) == len(summaries), "; ".join(bad[:5]))
    game = [j for j in raw if j["type"] == "game"][0]
    want = {k.replace("_", "-"): game[k] for k in GAME_KEYS if k in game}
    want["inconsistent"] = game.get("inconsistent", "0")
    bad = []
    compare("game", want, page.counts or {}, bad)
    check("counts = the game's", not bad, "; ".join(bad[:5]))
    bad = []
    for rnd, series, values in page.charts:
        seat = series.split(" ")[0]
        sh = ["%.2f" % int(j["shanten"]) for j in recs if j["type"] == "discard" and j["round"] == rnd and
              j["seat"] == seat]
        if values != ",".join(sh):
            bad.append("round %s seat %s: chart %s, json %s" % (rnd, seat, values, ",".join(sh)))
    check("charts = the discards' shanten (%d lines)" % len(page.charts), not bad and page.charts, "; ".join(bad[:3]))
    checks.done()


main()
