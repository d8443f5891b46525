"""``vw.compare``: a roll under rule variants, beside the rules as read.

A playtester names variants (``{"name": rules}``, each a dict of rule knobs
as in a spec's ``rules``, :mod:`..contract.knobs`); :func:`compare` gives each
variant's exact odds beside the base spec's, the difference at each
outcome (the chance of at least that outcome, in percentage points) and a
one-line verdict in plain words. Where the odds are rational the verdict
compares exact fractions, so "no change" is never a rounding.

>>> c = compare({"roll": "task", "dice": 3}, {"Bronze 4-6": {"success_from": {"bronze": 4}}})
>>> c.names
('base', 'Bronze 4-6')
>>> c.verdicts["Bronze 4-6"]
'+17.1 points to pass (1 success): from 70.4 % to 87.5 %; biggest change at 2 or more: +24.1 points'
>>> round(c.difference("Bronze 4-6")[2], 1)       # at least 2 successes
24.1
>>> compare({"roll": "task"}, {"same": {"threshold_base": 1}}).verdicts["same"]
'no change: the same rules as the base'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from ..export import html_text
from ..api import denominator, normalize, odds
from ..errors import SpecError, UnknownName
from ..format import percent_text
from ..maths.odds import Odds
from ..maths.quantities import GOAL, PASS, reported
from ..contract.spec import words
from ..contract import edition as _edition, work as _work
from .compare_chart import difference_chart, difference_table, points as _points
from .compare_glance import MOST, change_words, glance, headline, number


def layered(under: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """Rule knobs ``over`` laid on ``under``: a knob given per caliber or
    rank (a dict) changes only the keys it names, the others keep their
    value ``under``; any other knob replaces it.

    >>> layered({"success_from": {"bronze": 4, "silver": 4}, "threshold_base": 2},
    ...         {"success_from": {"silver": 3}, "threshold_base": 1})
    {'success_from': {'bronze': 4, 'silver': 3}, 'threshold_base': 1}
    """
    out = dict(under)
    for k, v in over.items():
        out[k] = {**out[k], **v} if isinstance(v, Mapping) and isinstance(out.get(k), Mapping) else v
    return out


def edition_of(variant: Any) -> str | None:
    """The edition a variant plays by, when it names one: an edition's id
    (a loaded draft's), or an edition itself (what ``vw.load_edition``
    returns); None for rule knobs."""
    if isinstance(variant, str):
        return variant
    ident = getattr(variant, "ID", None)
    return ident if isinstance(ident, str) and not isinstance(variant, Mapping) else None


def on_edition(spec: Mapping[str, Any], edition: str, priced: bool = True) -> dict[str, Any]:
    """``spec`` played by another edition (another draft of the same game):
    the fields both have keep their values, the others take the other
    edition's defaults; normalized (a value the other edition does not
    take is a :class:`SpecError` naming the field; ``priced=False``:
    without the odds' cost guard, as :func:`normalize`).

    >>> on_edition({"edition": "heresy", "pool": 6, "black": 3, "trade": 1}, "vers")
    {'edition': 'vers', 'roll': 'check', 'ranks': 3, 'penalty': 0}
    """
    from ..contract.edition import get
    from ..contract.spec import default_roll

    kinds = get(edition).SCHEMAS
    roll = spec.get("roll")
    roll = roll if roll in kinds else default_roll(edition)
    fields = kinds[roll]
    return normalize({"edition": edition, "roll": roll, **{k: v for k, v in spec.items() if k in fields}}, priced)


def with_rules(spec: Mapping[str, Any], rules: Any, priced: bool = True) -> dict[str, Any]:
    """``spec`` with ``rules`` over its own rules (:func:`layered`: a
    per-caliber knob changes the calibers it names and keeps the spec's own
    value for the others, not the default), normalized; ``rules`` naming an
    edition (an id, or a loaded draft) plays the spec by that edition
    (:func:`on_edition`); ``priced=False``: without the odds' cost guard.

    >>> with_rules({"roll": "task", "rules": {"success_from": {"bronze": 4}}},
    ...            {"success_from": {"silver": 3}})["rules"]["success_from"]
    {'bronze': 4, 'silver': 3, 'gold': 3, 'platinum': 2}
    """
    other = edition_of(rules)
    if other is not None:
        return on_edition(spec, other, priced)
    if not isinstance(rules, Mapping):
        raise SpecError("rules", rules, "a dict of rule knobs such as {'threshold_base': 2}")
    return normalize({**spec, "rules": layered(spec.get("rules") or {}, rules)}, priced)


def _pct(p: float) -> str:
    """A chance with one decimal by the one rule of percentages
    (:func:`..format.percent`: "100 %" only when certain, halves up).

    >>> _pct(0.4515), _pct(0.99999), _pct(1.0)
    ('45.2 %', '>99.9 %', '100 %')
    """
    return percent_text(p, 1)


def _tails(o: Odds, keys: Iterable[int]) -> dict[int, Any]:
    """``o``'s own chance of at least ``k`` for each ``k`` in ``keys``,
    outcomes ``o`` cannot reach included: an outcome missing from a
    distribution has no chance of being rolled *exactly*, but the chance of
    *at least* it is the sum of every outcome above (1 below the lowest)."""
    return o.at_least_each(keys)


def _support(*odds: Odds) -> list[int]:
    """Every outcome any of ``odds`` can give, in order."""
    return sorted({k for o in odds for k in o.distribution})


def _differ(a: Any, b: Any, exact: bool) -> bool:
    """Two chances differ: exactly (Fractions), or beyond float noise
    (exploding dice, whose cut tails differ by noise only)."""
    if a is None or b is None:
        return (a is None) != (b is None)
    return a != b if exact else abs(float(a) - float(b)) > 1e-10


def _one(word: str) -> str:
    """The singular of an outcome's name: "successes" -> "success", "degrees" -> "degree"."""
    return word[:-2] if word.endswith("sses") else word.removesuffix("s")


