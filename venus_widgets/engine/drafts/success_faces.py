"""What the re-roll step counted by successes (:mod:`.reroll_successes`)
reads of one die the step may take: whether its faces allow that count (a
face the step takes adds nothing; each other face adds one success and
one of at most two patterns to the tallies, none below 0), the ways of
each pattern, and the die's chance and ways. Worked out when the draft
loads, for every die it counts then (:func:`.dice.compile_dice`), as a
code edition keeps the tables it computes at import; a die counted later
is worked out when asked (:func:`faces_of`).

>>> from .plan import DieTable
>>> t = DieTable(6, (0, 0, 0, 1, 1, 1), ((0, 0, 0, 0, 0, 1),), (False,) * 6, None)
>>> f = faces(t, (1, 2, 3), ((0, 0, 0, 0, 0, 1), (0, 0, 0, 1, 1, 1)))  # the 6s tallied, then the successes
>>> f.taken, f.plain, f.b, f.mark, f.a, sorted(f.ones), f.weight
(3, (0, 1), 2, (1, 1), 1, [1], 6)
>>> faces(t, (1, 2), ((0, 0, 0, 0, 0, 1), (0, 0, 0, 1, 1, 1))) is None  # a face the step leaves that adds nothing
True
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple

from .plan import DieTable

Rows = tuple[tuple[int, ...], ...]


class Faces(NamedTuple):
    """One die of a group the step may take, as the count by successes reads it."""

    chance: tuple[int, int]  # its chance to succeed, in lowest terms (the step's order: best first)
    order: float  # that chance in float64: two chances of dice of at most 1,000 sides differ by 1e-6 or more
    taken: int  # the faces the step takes (each adds nothing)
    plain: tuple[int, ...]  # what a plain success adds to each tally
    b: int  # the faces of a plain success
    mark: tuple[int, ...]  # what a success that shows the mark adds (``plain`` where none does)
    a: int  # the faces of such a success (0: none)
    ones: frozenset[int]  # the tallies every face the step does not take adds one to
    weight: int  # the ways of one die (:func:`.dice.die_weight`, in whole numbers)


def faces(t: DieTable, eligible: tuple[int, ...], rows: Rows) -> Faces | None:
    """The :class:`Faces` of a die ``t`` adding ``rows`` (one per tally)
    whose faces ``eligible`` the step takes, or ``None`` where the count by
    successes cannot take it (see the module)."""
    if t.explodes or t.redraw:
        return None
    patterns: dict[tuple[int, ...], int] = {}
    ones: set[int] | None = None
    for f, col in enumerate(zip(*rows), 1):
        if f in eligible:
            if any(col):
                return None
        elif col in patterns:
            patterns[col] += 1
        elif min(col) < 0 or len(patterns) == 2:
            return None
        else:
            patterns[col] = 1
            here = {i for i, v in enumerate(col) if v == 1}
            ones = here if ones is None else ones & here
    if not patterns:
        return None
    plain, *marked = sorted(patterns)
    mark = marked[0] if marked else plain
    c = t.chance
    return Faces((c.numerator, c.denominator), c.numerator / c.denominator, len(eligible), plain, patterns[plain],
                 mark, patterns[mark] if marked else 0, frozenset(ones or ()),
                 t.sides)  # (a die that does not explode: its sides' ways)


#: :func:`faces_of`'s answer for a die the count by successes cannot take, as kept at load.
NONE: tuple = ()


def faces_of(compiled: Mapping[tuple, Any], t: DieTable, eligible: tuple[int, ...], rows: Rows) -> Faces | None:
    """The faces kept when the draft loaded, else worked out now."""
    known = compiled.get(("successes", t, eligible, rows))
    if known is None:
        return faces(t, eligible, rows)
    return known if known is not NONE else None
