"""The sum of the re-roll step's counts (:func:`.reroll.step` with
``total``: the ways of the rolls in which no die shows a mark, whose
chance the counts do not track) when the budget covers every die the step
may take (a re-roll of every failed die): no die waits for another's
re-roll, so no state of re-rolls made is needed.

Each of the ``N`` dice the step may take then either shows a face it
takes (``taken`` ways, at ``zero``: it adds nothing), re-rolled while the
first roll is short of the goal (its fresh die's ``f`` ways), or another
face (its ``ne`` ways), a re-roll not made (``L`` ways). Summed over the
rolls short of the goal, a die is ``L ne + taken f`` at ``zero`` and the
``B - N`` re-rolls never made ``L`` ways each; over the others, as they
fell (``ne + taken`` at ``zero``), every re-roll not made. One power per
group, not one convolution per state and kernel: the same whole numbers.

>>> ne, fresh = np.array([0, 3]), np.array([3, 3])   # a d6: 3 faces taken (at 0), 3 adding 1
>>> one_die(ne, 3, 6, 6, 0, "count").tolist()       # L = 6: 3 * 6 re-rolled, 3 * 6 not
[18.0, 18.0]
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from .whole import conv, dtype_of, grow, power


def covers(budget: int, counts: Sequence[int]) -> bool:
    """Whether a budget re-rolls every die of the step at once (no die's re-roll waits on another's)."""
    return budget >= sum(counts)


def one_die(ne: np.ndarray, taken: Any, f: Any, L: Any, zero: int, mode: str) -> np.ndarray:
    """One die of the step summed over the re-roll it makes or not (see
    the module; ``f`` 0 and ``L`` 1: as it fell), in ``mode``'s numbers."""
    arr = _in(ne, mode)
    out = grow(arr * L if L != 1 else arr.copy(), zero + 1)
    out[zero] += taken * f if f else taken
    return out


def total(groups: Sequence[tuple[int, np.ndarray, Any, Any, int]], plain: np.ndarray, short: np.ndarray | None,
          B: int, L: int, mode: str) -> Any:
    """The sum of the step's counts (as :func:`.reroll.step` with
    ``total``) when :func:`covers` holds: ``groups`` each ``(dice, ne,
    taken, f, zero)`` (``f``: the ways of its fresh die, over ``L``),
    ``plain`` the dice the step may not take, ``short`` where the first
    roll is short of the goal (None: every roll re-rolls)."""
    N = sum(n for n, *_ in groups)
    base = _in(plain, mode)
    rerolled = base
    for n, ne, taken, f, zero in groups:
        rerolled = conv(rerolled, power(one_die(ne, taken, f, L, zero, mode), n, mode, None), mode, None)
    size = short.size if short is not None else rerolled.size
    out = _sum(rerolled[:size] if short is None else rerolled[:size][short[: rerolled.size]], mode) * L ** (B - N)
    if short is not None:
        fell = base
        for n, ne, taken, _, zero in groups:
            fell = conv(fell, power(one_die(ne, taken, 0, 1, zero, mode), n, mode, None), mode, None)
        out += _sum(fell[:size][~short[: fell.size]], mode) * L ** B
    return out if mode == "exact" else dtype_of(mode)(out)


def _in(arr: np.ndarray, mode: str) -> np.ndarray:
    """Whole numbers in ``mode``'s kind (Python ints past 2**63)."""
    dt = dtype_of(mode)
    if arr.dtype == dt:
        return arr
    if dt is object:
        return np.array([int(x) for x in arr.tolist()], dtype=object)
    return arr.astype(dt)


def _sum(arr: np.ndarray, mode: str) -> int:
    """The sum as a Python int (exact)."""
    return int(arr.sum()) if mode != "exact" else sum(arr.tolist(), 0)
