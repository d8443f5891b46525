"""A cheap upper bound of a small draft spec's estimate: the cost guard's
first question (:meth:`.edition.DraftEdition.surely_within`), so that a
spec far within the budget is not priced step by step.

The precise estimate (:meth:`.edition.DraftEdition.cost`: the kernel's
convolutions, :func:`.cost.work`; the steps around them,
:func:`.step_cost.odds_steps`) walks every group, every die table and the
outcome's formula at the corners of its range: a few hundred thousand
instructions, as much as a small roll's whole odds. For the plans it
knows (:func:`bound`: no re-roll step, no reading of
the dice in order, ways below 2**53; exploding dice: :mod:`.quick_explode`), this bound takes each quantity's
range over all the dice, ``R`` cells at most, and adds up what each term
of the precise estimate is at most:

* the kernel's powers: ``R * R * 8`` a counted group, once per count
  (:func:`.cost.marks_counted`: at most one and one per mark), the
  estimate's own short form, valid when it is below :data:`.cost.LIMIT`;
* each die table (at most one per counted group, again per mark): its
  faces and its packed cells (at most ``R``), plus its fixed work;
* the outcome's formula read at every cell of each count, and the values
  listed: at most :data:`.values.MAX_SPREAD` of them;
* the memory: the cells as Python ints (the dearest) held
  :data:`.step_cost.HELD` times, and the values.

Every ``R`` here is at least the precise estimate's (which takes each
face's value from its lowest or from 0, and each die's range at most
once per die), so the sum is at least the estimate
(``tests/test_quick_cost.py`` checks it against the estimate over random
drafts and specs). ``surely_within`` says yes only when that bound is
within half the budget of work and within the budget of memory; anything
else is estimated as before.

>>> import venus_widgets as vw
>>> from venus_widgets.engine.contract import guard
>>> from venus_widgets.engine.drafts import EXAMPLES, load_edition
>>> ed = load_edition(EXAMPLES / "vers.toml")    # the built-in edition vers, served by its draft
>>> spec = vw.normalize({"edition": "vers", "ranks": 3})
>>> work, memory = bound(ed.plan(spec))
>>> c = guard.estimate(spec)
>>> work >= ed.work(spec), memory >= c.memory, surely_within(ed.plan(spec), 40e6)
(True, True, True)
"""

from __future__ import annotations

import math

from . import cost as _cost, quick_explode as _explode, step_cost as _steps
from .plan import Plan
from .readings import Tally
from .values import MAX_SPREAD


def bound(p: Plan) -> tuple[float, float] | None:
    """``(work, bytes)`` at least the precise estimate's (work: the
    multiply-adds of :mod:`.cost`; see the module), or ``None`` for a plan
    this bound does not cover."""
    if p.ordered or (p.draft.reroll is not None and min(p.budget, p.rerollable) > 0):
        return None
    if p.exploding:  # dice that roll again: bounded by their chains' whole reach (:mod:`.quick_explode`)
        return _explode.bound(p)
    bits, groups, sides = 0.0, 0, 0
    spans = [0] * sum(1 for r in p.readings if isinstance(r, Tally))
    for g in p.groups:
        if not g.count:
            continue
        groups += 1
        sides = max(sides, g.table.sides)
        bits += g.count * math.log2(g.table.sides)
        for i, row in enumerate(p.rows(g)):  # (kept on the plan: the kernel reads the same rows)
            spans[i] += g.count * (max(0, max(row)) - min(0, min(row)))
    if bits >= 53:  # counted in Python ints or int64: not covered
        return None
    cells = 1.0
    for s in spans:
        cells *= s + 1
    counts = 1 + len(p.marks)  # the counts of the dice: once, and once more per mark not tracked
    kernel = cells * cells * groups * 8 * counts
    if kernel >= _cost.LIMIT:  # past the estimate's short form
        return None
    nodes = 1 + len(p.draft.outcome.value.expr.text) / 4
    work = (kernel + _steps.FIXED + groups * counts * (sides + cells + _steps.PER_CALL + _steps.TABLE)
            + cells * nodes * _steps.PER_NODE * counts + MAX_SPREAD * _steps.PER_VALUE)
    memory = cells * max(_steps.CELL_BYTES.values()) * _steps.HELD + MAX_SPREAD * _steps.VALUE_BYTES
    return work, memory


def surely_within(p: Plan, max_bytes: float) -> bool:
    """Whether :func:`bound` places the plan's odds within half of
    :data:`.cost.LIMIT` of work and within ``max_bytes``: then the precise
    estimate is within the budget too."""
    b = bound(p)
    return b is not None and b[0] <= _cost.LIMIT / 2 and b[1] <= max_bytes
