"""Fuzz: random legal specs with rule knobs, each computed cold in a fresh
process, against the engine's budget (about 1 s and 200 MB per spec).

Run with ``.venv/bin/python benchmarks/fuzz_cost.py [--specs N] [--seed S]``.

Each spec (drawn by ``tests/spec_gen.py``, biased to the ends of every
range, where the work is; plus the heavy examples found by hand) is handed
to a fresh process forked from a parent that has imported the engine and
computed nothing, every engine cache emptied, so nothing is reused. The
child runs, one after another, each entry point a player reaches from one
spec: ``odds``, ``odds(exact=True)`` (rational specs), a seeded ``roll``,
``explain``, ``advise`` on the faces of a roll (editions that advise), and
``sample`` where the odds are not rational, as the rule lab shows beside
them (20,000 rolls, fewer where the dice roll on). Each is timed (wall clock) and its memory measured
as the growth of the process's peak resident memory (``VmHWM``, reset
before each call through ``/proc/self/clear_refs``).

A spec refused with a ``SpecError`` counts as refused up front when the
refusal took under 50 ms. The machine is shared: a call over the budget,
or a refusal over 50 ms, is run twice more, each in a fresh process, and
the quickest of the three counts. The report: specs tried, refused (up front or
not), the slowest accepted call and the largest memory, and every call
over the budget. This is a benchmark (it measures time), not a test; the
tests check the estimate against deterministic measures.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for _path in (ROOT / "tests", ROOT / "benchmarks"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

import venus_widgets as vw  # noqa: E402
from bench_caches import clear, engine_caches  # noqa: E402
from spec_gen import random_spec  # noqa: E402
from venus_widgets.engine.contract.guard import most_rolls  # noqa: E402
from venus_widgets.engine.contract.edition import has  # noqa: E402
from venus_widgets.widgets.lab_panel import SAMPLE_ROLLS, SAMPLE_SECONDS  # noqa: E402

TIME_BUDGET = 1.0  # s
MEMORY_BUDGET = 200e6  # bytes
UP_FRONT = 0.05  # s: a refusal quicker than this did no work

#: The heavy examples found by hand and the largest specs of each edition, always tried.
CORNERS = [
    {"edition": "playsheet", "roll": "task", "dice": 30, "allies": ["gold"] * 6, "ally_kiss": True, "explode": True,
     "kiss": 40, "rules": {"explode_from": 2, "ego_double_from": 2, "max_allies": 6,
                           "pass_from": {"bronze": 2, "silver": 2, "gold": 2, "platinum": 2}}},
    {"edition": "playsheet", "roll": "task", "dice": 30, "allies": ["gold"] * 6, "ally_kiss": True, "explode": True,
     "kiss": 40, "ego": True, "factors": [2, 2, 2, 2], "difficulty": 4,
     "rules": {"explode_from": 2, "ego_double_from": 2, "max_allies": 6,
               "pass_from": {"bronze": 2, "silver": 2, "gold": 2, "platinum": 2}}},
    {"edition": "playsheet", "roll": "task", "dice": 30, "allies": ["gold"] * 6, "ally_kiss": True, "kiss": 40,
     "ego": True, "factors": [2, 2, 2, 2], "difficulty": 4, "rules": {"max_allies": 6}},
    {"roll": "task", "dice": 30, "allies": ["gold"] * 6, "kiss": 40, "ego": "double6", "policy": "optimal",
     "consequences": 8, "rules": {"max_allies": 6, "max_factors": 8}},
    {"roll": "task", "dice": 30, "allies": ["bronze"] * 6, "kiss": 40, "ego": "reroll", "consequences": 8,
     "factors": 8, "rules": {"max_allies": 6, "max_factors": 8, "threshold_base": 6}},
    {"edition": "agora", "roll": "task", "rank": 3, "health": 3, "job": 10, "assets": 10, "helpers": [4],
     "helper_kiss": True, "kiss": 40, "ego": True, "snakes": "each-pair", "consequences": 4,
     "difficulty": "challenging", "rules": {"snake_eyes_ones": 64, "challenging_factor": 8, "ego_double_from": 2}},
    {"edition": "heresy", "pool": 60, "black": 36, "rules": {"reroll_faces": [1, 2, 3, 4, 5], "pass_threshold": 20}},
    {"edition": "heresy", "pool": 60, "black": 36, "rules": {"reroll_faces": [], "pass_threshold": 20}},
]


RANKS = ("bronze", "silver", "gold", "platinum")


def heavy_spec(rng: random.Random) -> dict:
    """A spec at the heavy end of one edition, knobs included: every count
    near its largest, the knobs that add dice or length at their ends
    (exploding faces from low, with every rank passing on them; many
    re-rolled Heresy faces; six allies), drawn at random among those."""
    big = lambda hi: rng.choice([hi, hi, hi - 1, rng.randint(0, hi)])  # noqa: E731
    edition = rng.choice(["playsheet", "playsheet", "playtest", "agora", "heresy"])
    if edition == "playsheet":
        e = rng.randint(2, 10)
        allies = rng.randint(0, 6)
        spec = {"edition": edition, "roll": "task", "dice": big(30), "allies": [rng.choice(RANKS)] * allies,
                "ally_kiss": rng.random() < 0.6, "explode": rng.random() < 0.7, "kiss": big(40),
                "ego": rng.random() < 0.5, "difficulty": rng.randint(1, 4),
                "factors": [rng.randint(1, 2) for _ in range(rng.randint(0, 4))],
                "rules": {"explode_from": e, "ego_double_from": e, "max_allies": 6,
                          "pass_from": {r: rng.randint(1, e) for r in RANKS}}}
    elif edition == "playtest":
        spec = {"roll": "task", "caliber": rng.choice(RANKS), "dice": big(30), "kiss": big(40),
                "allies": [rng.choice(RANKS) for _ in range(rng.randint(0, 6))],
                "ego": rng.choice(["none", "reroll", "double6"]), "policy": rng.choice(["failures", "optimal"]),
                "consequences": big(8), "factors": rng.randint(0, 8),
                "rules": {"max_allies": 6, "max_factors": 8, "threshold_base": rng.randint(0, 6),
                          "ego_double_from": rng.randint(2, 6)}}
    elif edition == "agora":
        spec = {"edition": edition, "roll": rng.choice(["check", "task"]), "rank": rng.randint(2, 6),
                "health": 3, "kiss": big(40), "ego": rng.random() < 0.6, "helper_kiss": rng.random() < 0.5,
                "helpers": rng.choice([[], [2], [4], [6, 6], [6] * 16]),
                "snakes": rng.choice(["same", "each-pair"]), "difficulty": rng.choice(["standard", "challenging"]),
                "rules": {"snake_eyes_ones": rng.choice([1, 2, 64]), "challenging_factor": rng.randint(1, 8),
                          "ego_double_from": rng.randint(2, 6), "merge_drop": rng.randint(1, 5)}}
        if spec["roll"] == "task":
            spec.update(job=big(10), assets=big(10), consequences=rng.randint(1, 4))
    else:
        faces = list(range(1, 7))
        spec = {"edition": edition, "pool": big(60), "black": big(36),
                "rules": {"reroll_faces": sorted(rng.sample(faces, rng.randint(0, 5))),
                          "success_faces": sorted(rng.sample(faces, rng.randint(1, 6))),
                          "pass_threshold": rng.randint(1, 20)}}
    try:
        return vw.normalize(spec)
    except vw.SpecError:
        return heavy_spec(rng)  # a draw the rules do not allow (helpers that cannot merge ...): another


def _hwm_reset() -> int:
    """Reset the peak resident memory to the current one; return it (bytes)."""
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")
    return _status("VmRSS")


def _status(key: str) -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1]) * 1024
    raise KeyError(key)


def _calls(spec: dict) -> list[tuple[str, object]]:
    """The entry points a player reaches from one spec (each a zero-argument call)."""
    out: list[tuple[str, object]] = [("odds", lambda: vw.odds(spec))]
    out.append(("exact", lambda: vw.odds(spec, exact=True)))
    out.append(("roll", lambda: vw.roll(spec, seed=7)))
    out.append(("explain", lambda: str(vw.explain(spec))))
    if has(spec["edition"], "advise") and not (spec["edition"] == "playtest" and spec["roll"] == "check"):
        def advise() -> object:
            first = vw.roll(spec, seed=7, kiss=[], ego=False)
            n = len(vw.dice_to_enter(spec))
            return vw.advise(spec, [d.before for d in first.dice][:n])
        out.append(("advise", advise))
    # what the rule lab shows beside odds that are not rational: as many rolls as its time allows
    def lab_sample() -> object:
        n = 0 if vw.odds(spec).rational else min(SAMPLE_ROLLS, most_rolls(spec, SAMPLE_SECONDS))
        return vw.sample(spec, n=n, seed=1) if n else None
    out.append(("sample", lab_sample))
    return out


def _child(spec: dict, conn) -> None:
    results = []
    caches = engine_caches()
    for name, call in _calls(spec):
        clear(caches)
        base = _hwm_reset()
        t = time.perf_counter()
        try:
            call()
            outcome = "ok"
        except vw.SpecError as err:
            outcome = "refused: " + str(err)[:160]
        except Exception as err:  # noqa: BLE001 - reported, not raised
            outcome = f"ERROR {type(err).__name__}: {err}"[:200]
        dt = time.perf_counter() - t
        results.append((name, outcome, dt, max(0, _status("VmHWM") - base)))
    conn.send(results)
    conn.close()


def _suspect(result: tuple) -> bool:
    """A call the machine's load may have slowed past the budget (or a refusal past UP_FRONT)."""
    name, outcome, dt, mem = result
    return dt > (UP_FRONT if outcome.startswith("refused") else TIME_BUDGET) or mem > MEMORY_BUDGET


