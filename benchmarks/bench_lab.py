"""Benchmark: the rule lab's sweep and compare, as a playtester meets them.

Run with ``make bench`` (or ``.venv/bin/python benchmarks/bench_lab.py``).

* **sweep cold**: a 10 x 5 sweep (dice 1..10 x factors 0..4) of a playtest
  task under the base rules and two variants (150 new specs), every engine
  cache emptied first (the same cache walk as bench_odds.py); the target is
  well under 100 ms;
* **sweep warm**: the same sweep again with only the result cache emptied;
* **compare cold**: base + two variants of one task, caches emptied;
* **lab, heavy**: the RuleLab on the heaviest roll a roller accepts (a
  playsheet task whose every face passes and explodes from 2, six allies):
  built cold, then a change of the base roll; and the same with three allies,
  where the heatmap computes the part of its grid the cost estimate allows.
  The target is about 100 ms per change (widgets/lab_heatmap.py);
* **icepool**: the base grid's 50 distributions by the icepool peer of the
  test suite (tests/peer_playtest.py), its caches emptied before each, in
  the same run: the ratio is icepool's time for the base grid over ours for
  the base grid (cold). icepool cannot read our rule knobs, so only the base
  rules are timed against it.

Medians of ``--repeat`` runs (default 5). Timings depend on the machine:
compare ratios from one run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for _path in (ROOT / "tests", ROOT / "benchmarks"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

import venus_widgets as vw  # noqa: E402
from bench_caches import clear, engine_caches, icepool_clear, result_cache_names  # noqa: E402

SPEC = {"roll": "task", "caliber": "silver", "kiss": 1, "allies": ["gold"]}
OVER = {"dice": range(1, 11), "factors": range(0, 5)}
VARIANTS = {"Silver 3-6": {"success_from": {"silver": 3}}, "threshold 2": {"threshold_base": 2}}
#: The heaviest roll a roller accepts: every face passes and explodes from 2, with allies (the lab's worst case).
HEAVY = dict(roll="task", rank="platinum", explode=True, ally_kiss=True,
             rules={"explode_from": 2, "max_allies": 6, "pass_from": {"bronze": 2, "silver": 2, "gold": 2, "platinum": 2}})


def timed(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    caches = engine_caches()
    vw.sweep(SPEC, over={"dice": [1]})  # imports, first-call set-up
    cold, warm, comp, base_cold = [], [], [], []
    for _ in range(args.repeat):
        clear(caches)
        cold.append(timed(lambda: vw.sweep(SPEC, over=OVER, variants=VARIANTS)))
        clear(caches, result_cache_names(caches))
        warm.append(timed(lambda: vw.sweep(SPEC, over=OVER, variants=VARIANTS)))
        clear(caches)
        comp.append(timed(lambda: vw.compare({**SPEC, "dice": 6, "factors": 2}, VARIANTS)))
        clear(caches)
        base_cold.append(timed(lambda: vw.sweep(SPEC, over=OVER)))
    import peer_playtest

    specs = [{**SPEC, "dice": d, "factors": f} for d in OVER["dice"] for f in OVER["factors"]]
    ice = []
    for _ in range(max(1, args.repeat // 2)):
        t = 0.0
        for s in specs:
            icepool_clear()
            t += timed(lambda: peer_playtest.icepool_distribution(s))
        ice.append(t)
    heavy = {}
    for allies in (6, 3):
        spec = dict(HEAVY, allies=["platinum"] * allies)
        build, change = [], []
        for _ in range(max(1, args.repeat // 2)):
            clear(caches)
            t0 = time.perf_counter()
            lab = vw.RuleLab(edition="playsheet", **spec)
            build.append(time.perf_counter() - t0)
            change.append(timed(lambda: setattr(lab.roller, "dice", lab.roller.dice + 1)))
        heavy[allies] = (build, change, lab.panel.view["heat"].get("left_out", ""))
    ms = lambda xs: f"{statistics.median(xs) * 1e3:8.1f} ms"  # noqa: E731
    print(f"sweep 10 x 5, base + 2 variants (150 specs), cold: {ms(cold)}  (target: well under 100 ms: "
          f"{'met' if statistics.median(cold) < 0.1 else 'NOT met'})")
    print(f"sweep 10 x 5, base + 2 variants, warm (result cache emptied): {ms(warm)}")
    print(f"compare, base + 2 variants, cold: {ms(comp)}")
    print(f"base grid (50 specs), cold: ours {ms(base_cold)}, icepool {ms(ice)}, "
          f"icepool / ours {statistics.median(ice) / statistics.median(base_cold):.1f}x")
    for allies, (build, change, note) in heavy.items():
        print(f"rule lab, heavy exploding roll, {allies} allies: build cold {ms(build)}, a change {ms(change)} "
              f"(target about 100 ms: {'met' if statistics.median(change) < 0.1 else 'NOT met'}); {note or 'nothing left out'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
