"""Inverse odds: which setting gives about this chance, and the ladder.

``solve(spec, target=0.5, vary=...)`` tries every value of the varied
fields (the rest of the spec stays as given), computes the exact P(pass) of
each setting with :func:`venus_widgets.engine.api.odds`, and returns the
``(setting, chance)`` pairs ordered by how close the chance is to the
target. ``ladder(spec)`` gives the same pairs for the whole ladder of
difficulty settings of the spec's edition, from easiest to hardest.

What a ladder is, and which values a difficulty field takes (easiest
first), is each edition's business: its module has ``ladder_settings(spec)``
and, where the field's range in the schema is not the right list (factor
lists, factors the rules cap), ``vary_values(spec, field)`` (documented in
docs/rules_<edition>.md, "Difficulty ladder"). This module never names an
edition.

Ties (settings as close to the target as each other, to 12 decimals) go to the higher
chance first (the easier setting), then to the edition's order of values
(easiest first).

>>> import venus_widgets as vw
>>> best = vw.solve({"roll": "task", "dice": 4}, target=0.5, vary="factors")[0]
>>> best.setting, round(best.chance, 4)
({'factors': 1}, 0.4074)
>>> [s["factors"] for s, _ in vw.ladder({"roll": "task", "dice": 4})]
[0, 1, 2, 3, 4]
"""

from __future__ import annotations

import itertools
import math
import numbers
from typing import Any, Mapping, NamedTuple, Sequence

from ..errors import SpecError
from ..contract.edition import get as get_edition
from ..contract.spec import Spec, schema
from ..contract import work as _work
from ..contract.fields import Bool, Choice, Field, Int

#: At most this many settings in one ``solve`` (vary fewer fields to go past it).
MAX_SETTINGS = 5000


class Solution(NamedTuple):
    """One setting and its exact P(pass): a ``(setting, chance)`` pair."""

    setting: dict
    chance: float


def _edition(name: str) -> Any:
    return get_edition(name)


def _schema_values(kind: Field) -> list | None:
    if isinstance(kind, Int):
        return list(range(kind.lo, kind.hi + 1))
    if isinstance(kind, Choice):
        return list(kind.options)
    if isinstance(kind, Bool):
        return [False, True]
    return None  # lists vary only where the edition says how


def values(spec: Mapping[str, Any], field: str) -> list | None:
    """The values ``field`` can take in :func:`solve` for a normalized
    spec, easiest first where the edition knows (else the field's range),
    or ``None`` when it cannot vary."""
    kinds = schema(spec["edition"], spec["roll"], spec.get("rules"))
    if field not in kinds:
        return None
    mod = _edition(spec["edition"])
    if "vary" in mod.FEATURES:
        v = mod.vary_values(spec, field)
        if v is not None:
            return list(v)
    return _schema_values(kinds[field])


def varying_fields(spec: Mapping[str, Any] | None = None) -> list[str]:
    """The fields that :func:`solve` can vary for this spec's edition and roll.

    >>> varying_fields({"edition": "vers"})
    ['ranks', 'penalty']
    """
    s = Spec.of(spec)
    return [f for f in schema(s["edition"], s["roll"], s.get("rules")) if values(s, f) is not None]


def check_target(target: Any) -> float:
    allowed = "a chance from 0 to 1, e.g. 0.5 for 50 %"
    if isinstance(target, bool) or not isinstance(target, numbers.Real):
        raise SpecError("target", target, allowed)
    t = float(target)
    if not math.isfinite(t) or not 0.0 <= t <= 1.0:
        hint = f"for {t:g} % write {t / 100:g}" if 1.0 < t <= 100.0 else ""
        raise SpecError("target", target, allowed, hint)
    return t


def _check_vary(s: dict, vary: Any) -> list[str]:
    can = varying_fields(s)
    allowed = (f"a field that can vary for a {s['edition']} {s['roll']} (one of {', '.join(can)}), "
               "a list of them, or None for the difficulty ladder")
    if isinstance(vary, str):
        names = [vary]
    elif isinstance(vary, (list, tuple)) and vary:
        names = list(vary)
    else:
        raise SpecError("vary", vary, allowed)
    for name in names:
        if not isinstance(name, str) or name not in can:
            raise SpecError("vary", vary, allowed, f"{name!r} cannot vary" if isinstance(name, str) else "")
    if len(set(names)) != len(names):
        raise SpecError("vary", vary, allowed, "each field once")
    return names


