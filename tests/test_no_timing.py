"""The suite's verdicts do not depend on how busy the machine is.

A check that passes on a quiet machine and fails on a loaded one (or on a
slower one) is a defect. Tests bound work by counts (``tests/work_count.py``:
Python calls, items read), never by a stopwatch; browser tests wait for a
condition, never for a fixed time; property tests have no per-example time
limit. Speed is measured, and its targets kept, in ``benchmarks/``.
"""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import HealthCheck, settings

TESTS = Path(__file__).resolve().parent
SOURCES = sorted(p for p in TESTS.rglob("*.py") if p.name != "test_no_timing.py")

STOPWATCH = re.compile(r"\b(perf_counter|process_time|thread_time)\s*\(|\btime\.time\s*\(")
FIXED_WAIT = re.compile(r"\bwait_for_timeout\s*\(")


def test_no_test_reads_a_stopwatch():
    found = [f"{p.relative_to(TESTS)}:{i}: {line.strip()}" for p in SOURCES
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if STOPWATCH.search(line)]
    assert found == [], "time is the benchmarks' to measure; bound work by counts (tests/work_count.py):\n" + "\n".join(found)


def test_no_browser_test_sleeps_a_fixed_time():
    found = [f"{p.relative_to(TESTS)}:{i}: {line.strip()}" for p in SOURCES if "browser" in p.parts
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if FIXED_WAIT.search(line)]
    assert found == [], "wait for a condition (expect, wait_for_function, settle), not a fixed time:\n" + "\n".join(found)


def test_property_tests_have_no_time_limit():
    assert settings.default.deadline is None
    assert HealthCheck.too_slow in settings.default.suppress_health_check


def test_the_checks_find_what_they_look_for():
    assert STOPWATCH.search("t0 = time.perf_counter()") and STOPWATCH.search("x = time.time()")
    assert not STOPWATCH.search("deadline = time.monotonic() + timeout")
    assert FIXED_WAIT.search("page.wait_for_timeout(300)")
