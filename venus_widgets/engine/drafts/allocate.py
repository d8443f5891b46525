"""Which dice of groups of one chance the re-roll step takes, by their
faces: the kernel's one step in pure Python (:mod:`.kernel`, where two
groups have the same chance to succeed but different dice, or different
faces the step takes), its work bounded for the cost estimate by
:func:`.cost.allocate_cost`.
"""

from __future__ import annotations

import math
from typing import Sequence


def allocate(eligible: Sequence[Sequence[int]], e: Sequence[int], b: int,
             steps: list[int] | None = None) -> dict[tuple[int, ...], int]:
    """Groups of the same chance, ``e[j]`` dice of group ``j`` showing a
    face the step takes (each of ``eligible[j]`` equally often): the ways
    that the step re-rolls ``r[j]`` of each, taking the lowest faces first
    (a face shown in two groups: the first group's dice first) while the
    budget ``b`` lasts. The ways add up to the product of ``len(eligible[j]) ** e[j]``.

    Within the budget every die is re-rolled (one answer). Else the faces
    are taken in order, (face, group) by (face, group): while the budget
    lasts every die taken so far is re-rolled, so the state is ``r`` alone
    (the budget left is ``b - sum(r)``); where it runs out, the dice not yet
    placed are counted on the faces still to come, in one product. The work
    is at most (faces of every group) x (states: the ``r`` that leave some
    budget, fewer than ``min(prod(e[j] + 1), b ** len(e))``) x (``max(e) +
    1``) steps, counted in ``steps[0]`` when given (the cost estimate,
    :func:`.cost.allocate_cost`, bounds it).

    >>> sorted(allocate([[1, 2], [1, 2]], [1, 1], 1).items())   # one re-roll: the lower face, group 0 on a tie
    [((0, 1), 1), ((1, 0), 3)]
    >>> allocate([[2, 3], [1]], [5, 2], 7)                       # the budget takes every die
    {(5, 2): 32}
    """
    k = len(eligible)
    if sum(e) <= b:
        ways = 1
        for E, n in zip(eligible, e):
            ways *= len(E) ** n
        return {tuple(e): ways}
    classes = sorted((f, j) for j, E in enumerate(eligible) for f in set(E))
    last = {j: max(E) for j, E in enumerate(eligible) if E}
    states: dict[tuple[int, ...], int] = {(0,) * k: 1}
    out: dict[tuple[int, ...], int] = {}
    count = 0
    for f, j in classes:
        # the faces still to come for each group's dice not yet placed (after this class)
        after = [sum(1 for g in eligible[i] if g > f or (g == f and i > j)) for i in range(k)]
        nxt: dict[tuple[int, ...], int] = {}
        for r, ways in states.items():
            left = b - sum(r)
            rem = e[j] - r[j]
            for c in ([rem] if f == last[j] else range(rem + 1)):
                count += 1
                w = ways * math.comb(rem, c)
                if c < left:
                    key = r[:j] + (r[j] + c,) + r[j + 1:]
                    nxt[key] = nxt.get(key, 0) + w
                    continue
                # the budget runs out here: ``left`` of these re-rolled, every other die placed on later faces
                for i in range(k):
                    n = rem - c if i == j else e[i] - r[i]
                    if n:
                        w *= after[i] ** n
                if w:
                    key = r[:j] + (r[j] + left,) + r[j + 1:]
                    out[key] = out.get(key, 0) + w
        states = nxt
    if steps is not None:
        steps[0] += count
    return out
