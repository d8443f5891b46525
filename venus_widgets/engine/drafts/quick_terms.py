"""What the cost guard's quick bound (:mod:`.quick_cost`) reads of one die
of a group: worked out when the draft loads, for every die it counts then
(:func:`.dice.compile_dice`), as a code edition keeps the tables it
computes at import; a die counted later is worked out when asked.

>>> from .plan import DieTable
>>> t = DieTable(6, (0, 0, 0, 1, 1, 1), ((0, 0, 0, 0, 0, 1),), (False,) * 6, None)
>>> terms(t, ((0, 0, 0, 1, 1, 1), (0, -1, 0, 0, 0, 1)))
Terms(bits=2.584962500721156, spans=(1, 2), chance=(1, 2))
"""

from __future__ import annotations

import math
from typing import Any, Mapping, NamedTuple

from .plan import DieTable


class Terms(NamedTuple):
    """One die of a group, as the quick bound reads it."""

    bits: float  # the bits of one roll of it: log2 of its sides
    spans: tuple[int, ...]  # per row of what it adds, its reach from 0 (0 included)
    chance: tuple[int, int]  # its chance to succeed (the re-roll step's order), as whole numbers


def terms(t: DieTable, V: tuple[tuple[int, ...], ...]) -> Terms:
    """The terms of a die ``t`` adding ``V`` (one row per tally)."""
    c = t.chance
    return Terms(math.log2(t.sides), tuple(max(0, max(row)) - min(0, min(row)) for row in V),
                 (c.numerator, c.denominator))


def terms_of(compiled: Mapping[tuple, Any], t: DieTable, V: tuple[tuple[int, ...], ...]) -> Terms:
    """The terms kept when the draft loaded, else worked out now."""
    known = compiled.get(("quick", t, V))
    return known if known is not None else terms(t, V)
