"""A cheap upper bound of a small draft spec's estimate: the cost guard's
first question (:meth:`.edition.DraftEdition.surely_within`), so that a
spec far within the budget is not priced step by step.

The precise estimate (:meth:`.edition.DraftEdition.cost`: the kernel's
convolutions, :func:`.cost.work`; the steps around them,
:func:`.step_cost.odds_steps`) walks every group, every die table and the
outcome's formula at the corners of its range: a few hundred thousand
instructions, as much as a small roll's whole odds. For the plans it
knows (:func:`bound`: no reading of the dice in order; exploding dice
without a re-roll step: :mod:`.quick_explode`; without a re-roll step,
ways below 2**53; with one, no exploding die and no two groups of one
chance but different dice), this bound takes each quantity's range over
all the dice, ``R`` cells at most, and adds up what each term of the
precise estimate is at most:

* a re-roll step's count (:func:`_reroll`): :func:`.cost.reroll_cost`
  term by term, every array at most as long as there, every number at
  most the denominator's bits, priced in Python ints past 2**63 ways;
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
import operator

from . import cost as _cost, quick_explode as _explode, step_cost as _steps
from .plan import GroupPlan, Plan
from .readings import Tally
from .denominator import big_die
from .quick_terms import Terms, terms_of
from .dice import Rows
from .values import MAX_SPREAD
from .reroll_price import step_bytes_bound
from .whole_cost import DIRECT, PAIR, PAIR_BITS, element, whole_conv as _whole_conv


def bound(p: Plan) -> tuple[float, float] | None:
    """``(work, bytes)`` at least the precise estimate's (work: the
    multiply-adds of :mod:`.cost`; see the module), or ``None`` for a plan
    this bound does not cover; kept on the plan (the guard asks it, then
    the estimate's price of the guard's check: :func:`check_work`)."""
    if "bound" not in p.memo:
        p.memo["bound"] = _bound(p)
    return p.memo["bound"]


def _bound(p: Plan) -> tuple[float, float] | None:
    if p.ordered:
        return None
    B = min(p.budget, p.rerollable) if p.draft.reroll is not None else 0
    if p.exploding:  # dice that roll again: bounded by their chains' whole reach (:mod:`.quick_explode`)
        return None if B else _explode.bound(p)
    bits, groups, sides = 0.0, 0, 0
    spans = [0] * len([r for r in p.readings if isinstance(r, Tally)])
    dice: list[tuple[GroupPlan, Rows, Terms]] = []
    for g in p.groups:
        if not g.count:
            continue
        groups += 1
        sides = max(sides, g.table.sides)
        V = p.rows(g)
        terms = terms_of(p.compiled, g.table, V)  # (worked out at load: :mod:`.quick_terms`)
        dice.append((g, V, terms))
        bits += g.count * terms.bits
        spans = [s + g.count * span for s, span in zip(spans, terms.spans)]
    if B:
        bits += B * math.log2(big_die(p))
    cells = 1.0
    for s in spans:
        cells *= s + 1
    counts = 1 + len(p.marks)  # the counts of the dice: once, and once more per mark not tracked
    if B:
        kernel = _reroll(dice, B, spans, bits)
        if kernel is None:
            return None
        kernel *= counts
    else:
        if bits >= 53:  # counted in Python ints or int64: not covered
            return None
        kernel = cells * cells * groups * 8 * counts
        if kernel >= _cost.LIMIT:  # past the estimate's short form
            return None
    nodes = 1 + len(p.draft.outcome.value.expr.text) / 4
    work = (kernel + _steps.FIXED + groups * counts * (sides + cells + _steps.PER_CALL + _steps.TABLE)
            + cells * nodes * _steps.PER_NODE * counts + MAX_SPREAD * _steps.PER_VALUE
            + cells * counts * _steps.WHOLE_READS * element(bits)  # (exact odds: the cells in Python ints)
            + cells * len(spans) * _steps.PER_DIGIT)
    memory = cells * _steps.cell_bytes("exact", bits) * _steps.HELD + MAX_SPREAD * _steps.VALUE_BYTES
    # a re-roll step's states (:func:`.reroll_price.step_bytes_bound`: packed in Python ints past 2**63 ways,
    # else a row each, as wide as the counts: at most ``cells``)
    return work, memory + (step_bytes_bound(p, cells) if B else 0.0)


def _reroll(groups: list[tuple[GroupPlan, Rows, Terms]], B: int, spans: list[int], bits: float) -> float | None:
    """At least :func:`.cost.work` of one count of a plan with a re-roll
    step of ``B`` re-rolls (``groups``: each group of dice, what it adds and
    its :mod:`.quick_terms`; :func:`.cost.reroll_cost`, term by term, each
    array at most as long as there: the packed cells of ``spans`` at most,
    one die's array at most its faces' spans packed, the Horner sums of the
    step's end at most ``B`` dice longer than the counts): every number at
    most ``bits`` (the denominator's) and the bits of the longest array,
    the states at most the product of each block's ``min(dice, B) + 1``.
    ``None``: a block of groups of one chance but different dice (priced
    with :func:`.cost.allocate_cost`)."""
    strides, cells = [], 1.0
    for s in spans:
        strides.append(cells)
        cells *= s + 1
    blocks: list[tuple] = []  # (chance, table, eligible, rows) per block of the step, as the kernel merges them
    dice: list[int] = []
    longest: list[float] = []  # one die's array
    plain = 0
    for g, V, terms in groups:
        if not g.rerollable:
            plain += 1 + 2 * g.count.bit_length()  # its power by squaring, then added to the others
            continue
        key = (terms.chance, g.table, g.eligible, V)
        if key in blocks:
            dice[blocks.index(key)] += g.count
            continue
        if [k for k in blocks if k[0] == key[0]]:
            return None
        blocks.append(key)
        dice.append(g.count)
        longest.append(1 + sum(map(operator.mul, terms.spans, strides)))
    whole = bits >= 62.9  # (:func:`.whole_cost.in_python_ints`: int64 below 2**63, priced as floats)
    top = bits + math.log2((B + 1) * cells + 1) + 1  # the bits of any entry of any product

    def conv(a: float, b: float) -> float:
        if not whole:
            return a * b + _cost.PER_CALL
        lo, hi = min(a, b), max(a, b)
        direct = min(lo, DIRECT) * hi * (PAIR + PAIR_BITS * (top / 1000) ** 2)
        return _cost.PER_CALL + (direct if lo < DIRECT else max(direct, _whole_conv(lo, hi, top)))

    el = element(top, top) if whole else 1.0
    work = _cost.COUNT + plain * (conv(cells, cells) + cells * el)
    states, arr = 1.0, cells if plain else 1.0
    for n, one in zip(dice, longest):
        work += n * (conv(cells, one) + cells * el)  # its kernels
        grown = min(cells, arr + n * (one - 1))
        work += states * (n + 2) * (conv(arr, cells) + grown * el)  # each state with each kernel it can take
        arr = grown
        states *= min(n, B) + 1
    fresh = max(longest)
    work += states * (4 * cells * el + len(dice) * conv(cells + B * (fresh - 1), fresh))  # the end: Horner's
    return work


#: The cost guard's own check of a spec before its odds are counted (:func:`...contract.guard.check`,
#: :func:`...contract.guard.allowed`: a rung of a ladder too), in multiply-adds: :func:`bound`
#: (measured: 0.01 to 0.09 ms a spec, a shipped draft's exploding pools, 10 d6 pushed) and, where it cannot
#: place the spec, the estimate itself (its own work counted: :mod:`.estimate_work`).
BOUND_WORK = 1e5


def surely_within(p: Plan, max_bytes: float, exact: bool = False) -> bool:
    """Whether :func:`bound` places the plan's odds within half of
    :data:`.cost.LIMIT` of work and within ``max_bytes``: then the precise
    estimate is within the budget too (``exact``: exact odds, their
    fractions too, :data:`.step_cost.FRACTION`, at most :data:`.values.MAX_SPREAD` values)."""
    b = bound(p)
    more = MAX_SPREAD * (_steps.FRACTION + _steps.FRACTION_BIT * _steps.ways_bits(p)) if exact and b else 0.0
    return b is not None and b[0] + more + BOUND_WORK <= _cost.LIMIT / 2 and b[1] <= max_bytes  # (the check's own too)


def check_work(p: Plan, max_bytes: float, estimate: float) -> float:
    """The work of the cost guard's check of the plan's spec (see
    :data:`BOUND_WORK`): the bound, and the ``estimate`` 's own work
    unless the bound places the spec within the budget (:func:`surely_within`)."""
    return BOUND_WORK + (0.0 if surely_within(p, max_bytes) else estimate)
