"""Writes src/lib/core/python/pformat-strings.fixtures.json: random strings of hostile characters
(quotes, backslashes, every kind of line break and space, bidi and zero-width controls, private-use
and astral characters, lone surrogates) alone and inside dicts and lists, with what CPython's
pprint.pformat prints for them at random widths, for pformat.test.ts.
A developer's tool, not run by the tests: needs python3 (3.11 here).
Usage: python3 scripts/pformat-fixtures.py SEED COUNT OUT.json"""
import json, pprint, random, sys

random.seed(int(sys.argv[1]))
alphabet = ["a", "bc", "word", " ", "  ", "'", '"', "\\", "\n", "\r\n", "\r", "\t", "\x0b", "\x0c",
            "\x1c", "\x85", "\u2028", "\u2029", "\xa0", "\u3000", "\ufeff", "\u200b", "\u202e",
            "é", "文", "😀", "\ue000", "\U000f0000", "\x00", "\x7f", "\ud800", "\udc00"]

def rand_str():
    s = "".join(random.choice(alphabet) for _ in range(random.randint(1, 40)))
    # Two lone surrogates side by side are one astral character once JSON.parse reads them.
    return s.replace("\ud800\udc00", "\ud800x\udc00")

def rand_value(d=0):
    r = random.random()
    if d > 1 or r < 0.5:
        return rand_str()
    if r < 0.75:
        return [rand_value(d + 1) for _ in range(random.randint(1, 4))]
    return {rand_str()[:8]: rand_value(d + 1) for _ in range(random.randint(1, 4))}

cases = []
for _ in range(int(sys.argv[2])):
    value = rand_value()
    width = random.randint(8, 80)
    cases.append({"value": value, "width": width,
                  "expected": pprint.pformat(value, width=width, sort_dicts=False)})
with open(sys.argv[3], "w") as f:
    # ensure_ascii keeps lone surrogates as \ud800 escapes, which JSON.parse reads back as is.
    json.dump(cases, f, ensure_ascii=True, indent=0)
