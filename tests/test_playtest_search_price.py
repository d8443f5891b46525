"""Many rolls under the optimal policy are priced with their searches
(issue 32, "the same model prices roll_many"): ``roll_many`` works out the
best KISS choice once for each kind of first roll it meets, and the guard
priced the dice alone. 30 bronze dice and six allies (``max_allies = 6``),
KISS 40, Ego double6: the guard allowed 311,296 rolls; 200,000 took 2.67 s of
CPU, cold (14,230 choices valued, 414,838 dice re-rolled in them).

Work is counted, never timed: the kinds of first roll a call searches, the
choices it values and the dice they re-roll, against the model's counts.
"""

from __future__ import annotations

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import guard
from venus_widgets.engine.contract.cost import MAX_ROLL_SECONDS
from venus_widgets.engine.editions.playtest import choices, search_price
from venus_widgets.engine.table.rolls import BLOCK_ROLLS


def task(caliber: str, dice: int, allies: list[str], ego: str, factors: int = 4, consequences: int = 8) -> dict:
    return vw.normalize({"edition": "playtest", "roll": "task", "caliber": caliber, "dice": dice, "allies": allies,
                         "kiss": 40, "ego": ego, "policy": "optimal", "factors": factors,
                         "consequences": consequences, "rules": {"max_allies": 6}})


HEAVY = ("bronze", 30, ["bronze", "silver", "gold"] * 2, "double6")
CASES = [HEAVY, ("bronze", 30, ["gold"] * 6, "double6"), ("silver", 12, ["bronze"] * 6, "double6"),
         ("gold", 20, ["bronze", "gold"], "reroll"), ("bronze", 8, ["gold"] * 2, "none"),
         ("silver", 20, ["gold"] * 6, "double6", 4, 4)]


def counted(spec: dict, n: int, monkeypatch) -> search_price.SearchWork:
    """What ``roll_many(spec, n)`` really does choosing, cold: searches, choices valued, dice they re-roll."""
    done = [0, 0]
    pmf = choices.choice_pmf

    def counting(counts, choice, size, g, double6, exact=False, rules=None):
        if not exact:  # (a near tie recounted in Fractions: the rare few, on top)
            done[0] += 1
            done[1] += sum(choice.values())
        return pmf(counts, choice, size, g, double6, exact, rules)

    monkeypatch.setattr(choices, "choice_pmf", counting)
    choices.best_choice.cache_clear()
    vw.roll_many(spec, n, seed=5)
    searched = choices.best_choice.cache_info().misses
    choices.best_choice.cache_clear()
    return search_price.SearchWork(searched, done[0], done[1])


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}+{len(c[2])}-{c[3]}")
@pytest.mark.parametrize("n", [BLOCK_ROLLS, 4 * BLOCK_ROLLS])
def test_the_searches_of_many_rolls_are_counted_as_the_model_prices_them(case, n, monkeypatch):
    """The kinds of first roll a call meets, on average, as the call meets
    them (within a tenth, and a few), and the choices and dice at most what
    the model prices (and at least a third of it)."""
    spec = task(*case)
    real, model = counted(spec, n, monkeypatch), search_price.search_work(spec, n)
    assert abs(real.searches - model.searches) <= 0.1 * model.searches + 5, (real, model)
    assert real.choices <= 1.1 * model.choices + 5 and real.dice <= 1.1 * model.dice + 50, (real, model)
    assert model.choices <= 3 * real.choices + 5 and model.dice <= 3 * real.dice + 50, (real, model)


def test_the_most_rolls_allowed_leave_time_for_the_searches():
    """The heavy task: the most rolls one call may make, dice and searches
    together, fit the time of one call; the dice alone allowed far more."""
    spec = task(*HEAVY)
    most = guard.most_rolls(spec)
    dice_alone = int(MAX_ROLL_SECONDS / (guard.roll_seconds(spec) * BLOCK_ROLLS)) * BLOCK_ROLLS
    assert 0 < most < dice_alone / 2, (most, dice_alone)
    assert guard.rolls_seconds(spec, most) <= MAX_ROLL_SECONDS < guard.rolls_seconds(spec, most + BLOCK_ROLLS)
    with pytest.raises(vw.SpecError, match="worked out once for each kind of roll"):
        vw.roll_many(spec, most + 1, seed=1)


def test_the_failures_policy_searches_nothing():
    spec = vw.normalize({**task(*HEAVY), "policy": "failures"})
    assert search_price.search_seconds(spec, 10 * BLOCK_ROLLS) == 0.0
    assert guard.rolls_seconds(spec, BLOCK_ROLLS) == pytest.approx(BLOCK_ROLLS * guard.roll_seconds(spec))


def test_a_call_meets_no_more_kinds_than_it_rolls_nor_than_there_are():
    spec = task(*HEAVY)
    assert search_price.kinds_met(spec, 10) <= 10
    assert search_price.kinds_met(spec, 10**9) <= 20_196  # every kind of first roll of 30 dice and 6 allies
