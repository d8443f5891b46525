"""Benchmark: the work model (issue 32 item 1) against the work itself on
random drafts, not only on the hand-picked cases of benchmarks/bench_cost.py:
is the estimate of a draft's odds tight both ways (real/estimate <= 1,
estimate/real <= 10)?

Run with ``.venv/bin/python benchmarks/sweep_cost.py [--seed S] [--drafts N]``.

The drafts are tests/draft_gen.py's ``random_draft`` (friendly, mutated and
mangled; drawn as benchmarks/fuzz_drafts.py draws them, so a seed gives the
same drafts there). Each draft is loaded in a process of its own; one that
loads gives a few specs: its defaults, its fields drawn (``specs_of``, the
high ends often) and every number field at its largest. Each spec is then
checked by the cost guard (``normalize``), and one it lets through is
measured as benchmarks/bench_cost.py measures a case (its ``run`` and
``_odds``): cold, in a process of its own forked from a parent that computed
nothing, the estimate (``work.price``, seconds and bytes) made, then
``vw.odds(spec)`` with every guard off, its CPU time (``time.process_time``;
a short call made again, cold, and averaged) and its memory (growth of the
peak resident memory, ``VmHWM``).

Calls quicker than ``--floor`` (20 ms) are the fixed work of a call, and
memory under 20 MB the process's own: they are counted apart and left out
of the ratios. The report: cases tried, refused, accepted; the worst
real/estimate and estimate/real of time and of memory, each with its draft
(its TOML, on one line) and spec; and a histogram of estimate/real.

Timings depend on the machine and its load: compare ratios from one run.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
for _path in (ROOT / "tests", ROOT / "benchmarks"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

import venus_widgets as vw  # noqa: E402
from bench_caches import clear, engine_caches  # noqa: E402
from bench_cost import MEMORY_FLOOR, _odds, forked, run  # noqa: E402
from draft_gen import as_toml, friendly, random_draft, specs_of  # noqa: E402
from fuzz_drafts import GUARD, _limits  # noqa: E402

IDENT = "fz"  # the id draft_gen gives its drafts
BINS = (2.0, 5.0, 10.0)  # the histogram's bounds of estimate/real


def _specs_child(draft: Any, seed: int, conn: Any) -> None:
    """Load the draft; send its specs (defaults, drawn, every number at its largest), each with what the cost
    guard says of it ("", "guard": refused over the budget, "invalid"), or why the draft did not load."""
    from venus_widgets.engine.contract.spec import normalize

    _limits()
    try:
        vw.load_edition(draft)
        specs = specs_of(random.Random(seed), IDENT)
        top = {"edition": IDENT}
        for name, d in vw.describe(IDENT).items():
            if d["kind"] == "int":
                top[name] = d["max"]
        out: list[tuple[dict, str]] = []
        for s in [*specs, top]:
            if any(s == o for o, _ in out):
                continue
            caches = engine_caches()
            clear(caches)
            try:
                normalize(s)  # the cost guard's check, as every entry point makes it
                out.append((s, ""))
            except vw.SpecError as err:
                out.append((s, "guard" if GUARD in str(err) else "invalid"))
        conn.send(("", out))
    except Exception as err:  # noqa: BLE001 - a draft refused (in words or not): not this benchmark's
        conn.send((f"{type(err).__name__}: {err}"[:160], []))


def draft_specs(draft: Any, seed: int) -> tuple[str, list[tuple[dict, str]]]:
    return forked(_specs_child, (draft, seed), ("killed by its limits while loading", []), 60,
                  ("not loaded in 60 s", []))


def _make(spec: dict, cpu: int) -> Callable[[], tuple[Callable, Callable]]:
    """bench_cost's odds case, under fuzz_drafts' limits (a call far over its estimate is killed, not the
    machine) and at most ``cpu`` s of CPU (run in the case's process)."""

    def make() -> tuple[Callable, Callable]:
        _limits()
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
        return _odds(spec)

    return make


def short(draft: Any, most: int = 700) -> str:
    """The draft as TOML on one line (`` | `` between lines), cut at ``most`` characters."""
    try:
        text = draft if isinstance(draft, str) else as_toml(draft)
    except Exception:  # noqa: BLE001 - a mutated draft TOML cannot hold
        text = repr(draft)
    text = " | ".join(line for line in text.splitlines() if line.strip())
    return text if len(text) <= most else text[:most] + " ..."


def _report(title: str, rows: list[tuple], floor: float, show: int, shown: set[int]) -> None:
    """The worst ratios of ``rows`` (est s, real s, est bytes, real bytes, draft, spec) and their histogram."""
    timed = [r for r in rows if r[1] >= floor]
    sized = [r for r in rows if r[3] >= MEMORY_FLOOR]
    print(f"{title}: {len(rows)} run, {len(rows) - len(timed)} under {floor} s of CPU and {len(rows) - len(sized)} "
          f"under {MEMORY_FLOOR / 1e6:.0f} MB (left out of their ratios)")
    for name, group, ratio, target in (
            ("time real/estimate", timed, lambda r: r[1] / r[0] if r[0] else float("inf"), 1.0),
            ("time estimate/real", timed, lambda r: r[0] / r[1], 10.0),
            ("memory real/estimate", sized, lambda r: r[3] / r[2] if r[2] else float("inf"), 1.0),
            ("memory estimate/real", sized, lambda r: r[2] / r[3], 10.0)):
        if not group:
            print(f"  worst {name}: no case above the floor")
            continue
        group = sorted(group, key=ratio, reverse=True)
        print(f"  worst {name} (target <= {target:g}): {ratio(group[0]):.2f}; "
              f"{sum(ratio(r) > target for r in group)} of {len(group)} over the target")
        for r in group[:show]:
            if ratio(r) <= target:
                break
            print(f"    {ratio(r):8.2f}  est {r[0]:.3f} s {r[2] / 1e6:.1f} MB, real {r[1]:.3f} s {r[3] / 1e6:.1f} MB, "
                  f"draft {r[4]}, spec {json.dumps(r[5])}")
            shown.add(r[4])
    for label, group, est, real in (("time", timed, 0, 1), ("memory", sized, 2, 3)):
        counts = [0] * (len(BINS) + 1)
        for r in group:
            q = r[est] / r[real]
            counts[next((k for k, b in enumerate(BINS) if q <= b), len(BINS))] += 1
        bins = ", ".join(f"<={b:g}: {c}" for b, c in zip(BINS, counts)) + f", >{BINS[-1]:g}: {counts[-1]}"
        print(f"  {label} estimate/real above the floor ({len(group)}): {bins}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=6)
    ap.add_argument("--drafts", type=int, default=150, help="random drafts (tests/draft_gen.py)")
    ap.add_argument("--friendly", action="store_true", help="friendly drafts only (draft_gen.friendly: all load)")
    ap.add_argument("--floor", type=float, default=0.02, help="s of CPU below which a call is fixed work")
    ap.add_argument("--refused-cpu", type=int, default=10,
                    help="s of CPU a spec the guard refuses may take, run without it (0: not run)")
    ap.add_argument("--show", type=int, default=3, help="cases shown for each worst")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    if args.friendly:
        drafts = [("friendly", friendly(rng, IDENT), rng.randrange(2 ** 32)) for _ in range(args.drafts)]
    else:
        drafts = [(*random_draft(rng, IDENT), rng.randrange(2 ** 32)) for _ in range(args.drafts)]
    clear(engine_caches())
    t0 = time.perf_counter()
    n = {"drafts loaded": 0, "tried": 0, "guard": 0, "invalid": 0, "accepted": 0, "refused when run": 0}
    failed: list[str] = []
    rows: dict[str, list[tuple]] = {"": [], "guard": []}  # (est s, real s, est bytes, real bytes, draft, spec)
    for i, (kind, draft, seed) in enumerate(drafts):
        why, specs = draft_specs(draft, seed)
        n["drafts loaded"] += not why
        for spec, said in specs:
            n["tried"] += 1
            n[said or "accepted"] += 1
            if said == "invalid" or (said and not args.refused_cpu):
                continue
            make = _make(spec, args.refused_cpu if said else 40)
            est, est_mem, _priced, real, mem, _times, err, _speed = run(draft, make)  # type: ignore[arg-type]  # a dict loads too
            if err.startswith(("DraftError", "SpecError")):
                n["refused when run"] += 1  # in words, by the engine as it computed
            elif err:
                if err.startswith("killed"):  # bench_cost's words name its own limit, not this case's
                    err = f"killed past {args.refused_cpu if said else 40} s of CPU or out of memory"
                failed.append(f"  {'refused' if said else 'ACCEPTED'}, draft {i} {json.dumps(spec)}: {err}")
            else:
                rows[said].append((est, real, est_mem, mem, i, spec))
        if (i + 1) % 25 == 0:
            print(f"  {i + 1} of {len(drafts)} drafts, {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    print(f"seed {args.seed}, {args.drafts} {'friendly' if args.friendly else 'random'} drafts, "
          f"{n['drafts loaded']} loaded; {time.perf_counter() - t0:.0f} s in all")
    print(f"specs tried: {n['tried']}; refused by the cost guard: {n['guard']}; refused as invalid: {n['invalid']}; "
          f"accepted: {n['accepted']}; refused in words as computed: {n['refused when run']}")
    print(f"killed or failed when run (the guard's refusals with at most {args.refused_cpu} s of CPU): {len(failed)}")
    for line in failed:
        print(line)
    shown: set[int] = set()
    _report("accepted", rows[""], args.floor, args.show, shown)
    if args.refused_cpu:
        _report("refused by the cost guard, run without it", rows["guard"], args.floor, args.show, shown)
    for i in sorted(shown):
        print(f"draft {i} ({drafts[i][0]}): {short(drafts[i][1])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
