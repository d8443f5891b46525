"""benchmarks/bench_odds.py on tiny specs: it runs, its specs are legal, and
its cold path really misses every engine cache (no timing is asserted: speed
figures live in the benchmark's output, not in tests)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition as _edition

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("bench_odds", ROOT / "benchmarks" / "bench_odds.py")
bench = sys.modules["bench_odds"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

@pytest.fixture(scope="module", autouse=True)
def _drafts_unregistered():
    """The benchmark registers the seeds written as drafts: gone after these tests."""
    yield
    from venus_widgets.engine.contract import edition

    for ident in set(bench.DRAFTS.values()) if hasattr(bench, "DRAFTS") else ():
        edition.unregister(ident)


TINY = [
    {"edition": "playtest", "roll": "task", "caliber": "silver", "dice": 2, "allies": ["gold"], "kiss": 1,
     "ego": "double6", "factors": 1},
    {"edition": "agora", "roll": "task", "job": 1, "helpers": [5], "kiss": 1},
    {"edition": "heresy", "pool": 3, "black": 3},
]


def test_finds_the_engine_caches_and_the_result_cache():
    caches = bench.engine_caches()
    result = bench.result_cache_names(caches)
    # the result caches by spec: the float odds, the exact odds they are rounded from, advice, and the
    # specs the cost guard let through (a warm run of a new spec checks it again)
    assert set(result) == {"venus_widgets.engine.api._odds_cached", "venus_widgets.engine.api._exact_cached",
                           "venus_widgets.engine.api._ADVICE", "venus_widgets.engine.contract.guard._PASSED"}
    assert len(caches) > len(result)
    vw.odds(TINY[0])
    bench.clear(caches)
    assert all(fn.cache_info().currsize == 0 for fn in caches.values())


def _stats(caches):
    return {name: fn.cache_info() for name, fn in caches.items()}


@pytest.mark.parametrize("spec, uses_kernels", [(TINY[0], False), (TINY[1], True), (TINY[2], True)],
                         ids=lambda v: v["edition"] if isinstance(v, dict) else str(v))
def test_cold_misses_every_kernel_where_warm_hits_them(spec, uses_kernels):
    caches = bench.engine_caches()
    results = bench.result_cache_names(caches)
    result = "venus_widgets.engine.api._odds_cached"
    kernels = [n for n in caches if n not in results]
    _edition.get(spec["edition"])  # a draft (Heresy) loads on first use, once a session: not a cache a new spec misses
    bench.clear(caches)
    vw.odds(spec)  # computed from empty caches: what a cold call must look like
    fresh = _stats(caches)  # and everything this spec needs is now cached
    # agora and the drafts (the Heresy pool) keep kernels by their arguments; playtest tasks count from scratch
    assert (sum(fresh[n].misses for n in kernels) > 0) == uses_kernels
    _, warm = bench.ours_warm(spec, caches)
    after = _stats(caches)
    assert (after[result].hits, after[result].misses) == (0, 1)  # the result is computed again
    assert sum(after[n].misses - fresh[n].misses for n in kernels) == 0  # ... from warm kernels, if any
    assert (sum(after[n].hits - fresh[n].hits for n in kernels) > 0) == uses_kernels
    _, cold = bench.ours_cold(spec, caches)
    assert _stats(caches) == fresh  # the same hits and misses as from empty caches: nothing was reused
    assert cold.distribution == warm.distribution == vw.odds(spec).distribution


def test_icepool_caches_are_emptied():
    import peer_playtest

    peer_playtest.icepool_distribution(TINY[0])
    assert bench.icepool_clear() > 0
    assert all(fn.cache_info().currsize == 0 for fn in bench._functools_caches("icepool").values())


def test_every_benchmark_spec_is_legal_and_new_in_its_class():
    classes = bench.spec_classes()
    assert {"playtest", "playsheet", "agora", "heresy", "vers"} <= {c.specs[0]["edition"] for c in classes}
    for c in classes:
        keys = [json.dumps(vw.normalize(s), sort_keys=True) for s in c.specs]
        assert len(set(keys)) == len(keys), c.name
        vw.normalize(c.warmup)
    assert len(classes[0].specs) >= 40  # the playtest sweep
    twins = {c.name: c for c in classes}
    drafts = [c for c in classes if c.twin]
    assert {c.twin for c in drafts} >= {"playtest task, mixed calibers"}  # Heresy and VERS are drafts themselves
    for c in drafts:  # the same specs as the edition's class, played by the draft
        assert [bench._same(s) for s in c.specs] == [bench._same(s) for s in twins[c.twin].specs], c.name


def test_a_draft_is_timed_against_its_edition():
    code = bench.Row("heresy task", 2, cold=[1e-4, 2e-4], sweep=[1e-4] * 2, warm=[1e-4] * 2,
                     by_spec={"a": 1e-4, "b": 2e-4})
    draft = bench.Row("heresy task as a draft", 2, cold=[2e-4, 8e-4], sweep=[1e-4] * 2, warm=[1e-4] * 2,
                      twin="heresy task", by_spec={"a": 2e-4, "b": 8e-4})
    lines = bench.targets([code, draft])
    assert ("Target: the draft within 3x of the edition on the same specs (heresy task as a draft): median 3.0x "
            "over 2 specs (from 2.0x to 4.0x): met") in lines


def test_runs_on_tiny_specs_and_prints_the_table():
    classes = [bench.SpecClass(f"tiny {s['edition']}", [s, {**s, "kiss": 0} if "kiss" in s else {**s, "black": 0}],
                               {"edition": s["edition"]}, f"peer_{s['edition']}") for s in TINY]
    rows = [bench.run_class(c, icepool_budget=30.0, icepool_cap=30.0) for c in classes]
    for r in rows:
        assert r.n == len(r.cold) == len(r.sweep) == len(r.warm) == len(r.icepool) == len(r.ratios) == 2
        assert not r.disagree and not any(cut for _, cut in r.icepool)
    text = bench.table(rows)
    assert text.splitlines()[0] == "| " + " | ".join(bench.COLUMNS) + " |"
    assert all(f"| tiny {s['edition']} | 2 |" in text for s in TINY)



def test_quick_command_line(capsys):
    assert bench.main(["--quick", "--only", "vers", "--clock", "cpu", "--import-runs", "0"]) == 0
    out = capsys.readouterr().out
    assert "cpu time per new spec" in out and "| vers check | 4 |" in out
    assert bench.clock is bench.CLOCKS["wall"]  # the option does not outlive the run


def test_plain_dict_caches_are_found_and_emptied(monkeypatch):
    """A kernel memoised in a plain dict (not functools) is emptied for "cold" too."""
    import types

    mod = types.ModuleType("fakepkg.kernels")
    mod._pmf_cache = {(3, 1): [0.5, 0.5]}
    mod.TABLE = {"not": "a cache"}
    mod._MEMO = {3: 1}

    class Kernel:
        cache = {"k": 1}

    Kernel.__module__ = "fakepkg.kernels"
    mod.Kernel = Kernel
    monkeypatch.setitem(sys.modules, "fakepkg.kernels", mod)
    found = bench._dict_caches("fakepkg")
    assert set(found) == {"fakepkg.kernels._pmf_cache", "fakepkg.kernels._MEMO", "fakepkg.kernels.Kernel.cache"}
    assert found["fakepkg.kernels._pmf_cache"].cache_info().currsize == 1
    bench.clear(found)
    assert mod._pmf_cache == {} and Kernel.cache == {} and mod.TABLE == {"not": "a cache"}


def test_targets_say_met_or_not():
    fast = bench.Row("fast class", 2, cold=[0.4e-3, 0.6e-3], sweep=[1e-4] * 2, warm=[1e-4] * 2)
    slow = bench.Row("slow class", 3, cold=[1e-3, 2.5e-3, 9e-3], sweep=[1e-4] * 3, warm=[1e-4] * 3,
                     icepool=[(0.05, False), (0.025, False), (0.8, True)], ratios=[(20.0, False), (10.0, False), (90.0, True)],
                     ratio_target=30.0)
    lines = bench.targets([fast, slow])
    assert lines[0] == ("Target: a new spec in at most 1 ms (cold median of each class): met by 1 of 2 classes; "
                        "not by slow class (2.50 ms)")
    assert lines[1] == ("Target: icepool / ours cold at least 30x on the slow class sweep: median 20x over 3 specs: "
                        "NOT met (1.5x short)")
    row = [line for line in bench.table([fast, slow]).splitlines() if line.startswith("| slow class")][0]
    assert "| 2.50 ms |" in row and "| 9.00 ms | NOT met (2.5x over) |" in row


@pytest.mark.parametrize("spec", [*TINY, {"edition": "vers", "ranks": 2, "penalty": 1},
                                  {"edition": "playsheet", "roll": "task", "dice": 2, "allies": ["gold"], "kiss": 1}],
                         ids=lambda s: s["edition"])
def test_cold_is_the_same_from_empty_caches_every_time(spec):
    """Every edition: a cold call leaves the engine's caches as from a fresh start, however often it runs (so a
    cold timing never reuses anything), and its odds are those of a warm call."""
    caches = bench.engine_caches()
    bench.clear(caches)
    _, first = bench.ours_cold(spec, caches)
    stats = _stats(caches)
    vw.odds(spec)  # a warm call in between changes nothing for the next cold one
    _, again = bench.ours_cold(spec, caches)
    assert _stats(caches) == stats
    assert first.distribution == again.distribution == vw.odds(spec).distribution
