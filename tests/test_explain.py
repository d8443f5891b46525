"""Explain this number: the steps add back to the shown figure, and the
example roll is ``vw.roll(spec, seed)``."""

from __future__ import annotations

import itertools
import math

import pytest

import venus_widgets as vw
from venus_widgets.engine.export import html_text, markdown_text
from venus_widgets.engine.contract.table_answers import listed
from venus_widgets.engine.contract.explain import Step, check_arithmetic, pct

SPECS = [
    {"edition": "playtest", "roll": "check", "caliber": "gold", "score": 4, "bonus_factors": 2},
    {"edition": "playtest", "roll": "check", "caliber": "bronze", "score": 0, "difficulty": "absurd"},
    {"edition": "playtest", "roll": "check", "caliber": "platinum", "score": 9, "factors": 3, "bonus_factors": 4},
    {"edition": "playtest", "roll": "task", "dice": 3},
    {"edition": "playtest", "roll": "task", "dice": 4, "kiss": 2, "ego": "double6", "consequences": 2,
     "allies": ["gold", "silver"], "factors": 1},
    {"edition": "playtest", "roll": "task", "dice": 6, "ego": "reroll", "learning": True, "factors": 2},
    {"edition": "playtest", "roll": "task", "dice": 5, "kiss": 3, "policy": "optimal", "ego": "double6",
     "consequences": 1},
    {"edition": "playsheet", "roll": "check", "rank": "silver", "score": 5, "factors": [2, 1], "bonus": [1]},
    {"edition": "playsheet", "roll": "task", "dice": 5, "allies": ["gold"], "kiss": 2, "ego": True,
     "explode": True, "ally_kiss": True, "difficulty": 3},
    {"edition": "agora", "roll": "check", "rank": 4, "kiss": 1, "ego": True},
    {"edition": "agora", "roll": "check", "health": 0},
    {"edition": "agora", "roll": "check", "helpers": [2, 2]},
    {"edition": "agora", "roll": "task", "job": 2, "kiss": 2, "ego": True, "consequences": 2, "helpers": [4, 4],
     "helper_kiss": True, "difficulty": "challenging"},
    {"edition": "heresy", "pool": 8, "black": 3, "trade": 1},
    {"edition": "heresy", "pool": 0, "black": 6},
    {"edition": "vers", "ranks": 3, "penalty": 4},
    {"edition": "vers", "ranks": 0, "penalty": 30},
]
IDS = [f"{s['edition']}-{s.get('roll', '')}-{i}" for i, s in enumerate(SPECS)]


def _fold(steps):
    """A player's sum of the steps, written out independently of the engine's helper."""
    total, stated = 0.0, []
    for s in steps:
        if s.op == "+":
            total = total + s.figure
        elif s.op == "-":
            total = total - s.figure
        elif s.op == "=":
            stated.append((total, s.figure))
            total = s.figure
        else:
            assert s.op == ""
    return stated


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_steps_add_back_to_the_shown_figure(spec):
    e = vw.explain(spec)
    o = vw.odds(spec)
    sums = _fold(e.steps)
    assert sums, "at least one '=' step"
    for total, figure in sums:
        assert total == pytest.approx(figure, abs=1e-12)
    assert sums == check_arithmetic(e.steps)
    # the figure the steps add up to is P(pass) (or, after the consequences, P(goal))
    assert e.p_pass == o.p_pass
    assert any(s.op == "=" and s.figure == o.p_pass for s in e.steps)
    if spec.get("consequences") and spec["edition"] == "playtest":
        assert e.steps[-1].figure == pytest.approx(o.p_goal, abs=1e-12)
    else:
        assert e.steps[-1].op != "=" or e.steps[-1].figure == o.p_pass
    for s in e.steps:
        assert s.figure is None or -1e-12 <= s.figure <= 1 + 1e-12
        assert s.op == "" or s.figure is not None


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_the_example_roll_is_vw_roll_with_that_seed(spec):
    for seed in (1, 7, 2024):
        e = vw.explain(spec, seed=seed)
        assert e.seed == seed
        assert e.example == vw.roll(spec, seed)
        assert e.walk and all(isinstance(w, str) and w for w in e.walk)
    assert vw.explain(spec).example == vw.roll(spec, 1)  # seed 1 unless given


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_text_markdown_and_html_show_every_step_and_the_figure(spec):
    e = vw.explain(spec)
    # the text as it is; Markdown and HTML through the export module (escaped, one line)
    for text, shown in ((str(e), str), (e._repr_markdown_(), markdown_text), (e._repr_html_(), html_text)):
        assert shown(pct(e.p_pass)) in text
        assert f"seed={e.seed}" in text or f"seed {e.seed}" in text
        for step in e.steps:
            assert shown(step.line()) in text
    assert str(e).count("\n") >= len(e.steps) + len(e.walk)
    assert e._repr_markdown_().startswith(f"**Why this {e.spec['roll']} passes {markdown_text(pct(e.p_pass))}")
    assert "<ol>" in e._repr_html_()


