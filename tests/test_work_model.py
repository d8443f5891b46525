"""The work model (issue 32 item 1): every call of many odds or rolls is
priced before any work by one function (engine/contract/work.py), on each
spec's own estimate, which prices the steps of a draft around the kernel's
counting (engine/drafts/step_cost.py: die tables, marks counted again, the
outcome's spread, memory, the rolls' chains).

Work is bounded here in Python calls and memory held (tests/work_count.py,
tracemalloc), never with a clock: a refusal is made after a bounded number
of calls, whatever the size of what it refuses. How close the estimate is
to the time taken is benchmarks/bench_cost.py's business.
"""

from __future__ import annotations

import json
import re
import tracemalloc

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition as registry
from venus_widgets.engine.contract import guard, work
from venus_widgets.engine.contract.spec import normalize
from venus_widgets.engine.drafts import step_cost
from venus_widgets.engine.drafts.plan import DieTable
from venus_widgets.widgets.log_record import LogImportError, entry_result, make_entry
from work_count import calls

BASE = '''id = "wm"
[fields.dice]
range = [0, {most}]
default = 3
[fields.need]
range = [1, {need}]
default = 1
group = "difficulty"
[dice.d]
{die}
[groups.own]
count = "dice"
[outcome]
threshold = "need"
{outcome}
{more}
'''
CHAIN = 'sides = 10\nsuccess = "8+"\nexplode = [10]\ndepth = "unbounded"'
D6 = 'sides = 6\nsuccess = "5+"\nmarks = { bane = [1] }'
MARKED = 'sides = 6\nsuccess = [6]\nmarks = { a = [1], b = [2], c = [3], d = [4], e = [5], f = [6] }'
DEEP = 'sides = 20\nsuccess = "15+"\nexplode = "18+"\ndepth = {depth}\nmarks = {{ a = [1], b = [2], c = [20] }}'
LADDER = '[ladder]\nfield = "need"\nfrom = 1\nto = 1000'
PUSH = '[reroll]\nname = "Push"\nbudget = "all_dice"\nfaces = "2-4"'
S = {"edition": "wm"}


@pytest.fixture(autouse=True)
def _unregistered():
    """The drafts these tests load are gone after each (the spec reference lists what is registered)."""
    yield
    from venus_widgets.engine.contract import edition

    for ident in ("wm", "bc"):
        if ident in edition.ids():
            edition.unregister(ident)


def load(die: str, outcome: str = "", more: str = "", most: int = 1000, need: int = 1000) -> None:
    vw.load_edition(BASE.format(die=die, outcome=outcome, more=more, most=most, need=need))


def refused(call, budget: int = 60_000) -> vw.SpecError:
    """The call's refusal, made within ``budget`` Python calls (no work done)."""
    err, n = calls(call, budget=budget)
    assert isinstance(err, vw.SpecError), err
    return err


def test_many_exploding_dice_are_refused_many_rolls_by_the_memory_of_a_block():
    load(CHAIN.replace("[10]", '"5+"'))  # six faces of ten explode: a chain adds one and a half dice a die
    spec = {**S, "dice": 1000}
    err = refused(lambda: vw.roll_many(spec, 16384, seed=1), budget=5000)
    assert err.field == "n" and "MB" in str(err) and "vw.roll makes one roll" in str(err)
    assert refused(lambda: vw.sample(spec, 10), budget=5000).field == "n"
    tracemalloc.start()
    try:
        vw.roll(spec, seed=1)  # one roll is still made
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20e6


def test_a_thousand_dice_exploding_on_10_make_a_block_of_rolls_within_its_estimate():
    """A chain draws only the dice still exploding (:mod:`venus_widgets.engine.drafts.thrown`):
    1,000 d10 exploding on 10 hold 75 MB a block (measured), within the 200 MB a block may hold,
    where every level of the chain held as a whole array took 5.6 GB; the estimate bounds the peak."""
    load(CHAIN)
    ok = normalize({**S, "dice": 1000})
    assert 0 < guard.block_bytes(ok) <= guard.MAX_ROLL_BYTES and guard.most_rolls(ok) >= 16384
    tracemalloc.start()
    try:
        vw.roll_many({**S, "dice": 1000}, 10, seed=1)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak <= guard.block_bytes(ok) <= 10 * peak, (peak, guard.block_bytes(ok))


