"""Benchmark: exact odds of *new* specs, as a slider sweep creates them, against icepool.

Run with ``make bench`` (or ``.venv/bin/python benchmarks/bench_odds.py [--quick]``).

Each spec class is a sweep of distinct specs, made the way a player makes
them: start from one roll and move one slider (dice, factors, KISS, Ego,
allies, caliber...) across its range, then the next, keeping the earlier
sliders where they were. Timed, for each spec of a class in turn (in a
seeded random order, so that icepool's sample below spreads over the sweep),
ours as the median of ``--repeat`` runs (default 3; a class of one spec,
whose median is of that one spec's runs rather than of many specs, five
times as many, each as cold: three runs of 0.6 ms on a busy machine gave
medians from 0.7 to 1.2 ms):

* **ours cold**: every ``functools`` cache of ``venus_widgets.engine`` (found
  by walking the engine's modules for ``cache_clear``) and every dict the
  engine keeps under a name with "cache" or "memo" in it is cleared, then
  ``vw.odds(spec)`` is timed: no result-cache hit, no kernel warm from the
  same spec or any other;
* **ours warm**: the same spec again with only the result cache cleared (the
  kernels it just filled stay warm): what re-asking for a spec costs, and
  what the old benchmark reported as the speed;
* **icepool**: the same distribution by the icepool peers of the test suite
  (``tests/peer_<edition>.py``), after clearing icepool's own global caches
  (its ``functools`` caches, module-level cache dicts and the caches of its
  shared evaluator objects), so it too computes a new spec from scratch.
  The peers build new dice for each call. The benchmark checks that both
  sides give the same distribution (to 1e-9) on every spec icepool times.

Then, after the class, **ours in sweep**: the class's specs again, in sweep
order from empty caches, with only the result cache cleared before each:
every spec is new, the kernels keep what the earlier specs filled, which is
what a player moving the sliders gets.

Under the table, the speed targets, met or not: a new spec in at most 1 ms
(the cold median of each class, the largest legal specs each a class of
their own), and icepool / ours cold at least 30x (median) on the sweep of
distinct playtest tasks (mixed calibers, KISS budget, Ego double6).

Before a class, each library computes one spec outside the sweep (imports,
first-call set-up). icepool is slow (0.02 s to over a minute per spec), so it
times a seeded random sample of each class within a time budget, each call
cut after ``--icepool-cap`` seconds (a cut call counts as the time it ran:
its ratio is a lower bound, printed with ``>``). Ratios are per spec, icepool
over ours cold, on the specs both timed.

Times are wall time; on a busy machine ``--clock cpu`` times this process's
CPU time instead, which other programs disturb less (it counts every thread:
numpy's BLAS may use more than one on a large matrix product).

The spec classes live in ``bench_specs.py``, the caches it empties in
``bench_caches.py``; this script times and prints.

This is a script, not a test: timings depend on the machine (and on what else
runs on it); compare ratios from the same run. tests/test_bench.py runs the
same code on tiny specs and checks that the cold path really misses the caches.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
for _path in (ROOT / "tests", ROOT / "benchmarks"):  # the peers; this script's own modules
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

import venus_widgets as vw  # noqa: E402
from bench_caches import (  # noqa: E402,F401
    CacheInfo, DictCache, _dict_caches, _functools_caches, clear, engine_caches, icepool_clear, result_cache_names,
)
from bench_specs import (  # noqa: E402,F401
    COLD_TARGET, DRAFTS, RATIO_TARGET, TWIN_TARGET, Spec, SpecClass, quick_classes, spec_classes, sweep,
)

# -- timing ------------------------------------------------------------------------

#: The clock of every timing: wall time by default; ``--clock cpu`` takes this
#: process's CPU time, which other programs on a busy machine disturb less.
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
clock = CLOCKS["wall"]


def _timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    t0 = clock()
    out = fn()
    return clock() - t0, out


def ours_cold(spec: Spec, caches: dict[str, Callable]):
    """Seconds and odds of ``spec`` with every engine cache empty."""
    clear(caches)
    return _timed(lambda: vw.odds(spec))


def ours_warm(spec: Spec, caches: dict[str, Callable]):
    """Seconds and odds of ``spec`` with only the result cache emptied: the
    kernels keep what earlier calls left (warm: the same spec just before;
    in sweep: the earlier specs of the sweep)."""
    clear(caches, result_cache_names(caches))
    return _timed(lambda: vw.odds(spec))


#: How many times more often a class of a single spec is timed (see above).
SINGLE_SPEC_RUNS = 5


class Cut(Exception):
    """An icepool call ran past its cap."""


def icepool_cold(spec: Spec, peer: str, cap: float):
    """Seconds and distribution of icepool's peer on ``spec`` with its caches
    empty; ``(seconds, None)`` when cut after ``cap`` seconds (wall time)."""
    module = importlib.import_module(peer)
    icepool_clear()
    alarm = hasattr(signal, "setitimer") and cap > 0

    def stop(*_):
        raise Cut

    if alarm:
        old = signal.signal(signal.SIGALRM, stop)
        signal.setitimer(signal.ITIMER_REAL, cap)
    t0 = clock()
    try:
        return _timed(lambda: module.icepool_distribution(spec))
    except Cut:
        return clock() - t0, None
    finally:
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)


@dataclass
class Row:
    name: str
    n: int
    cold: list[float] = field(default_factory=list)
    sweep: list[float] = field(default_factory=list)
    warm: list[float] = field(default_factory=list)
    icepool: list[tuple[float, bool]] = field(default_factory=list)  # (seconds, cut)
    ratios: list[tuple[float, bool]] = field(default_factory=list)   # (icepool / ours cold, lower bound)
    disagree: list[str] = field(default_factory=list)
    note: str = ""
    ratio_target: float | None = None
    twin: str | None = None
    #: the cold median of each spec, by the spec without its edition (to pair a draft with its edition)
    by_spec: dict[str, float] = field(default_factory=dict)


def _same(spec: Spec) -> str:
    """A spec without its edition (nor a draft's version): the key that pairs a draft's spec with its edition's."""
    return json.dumps({k: v for k, v in vw.normalize(spec).items() if k not in ("edition", "roll", "policy", "version")},
                      sort_keys=True)


def max_difference(a: dict, b: dict) -> float:
    return max((abs(a.get(k, 0.0) - b.get(k, 0.0)) for k in set(a) | set(b)), default=0.0)


def run_class(c: SpecClass, *, repeat: int = 1, icepool_budget: float = 10.0, icepool_cap: float = 5.0,
              icepool_max: int = 12, seed: int = 0) -> Row:
    """Time every spec of ``c``: ours cold, ours warm, then icepool (a sample)."""
    caches = engine_caches()
    row = Row(c.name, len(c.specs), ratio_target=c.ratio_target, twin=c.twin)
    vw.odds(c.warmup)  # one warm-up call per library
    if c.peer:
        icepool_cold(c.warmup, c.peer, 0)
    order = list(range(len(c.specs)))
    random.Random(seed).shuffle(order)  # icepool's sample is random in the sweep, not its start
    spent = 0.0
    runs_per_spec = repeat * (SINGLE_SPEC_RUNS if len(c.specs) == 1 else 1)
    for i in order:
        spec = c.specs[i]
        runs = [(ours_cold(spec, caches), ours_warm(spec, caches)) for _ in range(runs_per_spec)]
        cold, warm = [c for c, _ in runs], [w for _, w in runs]
        t_cold = statistics.median(t for t, _ in cold)
        row.cold.append(t_cold)
        row.by_spec[_same(spec)] = t_cold
        row.warm.append(statistics.median(t for t, _ in warm))
        if c.peer and spent < icepool_budget and len(row.icepool) < icepool_max:
            w0 = time.perf_counter()
            t_peer, dist = icepool_cold(spec, c.peer, icepool_cap)
            spent += time.perf_counter() - w0
            row.icepool.append((t_peer, dist is None))
            row.ratios.append((t_peer / t_cold, dist is None))
            if dist is not None and max_difference(cold[0][1].distribution, dist) > 1e-9:
                row.disagree.append(json.dumps(spec))
    sweeps = []
    for _ in range(runs_per_spec):  # the sweep in order: kernels filled by the earlier specs stay warm
        clear(caches)
        sweeps.append([ours_warm(spec, caches)[0] for spec in c.specs])
    row.sweep = [statistics.median(ts) for ts in zip(*sweeps)]
    notes = [c.no_peer] if c.no_peer else []
    if c.peer and len(row.icepool) < row.n:
        notes.append(f"icepool timed {len(row.icepool)} of {row.n} specs (a random sample within "
                     f"{icepool_budget:g} s)")
    if any(cut for _, cut in row.icepool):
        notes.append(f"icepool cut after {icepool_cap:g} s on {sum(cut for _, cut in row.icepool)} spec(s): "
                     "'>' marks lower bounds")
    row.note = "; ".join(notes)
    return row


# -- the table ---------------------------------------------------------------------

def fmt_time(seconds: float) -> str:
    ms = seconds * 1e3
    if ms < 10:
        return f"{ms:.2f} ms"
    if ms < 1000:
        return f"{ms:.1f} ms" if ms < 100 else f"{ms:.0f} ms"
    return f"{seconds:.1f} s"


def p90(values: list[float]) -> float:
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=10, method="inclusive")[-1]