@dataclass(frozen=True)
class Comparison:
    """Odds of one roll under several rule variants (see :func:`compare`)."""

    spec: dict
    names: tuple[str, ...]
    odds: dict[str, Odds]
    verdicts: dict[str, str]
    #: the same odds in Fractions (every rule set's odds rational), else empty
    exact: dict[str, Odds] = field(default_factory=dict, repr=False, compare=False)

    @property
    def p_pass(self) -> dict[str, float]:
        return {n: o.p_pass for n, o in self.odds.items()}

    @property
    def p_goal(self) -> dict[str, float]:
        return {n: o.p_goal for n, o in self.odds.items()}

    def _values(self) -> dict[str, Odds]:
        """The odds the numbers are taken from: exact where they are rational."""
        return self.exact or self.odds

    def difference(self, name: str, exact: bool = False) -> dict[Any, Any]:
        """Percentage points, variant minus base, of the chance of at least
        each outcome either rule set can give (a check: of passing), each
        from the rule set's own chances: ``variant.at_least(k) -
        base.at_least(k)``. Floats correctly rounded from the exact
        difference where the odds are rational; ``exact=True`` gives the
        Fractions (``None`` for odds that are not rational)."""
        if not isinstance(name, str) or name not in self.odds:
            raise UnknownName("name", name, "one of " + ", ".join(self.names))
        if exact and not self.exact:
            raise SpecError("exact", exact, "False: these odds are not fractions (exploding dice)")
        v = self._values()
        a, b = v["base"], v[name]
        if not a.numeric:
            d = (b.p_pass - a.p_pass) * 100
            return {"pass": d if exact else self._float_points(d)}
        keys = _support(a, b)
        ta, tb = _tails(a, keys), _tails(b, keys)
        return {k: (tb[k] - ta[k]) * 100 if exact else self._float_points((tb[k] - ta[k]) * 100) for k in keys}

    def _float_points(self, d: Any) -> float:
        # exact: the correctly rounded float of the Fraction; floats: rounded off their noise
        return float(d) if self.exact else round(float(d), 12)

    def changes(self, name: str) -> dict[str, tuple[float, float]]:
        """Every chance the edition reports (:func:`..maths.quantities.reported`:
        P(pass), P(goal), criticals, Ego spent, the breakdown) that ``name``
        moves from the base: quantity -> (base, variant). A chance one rule
        set reports and the other does not is 0 in the other (a breakdown
        category that cannot happen)."""
        if not isinstance(name, str) or name not in self.odds:
            raise UnknownName("name", name, "one of " + ", ".join(self.names))
        v = self._values()
        qa, qb = reported(v["base"]), reported(v[name])
        exact = bool(self.exact)
        out = {}
        for q in _compared(qa, qb, v["base"], v[name]):
            a, b = qa.get(q, 0), qb.get(q, 0)
            if _differ(a, b, exact):
                out[q] = (float(a), float(b))
        return out

    def to_rows(self) -> list[dict[str, Any]]:
        """One row per chance: to pass, to reach the goal (when a rule set
        has one beyond the threshold), each other chance the edition reports
        that a variant moves (criticals, Ego spent, the breakdown), then at
        least each outcome any rule set can give, under each rule set. Each
        row has its key (``"at least"``: "pass", "goal", the chance's name
        or the outcome), a ``label`` for a table and a short ``tick`` for a
        chart."""
        v = self._values()
        rows = [{"at least": "pass", "label": "P(pass)", "tick": "pass", **self.p_pass}]
        if any(o.goal != o.threshold for o in self.odds.values()):
            rows.append({"at least": "goal", "label": "P(goal)", "tick": "goal", **self.p_goal})
        moved = dict.fromkeys(q for n in self.names[1:] for q in self.changes(n) if q not in (PASS, GOAL))
        if moved:
            shown = {n: reported(v[n]) for n in self.names}
            rows += [{"at least": q, "label": q, "tick": q, **{n: float(shown[n].get(q, 0)) for n in self.names}}
                     for q in moved]
        if all(o.numeric for o in v.values()):
            keys = _support(*v.values())
            tails = {n: _tails(v[n], keys) for n in self.names}
            rows += [{"at least": k, "label": f"at least {k}", "tick": f"≥{k}",
                      **{n: float(tails[n][k]) for n in self.names}} for k in keys]
        return rows

    def to_json(self) -> dict[str, Any]:
        """What a widget sends to the browser."""
        return {"names": list(self.names), "rows": self.to_rows(), "verdicts": self.verdicts,
                "headlines": self.headlines, "glance": self.glance(),
                "p_pass": self.p_pass, "p_goal": self.p_goal,
                "threshold": {n: o.threshold for n, o in self.odds.items()},
                "changes": {n: {q: list(ab) for q, ab in self.changes(n).items()} for n in self.names[1:]},
                "notes": sorted({note for o in self.odds.values() for note in o.notes})}

    def __repr__(self) -> str:
        lines = [f"Comparison of {self.spec['edition']} {self.spec['roll']}: base P(pass) {_pct(self.p_pass['base'])}"]
        lines += [f"  {n}: {self.verdicts[n]}" for n in self.names[1:]]
        return "\n".join(lines)

    def headline(self, name: str) -> str:
        """One sentence of what ``name`` changes and by how much
        (:func:`.compare_glance.headline`): the chance to pass, then the
        chance that moves most."""
        if not isinstance(name, str) or name not in self.odds or name == "base":
            raise UnknownName("name", name, "one of " + ", ".join(self.names[1:]))
        return headline(self, name)

    @property
    def headlines(self) -> dict[str, str]:
        """Each variant's :meth:`headline`."""
        return {n: headline(self, n) for n in self.names[1:]}

    def glance(self, most: int = MOST) -> list[dict[str, Any]]:
        """At most about ``most`` rows, the ones a chart and a table show
        (:func:`.compare_glance.glance`): the chance to pass, every other
        chance that moves, at least each outcome, the rest grouped."""
        if isinstance(most, bool) or not isinstance(most, int) or most < 1:
            raise SpecError("most", most, "a whole number of rows from 1 (15 by default)")
        return glance(self, most)

    def _repr_html_(self) -> str:
        e = html_text
        rows = self.glance()
        names = {n: n for n in self.names}
        lead = "".join(f"<li>{e(h)}</li>" for h in self.headlines.values())
        verdicts = "".join(f"<li><b>{e(n)}</b>: {e(self.verdicts[n])}</li>" for n in self.names[1:])
        notes = "".join(f"<p class='vw-note'>{e(x)}</p>" for x in sorted({n for o in self.odds.values() for n in o.notes}))
        table = difference_table(names, rows, _pct, f"The chances of a {self.spec['roll']} by {_edition.get(self.spec['edition']).NAME}, "
                                                    "by rule set; in brackets, the points from the base")
        return (f"<div class='vw-compare'><ul>{lead}</ul>{difference_chart(names, rows)}{table}"
                f"<details><summary>Every chance that moves, in words</summary><ul>{verdicts}</ul></details>"
                f"{notes}</div>")


