"""The playtest roll at the table (:class:`~venus_widgets.engine.contract.table_answers.TableRules`).

A task (docs/rules_playtest.md): every die may be KISSed once, one KISS
each; Ego either KISSes every failed die with the KISS round ("reroll") or
makes 6s count twice after it ("double6"); the successes buy the primary
consequence (it costs the threshold) and secondary/tertiary ones (1 each),
and the FC may subvert a secondary consequence left unbought. The
consequences keep the wording of the playtest rules (v0.2, "Tasks are
Variable", step 5); the FC's subversion (step 6) is its opposite.

>>> cost(["primary", "s1"], 3)
4
>>> [c["id"] for c in consequence_list()][:3]
['primary', 's1', 's2']
"""

from __future__ import annotations

from typing import Any, Sequence

from .advancement import task_exp
from ...errors import SpecError
from ...frozen import thaw
from ...table.rolls import Roll
from ..venus_fields import CALIBERS
from .rules import rules_of
from ..d20_check import LEGEND_WORDS, d20_marks, how
from ...contract.table_answers import (
    Choices, DieWords, KissStart, Mark, NO_STEPS, SpendMenu, Steps, counted_marks, legend_of, plural,
)
from .details import CheckDetails, TaskDetails
from ...contract.table_defaults import no_subversion, nothing_for_sale, only_no_choices

from .consequences import ORDER, PRIMARY, SUBVERSIONS, WORDING, consequence_list

ROLLERS = {"check": "check", "task": "task"}


def short(text: str) -> str:
    """A consequence's wording without its ellipses, for a sentence."""
    return text.replace("...", "").replace("…", "").strip().rstrip(",").strip()


def cost(spent: Sequence[str], threshold: int) -> int:
    """Successes the bought consequences cost: the primary the threshold,
    the others 1 each (the one place this rule is written)."""
    return sum(threshold if c == PRIMARY else 1 for c in spent)


def _task(spec: dict) -> bool:
    return spec["roll"] == "task"


def steps(spec: dict) -> Steps:
    if not _task(spec):
        return NO_STEPS
    return Steps(kiss=spec["kiss"] > 0 or spec["ego"] == "reroll",
                 ego_after=spec["ego"] == "double6", spend=True, ego_reroll=spec["ego"] == "reroll",
                 ego_label="Spend Ego: 6s count twice", ego_reroll_label="Spend Ego: KISS every die that failed")


def kiss_start(spec: dict, first: Roll) -> KissStart:
    d = TaskDetails.of(first)
    return KissStart(d.successes_before_kiss, d.goal, spec["kiss"])


def kiss_allowed(spec: dict, first: Roll, i: int) -> tuple[bool, str]:
    return (True, "") if _task(spec) else (False, "no KISS in this roll")


# kiss_cost: every die one KISS, the contract's default (engine/contract/table_defaults.py)


def contributions(spec: dict, r: Roll) -> list[Mark]:
    return counted_marks(r) if _task(spec) else d20_marks(spec, r)


def legend(spec: dict, r: Roll, marks: Sequence[Mark]) -> list[dict]:
    return legend_of(r, marks) if _task(spec) else legend_of(r, marks, LEGEND_WORDS)


def default_spend(spec: dict, r: Roll, wanted: Sequence[Any]) -> tuple[str, ...]:
    """Pre-tick what the player asked for, as far as the successes go:
    the primary first, then the wanted consequences in order."""
    if not _task(spec):
        return ()
    thr = TaskDetails.of(r).threshold
    out, left = [], r.outcome
    if left >= thr:
        out.append(PRIMARY)
        left -= thr
        for c in wanted:
            if left >= 1:
                out.append(c)
                left -= 1
    return tuple(out)


def spend_more(spec: dict, r: Roll, spent: Sequence[Any], wanted: Sequence[Any]) -> tuple[str, ...]:
    """More successes (Ego): keep what is bought, and buy what the default
    spending buys as far as they go."""
    if not _task(spec):
        return ()
    thr = TaskDetails.of(r).threshold
    out = list(spent)
    for c in default_spend(spec, r, wanted):
        if c not in out and cost(out + [c], thr) <= r.outcome:
            out.append(c)
    return tuple(sorted(out, key=ORDER.index))


def toggle(spec: dict, r: Roll, spent: Sequence[Any], item: Any) -> tuple[str, ...]:
    if not _task(spec):
        return nothing_for_sale(spec, r, spent, item)
    if item not in ORDER:
        raise SpecError("spend", item, "primary, s1..s4 or t1..t4")
    thr = TaskDetails.of(r).threshold
    out = list(spent)
    if item in out:
        out.remove(item)
        return tuple(out)
    price = cost(out + [item], thr)
    if price > r.outcome:
        raise SpecError("spend", item, f"consequences costing at most {r.outcome} successes",
                        f"that would cost {price}: the primary costs {thr}, the others 1 each")
    return tuple(sorted(out + [item], key=ORDER.index))


def subvert(spec: dict, spent: Sequence[Any], item: Any) -> Any:
    if not _task(spec):
        return no_subversion(spec, spent, item)
    if item is not None and (item not in SUBVERSIONS or item in spent):
        raise SpecError("subvert", item, "None or a secondary consequence not bought (s1..s4)")
    return item


def spend_menu(spec: dict, r: Roll, c: Choices) -> SpendMenu | None:
    if not _task(spec):
        return None
    thr = TaskDetails.of(r).threshold
    paid = cost(c.spent, thr)
    items = []
    for x in consequence_list():
        price = thr if x["id"] == PRIMARY else 1
        bought = x["id"] in c.spent
        items.append({**x, "cost": price, "bought": bought, "affordable": bought or paid + price <= r.outcome})
    subvertible = tuple({"id": i, "text": SUBVERSIONS[i]} for i in SUBVERSIONS if i not in c.spent)
    subverted = c.subverted if c.subverted not in c.spent else None
    return SpendMenu(r.outcome, paid, tuple(items), subvertible, subverted)


