"""VERS's rule knobs (docs/rules_heresy_vers.md#rule-knobs-vers): a spec's
``rules`` change the built-in edition's rules (its draft's knobs); each
variant is checked against every roll of its dice."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any, Mapping

import pytest

import venus_widgets as vw
from peer_agora import chi_square_pvalue
from venus_widgets import SpecError
from venus_widgets.engine.contract.edition import get

#: Today's reading of the rules: the knobs' defaults.
DEFAULTS = {"base_ct": 10, "dice": 3}


def brute(ranks: int, penalty: int, given: Mapping[str, Any] | None = None) -> dict[int, Fraction]:
    """Degrees -> chance, under the rules ``given`` (a spec's ``rules``; the rest as read)."""
    rules = {**DEFAULTS, **(given or {})}
    out: dict[int, Fraction] = {}
    for faces in product(range(1, 7), repeat=rules["dice"]):
        deg = rules["base_ct"] + ranks - (sum(faces) + penalty)
        out[deg] = out.get(deg, 0) + Fraction(1, 6 ** rules["dice"])
    return out


def spec_of(ranks: int, penalty: int, rules: Mapping[str, Any] | None = None) -> dict:
    return vw.normalize({"edition": "vers", "ranks": ranks, "penalty": penalty, **({"rules": dict(rules)} if rules else {})})


@pytest.mark.parametrize("rules", [{}, {"base_ct": 12}, {"dice": 2}, {"dice": 4, "base_ct": 14},
                                   {"dice": 1, "base_ct": 0}], ids=repr)
@pytest.mark.parametrize("ranks, penalty", [(0, 0), (3, 4), (8, 1)])
def test_variant_odds_match_every_roll(rules, ranks, penalty):
    spec = spec_of(ranks, penalty, rules)
    b = brute(ranks, penalty, rules)
    assert vw.odds(spec, exact=True).distribution == b
    assert vw.odds(spec).distribution == {k: float(v) for k, v in b.items()}
    assert get("vers").denominator(spec) == 6 ** rules.get("dice", 3)


def test_defaults_are_todays_rules_and_the_knobs_are_used():
    knobs = {k.name: k for k in get("vers").KNOBS}
    assert {name: knobs[name].default for name in DEFAULTS} == DEFAULTS
    spec = spec_of(3, 0)
    assert vw.odds({**spec, "rules": DEFAULTS}).distribution == vw.odds(spec).distribution
    assert vw.odds(spec_of(3, 0, {"base_ct": 8})).p_pass < vw.odds(spec).p_pass
    assert knobs["base_ct"].seed.endswith("base target of 10.") and "3d6" in knobs["dice"].seed


def test_rolls_of_a_variant():
    spec = spec_of(2, 1, {"dice": 2, "base_ct": 5})
    sample = vw.roll_many(spec, 20_000, seed=3)
    assert chi_square_pvalue(sample, vw.odds(spec).distribution) > 1e-4
    r = vw.roll(spec, seed=5)
    assert len(r.dice) == 2 and r.details["ct"] == 7 and r.outcome == 7 - (sum(d.after for d in r.dice) + 1)


@pytest.mark.parametrize("knob, value", [("base_ct", -1), ("base_ct", 31), ("dice", 0), ("dice", 7), ("dice", 2.0)])
def test_bad_knob_values_name_the_knob(knob, value):
    with pytest.raises(SpecError) as err:
        vw.normalize({"edition": "vers", "rules": {knob: value}})
    assert err.value.field == f"rules.{knob}"
