"""The odds of a Heresy roll's net successes (pool dice, trades, black dice).

>>> import venus_widgets as vw
>>> vw.odds({"edition": "heresy", "pool": 6, "trade": 2}).p_pass   # 6 dice traded: automatic success
1.0
"""

from __future__ import annotations

import math

import numpy as np

from ...maths.exact import ratio
from ...errors import SpecError
from ...maths.odds import TAIL_WORDS, Odds
from ...contract.table_answers import plural
from .degrees import bands, threshold
from .pool import cancels, die_faces, pool_pmf, rational
from .rules import Rules, rules_of


def pool_dice(spec: dict, rules: Rules | None = None) -> int:
    """Pool dice rolled: the pool less 3 per trade."""
    rules = rules or rules_of(spec)
    return int(spec["pool"] - rules.trade_rate * spec["trade"])


def denominator(spec: dict, rules: Rules | None = None) -> int | None:
    """A common denominator: per black die 6 over the faces that cancel
    (3 for 1 or 6), per pool die the faces it stops on (a face rolled again
    that does not score only delays the stop). With a scoring face rolled
    again (today's 6) the pool dice roll on without end: the odds are not
    rational (``None``)."""
    rules = rules or rules_of(spec)
    m = pool_dice(spec, rules)
    if m and not rational(rules):
        return None
    a0, a1, _, _ = die_faces(rules)
    per_pool = (a0 + a1) // math.gcd(a1, a0 + a1)
    return per_pool ** m * (6 // math.gcd(len(rules.success_faces), 6)) ** spec["black"]


def odds(spec: dict, exact: bool = False, rules: Rules | None = None) -> Odds:
    """Exact odds of net successes (spec normalized); with ``exact`` (only
    without pool dice, see :func:`denominator`) in Fractions. ``rules``: a
    variant's reading (:mod:`.rules`)."""
    rules = rules or rules_of(spec)
    m, black, trade = pool_dice(spec, rules), spec["black"], spec["trade"]
    if exact and m and not rational(rules):
        again = ", ".join(str(f) for f in rules.reroll_faces if f in rules.success_faces)
        raise SpecError("pool", spec["pool"], "no pool dice for exact=True while a scoring face is rolled again",
                        f"each {again} is a success rolled again without end, so the odds are not a fraction; "
                        "use exact=False for the odds with the tail below 1e-12 cut off, or set "
                        "rules.reroll_faces to faces that do not score")
    pool, cut = pool_pmf(m, rules, exact)
    net = np.convolve(pool, cancels(black, exact, rules)[::-1])  # index 0 = -black
    offset = trade - black
    zero = ratio(0, 1, exact)
    values = net.tolist()  # summed in order, band by band
    clamp = lambda v, end: end if v is None else min(max(v - offset, 0), len(values))  # noqa: E731
    breakdown = {name: sum(values[clamp(lo, 0):clamp(hi, len(values))], zero) for name, lo, hi in bands(rules)}
    notes = [f"each 6 is rolled again while 6s come up: the rarest endless chains, {TAIL_WORDS}, are left out"] \
        if cut else []
    if trade:
        notes.append(f"{plural(trade, 'automatic success', 'automatic successes')} traded for "
                     f"{rules.trade_rate * trade} pool dice; black dice can cancel "
                     + ("it" if trade == 1 else "them"))
    return Odds.from_pmf(spec, net, threshold=threshold(spec, rules), offset=offset, breakdown=breakdown,
                         truncated=cut, notes=tuple(notes))