# -- the steps a player checks by hand -------------------------------------------


def test_playtest_check_counts_naturals_out_of_twenty():
    spec = SPECS[0]  # Gold, score 4, tough 15, two bonus dice
    e = vw.explain(spec)
    adds = [s for s in e.steps if s.op == "+"]
    # naturals 11..18 reach 15 alone; Gold auto-passes on 19-20; 5..10 may be saved by the higher of 2 d6
    assert adds[0].figure == 8 / 20 and "8 faces of 20 (11 to 18)" in adds[0].words
    assert adds[1].figure == 2 / 20 and "natural 19 or 20" in adds[1].words
    for natural, step in zip(range(5, 11), adds[2:]):
        need = 15 - 4 - natural
        assert f"natural {natural} " in step.words
        assert step.figure == pytest.approx((1 - ((need - 1) / 6) ** 2) / 20, abs=1e-15)
    assert len(adds) == 8


def test_playtest_task_first_roll_is_the_binomial_a_player_can_sum():
    spec = {"roll": "task", "dice": 5, "caliber": "silver", "factors": 2, "kiss": 1}
    e = vw.explain(spec)
    one, take, first = [s for s in e.steps if s.op][:3]
    assert (one.op, take.op, first.op) == ("+", "-", "=")
    assert one.figure == pytest.approx(1 - 0.5**5, abs=1e-15)
    assert one.line() == ("With five dice, at least one success comes up 96.88 % of the time: the first roll has none "
                          "only when every die fails.")
    assert take.figure == pytest.approx(sum(math.comb(5, k) * 0.5**5 for k in (1, 2)), abs=1e-15)
    by_hand = sum(math.comb(5, k) * 0.5**5 for k in range(3, 6))
    assert first.figure == pytest.approx(by_hand, abs=1e-15)
    assert take.line() == "Needing 3, the first rolls with 1 or 2 successes fall short: they take away 46.88 %."
    assert first.line() == "So the first roll shows 3 or more successes 50.00 % of the time."


def test_playtest_task_consequences_take_what_passes_short_of_the_goal():
    spec = SPECS[4]
    o = vw.odds(spec)
    take = [s for s in vw.explain(spec).steps if s.op == "-"][-1]
    assert "consequence" in take.words
    assert take.figure == pytest.approx(o.p_pass - o.p_goal, abs=1e-15)
    assert o.p_goal == pytest.approx(sum(o.at_least(k) - o.at_least(k + 1) for k in range(o.goal, 30)), abs=1e-12)


