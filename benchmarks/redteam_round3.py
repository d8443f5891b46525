"""A held-out hostile round (round 3) against issue 32's promises for drafts
and every tool around them: nothing accepted over 2 s of CPU or 200 MB,
nothing under 0.2 s refused by the cost guard, no raw Python error (only
the project's own errors, in plain words), loading refuses bad text in words
at its line, a replaced draft refreshes or refuses in words, one evaluator.

The cases (benchmarks/redteam_round3_cases.py) aim at the drafts' newer
features (keep highest/lowest, the highest die, per-group totals, named
events, formulas in every numeric slot: sides, degrees, explode faces and
depth, ``when``) and at the seams between steps (tables x marks x events x
re-roll x ladder). Each case runs cold in its own process forked from a
parent that imported the engine and computed nothing, under ``RLIMIT_CPU``
and ``RLIMIT_AS``; each step of it is timed in CPU time
(``time.process_time``) and measured as the growth of the peak resident
memory (``VmHWM``, reset before the step), as benchmarks/fuzz_drafts.py does.

A step fails when:

* **over**: it took more than 2 s of CPU or 200 MB (accepted or refused
  after the work), or its process was killed by its limits;
* **raw**: it raised anything but the project's own errors (a SpecError or
  its kin, a widget's TraitError, a log's LogImportError), or words of
  Python's (a traceback, ``KeyError``, ``object at 0x``...);
* **false refusal**: the cost guard refused it, and run again with the
  guards off (a process of its own, 4 s of CPU at most) it takes < 0.2 s;
* **promise**: it was refused where the docs promise it works, accepted
  where they promise a refusal in words, or its check (the same odds from
  a roll and the odds, the new version after a reload...) fails.

Run: ``.venv/bin/python benchmarks/redteam_round3.py [-k NAME] [--log FILE]``.
This is a benchmark (it measures time), not a test. Exit status 1 when a
case fails.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import re
import resource
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for _path in (ROOT / "tests", ROOT / "benchmarks"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

import traitlets  # noqa: E402

import venus_widgets as vw  # noqa: E402
from bench_caches import clear, engine_caches  # noqa: E402
from fuzz_cost import _hwm_reset, _status  # noqa: E402
from redteam_round3_cases import CASES  # noqa: E402

CPU_BOUND = 2.0
MEMORY_BOUND = 200e6
QUICK = 0.2
CPU_LIMIT = 30  # s of CPU per case
MEMORY_LIMIT = 3e9  # bytes of address space per case beyond the parent's
TIMEOUT = 90.0  # wall-clock s per case

RAW = re.compile(r"Traceback|\b(KeyError|IndexError|TypeError|AttributeError|NoneType|RecursionError|ValueError|"
                 r"ZeroDivisionError|UnicodeDecodeError|UnicodeError|OverflowError|MemoryError|ExprError|"
                 r"NameError|invalid literal|unsupported operand|has no attribute|not subscriptable|"
                 r"codec can't)\b|object at 0x|<function|\bself\b")
GUARD = re.compile(r"would take an estimated|more than the engine (allows|takes|holds)|more than one call may take|one roll's odds may take|one call may (take|hold)|"
                   r"estimated \d[\d.,]* ?(s|MB)")


def _own() -> tuple[type, ...]:
    from venus_widgets.widgets.log_record import LogImportError

    return (vw.SpecError, traitlets.TraitError, LogImportError)


def _limits(cpu: int = CPU_LIMIT) -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
    size = _status("VmSize")
    resource.setrlimit(resource.RLIMIT_AS, (int(size + MEMORY_LIMIT), int(size + MEMORY_LIMIT)))


def _run(code: str, ns: dict) -> object:
    """Run a step: its last line is an expression whose value is ``_``."""
    lines = code.strip().split("\n")
    try:
        last = compile(lines[-1], "<step>", "eval")
    except SyntaxError:
        exec(compile(code, "<step>", "exec"), ns)
        return None
    if lines[:-1]:
        exec(compile("\n".join(lines[:-1]), "<step>", "exec"), ns)
    return eval(last, ns)


def _step(code: str, ns: dict) -> tuple[str, str, float, float]:
    """(kind, words, CPU s, bytes): kind is ok, refused, raw, memory."""
    base = _hwm_reset()
    t = time.process_time()
    try:
        ns["_"] = _run(code, ns)
        kind, words = "ok", repr(ns["_"])[:300]
    except _own() as err:
        words = str(err)
        kind = "raw" if (RAW.search(words) or not words.strip()) else "refused"
        words = f"{type(err).__name__}: {words}"
    except MemoryError:
        kind, words = "memory", "MemoryError"
    except Exception as err:  # noqa: BLE001 - reported
        kind = "raw"
        tb = traceback.extract_tb(err.__traceback__)[-1]
        words = f"{type(err).__name__}: {err} (at {Path(tb.filename).name}:{tb.lineno})"
    dt = time.process_time() - t
    return kind, words[:700], dt, max(0, _status("VmHWM") - base)


def _steps(case: dict) -> list[tuple[str, str, str]]:
    """The case's steps, its setup (loading its drafts) the first."""
    setup = case.get("setup", "").strip()
    return ([("setup", setup + "\nNone", case.get("setup_expect", "ok"))] if setup else []) + case["steps"]


