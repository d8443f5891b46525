"""The cost guard (venus_widgets/engine/contract/guard.py, its budget in cost.py).

Each edition estimates the work of a spec before computing it; one generic
check refuses what is over the budget, naming the field and the nearest
value that fits. The estimate is checked here against deterministic
measures, never a clock: the memory the computation allocates
(tracemalloc's peak), the dice a block of rolls draws (counted), and that
every lever moves the estimate one way. The time it stands for is
measured by benchmarks/fuzz_cost.py.
"""

from __future__ import annotations

import random
import tracemalloc

import numpy as np
import pytest

import venus_widgets as vw
from spec_gen import random_spec
from venus_widgets.engine.contract import cost, guard
from venus_widgets.engine.table import rolls
from venus_widgets.engine.contract.edition import get
from venus_widgets.engine.contract.repair import repair
from venus_widgets.engine.contract.fields import CrossError

#: Memory a computation may hold besides its tables (the Odds, specs, small lists).
SLACK = 2e6

HEAVY_EXACT = {"edition": "playsheet", "roll": "task", "dice": 30, "allies": ["gold"] * 6, "ally_kiss": True,
               "kiss": 40, "ego": True, "factors": [2, 2, 2, 2], "difficulty": 4, "rules": {"max_allies": 6}}
EXPLODING = {"edition": "playsheet", "roll": "task", "dice": 30, "allies": ["gold"] * 6, "ally_kiss": True,
             "explode": True, "kiss": 40, "rules": {"explode_from": 2, "ego_double_from": 2, "max_allies": 6,
                                                   "pass_from": {"bronze": 2, "silver": 2, "gold": 2, "platinum": 2}}}


def _specs(per_edition: int = 10, seed: int = 20) -> list[dict]:
    rng = random.Random(seed)
    return [random_spec(rng, (e,)) for e in vw.EDITIONS for _ in range(per_edition)]


def _clear_results() -> None:
    from venus_widgets.engine.caching import forget_results

    forget_results()


def _peak(call) -> int:
    _clear_results()
    tracemalloc.start()
    try:
        call()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_every_edition_estimates_its_work():
    for e in vw.EDITIONS:
        for roll in vw.engine.contract.spec.ROLL_KINDS[e]:
            s = vw.normalize({"edition": e, "roll": roll})
            for exact in (False, True):
                c = get(e).cost(s, exact)
                assert isinstance(c, cost.Cost) and c.steps > 0 and c.memory > 0 and c.dice >= 1
                assert c.number in cost.SECONDS and cost.fits(c)


@pytest.mark.parametrize("spec", _specs() + [vw.normalize(EXPLODING)],
                         ids=lambda s: f"{s['edition']}-{s['roll']}")
def test_the_memory_estimate_bounds_what_the_odds_allocate(spec):
    est = guard.estimate(spec)
    assert _peak(lambda: vw.odds(spec)) <= est.memory + SLACK


@pytest.mark.parametrize("spec", [s for s in _specs(4, seed=21) if vw.odds(s).rational
                                  and guard.estimate(s, exact=True).seconds < 0.02],
                         ids=lambda s: f"{s['edition']}-{s['roll']}")
def test_the_memory_estimate_bounds_what_exact_odds_allocate(spec):
    est = guard.estimate(spec, exact=True)
    assert _peak(lambda: vw.odds(spec, exact=True)) <= est.memory + SLACK


class _Counting:
    """A generator that counts the faces drawn from it."""

    def __init__(self, g) -> None:
        self.g, self.drawn = g, 0

    def integers(self, low, high=None, size=None, dtype=np.int64, **kw):
        self.drawn += 1 if size is None else int(np.prod(size))
        return self.g.integers(low, high, size=size, dtype=dtype, **kw)


def test_the_dice_estimate_is_the_dice_a_roll_draws(monkeypatch):
    """Counted over a block of seeded rolls (the same on every machine):
    the dice drawn per roll are within a factor of two of the estimate."""
    made: list[_Counting] = []
    real = rolls.block_streams

    def counting(seed, k):
        pair = tuple(_Counting(g) for g in real(seed, k))
        made.extend(pair)
        return pair

    monkeypatch.setattr(rolls, "block_streams", counting)
    for s in _specs(6, seed=22) + [vw.normalize(EXPLODING)]:
        made.clear()
        vw.roll_many(s, 10, seed=3)
        drawn = sum(c.drawn for c in made) / rolls.BLOCK_ROLLS
        est = guard.estimate(s).one or guard.estimate(s).dice  # (a draft's ``dice`` is its time, in dice)
        assert est / 2 - 1 <= drawn <= 2 * est + 1, (drawn, est, s)


@pytest.mark.parametrize("edition", vw.EDITIONS)
def test_the_estimate_grows_with_each_lever(edition):
    """The search for the nearest value that fits needs each lever to move
    the estimate one way: checked over each lever's whole range."""
    rng = random.Random(23)
    for s in [random_spec(rng, (edition,)) for _ in range(8)]:
        c = guard.estimate(s)
        for field, direction in c.levers:
            values = guard._candidates(s, field, direction)
            if not values:
                continue
            steps = []
            for v in values:
                try:
                    steps.append(guard.estimate(guard._with(s, field, v)).steps)
                except vw.SpecError:
                    continue
            assert steps == sorted(steps, reverse=True), (field, s)  # toward the cheap end: never more


