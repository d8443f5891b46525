"""Playtest tasks: exact odds against a die-by-die Fraction brute force and
icepool, the optimal policy, rolls, roll_many, advise and validation.

docs/rules_playtest.md#task and docs/rules.md#one-policy-for-kiss-and-ego.
"""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from scipy import stats

import peer_playtest as peer
import venus_widgets as vw
from venus_widgets.engine.editions.playtest import policy, rolls as roll_mod, task as pt
from venus_widgets.engine.errors import SpecError
from venus_widgets.engine.table.rolls import Roll
from venus_widgets.engine.contract.spec import normalize


# docs/rules_playtest.md#task: a die succeeds on Bronze 5-6, Silver 4-6, Gold 3-6, Platinum 2-6;
# the KISS order takes the best chance first
MIN_FACE = {"bronze": 5, "silver": 4, "gold": 3, "platinum": 2}
CHANCE = {"bronze": 0, "silver": 1, "gold": 2, "platinum": 3}

CALS = ("bronze", "silver", "gold", "platinum")


def task(**kw):
    return normalize({"edition": "playtest", "roll": "task", **kw})


def assert_same(pmf_a, pmf_b, tol=1e-12):
    keys = set(pmf_a) | set(pmf_b)
    for k in keys:
        assert abs(float(pmf_a.get(k, 0)) - float(pmf_b.get(k, 0))) < tol, (k, pmf_a, pmf_b)


def chi2_p(obs, exp) -> float:
    """Chi-square p-value with neighbouring bins merged to expected >= 5."""
    e_m, o_m, e_acc, o_acc = [], [], 0.0, 0
    for e, ob in zip(exp, obs):
        e_acc, o_acc = e_acc + e, o_acc + ob
        if e_acc >= 5:
            e_m.append(e_acc), o_m.append(o_acc)
            e_acc, o_acc = 0.0, 0
    e_m[-1] += e_acc
    o_m[-1] += o_acc
    return stats.chisquare(o_m, e_m).pvalue


def random_small_specs(count, seed, max_dice=5, optimal=False):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        allies = [rng.choice(CALS) for _ in range(rng.randint(0, 2))]
        dice = rng.randint(0, max_dice - len(allies))
        ego = rng.choice(("none", "reroll", "double6"))
        kiss = rng.randint(0, 3)
        n = dice + len(allies)
        if ego == "reroll" and n > 3 or n * (kiss if ego != "reroll" else n) > 12:
            continue  # keep the literal brute force to seconds
        out.append(task(caliber=rng.choice(CALS), dice=dice, allies=allies, kiss=kiss, ego=ego,
                        factors=rng.randint(0, 3), consequences=rng.randint(0, 3),
                        policy="optimal" if optimal else "failures"))
    return out


@pytest.mark.parametrize("spec", random_small_specs(40, 1), ids=lambda s: json.dumps(s)[40:140])
def test_default_policy_matches_die_by_die_brute_force(spec):
    """docs/rules.md#one-policy-for-kiss-and-ego: stop at the goal, KISS failed dice
    best chance first up to the budget (Ego reroll: all), then double6."""
    o = vw.odds(spec)
    assert_same(o.distribution, peer.brute_task(spec))
    assert abs(sum(o.distribution.values()) - 1) < 1e-12


def test_named_cases_against_brute_force():
    """An ally's Gold is KISSed before your Bronze; ties and Ego reroll."""
    for spec in (task(dice=3, allies=["gold"], kiss=1, factors=2),
                 task(dice=2, allies=["bronze", "platinum"], kiss=2, ego="double6", consequences=2),
                 task(caliber="gold", dice=2, allies=["silver"], ego="reroll", factors=2),
                 task(dice=0, allies=[]), task(dice=1, learning=True, kiss=1)):
        assert_same(vw.odds(spec).distribution, peer.brute_task(spec))


