"""The Heresy Engine (Victoriana), for comparison, exactly.

Roll ``pool - 3 * trade`` d6: each 1 or 6 is a success, and each 6 is
rolled again for a chance at another success, as long as 6s come up. Each
1 or 6 on the black dice cancels one success; black dice never re-roll.
Each trade of 3 pool dice is one automatic success (black dice can still
cancel it). The outcome is the **net** successes (negative: foul failure);
a task passes with 2 (threshold 2), 1 is a partial success.

One pool die gives ``k >= 1`` successes with probability ``(10/6) 6**-k``
(``k - 1`` sixes then a 1, or ``k`` sixes then a 2..5), so its generating
function is ``(4 + z) / (6 - z)``: the pool's successes are a
Binomial(m, 1/5) plus a negative binomial (m, 5/6) count, which the engine
sums exactly. The unbounded tail is cut where the mass left is below
1e-12 (reported as ``Odds.truncated``).

>>> import venus_widgets as vw
>>> o = vw.odds({"edition": "heresy", "pool": 1})
>>> round(o.distribution[0], 12), round(o.distribution[1], 12)   # 4/6, (10/6)/6
(0.666666666667, 0.277777777778)
>>> vw.odds({"edition": "heresy", "pool": 6, "trade": 2}).p_pass   # 6 dice traded: automatic success
1.0
"""

from __future__ import annotations

import math

import numpy as np

from .odds import TAIL_CUTOFF, Odds
from .rolls import Die, Roll, in_blocks, streams

#: Net successes -> degree (the seed's Degrees of Success table; below 0 a foul failure).
DEGREES = (
    (20, "god-like"),
    (15, "awe-inspiring"),
    (10, "virtuoso"),
    (6, "impressive"),
    (3, "good success"),
    (2, "success"),
    (1, "partial success"),
    (0, "failure"),
)
THRESHOLD = 2


def degree(net: int) -> str:
    """The degree of a net number of successes.

    >>> degree(-1), degree(0), degree(1), degree(5), degree(6), degree(25)
    ('foul failure', 'failure', 'partial success', 'good success', 'impressive', 'god-like')
    """
    for lo, name in DEGREES:
        if net >= lo:
            return name
    return "foul failure"


def _binom(n: int, p: float) -> np.ndarray:
    """Binomial(n, p) pmf."""
    k = np.arange(n + 1)
    return np.array([math.comb(n, i) for i in k], dtype=float) * p**k * (1 - p) ** (n - k)


def pool_pmf(m: int) -> tuple[np.ndarray, float]:
    """Successes of ``m`` pool dice (6s re-rolled without limit): the pmf,
    cut where the tail left is below 1e-12, and the mass cut off.

    >>> pmf, cut = pool_pmf(2)
    >>> bool(abs(pmf[0] - (4 / 6) ** 2) < 1e-15), cut < 1e-12
    (True, True)
    """
    if m == 0:
        return np.ones(1), 0.0
    # negative binomial: j extra successes from the 6s' re-rolls, ratio (m + j) / (6 (j + 1)) < 1 for j >= m / 5
    j_max = 60 + 3 * m
    j = np.arange(j_max)
    ratio = (m + j[:-1]) / (6.0 * (j[:-1] + 1))
    nb = (5.0 / 6.0) ** m * np.concatenate(([1.0], np.cumprod(ratio)))
    pmf = np.convolve(_binom(m, 0.2), nb)
    tail = np.cumsum(pmf[::-1])[::-1]  # tail[i] = P(Y >= i) within the computed range
    keep = int(np.searchsorted(-tail, -TAIL_CUTOFF / 10, side="right"))
    keep = max(keep, 1)
    cut = float(tail[keep]) if keep < len(pmf) else 0.0
    # beyond j_max the series is geometric with ratio below 1/2: bounded by its last term
    cut += float(nb[-1])
    return pmf[:keep], cut


