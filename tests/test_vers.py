"""VERS (docs/rules_heresy_vers.md#vers-vers-3d6-roll-under-for-comparison).

"Rolls have what is called a competence target (aka CT) ... derived by
adding the ranks ... to the base target of 10"; "the player simply rolls
3d6, adds any penalties ... If the modified result is less than or equal to
the CT the action is successful"; "a roll result of 8 with a CT of 13/-
would give 5 degrees of success".
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import product

import icepool
import pytest

import venus_widgets as vw
from peer_agora import chi_square_pvalue
from venus_widgets import Roll, SpecError

V = {"edition": "vers"}


def brute(ranks: int, penalty: int) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for faces in product(range(1, 7), repeat=3):
        deg = 10 + ranks - (sum(faces) + penalty)
        out[deg] = out.get(deg, 0) + Fraction(1, 216)
    return out


@pytest.mark.parametrize("ranks, penalty", [(0, 0), (3, 0), (3, 4), (0, 10), (20, 0), (5, 30), (2, 7)])
def test_odds_match_all_216_rolls_and_icepool(ranks, penalty):
    o = vw.odds(dict(V, ranks=ranks, penalty=penalty))
    b = brute(ranks, penalty)
    assert set(o.distribution) == set(b)
    assert all(o.distribution[k] == pytest.approx(float(v), abs=1e-15) for k, v in b.items())
    assert o.threshold == 0
    assert o.p_pass == pytest.approx(float(sum(v for k, v in b.items() if k >= 0)), abs=1e-15)
    assert math.isclose(o.breakdown["success"] + o.breakdown["failure"], 1.0, abs_tol=1e-15)
    peer = (10 + ranks - penalty) - 3 @ icepool.d6
    den = peer.denominator()
    assert all(o.distribution[k] == pytest.approx(q / den, abs=1e-15) for k, q in peer.items())


def test_seed_example():
    """Seed: '3 ranks of Strength ... competence target for her roll of 13/-'; a roll of 8 gives 5 degrees."""
    o = vw.odds(dict(V, ranks=3))
    assert o.p_pass == pytest.approx(181 / 216, abs=1e-15)  # 3d6 <= 13
    assert o.distribution[5] == pytest.approx(21 / 216, abs=1e-15)  # 21 ways to roll 8


def test_rolls():
    spec = dict(V, ranks=2, penalty=3)
    for seed in range(30):
        r = vw.roll(spec, seed=seed)
        assert r == vw.roll(spec, seed=seed) and Roll.from_json(r.to_json()) == r
        assert [d.owner for d in r.dice] == ["own"] * 3
        total = sum(d.after for d in r.dice)
        assert r.outcome == 12 - (total + 3) and r.passed == (total + 3 <= 12)
        assert r.details["total"] == total and r.details["ct"] == 12


def test_roll_many_matches_the_exact_pmf():
    spec = dict(V, ranks=4, penalty=2)
    assert chi_square_pvalue(vw.roll_many(spec, 30_000, seed=5), vw.odds(spec).distribution) > 1e-4


def test_validation():
    for bad in ({"ranks": -1}, {"ranks": 21}, {"penalty": 31}, {"penalty": 1.5}):
        with pytest.raises(SpecError) as err:
            vw.odds(dict(V, **bad))
        assert err.value.field == next(iter(bad))
    with pytest.raises(SpecError):
        vw.roll(dict(V), seed=1, kiss=[0])


@pytest.mark.parametrize("ranks, penalty", [(0, 0), (3, 2), (20, 30)])
def test_target_and_threshold_are_what_odds_and_rolls_use(ranks, penalty):
    """One vocabulary: the CT (``ct``) is what a roll must not exceed, the threshold the degrees needed to pass."""
    spec = vw.normalize(dict(V, ranks=ranks, penalty=penalty))
    r = vw.roll(spec, seed=1)
    assert r.details.to_dict() == {"total": sum(d.after for d in r.dice), "ct": 10 + ranks, "penalty": penalty,
                                   "modified": sum(d.after for d in r.dice) + penalty}
    assert vw.odds(spec).threshold == 0 and r.outcome == 10 + ranks - r.details["modified"]
