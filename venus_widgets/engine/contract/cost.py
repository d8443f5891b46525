"""The cost of a spec's odds: what an edition estimates, and the budget.

Every legal spec, rule knobs included, must have its odds within about a
second and 200 MB, cold. Each edition estimates its own work (the
contract's ``cost(spec, exact)``, one module ``editions/<id>/cost.py``): a
:class:`Cost` from the sizes its algorithms build (table sizes, the length
of an exploding chain, the first rolls enumerated) and the kind of number
they hold (floats, Python integers, fractions). This module holds that
value and the budget; :mod:`.guard` holds the one generic check, run on
every spec, which refuses a spec over the budget up front.

The estimate is deterministic (sizes, never a clock); ``benchmarks/
fuzz_cost.py`` times random specs with knobs in fresh processes against
the budget, and ``tests/test_cost.py`` checks the estimate against what
the computation allocates and draws.

>>> c = Cost(memory=held(1000), steps=5000)
>>> c.seconds < 1e-3, c.memory < 1e6, fits(c)
(True, True, True)
>>> fits(Cost(memory=held(10**9), steps=1))
False
"""

from __future__ import annotations

from typing import NamedTuple

#: What one number costs, by the kind of number the tables hold: seconds per
#: operation and bytes held (floats in numpy arrays; Python integers and
#: fractions in object arrays, exact and far slower), with room for the
#: numbers' growth (a fraction of 600 digits is slower than one of 6).
SECONDS = {"float": 3e-9, "int": 1.5e-8, "fraction": 4e-6}
BYTES = {"float": 8, "int": 64, "fraction": 240}

#: The budget of one spec's odds (its estimate; the machine may take up to
#: about twice as long, and the largest table is held a few times over). Half
#: of the 2 s one call may take: estimates run up to several times the real
#: work (the cost benchmark: at most 8), and a roll refused at 1 s estimated
#: takes more than a fifth of a second nearly always (at 0.5 s, rolls of
#: 0.15 s were refused: fuzz_drafts seeds 50 and 51).
MAX_SECONDS = 1.0
MAX_BYTES = 80e6
#: The most counts an edition keeps for the specs that read the same (a draft's ladder rungs:
#: :attr:`Cost.kept`), the least recently used dropped past it: a call that touches more is priced
#: as though none were kept.
KEPT = 16
#: The odds kept by spec, at most (:mod:`..api`'s store, and with them a draft's plans): what a call of
#: many odds leaves held (:attr:`Cost.keeps` each); and what one spec's odds leave held when its edition
#: does not say (measured with tracemalloc: a built-in edition's odds, about 3 KB).
KEPT_ODDS = 512
KEPT_BYTES = 4e3
#: Temporaries: how many times the largest table is held at the peak.
TEMPORARIES = 4

#: What one roll of many costs (``roll_many``, vectorised in blocks): its
#: bookkeeping, and each die it draws (dice that roll again included).
ROLL_SECONDS, DIE_SECONDS = 1e-6, 7.5e-8
#: The most one call that rolls many may take, estimated: a million and a
#: half rolls of a d20 check with bonus dice, 300,000 of the largest
#: task of six-sided dice with KISS, 60,000 of 60 dice re-rolling five
#: faces.
MAX_ROLL_SECONDS = 2.0
#: What a block of rolls holds per die of a roll held at once (``Cost.held``), in int64 words: a draft's
#: first faces in small whole numbers and its chains' dice in a list (:mod:`..drafts.thrown`), what a
#: die shows read a slice of rows at a time.
ROLL_TEMPORARIES = 1
#: What a block holds per roll where an edition does not say (``Cost.held`` 0), in int64 words: a few per
#: die one roll draws (its faces, classes, order and choice, in arrays of a block's rows) and some per roll
#: (measured with tracemalloc, beyond :data:`ROLL_FIXED_BYTES`: a task of 36 dice whose policy sorts them by
#: class, 253 words a roll for 72 dice drawn; one of 49 dice drawn, 27). Dice that roll again a level at a
#: time hold far fewer than they draw: such an edition says its own.
ROLL_DIE_WORDS, ROLL_WORDS = 4.0, 48.0
#: What a call of many rolls holds whatever its dice (the spec made, its dice's tables, the outcomes).
ROLL_FIXED_BYTES = 4e6
#: The most one block of rolls may hold (estimated): 200 MB.
MAX_ROLL_BYTES = 200e6


