"""Exact, machine-independent numbers: for rational specs every
float the engine returns is the correctly rounded value of the exact
rational, ``odds(spec, exact=True)`` gives those rationals as Fractions,
and the numbers do not depend on the process, the order of computation,
the caches or the thread count.

The exact values come from the brute-force and icepool peers
(tests/peer_*.py), or from a Fraction brute force written here.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from fractions import Fraction as F
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import peer_agora
import peer_playsheet
import peer_playtest
import venus_widgets as vw
from venus_widgets.engine.caching import forget_results
from venus_widgets.engine import api
from venus_widgets.engine.editions.playtest import optimal
from venus_widgets.engine.maths.odds import Odds
from venus_widgets.engine.contract.spec import normalize

ROOT = Path(__file__).resolve().parents[1]
CALS = ("bronze", "silver", "gold", "platinum")


def from_die(die) -> dict:
    """An icepool Die's outcomes -> Fraction."""
    den = die.denominator()
    return {k: F(q, den) for k, q in die.items()}


def assert_exact(spec, dist: dict) -> None:
    """``dist`` (outcome -> Fraction) is the spec's exact law: the Fraction
    odds equal it, and every float is its correctly rounded value."""
    e, o = vw.odds(spec, exact=True), vw.odds(spec)
    dist = {k: v for k, v in dist.items() if v}
    assert sum(dist.values()) == 1
    assert {k: v for k, v in e.distribution.items() if v} == dist
    assert {k: v for k, v in o.distribution.items() if v} == {k: float(v) for k, v in dist.items()}
    assert e.p_pass == o.exact.p_pass
    if o.numeric:
        p_pass = sum(v for k, v in dist.items() if k >= o.threshold)
        p_goal = sum(v for k, v in dist.items() if k >= o.goal)
        assert (e.p_pass, e.p_goal) == (p_pass, p_goal)
        assert (o.p_pass, o.p_goal) == (float(p_pass), float(p_goal))
        for k in range(min(dist) - 1, max(dist) + 2):
            assert o.at_least(k) == float(sum(v for j, v in dist.items() if j >= k))
            assert o.at_most(k) == float(sum(v for j, v in dist.items() if j <= k))
            assert e.at_least(k) == sum(v for j, v in dist.items() if j >= k)
        assert o.mean == float(sum(k * v for k, v in dist.items()))
    else:
        assert e.p_pass == dist.get("pass", 0)
        assert o.p_pass == float(dist.get("pass", 0))
    # every other number is the rounding of its Fraction
    assert {k: float(v) for k, v in e.breakdown.items()} == dict(o.breakdown)
    for name in ("p_critical", "p_ego_spent"):
        x, y = getattr(e, name), getattr(o, name)
        assert (x is None) == (y is None)
        assert x is None or (isinstance(x, F) and float(x) == y and type(y) is float)


# --------------------------------------------------------------------------
# The cases: these fail with floats summed in numpy
# --------------------------------------------------------------------------


def test_agora_five_sixths_is_correctly_rounded():
    """Agora rank 2, one die, one consequence: 5/6, whose float is
    0.8333333333333334 (numpy's sums gave 0.8333333333333333)."""
    spec = {"edition": "agora", "roll": "task", "rank": 2, "health": 1, "job": 0, "consequences": 1}
    assert vw.odds(spec, exact=True).p_pass == F(5, 6)
    assert vw.odds(spec).p_pass == 0.8333333333333334 == float(F(5, 6))
    assert vw.odds(spec).p_pass.hex() == float(F(5, 6)).hex()


def test_agora_seven_eighths_and_its_percentage():
    """The chapter 7 spec (rank 4, 3 job dice, 1 consequence): exactly 7/8,
    shown as 88% everywhere."""
    spec = {"edition": "agora", "roll": "task", "rank": 4, "health": 0, "job": 3, "consequences": 1}
    o = vw.odds(spec)
    assert o.p_pass == 0.875 and o.exact.p_pass == F(7, 8)
    assert vw.percent(o.p_pass) == "88%"
    assert vw.percent(0.8749999999999999) == "88%"  # a last bit below the half shows the same


