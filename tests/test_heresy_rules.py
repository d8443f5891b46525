"""The Heresy Engine's rule knobs:
``editions/heresy/rules.py`` holds today's reading as defaults, and the
kernels take a :class:`Rules`, so a variant's odds are one argument away.
Each variant is checked against an independent brute force that walks the
faces of every die (re-rolls to a depth where the mass left is below 1e-15)."""

from __future__ import annotations

import math
from dataclasses import fields
from fractions import Fraction

import pytest

import venus_widgets as vw
from peer_agora import chi_square_pvalue
from test_heresy import convolve
from venus_widgets import SpecError
from venus_widgets.engine.editions import heresy
from venus_widgets.engine.editions.heresy.rules import RULES, Rules


def one_die(success: set[int], again: set[int], depth: int) -> dict[int, Fraction]:
    """Successes of one pool die: each face, and below each re-roll face the die again (``depth`` times)."""
    out: dict[int, Fraction] = {}
    below = one_die(success, again, depth - 1) if depth else {0: Fraction(1)}
    for face in range(1, 7):
        s = int(face in success)
        for k, p in (below.items() if face in again and depth else [(0, Fraction(1))]):
            out[s + k] = out.get(s + k, 0) + p / 6
    return out


def brute(pool: int, black: int, trade: int, rules: Rules) -> dict[int, Fraction]:
    success, again = set(rules.success_faces), set(rules.reroll_faces)
    depth = 0 if not again else math.ceil(15 / math.log10(6 / len(again)))
    dist = {trade: Fraction(1)}
    die = one_die(success, again, depth)
    for _ in range(pool - rules.trade_rate * trade):
        dist = convolve(dist, die)
    black_die = {-1: Fraction(len(success), 6), 0: 1 - Fraction(len(success), 6)}
    for _ in range(black):
        dist = convolve(dist, black_die)
    return dist


VARIANTS = {
    "successes on 6 only": Rules(success_faces=[6]),
    "no re-rolls": Rules(reroll_faces=[]),
    "5s and 6s re-rolled, 1, 5, 6 succeed": Rules(success_faces=[1, 5, 6], reroll_faces=[5, 6]),
    "a re-roll face that does not succeed": Rules(success_faces=[1, 6], reroll_faces=[4, 6]),
    "trades of 2 dice": Rules(trade_rate=2),
    "threshold 3": Rules(pass_threshold=3),
}
SPECS = [{"pool": 3, "black": 2, "trade": 0}, {"pool": 4, "black": 1, "trade": 1}, {"pool": 2, "black": 0, "trade": 0}]


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("fields_", SPECS, ids=lambda s: f"{s['pool']}-{s['black']}-{s['trade']}")
def test_variant_odds_match_brute_force(name, fields_):
    rules = VARIANTS[name]
    spec = vw.normalize({"edition": "heresy", **fields_})
    o = heresy.odds(spec, rules=rules)
    b = brute(spec["pool"], spec["black"], spec["trade"], rules)
    for k in set(b) | set(o.distribution):
        assert abs(o.distribution.get(k, 0.0) - float(b.get(k, 0))) < 1e-12, k
    assert o.threshold == rules.pass_threshold
    assert o.p_pass == pytest.approx(float(sum(v for k, v in b.items() if k >= rules.pass_threshold)), abs=1e-12)
    assert 0 <= o.truncated < 1e-12
    assert math.isclose(math.fsum(o.distribution.values()) + o.truncated, 1.0, abs_tol=1e-14)


def test_successes_on_6_only_differ_from_todays_odds():
    """The knob is really used: on 6 only, 3 dice pass far less often than on 1 or 6."""
    spec = vw.normalize({"edition": "heresy", "pool": 3})
    today, variant = heresy.odds(spec), heresy.odds(spec, rules=VARIANTS["successes on 6 only"])
    assert today.p_pass == vw.odds(spec).p_pass
    assert variant.p_pass < today.p_pass - 0.1


def test_defaults_are_todays_rules():
    assert (RULES.success_faces, RULES.reroll_faces, RULES.trade_rate, RULES.pass_threshold) == ((1, 6), (6,), 3, 2)
    spec = vw.normalize({"edition": "heresy", "pool": 9, "black": 6, "trade": 1})
    assert heresy.odds(spec, rules=Rules()) == heresy.odds(spec) == vw.odds(spec)
    knobs = {k.name: k for k in heresy.KNOBS}
    for f in fields(Rules):
        assert knobs[f.name].seed == f.metadata["seed"] and knobs[f.name].allowed


def test_exact_black_dice_under_a_variant():
    rules = VARIANTS["successes on 6 only"]
    spec = vw.normalize({"edition": "heresy", "pool": 0, "black": 3})
    o = heresy.odds(spec, exact=True, rules=rules)
    assert heresy.denominator(spec, rules) == 6**3
    assert o.distribution == {k: v for k, v in brute(0, 3, 0, rules).items() if v}


@pytest.mark.parametrize("name", ["successes on 6 only", "5s and 6s re-rolled, 1, 5, 6 succeed"])
def test_rolls_of_a_variant_follow_its_odds(name):
    rules = VARIANTS[name]
    spec = vw.normalize({"edition": "heresy", "pool": 5, "black": 2})
    sample = heresy.roll_many(spec, 40_000, seed=7, rules=rules)
    assert chi_square_pvalue(sample, heresy.odds(spec, rules=rules).distribution) > 1e-4
    for seed in range(20):
        r = heresy.roll(spec, seed=seed, rules=rules)
        assert all(abs(d.scores) == (d.after in rules.success_faces) for d in r.dice)
        again = sorted(d.exploded_from for d in r.dice if d.exploded_from is not None)
        assert again == [d.index for d in r.dice if d.owner == "own" and d.after in rules.reroll_faces]
        assert r.passed == (r.outcome >= rules.pass_threshold)


@pytest.mark.parametrize("knob, value", [("success_faces", []), ("success_faces", [0, 6]), ("success_faces", 6),
                                         ("reroll_faces", [1, 2, 3, 4, 5, 6]), ("trade_rate", 0),
                                         ("trade_rate", 2.5), ("pass_threshold", True), ("pass_threshold", 21)])
def test_bad_knob_values_name_the_knob(knob, value):
    with pytest.raises(SpecError) as err:
        Rules(**{knob: value})
    assert err.value.field == f"rules.{knob}"
