"""Playtest checks: exact odds against enumeration and icepool, rolls,
roll_many, validation.

docs/rules_playtest.md#check: target = absolute + factors; d20 + score; Silver
auto-passes on 20, Gold/Platinum on 19-20, Bronze never; a natural 1
auto-fails except Platinum; short: bonus d6s, add only the highest.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import numpy as np
import pytest

import peer_playtest as peer
import venus_widgets as vw
from venus_widgets.engine.errors import SpecError
from venus_widgets.engine.table.rolls import Roll
from venus_widgets.engine.contract.spec import normalize

CALS = ("bronze", "silver", "gold", "platinum")
DIFFS = ("routine", "simple", "tough", "challenging", "absurd")


def check(**kw):
    return normalize({"edition": "playtest", "roll": "check", **kw})


def brute(spec) -> dict:
    """20 x 6^k, with the category of each way, Fractions."""
    parts = {}
    k = spec["bonus_factors"]
    w = Fraction(1, 20 * 6**k)
    for natural in range(1, 21):
        for bonus in product(range(1, 7), repeat=k):
            best = max(bonus, default=0)
            passed = peer.check_pass(spec, natural, best)
            alone = peer.check_pass(spec, natural, 0)
            if natural == 20 and spec["caliber"] != "bronze" or natural == 19 and spec["caliber"] in ("gold", "platinum"):
                cat = "auto-pass"
            elif natural == 1 and spec["caliber"] != "platinum":
                cat = "auto-fail"
            else:
                cat = "pass" if alone else ("bonus-pass" if passed else "fail")
            parts[cat] = parts.get(cat, 0) + w
    return parts


CASES = [check(caliber=c, score=s, difficulty=d, factors=f, bonus_factors=b)
         for c in CALS for s, d, f, b in ((0, "routine", 0, 0), (3, "simple", 2, 2), (5, "tough", 4, 4),
                                          (12, "challenging", 1, 3), (0, "absurd", 4, 1), (30, "absurd", 4, 0),
                                          (9, "tough", 3, 1))]


@pytest.mark.parametrize("spec", CASES, ids=lambda s: f"{s['caliber']}-{s['score']}-{s['difficulty']}-{s['bonus_factors']}")
def test_breakdown_matches_enumeration(spec):
    o = vw.odds(spec)
    b = brute(spec)
    assert set(o.breakdown) == {"auto-pass", "pass", "bonus-pass", "fail", "auto-fail"}
    for key, v in o.breakdown.items():
        assert abs(v - float(b.get(key, 0))) < 1e-12, key
    assert abs(sum(o.breakdown.values()) - 1) < 1e-12
    assert abs(o.p_pass - float(b.get("auto-pass", 0) + b.get("pass", 0) + b.get("bonus-pass", 0))) < 1e-12
    assert o.threshold == {"routine": 5, "simple": 10, "tough": 15, "challenging": 20, "absurd": 25}[
        spec["difficulty"]] + spec["factors"]


@pytest.mark.parametrize("spec", CASES[::3])
def test_matches_icepool(spec):
    ice = peer.icepool_check(spec)
    o = vw.odds(spec)
    assert abs(o.distribution.get("pass", 0) - ice.get("pass", 0)) < 1e-12


def test_seed_sentences():
    """"Silver ... naturally landed on a 20 (a 5% chance) ... automatically pass";
    Gold or Platinum 19 or 20 (10%); only Platinum avoids the natural-1 auto-fail."""
    hard = dict(score=0, difficulty="absurd", factors=4)
    assert vw.odds(check(caliber="bronze", **hard)).p_pass == 0
    assert vw.odds(check(caliber="silver", **hard)).p_pass == 0.05
    assert vw.odds(check(caliber="gold", **hard)).p_pass == 0.1
    easy = dict(score=30, difficulty="routine")
    assert vw.odds(check(caliber="gold", **easy)).breakdown["auto-fail"] == 0.05
    assert vw.odds(check(caliber="platinum", **easy)).p_pass == 1.0


def test_rolls_deterministic_round_trip_and_bonus_only_when_it_can_help():
    spec = check(caliber="silver", score=4, difficulty="tough", factors=2, bonus_factors=3)
    for seed in range(200):
        r = vw.roll(spec, seed=seed)
        assert r == vw.roll(spec, seed=seed) and Roll.from_json(r.to_json()) == r
        d = r.details
        assert r.dice[0].owner == "d20" and r.dice[0].grade == "silver" and r.dice[0].before == d["natural"]
        bonus = r.dice[1:]
        short = d["target"] - d["natural"] - 4
        could_help = d["category"] in ("bonus-pass", "fail") and 0 < short <= 6 and d["natural"] not in (1, 20)
        assert bool(bonus) == could_help
        assert all(b.owner == "bonus" for b in bonus)
        assert d["bonus"] == max((b.after for b in bonus), default=0)
        assert r.passed == (r.outcome == "pass") == (d["category"] in ("auto-pass", "pass", "bonus-pass"))


def test_roll_many_binomial():
    spec = check(caliber="gold", score=6, difficulty="challenging", factors=1, bonus_factors=2)
    p = vw.odds(spec).p_pass
    n = 400_000
    hits = vw.roll_many(spec, n, seed=3)
    assert hits.dtype == bool
    z = (hits.sum() - n * p) / np.sqrt(n * p * (1 - p))
    assert abs(z) < 4.5  # two-sided p ~ 7e-6


def test_validation():
    for bad, field in (({"factors": 5}, "factors"), ({"bonus_factors": 5}, "bonus_factors"),
                       ({"score": -1}, "score"), ({"difficulty": "easy"}, "difficulty"),
                       ({"caliber": 7}, "caliber")):
        with pytest.raises(SpecError) as e:
            vw.odds({"roll": "check", **bad})
        assert e.value.field == field
    with pytest.raises(SpecError) as e:
        vw.roll(check(), seed=1, kiss=[0])
    assert e.value.field == "kiss"
