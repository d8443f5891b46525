"""The agora roll at the table (:class:`~venus_widgets.engine.contract.table_answers.TableRules`).

docs/rules_agora.md: KISS only while the successes fall short of the goal;
each KISS of a main die uses the budget, helpers KISS their own dice (free)
when the spec says so; the rank-1 help die is an automatic success and is
not rolled; Ego makes 6s count twice after the KISS round; a task's
successes subvert its consequences, each at the same price; snake eyes are
told apart.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .reading import goal, main_dice, per_consequence
from ...errors import SpecError
from ...frozen import thaw
from ...table.rolls import Roll
from ...contract.table_answers import (
    MAX_TEXT, Choices, DieWords, KissStart, Mark, Merge, SpendMenu, Steps, counted_marks, legend_of, listed, plural,
)
from .details import AgoraDetails
from .merge import MergeError, merge as merged
from .rules import rules_of

ROLLERS = {"check": "check", "task": "task"}

#: Consequence texts an agora task carries, and their length.
MAX_TEXTS = 4


def _task(spec: dict) -> bool:
    return spec["roll"] == "task"


def _before(first: Roll) -> int:
    return AgoraDetails.of(first).successes_before_kiss


def steps(spec: dict) -> Steps:
    return Steps(kiss=spec["kiss"] > 0 or (spec["helper_kiss"] and bool(spec["helpers"])),
                 ego_after=bool(spec["ego"]), spend=_task(spec), ego_label="Spend Ego: 6s count twice")


def kiss_start(spec: dict, first: Roll) -> KissStart:
    return KissStart(_before(first), goal(spec), spec["kiss"])


def kiss_allowed(spec: dict, first: Roll, i: int) -> tuple[bool, str]:
    if first.dice[i].grade == 1:
        return False, "the rank-1 help die is an automatic success and is not rolled"
    if _before(first) >= goal(spec):
        return False, "the successes already reach the goal: no KISS"
    return True, ""


def kiss_cost(spec: dict, first: Roll, selected: Sequence[int]) -> int:
    """A main die's KISS uses the budget; a helper's own KISS does not."""
    n = main_dice(spec)
    return sum(1 for i in selected if i < n or not spec["helper_kiss"])


def contributions(spec: dict, r: Roll) -> list[Mark]:
    return counted_marks(r, auto_grade=1)


def legend(spec: dict, r: Roll, marks: Sequence[Mark]) -> list[dict]:
    return legend_of(r, marks)


# Successes buy nothing before the player picks, and the FC subverts
# nothing: the contract's defaults (engine/contract/table_defaults.py).


def _index(spec: dict, item: Any) -> int:
    if isinstance(item, bool) or not isinstance(item, int) or not 0 <= item < spec["consequences"]:
        raise SpecError("spend", item, f"a consequence from 0 to {spec['consequences'] - 1}")
    return item


def toggle(spec: dict, r: Roll, spent: Sequence[Any], item: Any) -> tuple[int, ...]:
    if not _task(spec):
        raise SpecError("spend", item, "a task with consequences to buy")
    i, per = _index(spec, item), per_consequence(spec)
    if i in spent:
        return tuple(x for x in spent if x != i)
    if per * (len(spent) + 1) > r.outcome:
        raise SpecError("spend", item, f"at most {r.outcome // per} consequences subverted",
                        f"each costs {plural(per, 'success', 'successes')}; {r.outcome} rolled")
    return tuple(sorted([*spent, i]))


def _name(texts: Sequence[str], i: int, default: str) -> str:
    return texts[i] if i < len(texts) and texts[i] else default


def spend_menu(spec: dict, r: Roll, c: Choices) -> SpendMenu | None:
    if not _task(spec):
        return None
    per = per_consequence(spec)
    items = tuple({"id": i, "text": _name(c.texts, i, f"Consequence {i + 1}"), "cost": per,
                   "bought": i in c.spent, "affordable": i in c.spent or per * (len(c.spent) + 1) <= r.outcome}
                  for i in range(spec["consequences"]))
    return SpendMenu(r.outcome, per * len(c.spent), items)


def check_choices(spec: dict, r: Roll, c: Choices) -> tuple[str, Any, str] | None:
    texts, spent = list(c.texts), list(c.spent)
    if _task(spec):
        if len(texts) > MAX_TEXTS or any(len(t) > MAX_TEXT for t in texts):
            return "texts", texts, f"at most {MAX_TEXTS} consequence texts of at most {MAX_TEXT} characters"
    elif texts:
        return "texts", texts, "[] (only tasks carry consequence texts)"
    if c.subverted is not None:
        return "subverted", c.subverted, "null (the FC subverts nothing in this roll)"
    if not _task(spec):
        return ("spent", spent, "[] (nothing to buy in this roll)") if spent else None
    per, n = per_consequence(spec), spec["consequences"]
    if not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < n for i in spent) \
            or spent != sorted(set(spent)):
        return "spent", spent, f"distinct consequence numbers from 0 to {n - 1}, in order"
    if per * len(spent) > r.outcome:
        return "spent", spent, (f"at most {r.outcome // per} consequences subverted "
                                f"({plural(per, 'success', 'successes')} each, {r.outcome} rolled)")
    return None


def sentence(spec: dict, r: Roll, c: Choices) -> str:
    label = AgoraDetails.of(r).label
    if not _task(spec):
        return f"{label.capitalize()}: {plural(r.outcome, 'success', 'successes')} ({goal(spec)} needed)"
    n = spec["consequences"]
    names = [_name(c.texts, i, f"consequence {i + 1}") for i in c.spent]
    head = "Passed" if len(c.spent) >= n else "Not all subverted"
    out = f"{head} ({label}): subverted {len(c.spent)} of {n}"
    if names:
        out += ": " + ", ".join(f"'{x}'" for x in names)
    if len(c.spent) < n:
        out += "; +1 exp to the job"
    return out


def announce(spec: dict, r: Roll) -> str:
    d = AgoraDetails.of(r)
    snake = f"; snake eyes: {d.label}" if d.snake_eyes else ""
    return f"Rolled {plural(r.outcome, 'success', 'successes')}: {'passed' if r.passed else 'failed'}{snake}"


def view_extra(spec: dict, r: Roll) -> dict:
    d = AgoraDetails.of(r)
    return {"snake": {"eyes": bool(d.snake_eyes), "label": d.label, "ones": d.ones, "criticals": d.criticals}}


def what_if(spec: dict) -> list[tuple[str, dict]]:
    s = thaw(spec)  # a plain copy (lists) to change
    out = [("+1 KISS", {**s, "kiss": s["kiss"] + 1})]
    if _task(spec) and s["factors"]:
        out.append(("one factor fewer", {**s, "factors": s["factors"] - 1}))
    if _task(spec):
        out.append(("one factor more", {**s, "factors": s["factors"] + 1}))
        out.append(("+1 asset die", {**s, "assets": s["assets"] + 1}))
    if s["difficulty"] == "standard":
        out.append(("challenging", {**s, "difficulty": "challenging"}))
    else:
        out.append(("standard", {**s, "difficulty": "standard"}))
    if not s["ego"]:
        out.append(("Ego (6s count twice)", {**s, "ego": True}))
    return out


def die_words(spec: dict, d: Any) -> DieWords:
    """Your dice square, the helping die with a double border; a rank in
    words (rank 1: an automatic success, not rolled)."""
    grade = "" if d.grade is None else "automatic" if d.grade == 1 else f"rank {d.grade}"
    if d.owner == "helper":
        return DieWords("help die", "helper", "diamond", grade)
    if d.owner == "own":
        return DieWords("your die", "you", "square", grade)
    return DieWords(str(d.owner), str(d.owner), "circle", grade, group=str(d.owner).split(" ")[0])


def merge(spec: Mapping[str, Any]) -> Merge | None:
    """The helpers merged into one helping die, or why they cannot and the
    subset to accept; by the rules the spec plays by (how many ranks two
    merged helpers drop)."""
    helpers = list(spec.get("helpers") or ())
    if not helpers:
        return Merge("helpers", True, "No helpers: no helping die")
    try:
        drop = rules_of(thaw(spec)).merge_drop
    except SpecError:
        drop = 1
    try:
        rank = merged(helpers, drop)
    except MergeError as err:
        accept = (f"Accept helpers {listed(err.best)} (one die of rank {err.best_rank})"
                  if err.best else "")
        cannot = (f"Helpers of ranks {listed(helpers)} cannot merge into one die: two helpers of the same rank make one "
                  f"die {'a rank' if drop == 1 else f'{drop} ranks'} lower, until one die is left")
        keep = ("" if not err.best else f"; the helper of rank {err.best[0]} alone can help" if len(err.best) == 1
                else f"; helpers of ranks {listed(err.best)} can (one die of rank {err.best_rank})")
        return Merge("helpers", False, cannot + keep + ".", tuple(err.best), accept)
    what = "an automatic success (rank 1, not rolled)" if rank == 1 else f"one helping die of rank {rank}"
    who = f"The helper of rank {helpers[0]} gives" if len(helpers) == 1 else f"Helpers of ranks {listed(helpers)} merge into"
    return Merge("helpers", True, f"{who} {what}")