def test_a_chain_is_priced_by_the_levels_a_block_rolls():
    t = DieTable(10, (0,) * 7 + (1,) * 3, (), (False,) * 9 + (True,), None)
    plain = DieTable(10, (0,) * 7 + (1,) * 3, (), (False,) * 10, None)
    assert step_cost.roll_levels(plain, 1e6) == 0
    assert 5 < step_cost.roll_levels(t, 16384 * 1000) < 10  # one face in ten: about log10 of the dice
    capped = DieTable(10, t.successes, (), t.explode, 3)
    assert step_cost.roll_levels(capped, 16384 * 1000) == 3
    assert step_cost.chain_dice(t) == pytest.approx(1 / 9)  # what a die's chain adds on average
    assert step_cost.chain_dice(capped) == pytest.approx(0.1 + 0.01 + 0.001)


@pytest.mark.parametrize("call, field, rungs", [
    (lambda: vw.ladder({**S, "dice": 200}), "dice", 1000),
    (lambda: vw.solve({**S, "dice": 200}, vary="need"), "dice", 1000),
    (lambda: vw.party_ladder({"Ana": {**S, "dice": 200}, "Bo": {**S, "dice": 100}}), "Ana: dice", 500),
    (lambda: vw.FCScreen({"Ana": {**S, "dice": 200}}), "Ana: dice", 1000),
])
def test_a_long_ladder_is_refused_naming_the_field_and_the_nearest_value(call, field, rungs):
    """With a re-roll step, whose choice reads the successes needed: each rung counts its dice
    (without it the rungs share their counts, and 1,000 rungs of 200 d6 take about 0.4 s)."""
    load(D6, more=PUSH + "\n" + LADDER.replace("1000", str(rungs)))
    err = refused(call)
    assert err.field == field and err.value == 200
    assert "000 rungs" in str(err) or "1,000 settings" in str(err)
    top = int(err.allowed.split(" to ")[1].split()[0])
    assert 0 < top < 200  # the nearest count that fits, which the ladder then takes
    if field == "dice":  # the nearest value: the call at it fits, one more die does not
        from venus_widgets.engine.contract.edition import get

        def priced(n: int) -> float:
            s = normalize({**S, "dice": n})
            return work.price([work.Job(s, get("wm").ladder_settings(s))]).seconds

        assert priced(top) <= work.MAX_CALL_SECONDS < priced(top + 1)


def test_a_grid_too_large_is_refused_naming_its_cells_after_a_sample():
    # dice exploding on 8, 9 or 10 without end: the 2,002 cells estimated at 2.5 s, refused (the same grid of
    # dice exploding on a 10 alone, whose specs share a draft's fixed work, fits: 1.9 s estimated, 1 s real)
    load('sides = 10\nsuccess = "8+"\nexplode = [8, 9, 10]\ndepth = "unbounded"')
    over = {"dice": list(range(0, 1001)), "need": [1, 2]}
    err = refused(lambda: vw.sweep(S, over=over), budget=40_000)
    assert err.field == "over" and "2,002 cells" in str(err)
    load(CHAIN)
    s = vw.sweep(S, over={"dice": [1, 2, 3], "need": [1, 2]})  # the chain dice the heatmap draws: allowed
    assert s.p_pass["base"].shape == (3, 2)


def test_compare_prices_every_variant_and_refuses_too_many_in_words():
    load(DEEP.format(depth=50), most=20, need=30)
    variants = {f"v{i}": {"dice.d.depth": 50 - i % 40} for i in range(200)}  # (rule sets alike share counts)
    err = refused(lambda: vw.compare({**S, "dice": 10}, variants), budget=400_000)
    assert err.field in ("dice", "variants") and "rule sets" in str(err)
    assert isinstance(vw.compare({**S, "dice": 2}, {"deep": {"dice.d.depth": 30}}), vw.Comparison)


def test_a_log_too_heavy_to_replay_is_refused_before_any_roll_is_made_again():
    load(CHAIN)
    spec = {**S, "dice": 1000}
    r = vw.roll(spec, seed=1)
    entry = make_entry(r, result=entry_result(dict(r.spec), r, (), None, ()))
    text = json.dumps({"format": json.loads(vw.RollLog().to_json())["format"], "entries": [entry] * 40})
    err, n = calls(lambda: vw.RollLog().import_text(text), budget=200_000)
    assert isinstance(err, LogImportError) and "too heavy to import at once" in str(err), err
    light = json.dumps({"format": json.loads(vw.RollLog().to_json())["format"], "entries": [entry] * 2})
    assert vw.RollLog().import_text(light) == 2


def test_the_issues_false_refusals_are_accepted():
    load(CHAIN)
    assert guard.estimate(normalize({**S, "dice": 3})).seconds < 0.01  # three chain dice: about 1 ms
    load(MARKED, most=10, need=10)
    for n in (3, 5, 10):  # a mark on each face
        assert vw.odds({**S, "dice": n}).p_pass > 0