def test_agora_first_roll_without_kiss_or_ego_is_a_binomial():
    spec = {"edition": "agora", "roll": "check", "rank": 4, "health": 3, "kiss": 2, "ego": True,
            "difficulty": "challenging"}
    one, take, first = [s for s in vw.explain(spec).steps if s.op][:3]
    assert one.figure == pytest.approx(1 - 0.5**3, abs=1e-15)
    assert take.figure == pytest.approx(3 * 0.5**3, abs=1e-15)
    assert first.op == "=" and first.figure == pytest.approx(sum(math.comb(3, k) * 0.5**3 for k in (2, 3)),
                                                            abs=1e-15)


def test_at_least_one_success_is_one_minus_every_die_failing():
    spec = {"roll": "task", "dice": 3, "allies": ["gold", "silver"], "factors": 2}
    one = next(s for s in vw.explain(spec).steps if s.op == "+")
    assert one.figure == pytest.approx(1 - (4 / 6) ** 3 * (2 / 6) * (3 / 6), abs=1e-15)
    assert "With five dice, at least one success" in one.line()
    spec = {"edition": "playsheet", "roll": "task", "dice": 2, "allies": ["platinum"], "difficulty": 2}
    one = next(s for s in vw.explain(spec).steps if s.op == "+")
    assert one.figure == pytest.approx(1 - 0.6**2 * 0.3, abs=1e-15)


def test_vers_counts_rolls_out_of_216():
    spec = SPECS[15]  # CT 13, penalty 4: 3d6 of 9 or less
    rolls = list(itertools.product(range(1, 7), repeat=3))
    steps = vw.explain(spec).steps
    assert steps[1].figure == sum(sum(r) <= 13 for r in rolls) / 216
    assert steps[2].figure == sum(10 <= sum(r) <= 13 for r in rolls) / 216
    assert steps[3].figure == sum(sum(r) <= 9 for r in rolls) / 216
    assert "181 of its 216 rolls" in steps[1].words and "81 of 216 rolls" in steps[3].words


def test_heresy_black_dice_take_the_difference():
    spec = SPECS[13]
    steps = vw.explain(spec).steps
    plus = next(s for s in steps if s.op == "+")
    assert plus.figure == vw.odds({**spec, "black": 0}).p_pass


# -- the walk through the example roll -----------------------------------------


def test_playtest_task_walk_shows_the_faces_and_the_outcome():
    spec = SPECS[4]
    for seed in range(20):
        e = vw.explain(spec, seed)
        r = e.example
        faces = listed([d.before for d in r.dice if d.owner == "own"])
        assert f"your Bronze dice show {faces}" in e.walk[0]
        assert e.walk[-1].startswith(f"{r.outcome} success")
        assert ("passed" in e.walk[-1]) == r.passed
        for d in r.dice:
            if d.kissed:  # numbered from 1, as the view numbers them
                assert f"die {d.index + 1} ({d.before} became {d.after})" in " ".join(e.walk)


def test_heresy_walk_ends_on_the_net_successes():
    for seed in range(20):
        e = vw.explain(SPECS[13], seed)
        assert e.walk[-1].startswith(f"Net {e.example.outcome}:".replace("-", "\u2212"))  # the minus sign


def test_check_walk_says_passed_or_failed_as_the_roll():
    for spec in (SPECS[0], SPECS[2], SPECS[7]):
        for seed in range(20):
            e = vw.explain(spec, seed)
            assert e.walk[-1] == ("Passed." if e.example.passed else "Failed.")


def test_agora_walk_gives_the_label():
    for seed in range(20):
        e = vw.explain(SPECS[12], seed)
        assert e.example.details["label"] in " ".join(e.walk)


def test_vers_walk_gives_the_degrees():
    for seed in range(20):
        e = vw.explain(SPECS[15], seed)
        assert e.walk[-1].startswith(f"{abs(e.example.outcome)} degree")


