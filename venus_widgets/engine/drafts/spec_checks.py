"""A spec of a draft checked across its fields (the edition's
``cross_checks``, run by ``normalize`` before the cost guard): each count
of dice from 0 to :data:`MOST_DICE` and all of them together at most that
many, and the draft's ``[[checks]]`` kept. A value that breaks one is a
:class:`~venus_widgets.engine.contract.fields.CrossError` naming the field
to change and its nearest value that works (a roller moves the field
there), else a :class:`SpecError`.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ..contract.fields import CrossError, Int
from ..errors import SpecError
from . import plan as _plan
from .errors import DraftError
from .evaluation import ExprError
from .knob_words import dice_words
from .templates import fill

#: The most dice one roll of a draft rolls (before any rolls again): more than a table rolls, and a
#: roll made die by die stays quick (``count = "dice * 100000000"`` would be a roll of billions).
MOST_DICE = 10_000


def cross_checks(edition: Any, spec: Mapping[str, Any]) -> None:
    """Counts of dice from 0 to :data:`MOST_DICE` (in all), the draft's checks kept."""
    rules = edition.rules_of(spec)
    d = edition.draft
    env = _plan.base_env(d, spec, rules)
    # first the checks of the fields and rules alone: they say in the draft's words what a count says in general
    _kept(edition, spec, rules, env, [c for c in d.checks if _static(c, env)])
    total = 0
    for g in d.groups:
        if g.count is None:
            total += len(spec[g.each])
            continue
        n = _plan.whole(g.count, env, rules, d, "a count of dice")
        total += max(n, 0)
        if n < 0:
            c = g.count
            nearest(edition, spec, _int_names(d, [g]), lambda s: count(edition, c, s, rules) >= 0,
                    f"a value that leaves a count of {dice_words(g.owner).removeprefix('the ')} of 0 or more ({g.count.expr.text})")
        if n > MOST_DICE:
            c = g.count
            nearest(edition, spec, _int_names(d, [g]), lambda s: count(edition, c, s, rules) <= MOST_DICE,
                    f"a value that leaves a count of {dice_words(g.owner).removeprefix('the ')} of at most {MOST_DICE:,} "
                    f"({g.count.expr.text} gives {n:,})")
    if total > MOST_DICE:  # (:func:`_all_dice` of this spec)
        nearest(edition, spec, _int_names(d, d.groups), lambda s: _all_dice(edition, s, rules) <= MOST_DICE,
                f"a value that leaves at most {MOST_DICE:,} dice in all")
    _kept(edition, spec, rules, env, [c for c in d.checks if not _static(c, env)])


def _int_names(d: Any, groups: Any) -> list[str]:
    """The whole-number fields the counts of ``groups`` read, each once, in
    order (the fields a count too high or too low names; read only then)."""
    out: list[str] = []
    for g in groups:
        if g.count is not None:
            out += [f for f in g.count.names if f not in out and any(x.name == f and x.kind == "int" for x in d.fields)]
    return out


def _static(check: Any, env: Mapping[str, Any]) -> bool:
    """Whether a check reads the spec's fields and rules alone (no count of dice, no threshold)."""
    return set(check.rule.expr.names) <= set(env)


def _kept(edition: Any, spec: Mapping[str, Any], rules: Any, env: Mapping[str, Any], checks: list) -> None:
    """A CrossError for the first of ``checks`` the spec breaks, in its words (filled for the spec)."""
    for check in checks:
        if not holds(edition, check.rule, spec, rules, env):
            rule = check.rule
            i = edition.draft.checks.index(check)
            words = _say(edition, i, "words", check.said, env) if check.said is not None else check.words
            nearest(edition, spec, [check.field], lambda s: holds(edition, rule, s, rules),
                    words or f"a value for which {rule.expr.text}",
                    rule=_say(edition, i, "hint", check.hint, env) if check.hint is not None else rule.expr.text)


def _say(edition: Any, i: int, part: str, t: Any, env: Mapping[str, Any]) -> str:
    """The words of the ``i``-th check filled for ``env``; a formula in them
    that cannot be said (a division by 0) is the draft's mistake, at its line."""
    try:
        return fill(t, env, {})
    except ExprError as err:
        d, key = edition.draft, f"checks[{i}].{part}"
        inside = next((f"{{{x}}}" for x, e, *_ in t.formulas if set(e.names) <= set(env)
                       and _fails(e, env)), "a formula")
        read = ", ".join(f"{n} = {env[n]}" for n in dict.fromkeys(n for _, e, *_ in t.formulas for n in e.names)
                         if n in env)
        raise DraftError(key, f"{inside} cannot be said for this roll ({read}): {err}; write the words so that "
                              "they can be said for every value", line=d.lines.get(key), source=d.source_name) from None