@pytest.mark.parametrize("kw", [
    dict(dice=2, learning=True, allies=["gold"], kiss=1, factors=1),
    dict(caliber="silver", dice=1, learning=True, allies=["bronze", "platinum"], ego="reroll", consequences=1),
    dict(dice=3, learning=True, allies=["silver", "silver"], kiss=2, ego="double6", factors=3),
], ids=str)
def test_learner_with_allies_matches_the_peers(kw):
    """docs/rules_playtest.md#task: "A roller learning on the job may still
    receive aid from up to two allies". The allies' dice count as for any
    roller, the learning still raises the threshold by one: odds against the
    die-by-die brute force and icepool, rolls by the policy against the odds."""
    spec = task(**kw)
    o = vw.odds(spec)
    assert o.threshold == 2 + spec["factors"]
    assert_same(o.distribution, peer.brute_task(spec))
    assert_same(o.distribution, peer.icepool_distribution(spec))
    r = vw.roll(spec, seed=11)
    assert [d.owner for d in r.dice][-len(spec["allies"]):] == [f"ally {i + 1}" for i in range(len(spec["allies"]))]
    assert r.passed == (r.outcome >= o.threshold)
    many = vw.roll_many(spec, 20_000, seed=3)
    support = sorted(o.distribution)
    obs = [int((many == k).sum()) for k in support]
    assert chi2_p(obs, [20_000 * o.distribution[k] for k in support]) > 1e-4


@pytest.mark.parametrize("spec", [
    task(dice=10, allies=["gold", "silver"], factors=3, kiss=4, ego="double6", consequences=3),
    task(caliber="silver", dice=8, allies=["bronze"], factors=4, kiss=2, ego="reroll", consequences=2),
    task(caliber="platinum", dice=6, allies=["gold", "gold"], factors=2, kiss=9),
    task(caliber="gold", dice=12, allies=["platinum", "bronze"], kiss=3, ego="double6", consequences=8),
])
def test_bigger_pools_match_icepool(spec):
    """icepool formulation of the same policy (tests/peer_playtest.py)."""
    assert_same(vw.odds(spec).distribution, peer.icepool_distribution(spec))


def test_plain_pool_is_binomial_in_icepool():
    for cal in CALS:
        spec = task(caliber=cal, dice=7, allies=["silver"])
        assert_same(vw.odds(spec).distribution, peer.icepool_distribution(spec))


@pytest.mark.parametrize("spec", random_small_specs(12, 2, max_dice=4, optimal=True), ids=str)
def test_optimal_policy_p_goal_matches_brute_force(spec):
    """The optimal policy: the best P(goal) over every reroll set, per first roll."""
    brute = peer.brute_task(spec, optimal=True)
    o = vw.odds(spec)
    assert abs(o.p_goal - float(sum(v for k, v in brute.items() if k >= o.goal))) < 1e-12


def test_optimal_is_never_worse_than_default():
    """docs/rules.md#one-policy-for-kiss-and-ego: the optimal policy is never worse than the default."""
    rng = random.Random(5)
    better = 0
    for _ in range(30):
        spec = task(caliber=rng.choice(CALS), dice=rng.randint(0, 7),
                    allies=[rng.choice(CALS) for _ in range(rng.randint(0, 2))], kiss=rng.randint(0, 4),
                    ego=rng.choice(("none", "reroll", "double6")), factors=rng.randint(0, 4),
                    consequences=rng.randint(0, 4))
        d, o = vw.odds(spec), vw.odds(dict(spec, policy="optimal"))
        assert o.p_goal >= d.p_goal - 1e-12
        better += o.p_goal > d.p_goal + 1e-9
    assert better > 0  # KISSing a 5 for a 6 under double6 does pay sometimes


def test_breakdown_sums_and_ego_spent():
    spec = task(dice=10, allies=["gold", "silver"], factors=3, kiss=4, ego="double6", consequences=3)
    o = vw.odds(spec)
    b = o.breakdown
    assert abs(b["pass_without_kiss"] + b["pass_after_kiss"] + b["pass_with_ego"] + b["fail"] - 1) < 1e-12
    assert abs(b["goal_without_kiss"] + b["goal_after_kiss"] + b["goal_with_ego"] + 1 - o.p_goal - 1) < 1e-12
    # Ego spent: short of the goal after KISS with a 6 showing, by sampling the rolls' own record
    rolls = [vw.roll(spec, seed=s) for s in range(3000)]
    freq = np.mean([r.ego_spent for r in rolls])
    assert abs(freq - o.p_ego_spent) < 4 * np.sqrt(o.p_ego_spent * (1 - o.p_ego_spent) / 3000)
    assert vw.odds(task(dice=3)).p_ego_spent is None


