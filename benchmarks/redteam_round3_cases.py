"""The cases of the held-out round 3 (benchmarks/redteam_round3.py).

A case: ``name``, ``cls`` (the issue's class: cost, aggregates, loading,
versions, evaluator), ``setup`` (Python run before the steps, untimed: the
drafts' texts, files), ``steps`` (``(label, code, expect)``: code whose last
line is an expression, ``expect`` ``"ok"`` (the docs say it works),
``"refuse"`` (the docs promise a refusal in words) or ``"any"`` (either, within
the bounds)) and ``checks`` (label -> an expression over ``_``, the step's
value, and the case's names: None when the promise holds, else what broke).
"""

from __future__ import annotations

# ---------------------------------------------------------------- drafts

#: a pool of d20 whose highest ``keep`` add up (keep highest, a field)
KEEP = '''id = "rt"
[fields.dice]
range = [1, 60]
default = 3
[fields.keep]
range = [0, 60]
default = 2
[fields.need]
range = [1, 1000]
default = 10
group = "difficulty"
[dice.d]
sides = 20
[groups.own]
count = "dice"
[outcome]
value = "highest(keep)"
threshold = "need"
'''

#: two groups of d12 whose totals are read apart (per-group totals)
TWO = '''id = "rt"
[fields.a]
range = [0, 40]
default = 2
[fields.b]
range = [0, 40]
default = 2
[fields.need]
range = [1, 500]
default = 10
group = "difficulty"
[dice.d]
sides = 12
[groups.ga]
count = "a"
[groups.gb]
count = "b"
[outcome]
value = "VALUE"
threshold = "need"
'''

#: a yze-like pool: three groups, marks per group, events, a push
YZE = '''id = "rt"
[fields.base]
range = [0, 12]
default = 3
[fields.skill]
range = [0, 12]
default = 2
[fields.gear]
range = [0, 12]
default = 1
[fields.need]
range = [1, 12]
default = 1
group = "difficulty"
[fields.pushed]
options = ["when short", "always"]
default = "when short"
group = "kiss"
[dice.base]
sides = 6
success = [6]
marks = { bane = [1] }
[dice.skill]
sides = 6
success = [6]
[dice.gear]
sides = 6
success = [6]
marks = { bane = [1] }
[groups.base]
die = "base"
count = "base"
[groups.skill]
die = "skill"
count = "skill"
[groups.gear]
die = "gear"
count = "gear"
[outcome]
threshold = "need"
[events]
"attribute damage" = "count(bane, base) >= 1"
"gear damage" = "count(bane, gear) >= 1"
"gear made the difference" = "successes(gear) >= 1 and successes - successes(gear) < need"
[reroll]
name = "Push"
budget = "all_dice"
when = "if(pushed == 'always', 'always', 'short')"
'''

#: a die whose sides, explosion and depth are formulas of fields
SIDES = '''id = "rt"
[fields.dice]
range = [1, 50]
default = 2
[fields.faces]
range = [2, 1000]
default = 6
[fields.aces]
range = [0, 50]
default = 3
[fields.need]
range = [1, 100]
default = 1
group = "difficulty"
[dice.d]
sides = "faces"
success = { at_least = "sides" }
explode = { at_least = "sides" }
depth = "aces"
[groups.own]
count = "dice"
[outcome]
threshold = "need"
'''

#: the push of docs/drafts.md (a base to change one thing of)
PUSH = '''id = "rt"
name = "Push your luck"
[fields.dice]
range = [1, 10]
default = 4
label = "Dice"
group = "ability"
[fields.need]
range = [1, 5]
default = 1
label = "Sixes needed"
group = "difficulty"
[dice.d6]
sides = 6
success = [6]
marks = { bane = [1] }
[groups.own]
count = "dice"
[outcome]
name = "sixes"
unit = ["six", "sixes"]
threshold = "need"
[reroll]
name = "Push"
budget = "all_dice"
faces = "2-5"
'''

#: the push without its re-roll step (for formulas that read faces)
PLAIN = PUSH.split("[reroll]")[0]


def _with_value(base: str, value: str) -> str:
    return base.replace('threshold = "need"', f'threshold = "need"\nvalue = "{value}"', 1)


def _c(name: str, cls: str, setup: str, steps: list, checks: dict | None = None) -> dict:
    return {"name": name, "cls": cls, "setup": setup, "steps": steps, "checks": checks or {}}


def _drafts(**texts: str) -> str:
    """Setup code binding each draft text to a name."""
    return "".join(f"{k} = {v!r}\n" for k, v in texts.items())


SAME = ("None if set(int(x) for x in set(many.tolist())) <= set(int(k) for k in dist) else "
        "f'roll_many gives values the odds never list: {sorted(set(int(x) for x in set(many.tolist())) - "
        "set(int(k) for k in dist))[:5]}'")

CASES: list[dict] = []

