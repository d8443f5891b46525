"""VERS's rule knobs: the kernels
take a :class:`Rules`; each variant is checked against every roll of its dice."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

import venus_widgets as vw
from peer_agora import chi_square_pvalue
from venus_widgets import SpecError
from venus_widgets.engine.editions import vers
from venus_widgets.engine.editions.vers.rules import RULES, Rules


def brute(ranks: int, penalty: int, rules: Rules) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for faces in product(range(1, 7), repeat=rules.dice):
        deg = rules.base_ct + ranks - (sum(faces) + penalty)
        out[deg] = out.get(deg, 0) + Fraction(1, 6**rules.dice)
    return out


@pytest.mark.parametrize("rules", [Rules(), Rules(base_ct=12), Rules(dice=2), Rules(dice=4, base_ct=14),
                                   Rules(dice=1, base_ct=0)], ids=repr)
@pytest.mark.parametrize("ranks, penalty", [(0, 0), (3, 4), (8, 1)])
def test_variant_odds_match_every_roll(rules, ranks, penalty):
    spec = vw.normalize({"edition": "vers", "ranks": ranks, "penalty": penalty})
    b = brute(ranks, penalty, rules)
    assert vers.odds(spec, exact=True, rules=rules).distribution == b
    o = vers.odds(spec, rules=rules)
    assert o.distribution == {k: float(v) for k, v in b.items()}
    assert vers.denominator(spec, rules) == 6**rules.dice


def test_defaults_are_todays_rules_and_the_knobs_are_used():
    assert (RULES.base_ct, RULES.dice) == (10, 3)
    spec = vw.normalize({"edition": "vers", "ranks": 3})
    assert vers.odds(spec, rules=Rules()) == vers.odds(spec)
    assert vers.odds(spec).distribution == vw.odds(spec).distribution
    assert vers.odds(spec, rules=Rules(base_ct=8)).p_pass < vers.odds(spec).p_pass
    seeds = {k.name: k.seed for k in vers.KNOBS}
    assert seeds["base_ct"].endswith("base target of 10.") and "3d6" in seeds["dice"]


def test_rolls_of_a_variant():
    rules = Rules(dice=2, base_ct=5)
    spec = vw.normalize({"edition": "vers", "ranks": 2, "penalty": 1})
    sample = vers.roll_many(spec, 20_000, seed=3, rules=rules)
    assert chi_square_pvalue(sample, vers.odds(spec, rules=rules).distribution) > 1e-4
    r = vers.roll(spec, seed=5, rules=rules)
    assert len(r.dice) == 2 and r.details["ct"] == 7 and r.outcome == 7 - (sum(d.after for d in r.dice) + 1)


@pytest.mark.parametrize("knob, value", [("base_ct", -1), ("base_ct", 31), ("dice", 0), ("dice", 7), ("dice", 2.0)])
def test_bad_knob_values_name_the_knob(knob, value):
    with pytest.raises(SpecError) as err:
        Rules(**{knob: value})
    assert err.value.field == f"rules.{knob}"
