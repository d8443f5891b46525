"""A draft's roll at the table (:class:`~venus_widgets.engine.contract.table_answers.TableRules`),
from the draft alone: the re-roll step is the table's KISS step (the dice
it may take, the budget), the doubling step its Ego button, ``[[spend]]``
what the outcome buys, and ``[words]`` the result sentence.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from ..errors import SpecError
from ..format import number
from ..table.rolls import Roll
from ..contract.table_answers import (
    MARKS, Choices, DieWords, KissStart, Mark, Merge, SpendMenu, Steps, counted_marks, legend_of, plural,
)
from ..contract.table_defaults import kiss_count, no_extra, no_merge, no_subversion, plain_die_words
from .knob_words import dice_words
from .model import SUCCESSES, TOTAL, VALUE
from .plan import Plan, evaluate
from .templates import fill


class DraftTable:
    """The table answers of one draft edition (``plan_of`` gives a spec's plan, ``draft_of`` the draft
    of its version without a plan: asked die by die, a plan's key is the most of a die's words)."""

    def __init__(self, plan_of: Callable[[Mapping[str, Any]], Plan], roller: str, roll: str,
                 draft_of: Callable[[Mapping[str, Any]], Any] | None = None) -> None:
        self._plan = plan_of
        self._draft = draft_of or (lambda spec: plan_of(spec).draft)
        self._looks: tuple[Any, dict[str, Any]] = (None, {})
        self.ROLLERS: Mapping[str, str] = {roller: roll}

    kiss_cost = staticmethod(kiss_count)
    subvert = staticmethod(no_subversion)
    view_extra = staticmethod(no_extra)

    # -- the steps -----------------------------------------------------------

    def steps(self, spec: dict) -> Steps:
        p = self._plan(spec)
        d = p.draft
        rr = d.reroll
        kiss = rr is not None and p.budget > 0 and p.rerollable > 0
        ego = d.double is not None and p.double  # the step's own 'if', whatever the field's name
        return Steps(kiss=kiss, kiss_when_met=bool(kiss and rr is not None and rr.when == "always"), ego_after=ego,
                     spend=bool(d.spend), ego_label=d.double.label if d.double is not None else "",
                     unit=d.outcome.unit if any(d.outcome.unit) else ("", ""),
                     kiss_label=rr.name if rr is not None else "KISS", ego_off=_ego_off(d) if not ego else "")

    def kiss_start(self, spec: dict, first: Roll) -> KissStart:
        p = self._plan(spec)
        return KissStart(int(first.details.get("value_before_reroll", first.outcome)), p.goal, p.budget)

    def kiss_allowed(self, spec: dict, first: Roll, i: int) -> tuple[bool, str]:
        p = self._plan(spec)
        d = first.dice[i]
        name = p.draft.reroll.name if p.draft.reroll is not None else "the re-roll"
        if d.exploded_from is not None:
            return False, f"die {i + 1} was rolled by an explosion: only the first dice may be re-rolled"
        g = _group_of(p, i)
        if not g.eligible:
            return False, f"die {i + 1} is one of {dice_words(g.owner)}, which {name} does not take"
        if d.before not in g.eligible:
            faces = ", ".join(str(f) for f in g.eligible)
            return False, f"die {i + 1} shows {d.before}: {name} takes only dice showing {faces}"
        return True, ""

    # -- what each die counts ------------------------------------------------------

    def contributions(self, spec: dict, r: Roll) -> list[Mark]:
        return [Mark(mark, said) for mark, said, _ in _die_marks(self._plan(spec), r)]

    def legend(self, spec: dict, r: Roll, marks: Sequence[Mark]) -> list[dict]:
        p = self._plan(spec)
        rr = p.draft.reroll
        words = {mark: meaning for mark, _, meaning in _die_marks(p, r)}
        if rr is not None and rr.name != "KISS":
            words["K"] = f"re-rolled by {rr.name}"
        if p.draft.outcome.uses_total:  # one line for every plain face: +n
            plain = {m.mark for m in marks if m.mark.startswith("+") and " " not in m.mark}
            marks = [Mark("+n", "")] * bool(plain) + [m for m in marks if m.mark not in plain]
            words["+n"] = "adds its face to the dice total"
        return legend_of(r, marks, {**MARKS, **words})

    # -- what the outcome buys ------------------------------------------------------

    def _cost(self, p: Plan, ids: Sequence[Any]) -> int:
        total = 0
        for i in ids:
            item = next(x for x in p.draft.spend if x.id == i)
            total += int(evaluate(item.cost, p.env, p.rules, p.draft))
        return total

    def default_spend(self, spec: dict, r: Roll, wanted: Sequence[Any]) -> tuple[Any, ...]:
        p = self._plan(spec)
        out: list[str] = []
        for item in p.draft.spend:
            if item.default and self._cost(p, [*out, item.id]) <= r.outcome:
                out.append(item.id)
        return tuple(out)

    def spend_more(self, spec: dict, r: Roll, spent: Sequence[Any], wanted: Sequence[Any]) -> tuple[Any, ...]:
        p = self._plan(spec)
        out = list(spent)
        for item in p.draft.spend:
            if item.default and item.id not in out and self._cost(p, [*out, item.id]) <= r.outcome:
                out.append(item.id)
        return tuple(x.id for x in p.draft.spend if x.id in out)

    def toggle(self, spec: dict, r: Roll, spent: Sequence[Any], item: Any) -> tuple[Any, ...]:
        p = self._plan(spec)
        ids = [x.id for x in p.draft.spend]
        if item not in ids:
            raise SpecError("spend", item, "one of " + ", ".join(ids) if ids else "nothing: this roll buys nothing")
        if item in spent:
            return tuple(x for x in spent if x != item)
        if self._cost(p, [*spent, item]) > r.outcome:
            raise SpecError("spend", item, f"buys costing at most {r.outcome} in all",
                            f"{item} costs {self._cost(p, [item])}")
        return tuple(x for x in ids if x in (*spent, item))

    def spend_menu(self, spec: dict, r: Roll, c: Choices) -> SpendMenu | None:
        p = self._plan(spec)
        if not p.draft.spend:
            return None
        paid = self._cost(p, c.spent)
        items = tuple({"id": x.id, "text": x.text, "cost": self._cost(p, [x.id]), "bought": x.id in c.spent,
                       "affordable": x.id in c.spent or paid + self._cost(p, [x.id]) <= r.outcome,
                       **({"note": x.note} if x.note else {})} for x in p.draft.spend)
        return SpendMenu(r.outcome, paid, items)

    def check_choices(self, spec: dict, r: Roll, c: Choices) -> tuple[str, Any, str] | None:
        p = self._plan(spec)
        ids = [x.id for x in p.draft.spend]
        if c.texts:
            return "texts", list(c.texts), "[] (a draft's roll carries no texts)"
        if c.subverted is not None:
            return "subverted", c.subverted, "null (the FC subverts nothing in a draft's roll)"
        # nothing bought is always allowed (a roll whose outcome is below 0 too: it costs nothing)
        if any(x not in ids for x in c.spent) or list(c.spent) != [x for x in ids if x in c.spent] \
                or (c.spent and self._cost(p, c.spent) > r.outcome):
            return "spent", list(c.spent), f"some of {', '.join(ids) or 'nothing'}, in this order, costing at most " \
                                           f"{max(0, r.outcome)}"
        return None

    # -- words ---------------------------------------------------------------

    def sentence(self, spec: dict, r: Roll, c: Choices) -> str:
        p = self._plan(spec)
        d = p.draft
        unit = d.outcome.unit
        verdict = d.words.passed if r.passed else d.words.failed
        shown = _mark_counts(p, r)
        words = {"verdict": verdict, "value": number(r.outcome), "unit": unit[0] if abs(r.outcome) == 1 else unit[1],
                 "marks": ", ".join(shown) or "no marks",
                 "degree": str(r.details.get("degree", "")), "threshold": number(p.threshold), "goal": number(p.goal),
                 "bought": ", ".join(next(x.text for x in d.spend if x.id == i) for i in c.spent) or "nothing"}
        happened = [str(e) for e in r.details.get("events", ())]  # the named events the roll shows, said after it
        words["events"] = ", ".join(happened) or "none"
        events = f"; {', '.join(happened)}" if happened else ""
        if d.words.said is not None:
            out = fill(d.words.said, _roll_env(p, r), words)
            return out + ("" if "{events}" in d.words.sentence else events)
        head = f"{verdict} ({words['degree']})" if words["degree"] else verdict
        body = plural(r.outcome, *unit) if any(unit) else f"{d.outcome.name} {number(r.outcome)}"
        tail = f"; bought {words['bought']}" if c.spent else ""
        marks = f"; {', '.join(shown)}" if shown else ""
        return f"{head}: {body}{marks}{events}{tail}"

    def announce(self, spec: dict, r: Roll) -> str:
        return self.sentence(spec, r, Choices())

    def what_if(self, spec: dict) -> list[tuple[str, dict]]:
        p = self._plan(spec)
        worded = [f for f in p.draft.fields if f.more or f.fewer]
        if worded:  # the draft's own hints, field by field: one fewer, then one more
            return _hints(p, spec, worded)
        out = []
        for f in p.draft.fields:
            if f.kind == "int" and f.hi is not None:
                hi = p.rules[f.hi.knob]
                if f.group == "ability" and spec[f.name] < hi:
                    out.append((f"{f.label.lower()} +1", {**spec, f.name: spec[f.name] + 1}))
                elif f.group == "difficulty":
                    if spec[f.name] > f.lo:
                        out.append((f"{f.label.lower()} −1", {**spec, f.name: spec[f.name] - 1}))
                    if spec[f.name] < hi:
                        out.append((f"{f.label.lower()} +1", {**spec, f.name: spec[f.name] + 1}))
        return out[:3]

    def die_words(self, spec: dict, d: Any) -> DieWords:
        """A draft's dice as any edition's without words of its own (yours
        square, others round), or as its group says (``called``, ``shape``)."""
        plain = plain_die_words(spec, d)
        draft = self._draft(spec)
        if self._looks[0] is not draft:  # each owner's first group, asked die by die
            self._looks = (draft, {x.owner: x for x in reversed(draft.groups)})
        g = self._looks[1].get(d.owner)
        if g is None or not (g.called or g.shape):
            return plain
        return DieWords(g.called or plain.owner, plain.tag, g.shape or plain.shape, plain.grade, plain.level,
                        "" if g.called else plain.group)

    def merge(self, spec: Mapping[str, Any]) -> Merge | None:
        """A draft has no field whose values combine into one die."""
        return no_merge(spec)


def _hints(p: Plan, spec: dict, fields: Sequence[Any]) -> list[tuple[str, dict]]:
    """The what-if hints the draft words (``more``, ``fewer``), within each field's range."""
    out = []
    for f in fields:
        hi = p.rules[f.hi.knob] if f.hi is not None else None
        if f.fewer and spec[f.name] > f.lo:
            out.append((f.fewer, {**spec, f.name: spec[f.name] - 1}))
        if f.more and (hi is None or spec[f.name] < hi):
            out.append((f.more, {**spec, f.name: spec[f.name] + 1}))
    return out