def test_step_line_says_the_figure_in_its_sentence():
    assert Step("KISS adds {chance}: x.", 0.25, "+").line() == "KISS adds 25.00 %: x."
    assert Step("So it passes {chance} of the time.", 0.25, "=").line() == "So it passes 25.00 % of the time."
    # words that do not place the figure (an edition written before): said after them, with how it adds up
    assert Step("x", 0.25, "+").line() == "x: adds 25.00 %."
    assert Step("x", 0.25, "-").line() == "x: takes away 25.00 %."
    assert Step("x", 0.25, "=").line() == "x: 25.00 % in all."
    assert Step("x").line() == "x"


def test_a_bad_spec_or_seed_is_a_spec_error():
    with pytest.raises(vw.SpecError):
        vw.explain({"edition": "vers", "ranks": 99})
    with pytest.raises(vw.SpecError) as err:
        vw.explain({"edition": "vers"}, seed=-1)
    assert err.value.field == "seed"


def test_facilitators_explain_example_prints_what_the_docs_show():
    """docs/facilitators.md shows `print(vw.explain(...))` as it prints."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "facilitators.md").read_text()
    code, shown = re.search(r"```python\n(print\(vw\.explain\(.*?\)\))\n```\n\n```\n(.*?)```", text, re.S).groups()
    spec = eval(code[len("print(vw.explain("):-2])
    assert str(vw.explain(spec)) + "\n" == shown


# -- any valid spec --------------------------------------------------------------

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from test_properties import SETTINGS, valid_specs  # noqa: E402


@SETTINGS
@given(valid_specs(), st.integers(0, 2**63 - 1))
def test_any_valid_spec_explains_and_adds_back(spec, seed):
    e = vw.explain(spec, seed)
    o = vw.odds(spec)
    sums = _fold(e.steps)
    assert sums
    for total, figure in sums:
        assert total == pytest.approx(figure, abs=1e-9)
    assert any(s.op == "=" and s.figure == o.p_pass for s in e.steps)
    assert e.example == vw.roll(spec, seed)
    assert e.walk and str(e)


@SETTINGS
@given(valid_specs())
def test_any_valid_spec_has_a_ladder_of_its_odds(spec):
    rungs = vw.ladder(spec)
    assert rungs
    for setting, chance in rungs[:3]:
        assert chance == vw.odds({**spec, **setting}).p_pass
    best = vw.solve(spec, 0.5)
    assert sorted(map(repr, best)) == sorted(map(repr, rungs))


BIG_PLATINUM = {"edition": "playtest", "roll": "task", "caliber": "platinum", "dice": 29, "learning": True}


def test_every_probability_of_large_odds_lies_between_0_and_1():
    """Regression (CI, hypothesis): 29 Platinum dice have a denominator far
    beyond 2**53, so the odds are floats; the first roll's pass came out as
    1.0000000000000002 in the breakdown."""
    o = vw.odds(BIG_PLATINUM)
    values = [*o.distribution.values(), *o.breakdown.values(), o.p_pass, o.p_goal]
    assert all(0.0 <= v <= 1.0 for v in values), [v for v in values if not 0.0 <= v <= 1.0]


def test_a_tiny_first_roll_step_is_a_tiny_positive_chance_not_noise():
    """Regression: 'needing 2 takes the first rolls with just 1 success' is
    29 x 5/6 x (1/6)**28 (about 1.5e-21), and the explanation refused to print
    it (it came out as -2.2e-16)."""
    from fractions import Fraction

    e = vw.explain(BIG_PLATINUM, seed=1)
    step = next(s for s in e.steps if s.op == "-")
    assert step.figure == float(29 * Fraction(5, 6) * Fraction(1, 6) ** 28)
    assert "%" in str(e)


def test_the_example_walk_numbers_dice_from_1_as_the_view_does():
    """The walk said 'die 0' for the first die while the roller says 'Die 1'."""
    e = vw.explain({"roll": "task", "dice": 3, "kiss": 1, "consequences": 1}, seed=1)
    kiss = [w for w in e.walk if w.startswith("KISS")]
    assert kiss and "die 1 (3 became 1)" in kiss[0] and "die 0" not in " ".join(e.walk)
