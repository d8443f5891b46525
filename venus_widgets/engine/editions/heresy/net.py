"""The odds of a Heresy roll's net successes (pool dice, trades, black dice).

>>> import venus_widgets as vw
>>> vw.odds({"edition": "heresy", "pool": 6, "trade": 2}).p_pass   # 6 dice traded: automatic success
1.0
"""

from __future__ import annotations

import math

import numpy as np

from ...exact import array, ratio
from ...odds import Odds
from .degrees import BANDS, threshold
from .pool import cancels, pool_pmf
from .rules import RULES, Rules, rules_of


def pool_dice(spec: dict, rules: Rules | None = None) -> int:
    """Pool dice rolled: the pool less 3 per trade."""
    rules = rules or rules_of(spec)
    return int(spec["pool"] - rules.trade_rate * spec["trade"])


def denominator(spec: dict, rules: Rules | None = None) -> int | None:
    """Black dice only (no pool dice left after trades): 3 ** black (each
    cancels on 1 or 6, 2 faces in 6). With pool dice the 6s re-roll without
    end: the odds are not rational (``None``)."""
    rules = rules or rules_of(spec)
    if pool_dice(spec, rules):
        return None
    return (6 // math.gcd(len(rules.success_faces), 6)) ** spec["black"]


def odds(spec: dict, exact: bool = False, rules: Rules | None = None) -> Odds:
    """Exact odds of net successes (spec normalized); with ``exact`` (only
    without pool dice, see :func:`denominator`) in Fractions. ``rules``: a
    variant's reading (:mod:`.rules`)."""
    rules = rules or rules_of(spec)
    m, black, trade = pool_dice(spec, rules), spec["black"], spec["trade"]
    if exact and m:
        raise ValueError("pool dice explode: their odds are not rational")
    pool, cut = pool_pmf(m, rules) if not exact else (array([1], True), 0)
    net = np.convolve(pool, cancels(black, exact, rules)[::-1])  # index 0 = -black
    offset = trade - black
    zero = ratio(0, 1, exact)
    values = net.tolist()  # summed in order, band by band
    clamp = lambda v, end: end if v is None else min(max(v - offset, 0), len(values))  # noqa: E731
    breakdown = {name: sum(values[clamp(lo, 0):clamp(hi, len(values))], zero) for name, lo, hi in BANDS}
    notes = ["each 6 is re-rolled while 6s come up: the tail beyond 1e-12 of mass is cut off"] if m else []
    if trade:
        notes.append(f"{trade} automatic success(es) traded for {rules.trade_rate * trade} pool dice; "
                     "black dice can cancel them")
    return Odds.from_pmf(spec, net, threshold=threshold(spec, rules), offset=offset, breakdown=breakdown,
                         truncated=cut, notes=tuple(notes))
