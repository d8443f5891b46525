"""The playsheet rule knobs through a spec's ``rules``
(docs/rules_playsheet.md#rule-knobs), against computations written here
from the rule text: every face of every die for tasks without explosions,
a series over explosion chains (to far below 1e-12) for exploding ones, every
natural for checks."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

import venus_widgets as vw
from venus_widgets.engine.errors import SpecError

PASS = {"bronze": 7, "silver": 6, "gold": 5, "platinum": 4}
P = {"edition": "playsheet", "roll": "task"}


def knob(rules, name, default):
    v = rules.get(name, default)
    return {**default, **v} if isinstance(default, dict) else v


def brute_plain(spec: dict, rules: dict) -> dict[int, Fraction]:
    """No explosions: every face of every die, the own KISS budget on own failed dice, then Ego."""
    s = vw.normalize({**spec, "rules": rules})
    low = knob(rules, "pass_from", PASS)
    double = knob(rules, "ego_double_from", 10)
    thr = s["difficulty"] + sum(s["factors"])
    ranks = [s["rank"]] * s["dice"] + list(s["allies"])
    out: dict[int, Fraction] = {}
    for faces in product(range(1, 11), repeat=len(ranks)):
        passes = sum(f >= low[r] for f, r in zip(faces, ranks))
        chosen = []
        if passes < thr:
            chosen = [i for i in range(s["dice"]) if faces[i] < low[ranks[i]]][: s["kiss"]]
        for new in product(range(1, 11), repeat=len(chosen)):
            f2 = list(faces)
            for i, v in zip(chosen, new):
                f2[i] = v
            total = sum(f >= low[r] for f, r in zip(f2, ranks))
            if s["ego"] and total < thr:
                total += sum(f >= low[r] and f >= double for f, r in zip(f2, ranks))
            w = Fraction(1, 10 ** (len(ranks) + len(chosen)))
            out[total] = out.get(total, 0) + w
    return out


def series_exploding(spec: dict, rules: dict, depth: int = 40) -> dict[int, float]:
    """Explosions, no KISS: each die is a chain of high faces (at least
    explode_from) ended by a lower face; passes and high faces per chain,
    convolved; Ego (doubling the high faces) if still short."""
    s = vw.normalize({**spec, "rules": rules})
    low = knob(rules, "pass_from", PASS)
    e = knob(rules, "explode_from", 10)
    thr = s["difficulty"] + sum(s["factors"])
    x = (11 - e) / 10
    dist = {(0, 0): 1.0}
    for r in [s["rank"]] * s["dice"] + list(s["allies"]):
        chain: dict[tuple[int, int], float] = {}
        for t in range(depth):
            for f in range(1, e):       # the face the chain ends on
                key = (t + (f >= low[r]), t)
                chain[key] = chain.get(key, 0.0) + x**t / 10
        new: dict[tuple[int, int], float] = {}
        for (a, b), p in dist.items():
            for (c, d), q in chain.items():
                new[a + c, b + d] = new.get((a + c, b + d), 0.0) + p * q
        dist = new
    out: dict[int, float] = {}
    for (passes, high), p in dist.items():
        final = passes + high if s["ego"] and passes < thr else passes
        out[final] = out.get(final, 0.0) + p
    return out


PLAIN = [
    ({**P, "rank": "bronze", "dice": 2, "kiss": 1, "difficulty": 1}, {"pass_from": {"bronze": 5}}),
    ({**P, "rank": "silver", "dice": 2, "allies": ["gold"], "ego": True, "difficulty": 2},
     {"ego_double_from": 8}),
    ({**P, "rank": "gold", "dice": 1, "allies": ["bronze", "bronze"], "difficulty": 2, "ego": True},
     {"pass_from": {"bronze": 9}, "ego_double_from": 9}),
]


@pytest.mark.parametrize("spec, rules", PLAIN, ids=str)
def test_plain_task_odds_follow_the_knobs_exactly(spec, rules):
    got = vw.odds({**spec, "rules": rules}, exact=True).distribution
    assert got == {k: v for k, v in brute_plain(spec, rules).items() if v}


EXPLODING = [
    ({**P, "rank": "bronze", "dice": 2, "explode": True, "difficulty": 2},
     {"explode_from": 9, "ego_double_from": 9}),
    ({**P, "rank": "silver", "dice": 2, "allies": ["platinum"], "explode": True, "ego": True, "difficulty": 4},
     {"explode_from": 8, "ego_double_from": 8, "pass_from": {"silver": 7}}),
]


@pytest.mark.parametrize("spec, rules", EXPLODING, ids=str)
def test_exploding_odds_follow_the_knobs_to_1e_12(spec, rules):
    o = vw.odds({**spec, "rules": rules})
    want = series_exploding(spec, rules)
    for k in set(want) | set(o.distribution):
        assert abs(o.distribution.get(k, 0.0) - want.get(k, 0.0)) < 1e-12, k
    assert o.truncated < 1e-12
    assert any("explodes" in n for n in o.notes)


def test_rolls_explode_and_double_by_the_knobs():
    spec = {**P, "rank": "bronze", "dice": 4, "explode": True, "ego": True, "difficulty": 4,
            "rules": {"explode_from": 9, "ego_double_from": 9}}
    exploded = 0
    for seed in range(60):
        r = vw.roll(spec, seed)
        for d in r.dice:
            if d.after >= 9:
                exploded += 1
                assert any(x.exploded_from == d.index for x in r.dice)
        passes = sum(d.after >= 7 for d in r.dice)
        high = sum(d.after >= 9 for d in r.dice)
        assert r.outcome == (passes + high if passes < 4 and high else passes)
    assert exploded


def test_roll_many_follows_the_knobs():
    from scipy.stats import binomtest

    spec = {**P, "rank": "silver", "dice": 3, "kiss": 1, "ego": True, "difficulty": 3,
            "rules": {"pass_from": {"silver": 4}, "ego_double_from": 8}}
    got = vw.roll_many(spec, 20_000, seed=5)
    for k, p in vw.odds(spec).distribution.items():
        assert binomtest(int((got == k).sum()), 20_000, p).pvalue > 1e-4


@pytest.mark.parametrize("rank", list(PASS))
def test_check_auto_pass_knob(rank):
    rules = {"check_auto_pass_from": {rank: 15}}
    spec = {"edition": "playsheet", "roll": "check", "rank": rank, "difficulty": 4, "score": 0}
    # target 20: the d20 reaches it on 20 only; auto-pass from 15: 15..20
    assert vw.odds({**spec, "rules": rules}, exact=True).p_pass == Fraction(6, 20)
    assert vw.odds({**spec, "rules": {"check_auto_pass_from": {rank: None}}}, exact=True).p_pass == Fraction(1, 20)


def test_max_allies_and_the_cross_knob_rules():
    four = {**P, "allies": ["bronze"] * 4}
    assert vw.normalize({**four, "rules": {"max_allies": 4}})
    with pytest.raises(SpecError, match="allies"):
        vw.normalize(four)
    with pytest.raises(SpecError) as err:
        vw.normalize({**P, "explode": True, "ego": True, "rules": {"ego_double_from": 9}})
    assert err.value.field == "rules.ego_double_from" and "explode" in str(err.value)
    with pytest.raises(SpecError) as err:   # Bronze passes from 7: a 6 would explode and fail
        vw.normalize({**P, "explode": True, "rules": {"explode_from": 6}})
    assert err.value.field == "rules.explode_from"


def test_a_coupling_of_knobs_binds_only_where_its_rule_is_in_play():
    """explode_from 9 with Ego off was refused until ego_double_from was 9 too."""
    nine = {**P, "explode": True, "dice": 4, "rules": {"explode_from": 9}}
    o = vw.odds(nine)   # Ego off: the face Ego doubles does not matter
    assert o.p_pass == vw.odds({**nine, "rules": {"explode_from": 9, "ego_double_from": 9}}).p_pass
    assert vw.roll(nine, 3).spec["rules"] == {"explode_from": 9}
    # without explosions, an exploding face below a rank's passing faces is not in play
    assert vw.odds({**P, "rules": {"explode_from": 6}}).p_pass == vw.odds(P).p_pass
    # with explosions, only the ranks rolled must pass on the exploding faces
    gold = {**P, "rank": "gold", "explode": True, "rules": {"explode_from": 6}}
    assert vw.odds(gold).p_pass > 0
    with pytest.raises(SpecError, match="Gold, Bronze") as err:
        vw.normalize({**gold, "allies": ["bronze"]})
    assert err.value.field == "rules.explode_from"
    assert vw.rules("playsheet").names == ("pass_from", "explode_from", "ego_double_from", "max_allies",
                                           "check_auto_pass_from")