# ---------------------------------------------------------------- cost: each step of a draft priced
S = {"edition": "rt"}
CASES += [
    _c("keep 30 of 60 d20: odds", "cost", _drafts(D=KEEP) + "vw.load_edition(D)\n",
       [("odds", "vw.odds({'edition': 'rt', 'dice': 60, 'keep': 30}).p_pass", "any")]),
    _c("keep 30 of 60 d20: one roll (the odds guard must not block a roll)", "cost",
       _drafts(D=KEEP) + "vw.load_edition(D)\n",
       [("roll", "vw.roll({'edition': 'rt', 'dice': 60, 'keep': 30}, seed=1).outcome", "ok")]),
    _c("keep 20 of 40 d20: exact odds", "cost", _drafts(D=KEEP) + "vw.load_edition(D)\n",
       [("exact", "vw.odds({'edition': 'rt', 'dice': 40, 'keep': 20}, exact=True).p_pass", "any")]),
    _c("lowest(keep) of 60 d20 with keep at 59", "cost",
       _drafts(D=KEEP.replace("highest(keep)", "lowest(keep)")) + "vw.load_edition(D)\n",
       [("odds", "vw.odds({'edition': 'rt', 'dice': 60, 'keep': 59}).p_pass", "any")]),
    _c("highest die of 3 groups of d1000 (sides at the top)", "cost",
       _drafts(D=TWO.replace("sides = 12", "sides = 1000").replace("VALUE", "highest(1, ga) - highest(1, gb)")
               .replace("range = [1, 500]", "range = [-1000, 1000]")) + "vw.load_edition(D)\n",
       [("odds", "vw.odds({'edition': 'rt', 'a': 40, 'b': 40}).p_pass", "any"),
        ("exact", "vw.odds({'edition': 'rt', 'a': 40, 'b': 40}, exact=True).p_pass", "any")]),
    _c("per-group totals multiplied (a spread of 230,000 values)", "cost",
       _drafts(D=TWO.replace("VALUE", "total(ga) * total(gb)")) + "vw.load_edition(D)\n",
       [("odds", "vw.odds({'edition': 'rt', 'a': 40, 'b': 40}).p_pass", "any"),
        ("odds small", "vw.odds({'edition': 'rt', 'a': 3, 'b': 3}).p_pass", "ok")]),
    _c("per-group totals max/min joint (two readings of each group)", "cost",
       _drafts(D=TWO.replace("VALUE", "max(total(ga), total(gb)) * 1000 + min(highest(2, ga), lowest(2, gb))")) +
       "vw.load_edition(D)\n",
       [("odds", "vw.odds({'edition': 'rt', 'a': 40, 'b': 40}).p_pass", "any"),
        ("roll", "vw.roll({'edition': 'rt', 'a': 40, 'b': 40}, seed=2).outcome", "ok")]),
    _c("three marks per face x three groups x events read per group", "cost",
       _drafts(D=YZE.replace('marks = { bane = [1] }', 'marks = { bane = [1], edge = [2], odd = [3], mid = [4] }')
               .replace('"gear damage" = "count(bane, gear) >= 1"',
                        '"gear damage" = "count(bane, gear) >= 1"\n"edges" = "count(edge, base) > count(edge, gear)"\n'
                        '"odds" = "count(odd, base) + count(mid, gear) == count(odd, gear) + count(mid, base)"')) +
       "vw.load_edition(D)\n",
       [("odds", "vw.odds({'edition': 'rt', 'base': 12, 'skill': 12, 'gear': 12, 'need': 6}).p_pass", "any"),
        ("pushed always", "vw.odds({'edition': 'rt', 'base': 12, 'skill': 12, 'gear': 12, 'need': 6, "
                          "'pushed': 'always'}).p_pass", "any")]),
    _c("twenty named events over one pool", "cost",
       _drafts(D=PLAIN.replace("range = [1, 10]", "range = [1, 40]") + "[events]\n" + "".join(
           f'"e{i}" = "count(bane) * {i + 1} > successes + {i}"\n' for i in range(20))) + "vw.load_edition(D)\n",
       [("odds", "vw.odds({'edition': 'rt', 'dice': 40, 'need': 5}).p_pass", "any"),
        ("exact", "vw.odds({'edition': 'rt', 'dice': 40, 'need': 5}, exact=True).p_pass", "any")]),
    _c("sides from a field at 1000, exploding its top face to depth 60", "cost",
       _drafts(D=SIDES) + "vw.load_edition(D)\n",
       [("odds", "vw.odds({'edition': 'rt', 'dice': 50, 'faces': 1000, 'aces': 50}).p_pass", "any"),
        ("exact", "vw.odds({'edition': 'rt', 'dice': 50, 'faces': 1000, 'aces': 50}, exact=True).p_pass", "any"),
        ("roll", "vw.roll({'edition': 'rt', 'dice': 50, 'faces': 1000, 'aces': 50}, seed=1).outcome", "ok")]),
    _c("depth by a formula of the dice (total read)", "cost",
       _drafts(D=SIDES.replace('depth = "aces"', 'depth = "aces * 10"').replace(
           'threshold = "need"', 'threshold = "need"\nvalue = "total"')) + "vw.load_edition(D)\n",
       [("odds", "vw.odds({'edition': 'rt', 'dice': 20, 'faces': 2, 'aces': 50}).p_pass", "any"),
        ("roll", "vw.roll({'edition': 'rt', 'dice': 20, 'faces': 2, 'aces': 50}, seed=1).outcome", "any"),
        ("roll 5", "vw.roll({'edition': 'rt', 'dice': 20, 'faces': 2, 'aces': 5}, seed=1).outcome", "ok")]),
    _c("degrees by formulas: 40 degrees over a d1000 total", "cost",
       _drafts(D=SIDES.replace('threshold = "need"', 'threshold = "need"\nvalue = "total"') + "[outcome.degrees]\n" +
               "".join(f'"band {i}" = "need * {i}"\n' for i in range(40))) + "vw.load_edition(D)\n",
       [("odds", "vw.odds({'edition': 'rt', 'dice': 30, 'faces': 1000, 'aces': 0, 'need': 100}).breakdown", "any"),
        ("explain", "str(vw.explain({'edition': 'rt', 'dice': 30, 'faces': 1000, 'aces': 0, 'need': 100}))", "any")]),
    _c("explode on every face but 1 of a d6, unbounded, 30 dice, total read", "cost",
       _drafts(D=PLAIN.replace("range = [1, 10]", "range = [1, 30]").replace(
           "marks = { bane = [1] }", 'explode = "2+"\ndepth = "unbounded"').replace(
           'threshold = "need"', 'threshold = "need"\nvalue = "total"')) + "vw.load_edition(D)\n",
       [("odds", "vw.odds({'edition': 'rt', 'dice': 30}).p_pass", "any"),
        ("roll", "vw.roll({'edition': 'rt', 'dice': 30}, seed=1).outcome", "ok")]),
]

