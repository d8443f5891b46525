"""The work of a VERS spec's odds, estimated from its sizes before any is
done (the contract's ``cost``; :mod:`...contract.cost` holds the budget): the sum
of the dice (``rules.dice`` d6, 3 by the rules), one convolution a die.

>>> from venus_widgets.engine.contract.spec import normalize
>>> cost(normalize({"edition": "vers"})).dice
3.0
"""

from __future__ import annotations

from ...contract.cost import Cost, held
from .rules import rules_of


def cost(spec: dict, exact: bool = False) -> Cost:
    dice = rules_of(spec).dice
    sums = 5 * dice + 1
    return Cost(memory=held(sums * 2, "fraction"), steps=sums * 6 * dice + 100, number="fraction" if exact else "float",
                dice=float(dice))
