"""The cost guard's cheap upper bound of a draft spec (drafts/quick_cost.py):
over random drafts and specs, wherever it answers, it is at least the
precise estimate (work and memory, float and exact odds), so a spec it
lets through without an estimate is one the estimate lets through; and a
small spec is not estimated step by step."""

from __future__ import annotations

from fractions import Fraction

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import venus_widgets as vw
from venus_widgets.engine.contract import cost as budget, edition, guard
from venus_widgets.engine.drafts import EXAMPLES, cost as draft_cost, load_edition, quick_cost

SETTINGS = settings(max_examples=int(os.environ.get("VW_EXAMPLES", 60)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def drafts(draw) -> str:
    """A draft of one to three groups of dice of 2 to 20 sides, faces worth
    -1 to 3 successes, marks, a cancelling group, an outcome reading the
    successes, the total or a mark; often a re-roll step (its budget up to
    80: past 2**63 ways, counted in Python ints), sometimes dice that
    explode, to a depth or without end (drafts/quick_explode.py; with a
    re-roll step, a plan the bound leaves to the estimate)."""
    lines = ['id = "quick"', "[fields.n]", "range = [0, 60]", "default = 1", "[fields.m]", "range = [0, 20]",
             "default = 1"]
    kinds = draw(st.sampled_from([["a"], ["a", "b"]]))
    marks: set[str] = set()
    for name in kinds:
        sides = draw(st.sampled_from([2, 3, 6, 10, 12, 20]))
        success = sorted(draw(st.sets(st.integers(1, sides), max_size=3)))
        lines += [f"[dice.{name}]", f"sides = {sides}", f"success = {success}"]
        if draw(st.booleans()):
            lines.append(f"successes = {{ {draw(st.integers(1, sides))} = {draw(st.sampled_from([-1, 2, 3]))} }}")
        if draw(st.booleans()):
            marks.add("bane")
            lines.append(f"marks = {{ bane = {sorted(draw(st.sets(st.integers(1, sides), min_size=1, max_size=2)))} }}")
        if draw(st.integers(0, 2)) == 0:  # dice that roll again: to a depth, or without end
            faces = sorted(draw(st.sets(st.integers(max(2, sides - 2), sides), min_size=1, max_size=2)))
            depth = draw(st.sampled_from([0, 1, 2, 5, '"unbounded"']))
            lines += [f"explode = {faces}", f"depth = {depth}"]
    lines += ["[groups.own]", f'die = "{kinds[0]}"', 'count = "n"']
    if draw(st.booleans()):
        lines += ["[groups.ally]", f'die = "{draw(st.sampled_from(kinds))}"', 'count = "m"']
    if draw(st.booleans()):
        lines += ["[groups.black]", f'die = "{draw(st.sampled_from(kinds))}"', 'count = "m // 2"', "cancels = true"]
    values = ["successes", "total", "successes * 2 - total"] + [f"successes - {m}" for m in sorted(marks)]
    lines += ["[outcome]", f'value = "{draw(st.sampled_from(values))}"', f"threshold = {draw(st.integers(0, 3))}"]
    if draw(st.booleans()):
        lines += ["[reroll]", f'budget = "{draw(st.sampled_from(["m", "n", "m + n", "all_dice"]))}"']
    return "\n".join(lines) + "\n"


@SETTINGS
@given(drafts(), st.integers(0, 60), st.integers(0, 20))
def test_the_bound_is_at_least_the_estimate(text, n, m):
    try:
        ed = load_edition(text)
    except vw.SpecError:
        return
    try:
        try:
            spec = vw.normalize({"edition": "quick", "n": n, "m": m}, priced=False)
        except vw.SpecError:
            return
        found = quick_cost.bound(ed.plan(spec))
        if found is None:
            assert not ed.surely_within(spec) and not ed.surely_within(spec, exact=True)
            return
        work, memory = found
        for exact in (False, True):
            c = ed.cost(spec, exact)
            # the estimate's steps are its work (the multiply-adds of drafts/cost.py) in the budget's units
            assert work * draft_cost.WORK_SECONDS / budget.SECONDS["float"] >= c.steps, text
            assert memory >= c.memory, text
            if ed.surely_within(spec, exact):
                assert budget.fits(c), text
    finally:
        edition.unregister("quick")


def test_the_playtest_drafts_re_rolls_are_bounded_not_estimated(monkeypatch):
    """The playtest draft's sweep (KISS and Ego re-rolls, up to 13 dice
    re-rolled: 2**67 ways, Python ints): the bound is at least the estimate,
    and the guard lets every spec through on the bound alone."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from bench_specs import spec_classes

    ed = load_edition(EXAMPLES / "playtest.toml")
    try:
        (c,) = [c for c in spec_classes() if c.name == "playtest task, mixed calibers as a draft"]
        specs = [vw.normalize(s, priced=False) for s in c.specs]
        assert any(ed.plan(s).budget and s["ego"] == "reroll" and s["dice"] >= 12 for s in specs)
        for spec in specs:
            work, memory = quick_cost.bound(ed.plan(spec))
            for exact in (False, True):
                est = ed.cost(spec, exact)
                assert work * draft_cost.WORK_SECONDS / budget.SECONDS["float"] >= est.steps
                assert memory >= est.memory
        monkeypatch.setattr(draft_cost, "work", lambda *a, **k: pytest.fail("estimated"))
        for spec in specs:
            guard.check(spec)
    finally:
        edition.unregister("playtest-draft")  # (spec_classes loads the playtest draft; heresy and vers are built in)


def test_a_small_spec_is_not_estimated_step_by_step(monkeypatch):
    """VERS's check of 3d6 (the built-in edition, served by its draft): the
    guard lets it through on the bound alone (the kernel's price is never
    asked), and its odds are those of every roll of 3d6."""
    ed = load_edition(EXAMPLES / "vers.toml")  # the shipped draft: the built-in edition itself
    assert ed is edition.get("vers").source
    spec = vw.normalize({"edition": "vers", "ranks": 4, "penalty": 3}, priced=False)
    assert ed.surely_within(spec)

    def no_estimate(*a, **k):
        raise AssertionError("estimated")

    monkeypatch.setattr(draft_cost, "work", no_estimate)
    guard.check(spec)
    with pytest.raises(AssertionError, match="estimated"):
        guard.estimate(spec)
    monkeypatch.undo()
    rolls = [a + b + c for a in range(1, 7) for b in range(1, 7) for c in range(1, 7)]
    assert vw.odds(spec, exact=True).p_pass == Fraction(sum(t + 3 <= 14 for t in rolls), 216)


def test_exploding_dice_are_not_estimated_step_by_step(monkeypatch):
    """The Heresy Engine's largest roll (60 dice that explode without end,
    36 black dice; the built-in edition, served by its draft): the guard
    lets it through on the bound alone, and its odds are icepool's (floats
    within the tails both cut)."""
    from peer_heresy import icepool_distribution

    ed = load_edition(EXAMPLES / "heresy.toml")  # the shipped draft: the built-in edition itself
    assert ed is edition.get("heresy").source
    spec = vw.normalize({"edition": "heresy", "pool": 60, "black": 36}, priced=False)
    assert ed.surely_within(spec)

    def no_estimate(*a, **k):
        raise AssertionError("estimated")

    monkeypatch.setattr(draft_cost, "work", no_estimate)
    guard.check(spec)
    monkeypatch.undo()
    a, b = vw.odds(spec).distribution, icepool_distribution(spec)
    assert all(abs(a.get(k, 0.0) - b.get(k, 0.0)) < 1e-12 for k in {*a, *b})


def test_a_heavy_spec_is_still_refused_by_the_estimate():
    """Past the bound's reach, the precise estimate decides, and refuses as before."""
    ed = load_edition("""
id = "quick-heavy"
[fields.n]
range = [0, 400]
default = 1
[dice.d20]
sides = 20
marks = { a = [1], b = [2], c = [3] }
[groups.own]
count = "n"
[outcome]
value = "a * 10000 + b * 100 + c + total"
""")
    try:
        spec = vw.normalize({"edition": "quick-heavy", "n": 400}, priced=False)
        assert not ed.surely_within(spec)
        with pytest.raises(vw.SpecError, match="estimated"):
            guard.check(spec)
    finally:
        edition.unregister("quick-heavy")