# ---------------------------------------------------------------- aggregates: many odds or rolls in one call
L = "vw.load_edition(D)\n"
CASES += [
    _c("ladder over need (1,000 rungs) of keep 10 of 20 d20", "aggregates", _drafts(D=KEEP) + L,
       [("ladder", "len(vw.ladder({'edition': 'rt', 'dice': 20, 'keep': 10}))", "any"),
        ("solve", "vw.solve({'edition': 'rt', 'dice': 20, 'keep': 10}, target=0.5)", "any")]),
    _c("party ladder of six heavy keep-highest players", "aggregates", _drafts(D=KEEP) + L,
       [("party", "vw.party_ladder({f'p{i}': {'edition': 'rt', 'dice': 30 + i, 'keep': 8} for i in range(6)})",
         "any")]),
    _c("FC screen over a draft with per-group totals, 6 players", "aggregates",
       _drafts(D=TWO.replace("VALUE", "total(ga) - total(gb)").replace("range = [1, 500]", "range = [-400, 400]")) + L,
       [("screen", "w = vw.FCScreen({f'p{i}': {'edition': 'rt', 'a': 30, 'b': 30} for i in range(6)})\n"
                   "(w.error, w.to_markdown()[:100])", "any")],
       {"screen": "None if not _[0] or 'estimated' in _[0] or 'more than' in _[0] else 'error: ' + _[0][:200]"}),
    _c("roll_many: 200,000 rolls of keep 12 of 60 d20", "aggregates", _drafts(D=KEEP) + L,
       [("many", "vw.roll_many({'edition': 'rt', 'dice': 60, 'keep': 12}, 200000, seed=1).shape", "any")]),
    _c("roll_many: exploding top face of d2 to depth 50, 50 dice", "aggregates", _drafts(D=SIDES) + L,
       [("many", "vw.roll_many({'edition': 'rt', 'dice': 50, 'faces': 2, 'aces': 50}, 100000, seed=1).shape",
         "any")]),
    _c("roll_many: yze with events and a push, 36 dice", "aggregates", _drafts(D=YZE) + L,
       [("many", "vw.roll_many({'edition': 'rt', 'base': 12, 'skill': 12, 'gear': 12, 'need': 12, "
                 "'pushed': 'always'}, 1000000, seed=1).shape", "any")]),
    _c("sweep over keep x dice of keep-highest", "aggregates", _drafts(D=KEEP) + L,
       [("sweep", "vw.sweep({'edition': 'rt'}, over={'dice': range(1, 61), 'keep': range(0, 61)})", "any")]),
    _c("sweep with a variant that is not a draft (a string of letters)", "aggregates", _drafts(D=KEEP) + L,
       [("sweep", "vw.sweep({'edition': 'rt'}, over={'dice': [1, 2]}, variants={'x': 'ab'})", "refuse")]),
    _c("compare of 30 heavy draft variants", "aggregates", _drafts(D=KEEP) + L +
       "for i in range(30):\n    vw.load_edition(D.replace('id = \"rt\"', f'id = \"rt{i}\"'))\n",
       [("compare", "vw.compare({'edition': 'rt', 'dice': 40, 'keep': 20}, {f'v{i}': f'rt{i}' for i in range(30)})",
         "any")]),
    _c("rule lab heatmap over dice x keep of keep-highest", "aggregates", _drafts(D=KEEP) + L,
       [("lab", "w = vw.RuleLab(edition='rt', axes=('dice', 'keep'))\nw.error", "any")],
       {"lab": "None if not _ or not any(w in _ for w in ('Error', 'Traceback')) else _[:200]"}),
    _c("log import of 40 heavy rolls (60 d20 keep 12)", "aggregates", _drafts(D=KEEP) + L +
       "w = vw.PoolRoller(edition='rt', dice=60, keep=12)\nfor s in range(40):\n    w.roll_dice(seed=s)\n"
       "text = w.log.to_json()\n",
       [("import", "log = vw.RollLog()\nlog.import_text(text)", "any"),
        ("replay", "log.replay(39).outcome", "any")]),
    # (aces=40: the roller's odds are refused in words at setup, an estimated 0.8 s for 0.78 s real)
    _c("log import of 500 rolls of 50 d2 exploding to depth 50", "aggregates", _drafts(D=SIDES) + L +
       "import json\nw = vw.PoolRoller(edition='rt', dice=50, faces=2, aces=33)\nw.roll_dice(seed=1)\n"
       "data = json.loads(w.log.to_json())\ne = data['entries'][0]\n"
       "data['entries'] = [json.loads(json.dumps(e)) for _ in range(500)]\ntext = json.dumps(data)\n",
       [("import", "log = vw.RollLog()\nlog.import_text(text)", "any")]),
    _c("FC screen ladder over keep (the field of difficulty making it easier)", "aggregates",
       _drafts(D=KEEP.replace("[fields.keep]\nrange = [0, 60]\ndefault = 2",
                              "[fields.keep]\nrange = [0, 60]\ndefault = 2\ngroup = \"difficulty\"")
               .replace("[fields.need]\nrange = [1, 1000]\ndefault = 10\ngroup = \"difficulty\"",
                        "[fields.need]\nrange = [1, 1000]\ndefault = 10")),
       [("load", "vw.load_edition(D)", "refuse")], ),
]

# ---------------------------------------------------------------- loading: bad text refused in words, at its line
AT = "None if re.search(r'line \\d', err) else 'the refusal names no line: ' + err[:200]"
IMP = "import re, os, tempfile\n"


def _at(n: int) -> str:
    return f"None if re.search(r'line {n}\\b', err) else 'the refusal is not at line {n}: ' + err[:300]"


