"""The examples where a knob's value did not reach
everything, each as found (tests/test_knob_flow.py checks the class)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract.explain import check_arithmetic
from venus_widgets.engine.contract.spec import parts


def test_heresy_degree_names_follow_the_pass_threshold():
    """A roll that fails is never named a success, and the breakdown's
    success-or-better is P(pass) (it read 59 % while P(pass) was 0 %)."""
    spec = {"edition": "heresy", "pool": 6, "rules": {"pass_threshold": 20}}
    o = vw.odds(spec)
    passing, failing = parts("heresy", "task")
    assert math.fsum(o.breakdown[n] for n in passing) == pytest.approx(o.p_pass, abs=1e-12)
    assert math.fsum(o.breakdown[n] for n in failing) == pytest.approx(o.p_fail, abs=1e-12)
    for seed in range(40):
        r = vw.roll({"edition": "heresy", "pool": 9, "rules": {"pass_threshold": 5}}, seed)
        assert (r.details["degree"] in passing) == r.passed, (r.outcome, r.details["degree"])
        words = vw.engine.contract.edition.get("heresy").at_table.announce(r.spec, r)
        assert words.startswith("Passed" if r.passed else "Failed") and r.details["degree"] in words


def test_explain_adds_up_with_threshold_base_0():
    """With threshold 0 every roll passes: the steps said + 70.37 % = 100 %."""
    spec = {"roll": "task", "rules": {"threshold_base": 0}}
    e = vw.explain(spec)
    for running, stated in check_arithmetic(e.steps):
        assert running == pytest.approx(stated, abs=1e-12), [(s.op, s.figure, s.words) for s in e.steps]
    assert e.p_pass == 1.0


def test_explain_of_a_default_agora_task_renders():
    """str(vw.explain(...)) raised ValueError: p=-1.1e-16 (a step's float noise below 0)."""
    spec = {"edition": "agora", "roll": "task", "rank": 2, "health": 3, "job": 8, "assets": 10, "kiss": 18}
    e = vw.explain(spec)
    assert str(e).startswith("Why this")
    assert all(s.figure is None or 0.0 <= s.figure <= 1.0 for s in e.steps)


def test_advice_chances_stay_within_0_and_1():
    """Agora advise with ego_double_from 5 gave p_pass = 1.0000000000000002 (the roller showed 'pass -')."""
    spec = {"edition": "agora", "roll": "task", "rank": 5, "health": 1, "helpers": [6, 6], "kiss": 5,
            "helper_kiss": True, "ego": True, "job": 6, "assets": 3, "consequences": 4,
            "rules": {"ego_double_from": 5}}
    faces = [3, 3, 6, 1, 4, 3, 4, 5, 2, 1, 6]
    a = vw.advise(spec, faces)
    for opt in a.options:
        assert 0.0 <= opt.p_pass <= 1.0 and 0.0 <= opt.p_goal <= 1.0, opt
    for v in vw.kiss_odds(spec, faces, list(a.policy)).values():
        assert v is None or 0.0 <= v <= 1.0


@pytest.mark.parametrize("reroll", [[], [2, 3], [4]])
def test_heresy_with_no_scoring_face_rolled_again_is_exact(reroll):
    """Nothing explodes when no re-rolled face scores: exact=True works
    (it was refused as exploding dice), and each float is the Fraction's
    correctly rounded value (they were off in the last bit)."""
    spec = {"edition": "heresy", "pool": 7, "black": 4, "trade": 1, "rules": {"reroll_faces": reroll}}
    e = vw.odds(spec, exact=True)
    o = vw.odds(spec)
    assert isinstance(e.p_pass, Fraction) and sum(e.distribution.values()) == 1
    assert o.p_pass == float(e.p_pass)
    assert all(o.distribution[k] == float(v) for k, v in e.distribution.items())
    assert o.truncated == 0 and not o.notes[:1] == ["each 6 is re-rolled while 6s come up"]
    # against brute force: 4 pool dice left, each a success on 1 or 6 among the faces that stop
    stop = [f for f in range(1, 7) if f not in reroll]
    p = Fraction(sum(f in (1, 6) for f in stop), len(stop))
    q = Fraction(1, 3)  # a black die cancels on 1 or 6
    want: dict[int, Fraction] = {}
    for s in range(5):
        for c in range(5):
            w = math.comb(4, s) * p**s * (1 - p) ** (4 - s) * math.comb(4, c) * q**c * (1 - q) ** (4 - c)
            want[s - c + 1] = want.get(s - c + 1, Fraction(0)) + w
    assert dict(e.distribution) == {k: v for k, v in want.items() if v}
