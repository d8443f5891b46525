"""How fast this machine runs at this moment: a fixed probe of the kinds of
work a draft's odds do, timed in CPU, against its time on the machine the
cost model's figures were checked on (:data:`REFERENCE`).

The same call's CPU time here varies up to twice within minutes, whatever
else runs on the machine (a shared virtual machine: a loop of ten million
Python additions took 0.9 s at one moment and 1.4 to 1.8 s a quarter of an
hour later, nothing else running). A benchmark that compares a time with an
estimate (benchmarks/bench_cost.py, sweep_cost.py) runs this probe beside
each case, in the same process, so that a ratio over its target can be told
apart from a slow moment of the machine: ``factor`` above 1, the machine
slower than the reference now, and a time divided by it the time as on the
reference (a fair sign, not a measure: the parts slow down unequally, the
interpreter most, numpy's long arrays least).

Run alone: ``.venv/bin/python benchmarks/machine_speed.py [--repeat N]``.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

#: The probe's CPU seconds, part by part, on the reference: this machine (2 cores, AMD EPYC, a shared
#: virtual machine) at its quicker moments, those the cost model's figures were measured at (stop 46,
#: 2026-12-04: the probe 30 times in a row ran either so, or about 1.6 times as slow in every part, the
#: interpreter most; the same draft's odds 0.068 s at factor 0.65 of the slower, 0.118 s at 1.0).
REFERENCE = {"python": 0.015, "numpy calls": 0.0065, "long arrays": 0.0218, "whole numbers": 0.0334}


def _python() -> None:
    out: list[int] = []
    s = 0
    for i in range(200_000):  # the interpreter: small ints, a list, a dict lookup
        s += i & 7
        if i % 4 == 0:
            out.append(s)
    assert s >= 0 and out


def _numpy_calls() -> None:
    a = np.arange(1.0, 21.0)
    for _ in range(3_000):  # numpy's own cost of a call: short arrays
        np.convolve(a, a)


def _long_arrays() -> None:
    a = np.linspace(0.0, 1.0, 3_000)
    for _ in range(15):  # numpy's dot products over long arrays
        np.convolve(a, a)


def _whole_numbers() -> None:
    x = 3 ** 60_000  # about 95,000 bits
    for _ in range(20):  # Python's products of large whole numbers
        y = x * x
    assert y > x


PARTS = {"python": _python, "numpy calls": _numpy_calls, "long arrays": _long_arrays, "whole numbers": _whole_numbers}


def probe() -> dict[str, float]:
    """Each part's CPU seconds, now."""
    out = {}
    for name, part in PARTS.items():
        t = time.process_time()
        part()
        out[name] = time.process_time() - t
    return out


def factor(times: dict[str, float]) -> float:
    """How much slower than the reference the machine ran the probe (the
    whole probe's time over the reference's: below 1, quicker)."""
    return sum(times.values()) / sum(REFERENCE.values())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    for _ in range(args.repeat):
        times = probe()
        print("  ".join(f"{k} {v * 1e3:6.1f} ms" for k, v in times.items()), f" factor {factor(times):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
