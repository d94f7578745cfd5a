"""Writes src/lib/core/python/jsonschema.fixtures.json: random (schema, instance) pairs with the
text CPython's jsonschema raises for them (str(best_match)), for jsonschema.test.ts.
A developer's tool, not run by the tests: needs python3 with `pip install jsonschema` (4.26 here).
Usage: python3 scripts/jsonschema-fixtures.py SEED COUNT OUT.json"""
import json, random, sys
from jsonschema import SchemaError, ValidationError, validate
from jsonschema.exceptions import best_match
from jsonschema.validators import Draft202012Validator

random.seed(int(sys.argv[1]))
words = ["city", "celsius", "a", "b", "name", "x y", "it's", 'say "hi"', "ünï", "长城", "emoji😀", "tags"]
types = ["string", "number", "integer", "boolean", "null", "array", "object"]

def rand_value(d=0):
    r = random.random()
    if d > 3 or r < 0.3:
        return random.choice([None, True, False, 0, 1, -3, 2.5, 1e-7, 10**17, "", "x", "hello world " * random.randint(1, 12),
                              random.choice(words), "line1\nline2", "tab\there"])
    if r < 0.6:
        return [rand_value(d + 1) for _ in range(random.randint(0, 5))]
    return {random.choice(words): rand_value(d + 1) for _ in range(random.randint(0, 5))}

def rand_schema(d=0):
    s = {}
    if random.random() < 0.7:
        s["type"] = random.choice(types) if random.random() < 0.8 else random.sample(types, 2)
    if d < 3 and random.random() < 0.5:
        s["properties"] = {random.choice(words): rand_schema(d + 1) for _ in range(random.randint(1, 4))}
    if random.random() < 0.3:
        s["required"] = random.sample(words, random.randint(1, 3))
    if random.random() < 0.2:
        s["additionalProperties"] = random.choice([False, True]) if random.random() < 0.7 else rand_schema(d + 1)
    if d < 3 and random.random() < 0.3:
        s["items"] = rand_schema(d + 1) if random.random() < 0.8 else False
    if random.random() < 0.1:
        s["prefixItems"] = [rand_schema(d + 1) for _ in range(random.randint(1, 2))] if d < 3 else [{"type": "string"}]
    for k, gen in [("minimum", lambda: random.choice([0, 1, 2.5])), ("maximum", lambda: random.choice([0, 3, 10])),
                   ("exclusiveMinimum", lambda: 0), ("exclusiveMaximum", lambda: 5),
                   ("minLength", lambda: random.choice([1, 3])), ("maxLength", lambda: random.choice([0, 4])),
                   ("minItems", lambda: random.choice([1, 2])), ("maxItems", lambda: random.choice([0, 2])),
                   ("minProperties", lambda: random.choice([1, 2])), ("maxProperties", lambda: random.choice([0, 1])),
                   ("pattern", lambda: random.choice(["^a", "[0-9]+", "^x$"])), ("enum", lambda: [rand_value(3) for _ in range(2)]),
                   ("const", lambda: rand_value(3)), ("uniqueItems", lambda: True), ("multipleOf", lambda: random.choice([2, 0.5])),
                   ("patternProperties", lambda: {"^a": {"type": "string"}}), ("dependentRequired", lambda: {"a": ["b"]})]:
        if random.random() < 0.08:
            s[k] = gen()
    if d < 2 and random.random() < 0.1:
        s[random.choice(["anyOf", "oneOf", "allOf"])] = [rand_schema(d + 1) for _ in range(random.randint(1, 3))]
    if d < 2 and random.random() < 0.05:
        s["not"] = rand_schema(d + 1)
    return s

# The shortest case for each failing keyword, then the shortest others, and a few valid ones.
pool = {}
for _ in range(20000):
    schema = rand_schema()
    inst = rand_value() if random.random() < 0.5 else {k: rand_value(1) for k in random.sample(words, random.randint(0, 4))}
    try:
        validate(inst, schema)
        key, expected = "valid", None
    except ValidationError as e:
        key, expected = str(e.validator), str(e)
    except SchemaError:
        continue
    case = {"schema": schema, "instance": inst, "expected": expected}
    pool.setdefault(key, []).append(case)
size = lambda c: len(json.dumps(c, ensure_ascii=False))
cases = []
for key, found in sorted(pool.items()):
    found.sort(key=size)
    cases += found[: int(sys.argv[2]) // len(pool) or 1]
json.dump(cases, open(sys.argv[3], "w"), ensure_ascii=False, indent=0)
print(len(cases), "cases:", {k: len(v) for k, v in sorted(pool.items())})