def _restates(ab: tuple[Any, Any], said: list[tuple[Any, Any]], exact: bool) -> bool:
    """``ab`` is a pair of chances in ``said`` (or their complements: the
    chance to fail beside the chance to pass)."""
    for a, b in said:
        for x, y in ((a, b), (1 - a, 1 - b)):
            if not _differ(ab[0], x, exact) and not _differ(ab[1], y, exact):
                return True
    return False


def _moved_words(moved: list[str], qa: Mapping[str, Any], qb: Mapping[str, Any], said: list[tuple[Any, Any]],
                 exact: bool) -> list[str]:
    """"name: a -> b" for each moved chance that the verdict has not given
    (P(pass), P(goal) and their complements); chances that move alike are
    named together ("pass with ego, goal with ego: from 22.2 % to 44.4 %")."""
    groups: list[tuple[tuple[Any, Any], list[str]]] = []
    for q in moved:
        ab = (qa.get(q, 0), qb.get(q, 0))
        if q in (PASS, GOAL) or _restates(ab, said, exact):
            continue
        for pair, names in groups:
            if not _differ(pair[0], ab[0], exact) and not _differ(pair[1], ab[1], exact):
                names.append(q)
                break
        else:
            groups.append((ab, [q]))
    return [f"{', '.join(names)}: from {_pct(a)} to {_pct(b)}" for (a, b), names in groups]


