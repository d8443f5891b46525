"""A spec's ``rules`` reach every agora function (docs/rules_agora.md#the-rules-as-values-for-the-rule-lab):
odds against the brute force of tests/test_agora.py, rolls, roll_many,
advice, the helpers' merge and its error, the roller's view."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

import venus_widgets as vw
from venus_widgets.engine.editions.agora.merge import MergeError
from venus_widgets.engine.errors import SpecError
from venus_widgets.engine.editions.agora.merge import try_merge

from test_agora import A, CASES, brute

VARIANTS = [
    ({"snake_eyes_ones": 3}, {"snake_eyes_ones": 3}),
    ({"snake_eyes_ones": 9}, {"snake_eyes_ones": 9}),  # more 1s than most of these rolls can show: no criticals
    ({"challenging_factor": 3}, {"challenging_factor": 3}),
    ({"ego_double_from": 5}, {"ego_double_from": 5}),
    ({"merge_drop": 2}, {}),
]


def _merges(spec, rules) -> bool:
    return not spec.get("helpers") or try_merge(spec["helpers"], rules.get("merge_drop", 1)) is not None


@pytest.mark.parametrize("spec, rules, args", [(c, r, a) for c in CASES[:9] for r, a in VARIANTS if _merges(c, r)],
                         ids=str)
def test_spec_rules_give_the_brute_force_odds(spec, rules, args):
    s = {**spec, "rules": rules}
    n = vw.normalize(s)
    help_rank = try_merge(n["helpers"], rules.get("merge_drop", 1)) if n["helpers"] else None
    b = brute(spec, help_rank=help_rank, **args)
    o = vw.odds(s, exact=True)
    assert o.distribution == {k: v for k, v in b["dist"].items() if v}
    assert o.p_critical == b["crit"]


@pytest.mark.parametrize("snakes", ["each-pair", "same"])
def test_snake_eyes_no_roll_can_show_mean_no_criticals(snakes):
    """64 1s for snake eyes: no roll of 23 main dice, a help die and their
    KISSes shows that many, so nothing is critical (the odds then leave the
    1s out of the count) and the rest is as with 1s that never pair."""
    spec = {**A, "roll": "task", "rank": 3, "health": 3, "job": 10, "assets": 10, "helpers": [6] * 4, "kiss": 5,
            "ego": True, "snakes": snakes, "consequences": 2}
    o = vw.odds({**spec, "rules": {"snake_eyes_ones": 64}}, exact=True)
    assert o.p_critical == 0
    if snakes == "each-pair":
        assert o.breakdown["0 criticals"] == 1 and "1 criticals" not in o.breakdown
    # 24 1s: only when every die shows a 1, so the 1s are counted; the same totals and Ego, one critical more
    every = vw.odds({**spec, "rules": {"snake_eyes_ones": 24}}, exact=True)
    assert o.distribution == every.distribution and o.p_ego_spent == every.p_ego_spent
    assert 0 < every.p_critical <= Fraction(1, 6**24)


def test_rolls_double_and_count_snake_eyes_by_the_rules():
    spec = dict(A, roll="check", rank=3, health=3, ego=True, difficulty="challenging",
                rules={"ego_double_from": 4, "snake_eyes_ones": 3})
    for seed in range(60):
        r = vw.roll(spec, seed)
        faces = [d.after for d in r.dice]
        succ = sum(f >= 3 for f in faces)
        want = succ + (sum(f >= 4 for f in faces) if succ < 2 else 0)
        assert r.outcome == want
        assert r.details["snake_eyes"] == (faces.count(1) >= 3)


def test_roll_many_follows_the_rules():
    from scipy.stats import binomtest

    spec = dict(A, roll="check", rank=4, health=3, ego=True, difficulty="challenging", rules={"ego_double_from": 4})
    got = vw.roll_many(spec, 20_000, seed=2)
    for k, p in vw.odds(spec).distribution.items():
        assert binomtest(int((got == k).sum()), 20_000, p).pvalue > 1e-4


def _kiss_brute(spec, faces, kiss, double_from):
    s = vw.normalize(spec)
    rank, need = s["rank"], 2 if s["difficulty"] == "challenging" else 1
    total = Fraction(0)
    for new in product(range(1, 7), repeat=len(kiss)):
        f = list(faces)
        for i, v in zip(kiss, new):
            f[i] = v
        succ = sum(x >= rank for x in f)
        if s["ego"] and succ < need:
            succ += sum(x >= max(rank, double_from) for x in f)
        total += Fraction(1, 6 ** len(kiss)) * (succ >= need)
    return total


def test_advice_prices_kisses_by_the_rules():
    spec = dict(A, roll="check", rank=4, health=2, ego=True, kiss=1, difficulty="challenging",
                rules={"ego_double_from": 4})
    # a 4 is a success Ego doubles under these rules: never worth KISSing, and a 5 neither
    a = vw.advise(spec, [4, 2])
    assert all(0 not in o.kiss for o in a.options)
    for kiss in ([1], []):
        assert vw.kiss_odds(spec, [4, 2], kiss)["p_pass"] == float(_kiss_brute(spec, [4, 2], kiss, 4))


def test_merge_drop_changes_the_merge_and_the_subset_offered():
    spec = dict(A, roll="check", rank=5, health=2, helpers=[6, 6, 5])
    assert vw.normalize({**spec, "helpers": [6, 6, 4], "rules": {"merge_drop": 2}})  # 6+6 -> 4, 4+4 -> 2
    with pytest.raises(MergeError) as err:
        vw.normalize({**spec, "rules": {"merge_drop": 2}})
    assert err.value.best and try_merge(err.value.best, 2) == err.value.best_rank
    w = vw.CheckRoller(edition="agora", rank=5, health=2, helpers=[6, 6, 4], rules={"merge_drop": 2})
    assert w.odds_view["merge"]["ok"] and "one helping die of rank 2" in w.odds_view["merge"]["text"]


def test_agora_knobs_are_checked():
    with pytest.raises(SpecError) as err:
        vw.normalize(dict(A, rules={"snake_eyes_ones": 0}))
    assert err.value.field == "rules.snake_eyes_ones"
    assert vw.rules("agora").names == ("merge_drop", "snake_eyes_ones", "challenging_factor", "ego_double_from")
