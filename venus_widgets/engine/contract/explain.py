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
give back every ``"="`` figure, the last of which is the chance to pass: a
player can check them by hand.

A step's words are a sentence a player reads, with ``{chance}`` where its
figure goes ("KISS adds {chance}: ..."): no formulas, no field names, no
"(s)" plurals (``tests/test_plain_words.py`` walks every edition's samples).

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
from ..contract.table_answers import listed, plural_of
from ..format import percent_text
from ..maths.probability import probability
from ..table.rolls import Die, Roll

#: The seed of the example roll when none is given (so the text never changes).
DEFAULT_SEED = 1


def pct(p: float) -> str:
    """A chance as a percent with two decimals (two figures for tiny
    chances, down to a millionth of a percent).

    >>> pct(0.5), pct(2 / 3), pct(1e-7), pct(4.1e-5), pct(1.5e-21)
    ('50.00 %', '66.67 %', '0.00001 %', '0.0041 %', '<0.000001 %')
    """
    if 0.0 < p < 5e-5:
        if p < 1e-8:
            return "<0.000001 %"
        digits = 1 - math.floor(math.log10(100 * p))  # two significant figures
        return f"{100 * p:.{digits}f}".rstrip("0").rstrip(".") + " %"
    return percent_text(p, 2)  # the one rule: 100 % only when certain, halves up


#: Where a step's words say its figure.
CHANCE = "{chance}"
#: A step's figure said after words that do not place it, by how it adds up.
_FALLBACK = {"+": "{words}: adds {chance}.", "-": "{words}: takes away {chance}.", "=": "{words}: {chance} in all.",
             "": "{words}: {chance}."}
#: Numbers as a sentence says them.
_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def dice_count(n: int, die: str = "die", dice: str = "dice") -> str:
    """A number of dice as a sentence says it: "one die", "three dice", "12 dice".

    >>> dice_count(1), dice_count(3), dice_count(12, "D10", "D10s"), dice_count(0)
    ('one die', 'three dice', '12 D10s', 'no dice')
    """
    word = _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)
    return f"{word} {die if n == 1 else dice}"


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
        """The step as a player reads it: its words, the figure where they
        say ``{chance}`` (or after them, saying how it adds up).

        >>> Step("KISS adds {chance}: the first roll falls short", 0.25, "+").line()
        'KISS adds 25.00 %: the first roll falls short'
        >>> Step("Two 6s", 0.25, "+").line(), Step("A natural 1 fails").line()
        ('Two 6s: adds 25.00 %.', 'A natural 1 fails')
        """
        if self.figure is None:
            return self.words.replace(CHANCE, "")
        said = pct(self.figure)
        if CHANCE in self.words:
            return self.words.replace(CHANCE, said)
        return _FALLBACK[self.op].replace("{words}", self.words).replace(CHANCE, said)