def _compared(qa: Mapping[str, Any], qb: Mapping[str, Any], base: Odds, o: Odds) -> list[str]:
    """The chances two rule sets are compared on: every chance either
    reports (one it does not report cannot happen under it: 0); but between
    two editions (two drafts of a game) only those both report, since a
    chance one edition does not name says nothing of it.

    >>> a = Odds.from_pmf({"edition": "x"}, {0: 0.5, 1: 0.5}, threshold=1, breakdown={"crit": 0.1})
    >>> b = Odds.from_pmf({"edition": "y"}, {0: 0.5, 1: 0.5}, threshold=1, breakdown={"first roll": 0.5})
    >>> _compared(reported(a), reported(b), a, b), _compared(reported(a), reported(a), a, a)
    (['P(pass)', 'P(goal)'], ['P(pass)', 'P(goal)', 'crit'])
    """
    both = list(dict.fromkeys([*qa, *qb]))
    if base.spec.get("edition") == o.spec.get("edition"):
        return both
    return [q for q in both if q in qa and q in qb]


def _verdict(outcome: str, base: Odds, o: Odds, exact: bool, units: tuple[str, str] = ("", "")) -> str:
    """The verdict of ``o`` against ``base`` (both exact when ``exact``);
    ``units``: the words of one and of many (an edition's own, else from
    ``outcome``)."""
    qa, qb = reported(base), reported(o)
    moved = [q for q in _compared(qa, qb, base, o) if _differ(qa.get(q, 0), qb.get(q, 0), exact)]
    same = (base.distribution == o.distribution if exact
            else base.distribution.keys() == o.distribution.keys()
            and not any(_differ(p, o.distribution[k], False) for k, p in base.distribution.items()))
    if same and not moved and o.threshold == base.threshold and o.goal == base.goal:
        return "no change for this roll: the same odds"

    def unit(n: int | None) -> str:
        if not o.numeric:
            return "target"
        return (units[0] or _one(outcome)) if n == 1 else (units[1] or outcome)

    def points(delta: Any) -> str:  # without exact odds (exploding dice), float noise is no change
        return _points(0.0 if not _differ(delta, 0, exact) else float(delta), minus="−")

    thr = "" if o.threshold == base.threshold else f" (threshold from {number(base.threshold)} to {number(o.threshold)})"
    was, now, moved_pass = change_words(base.p_pass, o.p_pass)  # the points: the difference of the two shown
    words = [f"{moved_pass if _differ(o.p_pass, base.p_pass, exact) else '±0 points'} to pass"
             f"{thr or f' ({number(o.threshold)} {unit(o.threshold)})'}: from {was} to {now}"]
    said = [(base.p_pass, o.p_pass)]
    if o.goal != o.threshold or base.goal != base.threshold:
        words.append(f"the goal ({number(o.goal)} {unit(o.goal)}) {points(o.p_goal - base.p_goal)}")
    said.append((base.p_goal, o.p_goal))
    if o.numeric and base.numeric:
        keys = _support(base, o)
        ta, tb = _tails(base, keys), _tails(o, keys)
        k, d = max(((k, tb[k] - ta[k]) for k in keys), key=lambda kd: abs(kd[1]))
        if abs(d) > max(abs(o.p_pass - base.p_pass), abs(o.p_goal - base.p_goal)) + 1e-12:
            words.append(f"biggest change at {number(k)} or more: {points(d)}")
    return "; ".join(words + _moved_words(moved, qa, qb, said, exact))


