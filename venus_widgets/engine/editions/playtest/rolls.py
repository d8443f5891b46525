"""Seeded task rolls: one roll die by die (:func:`roll`, with the player's
KISS and Ego or the policy's), many rolls vectorised (:func:`roll_many`).
"""

from __future__ import annotations

import numpy as np

from ...errors import SpecError
from ...table.rolls import Die, Roll, in_blocks, streams
from .dice import FAIL, SIX, SUCC, face_class
from .choices import best_choice
from .order import CALIBER_INDEX, CALIBER_OF_INDEX, order_keys
from .policy import check_kiss, policy_kiss
from .rules import rules_of
from .task import calibers, goal, owners, threshold
from .details import TaskDetails


def roll(spec: dict, seed: int, kiss: list[int] | None = None, ego: bool | None = None) -> Roll:
    """A seeded task.

    ``kiss=None`` follows the spec's policy, as the odds do (with
    ``ego=False`` the policy plans as if the spec had no Ego). A list KISSes
    exactly those dice within the budget; with Ego ``reroll`` and
    ``ego=True`` every failed die not listed is KISSed by Ego as well
    (``ego=None`` with a list does not spend Ego ``reroll``). Ego
    ``double6`` is spent when ``ego=True``, or (``ego=None``) by the policy:
    short of the goal after the KISS round with a 6 showing.
    """
    if ego and spec["ego"] == "none":
        raise SpecError("ego", ego, "ego off: this roll has no Ego",
                        "set ego='reroll' or ego='double6' in the roll to spend it")
    cals = calibers(spec)
    first, second = streams(seed)
    faces = [int(f) for f in first.integers(1, 7, size=len(cals))]
    rules = rules_of(spec)
    g, thr = goal(spec, rules), threshold(spec, rules)
    succ0 = sum(face_class(f, c, rules) != FAIL for f, c in zip(faces, cals))
    if kiss is None:
        # ego=False: the policy plans as if the spec had no Ego
        chosen, ego_reroll = policy_kiss(dict(spec, ego="none") if ego is False else spec, faces)
        if ego is True and spec["ego"] == "reroll":
            ego_reroll = True
    else:
        check_kiss(spec, faces, kiss)
        chosen = sorted(kiss)
        ego_reroll = bool(ego) and spec["ego"] == "reroll"
    failed = {i for i, (f, c) in enumerate(zip(faces, cals)) if face_class(f, c, rules) == FAIL}
    ego_reroll = ego_reroll and bool(failed)  # spent only when a die failed
    if ego_reroll:
        chosen = sorted(set(chosen) | failed)
    new = second.integers(1, 7, size=len(chosen))
    after = list(faces)
    for i, f in zip(chosen, new):
        after[i] = int(f)
    succ1 = sum(face_class(f, c, rules) != FAIL for f, c in zip(after, cals))
    # the succeeding dice showing ego_double_from or more (a 6 as read): what Ego double6 doubles
    doubles = sum(face_class(f, c, rules) == SIX for f, c in zip(after, cals))
    if spec["ego"] == "double6":
        double = bool(ego) if ego is not None else succ1 < g
        double = double and doubles > 0
    else:
        double = False
    outcome = succ1 + (doubles if double else 0)
    who = owners(spec)
    dice = tuple(
        Die(i, who[i], cals[i], 6, faces[i], after[i], i in chosen,
            (0 if face_class(after[i], cals[i], rules) == FAIL else 1)
            * (2 if double and face_class(after[i], cals[i], rules) == SIX else 1))
        for i in range(len(cals))
    )
    return Roll(
        spec=spec, seed=seed, dice=dice, outcome=outcome, passed=outcome >= thr, goal_reached=outcome >= g,
        kissed=tuple(chosen), ego_spent=bool(double or ego_reroll),
        details=TaskDetails(threshold=thr, goal=g, successes_before_kiss=succ0, successes_after_kiss=succ1,
                            ego_doubles=doubles, ego="double6" if double else ("reroll" if ego_reroll else "none")),
    )


