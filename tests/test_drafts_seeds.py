"""The seeds as drafts. The Heresy Engine, VERS and the toy
edition of the tests, written as draft files (venus_widgets/drafts/), give
exactly the odds of their code editions (the oracles) on every small spec
and a random sample of large ones; the playtest task under the default
policy too (the stretch: docs/drafts.md says what stays code).

Exactly: the same Fractions where the odds are rational; for Heresy's
dice that explode without end (not a fraction), the same floats within
the tails both cut (below 1e-12)."""

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
    for name in ("heresy", "vers", "coins", "playtest"):
        load_edition(EXAMPLES / f"{name}.toml")
    edition.register(toy_edition)
    yield
    for i in ("heresy-draft", "vers-draft", "coins-draft", "playtest-draft", "toy"):
        edition.unregister(i)


def same_exact(code: dict, draft: dict) -> None:
    a, b = vw.odds(code, exact=True), vw.odds(draft, exact=True)
    assert dict(a.distribution) == dict(b.distribution), (code, draft)
    assert (a.p_pass, a.p_goal, a.threshold, a.goal) == (b.p_pass, b.p_goal, b.threshold, b.goal)
    for k in set(a.breakdown) & set(b.breakdown):
        assert a.breakdown[k] == b.breakdown[k], k
    fa, fb = vw.odds(code), vw.odds(draft)  # and the floats, correctly rounded both
    assert dict(fa.distribution) == dict(fb.distribution) and fa.p_pass == fb.p_pass


def same_floats(code: dict, draft: dict, tol: float = 2e-13) -> None:
    a, b = vw.odds(code), vw.odds(draft)
    keys = set(a.distribution) | set(b.distribution)
    worst = max(abs(a.distribution.get(k, 0.0) - b.distribution.get(k, 0.0)) for k in keys)
    assert worst < tol, (code, worst)
    assert abs(a.p_pass - b.p_pass) < tol and (a.threshold, a.goal) == (b.threshold, b.goal)
    assert set(a.breakdown) == set(b.breakdown)
    assert all(abs(a.breakdown[k] - b.breakdown[k]) < tol for k in a.breakdown)
    assert a.truncated < 1e-12 and b.truncated < 1e-12


# -- VERS: every spec ------------------------------------------------------------------


def test_vers_every_spec():
    for ranks in range(0, 21):
        for penalty in range(0, 31):
            same_exact({"edition": "vers", "ranks": ranks, "penalty": penalty},
                       {"edition": "vers-draft", "ranks": ranks, "penalty": penalty})


def test_vers_rule_knobs_match_the_code_editions_knobs():
    for base_ct, dice in ((8, 3), (10, 2), (12, 4)):
        same_exact({"edition": "vers", "ranks": 2, "penalty": 1, "rules": {"base_ct": base_ct, "dice": dice}},
                   {"edition": "vers-draft", "ranks": 2, "penalty": 1, "rules": {"base_ct": base_ct, "how_many": dice}})


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


# -- Heresy: every small spec, a sample of large ones ------------------------------------------


def test_heresy_small_specs():
    for pool in range(0, 8):
        for black in range(0, 6):
            for trade in range(0, pool // 3 + 1):
                code = {"edition": "heresy", "pool": pool, "black": black, "trade": trade}
                draft = {**code, "edition": "heresy-draft"}
                if pool - 3 * trade == 0:  # no pool dice: no explosion, a fraction
                    same_exact(code, draft)
                else:
                    same_floats(code, draft)


def test_heresy_large_specs_sampled():
    rng = random.Random(24)
    for _ in range(30):
        pool, black = rng.randint(8, 60), rng.randint(0, 36)
        trade = rng.randint(0, pool // 3)
        code = {"edition": "heresy", "pool": pool, "black": black, "trade": trade}
        same_floats(code, {**code, "edition": "heresy-draft"})


def test_heresy_knobs_match_the_code_editions_knobs():
    pairs = [({"success_faces": [6]}, {"dice.d6.success": [6]}),
             ({"reroll_faces": [5, 6]}, {"dice.d6.explode": [5, 6]}),
             ({"trade_rate": 2}, {"trade_rate": 2}),
             # the edition's degree names follow its threshold; a draft's degrees are knobs of their own
             ({"pass_threshold": 3}, {"pass_at": 3, **{f"outcome.degrees.{name}": low + 1 for name, low in (
                 ("success", 2), ("good success", 3), ("impressive", 6), ("virtuoso", 10), ("awe-inspiring", 15),
                 ("god-like", 20))}})]
    for code_rules, draft_rules in pairs:
        spec = {"pool": 7, "black": 2, "trade": 1}
        same_floats({"edition": "heresy", **spec, "rules": code_rules},
                    {"edition": "heresy-draft", **spec, "rules": draft_rules})


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
def test_playtest_a_small_budget_against_many_dice(s, kind, monkeypatch):
    """A budget under half the dice: the re-roll step counts only the rows
    it reaches (``reroll._reached``: every way of the dice less the rows
    below), in each kind of whole number, exactly as the code edition."""
    from venus_widgets.engine.drafts import kernel, reroll
    from venus_widgets.engine.contract.edition import get

    used = []
    reached = reroll._reached
    monkeypatch.setattr(reroll, "_reached", lambda *a: used.append(a) or reached(*a))
    spec = {**s, "factors": 3, "consequences": 2}
    draft = {"edition": "playtest-draft", **spec}
    assert kernel.mode_of(get("playtest-draft").plan(vw.engine.contract.spec.Spec(draft)), exact=False) == kind
    a, b = vw.odds({"roll": "task", **spec}, exact=True), vw.odds(draft, exact=True)
    assert used
    assert dict(a.distribution) == dict(b.distribution)
    assert (a.p_pass, a.p_goal, a.p_ego_spent) == (b.p_pass, b.p_goal, b.p_ego_spent)
