"""Seeded agora rolls by the policy or by the player's choice of dice, and
many rolls at once (docs/rules_agora.md#kiss-and-ego-the-rollers-one-policy).

>>> r = roll({"edition": "agora", "roll": "check", "rank": 3, "health": 2, "helpers": [], "kiss": 0,
...           "helper_kiss": False, "ego": False, "snakes": "same", "difficulty": "standard"}, 5)
>>> [d.owner for d in r.dice], r.passed == (r.outcome >= 1)
(['own', 'own'], True)
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from ...errors import SpecError
from ...table.rolls import Die, Roll, in_blocks, streams
from .policy import kiss_key, policy_kiss
from .reading import AUTO, criticals, label, layout, per_consequence, successes, threshold
from .rules import rules_of
from .details import AgoraDetails


def _finish(spec: dict, seed: int, first: list[int], kiss_list: list[int], after: list[int], ego: bool | None) -> Roll:
    n, help_rank, ranks = layout(spec)
    rules = rules_of(spec)
    target = threshold(spec, rules)
    rolled = [i for i, r in enumerate(ranks) if r != AUTO]
    succ = successes(after, ranks)
    # Ego doubles each success showing at least ego_double_from (a 6)
    sixes = sum(after[i] >= max(ranks[i], rules.ego_double_from) for i in rolled)
    if ego is None:
        ego = spec["ego"] and succ < target
    spend = bool(ego and sixes > 0)
    ones = sum(after[i] == 1 for i in rolled)
    dice = []
    for i, r in enumerate(ranks):
        owner = "own" if i < n else "helper"
        if r == AUTO:
            dice.append(Die(i, owner, AUTO, 6, 0, 0, False, 1))
            continue
        sc = (after[i] >= r) * (2 if spend and after[i] >= rules.ego_double_from else 1)
        dice.append(Die(i, owner, r, 6, first[i], after[i], i in kiss_list, int(sc)))
    total = sum(d.scores for d in dice)
    crit = int(criticals(ones, spec["snakes"], rules.snake_eyes_ones))
    passed = total >= target
    details: dict[str, Any] = dict(snake_eyes=ones >= rules.snake_eyes_ones, ones=ones, criticals=crit,
                                   label=label(passed, crit), threshold=target, goal=target,
                                   successes_before_kiss=successes(first, ranks), successes_after_kiss=succ)
    if help_rank == AUTO:
        details["help"] = "automatic success (helpers merged to rank 1; not rolled, face shown as 0)"
    if not dice:
        details["label"] = "failure"
        details["automatic"] = "no dice and no help: automatic failure"
    if spec["roll"] == "task":
        sub = min(total // per_consequence(spec), spec["consequences"])
        details["subverted"] = sub
        details["exp"] = int(sub < spec["consequences"])
    return Roll(spec=spec, seed=seed, dice=tuple(dice), outcome=int(total), passed=passed, goal_reached=passed,
                kissed=tuple(kiss_list), ego_spent=spend, details=AgoraDetails(**details))


def roll(spec: dict, seed: int, kiss: list[int] | None = None, ego: bool | None = None) -> Roll:
    """A seeded roll. ``kiss=None``: the policy; a list: exactly those dice.

    """
    _, _, ranks = layout(spec)
    g1, g2 = streams(seed)
    rolled = [i for i, r in enumerate(ranks) if r != AUTO]
    first = [0] * len(ranks)
    for i, f in zip(rolled, g1.integers(1, 7, size=len(rolled))):
        first[i] = int(f)
    if kiss is None:
        kiss = policy_kiss(spec, first)
    else:
        check_kiss(spec, first, kiss)
    kiss = sorted(kiss)
    after = list(first)
    for i, f in zip(kiss, g2.integers(1, 7, size=len(kiss))):
        after[i] = int(f)
    return _finish(spec, seed, first, kiss, after, ego)


def check_kiss(spec: dict, faces: Sequence[int], kiss: Sequence[int], kissed: Sequence[int] = ()) -> None:
    n, _, ranks = layout(spec)
    for i in kiss:
        if not 0 <= i < len(ranks):
            raise SpecError("kiss", list(kiss), f"die indices from 0 to {len(ranks) - 1}",
                            f"this roll has {len(ranks)} dice")
        if ranks[i] == AUTO:
            raise SpecError("kiss", list(kiss), "dice that were rolled",
                            f"die {i} is the rank-1 help die, an automatic success that is not rolled")
        if i in kissed:
            raise SpecError("kiss", list(kiss), "each die KISSed at most once", f"die {i} was KISSed already")
    budgeted = [i for i in list(kiss) + list(kissed) if i < n or not spec["helper_kiss"]]
    if len(budgeted) > spec["kiss"]:
        raise SpecError("kiss", list(kiss), f"at most {spec['kiss']} KISSes (the 'kiss' budget)",
                        "the helper's KISS of the help die is free only with helper_kiss")
    succ = successes(faces, ranks)
    if kiss and succ >= threshold(spec):
        raise SpecError("kiss", list(kiss), "no KISS: the successes already reach the goal",
                        f"{succ} successes showing, {threshold(spec)} needed")


def roll_many(spec: dict, n: int, seed: int) -> np.ndarray:
    """Final successes of ``n`` rolls by the policy (vectorised, in blocks)."""
    return in_blocks(n, seed, lambda rows, g1, g2: _rolls(spec, rows, g1, g2))


def _rolls(spec: dict, rows: int, g1: np.random.Generator, g2: np.random.Generator) -> np.ndarray:
    main, help_rank, ranks = layout(spec)
    rules = rules_of(spec)
    target = threshold(spec, rules)
    auto = help_rank == AUTO
    rk = np.array([r for r in ranks if r != AUTO], dtype=np.int8)
    m = rk.size
    is_help = np.arange(m) >= main
    faces = g1.integers(1, 7, size=(rows, m), dtype=np.int8)
    short = (faces >= rk).sum(axis=1) + auto < target
    failed = (faces < rk) & short[:, None]
    free = failed & is_help if spec["helper_kiss"] else np.zeros_like(failed)
    queued = failed & ~free
    # the policy's order; int16: no wrap-around
    key = np.where(queued, kiss_key(rk.astype(np.int16), faces), np.int16(1 << 10))
    order = np.argsort(key, axis=1, kind="stable")
    take = np.arange(m)[None, :] < np.minimum(spec["kiss"], queued.sum(axis=1))[:, None]
    chosen = np.zeros_like(failed)
    np.put_along_axis(chosen, order, take, axis=1)
    faces = np.where(chosen | free, g2.integers(1, 7, size=(rows, m), dtype=np.int8), faces)
    succ = (faces >= rk).sum(axis=1) + auto
    if spec["ego"]:
        doubled = faces >= np.maximum(rk, rules.ego_double_from)
        succ = np.where(succ < target, succ + doubled.sum(axis=1), succ)
    return succ
