"""Random drafts, friendly and hostile, for the drafts' fuzz
(tests/test_fuzz_drafts.py in CI, benchmarks/fuzz_drafts.py cold and
bounded): a draft of one to three fields, rules, dice, groups and an
outcome from a small grammar (formulas included), often then broken on
purpose: a value replaced by a number far too large, text, a list, a table
nested deep; a key mistyped or taken away; a name reserved or given twice;
the TOML text cut, doubled or re-encoded. Driven by a ``random.Random`` so
a seed replays a draft; :func:`as_toml` writes one as a designer would.

The issue's hostile examples (tests/test_drafts_loader.py and friends) are
:data:`HOSTILE`, always tried by the benchmark.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

#: Numbers a hostile value is drawn from.
BIG = [0, -1, 1, 2, 7, 20, 50, 51, 256, 1000, 1001, 10 ** 6, 10 ** 8, 2 ** 31, 2 ** 53 + 1, 2 ** 63, 10 ** 15,
       10 ** 16, -10 ** 6]
NAMES = ["dice", "need", "pool", "black", "successes", "total", "version", "rules", "edition", "roll", "grade",
         "threshold", "goal", "all_dice", "crit", "bane", "own", "if", "and", "seed", "error", "Dice", "dice\n", ""]


def _pick(rng: random.Random, items: list) -> Any:
    return items[rng.randrange(len(items))]


def formula(rng: random.Random, names: list[str], depth: int = 0) -> str:
    """A formula over ``names`` (numbers, the four operations, comparisons, if, min, max, abs, and/or/not)."""
    if depth >= 3 or rng.random() < 0.35:
        return str(_pick(rng, BIG[:8])) if rng.random() < 0.3 or not names else _pick(rng, names)
    k = rng.random()
    a, b = formula(rng, names, depth + 1), formula(rng, names, depth + 1)
    if k < 0.4:
        return f"({a} {_pick(rng, ['+', '-', '*', '//', '%'])} {b})"
    if k < 0.55:
        return f"if({a} {_pick(rng, ['==', '!=', '<', '>=', '>'])} {b}, {a}, {b})"
    if k < 0.65:
        return f"{_pick(rng, ['min', 'max'])}({a}, {b})"
    if k < 0.72:
        return f"abs({a})"
    if k < 0.8:
        return f"if(({a} > 0) {_pick(rng, ['and', 'or'])} not ({b} > 1), {a}, {b})"
    if k < 0.85:
        return f"({a} {_pick(rng, ['and', 'or'])} {b})"  # refused as the draft loads: and/or take yes or no
    return f"{a} * {_pick(rng, BIG)}"


def faces(rng: random.Random, sides: int, names: list[str]) -> Any:
    k = rng.random()
    if k < 0.45:
        return sorted(rng.sample(range(1, sides + 1), rng.randint(1, max(1, min(sides - 1, 3)))))
    if k < 0.7:
        return f"{rng.randint(max(2, sides - 2), sides)}+"
    if k < 0.8:
        return f"1-{rng.randint(1, max(1, sides // 2))}"
    if k < 0.9 and names:
        return {"at_least": formula(rng, names, 2)}
    return {"but": [1]}


def friendly(rng: random.Random, ident: str = "fz", tame: bool = False) -> dict:
    """A draft that mostly reads (its numbers drawn small, sometimes large;
    ``tame``: dice, ranges and depths a test in CI counts quickly)."""
    d: dict[str, Any] = {"id": ident, "name": "Fuzz"}
    fields: dict[str, Any] = {}
    names: list[str] = []
    for i in range(rng.randint(1, 3)):
        name = ["dice", "need", "extra"][i]
        kind = rng.random()
        if kind < 0.7 or i == 0:
            hi = _pick(rng, [3, 4, 6] if tame else [3, 4, 6, 10, 30, 100, 1000])
            fields[name] = {"range": [0 if rng.random() < 0.5 else 1, hi], "default": rng.randint(1, min(hi, 4)),
                            "group": _pick(rng, ["ability", "difficulty", "other"])}
        elif kind < 0.85:
            fields[name] = {"options": ["low", "high"], "default": "low", "group": "difficulty"}
        else:
            fields[name] = {"default": rng.random() < 0.5}
        if "range" in fields[name]:
            names.append(name)
    d["fields"] = fields
    if rng.random() < 0.4:
        d["rules"] = {"rate": rng.randint(1, 3)}
        names.append("rate")
    dice: dict[str, Any] = {}
    marks: list[str] = []
    for j in range(rng.randint(1, 2)):
        sides = _pick(rng, [2, 3, 6, 6] if tame else [2, 3, 6, 6, 10, 20, 100])
        die: dict[str, Any] = {"sides": sides, "success": faces(rng, sides, names)}
        if rng.random() < 0.3:
            die["successes"] = {str(sides): rng.randint(-2, 3)}
        if rng.random() < 0.4:
            m = _pick(rng, ["crit", "bane"])
            marks.append(m)
            die["marks"] = {m: [sides if m == "crit" else 1]}
        if rng.random() < 0.35:
            die["explode"] = [sides]
            die["depth"] = _pick(rng, [0, 1, 2, "unbounded"] if tame else [0, 1, 3, 10, 50, "unbounded"])
        dice[f"d{j}"] = die
    d["dice"] = dice
    groups: dict[str, Any] = {}
    counted = names[:1] or ["2"]
    for k, die_name in enumerate(dice):
        g: dict[str, Any] = {"die": die_name, "count": formula(rng, counted, 2) if rng.random() < 0.3 else counted[0]}
        if k > 0 and rng.random() < 0.5:
            g["cancels"] = True
        groups[f"g{k}"] = g
    d["groups"] = groups
    quantities = ["successes", "successes", "total", *marks, *groups]
    outcome: dict[str, Any] = {"threshold": _pick(rng, [1, 2, "need" if "need" in names else "1"])}
    if rng.random() < 0.5:
        outcome["value"] = formula(rng, quantities + names)
    if rng.random() < 0.3:
        outcome["degrees"] = {"failure": 0, "success": 1, "great": 3}
    d["outcome"] = outcome
    if rng.random() < 0.35:
        d["reroll"] = {"budget": _pick(rng, ["all_dice", "1", "dice" if "dice" in names else "2"]),
                       "when": _pick(rng, ["short", "always"])}
    if rng.random() < 0.2 and marks:
        d["double"] = {"adds": marks[0]}
    if rng.random() < 0.2:
        d["spend"] = [{"id": "primary", "text": "The primary", "cost": "threshold", "default": True}]
    if rng.random() < 0.3 and "need" in names:
        d["ladder"] = _pick(rng, [{"field": "need", "from": 1, "to": fields["need"]["range"][1]},
                                  {"field": "need", "values": [1, 2]},
                                  {"field": "need", "from": 0, "to": _pick(rng, BIG)}])
    return d


def _paths(d: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(d, dict):
        for k, v in d.items():
            out += _paths(v, path + (k,))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            out += _paths(v, path + (i,))
    return out


def junk(rng: random.Random) -> Any:
    k = rng.random()
    if k < 0.3:
        return _pick(rng, BIG)
    if k < 0.4:
        return rng.random() * 10
    if k < 0.5:
        return _pick(rng, ["", "x", "successes and 5", "'abc'", "if(1, 2)", "1 / 0", "10 // 0", "((((((1))))))",
                           "- " * 40 + "1", "dice" * 120, "caf\xe9", "\u0000", "a" * 500])
    if k < 0.6:
        return [_pick(rng, BIG) for _ in range(rng.randint(0, 5))]
    if k < 0.7:
        deep: Any = 1
        for _ in range(rng.randint(5, 40)):
            deep = {"x": deep} if rng.random() < 0.5 else [deep]
        return deep
    if k < 0.8:
        return {"at_least": formula(rng, ["dice", "successes", "grade"], 1)}
    if k < 0.9:
        return rng.random() < 0.5
    return list(range(rng.choice([100, 2000, 6000])))


def mutate(rng: random.Random, d: dict) -> dict:
    """``d`` with one to three things broken on purpose."""
    d = copy.deepcopy(d)
    for _ in range(rng.randint(1, 3)):
        paths = [p for p in _paths(d) if p]
        p = _pick(rng, paths)
        parent: Any = d
        for part in p[:-1]:
            parent = parent[part]
        k = rng.random()
        if k < 0.55:
            parent[p[-1]] = junk(rng)
        elif k < 0.7 and isinstance(parent, dict):
            del parent[p[-1]]
        elif k < 0.85 and isinstance(parent, dict):
            parent[_pick(rng, NAMES) + _pick(rng, ["", "z"])] = junk(rng)
        elif isinstance(parent, dict) and len(p) == 2 and p[0] in ("fields", "groups", "rules", "dice"):
            parent[_pick(rng, NAMES)] = parent.pop(p[-1])  # renamed: reserved, clashing, or not a name
    return d


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{json.dumps(str(k))} = {_toml_value(x)}" for k, x in v.items()) + " }"
    return json.dumps(str(v))


def as_toml(d: dict) -> str:
    """A draft dict as TOML text (tables for the parts, inline tables below)."""
    lines = [f"{json.dumps(str(k))} = {_toml_value(v)}" for k, v in d.items() if not isinstance(v, (dict, list))
             or (isinstance(v, list) and not all(isinstance(x, dict) for x in v))]
    for part, v in d.items():
        if isinstance(v, dict):
            subs = {k: x for k, x in v.items() if isinstance(x, dict)}
            flat = {k: x for k, x in v.items() if not isinstance(x, dict)}
            if flat:
                lines.append(f"[{json.dumps(str(part))}]")
                lines += [f"{json.dumps(str(k))} = {_toml_value(x)}" for k, x in flat.items()]
            for name, body in subs.items():
                lines.append(f"[{json.dumps(str(part))}.{json.dumps(str(name))}]")
                lines += [f"{json.dumps(str(k))} = {_toml_value(x)}" for k, x in body.items()]
        elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            for item in v:
                lines.append(f"[[{json.dumps(str(part))}]]")
                lines += [f"{json.dumps(str(k))} = {_toml_value(x)}" for k, x in item.items()]
    return "\n".join(lines) + "\n"


def mangle(rng: random.Random, text: str) -> Any:
    """The text of a draft broken as a file can be: cut, a line doubled or lost, re-encoded, a BOM."""
    rows = text.split("\n")
    k = rng.random()
    if k < 0.2:
        i = rng.randrange(len(rows))
        rows.insert(i, rows[i])
    elif k < 0.35:
        del rows[rng.randrange(len(rows))]
    elif k < 0.5:
        i = rng.randrange(len(rows))
        rows[i] = rows[i][: rng.randrange(len(rows[i]) + 1)]
    elif k < 0.6:
        return "\ufeff" + text
    elif k < 0.7:
        rows.insert(rng.randrange(len(rows)), _pick(rng, ["x = " + "[" * 60 + "]" * 60, "[[[x]]]", "= 1",
                                                          "y = 99999999999999999999", "z = 1979-05-27", "w = 1e400"]))
    elif k < 0.8:
        return text.encode("utf-8").decode("latin-1")  # a mojibake, read as text
    return "\n".join(rows)


def random_draft(rng: random.Random, ident: str = "fz", tame: bool = False) -> tuple[str, Any]:
    """``(kind, draft)``: a friendly draft (a dict or its TOML), a mutated one, or mangled text."""
    d = friendly(rng, ident, tame)
    k = rng.random()
    if k < 0.35:
        return "friendly", d if rng.random() < 0.5 else as_toml(d)
    if k < 0.75:
        m = mutate(rng, d)
        return "mutated", m if rng.random() < 0.5 else as_toml(m)
    return "mangled", mangle(rng, as_toml(d))


#: The issue's hostile drafts (as text or dict, with the push of docs/drafts.md as the base).
PUSH = '''id = "fz"
[fields.dice]
range = [1, 10]
default = 4
[fields.need]
range = [1, 5]
default = 1
group = "difficulty"
[dice.d6]
sides = 6
success = [6]
marks = { bane = [1] }
[groups.own]
count = "dice"
[outcome]
threshold = "need"
[reroll]
name = "Push"
budget = "all_dice"
faces = "2-5"
'''


def _deep(n: int) -> dict:
    d: dict = {"id": "fz"}
    cur = d
    for _ in range(n):
        cur["x"] = {}
        cur = cur["x"]
    return d


HOSTILE: list[tuple[str, Any]] = [
    ("ladder to 1e11", PUSH + '[ladder]\nfield = "need"\nfrom = 1\nto = 100000000000\n'),
    ("junk ladder values", PUSH + '[ladder]\nfield = "need"\nvalues = ["a", [1], 99]\n'),
    ("100,000 options", {"id": "fz", "fields": {"c": {"options": [f"o{i}" for i in range(100_000)]}},
                         "dice": {"d": {"sides": 6, "success": [6]}}, "groups": {"g": {"count": 2}}}),
    ("deep dict", _deep(5000)),
    ("deep text", 'id = "fz"\na = ' + "[" * 3000 + "]" * 3000 + "\n"),
    ("BOM", "\ufeff" + PUSH),
    ("id with a newline", PUSH.replace('id = "fz"', 'id = "playtest\\n"')),
    ("field and mark one name", PUSH.replace("marks = { bane = [1] }", "marks = { dice = [1] }")),
    ("count of 1e8 dice", PUSH.replace('count = "dice"', 'count = "dice * 100000000"')),
    ("lazy if", PUSH.replace('threshold = "need"', 'threshold = "need"\nvalue = "if(successes == 0, 0, 10 // successes)"')),
    ("and on a number", PUSH.replace('threshold = "need"', 'threshold = "need"\nvalue = "successes and 5"')),
    ("past 2**63", PUSH.replace('threshold = "need"', 'threshold = "need"\nvalue = "successes * 9223372036854775807 + 5"')),
    ("text outcome", PUSH.replace('threshold = "need"', "threshold = \"need\"\nvalue = \"'abc'\"")),
    ("spread of 1e7", PUSH.replace('threshold = "need"', 'threshold = "need"\nvalue = "successes * 10000000"')),
    ("d20 exploding 18+, depth 50, 3 marks", PUSH.replace("sides = 6\nsuccess = [6]\nmarks = { bane = [1] }",
                                                          'sides = 20\nsuccess = "15+"\nexplode = "18+"\ndepth = 50\n'
                                                          "marks = { a = [1], b = [2], c = [20] }")
     .replace('faces = "2-5"', 'faces = "3-14"')),
    ("1,000 dice exploding", PUSH.replace("range = [1, 10]\ndefault = 4", "range = [1, 1000]\ndefault = 1000")
     .replace("marks = { bane = [1] }", 'explode = [6]\ndepth = "unbounded"').replace('faces = "2-5"', 'faces = "1-5"')),
]


def specs_of(rng: random.Random, ident: str) -> list[dict]:
    """The draft's defaults, and a spec with its fields drawn (the high ends often)."""
    import venus_widgets as vw

    drawn: dict[str, Any] = {"edition": ident}
    for name, d in vw.describe(ident).items():
        if d["kind"] == "int":
            drawn[name] = _pick(rng, [d["max"], d["max"], d["min"], rng.randint(d["min"], d["max"])])
        elif d["kind"] == "choice":
            drawn[name] = _pick(rng, d["options"])
        elif d["kind"] == "bool":
            drawn[name] = rng.random() < 0.5
    return [{"edition": ident}, drawn]


def trip(ident: str, spec: dict) -> list[tuple[str, Any]]:
    """What a designer, a player and a Facilitator do with a draft loaded:
    each a zero-argument call (odds, exact odds, a roll, many rolls, the
    explanation, a roller's Roll button, the rule lab, the FC screen)."""
    import venus_widgets as vw
    from venus_widgets.engine.contract.edition import get

    def roller() -> Any:
        family = next(iter(get(ident).at_table.ROLLERS))
        w = getattr(vw, {"check": "CheckRoller", "task": "TaskRoller", "pool": "PoolRoller"}[family])(
            edition=ident, **{k: v for k, v in spec.items() if k != "edition"})
        return w.roll_dice(seed=3)

    return [("odds", lambda: vw.odds(spec)), ("exact", lambda: vw.odds(spec, exact=True)),
            ("roll", lambda: vw.roll(spec, seed=5)), ("roll_many", lambda: vw.roll_many(spec, 200, seed=5)),
            ("explain", lambda: str(vw.explain(spec))), ("roller", roller),
            ("lab", lambda: vw.RuleLab(edition=ident).comparison), ("fc screen", lambda: vw.FCScreen({"A": spec}))]
