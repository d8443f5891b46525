"""Heresy and VERS, each rule written once (issue 34): the built-in
editions ``heresy`` and ``vers`` are their drafts
(venus_widgets/drafts/heresy.toml, vers.toml; the code editions they
replace were deleted once these claims, then comparisons with the code,
held). Their odds, on every spec class the editions serve (the
benchmark's sweeps, benchmarks/bench_specs.py, and the editions' own
tests' specs) and under every rule knob, are checked here against icepool
(tests/peer_heresy.py) and brute force (tests/test_heresy_rules.py,
tests/test_vers_rules.py: every face of every die):

- the same fractions where they are rational, else floats within the tail
  both cut (below 1e-12), with what is cut stated;
- rolls drawn many at a time follow the same law;
- the ladders' rungs are the odds of their specs.

Their words, knobs, ladders, explanations, table and cost answers are held
to the code editions' own by tests/test_heresy_vers_answers.py; here too
the cost guard's levers and ``solve`` over two fields at once, as the code
editions answered them.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

import numpy as np
import pytest

import venus_widgets as vw
from peer_heresy import icepool_distribution
from test_heresy_rules import brute as heresy_brute
from test_vers_rules import brute as vers_brute

#: Rule knobs the editions take, each tried alone and a few together.
HERESY_RULES: list[dict] = [
    {}, {"success_faces": [6]}, {"success_faces": [5, 6]}, {"reroll_faces": []}, {"reroll_faces": [5, 6]},
    {"reroll_faces": [2]}, {"trade_rate": 2}, {"trade_rate": 5}, {"pass_threshold": 1}, {"pass_threshold": 3},
    {"pass_threshold": 7}, {"success_faces": [1], "reroll_faces": [6], "pass_threshold": 4},
]
VERS_RULES: list[dict] = [{}, {"base_ct": 8}, {"base_ct": 0}, {"dice": 1}, {"dice": 2}, {"dice": 6, "base_ct": 30}]


def heresy_specs(rng: random.Random, n: int = 12) -> list[dict]:
    """The benchmark's sweep (pool 1-20, black 0-12, trade 0-3), the
    editions' test specs (no pool dice, one die, the largest) and a seeded
    sample of the whole range."""
    out = [{"pool": p, "black": b, "trade": t} for p in (0, 1, 2, 4, 7, 11, 20) for b in (0, 1, 3, 12)
           for t in range(0, min(3, p // 3) + 1)]
    out += [{"pool": 60, "black": 36}, {"pool": 30, "black": 12, "trade": 4}, {"pool": 60, "trade": 20}]
    for _ in range(n):
        p = rng.randint(0, 60)
        out.append({"pool": p, "black": rng.randint(0, 36), "trade": rng.randint(0, p // 3)})
    return out


def exact(pool: int, black: int, trade: int, given: dict) -> dict[int, Fraction] | None:
    """The exact distribution where no face that scores is rolled again (a
    die rolled again on faces that score nothing is one of its other faces,
    each as likely); None where the dice could roll on, scoring, for ever."""
    from test_heresy import convolve
    from test_heresy_rules import DEFAULTS

    rules = {**DEFAULTS, **given}
    success, again = set(rules["success_faces"]), set(rules["reroll_faces"])
    if success & again:
        return None
    die = {1: Fraction(len(success - again), 6 - len(again))}
    die[0] = 1 - die[1]
    dist = {trade: Fraction(1)}
    for _ in range(pool - rules["trade_rate"] * trade):
        dist = convolve(dist, die)
    for _ in range(black):
        dist = convolve(dist, {-1: Fraction(len(success), 6), 0: 1 - Fraction(len(success), 6)})
    return dist


def close_to(o: vw.Odds, want: dict, tol: float = 2e-13) -> None:
    """``o`` has the distribution ``want`` (outcome -> chance), within ``tol``, and its tail cut below 1e-12."""
    for k in set(o.distribution) | set(want):
        assert abs(o.distribution.get(k, 0.0) - float(want.get(k, 0.0))) < tol, k
    assert 0 <= o.truncated < 1e-12
    assert math.isclose(math.fsum(o.distribution.values()) + o.truncated, 1.0, abs_tol=1e-13)
    assert o.p_pass == pytest.approx(float(sum(p for k, p in want.items() if k >= o.threshold)), abs=tol)


def test_heresy_odds_on_every_spec_class_are_icepools():
    for spec in heresy_specs(random.Random(34)):
        close_to(vw.odds({"edition": "heresy", **spec}), icepool_distribution({"edition": "heresy", **spec}), 1e-12)


@pytest.mark.parametrize("rules", HERESY_RULES, ids=lambda r: ",".join(f"{k}={v}" for k, v in r.items()) or "as read")
def test_heresy_odds_under_every_knob_are_the_brute_forces(rules):
    for spec in ({"pool": 0, "black": 2}, {"pool": 1}, {"pool": 7, "black": 2, "trade": 1}, {"pool": 12, "black": 9}):
        if spec.get("trade", 0) * rules.get("trade_rate", 3) <= spec["pool"]:
            o = vw.odds({"edition": "heresy", **spec, "rules": rules})
            want = heresy_brute(spec["pool"], spec.get("black", 0), spec.get("trade", 0), rules)
            close_to(o, want)
            fractions = exact(spec["pool"], spec.get("black", 0), spec.get("trade", 0), rules)
            if fractions is not None:  # no dice that roll on, scoring, without end: fractions, the same ones
                assert o.truncated == 0
                assert vw.odds({"edition": "heresy", **spec, "rules": rules}, exact=True).distribution == {
                    k: v for k, v in fractions.items() if v}


@pytest.mark.parametrize("again", [[2], [2, 3], [4], [2, 3, 4, 5]], ids=str)
def test_a_face_that_counts_nothing_rolled_again(again):
    """Where only faces that count nothing roll again (Heresy with
    ``reroll_faces`` [2, 3]), a re-roll only delays the stop: the die is
    its other faces, each as likely. The odds are fractions (no tail cut,
    no note): the brute force's, and the floats correctly rounded."""
    rules = {"reroll_faces": again}
    for spec in ({"pool": 5, "black": 2}, {"pool": 0, "black": 3}, {"pool": 13, "black": 4, "trade": 2}):
        s = {"edition": "heresy", **spec, "rules": rules}
        y = vw.odds(s, exact=True)
        want = exact(spec["pool"], spec["black"], spec.get("trade", 0), rules)
        assert isinstance(y.p_pass, Fraction) and dict(y.distribution) == {k: v for k, v in want.items() if v}
        close_to(vw.odds(s), heresy_brute(spec["pool"], spec["black"], spec.get("trade", 0), rules))
        o = vw.odds(s)
        assert o.truncated == 0 and o.distribution == {k: float(v) for k, v in y.distribution.items()}


