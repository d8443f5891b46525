"""The value a draft's refusal names (a count of dice too high, a check
broken): the nearest that fits, found in a few dozen tries whatever the
field's range (tests first, fuzz seed 47: the FC screen over a draft
whose ladder runs 1,001 rungs of ``dice`` from 1 to 1000, its count
``dice * dice``, refused each rung past 100 after trying every value back
down to it: 637,000 formulas read, 2.5 s before one odds)."""

from __future__ import annotations

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition as registry
from venus_widgets.engine.contract.fields import CrossError
from venus_widgets.engine.drafts import spec_checks

DRAFT = '''id = "nearfit"
[fields.dice]
range = [1, 1000]
default = 3
[fields.extra]
range = [0, 1000]
default = 0
[dice.d2]
sides = 2
success = [2]
[groups.g]
die = "d2"
count = "{count}"
[outcome]
value = "successes"
threshold = 1
'''


def _refusal(count: str, spec: dict, monkeypatch) -> tuple[CrossError, int]:
    """The refusal of ``spec`` by the draft counting ``count`` dice (loaded
    for this call only), and the counts of dice read to make it."""
    tries = [0]
    real = spec_checks.count

    def counted(*args, **kw):
        tries[0] += 1
        return real(*args, **kw)

    with registry.as_it_was():
        vw.load_edition(DRAFT.replace("{count}", count))
        monkeypatch.setattr(spec_checks, "count", counted)
        with pytest.raises(CrossError) as err:
            vw.normalize({"edition": "nearfit", **spec})
    return err.value, tries[0]


@pytest.mark.parametrize("dice, nearest", [(1000, 100), (101, 100), (400, 100)])
def test_a_count_too_high_names_the_nearest_dice_in_a_few_dozen_tries(dice, nearest, monkeypatch):
    err, tries = _refusal("dice * dice", {"dice": dice}, monkeypatch)
    assert err.field == "dice" and err.nearest == nearest, err
    assert tries <= 60, tries


def test_a_count_that_fits_only_far_below_names_it(monkeypatch):
    """Fits only from 0 to 9 extra dice: the nearest from 990 is 9."""
    err, tries = _refusal("dice + extra * 1000", {"dice": 5, "extra": 990}, monkeypatch)
    assert err.field == "extra" and err.nearest == 9, err
    assert tries <= 60, tries


def test_a_count_that_fits_only_near_the_default_is_named_from_either_side(monkeypatch):
    """A count of dice below 0 past 13 dice: from 500 the nearest that fits
    is 13, from 20 too (within the first steps)."""
    for dice in (500, 20, 14):
        err, tries = _refusal("10000 - (dice - 3) * (dice - 3) * 100 + 0 * extra", {"dice": dice}, monkeypatch)
        assert err.field == "dice" and err.nearest == 13, err
        assert tries <= 60, tries
