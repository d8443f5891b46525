"""Explain this number: the odds of a spec unfolded into plain words.

``explain(spec, seed=1)`` (:func:`venus_widgets.engine.api.explain`)
returns an :class:`Explanation`: the steps of the
rules in order (the dice, the chance per die, what the threshold needs,
what KISS and Ego add, what the difficulty and consequences take), each with
its exact figure, and a seeded example roll (``roll(spec, seed)``) walked
through the same steps.

Each step has an ``op``: ``"+"`` adds its figure to a running total,
``"-"`` takes it away, ``"="`` states the total so far (and the total goes
on from there), ``""`` is information only. Summed in order, the steps
give back every ``"="`` figure, the last of which is P(pass): a player can
check them by hand.

The words are each edition's (``explain_steps(spec, odds)`` and
``explain_roll(roll)`` in its module), made of this module's steps and
words; ``explain`` assembles them.

>>> import venus_widgets as vw
>>> e = vw.explain({"edition": "vers", "ranks": 3, "penalty": 2})
>>> [s.op for s in e.steps]
['', '+', '-', '=']
>>> e.steps[-1].figure == vw.odds({"edition": "vers", "ranks": 3, "penalty": 2}).p_pass
True
"""

from __future__ import annotations

import math
from fractions import Fraction
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from ..export import html_text, markdown_text
from ..contract.table_answers import plural_of
from ..format import percent_text
from ..maths.probability import probability
from ..table.rolls import Die, Roll

#: The seed of the example roll when none is given (so the text never changes).
DEFAULT_SEED = 1


def pct(p: float) -> str:
    """A chance as a percent with two decimals (more for tiny chances).

    >>> pct(0.5), pct(2 / 3), pct(1e-7)
    ('50.00 %', '66.67 %', '1e-05 %')
    """
    if 0.0 < p < 5e-5:
        return f"{100 * p:.2g} %"
    return percent_text(p, 2)  # the one rule: 100 % only when certain, halves up


@dataclass(frozen=True)
class Step:
    """One step of an explanation: words, the exact figure (a chance, or
    ``None``) and how it combines with the steps before (see the module)."""

    words: str
    figure: float | None = None
    op: str = ""

    def __post_init__(self) -> None:
        if self.figure is not None:  # float noise never shows as a chance past 0 or 1
            object.__setattr__(self, "figure", probability(self.figure))

    def line(self) -> str:
        if self.figure is None:
            return self.words
        sign = {"+": "+ ", "-": "- ", "=": "= ", "": ""}[self.op]
        return f"{sign}{pct(self.figure)}: {self.words}"


def first_roll_steps(groups: Sequence[tuple[int, int, int]], need: int, p_first: float,
                     noun: str = "success") -> list[Step]:
    """The first roll in two hand-checkable steps and a total: ``+`` at least
    one {noun} (1 - the product of every die's chance to fail), ``-`` what
    needing ``need`` of them takes, ``=`` P(the first roll reaches ``need``)
    (``p_first``). When one is enough, the first step alone.

    ``groups`` lists ``(dice, fail faces, sides)`` per kind of die, e.g.
    ``[(3, 4, 6), (1, 2, 6)]`` for three Bronze d6 and one Gold.

    >>> [round(s.figure, 4) for s in first_roll_steps([(2, 4, 6)], 2, 4 / 36)]
    [0.5556, 0.4444, 0.1111]
    >>> [(s.op, s.figure) for s in first_roll_steps([(2, 4, 6)], 0, 1.0)]
    [('+', 1.0)]
    """
    dice = sum(n for n, _, _ in groups)
    if need <= 0:  # every first roll reaches a threshold of 0 (a rule knob can set it)
        return [Step(f"no {noun} needed: every first roll reaches the threshold", p_first, "+")]
    # counted exactly (a binomial per kind of die), then rounded once: a step
    # of 1e-21 stays 1e-21, not the float noise of 1 - (1 - 1e-21)
    pmf = [Fraction(1)]
    for n, f, sides in groups:
        p = Fraction(sides - f, sides)
        pmf = [sum((pmf[j] * math.comb(n, i - j) * p ** (i - j) * (1 - p) ** (n - i + j)
                    for j in range(len(pmf)) if 0 <= i - j <= n), Fraction(0)) for i in range(len(pmf) + n)]
    p_none = pmf[0]
    words = " x ".join(f"({f}/{sides})" + (f"^{n}" if n != 1 else "") for n, f, sides in groups if n)
    if not dice:
        one = Step(f"at least one {noun}: no dice to roll", 0.0, "+")
    elif p_none == 0:
        one = Step(f"at least one {noun}: certain (a die that cannot fail)", 1.0, "+")
    else:
        one = Step(f"at least one {noun} on the first roll: 1 - {words}, every die failing", float(1 - p_none), "+")
    if need <= 1:  # one is enough: the first roll's chance is that figure
        return [one]
    plural = plural_of(noun)
    short = f"just 1 {noun}" if need == 2 else f"1 to {need - 1} {plural}"
    if abs(float(1 - sum(pmf[:need], Fraction(0))) - p_first) <= 1e-12:
        taken = float(sum(pmf[1:need], Fraction(0)))  # the binomials are the first roll: exact
    else:  # dice that add more dice (exploding 10s): what the first roll's chance leaves
        taken = max(0.0, 1.0 - float(p_none) - p_first)
    return [one,
            Step(f"needing {need} takes the first rolls with {short}", taken, "-"),
            Step(f"the first roll shows {need} or more {plural}", p_first, "=")]


