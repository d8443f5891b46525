"""The kernels and tails of the re-roll step's block of one group
(:func:`.reroll._matrix`) read off Pascal's triangle, when the faces the
step does not take add one value or two (a Venus die: a failure the step
takes, a success, a 6): no power of a die made, each entry of every
kernel at once, in whole numbers in float64.

``K[e]``: ``e`` of the ``n`` dice show faces the step takes (``taken``
ways each, adding nothing: at ``zero``), the ``j = n - e`` others ``i`` of
the first value (``a`` ways, at ``p``) and ``j - i`` of the second (``b``
ways, at ``q``): ``C(n, e) C(j, i) taken**e a**i b**(j - i)`` ways, at
``e zero + i p + (j - i) q``. ``T[b] = K[b] + K[b + 1] + ...``.

>>> K, T = pascal(2, np.array([0.0, 2.0, 1.0]), 3, 0)   # a d6: 3 faces taken at 0, 2 at 1, 1 at 2
>>> K.tolist()                                          # none taken, one, both
[[0.0, 0.0, 4.0, 4.0, 1.0], [0.0, 12.0, 6.0, 0.0, 0.0], [9.0, 0.0, 0.0, 0.0, 0.0]]
>>> T[0].tolist(), T[0].sum()                            # every way of 2d6
([9.0, 12.0, 10.0, 4.0, 1.0], np.float64(36.0))
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..maths.dist import comb_table, whole_powers

#: ``_PAIRS[n]``: ``(J, I, n - J, J - I, C(n, n - J) C(J, I))`` for every ``0 <= i <= j <= n`` (Pascal's
#: triangle's entries, to row 51): the ways to choose which dice show what, at most ``3**n``, exact in
#: float64 wherever :func:`pascal` reads them (a die of 3 ways or more, its ``n``-th power below 2**52).
_PAIRS = []
for _n in range(52):
    _J, _I = np.nonzero(np.tri(_n + 1, dtype=bool))
    _PAIRS.append((_J, _I, _n - _J, _J - _I, comb_table(_n)[_n, _n - _J] * comb_table(_n)[_J, _I]))


def pascal(n: int, ne: np.ndarray, taken: Any, zero: int) -> tuple[np.ndarray, np.ndarray] | None:
    """``(K, T)`` as :func:`.reroll._matrix` makes them (the same shape and
    numbers), of ``n`` dice whose faces the step does not take are ``ne``
    (packed), or ``None`` where those faces add more than two values or
    the counts could pass 2**53 (then they are made by convolutions)."""
    if ne.dtype != np.float64:
        return None
    nz = ne.nonzero()[0].tolist()
    if not 1 <= len(nz) <= 2 or n >= len(_PAIRS) or n * math.log2(ne.sum() + taken) >= 52:
        return None
    width = n * (ne.size - 1) + 1 + n * zero
    K = np.zeros((n + 1, width))
    C = comb_table(n)
    if len(nz) == 1:  # j of the dice show the one value: C(n, j) taken**(n - j) v**j ways
        J = np.arange(n + 1)
        K[n - J, (n - J) * zero + J * nz[0]] = C[n] * whole_powers(int(taken), n)[::-1] * \
            whole_powers(int(ne[nz[0]]), n)
    else:
        p, q = nz
        J, I, E, D, ways = _PAIRS[n]
        K[E, E * zero + I * p + D * q] = ways * whole_powers(int(taken), n)[E] * \
            whole_powers(int(ne[p]), n)[I] * whole_powers(int(ne[q]), n)[D]
    return K, np.add.accumulate(K[::-1], axis=0)[::-1]
