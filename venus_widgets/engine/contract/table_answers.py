"""The table part of the edition contract: what the roll at the table asks.

A roller at the table goes through the same steps for every edition:
first faces -> KISS selection (with the engine's advice) -> commit -> Ego
after the KISS round -> spending successes -> the result line and the log
entry. Which steps a roll has, which dice may be KISSed and what counts
against the budget, what each die contributed, what successes buy and the
words of the result are rules: each edition answers them in its module
``editions/<id>/at_table.py`` (:class:`TableRules`), the widgets only ask.

This module holds the small frozen value types of the answers, the
protocols (:class:`TableSource`, what an edition must answer;
:class:`TableRules`, every answer) and the few helpers every edition shares (plural words, the
legend of the marks, the marks of a counted pool);
:mod:`.table_defaults` the answers of a roll with no KISS, nothing to buy.

>>> s = Steps(kiss=True, kiss_when_met=False, ego_after=True, spend=False)
>>> s.any
True
>>> plural(1, "pass", "passes"), plural(3, "pass", "passes")
('1 pass', '3 passes')
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping, Protocol, Sequence

from ..format import number

if TYPE_CHECKING:  # a Roll's module imports the registry, which imports this one
    from ..table.rolls import Roll

#: A spent choice: a consequence id (text) or its number.
Item = Any

#: Longest consequence text a roll carries (typed by the player, kept in the log).
MAX_TEXT = 200


@dataclass(frozen=True)
class Steps:
    """The steps of one spec's roll at the table.

    ``kiss``: the player chooses dice to KISS after the first faces;
    ``kiss_when_met``: the KISS step is shown even when the successes
    already reach the goal; ``ego_after``: Ego may be spent once after the
    KISS round (``ego_label`` names what it does); ``spend``: successes buy
    consequences; ``ego_reroll``: Ego may instead KISS every failed die with
    the KISS round; ``unit``: what a counted die gives (one, many);
    ``kiss_label``: the name of the re-roll step at the table (a draft's
    "Push"); ``ego_reroll_label``: the words of the choice to spend Ego
    on re-rolling every failed die (where ``ego_reroll``); ``ego_off``:
    where the edition has an Ego step (a draft's doubling step, under any
    name) that this spec leaves out, how to put it in, in words (what
    ``roll(spec, ego=True)`` answers)."""

    kiss: bool = False
    kiss_when_met: bool = False
    ego_after: bool = False
    spend: bool = False
    ego_reroll: bool = False
    ego_label: str = ""
    unit: tuple[str, str] = ("success", "successes")
    kiss_label: str = "KISS"
    ego_reroll_label: str = "Spend Ego: re-roll every die that failed"
    ego_off: str = ""

    @property
    def any(self) -> bool:
        """Whether the roll waits for the player at all."""
        return self.kiss or self.spend or self.ego_after


#: A roll with nothing to choose.
NO_STEPS = Steps()


@dataclass(frozen=True)
class KissStart:
    """The KISS step's header: successes showing, the goal, the budget."""

    successes: int
    goal: int
    budget: int


@dataclass(frozen=True)
class Mark:
    """What one die contributed: a short mark (``✓``) and its words."""

    mark: str
    words: str


@dataclass(frozen=True)
class SpendMenu:
    """What the successes of a roll may buy now.

    ``items``: one mapping per consequence (``id``, ``text``, ``cost``,
    ``bought``, ``affordable``, and any words the edition adds: ``tier``,
    ``note``); ``subvertible``: the consequences the FC may subvert
    (``id``, ``text``), ``None`` where the FC subverts nothing."""

    available: int
    cost: int
    items: tuple[Mapping[str, Any], ...]
    subvertible: tuple[Mapping[str, Any], ...] | None = None
    subverted: Item = None

    def view(self, kind: str) -> dict:
        """The JSON the view shows (``kind`` tells the view which menu)."""
        out: dict[str, Any] = {"kind": kind, "available": self.available, "cost": self.cost,
                               "left": self.available - self.cost, "items": [dict(i) for i in self.items]}
        if self.subvertible is not None:
            out.update(subvertible=[dict(i) for i in self.subvertible], subverted=self.subverted)
        return out


@dataclass(frozen=True)
class DieWords:
    """A die as the table names and draws it: ``owner`` whose die it is in
    words ("your die", "help die"), ``tag`` the word on the die ("you"),
    ``shape`` how its owner is drawn (``square``, ``circle``, ``diamond``: a
    double border, ``square-dark``), never colour alone; ``grade`` its
    caliber or rank in words ("Silver", "rank 4", "" for none) and
    ``level`` the grade's place in the edition's order (0 the lowest; its
    top edge's pattern), ``None`` where grades have no order; ``group``
    the word for all dice of its kind in a legend ("ally" for "ally 2"),
    its owner words when ``""``."""

    owner: str
    tag: str
    shape: str = "square"
    grade: str = ""
    level: int | None = None
    group: str = ""