CASES += [
    _c("a Latin-1 file with an accented word at line 3", "loading",
       IMP + _drafts(D=PLAIN.replace('name = "Push your luck"', 'name = "Push your luck"\nabout = "Caf\xe9 dice"')) +
       "p = os.path.join(tempfile.mkdtemp(), 'latin.toml')\nopen(p, 'wb').write(D.encode('latin-1'))\n",
       [("load", "vw.load_edition(p)", "refuse")], {"load!": AT}),
    _c("a UTF-16 file (with its BOM)", "loading",
       IMP + _drafts(D=PLAIN) + "p = os.path.join(tempfile.mkdtemp(), 'u16.toml')\n"
       "open(p, 'wb').write(D.encode('utf-16'))\n",
       [("load", "vw.load_edition(p)", "refuse")], {"load!": "None if 'UTF-8' in err else err[:300]"}),
    _c("a UTF-8 BOM and Windows line ends, from a file", "loading",
       IMP + _drafts(D=PLAIN) + "p = os.path.join(tempfile.mkdtemp(), 'bom.toml')\n"
       "open(p, 'wb').write(b'\\xef\\xbb\\xbf' + D.replace('\\n', '\\r\\n').encode())\n",
       [("load", "vw.load_edition(p).VERSION", "ok")]),
    _c("a path that is not a file: /dev/zero", "loading", "",
       [("load", "vw.load_edition('/dev/zero')", "refuse")]),
    _c("a path that is a directory ending in .toml", "loading",
       IMP + "p = os.path.join(tempfile.mkdtemp(), 'dir.toml')\nos.mkdir(p)\n",
       [("load", "vw.load_edition(p)", "refuse")]),
    _c("a sparse file of 2 GB ending in .toml", "loading",
       IMP + "p = os.path.join(tempfile.mkdtemp(), 'big.toml')\nf = open(p, 'wb')\nf.truncate(2 * 10 ** 9)\nf.close()\n",
       [("load", "vw.load_edition(p)", "refuse")]),
    _c("the text in bytes (not str)", "loading", _drafts(D=PLAIN),
       [("load", "vw.load_edition(D.encode())", "any")]),
    _c("a format string in the result's sentence: {value:>999999999}", "loading",
       _drafts(D=PLAIN + '[words]\nsentence = "{verdict}: {value:>999999999}"\n'),
       [("load", "vw.load_edition(D)", "any"), ("roll", "str(vw.roll({'edition': 'rt'}, seed=1).details)[:80]", "any"),
        ("roller", "w = vw.PoolRoller(edition='rt')\nw.roll_dice(seed=1)\nlen(str(w.error))", "any")]),
    _c("a format string reaching into Python: {value.__class__.__mro__}", "loading",
       _drafts(D=PLAIN + '[words]\nsentence = "{verdict} {value.__class__.__mro__} {unit[0]} {0}"\n'),
       [("load", "vw.load_edition(D)", "any"),
        ("roller", "w = vw.PoolRoller(edition='rt')\nw.roll_dice(seed=1)\nstr(w.state_text if hasattr(w, "
                   "'state_text') else w.error)", "any"),
        ("explain", "str(vw.explain({'edition': 'rt'}))", "any")],
       {"roller": "None if 'class' not in _ else 'the sentence shows Python: ' + _[:200]",
        "explain": "None if 'class' not in _ else 'Python in the explanation: ' + _[:200]"}),
    _c("an event named like a field (need)", "loading",
       _drafts(D=PLAIN + '[events]\nneed = "successes == 0"\n'),
       [("load", "vw.load_edition(D)", "any"), ("odds", "vw.odds({'edition': 'rt'}).events", "any")]),
    _c("a group named like a mark (bane)", "loading",
       _drafts(D=PLAIN.replace("[groups.own]", "[groups.bane]")),
       [("load", "vw.load_edition(D)", "refuse")], {"load!": AT}),
    _c("a rule named like a group (own)", "loading",
       _drafts(D=PLAIN.replace("[dice.d6]", "[rules]\nown = 3\n[dice.d6]")),
       [("load", "vw.load_edition(D)", "refuse")], {"load!": AT}),
    _c("a mark named highest (a reading)", "loading",
       _drafts(D=PLAIN.replace("marks = { bane = [1] }", "marks = { highest = [1] }")),
       [("load", "vw.load_edition(D)", "refuse")], {"load!": AT}),
    _c("a group named count (a reading)", "loading",
       _drafts(D=PLAIN.replace("[groups.own]", "[groups.count]")),
       [("load", "vw.load_edition(D)", "refuse")], {"load!": AT}),
    _c("an id with a Cyrillic letter that looks Latin", "loading",
       _drafts(D=PLAIN.replace('id = "rt"', 'id = "pus\u04bb"')),
       [("load", "vw.load_edition(D)", "refuse")]),
    _c("an id with a trailing space (heresy )", "loading",
       _drafts(D=PLAIN.replace('id = "rt"', 'id = "heresy "')),
       [("load", "vw.load_edition(D)", "refuse")]),
    _c("a depth in hex past 15 digits (0xFFFFFFFFFFFFFFF)", "loading",
       _drafts(D=PLAIN.replace("marks = { bane = [1] }", "explode = [6]\ndepth = 0xFFFFFFFFFFFFFFF")),
       [("load", "vw.load_edition(D)", "refuse")], {"load!": AT}),
    _c("400 characters of not (a formula nested without brackets)", "loading",
       _drafts(D=PLAIN + '[events]\nx = "' + "not " * 98 + 'true"\n'),
       [("load", "vw.load_edition(D)", "any")]),
    _c("a formula of 199 minus signs", "loading",
       _drafts(D=PLAIN.replace('count = "dice"', 'count = "' + "-" * 198 + 'dice"')),
       [("load", "vw.load_edition(D)", "any")]),
    _c("abs() nested 31 deep within 400 characters", "loading",
       _drafts(D=PLAIN.replace('count = "dice"', 'count = "' + "abs(" * 31 + "dice" + ")" * 31 + '"')),
       [("load", "vw.load_edition(D)", "refuse")], {"load!": AT}),
    _c("an outcome that is text only at a field's high end", "loading",
       _drafts(D=_with_value(PLAIN, "if(dice > 8, 'many', successes)")),
       [("load", "vw.load_edition(D)", "refuse")], {"load!": AT}),
    _c("when gives 'sometimes' at one option (per roll, in words)", "loading",
       _drafts(D=YZE.replace("'always', 'short')", "'sometimes', 'short')")),
       [("load", "vw.load_edition(D)", "any"),
        ("odds", "vw.odds({'edition': 'rt', 'pushed': 'always'}).p_pass", "refuse"),
        ("roll", "vw.roll({'edition': 'rt', 'pushed': 'always'}, seed=1)", "refuse")]),
    _c("a re-roll step with an outcome reading highest()", "loading",
       _drafts(D=_with_value(PUSH, "highest()")),
       [("load", "vw.load_edition(D)", "refuse")], {"load!": AT}),
    _c("a re-roll step with an event reading total(own)", "loading",
       _drafts(D=PUSH + '[events]\nbig = "total(own) > 20"\n'),
       [("load", "vw.load_edition(D)", "refuse")], {"load!": AT}),
    _c("degrees out of order and two at one value", "loading",
       _drafts(D=PLAIN + '[outcome.degrees]\n"great" = 3\n"fail" = 0\n"ok" = 1\n"also ok" = 1\n'),
       [("load", "vw.load_edition(D)", "any"), ("odds", "sum(v for k, v in vw.odds({'edition': 'rt'}).breakdown.items() if not k.startswith('at least'))", "any")],
       {"odds": "None if abs(_ - 1) < 1e-9 else f'the degrees add up to {_}'"}),
    _c("a ladder of duplicate and out-of-range values", "loading",
       _drafts(D=PLAIN + '[ladder]\nfield = "need"\nvalues = [1, 1, 2, 9]\n'),
       [("load", "vw.load_edition(D)", "refuse")], {"load!": AT}),
]

# ---------------------------------------------------------------- versions: a draft loaded again under its id
EVENTS = PLAIN + '[events]\nglitch = "count(bane) * 2 > dice"\n'
NO_PY = ("None if not re.search(r'Error|Traceback|object at|KeyError', str(_)) else "
         "'Python in the words: ' + str(_)[:250]")
