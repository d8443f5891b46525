"""Agora checks and tasks (docs/rules_agora.md#agora-d6-rank-pools and
docs/rules.md#one-policy-for-kiss-and-ego).

The exact odds are compared with a die-by-die brute force over every face
(fractions.Fraction), which applies the policy to each roll as a player
would: stop at the goal; KISS failed dice up to the budget, best chance
first and the lowest face first; the helper's free KISS; Ego on 6s; snake
eyes after KISSing. icepool (tests/peer_agora.py) checks larger pools.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from itertools import product

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import venus_widgets as vw
from peer_agora import chi_square_pvalue, icepool_distribution, icepool_joint
from venus_widgets import Roll, SpecError
from venus_widgets.engine.editions import agora


def _rules(spec, challenging_factor=2):
    """Dice of the roll as (rank, is help) and the goal, from the rules text."""
    s = vw.normalize(spec)
    if s["roll"] == "check":
        n, need = s["health"], 1
    else:
        n, need = max(0, s["health"] + s["job"] + s["assets"] - s["factors"]), s["consequences"]
    if s["difficulty"] == "challenging":
        need *= challenging_factor
    h = vw.merge(s["helpers"])
    return s, n, h, need


def brute(spec, help_rank=None, snake_eyes_ones=2, challenging_factor=2, ego_double_from=6) -> dict:
    """Every face of every die, then every face of every KISSed die (the
    rules' knobs as given; ``help_rank`` replaces the merged rank)."""
    s, n, h, need = _rules(spec, challenging_factor)
    h = h if help_rank is None else help_rank
    auto = int(h == 1)
    ranks = [s["rank"]] * n + ([h] if h not in (None, 1) else [])
    sixth = Fraction(1, 6)
    res = {"dist": {}, "crit": Fraction(0), "bane": Fraction(0), "boon": Fraction(0), "ego": Fraction(0),
           "pairs": {}, "sub": {}}
    if not ranks and not auto:
        res["dist"] = res["sub"] = {0: Fraction(1)}
        return res
    for first in product(range(1, 7), repeat=len(ranks)):
        p0 = sixth ** len(ranks)
        succ = sum(f >= r for f, r in zip(first, ranks)) + auto
        chosen = []
        if succ < need:
            failed = [i for i, (f, r) in enumerate(zip(first, ranks)) if f < r]
            free = [i for i in failed if i == n and s["helper_kiss"]]
            queue = sorted((ranks[i], first[i], i) for i in failed if i not in free)
            chosen = free + [i for _, _, i in queue[: s["kiss"]]]
        for new in product(range(1, 7), repeat=len(chosen)):
            p = p0 * sixth ** len(chosen)
            faces = list(first)
            for i, f in zip(chosen, new):
                faces[i] = f
            total = sum(f >= r for f, r in zip(faces, ranks)) + auto
            sixes = sum(f >= r and f >= ego_double_from for f, r in zip(faces, ranks))
            if s["ego"] and total < need:
                if sixes:
                    res["ego"] += p
                total += sixes
            ones = faces.count(1)
            res["dist"][total] = res["dist"].get(total, 0) + p
            pairs = ones // snake_eyes_ones if s["snakes"] == "each-pair" else int(ones >= snake_eyes_ones)
            res["pairs"][pairs] = res["pairs"].get(pairs, 0) + p
            if ones >= snake_eyes_ones:
                res["crit"] += p
                res["bane" if total >= need else "boon"] += p
            if s["roll"] == "task":
                per = challenging_factor if s["difficulty"] == "challenging" else 1
                j = min(total // per, s["consequences"])
                res["sub"][j] = res["sub"].get(j, 0) + p
    return res


A = {"edition": "agora"}
CASES = [
    dict(A, roll="check", rank=4, health=2),
    dict(A, roll="check", rank=3, health=2, helpers=[4], kiss=1),  # help die worse: KISSed last
    dict(A, roll="check", rank=5, health=2, helpers=[4, 4], kiss=1, difficulty="challenging", ego=True),  # better
    dict(A, roll="check", rank=4, health=3, helpers=[5, 5], kiss=2, snakes="each-pair"),  # same rank: one queue
    dict(A, roll="check", rank=6, health=3, kiss=3, ego=True, difficulty="challenging"),
    dict(A, roll="check", rank=2, health=2, helpers=[6], kiss=1, helper_kiss=True, difficulty="challenging"),
    dict(A, roll="check", health=0, helpers=[5], helper_kiss=True),  # only the help die, KISSed by its helper
    dict(A, roll="task", rank=4, health=2, job=1, factors=1, helpers=[3, 3, 2], consequences=2, kiss=1, ego=True),
    dict(A, roll="task", rank=3, health=1, job=1, assets=1, helpers=[6], helper_kiss=True, kiss=2,
         consequences=2, difficulty="challenging", ego=True, snakes="each-pair"),
    dict(A, roll="task", rank=5, health=1, job=0, factors=3),  # no dice, no help
    dict(A, roll="task", rank=5, health=1, job=0, factors=3, helpers=[2, 2], consequences=2),  # auto help only
    dict(A, roll="task", rank=4, health=2, job=2, factors=1, helpers=[5], kiss=2, consequences=3,
         snakes="each-pair", ego=True),
]


def _close(x: float, y: Fraction) -> bool:
    return abs(x - float(y)) < 1e-13


@pytest.mark.parametrize("spec", CASES)
def test_odds_match_die_by_die_brute_force(spec):
    """docs/rules_agora.md#agora-d6-rank-pools + policy: distribution, P(pass), snake eyes, Ego, subverted consequences."""
    o, b = vw.odds(spec), brute(spec)
    _, _, _, need = _rules(spec)
    assert set(o.distribution) == {k for k, v in b["dist"].items() if v}
    assert all(_close(o.distribution[k], v) for k, v in b["dist"].items() if v)
    assert math.isclose(math.fsum(o.distribution.values()), 1.0, abs_tol=1e-12)
    assert o.threshold == o.goal == need
    assert _close(o.p_pass, sum(v for k, v in b["dist"].items() if k >= need))
    assert _close(o.p_critical, b["crit"])
    assert _close(o.breakdown["success with a bane"], b["bane"])
    assert _close(o.breakdown["failure with a boon"], b["boon"])
    if o.spec["ego"]:
        assert _close(o.p_ego_spent, b["ego"])
    else:
        assert o.p_ego_spent is None
    if o.spec["snakes"] == "each-pair":
        for c, v in b["pairs"].items():
            assert _close(o.breakdown[f"{c} criticals"], v)
    if o.spec["roll"] == "task":
        cons = o.spec["consequences"]
        for j in range(cons + 1):
            assert _close(o.breakdown[f"{j} subverted"], b["sub"].get(j, 0))
        assert _close(o.breakdown["+1 exp"], sum(v for j, v in b["sub"].items() if j < cons))
        assert _close(o.breakdown["at least one subverted"], sum(v for j, v in b["sub"].items() if j >= 1))


def test_hand_computed_check():
    """Seed: a check with two Health dice of rank 4 passes on one success: 1 - (1/2)^2.
    Snake eyes (no KISS): both dice 1, 1/36, always a 'failure with a boon'."""
    o = vw.odds(dict(A, roll="check", rank=4, health=2))
    assert o.p_pass == 0.75
    assert o.p_critical == pytest.approx(1 / 36, abs=1e-15)
    assert o.breakdown["failure with a boon"] == pytest.approx(1 / 36, abs=1e-15)
    assert o.breakdown["success with a bane"] == 0.0


def test_no_dice_and_no_help_is_an_automatic_failure():
    """Seed: 'If you're gravely wounded and have not received any help, then you have no dice and you will
    automatically fail.'"""
    o = vw.odds(dict(A, roll="check", health=0))
    assert dict(o.distribution) == {0: 1.0} and o.p_pass == 0.0 and o.p_critical == 0.0
    r = vw.roll(dict(A, roll="check", health=0), seed=1)
    assert r.dice == () and not r.passed and r.details["label"] == "failure"


def test_factors_never_take_the_pool_below_zero_and_spare_the_help_die():
    """docs/rules_agora.md#the-roll: 'minus one die per difficulty factor', 'never below 0';
    docs/rules_agora.md#help: 'difficulty factors never remove it'."""
    base = dict(A, roll="task", rank=4, health=1, job=1, helpers=[3])
    assert vw.odds(dict(base, factors=2)) .distribution == vw.odds(dict(base, factors=9)).distribution
    o = vw.odds(dict(base, factors=5))
    assert o.p_pass == pytest.approx(4 / 6, abs=1e-15)  # the rank-3 help die alone


@pytest.mark.parametrize("spec", [
    dict(A, roll="task", rank=4, health=2, job=3, assets=1, factors=1, helpers=[5, 5, 4], consequences=3,
         kiss=2, helper_kiss=True, ego=True, snakes="each-pair"),
    dict(A, roll="check", rank=3, health=3, helpers=[6, 6], kiss=2, difficulty="challenging", ego=True),
    dict(A, roll="task", rank=5, health=3, job=2, helpers=[2], kiss=1, consequences=4, snakes="each-pair"),
])
def test_odds_match_icepool(spec):
    """The procedure written independently in icepool (tests/peer_agora.py)."""
    o = vw.odds(spec)
    d = icepool_distribution(spec)
    assert set(d) == set(o.distribution)
    assert all(abs(o.distribution[k] - d[k]) < 1e-12 for k in d)
    joint = icepool_joint(spec)
    ones = sum(q for (_, k), q in joint.items() if k >= 2) / joint.denominator()
    assert o.p_critical == pytest.approx(ones, abs=1e-12)


def test_kiss_order_best_chance_then_lowest_face():
    """docs/rules.md#one-policy-for-kiss-and-ego, step 2: 'the die with the best chance to succeed first ...,
    ties broken by the lowest face first' (a 1 before a 3)."""
    check = vw.normalize(dict(A, roll="check", rank=4, health=3, kiss=1, helpers=[5]))  # help rank 5
    assert agora.policy_kiss(check, [3, 1, 2, 1]) == [1]
    assert agora.policy_kiss(dict(check, kiss=4), [3, 1, 2, 1]) == [0, 1, 2, 3]  # help die (worse) last
    better = vw.normalize(dict(check, helpers=[3, 3]))  # help rank 2
    assert agora.policy_kiss(better, [3, 1, 2, 1]) == [3]
    free = vw.normalize(dict(check, helper_kiss=True))
    assert agora.policy_kiss(free, [3, 1, 2, 1]) == [1, 3]  # the helper's KISS is outside the budget
    assert agora.policy_kiss(check, [3, 4, 2, 1]) == []  # the goal is reached: nothing spent


def test_snake_eyes_are_looked_for_after_kissing():
    """Seed: 'if you had Snake Eyes and KISS them before the end of the roll then they will not count, unless
    they land on 1s again'. Two 1s KISSed: critical only if both new faces are 1."""
    spec = dict(A, roll="check", rank=4, health=3, kiss=2)
    advice = vw.advise(spec, [1, 1, 3])
    best = advice.options[0]
    assert best.kiss == (0, 1) and best.policy
    assert best.p_pass == pytest.approx(3 / 4) and best.p_critical == pytest.approx(1 / 36)
    keep_ones = [o for o in advice.options if o.kiss == (2,)][0]
    assert keep_ones.p_critical == pytest.approx(1.0, abs=1e-15) and keep_ones.p_pass == pytest.approx(1 / 2)


def _short_seed(spec, start=0):
    for seed in range(start, start + 500):
        r = vw.roll(spec, seed=seed, kiss=[])
        if not r.passed:
            return seed, r
    raise AssertionError("no failing roll found")


def test_roll_details_speak_the_engine_vocabulary():
    """Every edition's Roll.details say ``threshold``, ``goal`` and
    ``successes_before_kiss`` (and ``successes_after_kiss``, before Ego), the
    rank-1 help die counting as one success."""
    for helpers in ([5, 5], [2, 2]):
        spec = dict(A, roll="task", rank=4, health=2, job=2, helpers=helpers, kiss=2, consequences=2,
                    difficulty="challenging", ego=True)
        for seed in range(30):
            r = vw.roll(spec, seed=seed)
            auto = helpers == [2, 2]
            before = sum(d.before >= d.grade for d in r.dice if d.grade != 1) + auto
            after = sum(d.after >= d.grade for d in r.dice if d.grade != 1) + auto
            assert r.details["threshold"] == r.details["goal"] == agora.threshold(vw.normalize(spec)) == 4
            assert r.details["successes_before_kiss"] == before
            assert r.details["successes_after_kiss"] == after
            assert r.outcome >= after and (r.outcome > after) == r.ego_spent


def test_roll_applies_the_policy_and_is_reproducible():
    """Same spec + seed -> identical Roll; JSON round trip; the policy as in the odds."""
    spec = dict(A, roll="task", rank=4, health=2, job=2, helpers=[5, 5], kiss=1, helper_kiss=True,
                consequences=3, ego=True, snakes="each-pair")
    s = vw.normalize(spec)
    for seed in range(40):
        r = vw.roll(spec, seed=seed)
        assert r == vw.roll(spec, seed=seed)
        assert Roll.from_json(r.to_json()) == r
        first = [d.before for d in r.dice]
        assert list(r.kissed) == agora.policy_kiss(s, first)
        assert [d.index for d in r.dice if d.kissed] == list(r.kissed)
        assert [d.owner for d in r.dice] == ["own"] * 4 + ["helper"]
        assert r.dice[-1].grade == 4
        assert r.outcome == sum(d.scores for d in r.dice)
        ones = sum(d.after == 1 for d in r.dice)
        assert r.details["snake_eyes"] == (ones >= 2) and r.details["criticals"] == ones // 2
        assert r.details["subverted"] == min(r.outcome, 3) and r.details["exp"] == int(r.outcome < 3)
        want = ("success" if r.passed else "failure")
        if ones >= 2:
            want += " with a bane" if r.passed else " with a boon"
        assert r.details["label"] == want
        assert r.outcome in vw.odds(spec).distribution


def test_rank_one_help_is_recorded_as_an_automatic_success():
    """docs/rules_agora.md#help: 'A merged rank 1 is an automatic success: it is not rolled'."""
    spec = dict(A, roll="check", rank=6, health=1, helpers=[2, 2], kiss=1)
    r = vw.roll(spec, seed=3)
    help_die = r.dice[-1]
    assert (help_die.owner, help_die.grade, help_die.before, help_die.after, help_die.scores) == ("helper", 1, 0, 0, 1)
    assert r.passed and r.kissed == ()
    with pytest.raises(SpecError, match="automatic success"):
        vw.roll(dict(spec, difficulty="challenging"), seed=3, kiss=[1])


def test_explicit_kiss_budget_and_faces():
    """docs/rules_agora.md#kiss-and-ego-the-rollers-one-policy: 'With helper_kiss a merged helper
    KISSes a failed help die outside the budget'."""
    spec = dict(A, roll="check", rank=6, health=2, helpers=[6], kiss=1, difficulty="challenging")
    seed, plain = _short_seed(spec)
    r = vw.roll(spec, seed=seed, kiss=[0])
    assert [d.before for d in r.dice] == [d.after for d in plain.dice]  # first faces unchanged by KISS
    assert r.kissed == (0,) and r.dice[0].kissed and not r.dice[1].kissed
    with pytest.raises(SpecError) as err:
        vw.roll(spec, seed=seed, kiss=[0, 2])  # two KISSes, budget 1, no helper KISS
    assert err.value.field == "kiss"
    with pytest.raises(SpecError, match="from 0 to 2"):
        vw.roll(spec, seed=seed, kiss=[3])
    with pytest.raises(SpecError, match="at most once"):
        vw.roll(spec, seed=seed, kiss=[0, 0])
    r = vw.roll(dict(spec, helper_kiss=True), seed=seed, kiss=[0, 2])  # the helper's KISS is free
    assert r.kissed == (0, 2)
    ok = dict(spec, difficulty="standard")
    for s in range(200):
        r0 = vw.roll(ok, seed=s, kiss=[])
        if r0.passed:
            with pytest.raises(SpecError, match="already reach the goal"):
                vw.roll(ok, seed=s, kiss=[0])
            break


def test_ego_only_when_short_and_forced_choices():
    """docs/rules_agora.md#kiss-and-ego-the-rollers-one-policy, step 4: Ego after KISS if still short; every 6 (help die included) scores two."""
    spec = dict(A, roll="check", rank=6, health=2, helpers=[6], difficulty="challenging", ego=True)
    for seed in range(300):
        r = vw.roll(spec, seed=seed)
        sixes = sum(d.after == 6 for d in r.dice)
        assert r.ego_spent == (sixes == 1)  # one 6 is short of 2; two 6s pass without Ego
        assert r.outcome == (2 * sixes if sixes == 1 else sixes)
        assert not vw.roll(spec, seed=seed, ego=False).ego_spent


@pytest.mark.parametrize("spec", [CASES[3], CASES[8], CASES[11], dict(A, roll="task", rank=4, health=3, job=4,
                                  assets=2, helpers=[5, 5, 4], kiss=3, consequences=4, ego=True)])
def test_roll_many_matches_the_exact_pmf(spec):
    """A seeded sample of 40 000 rolls by the policy against the exact odds (chi-square, p > 1e-4)."""
    sample = vw.roll_many(spec, 40_000, seed=2024)
    assert chi_square_pvalue(sample, vw.odds(spec).distribution) > 1e-4
    assert np.array_equal(sample, vw.roll_many(spec, 40_000, seed=2024))


def test_advise_options_match_brute_force():
    """Each option's P(pass) and P(critical) by enumerating the KISSed dice's faces."""
    spec = dict(A, roll="task", rank=4, health=2, job=1, helpers=[3], kiss=2, consequences=3, ego=True)
    s, n, h, need = _rules(spec)
    faces = [1, 3, 4, 2]
    ranks = [4, 4, 4, 3]
    advice = vw.advise(spec, faces)
    assert advice.policy == (0, 3)  # help die (rank 3) first, then the 1
    assert sum(o.policy for o in advice.options) == 1
    for opt in advice.options:
        pp = pc = Fraction(0)
        for new in product(range(1, 7), repeat=len(opt.kiss)):
            f = list(faces)
            for i, v in zip(opt.kiss, new):
                f[i] = v
            total = sum(x >= r for x, r in zip(f, ranks))
            if total < need:
                total += f.count(6)
            p = Fraction(1, 6 ** len(opt.kiss))
            pp += p * (total >= need)
            pc += p * (f.count(1) >= 2)
        assert _close(opt.p_pass, pp) and _close(opt.p_critical, pc)
    assert {o.kiss for o in advice.options} >= {(0, 3), (1,), (2,), ()}  # Ego: a 4 may become a 6
    with pytest.raises(SpecError):
        vw.advise(spec, [1, 3, 4])
    with pytest.raises(SpecError):
        vw.advise(spec, [1, 3, 4, 7])


def test_bad_agora_input_names_the_field():
    """docs/rules.md#bad-input: a rank of 7, health 4, a helper of rank 1, unmergeable helpers."""
    for bad, field in [({"rank": 7}, "rank"), ({"health": 4}, "health"), ({"helpers": [1]}, "helpers[0]"),
                       ({"helpers": [5, 4]}, "helpers"), ({"snakes": "many"}, "snakes"),
                       ({"roll": "task", "consequences": 5}, "consequences")]:
        with pytest.raises(SpecError) as err:
            vw.odds(dict(A, **bad))
        assert err.value.field == field


def test_odds_to_dict_is_json():
    o = vw.odds(CASES[8])
    assert json.loads(json.dumps(o.to_dict()))["p_pass"] == o.p_pass


@st.composite
def small_specs(draw):
    """Random small agora specs (at most 4 rolled dice and 2 KISSes) for the brute force."""
    spec = dict(A, roll=draw(st.sampled_from(["check", "task"])), rank=draw(st.integers(2, 6)),
                health=draw(st.integers(0, 2)), kiss=draw(st.integers(0, 2)), ego=draw(st.booleans()),
                helper_kiss=draw(st.booleans()), difficulty=draw(st.sampled_from(["standard", "challenging"])),
                snakes=draw(st.sampled_from(["same", "each-pair"])),
                helpers=draw(st.sampled_from([[], [2], [4], [6], [5, 5], [3, 3], [2, 2], [4, 4, 3]])))
    if spec["roll"] == "task":
        spec.update(job=draw(st.integers(0, 1)), assets=draw(st.integers(0, 1)), factors=draw(st.integers(0, 2)),
                    consequences=draw(st.integers(1, 4)))
    return spec


@settings(max_examples=25, deadline=None)
@given(small_specs())
def test_random_small_specs_match_brute_force(spec):
    test_odds_match_die_by_die_brute_force(spec)


@settings(max_examples=25, deadline=None)
@given(small_specs(), st.booleans())
def test_counting_in_whole_numbers_is_exact(spec, python_ints):
    """The odds are counted in whole numbers out of 6**m, in
    float64 below 2**53 and in Python ints above; both give the brute
    force's Fractions exactly (Python ints forced here on small pools)."""
    from venus_widgets.engine.editions.agora import distribution

    s, b = vw.normalize(spec), brute(spec)
    old = distribution.FLOAT_COUNTS_BELOW
    distribution.FLOAT_COUNTS_BELOW = 1 if python_ints else old
    try:
        o = agora.odds(s, exact=True)
    finally:
        distribution.FLOAT_COUNTS_BELOW = old
    assert o.distribution == {k: v for k, v in b["dist"].items() if v}
    assert (o.p_critical, o.breakdown["success with a bane"], o.breakdown["failure with a boon"]) == (
        b["crit"], b["bane"], b["boon"])
    if s["ego"]:
        assert o.p_ego_spent == b["ego"]
    if s["snakes"] == "each-pair":
        assert all(o.breakdown[f"{c} criticals"] == v for c, v in b["pairs"].items() if v)
    floats = agora.odds(s)  # one division each: the correctly rounded values
    assert floats.distribution == {k: float(v) for k, v in o.distribution.items()}
    assert floats.p_critical == float(o.p_critical)


def test_mid_sized_pools_count_exactly_and_fast():
    """A pool whose denominator lies between 2**44 and 2**53
    (once counted in Fraction objects, about 0.2 s) is counted in float64
    whole numbers: its exact odds equal the Python-int count."""
    from venus_widgets.engine.editions.agora import distribution

    spec = vw.normalize(dict(A, roll="task", rank=4, health=3, job=6, assets=1, helpers=[5, 5], kiss=8,
                             helper_kiss=True, ego=True, snakes="each-pair", consequences=3))
    assert 2**44 < agora.denominator(spec) < 2**53
    fast = agora.odds(spec, exact=True)
    old = distribution.FLOAT_COUNTS_BELOW
    distribution.FLOAT_COUNTS_BELOW = 1
    try:
        slow = agora.odds(spec, exact=True)
    finally:
        distribution.FLOAT_COUNTS_BELOW = old
    assert fast == slow and sum(fast.distribution.values()) == 1


VARIANTS = [  # (knobs, the brute force's arguments)
    ({"snake_eyes_ones": 3}, {"snake_eyes_ones": 3}),
    ({"snake_eyes_ones": 1}, {"snake_eyes_ones": 1}),
    ({"challenging_factor": 3}, {"challenging_factor": 3}),
    ({"ego_double_from": 5}, {"ego_double_from": 5}),
    ({"ego_double_from": 3, "snake_eyes_ones": 3}, {"ego_double_from": 3, "snake_eyes_ones": 3}),
]


@pytest.mark.parametrize("knobs, args", VARIANTS, ids=lambda v: json.dumps(v, sort_keys=True))
@pytest.mark.parametrize("spec", [CASES[2], CASES[3], CASES[8], CASES[11],
                                  dict(A, roll="check", rank=3, health=3, kiss=1, ego=True, snakes="each-pair",
                                       difficulty="challenging")])
def test_rule_knobs_give_the_brute_force_odds_of_the_variant(spec, knobs, args):
    """The kernels take the rules as values, so a
    variant's odds equal a brute force written from the variant's text."""
    from venus_widgets.engine.editions.agora.rules import Rules

    s = vw.normalize(spec)
    o, b = agora.odds(s, exact=True, rules=Rules(**knobs)), brute(spec, **args)
    assert o.distribution == {k: v for k, v in b["dist"].items() if v}
    assert o.p_critical == b["crit"]
    assert (o.breakdown["success with a bane"], o.breakdown["failure with a boon"]) == (b["bane"], b["boon"])
    if s["ego"]:
        assert o.p_ego_spent == b["ego"]
    if s["snakes"] == "each-pair":
        assert all(o.breakdown[f"{c} criticals"] == v for c, v in b["pairs"].items() if v)
    if s["roll"] == "task":
        assert all(o.breakdown[f"{j} subverted"] == b["sub"].get(j, 0) for j in range(s["consequences"] + 1))
    floats = agora.odds(s, rules=Rules(**knobs))  # each probability counted, then divided once
    assert floats.distribution == {k: float(v) for k, v in o.distribution.items()}
    assert agora.odds(s, rules=Rules()) == agora.odds(s)  # the defaults are today's rules


def test_merge_drop_knob():
    """merge_drop 2: two helpers of rank 6 make one of rank 4 (the seed says r - 1); the odds use it."""
    from venus_widgets.engine.editions.agora.rules import Rules

    spec = dict(A, roll="check", rank=5, health=2, helpers=[6, 6], kiss=1)
    o = agora.odds(vw.normalize(spec), exact=True, rules=Rules(merge_drop=2))
    assert o.distribution == {k: v for k, v in brute(spec, help_rank=4)["dist"].items() if v}
    assert o != agora.odds(vw.normalize(spec), exact=True)  # the rules' merge: rank 5
    with pytest.raises(ValueError, match="rules.merge_drop"):
        Rules(merge_drop=0)


@pytest.mark.parametrize("roll", ["check", "task"])
def test_each_pair_breakdown_has_zero_criticals_without_dice(roll):
    """docs/rules_agora.md Snake eyes: "with `each-pair` the law of the
    number of criticals ("0 criticals", "1 criticals", ...)". No dice and no
    help is an automatic failure with no critical: "0 criticals" is 1, the
    same keys as a roll with dice."""
    spec = dict(A, roll=roll, health=0, snakes="each-pair", **({"job": 0} if roll == "task" else {}))
    o = vw.odds(spec)
    assert o.breakdown["0 criticals"] == 1.0 and o.p_critical == 0.0
    with_dice = vw.odds(dict(spec, health=1))
    assert list(o.breakdown) == list(with_dice.breakdown)
    assert vw.odds(dict(spec, snakes="same")).breakdown.keys() == vw.odds(dict(spec, health=1, snakes="same")).breakdown.keys()


#: The largest agora roll (23 main dice: job 10, assets 10, Health 3; a help die), a budget of 40, Ego.
HEAVY = dict(A, roll="task", job=10, assets=10, health=3, rank=6, ego=True, helpers=[5, 5], helper_kiss=True,
             kiss=40, difficulty="challenging", consequences=4)


@pytest.mark.parametrize("rank, faces", [
    (6, [1, 2, 3, 4, 5] * 4 + [1, 2, 3, 4]),  # rank 6: every face but 6 fails; the help die shows a 4
    (4, [1, 2, 3, 4, 5] * 2 + [1, 2, 3] * 4 + [1, 3]),  # rank 4: 1s, other failures, successes short of 6
    (2, [1] * 17 + [2, 3, 4, 5, 5, 5, 2]),  # rank 2: 1s fail, 2-5 succeed
])
def test_heavy_advice_groups_equivalent_dice(rank, faces):
    """docs/rules_agora.md Advice: "Dice of the same owner showing faces that
    play the same part (a 1, another failure, a success short of 6) are
    interchangeable, so each such group of choices is listed once". For the
    largest rolls (23 main dice and a help die, a budget of 40, Ego) the
    options are counted per group, each priced exactly (10,800 options
    before; benchmarks/bench_advice.py times advise and kiss_odds on them)."""
    spec = dict(HEAVY, rank=rank)
    assert len(faces) == 24
    a = vw.advise(spec, faces)
    main = faces[:23]
    ones, fails, succ = main.count(1), sum(1 < f < rank for f in main), sum(rank <= f < 6 for f in main)
    help_face = faces[23]
    help_options = 2 if help_face != 6 else 1  # the help die (rank 4) is KISSed or not
    assert len(a.options) == (ones + 1) * (fails + 1) * (succ + 1) * help_options
    assert len({o.kiss for o in a.options}) == len(a.options)
    # each listed choice priced exactly as kiss_odds prices it (the same dice, one by one)
    for o in a.options[:: max(1, len(a.options) // 25)]:
        k = vw.kiss_odds(spec, faces, list(o.kiss))
        assert (k["p_pass"], k["p_critical"]) == pytest.approx((o.p_pass, o.p_critical), abs=1e-12)
    # any other choice of the same size and kind of dice has the same odds
    def kind(i):
        return faces[i] == 1, faces[i] >= rank

    swaps = 0
    for o in a.options:
        others = [j for j in range(23) if j not in o.kiss and o.kiss and kind(j) == kind(o.kiss[0])]
        if o.kiss and o.kiss[0] < 23 and others and faces[others[0]] != faces[o.kiss[0]]:
            k = vw.kiss_odds(spec, faces, sorted([others[0], *o.kiss[1:]]))
            assert (k["p_pass"], k["p_critical"]) == pytest.approx((o.p_pass, o.p_critical), abs=1e-12)
            swaps += 1
            if swaps == 5:
                break
    assert swaps == 5 or rank == 2