def _child(case: dict, conn) -> None:
    _limits()
    clear(engine_caches())
    ns: dict = {"vw": vw, "re": re, "__name__": "case"}
    for i, (label, code, expect) in enumerate(_steps(case)):
        kind, words, dt, mem = _step(code, ns)
        msg = None
        key = label if kind == "ok" else label + "!" if kind == "refused" else None  # "label!": the refusal's words
        ns["err"] = words
        if key and case.get("checks", {}).get(key):
            try:
                msg = eval(case["checks"][key], ns)
            except Exception as err:  # noqa: BLE001
                msg = f"the check itself raised {type(err).__name__}: {err}"
        conn.send((i, label, expect, kind, words, dt, mem, msg))
    conn.send(None)
    conn.close()


DEFAULTS = re.compile(r"the roll at the draft's defaults cannot be counted")
DRAFT_ID = re.compile(r'^\s*"?id"?\s*=\s*"([^"]+)"', re.M)


def _unguarded(case: dict, upto: int, words: str, conn) -> None:
    """The case again with every cost guard off: step ``upto``'s CPU time
    (a draft refused at load because its defaults cannot be counted: the
    load and the odds at its defaults, what the refusal is about; loading
    itself counts no odds past its own small budget)."""
    from venus_widgets.engine.contract import cost, guard, work
    from venus_widgets.engine.tools import sample

    resource.setrlimit(resource.RLIMIT_CPU, (4, 5))
    try:
        cost.fits = guard.fits = lambda c: True  # type: ignore[assignment]
        guard.check = guard.check_rolls = sample.check_rolls = lambda *a, **k: None  # type: ignore[assignment]
        work.MAX_CALL_SECONDS, work.MAX_CALL_BYTES = 1e9, 1e18
        guard.most_rolls = lambda *a, **k: 10 ** 12  # type: ignore[assignment]
        clear(engine_caches())
        ns: dict = {"vw": vw, "re": re, "__name__": "case"}
        for label, code, _ in _steps(case)[:upto]:
            try:
                ns["_"] = _run(code, ns)
            except Exception:  # noqa: BLE001
                pass
        clear(engine_caches())
        t = time.process_time()
        ns["_"] = _run(_steps(case)[upto][1], ns)
        # (the refusal names the draft's dice or, when a die's own table is the heavy part, that table: the
        # draft's id read from its text)
        d = ns.get("D", "")
        about = (d.get("id") if isinstance(d, dict) else (DRAFT_ID.findall(str(d)) or [None])[0]) \
            if DEFAULTS.search(words) else None
        if about:
            vw.odds({"edition": about})
        conn.send(time.process_time() - t)
    except Exception as err:  # noqa: BLE001
        conn.send(f"{type(err).__name__}: {str(err)[:200]}")