@pytest.mark.parametrize("spec", [
    task(dice=10, allies=["gold", "silver"], factors=3, kiss=4, ego="double6", consequences=3),
    task(caliber="silver", dice=5, allies=["bronze"], factors=2, ego="reroll", consequences=2),
    task(dice=6, allies=["platinum"], factors=2, kiss=2, ego="double6", consequences=2, policy="optimal"),
])
def test_roll_many_chi_square(spec):
    o = vw.odds(spec)
    sample = vw.roll_many(spec, 200_000, seed=11)
    keys = sorted(o.distribution)
    obs = [(sample == k).sum() for k in keys]
    assert sum(obs) == sample.size
    assert chi2_p(obs, [o.distribution[k] * sample.size for k in keys]) > 1e-4


def test_single_rolls_agree_with_roll_many_policy():
    """roll() auto-KISS and roll_many follow the same policy: the frequency
    of each outcome from single rolls is consistent with the exact pmf."""
    spec = task(dice=4, allies=["gold"], factors=2, kiss=2, ego="double6", consequences=1)
    o = vw.odds(spec)
    outs = [vw.roll(spec, seed=s).outcome for s in range(4000)]
    keys = sorted(o.distribution)
    assert chi2_p([outs.count(k) for k in keys], [o.distribution[k] * 4000 for k in keys]) > 1e-4


def test_roll_is_deterministic_and_round_trips():
    spec = task(dice=5, allies=["gold", "bronze"], factors=3, kiss=2, ego="double6", consequences=1)
    r = vw.roll(spec, seed=42)
    assert r == vw.roll(spec, seed=42)
    assert Roll.from_json(r.to_json()) == r
    assert [d.owner for d in r.dice] == ["own"] * 5 + ["ally 1", "ally 2"]
    assert [d.grade for d in r.dice] == ["bronze"] * 5 + ["gold", "bronze"]
    for d in r.dice:
        assert d.before == d.after or d.kissed
    assert r.outcome == sum(d.scores for d in r.dice)
    assert set(r.details) >= {"threshold", "goal", "successes_before_kiss", "ego_doubles"}


@pytest.mark.parametrize("low", [6, 4])
def test_ego_doubles_counts_the_dice_ego_doubles(low):
    """details["ego_doubles"] (was "sixes"): the succeeding dice showing
    ego_double_from or more after the KISS round, each worth two when Ego
    double6 is spent (docs/rules_playtest.md#task)."""
    spec = task(caliber="silver", dice=4, factors=3, ego="double6", rules={"ego_double_from": low})
    for seed in range(40):
        r = vw.roll(spec, seed=seed)
        own = [d.after for d in r.dice]
        assert r.details["ego_doubles"] == sum(f >= low for f in own)  # Silver succeeds on 4-6: low >= 4
        if r.ego_spent:
            assert r.outcome == r.details["successes_after_kiss"] + r.details["ego_doubles"]


def test_auto_kiss_takes_the_best_chance_then_the_lowest_face():
    """docs/rules.md#one-policy-for-kiss-and-ego: an ally's Gold before your Bronze; a 1 before a 3."""
    spec = task(dice=3, allies=["gold"], factors=4, kiss=2)
    for seed in range(300):
        r = vw.roll(spec, seed=seed)
        faces = [d.before for d in r.dice]
        cals = ["bronze"] * 3 + ["gold"]
        failed = [i for i in range(4) if faces[i] < MIN_FACE[cals[i]]]
        if sum(1 for i in range(4) if i not in failed) >= 5:
            assert r.kissed == ()
            continue
        expect = sorted(failed, key=lambda i: (-CHANCE[cals[i]], faces[i], i))[:2]
        assert list(r.kissed) == sorted(expect)


