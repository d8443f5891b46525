"""Learning a job at level 0 (docs/rules_playtest.md#experience-and-learning-a-job; the seed:
"it can take 6-16 tasks in total to learn a new job")."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

import venus_widgets as vw
from venus_widgets.engine.editions.playtest.advancement import exp_of, exp_per_task, tasks_to_learn
from venus_widgets.engine.errors import SpecError


def test_exp_rules():
    # learning +1 always; failure +1; a spare success buys "learned something new"
    assert exp_of(0, 2, 2, True, True) == 2
    assert exp_of(1, 2, 2, True, True) == 3  # failed with a success: silver lining
    assert exp_of(2, 2, 2, True, True) == 1  # passed, nothing spare
    assert exp_of(3, 2, 2, True, True) == 2
    assert exp_of(3, 2, 2, True, False) == 1
    assert exp_of(0, 1, 1, False, True) == 1  # a job above level 0: failure only


def test_exp_per_task_matches_binomial_by_hand():
    """3 Bronze dice learning (threshold 2), no KISS: P(k successes) = C(3,k) (1/3)^k (2/3)^(3-k)."""
    d = exp_per_task({"roll": "task", "dice": 3, "learning": True})
    pk = [Fraction(comb(3, k)) * Fraction(1, 3) ** k * Fraction(2, 3) ** (3 - k) for k in range(4)]
    expect = {1: pk[2], 2: pk[0] + pk[3], 3: pk[1]}
    assert set(d) == set(expect)
    for e, p in expect.items():
        assert abs(d[e] - float(p)) < 1e-12


@pytest.mark.parametrize("buy", [True, False])
def test_tasks_to_learn_against_convolution_powers(buy):
    """P(T <= t) = P(exp after t tasks >= 16), by independent convolution."""
    spec = {"roll": "task", "dice": 4, "learning": True, "factors": 1, "kiss": 1}
    step = exp_per_task(spec, buy)
    dist = tasks_to_learn(spec, buy)
    assert abs(sum(dist.values()) - 1) < 1e-12
    assert min(dist) >= (6 if buy else 8) and max(dist) <= 16
    total = {0: 1.0}
    cdf = 0.0
    for t in range(1, 17):
        new = {}
        for a, p in total.items():
            for e, q in step.items():
                new[a + e] = new.get(a + e, 0) + p * q
        total = new
        reached = sum(p for a, p in total.items() if a >= 16)
        cdf += dist.get(t, 0.0)
        assert abs(cdf - reached) < 1e-12


def test_errors():
    with pytest.raises(SpecError) as e:
        tasks_to_learn({"roll": "task", "dice": 3})
    assert e.value.field == "learning"
    with pytest.raises(SpecError):
        exp_per_task({"roll": "check"})
    assert vw.odds({"roll": "task", "dice": 0, "learning": True}).distribution == {0: 1.0}


def test_lots_beyond_ten_become_exp():
    """docs/rules_playtest.md#experience-and-learning-a-job: at most 10 Lots held; the Lots that would take you past 10 become exp."""
    from venus_widgets.engine.editions.playtest.advancement import bank_lots

    for held in range(11):
        for earned in range(15):
            kept, exp = bank_lots(held, earned)
            assert kept == min(10, held + earned) and kept + exp == held + earned
    with pytest.raises(vw.SpecError) as info:
        bank_lots(11, 0)
    assert info.value.field == "held"


def test_levels_follow_the_exp_rules():
    """docs/rules_playtest.md#experience-and-learning-a-job: a level-0 job is learned at 16 exp (to the tier minimum);
    above 0, exp equal to twice the level raises it by one."""
    from venus_widgets.engine.editions.playtest.advancement import level_after

    assert level_after(0, 15) == (0, 15)
    assert level_after(0, 16, tier_minimum=3) == (3, 0)
    assert level_after(1, 1) == (1, 1) and level_after(1, 2) == (2, 0)
    # brute force: spend one exp at a time
    for level in range(1, 6):
        for exp in range(40):
            lv, left = level, 0
            for _ in range(exp):
                left += 1
                if left == 2 * lv:
                    lv, left = lv + 1, 0
            assert level_after(level, exp) == (lv, left)
    with pytest.raises(vw.SpecError):
        level_after(-1, 3)
