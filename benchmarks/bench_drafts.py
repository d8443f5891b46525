"""Benchmark: drafts against the code they copy, and the drafts' readings
of the dice against icepool, CPU time per new spec, in one run.

Run with ``make bench`` (or ``.venv/bin/python benchmarks/bench_drafts.py [--quick]``).

**Drafts against their code editions.** The shipped draft of the playtest
task (``venus_widgets/drafts/playtest.toml``) on the specs of its
edition's class in ``bench_specs.py`` (a slider sweep), the two
interleaved spec by spec: for each spec,
``--repeat`` rounds of (the code edition cold, the draft cold), the order
swapped every round, each the median of its rounds. Cold: every engine
cache emptied first (``bench_caches.py``, as ``bench_odds.py`` does); a
draft keeps what it computed when it loaded (its dice under the rules as
written), as an edition keeps the tables it computes at import. Warm: the
same spec again with only the result caches emptied. Printed per class:
the median and the worst of the per-spec ratios draft / code, cold and
warm apart, and the spec of the worst. The target (issue 33): at most 2x
median and 3x worst, cold.

**The built-in drafts against icepool.** The Heresy Engine and VERS are
drafts (``heresy.toml``, ``vers.toml`` serve the built-in editions; their
code editions were deleted once the drafts matched them, issue 34): their
classes in ``bench_specs.py`` (the slider sweeps and the largest Heresy
roll), each spec cold against icepool cold (``tests/peer_heresy.py``;
VERS as n d6 against the target), interleaved the same way. Printed per
class: the median and the worst of icepool / ours (above 1: ours is faster).

**Readings against icepool.** Questions a designer asks of the new
readings (the n highest dice, the highest die, the lowest, roll-and-keep
of exploding dice, the higher of two exploding dice, a count with a
glitch event, one group's total against another's, a count per group),
each as a draft and as icepool code, interleaved the same way, icepool's
caches emptied before each of its calls. Printed per question: both
times and icepool / ours (above 1: the draft is faster); each answer is
checked equal to icepool's.

CPU time (``time.process_time``): the machine is shared. Compare ratios
from one run; timings of a busy machine vary by tens of percent.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
for _path in (ROOT / "tests", ROOT / "benchmarks"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

import venus_widgets as vw  # noqa: E402
from bench_caches import clear, engine_caches, icepool_clear, result_cache_names  # noqa: E402
from bench_specs import DRAFTS, quick_classes, spec_classes  # noqa: E402
from venus_widgets.engine.drafts import EXAMPLES, load_edition  # noqa: E402

MEDIAN_TARGET, WORST_TARGET = 2.0, 3.0

#: The drafts of the readings' questions, as a designer writes them.
READINGS = {
    "keep": """
id = "bench-keep"
[fields.dice]
range = [0, 40]
default = 4
[fields.keep]
range = [0, 40]
default = 3
[dice.d6]
sides = 6
[groups.own]
count = "dice"
[outcome]
value = "highest(keep)"
""",
    "lowest": """
id = "bench-lowest"
[fields.dice]
range = [0, 40]
default = 4
[dice.d6]
sides = 6
[groups.own]
count = "dice"
[outcome]
value = "lowest(2)"
""",
    "explode": """
id = "bench-explode"
[fields.dice]
range = [0, 40]
default = 4
[dice.d10]
sides = 10
explode = [10]
depth = 3
[groups.own]
count = "dice"
[outcome]
value = "highest(2)"
""",
    "wild": """
id = "bench-wild"
[fields.trait]
range = [4, 12]
default = 8
[dice.trait]
sides = "trait"
explode = { at_least = "sides" }
depth = 5
[dice.wild]
sides = 6
explode = [6]
depth = 5
[groups.trait_die]
die = "trait"
count = 1
[groups.wild_die]
die = "wild"
count = 1
[outcome]
value = "highest()"
""",
    "groups": """
id = "bench-groups"
[fields.dice]
range = [0, 40]
default = 4
[dice.d6]
sides = 6
[dice.d8]
sides = 8
[groups.own]
die = "d6"
count = "dice"
[groups.ally]
die = "d8"
count = "dice"
[outcome]
value = "total(own) - total(ally)"
""",
    "counts": """
id = "bench-counts"
[fields.dice]
range = [0, 40]
default = 4
[dice.d6]
sides = 6
success = [6]
marks = { one = [1] }
[groups.base]
count = "dice"
[groups.gear]
count = "dice"
[outcome]
value = "successes(gear) + count(one, base)"
""",
    "glitch": """
