"""One evaluator for a roll, many rolls and the odds (issue 32, "One
formula, two meanings"): the same semantics everywhere (a lazy ``if``;
``and``/``or``/``not`` on yes-or-no values, else refused at load), exact
whole numbers (never a wrap), only numbers as outcomes (refused at load,
at the line). Each issue example first, then a property over random
formulas: the odds (the formula on arrays), a roll and many rolls (the
formula on numbers) and a brute force agree."""

from __future__ import annotations

import tracemalloc
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

import venus_widgets as vw
from venus_widgets.engine.contract import edition
from venus_widgets.engine.contract.spec import normalize
from venus_widgets.engine.drafts import DraftError, load_edition
from venus_widgets.engine.drafts.values import MAX_VALUE

from drafts_brute import brute
from work_count import calls

BASE = '''id = "ev"
[fields.dice]
range = [1, 6]
default = 2
[fields.need]
range = [0, 4]
default = 1
group = "difficulty"
[dice.d6]
sides = 6
success = "5+"
marks = { one = [1] }
[groups.own]
count = "dice"
[outcome]
threshold = "need"
[ladder]
field = "need"
to = 4
'''


@pytest.fixture(autouse=True)
def _forget():
    yield
    edition.unregister("ev")


def with_value(value: str) -> str:
    return BASE.replace('threshold = "need"', f'value = "{value}"\nthreshold = "need"')


def spread(spec: dict) -> dict[int, Fraction]:
    return dict(vw.odds(spec, exact=True).distribution)


def the_three_agree(spec: dict, seeds: int = 60) -> None:
    """The odds equal the brute force (the formula on plain numbers), and
    every roll and every one of many rolls gives a value the odds give."""
    plan = edition.get(spec["edition"]).source.plan(normalize(spec))
    exact = spread(spec)
    assert {k: v for k, v in exact.items() if v} == {k: v for k, v in brute(plan).items() if v}, spec
    for seed in range(seeds):
        assert exact.get(vw.roll(spec, seed=seed).outcome, 0) > 0
    many = vw.roll_many(spec, 2_000, seed=1)
    assert many.dtype == np.int64 and set(np.unique(many).tolist()) <= {k for k, v in exact.items() if v}


# -- the examples ------------------------------------------------------------------


def test_if_evaluates_only_the_branch_taken():
    """if(successes == 0, 0, 10 // successes) failed 'divides by 0' (both branches were evaluated)."""
    load_edition(with_value("if(successes == 0, 0, 10 // successes)"))
    spec = {"edition": "ev", "dice": 3}
    assert spread(spec) == {0: Fraction(8, 27), 3: Fraction(1, 27), 5: Fraction(6, 27), 10: Fraction(12, 27)}
    the_three_agree(spec)


def test_and_or_not_take_yes_or_no_and_a_number_there_is_refused_at_its_line():
    """successes and 5: the odds said {0, 1} while vw.roll returned 5."""
    with pytest.raises(DraftError) as err:
        load_edition(with_value("successes and 5"))
    said = str(err.value)
    assert err.value.key == "outcome.value" and err.value.line == 16, said
    assert "yes-or-no" in said and "successes > 0" in said, said
    for bad in ("not successes", "if(one, 1, 0)", "successes or one > 0"):
        with pytest.raises(DraftError):
            load_edition(with_value(bad))


def test_and_or_on_yes_or_no_agree_everywhere():
    load_edition(with_value("if(successes > 0 and one == 0 or successes > 1, 5, 0) + if(not one > 0, 1, 0)"))
    the_three_agree({"edition": "ev", "dice": 3})


def test_a_value_past_2_63_never_wraps():
    """roll_many wrapped it negative and the odds raised a raw ValueError."""
    load_edition(with_value("successes * 9223372036854775807 + 5"))
    spec = {"edition": "ev", "dice": 3}
    for call in (lambda: vw.odds(spec), lambda: vw.roll(spec, seed=3), lambda: vw.roll_many(spec, 100, seed=3)):
        with pytest.raises(DraftError) as err:
            call()
        assert err.value.key == "outcome.value" and f"{MAX_VALUE:,}" in str(err.value), str(err.value)


def test_large_steps_inside_a_formula_are_exact():
    """Past 2**63 on the way, back under it at the end: the same as successes, exactly."""
    load_edition(with_value("successes * 9223372036854775807 * 4 // 36893488147419103228 + one * 0"))
    spec = {"edition": "ev", "dice": 3}
    assert spread(spec) == {0: Fraction(8, 27), 1: Fraction(12, 27), 2: Fraction(6, 27), 3: Fraction(1, 27)}
    the_three_agree(spec)


def test_an_outcome_of_text_is_refused_at_its_line():
    """A text outcome loaded, and every odds call failed (a raw TypeError)."""
    with pytest.raises(DraftError) as err:
        load_edition(with_value("'abc'"))
    assert err.value.key == "outcome.value" and err.value.line == 16 and "text" in str(err.value)
    with pytest.raises(DraftError) as err:
        load_edition(with_value("successes > 1"))
    assert "yes or no" in str(err.value) and "if(successes > 1, 1, 0)" in str(err.value), str(err.value)