def _legal(spec: dict) -> bool:
    """Whether a corner passes the cost guard (a refused one is tried as given: refused up front)."""
    try:
        vw.normalize(spec)
        return True
    except vw.SpecError:
        return False


def run_one(spec: dict, timeout: float) -> list:
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    p = ctx.Process(target=_child, args=(spec, child))
    p.start()
    child.close()
    if parent.poll(timeout):
        out = parent.recv()
    else:
        out = [("all", f"TIMEOUT after {timeout} s", timeout, 0)]
    p.join(1)
    if p.is_alive():
        p.kill()
        p.join()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--specs", type=int, default=300, help="random specs (tests/spec_gen.py)")
    ap.add_argument("--heavy", type=int, default=150, help="specs drawn at the heavy end of an edition")
    ap.add_argument("--seed", type=int, default=20)
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--log", type=Path, default=None, help="write one JSON line per spec here")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    specs = [vw.normalize(s) if _legal(s) else s for s in CORNERS]
    specs += [heavy_spec(rng) for _ in range(args.heavy)] + [random_spec(rng) for _ in range(args.specs)]
    clear(engine_caches())  # what drawing the specs left
    log = open(args.log, "w") if args.log else None
    refused_up_front: dict[str, int] = {}
    refused_late = errors = calls = 0
    slow: list = []
    big: list = []
    over: list = []
    t0 = time.perf_counter()
    for i, spec in enumerate(specs):
        results = run_one(spec, args.timeout)
        for _ in range(2):  # a call over the budget, or refused late, is run again: the least of three counts
            if not any(_suspect(r) for r in results):
                break
            again = run_one(spec, args.timeout)
            if len(again) == len(results):
                results = [min(a, b, key=lambda r: r[2]) for a, b in zip(results, again)]
        if log:
            log.write(json.dumps({"spec": spec, "results": results}) + "\n")
        for name, outcome, dt, mem in results:
            calls += 1
            if outcome.startswith("refused"):
                if dt < UP_FRONT:
                    refused_up_front[name] = refused_up_front.get(name, 0) + 1
                else:
                    refused_late += 1
                    over.append((name, dt, mem, outcome, spec))
                continue
            if outcome.startswith(("ERROR", "TIMEOUT")):
                errors += 1
                over.append((name, dt, mem, outcome, spec))
                continue
            slow.append((dt, name, spec))
            big.append((mem, name, spec))
            if dt > TIME_BUDGET or mem > MEMORY_BUDGET:
                over.append((name, dt, mem, outcome, spec))
        if (i + 1) % 50 == 0:
            print(f"  {i + 1} specs, {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    slow.sort(key=lambda x: -x[0])
    big.sort(key=lambda x: -x[0])
    print(f"specs tried: {len(specs)} ({len(CORNERS)} corners, {args.heavy} at the heavy end, {args.specs} random; "
          f"seed {args.seed}), "
          f"each cold in a fresh process; {time.perf_counter() - t0:.0f} s in all")
    up_front = ", ".join(f"{n} {k}" for k, n in sorted(refused_up_front.items())) or "none"
    print(f"calls: {calls}; refused up front (SpecError in under {UP_FRONT * 1e3:.0f} ms): {up_front}; "
          f"refused after work: {refused_late}; errors or timeouts: {errors}")
    print("slowest accepted calls:")
    for dt, name, spec in slow[:5]:
        print(f"  {dt * 1e3:8.1f} ms  {name:8s} {json.dumps(spec)}")
    print("largest memory (growth of the peak resident memory):")
    for mem, name, spec in big[:5]:
        print(f"  {mem / 1e6:8.1f} MB  {name:8s} {json.dumps(spec)}")
    print(f"over the budget ({TIME_BUDGET:.0f} s, {MEMORY_BUDGET / 1e6:.0f} MB) and not refused up front: {len(over)}")
    for name, dt, mem, outcome, spec in over[:20]:
        print(f"  {name:8s} {dt * 1e3:8.1f} ms {mem / 1e6:7.1f} MB {outcome[:80]} {json.dumps(spec)}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
