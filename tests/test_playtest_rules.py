"""The playtest rule knobs (engine side only): the odds
kernels take a :class:`Rules`, and a changed knob gives the odds of that
variant, checked against the same edition's other calibers and against a
die-by-die brute force written here from the rules' words
(docs/rules_playtest.md#task).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from venus_widgets.engine.editions.playtest import check, default, optimal
from venus_widgets.engine.editions.playtest.rules import RULES, SEEDS, Rules
from venus_widgets.engine.contract.spec import normalize


def task(**kw):
    return normalize({"edition": "playtest", "roll": "task", **kw})


def brute(spec, success_from, double_from):
    """The default policy die by die, in Fractions: every first roll, every
    KISS re-roll; KISS failed dice the best chance first, then the lowest face,
    then die order; still short with Ego double6, each success showing at
    least ``double_from`` scores one more."""
    cals = [spec["caliber"]] * spec["dice"] + list(spec["allies"])
    low = [success_from[c] for c in cals]
    goal = 1 + spec["factors"] + spec["consequences"]
    budget = min(spec["kiss"], len(cals))
    out: dict[int, Fraction] = {}
    for faces in product(range(1, 7), repeat=len(cals)):
        if sum(f >= m for f, m in zip(faces, low)) >= goal:
            kiss = []
        else:
            failed = [i for i, (f, m) in enumerate(zip(faces, low)) if f < m]
            kiss = sorted(failed, key=lambda i: (low[i], faces[i], i))[:budget]
        for new in product(range(1, 7), repeat=len(kiss)):
            after = list(faces)
            for i, f in zip(kiss, new):
                after[i] = f
            s = sum(f >= m for f, m in zip(after, low))
            if spec["ego"] == "double6" and s < goal:
                s += sum(f >= max(m, double_from) for f, m in zip(after, low))
            out[s] = out.get(s, Fraction(0)) + Fraction(1, 6 ** (len(cals) + len(kiss)))
    return out


def test_every_knob_has_its_seed_sentence_and_today_is_the_default():
    assert set(SEEDS) == {f for f in Rules.__dataclass_fields__}
    assert RULES.lowest_success("bronze") == 5 and RULES.ego_double_from == 6 and RULES.threshold_base == 1


@pytest.mark.parametrize("kw", [
    dict(dice=3, kiss=2),
    dict(dice=4, allies=["gold"], kiss=1, ego="double6", factors=2, consequences=1),
    dict(dice=2, allies=["bronze", "platinum"], kiss=3, ego="reroll", factors=1),
], ids=str)
@pytest.mark.parametrize("mod", [default, optimal], ids=["failures", "optimal"])
def test_bronze_succeeding_from_4_is_silver(kw, mod):
    """success_from: Bronze dice that succeed on 4-6 are Silver dice."""
    variant = RULES.replace(success_from={"bronze": 4})
    policy = "optimal" if mod is optimal else "failures"
    bronze = task(caliber="bronze", policy=policy, **kw)
    silver = task(caliber="silver", policy=policy, **dict(kw, allies=["silver" if a == "bronze" else a
                                                                      for a in kw.get("allies", [])]))
    assert mod.odds(bronze, exact=True, rules=variant).distribution == mod.odds(silver, exact=True).distribution
    assert mod.odds(bronze, exact=True).distribution != mod.odds(silver, exact=True).distribution


@pytest.mark.parametrize("spec", [
    task(dice=2, allies=["gold"], kiss=1, ego="double6", factors=2),
    task(caliber="silver", dice=3, kiss=2, ego="double6", factors=3, consequences=1),
    task(caliber="gold", dice=2, allies=["bronze"], kiss=2, ego="double6", factors=1, consequences=2),
], ids=str)
@pytest.mark.parametrize("double_from", [5, 4, 6])
def test_ego_doubling_from_a_lower_face_matches_brute_force(spec, double_from):
    """ego_double_from: with double6, 5s (or 4s) and 6s score one more."""
    rules = RULES.replace(ego_double_from=double_from)
    got = default.odds(spec, exact=True, rules=rules).distribution
    assert got == {k: v for k, v in brute(spec, dict(RULES.success_from), double_from).items() if v}


def test_a_variant_caliber_table_matches_brute_force():
    """success_from for every caliber at once (a harsher table) against brute force."""
    table = {"bronze": 6, "silver": 5, "gold": 4, "platinum": 3}
    rules = RULES.replace(success_from=table)
    spec = task(dice=2, allies=["gold", "platinum"], kiss=2, ego="double6", factors=1, consequences=1)
    assert default.odds(spec, exact=True, rules=rules).distribution == {
        k: v for k, v in brute(spec, table, 6).items() if v}


def test_threshold_base_2_is_one_more_factor():
    spec = task(dice=4, kiss=2, factors=1)
    two = default.odds(spec, exact=True, rules=RULES.replace(threshold_base=2))
    assert two.threshold == 3 and two.p_pass == default.odds(dict(spec, factors=2), exact=True).p_pass


def test_check_knobs_turn_one_caliber_into_another():
    """check_auto_pass_from: Bronze auto-passing on 20 is Silver;
    check_natural_one_fails: Platinum failing on a natural 1 is Gold."""
    s = normalize({"roll": "check", "score": 3, "difficulty": "absurd", "bonus_factors": 1})
    bronze = check.odds(s, exact=True, rules=RULES.replace(check_auto_pass_from={"bronze": 20}))
    assert bronze.p_pass == check.odds(dict(s, caliber="silver"), exact=True).p_pass != check.odds(s, exact=True).p_pass
    plat = normalize({"roll": "check", "caliber": "platinum", "score": 4, "difficulty": "routine"})
    assert (check.odds(plat, exact=True, rules=RULES.replace(check_natural_one_fails={"platinum": True})).p_pass
            == check.odds(dict(plat, caliber="gold"), exact=True).p_pass != check.odds(plat, exact=True).p_pass)
