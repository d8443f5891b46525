"""How long a draft's odds take, estimated before any work: the draft
edition's part of the engine's cost guard (:mod:`venus_widgets.engine.contract.cost`
refuses what would take more than about a second, naming the field to
lower and the largest value that fits).

The estimate follows the kernel (:mod:`.kernel`) convolution by
convolution, with array lengths only: numpy's direct convolution of
arrays of lengths ``a`` and ``b`` takes ``a * b`` multiply-adds, and each
call some microseconds of Python (:data:`PER_CALL`). The packed lengths
come from the dice's ranges (:mod:`.space`): tracking several marks makes
long arrays, and that is what a roll of twenty d20 with three marks costs
(about 2e10 multiply-adds: refused). :data:`LIMIT` is about a second of
numpy on a machine doing nothing else (measured: 1.6e8 multiply-adds a
second with seven other programs running).

>>> int(power_cost(7, 10, 10**6)[1])      # ten dice of 7 values each: 61 values
61
>>> power_cost(10**4, 20, 2 * 10**5)[0] > LIMIT   # twenty dice over a wide packed space
True
"""

from __future__ import annotations

import math
from typing import Any, Callable, Sequence

from .denominator import big_die, denominator
from .whole_cost import count_of, die_bits, first_in_floats, first_in_python_ints, in_python_ints, places, reachable
from .dice import rows
from .plan import Plan
from .tails import reaches
from .total_cost import all_taken
from . import reroll_successes as successes
from .reroll_price import PER_STEP, WORD_OUT, allocate_cost, kept_reach, reroll_cost  # noqa: F401 (a re-roll's)
from .powers import PER_CALL, conv, dice_sums, die_top, lattice_power, power_bound, power_cost  # noqa: F401  (a convolution's price, a power's)
from .walk_cost import MAX_CELLS, WIDE_KEYS, chains, span, walk_cells, walk_cost  # noqa: F401 (the walk's model)

#: The Python of one count of the dice with a re-roll step (its groups merged, its kernels, its states and
#: their ends), in multiply-adds (measured: the FC screen's 600 odds of 8 to 12 d6 pushed, two counts
#: each, 1.2-1.6 ms an odds; priced 1.1 ms without it).
COUNT = 4e5

#: Work (multiply-adds) of about one second.
LIMIT = 4e8
#: The seconds of one multiply-add of the model, on the reference machine (:data:`LIMIT` of them: half a
#: second); what turns a draft's work into the contract's estimate (:mod:`..contract.cost`).
WORK_SECONDS = 1.25e-9


def in_whole_numbers(denominator: int) -> float:
    """How many times the work costs when counted in Python ints (ways past
    2**53: :mod:`.whole`), by the size of the numbers: measured on the push
    of docs/drafts.md (37 to 300 dice, 192 to 1551 bits), 1.6 to 6 times
    the time of the same convolutions in float64 per unit of :data:`LIMIT`.

    >>> in_whole_numbers(6 ** 20), in_whole_numbers(2 ** 1000)
    (1.0, 6.005)
    """
    return in_whole_numbers_of_bits(denominator.bit_length())


def in_whole_numbers_of_bits(bits: float) -> float:
    """:func:`in_whole_numbers` by the denominator's size in bits (read off
    logarithms: the denominator of a heavy roll is never computed to price it)."""
    return 1.0 if bits <= 53 else 1.0 + bits / 200


# --------------------------------------------------------------------------
# One spec's work, from its plan's numbers
# --------------------------------------------------------------------------


def marks_counted(p: Plan) -> int:
    """How many times the odds count the dice: once, and once more for
    each mark a die of the roll shows that the counts do not track (its
    chance: one minus the rolls without its faces)."""
    names = {r.key for r in p.readings}
    return 1 + sum(1 for i, m in enumerate(p.marks)
                   if m not in names and any(g.count and any(g.table.marks[i]) for g in p.groups))


