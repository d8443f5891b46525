"""The Heresy Engine (docs/rules_heresy_vers.md#heresy-victorianas-heresy-engine-for-comparison).

"Each roll of '1' or '6' counts as a success ... Any roll of a '6' can also
be rerolled, for a chance at an additional success" (and so on while 6s
come up); "For each '1' or '6' that comes up on the black dice, one of the
adventurer's successes is negated. Black dice do not roll again on a '6'";
"trading 3 dice in her dice pool for a single success"; "While automatic
successes don't eliminate black dice, they can negate them".
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

import venus_widgets as vw
from peer_agora import chi_square_pvalue
from peer_heresy import icepool_distribution
from venus_widgets import Roll, SpecError

H = {"edition": "heresy"}
DEPTH = 22  # brute-force explosion depth: 6**-22 per die is below 1e-17


def one_die(depth: int = DEPTH) -> dict[int, Fraction]:
    """Successes of one pool die, enumerating faces and re-rolls of 6s."""
    out: dict[int, Fraction] = {}

    def walk(p: Fraction, succ: int, level: int) -> None:
        for face in range(1, 7):
            q = p / 6
            s = succ + (face in (1, 6))
            if face == 6 and level < depth:
                walk(q, s, level + 1)
            else:
                out[s] = out.get(s, 0) + q

    walk(Fraction(1), 0, 0)
    return out


def convolve(a: dict, b: dict) -> dict:
    out: dict[int, Fraction] = {}
    for i, p in a.items():
        for j, q in b.items():
            out[i + j] = out.get(i + j, 0) + p * q
    return out


def brute(pool: int, black: int, trade: int) -> dict[int, Fraction]:
    dist = {trade: Fraction(1)}
    die = one_die()
    for _ in range(pool - 3 * trade):
        dist = convolve(dist, die)
    black_die = {-1: Fraction(2, 6), 0: Fraction(4, 6)}
    for _ in range(black):
        dist = convolve(dist, black_die)
    return dist


SEED_DEGREES = [  # the seed's Degrees of Success table, plus below it
    (-3, "foul failure"), (-1, "foul failure"), (0, "failure"), (1, "partial success"), (2, "success"),
    (3, "good success"), (5, "good success"), (6, "impressive"), (9, "impressive"), (10, "virtuoso"),
    (14, "virtuoso"), (15, "awe-inspiring"), (19, "awe-inspiring"), (20, "god-like"), (31, "god-like"),
]


@pytest.mark.parametrize("pool, black, trade", [(1, 0, 0), (3, 0, 0), (5, 3, 0), (4, 2, 1), (6, 3, 2), (0, 2, 0),
                                                (7, 6, 1)])
def test_odds_match_brute_force(pool, black, trade):
    o = vw.odds(dict(H, pool=pool, black=black, trade=trade))
    b = brute(pool, black, trade)
    for k, v in b.items():
        assert abs(o.distribution.get(k, 0.0) - float(v)) < 1e-13
    assert o.threshold == 2
    assert math.isclose(o.p_pass, float(sum(v for k, v in b.items() if k >= 2)), abs_tol=1e-13)
    assert 0.0 <= o.truncated < 1e-12
    assert math.isclose(math.fsum(o.distribution.values()) + o.truncated, 1.0, abs_tol=1e-14)
    got = dict(o.breakdown)
    want: dict[str, float] = {}
    for k, v in b.items():
        name = next(n for lo, n in reversed(SEED_DEGREES) if k >= lo) if k >= -1 else "foul failure"
        want[name] = want.get(name, 0.0) + float(v)
    for name, v in want.items():
        assert abs(got[name] - v) < 1e-13, name


def degree(net: int) -> str:
    """The degree the built-in edition names a net of successes (its draft's bands, at its defaults)."""
    from venus_widgets.engine.contract.edition import get
    from venus_widgets.engine.drafts.rolling import degree_of

    return degree_of(get("heresy").plan(vw.normalize(H)), net)


@pytest.mark.parametrize("net, name", SEED_DEGREES)
def test_degree_names(net, name):
    assert degree(net) == name


def test_one_die_closed_form():
    """One die: 0 successes with 4/6; k >= 1 with (10/6) 6**-k (k-1 sixes then a 1, or k sixes then 2..5)."""
    o = vw.odds(dict(H, pool=1))
    assert o.distribution[0] == pytest.approx(4 / 6, abs=1e-15)
    for k in range(1, 12):
        assert o.distribution[k] == pytest.approx(10 / 6 * 6.0**-k, rel=1e-12, abs=1e-16)


@pytest.mark.parametrize("spec", [dict(H, pool=20, black=9), dict(H, pool=9, black=3, trade=2),
                                  dict(H, pool=60, black=36), dict(H, pool=0, black=5, trade=0)])
def test_odds_match_icepool(spec):
    """icepool's explode (depth 24) computes the same distribution."""
    o = vw.odds(spec)
    d = icepool_distribution(spec)
    for k in set(d) | set(o.distribution):
        assert abs(o.distribution.get(k, 0.0) - d.get(k, 0.0)) < 1e-12


def test_seed_guidance_one_success_per_three_dice():
    """Seed: 'on average you will get 1 success for every 3 dice you roll' (first roll; each 6's re-roll adds
    1/3 * 1/6 more per die: mean 2/5 per die) and 'a dice pool of 6 can automatically succeed at Average
    tasks'."""
    o = vw.odds(dict(H, pool=15))
    assert o.mean == pytest.approx(15 * 2 / 5, abs=1e-9)
    assert vw.odds(dict(H, pool=6, trade=2)).p_pass == 1.0
    assert vw.odds(dict(H, pool=6, trade=2, black=1)).p_pass == pytest.approx(4 / 6, abs=1e-15)  # can be negated


def test_foul_failure_is_negative_net():
    o = vw.odds(dict(H, pool=0, black=3))
    assert o.breakdown["foul failure"] == pytest.approx(1 - (4 / 6) ** 3, abs=1e-15)
    assert min(o.distribution) == -3


def test_rolls_are_reproducible_and_follow_the_dice():
    spec = dict(H, pool=8, black=3, trade=1)
    for seed in range(30):
        r = vw.roll(spec, seed=seed)
        assert r == vw.roll(spec, seed=seed) and Roll.from_json(r.to_json()) == r
        own = [d for d in r.dice if d.owner == "own"]
        black = [d for d in r.dice if d.owner == "black"]
        assert len(black) == 3 and all(d.exploded_from is None for d in black)
        assert [d.index for d in r.dice[:5]] == list(range(5)) and r.dice[5].owner == "black"
        sixes = [d.index for d in own if d.after == 6]
        assert sorted(d.exploded_from for d in own if d.exploded_from is not None) == sixes
        assert all(d.scores == (d.after in (1, 6)) for d in own)
        assert all(d.scores == -(d.after in (1, 6)) for d in black)
        assert r.outcome == sum(d.scores for d in r.dice) + 1
        assert r.passed == (r.outcome >= 2)
        assert r.details["degree"] == degree(r.outcome)
        assert r.details.to_dict() == {"degree": degree(r.outcome), "automatic": 1, "foul_failure": r.outcome < 0}


@pytest.mark.parametrize("spec", [dict(H, pool=20, black=9), dict(H, pool=4, black=1, trade=1)])
def test_roll_many_matches_the_exact_pmf(spec):
    sample = vw.roll_many(spec, 50_000, seed=99)
    assert chi_square_pvalue(sample, vw.odds(spec).distribution) > 1e-4


def test_validation():
    """docs/rules.md#bad-input and docs/rules_heresy_vers.md#heresy-victorianas-heresy-engine-for-comparison:
    a trade needs 3 pool dice; black dice 0..36."""
    with pytest.raises(SpecError) as err:
        vw.odds(dict(H, pool=5, trade=2))
    assert err.value.field == "trade" and "0 to 1" in str(err.value)
    with pytest.raises(SpecError) as err:
        vw.odds(dict(H, black=37))
    assert err.value.field == "black"
    with pytest.raises(SpecError):
        vw.roll(dict(H, pool=3), seed=1, kiss=[0])
    with pytest.raises(SpecError):
        vw.advise(dict(H, pool=3), [1, 2, 3])


def test_explain_black_dice_never_take_a_negative_chance():
    """Found by tests/test_explain.py's property test: with 4 trades the 2 black dice cannot bring the net below
    2, but the two float sums (with and without black dice, each missing its cut tail) differed by -1e-16, and
    the explanation refused to print a negative chance."""
    spec = {"edition": "heresy", "pool": 13, "black": 2, "trade": 4}
    e = vw.explain(spec, 0)
    take = [s for s in e.steps if s.op == "-"]
    assert len(take) == 1 and take[0].figure == 0.0
    assert "black dice take" in str(e)


def test_threshold_and_goal_are_what_odds_and_rolls_use():
    """One vocabulary: the threshold = net successes to pass; no consequences, so the goal = it."""
    spec = vw.normalize(dict(H, pool=7, black=3))
    assert vw.odds(spec).threshold == vw.odds(spec).goal == 2
    for seed in range(10):
        r = vw.roll(spec, seed=seed)
        assert r.passed == (r.outcome >= 2) == r.goal_reached
