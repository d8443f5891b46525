"""The work of a mark's count whose re-roll step's budget covers every
die it may take (:mod:`.reroll_total`: no state of re-rolls made, one
power per group), priced for :func:`.cost.work`.

>>> dice_reach(2, 3)     # three dice, each adding one of two things: 4 sums
4.0
"""

from __future__ import annotations

import functools
import math
from typing import Any, Sequence

from .denominator import big_die
from .plan import Plan
from .powers import PER_CALL, conv, power_cost
from .whole_cost import die_bits, element, multisets


def all_taken(p: Plan, takers: Sequence[tuple[Any, float]], plain: float, size: float, pbits: float | None,
               reach: dict[str, float], near: float) -> float:
    """The work of a mark's count whose re-roll step's budget covers every
    die it may take (:func:`.reroll_total.total`): per group (``takers``:
    each with the length of one die's array), one die re-rolled or not
    (its ways times ``L``, the big die's: in Python ints, their bits too)
    to the power of its dice by squaring, added to the ``plain`` dice;
    again as the dice fell where only the rolls short of the goal re-roll;
    then summed. ``pbits``: the plain dice's ways in bits, counted in
    Python ints (``None``: in float64 or int64). Each power priced as
    made (:func:`.powers.power_cost`), not at its dearest count below
    (:func:`.powers.power_bound`: the model's own work at a thousand dice
    1.6 times that at a hundred, for a small part of the whole)."""
    lbits = math.log2(big_die(p)) if pbits is not None else 0.0
    work, arr, abits = 0.0, plain, pbits or 0.0
    for g, length in takers:
        db = die_bits(g.table) + lbits if pbits is not None else None
        w, grown = power_cost(length, g.count, size, db, None, functools.partial(dice_reach, reach[g.name]))
        w2, arr = conv(arr, grown, size, (abits, g.count * db) if db is not None else None,
                       (near, multisets(g.count, reach[g.name]))) if arr > 1 else (0.0, grown)
        near *= multisets(g.count, reach[g.name])
        abits += g.count * (db or 0.0)
        work += w + w2
    work += arr * element(abits) + PER_CALL  # the sum
    return work * (2 if p.when == "short" else 1)


def dice_reach(d: float, m: int) -> float:
    """The cells ``m`` dice reach, each reaching ``d``."""
    return multisets(m, d)
