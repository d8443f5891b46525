"""The work of a playtest spec's odds, estimated from its sizes before any
is done (the contract's ``cost``; :mod:`...contract.cost` holds the budget).

A task is counted over its first rolls (:mod:`.default`, :mod:`.optimal`):
by the own dice's successes (and sixes, with Ego ``double6``), and the
allies die by die in KISS order, over the KISS budget and the successes up
to the goal; the optimal policy enumerates the first rolls by (failures,
successes, sixes) of each group of one caliber and values every choice
the budget allows. The numbers: whole-number counts in floats below
2**53; with ``exact=True`` above it, Python integers. A check is 20
naturals and the bonus d6s.

>>> from venus_widgets.engine.contract.spec import normalize
>>> c = cost(normalize({"roll": "task", "dice": 30, "kiss": 40, "allies": ["gold", "gold"]}))
>>> c.number, c.dice
('float', 64.0)
"""

from __future__ import annotations

from ...contract.cost import Cost, held
from .task import budget, denominator, goal


def cost(spec: dict, exact: bool = False) -> Cost:
    if spec["roll"] == "check":
        return Cost(memory=held(20 * 7, "fraction"), steps=20 * 7 * (spec["bonus_factors"] + 1), number="fraction" if exact else "float",
                    dice=1 + spec["bonus_factors"])
    n, allies = spec["dice"], len(spec["allies"])
    k = budget(spec) + 1
    g = goal(spec) + 2
    groups = {spec["caliber"]: n}
    for c in spec["allies"]:
        groups[c] = groups.get(c, 0) + 1
    first = 1  # first rolls by (failures, successes, sixes) of each group of one caliber
    for m in groups.values():
        first *= (m + 1) * (m + 2) // 2
    own = (n + 1) * k * g  # the own dice by successes, budget used and left
    kin = (allies + 1) ** 2 * k * g * (allies + 1)  # the allies die by die in KISS order
    if spec["policy"] == "optimal":
        tables = {"first rolls": first * 4, "own dice": own}
        steps = first * (g + 3) * 4 + own * 4 + kin * 4
    else:
        tables = {"own dice": own, "allies": kin, "tails": k * g * g}
        steps = own * 6 + kin * 6 + k * g * g * 2
    number = "int" if exact and denominator(spec) >= 2**53 else "float"  # (the denominator only when asked)
    dice = n + allies + k - 1 + (n + allies if spec["ego"] == "reroll" else 0)
    what = f"{n} dice and {allies} allies, a KISS budget of {k - 1}, {first} kinds of first roll"
    # the tables hold floats or int64 (Python integers only in the counts summed at the end)
    # a block of rolls holds a few words of int64 a die of a roll, more where the optimal policy sorts them by
    # class (measured: 30 dice and six allies, 253 words a roll by tracemalloc, 44.5 MB of the process's
    # resident memory a block, its choices' tables too; the same of failures first, about 90 words)
    words = (9 * (n + allies) + 32) if spec["policy"] == "optimal" else 3 * (n + allies) + 16
    return Cost(memory=held(max(tables.values())), steps=steps, number=number, dice=float(dice),
                levers=(("allies", +1), ("kiss", +1), ("dice", +1)), what=what, held=float(words),
                one=float(dice))