CASES += [
    _c("a number field becomes a choice; the open roller rolls", "versions",
       IMP + _drafts(A=PLAIN, B=PLAIN.replace("range = [1, 10]\ndefault = 4", 'options = ["few", "many"]\ndefault = "few"')
                     .replace('count = "dice"', "count = \"if(dice == 'many', 8, 3)\"")) +
       "vw.load_edition(A)\nw = vw.PoolRoller(edition='rt', dice=7)\nvw.load_edition(B)\n",
       [("error", "w.error", "any"), ("roll", "w.roll_dice(seed=1).spec['dice']", "any")],
       {"error": "None if _ else 'the roller says nothing after its field changed kind'",
        "roll": "None if _ in ('few', 'many') else f'the roller rolled dice={_!r} on the new version'"}),
    _c("events renamed; an open FC screen", "versions",
       IMP + _drafts(A=EVENTS, B=EVENTS.replace("glitch =", "\"bad luck\" =").replace("[1, 10]", "[1, 12]")) +
       "vw.load_edition(A)\nw = vw.FCScreen({'Ana': {'edition': 'rt', 'dice': 9}})\nvw.load_edition(B)\n",
       [("markdown", "w.to_markdown()", "any"), ("explain", "w.explain('Ana') if callable(w.explain) else None", "any"),
        ("error", "w.error", "any")], {"markdown": NO_PY, "explain": NO_PY, "error": NO_PY}),
    _c("a rule renamed under an open rule lab", "versions",
       IMP + _drafts(A=PLAIN.replace("[dice.d6]", "[rules]\nedge = 6\n[dice.d6]").replace("success = [6]",
                                                                                       'success = { at_least = "edge" }'),
                     B=PLAIN.replace("[dice.d6]", "[rules]\nrim = 6\n[dice.d6]").replace("success = [6]",
                                                                                      'success = { at_least = "rim" }')) +
       "vw.load_edition(A)\nw = vw.RuleLab(edition='rt', b={'edge': 5})\nvw.load_edition(B)\n",
       [("error", "w.error", "any"), ("comparison", "str(w.comparison)[:300]", "any")],
       {"error": NO_PY, "comparison": NO_PY}),
    _c("the oldest of 40 versions replays, or says why not", "versions",
       IMP + _drafts(A=PLAIN) +
       "vw.load_edition(A)\nw = vw.PoolRoller(edition='rt', dice=4)\nfirst = w.roll_dice(seed=3)\n"
       "for i in range(40):\n    vw.load_edition(A.replace('success = [6]', f'success = [6]\\nlabels = {{ 1 = \"v{i}\" }}'))\n",
       [("replay", "w.log.replay(0) == first", "any"),
        ("json", "import json\nback = vw.RollLog()\nback.import_text(w.log.to_json())", "any")],
       {"replay": "None if _ else 'the oldest entry replayed other dice'"}),
    _c("an entry with events replays exactly after other faces", "versions",
       IMP + _drafts(A=EVENTS, B=EVENTS.replace("success = [6]", "success = [5, 6]")) +
       "vw.load_edition(A)\nw = vw.PoolRoller(edition='rt', dice=8)\nfirst = w.roll_dice(seed=9)\nvw.load_edition(B)\n",
       [("replay", "r = w.log.replay(0)\n(r == first, r.details['events'] == first.details['events'])", "ok"),
        ("csv", "back = vw.RollLog()\nback.import_text(w.log.to_csv(), 'csv')", "any")],
       {"replay": "None if all(_) else f'replay differs: {_}'"}),
    _c("the draft loaded again heavy; the open roller refreshes within the bound", "versions",
       IMP + _drafts(A=KEEP.replace("sides = 20", "sides = 2"),
                     B=KEEP.replace("sides = 20", 'sides = 1000\nexplode = "990+"\ndepth = 50')) +
       "vw.load_edition(A)\nw = vw.PoolRoller(edition='rt', dice=60, keep=30)\n",
       [("reload", "vw.load_edition(B)\nw.error", "any"), ("roll", "w.roll_dice(seed=1).outcome", "any")]),
    _c("a reload that fails leaves the open roller as it was", "versions",
       IMP + _drafts(A=PLAIN, B=PLAIN.replace("success = [6]", "success = [7]")) +
       "vw.load_edition(A)\nw = vw.PoolRoller(edition='rt', dice=4)\np = w.odds_view['p_pass']\n",
       [("reload", "vw.load_edition(B)", "refuse"), ("after", "(w.error, w.odds_view['p_pass'] == p)", "ok")],
       {"after": "None if not _[0] and _[1] else f'the roller changed after a refused reload: {_}'"}),
    _c("a field's range shrinks under the roller's value", "versions",
       IMP + _drafts(A=PLAIN, B=PLAIN.replace("range = [1, 10]\ndefault = 4", "range = [1, 5]\ndefault = 4")) +
       "vw.load_edition(A)\nw = vw.PoolRoller(edition='rt', dice=9)\nvw.load_edition(B)\n",
       [("roll", "r = w.roll_dice(seed=1)\n(r.spec['dice'], w.error)", "any")],
       {"roll": "None if _[0] <= 5 else f'rolled dice={_[0]} past the new range'"}),
    _c("a version of another draft in the spec", "versions",
       IMP + _drafts(A=PLAIN, B=PLAIN.replace('id = "rt"', 'id = "rt2"').replace("success = [6]", "success = [5, 6]")) +
       "vw.load_edition(A)\nvb = vw.load_edition(B).VERSION\n",
       [("odds", "vw.odds({'edition': 'rt', 'version': vb}).p_pass", "refuse")]),
    _c("a by-hand roller enters faces of the old sides after a reload", "versions",
       IMP + _drafts(A=PLAIN, B=PLAIN.replace("sides = 6", "sides = 4").replace("success = [6]", "success = [4]")
                     .replace("marks = { bane = [1] }", "")) +
       "vw.load_edition(A)\nw = vw.PoolRoller(edition='rt', dice=2, by_hand=True)\nvw.load_edition(B)\n",
       [("enter", "w.enter_faces([6, 6])", "refuse")]),
]

# ---------------------------------------------------------------- one evaluator: roll, roll_many and odds agree
MANY = ("many = vw.roll_many(S, 20000, seed=3)\ndist = vw.odds(S).distribution\n"
        "rolled = vw.roll(S, seed=3).outcome\n(len(dist), rolled)")
CASES += [
    _c("lazy if in an event (no division by 0)", "evaluator",
       _drafts(D=PLAIN + '[events]\nbig = "if(successes == 0, false, 12 // successes > 2)"\n') + L,
       [("odds", "vw.odds({'edition': 'rt'}).events['big']", "ok"),
        ("roll", "[vw.roll({'edition': 'rt'}, seed=s).details['events'] for s in range(30)]", "ok")]),
    _c("lazy if in a die's sides (60 // dice, dice may be 0)", "evaluator",
       _drafts(D=PLAIN.replace("range = [1, 10]", "range = [0, 10]").replace("sides = 6", 'sides = "if(dice == 0, 6, max(2, 60 // dice))"')
               .replace("success = [6]", 'success = { at_least = "sides" }').replace("marks = { bane = [1] }", "")) + L,
       [("odds 0", "vw.odds({'edition': 'rt', 'dice': 0}).p_pass", "ok"),
        ("roll 0", "vw.roll({'edition': 'rt', 'dice': 0}, seed=1).outcome", "ok"),
        ("many 7", "vw.roll_many({'edition': 'rt', 'dice': 7}, 1000, seed=1).mean()", "ok")]),
    _c("and on a number with highest(): refused at load", "evaluator",
       _drafts(D=PLAIN + '[events]\nx = "highest() > 3 and 7"\n'),
       [("load", "vw.load_edition(D)", "refuse")], {"load!": AT}),
    _c("or of two counts: refused at load", "evaluator",
       _drafts(D=_with_value(PLAIN, "successes or count(bane)")),
       [("load", "vw.load_edition(D)", "refuse")], {"load!": AT}),
    _c("floor division and % of a negative total: roll_many within the odds", "evaluator",
       _drafts(D=_with_value(PLAIN, "(total(own) - 20) // 3 * 10 + (total(own) - 23) % 4")
               .replace("range = [1, 5]", "range = [-20, 5]")) + L + "S = {'edition': 'rt', 'dice': 5}\n",
       [("many", MANY, "ok")], {"many": SAME}),
    _c("exact whole numbers past 2**63 on the way (products then divided)", "evaluator",
       _drafts(D=_with_value(PLAIN, "total * 99999999999999 * 99999999999999 // 99999999999999 // 99999999999999 - 1")
               .replace("range = [1, 5]", "range = [1, 1000]")) + L + "S = {'edition': 'rt', 'dice': 10}\n",
       [("many", MANY, "ok")], {"many": SAME}),
    _c("an outcome past 10**15 only at the field's high end (a rule of 15 digits)", "evaluator",
       _drafts(D=_with_value(PLAIN.replace("[dice.d6]", "[rules]\noffset = 999999999999995\n[dice.d6]"),
                             "successes + offset")) + L,
       [("odds", "vw.odds({'edition': 'rt', 'dice': 10}).mean", "refuse"),
        ("many", "vw.roll_many({'edition': 'rt', 'dice': 10}, 1000, seed=1).max()", "refuse"),
        ("roll", "vw.roll({'edition': 'rt', 'dice': 10}, seed=1).outcome", "any"),
        ("odds 4", "vw.odds({'edition': 'rt', 'dice': 4}).mean", "ok")]),
    _c("highest(keep) with keep below 0", "evaluator",
       _drafts(D=KEEP.replace("range = [0, 60]", "range = [-3, 60]")) + L,
       [("odds", "vw.odds({'edition': 'rt', 'keep': -2}).p_pass", "any"),
        ("roll", "vw.roll({'edition': 'rt', 'keep': -2}, seed=1).outcome", "any")]),
    _c("keep-highest with exploding dice (Savage-like): roll_many within the odds", "evaluator",
       _drafts(D=KEEP.replace("sides = 20", "sides = 6\nexplode = [6]\ndepth = 4").replace("[1, 1000]", "[1, 200]")) + L +
       "S = {'edition': 'rt', 'dice': 4, 'keep': 2}\n",
       [("many", MANY, "ok")], {"many": SAME}),
    _c("an event's chance from the odds vs 40,000 rolls' details", "evaluator",
       _drafts(D=YZE.split("[reroll]")[0]) + L,
       [("agree", "S = {'edition': 'rt', 'base': 4, 'skill': 3, 'gear': 2}\n"
                  "p = vw.odds(S).events['gear made the difference']\n"
                  "k = sum('gear made the difference' in vw.roll(S, seed=s).details['events'] for s in range(1000))\n"
                  "(p, k / 1000)", "any")],
       {"agree": "None if abs(_[0] - _[1]) < 0.05 else f'odds {_[0]:.3f}, rolls {_[1]:.3f}'"}),
    _c("a yes or no added up: successes + (count(bane) > 0) * 10", "evaluator",
       _drafts(D=_with_value(PLAIN, "successes + (count(bane) > 0) * 10")) + L + "S = {'edition': 'rt', 'dice': 3}\n",
       [("many", MANY, "ok")], {"many": SAME}),
    _c("modulo by a count that can be 0 (total % successes)", "evaluator",
       _drafts(D=_with_value(PLAIN, "total % successes")),
       [("load", "vw.load_edition(D)", "any"), ("odds", "vw.odds({'edition': 'rt'}).p_pass", "any"),
        ("roll", "vw.roll({'edition': 'rt'}, seed=1).outcome", "any")]),
    _c("a die's sides dividing by 0 at one value (60 // (dice - 3))", "evaluator",
       _drafts(D=PLAIN.replace("sides = 6", 'sides = "60 // (dice - 3)"').replace("marks = { bane = [1] }", "")
               .replace("success = [6]", 'success = { at_least = "sides" }')) ,
       [("load", "vw.load_edition(D)", "any"), ("odds", "vw.odds({'edition': 'rt', 'dice': 3}).p_pass", "refuse"),
        ("roller", "w = vw.PoolRoller(edition='rt', dice=3)\nw.error", "any")], {"roller": NO_PY}),
    _c("min() of nothing and max of one", "evaluator",
       _drafts(D=_with_value(PLAIN, "min() + max(successes)")),
       [("load", "vw.load_edition(D)", "refuse")], {"load!": AT}),
]