def test_explicit_kiss_and_its_errors():
    spec = task(dice=4, kiss=2, ego="reroll", factors=3)
    r = vw.roll(spec, seed=3, kiss=[0, 1])
    assert r.kissed == (0, 1) and not r.ego_spent
    with pytest.raises(SpecError) as e:
        vw.roll(spec, seed=3, kiss=[0, 1, 2])
    assert e.value.field == "kiss" and "ego=True" in str(e.value)
    with pytest.raises(SpecError) as e:
        vw.roll(spec, seed=3, kiss=[7])
    assert e.value.field == "kiss"
    with pytest.raises(SpecError) as e:
        vw.roll(task(dice=2), seed=3, ego=True)
    assert e.value.field == "ego"
    r = vw.roll(spec, seed=3, kiss=[0], ego=True)  # Ego KISSes every other failed die
    failed = {d.index for d in r.dice if d.before < 5}
    assert set(r.kissed) == failed | {0} and r.ego_spent


def test_validation_errors():
    """spec.py cross-checks, named for the player."""
    for bad, field in (({"learning": True, "factors": 4}, "factors"),
                       ({"allies": ["gold", "gold", "gold"]}, "allies"),
                       ({"caliber": "mithril"}, "caliber"), ({"consequences": 9}, "consequences"),
                       ({"ego": "both"}, "ego"), ({"policy": "greedy"}, "policy"), ({"dice": -1}, "dice")):
        with pytest.raises(SpecError) as e:
            vw.odds({"roll": "task", **bad})
        assert e.value.field == field


def test_advise_lists_choices_with_exact_odds():
    spec = task(dice=3, allies=["gold"], factors=2, kiss=1, ego="double6", consequences=1)
    faces = [1, 5, 6, 2]  # two successes, goal 4
    a = vw.advise(spec, faces)
    assert a.successes == 2 and a.goal == 4 and a.policy == (3,)
    labels = {o.label for o in a.options}
    assert {"policy", "none", "die 0"} <= labels
    for o in a.options:  # each option against the literal brute force
        pmf = peer._after(spec, pt.calibers(spec), faces, list(o.kiss), 4)
        assert abs(o.p_goal - float(sum(v for k, v in pmf.items() if k >= 4))) < 1e-12
    assert a.options[0].p_goal == max(o.p_goal for o in a.options)
    assert a.optimal == a.options[0].kiss or a.options[0].p_goal == next(
        o.p_goal for o in a.options if o.kiss == a.optimal)
    with pytest.raises(SpecError):
        vw.advise(spec, [1, 2, 3])
    with pytest.raises(SpecError):
        vw.advise(spec, [1, 2, 3, 7])


def test_advise_optimal_kisses_a_five_for_a_six():
    """The seed: "if you are perhaps relying on getting 6s and spending Ego
    ... even a 5 may 'disappoint you'"."""
    spec = task(dice=2, kiss=1, ego="double6", consequences=2)  # goal 3, two 5s showing
    a = vw.advise(spec, [5, 5])
    assert a.policy == () and a.optimal == (0,)
    best = a.options[0]
    assert best.kiss == (0,) and abs(best.p_goal - 1 / 6) < 1e-12
    assert next(o for o in a.options if o.kiss == ()).p_goal == 0
    # under the optimal policy the policy's choice is the optimal one
    assert vw.advise(dict(spec, policy="optimal"), [5, 5]).policy == (0,)


def test_advise_with_dice_already_kissed():
    spec = task(dice=4, kiss=2, factors=3)
    a = vw.advise(spec, [1, 2, 5, 3], kissed=[0])
    assert a.budget_left == 1 and 0 not in a.policy and 0 not in a.optimal
    assert a.policy == (1,)  # lowest face among the free failed dice
    for o in a.options:
        assert 0 not in o.kiss and len(o.kiss) <= 1
    with pytest.raises(SpecError) as e:
        vw.advise(spec, [1, 2, 5, 3], kissed=[0, 1, 2])
    assert e.value.field == "kissed"


