"""How far the counts of dice that explode without end reach once their
tails are cut, bounded before any counting (:mod:`.cost`, :mod:`.step_cost`).

Without a depth, a die's chain is followed until less than 1e-18 of it is
left (:func:`.dice.levels`: 227 levels for a d6 exploding on 2+), so the
range of its values runs to hundreds of faces; but the kernel cuts every
array's end holding less than 1e-20 of the whole (:func:`.whole.conv`) and
a die's table its entries below 1e-24 (:func:`.dice._trim`), so the arrays
it really convolves are far shorter: 30 such dice priced over a range of
41,000 values (0.9 s) took 4 ms. A Chernoff bound gives how far they reach:
for ``n`` dice whose packed place ``S`` (each quantity a die adds, from its
lowest, times its stride) has the moment generating function ``M``,
``P(S >= x) <= M(θ)**n * exp(-θ x)`` for every ``θ > 0``; past the least
such ``x`` below :data:`EPS`, no entry is kept. One die's ``M`` follows from
its faces (a chain: the faces that stop, or an exploding face and a chain
again), a few sums of exponentials: bounded arithmetic on the die's numbers.

>>> from .plan import DieTable
>>> d6 = DieTable(6, (0,) * 6, (), (False,) + (True,) * 5, None)
>>> total = (tuple(range(1, 7)),)
>>> 21 * 30 < reach(d6, total, (1,), 30) < 3000     # 30 dice: about 630 on average; 41,000 as listed
True
>>> reach(DieTable(6, (0,) * 6, (), (True,) + (False,) * 5, None), ((-1,) * 6,), (1,), 3) is None
True
"""

from __future__ import annotations

import math
from typing import Any, Sequence

#: The least mass of the end of an array the kernel keeps (:data:`.whole.TRIM` 1e-20 of a tail;
#: :func:`.dice._trim`: an entry over 1e-24): past the place where less than this is left, nothing is.
EPS = 1e-24
#: The values of ``θ`` tried, as shares of the largest the chain allows (or of ``1 / (largest step)``).
_SHARES = tuple(2.0 ** -j for j in range(1, 40)) + tuple(1 - 2.0 ** -j for j in range(2, 30))


def reach(t: Any, rows: Sequence[Sequence[int]], weights: Sequence[float], n: int) -> float | None:
    """A bound on the packed place of ``n`` dice of table ``t`` (``rows``:
    what each face adds to each quantity; ``weights``: each quantity's
    stride), counted from ``n`` times each quantity's lowest face: no entry
    past it holds :data:`EPS`. ``None`` when an exploding face takes some
    quantity down (a chain that may fall has no such bound here)."""
    s = t.sides
    lows = [min(r) for r in rows]
    first = [sum(w * (r[f] - lw) for r, w, lw in zip(rows, weights, lows)) for f in range(s)]
    boom = list(t.explode) if t.explodes and t.depth != 0 else [False] * s
    more = [sum(w * r[f] for r, w in zip(rows, weights)) for f in range(s)]
    if any(b and (x < 0 or any(r[f] < 0 for r in rows)) for f, (b, x) in enumerate(zip(boom, more))):
        return None
    top = max([*first, *(x for x, b in zip(more, boom) if b)], default=0.0)
    if top <= 0 or n <= 0:
        return 0.0
    best = math.inf
    log_eps = math.log(EPS)
    for share in _SHARES:
        theta = share * 50.0 / top
        log_m = _log_mgf(first, more, boom, s, theta)
        if log_m is None:
            continue
        best = min(best, (n * log_m - log_eps) / theta)
    return None if best == math.inf else best


def _log_mgf(first: Sequence[float], more: Sequence[float], boom: Sequence[bool], s: int,
             theta: float) -> float | None:
    """``log M(θ)`` of one die's place (``None``: the chain's sum diverges at this ``θ``)."""
    q = 1.0 / s
    stop = sum(q * math.exp(theta * x) for x, b in zip(first, boom) if not b)
    if not any(boom):
        return math.log(stop)
    on = sum(q * math.exp(theta * x) for x, b in zip(first, boom) if b)
    again_stop = sum(q * math.exp(theta * x) for x, b in zip(more, boom) if not b)
    again_on = sum(q * math.exp(theta * x) for x, b in zip(more, boom) if b)
    if again_on >= 1.0:
        return None
    return math.log(stop + on * again_stop / (1.0 - again_on))
