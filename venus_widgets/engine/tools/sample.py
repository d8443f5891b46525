"""``vw.sample``: seeded rolls beside the exact odds, to see them agree.

Exploding dice can roll on for ever, so their exact odds are counted up to
a tail too unlikely to matter, and that tail is cut and stated
(``Odds.truncated``). A sample of seeded rolls, made by the same rules as
``vw.roll``, shows the exact figure being approached as the rolls add up:
the chance to pass after 100, 1,000, 10,000 ... rolls, each beside the
exact chance, with the spread a sample of that size is expected to have.

>>> s = sample({"edition": "playsheet", "roll": "task", "dice": 6, "explode": True}, n=10_000, seed=1)
>>> [c[0] for c in s.checkpoints]
[100, 1000, 10000]
>>> abs(s.p_pass - s.odds.p_pass) < 4 * s.spread
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Mapping

import numpy as np

from ..export import html_text
from ..api import odds, roll_many
from ..contract.spec import Spec
from ..errors import SpecError
from ..format import number, percent_text as percent
from ..maths.odds import TAIL_WORDS, Odds
from ..contract import edition
from ..contract.guard import check_rolls
from ..table.rolls import check_seed

MAX_SAMPLE = 1_000_000


@dataclass(frozen=True)
class Sample:
    """``n`` seeded rolls of ``spec`` beside its exact odds."""

    spec: dict
    n: int
    seed: int
    odds: Odds
    #: outcome -> how many of the rolls gave it
    counts: dict
    #: (rolls so far, share that passed) after 100, 1,000, ... and all n
    checkpoints: tuple[tuple[int, float], ...]

    @property
    def p_pass(self) -> float:
        """The share of the rolls that passed."""
        return self.checkpoints[-1][1] if self.checkpoints else 0.0

    @property
    def spread(self) -> float:
        """One standard error of the sampled chance to pass: a sample of
        this size lands within about two of these of the exact chance 95
        times in 100."""
        p = self.odds.p_pass
        return math.sqrt(p * (1 - p) / self.n) if self.n else 0.0

    def verdict(self) -> str:
        """The sample against the exact odds, in plain words."""
        gap = (self.p_pass - self.odds.p_pass) * 100
        within = abs(gap) <= 2 * self.spread * 100 + 1e-12
        words = (f"{self.n:,} seeded rolls (seed {self.seed}): {percent(self.p_pass, 1)} passed; "
                 f"exact {percent(self.odds.p_pass, 1)}; {number(f'{gap:+.2f}')} points, "
                 + ("within" if within else "outside")
                 + f" the ±{2 * self.spread * 100:.2f} points a sample this size varies by")
        if self.odds.truncated:
            words += (f". The exact odds leave out the rarest endless chains of dice that roll on, {TAIL_WORDS}: "
                      "far below what any sample can see")
        return words

    def _repr_html_(self) -> str:
        e = html_text
        rows = "".join(
            f"<tr><th scope='row'>{k:,}</th><td>{e(percent(p, 1))}</td><td>{e(percent(self.odds.p_pass, 1))}</td>"
            f"<td>{e(number(f'{(p - self.odds.p_pass) * 100:+.2f}'))}</td><td>±{2 * math.sqrt(self.odds.p_pass * (1 - self.odds.p_pass) / k) * 100:.2f}</td></tr>"
            for k, p in self.checkpoints)
        return (f"<table><caption>Seeded rolls approaching the exact chance to pass, "
                f"a {e(self.spec['roll'])} by {e(edition.get(self.spec['edition']).NAME)}</caption><thead><tr>"
                "<th scope='col'>rolls</th><th scope='col'>passed</th><th scope='col'>exact</th>"
                "<th scope='col'>difference (points)</th><th scope='col'>expected spread (points)</th></tr></thead>"
                f"<tbody>{rows}</tbody></table><p>{e(self.verdict())}.</p>")

    def __repr__(self) -> str:
        return f"<Sample {self.verdict()}>"


def sample(spec: Mapping[str, Any], n: int = 20_000, seed: int | None = 1) -> Sample:
    """``n`` rolls of ``spec`` from ``seed`` (reproducible), beside its
    exact odds. ``seed=None`` draws a fresh seed and records it, so the
    sample can be replayed: ``sample(spec, n, s.seed)`` gives it again."""
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_SAMPLE:
        raise SpecError("n", n, f"a whole number of rolls from 1 to {MAX_SAMPLE:,}")
    seed = check_seed(seed)
    s = Spec.of(spec)
    check_rolls(s, n)  # the dice drawn, bounded before any is drawn
    o = odds(s)
    outcomes = roll_many(s, n, seed)
    passed = outcomes.astype(bool) if outcomes.dtype == bool else outcomes >= (o.threshold or 0)
    cum = np.cumsum(passed)
    marks = [k for k in (10 ** j for j in range(2, 7)) if k < n] + [n]
    checkpoints = tuple((k, float(cum[k - 1]) / k) for k in marks)
    values, counts = np.unique(outcomes, return_counts=True)
    return Sample(s, n, seed, o, {v.item(): int(c) for v, c in zip(values, counts)}, checkpoints)