def _roll_env(p: Plan, r: Roll) -> dict[str, Any]:
    """What a sentence's formulas read of a roll: the spec's names, the value and what the dice show."""
    facts = r.details
    return {**p.env, VALUE: r.outcome, SUCCESSES: facts.get("successes", 0), TOTAL: facts.get("total", 0),
            **{m: facts.get(m, 0) for m in p.marks}}


def _group_of(p: Plan, i: int) -> Any:
    n = 0
    for g in p.groups:
        n += g.count
        if i < n:
            return g
    return p.groups[-1]


def _labels(p: Plan) -> dict[tuple[int, str, int], str]:
    """(sides, owner, face) -> the draft's words for that face."""
    out = {}
    for g in p.groups:
        die = p.draft.die(next(x.die for x in p.draft.groups if x.name == g.name))
        for face, words in die.labels:
            out[(g.table.sides, g.owner, face)] = words
    return out


def _ego_off(d: Any) -> str:
    """How to put the doubling step in a roll that leaves it out, in words
    ("" for a draft without one)."""
    if d.double is None:
        return f"{d.name} has no Ego"
    if d.double.active is None:
        return ""
    text = d.double.active.expr.text
    field = next((f for f in d.fields if f.name == text.strip()), None)
    if field is not None and field.kind == "bool":
        return f"{d.double.name} is in the roll when {field.name} is on: set {field.name}=True in the spec"
    return f"{d.double.name} is in the roll only when {text}: set the fields so"