def check_choices(spec: dict, r: Roll, c: Choices) -> tuple[str, Any, str] | None:
    if not _task(spec):
        return only_no_choices(spec, r, c)
    if c.texts:
        return "texts", list(c.texts), "[] (this roll carries no consequence texts)"
    spent = list(c.spent)
    if not all(isinstance(x, str) and x in ORDER for x in spent) or len(set(spent)) != len(spent) \
            or spent != sorted(spent, key=ORDER.index):
        return "spent", spent, "distinct consequences in the order " + ", ".join(ORDER)
    paid = cost(spent, TaskDetails.of(r).threshold)
    if paid > r.outcome:
        return "spent", spent, (f"consequences costing at most the {plural(r.outcome, 'success', 'successes')} "
                                f"rolled (these cost {paid})")
    s = c.subverted
    if s is not None and (not isinstance(s, str) or s not in SUBVERSIONS or s in spent):
        return "subverted", s, "null or a secondary consequence not bought (s1..s4)"
    return None


def sentence(spec: dict, r: Roll, c: Choices) -> str:
    verdict = "Passed" if r.passed else "Failed"
    if not _task(spec):
        c20 = CheckDetails.of(r)
        bonus = f" + best bonus d6 {c20.bonus}" if c20.bonus else ""
        return (f"{verdict}{how(c20.category)}: d20 {c20.natural} + score {spec['score']}{bonus}"
                f" = {c20.total} against {c20.target}")
    bought = [x for x in c.spent if x != PRIMARY]
    primary = PRIMARY in c.spent
    head = "Passed: bought the primary" if primary else "Failed: the primary consequence not bought"
    if bought:
        head += (" and " if primary else "; bought ") + " and ".join(f"'{short(WORDING[x])}'" for x in bought)
    exp = task_exp(primary, bool(spec.get("learning")), "t2" in bought)
    tail = []
    if exp:
        tail.append(f"+{exp} exp to the job")
    if "t3" in bought:
        tail.append("+1 Lot")
    if spec.get("allies"):
        n = len(spec["allies"])
        tail.append(f"+1 exp to each ally's job ({n} all{'y' if n == 1 else 'ies'})")
    if c.subverted:
        tail.append(f"the FC subverts: '{short(SUBVERSIONS[c.subverted])}'")
    unspent = r.outcome - cost(c.spent, TaskDetails.of(r).threshold)
    if unspent > 0:
        tail.append(f"{plural(unspent, 'success', 'successes')} unspent")
    return "; ".join([head] + tail)


def announce(spec: dict, r: Roll) -> str:
    if not _task(spec):
        return sentence(spec, r, Choices())
    d = TaskDetails.of(r)
    return (f"Rolled {plural(r.outcome, 'success', 'successes')}: {'passed' if r.passed else 'failed'} "
            f"(threshold {d.threshold}, goal {d.goal})" + (" with Ego" if r.ego_spent else ""))



def _more(caliber: str) -> str:
    return CALIBERS[min(CALIBERS.index(caliber) + 1, len(CALIBERS) - 1)]


def what_if(spec: dict) -> list[tuple[str, dict]]:
    s = thaw(spec)  # a plain copy (lists) to change
    if not _task(spec):
        out = [("+1 score", {**s, "score": s["score"] + 1}),
               ("one factor fewer", {**s, "factors": s["factors"] - 1}),
               ("one factor more", {**s, "factors": s["factors"] + 1}),
               ("+1 bonus factor", {**s, "bonus_factors": s["bonus_factors"] + 1})]
        if s["caliber"] != "platinum":
            out.append((f"{_more(s['caliber'])} caliber", {**s, "caliber": _more(s["caliber"])}))
        return out
    out = [("+1 KISS", {**s, "kiss": s["kiss"] + 1}),
           ("one factor fewer", {**s, "factors": s["factors"] - 1}),
           ("one factor more", {**s, "factors": s["factors"] + 1}),
           ("+1 die", {**s, "dice": s["dice"] + 1}),
           ("one die fewer", {**s, "dice": s["dice"] - 1})]
    if len(s["allies"]) < rules_of(s).max_allies:  # a learner may receive aid too
        out.append((f"an ally ({s['caliber']})", {**s, "allies": s["allies"] + [s["caliber"]]}))
    if s["ego"] == "none":
        out.append(("Ego (6s count twice)" if rules_of(s).ego_double_from == 6 else "Ego (doubles count twice)",
                    {**s, "ego": "double6"}))
    if s["consequences"]:
        out.append(("one consequence fewer", {**s, "consequences": s["consequences"] - 1}))
    return out



#: The check's dice besides the d20's owner, in words.
_CHECK_DICE = {"d20": DieWords("d20", "d20"), "bonus": DieWords("bonus d6", "bonus")}


def die_words(spec: dict, d: Any) -> DieWords:
    """Your dice square, allies' round, a check's d20 and bonus d6 by name;
    a caliber in words, its level in the calibers' order (its top edge)."""
    grade = d.grade.capitalize() if isinstance(d.grade, str) else ""
    level = CALIBERS.index(d.grade) if d.grade in CALIBERS else None
    if d.owner in _CHECK_DICE:
        w = _CHECK_DICE[d.owner]
        return DieWords(w.owner, w.tag, "square", grade, level)
    if d.owner == "own":
        return DieWords("your die", "you", "square", grade, level)
    return DieWords(str(d.owner), str(d.owner), "circle", grade, level, group=str(d.owner).split(" ")[0])
