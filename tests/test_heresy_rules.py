"""The Heresy Engine's rule knobs (docs/rules_heresy_vers.md#rule-knobs-heresy):
a spec's ``rules`` change the built-in edition's rules (its draft's knobs),
today's reading the defaults. Each variant is checked against an
independent brute force that walks the faces of every die (re-rolls to a
depth where the mass left is below 1e-15)."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Mapping

import pytest

import venus_widgets as vw
from peer_agora import chi_square_pvalue
from test_heresy import convolve
from venus_widgets import SpecError
from venus_widgets.engine.contract.edition import get

#: Today's reading of the rules: the knobs' defaults.
DEFAULTS = {"success_faces": [1, 6], "reroll_faces": [6], "trade_rate": 3, "pass_threshold": 2}


def one_die(success: set[int], again: set[int], depth: int) -> dict[int, Fraction]:
    """Successes of one pool die: each face, and below each re-roll face the die again (``depth`` times)."""
    out: dict[int, Fraction] = {}
    below = one_die(success, again, depth - 1) if depth else {0: Fraction(1)}
    for face in range(1, 7):
        s = int(face in success)
        for k, p in (below.items() if face in again and depth else [(0, Fraction(1))]):
            out[s + k] = out.get(s + k, 0) + p / 6
    return out


def brute(pool: int, black: int, trade: int, given: Mapping[str, Any] | None = None) -> dict[int, Fraction]:
    """Net successes -> chance, under the rules ``given`` (a spec's ``rules``; the rest as read)."""
    rules = {**DEFAULTS, **(given or {})}
    success, again = set(rules["success_faces"]), set(rules["reroll_faces"])
    depth = 0 if not again else math.ceil(15 / math.log10(6 / len(again)))
    dist = {trade: Fraction(1)}
    die = one_die(success, again, depth)
    for _ in range(pool - rules["trade_rate"] * trade):
        dist = convolve(dist, die)
    black_die = {-1: Fraction(len(success), 6), 0: 1 - Fraction(len(success), 6)}
    for _ in range(black):
        dist = convolve(dist, black_die)
    return dist


VARIANTS: dict[str, dict[str, Any]] = {
    "successes on 6 only": {"success_faces": [6]},
    "no re-rolls": {"reroll_faces": []},
    "5s and 6s re-rolled, 1, 5, 6 succeed": {"success_faces": [1, 5, 6], "reroll_faces": [5, 6]},
    "a re-roll face that does not succeed": {"success_faces": [1, 6], "reroll_faces": [4, 6]},
    "trades of 2 dice": {"trade_rate": 2},
    "threshold 3": {"pass_threshold": 3},
}
SPECS = [{"pool": 3, "black": 2, "trade": 0}, {"pool": 4, "black": 1, "trade": 1}, {"pool": 2, "black": 0, "trade": 0}]


def spec_of(fields_: Mapping[str, Any], rules: Mapping[str, Any] | None = None) -> dict:
    return vw.normalize({"edition": "heresy", **fields_, **({"rules": dict(rules)} if rules else {})})


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("fields_", SPECS, ids=lambda s: f"{s['pool']}-{s['black']}-{s['trade']}")
def test_variant_odds_match_brute_force(name, fields_):
    rules = VARIANTS[name]
    o = vw.odds(spec_of(fields_, rules))
    b = brute(fields_["pool"], fields_["black"], fields_["trade"], rules)
    for k in set(b) | set(o.distribution):
        assert abs(o.distribution.get(k, 0.0) - float(b.get(k, 0))) < 1e-12, k
    need = rules.get("pass_threshold", 2)
    assert o.threshold == need
    assert o.p_pass == pytest.approx(float(sum(v for k, v in b.items() if k >= need)), abs=1e-12)
    assert 0 <= o.truncated < 1e-12
    assert math.isclose(math.fsum(o.distribution.values()) + o.truncated, 1.0, abs_tol=1e-14)


def test_successes_on_6_only_differ_from_todays_odds():
    """The knob is really used: on 6 only, 3 dice pass far less often than on 1 or 6."""
    today, variant = vw.odds(spec_of({"pool": 3})), vw.odds(spec_of({"pool": 3}, VARIANTS["successes on 6 only"]))
    assert variant.p_pass < today.p_pass - 0.1


def test_defaults_are_todays_rules():
    knobs = {k.name: k for k in get("heresy").KNOBS}
    assert {name: knobs[name].default for name in DEFAULTS} == DEFAULTS
    spec = spec_of({"pool": 9, "black": 6, "trade": 1})
    assert vw.odds({**spec, "rules": dict(DEFAULTS)}).distribution == vw.odds(spec).distribution
    assert all(knobs[name].seed and knobs[name].allowed for name in DEFAULTS)


def test_exact_black_dice_under_a_variant():
    spec = spec_of({"pool": 0, "black": 3}, VARIANTS["successes on 6 only"])
    o = vw.odds(spec, exact=True)
    assert get("heresy").denominator(spec) == 6**3
    assert o.distribution == {k: v for k, v in brute(0, 3, 0, VARIANTS["successes on 6 only"]).items() if v}


@pytest.mark.parametrize("name", ["successes on 6 only", "5s and 6s re-rolled, 1, 5, 6 succeed"])
def test_rolls_of_a_variant_follow_its_odds(name):
    rules = {**DEFAULTS, **VARIANTS[name]}
    spec = spec_of({"pool": 5, "black": 2}, VARIANTS[name])
    sample = vw.roll_many(spec, 40_000, seed=7)
    assert chi_square_pvalue(sample, vw.odds(spec).distribution) > 1e-4
    for seed in range(20):
        r = vw.roll(spec, seed=seed)
        assert all(abs(d.scores) == (d.after in rules["success_faces"]) for d in r.dice)
        again = sorted(d.exploded_from for d in r.dice if d.exploded_from is not None)
        assert again == [d.index for d in r.dice if d.owner == "own" and d.after in rules["reroll_faces"]]
        assert r.passed == (r.outcome >= rules["pass_threshold"])


@pytest.mark.parametrize("knob, value", [("success_faces", []), ("success_faces", [0, 6]), ("success_faces", 6),
                                         ("reroll_faces", [1, 2, 3, 4, 5, 6]), ("trade_rate", 0),
                                         ("trade_rate", 2.5), ("pass_threshold", True), ("pass_threshold", 21)])
def test_bad_knob_values_name_the_knob(knob, value):
    with pytest.raises(SpecError) as err:
        vw.normalize({"edition": "heresy", "pool": 4, "rules": {knob: value}})
    assert err.value.field == f"rules.{knob}"
