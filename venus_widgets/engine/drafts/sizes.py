"""What an evaluation knows of its arrays' sizes without reading them
(:class:`Sizes`), and :func:`largest`, which reads them: the overflow check
of :mod:`.evaluation` needs the largest size of each operand of an
operator on arrays (int64 while no cell can pass 2**63).
"""

from __future__ import annotations

from typing import Any

import numpy as np


def largest(v: Any) -> int:
    """The largest size of ``v``'s values (a Python int)."""
    if isinstance(v, np.ndarray):
        if v.size == 0:
            return 0
        return max(abs(int(v.max())), abs(int(v.min())))
    return abs(int(v))


class Sizes:
    """The largest size of arrays one evaluation meets, known without
    reading them: the counts' quantities (from their ranges, :mod:`.space`)
    and what arithmetic made of them (bounded as it goes: ``|a + b|``,
    ``|a - b|``, ``|a // b|`` and ``|a % b|`` are at most ``|a| + |b|``,
    ``|a * b|`` is ``|a| |b|``). An array not known is read (its largest
    and smallest value): the overflow check costs no pass over the cells
    of a formula whose inputs have known ranges. Each size known is a
    bound proven from its operands', never a guess: a wrap stays impossible.

    >>> s = Sizes()
    >>> a = np.arange(5)
    >>> s.know(a, 4)
    >>> s.of(a), s.of(a + 1), s.of(-7)
    (4, 5, 7)
    """

    __slots__ = ("_known",)

    def __init__(self) -> None:
        self._known: dict[int, tuple[np.ndarray, int]] = {}

    def know(self, v: Any, size: int) -> None:
        """``size`` bounds every value of the array ``v`` (in size)."""
        if type(v) is np.ndarray and v.dtype.kind != "O":
            self._known[id(v)] = (v, size)  # the array is held: its id is not reused while known

    def of(self, v: Any) -> int:
        """The largest size of ``v``'s values, or a bound of it."""
        if type(v) is np.ndarray:
            got = self._known.get(id(v))
            if got is not None and got[0] is v:
                return got[1]
        return largest(v)
