"""A draft, read and checked: the plain, immutable values the kernel, the
rolls and the table read (:mod:`.validate` builds them from the TOML).

Every number of the rules is held by the name of its rule knob (see
:mod:`.knobs`): a :class:`Num` names one, and an expression
(:class:`~.expr.Expr`) names one per number written in it. The values come
from the spec's rules (:class:`~.knobs.DraftRules`), the defaults being
the numbers as written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..contract.table_answers import plural_of
from .expr import Expr

#: The groups of fields a roller shows (in this order), each with its title.
FIELD_GROUPS = {"ability": "Ability and dice", "difficulty": "Difficulty", "help": "Help", "kiss": "KISS and Ego",
                "consequences": "Consequences", "other": "Other"}

#: What the dice show, for expressions: the sum of the successes, the sum of the faces.
SUCCESSES, TOTAL = "successes", "total"

#: The number of every die of a roll, for expressions (a budget of every die).
ALL_DICE = "all_dice"
#: The names the odds' breakdown gives the first roll and the fail, beside the degrees and the steps.
FIRST_ROLL, FAIL = "pass on the first roll", "fail"


def passed_after(reroll: str) -> str:
    """The breakdown's name of what the re-roll step adds: "pass after KISS"."""
    return f"pass after {reroll}"


def passed_with(double: str) -> str:
    """The breakdown's name of what the doubling step adds: "pass with Ego"."""
    return f"pass with {double}"

#: The sides of a die, for the formulas of its faces; the outcome's value, for the events.
SIDES, VALUE = "sides", "value"


@dataclass(frozen=True)
class Num:
    """A number of the rules: the knob that holds it."""

    knob: str


@dataclass(frozen=True)
class Slotted:
    """An expression and the knob of each number written in it."""

    expr: Expr
    knobs: tuple[str, ...]
    key: str

    @property
    def names(self) -> tuple[str, ...]:
        return self.expr.names


@dataclass(frozen=True)
class FieldDef:
    """A field the player sets: a whole number (``lo..hi``), one of some
    words (``options``), yes/no, or a list of words (``most`` items)."""

    name: str
    kind: str  # "int", "choice", "bool", "list"
    default: Any
    label: str
    group: str
    help: str = ""
    lo: int = 0
    hi: Num | None = None
    options: tuple[str, ...] = ()
    most: int = 0
    #: the words of the hints "one more" and "one fewer" (``[fields.x] more = "+1 die"``)
    more: str = ""
    fewer: str = ""
    #: the words a player reads for each option, in order (none: the options themselves)
    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class FaceSet:
    """Some faces of a die: listed (one knob holds the list), or bounded
    by expressions (``at_least``, ``at_most``: numbers in them are knobs),
    or every face but some (``but``)."""

    faces: Num | None = None
    at_least: Slotted | None = None
    at_most: Slotted | None = None
    but: Num | None = None


@dataclass(frozen=True)
class DieDef:
    """A kind of die: its sides, what each face counts, which faces roll
    again and how deep."""

    name: str
    #: a number or a formula (a field's die: ``"die_of[trait]"``)
    sides: Slotted
    success: FaceSet | None = None
    #: face -> its successes (faces worth other than 1 or 0): a number or a formula
    successes: tuple[tuple[int, Slotted], ...] = ()
    #: mark name -> faces showing it
    marks: tuple[tuple[str, FaceSet], ...] = ()
    explode: FaceSet | None = None
    #: the explosion depth: the knob of a number or "unbounded" (its value None), or a formula
    depth: Num | Slotted | None = None
    #: face -> words shown beside the mark at the table
    labels: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class GroupDef:
    """Some dice of one kind rolled together: ``count`` of them, or one
    per item of a list field (``each``), graded by ``grade`` (or the item)."""

    name: str
    die: str
    owner: str
    count: Slotted | None = None
    each: str = ""
    grade: Slotted | None = None
    cancels: bool = False
    #: whether the group's dice explode: yes, no, or a formula (``"edge"``)
    explode: bool | Slotted = True
    #: what the table calls one of its dice ("black die"; its owner by default) and how it draws them
    called: str = ""
    shape: str = ""


@dataclass(frozen=True)
class Degree:
    name: str
    #: its lowest value: a number or a formula
    lowest: Slotted


@dataclass(frozen=True)
class EventDef:
    """A named event of the roll: a yes-or-no formula over what the dice
    show (a glitch: ``"count(one) * 2 > all_dice"``), with its own chance."""

    name: str
    rule: Slotted


@dataclass(frozen=True)
class OutcomeDef:
    value: Slotted
    name: str
    unit: tuple[str, str]
    threshold: Slotted
    goal: Slotted | None
    degrees: tuple[Degree, ...] = ()
    below: str = ""
    #: the outcome counts faces (``total``): the table marks each die "+face"
    uses_total: bool = False

    @property
    def degree_names(self) -> tuple[str, ...]:
        """Every degree's name, the one below the lowest first (as the odds' breakdown names them)."""
        return ((self.below,) if self.below else ()) + tuple(x.name for x in self.degrees)


