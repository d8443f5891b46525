"""Benchmark: ``vw.ladder``, ``vw.solve`` and ``vw.explain`` from cold caches,
the FC's screen, ``vw.fit``, and the KISS advice of the heaviest agora roll.

Run with ``.venv/bin/python benchmarks/bench_solve.py [--repeat N]``.

"Cold": before each timed call every cache of ``venus_widgets.engine`` and
its editions (every ``functools`` cache and every dict named like a cache,
found by benchmarks/bench_caches.py as for bench_odds.py) is emptied, so no
result and no kernel is reused. The median and the worst
of ``--repeat`` runs are printed, in milliseconds (wall time, or with
``--clock cpu`` this process's CPU time, for a busy machine).
"""

from __future__ import annotations

import argparse
import statistics
import time

import bench_caches

import venus_widgets as vw

CACHES = bench_caches.engine_caches()

SPECS = {
    "playtest check (25 rungs)": {"caliber": "silver", "score": 6, "bonus_factors": 2},
    "playtest task, 6 dice + ally, KISS 2, double6 (5 rungs)":
        {"roll": "task", "dice": 6, "allies": ["gold"], "kiss": 2, "ego": "double6", "consequences": 1},
    "playtest task, optimal policy, 10 dice + 2 allies (5 rungs)":
        {"roll": "task", "dice": 10, "allies": ["gold", "silver"], "kiss": 4, "ego": "double6",
         "policy": "optimal"},
    "largest playtest task: 30 dice + 2 allies, KISS 40, reroll (5 rungs)":
        {"roll": "task", "dice": 30, "allies": ["gold", "silver"], "kiss": 40, "ego": "reroll"},
    "playsheet check (24 rungs)": {"edition": "playsheet", "rank": "gold", "score": 7},
    "playsheet task, exploding, 3 allies, KISS (12 rungs)":
        {"edition": "playsheet", "roll": "task", "dice": 12, "explode": True, "allies": ["gold", "silver", "bronze"],
         "kiss": 3, "ally_kiss": True, "ego": True},
    "agora check (2 rungs)": {"edition": "agora", "kiss": 1, "ego": True},
    "agora task, helpers (2 x 7 rungs)":
        {"edition": "agora", "roll": "task", "job": 3, "assets": 1, "helpers": [4, 4, 3], "kiss": 2, "ego": True,
         "consequences": 2},
    "heresy (13 rungs)": {"edition": "heresy", "pool": 9, "trade": 1},
    "vers (11 rungs)": {"edition": "vers", "ranks": 4},
}


def clear() -> None:
    """Every engine cache, editions' included (bench_caches finds them as
    bench_odds.py's "cold" does): a new spec, as a user meets it."""
    bench_caches.clear(CACHES)
    getattr(vw.engine.api, "_ADVICE", {}).clear()  # vw.advise's results, a dict not named like a cache


CLOCK = time.perf_counter


def cold(fn, repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        clear()
        t0 = CLOCK()
        fn()
        times.append(1000 * (CLOCK() - t0))
    return statistics.median(times), max(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="cpu: this process's CPU time, which a busy machine disturbs less")
    args = ap.parse_args()
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    for name, spec in SPECS.items():  # imports and first-call set-up outside the timing
        vw.ladder(spec)
        vw.explain(spec)
    print("| spec | ladder cold: median (worst) | solve(target=0.5) cold | explain cold |")
    print("|---|---|---|---|")
    for name, spec in SPECS.items():
        lad = cold(lambda: vw.ladder(spec), args.repeat)
        sol = cold(lambda: vw.solve(spec, 0.5), args.repeat)
        exp = cold(lambda: vw.explain(spec), args.repeat)
        print(f"| {name} | {lad[0]:.1f} ms ({lad[1]:.1f}) | {sol[0]:.1f} ms ({sol[1]:.1f}) "
              f"| {exp[0]:.1f} ms ({exp[1]:.1f}) |")
    party = {"Ana": {"roll": "task", "dice": 3, "kiss": 1}, "Bo": {"roll": "task", "caliber": "silver", "dice": 5},
             "Cy": {"roll": "task", "caliber": "gold", "dice": 2, "kiss": 2}}
    med, worst = cold(lambda: [vw.solve(p, 0.5, "factors") for p in party.values()], args.repeat)
    print(f"\nA party of three, solve(target=0.5, vary='factors') each, cold: {med:.1f} ms (worst {worst:.1f})")
    med, worst = cold(lambda: vw.party_ladder(party, 0.5).to_markdown(), args.repeat)
    print(f"The same party, party_ladder(target=0.5) and its Markdown table, cold: {med:.1f} ms (worst {worst:.1f})")
    big = {n: {"edition": "playsheet", "roll": "task", "dice": d, "explode": True, "kiss": 2}
           for n, d in zip("ABCDEF", (4, 6, 8, 10, 12, 14))}
    med, worst = cold(lambda: vw.party_ladder(big, 0.5), args.repeat)
    print(f"Six exploding playsheet characters (4..14 D10s, KISS 2), party_ladder, cold: {med:.1f} ms "
          f"(worst {worst:.1f})")
    from venus_widgets.widgets import FCScreen

    screen = FCScreen(party, 0.5)
    targets = iter([0.3, 0.7] * 1000)
    med, worst = cold(lambda: screen._on_msg(screen, {"do": "target", "value": next(targets)}, []), args.repeat)
    print(f"FCScreen, the same party, the view moves the target (recompute + table + why), cold: {med:.1f} ms "
          f"(worst {worst:.1f})")
    dice = iter([4, 3] * 1000)
    med, worst = cold(lambda: screen._on_msg(screen, {"do": "set", "index": 0, "field": "dice", "value": next(dice)},
                                             []), args.repeat)
    print(f"FCScreen, the view edits a character (dice), cold: {med:.1f} ms (worst {worst:.1f})")
    spec = {"roll": "task", "dice": 6}
    for n in (40, 200):
        outcomes = [vw.roll(spec, seed=i).outcome for i in range(n)]
        med, worst = cold(lambda: vw.fit(spec, outcomes), args.repeat)
        print(f"vw.fit, {n} rolls of a 6-dice task, cold: {med:.1f} ms (worst {worst:.1f})")
    # the heaviest agora roll's advice (23 dice and a help die, KISS 40, Ego): once 10,800 options and 6.9 s;
    # tests/test_agora.py checks that the options are grouped, this measures the time
    heavy = {"edition": "agora", "roll": "task", "job": 10, "assets": 10, "health": 3, "ego": True,
             "helpers": [5, 5], "helper_kiss": True, "kiss": 40, "difficulty": "challenging", "consequences": 4}
    for rank, faces in ((4, [1, 2, 3, 4, 5] * 2 + [1, 2, 3] * 4 + [1, 3]), (2, [1] * 17 + [2, 3, 4, 5, 5, 5, 2])):
        spec = dict(heavy, rank=rank)
        med, worst = cold(lambda: vw.advise(spec, faces), args.repeat)
        print(f"vw.advise, the heaviest agora roll (rank {rank}, 24 dice, KISS 40), cold: {med:.1f} ms "
              f"(worst {worst:.1f})")


if __name__ == "__main__":
    main()
