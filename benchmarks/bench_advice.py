"""Benchmark: the KISS step at the table, as a player clicks dice.

Run with ``make bench`` (or ``.venv/bin/python benchmarks/bench_advice.py``).

A roller at the KISS step asks ``vw.advise`` once for the faces showing
(every choice priced at once) and ``vw.kiss_odds`` for the dice the player
has selected, on every click. Timed on the heaviest agora roll (23 main
dice and a help die, a budget of 40, Ego), for the three face sets of
tests/test_agora.py::test_heavy_advice_groups_equivalent_dice, every engine
cache emptied before each call (the cache walk of bench_odds.py, and the
advice by spec and faces):

* **advise cold**: the whole advice for the faces;
* **kiss_odds cold**: one choice, for a sample of the advice's options
  (the median over them), counted exactly in whole numbers.

The target: a click answers in well under 50 ms (the median; the slowest
single call is printed too, a busy machine makes it jump) (kiss_odds was about
1.7 s on the heaviest choices while it counted in Fractions). Medians of
``--repeat`` runs (default 3). Timings depend on the machine and on what
else runs on it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "benchmarks") not in sys.path:
    sys.path.insert(0, str(ROOT / "benchmarks"))

import venus_widgets as vw  # noqa: E402
from bench_caches import clear, engine_caches  # noqa: E402
from venus_widgets.engine import api  # noqa: E402

HEAVY = {"edition": "agora", "roll": "task", "job": 10, "assets": 10, "health": 3, "ego": True, "helpers": [5, 5],
         "helper_kiss": True, "kiss": 40, "difficulty": "challenging", "consequences": 4}
FACES = {
    6: [1, 2, 3, 4, 5] * 4 + [1, 2, 3, 4],
    4: [1, 2, 3, 4, 5] * 2 + [1, 2, 3] * 4 + [1, 3],
    2: [1] * 17 + [2, 3, 4, 5, 5, 5, 2],
}
TARGET_MS = 50.0


def timed(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--choices", type=int, default=12, help="options of each advice timed with kiss_odds")
    args = ap.parse_args(argv)
    caches = engine_caches()
    print(f"{'rank':>4} {'options':>8} {'advise cold ms':>15} {'kiss_odds cold ms':>18} {'slowest ms':>11}")
    worst = 0.0
    for rank, faces in FACES.items():
        spec = {**HEAVY, "rank": rank}
        advice = vw.advise(spec, faces)
        picks = advice.options[:: max(1, len(advice.options) // args.choices)]
        adv, one = [], []
        for _ in range(args.repeat):
            clear(caches)
            api._ADVICE.clear()  # the advice by spec and faces (not named like a cache)
            adv.append(timed(lambda: vw.advise(spec, faces)))
            for o in picks:
                clear(caches)
                one.append(timed(lambda: vw.kiss_odds(spec, faces, list(o.kiss))))
        worst = max(worst, statistics.median(one))
        print(f"{rank:>4} {len(advice.options):>8} {1e3 * statistics.median(adv):>15.1f} "
              f"{1e3 * statistics.median(one):>18.2f} {1e3 * max(one):>11.2f}")
    met = "met" if 1e3 * worst < TARGET_MS else "NOT met"
    print(f"target: a kiss_odds click under {TARGET_MS:.0f} ms (median of each face set): {met}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