def test_each_step_outside_the_counting_is_priced():
    load(DEEP.format(depth=10), most=20, need=30)
    deep = guard.estimate(normalize({**S, "dice": 1}))
    load(DEEP.format(depth=2), most=20, need=30)
    shallow = guard.estimate(normalize({**S, "dice": 1}))
    assert deep.seconds > shallow.seconds  # the die's table follows its chain
    load(DEEP.format(depth=10), 'value = "successes + a + b + c"', most=20, need=30)
    read = guard.estimate(normalize({**S, "dice": 1}))
    assert read.seconds > deep.seconds and read.memory > deep.memory  # marks tracked: a wider table
    load(DEEP.format(depth=50), 'value = "successes + a + b + c"', most=20, need=30)
    err = refused(lambda: normalize({**S, "dice": 1}), budget=40_000)  # its table alone: over a second
    assert err.field == "dice"
    load(D6, most=300)
    plain = guard.estimate(normalize({**S, "dice": 200}))
    load(D6, 'value = "successes * 1000"', most=300)
    spread = guard.estimate(normalize({**S, "dice": 200}))
    assert spread.seconds > 2 * plain.seconds and spread.memory > 20e6  # 200,001 values listed
    assert plain.memory > 0  # drafts no longer report 0 MB


def test_the_model_is_cheap_whatever_the_length_of_the_ladder():
    load(D6, more=LADDER)
    s = normalize({**S, "dice": 20})
    from venus_widgets.engine.contract.edition import get

    rungs = get("wm").ladder_settings(s)
    _, n_long = calls(lambda: work.price([work.Job(s, rungs)]))
    _, n_short = calls(lambda: work.price([work.Job(s, rungs[:work.SAMPLED])]))
    assert len(rungs) == 1000 and n_long < 2 * n_short + 2000  # a sample of the rungs, not each
    p = work.price([work.Job(s, rungs)])
    assert p.specs == 1000 and p.seconds > 1000 * work.PER_ODDS


def test_the_cost_benchmark_prices_each_of_its_cases(monkeypatch):
    """benchmarks/bench_cost.py: each case's draft loads and its estimate
    is made with the guards off, as the benchmark makes it (no timing)."""
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_cost.py"
    spec = importlib.util.spec_from_file_location("bench_cost", path)
    bench = sys.modules["bench_cost"] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    from venus_widgets.engine.tools import sample

    assert len(bench.CASES) >= 20
    for name, text, make in bench.CASES:
        if "import" in name:  # its log is rolled as the case is made: the other cases price its kind
            continue
        vw.load_edition(re.sub(r"(\[fields\.dice\]\nrange = \[0, \d+\]\ndefault = )\d+", r"\g<1>1", text))  # light defaults
        estimate, call = make()
        with monkeypatch.context() as m:  # the guards off, as the benchmark prices
            for module, fn in ((guard, "check"), (guard, "check_rolls"), (sample, "check_rolls"), (work, "check")):
                m.setattr(module, fn, lambda *a, **k: None)
            p, n = calls(estimate, budget=200_000)
        assert p.seconds > 0 and p.memory >= 0, name


#: five coins read in order (highest, lowest, each group's highest) and with events: the brute-force
#: property of the drafts' readings found them refused as 110 MB of cells (a few kB in fact)
COINS_READ_IN_ORDER = """id = "coins-in-order"
[fields.n]
range = [0, 3]
default = 1
[fields.m]
range = [0, 2]
default = 1
[dice.a]
sides = 2
success = []
marks = { top = [2] }
successes = { 1 = -1 }
[groups.own]
die = "a"
count = "n"
[groups.ally]
die = "a"
count = "m"
[outcome]
value = "highest()"
threshold = 0
[events]
"even" = "count(top) * 2 > all_dice"
"own high" = "highest(own) >= 5 and count(top) >= 2"
"all alike" = "highest() == lowest()"
"""


def test_dice_read_in_order_are_priced_by_the_rolls_they_can_make():
    """The cells of the counts are at most the different rolls the dice can
    make (each group's dice as a multiset of faces): five coins are a few
    dozen, never the product of every reading's whole range."""
    vw.load_edition(COINS_READ_IN_ORDER)
    try:
        spec = {"edition": "coins-in-order", "n": 3, "m": 2}
        cost = step_cost_of(spec)
        assert cost.memory < 2**20, cost
        odds = vw.odds(spec, exact=True)
        assert sum(odds.distribution.values()) == 1
    finally:
        registry.unregister("coins-in-order")


def step_cost_of(spec):
    """The draft's own price of the spec's exact odds (what the guard reads)."""
    return registry.get(spec["edition"]).source.cost(spec, exact=True)
