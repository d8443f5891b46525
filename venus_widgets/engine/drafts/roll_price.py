"""What many rolls of a draft take (:mod:`.rolling`, :mod:`.thrown`),
priced from the plan's numbers before any roll: the dice a roll draws and
reads, each die's chain as long as on average, the levels a block rolls and
what a block holds (:func:`rolled`); a roll made alone (:func:`one_roll`).
Re-exported by :mod:`.step_cost`, the steps of a draft's odds and rolls.
"""

from __future__ import annotations

import math

from .dice import levels
from .plan import DieTable, Plan
from .readings import Tally


def roll_levels(t: DieTable, dice: float) -> float:
    """The levels a block of ``dice`` such dice rolls (:mod:`.rolling`):
    until none still explodes, at most the depth."""
    if not t.explodes or t.depth == 0:
        return 0.0
    share = sum(t.explode) / t.sides
    if share >= 1:
        return float(t.depth or 0)
    grow = math.log(max(dice, 2.0)) / -math.log(share) + 1
    return min(grow, float(t.depth)) if t.depth is not None else grow


def one_roll(p: Plan) -> float:
    """The dice one roll made alone draws on average: each die and its
    chain (``1 / (1 - share)`` dice for a share of its faces exploding, at
    most its depth + 1), the dice the re-roll step may roll again."""
    dice = 0.0
    for g in p.groups:
        if g.count:
            t = g.table
            share = sum(t.explode) / t.sides if t.explodes and t.depth != 0 else 0.0
            chain = 1 / (1 - share) if share < 1 else float((t.depth or 0) + 1)
            dice += g.count * (min(chain, (t.depth + 1)) if t.depth is not None else chain)
    return max(dice + min(p.budget, p.rerollable), 1.0)


def chain_dice(t: DieTable) -> float:
    """The dice one die's chain adds on average (:mod:`.thrown`: a die still
    exploding draws one more, at most its depth of them): a d6 exploding on
    6, one fifth of a die.

    >>> round(chain_dice(DieTable(6, (1,) + (0,) * 4 + (1,), (), (False,) * 5 + (True,), None)), 3)
    0.2
    """
    if not t.explodes or t.depth == 0:
        return 0.0
    share = sum(t.explode) / t.sides
    if share >= 1:
        return float(t.depth or 0)
    return share * (1 - share ** t.depth) / (1 - share) if t.depth is not None else share / (1 - share)


#: What many rolls take (:mod:`.rolling`, :mod:`.thrown`), in seconds, measured (CPU, 16,384 rolls a
#: block) and set at about three times it (d6, d10, d20 and d100 dice, 1 to 1,000 of them, chains,
#: marks, a re-roll step, dice read in order): a die's first face drawn, and read per quantity (a
#: d100 the slowest, 12 ns a die); a die its chain adds, drawn and read (35 to 47 ns at two
#: quantities); a level of a chain, per block; each die the re-roll step may take (its order sorted,
#: every die read again: 60 ns); each die read in order (its chain added up, sorted: 24 ns).
DRAW, READ, EXTRA, EXTRA_READ, LEVEL, SORT, IN_ORDER = 10e-9, 6e-9, 50e-9, 20e-9, 3e-5, 150e-9, 70e-9
#: Bytes a block holds per die (its first face, whether it explodes), per die its chain adds (its
#: place, row and face, read), the temporaries read a slice at a time, and per die with a re-roll step
#: (which dice it takes, their new faces, its keys and order a slice at a time) (measured with
#: tracemalloc: 2 to 13 bytes a die, 26 to 48 a chain's die, 8 a die with a re-roll step).
FIRST_BYTES, EXTRA_BYTES, SLICE_BYTES, REROLL_BYTES = 4.0, 60.0, 16.0, 16.0


def rolled(p: Plan, block: int) -> tuple[float, float]:
    """``(dice, held)``: one roll of many, its time in the units of the
    contract's ``DIE_SECONDS`` (:data:`DRAW` and the rest, what the dice
    drawn and read take: each die and the dice its chain adds, on average),
    and the dice's words (8 bytes) a block holds per roll."""
    from ..contract.cost import DIE_SECONDS
    from .thrown import CELLS

    quantities = 2 + len(p.marks) + len({r.key for r in p.readings if isinstance(r, Tally)} - {"successes", "total",
                                                                                               *p.marks})
    ordered = sum(1 for r in p.readings if not isinstance(r, Tally))
    again = min(p.budget, p.rerollable)
    reads = 2 if again else 1  # the dice read again after the re-roll step
    seconds, held, dice, extra = 0.0, 0.0, 0, 0.0
    for g in p.groups:
        if not g.count:
            continue
        more = g.count * chain_dice(g.table)
        dice += g.count
        extra += more
        seconds += g.count * (DRAW + READ * quantities * reads) + more * (EXTRA + EXTRA_READ * quantities * reads)
        seconds += LEVEL * roll_levels(g.table, block * g.count) / block
        held += g.count * FIRST_BYTES + more * EXTRA_BYTES
        if g.rerollable and again:
            seconds += g.count * SORT
    if again:  # the dice taken: drawn again, with their chains
        share = max((chain_dice(g.table) for g in p.groups if g.rerollable), default=0.0)
        seconds += again * (DRAW + share * EXTRA)
        held += dice * REROLL_BYTES
    if ordered:
        seconds += (dice + extra) * IN_ORDER * ordered * reads
        held += extra * 16
    held += min(dice * block, CELLS) * SLICE_BYTES * (1 + bool(ordered)) / block
    return max(seconds / DIE_SECONDS, 1.0), max(held / 8, 1.0)


#: What one of many rolls takes apart from its dice, in seconds (two to five times what was measured:
#: a lone d6, 23 ns a roll; six d6 exploding on 6, 114 ns, 40 of them the dice): the block's
#: bookkeeping, and each node of the outcome's formula read on the block's rows, once per reading of
#: the dice (again after the re-roll step) and again for the doubling step.
ROLL, ROLL_NODE = 5e-8, 1e-8


def roll_fixed(p: Plan) -> float:
    """The seconds of one of many rolls apart from its dice (:data:`ROLL`)."""
    nodes = 1 + len(p.draft.outcome.value.expr.text) / 4
    again = bool(min(p.budget, p.rerollable)) + bool(p.draft.double is not None and p.double)
    return ROLL + ROLL_NODE * nodes * (1 + again)
