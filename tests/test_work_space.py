"""Counts whose quantities go together, priced by the cells they span
(issue 32, the cost model; fuzz_drafts seed 47, friendly seed 1974057338).

Each of a group's coins shows a success or a bane, never both: its dice make
few kinds of roll (1,024 coins, 1,025 kinds), but the kernel packs both
quantities into one index (:mod:`venus_widgets.engine.drafts.space`), so its
counts and the outcome's grid span every pair (1,025 x 1,057 cells). The
outcome was priced by the kinds of roll (34,000 cells): 0.25 s real for 0.2 s
estimated; and each spec's space kept every quantity's values and the
outcome's grid over those cells on its plan for as long as the plan stayed
cached (an FC screen whose rungs 1 to 32 of such dice fail at the outcome left
121 MB held, priced 4.5 MB; 284 MB at the peak, over the 200 MB a call may take).

Work is counted, never timed; memory is measured with tracemalloc.
"""

from __future__ import annotations

import gc
import tracemalloc

import pytest

import venus_widgets as vw
from venus_widgets.engine import caching
from venus_widgets.engine.contract import edition as registry, guard
from venus_widgets.engine.contract.spec import normalize
from venus_widgets.engine.drafts import kernel, outcome, space as space_mod, step_cost
from venus_widgets.engine.errors import SpecError

#: the fuzz's draft, as a player reads it: ``dice`` coins of a success or a bane, and ``dice * dice`` more;
#: ``divides`` is its outcome (which divides by 0 on some roll: every odds fails after the counting) or another
COINS = '''id = "coins_bane"
[fields.dice]
range = [1, 1000]
default = 3
[dice.d0]
sides = 2
success = "2+"
marks = {{ bane = [1] }}
[dice.d1]
sides = 2
success = [1]
[groups.g0]
die = "d0"
count = "dice * dice"
[groups.g1]
die = "d1"
count = "dice"
[outcome]
threshold = 2
value = "{value}"
'''
DIVIDES = "successes % (bane - dice // g1)"
READS = "successes * 2 - bane"


@pytest.fixture
def coins():
    def load(value: str) -> None:
        vw.load_edition(COINS.format(value=value))
        caching.forget_results()
    yield load
    if "coins_bane" in registry.ids():
        registry.unregister("coins_bane")
    caching.forget_results()


@pytest.mark.parametrize("dice", [8, 20])
def test_the_outcome_is_priced_over_every_packed_cell_it_reads(coins, dice, monkeypatch):
    """Each quantity's value is read off every packed cell of the space, not only
    the cells a roll can reach: the model's finish covers those reads."""
    coins(READS)
    s = normalize({"edition": "coins_bane", "dice": dice})
    p = registry.get("coins_bane").plan(s)
    names, shown = kernel.tracked(p), outcome.shown_marks(p)
    read = [0]
    values = space_mod.Space.values

    def counting(self):
        if not self._values:
            read[0] += self.size * len(self.names)
        return values(self)

    monkeypatch.setattr(space_mod.Space, "values", counting)
    vw.odds(s)
    assert read[0] > 10 * step_cost.rolls(p)  # (the case: far more cells than kinds of roll)
    assert step_cost.odds_steps(p, names, shown).finish >= read[0] * step_cost.PER_DIGIT


@pytest.mark.parametrize("value", [DIVIDES, READS])
def test_the_odds_of_a_large_space_leave_no_more_held_than_priced(coins, value):
    """What a spec's odds leave held once made (its plan cached, with its space)
    is at most what the model prices (:attr:`Cost.keeps`), the odds made or
    failing at the outcome after the counting."""
    coins(value)
    s = normalize({"edition": "coins_bane", "dice": 20})  # 420 coins: 401 x 421 cells
    keeps = guard.estimate(s).keeps
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        try:
            vw.odds(s)
        except SpecError as err:
            assert value == DIVIDES and "divides by 0" in str(err)
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert held <= keeps, (held, keeps)


def test_an_fc_screen_over_rungs_that_fail_at_the_outcome_stays_within_its_memory(coins):
    """The fuzz's FC screen: rungs 1 to 32 are counted and fail at the outcome,
    the rest refused by the guard; the party is refused in words, and what the
    call held at its peak stays within the 200 MB a call may take."""
    coins(DIVIDES)
    gc.collect()
    tracemalloc.start()
    try:
        with pytest.raises(SpecError, match="share at least one rung"):
            vw.FCScreen({"A": {"edition": "coins_bane"}})
        gc.collect()
        held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak <= 200e6 and held <= 40e6, (held, peak)
