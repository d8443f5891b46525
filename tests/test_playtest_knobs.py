"""The playtest rule knobs (docs/rules_playtest.md#rule-knobs), checked
against a brute force written here from the rule text, knob by knob: every
face of every die, the default policy applied literally, Ego after it.
Nothing here reads the engine's rules module."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import venus_widgets as vw
from venus_widgets.engine.errors import SpecError

CALIBERS = ("bronze", "silver", "gold", "platinum")
DEFAULT = {"success_from": {"bronze": 5, "silver": 4, "gold": 3, "platinum": 2}, "threshold_base": 1,
           "ego_double_from": 6, "check_auto_pass_from": {"bronze": None, "silver": 20, "gold": 19, "platinum": 19},
           "check_natural_one_fails": {"bronze": True, "silver": True, "gold": True, "platinum": False}}
TARGETS = {"routine": 5, "simple": 10, "tough": 15, "challenging": 20, "absurd": 25}


def knob(rules: dict, name: str):
    v = rules.get(name, DEFAULT[name])
    return {**DEFAULT[name], **v} if isinstance(DEFAULT[name], dict) else v


def brute_task(s: dict, rules: dict) -> dict[int, Fraction]:
    """Final successes of a task, default policy, by the rule text with these knobs."""
    low = knob(rules, "success_from")
    cals = [s["caliber"]] * s["dice"] + list(s["allies"])
    thr = knob(rules, "threshold_base") + s["factors"] + int(s["learning"])
    goal = thr + s["consequences"]
    double_from = knob(rules, "ego_double_from")

    def succ(f, c):
        return f >= low[c]

    def final(faces):
        total = sum(succ(f, c) for f, c in zip(faces, cals))
        if s["ego"] == "double6" and total < goal:
            total += sum(succ(f, c) and f >= double_from for f, c in zip(faces, cals))
        return total

    out: dict[int, Fraction] = {}
    n = len(cals)
    for faces in product(range(1, 7), repeat=n):
        chosen: list[int] = []
        if sum(succ(f, c) for f, c in zip(faces, cals)) < goal:
            failed = [i for i in range(n) if not succ(faces[i], cals[i])]
            # best chance first: the caliber with more succeeding faces; then lowest face; then die order
            failed.sort(key=lambda i: (low[cals[i]], faces[i], i))
            chosen = failed if s["ego"] == "reroll" else failed[: s["kiss"]]
        w = Fraction(1, 6 ** (n + len(chosen)))
        for new in product(range(1, 7), repeat=len(chosen)):
            f2 = list(faces)
            for i, v in zip(chosen, new):
                f2[i] = v
            k = final(f2)
            out[k] = out.get(k, 0) + w
    return out


def brute_check(s: dict, rules: dict) -> Fraction:
    auto = knob(rules, "check_auto_pass_from")[s["caliber"]]
    one_fails = knob(rules, "check_natural_one_fails")[s["caliber"]]
    target = TARGETS[s["difficulty"]] + s["factors"]
    k = s["bonus_factors"]
    passed = Fraction(0)
    for natural in range(1, 21):
        for bonus in product(range(1, 7), repeat=k):
            w = Fraction(1, 20 * 6**k)
            if auto is not None and natural >= auto:
                passed += w
            elif natural == 1 and one_fails:
                continue
            elif natural + s["score"] >= target or (k and natural + s["score"] + max(bonus) >= target):
                passed += w
    return passed


success_from = st.fixed_dictionaries({}, optional={c: st.integers(2, 6) for c in CALIBERS})
task_rules = st.fixed_dictionaries({}, optional={
    "success_from": success_from, "threshold_base": st.integers(0, 3), "ego_double_from": st.integers(2, 6)})


@st.composite
def tasks(draw):
    allies = draw(st.lists(st.sampled_from(CALIBERS), max_size=2))
    dice = draw(st.integers(0, 3 - len(allies)))
    learning = draw(st.booleans())
    return {"roll": "task", "caliber": draw(st.sampled_from(CALIBERS)), "dice": dice, "allies": allies,
            "factors": draw(st.integers(0, 3 if learning else 4)), "learning": learning,
            "kiss": draw(st.integers(0, 2)), "ego": draw(st.sampled_from(("none", "reroll", "double6"))),
            "consequences": draw(st.integers(0, 2))}


@settings(max_examples=60, deadline=None)
@given(tasks(), task_rules)
def test_task_odds_follow_every_task_knob_exactly(spec, rules):
    s = vw.normalize({**spec, "rules": rules})
    want = brute_task(s, rules)
    got = vw.odds(s, exact=True)
    assert {k: v for k, v in got.distribution.items() if v} == {k: v for k, v in want.items() if v}
    thr = knob(rules, "threshold_base") + s["factors"] + int(s["learning"])
    assert got.threshold == thr
    assert got.p_pass == sum(v for k, v in want.items() if k >= thr)
    assert vw.odds(s).p_pass == float(got.p_pass)  # the float odds are the exact ones, rounded


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(CALIBERS), st.integers(0, 12), st.sampled_from(list(TARGETS)), st.integers(0, 2),
       st.integers(0, 2),
       st.fixed_dictionaries({}, optional={
           "check_auto_pass_from": st.fixed_dictionaries(
               {}, optional={c: st.none() | st.integers(2, 20) for c in CALIBERS}),
           "check_natural_one_fails": st.fixed_dictionaries({}, optional={c: st.booleans() for c in CALIBERS})}))
def test_check_odds_follow_the_auto_pass_and_natural_one_knobs(cal, score, difficulty, factors, bonus, rules):
    s = vw.normalize({"roll": "check", "caliber": cal, "score": score, "difficulty": difficulty,
                      "factors": factors, "bonus_factors": bonus, "rules": rules})
    assert vw.odds(s, exact=True).p_pass == brute_check(s, rules)


def test_the_issues_examples_change_the_odds_the_way_the_rule_says():
    task = {"roll": "task", "caliber": "bronze", "dice": 3}
    # "Bronze succeeds on 4-6": a Bronze die is then a Silver die
    assert vw.odds({**task, "rules": {"success_from": {"bronze": 4}}}).distribution == \
        vw.odds({**task, "caliber": "silver"}).distribution
    # "the threshold starts at 2" is one factor more
    assert vw.odds({**task, "rules": {"threshold_base": 2}}).p_pass == vw.odds({**task, "factors": 1}).p_pass
    # "three allies may help"
    three = {**task, "allies": ["gold"] * 3, "rules": {"max_allies": 3}}
    assert vw.odds(three, exact=True).distribution == {
        k: v for k, v in brute_task(vw.normalize(three), {"max_allies": 3}).items() if v}
    with pytest.raises(SpecError, match="allies"):
        vw.normalize({**task, "allies": ["gold"] * 3})
    # "Ego doubles 5s and 6s"
    ego = {**task, "ego": "double6", "consequences": 2}
    assert vw.odds({**ego, "rules": {"ego_double_from": 5}}).p_goal > vw.odds(ego).p_goal


def test_seeded_rolls_follow_the_rules_of_their_spec():
    spec = {"roll": "task", "caliber": "bronze", "dice": 6, "kiss": 0, "rules": {"success_from": {"bronze": 3}}}
    for seed in range(40):
        r = vw.roll(spec, seed)
        assert r.outcome == sum(d.after >= 3 for d in r.dice)
        assert [d.scores for d in r.dice] == [int(d.after >= 3) for d in r.dice]
    ego = {"roll": "task", "caliber": "gold", "dice": 4, "ego": "double6", "consequences": 3,
           "rules": {"ego_double_from": 4}}
    for seed in range(40):
        r = vw.roll(ego, seed)
        succ = sum(d.after >= 3 for d in r.dice)
        want = succ + (sum(d.after >= 4 for d in r.dice) if succ < 4 else 0)
        assert r.outcome == want


def test_roll_many_follows_the_rules_within_exact_bounds():
    from scipy.stats import binomtest

    spec = {"roll": "task", "caliber": "bronze", "dice": 3, "kiss": 1, "allies": ["silver"],
            "rules": {"success_from": {"bronze": 3, "silver": 6}, "threshold_base": 2}}
    n = 20_000
    got = vw.roll_many(spec, n, seed=11)
    o = vw.odds(spec)
    for k, p in o.distribution.items():
        assert binomtest(int((got == k).sum()), n, p).pvalue > 1e-4, k
    # the KISS order follows the rules: a Silver ally succeeding on 6 only is KISSed after the Bronze dice
    s = vw.normalize(spec)
    r = vw.roll(s, 5, kiss=None)
    assert r.details["threshold"] == 2


def test_advice_and_kiss_odds_follow_the_rules():
    spec = {"roll": "task", "caliber": "bronze", "dice": 2, "kiss": 1, "rules": {"success_from": {"bronze": 3}}}
    # faces 1 and 2 both fail; a KISSed die succeeds on 3-6: 4 in 6
    assert vw.kiss_odds(spec, [1, 2], [0])["p_pass"] == pytest.approx(4 / 6)
    a = vw.advise(spec, [1, 3])
    assert a.successes == 1 and a.goal == 1   # a 3 succeeds under these rules
    plain = vw.advise({**spec, "rules": {}}, [1, 3])
    assert plain.successes == 0


def test_caches_never_mix_rules_and_defaults():
    task = {"roll": "task", "caliber": "bronze", "dice": 4, "kiss": 1}
    variant = {**task, "rules": {"success_from": {"bronze": 2}}}
    a, b = vw.odds(task).p_pass, vw.odds(variant).p_pass
    for _ in range(3):
        assert vw.odds(task).p_pass == a and vw.odds(variant).p_pass == b
    assert a < b
    assert vw.roll(task, 1).outcome <= vw.roll(variant, 1).outcome  # same faces, more of them succeed


def test_a_spec_keeps_only_the_knobs_that_change_something():
    s = vw.normalize({"roll": "task", "rules": {"threshold_base": 1, "success_from": {"bronze": 5}}})
    assert "rules" not in s
    s = vw.normalize({"roll": "task", "rules": {"success_from": {"gold": 4}}})
    assert s["rules"] == {"success_from": {"bronze": 5, "silver": 4, "gold": 4, "platinum": 2}}


@pytest.mark.parametrize("rules, field", [
    ({"succes_from": 4}, "rules.succes_from"),
    ({"threshold_base": -1}, "rules.threshold_base"),
    ({"success_from": {"copper": 4}}, "rules.success_from"),
    ({"success_from": 4}, "rules.success_from"),
    ({"check_natural_one_fails": {"gold": "yes"}}, "rules.check_natural_one_fails"),
    ([1, 2], "rules"),
])
def test_bad_rules_name_the_knob_and_say_what_is_allowed(rules, field):
    with pytest.raises(SpecError) as err:
        vw.normalize({"roll": "task", "rules": rules})
    assert err.value.field == field
    assert "expected" in str(err.value)


def test_max_factors_sets_the_range_and_the_ladder():
    spec = {"roll": "task", "dice": 4, "factors": 6, "rules": {"max_factors": 6}}
    assert vw.odds(spec).threshold == 7
    assert [r.setting["factors"] for r in vw.ladder(spec)] == list(range(7))
    with pytest.raises(SpecError, match="from 0 to 5 when learning"):
        vw.normalize({**spec, "learning": True})


@pytest.mark.parametrize("top", range(1, 9))
def test_the_check_ladder_reaches_each_target_once_by_the_fewest_factors(top):
    """Past four factors the rungs of two difficulties overlap (routine + 6 =
    simple + 1): the ladder keeps each target once, by the fewest factors,
    so each rung is harder than the last (docs/rules_playtest.md#difficulty-ladder)."""
    spec = {"roll": "check", "score": 4, "caliber": "silver", "rules": {"max_factors": top}}
    rungs = vw.ladder(spec)
    targets = [vw.odds({**spec, **r.setting}).threshold for r in rungs]
    assert targets == sorted(set(targets))  # strictly harder, rung by rung
    reach = {b + f for b in (5, 10, 15, 20, 25) for f in range(top + 1)}
    assert set(targets) == reach
    for r, t in zip(rungs, targets):
        assert r.setting["factors"] == min(t - b for b in (5, 10, 15, 20, 25) if 0 <= t - b <= top)
    assert [r.chance for r in rungs] == sorted((r.chance for r in rungs), reverse=True)


def test_rules_lists_every_knob_with_its_default_and_seed():
    k = vw.rules("playtest")
    assert k.names == ("success_from", "threshold_base", "max_factors", "max_allies", "ego_double_from",
                       "check_auto_pass_from", "check_natural_one_fails")
    assert k.defaults() == {**DEFAULT, "max_factors": 4, "max_allies": 2}
    assert all(x.seed and x.allowed for x in k)
    assert "<table" in k._repr_html_() and "success_from" in k._repr_html_()
    assert np.all([isinstance(d["allowed"], str) for d in k.describe()])


@pytest.mark.parametrize("policy", ["failures", "optimal"])
def test_the_kiss_order_ranks_calibers_by_their_faces_under_the_rules(policy):
    # Bronze made better than Gold: a failed Bronze die is KISSed before a failed Gold ally
    rules = {"success_from": {"bronze": 2, "gold": 6}}
    spec = vw.normalize({"roll": "task", "caliber": "bronze", "dice": 1, "allies": ["gold"], "kiss": 1,
                         "factors": 1, "policy": policy, "rules": rules})
    assert vw.roll(spec, 0, kiss=None).spec == spec
    assert vw.advise(spec, [1, 1]).policy == (0,)
    assert vw.odds(spec, exact=True).distribution == {k: v for k, v in brute_task(spec, rules).items() if v}
    assert (vw.roll_many(spec, 2000, seed=3) >= 0).all()


# -- the rollers and the log play by a spec's rules -----------------------------


def test_a_roller_with_rules_shows_their_odds_and_takes_their_ranges():
    rules = {"max_factors": 6, "success_from": {"bronze": 4}}
    t = vw.TaskRoller(rules=rules, dice=5, factors=6)
    spec = vw.normalize({"roll": "task", "dice": 5, "factors": 6, "rules": rules})
    assert t.spec == spec
    assert t.odds_view["p_pass"] == vw.odds(spec).p_pass
    assert [f["max"] for f in t.fields if f["name"] == "factors"] == [6]
    t.set_state({"factors": 5})            # the browser may use the wider range
    assert t.factors == 5
    t.set_state({"factors": 9})            # and is clamped to it
    assert t.factors == 6
    t.rules = {}                            # back to the defaults: factors move into 0..4
    assert t.factors == 4 and "rules" not in t.spec
    assert t.odds_view["p_pass"] == vw.odds({"roll": "task", "dice": 5, "factors": 4}).p_pass
    with pytest.raises(Exception, match="rules.threshold_base"):
        t.rules = {"threshold_base": 99}
    with pytest.raises(Exception, match="rules.nope"):
        vw.CheckRoller(rules={"nope": 1})


def test_the_log_keeps_the_rules_and_replays_by_them():
    c = vw.CheckRoller(rules={"check_auto_pass_from": {"bronze": 2}})  # Bronze auto-passes on 2-20
    c.roll_dice(seed=4)
    log = c.log
    assert log.entries[0]["roll"]["spec"]["rules"] == {"check_auto_pass_from": {
        "bronze": 2, "silver": 20, "gold": 19, "platinum": 19}}
    assert log.entries[0]["roll"]["passed"] == (vw.roll(log.entries[0]["roll"]["spec"], 4).passed)
    text = log.to_json()
    fresh = vw.RollLog()
    fresh.import_text(text)
    assert fresh.entries[0]["roll"]["spec"]["rules"] == log.entries[0]["roll"]["spec"]["rules"]
    assert fresh.replay(0) == vw.roll(log.entries[0]["roll"]["spec"], 4)


@pytest.mark.parametrize("allies,dice,kiss", [(["bronze"] * 3, 2, 1), (["silver"] * 4, 1, 1), (["bronze", "gold", "platinum"], 2, 0)])
def test_more_allies_than_two_against_brute_force(allies, dice, kiss):
    """Regression: the allies' kernel was a 3 x 3 table, so a third bronze ally
    (max_allies 3) raised IndexError in vw.odds (found by the chi-square test of tests/test_sample.py)."""
    rules = {"max_allies": len(allies)}
    spec = vw.normalize({"roll": "task", "dice": dice, "allies": allies, "kiss": kiss, "rules": rules})
    assert vw.odds(spec, exact=True).distribution == {k: v for k, v in brute_task(spec, rules).items() if v}


@pytest.mark.parametrize("allies,caliber,kiss,ego", [(["platinum", "bronze", "gold", "silver"], "silver", 2, "double6"),
                                                    (["bronze", "platinum", "silver"], "silver", 1, "reroll")])
def test_allies_before_and_after_the_own_dice_against_brute_force(allies, caliber, kiss, ego):
    """Allies of a better chance than the own dice are KISSed before them,
    the others with what the own dice leave (the allies' count goes die by
    die in KISS order, :mod:`venus_widgets.engine.editions.playtest.allies`):
    a budget short of the failures, a goal past the threshold."""
    rules = {"max_allies": len(allies)}
    spec = vw.normalize({"roll": "task", "caliber": caliber, "dice": 1, "allies": allies, "kiss": kiss, "ego": ego,
                         "consequences": 1, "rules": rules})
    assert vw.odds(spec, exact=True).distribution == {k: v for k, v in brute_task(spec, rules).items() if v}
