"""One exact kernel for every draft. Its odds equal a brute
force roll by roll (tests/drafts_brute.py) on random small drafts (exploding
dice to a depth, cancelling dice, marks, several groups, the re-roll step
with a budget, the doubling step); the push of docs/drafts.md equals a
brute force written from its rules in words; floats are the exact odds
correctly rounded; the cost estimate refuses what would take too long,
naming the field and the largest value that fits; rolls follow the odds."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import numpy as np
import pytest

import venus_widgets as vw
from drafts_brute import brute
from every_knob import every_knob
from venus_widgets.engine.contract import edition
from venus_widgets.engine.drafts import load_edition
from venus_widgets.engine.contract.spec import normalize


@pytest.fixture
def loaded():
    ids: list[str] = []

    def load(text):
        ed = load_edition(text)
        ids.append(ed.ID)
        return ed

    yield load
    for i in ids:
        edition.unregister(i)


# --------------------------------------------------------------------------
# The push of docs/drafts.md, against a brute force written from its words
# --------------------------------------------------------------------------

#: Written from docs/drafts.md alone ("A first draft: a push"), by a reader who did not read the engine.
PUSH = '''
id = "push-docs"
[fields.dice]
range = [1, 10]
default = 4
group = "ability"
[fields.need]
range = [1, 5]
default = 1
group = "difficulty"
[dice.d6]
sides = 6
success = [6]
marks = { bane = [1] }
[groups.own]
count = "dice"
[outcome]
threshold = "need"
[reroll]
name = "Push"
budget = "all_dice"
faces = "2-5"
'''


def push_brute(n: int, need: int) -> dict[int, Fraction]:
    """n d6: 6s succeed; short of ``need``, every die showing 2-5 is rolled
    once more (the new face stands). Every sequence of faces, equally likely."""
    out: dict[int, Fraction] = {}
    for first in itertools.product(range(1, 7), repeat=n):
        sixes = first.count(6)
        again = [i for i, f in enumerate(first) if 2 <= f <= 5] if sixes < need else []
        w = Fraction(1, 6 ** (n + len(again)))
        for new in itertools.product(range(1, 7), repeat=len(again)):
            k = sixes + new.count(6)
            out[k] = out.get(k, Fraction(0)) + w
    return out


@pytest.mark.parametrize("n, need", [(n, need) for n in range(1, 5) for need in (1, 2, 3)])
def test_the_push_of_the_docs_is_the_brute_force(loaded, n, need):
    loaded(PUSH)
    o = vw.odds({"edition": "push-docs", "dice": n, "need": need}, exact=True)
    assert dict(o.distribution) == push_brute(n, need)
    assert o.p_pass == sum(p for k, p in push_brute(n, need).items() if k >= need)
    f = vw.odds({"edition": "push-docs", "dice": n, "need": need})
    assert f.p_pass == float(o.p_pass) and all(f.distribution[k] == float(v) for k, v in o.distribution.items())


# --------------------------------------------------------------------------
# Random small drafts against the die-by-die brute force
# --------------------------------------------------------------------------


def random_draft(rng: random.Random, ident: str) -> str:
    """A small random draft: one to three groups of up to three dice."""
    lines = [f'id = "{ident}"', "[fields.n]", "range = [0, 3]", "default = 2", "[fields.m]", "range = [0, 2]",
             "default = 1", "[fields.k]", "range = [0, 3]", "default = 1", "[fields.ego]", "default = true",
             "[fields.grade_of]", 'options = ["low", "high"]', "[rules]", "low_from = { low = 3, high = 2 }"]
    dice = []
    for name in ("a", "b"):
        sides = rng.choice([2, 3, 4])
        lines += [f"[dice.{name}]", f"sides = {sides}"]
        if name == "a" and rng.random() < 0.4:
            lines.append(f'success = {{ at_least = "min(low_from[grade], {sides})" }}')
        else:
            lines.append(f"success = [{sides}]" if rng.random() < 0.5 else f'success = "{max(2, sides - 1)}+"')
        if rng.random() < 0.5:
            lines.append(f"successes = {{ {sides} = 2 }}")
        if rng.random() < 0.6:
            lines.append(f"marks = {{ top = [{sides}] }}")
        if rng.random() < 0.4:
            lines += [f"explode = [{sides}]", f"depth = {rng.choice([1, 2])}"]
        dice.append(name)
    lines += ["[groups.own]", 'die = "a"', 'count = "n"', 'grade = "grade_of"']
    ally = rng.choice(dice)
    lines += ["[groups.ally]", f'die = "{ally}"', 'count = "m"'] + (['grade = "grade_of"'] if ally == "a" else [])
    if rng.random() < 0.5:
        lines += ["[groups.black]", 'die = "b"', "count = 1", "cancels = true",
                  f"explode = {'true' if rng.random() < 0.3 else 'false'}"]
    value = rng.choice(["successes", "successes + 1", "successes + top" if "top" in "".join(lines) else "successes"])
    lines += ["[outcome]", f'value = "{value}"', f"threshold = {rng.choice([1, 2, 3])}",
              f'goal = "threshold + {rng.choice([0, 1])}"']
    if rng.random() < 0.8:
        lines += ["[reroll]", f'budget = "{rng.choice(["k", "all_dice", "1"])}"',
                  f'when = "{rng.choice(["short", "always"])}"']
    if "marks" in "".join(lines) and rng.random() < 0.6:
        lines += ["[double]", 'adds = "top"', 'if = "ego"']
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("seed", range(40))
def test_random_drafts_equal_the_brute_force(loaded, seed):
    rng = random.Random(seed)
    ed = loaded(random_draft(rng, f"random-{seed}"))
    for _ in range(4):
        spec = {"edition": ed.ID, "n": rng.randint(0, 3), "m": rng.randint(0, 2), "k": rng.randint(0, 3),
                "ego": rng.random() < 0.5, "grade_of": rng.choice(["low", "high"])}
        try:
            s = normalize(spec)
        except vw.SpecError:
            continue
        o = vw.odds(s, exact=True)
        want = {k: v for k, v in brute(ed.plan(s)).items() if v}
        assert dict(o.distribution) == want, s
        assert o.p_pass == sum(v for k, v in want.items() if k >= o.threshold)
        assert o.p_goal == sum(v for k, v in want.items() if k >= o.goal)
        f = vw.odds(s)  # the floats are the fractions correctly rounded
        assert f.p_pass == float(o.p_pass) and f.p_goal == float(o.p_goal)
        assert {k: float(v) for k, v in o.distribution.items()} == dict(f.distribution)
        assert sum(f.exact.breakdown.get(k, 0) for k in f.breakdown if k.startswith("pass ")) in (0, f.exact.p_pass)


def test_ties_between_different_dice_go_to_the_lowest_face(loaded):
    """Two groups of the same chance but different dice: the re-roll takes
    the lowest face first across both (the brute force decides die by die)."""
    text = '''
id = "ties"
[fields.n]
range = [0, 2]
default = 1
[dice.a]
sides = 4
success = [4]
marks = { top = [4] }
[dice.b]
sides = 4
success = [4]
[groups.own]
die = "a"
count = "n"
[groups.ally]
die = "b"
count = 2
[outcome]
value = "successes + top"
threshold = 3
[reroll]
budget = 1
'''
    ed = loaded(text)
    for n in (0, 1, 2):
        s = normalize({"edition": "ties", "n": n})
        assert dict(vw.odds(s, exact=True).distribution) == {k: v for k, v in brute(ed.plan(s)).items() if v}


# --------------------------------------------------------------------------
# Exploding without end, cost, denominators
# --------------------------------------------------------------------------

EXPLODING = '''
id = "boom"
[fields.dice]
range = [0, 60]
default = 3
[dice.d6]
sides = 6
success = "5+"
explode = [6]
depth = "unbounded"
[groups.own]
count = "dice"
[outcome]
threshold = 2
'''


def test_dice_exploding_without_end_cut_a_tail_and_refuse_fractions(loaded):
    loaded(EXPLODING)
    o = vw.odds({"edition": "boom", "dice": 3})
    assert 0 < o.truncated < 1e-12 and o.exact is None
    assert abs(sum(o.distribution.values()) - 1) < 1e-12
    with pytest.raises(vw.SpecError):
        vw.odds({"edition": "boom", "dice": 3}, exact=True)
    with pytest.raises(vw.SpecError) as info:  # the edition itself names the knob that would make them a fraction
        edition.get("boom").odds(normalize({"edition": "boom", "dice": 3}), exact=True)
    assert info.value.field == "rules.dice.d6.depth" and "give the dice a depth" in str(info.value)
    # to a depth of 30 (exact), the same odds within the cut tail
    deep = vw.odds({"edition": "boom", "dice": 3, "rules": {"dice.d6.depth": 30}}, exact=True)
    assert all(abs(float(deep.distribution.get(k, 0)) - v) < 1e-14 for k, v in o.distribution.items())
    # one die: no success on 1-4; one on a 5, or on a 6 then 1-4
    one = vw.odds({"edition": "boom", "dice": 1})
    assert one.distribution[0] == pytest.approx(4 / 6, abs=1e-15)
    assert one.distribution[1] == pytest.approx(1 / 6 + (1 / 6) * (4 / 6), abs=1e-15)


def test_the_cost_estimate_refuses_naming_the_field_and_the_largest_value(loaded):
    text = '''
id = "heavy"
[fields.dice]
range = [0, 200]
default = 3
[fields.kiss]
range = [0, 200]
default = 0
[dice.d20]
sides = 20
success = "11+"
marks = { crit = [20], nat = [19], low = [11] }
[groups.own]
count = "dice"
[outcome]
value = "successes + crit * 100 + nat * 10 + low"
threshold = 2
[reroll]
budget = "kiss"
'''
    loaded(text)
    vw.odds({"edition": "heavy", "dice": 3, "kiss": 2})
    with pytest.raises(vw.SpecError) as info:
        vw.normalize({"edition": "heavy", "dice": 200, "kiss": 0})
    err = info.value
    assert err.field == "dice" and "one roll's odds may take" in str(err)
    largest = err.nearest  # type: ignore[attr-defined]
    assert 3 < largest < 200
    vw.normalize({"edition": "heavy", "dice": largest})
    with pytest.raises(vw.SpecError):
        vw.normalize({"edition": "heavy", "dice": largest + 1})
    assert f"from 0 to {largest}" in str(err)


def test_the_denominator_counts_every_die_and_the_budget(loaded):
    loaded(PUSH)
    ed = edition.get("push-docs")
    s = normalize({"edition": "push-docs", "dice": 3})
    assert ed.denominator(s) == 6 ** 6
    loaded(EXPLODING)
    assert edition.get("boom").denominator(normalize({"edition": "boom", "dice": 2})) is None
    assert edition.get("boom").denominator(normalize({"edition": "boom", "dice": 0})) == 1


def test_big_pools_count_in_python_ints_exactly(loaded):
    loaded(PUSH.replace("range = [1, 10]", "range = [1, 40]"))
    o = vw.odds({"edition": "push-docs", "dice": 22, "need": 5}, exact=True)  # 6**44 > 2**53
    assert sum(o.distribution.values()) == 1
    f = vw.odds({"edition": "push-docs", "dice": 22, "need": 5})  # above 2**53: floats, to about 1e-15
    assert abs(f.p_pass - float(o.p_pass)) < 1e-14


# --------------------------------------------------------------------------
# Rolls follow the odds
# --------------------------------------------------------------------------


@pytest.mark.parametrize("spec", [
    {"edition": "push-docs", "dice": 4, "need": 2},
    {"edition": "boom", "dice": 5},
    {"edition": "playtest-draft", "caliber": "silver", "dice": 4, "allies": ["gold"], "kiss": 2, "ego": "double6",
     "consequences": 1},
])
def test_roll_many_agrees_with_the_odds(loaded, spec):
    loaded(PUSH)
    loaded(EXPLODING)
    loaded("playtest.toml")
    n = 40_000
    outs = vw.roll_many(spec, n, seed=5)
    o = vw.odds(spec)
    for k in list(o.distribution)[:6]:
        p = o.distribution[k]
        got = float((outs == k).mean())
        assert abs(got - p) < 5 * math.sqrt(p * (1 - p) / n) + 1e-9, (k, got, p)


def test_a_seeded_roll_follows_the_policy_and_keeps_its_first_faces(loaded):
    loaded(PUSH)
    spec = {"edition": "push-docs", "dice": 5, "need": 2}
    seen = 0
    for seed in range(200):
        first = vw.roll(spec, seed=seed, kiss=[])
        r = vw.roll(spec, seed=seed)
        faces = [d.before for d in first.dice]
        short = faces.count(6) < 2
        assert list(r.kissed) == ([i for i, f in enumerate(faces) if 2 <= f <= 5] if short else [])
        assert [d.before for d in r.dice[:5]] == faces
        assert r.outcome == sum(d.after == 6 for d in r.dice)
        seen += bool(r.kissed)
        if r.kissed:
            with pytest.raises(vw.SpecError):
                vw.roll(spec, seed=seed, kiss=[i for i, f in enumerate(faces) if f in (1, 6)][:1] or [99])
    assert seen > 20


def test_rolls_by_hand_take_the_faces_typed(loaded):
    loaded(EXPLODING)
    spec = {"edition": "boom", "dice": 2}
    assert [d["sides"] for d in vw.dice_to_enter(spec)] == [6, 6]
    r = vw.enter(spec, [6, 3, 6, 2])  # a 6 rolls again (6), then again (2): two successes
    assert r.outcome == 2 and r.entered is not None and [d.exploded_from for d in r.dice] == [None, None, 0, 2]
    with pytest.raises(vw.SpecError, match="more face"):
        vw.enter(spec, [6, 3])
    loaded(PUSH)
    r = vw.enter({"edition": "push-docs", "dice": 3, "need": 2}, [6, 2, 1], kiss=[1], kiss_faces=[6])
    assert r.outcome == 2 and r.kissed == (1,)


def test_seeded_rolls_are_the_same_every_time(loaded):
    loaded(EXPLODING)
    spec = {"edition": "boom", "dice": 6}
    assert vw.roll(spec, seed=42) == vw.roll(spec, seed=42)
    a, b = vw.roll_many(spec, 1000, seed=3), vw.roll_many(spec, 1000, seed=3)
    assert np.array_equal(a, b)


#: Two drafts written from docs/drafts.md alone, as a new user would: a d20 roll-over check with
#: criticals and degrees, and a d10 pool whose 10s explode and 1s take a success away.
D20 = '''
id = "d20-check"
roll = "check"
roller = "check"
[fields.score]
range = [0, 10]
default = 3
group = "ability"
[fields.target]
range = [5, 30]
default = 15
group = "difficulty"
[dice.d20]
sides = 20
marks = { crit = [20], fumble = [1] }
[groups.own]
count = 1
[outcome]
value = "if(crit > 0, 99, if(fumble > 0, -99, total + score - target))"
name = "margin"
threshold = 0
below = "failure"
[outcome.degrees]
"success" = 0
"great success" = 10
"critical" = 99
'''

D10 = '''
id = "d10-pool"
[fields.dice]
range = [1, 6]
default = 3
group = "ability"
[fields.difficulty]
range = [1, 5]
default = 2
group = "difficulty"
[dice.d10]
sides = 10
success = "8+"
successes = { 1 = -1 }
explode = [10]
depth = 2
[groups.own]
count = "dice"
[outcome]
threshold = "difficulty"
'''


def test_drafts_written_from_the_docs_alone(loaded):
    loaded(D20)
    for score, target in ((3, 15), (0, 25), (10, 5)):
        o = vw.odds({"edition": "d20-check", "score": score, "target": target}, exact=True)
        passing = sum(1 for f in range(2, 20) if f + score >= target) + 1  # a natural 20 always, a 1 never
        assert o.p_pass == Fraction(passing, 20)
        great = sum(1 for f in range(2, 20) if f + score - target >= 10)
        assert o.breakdown["great success"] == Fraction(great, 20) and o.breakdown["critical"] == Fraction(1, 20)
    ed = loaded(D10)
    for n in (1, 2, 3):
        s = normalize({"edition": "d10-pool", "dice": n, "difficulty": 2})
        assert dict(vw.odds(s, exact=True).distribution) == {k: v for k, v in brute(ed.plan(s)).items() if v}


@pytest.mark.parametrize("draft, spec", [
    # found by tests/test_edition_contract.py's knob test: an exploding face that adds nothing
    # (Heresy's 6 once only 1s succeed) raised "slice step cannot be zero"
    ("heresy.toml", {"pool": 3, "black": 1, "rules": {"dice.d6.success": [1], "dice.d6.depth": 2}}),
    # a d2 on which no face reaches the success_from of its caliber raised "v cannot be empty"
    ("playtest.toml", {"dice": 2, "kiss": 1, "rules": {"dice.d6.sides": 2}}),
])
def test_knob_values_found_by_the_contract_suite_count_exactly(draft, spec):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from every_roll import every_roll, law

    ed = load_edition(every_knob(draft))  # every number a knob (heresy.toml names four)
    try:
        s = normalize({"edition": ed.ID, **spec})
        counted = law(every_roll(lambda: edition.get(ed.ID).roll(s, 0)))
        o = vw.odds(s, exact=True)
        assert {k: v for k, v in o.distribution.items() if v} == counted["distribution"]
        assert o.p_pass == counted["p_pass"]
    finally:
        edition.unregister(ed.ID)


STRESS_POOL = '''
id = "stress-pool"
[fields.dice]
range = [1, 10]
default = 4
[fields.stress]
range = [0, 6]
default = 1
[fields.difficulty]
range = [1, 5]
default = 1
group = "difficulty"
[dice.d6]
sides = 6
success = "5+"
[dice.stress]
sides = 6
success = "5+"
marks = { complication = [1] }
[groups.own]
die = "d6"
count = "dice"
[groups.stress]
die = "stress"
count = "stress"
[outcome]
threshold = "difficulty"
[reroll]
name = "Push"
budget = "all_dice"
faces = "2-4"
'''


@pytest.mark.parametrize("text, spec, exact", [
    # the user test: 509/512 came out 0.994140624999999 (common denominator 6**22, past 2**53)
    (STRESS_POOL, {"edition": "stress-pool", "dice": 10, "stress": 1, "difficulty": 2}, Fraction(509, 512)),
    # the docs' push: need 2 at 37 and at 100 dice was off in the last bits
    (PUSH.replace("range = [1, 10]", "range = [1, 1000]"), {"edition": "push-docs", "dice": 37, "need": 2}, None),
    (PUSH.replace("range = [1, 10]", "range = [1, 1000]"), {"edition": "push-docs", "dice": 100, "need": 2}, None),
])
def test_float_odds_past_2_53_are_correctly_rounded(text, spec, exact):
    load_edition(text)
    try:
        e = vw.odds(spec, exact=True)
        if exact is not None:
            assert e.p_pass == exact
        o = vw.odds(spec)
        assert o.p_pass == float(e.p_pass) and o.p_goal == float(e.p_goal)
        assert all(o.breakdown[k] == float(v) for k, v in e.breakdown.items()), o.breakdown
    finally:
        edition.unregister(spec["edition"])


TENAGAIN = '''
id = "tenagain"
[fields.pool]
range = [1, 12]
default = 5
[fields.tn]
range = [2, 10]
default = 7
group = "difficulty"
[fields.black]
range = [0, 6]
default = 0
group = "difficulty"
[fields.need]
range = [1, 5]
default = 1
group = "difficulty"
[dice.d10]
sides = 10
success = { at_least = "tn" }
explode = [10]
depth = 3
[groups.own]
die = "d10"
count = "pool"
[groups.black]
die = "d10"
count = "black"
cancels = true
explode = false
[outcome]
name = "net successes"
threshold = "need"
[outcome.degrees]
"failure" = 0
"success" = 1
"great success" = 3
'''


def test_values_below_the_lowest_degree_belong_to_it_without_below(loaded):
    """Net successes below 0 (black dice cancelling) had no degree: the
    breakdown summed to 89.71 % and a roll said degree ''. Without `below`
    the lowest degree takes every value under it."""
    ed = loaded(TENAGAIN)
    spec = {"edition": "tenagain", "pool": 3, "black": 2}
    e = vw.odds(spec, exact=True)
    degrees = [e.breakdown[k] for k in ("failure", "success", "great success")]
    assert sum(degrees) == 1
    assert e.breakdown["failure"] == sum(p for v, p in e.distribution.items() if v < 1)
    below = [r for r in (vw.roll(spec, seed=seed) for seed in range(200)) if r.outcome < 0]
    assert below  # the rolls do reach below the lowest degree
    assert all(r.details["degree"] == "failure" for r in below), [r.details["degree"] for r in below]
    assert "(failure)" in " ".join(ed.explain_roll(below[0])), ed.explain_roll(below[0])


TWO_GROUPS = '''
id = "two-groups"
[fields.dice]
range = [0, 40]
default = 4
[dice.d6]
sides = 6
[dice.d8]
sides = 8
[groups.own]
die = "d6"
count = "dice"
[groups.ally]
die = "d8"
count = "dice"
[outcome]
value = "total(own) - total(ally)"
'''


def test_a_group_s_dice_are_added_up_along_their_own_quantities(monkeypatch):
    """Each group's total is a quantity of its own: packed with the other's,
    the ally's die moves every 101 cells (the own total's 101 values). Its
    20 dice were added up over the whole packed space, about 14,000 cells a
    convolution in Python ints, where they reach 141: 20d6 - 20d8 took 63 ms
    against icepool's 31 (benchmarks/bench_drafts.py). Counted, not timed:
    the cells of each convolution the kernel makes."""
    import icepool

    from venus_widgets.engine.drafts import whole

    sizes: list[int] = []
    convolve = whole.convolve

    def counted(a, b):
        sizes.append(max(a.size, b.size))
        return convolve(a, b)

    load_edition(TWO_GROUPS)
    try:
        spec = normalize({"edition": "two-groups", "dice": 20})
        monkeypatch.setattr(whole, "convolve", counted)
        o = vw.odds(spec, exact=True)
    finally:
        edition.unregister("two-groups")
    peer = 20 @ icepool.d6 - 20 @ icepool.d8
    assert {k: p for k, p in o.distribution.items() if p} == {k: Fraction(n, peer.denominator()) for k, n in peer.items()}
    assert len([s for s in sizes if s > 200]) <= 1, sizes  # only the two groups joined: 101 by 141 cells


COUNT_PER_GROUP = '''
id = "count-per-group"
[fields.dice]
range = [0, 40]
default = 4
[dice.d6]
sides = 6
success = [6]
marks = { one = [1] }
[groups.base]
count = "dice"
[groups.gear]
count = "dice"
[outcome]
value = "successes(gear) + count(one, base)"
'''


def test_a_mark_named_only_in_a_group_s_count_is_not_counted_over_every_die():
    """``count(one, base)`` reads the 1s of the base dice; the mark's name
    in it was read as the 1s of every die too, a third quantity the counts
    carried (41 x 21 x 21 cells at 20 dice a group: 33 ms against icepool's
    9). The chance of at least one 1 stays in the breakdown, counted apart."""
    ed = load_edition(COUNT_PER_GROUP)
    try:
        plan = ed.plan(normalize({"edition": "count-per-group", "dice": 20}))
        assert [r.key for r in plan.readings] == ["successes(gear)", "count(one, base)"]
        small = normalize({"edition": "count-per-group", "dice": 2})
        o = vw.odds(small, exact=True)
        want = brute(ed.plan(small))
        assert {k: p for k, p in o.distribution.items() if p} == {k: p for k, p in want.items() if p}
        assert o.breakdown["at least one one"] == 1 - Fraction(5, 6) ** 4
    finally:
        edition.unregister("count-per-group")


def test_plans_and_spaces_made_at_once_are_those_their_classes_make():
    """A plan, its groups and the kernel's space are made field by field at
    once (frozen.made, not their __init__): each has every field of its
    class, and equals (and says) what the class's own __init__ makes of
    the same fields, on the shipped playtest draft's specs."""
    import dataclasses

    from playtest_draft_specs import random_specs
    from venus_widgets.engine.drafts import EXAMPLES, kernel
    from venus_widgets.engine.drafts.plan import GroupPlan, Plan
    from venus_widgets.engine.drafts.space import Space

    ed = load_edition(EXAMPLES / "playtest.toml")
    try:
        for spec in random_specs(40, seed=45):
            p = ed.plan(vw.normalize(spec))
            for obj, cls in [(p, Plan), *[(g, GroupPlan) for g in p.groups]]:
                fields = {f.name: getattr(obj, f.name) for f in dataclasses.fields(cls) if f.init}
                again = cls(**fields)
                assert set(obj.__dict__) >= {f.name for f in dataclasses.fields(cls)}
                assert again == obj and repr(again) == repr(obj)
            again_plan = Plan(**{f.name: getattr(p, f.name) for f in dataclasses.fields(Plan) if f.init})
            facts = ("dice", "rerollable", "exploding", "unbounded", "ordered")
            assert [getattr(again_plan, k) for k in facts] == [getattr(p, k) for k in facts]
            kernel.count(p)
            space = p.memo["space"]
            again_space = Space(space.names, space.lo, space.radix)
            assert again_space == space and set(space.__dict__) >= {f.name for f in dataclasses.fields(Space)}
    finally:
        edition.unregister("playtest-draft")
