"""The work of an agora spec's odds, estimated from its sizes before any is
done (the contract's ``cost``; :mod:`...contract.cost` holds the budget).

The odds are a grid over the main pool's (6s, successes, 1s) after the
KISS round (:mod:`.fresh`, :mod:`.kiss_round`): the successes up to the
dice rolled, the 6s up to the threshold (with Ego), the 1s up to the
snake eyes (every pair, with ``each-pair``: up to the dice), built over
the dice KISSed. The numbers: whole-number counts in floats below 2**53;
with ``exact=True`` above it, Python integers.

>>> from venus_widgets.engine.contract.spec import normalize
>>> c = cost(normalize({"edition": "agora", "roll": "task", "job": 10, "assets": 10, "kiss": 40}))
>>> c.number, c.dice
('float', 44.0)
"""

from __future__ import annotations

from ...contract.cost import Cost, held
from .distribution import FLOAT_COUNTS_BELOW, denominator
from .reading import AUTO, help_die, main_dice, threshold
from .rules import rules_of


def cost(spec: dict, exact: bool = False) -> Cost:
    rules = rules_of(spec)
    n, target = main_dice(spec), threshold(spec, rules)
    help_rank = help_die(spec, rules)
    rolled = n + (help_rank not in (None, AUTO))
    k = min(spec["kiss"], rolled) + 1
    sixes = min(target, rolled) + 1 if spec["ego"] else 1
    ones = rolled + 1 if spec["snakes"] == "each-pair" else min(rules.snake_eyes_ones, rolled + 1) + 1
    grid = (rolled + 1) * sixes * ones
    steps = grid * k * 6 + (rolled + 1) ** 2 * k * 4
    number = "int" if exact and denominator(spec, rules) >= FLOAT_COUNTS_BELOW else "float"
    dice = rolled + k - 1 + (spec["helper_kiss"] and help_rank not in (None, AUTO))
    what = f"{rolled} dice rolled, {k - 1} KISSes, a grid of {grid} cells"
    levers = [("kiss", +1), ("assets", +1), ("job", +1), ("health", +1)] if spec["roll"] == "task" else \
        [("kiss", +1), ("health", +1)]
    # a block of rolls holds about a word of int64 a die drawn (measured: the largest task, 27 words a roll for 49)
    return Cost(memory=held(grid * k, number), steps=steps, number=number, dice=float(dice), levers=tuple(levers),
                what=what, held=float(dice), one=float(dice))