id = "bench-glitch"
[fields.dice]
range = [1, 40]
default = 4
[dice.d6]
sides = 6
marks = { one = [1] }
[groups.own]
count = "dice"
[outcome]
value = "one"
[events]
glitch = "one * 2 > all_dice"
""",
}


def questions(quick: bool) -> list[tuple[str, dict, Callable[[], Any]]]:
    """(what is asked, the draft's spec, icepool's answer) of each question."""
    import icepool

    out: list[tuple[str, dict, Callable[[], Any]]] = []
    sizes = (4, 12) if quick else (4, 8, 12, 20)
    for n in sizes:
        out.append((f"the 3 highest of {n}d6", {"edition": "bench-keep", "dice": n, "keep": 3},
                    lambda n=n: icepool.d6.pool(n).highest(3).sum()))
        out.append((f"the highest of {n}d6", {"edition": "bench-keep", "dice": n, "keep": 1},
                    lambda n=n: icepool.d6.pool(n).highest(1).sum()))
        out.append((f"the 2 lowest of {n}d6", {"edition": "bench-lowest", "dice": n},
                    lambda n=n: icepool.d6.pool(n).lowest(2).sum()))
        out.append((f"the 2 highest of {n} exploding d10", {"edition": "bench-explode", "dice": n},
                    lambda n=n: icepool.d10.explode(depth=3).pool(n).highest(2).sum()))
        out.append((f"the 1s of {n}d6 (a glitch event)", {"edition": "bench-glitch", "dice": n},
                    lambda n=n: (icepool.d6 == 1).pool(n).sum()))
        out.append((f"a group's total against another's: {n}d6 - {n}d8", {"edition": "bench-groups", "dice": n},
                    lambda n=n: n @ icepool.d6 - n @ icepool.d8))
        out.append((f"a count per group: the 6s of {n} gear d6 + the 1s of {n} base d6",
                    {"edition": "bench-counts", "dice": n},
                    lambda n=n: n @ (icepool.d6 == 6) + n @ (icepool.d6 == 1)))
    out.append(("the higher of an exploding d8 and d6", {"edition": "bench-wild", "trait": 8},
                lambda: icepool.highest(icepool.d8.explode(depth=5), icepool.d6.explode(depth=5))))
    return out


def _cpu(fn: Callable[[], Any]) -> tuple[float, Any]:
    t0 = time.process_time()
    out = fn()
    return time.process_time() - t0, out


def interleaved(a: Callable[[], Any], b: Callable[[], Any], rounds: int) -> tuple[float, float, Any, Any, float]:
    """Median CPU seconds of ``a`` and ``b``, run in turns (the order swapped
    each round), their results, and the median of the rounds' ratios b / a
    (each round's two runs side by side: what a busy machine disturbs least)."""
    ta, tb, ra, rb = [], [], None, None
    for i in range(rounds):
        for fn in ((a, b) if i % 2 == 0 else (b, a)):
            t, r = _cpu(fn)
            if fn is a:
                ta.append(t)
                ra = r
            else:
                tb.append(t)
                rb = r
    ratio = statistics.median([y / x for x, y in zip(ta, tb) if x > 0] or [float("inf")])
    return statistics.median(ta), statistics.median(tb), ra, rb, ratio


def drafts_against_code(rounds: int, quick: bool) -> list[str]:
    caches = engine_caches()
    results = result_cache_names(caches)
    classes = [c for c in spec_classes() if c.name in DRAFTS]
    if quick:
        classes = quick_classes(classes, 8)
    lines = ["| class | specs | cold median | cold worst | warm median | warm worst | worst spec (code, draft cold) |",
             "|---|---|---|---|---|---|---|"]
    verdicts = []
    for c in classes:
        ident = DRAFTS[c.name]
        load_edition(EXAMPLES / f"{ident.removesuffix('-draft')}.toml")
        vw.odds(c.warmup)
        cold, warm = [], []
        for spec in c.specs:
            mine = {**{k: v for k, v in spec.items() if k != "policy"}, "edition": ident}
            vw.odds(mine)  # the draft's first call outside the timing (as the edition's import is)

            def cold_of(s: dict) -> Callable[[], Any]:
                return lambda: (clear(caches), vw.odds(s))[1]

            def warm_of(s: dict) -> Callable[[], Any]:
                return lambda: (clear(caches, results), vw.odds(s))[1]

            tc, td, oc, od, ratio = interleaved(cold_of(spec), cold_of(mine), rounds)
            _, _, _, _, warm_ratio = interleaved(warm_of(spec), warm_of(mine), rounds)
            cold.append((ratio, tc, td, spec))
            warm.append(warm_ratio)
        ratios = [r for r, *_ in cold]
        worst = max(cold, key=lambda x: x[0])
        med, top = statistics.median(ratios), worst[0]
        lines.append(f"| {c.name} | {len(c.specs)} | {med:.2f}x | {top:.2f}x | {statistics.median(warm):.2f}x | "
                     f"{max(warm):.2f}x | {json.dumps({k: v for k, v in worst[3].items() if k != 'edition'})} "
                     f"({worst[1] * 1e3:.2f} ms, {worst[2] * 1e3:.2f} ms) |")
        ok = med <= MEDIAN_TARGET and top <= WORST_TARGET
        verdicts.append(f"{c.name}: cold {med:.2f}x median, {top:.2f}x worst: "
                        + ("met" if ok else "NOT met") + f" (target {MEDIAN_TARGET:g}x / {WORST_TARGET:g}x)")
        print(f"  {c.name}: done", file=sys.stderr, flush=True)
    return lines + [""] + verdicts


#: The built-in editions written as drafts (heresy.toml, vers.toml serve them), by class of bench_specs.py.
BUILT_IN_DRAFTS = ("heresy task", "largest heresy task", "vers check")


def _vers_peer(spec: dict) -> Callable[[], Any]:
    """VERS in icepool: the degrees of n d6 plus the penalty against the CT."""
    import icepool

    s = vw.normalize(spec)
    rules = {"base_ct": 10, "dice": 3, **(s.get("rules") or {})}
    return lambda: (rules["base_ct"] + s["ranks"] - s["penalty"]) - rules["dice"] @ icepool.d6


def built_in_drafts_against_icepool(rounds: int, quick: bool) -> list[str]:
    """The built-in editions served by their drafts, cold, against icepool
    on the same specs (its caches emptied before each of its calls):
    icepool / ours per spec, the median and the worst (above 1: ours is faster)."""
    from peer_heresy import icepool_distribution

    caches = engine_caches()
    classes = [c for c in spec_classes() if c.name in BUILT_IN_DRAFTS]
    if quick:
        classes = quick_classes(classes, 8)
    lines = ["| class | specs | icepool / ours, median | worst | worst spec (ours, icepool) |", "|---|---|---|---|---|"]
    for c in classes:
        vw.odds(c.warmup)
        paired = []
        for spec in c.specs:
            vw.odds(spec)  # the draft loaded, outside the timing (as an edition's import is)
            peer = _vers_peer(spec) if spec["edition"] == "vers" else (lambda s=spec: icepool_distribution(s))

            def ours(s: dict = spec) -> Any:
                clear(caches)
                return vw.odds(s)

            def theirs(p: Callable[[], Any] = peer) -> Any:
                icepool_clear()
                return p()

            t_ours, t_peer, *_ = interleaved(ours, theirs, rounds)
            paired.append((t_peer / t_ours if t_ours else float("inf"), t_ours, t_peer, spec))
        ratios = [r for r, *_ in paired]
        worst = min(paired, key=lambda x: x[0])
        lines.append(f"| {c.name} | {len(c.specs)} | {statistics.median(ratios):.1f}x | {worst[0]:.1f}x | "
                     f"{json.dumps({k: v for k, v in worst[3].items() if k != 'edition'})} "
                     f"({worst[1] * 1e3:.2f} ms, {worst[2] * 1e3:.2f} ms) |")
        print(f"  {c.name}: done", file=sys.stderr, flush=True)
    return lines


def readings_against_icepool(rounds: int, quick: bool) -> list[str]:
    caches = engine_caches()
    for text in READINGS.values():
        load_edition(text)
    lines = ["| question | ours cold | icepool cold | icepool / ours |", "|---|---|---|---|"]
    slower = []
    for what, spec, peer in questions(quick):
        vw.odds(spec)
        peer()

        def ours() -> Any:
            clear(caches)
            return vw.odds(spec, exact=True)

        def theirs() -> Any:
            icepool_clear()
            return peer()

        t_ours, t_peer, o, die, paired = interleaved(ours, theirs, rounds)
        want = {k: Fraction(n, die.denominator()) for k, n in die.items()}
        if spec["edition"] == "bench-glitch":
            assert o.events["glitch"] == sum((p for k, p in want.items() if 2 * k > spec["dice"]), Fraction(0))
        assert {k: p for k, p in o.distribution.items() if p} == want, what
        ratio = paired  # icepool / ours, round by round
        if ratio < 1:
            slower.append(what)
        lines.append(f"| {what} | {t_ours * 1e3:.2f} ms | {t_peer * 1e3:.2f} ms | {ratio:.1f}x |")
    lines += ["", "Target: no slower than icepool (icepool / ours at least 1): "
              + ("met on every question" if not slower else "NOT met on " + ", ".join(slower))]
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="8 specs per class, fewer questions, 3 rounds")
    ap.add_argument("--repeat", type=int, default=None, help="rounds per spec (default 5, 3 with --quick)")
    ap.add_argument("--only", choices=["code", "built-in", "icepool"], default=None, help="one of the comparisons")
    args = ap.parse_args(argv)
    rounds = args.repeat or (3 if args.quick else 5)
    import icepool

    print(f"venus-widgets {vw.__version__}, icepool {icepool.__version__}, Python {sys.version.split()[0]}; "
          f"CPU time per new spec, median of {rounds} interleaved rounds\n")
    if args.only in (None, "code"):
        print("Drafts against the code editions they copy (draft / code, per spec):\n")
        print("\n".join(drafts_against_code(rounds, args.quick)) + "\n")
    if args.only in (None, "built-in"):
        print("The built-in editions served by their drafts (Heresy, VERS) against icepool, cold both:\n")
        print("\n".join(built_in_drafts_against_icepool(rounds, args.quick)) + "\n")
    if args.only not in ("code", "built-in"):
        print("The drafts' readings against icepool (the same question, cold both):\n")
        print("\n".join(readings_against_icepool(rounds, args.quick)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