def _median_bounded(pairs: list[tuple[float, bool]]) -> tuple[float, bool]:
    """Median of (value, is a lower bound) pairs (the low middle when even),
    and whether it is only a lower bound: when a cut value sits at or below it."""
    ordered = sorted(pairs)
    mid = (len(ordered) - 1) // 2
    return ordered[mid][0], any(cut for _, cut in ordered[: mid + 1])


def _fmt_ratio(value: float, lower: bool) -> str:
    return (">" if lower else "") + (f"{value:.0f}" if value >= 10 else f"{value:.1f}")


COLUMNS = ("spec class", "n", "ours cold median", "cold p90", "cold largest", f"cold median <= {COLD_TARGET * 1e3:g} ms",
           "ours in sweep median", "ours warm median", "icepool median", "icepool / ours cold")


def _verdict(value: float, target: float, at_most: bool) -> str:
    """'met' or 'NOT met (n x)': how far ``value`` is from ``target``."""
    ok = value <= target if at_most else value >= target
    if ok:
        return "met"
    return f"NOT met ({value / target:.1f}x over)" if at_most else f"NOT met ({target / value:.1f}x short)"


def table(rows: list[Row]) -> str:
    """The rows as a Markdown table (the README's format), then the notes."""
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "|".join("---" for _ in COLUMNS) + "|"]
    notes = []
    for r in rows:
        if r.icepool:
            t, cut = _median_bounded(r.icepool)
            peer = (">" if cut else "") + fmt_time(t) + (f" ({len(r.icepool)})" if len(r.icepool) < r.n else "")
            med = _median_bounded(r.ratios)
            lo, hi = min(r.ratios), (max(r.ratios)[0], any(cut for _, cut in r.ratios))
            ratio = _fmt_ratio(*med) + "x"
            if len(r.ratios) > 1:
                ratio += f" ({_fmt_ratio(*lo)} to {_fmt_ratio(*hi)})"
        else:
            peer, ratio = "n/a", "-"
        cold = [fmt_time(t) for t in (statistics.median(r.cold), p90(r.cold), max(r.cold))]
        cold.append(_verdict(statistics.median(r.cold), COLD_TARGET, at_most=True))
        rest = [fmt_time(t) for t in (statistics.median(r.sweep), statistics.median(r.warm))]
        lines.append(f"| {r.name} | {r.n} | " + " | ".join(cold + rest) + f" | {peer} | {ratio} |")
        if r.note:
            notes.append(f"{r.name}: {r.note}")
        for spec in r.disagree:
            notes.append(f"{r.name}: DIFFERENT DISTRIBUTION from icepool on {spec}")
    return "\n".join(lines + [""] + notes + [""] + targets(rows))