# ---------------------------------------------------------------- round 3b: die tables at load, rolls behind the odds guard, knobs, seams
BIG_DIE = PLAIN.replace("sides = 6", "sides = 1000").replace("success = [6]", 'success = "900+"').replace(
    "marks = { bane = [1] }", 'explode = "2+"\ndepth = 50')
UNB = PLAIN.replace("range = [1, 10]", "range = [1, 30]").replace("marks = { bane = [1] }",
                                                                 'explode = "2+"\ndepth = "unbounded"')
CASES += [
    _c("load: a d1000 exploding on 2+ to depth 50 whose total is read", "cost", _drafts(D=_with_value(BIG_DIE, "total")),
       [("load", "vw.load_edition(D)", "any")]),
    _c("load: a d100 exploding on 2+ without end whose total is read", "cost",
       _drafts(D=_with_value(UNB.replace("sides = 6", "sides = 100"), "total")),
       [("load", "vw.load_edition(D)", "any")]),
    _c("load: sides, explosion and depth from fields at their highest defaults", "cost",
       _drafts(D=SIDES.replace("default = 6", "default = 1000").replace("default = 3", "default = 50").replace(
           'explode = { at_least = "sides" }', 'explode = { at_least = "2" }')),
       [("load", "vw.load_edition(D)", "any")]),
    _c("sample of a pool exploding without end (a sample needs no odds)", "cost",
       _drafts(D=_with_value(UNB, "successes * 10 + total")) + L,
       [("sample", "vw.sample({'edition': 'rt', 'dice': 10}, 20000).mean if hasattr(vw.sample({'edition': 'rt', 'dice': 1}, 10), 'mean') else 0", "any"),
        ("roll_many", "vw.roll_many({'edition': 'rt', 'dice': 10}, 20000, seed=1).mean()", "any")]),
    _c("a roller of 60 d20 keep 30: its Roll button (rolls need no odds)", "cost", _drafts(D=KEEP) + L,
       [("roller", "w = vw.PoolRoller(edition='rt', dice=60, keep=30)\nw.roll_dice(seed=1).outcome", "any")]),
    _c("knobs: a die's sides and its exploding face changed together", "loading", _drafts(D=PLAIN.replace(
        "marks = { bane = [1] }", "explode = [6]\ndepth = 3")) + L,
       [("odds", "vw.odds({'edition': 'rt', 'rules': {'dice.d6.sides': 20, 'dice.d6.explode': [20], "
                 "'dice.d6.success': [20]}}).p_pass", "ok")]),
    _c("the lab's knob message with junk values (a dict, 10**100, text)", "loading", _drafts(D=PLAIN) + L +
       "lab = vw.RuleLab(edition='rt')\n",
       [("dict", "lab.panel._handle({'do': 'knob', 'variant': 'B', 'name': 'dice.d6.sides', 'value': {'a': 1}})\nlab.error",
         "any"),
        ("huge", "lab.panel._handle({'do': 'knob', 'variant': 'B', 'name': 'dice.d6.sides', 'value': 10 ** 100})\nlab.error",
         "any"),
        ("name", "lab.panel._handle({'do': 'knob', 'variant': 'B', 'name': '__class__', 'value': 3})\nlab.error", "any")],
       {"dict": NO_PY, "huge": NO_PY, "name": NO_PY}),
    _c("a push pending when the draft is loaded again with other sides", "versions",
       _drafts(A=PUSH.replace("range = [1, 10]\ndefault = 4", "range = [1, 10]\ndefault = 8"),
               B=PUSH.replace("range = [1, 10]\ndefault = 4", "range = [1, 10]\ndefault = 8").replace(
                   "sides = 6", "sides = 8").replace("success = [6]", "success = [8]").replace('"2-5"', '"2-7"')) +
       "vw.load_edition(A)\nw = vw.TaskRoller(edition='rt', dice=8, need=5, seed=4)\nw.roll_dice()\n"
       "phase = w.table['phase']\nvw.load_edition(B)\n",
       [("push", "pick = [d['index'] for d in w.table['dice'] if d.get('selectable')][:2]\n"
                 "w._handle({'do': 'choose', 'kiss': pick})\nw._handle({'do': 'commit'})\n"
                 "(phase, w.log.replay(len(w.log.entries) - 1).outcome, w.table.get('outcome'), w.error)", "any")],
       {"push": "None if _[1] == _[2] else f'the log replays {_[1]} for the roll that showed {_[2]}'"}),
    _c("a variant draft of the lab loaded again with a field renamed", "versions",
       _drafts(A=PLAIN, B=PLAIN.replace('id = "rt"', 'id = "rt2"'),
               C=PLAIN.replace('id = "rt"', 'id = "rt2"').replace("[fields.dice]", "[fields.pool]").replace(
                   'count = "dice"', 'count = "pool"')) +
       "vw.load_edition(A)\nvw.load_edition(B)\nlab = vw.RuleLab(edition='rt', b='rt2')\nvw.load_edition(C)\n",
       [("lab", "(lab.error, str(lab.comparison)[:200])", "any"),
        ("compare", "str(vw.compare({'edition': 'rt'}, {'other': 'rt2'}))[:200]", "any")],
       {"lab": NO_PY, "compare": NO_PY}),
    _c("the default ladder of keep-highest (1,000 rungs of need)", "aggregates", _drafts(D=KEEP) + L,
       [("ladder", "len(vw.ladder({'edition': 'rt'}))", "ok"),
        ("screen", "w = vw.FCScreen({'A': {'edition': 'rt'}, 'B': {'edition': 'rt', 'dice': 6}})\n(w.error, "
                   "w.to_markdown()[:80])", "ok")],
       {"screen": "None if not _[0] else 'the screen refuses the defaults: ' + _[0][:300]"}),
    _c("explain of a draft with 3 groups, events and a push", "aggregates", _drafts(D=YZE) + L,
       [("explain", "str(vw.explain({'edition': 'rt', 'base': 12, 'skill': 12, 'gear': 12, 'need': 8, "
                    "'pushed': 'always'}))", "any")], {"explain": NO_PY}),
]