@pytest.mark.parametrize("spec", [
    task(dice=10, allies=["gold", "silver"], factors=3, kiss=4, ego="double6", consequences=3, policy="optimal"),
    task(dice=5, allies=["bronze", "platinum"], factors=2, kiss=2, ego="reroll", consequences=2, policy="optimal"),
])
def test_vectorised_optimal_masks_match_the_single_roll_policy(spec):
    """roll_many's optimal KISS (one search per state) picks the same dice as roll()."""
    from venus_widgets.engine.table.rolls import streams

    cals = pt.calibers(spec)
    faces = streams(5)[0].integers(1, 7, size=(1500, len(cals)), dtype=np.int8)
    masks = roll_mod.optimal_masks(spec, faces, cals)
    for row, mask in zip(faces, masks):
        chosen, ego_spent = policy.policy_kiss(spec, [int(f) for f in row])
        if ego_spent:
            chosen = set(chosen) | {i for i, (f, c) in enumerate(zip(row, cals)) if f < MIN_FACE[c]}
        assert set(np.nonzero(mask)[0]) == set(chosen)


def test_ego_false_keeps_the_auto_kiss_within_the_budget():
    """Declining Ego reroll: the policy KISSes failed dice within the budget only."""
    spec = task(dice=6, kiss=1, ego="reroll", factors=4)
    for seed in range(50):
        r = vw.roll(spec, seed=seed, ego=False)
        assert len(r.kissed) <= 1 and not r.ego_spent
        forced = vw.roll(spec, seed=seed, ego=True)
        assert set(forced.kissed) == {d.index for d in forced.dice if d.before < 5} and (
            forced.ego_spent == bool(forced.kissed))


@pytest.mark.parametrize("spec", [
    task(dice=2, allies=["gold"], kiss=3, ego="double6", consequences=2),
    task(caliber="silver", dice=1, allies=["bronze", "platinum"], kiss=3, ego="double6", factors=1, consequences=3),
    task(dice=3, kiss=3, ego="double6", factors=2, consequences=2),
    task(caliber="gold", dice=2, allies=["bronze", "silver"], kiss=2, ego="double6", consequences=2),
    task(dice=2, allies=["gold"], kiss=1, ego="reroll", factors=1, consequences=1),
], ids=str)
def test_optimal_with_budget_to_spare_matches_every_subset(spec):
    """Budget left after every failed die: the search over successes (by
    dominance) equals trying every subset of dice."""
    brute = peer.brute_task(spec, optimal=True)
    o = vw.odds(dict(spec, policy="optimal"))
    assert abs(o.p_goal - float(sum(v for k, v in brute.items() if k >= o.goal))) < 1e-12


@pytest.mark.parametrize("spec", [
    task(dice=10, allies=["gold", "silver"], kiss=8, ego="double6", factors=3, consequences=3),
    task(dice=10, allies=["gold", "silver"], kiss=8, ego="double6", factors=3, consequences=3, policy="optimal"),
    task(caliber="silver", dice=12, allies=["platinum"], kiss=7, factors=4, consequences=2),
    task(caliber="gold", dice=9, allies=["bronze"], ego="reroll", factors=4, consequences=2),
], ids=str)
def test_counts_held_in_float64_are_the_python_int_counts(spec, monkeypatch):
    """The odds are counted in whole numbers over D = 6**(dice + budget)
    (docs/rules_playtest.md#task): below 2**53 in float64, where every count,
    product and partial sum must stay an exact integer. Counted again in
    Python ints (never rounded), the Fractions are the same, for D just
    below 2**53."""
    from venus_widgets.engine.editions.playtest import default, optimal

    assert 2**50 < pt.denominator(spec) < 2**53
    mod = optimal if spec["policy"] == "optimal" else default
    in_floats = mod.odds(spec, exact=True)
    monkeypatch.setattr(mod, "count_dtype", lambda d, exact: object)
    in_ints = mod.odds(spec, exact=True)
    assert in_ints == in_floats
    assert in_ints.distribution == in_floats.distribution and in_ints.breakdown == in_floats.breakdown


