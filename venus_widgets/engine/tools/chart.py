"""The bars of an odds chart, decided once for every view of it.

The widgets' chart (``js/odds_view.js`` draws it), the static snapshot a
roller leaves in a saved notebook (:mod:`venus_widgets.widgets.stills`)
and the tables beside them all show these bars: one per outcome, a long
tail grouped into one "12+" bar so labels never run together, each bar
marked pass / goal in words as well as by colour.

Three views, as in AnyDice: the chance of *exactly* each outcome, of *at
least* it, of *at most* it.

>>> from venus_widgets import odds
>>> o = odds({"edition": "playtest", "roll": "task", "dice": 3})
>>> [(b.label, round(b.p, 3), b.passes) for b in bars(o)]
[('0', 0.296, False), ('1', 0.444, True), ('2', 0.222, True), ('3', 0.037, True)]
>>> [b.label for b in bars(o, "at_least")]
['≥0', '≥1', '≥2', '≥3']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..contract import spec as _spec
from ..format import number
from ..maths.odds import Odds

Mode = Literal["exact", "at_least", "at_most"]
MODES: tuple[Mode, ...] = ("exact", "at_least", "at_most")
#: Most bars a chart shows; beyond, the tail becomes one "k+" bar.
MAX_BARS = 13


@dataclass(frozen=True)
class Bar:
    """One bar: its label, the outcomes it covers (``low`` to ``high``,
    ``high`` None for an open tail), its chance, and whether those outcomes
    pass and reach the goal."""

    label: str
    low: Any
    high: Any
    p: float
    passes: bool
    goal: bool

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "low": self.low, "high": self.high, "p": self.p,
                "pass": self.passes, "goal": self.goal}


def result_words(edition: str, roll: str) -> dict[str, str]:
    """The words a player reads for each outcome of a result that is not a
    number (the edition's ``Schema(results=...)``; an outcome it does not
    word: its name).

    >>> result_words("playtest", "check")["auto-pass"]
    'automatic pass'
    """
    return dict(getattr(_spec.schema(edition, roll), "results", {}))


def _cut(outcomes: list[int], o: Odds, max_bars: int) -> int:
    """Index from which outcomes are grouped into one tail bar (len = none)."""
    if len(outcomes) <= max_bars:
        return len(outcomes)
    cut = max_bars - 1
    marks = [k for k in (o.threshold, o.goal) if k is not None]
    for k in marks:  # the threshold and the goal keep bars of their own
        if k in outcomes:
            cut = max(cut, outcomes.index(k) + 1)
    return min(cut, len(outcomes))


def bars(o: Odds, mode: Mode = "exact", max_bars: int = MAX_BARS) -> list[Bar]:
    """The bars of ``o``'s chart in ``mode``; words outcomes (checks) get
    one bar each and only the exact view."""
    if mode not in MODES:
        raise ValueError(f"mode={mode!r} is not allowed: expected one of {', '.join(MODES)}")
    if not o.numeric:
        passing = _spec.passing(o.spec["edition"], o.spec["roll"])
        said = result_words(o.spec["edition"], o.spec["roll"])
        return [Bar(said.get(k, str(k)), k, k, float(p), k in passing, k in passing) for k, p in o.breakdown.items()]
    dist = sorted(o.distribution.items())
    outcomes = [k for k, _ in dist]
    probs = [float(p) for _, p in dist]
    thr = o.threshold if o.threshold is not None else outcomes[0]
    goal = o.goal if o.goal is not None else thr
    cut = _cut(outcomes, o, max_bars)
    out: list[Bar] = []
    if mode == "exact":
        for k, p in zip(outcomes[:cut], probs[:cut]):
            out.append(Bar(number(k), k, k, p, k >= thr, k >= goal))
        if cut < len(outcomes):
            k = outcomes[cut]
            out.append(Bar(f"{number(k)}+", k, None, sum(probs[cut:]), k >= thr, k >= goal))
    elif mode == "at_least":
        tail = 1.0
        for k, p in zip(outcomes[:cut + (cut < len(outcomes))], probs):
            out.append(Bar(f"≥{number(k)}", k, None, max(tail, 0.0), k >= thr, k >= goal))
            tail -= p
    else:  # at most: the grouped tail would be 100 %, left out
        acc = 0.0
        for k, p in zip(outcomes[:cut], probs[:cut]):
            acc += p
            out.append(Bar(f"≤{number(k)}", outcomes[0], k, min(acc, 1.0), False, False))
    return out


def to_json(o: Odds, max_bars: int = MAX_BARS) -> dict[str, list[dict[str, Any]]]:
    """Every view's bars, as a widget sends them to the browser."""
    if not o.numeric:
        return {"exact": [b.to_json() for b in bars(o)]}
    return {m: [b.to_json() for b in bars(o, m, max_bars)] for m in MODES}