def _fork(target, args, timeout: float) -> list:
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    p = ctx.Process(target=target, args=(*args, child))
    p.start()
    child.close()
    out: list = []
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        try:
            if left <= 0 or not parent.poll(left):
                out.append(("KILLED", f"over {timeout:.0f} s of wall-clock time"))
                break
            item = parent.recv()
        except EOFError:
            p.join()
            out.append(("KILLED", f"killed by its limits (exit {p.exitcode}; CPU limit {CPU_LIMIT} s, "
                                  f"memory {MEMORY_LIMIT / 1e9:.0f} GB)"))
            break
        if item is None:
            break
        out.append(item)
    p.join(1)
    if p.is_alive():
        p.kill()
        p.join()
    return out


def judge(case: dict) -> dict:
    rows = _fork(_child, (case,), TIMEOUT)
    fails: list[str] = []
    steps = []
    done = 0
    for row in rows:
        if row[0] == "KILLED":
            label = _steps(case)[done][0] if done < len(_steps(case)) else "?"
            fails.append(f"over: step {label!r} {row[1]}")
            steps.append({"label": label, "kind": "killed", "words": row[1]})
            continue
        i, label, expect, kind, words, dt, mem, msg = row
        done = i + 1
        steps.append({"label": label, "kind": kind, "cpu": round(dt, 3), "mb": round(mem / 1e6, 1),
                      "words": words})
        if kind == "memory":
            fails.append(f"over: {label}: MemoryError after {dt:.2f} s")
        if dt > CPU_BOUND or mem > MEMORY_BOUND:
            fails.append(f"over: {label}: {dt:.2f} s of CPU, {mem / 1e6:.0f} MB ({kind})")
        if kind == "raw":
            fails.append(f"raw: {label}: {words}")
        if kind == "refused" and GUARD.search(words):
            took = _fork(_unguarded, (case, i, words), 20)
            took = took[0] if took else None
            steps[-1]["unguarded"] = took if not isinstance(took, float) else round(took, 4)
            if isinstance(took, float) and took < QUICK:
                fails.append(f"false refusal: {label}: refused by the cost guard, takes {took:.3f} s without it")
        if kind == "refused" and expect == "ok" and not GUARD.search(words):
            fails.append(f"promise: {label}: refused where the docs say it works: {words}")
        if kind == "ok" and expect == "refuse":
            fails.append(f"promise: {label}: accepted where a refusal in words is promised: {words[:200]}")
        if msg:
            fails.append(f"promise: {label}: {msg}")
    if done < len(_steps(case)) and not any(r[0] == "KILLED" for r in rows):
        fails.append("over: the case ended early")
    return {"name": case["name"], "cls": case["cls"], "fails": fails, "steps": steps}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-k", default="", help="run the cases whose name contains this")
    ap.add_argument("--skip", type=int, default=0, help="leave out the first SKIP cases")
    ap.add_argument("--log", type=Path, default=None, help="write one JSON line per case here")
    args = ap.parse_args(argv)
    cases = [c for c in CASES[args.skip:] if args.k in c["name"]]
    clear(engine_caches())
    log = open(args.log, "w") if args.log else None
    t0 = time.perf_counter()
    by_cls: dict[str, list[int]] = {}
    for case in cases:
        r = judge(case)
        tally = by_cls.setdefault(case["cls"], [0, 0])
        tally[0] += 1
        tally[1] += bool(r["fails"])
        print(f"{'FAIL' if r['fails'] else 'pass'}  [{case['cls']}] {case['name']}", flush=True)
        for f in r["fails"]:
            print(f"        {f[:400]}", flush=True)
        if log:
            log.write(json.dumps(r, default=str) + "\n")
            log.flush()
    total = sum(t[0] for t in by_cls.values())
    failed = sum(t[1] for t in by_cls.values())
    print(f"\n{total} cases, {failed} failing, {total - failed} passing; {time.perf_counter() - t0:.0f} s")
    for cls, (n, f) in sorted(by_cls.items()):
        print(f"  {cls:12s} {f} failing of {n}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