# --------------------------------------------------------------------------
# The optimal policy's choice for a roll: compared in floats, recounted
# exactly only where two choices come near each other
# --------------------------------------------------------------------------


def _exact_choice(state, b, ego, g, size, rules):
    """The choice the rolls must make, valued in Fractions: the first of
    the default choice and the listed choices that no later one beats."""
    from venus_widgets.engine.editions.playtest import choices as ch

    counts = dict(state)
    dflt = ch.default_choice(counts, b, ego, rules)
    tried = [(dflt, ego == "reroll" and any(dflt.values()))] + list(ch.state_choices(counts, b, ego, rules))
    best, best_p = None, None
    for choice, spent in tried:
        p = ch.choice_pmf(counts, choice, size, g, ego == "double6", True, rules)[1][g:].sum()
        if best_p is None or p > best_p:
            best, best_p = (choice, spent), p
    return best


def test_the_optimal_choice_is_the_exact_one_for_every_first_roll_of_small_tasks():
    """Every kind of first roll short of the goal, for tasks of up to 5
    dice: the choice the rolls make is the one valued in Fractions (ties
    to the earliest), Ego ``double6`` (many near ties) and ``reroll`` alike."""
    import itertools

    from venus_widgets.engine.editions.playtest import choices as ch
    from venus_widgets.engine.editions.playtest.rules import rules_of
    from venus_widgets.engine.editions.playtest.dice import FAIL

    rng = random.Random(47)
    tried = 0
    for _ in range(24):
        allies = [rng.choice(CALS) for _ in range(rng.randint(0, 2))]
        spec = task(caliber=rng.choice(CALS), dice=rng.randint(1, 5 - len(allies)), allies=allies, kiss=rng.randint(1, 4),
                    ego=rng.choice(("reroll", "double6", "double6")), factors=rng.randint(0, 4),
                    consequences=rng.randint(0, 4), policy="optimal")
        rules = rules_of(spec)
        cals = pt.calibers(spec)
        g, b, size = pt.goal(spec, rules), min(spec["kiss"], len(cals)), len(cals) + 1
        states = set()
        for faces in itertools.product(range(1, 7), repeat=len(cals)):
            counts = policy.counts_of(faces, cals, range(len(faces)), rules)
            states.add(tuple(sorted(counts.items())))
        for state in states:
            if sum(v for (_, c), v in state if c != FAIL) >= g:
                continue
            choice, spent = ch.best_choice(state, b, spec["ego"], g, size, rules=rules)
            assert (choice, spent) == _exact_choice(state, b, spec["ego"], g, size, rules), (spec, state)
            tried += 1
    assert tried > 500


def test_a_block_of_optimal_rolls_values_its_choices_in_floats(monkeypatch):
    """20 dice and six allies with a KISS budget of 26 and Ego ``double6``:
    a block of rolls meets about 600 kinds of first roll, each with its best
    choice to find (2,580 choices valued). All in Fractions that took 8 s
    for ten rolls (31 s with Ego ``reroll``); valued in floats, with a
    recount in Fractions only where two choices come within a billionth of
    each other, few or none are counted in Fractions."""
    from venus_widgets.engine.editions.playtest import choices as ch

    spec = {"edition": "playtest", "roll": "task", "caliber": "bronze", "dice": 20, "factors": 0,
            "allies": ["gold", "bronze", "silver", "silver", "gold", "bronze"], "kiss": 40, "ego": "double6",
            "consequences": 8, "policy": "optimal", "rules": {"max_allies": 6}}
    exact, real = [0, 0], ch.state_pmf

    def counting(*args, **kw):
        exact[bool(args[4] if len(args) > 4 else kw.get("exact", False))] += 1
        return real(*args, **kw)

    monkeypatch.setattr(ch, "state_pmf", counting)
    ch.best_choice.cache_clear()
    vw.roll_many(spec, 10, seed=3)
    assert exact[0] > 1000 and exact[1] <= exact[0] / 100, exact