def _fails(e: Any, env: Mapping[str, Any]) -> bool:
    try:
        e.evaluate(env)
    except ExprError:
        return True
    return False


def _all_dice(edition: Any, spec: Mapping[str, Any], rules: Any) -> int:
    d = edition.draft
    return sum(max(count(edition, g.count, spec, rules), 0) if g.count is not None else len(spec[g.each])
               for g in d.groups)


def count(edition: Any, s: Any, spec: Mapping[str, Any], rules: Any) -> int:
    """A count of dice for ``spec`` (a whole number; the formula's own words when it gives none)."""
    env = _plan.base_env(edition.draft, spec, rules)
    return _plan.whole(s, env, rules, edition.draft, "a count of dice")


def holds(edition: Any, s: Any, spec: Mapping[str, Any], rules: Any, env: Mapping[str, Any] | None = None) -> bool:
    """Whether a check of the draft holds for ``spec`` (``env``: its fields
    and rules, :func:`.plan.base_env`, where the caller has them)."""
    env = _plan.base_env(edition.draft, spec, rules) if env is None else env
    if set(s.expr.names) <= set(env):  # the fields and rules alone: no plan (its counts may not hold yet)
        return bool(_plan.evaluate(s, env, rules, edition.draft))
    p = edition.plan(spec) if rules is edition.rules_of(spec) else _plan.make_plan(edition.draft, spec, rules)
    return bool(_plan.evaluate(s, p.env, rules, edition.draft))


def nearest(edition: Any, spec: Mapping[str, Any], names: list[str], ok: Callable[[Mapping[str, Any]], bool],
            words: str, rule: str = "") -> None:
    """Raise a CrossError on the last field of ``names`` that has a value
    nearest to the given one for which ``ok`` holds (else a SpecError),
    found by :func:`nearest_value` (a few dozen tries whatever the range)."""
    rules = edition.rules_of(spec)
    schema = edition.schema_for(spec["roll"], rules)
    for name in reversed(names):
        kind = schema[name]
        if not isinstance(kind, Int):
            continue
        v = spec[name]
        found = nearest_value(v, kind.lo, kind.hi, lambda cand: ok({**spec, name: cand}))
        if found is not None:
            raise CrossError(name, v, words, rule, nearest=found)
    field = names[-1] if names else "edition"
    raise SpecError(field, spec.get(field, edition.ID), words, rule)


#: The steps tried one by one on each side of a value before the search gallops.
CLOSE = 8


def nearest_value(v: int, lo: int, hi: int, ok: Callable[[int], bool]) -> int | None:
    """The value from ``lo`` to ``hi`` nearest to ``v`` (the lower first on
    a tie) for which ``ok`` holds, or None: the :data:`CLOSE` nearest on
    each side one by one, then each side by doubling steps to a value that
    fits and halving back between it and the last that did not. A count of
    dice or a check grows or falls one way along a field, and then this is
    the nearest; otherwise still a value that fits. At most about 60 tries
    for a range of a million (every value tried, a field from 1 to 1000
    took up to 2,000 tries, and a ladder of 1,000 rungs each refused so,
    two million).

    >>> nearest_value(1000, 1, 1000, lambda d: d * d <= 10_000)
    100
    >>> nearest_value(5, 0, 10, lambda d: d in (2, 9))
    2
    >>> nearest_value(5, 0, 10, lambda d: False) is None
    True
    """
    for step in range(1, min(CLOSE, hi - lo) + 1):
        for cand in (v - step, v + step):
            if lo <= cand <= hi and ok(cand):
                return cand
    best: int | None = None
    for sign, room in ((-1, v - lo), (+1, hi - v)):
        bad = CLOSE  # the distances up to here do not fit
        while bad < room and (best is None or bad < abs(best - v)):
            d = min(2 * bad, room)
            if ok(v + sign * d):
                good = d
                while good - bad > 1:
                    mid = (bad + good) // 2
                    if ok(v + sign * mid):
                        good = mid
                    else:
                        bad = mid
                if best is None or good < abs(best - v):
                    best = v + sign * good
                break
            bad = d
    return best