def test_certain_and_impossible_are_exact():
    """Certain events are exactly 1.0 (never 0.9999999999999999) and show as
    100%; a chance below 1 never shows as 100%."""
    certain = [
        {"roll": "task", "dice": 2, "kiss": 1, "ego": "double6", "consequences": 3},  # possible, not certain
        {"edition": "agora", "roll": "check", "health": 0, "helpers": [2, 2]},  # help rank 1: automatic success
        {"roll": "check", "caliber": "platinum", "score": 30, "difficulty": "routine"},
        {"edition": "vers", "ranks": 20},
    ]
    for spec in certain:
        o = vw.odds(spec)
        assert (o.p_pass == 1.0) == (o.exact.p_pass == 1)
        assert (vw.percent(o.p_pass) == "100%") == (o.exact.p_pass == 1)
    # chapter 3's advice: with 6 and 5 showing the 6 alone passes, whatever the KISS
    spec = {"roll": "task", "caliber": "bronze", "dice": 2, "factors": 0, "kiss": 1, "ego": "double6",
            "consequences": 3}
    for option in vw.advise(spec, [6, 5]).options:
        assert option.p_pass == 1.0 and vw.percent(option.p_pass, 2) == "100%"


# --------------------------------------------------------------------------
# Every edition against an exact peer
# --------------------------------------------------------------------------


