"""Writes tests/data/saved_on_main_older.json with the package as it was on
main before heresy.toml and vers.toml changed last (commit 81a2056^,
5d866b0: the shipped drafts' versions 32c6783678a4 and 941a73fe5f39,
which specs saved on main from 4a2220c, when drafts got versions, to
81a2056 record): ``git worktree add /tmp/v81p 81a2056^`` then
``PYTHONPATH=/tmp/v81p python tests/data/make_saved_on_main_older.py``.
Never run by the tests (they read what it wrote).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import venus_widgets as vw
from venus_widgets.engine.drafts import load_edition
from venus_widgets.widgets.log_record import LOG_FORMAT, entry_result, make_entry

assert "v81p" in vw.__file__, vw.__file__


def odds_of(spec: dict, exact: bool) -> dict:
    o = vw.odds(spec)
    out = {"spec": vw.normalize(spec), "p_pass": repr(o.p_pass), "mean": repr(o.mean),
           "breakdown": {k: repr(v) for k, v in o.breakdown.items()}}
    if exact:
        out["exact_p_pass"] = str(vw.odds(spec, exact=True).p_pass)
    return out


def entry(spec: dict, seed: int) -> dict:
    r = vw.roll(spec, seed)
    return make_entry(r, result=entry_result(vw.normalize(spec), r, (), None, ()))


shipped = {name: load_edition(f"{name}.toml") for name in ("heresy", "vers")}
h = [{"edition": "heresy-draft", "pool": p, "black": b, "trade": t} for p, b, t in ((6, 0, 0), (9, 4, 1), (3, 2, 0))]
h.append({"edition": "heresy-draft", "pool": 5, "rules": {"dice.d6.success": [6], "trade_rate": 2}})
v = [{"edition": "vers-draft", "ranks": r, "penalty": p} for r, p in ((0, 0), (3, 1), (6, 4))]
v.append({"edition": "vers-draft", "ranks": 2, "rules": {"base_ct": 5}})
out = {"made_by": subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                                 cwd=Path(vw.__file__).parent).stdout.strip(),
       "versions": {ed.ID: ed.VERSION for ed in shipped.values()},
       "names": {ed.ID: ed.draft.name for ed in shipped.values()},
       "specs": [odds_of(s, exact=s["edition"] == "vers-draft") for s in h + v],
       "log": {"format": LOG_FORMAT, "entries": [entry(s, 7 + i) for i, s in enumerate(h + v)]}}
path = Path(__file__).with_name("saved_on_main_older.json")
path.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n", encoding="utf-8")
print("wrote", path, out["versions"], out["names"])