def test_exact_odds_over_the_budget_are_refused_up_front_naming_the_field():
    """Fractions for six allies who KISS, thirty dice and forty KISSes: about
    2 s; refused before any table is built, naming allies and how many fit."""
    spec = vw.normalize(HEAVY_EXACT)  # the float odds are within the budget
    with pytest.raises(vw.SpecError) as info:
        _peak_refused = _peak(lambda: vw.odds(spec, exact=True))  # noqa: F841
    err = info.value
    assert err.field == "allies" and "exact=False" in str(err)
    fits = int(err.allowed.split()[2])  # "at most N items for this roll"
    assert 0 < fits < 6
    smaller = {**spec, "allies": spec["allies"][:fits]}
    assert cost.fits(guard.estimate(smaller, exact=True))
    assert not cost.fits(guard.estimate({**spec, "allies": spec["allies"][:fits + 1]}, exact=True))
    assert float(vw.odds(smaller, exact=True).p_pass) == pytest.approx(vw.odds(smaller).p_pass, abs=1e-12)
    tracemalloc.start()
    try:
        with pytest.raises(vw.SpecError):
            vw.odds(spec, exact=True)
        assert tracemalloc.get_traced_memory()[1] < 1e6  # refused before any work
    finally:
        tracemalloc.stop()


def test_a_spec_over_the_budget_is_refused_by_normalize_and_repaired(monkeypatch):
    """The generic walk, on a budget made small: a spec field is a
    CrossError with the nearest value that fits (a roller repairs it), a
    knob a SpecError naming rules.<knob>; every entry point that counts its
    odds refuses it (a roll made once does not count them: it is rolled,
    tests/test_work_tight.py)."""
    small = guard.estimate(vw.normalize({"roll": "task", "dice": 10}))
    monkeypatch.setattr(cost, "MAX_SECONDS", small.seconds * 1.0001)
    big = {"roll": "task", "dice": 12, "kiss": 0}
    with pytest.raises(CrossError) as info:
        vw.normalize(big)
    assert info.value.field == "dice" and info.value.nearest == 10
    assert "a whole number from 0 to 10 for this roll" in str(info.value)
    assert repair(vw.defaults("playtest", "task") | big) == {"dice": 10}
    assert vw.roll(big, 1).spec["dice"] == 12
    for call in (lambda: vw.odds(big), lambda: vw.odds(vw.roll(big, 1).spec), lambda: vw.explain(big),
                 lambda: vw.advise({**big, "kiss": 0}, [1] * 12)):
        with pytest.raises(vw.SpecError):
            call()
    # a knob as the lever: exploding faces from a lower face cost more
    monkeypatch.setattr(cost, "MAX_SECONDS", 1e9)
    spec = vw.normalize({"edition": "playsheet", "roll": "task", "dice": 20, "explode": True,
                         "rules": {"explode_from": 8}})
    at_9 = guard.estimate({**spec, "rules": {"explode_from": 9}})
    monkeypatch.setattr(cost, "MAX_SECONDS", at_9.seconds * 1.0001)
    monkeypatch.setattr(get("playsheet"), "cost", _only_knob(get("playsheet").cost))
    with pytest.raises(vw.SpecError) as info:
        vw.normalize(spec)
    assert info.value.field == "rules.explode_from" and "from 9 to 10" in str(info.value)
    assert not isinstance(info.value, CrossError)


def _only_knob(real):
    """The playsheet's estimate with only the exploding face as a lever."""
    def cost_(spec, exact=False):
        return real(spec, exact)._replace(levers=(("rules.explode_from", -1),))
    return cost_


def test_rolls_are_bounded_in_whole_blocks():
    spec = vw.normalize(EXPLODING)
    most = guard.most_rolls(spec)
    assert most % rolls.BLOCK_ROLLS == 0 and most > 0
    with pytest.raises(vw.SpecError) as info:
        vw.roll_many(spec, most + 1, seed=1)
    assert info.value.field == "n" and f"at most {most:,}" in str(info.value)
    with pytest.raises(vw.SpecError) as info:
        vw.sample(spec, n=most + 1)
    assert info.value.field == "n"
    # a million rolls of a check stay allowed (docs/developers.md)
    assert guard.most_rolls(vw.normalize({"roll": "check", "bonus_factors": 2})) >= 1_000_000
    # what the rule lab samples in a tenth of a second: fewer rolls of dice that roll on, or none
    assert guard.most_rolls(spec, 0.1) < guard.most_rolls(vw.normalize({"edition": "heresy", "pool": 3}), 0.1)


def test_odds_say_whether_they_are_rational():
    """Rational odds past 2**53 keep no Fractions, yet are rational; dice
    that roll on are not; a Heresy pool whose re-rolled faces do not score is."""
    big = vw.odds({"roll": "task", "dice": 30, "kiss": 40, "allies": ["gold", "gold"], "ego": "double6",
                   "policy": "optimal"})
    assert big.exact is None and big.rational
    assert vw.odds({"roll": "task", "dice": 3}).rational
    assert vw.odds({"roll": "task", "dice": 3}, exact=True).rational
    assert not vw.odds({"edition": "playsheet", "roll": "task", "explode": True}).rational
    assert not vw.odds({"edition": "heresy", "pool": 3}).rational
    assert vw.odds({"edition": "heresy", "pool": 3, "rules": {"reroll_faces": []}}).rational