def targets(rows: list[Row]) -> list[str]:
    """The speed targets, met or not, in a few lines under the table."""
    slow = [r for r in rows if statistics.median(r.cold) > COLD_TARGET]
    out = [f"Target: a new spec in at most {COLD_TARGET * 1e3:g} ms (cold median of each class): met by "
           f"{len(rows) - len(slow)} of {len(rows)} classes"
           + ("" if not slow else "; not by " + ", ".join(f"{r.name} ({fmt_time(statistics.median(r.cold))})"
                                                         for r in slow))]
    by_name = {r.name: r for r in rows}
    for r in rows:
        twin = by_name.get(r.twin or "")
        if twin is None:
            continue
        pairs = [r.by_spec[k] / twin.by_spec[k] for k in r.by_spec if k in twin.by_spec]
        if pairs:
            value = statistics.median(pairs)
            out.append(f"Target: the draft within {TWIN_TARGET:g}x of the edition on the same specs ({r.name}): "
                       f"median {value:.1f}x over {len(pairs)} specs (from {min(pairs):.1f}x to {max(pairs):.1f}x): "
                       + _verdict(value, TWIN_TARGET, at_most=True))
    for r in rows:
        if r.ratio_target is None:
            continue
        if r.ratios:
            value, lower = _median_bounded(r.ratios)
            out.append(f"Target: icepool / ours cold at least {r.ratio_target:g}x on the {r.name} sweep: median "
                       f"{_fmt_ratio(value, lower)}x over {len(r.ratios)} specs: "
                       + _verdict(value, r.ratio_target, at_most=False))
        else:
            out.append(f"Target: icepool / ours cold at least {r.ratio_target:g}x on the {r.name} sweep: "
                       "icepool timed no spec")
    return out


