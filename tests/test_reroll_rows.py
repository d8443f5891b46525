"""The re-roll step's block of one lone die (an ally's die) counted with
every state at once (drafts/reroll_rows.py) gives the brute force's odds,
die by die, exactly: random drafts of a main group and two lone
dice of different chances, faces that take successes away (a face adding
nothing is then not the array's first), marks, the doubling step, a
budget that runs out or not, re-rolls only while short or always."""

from __future__ import annotations

import random

import pytest

import venus_widgets as vw
from drafts_brute import brute
from venus_widgets.engine.contract import edition
from venus_widgets.engine.contract.spec import normalize
from venus_widgets.engine.drafts import load_edition, reroll_rows


def lone_dice_draft(rng: random.Random, ident: str) -> str:
    lines = [f'id = "{ident}"', "[fields.n]", "range = [0, 3]", "default = 2", "[fields.k]", "range = [0, 4]",
             "default = 1"]
    # four chances, so that each ally's die is alone in its block: 2/3, 1/2 (the main group), 2/5, 1/4
    for name, sides, success in (("main", 4, "[3, 4]"), ("x", 4, "[4]"), ("y", 5, "[4, 5]"), ("z", 3, "[2, 3]")):
        lines += [f"[dice.{name}]", f"sides = {sides}", f"success = {success}"]
        if rng.random() < 0.5:
            lines.append(f"successes = {{ 1 = -1, {sides} = 2 }}")
        if rng.random() < 0.5:
            lines.append(f"marks = {{ top = [{sides}] }}")
    lines += ["[groups.own]", 'die = "main"', 'count = "n"']
    for name in rng.sample(["x", "y", "z"], 2):
        lines += [f"[groups.ally_{name}]", f'die = "{name}"', "count = 1"]
    value = "successes + top" if "top" in "".join(lines) else "successes"
    lines += ["[outcome]", f'value = "{value}"', f"threshold = {rng.choice([1, 2, 3])}",
              f'goal = "threshold + {rng.choice([0, 1])}"']
    lines += ["[reroll]", f'budget = "{rng.choice(["k", "all_dice"])}"', f'when = "{rng.choice(["short", "always"])}"']
    if "top" in "".join(lines) and rng.random() < 0.5:
        lines += ["[double]", 'adds = "top"']
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("seed", range(12))
def test_lone_dice_at_once_equal_the_brute_force(seed, monkeypatch):
    rng = random.Random(seed)
    ed = load_edition(lone_dice_draft(rng, f"lone-{seed}"))
    calls = []
    real = reroll_rows.one_die
    monkeypatch.setattr("venus_widgets.engine.drafts.reroll.one_die", lambda *a: calls.append(1) or real(*a))
    try:
        for _ in range(3):
            s = normalize({"edition": ed.ID, "n": rng.randint(1, 2), "k": rng.randint(1, 3)})
            o = vw.odds(s, exact=True)
            want = {k: v for k, v in brute(ed.plan(s)).items() if v}
            assert dict(o.distribution) == want, s
            f = vw.odds(s)  # the floats are the fractions correctly rounded
            assert {k: float(v) for k, v in o.distribution.items()} == dict(f.distribution)
    finally:
        edition.unregister(ed.ID)
    assert calls, "no lone die was counted with every state at once"


@pytest.mark.parametrize("seed", range(12))
def test_lone_dice_by_shifted_copies_equal_the_brute_force(seed, monkeypatch):
    """The step's end adds a lone die by scaled, shifted copies of the rows
    (past FLAT: 12 Bronze dice and two allies), kept to the rows' width in
    the place of the rows without it: the same odds as the brute force
    (FLAT set to 0 here, so that these small rolls take that way too)."""
    rng = random.Random(100 + seed)
    ed = load_edition(lone_dice_draft(rng, f"lone-copies-{seed}"))
    monkeypatch.setattr(reroll_rows, "FLAT", 0)
    calls = []
    real = reroll_rows.lone_ends
    monkeypatch.setattr("venus_widgets.engine.drafts.reroll.lone_ends", lambda *a: calls.append(1) or real(*a))
    try:
        for _ in range(3):
            s = normalize({"edition": ed.ID, "n": rng.randint(1, 3), "k": rng.randint(1, 4)})
            want = {k: v for k, v in brute(ed.plan(s)).items() if v}
            f = vw.odds(s)  # counted in whole numbers by the lone dice's rows; each float its fraction rounded
            assert dict(f.distribution) == {k: float(v) for k, v in want.items()}, s
    finally:
        edition.unregister(ed.ID)
    assert calls, "no lone die was added to the rows"