class Cost(NamedTuple):
    """What computing one spec's odds takes, estimated from its sizes.

    ``memory``: bytes held at the peak (:func:`held` of the largest
    tables); ``steps``: the numbers computed in all (each an operation or a
    few); ``number``: what they are (``"float"``, ``"int"``,
    ``"fraction"``), which sets the time of a step; ``dice``: the dice
    one roll draws on average (exploding dice included); ``levers``: the
    fields that drive the cost, the most useful to change first, each with
    its direction (``+1``: a larger value costs more; ``-1``: a smaller one
    does), as a spec field or ``"rules.<knob>"``; ``what``: the sizes in
    words, for the error."""

    memory: float
    steps: float
    number: str = "float"
    dice: float = 1.0
    levers: tuple[tuple[str, int], ...] = ()
    what: str = ""
    #: the dice one roll of many holds at once, for the memory of a block of rolls (0: not priced, the
    #: built-in editions' rolls of many, bounded by their time alone: benchmarks/fuzz_cost.py)
    held: float = 0.0
    #: the dice one roll made alone draws on average (its chains as long as one roll's, not a block's),
    #: for the price of one roll made again (a log's import and replay; 0: not priced apart, ``held`` or
    #: ``dice`` stand for it)
    one: float = 0.0
    #: the keys of the counts the odds keep for other specs that read the same (a draft's counts: a ladder's
    #: rungs; empty: none), and the steps of the odds when they are kept (``finish``: the outcome read),
    #: for a call of many odds (:func:`.work.price`); ``finish`` equals ``steps`` when none is surely kept
    kept: tuple = ()
    finish: float = 0.0
    #: the steps of the odds that the specs of one edition, version and rules share in a call of many
    #: odds (a draft's fixed work that its first spec does for the rest: its rules, readings and tables
    #: at hand), charged once a call (:func:`.work.price`); 0: none shared
    shared: float = 0.0
    #: the seconds of one roll of many apart from its dice (its outcome's formula read, its block's
    #: bookkeeping; 0: :data:`ROLL_SECONDS`, the built-in editions')
    roll: float = 0.0
    #: the bytes the odds leave held once made (kept by spec for the next call: the odds, a draft's plan
    #: with its cells), for a call of many odds (:func:`.work.price`: at most :data:`KEPT_ODDS` of them);
    #: 0: :data:`KEPT_BYTES`
    keeps: float = 0.0
    #: the steps of the cost guard's own check of the spec held in :attr:`steps` (the check made before the
    #: odds: a caller that made it already, and kept its answer, leaves it out; 0: not priced apart)
    check: float = 0.0
    #: the steps of the cost guard's estimate of the spec beyond :attr:`check` (its own work as counted while
    #: it is made: a draft's walks and products priced), for a call of many odds that checks each spec before
    #: its odds (:func:`.work.price`); ``estimate_kept``: the same when the counts of :attr:`kept` are at hand.
    #: Not in :attr:`steps`: the search for the nearest value that fits reads those along a lever
    estimate: float = 0.0
    estimate_kept: float = 0.0

    @property
    def seconds(self) -> float:
        """The estimated time (on the reference machine)."""
        return self.steps * SECONDS[self.number]

    @property
    def shared_seconds(self) -> float:
        """The seconds of :attr:`shared` (at most :attr:`seconds`)."""
        return min(self.shared, self.steps) * SECONDS[self.number]

    @property
    def check_seconds(self) -> float:
        """The seconds of :attr:`check` (at most :attr:`seconds`)."""
        return min(self.check, self.steps) * SECONDS[self.number]

    @property
    def estimate_seconds(self) -> float:
        """The seconds of :attr:`estimate`."""
        return self.estimate * SECONDS[self.number]

    @property
    def estimate_kept_seconds(self) -> float:
        """The seconds of :attr:`estimate_kept` (:attr:`estimate`'s where nothing is kept)."""
        return (self.estimate_kept if self.kept else self.estimate) * SECONDS[self.number]

    @property
    def finish_seconds(self) -> float:
        """The estimated time when the counts of :attr:`kept` are at hand (at most :attr:`seconds`)."""
        return min(self.finish, self.steps) * SECONDS[self.number] if self.kept else self.seconds

    def then(self, other: "Cost") -> "Cost":
        """Two computations one after the other (counted in the slower kind of number)."""
        number = max(self.number, other.number, key=list(SECONDS).index)
        scale = lambda c: c.steps * SECONDS[c.number] / SECONDS[number]  # noqa: E731
        return Cost(max(self.memory, other.memory), scale(self) + scale(other), number, max(self.dice, other.dice),
                    self.levers or other.levers, self.what or other.what, max(self.held, other.held),
                    max(self.one, other.one))


def held(cells: float, number: str = "float") -> float:
    """The bytes of a table of ``cells`` numbers of a kind, with its temporaries."""
    return cells * BYTES[number] * TEMPORARIES


def beyond(estimate: float, limit: float, unit: str) -> tuple[str, str]:
    """An estimate over a limit and the limit, in words of one unit
    (``"s"``, or ``"MB"`` of bytes), with the digits that tell them apart:
    a refusal never says a number under the limit it is refused by.

    >>> beyond(0.52, 0.5, "s"), beyond(2134.0, 0.5, "s"), beyond(40.2e6, 40e6, "MB")
    (('0.52 s', '0.5 s'), ('2,134 s', '0.5 s'), ('40.2 MB', '40 MB'))
    """
    scale = 1e6 if unit == "MB" else 1.0
    x, y = estimate / scale, limit / scale
    digits = 0 if unit == "MB" or x >= 10 else 1
    while digits < 4 and round(x, digits) <= round(y, digits):
        digits += 1
    return f"{x:,.{digits}f} {unit}", f"{y:,g} {unit}"


def fits(c: Cost) -> bool:
    """Whether an estimate is within the budget."""
    return c.steps * SECONDS[c.number] <= MAX_SECONDS and c.memory <= MAX_BYTES
