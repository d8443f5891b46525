"""The one kernel of every draft: the joint counts of what the dice show
(successes, marks, total) after the re-roll step, in whole numbers.

What it counts (:mod:`.space` packs the quantities into one index, so each
addition of dice is a 1-D convolution):

1. the dice no re-roll may take (and the cancelling ones), all at once:
   one die's polynomial (:mod:`.dice`) to the power of their number;
2. the dice the re-roll step may take, group by group in the step's order
   (the best chance to succeed first): ``e`` of a group's ``m`` dice show
   a face the step takes (faces that count nothing, so the first roll of a
   re-rolled die adds nothing either way), ``C(m, e)`` ways to choose them;
   with ``b`` of the budget left, ``min(e, b)`` are re-rolled, lowest face
   first. Which of them does not matter, except between groups of the same
   chance but different dice, where the faces decide (:func:`allocate`).
   The state is how many dice of each group are re-rolled; the budget left
   follows from it;
3. at the end, the first rolls that are short of the goal (the draft's
   ``when = "short"``) get their re-rolled dice (each group's fresh die to
   the power of the dice re-rolled); the others stand as they fell.

Counting over one denominator ``D``: every die ``sides ** (depth + 1)``
ways, and the budget ``B`` as ``L ** B`` (``L`` a common multiple of the ways
of the dice the step re-rolls), a re-roll not made counted as ``L`` equal ways, a
smaller die's re-roll as ``L / ways`` each, so that every branch counts
over the same ``D``. Below 2**53 the counts are exact in float64 (sums and
products of whole numbers below it), below 2**63 in int64 (``wide``), above
it Python ints (``exact``, added up by :mod:`.whole`). Dice that explode
without a depth are counted in probabilities, their tails below 1e-18 cut
(and reported).

What is tracked is what the formulas read (:mod:`.readings`): every reading
here is a tally (what each face adds, of every die or of a group's); a
reading of the dice in order is counted by :mod:`.walk`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from typing import Any, Mapping, Sequence

import numpy as np

from . import whole
from . import reroll
from .whole import dtype_of as _dtype, conv as _conv, power as _power
from .denominator import big_die, budget, denominator, first_mode, mode_of
from .dice import CHAIN_CUT, Rows, die_weight, pack, rows, value_range, ways_of
from .plan import GroupPlan, Plan
from .readings import Tally
from ..frozen import made
from .space import Space, value_grid



def tracked(plan: Plan) -> tuple[str, ...]:
    """The quantities the odds need (the keys of the plan's readings),
    least significant first (``successes`` last: the most significant digit)."""
    return tuple([r.key for r in plan.readings])


def group_rows(plan: Plan, g: GroupPlan) -> Rows:
    """What each face of a group's die adds to each quantity tracked."""
    return plan.rows(g)


@dataclass
class Counted:
    """The joint counts: ``final`` (after the re-roll step), ``first`` (the
    first roll, the budget counted as unused), over ``denominator`` (None:
    probabilities)."""

    space: Space
    final: np.ndarray
    first: np.ndarray
    denominator: int | None
    mode: str
    truncated: float = 0.0
    notes: list[str] = field(default_factory=list)

def count(plan: Plan, exact: bool = False, without: str = "") -> Counted:
    """The joint counts of ``plan`` (``exact``: in Python ints); with
    ``without`` (a mark), only of the rolls in which no die shows that mark
    (over the same denominator: one minus their sum is the mark's chance)."""
    out = _count(plan, exact, without, False)
    assert isinstance(out, Counted)
    return out


def ways_without(plan: Plan, exact: bool, mark: str) -> Any:
    """The ways of the rolls in which no die shows ``mark`` (the sum of
    :func:`count` without it) of a plan with a re-roll step, its dice
    re-rolled added by their ways alone (their sums, never convolved: the
    step's end only); ``None`` for another plan (:func:`count` it)."""
    if plan.unbounded or plan.draft.reroll is None or budget(plan) <= 0:
        return None
    return _count(plan, exact, mark, True)


def _count(plan: Plan, exact: bool, without: str, total: bool) -> Any:
    mode = mode_of(plan, exact)
    names = tracked(plan)
    marks = plan.marks
    steps = plan.draft.reroll is not None and budget(plan) > 0
    inner = first_mode(plan, mode) if steps else mode  # the first roll's counts (the step's end: ``mode``)
    groups, compiled, q = plan.groups, plan.compiled, len(names)
    hidden = {gi: mark_faces(g.table, marks, without) for gi, g in enumerate(groups)} if without else \
        dict.fromkeys(range(len(groups)), ())
    # each group's die: the values it adds and their ways (dice the step may take: without those faces too);
    # the range of each quantity: each die adds from its lowest (at most 0 for the dice the step may take,
    # whose faces it takes add 0)
    ways = {}
    lo = hi = [0] * q
    shifts: dict[int, list[int]] = {}
    for gi, g in enumerate(groups):
        n = g.count
        if not n:
            continue
        V = group_rows(plan, g)
        ways[gi] = ways_of(compiled, g.table, V, inner, (), hidden[gi])
        values = ways[gi][0]
        if not values.size:
            dlo = dhi = [0] * q
        elif q == 1:  # one quantity: a die's values ascend (:func:`.dice.die_ways`)
            dlo, dhi = [int(values[0, 0])], [int(values[0, -1])]
        else:
            dlo, dhi = value_range(compiled, g.table, V, inner, hidden[gi], values)
        shift = [min(0, x) for x in dlo] if (steps and g.rerollable) else dlo
        shifts[gi] = shift
        lo = [a + n * x for a, x in zip(lo, shift)]
        hi = [a + n * x for a, x in zip(hi, dhi)]
    space = made(Space, names=names, lo=tuple(lo), radix=tuple([h - l + 1 for h, l in zip(hi, lo)]), _values={},
                 _grids={})  # (Space(...) field by field)
    known = plan.memo.get("space")  # the same space as the plan's other count: its values and grid shared
    if known == space:
        space = known
    else:
        plan.memo["space"] = space
    cut: list[float] | None = [0.0] if plan.unbounded else None
    plain: np.ndarray | None = None
    takers: list[int] = []
    for gi in ways:
        g = plan.groups[gi]
        if steps and g.rerollable:
            takers.append(gi)
            continue
        # (few cells not 0: pair by pair of them, in the first count; a mark's again has fewer of the faces)
        die = _power(pack(*ways[gi], space, shifts[gi]), g.count, inner, cut, not without)
        plain = die if plain is None else _conv(plain, die, inner, cut, not without)
    if plain is None:
        plain = np.array([1], dtype=_dtype(inner))
    B = budget(plan)
    L = 1 if mode == "float" else big_die(plan)
    pad_b = 1 if mode == "float" else L ** B
    if not takers:
        full = plain * pad_b if pad_b != 1 else plain
        if total:
            return full.sum()
        return Counted(space, full, full, None if mode == "float" else denominator(plan), mode, (cut[0] if cut else 0.0) + lost_mass(plan, mode))
    if total:
        return reroll.step(plan, takers, plain, space, mode, shifts, hidden, cut, total=True, inner=inner)
    final, first = reroll.step(plan, takers, plain, space, mode, shifts, hidden, cut, inner=inner)
    return Counted(space, final, first, None if mode == "float" else denominator(plan), mode,
                   (cut[0] if cut else 0.0) + lost_mass(plan, mode))


def lost_mass(plan: Plan, mode: str) -> float:
    """The mass of the chains of dice exploding without end left uncounted."""
    if mode != "float" or not plan.unbounded:
        return 0.0
    return CHAIN_CUT * sum(g.count for g in plan.groups if g.table.explodes and g.table.depth is None)


def mark_faces(t: Any, marks: Sequence[str], mark: str) -> tuple[int, ...]:
    """The faces of a die that show ``mark`` (none for ``""``)."""
    if not mark:
        return ()
    row = t.marks[list(marks).index(mark)]
    return tuple(f for f in range(1, t.sides + 1) if row[f - 1])