def compare(spec: Mapping[str, Any], variants: Mapping[str, Any]) -> Comparison:
    """Each variant's exact odds beside the spec's own (``base``).

    ``variants`` maps a name to rule knobs (``vw.rules(edition)`` lists
    them), merged over the spec's own ``rules``, or to another edition (a
    loaded draft, or its id: the spec played by that draft, docs/drafts.md).
    A bad knob is a :class:`SpecError` naming the variant and ``rules.<knob>``."""
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
    _work.check("variants", list(variants), [_work.Job(s, kind="both") for s in specs.values()],
                f"the odds of {len(specs)} rule sets", "fewer variants in one comparison")
    out = {n: odds(s) for n, s in specs.items()}
    rational = all(denominator(s) is not None for s in specs.values())
    try:
        ex = {n: odds(s, exact=True) for n, s in specs.items()} if rational else {}
    except SpecError:  # fractions beyond the cost guard's budget: the floats are compared
        ex = {}
    values = ex or out
    said = words(base_spec["edition"], base_spec["roll"])
    outcome = said.get("outcome", "successes")
    units = (said.get("unit_one", ""), said.get("unit_many", ""))
    verdicts = {}
    for n in names[1:]:
        if specs[n] == base_spec:
            verdicts[n] = "no change: the same rules as the base"
        else:
            verdicts[n] = _verdict(outcome, values["base"], values[n], bool(ex), units)
    return Comparison(base_spec, names, out, verdicts, ex)
