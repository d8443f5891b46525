"""What the kernel counts: the joint values of the quantities a draft's
outcome reads (``successes``, each mark, ``total``), packed into one whole
number per combination so that adding the dice of a roll is one ``numpy``
convolution of two 1-D arrays.

Each quantity is a digit of a mixed-radix number, the radix large enough
for every value the roll can reach: adding two packed numbers then adds
each quantity, with no carry from one digit into the next. ``successes``
is the most significant digit, so the high end of an array is where the
exploding dice's tail lies (and where float odds trim it).

>>> s = Space(("total", "successes"), (3, 0), (16, 4))
>>> s.size, s.strides
(64, (1, 16))
>>> s.pack({"total": 5, "successes": 1}, {"total": 3, "successes": 0})
18
>>> int(s.values()["successes"][18]), int(s.values()["total"][18])
(1, 5)

:func:`value_grid` is the outcome's value at every packed index.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Mapping

import numpy as np

from ..frozen import kept
from .sizes import Sizes
from .plan import Plan
from .tally_read import named
from .values import outcome_value


#: The most cells of a space whose values and outcome's grid stay on it once its odds are made
#: (:meth:`Space.let_go`): 65,536 cells, half a MB an array.
KEEP_CELLS = 2**16


@dataclass(frozen=True)
class Space:
    """Quantities (least significant first), each from ``lo`` with ``radix`` values."""

    names: tuple[str, ...]
    lo: tuple[int, ...]
    radix: tuple[int, ...]
    _values: dict = field(default_factory=dict, compare=False, hash=False, repr=False)
    _grids: dict = field(default_factory=dict, compare=False, hash=False, repr=False)  # value_grid's last

    @kept  # (kept: the kernel packs each die by them)
    def strides(self) -> tuple[int, ...]:
        out, s = [], 1
        for r in self.radix:
            out.append(s)
            s *= r
        return tuple(out)

    @kept
    def size(self) -> int:
        n = 1
        for r in self.radix:
            n *= r
        return n

    def pack(self, vector: Mapping[str, int], shift: Mapping[str, int]) -> int:
        """The packed index of ``vector - shift`` (each digit from 0)."""
        return sum((vector[n] - shift[n]) * s for n, s in zip(self.names, self.strides))

    def values(self) -> dict[str, np.ndarray]:
        """Each quantity's value at every packed index (``lo`` + its digit;
        read only: they are shared), kept on the space until :meth:`let_go`."""
        found = self._values
        if found:
            return found
        size = self.size
        idx = np.arange(size)
        out = {}
        for n, lo, r, s in zip(self.names, self.lo, self.radix, self.strides):
            digit = idx if s == 1 else idx // s
            if s * r < size:  # (the most significant digit is below its radix already)
                digit = digit % r
            v = digit + lo if lo else digit
            v.flags.writeable = False
            out[n] = v
        object.__setattr__(self, "_values", out)  # (made whole, then shown: another thread never sees half)
        return out

    def let_go(self) -> None:
        """Forget the values and the outcome's grid of a space past
        :data:`KEEP_CELLS` (the odds that read them are made): the space
        stays on its plan, cached, and the counts kept share it; its arrays
        would stay with it (a ladder of such spaces held them all). They are
        made again if asked. A thread reading them keeps the ones it has."""
        if self.size > KEEP_CELLS:
            object.__setattr__(self, "_values", {})
            object.__setattr__(self, "_grids", {})

    def sizes(self, values: Mapping[str, np.ndarray]) -> Sizes:
        """The largest size of each quantity's values (from its range, not read)."""
        out = Sizes()
        for n, lo, r in zip(self.names, self.lo, self.radix):
            v = values.get(n)
            if v is not None:
                out.know(v, max(abs(lo), abs(lo + r - 1)))
        return out


def value_grid(plan: Plan, space: Space, values: Mapping[str, np.ndarray]) -> np.ndarray:
    """The outcome's value at every packed index (``values``: each tracked
    quantity there, as :meth:`Space.values` gives them; of those, kept on
    the space for the last plan: the re-roll step and the odds read it in
    turn; counts kept for many specs hold one grid, not one a spec). The
    plan is known by a weak reference: the space is kept on the plan, and a
    plan that held itself so would wait for Python's full collection)."""
    every = values is space._values
    known = space._grids.get("last") if every else None
    if known is not None and known[0]() is plan:
        return known[1]
    v = named(plan.draft.outcome.value, space, values, space.size)  # (a tally named alone: read as it is)
    if v is None:
        v = outcome_value(plan, values, space.sizes(values))
    out = v if type(v) is np.ndarray and v.shape == (space.size,) else np.broadcast_to(
        np.asarray(v, dtype=np.int64), (space.size,))
    if every:
        out.flags.writeable = False
        space._grids["last"] = (weakref.ref(plan), out)
    return out