@dataclass(frozen=True)
class RerollDef:
    """The re-roll step (KISS, a push): which dice, which faces, the budget, when."""

    name: str
    budget: Slotted
    groups: tuple[str, ...]
    #: None: the failed faces (those that count nothing)
    faces: FaceSet | None
    #: "short" or "always", or a formula that gives one of them
    when: str | Slotted


@dataclass(frozen=True)
class DoubleDef:
    """The doubling step (Ego): still short of the goal, ``adds`` more successes."""

    name: str
    adds: Slotted
    active: Slotted | None
    label: str


@dataclass(frozen=True)
class SpendItem:
    id: str
    text: str
    cost: Slotted
    default: bool = False
    note: str = ""


@dataclass(frozen=True)
class CheckDef:
    rule: Slotted
    field: str
    words: str
    #: ``words`` and ``hint`` as templates ({formulas} of the fields and rules), when they have places
    said: Any = None
    hint: Any = None


@dataclass(frozen=True)
class LadderDef:
    field: str
    values: tuple[Any, ...]


@dataclass(frozen=True)
class Words:
    passed: str = "Passed"
    failed: str = "Failed"
    sentence: str = ""
    #: mark -> its words for one and for many (a mark without words: its name)
    marks: tuple[tuple[str, tuple[str, str]], ...] = ()
    #: the sentence with its formulas (a :class:`~.templates.Template`; None: no sentence)
    said: Any = None
    #: the notes of the odds (:class:`~.templates.Note`), in the draft's order
    notes: tuple[Any, ...] = ()
    #: what one die counts, for one and many ("success"; the outcome's unit unless the draft says)
    counts: tuple[str, str] = ("", "")

    def mark(self, name: str) -> tuple[str, str]:
        """A mark's words for one and for many: ``("complication", "complications")``."""
        found = dict(self.marks).get(name)
        if found is not None:
            return found
        word = name.replace("_", " ")
        return word, plural_of(word)

    def mark_chance(self, name: str) -> str:
        """The name of a mark's chance in the odds' breakdown: "at least one complication"."""
        return f"at least one {self.mark(name)[0]}"


@dataclass(frozen=True)
class RuleDef:
    """A named rule of ``[rules]``: a number, or a number per key (caliber, rank)."""

    name: str
    knob: str
    per: tuple[str, ...] = ()


@dataclass(frozen=True)
class KnobName:
    """A knob ``[knobs]`` names: its name in a spec's ``rules``, the number
    of the draft it holds (``knob``: a key path or a named rule), its words,
    and what it takes when narrower than the number's own (a ``Kind``)."""

    name: str
    knob: str
    label: str = ""
    seed: str = ""
    where: str = ""
    kind: Any = None


@dataclass(frozen=True)
class Draft:
    """A whole draft, checked."""

    id: str
    name: str
    about: str
    roll: str
    roller: str
    fields: tuple[FieldDef, ...]
    rules: tuple[RuleDef, ...]
    dice: tuple[DieDef, ...]
    groups: tuple[GroupDef, ...]
    outcome: OutcomeDef
    reroll: RerollDef | None
    double: DoubleDef | None
    spend: tuple[SpendItem, ...]
    checks: tuple[CheckDef, ...]
    ladder: LadderDef | None
    words: Words
    events: tuple[EventDef, ...] = ()
    #: the rule knobs (:mod:`.knobs`), in the order a playtester meets them
    knobs: tuple[Any, ...] = ()
    #: the knobs ``[knobs]`` names (:mod:`.knob_names`): then a spec's rules and the lab meet these alone
    names: tuple[KnobName, ...] = ()
    #: the draft's own explanation (``[[explain]]``, :mod:`.explain_steps`), in its order
    explain: tuple[Any, ...] = ()
    #: the draft's own walk through the example roll (``[[explain_roll]]``)
    explain_roll: tuple[Any, ...] = ()
    #: the facts a roll records (``[details]``, :mod:`.details`): name -> formula (None: the degree's name)
    details: tuple[tuple[str, Any], ...] = ()
    #: the rolls the contract tests try it on (``[samples]``, :mod:`.draft_samples`; None: at the defaults)
    samples: Any = None
    source_name: str = ""
    digest: str = ""
    #: the version the same text had before its groups' dice were owned by their called (:mod:`.owners`), or ""
    before: str = ""
    #: key path -> line, for errors found later (a spec's rules)
    lines: dict[str, int] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def field(self, name: str) -> FieldDef:
        return next(f for f in self.fields if f.name == name)

    def die(self, name: str) -> DieDef:
        return next(d for d in self.dice if d.name == name)