# ---------------------------------------------------------------- one evaluator: the whole distribution, rolls against odds
AGREE_SETUP = ("many = vw.roll_many(S, 20000, seed=3)\ndist = {int(k): float(p) for k, p in vw.odds(S).distribution.items()}\n"
               "ones = [vw.roll(S, seed=s).outcome for s in range(1500)]\nlen(dist)")
AGREE = ("(lambda f: None if not f else 'rolls and the odds disagree (value, odds, roll_many, vw.roll): ' + str(f[:4]))("
         "[(k, round(p, 4), round(float((many == k).mean()), 4), round(ones.count(k) / len(ones), 4)) for k, p in "
         "dist.items() if abs(float((many == k).mean()) - p) > 4 * (p * (1 - p) / len(many)) ** 0.5 + 0.003 or "
         "abs(ones.count(k) / len(ones) - p) > 4 * (p * (1 - p) / len(ones)) ** 0.5 + 0.01] + "
         "[(int(x), 'never in the odds') for x in set(many.tolist()) | set(ones) if int(x) not in dist][:3])")
BLADES = '''id = "rt"
[fields.dice]
range = [0, 6]
default = 0
[fields.need]
range = [1, 6]
default = 4
group = "difficulty"
[dice.d6]
sides = 6
success = "4+"
marks = { six = [6] }
[groups.own]
count = "if(dice == 0, 2, dice)"
[outcome]
value = "if(dice == 0, lowest(), highest()) * 10 + if(dice > 0 and six >= 2, 1, 0)"
threshold = "need * 10"
[outcome.degrees]
"bad" = 0
"mixed" = 40
"full" = 60
"crit" = 61
'''
CANCEL = '''id = "rt"
[fields.dice]
range = [0, 8]
default = 4
[fields.black]
range = [0, 8]
default = 3
group = "difficulty"
[dice.d6]
sides = 6
success = "5+"
marks = { one = [1] }
[dice.d8]
sides = 8
success = "7+"
explode = [8]
depth = 2
[groups.own]
die = "d6"
count = "dice"
[groups.black]
die = "d8"
count = "black"
cancels = true
[outcome]
value = "successes * 100 + highest(1, own) * 10 - highest(1, black) + count(one, own)"
threshold = 1
'''
ALLIES = '''id = "rt"
[fields.caliber]
options = ["bronze", "silver", "gold"]
default = "silver"
[fields.allies]
list_of = "caliber"
most = 3
[rules]
sides_of = { value = { bronze = 4, silver = 6, gold = 8 } }
[dice.die]
sides = "sides_of[grade]"
success = { at_least = "sides - 1" }
explode = { at_least = "sides" }
depth = 2
[groups.own]
count = 2
grade = "caliber"
[groups.ally]
each = "allies"
[outcome]
value = "total(own) * 2 + highest(1, ally) - lowest(1, own)"
threshold = 10
'''
CASES += [
    _c("Blades-like: the lowest of two at 0 dice, the highest else, a crit", "evaluator", _drafts(D=BLADES) + L +
       "S = {'edition': 'rt', 'dice': 0}\n", [("agree", AGREE_SETUP, "ok")], {"agree": AGREE}),
    _c("Blades-like at 4 dice", "evaluator", _drafts(D=BLADES) + L + "S = {'edition': 'rt', 'dice': 4}\n",
       [("agree", AGREE_SETUP, "ok")], {"agree": AGREE}),
    _c("cancelling exploding d8 read per group (highest of each, marks of one)", "evaluator", _drafts(D=CANCEL) + L +
       "S = {'edition': 'rt', 'dice': 4, 'black': 3}\n", [("agree", AGREE_SETUP, "ok")], {"agree": AGREE}),
    _c("allies' dice by grade (sides by a rule per word), highest among them", "evaluator", _drafts(D=ALLIES) + L +
       "S = {'edition': 'rt', 'caliber': 'gold', 'allies': ['bronze', 'gold', 'silver']}\n",
       [("agree", AGREE_SETUP, "ok")], {"agree": AGREE}),
    _c("yze with a push always: roll, roll_many and odds", "evaluator", _drafts(D=YZE) + L +
       "S = {'edition': 'rt', 'base': 4, 'skill': 2, 'gear': 2, 'need': 2, 'pushed': 'always'}\n",
       [("agree", AGREE_SETUP, "ok")], {"agree": AGREE}),
    _c("a degree named like a mark's chance (at least one bane)", "loading",
       _drafts(D=PLAIN + '[outcome.degrees]\n"failure" = 0\n"at least one bane" = 1\n'),
       [("load", "vw.load_edition(D)", "any"),
        ("odds", "b = vw.odds({'edition': 'rt'}).breakdown\n(sorted(b), sum(v for k, v in b.items() if k == 'failure' or "
                 "k == 'at least one bane'))", "any")],
       {"odds": "None if len(_[0]) >= 3 else f'two chances under one name: {_}'"}),
]