def odds(spec: dict) -> Odds:
    """Exact odds of net successes (spec normalized)."""
    m, black, trade = spec["pool"] - 3 * spec["trade"], spec["black"], spec["trade"]
    pool, cut = pool_pmf(m)
    cancel = _binom(black, 1.0 / 3.0)
    net = np.convolve(pool, cancel[::-1])  # index 0 = -black
    offset = trade - black
    breakdown: dict[str, float] = {}
    for i, p in enumerate(net):
        name = degree(offset + i)
        breakdown[name] = breakdown.get(name, 0.0) + float(p)
    names = ["foul failure"] + [name for _, name in reversed(DEGREES)]
    breakdown = {name: breakdown.get(name, 0.0) for name in names}
    notes = ["each 6 is re-rolled while 6s come up: the tail beyond 1e-12 of mass is cut off"] if m else []
    if trade:
        notes.append(f"{trade} automatic success(es) traded for {3 * trade} pool dice; black dice can cancel them")
    return Odds.from_pmf(spec, net, threshold=THRESHOLD, offset=offset, breakdown=breakdown,
                         truncated=cut, notes=tuple(notes))


def _success(faces):
    return (faces == 1) | (faces == 6)


def roll(spec: dict, seed: int, kiss: list[int] | None = None, ego: bool | None = None) -> Roll:
    """A seeded roll: pool dice, black dice, then the re-rolls of 6s
    (``exploded_from``) in rolling order. KISS and Ego do not exist here.

    >>> import venus_widgets as vw
    >>> r = vw.roll({"edition": "heresy", "pool": 6, "black": 3}, seed=1)
    >>> r.outcome == sum(d.scores for d in r.dice)
    True
    """
    if kiss:
        from .errors import SpecError

        raise SpecError("kiss", kiss, "no KISS in the Heresy Engine")
    m, black, trade = spec["pool"] - 3 * spec["trade"], spec["black"], spec["trade"]
    g1, _ = streams(seed)
    faces = [int(f) for f in g1.integers(1, 7, size=m + black)]
    dice = [Die(i, "own", None, 6, f, f, False, int(f in (1, 6))) for i, f in enumerate(faces[:m])]
    dice += [Die(m + i, "black", None, 6, f, f, False, -int(f in (1, 6))) for i, f in enumerate(faces[m:])]
    pending = [d.index for d in dice[:m] if d.after == 6]
    while pending:
        new = g1.integers(1, 7, size=len(pending))
        nxt = []
        for src, f in zip(pending, new):
            d = Die(len(dice), "own", None, 6, int(f), int(f), False, int(f in (1, 6)), exploded_from=src)
            dice.append(d)
            if f == 6:
                nxt.append(d.index)
        pending = nxt
    net = sum(d.scores for d in dice) + trade
    return Roll(spec=spec, seed=seed, dice=tuple(dice), outcome=net, passed=net >= THRESHOLD,
                goal_reached=net >= THRESHOLD,
                details={"degree": degree(net), "automatic": trade, "foul_failure": net < 0})


def roll_many(spec: dict, n: int, seed: int) -> np.ndarray:
    """Net successes of ``n`` rolls, simulating every die (vectorised, in blocks)."""
    return in_blocks(n, seed, lambda rows, g1, _: _rolls(spec, rows, g1))


def _rolls(spec: dict, rows: int, g1: np.random.Generator) -> np.ndarray:
    m, black, trade = spec["pool"] - 3 * spec["trade"], spec["black"], spec["trade"]
    faces = g1.integers(1, 7, size=(rows, m), dtype=np.int8)
    net = _success(faces).sum(axis=1) + trade
    net -= _success(g1.integers(1, 7, size=(rows, black), dtype=np.int8)).sum(axis=1)
    sixes = (faces == 6).sum(axis=1)
    while sixes.any():  # one re-roll per 6: its success, and the 6s among them
        f = g1.integers(1, 7, size=int(sixes.sum()), dtype=np.int8)
        row = np.repeat(np.arange(rows), sixes)
        net += np.bincount(row, weights=_success(f), minlength=rows).astype(np.int64)
        sixes = np.bincount(row, weights=f == 6, minlength=rows).astype(np.int64)
    return net
