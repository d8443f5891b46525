"""The work of a playsheet spec's odds, estimated from its sizes before any
is done (the contract's ``cost``; :mod:`...contract.cost` holds the budget).

A task's tables (:mod:`.task_odds`): the own dice's joint table of failed
dice and high faces (``n + 1`` by the longest count of high faces: with
explosions, an exploding chain's length, where its tail falls below
1e-12); the allies' chains stacked by the set of failed allies (``2 **
allies`` rows, with ``ally_kiss``) and convolved with each fresh chain;
the KISS round's table by own dice KISSed, passes and the fresh allies'
passes; Horner's scheme over the dice KISSed. Without explosions a chain
is one die (two numbers). The numbers: floats; with ``exact=True`` past
2**53, fractions (below, the counts are floats and only the end is
divided).

>>> from venus_widgets.engine.contract.spec import normalize
>>> small = cost(normalize({"edition": "playsheet", "roll": "task", "dice": 3}))
>>> big = cost(normalize({"edition": "playsheet", "roll": "task", "dice": 30, "explode": True}))
>>> small.steps < big.steps, small.number, round(big.dice)
(True, 'float', 33)
"""

from __future__ import annotations

from ...contract.cost import Cost, held
from .conv import OUTER_CELLS
from .kernels import extra_tens_pmf
from .outcome import threshold
from .rules import rules_of
from .task_odds import denominator


def cost(spec: dict, exact: bool = False) -> Cost:
    if spec["roll"] == "check":
        return Cost(memory=held(20, "fraction"), steps=200, number="fraction" if exact else "float", dice=1)
    rules = rules_of(spec)
    n, allies, explode = spec["dice"], len(spec["allies"]), spec["explode"]
    ak = allies if spec["ally_kiss"] else 0
    k = min(spec["kiss"], n) + 1
    t = threshold(spec)
    hi = rules.explode_from if explode else rules.ego_double_from
    if explode:
        w1 = len(extra_tens_pmf(1, hi)[0]) + 1  # one chain's passes: its high faces and its last die
        wn = len(extra_tens_pmf(n, hi)[0]) if n else 1
        rolls_per_chain = 10 / (hi - 1)  # a chain rolls on while high faces come up: 1 / (1 - P(high))
    else:
        w1, wn, rolls_per_chain = 2, n + 1, 1.0
    masks = 1 << ak  # the sets of failed allies that KISS
    tables = ((n + 1) * max(wn, n + 1),  # the own dice
              masks * (ak * w1 + 1),  # the fresh allies' chains, by set
              k * t * (ak * w1 + 1),  # the KISS round
              masks * k * t,  # the first roll's passes by failed allies
              2 * min(masks * (ak * w1 + 1) * w1, OUTER_CELLS))  # a convolution's outer product (conv.conv)
    steps = (sum(tables) + k * w1 * (k + 1)
             + w1 * (masks - 1) + w1 * w1 * ((ak - 2) * masks + 2)  # each fresh ally convolved in: sum of 2**i (i w1 + 1) w1
             + 2 * t * t * (masks - 1 + (allies - ak))  # the allies' endings stacked, by set
             + masks * k * t * t  # the first roll's passes by failed allies
             + k * t * masks * (ak * w1 + 1)  # the KISS round by fresh allies
             + k * k * w1 * w1  # Horner's scheme
             + (wn + allies * w1) * (allies + 1) * w1  # the first roll's passes
             + (allies + 2) * t**3 * 4)  # Ego after the KISS round
    number = "fraction" if exact and (explode or denominator(spec) >= 2**53) else "float"  # type: ignore[operator]
    dice = (n + allies + min(spec["kiss"], n) + ak) * rolls_per_chain
    levers = [("allies", +1), ("kiss", +1), ("ally_kiss", +1), ("dice", +1)]
    if explode:
        levers.append(("rules.explode_from", -1))
    what = (f"{n} dice, {allies} allies{' KISSing their dice' if ak else ''}, {k - 1} KISSes"
            + (f", exploding chains up to {w1 - 1} high faces long" if explode else ""))
    # a block of rolls holds a few words of int64 a die of a roll, its chains rolled a level at a time (measured:
    # 30 dice and 6 allies exploding on 2+, 720 dice drawn a roll, 50 words a roll held)
    return Cost(memory=held(max(tables), number), steps=steps, number=number, dice=dice, levers=tuple(levers),
                what=what, held=2.0 * (n + allies) + 16, one=dice)
