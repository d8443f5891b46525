"""The work of a Heresy spec's odds, estimated from its sizes before any is
done (the contract's ``cost``; :mod:`...contract.cost` holds the budget).

The pool's successes (:mod:`.pool`): a binomial over the pool dice and,
where a scoring face is rolled again, a negative binomial count as long as
its tail (the mean and ten spreads past it); convolved with the black
dice's binomial. The numbers: floats; exact odds (no scoring face rolled
again) in fractions.

>>> from venus_widgets.engine.contract.spec import normalize
>>> c = cost(normalize({"edition": "heresy", "pool": 60, "black": 36}))
>>> c.number, round(c.dice)
('float', 108)
"""

from __future__ import annotations

import math

from ...contract.cost import Cost, held
from .net import pool_dice
from .pool import die_faces, rational
from .rules import rules_of


def cost(spec: dict, exact: bool = False) -> Cost:
    rules = rules_of(spec)
    m, black = max(0, pool_dice(spec, rules)), spec["black"]  # (a lever tried alone may leave too few dice to trade)
    a0, a1, b0, b1 = die_faces(rules)
    c = 6 - b0
    if b1 and m:
        r = b1 / c  # each re-roll of a scoring face scores again with this chance
        mean, spread = m * r / (1 - r), math.sqrt(m * r) / (1 - r)
        tail = int(60 + 3 * m + mean + 10 * spread + 40 / (1 - r))
    else:
        tail = 1
    length = m + tail + black + 1
    steps = (m + 1) * tail * 3 + length * (black + 1) * 2 + length * 12
    number = "fraction" if exact and (not m or rational(rules)) else "float"
    dice = m * 6 / (6 - len(rules.reroll_faces)) + black
    what = f"{m} pool dice" + (f", successes counted up to {m + tail}" if b1 and m else "") + f", {black} black dice"
    return Cost(memory=held(length * 3, number), steps=steps, number=number, dice=dice,
                levers=(("pool", +1), ("black", +1)), what=what)