# ---------------------------------------------------------------- a log's file, and odd things handed to the loader
CASES += [
    _c("a log file in Latin-1 imported", "loading",
       IMP + "p = os.path.join(tempfile.mkdtemp(), 'log.json')\nopen(p, 'wb').write(b'{\"entries\": [], \"x\": \"caf\\xe9\"}')\n",
       [("import", "vw.RollLog().import_file(p)", "refuse")]),
    _c("a log 'file' that is a directory", "loading",
       IMP + "p = os.path.join(tempfile.mkdtemp(), 'log.json')\nos.mkdir(p)\n",
       [("import", "vw.RollLog().import_file(p)", "refuse")]),
    _c("a log 'file' that never ends: /dev/zero", "loading", "",
       [("import", "vw.RollLog().import_file('/dev/zero')", "refuse")]),
    _c("a draft file that does not exist", "loading", "",
       [("load", "vw.load_edition('/nonexistent/push.toml')", "refuse")]),
    _c("a draft that is neither text nor a dict (a number, None, a list)", "loading", "",
       [("number", "vw.load_edition(12)", "refuse"), ("none", "vw.load_edition(None)", "refuse"),
        ("list", "vw.load_edition([('id', 'rt')])", "refuse")]),
    _c("a dict draft whose numbers are floats, bools and huge ints", "loading",
       "import tomllib\n" + _drafts(D=PLAIN) + "d = tomllib.loads(D)\nd['fields']['dice']['range'] = [True, 10 ** 40]\n"
       "d['dice']['d6']['sides'] = 6.0\n",
       [("load", "vw.load_edition(d)", "refuse")]),
    _c("a dict draft with non-text keys", "loading",
       "import tomllib\n" + _drafts(D=PLAIN) + "d = tomllib.loads(D)\nd['fields'][3] = {'range': [1, 2]}\n"
       "d[('a',)] = 1\n",
       [("load", "vw.load_edition(d)", "refuse")]),
]

# ---------------------------------------------------------------- seams: re-roll x explosions x cancelling x events x doubling
SEAM = '''id = "rt"
[fields.dice]
range = [1, 8]
default = 5
[fields.black]
range = [0, 4]
default = 2
group = "difficulty"
[fields.need]
range = [1, 6]
default = 3
group = "difficulty"
[fields.ego]
default = true
[dice.d6]
sides = 6
success = [6]
marks = { bane = [1] }
explode = [6]
depth = 2
[dice.b6]
sides = 6
success = [6]
[groups.own]
die = "d6"
count = "dice"
[groups.black]
die = "b6"
count = "black"
cancels = true
[outcome]
threshold = "need"
[events]
"bane and pass" = "count(bane, own) >= 1 and value >= threshold"
"black hurt" = "successes(black) >= 1"
[reroll]
name = "Push"
budget = "all_dice"
dice = ["own"]
faces = "2-5"
[double]
adds = "bane"
if = "ego"
'''
CASES += [
    _c("push x explosions x cancelling dice x events x doubling: rolls agree with the odds", "evaluator",
       _drafts(D=SEAM) + L + "S = {'edition': 'rt'}\n", [("agree", AGREE_SETUP, "ok")], {"agree": AGREE}),
    _c("the same seam: each event's chance against 1,500 rolls", "evaluator", _drafts(D=SEAM) + L +
       "S = {'edition': 'rt'}\n",
       [("events", "ev = vw.odds(S).events\nrs = [vw.roll(S, seed=s).details['events'] for s in range(1500)]\n"
                   "{k: (round(p, 3), round(sum(k in r for r in rs) / 1500, 3)) for k, p in ev.items()}", "ok")],
       {"events": "(lambda bad: None if not bad else f'event chances, odds vs rolls: {bad}')({k: v for k, v in _.items() "
                  "if abs(v[0] - v[1]) > 0.04})"}),
    _c("the same seam on the FC screen, the lab and explain", "aggregates", _drafts(D=SEAM) + L,
       [("screen", "w = vw.FCScreen({'A': {'edition': 'rt', 'dice': 8}, 'B': {'edition': 'rt', 'dice': 3}})\n"
                   "(w.error, w.to_markdown()[:60])", "ok"),
        ("lab", "lab = vw.RuleLab(edition='rt', b={'dice.d6.depth': 0})\n(lab.error, str(lab.comparison)[:80])", "ok"),
        ("explain", "str(vw.explain({'edition': 'rt', 'dice': 8, 'black': 4}))", "ok")],
       {"screen": NO_PY, "lab": NO_PY, "explain": NO_PY}),
]
CASES += [
    _c("the FC screen of keep-highest at its defaults, cold", "aggregates", _drafts(D=KEEP) + L,
       [("screen", "w = vw.FCScreen({'A': {'edition': 'rt'}})\nw.error", "ok")]),
    _c("the FC screen refuses a target of NaN before any work", "aggregates", _drafts(D=KEEP) + L,
       [("screen", "vw.FCScreen({'A': {'edition': 'rt'}}, target=float('nan'))", "refuse")]),
]

# ---------------------------------------------------------------- the guard at its edge: accepted over the bound, refusals naming a field that changes nothing
SIDES_TOTAL = SIDES.replace('threshold = "need"', 'threshold = "need"\nvalue = "total"').replace("range = [1, 100]",
                                                                                               "range = [1, 1000]")
NOT_NEED = "None if not re.search(r'\\bneed=', err) else 'the refusal names need, which changes none of the work: ' + err[:220]"
CASES += [
    _c("the total of 50 d36 aces to depth 5 (accepted by the guard)", "cost", _drafts(D=SIDES_TOTAL) + L,
       [("odds", "vw.odds({'edition': 'rt', 'dice': 50, 'faces': 36, 'aces': 5}).p_pass", "any"),
        ("exact", "vw.odds({'edition': 'rt', 'dice': 50, 'faces': 36, 'aces': 5}, exact=True).p_pass", "any")]),
    _c("a refusal of two groups' readings names the threshold's field", "cost",
       _drafts(D=TWO.replace("VALUE", "max(total(ga), total(gb)) * 1000 + min(highest(2, ga), lowest(2, gb))")) + L,
       [("odds", "vw.odds({'edition': 'rt', 'a': 40, 'b': 40}).p_pass", "any")], {"odds!": NOT_NEED}),
    _c("a refusal of yze at 36 dice pushed names the successes needed", "cost", _drafts(D=YZE) + L,
       [("odds", "vw.odds({'edition': 'rt', 'base': 12, 'skill': 12, 'gear': 12, 'need': 6, 'pushed': 'always'}).p_pass",
         "any")], {"odds!": NOT_NEED}),
    _c("a refusal of highest(2) of 50 d1000 aces names need at its lowest", "cost",
       _drafts(D=SIDES.replace('threshold = "need"', 'threshold = "need"\nvalue = "highest(2)"').replace(
           "range = [1, 100]", "range = [1, 1000]")) + L,
       [("odds", "vw.odds({'edition': 'rt', 'dice': 50, 'faces': 1000, 'aces': 50}).p_pass", "any")],
       {"odds!": NOT_NEED + " if 'inf s' not in err else 'the refusal says inf s: ' + err[:200]"}),
]
