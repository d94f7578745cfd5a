"""Writes src/lib/core/python/repr.fixtures.json: the code points CPython's repr() escapes
(str.isprintable() false) among those its Unicode database assigns, and the unassigned ones,
which a newer Unicode in the browser may assign, for repr.test.ts.
A developer's tool, not run by the tests: needs python3 (3.11 here).
Usage: python3 scripts/repr-fixtures.py OUT.json"""
import json, sys, unicodedata

def ranges(pred):
    out, start = [], None
    for c in range(0x110000):
        if pred(c):
            if start is None:
                start = c
        elif start is not None:
            out.append([start, c - 1])
            start = None
    if start is not None:
        out.append([start, 0x10FFFF])
    return out

assigned = lambda c: unicodedata.category(chr(c)) != "Cn"
with open(sys.argv[1], "w") as f:
    json.dump({"unicode": unicodedata.unidata_version,
               "escaped": ranges(lambda c: assigned(c) and not chr(c).isprintable()),
               "unassigned": ranges(lambda c: not assigned(c))}, f)
