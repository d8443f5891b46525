"""``vw.compare``: a roll under rule variants, beside the rules as read.

A playtester names variants (``{"name": rules}``, each a dict of rule knobs
as in a spec's ``rules``, :mod:`.knobs`); :func:`compare` gives each
variant's exact odds beside the base spec's, the difference at each
outcome (the chance of at least that outcome, in percentage points) and a
one-line verdict in plain words. Where the odds are rational the verdict
compares exact fractions, so "no change" is never a rounding.

>>> c = compare({"roll": "task", "dice": 3}, {"Bronze 4-6": {"success_from": {"bronze": 4}}})
>>> c.names
('base', 'Bronze 4-6')
>>> c.verdicts["Bronze 4-6"]
'+17.1 points to pass (1 success): 70.4 % -> 87.5 %; biggest change at 2 or more: +24.1 points'
>>> round(c.difference("Bronze 4-6")[2], 1)       # at least 2 successes
24.1
>>> compare({"roll": "task"}, {"same": {"threshold_base": 1}}).verdicts["same"]
'no change: the same rules as the base'
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any, Mapping

from .api import denominator, normalize, odds
from .errors import SpecError, UnknownName
from .format import percent_text
from .odds import Odds


def with_rules(spec: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    """``spec`` with ``rules`` over its own rules (a per-caliber knob
    merged key by key), normalized."""
    if not isinstance(rules, Mapping):
        raise SpecError("rules", rules, "a dict of rule knobs such as {'threshold_base': 2}")
    base = dict(spec.get("rules") or {})
    for k, v in rules.items():
        base[k] = {**base[k], **v} if isinstance(v, Mapping) and isinstance(base.get(k), Mapping) else v
    return normalize({**spec, "rules": base})


def _points(delta: float) -> str:
    """A difference of two chances in percentage points, signed.

    >>> _points(0.0912), _points(-0.0004), _points(0.0)
    ('+9.1 points', '-0.04 points', '±0 points')
    """
    p = delta * 100
    if p == 0:
        return "±0 points"
    shown = f"{p:+.1f}" if abs(p) >= 0.05 else f"{p:+.2g}"
    return f"{shown} points"


def _pct(p: float) -> str:
    """A chance with one decimal by the one rule of percentages
    (:func:`.format.percent`: "100 %" only when certain, halves up).

    >>> _pct(0.4515), _pct(0.99999), _pct(1.0)
    ('45.2 %', '>99.9 %', '100 %')
    """
    return percent_text(p, 1)


def _at_least(o: Odds) -> dict[Any, float]:
    """P(outcome >= k) for each numeric outcome k (for a pass/fail roll: pass)."""
    if not o.numeric:
        return {"pass": o.p_pass}
    keys = sorted(o.distribution)
    out, acc = {}, 0.0
    for k in reversed(keys):
        acc += o.distribution[k]
        out[k] = min(1.0, acc)
    return dict(sorted(out.items()))


@dataclass(frozen=True)
class Comparison:
    """Odds of one roll under several rule variants (see :func:`compare`)."""

    spec: dict
    names: tuple[str, ...]
    odds: dict[str, Odds]
    verdicts: dict[str, str]

    @property
    def p_pass(self) -> dict[str, float]:
        return {n: o.p_pass for n, o in self.odds.items()}

    @property
    def p_goal(self) -> dict[str, float]:
        return {n: o.p_goal for n, o in self.odds.items()}

    def difference(self, name: str) -> dict[Any, float]:
        """Percentage points, variant minus base, of the chance of at least
        each outcome (a check: of passing)."""
        if not isinstance(name, str) or name not in self.odds:
            raise UnknownName("name", name, "one of " + ", ".join(self.names))
        a, b = _at_least(self.odds["base"]), _at_least(self.odds[name])
        return {k: round((b.get(k, 0.0) - a.get(k, 0.0)) * 100, 12) for k in sorted(set(a) | set(b), key=_key)}

    def to_rows(self) -> list[dict[str, Any]]:
        """One row per chance: to pass, to reach the goal (when a rule set
        has one beyond the threshold), then at least each outcome, under
        each rule set."""
        rows = [{"at least": "pass", **self.p_pass}]
        if any(o.goal != o.threshold for o in self.odds.values()):
            rows.append({"at least": "goal", **self.p_goal})
        views = {n: _at_least(o) for n, o in self.odds.items() if o.numeric}
        keys = sorted({k for v in views.values() for k in v}, key=_key)
        rows += [{"at least": k, **{n: views.get(n, {}).get(k, 0.0) for n in self.names}} for k in keys
                 if isinstance(k, (int, float))]
        return rows

    def to_json(self) -> dict[str, Any]:
        """What a widget sends to the browser."""
        return {"names": list(self.names), "rows": self.to_rows(), "verdicts": self.verdicts,
                "p_pass": self.p_pass, "p_goal": self.p_goal,
                "threshold": {n: o.threshold for n, o in self.odds.items()},
                "notes": sorted({note for o in self.odds.values() for note in o.notes})}

    def __repr__(self) -> str:
        lines = [f"Comparison of {self.spec['edition']} {self.spec['roll']}: base P(pass) {_pct(self.p_pass['base'])}"]
        lines += [f"  {n}: {self.verdicts[n]}" for n in self.names[1:]]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        e = html.escape
        rows = self.to_rows()
        head = "".join(f"<th scope='col'>{e(n)}</th>" for n in self.names)
        head += "".join(f"<th scope='col'>{e(n)} − base</th>" for n in self.names[1:])
        body = []
        for r in rows:
            cells = "".join(f"<td>{_pct(r[n])}</td>" for n in self.names)
            cells += "".join(f"<td>{e(_points(r[n] - r['base']))}</td>" for n in self.names[1:])
            body.append(f"<tr><th scope='row'>{e(_outcome(r['at least']))}</th>{cells}</tr>")
        verdicts = "".join(f"<li><b>{e(n)}</b>: {e(self.verdicts[n])}</li>" for n in self.names[1:])
        notes = "".join(f"<p class='vw-note'>{e(x)}</p>" for x in self.to_json()["notes"])
        chart = _difference_chart(self)
        return (f"<div class='vw-compare'><ul>{verdicts}</ul>{chart}"
                f"<table><caption>Chance to pass and of at least each outcome, {e(self.spec['edition'])} "
                f"{e(self.spec['roll'])}, by rule set (differences in percentage points)</caption>"
                f"<thead><tr><th scope='col'>chance</th>{head}</tr></thead><tbody>{''.join(body)}</tbody>"
                f"</table>{notes}</div>")


def _key(k: Any) -> tuple:
    return (0, k, "") if isinstance(k, (int, float)) else (1, 0, str(k))


def _outcome(k: Any) -> str:
    return {"pass": "P(pass)", "goal": "P(goal)"}.get(k, f"≥{k}") if isinstance(k, str) else f"≥{k}"


def _difference_chart(c: Comparison) -> str:
    """An inline SVG of each variant's difference at each outcome: bars up
    (more likely) or down (less likely) from a zero line, the number written
    beside each bar, and the sign in words in its title (never colour alone)."""
    rows = c.to_rows()
    if not rows or len(c.names) < 2:
        return ""
    diffs = [[(r[n] - r["base"]) * 100 for r in rows] for n in c.names[1:]]
    top = max([abs(d) for ds in diffs for d in ds] + [1e-9])
    bw, h = 22, 50
    group = max(bw * len(diffs) + 12, 58)  # room for the label under each group
    width = len(rows) * group + 20
    parts = [f"<svg role='img' width='{width}' height='{2 * h + 44}' font-family='sans-serif' "
             f"aria-label='Difference from the base rules, in percentage points, at each chance'>",
             f"<line x1='10' x2='{width - 10}' y1='{h + 14}' y2='{h + 14}' stroke='currentColor'/>"]
    shades = ("#0072B2", "#D55E00", "#009E73", "#CC79A7")
    for i, r in enumerate(rows):
        x0 = 10 + i * group + (group - bw * len(diffs)) / 2
        label = html.escape(_outcome(r["at least"]))
        parts.append(f"<text x='{10 + i * group + group / 2}' y='{2 * h + 40}' font-size='11' "
                     f"text-anchor='middle'>{label}</text>")
        for j, ds in enumerate(diffs):
            d = ds[i]
            bh = abs(d) / top * h
            y = h + 14 - bh if d > 0 else h + 14
            x = x0 + j * bw
            word = "more likely" if d > 0 else "less likely" if d < 0 else "no change"
            name = html.escape(c.names[j + 1])
            parts.append(f"<rect x='{x:.1f}' y='{y:.1f}' width='{bw - 4}' height='{max(bh, 0.5):.1f}' "
                         f"fill='{shades[j % 4]}' {'' if d >= 0 else 'fill-opacity=0.55 '}>"
                         f"<title>{name}, {label}: {html.escape(_points(d / 100))} ({word})</title></rect>")
            if d:
                ty = y - 3 if d > 0 else y + bh + 10
                parts.append(f"<text x='{x + (bw - 4) / 2:.1f}' y='{ty:.1f}' font-size='9' "
                             f"text-anchor='middle'>{d:+.1f}</text>")
    parts.append("</svg>")
    legend = " ".join(f"<span>bar {j + 1}: {html.escape(n)}</span>" for j, n in enumerate(c.names[1:]))
    return "".join(parts) + f"<p class='vw-legend'>Bars in each group, left to right: {legend}</p>"


def _verdict(spec: dict, base: Odds, o: Odds, base_exact: Odds | None, exact: Odds | None) -> str:
    same = (exact.distribution == base_exact.distribution if exact is not None and base_exact is not None
            else o.distribution == base.distribution)
    if same and o.threshold == base.threshold and o.goal == base.goal:
        return "no change for this roll: the same odds"
    unit = spec_unit(base)

    def points(delta: float) -> str:  # without exact odds (exploding dice), float noise is no change
        return _points(0.0 if exact is None and abs(delta) < 1e-10 else delta)

    thr = "" if o.threshold == base.threshold else f" (threshold {base.threshold} -> {o.threshold})"
    words = [f"{points(o.p_pass - base.p_pass)} to pass{thr or f' ({o.threshold} {unit(o.threshold)})'}: "
             f"{_pct(base.p_pass)} -> {_pct(o.p_pass)}"]
    if o.goal != o.threshold or base.goal != base.threshold:
        words.append(f"the goal ({o.goal} {unit(o.goal)}) {points(o.p_goal - base.p_goal)}")
    if o.numeric and base.numeric:
        a, b = _at_least(base), _at_least(o)
        k, d = max(((k, b.get(k, 0.0) - a.get(k, 0.0)) for k in sorted(set(a) | set(b))),
                   key=lambda kd: abs(kd[1]))
        if abs(d) > max(abs(o.p_pass - base.p_pass), abs(o.p_goal - base.p_goal)) + 1e-12:
            words.append(f"biggest change at {k} or more: {points(d)}")
    return "; ".join(words)


def spec_unit(o: Odds):
    """Words for an outcome count: "success"/"successes" (or the edition's word for a check: none)."""
    def unit(n: int | None) -> str:
        if not o.numeric:
            return "target"
        return "success" if n == 1 else "successes"
    return unit


def compare(spec: Mapping[str, Any], variants: Mapping[str, Mapping[str, Any]]) -> Comparison:
    """Each variant's exact odds beside the spec's own (``base``).

    ``variants`` maps a name to rule knobs (``vw.rules(edition)`` lists
    them), merged over the spec's own ``rules``. A bad knob is a
    :class:`SpecError` naming the variant and ``rules.<knob>``."""
    if not isinstance(variants, Mapping) or not variants:
        raise SpecError("variants", variants, "a dict of name -> rules, e.g. {'Bronze 4-6': "
                                              "{'success_from': {'bronze': 4}}}")
    base_spec = normalize(spec)
    names = ("base",) + tuple(str(n) for n in variants)
    if len(set(names)) != len(names):
        raise SpecError("variants", list(variants), "names other than 'base', each once")
    specs = {"base": base_spec}
    for name, rules in variants.items():
        try:
            specs[str(name)] = with_rules(base_spec, rules)
        except SpecError as err:
            raise SpecError(f"{name}: {err.field}", err.value, err.allowed, err.hint) from None
    out = {n: odds(s) for n, s in specs.items()}
    rational = all(denominator(s) is not None for s in specs.values())
    try:
        ex = {n: odds(s, exact=True) for n, s in specs.items()} if rational else {}
    except SpecError:  # fractions beyond the cost guard's budget: the floats are compared
        ex = {}
    verdicts = {}
    for n in names[1:]:
        if specs[n] == base_spec:
            verdicts[n] = "no change: the same rules as the base"
        else:
            verdicts[n] = _verdict(base_spec, out["base"], out[n], ex.get("base"), ex.get(n))
    return Comparison(base_spec, names, out, verdicts)
