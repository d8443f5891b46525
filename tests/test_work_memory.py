"""The memory of a call of many odds, priced (issue 32, the cost model):
``solve`` over Heresy's pool and black (2,257 settings) was priced at 0 MB
(the heaviest spec's own memory, 19 KB) and held about 40 MB at its peak
(benchmarks/bench_cost.py): each spec's odds and plan stay in the caches
(at most as many as they keep), and every plan's counts held the plan
itself (a reference cycle: freed only by Python's full collection, so a
call's plans piled up). Measured with tracemalloc, never a clock."""

from __future__ import annotations

import gc
import tracemalloc
import weakref

import pytest

import venus_widgets as vw
from venus_widgets.engine import caching
from venus_widgets.engine.contract import edition as registry, work
from venus_widgets.engine.contract.spec import normalize
from venus_widgets.engine.drafts import load_edition
from venus_widgets.engine.api import _edition
from venus_widgets.engine.contract.cost import MAX_BYTES

GRID = '''id = "grid"
[fields.dice]
range = [0, 29]
default = 3
[fields.need]
range = [0, 19]
default = 1
group = "difficulty"
[dice.d6]
sides = 6
success = [5, 6]
explode = [6]
depth = 2
[groups.own]
count = "dice"
[outcome]
threshold = "need"
'''


@pytest.fixture
def grid():
    load_edition(GRID)
    caching.forget_results()
    yield _edition("grid")
    registry.unregister("grid")


def test_a_plan_is_freed_when_the_caches_let_it_go_without_a_full_collection(grid):
    """Each plan kept its counts' space, and the space the plan (its value
    grid's owner): 2,000 specs left about 34 MB for the full collection."""
    was = gc.isenabled()
    gc.disable()
    try:
        s = normalize({"edition": "grid", "dice": 7, "need": 2})
        vw.odds(s)
        plan = weakref.ref(grid.plan(s))
        vw.odds(normalize({"edition": "grid", "dice": 8, "need": 2}))  # another plan is the draft's last
        caching.forget_results()
        assert plan() is None
    finally:
        if was:
            gc.enable()


def test_the_memory_of_a_call_of_many_odds_covers_what_it_holds(grid):
    """solve over two fields: the estimate covers the peak (tracemalloc) and is at most ten times it."""
    s = normalize({"edition": "grid"})
    settings = [{"dice": d, "need": n} for d in range(30) for n in range(20)]
    priced = work.price([work.Job(s, settings)]).memory
    caching.forget_results()
    gc.collect()
    tracemalloc.start()
    try:
        vw.solve(s, target=0.5, vary=["dice", "need"])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak <= priced <= 10 * peak, (peak, priced)


#: benchmarks/bench_cost.py's "d6 exploding twice, 8 tallies": a formula that reads the dice in order
#: (highest()), so the walk counts them (:mod:`venus_widgets.engine.drafts.walk`)
IN_ORDER = ('id = "walkmem"\n[fields.n]\nrange = [0, 3]\ndefault = 1\n[fields.m]\nrange = [0, 2]\ndefault = 1\n'
            '[dice.a]\nsides = 6\nsuccess = [2, 4]\nmarks = { top = [6] }\nexplode = [6]\ndepth = 2\n'
            '[groups.own]\ndie = "a"\ncount = "n"\n[groups.ally]\ndie = "a"\ncount = "m"\n'
            '[outcome]\nvalue = "count(top, own) * 10 + highest(1, ally)"\nthreshold = 6\n[events]\n'
            '"event 0" = "successes == 0"\n"event 1" = "highest(own) >= 5 and count(top) >= 2"\n'
            '"event 2" = "total(ally) > total(own)"\n')


@pytest.mark.parametrize("n, m, exact", [(3, 2, False), (2, 2, False), (3, 1, False), (3, 2, True)])
def test_the_memory_of_the_walk_covers_its_cells_times_the_dice_a_step_meets(n, m, exact, monkeypatch):
    """The walk meets each outcome with every count of a group's dice at
    once: its arrays are the cells times the dice + 1, several of them
    alive at a time (the keys, the ways, what is kept, the sort that merges
    them). The estimate priced the cells alone (7.2 MB for 18 MB at its
    peak with tracemalloc; bench_cost 22 MB real): it covers the peak now,
    within ten times. Exact odds count in float64 too below 2**53 ways: their
    cells were priced as Python ints (57 MB, refused, for 1.6 MB: a random
    run of test_drafts_readings)."""
    from venus_widgets.engine.contract import guard

    monkeypatch.setattr(guard, "check", lambda *a, **k: None)  # (3, 2): 0.6 s estimated, refused
    load_edition(IN_ORDER)
    try:
        s = normalize({"edition": "walkmem", "n": n, "m": m})
        priced = registry.get("walkmem").cost(s, exact).memory
        caching.forget_results()
        gc.collect()
        tracemalloc.start()
        try:
            vw.odds(s, exact=exact)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak <= priced <= 10 * peak, (peak, priced)
        assert priced < MAX_BYTES  # counted, not refused
    finally:
        registry.unregister("walkmem")


#: d6 exploding on 6 to depth 10 (sweep_cost seed 6, a thousand of them, refused): past 2**63 ways the
#: counts are Python ints of thousands of bits, each cell priced 64 bytes (300 dice: 5.3 MB for 20.9 MB held)
DEEP_INTS = '''id = "deepints"
[fields.dice]
range = [0, 1000]
default = 3
[dice.d0]
sides = 6
success = "5+"
explode = [6]
depth = 10
[groups.g0]
die = "d0"
count = "dice"
[outcome]
threshold = 1
'''


@pytest.mark.parametrize("dice", [40, 60, 100])
def test_counts_in_python_ints_are_priced_by_the_size_of_their_numbers(dice, monkeypatch):
    """Past 2**63 ways each cell of the counts holds a Python int as large
    as the ways (60 d6 exploding to depth 10: 1,550 bits, 230 bytes): its
    memory was priced 64 bytes a cell whatever its size (0.4 MB for 1.0 MB
    at the peak, tracemalloc); now by the size of its numbers, covering the
    peak within ten times."""
    from venus_widgets.engine.contract import guard

    monkeypatch.setattr(guard, "check", lambda *a, **k: None)  # (100 dice: 0.5 s estimated, refused)
    load_edition(DEEP_INTS)
    try:
        s = normalize({"edition": "deepints", "dice": dice})
        priced = registry.get("deepints").cost(s).memory
        caching.forget_results()
        gc.collect()
        tracemalloc.start()
        try:
            vw.odds(s)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak <= priced <= 10 * peak, (peak, priced)
    finally:
        registry.unregister("deepints")
