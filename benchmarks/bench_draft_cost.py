"""Benchmark: a draft's cost estimate against the time its odds really take.

Run with ``.venv/bin/python benchmarks/bench_draft_cost.py`` (``make bench``).

Before counting a draft's odds the engine estimates the work
(:meth:`DraftEdition.work`, in multiply-adds; :data:`cost.LIMIT` is about a
second) and refuses what would take more. An estimate that is low lets a
player wait minutes (a user test of the drafts found 164 s allowed); one
that is far too high refuses rolls that would take milliseconds. This
sweep grows the counts of a set of drafts (two re-rollable groups of one
chance but different dice, dice exploding without end with a re-roll
budget, three groups of one chance, marks tracked or not, the seeds) until
the estimate refuses, counts each allowed spec cold (the caches emptied)
and prints, per draft, the worst ratio of the real time to the estimated
time (``work / LIMIT`` seconds), over the counts slower than ``--floor``
(20 ms: below it the fixed work of a call, not the estimate, decides):
above 1 the estimate was low. A series stops when a count takes more than
``--stop`` seconds.

Timings depend on the machine and its load: compare ratios from one run.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for _path in (ROOT / "tests", ROOT / "benchmarks"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

import venus_widgets as vw  # noqa: E402
from bench_caches import clear, engine_caches  # noqa: E402
from venus_widgets.engine.contract import edition  # noqa: E402
from venus_widgets.engine.drafts import cost as _cost  # noqa: E402
from venus_widgets.engine.contract.spec import normalize  # noqa: E402

STRESS = '''
id = "cost-stress"
[fields.dice]
range = [1, 1000]
default = 4
[fields.stress]
range = [0, 60]
default = 1
[fields.need]
range = [1, 10]
default = 1
[dice.base]
sides = 6
success = [6]
[dice.sd]
sides = 6
success = [6]
marks = { complication = [1] }
[groups.own]
die = "base"
count = "dice"
[groups.stressed]
die = "sd"
count = "stress"
[outcome]
threshold = "need"
[reroll]
name = "Push"
budget = "all_dice"
faces = "2-5"
'''

THREE = '''
id = "cost-three"
[fields.dice]
range = [0, 1000]
default = 4
[fields.ally]
range = [0, 60]
default = 2
[fields.help]
range = [0, 60]
default = 1
[fields.budget]
range = [0, 60]
default = 2
[dice.a]
sides = 6
success = [6]
marks = { crit = [6] }
[dice.b]
sides = 6
success = [6]
marks = { bane = [1] }
[groups.own]
die = "a"
count = "dice"
[groups.ally]
die = "b"
count = "ally"
[groups.helper]
die = "a"
count = "help"
[outcome]
value = "successes + crit"
threshold = 3
[reroll]
budget = "budget"
'''

WOD = '''
id = "cost-wod"
[fields.pool]
range = [1, 1000]
default = 5
[fields.difficulty]
range = [2, 10]
default = 7
[fields.need]
range = [1, 6]
default = 2
[fields.rerolls]
range = [0, 60]
default = 1
[dice.d10]
sides = 10
success = { at_least = "difficulty" }
explode = [10]
depth = "unbounded"
[groups.own]
count = "pool"
[outcome]
threshold = "need"
[reroll]
budget = "rerolls"
'''

D20 = '''
id = "cost-d20"
[fields.dice]
range = [1, 1000]
default = 3
[dice.d20]
sides = 20
success = "15+"
marks = { crit = [20], fumble = [1], edge = "18-19" }
[groups.own]
count = "dice"
[outcome]
value = "successes + crit - fumble + edge"
threshold = 3
'''

#: (draft text or example file, series: the spec's other fields, the field grown, its values)
SWEEPS = [
    (STRESS, [({"stress": s, "need": 4}, "dice", None) for s in (1, 6, 20, 60)]
     + [({"dice": d, "need": 4}, "stress", None) for d in (10, 100)]),
    (THREE, [({"ally": a, "help": h, "budget": b}, "dice", None) for a, h, b in
             ((2, 1, 2), (6, 2, 4), (10, 5, 10), (20, 10, 60), (60, 60, 60))]
     + [({"dice": 10, "help": 3, "budget": b}, "ally", None) for b in (3, 30)]),
    (WOD, [({"rerolls": r, "difficulty": d}, "pool", None) for r in (0, 1, 2, 5, 20, 60) for d in (7, 10)]),
    (D20, [({}, "dice", None)]),
    ("heresy-push.toml", [({"black": b}, "pool", None) for b in (0, 6, 36)]),
    ("heresy.toml", [({"black": b}, "pool", None) for b in (0, 36)]),
    ("playtest.toml", [({}, "dice", None)]),
]


def grow(lo: int, hi: int) -> list[int]:
    """Values from lo to hi, about 1.5 times apart."""
    out, v = [], max(lo, 1)
    while v < hi:
        out.append(v)
        v = max(v + 1, int(v * 1.5))
    return out + [hi]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--stop", type=float, default=3.0, help="stop a series at a count taking this long (s)")
    ap.add_argument("--floor", type=float, default=0.02, help="ratios of counts faster than this are not kept (s)")
    ap.add_argument("--verbose", action="store_true", help="where each series ends")
    args = ap.parse_args(argv)
    caches = engine_caches()
    worst_all = (0.0, "")
    slowest = (0.0, "")
    for source, series in SWEEPS:
        ed = vw.load_edition(source)
        worst = (0.0, "")
        over = (float("inf"), "")
        n = 0
        try:
            for extra, name, values in series:
                f = ed.draft.field(name)
                ends = []
                for v in values or grow(f.lo, ed.rules_of({})[f.hi.knob] if f.hi is not None else 1000):
                    raw = {"edition": ed.ID, **extra, name: v}
                    try:
                        spec = normalize(raw)
                    except vw.SpecError:
                        ends.append(f"refused at {v}")
                        break  # refused (by the estimate, or a field's range): the series ends
                    est = ed.work(spec) / _cost.LIMIT
                    clear(caches)
                    t0 = time.perf_counter()
                    vw.odds(spec)
                    real = time.perf_counter() - t0
                    n += 1
                    label = f"{ed.ID} {extra} {name}={v}: {real:.3f} s, estimated {est:.3f} s"
                    if real >= args.floor and real / max(est, 1e-9) > worst[0]:
                        worst = (real / max(est, 1e-9), label)
                    if real >= args.floor and real / max(est, 1e-9) < over[0]:
                        over = (real / max(est, 1e-9), label)
                    if real > slowest[0]:
                        slowest = (real, label)
                    ends[:] = [f"{v} in {real:.3f} s"]
                    if real > args.stop:
                        break
                if args.verbose:
                    print(f"  {ed.ID} {extra} {name}: {', '.join(ends)}")
        finally:
            edition.unregister(ed.ID)
        print(f"{ed.ID}: {n} specs; worst real/estimated {worst[0]:.2f} ({worst[1] or 'none slower than the floor'}); "
              f"lowest {over[0]:.3f} ({over[1]})")
        if worst[0] > worst_all[0]:
            worst_all = worst
    print(f"worst real/estimated over the sweep: {worst_all[0]:.2f} ({worst_all[1]}); "
          f"the slowest allowed: {slowest[1]} (target: the estimate bounds the time, ratio at most 1: "
          f"{'met' if worst_all[0] <= 1 else 'NOT met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
