"""The re-roll step counted by successes alone (drafts/reroll_successes.py,
issues 33 and 34: the playtest draft as fast as the code it copies) gives
exactly the counts of the step by the states of the re-rolls made
(:func:`reroll.by_states`, every plan): the same arrays, of the same kind
of number, in float64, int64 and Python ints; on random drafts (hypothesis)
and on the shipped playtest draft, where it is the path taken. Plans it
cannot count exactly (a mark on a face that adds no success, a face worth
two, exploding dice, two groups of one chance, a goal that reads a mark)
keep the states."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import venus_widgets as vw
from playtest_draft_specs import random_specs
from venus_widgets.engine import caching
from venus_widgets.engine.contract import edition
from venus_widgets.engine.drafts import EXAMPLES, load_edition, reroll, reroll_successes


def a_draft(rng: random.Random, ident: str) -> str:
    """One to three groups of one die each (2 to 8 sides, successes from a
    face up), often with a mark on some of their successes; now and then
    a feature the successes alone cannot count."""
    lines = [f'id = "{ident}"', "[fields.k]", "range = [0, 6]", "default = 1", "[fields.ego]", "default = true"]
    groups = []
    for gi in range(rng.randint(1, 3)):
        name = f"d{gi}"
        sides = rng.randint(2, 8)
        low = rng.randint(2, sides)
        lines += [f"[fields.n{gi}]", "range = [0, 9]", f"default = {rng.randint(0, 4)}", f"[dice.{name}]",
                  f"sides = {sides}", f'success = "{low}+"']
        odd = rng.random()
        if odd < 0.05:
            lines.append(f"successes = {{ {sides} = 2 }}")  # a face worth two
        if odd > 0.95 and low > 1:
            lines.append("marks = { top = [1] }")  # a mark on a face that adds nothing
        elif rng.random() < 0.6:
            marked = sorted(rng.sample(range(low, sides + 1), rng.randint(1, sides - low + 1)))
            lines.append(f"marks = {{ top = {marked} }}")
        if 0.05 <= odd < 0.08:
            lines += [f"explode = [{sides}]", "depth = 1"]
        lines += [f"[groups.g{gi}]", f'die = "{name}"', f'count = "n{gi}"']
        groups.append(name)
    text = "\n".join(lines)
    value = "successes + top" if "top" in text and rng.random() < 0.1 else "successes"
    lines += ["[outcome]", f'value = "{value}"', f"threshold = {rng.randint(1, 4)}",
              f'goal = "threshold + {rng.choice([0, 1, 2])}"',
              "[reroll]", f'budget = "{rng.choice(["k", "all_dice", "k + 1"])}"',
              f'when = "{rng.choice(["short", "short", "always"])}"']
    if "top" in text and rng.random() < 0.6:
        lines += ["[double]", 'adds = "top"', 'if = "ego"']
    return "\n".join(lines) + "\n"


def compared(monkeypatch: pytest.MonkeyPatch, hits: list[str]) -> None:
    """Every step of the odds counted both ways, the two held equal (the
    kinds of number of those counted by successes in ``hits``)."""
    by_states = reroll.by_states

    def step(plan, takers, plain, space, mode, shifts, hidden, cut, total=False, inner=""):
        old = by_states(plan, takers, plain, space, mode, shifts, hidden, cut, total, inner)
        new = reroll_successes.step(plan, takers, plain, space, mode, hidden, cut, total, fewest=0)
        if new is not None:
            for was, now in zip(old, new):
                assert now.dtype == was.dtype and now.shape == was.shape, (mode, was, now)
                assert np.array_equal(now, was), (mode, was, now)
            hits.append(mode)
        return old

    monkeypatch.setattr(reroll, "step", step)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10 ** 6), data=st.data())
def test_counted_by_successes_equals_the_states_on_random_drafts(monkeypatch, seed, data):
    rng = random.Random(seed)
    ident = f"succ-{seed}"
    ed = load_edition(a_draft(rng, ident))
    try:
        hits: list[str] = []
        with monkeypatch.context() as m:
            compared(m, hits)
            for _ in range(3):
                spec = {"edition": ident, "k": data.draw(st.integers(0, 6)), "ego": data.draw(st.booleans())}
                spec.update({f.name: data.draw(st.integers(0, 9)) for f in ed.draft.fields if f.name.startswith("n")})
                try:
                    vw.odds(spec, exact=data.draw(st.booleans()))
                except vw.SpecError:  # (a roll too heavy for its odds)
                    continue
    finally:
        edition.unregister(ident)


def test_random_drafts_reach_the_count_by_successes(monkeypatch):
    """The drafts of the property above take the path it checks (in each kind of number)."""
    hits: list[str] = []
    compared(monkeypatch, hits)
    for seed in range(40):
        rng = random.Random(seed)
        ed = load_edition(a_draft(rng, f"reach-{seed}"))
        try:
            for _ in range(3):
                spec = {"edition": ed.ID, "k": rng.randint(0, 6), "ego": rng.random() < 0.5,
                        **{f.name: rng.randint(0, 9) for f in ed.draft.fields if f.name.startswith("n")}}
                try:
                    vw.odds(spec, exact=rng.random() < 0.5)
                except vw.SpecError:
                    continue
        finally:
            edition.unregister(ed.ID)
    assert len(hits) > 30 and {"count", "exact"} <= set(hits), hits


@pytest.fixture(scope="module")
def playtest():
    load_edition(EXAMPLES / "playtest.toml")
    yield
    edition.unregister("playtest-draft")


@pytest.mark.parametrize("few", [0, 10 ** 9], ids=["numpy", "python"])
def test_the_playtest_draft_counts_its_kiss_round_by_successes(playtest, monkeypatch, few):
    """The shipped playtest draft: the step counted by successes wherever
    it tells apart enough first rolls, equal to the states' counts in each
    kind of number (float64 below 2**53 ways, int64, Python ints), its
    first rolls counted in numpy's arrays or in Python's ints."""
    hits: list[str] = []
    compared(monkeypatch, hits)
    monkeypatch.setattr(reroll_successes, "FEW", few)
    caching.forget_results()  # (counted again, not read from the other way's run)
    for spec in random_specs(120, seed=34):
        for exact in (False, True):
            vw.odds(spec, exact=exact)
    assert {"count", "wide", "exact"} <= set(hits) and len(hits) > 100, hits


def test_the_dispatch_counts_by_successes_where_it_pays(playtest, monkeypatch):
    """:func:`reroll.step` takes the count by successes for 5 Silver dice
    and a Gold ally (12 first rolls told apart), the states for a lone
    Silver die (2: as quick by states)."""
    taken: list[bool] = []
    real = reroll_successes.step

    def spy(*args, **kwargs):
        out = real(*args, **kwargs)
        taken.append(out is not None)
        return out

    monkeypatch.setattr(reroll_successes, "step", spy)
    base = {"edition": "playtest-draft", "roll": "task", "caliber": "silver", "allies": ["gold"], "factors": 1,
            "kiss": 2, "ego": "double6", "consequences": 1}
    vw.odds({**base, "dice": 5})
    vw.odds({**base, "dice": 1, "allies": []})
    assert taken == [True, False]


def test_many_dice_of_one_group_keep_the_states(monkeypatch):
    """Past 64 dice in a group (Pascal's triangle is kept to row 64) the
    step keeps the states: 256 coins with a re-roll of 3 failed faces were
    counted by successes and failed (the drafts' fuzz, seed 36964)."""
    hits: list[str] = []
    compared(monkeypatch, hits)
    text = ('id = "many-coins"\n[fields.n]\nrange = [0, 300]\ndefault = 256\n[dice.coin]\nsides = 2\nsuccess = [2]\n'
            '[groups.own]\ndie = "coin"\ncount = "n"\n[outcome]\nthreshold = 130\n[reroll]\nbudget = "3"\n')
    load_edition(text)
    try:
        for n in (64, 256):
            o = vw.odds({"edition": "many-coins", "n": n}, exact=True)
            assert sum(o.distribution.values()) == 1
    finally:
        edition.unregister("many-coins")
    assert hits == ["exact"]  # 64 coins counted by successes, 256 by states


def test_the_faces_kept_at_load_are_those_worked_out_when_asked(playtest):
    """What the count by successes reads of each die (drafts/success_faces.py)
    is worked out when a draft loads: the same as worked out per spec, and
    found there by the plans of the playtest draft's specs (its rules as
    written), so that no spec works it out again."""
    from venus_widgets.engine.drafts import success_faces

    ed = edition.get("playtest-draft")
    kept = {k: v for k, v in ed.compiled.items() if k[0] == "successes"}
    assert kept
    for (_, t, eligible, rows), found in kept.items():
        want = success_faces.faces(t, eligible, rows)
        assert (found if found is not success_faces.NONE else None) == want
    asked = 0
    for spec in random_specs(60, seed=45):
        p = ed.plan(vw.normalize(spec))
        for g in p.groups:
            if g.rerollable:
                assert ("successes", g.table, g.eligible, p.rows(g)) in ed.compiled
                asked += 1
    assert asked > 60


def test_one_or_two_groups_count_as_any_number_does():
    """The first rolls of one or two groups counted by their own loop
    (reroll_successes._few_two) give the lists the loop of any number of
    groups gives (_few_any), whole number by whole number: random dice,
    budgets, rolls short of the goal and dice of fewer ways than the largest."""
    rng = random.Random(45)
    for _ in range(2000):
        groups = [reroll_successes.Kind(rng.randint(0, 9), rng.randint(1, 5), rng.choice([1, 1, 2, 3]),
                                        rng.randint(0, 2), rng.randint(1, 3), 0, 0) for _ in range(rng.choice([1, 2]))]
        B, L = rng.randint(0, 10), rng.choice([6, 8, 12])
        dice = sum(g.count for g in groups)
        short = None if rng.random() < 0.2 else np.array([rng.random() < 0.5 for _ in range(dice + 1)])
        assert reroll_successes._few(groups, B, short, L, 1.0) == reroll_successes._few_any(groups, B, short, L, 1.0)
