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
from typing import Any, Callable, Sequence

import numpy as np

from ..caching import cached

#: The least mass of the end of an array the kernel keeps (:data:`.whole.TRIM` 1e-20 of a tail;
#: :func:`.dice._trim`: an entry over 1e-24): past the place where less than this is left, nothing is.
EPS = 1e-24
#: The values of ``θ`` tried, as shares of ``50 / (the largest step)`` (past it, a bound no tighter).
_SHARES = np.concatenate([2.0 ** -np.arange(1, 40), 1 - 2.0 ** -np.arange(2, 30)])


def reach(t: Any, rows: Sequence[Sequence[int]], weights: Sequence[float], n: int) -> float | None:
    """A bound on the packed place of ``n`` dice of table ``t`` (``rows``:
    what each face adds to each quantity; ``weights``: each quantity's
    stride), counted from ``n`` times each quantity's lowest face: no entry
    past it holds :data:`EPS`. ``None`` when an exploding face takes some
    quantity down (a chain that may fall has no such bound here). Kept: the
    specs of a ladder or a grid ask it of the same dice, the model of one
    spec of each power it prices (a grid of 2,257 settings of a pool and its black dice: 41,000 asks)."""
    return _reach(t, tuple(tuple(r) for r in rows), tuple(float(w) for w in weights), n)


def reaches(t: Any, rows: Sequence[Sequence[int]], weights: Sequence[float]) -> Callable[[int], float | None]:
    """:func:`reach` of ``n`` dice, as a function of ``n`` (the model asks it of each power it prices)."""
    key = (tuple(tuple(r) for r in rows), tuple(float(w) for w in weights))
    return lambda n: _reach(t, *key, n)


@cached(4096)
def _reach(t: Any, rows: tuple[tuple[int, ...], ...], weights: tuple[float, ...], n: int) -> float | None:
    found = _log_mgf(t, rows, weights)
    if found is None:
        return None
    thetas, log_m = found
    if not thetas.size or n <= 0:
        return 0.0
    return float(np.min((n * log_m - math.log(EPS)) / thetas))


@cached(512)
def _log_mgf(t: Any, rows: tuple[tuple[int, ...], ...], weights: tuple[float, ...]) -> tuple[Any, Any] | None:
    """``(θ, log M(θ))`` of one die's place at the ``θ`` tried where its
    chain's sum converges (none: no step up at all); ``None``: a chain may fall."""
    V = np.array(rows, dtype=float).reshape(len(rows), t.sides)
    w = np.array(weights, dtype=float)
    boom = np.array(t.explode if t.explodes and t.depth != 0 else (False,) * t.sides, dtype=bool)
    if boom.any() and (V[:, boom] < 0).any():
        return None
    first = w @ (V - V.min(axis=1, keepdims=True)) if len(rows) else np.zeros(t.sides)
    more = w @ V if len(rows) else np.zeros(t.sides)
    top = max(float(first.max()), float(more[boom].max()) if boom.any() else 0.0)
    if top <= 0:
        return np.zeros(0), np.zeros(0)
    thetas = _SHARES * 50.0 / top
    q = 1.0 / t.sides
    e_first = np.exp(np.outer(thetas, first)) * q
    stop = e_first[:, ~boom].sum(axis=1)
    if not boom.any():
        return thetas, np.log(stop)
    e_more = np.exp(np.outer(thetas, more)) * q
    again_on = e_more[:, boom].sum(axis=1)
    ok = again_on < 1.0
    if not ok.any():  # every face explodes: the chain never stops
        return None
    on, again_stop = e_first[:, boom].sum(axis=1), e_more[:, ~boom].sum(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        log_m = np.log(stop + on * again_stop / (1.0 - again_on))
    return thetas[ok], log_m[ok]