def test_the_bound_is_worked_out_once_a_check(monkeypatch):
    """The guard asks the cheap bound, and where it cannot place the spec the estimate prices the
    guard's own check by asking the bound again (quick_cost.check_work): the bound is kept on the plan,
    so one check of 200 d6 pushed (its re-roll step's bound, then its estimate) works it out once."""
    from venus_widgets.engine import caching

    caching.forget_results()
    text = ('id = "quick-once"\n[fields.n]\nrange = [0, 300]\ndefault = 200\n[dice.d]\nsides = 6\nsuccess = "5+"\n'
            '[groups.own]\ncount = "n"\n[outcome]\nthreshold = 1\n[reroll]\nbudget = "all_dice"\nfaces = "2-4"\n')
    vw.load_edition(text)
    try:
        made = []
        real = quick_cost._reroll
        monkeypatch.setattr(quick_cost, "_reroll", lambda *a: made.append(1) or real(*a))
        spec = vw.normalize({"edition": "quick-once"}, priced=False)
        edition.get("quick-once").plan(spec).memo.clear()  # (normalize may have asked it already)
        guard.allowed(spec)  # (the bound, then the estimate: the bound cannot place it)
        assert len(made) == 1
    finally:
        edition.unregister("quick-once")


def test_the_quick_bound_of_a_re_roll_step_stays_a_few_steps():
    """The quick bound runs before every new spec: its memory of a re-roll step's states once followed
    them group by group (a convolution per group, 46 of its 76 microseconds on the playtest draft's
    typical task, 80 Python calls); now their product bounds them (50 calls)."""
    from work_count import calls

    ed = load_edition(EXAMPLES / "playtest.toml")
    try:
        spec = vw.normalize({"edition": "playtest-draft", "roll": "task", "caliber": "silver", "dice": 5,
                             "allies": ["gold"], "kiss": 2, "ego": "double6"})
        p = ed.plan(spec)
        p.memo.pop("bound", None)
        _, n = calls(quick_cost.bound, p)
        assert n <= 60, n
    finally:
        edition.unregister("playtest-draft")