def first_roll_steps(groups: Sequence[tuple[int, int, int]], need: int, p_first: float,
                     noun: str = "success") -> list[Step]:
    """The first roll in two hand-checkable steps and a total: ``+`` at least
    one {noun} (every die failing is the only way to get none), ``-`` what
    needing ``need`` of them takes, ``=`` the chance the first roll reaches
    ``need`` (``p_first``). When one is enough, the first step alone.

    ``groups`` lists ``(dice, fail faces, sides)`` per kind of die, e.g.
    ``[(3, 4, 6), (1, 2, 6)]`` for three Bronze d6 and one Gold.

    >>> [round(s.figure, 4) for s in first_roll_steps([(2, 4, 6)], 2, 4 / 36)]
    [0.5556, 0.4444, 0.1111]
    >>> print(first_roll_steps([(3, 4, 6)], 1, 19 / 27)[0].line())
    With three dice, at least one success comes up 70.37 % of the time: the first roll has none only when every die fails.
    >>> [(s.op, s.figure) for s in first_roll_steps([(2, 4, 6)], 0, 1.0)]
    [('+', 1.0)]
    """
    dice = sum(n for n, _, _ in groups)
    plural = plural_of(noun)
    if need <= 0:  # every first roll reaches a threshold of 0 (a rule knob can set it)
        return [Step(f"No {noun} is needed: every first roll reaches the threshold ({CHANCE}).", p_first, "+")]
    # counted exactly (a binomial per kind of die), then rounded once: a step
    # of 1e-21 stays 1e-21, not the float noise of 1 - (1 - 1e-21)
    pmf = [Fraction(1)]
    for n, f, sides in groups:
        p = Fraction(sides - f, sides)
        pmf = [sum((pmf[j] * math.comb(n, i - j) * p ** (i - j) * (1 - p) ** (n - i + j)
                    for j in range(len(pmf)) if 0 <= i - j <= n), Fraction(0)) for i in range(len(pmf) + n)]
    p_none = pmf[0]
    if not dice:
        one = Step(f"With no dice to roll, no {noun} can come up ({CHANCE}).", 0.0, "+")
    elif p_none == 0:
        one = Step(f"A die that cannot fail makes at least one {noun} certain ({CHANCE}).", 1.0, "+")
    elif dice == 1:
        one = Step(f"With one die, a {noun} comes up {CHANCE} of the time.", float(1 - p_none), "+")
    else:
        one = Step(f"With {dice_count(dice)}, at least one {noun} comes up {CHANCE} of the time: the first roll has "
                   "none only when every die fails.", float(1 - p_none), "+")
    if need <= 1:  # one is enough: the first roll's chance is that figure
        return [one]
    short = f"just 1 {noun}" if need == 2 else f"1 or 2 {plural}" if need == 3 else f"1 to {need - 1} {plural}"
    if abs(float(1 - sum(pmf[:need], Fraction(0))) - p_first) <= 1e-12:
        taken = float(sum(pmf[1:need], Fraction(0)))  # the binomials are the first roll: exact
    else:  # dice that add more dice (exploding 10s): what the first roll's chance leaves
        taken = max(0.0, 1.0 - float(p_none) - p_first)
    return [one,
            Step(f"Needing {need}, the first rolls with {short} fall short: they take away {CHANCE}.", taken, "-"),
            Step(f"So the first roll shows {need} or more {plural} {CHANCE} of the time.", p_first, "=")]


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
        """"Why this task passes 70.37 % of the time"."""
        return f"Why this {self.spec['roll']} passes {pct(self.p_pass)} of the time"

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
    """Faces of some dice in words, by owner and grade:
    ``'your Bronze dice show 5, 2 and 6; ally 1's Gold die shows 3'``."""
    groups: dict[tuple, list[str]] = {}
    for d in dice:
        grade = f" {d.grade.capitalize()}" if isinstance(d.grade, str) else (f" rank {d.grade}" if d.grade else "")
        groups.setdefault((d.owner, grade), []).append(str(d.before))
    out = []
    for (owner, grade), faces in groups.items():
        whose = "your" if owner == "own" else f"{owner}'s" if owner.startswith("ally") else f"the {owner}'s" \
            if owner == "helper" else f"the {owner}"
        one = len(faces) == 1
        out.append(f"{whose}{grade} {'die shows' if one else 'dice show'} {listed(faces)}")
    return "; ".join(out)


def rerolled_words(dice: Iterable[Die]) -> str:
    """The dice a re-roll took, numbered from 1 as the roller numbers them:
    ``'die 1 (3 became 1) and die 2 (4 became 5)'``."""
    return listed([f"die {d.index + 1} ({d.before} became {d.after})" for d in dice])


def generic_walk(roll: Roll) -> list[str]:
    """A walk through any roll: first faces, KISSed dice, outcome."""
    out = [f"First roll: {dice_words(roll.dice)}."]
    kissed = [d for d in roll.dice if d.kissed]
    if kissed:
        out.append(f"KISS re-rolls {rerolled_words(kissed)}.")
    if roll.ego_spent:
        out.append("Ego is spent.")
    out.append(f"Outcome {roll.outcome}: {'passed' if roll.passed else 'failed'}.")
    return out

