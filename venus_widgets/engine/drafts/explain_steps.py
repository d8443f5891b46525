"""A draft's own "explain this number" (``[[explain]]``): the steps in the
designer's words, each with the chance it shows, in place of the steps a
draft is explained by without them (:mod:`.explain`).

A step is a text (its places: ``{chance}``, the step's chance; ``{ways}``
and ``{rolls}``, that chance as rolls of all the roll can show; ``{dice
own}``, what a die of the group ``own`` does, in words; formulas and
counted formulas as in the words, :mod:`.templates`), when it is said
(``if``), and its chance: ``chance`` names one (``"pass"``, ``"goal"``, a
degree), ``with`` sets fields to other values first (``{ black = 0 }``: the
chance without black dice), ``less`` takes the roll's own chance of that
name away, and ``sign`` says how it adds up (``+``, ``-``, ``=``, or
nothing: for information) (docs/drafts.md#explain-this-number).

``[[explain_roll]]`` walks the example roll through in the same way: lines
said ``if`` their formula holds, with the places ``{faces own}`` (the faces
a group's dice showed), ``{faces again own}`` (those its explosions
rolled), ``{scoring own}`` and ``{exploding own}`` (the faces of its die
that score, that roll again) and ``{degree}``, and formulas that read the
roll: ``value``, ``successes``, ``total``, and of each group
``successes(own)`` (its dice's successes, explosions included; of a group
that cancels, the successes it takes away), ``first(own)`` (those of its
first roll) and ``again(own)`` (how many dice its explosions rolled).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from ..maths.odds import Odds
from .expr import Expr
from .kinds import NUMBER, YES_NO
from .model import FieldDef
from .plan import GroupPlan, Plan
from .reader import Reader, show
from .templates import Template, fill, formula, read_template

KEYS = ("text", "if", "chance", "with", "less", "sign")
#: What a line of the example roll reads of each group's dice.
ROLL_CALLS = ("successes", "first", "again")
SIGNS = ("+", "-", "=", "")


@dataclass(frozen=True)
class ExplainStep:
    words: Template
    when: Expr | None = None
    chance: str = ""
    given: tuple[tuple[str, Expr], ...] = ()
    less: str = ""
    sign: str = ""


def chances(outcome: Any) -> tuple[str, ...]:
    """The chances a step may show: the pass, the goal, each degree (``outcome``: the draft's)."""
    return ("pass", "goal", *((outcome.below,) if outcome.below else ()), *(x.name for x in outcome.degrees))


def read_explain(r: Reader, value: Any, allowed: Mapping[str, str], fields: Sequence[FieldDef],
                 groups: Sequence[str], outcome: Any) -> tuple[ExplainStep, ...]:
    """``[[explain]]``, each step checked at its line."""
    if value is None:
        return ()
    if not isinstance(value, list) or not value:
        raise r.error(("explain",), f"{show(value)}: write each step as [[explain]] with text = \"...\"")
    names = chances(outcome) if outcome is not None else ("pass", "goal")
    places = ("chance", "ways", "rolls", *(f"dice {g}" for g in groups))
    ints = {f.name for f in fields if f.kind == "int"}
    out = []
    for i, body in enumerate(value):
        p = ("explain", i)
        with r.attempt():
            b = r.table(p, body, KEYS)
            if "text" not in b:
                raise r.error(p, "a step needs its words: text = \"...\"")
            words = read_template(r, p + ("text",), r.text(p + ("text",), b["text"], "", 400), places, allowed)
            when = formula(r, p + ("if",), r.text(p + ("if",), b["if"]), allowed, YES_NO, repr(b["if"])) \
                if "if" in b else None
            chance, less = (r.text(p + (k,), b.get(k), "", 60) for k in ("chance", "less"))
            for k, v in (("chance", chance), ("less", less)):
                if v and v not in names:
                    raise r.error(p + (k,), f"{v!r}: a step's {k} is one of {', '.join(names)}")
            if (less or "with" in b) and not chance:
                raise r.error(p, "say which chance the step shows: chance = \"pass\"")
            given = []
            for name, v in r.table(p + ("with",), b.get("with", {})).items():
                if name not in ints:
                    raise r.error(p + ("with", name), f"{name!r} is not a number field of this draft")
                given.append((name, formula(r, p + ("with", name), str(v), allowed, NUMBER, show(v))))
            sign = r.text(p + ("sign",), b.get("sign"), "", 1, blank=True)
            if sign not in SIGNS:
                raise r.error(p + ("sign",), f"{sign!r}: a step's sign is +, -, = or \"\" (for information)")
            out.append(ExplainStep(words, when, chance, tuple(given), less, sign))
    return tuple(out)


@dataclass(frozen=True)
class RollLine:
    words: Template
    when: Expr | None = None


def read_explain_roll(r: Reader, value: Any, allowed: Mapping[str, str], groups: Sequence[str]) -> tuple[RollLine, ...]:
    """``[[explain_roll]]``, each line checked at its line."""
    if value is None:
        return ()
    if not isinstance(value, list) or not value:
        raise r.error(("explain_roll",), f"{show(value)}: write each line as [[explain_roll]] with text = \"...\"")
    places = ("degree", *(f"{what} {g}" for g in groups for what in ("faces", "faces again", "scoring", "exploding")))
    out = []
    for i, body in enumerate(value):
        p = ("explain_roll", i)
        with r.attempt():
            b = r.table(p, body, ("text", "if"))
            if "text" not in b:
                raise r.error(p, "a line needs its words: text = \"...\"")
            words = read_template(r, p + ("text",), r.text(p + ("text",), b["text"], "", 400), places, allowed,
                                  ROLL_CALLS)
            when = formula(r, p + ("if",), r.text(p + ("if",), b["if"]), allowed, YES_NO, repr(b["if"]),
                           ROLL_CALLS) if "if" in b else None
            out.append(RollLine(words, when))
    return tuple(out)


def roll_lines(plan: Plan, r: Any, degree: str) -> list[str]:
    """The draft's lines for the example roll ``r``."""
    from ..contract.table_answers import listed

    facts = r.details
    env: dict[str, Any] = {**plan.env, "value": r.outcome, "successes": facts.get("successes", 0),
                           "total": facts.get("total", 0), **{m: facts.get(m, 0) for m in plan.marks}}
    places = {"degree": degree}
    first = [i for i, g in enumerate(plan.groups) for _ in range(g.count)]
    of = [first[x.index] if x.exploded_from is None else -1 for x in r.dice]
    for i, x in enumerate(r.dice):  # a die an explosion rolled: the group of the die it came from
        if of[i] < 0:
            of[i] = of[x.exploded_from] if x.exploded_from is not None else 0
    for gi, g in enumerate(plan.groups):
        mine = [x for x, o in zip(r.dice, of) if o == gi]
        firsts = [x for x in mine if x.exploded_from is None]
        again = [x for x in mine if x.exploded_from is not None]
        t = g.table
        env.update({f"successes({g.name})": sum(abs(x.scores) for x in mine),
                    f"first({g.name})": sum(abs(x.scores) for x in firsts), f"again({g.name})": len(again)})
        places.update({f"faces {g.name}": listed([x.after for x in firsts]),
                       f"faces again {g.name}": listed([x.after for x in again]),
                       f"scoring {g.name}": listed([f for f in range(1, t.sides + 1) if t.successes[f - 1]], "or"),
                       f"exploding {g.name}": listed([f for f in range(1, t.sides + 1) if t.explode[f - 1]], "or")})
    return [fill(x.words, env, places) for x in plan.draft.explain_roll
            if x.when is None or bool(x.when.evaluate(env))]


def steps_of(plan: Plan, spec: Mapping[str, Any], o: Odds, odds_of: Callable[[dict], Odds],
             denominator: int | None) -> list:
    """The draft's steps for ``spec`` (its plan and odds ``o``; ``odds_of``
    the odds of the spec with other fields, ``denominator`` its rolls)."""
    from ..contract.explain import CHANCE, Step

    places = {"chance": CHANCE, "rolls": str(denominator or ""),
              **{f"dice {g.name}": group_phrase(plan, g) for g in plan.groups}}
    out = []
    for s in plan.draft.explain:
        if s.when is not None and not bool(s.when.evaluate(plan.env)):
            continue
        figure = None
        if s.chance:
            shown = o
            if s.given:
                shown = odds_of({**dict(spec), **{name: int(e.evaluate(plan.env)) for name, e in s.given}})
            figure = _chance(shown, s.chance)
            if s.less:
                figure = max(0.0, figure - _chance(o, s.less))
                if denominator and denominator < 2 ** 50:  # rolls out of all: the difference of two counts, exactly
                    figure = (round(_chance(shown, s.chance) * denominator)
                              - round(_chance(o, s.less) * denominator)) / denominator
        ways = {"ways": str(round(figure * denominator))} if figure is not None and denominator else {}
        out.append(Step(fill(s.words, plan.env, {**places, **ways}), figure, s.sign))
    return out


def _chance(o: Odds, name: str) -> float:
    return o.p_pass if name == "pass" else o.p_goal if name == "goal" else o.breakdown[name]


def group_phrase(plan: Plan, g: GroupPlan) -> str:
    """What a die of the group does, as a sentence says it: "each 1 or 6 is
    a success, a 1 in 3 chance, and each 6 is rolled again for another
    chance; on average 0.4 successes per die"; a group that cancels: "each
    1 or 6 on a black die (a 1 in 3 chance) cancels a success"."""
    from ..contract.table_answers import listed, one_in

    t = g.table
    sides = t.sides
    scoring = [f for f in range(1, sides + 1) if t.successes[f - 1] != 0]
    again = [f for f in range(1, sides + 1) if t.explode[f - 1]]
    group = next(x for x in plan.draft.groups if x.name == g.name)
    if group.cancels:
        return (f"each {listed(scoring, 'or')} on a {group.called or g.owner + ' die'} "
                f"({one_in(len(scoring), sides)}) cancels a success")
    words = f"each {listed(scoring, 'or')} is a success, {one_in(len(scoring), sides)}"
    if again:
        words += f", and each {listed(again, 'or')} is rolled again for another chance"
    return words + f"; on average {_mean(t, len(again)):.2g} successes per die"


def _mean(t: Any, again: int) -> float:
    """A die's average successes, its explosions counted to their depth."""
    per_roll = sum(abs(x) for x in t.successes) / t.sides
    if not again:
        return per_roll
    r = again / t.sides
    if t.depth is None:
        return per_roll / (1 - r)
    return per_roll * (1 - r ** (t.depth + 1)) / (1 - r)

