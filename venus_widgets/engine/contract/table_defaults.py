"""The answers of a roll with nothing to KISS, buy or subvert: the
defaults of the optional answers of an edition's ``at_table``
(:class:`~venus_widgets.engine.contract.table_answers.TableRules`; :mod:`.members` fills
in those an edition leaves out), and what an edition whose rolls differ
(a task with KISS, a check without) answers for the rolls without that step.

>>> from venus_widgets.engine.contract.table_answers import Choices
>>> only_no_choices({}, None, Choices(spent=("s1",)))
('spent', ['s1'], '[] (nothing to buy in this roll)')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ..errors import SpecError
from .table_answers import MARKS, NO_STEPS, Choices, DieWords, Item, KissStart, Mark, Merge, SpendMenu, Steps, legend_of

if TYPE_CHECKING:  # a Roll's module imports the registry, which imports this one
    from ..table.rolls import Roll


def no_steps(spec: dict) -> Steps:
    """Nothing to choose: the dice stand as rolled."""
    return NO_STEPS


def no_kiss_start(spec: dict, first: Roll) -> KissStart:
    """No KISS step: nothing to aim at."""
    return KissStart(sum(1 for d in first.dice if d.scores > 0), int(first.details.get("threshold", 1)), 0)


def no_kiss(spec: dict, first: Roll, i: int) -> tuple[bool, str]:
    """No die may be KISSed."""
    return False, "no KISS in this roll"


def kiss_count(spec: dict, first: Roll, selected: Sequence[int]) -> int:
    """Every selected die uses one KISS."""
    return len(selected)


def nothing_bought(spec: dict, r: Roll, *_: Any) -> tuple[Item, ...]:
    """Nothing to buy: nothing spent."""
    return ()


def nothing_for_sale(spec: dict, r: Roll, spent: Sequence[Item], item: Item) -> tuple[Item, ...]:
    """Nothing to buy: any item is an error."""
    raise SpecError("spend", item, "a task with consequences to buy")


def no_subversion(spec: dict, spent: Sequence[Item], item: Item) -> Item:
    """The FC subverts nothing in this roll."""
    raise SpecError("subvert", item, "a task whose unbought consequences the FC subverts")


def no_menu(spec: dict, r: Roll, c: Choices) -> SpendMenu | None:
    """No spend menu."""
    return None


def only_no_choices(spec: dict, r: Roll, c: Choices) -> tuple[str, Any, str] | None:
    """A roll with nothing to choose: no texts, nothing spent, nothing subverted."""
    if c.texts:
        return "texts", list(c.texts), "[] (this roll carries no consequence texts)"
    if c.spent:
        return "spent", list(c.spent), "[] (nothing to buy in this roll)"
    if c.subverted is not None:
        return "subverted", c.subverted, "null (the FC subverts nothing in this roll)"
    return None


def no_extra(spec: dict, r: Roll) -> dict:
    """No extra view keys."""
    return {}


def plain_legend(spec: dict, r: Roll, marks: Sequence[Mark]) -> list[dict]:
    """Each mark shown once with its meaning (the common marks' words, else
    the words of the first die showing it), and K when a die was KISSed."""
    own: dict[str, str] = {}
    for m in marks:
        own.setdefault(m.mark, m.words)
    return legend_of(r, marks, {**own, **MARKS})


def no_what_if(spec: dict) -> list[tuple[str, dict]]:
    """No what-if hints."""
    return []


def plain_die_words(spec: dict, d: Any) -> DieWords:
    """Your own dice square, anyone else's round, named by their owner; a
    grade in words as the roll gives it (capitalised), without an order.

    >>> from venus_widgets.engine.table.rolls import Die
    >>> plain_die_words({}, Die(0, "own", "wood", 6, 3, 3))
    DieWords(owner='your die', tag='you', shape='square', grade='Wood', level=None, group='')
    >>> plain_die_words({}, Die(1, "ally 1", None, 6, 3, 3)).shape
    'circle'
    """
    grade = "" if d.grade is None else str(d.grade)
    grade = grade[:1].upper() + grade[1:]
    if d.owner == "own":
        return DieWords("your die", "you", "square", grade)
    return DieWords(str(d.owner), str(d.owner), "circle", grade, group=str(d.owner).split(" ")[0])


def no_merge(spec: Mapping[str, Any]) -> Merge | None:
    """No field of the roll combines into one die."""
    return None
