"""The steps of a draft's odds and rolls outside the kernel's counting,
priced from the plan's numbers before any work (the kernel's convolutions
are :func:`.cost` 's, :meth:`.edition.DraftEdition.work`): what
:meth:`.edition.DraftEdition.cost` adds to them.

* **Die tables** (:func:`.dice.die_ways`): a die and the chain its
  explosions add, level by level, in the die's own packed space; counted
  once at load for the rules as written (:func:`.dice.compile_dice`), per
  spec for other rules, and again for each mark the counts do not track
  (its chance: one minus the rolls in which no die shows it, a die table
  without its faces). :func:`table_work` follows the chain's array lengths
  level by level (at most the depth, or the levels until less than 1e-18
  of a die is left: bounded arithmetic, never the table itself).
* **The outcome's spread**: the outcome's formula read at every packed
  cell of the counts, then the values listed from the lowest to the
  highest (:mod:`.values` refuses more than 250,000 of them).
* **Memory**: the counts' cells (whole numbers in object arrays past
  2**53 ways) held a few times over.
* **Rolls**: the dice one of many rolls draws and reads, each die's chain
  as long as on average (a chain draws only the dice still exploding:
  :mod:`.thrown`), and the levels a block rolls (until no die of the block
  is still exploding: about ``log(dice) / log(1 / share)``), and what a
  block holds (:func:`rolled`).

>>> from .plan import DieTable
>>> t = DieTable(20, (0,) * 14 + (1,) * 6, ((1,) + (0,) * 19,), (False,) * 17 + (True,) * 3, 50)
>>> table_work(t, ((0,) * 14 + (1,) * 6, (1,) + (0,) * 19), "count") > table_work(t, ((0,) * 14 + (1,) * 6,), "count")
True
>>> round(roll_levels(t, 16384 * 10), 1)    # 3 faces of 20 explode: about 7 levels per block of 163,840 dice
7.3
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple, Sequence

from ..caching import cached
from ..errors import SpecError
from .denominator import int_bytes
from .dice import levels
from .plan import DieTable, Plan
from .powers import dense
from .readings import Tally
from .tails import reach
from .values import MAX_SPREAD, outcome_value
from .reroll_price import step_bytes
from .space import KEEP_CELLS
from .roll_price import (DRAW, EXTRA, EXTRA_READ, FIRST_BYTES, IN_ORDER, LEVEL, READ, REROLL_BYTES, ROLL,  # noqa: F401
                         ROLL_NODE, SLICE_BYTES, SORT, chain_dice, one_roll, roll_fixed, roll_levels, rolled)
from .whole_cost import element

#: Python work of one numpy call, in multiply-adds (the units of :mod:`.cost`).
PER_CALL = 4000.0
#: A multiply-add of Python ints in an object array, in multiply-adds of floats.
OBJECT = 40.0
#: The Python of one die's table whatever its size (its faces read per quantity, packed), in
#: multiply-adds (measured: 0.06-0.19 ms a table, a d6 with a mark counted again).
TABLE = 5e4
#: What one odds call does whatever its size (its plan, its odds made), in multiply-adds (about 1 ms).
FIXED = 4e5
#: The part of :data:`FIXED` the specs of one draft and rules share in a call of many odds, done by
#: the first for the rest (the draft's rules, readings and tables at hand: measured, a first spec takes
#: 0.3 to 1.5 ms more than the next of a draft's, over the shipped drafts), in
#: multiply-adds (0.25 ms): :attr:`...contract.cost.Cost.shared`
SHARED = 2e5
#: One cell of the counts read by the outcome's formula (a few int64 passes per node), in multiply-adds.
PER_NODE = 1.0
#: A quantity's value read off one packed cell (an int64 division and remainder; once per count's space),
#: in multiply-adds (measured: 4 quantities over 28,120 cells, 1 ms: 9 ns a cell and quantity).
PER_DIGIT = 8.0
#: The passes over each cell's count in Python ints (exact odds, or past 2**63 ways), each an entry's
#: addition (:func:`.whole_cost.element`; measured: 100 d10, 20,301 cells of about 330 bits, 3 ms: 150 ns a cell).
WHOLE_READS = 3.0
#: Bytes of one cell of the counts (float64; Python ints in an object array, at least: :func:`cell_bytes`) and
#: how many times they are held.
CELL_BYTES = {"float": 8.0, "count": 8.0, "exact": 64.0}
HELD = 6


def cell_bytes(mode: str, bits: float) -> float:
    """The bytes of one cell of the counts made in ``mode`` (:func:`table_mode`),
    ``bits`` the bits of the ways (in Python ints past 2**63 ways, a
    pointer and an int that large: 4 bytes a 30-bit digit; measured with
    tracemalloc, 60 and 300 d6 exploding to depth 10, 1,550 and 8,530 bits:
    1.0 and 20.9 MB at the peak, 5.4 and 5.6 arrays of the counts' cells,
    priced 64 bytes a cell: 0.4 and 5.3 MB).

    >>> cell_bytes("count", 40), cell_bytes("exact", 60), cell_bytes("exact", 8530)
    (8.0, 64.0, 1177.3333333333333)
    """
    if mode != "exact":
        return CELL_BYTES[mode]
    return max(CELL_BYTES[mode], 8 + int_bytes(bits))
#: One value the odds list (the counts by value, their sums from the top, the odds' own lists), in
#: multiply-adds and bytes, its counts below 2**63 ways in any kind of number (measured: 200 d6 at
#: successes * 1000, 200,001 values, 59 ms; 20 d6 at successes * 10000, 56 bytes a value); past it, each
#: count's own size (:func:`value_bytes`).
PER_VALUE = 600.0
VALUE_BYTES = 80.0
#: What each value a roll reaches leaves in the odds once made, beyond :func:`value_bytes`, its counts in
#: Python ints: its count and its chance, each with its key, in the odds' dicts (measured with tracemalloc:
#: a draft of 272 and 420 coins, 799 and 1,239 values, every one reached, 178 to 188 bytes a value held,
#: priced 108 to 124 without it).
ENTRY_BYTES = 96.0
#: Exact odds: the fractions of one value (its chance, and its chance of at least it as a sum: four made
#: and reduced in Python), in multiply-adds and per bit of the denominator (measured: 20 and 100 d100 read
#: for their total, 1,981 and 9,901 values of 133 and 664 bits, 12 and 23 us a value).
FRACTION, FRACTION_BIT = 1e4, 20.0
#: A fraction held, in bytes besides its numerator and denominator (measured: 50 d100 read for their total,
#: exact, 4,951 values of 332 bits: 3.5 MB at the peak, priced 2.5 MB without the fractions).
FRACTION_BYTES = 56.0
#: What one spec's odds leave held whatever its size (the odds, the spec, the plan and their dicts), in
#: bytes (measured with tracemalloc: 5 to 36 KB a spec over an exploding d6 pool with cancelling dice and a plain d6 pool).
KEPT_FIXED = 8e3
#: What one cell of the space the counts span leaves held once the odds are made, per quantity and the
#: outcome's value, in bytes: an int64 grid each, twice over (the space priced cell for cell, past the cells
#: a roll reaches: 60 d6 exploding without end, 4 grids of 730 to 1,515 cells for 370 cells reached; 40 d6
#: exploding without end and 36 cancelling them, 27 KB held in all, 1,037 cells).
KEPT_CELL = 16.0


def value_bytes(mode: str, bits: float) -> float:
    """The bytes of one value the odds list, its counts whole numbers of
    ``bits`` bits in Python ints (``mode`` ``"exact"``: 4 bytes a 30-bit
    digit; measured with tracemalloc: 72, 79, 92 and 123 bytes a value at
    77, 129, 258 and 517 bits), at least :data:`VALUE_BYTES` (the most below 2**63 ways).

    >>> value_bytes("float", 40), value_bytes("exact", 40), value_bytes("exact", 517)
    (80.0, 80.0, 140.0)
    """
    return VALUE_BYTES if mode != "exact" else max(VALUE_BYTES, 68.0 + 4 * math.ceil(bits / 30))


@cached(256)
def table_work(t: DieTable, rows: tuple[tuple[int, ...], ...], mode: str) -> float:
    """The work of one die's table (:func:`.dice.die_ways`) tracking ``rows``
    (what each face adds to each quantity), in multiply-adds (kept: the
    specs of a ladder or a grid share their dice)."""
    s, k = t.sides, levels(t)
    if not rows:
        return PER_CALL + TABLE
    boom = t.explode if k else (False,) * s
    lo, hi, top = [], [], []
    for row in rows:
        b = [x for x, e in zip(row, boom) if e]
        lo.append(min(row) + k * min(0, min(b, default=0)))
        hi.append(max(row) + k * max(0, max(b, default=0)))
        top.append(max(b) if b else min(row))
    radix = [h - lw + max(0, tp - lw) + 1 for h, lw, tp in zip(hi, lo, top)]
    strides = [1.0]
    for r in radix[:-1]:
        strides.append(strides[-1] * r)
    place = [sum((row[f] - lw) * st for row, lw, st in zip(rows, lo, strides)) for f in range(s)]
    len_a = 1 + max((p for p, e in zip(place, boom) if not e), default=0)
    if not any(boom):
        return s + len_a + PER_CALL + TABLE
    len_b = 1 + max(p for p, e in zip(place, boom) if e)
    back = sum(lw * st for lw, st in zip(lo, strides))
    slow = OBJECT if mode == "exact" else 1.0
    if len({p for p, e in zip(place, boom) if e}) == 1 and len_b - 1 + back >= 0:  # the chain in one step:
        # a scaled copy of the faces that stop per chain length, added in place (:func:`.dice._one_kind`)
        return (2 * k * len_a * slow + (k - 1) * max(len_b - 1 + back, 1) + len_a + len_b + k * PER_CALL
                + TABLE)
    size = float(max(len_a, len_b))  # (the exploding faces' array as long as the die's: every face's place)
    work, length = TABLE, size
    for _ in range(min(k, 10_000)):  # (numpy's convolutions in float64, whole numbers too: :func:`.powers.dense`)
        work += (size * length * slow if mode == "exact" else dense(size, length, floats=True)) + 4 * PER_CALL
        length = max(len_a, len_b + length - 1 + back)
    return work


def _rows(p: Plan, g: Any, names: Sequence[str]) -> tuple[tuple[int, ...], ...]:
    """What each face adds to each tracked quantity (the plan's readings, in
    the order of ``names``): a tally what it adds (0 for a group it does not
    read); the readings in order (``highest(2)``, ``lowest()``) together one
    row, the die's value, first (the walk's table: :func:`.walk.outcomes`;
    three readings in order priced as three totals of the die made a d4
    exploding twice 0.6 s of table, 5 ms real)."""
    by_key = {r.key: r for r in p.readings}
    zero = (0,) * g.table.sides
    out = []
    ordered = False
    for n in names:
        r = by_key.get(n)
        if not isinstance(r, Tally):
            ordered = True
        else:
            out.append(r.faces(g.table, p.marks) if r.reads(g.name) else zero)
    return ((tuple(range(1, g.table.sides + 1)),) if ordered else ()) + tuple(out)


def mode_of(p: Plan, exact: bool) -> str:
    """How the kernel counts (:func:`.kernel.mode_of`), read off logarithms:
    the denominator of a heavy roll is never computed to price it."""
    if p.unbounded:
        return "float"
    return "exact" if exact or ways_bits(p) >= 53 else "count"


def ways_bits(p: Plan) -> float:
    """The bits of the denominator (every die's ways, the budget's), read off logarithms."""
    bits = sum(g.count * (1 + levels(g.table)) * math.log2(g.table.sides) for g in p.groups if g.count)
    return bits + min(p.budget, p.rerollable) * max((math.log2(g.table.sides) * (1 + levels(g.table))
                                                     for g in p.groups if g.rerollable), default=0.0)


def table_mode(p: Plan) -> str:
    """The kind of number a plan's die tables are made in (:func:`mode_of` of
    its float odds): below 2**53 ways whole numbers in float64 for exact odds
    too (:func:`.denominator.mode_of` does not read ``exact``; exact odds of a
    d2 exploding twice, read in order, had their table priced in Python ints:
    0.7 s, refused, for 6 ms real)."""
    return mode_of(p, False)


class Steps(NamedTuple):
    """The steps of one spec's odds around the kernel's counting (:func:`odds_steps`): their ``work``,
    the ``memory`` of the cells, the work left when the counts are at hand (``finish``: the outcome
    read and listed, :mod:`.counts_kept`) and the most cells the counts may hold (``cells``: the
    whole range of each quantity, never cut; infinite for dice without a depth), and the bytes the odds
    leave held once made (``kept``: :attr:`...contract.cost.Cost.keeps`)."""

    work: float
    memory: float
    finish: float
    cells: float
    kept: float = 0.0


def odds_steps(p: Plan, names: Sequence[str], shown: Sequence[str], exact: bool = False) -> Steps:
    """The :class:`Steps` of one spec's odds around the kernel's
    counting: the die tables not counted at load (``names``: the quantities
    the counts track), each again per mark the counts do not track
    (``shown``: the marks a die of the roll shows), the outcome's formula
    read at every cell and the values listed, and the memory of the cells.
    The tables are made in the kind of number the kernel counts in, exact
    odds or not (:func:`table_mode`)."""
    mode = mode_of(p, exact)
    tables = table_mode(p)
    recounts = [m for m in shown if m not in names]
    work = FIXED
    seen: set[Any] = set()
    low = [0] * len(names)  # each quantity's lowest and highest in the counts: the dice's added up
    high = [0] * len(names)
    whole = [0] * len(names)  # (each quantity's highest uncut: the kernel's space, its tails cut in its arrays)
    for g in p.groups:
        if not g.count:
            continue
        rows = _rows(p, g, names)
        k = levels(g.table)
        for i, r in enumerate(rows):
            b = [x for x, e in zip(r, g.table.explode) if e] if k else []
            low[i] += g.count * (min(0, min(r)) + k * min(0, min(b, default=0)))
            most = g.count * (max(r) + k * max(0, max(b, default=0)))
            cut = reach(g.table, (r,), (1,), g.count) if p.unbounded else None  # the tails the kernel cuts
            high[i] += most if cut is None else min(most, g.count * min(r) + math.ceil(cut))
            whole[i] += most
        if g.table in seen:
            continue
        seen.add(g.table)
        again = int((g.table, rows, tables, ()) not in p.compiled)  # (a table counted at load: not again)
        again += sum(1 for m in recounts if any(g.table.marks[p.marks.index(m)]))
        if again:
            work += again * table_work(g.table, rows, tables)
    cells = min(math.prod(float(h - lw + 1) for h, lw in zip(high, low)), rolls(p))
    dense = math.prod(float(h - lw + 1) for h, lw in zip(high, low)) if not p.unbounded else math.inf
    walked = 0.0
    if p.ordered:  # the walk's cells: a reading in order spans one die's values, not every die's added up
        from .walk_cost import walk_bytes, walk_cells

        cells = min(cells, walk_cells(p))
        dense = walk_cells(p)
        walked = walk_bytes(p)  # its widest step: every count of a group's dice at once
    width = dense if not p.unbounded or p.ordered else math.prod(float(h - lw + 1) for h, lw in zip(whole, low))
    # the outcome reads every packed cell of the space, not only those a roll reaches: each coin a success
    # or a bane, never both, makes 1,025 kinds of roll of 1,024 coins over 1,025 x 1,057 cells (the walk's: its own)
    read = cells if p.ordered else max(cells, width)
    nodes = 1 + len(p.draft.outcome.value.expr.text) / 4
    finish = FIXED + read * nodes * PER_NODE * (1 + len(recounts)) + read * len(names) * PER_DIGIT
    if mode == "exact":  # each cell's count a Python int, read a few times (:data:`WHOLE_READS`); 0 where no
        # roll reaches (a small int: one Python step)
        finish += (cells * element(ways_bits(p)) + (read - cells) * element(1.0)) * (1 + len(recounts)) * WHOLE_READS
    values = spread(p, names, low, high)
    finish += values * (PER_VALUE + (FRACTION + FRACTION_BIT * ways_bits(p) if exact else 0.0))
    each = value_bytes(mode, 0.0 if p.unbounded else ways_bits(p))
    if exact:  # (its two fractions too, each a numerator and a denominator as large as the counts)
        each += 2 * (FRACTION_BYTES + 2 * value_bytes("exact", ways_bits(p)))
    # (the cells in the kind of number the counts are made in, exact odds or not: a walk's exact odds of
    # five dice were priced 57 MB, refused, in Python ints for 1.6 MB in float64; the values in their own)
    # (a re-roll step's states: a row each, as wide as the kernel's space, dice without end to their tables'
    # depth: 30 d6 exploding without end, re-rolled always, 13 MB held, priced 0.2 MB without them)
    # (its kernels' arrays cut as the counts are: at most ``cells`` long)
    one = cell_bytes(tables, ways_bits(p))  # (a cell no roll reaches: a float, or a pointer to Python's 0)
    held = (cells * one + (read - cells) * min(one, CELL_BYTES["float"])) * HELD + walked + values * each \
        + step_bytes(p, width, cells)
    # held once made: the cells of the plan's counts (each quantity's values and the outcome's, which a space
    # past KEEP_CELLS lets go: :meth:`.space.Space.let_go`) and the odds' values
    # (each value a roll reaches: its count beside its chance in the odds' own dicts, :data:`ENTRY_BYTES`)
    kept = KEPT_FIXED + (read if read <= KEEP_CELLS else 0.0) * KEPT_CELL * (len(names) + 1) + values * each \
        + (min(values, cells) * ENTRY_BYTES if mode == "exact" else 0.0)
    return Steps(work - FIXED + finish, held, finish, dense, kept)


def heaviest_table(p: Plan, names: Sequence[str], exact: bool = False) -> tuple[float, str]:
    """``(work, words)`` of the heaviest die table of the spec (:func:`table_work`,
    kept: no table counted again), for a refusal that says which part is too heavy."""
    best, said = 0.0, ""
    for g in p.groups:
        if g.count:
            one = table_work(g.table, _rows(p, g, names), table_mode(p))
            if one > best:
                deep = f"explosions up to {levels(g.table)} deep, " if levels(g.table) else ""
                best, said = one, (f"the table of one die of the group {g.name}: {deep}{len(names)} "
                                   f"{'thing' if len(names) == 1 else 'things'} counted on each face")
    return best, said


def rolls(p: Plan) -> float:
    """How many different rolls the dice can make, each group's dice a
    multiset of its die's outcomes (faces, times the levels of a chain): a
    bound of the cells the counts hold, whatever readings they track (every
    cell holds at least one roll). Worked out in logarithms, never listed."""
    logs = 0.0
    for g in p.groups:
        if g.count:
            kinds = math.exp(min((levels(g.table) + 1) * math.log(len(g.table.explode)), 30.0))
            logs += math.lgamma(g.count + kinds) - math.lgamma(g.count + 1) - math.lgamma(kinds)
    return math.exp(min(logs, 700.0))


def spread(p: Plan, names: Sequence[str], low: Sequence[int], high: Sequence[int]) -> float:
    """How many values the odds list (at most :data:`.values.MAX_SPREAD`):
    the outcome's formula read at the corners of the quantities' ranges (at
    most 64 of them: a handful of evaluations, never the counts); a corner
    the formula cannot read (a division by 0) is left out."""
    corners: list[dict[str, int]] = [dict(p.env)]
    for n, lw, h in list(zip(names, low, high))[:6]:
        corners = [{**c, n: v} for c in corners for v in {lw, h}]
    found = []
    for c in corners:
        try:
            found.append(int(outcome_value(p, {**{n: lw for n, lw in zip(names, low)}, **c})))
        except (SpecError, ValueError, TypeError, ArithmeticError):
            continue
    if not found:
        return 1.0
    return float(min(max(found) - min(found) + 1, MAX_SPREAD))