@dataclass(frozen=True)
class Merge:
    """A field whose values combine into one die (helpers merging) as the
    roller shows it: ``field`` the spec field, ``ok`` whether they combine,
    ``text`` what they make (or why they cannot), and where they cannot,
    ``best`` the subset to accept and ``accept`` the words of its button."""

    field: str
    ok: bool
    text: str
    best: tuple[Any, ...] = ()
    accept: str = ""

    def view(self) -> dict[str, Any]:
        return {"field": self.field, "ok": self.ok, "text": self.text, "best": list(self.best), "accept": self.accept}


@dataclass(frozen=True)
class Choices:
    """What the player chose after the dice stood (stored in the log)."""

    spent: tuple[Item, ...] = ()
    subverted: Item = None
    texts: tuple[str, ...] = field(default=())


class TableSource(Protocol):
    """What an edition's ``at_table`` must answer; the other answers of
    :class:`TableRules` are optional (a roll with nothing to KISS, buy or
    subvert: :mod:`.table_defaults`, filled in by :mod:`.members`)."""

    @property
    def ROLLERS(self) -> Mapping[str, str]:
        """Roller family ("check", "task", "pool") -> the roll kind it rolls."""

    def contributions(self, spec: dict, r: Roll) -> list[Mark]:
        """What each die showed contributed (from the roll itself)."""

    def sentence(self, spec: dict, r: Roll, c: Choices) -> str:
        """The one-line result of the roll and the choices."""


class TableRules(TableSource, Protocol):
    """What an edition's ``at_table`` answers, every answer (same names
    everywhere): what the registry hands out, the optional answers an
    edition leaves out at their defaults.

    Every function takes the normalized spec; ``first`` is the roll of the
    first faces (``kiss=[]``, ``ego=False``), ``r`` the roll that stands.
    Errors are :class:`~venus_widgets.engine.errors.SpecError` naming the
    field and what to change."""

    def steps(self, spec: dict) -> Steps:
        """Which steps the roll has at the table."""

    def kiss_start(self, spec: dict, first: Roll) -> KissStart:
        """Successes before the KISS, the goal the KISS aims at, the budget."""

    def kiss_allowed(self, spec: dict, first: Roll, i: int) -> tuple[bool, str]:
        """Whether die ``i`` (a valid index) may be KISSed, and why not, in
        words for the player."""

    def kiss_cost(self, spec: dict, first: Roll, selected: Sequence[int]) -> int:
        """How much of the KISS budget the selected dice use."""

    def legend(self, spec: dict, r: Roll, marks: Sequence[Mark]) -> list[dict]:
        """The meaning of each mark shown (``{"mark", "meaning"}``)."""

    def default_spend(self, spec: dict, r: Roll, wanted: Sequence[Item]) -> tuple[Item, ...]:
        """What the dice buy before the player changes anything."""

    def spend_more(self, spec: dict, r: Roll, spent: Sequence[Item], wanted: Sequence[Item]) -> tuple[Item, ...]:
        """The spending after Ego added successes: keep what is bought."""

    def toggle(self, spec: dict, r: Roll, spent: Sequence[Item], item: Item) -> tuple[Item, ...]:
        """Buy or unbuy ``item``; a SpecError when it is not for sale or not
        affordable."""

    def subvert(self, spec: dict, spent: Sequence[Item], item: Item) -> Item:
        """The FC's subversion (checked), or a SpecError where there is none."""

    def spend_menu(self, spec: dict, r: Roll, c: Choices) -> SpendMenu | None:
        """The consequences for sale, or ``None`` where successes buy nothing."""

    def check_choices(self, spec: dict, r: Roll, c: Choices) -> tuple[str, Any, str] | None:
        """For a log entry: ``(field, value, allowed)`` of the first choice
        the table would not have allowed, or ``None``."""

    def announce(self, spec: dict, r: Roll) -> str:
        """The status line when the dice stand."""

    def view_extra(self, spec: dict, r: Roll) -> dict:
        """Extra keys of the table view (e.g. snake eyes)."""

    def what_if(self, spec: dict) -> list[tuple[str, dict]]:
        """(label, changed spec) of the what-if hints."""

    def die_words(self, spec: dict, d: Any) -> DieWords:
        """A die (a :class:`~venus_widgets.engine.rolls.Die`) as the table names and draws it."""

    def merge(self, spec: Mapping[str, Any]) -> Merge | None:
        """For a spec as the roller holds it (not yet normalized: values
        that do not combine are shown, not refused): how the values of a
        field combine into one die, or ``None`` for a roll with no such field;
        a :class:`SpecError` for values that are not allowed at all."""