def _agora_specs(count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        helpers = rng.choice([[], [4], [3, 3], [5, 5], [2, 2], [6]])
        spec = {"edition": "agora", "roll": rng.choice(["check", "task"]), "rank": rng.randint(2, 6),
                "health": rng.randint(0, 3), "helpers": helpers, "kiss": rng.randint(0, 2),
                "helper_kiss": rng.random() < 0.3, "ego": rng.random() < 0.5,
                "snakes": rng.choice(["same", "each-pair"]), "difficulty": rng.choice(["standard", "challenging"])}
        if spec["roll"] == "task":
            spec.update(job=rng.randint(0, 2), consequences=rng.randint(1, 2))
        s = normalize(spec)
        n = s["health"] + (s.get("job", 0) if s["roll"] == "task" else 0)
        if n + bool(helpers) + s["kiss"] > 6:
            continue
        out.append(spec)
    return out


@pytest.mark.parametrize("spec", _agora_specs(12, 7), ids=lambda s: json.dumps(s, sort_keys=True))
def test_agora_against_icepool(spec):
    joint = from_die(peer_agora.icepool_joint(spec))
    dist: dict = {}
    for (succ, _ones), p in joint.items():
        dist[succ] = dist.get(succ, 0) + p
    assert_exact(spec, dist)
    pairs = normalize(spec)["snakes"] == "each-pair"
    crit = sum(p for (_, ones), p in joint.items() if (ones // 2 if pairs else ones >= 2))
    assert vw.odds(spec, exact=True).p_critical == crit
    assert vw.odds(spec).p_critical == float(crit)


def _task_specs(count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        allies = [rng.choice(CALS) for _ in range(rng.randint(0, 2))]
        dice = rng.randint(0, 4 - len(allies))
        ego = rng.choice(("none", "reroll", "double6"))
        kiss = rng.randint(0, 3)
        n = dice + len(allies)
        if ego == "reroll" and n > 3 or n * (kiss if ego != "reroll" else n) > 9:
            continue
        out.append({"roll": "task", "caliber": rng.choice(CALS), "dice": dice, "allies": allies, "kiss": kiss,
                    "ego": ego, "factors": rng.randint(0, 2), "consequences": rng.randint(0, 2)})
    return out


@pytest.mark.parametrize("spec", _task_specs(10, 3), ids=lambda s: json.dumps(s, sort_keys=True))
def test_playtest_task_against_brute_force(spec):
    """KISS and Ego, default policy: the die-by-die Fraction brute force."""
    assert_exact(spec, peer_playtest.brute_task(spec))


@pytest.mark.parametrize("spec", _task_specs(6, 11), ids=lambda s: json.dumps(s, sort_keys=True))
def test_playtest_optimal_policy_against_brute_force(spec):
    """The optimal policy: P(goal) is exactly the brute force's best; the
    whole law too, since exact ties keep the default policy's choice in both."""
    spec = {**spec, "policy": "optimal"}
    brute = peer_playtest.brute_task(spec, optimal=True)
    e = vw.odds(spec, exact=True)
    assert e.p_goal == sum(v for k, v in brute.items() if k >= e.goal)
    assert vw.odds(spec).p_goal == float(e.p_goal)


@pytest.mark.parametrize("spec", [
    {"roll": "task", "caliber": "bronze", "dice": 1, "allies": ["gold", "silver"], "kiss": 3, "ego": "double6",
     "factors": 2, "consequences": 1},
    {"roll": "task", "caliber": "gold", "dice": 1, "allies": ["bronze", "platinum"], "kiss": 2, "ego": "double6",
     "factors": 1},
], ids=lambda s: json.dumps(s, sort_keys=True))
def test_playtest_optimal_kiss_table_in_runs(spec, monkeypatch):
    """The optimal policy's KISS table from only the terms each first roll's
    allies can give, a few at a time (many runs of ``optimal._RUN``), gives
    the one-bincount odds, exact and float, and P(goal) is the brute force's best."""
    spec = normalize({**spec, "edition": "playtest", "policy": "optimal"})
    whole, whole_float = optimal.odds(spec, exact=True), optimal.odds(spec)
    monkeypatch.setattr(optimal, "_RUN", 2)
    runs = optimal.odds(spec, exact=True)
    assert (runs.distribution, runs.breakdown) == (whole.distribution, whole.breakdown)
    assert optimal.odds(spec).to_dict() == whole_float.to_dict()
    brute = peer_playtest.brute_task(spec, optimal=True)
    assert runs.p_goal == sum(v for k, v in brute.items() if k >= runs.goal)


def test_playtest_task_icepool_peer():
    """A bigger pool with allies, KISS and Ego double6 against icepool."""
    spec = {"roll": "task", "caliber": "silver", "dice": 4, "allies": ["gold"], "kiss": 2, "ego": "double6",
            "consequences": 2}
    assert_exact(spec, from_die(peer_playtest.icepool_task(normalize(spec))))


@pytest.mark.parametrize("bonus", range(5))
def test_playtest_checks_against_brute_force(bonus):
    for caliber, score, difficulty in product(CALS, (0, 4, 9), ("simple", "tough", "absurd")):
        spec = normalize({"roll": "check", "caliber": caliber, "score": score, "difficulty": difficulty,
                          "factors": 1, "bonus_factors": bonus})
        passed = F(0)
        for natural in range(1, 21):
            for faces in product(range(1, 7), repeat=bonus):
                best = max(faces) if faces else 0
                passed += F(peer_playtest.check_pass(spec, natural, best), 20 * 6**bonus)
        assert_exact(spec, {"pass": passed, "fail": 1 - passed})


def test_vers_against_brute_force():
    for ranks, penalty in product(range(0, 21, 4), range(0, 31, 6)):
        spec = {"edition": "vers", "ranks": ranks, "penalty": penalty}
        dist: dict = {}
        for faces in product(range(1, 7), repeat=3):
            d = 10 + ranks - (sum(faces) + penalty)
            dist[d] = dist.get(d, 0) + F(1, 216)
        assert_exact(spec, dist)


def test_heresy_black_dice_against_brute_force():
    """Heresy without pool dice (all traded) is rational: black dice only."""
    for black, trade in product(range(0, 5), (0, 1, 2)):
        spec = {"edition": "heresy", "pool": 3 * trade, "trade": trade, "black": black}
        dist: dict = {}
        for faces in product(range(1, 7), repeat=black):
            net = trade - sum(f in (1, 6) for f in faces)
            dist[net] = dist.get(net, 0) + F(1, 6**black)
        assert_exact(spec, dist)


def test_playsheet_against_brute_force():
    for spec in [
        {"edition": "playsheet", "roll": "task", "dice": 2, "difficulty": 2, "kiss": 1, "ego": True},
        {"edition": "playsheet", "roll": "task", "rank": "gold", "dice": 2, "allies": ["silver"], "difficulty": 3,
         "kiss": 2, "ally_kiss": True, "ego": True},
        {"edition": "playsheet", "roll": "task", "rank": "platinum", "dice": 3, "difficulty": 1, "factors": [1]},
    ]:
        dist, lost = peer_playsheet.brute_task(spec)
        assert lost == 0
        assert_exact(spec, dict(dist))
    for score, difficulty in product((0, 5, 12), (1, 2, 4)):
        spec = normalize({"edition": "playsheet", "roll": "check", "score": score, "difficulty": difficulty,
                          "rank": "gold", "factors": [2], "bonus": [1]})
        from venus_widgets.engine.editions.playsheet import check_category

        passed = F(sum(check_category(spec, n) in ("pass", "auto-pass") for n in range(1, 21)), 20)
        assert_exact(spec, {"pass": passed, "fail": 1 - passed})


# --------------------------------------------------------------------------
# exact=True, the paths, and what is not rational
# --------------------------------------------------------------------------


def test_exploding_dice_have_no_exact_odds():
    """Exploding dice roll without end: exact=True says so, naming the field."""
    with pytest.raises(vw.SpecError, match="explode.*not a fraction"):
        vw.odds({"edition": "playsheet", "roll": "task", "explode": True}, exact=True)
    with pytest.raises(vw.SpecError, match="pool.*so there are no exact odds"):
        vw.odds({"edition": "heresy", "pool": 4}, exact=True)
    o = vw.odds({"edition": "heresy", "pool": 4})
    assert o.exact is None and o.truncated > 0


SPECS = [
    {"edition": "agora", "roll": "task", "rank": 3, "health": 2, "job": 3, "helpers": [3, 3], "kiss": 2, "ego": True,
     "consequences": 2, "snakes": "each-pair"},
    {"edition": "agora", "roll": "check", "rank": 5, "health": 3, "helpers": [4], "kiss": 1, "helper_kiss": True},
    {"roll": "task", "dice": 5, "kiss": 3, "ego": "double6", "allies": ["gold", "silver"], "consequences": 2},
    {"roll": "task", "dice": 4, "kiss": 2, "ego": "reroll", "allies": ["platinum"], "consequences": 1,
     "policy": "optimal"},
    {"roll": "task", "dice": 4, "kiss": 3, "ego": "double6", "consequences": 3, "policy": "optimal"},
    {"roll": "check", "caliber": "gold", "score": 4, "difficulty": "challenging", "bonus_factors": 3},
    {"edition": "playsheet", "roll": "task", "dice": 4, "kiss": 2, "ego": True, "allies": ["gold"],
     "ally_kiss": True, "difficulty": 3},
    {"edition": "heresy", "pool": 6, "trade": 2, "black": 5},
    {"edition": "vers", "ranks": 4, "penalty": 3},
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: json.dumps(s, sort_keys=True))
def test_snapped_floats_equal_the_counted_fractions(spec):
    """Small denominators take the fast path (floats snapped to the 1/D
    grid); it gives the very Fractions that counting gives."""
    forget_results()  # counted anew
    o = vw.odds(spec)
    e = vw.odds(spec, exact=True)
    assert o.exact is not None
    for name in ("distribution", "breakdown"):
        assert dict(getattr(o.exact, name)) == dict(getattr(e, name))
    for name in ("p_pass", "p_goal", "p_critical", "p_ego_spent"):
        assert getattr(o.exact, name) == getattr(e, name)
    assert api.denominator(normalize(spec)) % e.p_pass.denominator == 0


def test_large_denominators_are_counted_exactly():
    """Between 2**40 and 2**53 the floats come from counting in Fractions."""
    spec = {"roll": "task", "dice": 9, "kiss": 8, "ego": "double6", "consequences": 2}
    d = api.denominator(normalize(spec))
    assert 2**40 < d < 2**53
    o = vw.odds(spec)
    assert o.exact is not None and o.exact.p_goal.denominator <= d
    assert o.p_goal == float(o.exact.p_goal)


@pytest.mark.parametrize("spec", [
    {"caliber": "silver", "dice": 14, "allies": ["gold", "bronze"], "factors": 3, "kiss": 6, "ego": "double6",
     "consequences": 2},
    {"caliber": "gold", "dice": 12, "allies": ["platinum"], "factors": 4, "kiss": 9, "consequences": 1},
    {"caliber": "bronze", "dice": 13, "allies": ["silver", "gold"], "factors": 2, "kiss": 3, "ego": "reroll"},
], ids=["double6", "own-failures-all-kissed", "reroll"])
def test_fractions_above_two_to_the_53_are_counted_in_integers(spec):
    """Above 2**53 ``exact=True`` counts in Python ints: every probability
    is a whole number over the common denominator, and they add up to 1
    (a float slipping into the count breaks both)."""
    spec = {"edition": "playtest", "roll": "task", **spec}
    d = api.denominator(normalize(spec))
    assert d >= 2**53
    e = vw.odds(spec, exact=True)
    values = [*e.distribution.values(), *e.breakdown.values(), e.p_pass, e.p_goal]
    assert all(isinstance(v, (F, int)) and d % F(v).denominator == 0 for v in values)
    assert sum(e.distribution.values()) == 1
    assert abs(vw.odds(spec).p_goal - float(e.p_goal)) < 1e-12


@pytest.mark.parametrize("spec", [
    {"caliber": "platinum", "dice": 14, "allies": ["platinum"], "factors": 1, "kiss": 8, "ego": "reroll",
     "consequences": 1},
    {"caliber": "platinum", "dice": 12, "allies": ["gold", "bronze"], "factors": 1, "kiss": 8, "consequences": 1},
    {"caliber": "bronze", "dice": 30, "allies": ["silver", "gold"], "factors": 4, "kiss": 40, "ego": "reroll",
     "consequences": 8},
    {"caliber": "platinum", "dice": 14, "allies": [], "factors": 0, "kiss": 2, "ego": "reroll", "consequences": 4,
     "policy": "optimal"},
], ids=["1e-21", "4e-18", "largest", "optimal-2e-22"])
def test_a_tiny_chance_to_fail_keeps_its_digits_above_two_to_the_53(spec):
    """Above 2**53 the float odds are summed in float64 (no bit promised),
    but the chance to fail is a sum of small counts, not 1 minus the chance
    to pass: a one-in-10**21 failure must not read 0 or 10**-16."""
    spec = {"edition": "playtest", "roll": "task", **spec}
    assert api.denominator(normalize(spec)) >= 2**53
    fail, exact = vw.odds(spec).breakdown["fail"], vw.odds(spec, exact=True).breakdown["fail"]
    assert 0 < exact < 1e-6
    assert abs(F(fail) - exact) <= 1e-12 * exact


def test_kiss_odds_and_advice_are_correctly_rounded():
    spec = {"roll": "task", "caliber": "silver", "dice": 3, "allies": ["gold"], "kiss": 2, "ego": "double6",
            "consequences": 2}
    s, cals, thr, goal = peer_playtest.task_rules(spec)
    faces = [1, 6, 3, 2]
    for chosen in ([], [0], [0, 2], [2, 3], [0, 3]):
        pmf = peer_playtest._after(s, cals, faces, chosen, goal)
        got = vw.kiss_odds(spec, faces, chosen)
        assert got["p_pass"] == float(sum(v for k, v in pmf.items() if k >= thr))
        assert got["p_goal"] == float(sum(v for k, v in pmf.items() if k >= goal))
    for option in vw.advise(spec, faces).options:
        pmf = peer_playtest._after(s, cals, faces, list(option.kiss), goal)
        assert option.p_goal == float(sum(v for k, v in pmf.items() if k >= goal))
    agora = {"edition": "agora", "roll": "check", "rank": 5, "health": 3, "kiss": 2, "ego": True}
    # KISS the two 2s: pass unless both fresh dice fail and no 6 shows... counted by hand
    fresh = {(a, b): F(1, 36) for a in range(1, 7) for b in range(1, 7)}
    p = sum(w for (a, b), w in fresh.items() if a >= 5 or b >= 5)
    assert vw.kiss_odds(agora, [2, 2, 3], [0, 1])["p_pass"] == float(p)


# --------------------------------------------------------------------------
# The same bits in any process, in any order, with any thread count
# --------------------------------------------------------------------------

_SCRIPT = r"""
import json, sys
import venus_widgets as vw
specs = json.loads(sys.argv[1])
out = {}
for spec in (reversed(specs) if sys.argv[2] == "reverse" else specs):
    if sys.argv[2] == "reverse":
        vw.odds(spec, exact=True)  # the exact cache first
    o = vw.odds(spec)
    nums = {"p_pass": o.p_pass, "p_goal": o.p_goal, "p_critical": o.p_critical, "p_ego_spent": o.p_ego_spent,
            "mean": o.mean, "sd": o.sd}
    nums.update({f"d{k}": v for k, v in o.distribution.items()})
    nums.update({f"b{k}": v for k, v in o.breakdown.items()})
    if o.numeric:
        nums.update({f"a{k}": o.at_least(k) for k in o.distribution})
    out[json.dumps(spec, sort_keys=True)] = {k: (None if v is None else float(v).hex()) for k, v in nums.items()}
print(json.dumps(out, sort_keys=True))
"""


def _run(order: str, threads: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT), OMP_NUM_THREADS=threads, OPENBLAS_NUM_THREADS=threads,
               MKL_NUM_THREADS=threads)
    res = subprocess.run([sys.executable, "-c", _SCRIPT, json.dumps(SPECS), order], env=env, capture_output=True,
                         text=True, check=True, timeout=600)
    return json.loads(res.stdout)


def test_same_bits_in_two_processes_in_opposite_orders():
    forward, reverse = _run("forward", "1"), _run("reverse", "2")
    assert forward == reverse
    here = {k: v for k, v in forward.items()}
    spec = SPECS[0]
    assert here[json.dumps(spec, sort_keys=True)]["p_pass"] == vw.odds(spec).p_pass.hex()


@given(st.lists(st.integers(0, 6**12), min_size=1, max_size=30).filter(any), st.integers(-1, 31),
       st.integers(0, 5), st.integers(0, 6**12))
def test_counted_odds_are_the_rounded_fractions(counts, k, offset, extra):
    """Odds kept as counts (``from_counts``) answer every question with the
    correctly rounded value of the exact fraction: the same floats as the
    Fractions rounded one by one (``from_pmf(...).rounded()``)."""
    d = sum(counts)
    thr = offset + len(counts) // 2
    bd = {"part": min(extra, d)}
    c = Odds.from_counts({"edition": "toy"}, counts, d, threshold=thr, goal=thr + 1, offset=offset, breakdown=bd)
    e = Odds.from_pmf({"edition": "toy"}, {offset + i: F(n, d) for i, n in enumerate(counts)}, threshold=thr,
                      goal=thr + 1, breakdown={"part": F(bd["part"], d)}).rounded()
    assert c == e  # every field: distribution, p_pass, p_goal, breakdown ...
    assert (c.at_least(k), c.at_most(k), c.mean, c.sd, c.p_fail) == (e.at_least(k), e.at_most(k), e.mean, e.sd,
                                                                      e.p_fail)
    assert c.exact == e.exact and c.exact.p_pass == F(sum(counts[max(thr - offset, 0):]), d)


def test_exact_odds_are_their_own_exact_odds():
    """``odds(spec, exact=True).exact`` was None: code reading ``o.exact`` of any rational odds (as the
    comparison's numbers do) had to tell the two kinds of odds apart first."""
    for spec in ({"edition": "playtest", "roll": "task", "dice": 3}, {"edition": "agora", "roll": "task"},
                 {"edition": "vers", "roll": "check", "ranks": 3}):
        o = vw.odds(spec, exact=True)
        assert o.exact is o
        assert o.exact.p_pass == vw.odds(spec).exact.p_pass