def test_text_compared_with_a_number_is_refused_at_load():
    text = BASE.replace("[dice.d6]", '[fields.mode]\noptions = ["a", "b"]\n[dice.d6]')
    with pytest.raises(DraftError) as err:
        load_edition(text.replace('threshold = "need"', 'threshold = "if(mode == 2, 1, need)"'))
    assert "text" in str(err.value) and err.value.key == "outcome.threshold", str(err.value)
    load_edition(text.replace('threshold = "need"', "threshold = \"if(mode == 'b', 2, need)\""))
    assert vw.odds({"edition": "ev", "mode": "b", "dice": 3}).threshold == 2


def test_a_spread_of_values_too_wide_to_list_is_refused_quickly():
    """value = "successes * 10000000" on two coins took 3-4 s and 1 GB."""
    load_edition(with_value("successes * 10000000"))
    tracemalloc.start()
    try:  # bounded work, the same on every machine: Python calls and memory held
        err, n = calls(vw.odds, {"edition": "ev", "dice": 3}, budget=20_000)  # refused after about 400 calls and 50 kB
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert isinstance(err, DraftError) and peak < 16 * 2**20, (err, peak)
    assert "30,000,000" in str(err) and err.key == "outcome.value", str(err)
    assert vw.roll({"edition": "ev", "dice": 3}, seed=1).outcome % 10_000_000 == 0  # a roll still says its value


# -- a property: the odds, the rolls and the brute force agree on random formulas --------


TERMS = ["successes", "one", "dice", "need", "2", "3"]


@st.composite
def formula(draw, depth: int = 0) -> str:
    """A number formula over what the dice show and the fields."""
    if depth >= 3 or draw(st.integers(0, 2)) == 0:
        return draw(st.sampled_from(TERMS))
    kind = draw(st.sampled_from(["arith", "arith", "if", "minmax", "div", "neg"]))
    if kind == "arith":
        op = draw(st.sampled_from(["+", "-", "*"]))
        return f"({draw(formula(depth + 1))} {op} {draw(formula(depth + 1))})"
    if kind == "div":
        op = draw(st.sampled_from(["//", "%"]))
        divisor = draw(formula(depth + 1))
        return f"if({divisor} == 0, 7, {draw(formula(depth + 1))} {op} {divisor})"
    if kind == "minmax":
        return f"{draw(st.sampled_from(['min', 'max']))}({draw(formula(depth + 1))}, {draw(formula(depth + 1))})"
    if kind == "neg":
        return f"-abs({draw(formula(depth + 1))})"
    return f"if({draw(condition(depth + 1))}, {draw(formula(depth + 1))}, {draw(formula(depth + 1))})"


@st.composite
def condition(draw, depth: int) -> str:
    left, right = draw(formula(depth + 1)), draw(formula(depth + 1))
    cmp = f"{left} {draw(st.sampled_from(['==', '!=', '<', '<=', '>', '>=']))} {right}"
    kind = draw(st.sampled_from(["cmp", "cmp", "and", "or", "not"]))
    if kind == "cmp" or depth >= 3:
        return cmp
    if kind == "not":
        return f"not {cmp}"
    return f"({cmp}) {kind} ({draw(condition(depth + 1))})"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=formula(), dice=st.integers(1, 3))
def test_random_formulas_give_the_same_values_in_the_odds_a_roll_and_many_rolls(value, dice):
    load_edition(with_value(value))
    the_three_agree({"edition": "ev", "dice": dice, "need": 0}, seeds=20)


# -- the overflow check from the sizes known (evaluation.Sizes) -----------------------------


BIG = ["a", "b", "3", "h", "r"]  # h: 2**62, r: about its square root


@st.composite
def big_formula(draw, depth: int = 0) -> str:
    """A formula of + - * // % min max abs if over arrays near 2**62 (past 2**63 on the way)."""
    if depth >= 2 or draw(st.integers(0, 2)) == 0:
        return draw(st.sampled_from(BIG))
    kind = draw(st.sampled_from(["+", "-", "*", "//", "%", "min", "abs", "if"]))
    x, y = draw(big_formula(depth + 1)), draw(big_formula(depth + 1))
    if kind in ("//", "%"):
        return f"if({y} == 0, 1, {x} {kind} {y})"
    if kind == "min":
        return f"min({x}, {y})"
    if kind == "abs":
        return f"abs({x})"
    if kind == "if":
        return f"if({x} < {y}, {x}, {y})"
    return f"({x} {kind} {y})"


@settings(max_examples=150, deadline=None)
@given(text=big_formula(), lo=st.integers(-(2**62), 2**62), width=st.integers(1, 40))
@example(text="(a * (h + h))", lo=0, width=1)  # cells of 0 times 2**63: an OverflowError (int64 times a Python int)
def test_sizes_known_from_ranges_never_let_a_cell_wrap(text, lo, width):
    """The odds' overflow check reads the sizes the counts' ranges give
    (never a pass over the cells): the values equal Python's ints, cell by cell."""
    from venus_widgets.engine.drafts.expr import parse
    from venus_widgets.engine.drafts.space import Space

    space = Space(("a", "b"), (lo, -lo // 3), (width, 3))
    values = space.values()
    e = parse(text)
    big = {"h": 2**62, "r": 3037000499}
    fast = e.evaluate({**values, **big}, sizes=space.sizes(values))
    slow = [e.evaluate({"a": int(a), "b": int(b), **big}) for a, b in zip(values["a"], values["b"])]
    got = [int(x) for x in np.broadcast_to(fast, (space.size,))]
    assert got == slow, text
