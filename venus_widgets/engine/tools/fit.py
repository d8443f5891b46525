"""The table's dice against the odds: a goodness-of-fit check.

``fit(spec, outcomes)`` counts the outcomes a table rolled for one spec,
puts the exact expected counts beside them (``n`` times the exact
distribution of :func:`venus_widgets.engine.api.odds`) and says in plain
words whether the rolls fit the odds.

The test is the exact multinomial test: the p-value is the chance, under
the odds, of a set of ``n`` rolls no more likely than the one observed
(ordered by their multinomial probability). For small ``n`` every possible
set of counts is enumerated; past :data:`MAX_ENUMERATED` sets the p-value is
estimated from :data:`DRAWS` sets drawn from the exact odds with a fixed
seed, so it is the same on every machine.

A fair coin thrown four times, four heads: the sets as unlikely are 4-0 and
0-4, 2/16 of the chance.

>>> r = fit_counts({"heads": 0.5, "tails": 0.5}, ["heads"] * 4)
>>> r.p_value, r.method
(0.125, 'exact')
>>> r.verdict
'these 4 rolls fit the odds: fair dice roll a set as unlikely as this one about 13 % of the time; too few rolls to tell much'
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterator, Mapping, Sequence

import numpy as np

from ..errors import SpecError
from ..export import html_text
from ..inputs import read_list
from ..contract.explain import pct

#: Below this p-value the rolls are called unlikely under the odds.
ALPHA = 0.05
#: At most this many sets of counts are enumerated for the exact p-value.
MAX_ENUMERATED = 50_000
#: Sets drawn from the odds (seeded) when there are more.
DRAWS = 20_000
#: The seed of those draws: the same p-value on every machine.
SEED = 20_240_310
#: Fewer rolls than this: the verdict says they tell little.
FEW = 20
_REL = 1e-9  # multinomial probabilities equal to this relative precision count as ties


@dataclass(frozen=True)
class Fit:
    """Observed counts beside the exact expected counts, and the verdict.

    ``outcomes[i]`` was rolled ``observed[i]`` times where the odds expect
    ``expected[i]`` (= ``n * probabilities[i]``); ``p_value`` is the exact
    multinomial test's (``method`` says whether enumerated or drawn).
    """

    spec: Mapping[str, Any] | None
    outcomes: tuple[Any, ...]
    probabilities: tuple[float, ...]
    observed: tuple[int, ...]
    p_value: float
    method: str
    note: str = ""

    @property
    def n(self) -> int:
        return sum(self.observed)

    @property
    def expected(self) -> tuple[float, ...]:
        return tuple(self.n * p for p in self.probabilities)

    @property
    def fits(self) -> bool:
        """True unless the rolls are unlikely under the odds (p < 0.05)."""
        return self.p_value >= ALPHA

    @property
    def verdict(self) -> str:
        """In an FC's words: whether the rolls fit, and how often fair dice roll a set as unlikely (the
        p-value, said as "about 1 time in 20,000")."""
        rolls = f"these {self.n} roll{'s' if self.n != 1 else ''}" if self.n != 1 else "this roll"
        if self.p_value == 0:
            return f"{rolls} cannot come from the odds: an outcome the rules make impossible was logged"
        often = f"fair dice roll a set as unlikely as this one {how_often(self.p_value)}"
        if self.fits:
            if self.n == 1:
                return f"{rolls} fits the odds; one roll tells nothing about the dice"
            tail = "; too few rolls to tell much" if self.n < FEW else ""
            return f"{rolls} fit the odds: {often}{tail}"
        return f"{rolls} are unlikely under the odds: {often}; check the dice"

    @property
    def how(self) -> str:
        """How the chance was found, in words."""
        return ("Every possible set of rolls counted." if self.method == "exact"
                else f"Estimated from {DRAWS:,} sets of rolls drawn at random from the exact odds (the same on "
                     "every machine).")

    def rows(self) -> list[list[str]]:
        """Header, then one row per outcome: observed, expected, chance."""
        out = [["outcome", "observed", "expected", "chance"]]
        for o, c, e, p in zip(self.outcomes, self.observed, self.expected, self.probabilities):
            out.append([str(o), str(c), f"{e:.1f}", pct(p)])
        return out

    @property
    def text(self) -> str:
        rows = self.rows()
        widths = [max(len(r[i]) for r in rows) for i in range(4)]
        lines = ["  ".join(c.rjust(w) for c, w in zip(r, widths)) for r in rows]
        return "\n".join([self.verdict[0].upper() + self.verdict[1:] + ".", *lines,
                          self.how + (f" {self.note}" if self.note else "")])

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Fit(n={self.n}, p_value={self.p_value:.4g}, {self.method})"

    def _repr_html_(self) -> str:
        rows = self.rows()
        head = "".join(f"<th scope='col'>{html_text(c)}</th>" for c in rows[0])
        body = "".join("<tr>" + f"<th scope='row'>{html_text(r[0])}</th>"
                       + "".join(f"<td>{html_text(c)}</td>" for c in r[1:])
                       + "</tr>" for r in rows[1:])
        verdict = html_text(self.verdict[0].upper() + self.verdict[1:])
        note = f" {html_text(self.note)}" if self.note else ""
        return (f"<div class='vw-fit'><p><b>{verdict}.</b></p><table><thead><tr>{head}</tr></thead>"
                f"<tbody>{body}</tbody></table><p>{html_text(self.how)}{note}</p></div>")


def how_often(p: float) -> str:
    """A chance as an FC says how often: "about 24 % of the time", under 10 % "about 1 time in 25"
    (two figures: "about 1 time in 2,900" for 1 in 2,857).

    >>> how_often(0.24), how_often(0.04), how_often(0.00035), how_often(0.00005), how_often(1.0)
    ('about 24 % of the time', 'about 1 time in 25', 'about 1 time in 2,900', 'about 1 time in 20,000', 'every time')
    """
    if p >= 0.995:
        return "every time"
    if p >= 0.1:
        return f"about {math.floor(p * 100 + 0.5)} % of the time"
    n = round(1 / p)
    return f"about 1 time in {round(n, 2 - len(str(n))) if n >= 100 else n:,}"


def _compositions(n: int, k: int) -> Iterator[tuple[int, ...]]:
    """Every way to split ``n`` rolls among ``k`` outcomes."""
    if k == 1:
        yield (n,)
        return
    for first in range(n, -1, -1):
        for rest in _compositions(n - first, k - 1):
            yield (first, *rest)


def _log_factorials(n: int) -> np.ndarray:
    return np.concatenate([[0.0], np.cumsum(np.log(np.arange(1, n + 1, dtype=float)))])


def multinomial_p(probabilities: Sequence[float], observed: Sequence[int], *,
                  draws: int = DRAWS, seed: int = SEED) -> tuple[float, str]:
    """The exact multinomial test's p-value and how it was found.

    >>> multinomial_p([0.5, 0.5], [3, 1])
    (0.625, 'exact')
    """
    p = np.asarray(probabilities, dtype=float)
    obs = np.asarray(observed, dtype=np.int64)
    n = int(obs.sum())
    if n == 0:
        return 1.0, "exact"
    if np.any((p == 0) & (obs > 0)):
        return 0.0, "exact"
    keep = p > 0
    p, obs = p[keep], obs[keep]
    logp = np.log(p)
    lf = _log_factorials(n)

    def logprob(counts: np.ndarray) -> np.ndarray:
        return lf[n] - lf[counts].sum(axis=-1) + (counts * logp).sum(axis=-1)

    edge = logprob(obs) + _REL * max(1.0, abs(float(logprob(obs))))
    k = len(p)
    if math.comb(n + k - 1, k - 1) <= MAX_ENUMERATED:
        every = np.array(list(_compositions(n, k)), dtype=np.int64)
        lp = logprob(every)
        # rounded to 12 decimals: the last bits of exp/log may differ between machines
        return round(min(1.0, math.fsum(np.exp(lp[lp <= edge]))), 12), "exact"
    rng = np.random.Generator(np.random.PCG64(seed))
    drawn = rng.multinomial(n, p / p.sum(), size=draws)
    hits = int(np.count_nonzero(logprob(drawn) <= edge))
    return (hits + 1) / (draws + 1), f"{draws} sets drawn from the exact odds, seed {seed}"


def fit_counts(distribution: Mapping[Any, float], outcomes: Sequence[Any], *, spec: Mapping[str, Any] | None = None,
               note: str = "", draws: int = DRAWS, seed: int = SEED) -> Fit:
    """Fit logged ``outcomes`` against ``distribution`` (outcome -> chance).
    An outcome the distribution lacks counts as impossible (p = 0)."""
    counts = Counter(outcomes)
    names = list(distribution)
    extra = [o for o in counts if o not in distribution]
    names += sorted(extra, key=str)
    probs = [float(distribution.get(o, 0.0)) for o in names]
    observed = [int(counts.get(o, 0)) for o in names]
    p, method = multinomial_p(probs, observed, draws=draws, seed=seed)
    return Fit(spec=spec, outcomes=tuple(names), probabilities=tuple(probs), observed=tuple(observed),
               p_value=p, method=method, note=note)


def fit(spec: Mapping[str, Any], outcomes: Sequence[Any], *, note: str = "") -> Fit:
    """Fit the outcomes a table rolled for ``spec`` against its exact odds
    (the roller's KISS and Ego policy, as :func:`~venus_widgets.odds`).

    >>> import venus_widgets as vw
    >>> spec = {"roll": "task", "dice": 3}
    >>> vw.fit(spec, [vw.roll(spec, seed=1000 + i).outcome for i in range(40)]).fits
    True
    """
    from ..api import odds
    from ..contract.spec import Spec

    if not isinstance(note, str) or len(note) > 500:
        raise SpecError("note", note, "a line of text (at most 500 characters)")
    s = Spec.of(spec)
    o = odds(s)
    return fit_counts(o.distribution, _outcomes(outcomes, o.numeric), spec=s, note=note)


#: At most this many outcomes are fitted at once.
MAX_OUTCOMES = 100_000


def _outcomes(outcomes: Any, numeric: bool) -> list:
    """The logged outcomes, read with a bound (:func:`..inputs.read_list`),
    each of the kind the odds have: a whole number of successes (not
    ``True``/``False``), or for a d20 check the word (``"pass"``...)."""
    kind = "whole numbers (the outcomes, e.g. successes)" if numeric else "words such as 'pass' and 'fail'"
    allowed = f"a list of rolled outcomes (e.g. [r.outcome for r in rolls]): {kind}"
    items = read_list("outcomes", outcomes, MAX_OUTCOMES, allowed)
    out: list[int | str] = []
    for i, v in enumerate(items):
        if numeric and isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_)):
            out.append(int(v))
        elif not numeric and isinstance(v, str):
            out.append(v)
        else:
            raise SpecError(f"outcomes[{i}]", v, kind)
    return out
