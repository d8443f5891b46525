"""The toy edition at the table: KISS a tails coin, buy "win" (costs the
threshold) and "luck" (1 head each) with the heads."""

from __future__ import annotations

from typing import Any, Sequence

from venus_widgets.engine.errors import SpecError
from venus_widgets.engine.table.rolls import Roll
from venus_widgets.engine.contract.table_answers import Choices, KissStart, Mark, SpendMenu, Steps, legend_of, plural
from venus_widgets.engine.contract.table_defaults import kiss_count, no_extra, no_subversion

ROLLERS = {"task": "task"}
ITEMS = ("win", "luck")
UNIT = ("head", "heads")

kiss_cost = kiss_count
subvert = no_subversion
view_extra = no_extra


def steps(spec: dict) -> Steps:
    return Steps(kiss=spec["kiss"] > 0, spend=True, unit=UNIT)


def kiss_start(spec: dict, first: Roll) -> KissStart:
    return KissStart(first.details["successes_before_kiss"], spec["threshold"], spec["kiss"])


def kiss_allowed(spec: dict, first: Roll, i: int) -> tuple[bool, str]:
    d = first.dice[i]
    return (True, "") if d.before == 1 else (False, f"coin {i + 1} shows heads: only tails are flipped again")


def contributions(spec: dict, r: Roll) -> list[Mark]:
    return [Mark("H", "heads: a success") if d.scores else Mark("T", "tails") for d in r.dice]


def legend(spec: dict, r: Roll, marks: Sequence[Mark]) -> list[dict]:
    return legend_of(r, marks, {"H": "heads: a success", "T": "tails"})


def _cost(spec: dict, spent: Sequence[Any]) -> int:
    return sum(spec["threshold"] if x == "win" else 1 for x in spent)


def default_spend(spec: dict, r: Roll, wanted: Sequence[Any]) -> tuple[str, ...]:
    return ("win",) if r.outcome >= spec["threshold"] else ()


def spend_more(spec: dict, r: Roll, spent: Sequence[Any], wanted: Sequence[Any]) -> tuple[str, ...]:
    return tuple(spent)


def toggle(spec: dict, r: Roll, spent: Sequence[Any], item: Any) -> tuple[str, ...]:
    if item not in ITEMS:
        raise SpecError("spend", item, "win or luck")
    if item in spent:
        return tuple(x for x in spent if x != item)
    if _cost(spec, [*spent, item]) > r.outcome:
        raise SpecError("spend", item, f"buys costing at most {plural(r.outcome, *UNIT)}")
    return tuple(x for x in ITEMS if x in (*spent, item))


def spend_menu(spec: dict, r: Roll, c: Choices) -> SpendMenu:
    paid = _cost(spec, c.spent)
    items = tuple({"id": x, "text": x, "cost": _cost(spec, [x]), "bought": x in c.spent,
                   "affordable": x in c.spent or paid + _cost(spec, [x]) <= r.outcome} for x in ITEMS)
    return SpendMenu(r.outcome, paid, items)


def check_choices(spec: dict, r: Roll, c: Choices) -> tuple[str, Any, str] | None:
    if c.texts or c.subverted is not None:
        return "texts", list(c.texts), "[]"
    if list(c.spent) != [x for x in ITEMS if x in c.spent] or _cost(spec, c.spent) > r.outcome:
        return "spent", list(c.spent), f"win and/or luck, costing at most {r.outcome}"
    return None


def sentence(spec: dict, r: Roll, c: Choices) -> str:
    head = "Won" if "win" in c.spent else "Lost"
    return f"{head} with {plural(r.outcome, *UNIT)}" + ("; lucky" if "luck" in c.spent else "")


def announce(spec: dict, r: Roll) -> str:
    return f"Tossed {plural(r.outcome, *UNIT)}: {'passed' if r.passed else 'failed'}"


def what_if(spec: dict) -> list[tuple[str, dict]]:
    return [("+1 coin", {**spec, "coins": spec["coins"] + 1})]
