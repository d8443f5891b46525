"""The difference of two rule sets at a glance: one sentence of what
changed and by how much, and at most about 15 rows for a chart and a table.

A :class:`~.compare.Comparison` knows every chance each rule set reports
(:func:`..maths.quantities.reported`: the chance to pass and to reach the
goal, criticals, Ego spent, the breakdown, and any named chance an edition
adds) and the chance of at least each outcome. Shown whole, a roll with
dice that explode has forty outcomes, most of them moving by less than a
hundredth of a point. :func:`glance` keeps the rows a designer reads:

* the chance to pass (and to reach the goal when a rule set has one beyond
  the threshold), always;
* every other reported chance that moves, each under its name, before the
  outcomes (a named chance is what a designer wrote the rule for); those
  that move alike are one row ("Ego spent, pass with ego");
* the chance of at least each outcome, without the outcomes certain under
  every rule set and those that only restate the chance to pass or to reach
  the goal;

and, past ``most`` rows, groups the rest: the rows that move least go first,
a run of outcomes becomes one row ("at least 6 to 33 net successes: up to
+1.2 points", or "no change" when none of them moves), the named chances
left over one row. A run of two or more outcomes that do not move at all is
always one row. :func:`headline` says the change in one sentence, from the
same rows, so a chance an edition adds joins both by construction.

>>> import venus_widgets as vw
>>> c = vw.compare({"roll": "task", "dice": 3}, {"Bronze 4-6": {"success_from": {"bronze": 4}}})
>>> headline(c, "Bronze 4-6")
'Bronze 4-6: the chance to pass rises from 70.4 % to 87.5 % (+17.1 points); rolls of 2 or more successes gain most, from 25.9 % to 50.0 % (+24.1 points).'
>>> [r["tick"] for r in glance(c)]
['to pass', '≥2', '≥3']
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any, Mapping, Protocol

from ..contract.spec import words
from ..format import number, percent_text
from ..maths.odds import Odds
from ..maths.quantities import GOAL, PASS, reported


class Comparison(Protocol):
    """What a glance reads of a :class:`~.compare.Comparison` (the rule
    sets' names, base first, their odds, exact where rational, and verdicts)."""

    @property
    def spec(self) -> Mapping[str, Any]: ...
    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def odds(self) -> Mapping[str, Odds]: ...
    @property
    def exact(self) -> Mapping[str, Odds]: ...
    @property
    def verdicts(self) -> Mapping[str, str]: ...

    def changes(self, name: str) -> Mapping[str, tuple[float, float]]: ...

#: The rows a glance shows at most (a chart of that many labelled categories stays readable at 400 px).
MOST = 15
#: A difference that shows at one decimal of a point (0.05 points): smaller ones are "little change".
VISIBLE = Fraction(1, 2000)
#: Float noise: two chances of odds that are not fractions (dice that explode) closer than this are equal.
NOISE = 1e-10


def _pct(p: Any) -> str:
    return percent_text(p, 1)


def short_points(d: Any) -> str:
    """A difference of two chances in points, signed, as a chart writes it:
    one decimal, two below 0.05 points, "<0.01" below that, "±0" for none.

    >>> [short_points(x) for x in (0.338, -0.0004, 1e-9, 0)]
    ['+33.8', '−0.04', '+<0.01', '±0']
    """
    p = float(d) * 100
    if p == 0:
        return "±0"
    sign = "+" if p > 0 else "−"
    a = abs(p)
    return f"{sign}{a:.1f}" if a >= 0.05 else f"{sign}{a:.2f}" if a >= 0.005 else f"{sign}<0.01"


def change_words(a: Any, b: Any) -> tuple[str, str, str]:
    """Two chances and the change from ``a`` to ``b`` in points, as a
    sentence says them: the change is the difference of the two numbers
    shown, so a reader who checks it finds it adds up (the exact difference,
    rounded, can be a tenth away). One decimal; more when the two would
    show the same though they differ, or one shows as "<0.1 %" or ">99.9 %".

    >>> change_words(0.7037, 0.2592)  # the exact difference rounds to −44.4
    ('70.4 %', '25.9 %', '−44.5 points')
    >>> change_words(0.45213, 0.45234), change_words(0.5, 0.5)
    (('45.21 %', '45.23 %', '+0.02 points'), ('50.0 %', '50.0 %', '±0 points'))
    >>> change_words(0.0004, 0.001), change_words(1 - 2e-8, 1 - 1e-9)
    (('0.04 %', '0.10 %', '+0.06 points'), ('>99.9 %', '>99.9 %', '+0.0000019 points'))
    """
    same = _same(a, b, False)
    for digits in range(1, 7):
        ta, tb = percent_text(a, digits), percent_text(b, digits)
        plain = ta[0] not in "<>" and tb[0] not in "<>"
        if plain and (ta != tb or same):
            d = Fraction(tb[:-2]) - Fraction(ta[:-2])
            shown = "±0" if d == 0 else f"{'+' if d > 0 else '−'}{float(abs(d)):.{digits}f}"
            return ta, tb, f"{shown} points"
    # one is within a millionth of a point of 0 or 100 %: shown as "<0.1 %" or ">99.9 %", with the change
    # in two significant digits (12 Platinum dice failing with (1/6)**12 or (2/6)**12: "−0.00019 points")
    p = float(b - a) * 100
    return _pct(a), _pct(b), f"{'+' if p > 0 else '−'}{Decimal(f'{abs(p):.2g}'):f} points"


class _Row:
    """One chance compared: its key, words, and each rule set's value."""

    def __init__(self, kind: str, key: Any, label: str, tick: str, p: dict[str, Any]) -> None:
        self.kind, self.key, self.label, self.tick, self.p = kind, key, label, tick, p

    def diff(self, name: str) -> Any:
        return self.p[name] - self.p["base"]

    def weight(self, variants: tuple[str, ...]) -> Any:
        return max([abs(self.diff(n)) for n in variants] + [0])


def _same(a: Any, b: Any, exact: bool) -> bool:
    return a == b if exact else abs(float(a) - float(b)) <= NOISE


def _unit(c: Comparison) -> tuple[str, str]:
    """The words of one and of many of the roll's outcome ("net success", "net successes")."""
    said = words(c.spec["edition"], c.spec["roll"])
    many = said.get("unit_many") or said.get("outcome", "successes")
    one = said.get("unit_one") or (many[:-2] if many.endswith("sses") else many.removesuffix("s"))
    return one, many


def candidates(c: Comparison) -> tuple[list[_Row], list[_Row], list[_Row]]:
    """The rows of ``c`` before any grouping: (the chance to pass and to
    reach the goal; every other reported chance a variant moves, alike ones
    merged, none that restates the chance to pass or to reach the goal or
    their complement; at least each outcome that is not certain under every
    rule set and does not restate those two)."""
    v = (c.exact or c.odds)
    names, variants, exact = c.names, c.names[1:], bool(c.exact)
    # "to pass", not "pass": a check's breakdown has a way of passing called "pass" (without an auto-pass)
    fixed = [_Row("chance", "pass", "chance to pass", "to pass", {n: v[n].p_pass for n in names})]
    if any(o.goal != o.threshold for o in v.values()):
        fixed.append(_Row("chance", "goal", "chance to reach the goal", "to reach the goal",
                          {n: v[n].p_goal for n in names}))

    def restates(p: dict[str, Any]) -> bool:
        return any(all(_same(p[n], t(r.p[n]), exact) for n in names) for r in fixed
                   for t in (lambda x: x, lambda x: 1 - x))

    shown = {n: reported(v[n]) for n in names}
    chances: list[_Row] = []
    for q in dict.fromkeys(q for n in variants for q in c.changes(n) if q not in (PASS, GOAL)):
        p = {n: shown[n].get(q, 0) for n in names}
        if restates(p):
            continue
        chances.append(_Row("chance", q, q, q, p))  # a row each, equal values or not: never two chances in one label
    outcomes: list[_Row] = []
    if all(o.numeric for o in v.values()):
        keys = sorted({k for o in v.values() for k in o.distribution})
        tails = {n: v[n].at_least_each(keys) for n in names}
        one, many = _unit(c)
        for k in keys:
            p = {n: tails[n][k] for n in names}
            if not outcomes and all(_same(x, 1, exact) for x in p.values()):
                continue  # certain under every rule set: at least the lowest outcome
            # one that restates the chance to pass is not shown, but no group of outcomes runs across it
            kind = "restated" if restates(p) else "outcome"
            outcomes.append(_Row(kind, k, f"at least {number(k)} {one if abs(k) == 1 else many}", f"≥{number(k)}", p))
    return fixed, chances, outcomes


def _group(rows: list[_Row], variants: tuple[str, ...], exact: bool, many: str) -> dict[str, Any]:
    """One row for a run of outcomes (or the named chances left over): each
    variant's largest difference in it, signed; "no change" when none moves."""
    moved = {n: max((r.diff(n) for r in rows), key=lambda d: abs(d)) for n in variants}
    still = all(_same(d, 0, exact) for d in moved.values())
    first, last = rows[0], rows[-1]
    if first.kind == "outcome":
        lo, hi = number(first.key), number(last.key)
        label, tick = f"at least {lo} to {hi} {many}", f"≥{lo} to ≥{hi}"
    else:
        # a group of named chances says it is several ("2 more chances: a, b"), never one chance of two names
        label = first.label if len(rows) == 1 else f"{len(rows)} more chances: " + ", ".join(r.label for r in rows)
        tick = first.label if len(rows) == 1 else f"{first.label} … {last.label}" if len(rows) >= 3 else \
            " and ".join(r.label for r in rows)
    return {"key": f"{first.key}..{last.key}", "label": label, "tick": tick, "kind": "group",
            "group": "no change" if still else "up to",
            "p": {n: float(first.p[n]) for n in first.p}, "p_last": {n: float(last.p[n]) for n in last.p},
            "d": {n: 0.0 if still else float(d) for n, d in moved.items()}}


def _single(r: _Row, variants: tuple[str, ...], exact: bool) -> dict[str, Any]:
    d = {n: r.diff(n) for n in variants}
    # the points as the chart and the table write them: the difference of the two chances shown (change_words)
    said = {n: "±0" if _same(x, 0, exact) else change_words(r.p["base"], r.p[n])[2].removesuffix(" points")
            for n, x in d.items()}
    return {"key": r.key if isinstance(r.key, int) else str(r.key), "label": r.label, "tick": r.tick,
            "kind": r.kind, "group": "", "p": {n: float(x) for n, x in r.p.items()},
            "d": {n: 0.0 if _same(x, 0, exact) else float(x) for n, x in d.items()}, "said": said}


def glance(c: Comparison, most: int = MOST) -> list[dict[str, Any]]:
    """At most about ``most`` rows of ``c`` (see the module): each a dict
    with ``key``, ``label`` (the table's words), ``tick`` (short, for a
    chart), ``kind`` ("chance", "outcome" or "group"), ``p`` (each rule
    set's chance; a group's first row), ``p_last`` (a group's last row),
    ``d`` (each variant minus the base, as a fraction of 1; a group's
    largest, signed), ``group`` ("" for one chance, "up to" or "no
    change") and, for one chance, ``said`` (each variant's points as
    written: the difference of the two chances shown, :func:`change_words`)."""
    fixed, chances, outcomes = candidates(c)
    variants, exact = c.names[1:], bool(c.exact)
    many = _unit(c)[1]

    def still(r: _Row) -> bool:
        return all(_same(r.diff(n), 0, exact) for n in variants)

    # shown one by one first: the named chances that move visibly, then the outcomes that do, then the rest
    ranked: list[_Row] = []
    for seen in (True, False):
        for rows in (chances, outcomes):
            ranked += sorted([r for r in rows if r.kind != "restated" and not still(r)
                              and (r.weight(variants) >= VISIBLE) == seen],
                             key=lambda r: -r.weight(variants))

    def laid(chosen: set[int]) -> list[dict[str, Any]]:
        out = [_single(r, variants, exact) for r in fixed]
        out += [_single(r, variants, exact) for r in chances if id(r) in chosen]
        rest = [r for r in chances if id(r) not in chosen]
        if rest:
            out.append(_single(rest[0], variants, exact) if len(rest) == 1 else _group(rest, variants, exact, many))
        run: list[_Row] = []
        ends: list[_Row | None] = [*outcomes, None]  # None closes the last run
        for r in ends:
            # an outcome that restates the chance to pass is not shown: a run of outcomes that do not move
            # takes it in when it does not move either, else stops at it
            if r is not None and id(r) not in chosen and (r.kind != "restated" or still(r)):
                run.append(r)
                continue
            if any(x.kind != "restated" for x in run):
                out.append(_single(run[0], variants, exact) if len(run) == 1 else _group(run, variants, exact, many))
            run = []
            if r is not None and r.kind != "restated":
                out.append(_single(r, variants, exact))
        return out

    shown: list[dict[str, Any]] = []
    for n in range(len(ranked), -1, -1):
        shown = laid({id(r) for r in ranked[:n]})
        if len(shown) <= most:
            break
    return shown


def _move(a: Any, b: Any) -> str:
    """"from 70.4 % to 25.9 % (−44.5 points)": see :func:`change_words`."""
    ta, tb, d = change_words(a, b)
    return f"from {ta} to {tb} ({d})"


def headline(c: Comparison, name: str) -> str:
    """One sentence of what ``name`` changes and by how much: the chance to
    pass, then the chance that moves most when it moves more than the
    chance to pass, else the named chance that moves most (see the module).
    """
    verdict = c.verdicts[name]
    if verdict.startswith("no change: the same rules"):
        return f"{name}: the same rules as the base, so the same odds."
    if verdict.startswith("no change"):
        return f"{name}: no change for this roll (the same odds)."
    fixed, chances, outcomes = candidates(c)
    exact = bool(c.exact)
    v = (c.exact or c.odds)
    base, o = v["base"], v[name]
    one, many = _unit(c)
    d = o.p_pass - base.p_pass
    at = "" if o.threshold == base.threshold else (
        f" (needing {number(o.threshold)} {one if o.threshold == 1 else many} instead of {number(base.threshold)})"
        if o.numeric
        else f" (target {o.threshold} instead of {base.threshold})")
    if _same(d, 0, exact):
        words_ = f"the chance to pass{at} stays at {_pct(o.p_pass)}"
    else:
        words_ = f"the chance to pass{at} {'rises' if d > 0 else 'falls'} {_move(base.p_pass, o.p_pass)}"
    rest = [r for r in fixed[1:] + chances + outcomes if r.kind != "restated" and not _same(r.diff(name), 0, exact)]
    if rest:
        top = max(rest, key=lambda r: abs(r.diff(name)))
        move = _move(top.p['base'], top.p[name])
        if abs(top.diff(name)) > abs(d) + (0 if exact else NOISE):
            if top.kind == "outcome":
                who = f"rolls of {number(top.key)} or more {many}"
                words_ += f"; {who} {'gain' if top.diff(name) > 0 else 'lose'} most, {move}"
            elif top.key == "goal":
                goal = f" ({number(o.goal)} {one if o.goal == 1 else many})" if o.numeric else ""
                words_ += f"; the chance to reach the goal{goal} {'rises' if top.diff(name) > 0 else 'falls'} most, {move}"
            else:
                words_ += f"; the biggest change is {top.label}, {move}"
        else:
            # a chance that moves just as the chance to pass does (a way of passing) says nothing more
            named = [r for r in chances if abs(r.diff(name)) >= VISIBLE and not _same(abs(r.diff(name)), abs(d), exact)]
            if named:
                top = max(named, key=lambda r: abs(r.diff(name)))
                move = _move(top.p['base'], top.p[name])
                words_ += f"; the biggest change elsewhere: {top.label}, {move}"
    return f"{name}: {words_}."