def _chance(s: dict, setting: dict, strict: bool = False) -> float | None:
    """P(pass) of the spec with the setting, or None if the rules forbid it
    or its odds are over the cost guard's budget (left out after one
    estimate, without the guard's search for the nearest value that fits:
    a ladder of a thousand rungs too heavy to count made that search on
    each, minutes of estimates; ``strict``: the rules' refusal raised)."""
    from ..api import odds_of_normalized
    from ..contract import guard
    from ..contract.spec import normalize

    try:
        plain = normalize({**s, **setting}, priced=False)
        if not guard.allowed(plain):  # (the cheap bound first: the estimate only where it cannot tell)
            return None
        return odds_of_normalized(plain).p_pass
    except SpecError:
        if strict:
            raise
        return None


def _evaluate(s: dict, settings: Sequence[dict]) -> list[Solution]:
    out = []
    for i, setting in enumerate(settings):
        p = _first_rung(s, settings) if i == 0 else _chance(s, setting)
        if p is not None:
            out.append(Solution(dict(setting), p))
    return out


def ladder(spec: Mapping[str, Any] | None = None) -> list[Solution]:
    """Every rung of the edition's difficulty ladder with the spec's exact
    P(pass), from easiest to hardest (docs/rules_<edition>.md, "Difficulty
    ladder"). Rungs the rules forbid for this spec are left out.

    >>> [(s["black"], round(p, 3)) for s, p in ladder({"edition": "heresy", "pool": 6})][:3]
    [(0, 0.693), (3, 0.447), (6, 0.269)]
    """
    s = Spec.of(spec)
    settings = _edition(s["edition"]).ladder_settings(s)
    _work.check("spec", s["edition"], [_work.Job(s, settings)], f"the ladder's {len(settings):,} rungs",
                "a ladder of fewer rungs (a draft's [ladder]: fewer values)")
    return _evaluate(s, settings)


def _first_rung(s: dict, settings: Sequence[dict]) -> float | None:
    """The first rung's chance, as :func:`_chance`; but a refusal there
    about none of the spec's fields (a draft's own formula, at its line: an
    outcome past the largest value whatever the rung) is raised when the
    last rung is refused in the same words, before the rungs between are
    tried one by one (a draft's ladder of 1,000 rungs each refused so:
    0.6 s, then 'characters who share at least one rung'). A rung counted
    is counted once."""
    try:
        return _chance(s, settings[0], strict=True)
    except SpecError as first:
        if len(settings) > 2 and first.field.split(":")[0] not in s:
            try:
                _chance(s, settings[-1], strict=True)  # (odds counted here are kept: the ladder reads them again)
            except SpecError as last:
                if str(last) == str(first):
                    raise first from None
        return None

def solve(spec: Mapping[str, Any] | None = None, target: float = 0.5,
          vary: str | Sequence[str] | None = None) -> list[Solution]:
    """The settings of the ``vary`` fields (a field name, a list of them, or
    ``None`` for the edition's difficulty ladder), each with the spec's
    exact P(pass), nearest to ``target`` (a chance from 0 to 1) first.

    Ties go to the higher chance (the easier setting) first, then to the
    edition's order of values, easiest first. Settings the rules forbid
    for this spec (e.g. a fourth factor when learning on the job) are left
    out. Raises :class:`SpecError` naming ``target`` or ``vary`` when they
    are not allowed, listing the fields that can vary.
    """
    s = Spec.of(spec)
    t = check_target(target)
    if vary is None:
        found = ladder(s)
    else:
        names = _check_vary(s, vary)
        axes: list[list[Any]] = []
        for n in names:
            v = values(s, n)
            assert v is not None  # _check_vary keeps only fields that can vary
            axes.append(v)
        size = math.prod([len(a) for a in axes])
        if size > MAX_SETTINGS:
            raise SpecError("vary", vary, f"fields with at most {MAX_SETTINGS} settings together",
                            f"these give {size}: vary fewer fields")
        settings = [dict(zip(names, combo)) for combo in itertools.product(*axes)]
        _work.check("vary", vary, [_work.Job(s, settings)], f"the {len(settings):,} settings of {', '.join(names)}",
                    "fewer fields to vary")
        found = _evaluate(s, settings)
    # distances equal to 12 decimals are ties (0.55 and 0.45 are as near 0.5 as each other)
    order = sorted(range(len(found)), key=lambda i: (round(abs(found[i].chance - t), 12), -found[i].chance, i))
    return [found[i] for i in order]
