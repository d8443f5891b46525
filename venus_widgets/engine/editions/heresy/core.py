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

from ...exact import array, ratio
from ...odds import TAIL_CUTOFF, Odds
from ...rolls import Die, Roll, in_blocks, streams

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


def _binom(n: int, p) -> np.ndarray:
    """Binomial(n, p) pmf (exact for a Fraction ``p``)."""
    exact = not isinstance(p, float)
    return array((math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(n + 1)), exact)


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


def denominator(spec: dict) -> int | None:
    """Black dice only (no pool dice left after trades): 3 ** black (each
    cancels on 1 or 6). With pool dice the 6s re-roll without end: the odds
    are not rational (``None``)."""
    return None if spec["pool"] - 3 * spec["trade"] else 3 ** spec["black"]


def odds(spec: dict, exact: bool = False) -> Odds:
    """Exact odds of net successes (spec normalized); with ``exact`` (only
    without pool dice, see :func:`denominator`) in Fractions."""
    m, black, trade = spec["pool"] - 3 * spec["trade"], spec["black"], spec["trade"]
    if exact and m:
        raise ValueError("pool dice explode: their odds are not rational")
    pool, cut = pool_pmf(m) if not exact else (array([1], True), 0)
    cancel = _binom(black, ratio(1, 3, exact))
    net = np.convolve(pool, cancel[::-1])  # index 0 = -black
    offset = trade - black
    zero = ratio(0, 1, exact)
    breakdown: dict[str, float] = {}
    for i, p in enumerate(net):
        name = degree(offset + i)
        breakdown[name] = breakdown.get(name, zero) + (p if exact else float(p))
    names = ["foul failure"] + [name for _, name in reversed(DEGREES)]
    breakdown = {name: breakdown.get(name, zero) for name in names}
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
        from ...errors import SpecError

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


# --------------------------------------------------------------------------
# Difficulty ladder and "explain this number" (docs/rules_heresy_vers.md#difficulty-ladder-heresy)
# --------------------------------------------------------------------------

#: Black dice per step of difficulty (Difficult 3, Very Difficult 6, ...).
BLACK_STEP = 3


def ladder_settings(spec: dict) -> list[dict]:
    """The Heresy ladder: 0, 3, 6, ... 36 black dice (one step of
    difficulty is 3 black dice)."""
    return [{"black": b} for b in range(0, 37, BLACK_STEP)]



def explain_steps(spec: dict, o: Odds) -> list:
    """The roll's odds in rule order: pool dice, trades, the chance without
    black dice, what the black dice take; the degrees as information."""
    from ...api import odds
    from ...explain import Step

    m, black, trade = spec["pool"] - 3 * spec["trade"], spec["black"], spec["trade"]
    steps = [Step(f"{m} pool dice" + (f" ({spec['pool']} - 3 x {trade} traded)" if trade else "")
                  + ": each 1 or 6 is a success (2 in 6), and each 6 is rolled again for another chance: "
                  "0.4 successes per die on average.")]
    if trade:
        steps.append(Step(f"{trade} automatic success(es) from the trades (black dice can cancel them)."))
    steps.append(Step(f"A success needs {THRESHOLD} net successes."))
    p0 = odds({**spec, "black": 0}).p_pass
    steps.append(Step(f"without black dice, {THRESHOLD} or more successes", p0, "+"))
    if black:
        steps.append(Step(f"the {black} black dice take the rolls they bring below {THRESHOLD}: each 1 or 6 on a "
                          "black die (2 in 6) cancels a success", p0 - o.p_pass, "-"))
    steps.append(Step("P(success or better)", o.p_pass, "="))
    steps.append(Step("partial success (net 1)", o.breakdown["partial success"]))
    steps.append(Step("foul failure (net below 0)", o.breakdown["foul failure"]))
    return steps


def explain_roll(r: Roll) -> list[str]:
    """The example roll, step by step."""
    pool = [d for d in r.dice if d.owner == "own" and d.exploded_from is None]
    again = [d for d in r.dice if d.exploded_from is not None]
    black = [d for d in r.dice if d.owner == "black"]
    got = sum(d.scores for d in pool + again)
    out = [f"Pool dice: {' '.join(str(d.after) for d in pool) or 'none'}: "
           f"{sum(d.scores for d in pool)} success(es) (1s and 6s)."]
    if again:
        out.append(f"Each 6 rolled again: {' '.join(str(d.after) for d in again)}: {got} success(es) in all.")
    if r.details["automatic"]:
        out.append(f"+ {r.details['automatic']} automatic success(es) from trades.")
    if black:
        out.append(f"Black dice: {' '.join(str(d.after) for d in black)}: cancel {-sum(d.scores for d in black)}.")
    out.append(f"Net {r.outcome}: {r.details['degree']}.")
    return out
