"""Dice that roll again, without end, on faces that count nothing the roll
reads: a pool's d6 rolled again on [2, 3] (a 2 or 3 scores no success and
is rolled again). Such a chain only delays the stop, so the die is its
other faces, each as likely: one of ``sides - exploding`` equal ways,
and the odds are a fraction (:func:`.dice.die_ways`, :func:`.dice.die_weight`)
where a chain that counts as it rolls on (a 6 that scores and rolls again)
has its tail cut.

The plan marks such a table (:attr:`.plan.DieTable.redraw`) when every face
that explodes counts no success and shows no mark, and no formula reads
the group's faces themselves (``total``, ``highest()``: a chain adds its
faces up); nor where the re-roll step may take the group's dice (their
fresh die is counted by the step, :mod:`.reroll`). The rolls at the table
still roll each chain (:mod:`.rolling`).

>>> from .plan import DieTable
>>> from .readings import Tally
>>> t = DieTable(6, (1, 0, 0, 0, 0, 1), (), (False, True, True, False, False, False), None)
>>> counted, total = Tally("successes", (), "successes"), Tally("total", (), "total")
>>> redraws(t, "own", (counted,), ())
True
>>> redraws(t, "own", (total,), ())       # a chain of 2s adds 2 each time
False
>>> redraws(DieTable(6, (1, 0, 0, 0, 0, 1), (), (False,) * 5 + (True,), None), "own", (counted,), ())
False
"""

from __future__ import annotations

from typing import Any, Sequence

from .readings import Reading, Tally


def redraws(t: Any, group: str, readings: Sequence[Reading], eligible: Sequence[int]) -> bool:
    """Whether a die of ``group`` explodes without end on faces that count
    nothing any of ``readings`` reads (``eligible``: the faces a re-roll
    step may take of it; none)."""
    if t.depth is not None or not t.explodes or eligible:
        return False
    boom = [i for i, e in enumerate(t.explode) if e]
    if any(t.successes[i] for i in boom) or any(row[i] for row in t.marks for i in boom):
        return False
    return not any(r.reads(group) and (r.ordered or (isinstance(r, Tally) and r.what == "total")) for r in readings)
