"""The cost guard's cheap upper bound (:mod:`.quick_cost`) for plans of
exploding dice, with a depth or without one (a pool's d6 that
roll again on every 6).

The precise estimate of such a plan (:func:`.cost.work`,
:func:`.step_cost.odds_steps`) follows the kernel's powers of each die
and, for dice without a depth, cuts every array where its tail drops
below what the kernel keeps (:func:`.tails.reach`, a Chernoff bound
minimised over many ``θ``: a few hundred microseconds a spec). This bound
asks no tail: it takes each quantity's whole range, every level of the
chain included (:func:`.dice.levels`: the depth, or the levels until less
than 1e-18 of a die is left, 24 for a d6 exploding on 6), ``R`` cells at
most, and adds up what each term of the estimate is at most:

* the kernel: with a depth, its short form ``R * R * 8`` a group, once
  per count (valid below :data:`.cost.LIMIT`); without one, the estimate's
  own powers by squaring (:func:`.cost.power_cost`) of each die's packed
  length, without the cut (the cut only shortens an array, and a shorter
  array costs less), bounded in closed form (:func:`powers`);
* each die table: an exploding one counted at load (for its rows, in
  either kind of number the spec may count in) costs nothing unless a
  mark is counted again; otherwise its own price (:func:`.step_cost.table_work`),
  once and once per mark; a plain one as :mod:`.quick_cost` prices it;
* the outcome's formula at every cell of each count, the values listed
  (at most :data:`.values.MAX_SPREAD`) and the memory of the cells, as
  :mod:`.quick_cost` bounds them.

Every length here is at least the estimate's (each quantity's range from
0 or its lowest and to 0 or its highest, every level of the chain), so
the sum is at least the estimate (``tests/test_quick_cost.py`` checks it
over random drafts with explosions).

>>> import venus_widgets as vw
>>> from venus_widgets.engine.contract import guard
>>> from venus_widgets.engine.drafts import EXAMPLES, load_edition
>>> from .quick_cost import surely_within
>>> ed = load_edition(EXAMPLES / "heresy.toml")    # the built-in Heresy Engine, served by its draft
>>> spec = vw.normalize({"edition": ed.ID, "pool": 60, "black": 36})
>>> work, memory = bound(ed.plan(spec))
>>> work >= ed.work(spec), memory >= guard.estimate(spec).memory, surely_within(ed.plan(spec), 40e6)
(True, True, True)
"""

from __future__ import annotations

from . import cost as _cost, step_cost as _steps
from .dice import levels
from .plan import Plan
from .readings import Tally
from .values import MAX_SPREAD
from .whole_cost import die_bits, element


def bound(p: Plan) -> tuple[float, float] | None:
    """``(work, bytes)`` at least the precise estimate's for a plan of
    exploding dice read as tallies, without a re-roll step that plays, in
    float64 or int64 (``None``: a plan this bound does not cover)."""
    if p.ordered or not all(isinstance(r, Tally) for r in p.readings):
        return None
    unbounded = p.unbounded
    ways = 0.0 if unbounded else sum(g.count * die_bits(g.table) for g in p.groups if g.count)
    if ways >= 53:
        return None  # counted in Python ints or int64: not covered
    counted = [g for g in p.groups if g.count]
    names = [r.key for r in p.readings]
    spans = [0] * len(names)
    per_die = []  # per counted group: how far one die (with its chain) reaches in each quantity
    for g in counted:
        t = g.table
        k = levels(t)
        boom = t.explode if k else (False,) * t.sides
        mine = []
        for i, row in enumerate(p.rows(g)):
            b = [x for x, e in zip(row, boom) if e]
            s = max(0, max(row)) + k * max(0, max(b, default=0)) - min(0, min(row)) - k * min(0, min(b, default=0))
            mine.append(s)
            spans[i] += g.count * s
        per_die.append(mine)
    cells, strides = 1.0, []
    for s in spans:
        strides.append(cells)
        cells *= s + 1
    if cells > _cost.MAX_CELLS:  # past what the estimate prices at all
        return None
    counts = 1 + len(p.marks)  # the counts of the dice: once, and once more per mark not tracked
    if not unbounded:  # the estimate's short form
        kernel = cells * cells * len(counted) * 8 * counts
        if kernel >= _cost.LIMIT:
            return None
    else:  # the estimate's powers, each array as long as the whole range allows
        kernel, plain = 0.0, 1.0
        for mine, g in zip(per_die, counted):
            length = 1.0 + sum(x * z for x, z in zip(mine, strides))
            kernel += powers(length, g.count, cells)
            grown = min(cells, g.count * length)
            kernel += plain * grown + _cost.PER_CALL if plain > 1 else 0.0
            plain = min(cells, plain + grown)
        kernel *= counts
    tables, seen = 0.0, set()
    modes = {_steps.mode_of(p, False), _steps.mode_of(p, True)}
    for g in counted:
        t = g.table
        if not t.explodes or t.depth == 0:
            tables += counts * (t.sides + cells + _steps.PER_CALL + _steps.TABLE)
            continue
        rows = p.rows(g)
        if (t, rows) in seen:
            continue
        seen.add((t, rows))
        again = len(p.marks) + (0 if all((t, rows, m, ()) in p.compiled for m in modes) else 1)
        if again:
            tables += again * max(_steps.table_work(t, rows, m) for m in modes)
    nodes = 1 + len(p.draft.outcome.value.expr.text) / 4
    work = (kernel + _steps.FIXED + tables + cells * nodes * _steps.PER_NODE * counts + MAX_SPREAD * _steps.PER_VALUE
            + cells * counts * _steps.WHOLE_READS * element(ways)  # (exact odds: the cells in Python ints)
            + cells * len(names) * _steps.PER_DIGIT)
    memory = cells * max(_steps.CELL_BYTES.values()) * _steps.HELD + MAX_SPREAD * _steps.VALUE_BYTES
    return work, memory


def powers(length: float, n: int, size: float) -> float:
    """At least :func:`.cost.power_cost` of ``n`` dice of ``length``, its
    arrays at most ``size`` long, in closed form: by squaring, the array of
    ``d`` dice is at most ``d * length`` long; the squarings (``d`` = 1, 2,
    4, ... below ``n``) cost at most ``length**2 * 4**J / 3`` and the
    products into the result (its dice fewer than the ``d`` it takes) at
    most ``length**2 * 4**(J + 1) / 3``, ``2**J <= n``; at most
    ``2 * n.bit_length()`` calls, each at most ``size**2``.

    >>> all(powers(l, n, s) >= _cost.power_cost(l, n, s)[0]
    ...     for l in (2, 7, 25) for n in range(0, 70) for s in (10, 500, 1e6))
    True
    """
    if n <= 0:
        return 0.0
    calls = 2 * n.bit_length()
    return min(5 / 3 * (n * length) ** 2, calls * size * size) + calls * _cost.PER_CALL