def check_arithmetic(steps: Sequence[Step]) -> list[tuple[float, float]]:
    """``(running total, stated figure)`` at each ``"="`` step: a player's
    sum, done exactly as the steps say."""
    total, out = 0.0, []
    for s in steps:
        if s.figure is None:  # words only: nothing to add
            continue
        if s.op == "+":
            total += s.figure
        elif s.op == "-":
            total -= s.figure
        elif s.op == "=":
            out.append((total, s.figure))
            total = s.figure
    return out


@dataclass(frozen=True)
class Explanation:
    """The odds of one spec in plain words, with a seeded example roll.

    ``steps`` in rule order (see :class:`Step`), ``p_pass`` the figure they
    add up to, ``example`` the roll ``roll(spec, seed)`` and ``walk`` its
    steps in words. ``str()`` is plain text; Jupyter shows Markdown.
    """

    spec: Mapping[str, Any]
    p_pass: float
    steps: tuple[Step, ...]
    seed: int
    example: Roll
    walk: tuple[str, ...]

    @property
    def title(self) -> str:
        return f"Why P(pass) is {pct(self.p_pass)} ({self.spec['edition']} {self.spec['roll']})"

    @property
    def text(self) -> str:
        lines = [self.title, "", "The odds, in rule order:"]
        lines += [f"  {i}. {s.line()}" for i, s in enumerate(self.steps, 1)]
        lines += ["", f"An example roll (seed {self.seed}), step by step:"]
        lines += [f"  {i}. {w}" for i, w in enumerate(self.walk, 1)]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text

    def _repr_markdown_(self) -> str:
        lines = [f"**{markdown_text(self.title, False)}**", "", "The odds, in rule order:", ""]
        lines += [f"{i}. {markdown_text(s.line())}" for i, s in enumerate(self.steps, 1)]
        lines += ["", f"An example roll (`vw.roll(spec, seed={int(self.seed)})`), step by step:", ""]
        lines += [f"{i}. {markdown_text(w)}" for i, w in enumerate(self.walk, 1)]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        steps = "".join(f"<li>{html_text(s.line())}</li>" for s in self.steps)
        walk = "".join(f"<li>{html_text(w)}</li>" for w in self.walk)
        return (f"<div class='vw-explain'><p><b>{html_text(self.title)}</b></p>"
                f"<p>The odds, in rule order:</p><ol>{steps}</ol>"
                f"<p>An example roll (seed {int(self.seed)}), step by step:</p><ol>{walk}</ol></div>")


def dice_words(dice: Iterable[Die]) -> str:
    """Faces of some dice in words: ``'own Bronze: 5 2 6; ally 1 Gold: 3'``."""
    groups: dict[tuple, list[str]] = {}
    for d in dice:
        grade = f" {d.grade.capitalize()}" if isinstance(d.grade, str) else (f" rank {d.grade}" if d.grade else "")
        groups.setdefault((d.owner, grade), []).append(str(d.before))
    return "; ".join(f"{owner}{grade}: {' '.join(f)}" for (owner, grade), f in groups.items())


def generic_walk(roll: Roll) -> list[str]:
    """A walk through any roll: first faces, KISSed dice, outcome."""
    out = [f"First roll: {dice_words(roll.dice)}."]
    kissed = [d for d in roll.dice if d.kissed]
    if kissed:
        out.append("KISS: " + ", ".join(f"die {d.index + 1} {d.before} -> {d.after}" for d in kissed) + ".")
    if roll.ego_spent:
        out.append("Ego is spent.")
    out.append(f"Outcome {roll.outcome}: {'passed' if roll.passed else 'failed'}.")
    return out
