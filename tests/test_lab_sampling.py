"""The rule lab samples only odds that are not rational
(dice that roll again without end), and no more rolls than its time allows.

The lab sampled 3 x 20,000 rolls whenever ``Odds.exact`` was ``None``,
which is also true of rational odds past 2**53 (the README's largest
playtest task: 6 s to build, 4.5 s a change). The speed is measured by
hand, not here; this checks what is sampled."""

from __future__ import annotations

import venus_widgets as vw
from venus_widgets.engine.tools.compare import compare
from venus_widgets.engine.contract.guard import most_rolls
from venus_widgets.widgets.lab_panel import SAMPLE_ROLLS, SAMPLE_SECONDS, LabPanel

README_TASK = dict(dice=30, allies=["gold", "gold"], kiss=40, ego="double6", policy="optimal")


def test_rational_odds_past_2_53_are_never_sampled():
    lab = vw.RuleLab("playtest", "task", a={"success_from": {"bronze": 4}}, b={"threshold_base": 2},
                     axes=("factors", "consequences"), **README_TASK)
    o = lab.comparison.odds["base"]
    assert o.exact is None and o.rational  # past 2**53: no Fractions kept, yet exact
    assert lab.panel.view["sample"] == {}


def test_odds_that_roll_on_are_sampled_within_the_labs_time():
    spec = {"edition": "playsheet", "roll": "task", "dice": 6, "explode": True}
    c = compare(spec, {"A": {"explode_from": 9}, "B": {"pass_from": {"bronze": 6}}})
    shown = LabPanel._samples(c, {"base": "base", "A": "A", "B": "B"})
    assert set(shown) == {"base", "A", "B"}
    for key, name in {"base": "base", "A": "A", "B": "B"}.items():
        assert shown[key]["n"] == min(SAMPLE_ROLLS, most_rolls(c.odds[name].spec, SAMPLE_SECONDS)) > 0


def test_dice_that_roll_on_for_long_are_not_sampled_past_the_labs_time():
    """Six allies whose dice explode from 2 draw about 700 dice a roll: one
    block of rolls is past the lab's tenth of a second, so none is made."""
    heavy = {"edition": "playsheet", "roll": "task", "dice": 30, "allies": ["gold"] * 6, "ally_kiss": True,
             "explode": True, "kiss": 40, "rules": {"explode_from": 2, "ego_double_from": 2, "max_allies": 6,
                                                    "pass_from": {"bronze": 2, "silver": 2, "gold": 2,
                                                                  "platinum": 2}}}
    c = compare(heavy, {"A": {"explode_from": 3, "ego_double_from": 3}})
    assert most_rolls(c.odds["base"].spec, SAMPLE_SECONDS) == 0
    shown = LabPanel._samples(c, {"base": "base", "A": "A"})
    assert "base" not in shown