def test_vers_odds_on_every_spec_are_every_rolls():
    for r in range(0, 21):
        for p in range(0, 31):
            got = vw.odds({"edition": "vers", "ranks": r, "penalty": p}, exact=True).distribution
            assert got == vers_brute(r, p)
    for rules in VERS_RULES:
        for r, p in ((2, 1), (20, 30), (0, 0)):
            spec = {"edition": "vers", "ranks": r, "penalty": p, "rules": rules}
            want = vers_brute(r, p, rules)
            assert vw.odds(spec, exact=True).distribution == want
            assert vw.odds(spec).distribution == {k: float(v) for k, v in want.items()}  # correctly rounded


def test_exact_odds_where_rational():
    """A pool that rolls no face again: fractions, every roll counted."""
    for fields, rules in (({"pool": 9, "black": 4, "trade": 1}, {"reroll_faces": []}), ({"pool": 0, "black": 5}, {})):
        o = vw.odds({"edition": "heresy", **fields, "rules": rules}, exact=True)
        want = heresy_brute(fields["pool"], fields["black"], fields.get("trade", 0), rules)
        assert isinstance(o.p_pass, Fraction) and o.distribution == {k: v for k, v in want.items() if v}


def test_many_rolls_follow_the_same_law():
    """``roll_many``: each edition's mean of 20,000 rolls is within 5 spreads of the exact mean."""
    for spec in ({"edition": "heresy", "pool": 9, "black": 3, "trade": 1}, {"edition": "vers", "ranks": 3, "penalty": 2}):
        o = vw.odds(spec)
        got = vw.roll_many(spec, 20_000, 5)
        assert abs(float(np.mean(got)) - o.mean) < 5 * o.sd / np.sqrt(20_000)


def test_the_ladders_rungs_are_the_odds_of_their_specs():
    rungs = vw.ladder({"edition": "heresy", "pool": 6})
    assert [s["black"] for s, _ in rungs] == list(range(0, 37, 3))
    for s, p in rungs:
        want = icepool_distribution({"edition": "heresy", "pool": 6, "black": s["black"]})
        assert p == pytest.approx(sum(q for k, q in want.items() if k >= 2), abs=1e-12)
    rungs = vw.ladder({"edition": "vers", "ranks": 3})
    assert [s["penalty"] for s, _ in rungs] == list(range(0, 11))
    for s, p in rungs:
        assert p == float(sum(q for k, q in vers_brute(3, s["penalty"]).items() if k >= 0))