def _die_marks(p: Plan, r: Roll) -> list[tuple[str, str, str]]:
    """Per die: its mark, what it contributed and the legend's words for its
    mark, the draft's marks its final face shows included ("✗ complication":
    "no six; a complication")."""
    total = p.draft.outcome.uses_total
    counts = p.draft.words.counts
    unit = counts if any(counts) else p.draft.outcome.unit if any(p.draft.outcome.unit) else ("success", "successes")
    sides = {x.sides for x in r.dice}
    dice = f"{len(r.dice)}d{next(iter(sides))}" if len(sides) == 1 else "dice"
    base = ([Mark(f"+{x.after}", f"adds {x.after} to the {dice} total") for x in r.dice] if total
            else counted_marks(r, unit))
    meaning = {"✓": unit[0], "✗": f"no {unit[0]}", "−1": f"cancels a {unit[0]}", "✓✓": "counts twice"}
    labels = _labels(p)
    gi = [i for i, g in enumerate(p.groups) for _ in range(g.count)]
    out = []
    for m, x in zip(base, r.dice):
        words = labels.get((x.sides, x.owner, x.after))
        said = f"{words}: {m.words}" if words else m.words
        mean = m.words if total else meaning.get(m.mark, MARKS.get(m.mark, m.mark))
        g = p.groups[_group_index(p, r, x, gi)]
        ones = [p.draft.words.mark(n)[0] for n, row in zip(p.marks, g.table.marks) if row[x.after - 1]]
        if ones:  # the marks the die shows, by their words: on the die, in its title and in the legend
            shown = ", ".join(f"a {w}" for w in ones)
            out.append((f"{m.mark} {' + '.join(ones)}", f"{said}; {shown}", f"{mean}; {shown}"))
        else:
            out.append((m.mark, said, mean))
    return out


def _group_index(p: Plan, r: Roll, x: Any, gi: Sequence[int]) -> int:
    """The group of a die (a die an explosion rolled: the group of the die it came from)."""
    while x.exploded_from is not None:
        x = r.dice[x.exploded_from]
    return gi[x.index] if x.index < len(gi) else len(p.groups) - 1


def _mark_counts(p: Plan, r: Roll) -> list[str]:
    """The marks the roll shows, counted in the draft's words ("1 complication")."""
    out = []
    for m in p.marks:
        n = int(r.details.get(m, 0))
        if n:
            one, many = p.draft.words.mark(m)
            out.append(plural(n, one, many))
    return out