def roll_many(spec: dict, n: int, seed: int) -> np.ndarray:
    """Final successes of ``n`` rolls by the policy, vectorised in blocks
    (the optimal policy is looked up per distinct first roll)."""
    return in_blocks(n, seed, lambda rows, first, second: _rolls(spec, rows, first, second))


def _rolls(spec: dict, n: int, first: np.random.Generator, second: np.random.Generator) -> np.ndarray:
    cals = calibers(spec)
    d = len(cals)
    faces = first.integers(1, 7, size=(n, d), dtype=np.int8)
    new = second.integers(1, 7, size=(n, d), dtype=np.int8)
    rules = rules_of(spec)
    minf = np.array([rules.lowest_success(c) for c in cals], dtype=np.int8)
    chance = np.array([rules.chance(c) for c in cals], dtype=np.int16)
    failed = faces < minf
    g = goal(spec, rules)
    short = (d - failed.sum(axis=1)) < g
    if spec["policy"] == "optimal":
        kissed = optimal_masks(spec, faces, cals)
    elif spec["ego"] == "reroll":
        kissed = failed & short[:, None]
    else:
        key = np.where(failed, order_keys(chance, faces), 99).astype(np.int16)
        order = np.argsort(key, axis=1, kind="stable")
        rank = np.empty_like(order)
        np.put_along_axis(rank, order, np.arange(d)[None, :].repeat(n, 0), axis=1)
        kissed = failed & (rank < spec["kiss"]) & short[:, None]
    after = np.where(kissed, new, faces)
    succ = (after >= minf).sum(axis=1)
    if spec["ego"] == "double6":
        doubled = after >= np.maximum(minf, rules.ego_double_from)
        succ = succ + np.where(succ < g, doubled.sum(axis=1), 0)
    return succ.astype(np.int64)


def optimal_masks(spec: dict, faces: np.ndarray, cals: list[str]) -> np.ndarray:
    """KISS masks of the optimal policy for many rolls: one search per
    distinct state (counts per caliber and class), then per row the dice of
    each (caliber, class) lowest face first."""
    n, d = faces.shape
    rules = rules_of(spec)
    minf = np.array([rules.lowest_success(c) for c in cals], dtype=np.int8)
    cal_ix = np.array([CALIBER_INDEX[c] for c in cals], dtype=np.int64)
    cls = np.where(faces >= np.maximum(minf, rules.ego_double_from), SIX, np.where(faces >= minf, SUCC, FAIL))
    gid = cal_ix * 3 + cls  # 0..11
    counts = np.zeros((n, 12), dtype=np.int64)
    for j in range(d):
        counts[np.arange(n), gid[:, j]] += 1
    key = counts @ (d + 1) ** np.arange(12, dtype=np.int64)
    uniq, first_row, inv = np.unique(key, return_index=True, return_inverse=True)
    take = np.zeros((len(uniq), 12), dtype=np.int64)
    ego_r = np.zeros(len(uniq), dtype=bool)
    b, g, size = min(spec["kiss"], d), goal(spec, rules), d + 1
    for u, row in enumerate(first_row):
        state = tuple(sorted(((CALIBER_OF_INDEX[k // 3], k % 3), int(v)) for k, v in enumerate(counts[row]) if v))
        if sum(v for (_, c), v in state if c != FAIL) >= g:
            continue
        choice, spent = best_choice(state, b, spec["ego"], g, size, rules=rules)
        for (cal, c), v in choice.items():
            take[u, CALIBER_INDEX[cal] * 3 + c] = v
        ego_r[u] = spent
    inv = inv.ravel()
    order = np.argsort(gid * 8 + faces, axis=1, kind="stable")
    pos = np.empty_like(order)
    np.put_along_axis(pos, order, np.broadcast_to(np.arange(d), (n, d)).copy(), axis=1)
    start = np.cumsum(counts, axis=1) - counts
    rank = pos - np.take_along_axis(start, gid, axis=1)
    kissed = rank < np.take_along_axis(take[inv], gid, axis=1)
    kissed |= ego_r[inv][:, None] & (cls == FAIL)
    return kissed