def test_solve_over_pool_and_black():
    """``solve`` varying the pool and the black dice together (2,257
    settings): answered within the 2 s one call may take (each spec after
    the first charged without the fixed work one draft's specs share), the
    same settings first as the code edition gave, each chance its spec's odds."""
    from venus_widgets.engine.contract import work

    spec = vw.normalize({"edition": "heresy", "pool": 6})
    settings = [{"pool": p, "black": k} for p in range(61) for k in range(37)]
    assert work.price([work.Job(spec, settings)]).seconds <= work.MAX_CALL_SECONDS
    y = vw.solve(spec, target=0.5, vary=["pool", "black"])
    assert len(y) == 2257
    code_first = [[19, 18], [14, 12], [24, 24], [29, 30], [34, 36], [5, 1], [9, 6], [33, 35], [28, 29], [23, 23],
                  [30, 31], [25, 25], [18, 17], [20, 19], [15, 13], [10, 7], [13, 11], [32, 34], [27, 28], [31, 32]]
    assert [[s.setting["pool"], s.setting["black"]] for s in y[:20]] == code_first
    for s in y[:20]:
        assert s.chance == pytest.approx(vw.odds({**spec, **s.setting}).p_pass, abs=1e-12)


def test_the_levers_are_the_code_editions():
    """The fields the cost guard (and a call of many odds) names first, each
    the way that saves work: the code edition's pool and black dice, fewer
    of each; a trade takes dice away (more trades, less work), after them."""
    from venus_widgets.engine.contract import guard

    for spec in ({"pool": 6}, {"pool": 60, "black": 36, "trade": 2}, {"pool": 30, "black": 3, "rules": {"reroll_faces": []}}):
        levers = guard.estimate(vw.normalize({"edition": "heresy", **spec})).levers
        assert levers[:2] == (("pool", 1), ("black", 1)) and dict(levers)["trade"] == -1, levers


@pytest.mark.parametrize("spec", [{"pool": 31, "black": 33, "trade": 2}, {"pool": 60, "black": 36},
                                  {"pool": 45, "black": 17, "trade": 5, "rules": {"reroll_faces": []}}])
def test_the_estimate_falls_along_each_lever(spec):
    """The search for the nearest value that fits bisects each lever's
    values, so the estimate must fall (or stay) toward the cheap end, as the
    code edition's did (tests/test_cost.py)."""
    from venus_widgets.engine.contract import guard

    s = vw.normalize({**spec, "edition": "heresy"})
    for field, direction in guard.estimate(s).levers:
        steps = []
        for v in guard._candidates(s, field, direction) or []:
            moved = guard._with(s, field, v)
            if moved["pool"] <= 3 * moved["trade"] and "rules" not in s:
                continue  # no pool die left: the black dice counted in whole numbers, really dearer, within budget
            try:
                steps.append(guard.estimate(moved).steps)
            except vw.SpecError:
                continue
        assert steps == sorted(steps, reverse=True), field


def test_the_estimate_falls_along_each_lever_of_an_empty_pool():
    from venus_widgets.engine.contract import guard

    s = vw.normalize({"pool": 0, "edition": "heresy"})
    for field, direction in guard.estimate(s).levers:
        steps = [guard.estimate(guard._with(s, field, v)).steps for v in guard._candidates(s, field, direction) or []]
        assert steps == sorted(steps, reverse=True), field


#: What the code edition said refusing exact odds while a scoring face rolls again without end, the
#: tail said in words (the code edition said "the tail below 1e-12 cut off").
CODE_REFUSAL = ("expected no pool dice for exact=True while a scoring face is rolled again (each 6 is a success "
                "rolled again without end, so there are no exact odds; exact=False gives the odds with the rarest "
                "endless chains, together less than 1 in a trillion, left out; or set rules.reroll_faces to faces "
                "that do not score)")


@pytest.mark.parametrize("spec", [{"pool": 10}, {"pool": 60, "black": 36, "trade": 3},
                                  {"pool": 4, "rules": {"success_faces": [5, 6], "reroll_faces": [6]}}])
def test_exact_odds_refused_as_the_code_edition_did(spec):
    """Exact odds while a face that scores is rolled again without end:
    refused naming the pool and the knob a spec can set, in the code edition's words."""
    with pytest.raises(vw.SpecError) as info:
        vw.odds({"edition": "heresy", **spec}, exact=True)
    assert (info.value.field, info.value.value) == ("pool", spec["pool"])
    assert str(info.value) == f"pool={spec['pool']} is not allowed: {CODE_REFUSAL}"