def work(p: Plan) -> float:
    """The work of a spec's odds in multiply-adds (infinite past
    :data:`MAX_CELLS` cells: the memory's bound): the walk's
    (:func:`walk_cost`) when a formula reads the dice in order, else the
    kernel's convolutions, by the lengths of its arrays; once per count
    (:func:`marks_counted`), a mark's count with a re-roll step without
    the convolutions of the step's end (:func:`reroll_cost`); a step the
    kernel counts by successes alone by that count's price
    (:func:`.reroll_successes.work`)."""
    if p.ordered:
        return walk_cost(p) * marks_counted(p)
    B = min(p.budget, p.rerollable)
    steps = p.draft.reroll is not None and B > 0
    tallies = [r for r in p.readings if not r.ordered]
    spans = []  # per group: (plan, the range of each quantity one die adds, what each face adds)
    lo_all = [0] * len(tallies)
    hi_all = [0] * len(tallies)
    for g in p.groups:
        if not g.count:
            continue
        V = rows(g.table, tallies, g.name, p.marks)
        lo, hi = span(g.table, V)
        shift = [min(0, x) for x in lo] if steps and g.rerollable else list(lo)
        spans.append((g, [h - s for h, s in zip(hi, shift)], V))
        for i in range(len(tallies)):
            lo_all[i] += g.count * shift[i]
            hi_all[i] += g.count * hi[i]
    size = 1.0
    strides = []
    for h, lw in zip(hi_all, lo_all):
        strides.append(size)
        size *= h - lw + 1
    if size > MAX_CELLS:
        return float("inf")
    marks = marks_counted(p)
    whole = in_python_ints(p)
    first = whole and (not steps or first_in_python_ints(p))  # the first roll too (else the step's end alone)
    floats = first_in_floats(p)  # (the first roll in float64: probabilities, or whole numbers below 2**53)
    if not whole and not steps and not p.unbounded and size * size * len(spans) * 8 * marks < LIMIT:  # short
        return size * size * len(spans) * 8 * marks
    total, plain, pbits, near = COUNT if steps else 0.0, 1.0, 0.0, 1.0  # near: the plain array's cells not 0
    recount = total  # a mark counted again: its dice's faces the mark's left out, none pair by pair
    takers: list[tuple[Any, float]] = []
    dr = {g.name: reachable(g.table, V) for g, _, V in spans}  # what one die (its chain) can add: its vectors
    at = {g.name: places(g.table, V, strides) if whole else None for g, _, V in spans}  # and where, packed
    for g, sp, V in spans:
        length = 1.0 + sum(x * z for x, z in zip(sp, strides))
        if steps and g.rerollable:
            takers.append((g, length))
            continue
        db = die_bits(g.table) if first else None
        cap = _cut(g.table, V, strides, size) if p.unbounded and not whole else None
        if cap is not None:
            length = min(length, cap(1))
        # (the kernel adds a die up on its lattice, dice without end too: :func:`.whole.power`; 30 d6 exploding
        # without end whose successes are packed 101 apart were priced as arrays 101 times as long)
        lay = places(g.table, V, strides) if g.count > 1 else None  # (the first count's)
        sums = dice_sums(g.table, V, strides if whole else None)  # the cells not 0 of m dice: their sums
        top = die_top(g.table, V, db) if db is not None else None  # its largest entry, in bits
        w, again, grown = lattice_power(lay, length, g.count, size, db, cap, sums, top, floats, not p.unbounded)
        nz = (near, sums(g.count))
        pb = (pbits, g.count * db - db + top) if db is not None and top is not None else None
        w2, _ = conv(plain, grown, size, pb, nz, sparse=not p.unbounded, floats=floats) if plain > 1 else (0.0, grown)
        again2, plain = conv(plain, grown, size, pb, nz, floats=floats) if plain > 1 else (0.0, grown)
        pbits += g.count * (die_bits(g.table) if whole else 0.0)
        near *= count_of(sums(g.count))
        total += w + w2
        recount += again + again2
    if takers:
        # the kernel's blocks (groups of one chance, alike groups next to each other merged)
        blocks: list[list[list[Any]]] = []
        for g, length in sorted(takers, key=lambda x: -x[0].table.chance):
            if blocks and blocks[-1][-1][3] == g.table.chance:
                last = blocks[-1][-1]
                if (last[4], last[5], last[6]) == (g.table, g.eligible, p.rows(g)):
                    last[0] += g.count
                    continue
                blocks[-1].append([g.count, length, len(g.eligible), g.table.chance, g.table, g.eligible,
                                   p.rows(g), g.name])
            else:
                blocks.append([[g.count, length, len(g.eligible), g.table.chance, g.table, g.eligible, p.rows(g),
                                g.name]])
        bits = (pbits, math.log2(big_die(p)), [[die_bits(x[4]) for x in b] for b in blocks]) if whole else None
        fresh = {at[g.name] or dr[g.name] for g, _ in takers}  # one fresh die: where it lands, if one kind
        kept = {g.name: kept_reach(g.table, V, g.eligible) for g, _, V in spans if g.rerollable}
        sparse = (near, _fresh(fresh),
                  [[(dr[x[7]], at[x[7]] or dr[x[7]], kept[x[7]]) for x in b] for b in blocks])
        step, alone = reroll_cost(plain, [[(x[0], x[1], x[2]) for x in b] for b in blocks], B, size, bits, sparse,
                                  first, not p.unbounded, floats, p.unbounded)
        by = None if p.unbounded else successes.kinds(p, [i for i, g in enumerate(p.groups) if g.rerollable and g.count],
                                                      [int(x) for x in strides])
        step = step if by is None else successes.work(by[0], B, size, math.log2(denominator(p)) if whole else 0.0)
        # a mark counted again needs only the number of its rolls (:func:`.kernel.ways_without`): the step's
        # end sums each state, its re-rolled dice never convolved (dice without end: counted whole again);
        # a budget that covers every die it may take needs no state at all (:mod:`.reroll_total`)
        if not p.unbounded and p.budget >= sum(g.count for g, _ in takers):
            alone = COUNT + all_taken(p, takers, plain, size, pbits if whole else None, dr, near)
        return total + (marks - 1) * recount + step + (marks - 1) * (step if p.unbounded else alone)
    return total + (marks - 1) * recount


def _fresh(fresh: set[Any]) -> Any:
    """What is known of a fresh die's cells not 0 over the groups the step
    re-rolls (:func:`.whole_cost.places`, else how many: :func:`.whole_cost.reachable`):
    one kind's; several kinds', their places all known, every place of any
    (each die's among them: the end's products followed on them,
    :func:`.whole_cost.karatsuba`); else the most of any."""
    if len(fresh) == 1:
        return next(iter(fresh))
    if all(isinstance(x, tuple) for x in fresh):
        return tuple(sorted(set().union(*fresh)))
    return max(count_of(x) for x in fresh)


def _cut(t: Any, V: Any, strides: Sequence[float], size: float) -> Callable[[int], float] | None:
    """The most an array of ``m`` dice of ``t`` holds once the kernel cuts
    its tails (:func:`.tails.reach`; None: no bound of that kind)."""
    of = reaches(t, V, strides)
    if of(1) is None:
        return None
    return lambda m: min(size, 1.0 + (of(m) or 0.0))
