"""The ways of the rolls in which no die shows a mark (a mark's chance the
counts do not track: :func:`.kernel.ways_without`), when the re-roll
step's budget covers every die it may take, are summed with no state of
re-rolls made (drafts/reroll_total.py): the same whole number as the
step's general path, and the brute force's chance of the mark, exactly;
random drafts of a main group, two lone dice of other chances and a group
the step may not take, marks, a budget that covers every die (or not: then
the general path), re-rolls only while short or always."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings, strategies as st

import venus_widgets as vw
from drafts_brute import rolls
from venus_widgets.engine.api import _edition
from venus_widgets.engine.contract import edition
from venus_widgets.engine.drafts import EXAMPLES, kernel, load_edition, reroll


def covering_draft(rng: random.Random, ident: str) -> str:
    lines = [f'id = "{ident}"', "[fields.n]", "range = [0, 3]", "default = 2", "[fields.k]", "range = [0, 6]",
             "default = 1"]
    for name, sides, success in (("main", 4, "[3, 4]"), ("x", 4, "[4]"), ("y", 5, "[4, 5]"), ("z", 3, "[2, 3]")):
        lines += [f"[dice.{name}]", f"sides = {sides}", f"success = {success}"]
        if rng.random() < 0.4:
            lines.append(f"successes = {{ {sides} = 2 }}")
        lines.append(f"marks = {{ top = [{sides}]{', low = [1]' if rng.random() < 0.5 else ''} }}")
    lines += ["[groups.own]", 'die = "main"', 'count = "n"']
    allies = rng.sample(["x", "y", "z"], 3)
    for name in allies[:2]:
        lines += [f"[groups.ally_{name}]", f'die = "{name}"', "count = 1"]
    plain = rng.random() < 0.5
    if plain:  # a group the step may not take
        lines += [f"[groups.aside]", f'die = "{allies[2]}"', "count = 1"]
    lines += ["[outcome]", 'value = "successes"', f"threshold = {rng.choice([1, 2, 3])}",
              f'goal = "threshold + {rng.choice([0, 1])}"']
    lines += ["[reroll]", f'budget = "{rng.choice(["k", "all_dice", "k + 2"])}"',
              f'when = "{rng.choice(["short", "always"])}"']
    if plain:
        lines.append(f'dice = ["own", {", ".join(repr("ally_" + a) for a in allies[:2])}]'.replace("'", '"'))
    return "\n".join(lines) + "\n"


def _brute_chances(p) -> dict[str, Fraction]:
    out = {m: Fraction(0) for m in p.marks}
    for w, _, q in rolls(p):
        for m in p.marks:
            if q[m] > 0:
                out[m] += w
    return out


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6))
def test_no_state_needed_when_the_budget_covers_every_die(seed):
    rng = random.Random(seed)
    ed = load_edition(covering_draft(rng, f"covering-{seed}"))
    try:
        for _ in range(3):
            s = vw.normalize({"edition": ed.ID, "n": rng.randint(0, 2), "k": rng.randint(0, 6)})
            p = ed.plan(s)
            if kernel.budget(p) <= 0:
                continue
            chance = _brute_chances(p)
            for mark in ("top", "low"):
                if mark not in p.marks:
                    continue
                used: list[int] = []
                real = reroll.all_taken
                reroll.all_taken = lambda *a: used.append(1) or real(*a)  # type: ignore[assignment]
                try:
                    for exact in (True, False):
                        fast = kernel.ways_without(p, exact, mark)
                        covers, reroll.covers = reroll.covers, lambda *a: False  # type: ignore[assignment]
                        try:
                            slow = kernel.ways_without(p, exact, mark)
                        finally:
                            reroll.covers = covers  # type: ignore[assignment]
                        assert int(fast) == int(slow) and type(fast) is type(slow), (s, mark)
                finally:
                    reroll.all_taken = real  # type: ignore[assignment]
                assert bool(used) == (kernel.budget(p) >= p.rerollable), (s, mark)
                D = kernel.denominator(p)
                assert Fraction(D - int(fast), D) == chance[mark], (s, mark)
    finally:
        edition.unregister(ed.ID)


def test_the_playtest_draft_re_rolling_every_failed_die_is_counted_with_no_state():
    """Silver 12 + Gold, KISS every failed die: past 2**63 ways (Python ints), the chance of a 6 as the
    general path counts it."""
    load_edition(EXAMPLES / "playtest.toml")
    try:
        s = vw.normalize({"edition": "playtest-draft", "roll": "task", "caliber": "silver", "dice": 12,
                          "allies": ["gold"], "factors": 4, "kiss": 8, "ego": "reroll", "consequences": 1})
        p = _edition("playtest-draft").plan(s)
        assert kernel.mode_of(p, False) == "exact" and "six" not in kernel.tracked(p)
        fast = kernel.ways_without(p, False, "six")
        covers, reroll.covers = reroll.covers, lambda *a: False  # type: ignore[assignment]
        try:
            slow = kernel.ways_without(p, False, "six")
        finally:
            reroll.covers = covers  # type: ignore[assignment]
        assert fast == slow and type(fast) is int
    finally:
        edition.unregister("playtest-draft")