# --------------------------------------------------------------------------
# Shared helpers
# --------------------------------------------------------------------------


def plural(n: int, one: str, many: str) -> str:
    """``n`` with the right word (one for 1 and -1).

    >>> plural(1, "pass", "passes"), plural(-1, "degree", "degrees"), plural(0, "die", "dice")
    ('1 pass', '−1 degree', '0 dice')
    """
    return f"{number(n)} {one if abs(n) == 1 else many}"


def counted(n: int, word: str) -> str:
    """``n`` and a word a rule names in the singular: "1 success", "3 successes"."""
    return plural(n, word, plural_of(word))


def listed(items: Sequence[Any], last: str = "and") -> str:
    """Items as a sentence lists them.

    >>> listed([4]), listed([3, 4]), listed(["2", "3", "5"], "or"), listed([])
    ('4', '3 and 4', '2, 3 or 5', '')
    """
    words = [str(x) for x in items]
    return "".join(words) if len(words) < 2 else ", ".join(words[:-1]) + f" {last} " + words[-1]


def one_in(k: int, n: int) -> str:
    """A chance of ``k`` faces in ``n``, in lowest terms: "a 1 in 3 chance".

    >>> one_in(2, 6), one_in(4, 10), one_in(6, 6), one_in(0, 6)
    ('a 1 in 3 chance', 'a 2 in 5 chance', 'a sure thing', 'no chance')
    """
    if k <= 0:
        return "no chance"
    if k >= n:
        return "a sure thing"
    g = math.gcd(k, n)
    return f"{'an' if k // g in (8, 11, 18) else 'a'} {k // g} in {n // g} chance"


def face_range(low: int, high: int, article: bool = True) -> str:
    """The faces from ``low`` to ``high`` as a table says them (``article``:
    "a 6", else "6").

    >>> face_range(6, 6), face_range(5, 6), face_range(4, 6), face_range(3, 10), face_range(18, 18, False)
    ('a 6', 'a 5 or 6', '4, 5 or 6', '3 to 10', '18')
    """
    a = ("an " if str(low).startswith("8") or low in (11, 18) else "a ") if article else ""
    if low >= high:
        return f"{a}{high}"
    if high - low == 1:
        return f"{a}{low} or {high}"
    if high - low == 2:
        return f"{low}, {low + 1} or {high}"
    return f"{low} to {high}"


def plural_of(word: str) -> str:
    """An English plural, for a word a rule names without its plural (a draft's mark, explain's noun).

    >>> [plural_of(w) for w in ("six", "bane", "cross", "city", "day", "crit")]
    ['sixes', 'banes', 'crosses', 'cities', 'days', 'crits']
    """
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and len(word) > 1 and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


#: What each common mark means.
MARKS = {
    "✓": "success", "✓✓": "counts twice (Ego)", "✗": "no success", "−1": "cancels a success",
    "auto": "automatic success, not rolled", "K": "KISSed (re-rolled)",
}


def legend_of(r: Roll, marks: Sequence[Mark], words: Mapping[str, str] = MARKS) -> list[dict]:
    """Each mark shown once with its meaning (``words`` first, then
    :data:`MARKS`), and K when a die was KISSed (in ``words``' K when it
    has one: a draft's re-roll step under its own name)."""
    out, seen = [], set()
    for m in marks:
        if m.mark not in seen:
            seen.add(m.mark)
            out.append({"mark": m.mark, "meaning": words.get(m.mark, MARKS.get(m.mark, m.mark))})
    if any(x.kissed for x in r.dice):
        out.append({"mark": "K", "meaning": words.get("K", MARKS["K"])})
    return out


def counted_marks(r: Roll, unit: tuple[str, str] = ("success", "successes"),
                  auto_grade: Any = None) -> list[Mark]:
    """The marks of a pool whose dice count (``scores``): ✓, ✓✓ (Ego), ✗,
    −1; a die of grade ``auto_grade`` is an automatic success."""
    out = []
    for x in r.dice:
        if auto_grade is not None and x.grade == auto_grade:
            out.append(Mark("auto", MARKS["auto"]))
        elif x.scores < 0:
            out.append(Mark("−1", MARKS["−1"]))
        elif x.scores > 1:
            out.append(Mark("✓✓", f"{x.scores} {unit[1]} (Ego)"))
        elif x.scores == 1:
            out.append(Mark("✓", unit[0]))
        else:
            out.append(Mark("✗", f"no {unit[0]}"))
    return out
