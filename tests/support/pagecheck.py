"""pagecheck.py - what the checkers of the review pages share
(review_page.py: skrafl --gcg --html; review_mjpage.py: mjwait --log --html):
reading a page and its --json lines with the numbers kept as the text both
print, the text of a JSON value as a data- attribute gives it, and the
"ok NAME" / "FAIL NAME: why" lines with the exit status.  Python standard
library only."""
import json
import sys


def attrs_of(attrs):
    """A start tag's attributes, its data- attributes (without "data-") and its classes."""
    a = dict(attrs)
    return a, {k[5:]: v for k, v in a.items() if k.startswith("data-")}, (a.get("class") or "").split()


def jtext(v):
    """The page's text of a JSON value (booleans as 1/0, numbers as printed)."""
    if isinstance(v, bool):
        return "1" if v else "0"
    return str(v)


def read(page, page_path, json_path):
    """Feed the page to the parser `page`; the JSON lines, numbers as their text."""
    with open(page_path, encoding="utf-8") as f:
        page.feed(f.read())
    return [json.loads(l, parse_float=str, parse_int=str) for l in open(json_path, encoding="utf-8")]


class Checks:
    def __init__(self):
        self.fails = 0

    def check(self, name, ok, why=""):
        print(("ok " if ok else "FAIL ") + name + ("" if ok else ": " + why))
        self.fails += 0 if ok else 1

    def done(self):
        sys.exit(1 if self.fails else 0)
