"""Fuzz of drafts, each case cold in its own process with CPU and memory
limits (issue 32, "Done when"): the issue's hostile drafts
(tests/draft_gen.py, ``HOSTILE``) and random drafts, friendly and hostile
(``random_draft``), each loaded, then taken through what a designer, a
player and a Facilitator do with it (``trip``: odds, exact odds, a roll,
many rolls, the explanation, a roller's Roll button, the rule lab, the FC
screen) for its defaults and for its fields drawn at their high ends.

Run with ``.venv/bin/python benchmarks/fuzz_drafts.py [--drafts N] [--seed S]``.

Each case runs in a process forked from a parent that imported the engine
and computed nothing (every engine cache emptied), under ``RLIMIT_CPU``
(:data:`CPU_LIMIT` s) and ``RLIMIT_AS`` (the parent's size plus
:data:`MEMORY_LIMIT`). Each call is timed in CPU time (``time.process_time``)
and its memory measured as the growth of the peak resident memory
(``VmHWM``, reset before each call). The report:

* **over the bound**: a call accepted (or refused after work) that took
  more than 2 s of CPU or 200 MB, or a process killed by its limits;
* **foreign errors**: any error but the project's own (a SpecError, a
  DraftError, a widget's TraitError), or one whose words are Python's;
* **false refusals**: a call the cost guard refused that, run again with
  the guard off (in a process of its own, 2 s of CPU at most), takes less
  than 0.2 s: the estimate's too-high side (issue 32 item 1, the cost model).

This is a benchmark (it measures time), not a test; tests/test_fuzz_drafts.py
checks the errors' kinds in CI. Exit status 1 when a call is over the bound
or an error is foreign.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import random
import re
import reprlib
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for _path in (ROOT / "tests", ROOT / "benchmarks"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

import traitlets  # noqa: E402

import venus_widgets as vw  # noqa: E402
from bench_caches import clear, engine_caches  # noqa: E402
from draft_gen import HOSTILE, random_draft, specs_of, trip  # noqa: E402
from fuzz_cost import _hwm_reset, _status  # noqa: E402

CPU_BOUND = 2.0  # s of CPU: nothing accepted over it
MEMORY_BOUND = 200e6  # bytes: nothing accepted over it
QUICK = 0.2  # s: a refusal of what takes less is a false refusal
CPU_LIMIT = 40  # s of CPU per case: the process is killed past it
MEMORY_LIMIT = 3e9  # bytes of address space per case beyond the parent's

RAW = re.compile(r"Traceback|\b(KeyError|IndexError|TypeError|AttributeError|NoneType|RecursionError|"
                 r"ZeroDivisionError|UnicodeDecodeError|OverflowError)\b|object at 0x")
GUARD = "would take an estimated"  # the cost guard's words
_SHOWN = reprlib.Repr()  # a draft in the log: nested deep or thousands of values, cut short
_SHOWN.maxlevel, _SHOWN.maxlist, _SHOWN.maxdict, _SHOWN.maxstring = 6, 20, 20, 200


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_LIMIT, CPU_LIMIT + 5))
    size = _status("VmSize")
    resource.setrlimit(resource.RLIMIT_AS, (int(size + MEMORY_LIMIT), int(size + MEMORY_LIMIT)))


def _timed(call) -> tuple[str, float, int]:
    """(outcome, CPU seconds, bytes) of one call: "ok", "refused: ...", "ERROR ...", "MEMORY ..."."""
    base = _hwm_reset()
    t = time.process_time()
    try:
        call()
        outcome = "ok"
    except (vw.SpecError, traitlets.TraitError) as err:
        said = str(err)
        outcome = ("ERROR in Python's words: " if RAW.search(said) or not said else "refused: ") + said[:240]
    except MemoryError:
        outcome = "MEMORY: over the process's limit"
    except Exception as err:  # noqa: BLE001 - reported, not raised
        outcome = f"ERROR {type(err).__name__}: {err}"[:240]
    return outcome, time.process_time() - t, max(0, _status("VmHWM") - base)


def _child(kind: str, draft, seed: int, conn) -> None:
    _limits()
    clear(engine_caches())
    outcome, dt, mem = _timed(lambda: vw.load_edition(draft))
    conn.send(("load", {}, outcome, dt, mem))
    if outcome == "ok":
        rng = random.Random(seed)
        for spec in specs_of(rng, "fz"):
            for name, call in trip("fz", spec):
                clear(engine_caches())
                conn.send((name, spec, *_timed(call)))
    conn.send(None)
    conn.close()


def run_case(kind: str, draft, seed: int, timeout: float) -> list[tuple]:
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    p = ctx.Process(target=_child, args=(kind, draft, seed, child))
    p.start()
    child.close()
    out: list[tuple] = []
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        try:
            if left <= 0 or not parent.poll(left):
                out.append(("case", {}, f"KILLED: over {timeout:.0f} s", timeout, 0))
                break
            item = parent.recv()
        except EOFError:  # the process ended without a word: killed by its CPU or memory limit
            p.join()
            out.append(("case", {}, f"KILLED by its limits (exit {p.exitcode})", float(CPU_LIMIT), 0))
            break
        if item is None:
            break
        out.append(item)
    p.join(1)
    if p.is_alive():
        p.kill()
        p.join()
    return out


def _unguarded(draft, spec: dict, name: str, conn) -> None:
    """The call again with the cost guard off: its CPU time (or None past 2 s)."""
    from venus_widgets.engine.contract import guard, work
    from venus_widgets.engine.tools import sample

    resource.setrlimit(resource.RLIMIT_CPU, (3, 4))
    t = time.process_time()
    try:
        vw.load_edition(draft)
        # the guards off (each where it is looked up): what would the work have taken? (it patched
        # contract.cost.check, a name no guard reads since the guard moved to contract/guard.py: no
        # refusal was ever found false)
        guard.check = work.check = lambda *a, **k: None
        guard.within = lambda *a, **k: True
        guard.check_rolls = sample.check_rolls = lambda *a, **k: None
        clear(engine_caches())
        call = dict(trip("fz", spec))[name]
        t = time.process_time()
        call()
        conn.send(time.process_time() - t)
    except Exception:  # noqa: BLE001 - refused for another reason, or too heavy: not a false refusal
        conn.send(None)


def false_refusal(draft, spec: dict, name: str) -> float | None:
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    p = ctx.Process(target=_unguarded, args=(draft, spec, name, child))
    p.start()
    child.close()
    try:
        took = parent.recv() if parent.poll(10) else None
    except EOFError:  # killed past its CPU limit: the work was not quick
        took = None
    p.join(1)
    if p.is_alive():
        p.kill()
        p.join()
    return took if took is not None and took < QUICK else None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--drafts", type=int, default=200, help="random drafts (tests/draft_gen.py)")
    ap.add_argument("--seed", type=int, default=32)
    ap.add_argument("--timeout", type=float, default=120.0, help="wall-clock seconds per case")
    ap.add_argument("--log", type=Path, default=None, help="write one JSON line per case here")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    cases = [(name, draft, 0) for name, draft in HOSTILE]
    cases += [(*random_draft(rng), rng.randrange(2 ** 32)) for _ in range(args.drafts)]
    clear(engine_caches())
    log = open(args.log, "w") if args.log else None
    t0 = time.perf_counter()
    counts = {"loaded": 0, "refused at load": 0, "calls": 0, "refused": 0, "guard refusals": 0}
    over, foreign, false, slow_refusals = [], [], [], []
    worst_cpu: list = []
    worst_mem: list = []
    for i, (kind, draft, seed) in enumerate(cases):
        results = run_case(kind, draft, seed, args.timeout)
        if log:
            log.write(json.dumps({"kind": kind, "draft": draft[:2000] if isinstance(draft, str) else _SHOWN.repr(draft),
                                  "seed": seed, "results": results}, default=str) + "\n")
        for name, spec, outcome, dt, mem in results:
            where = (kind, seed, name, spec)
            if name == "load":
                counts["loaded" if outcome == "ok" else "refused at load"] += 1
            else:
                counts["calls"] += 1
            if outcome.startswith(("ERROR", "MEMORY", "KILLED")):
                (foreign if outcome.startswith("ERROR") else over).append((*where, outcome, dt, mem))
                continue
            if outcome.startswith("refused"):
                counts["refused"] += name != "load"
                if dt > QUICK:
                    slow_refusals.append((*where, outcome, dt, mem))
                if GUARD in outcome and name != "load":
                    counts["guard refusals"] += 1
                    took = false_refusal(draft, spec, name)
                    if took is not None:
                        false.append((*where, outcome, took, 0))
            if dt > CPU_BOUND or mem > MEMORY_BOUND:
                over.append((*where, outcome, dt, mem))
            worst_cpu.append((dt, *where))
            worst_mem.append((mem, *where))
        if (i + 1) % 25 == 0:
            print(f"  {i + 1} of {len(cases)} cases, {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    print(f"cases: {len(cases)} ({len(HOSTILE)} of the issue's hostile drafts, {args.drafts} random; seed "
          f"{args.seed}), each cold in its own process (CPU limit {CPU_LIMIT} s, memory {MEMORY_LIMIT / 1e9:.0f} GB "
          f"more than the parent); {time.perf_counter() - t0:.0f} s in all")
    print(f"loaded: {counts['loaded']}; refused at load in words: {counts['refused at load']}; calls on the loaded "
          f"drafts: {counts['calls']}, refused in words: {counts['refused']} (by the cost guard: "
          f"{counts['guard refusals']})")
    worst_cpu.sort(key=lambda x: -x[0])
    worst_mem.sort(key=lambda x: -x[0])
    print("most CPU (accepted or refused):")
    for dt, kind, seed, name, spec in worst_cpu[:5]:
        print(f"  {dt:7.2f} s  {name:10s} {kind} seed {seed} {json.dumps(spec)}")
    print("most memory (growth of the peak resident memory):")
    for mem, kind, seed, name, spec in worst_mem[:5]:
        print(f"  {mem / 1e6:7.1f} MB {name:10s} {kind} seed {seed} {json.dumps(spec)}")
    for title, rows in ((f"over the bound ({CPU_BOUND:.0f} s of CPU, {MEMORY_BOUND / 1e6:.0f} MB)", over),
                        ("foreign errors (not the project's, or in Python's words)", foreign),
                        (f"false refusals (refused by the cost guard, done in under {QUICK} s without it)", false),
                        (f"refusals after more than {QUICK} s of work", slow_refusals)):
        print(f"{title}: {len(rows)}")
        for kind, seed, name, spec, outcome, dt, mem in rows[:12]:
            print(f"  {name:10s} {dt:7.2f} s {mem / 1e6:7.1f} MB  {kind} seed {seed} {json.dumps(spec)}  "
                  f"{outcome[:110]}")
    return 1 if over or foreign else 0


if __name__ == "__main__":
    sys.exit(main())
