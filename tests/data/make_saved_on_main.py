"""Writes tests/data/saved_on_main.json with the package as it was on main
(commit cf19b2e): run there, e.g.
``git worktree add /tmp/mainwt cf19b2e`` then
``PYTHONPATH=/tmp/mainwt python tests/data/make_saved_on_main.py``.
Never run by the tests (they read what it wrote).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import venus_widgets as vw
from venus_widgets.engine.drafts import EXAMPLES, load_edition
from venus_widgets.widgets.log_record import LOG_FORMAT, entry_result, make_entry

assert "mainwt" in vw.__file__ or "--anywhere" in sys.argv, vw.__file__

OWN = '''id = "ironsworn-mine"
name = "Ironsworn, my way"
[fields.stat]
range = [1, 5]
default = 2
label = "Stat"
[dice.d10]
sides = 10
[dice.d6]
sides = 6
[groups.challenge_dice]
die = "d10"
count = 2
called = "challenge die"
[groups.action_dice]
die = "d6"
count = 1
called = "action die"
[outcome]
value = "total + stat"
threshold = 8
'''

HERESY = (EXAMPLES / "heresy.toml").read_text(encoding="utf-8")
EDITED = HERESY.replace('explode = [6]             #', 'explode = [5, 6]          #')
assert EDITED != HERESY and 'id = "heresy-draft"' in EDITED


def odds_of(spec: dict, exact: bool = True) -> dict:
    o = vw.odds(spec)
    out = {"spec": vw.normalize(spec), "p_pass": repr(o.p_pass), "mean": repr(o.mean),
           "breakdown": {k: repr(v) for k, v in o.breakdown.items()}}
    if exact:
        out["exact_p_pass"] = str(vw.odds(spec, exact=True).p_pass)
    return out


def entry(spec: dict, seed: int) -> dict:
    r = vw.roll(spec, seed)
    s = vw.normalize(spec)
    return make_entry(r, result=entry_result(s, r, (), None, ()))


def entered(spec: dict, faces: list) -> dict:
    r = vw.enter(spec, faces)
    s = vw.normalize(spec)
    return make_entry(r, result=entry_result(s, r, (), None, ()))


def log(entries: list) -> dict:
    return {"format": LOG_FORMAT, "entries": entries}


out: dict = {"made_by": subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                                       cwd=Path(vw.__file__).parent).stdout.strip()}

# 1. a designer's edited copy of heresy.toml, still under "heresy-draft" (its 5s roll again too)
ed = load_edition(EDITED)
out["edited_heresy"] = {"text": EDITED, "version": ed.VERSION,
                        "specs": [odds_of({"edition": "heresy-draft", "pool": p, "black": b}, exact=False)
                                  for p, b in ((6, 0), (7, 3), (4, 1))],
                        "log": log([entry({"edition": "heresy-draft", "pool": 7, "black": 2}, s) for s in range(6)])}
vw.engine.contract.edition.unregister("heresy-draft")

# 2. a designer's own draft whose keys say called's plural (challenge_dice, called "challenge die")
ed = load_edition(OWN)
own_specs = [{"edition": "ironsworn-mine", "stat": s} for s in (1, 3, 5)]
out["own_draft"] = {"text": OWN, "version": ed.VERSION, "specs": [odds_of(s) for s in own_specs],
                    "log": log([entry(own_specs[i % 3], 100 + i) for i in range(8)]
                               + [entered(own_specs[1], [7, 2, 4])])}
vw.engine.contract.edition.unregister("ironsworn-mine")

# 3. the shipped drafts under their ids on main (heresy-draft, vers-draft), as they shipped
shipped = {}
for name in ("heresy", "vers"):
    shipped[name] = load_edition(f"{name}.toml")
h = [{"edition": "heresy-draft", "pool": p, "black": b, "trade": t} for p, b, t in ((6, 0, 0), (9, 4, 1), (3, 2, 0))]
h.append({"edition": "heresy-draft", "pool": 5, "rules": {"success_faces": [6], "trade_rate": 2}})
v = [{"edition": "vers-draft", "ranks": r, "penalty": p} for r, p in ((0, 0), (3, 1), (6, 4))]
v.append({"edition": "vers-draft", "ranks": 2, "rules": {"base_ct": 5}})
out["shipped"] = {"versions": {ed.ID: ed.VERSION for ed in shipped.values()},
                  "specs": [odds_of(s, exact=s["edition"] == "vers-draft") for s in h + v],
                  "log": log([entry(s, 7 + i) for i, s in enumerate(h + v)]
                             + [entered(h[0], [6, 1, 2, 3, 4, 5, 6, 2])])}

# 4. the built-in code editions heresy and vers (no version), as the rollers log them
hc = [{"edition": "heresy", "pool": p, "black": b, "trade": t} for p, b, t in ((6, 0, 0), (9, 4, 1), (3, 2, 0), (12, 6, 2))]
hc.append({"edition": "heresy", "pool": 5, "rules": {"success_faces": [6], "trade_rate": 2}})
vc = [{"edition": "vers", "ranks": r, "penalty": p} for r, p in ((0, 0), (3, 1), (6, 4))]
vc.append({"edition": "vers", "ranks": 2, "rules": {"base_ct": 5}})
entries = [entry(s, seed) for s in hc + vc for seed in (0, 1, 2, 12345, 2**40 + 3)]
entries += [entered(hc[0], [6, 1, 2, 3, 4, 5, 6, 2]), entered(vc[1], [4, 2, 6])]
out["code_editions"] = {"log": log(entries)}

path = Path(__file__).with_name("saved_on_main.json")
path.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n", encoding="utf-8")
print("wrote", path, {k: len(v["log"]["entries"]) for k, v in out.items() if isinstance(v, dict)})