def import_time(code: str, runs: int) -> float:
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="4 specs per class, 2 s icepool budget, 3 import runs")
    ap.add_argument("--repeat", type=int, default=3, help="runs of ours per spec (median); default 3")
    ap.add_argument("--icepool-budget", type=float, default=None, help="icepool seconds per class (default 10)")
    ap.add_argument("--icepool-cap", type=float, default=None, help="cut an icepool call after this (default 5 s)")
    ap.add_argument("--only", default="", help="classes whose name contains this text")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                    help="wall time (default) or this process's CPU time (steadier on a shared machine)")
    ap.add_argument("--import-runs", type=int, default=None,
                    help="runs of each import timing (default 7, 3 with --quick; 0 skips it)")
    args = ap.parse_args(argv)
    global clock
    clock, wall = CLOCKS[args.clock], clock
    try:
        return _main(args)
    finally:
        clock = wall


def _main(args) -> int:
    budget = args.icepool_budget if args.icepool_budget is not None else (2.0 if args.quick else 10.0)
    cap = args.icepool_cap if args.icepool_cap is not None else (2.0 if args.quick else 5.0)
    classes = [c for c in spec_classes() if args.only in c.name]
    if args.quick:
        classes = quick_classes(classes)
    import icepool

    print(f"venus-widgets {vw.__version__} against icepool {icepool.__version__}, Python {sys.version.split()[0]}; "
          f"{args.clock} time per new spec (ours: median of {args.repeat} run(s) per spec, "
          f"{args.repeat * SINGLE_SPEC_RUNS} for a class of one spec); cold = "
          f"{len(engine_caches())} engine caches emptied\n", flush=True)
    t0 = time.perf_counter()
    rows = []
    for c in classes:
        rows.append(run_class(c, repeat=args.repeat, icepool_budget=budget, icepool_cap=cap))
        print(f"  {c.name}: done ({time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)
    print(table(rows))
    runs = args.import_runs if args.import_runs is not None else (3 if args.quick else 7)
    if runs > 0:
        base = import_time("import numpy, anywidget", runs)
        mine = import_time("import venus_widgets", runs)
        print(f"\nimport numpy, anywidget: {base * 1e3:.0f} ms; import venus_widgets: {mine * 1e3:.0f} ms; "
              f"ratio {mine / base:.2f}x (target <= 1.3x)")
    print(f"total {time.perf_counter() - t0:.0f} s")
    return 1 if any(r.disagree for r in rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
