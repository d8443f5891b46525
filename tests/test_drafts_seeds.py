"""The seeds as drafts. The toy edition of the tests, written as a draft
file (venus_widgets/drafts/coins.toml), gives exactly the odds of its code
edition (the oracle) on every spec; the playtest task under the default
policy too (the stretch: docs/drafts.md says what stays code). The Heresy
Engine and VERS as drafts answer as their code editions do in everything:
tests/test_parity_heresy_vers.py."""

from __future__ import annotations

import random

import pytest

import toy_edition
import venus_widgets as vw
from venus_widgets.engine.contract import edition
from venus_widgets.engine.drafts import EXAMPLES, load_edition

CALIBERS = ("bronze", "silver", "gold", "platinum")


@pytest.fixture(scope="module", autouse=True)
def drafts():
    for name in ("coins", "playtest"):
        load_edition(EXAMPLES / f"{name}.toml")
    edition.register(toy_edition)
    yield
    for i in ("coins-draft", "playtest-draft", "toy"):
        edition.unregister(i)


def same_exact(code: dict, draft: dict) -> None:
    a, b = vw.odds(code, exact=True), vw.odds(draft, exact=True)
    assert dict(a.distribution) == dict(b.distribution), (code, draft)
    assert (a.p_pass, a.p_goal, a.threshold, a.goal) == (b.p_pass, b.p_goal, b.threshold, b.goal)
    for k in set(a.breakdown) & set(b.breakdown):
        assert a.breakdown[k] == b.breakdown[k], k
    fa, fb = vw.odds(code), vw.odds(draft)  # and the floats, correctly rounded both
    assert dict(fa.distribution) == dict(fb.distribution) and fa.p_pass == fb.p_pass


# -- the toy: every spec ----------------------------------------------------------------


def test_toy_every_spec():
    n = 0
    for coins in range(1, 9):
        for kiss in range(0, 4):
            for threshold in range(1, coins + 1):
                same_exact({"edition": "toy", "coins": coins, "kiss": kiss, "threshold": threshold},
                           {"edition": "coins-draft", "coins": coins, "kiss": kiss, "threshold_heads": threshold})
                n += 1
    assert n == 144


# -- the playtest task, default policy (the stretch) -------------------------------------------


def _playtest(rng: random.Random, big: bool) -> dict:
    return {"caliber": rng.choice(CALIBERS), "dice": rng.randint(0, 12 if big else 5),
            "allies": [rng.choice(CALIBERS) for _ in range(rng.randint(0, 2))],
            "factors": rng.randint(0, 3), "learning": rng.random() < 0.2, "kiss": rng.randint(0, 8 if big else 4),
            "ego": rng.choice(["none", "reroll", "double6"]), "consequences": rng.randint(0, 3)}


@pytest.mark.parametrize("big", [False, True])
def test_playtest_tasks_with_the_default_policy(big):
    rng = random.Random(7 + big)
    for _ in range(80 if not big else 25):
        s = _playtest(rng, big)
        code, draft = {"roll": "task", **s}, {"edition": "playtest-draft", **s}
        a, b = vw.odds(code, exact=True), vw.odds(draft, exact=True)
        assert dict(a.distribution) == dict(b.distribution), s
        assert (a.p_pass, a.p_goal) == (b.p_pass, b.p_goal)
        if s["ego"] == "double6":  # Ego spent: still short after the KISS round, a 6 showing
            assert a.p_ego_spent == b.p_ego_spent


def test_playtest_rule_knobs_match():
    s = {"caliber": "silver", "dice": 3, "allies": ["gold"], "kiss": 2, "ego": "double6", "consequences": 1}
    for code_rules, draft_rules in [({"success_from": {"silver": 5}}, {"success_from": {"silver": 5}}),
                                    ({"threshold_base": 2}, {"threshold_base": 2}),
                                    ({"ego_double_from": 5}, {"ego_double_from": 5})]:
        a = vw.odds({"roll": "task", **s, "rules": code_rules}, exact=True)
        b = vw.odds({"edition": "playtest-draft", **s, "rules": draft_rules}, exact=True)
        assert dict(a.distribution) == dict(b.distribution), code_rules


@pytest.mark.parametrize("s, kind", [
    ({"caliber": "silver", "dice": 8, "allies": [], "kiss": 2, "ego": "double6"}, "count"),  # 6**10 ways
    ({"caliber": "bronze", "dice": 20, "allies": ["gold"], "kiss": 2, "ego": "none"}, "wide"),  # 6**23
    ({"caliber": "gold", "dice": 30, "allies": ["gold", "silver"], "kiss": 1, "ego": "none"}, "exact"),  # 6**33
])
@pytest.mark.parametrize("by", ["states", "successes"])
def test_playtest_a_small_budget_against_many_dice(s, kind, by, monkeypatch):
    """A budget under half the dice: the re-roll step by states counts only
    the rows it reaches (``reroll._reached``: every way of the dice less the
    rows below), in each kind of whole number, exactly as the code edition;
    so does the step counted by successes (drafts/reroll_successes.py), which
    the playtest draft takes where it can."""
    from venus_widgets.engine.drafts import kernel, reroll, reroll_successes
    from venus_widgets.engine.contract.edition import get

    if by == "states":
        monkeypatch.setattr(reroll_successes, "step", lambda *a, **k: None)
    used = []
    reached = reroll._reached
    monkeypatch.setattr(reroll, "_reached", lambda *a: used.append(a) or reached(*a))
    spec = {**s, "factors": 3, "consequences": 2}
    draft = {"edition": "playtest-draft", **spec}
    assert kernel.mode_of(get("playtest-draft").plan(vw.engine.contract.spec.Spec(draft)), exact=False) == kind
    vw.engine.caching.forget_results()
    a, b = vw.odds({"roll": "task", **spec}, exact=True), vw.odds(draft, exact=True)
    if by == "states":
        assert used
    assert dict(a.distribution) == dict(b.distribution)
    assert (a.p_pass, a.p_goal, a.p_ego_spent) == (b.p_pass, b.p_goal, b.p_ego_spent)
