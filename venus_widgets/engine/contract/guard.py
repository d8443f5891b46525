"""The cost guard: the work of a spec estimated before any is done.

A spec whose odds would take more than the budget (:mod:`.cost`: an
estimated 1 s and 80 MB, well within the 2 s and 200 MB one call may take,
on a slower machine too) is refused up front with a :class:`~venus_widgets.engine.errors.SpecError` naming a field and the
largest (or smallest) value of it that fits, never computed for minutes
or until the memory runs out. The check knows no edition: it asks the
spec's edition for its estimate (``cost(spec, exact)``, a :class:`.cost.Cost`).

* :func:`check` (run by :func:`~venus_widgets.engine.contract.spec.normalize` on
  every spec, so every entry point and every widget gets it by
  construction; and with ``exact=True`` by ``odds(spec, exact=True)``):
  over the budget, it walks the edition's ``levers`` (the fields that
  drive the cost) and names the first one with the nearest value that
  fits; for a field of the spec the error is a
  :class:`~venus_widgets.engine.contract.spec.CrossError`, so a roller repairs it;
* :func:`most_rolls` and :func:`check_rolls`: the rolls one call may make
  (``roll_many``, ``sample``, the rule lab's sampling), from the dice one
  roll draws on average (exploding dice roll on), in whole blocks of
  ``roll_many``.
"""

from __future__ import annotations

import bisect
import math
from typing import Any, Callable, Mapping

from . import cost as _cost, edition as _ed
from .cost import (DIE_SECONDS, MAX_BYTES, MAX_ROLL_BYTES, MAX_ROLL_SECONDS, MAX_SECONDS, ROLL_DIE_WORDS,
                   ROLL_FIXED_BYTES, ROLL_SECONDS, ROLL_TEMPORARIES, ROLL_WORDS, Cost, beyond, fits)
from .fields import Bool, CrossError, Int, List
from ..caching import Results
from ..errors import SpecError
from ..table.rolls import BLOCK_ROLLS


def estimate(spec: Mapping[str, Any], exact: bool = False) -> Cost:
    """The edition's estimate for a normalized spec (float odds, or
    ``exact=True``'s; the read-only spec of an ``Odds`` too)."""
    return _ed.get(spec["edition"]).cost(spec, exact)  # type: ignore[arg-type]


def within(c: Cost) -> bool:
    """Whether odds of this estimate are counted (:func:`check` refuses the
    others): what a call of many odds asks of each spec, without the
    search for the nearest value that fits."""
    return fits(c)


def _refused(spec: Mapping[str, Any], exact: bool) -> Cost | None:
    """``None`` when the odds of a normalized spec are counted, else the
    estimate that refuses them: the edition's cheap upper bound first
    (``surely_within``), the estimate only where it cannot tell."""
    ed = _ed.get(spec["edition"])
    if ed.surely_within(spec, exact):  # type: ignore[arg-type]
        return None
    c = ed.cost(spec, exact)  # type: ignore[arg-type]
    return None if within(c) else c


def allowed(spec: Mapping[str, Any], exact: bool = False) -> bool:
    """Whether the odds of a normalized spec are counted, as :func:`check`
    decides it without the search for the nearest value that fits. What a
    call of many odds asks of each spec (a ladder of 200 rungs of 10 d6
    pushed: 0.08 ms a rung, the estimate 0.47 ms, the odds 0.7 ms)."""
    return _refused(spec, exact) is None


def check(spec: Mapping[str, Any], exact: bool = False) -> None:
    """Refuse a spec whose odds would take more than the budget, naming the
    field to change and the nearest value that fits (see the module): a
    spec the edition's cheap upper bound already places within the budget
    (``surely_within``) is not estimated, and a spec let through is
    remembered under this budget: checked again, it is neither bounded nor
    estimated again (the rule lab checks and prices every cell of its
    heatmap, then computes the cells it keeps)."""
    _PASSED.made(_key(spec, exact), lambda: _passes(spec, exact))


def passed(spec: Mapping[str, Any], exact: bool = False) -> None:
    """Remember a normalized spec whose odds are counted, as :func:`check`
    would find it (a caller that estimated it and found it :func:`within`):
    its check is not made again."""
    _PASSED.made(_key(spec, exact), lambda: True)


def _passes(spec: Mapping[str, Any], exact: bool) -> bool:
    c = _refused(spec, exact)
    if c is not None:
        raise _over(spec, exact, c)
    return True


def _key(spec: Mapping[str, Any], exact: bool) -> tuple:
    return getattr(spec, "key", None) or repr(dict(spec)), exact, _cost.MAX_SECONDS, _cost.MAX_BYTES


#: The specs :func:`check` let through, by their text, ``exact`` and the budget (a spec refused is not kept;
#: emptied with the engine's other results when an edition is registered again: :func:`.caching.forget_results`).
_PASSED: Results[tuple, bool] = Results(lambda key: True, maxsize=4096)


def _over(spec: Mapping[str, Any], exact: bool, c: Cost) -> SpecError:
    if c.seconds > MAX_SECONDS and math.isfinite(c.seconds):
        said, limit = beyond(c.seconds, MAX_SECONDS, "s")
    elif c.memory > MAX_BYTES and math.isfinite(c.memory):
        said, limit = beyond(c.memory, MAX_BYTES, "MB")
    else:  # past what the edition prices at all (more counts than it holds): no number to say
        said, limit = f"far more than {MAX_SECONDS:g} s", f"{MAX_SECONDS:g} s"
    over = f"an estimated {said}"
    what = f" ({c.what})" if c.what else ""
    exact_words = "; exact=False gives the float odds" if exact else ""
    found_at_end = None
    for field, direction in c.levers:
        found = _nearest(spec, exact, field, direction)
        if found is None:
            continue
        if found_at_end is None and found[1] == (_candidates(spec, field, direction) or [None])[-1]:
            # the field only fits at the cheap end of its range (every stress die taken away): a field
            # that keeps some of its range first, this one if none does
            found_at_end = (field, found)
            continue
        return _refusal(spec, exact, field, found, over, what + _more(limit), exact_words)
    if found_at_end is not None:
        return _refusal(spec, exact, found_at_end[0], found_at_end[1], over, what + _more(limit), exact_words)
    most = _saves_most(spec, exact, c)
    if most is None:  # no field changes the work: the draft itself is too heavy, in the part ``what`` names
        return SpecError("edition", spec["edition"], "a lighter draft", f"these odds would take {over}{what}"
                         f"{_more(limit)}, whatever its fields{exact_words}")
    return SpecError(most, _value(spec, most), "a smaller roll", f"these odds would take {over}{what}"
                     f"{_more(limit)}, and no one field alone brings them within it: {most} saves the most, "
                     f"lower it with others{exact_words}")


def _saves_most(spec: Mapping[str, Any], exact: bool, c: Cost) -> str | None:
    """The lever whose cheapest value saves the most of the estimate (one
    estimate a lever), or ``None`` when none saves any (a threshold, say)."""
    best, saved = None, c.seconds
    for field, direction in c.levers:
        values = _candidates(spec, field, direction)
        if not values:
            continue
        try:
            seconds = estimate(_with(spec, field, values[-1]), exact).seconds
        except SpecError:  # its cheapest value other rules refuse
            continue
        if seconds < saved:
            best, saved = field, seconds
    return best


def _more(limit: str) -> str:
    return f", more than the {limit} one roll's odds may take"


def _refusal(spec: Mapping[str, Any], exact: bool, field: str, found: tuple[Any, Any, str], over: str, what: str,
             exact_words: str) -> SpecError:
    value, best, allowed = found
    hint = f"with the rest of this roll as it is, these odds would take {over}{what}{exact_words}"
    if field.startswith("rules.") or exact:
        return SpecError(field, value, allowed, hint)
    return CrossError(field, value, allowed, hint, nearest=best)


def _value(spec: Mapping[str, Any], field: str) -> Any:
    if field.startswith("rules."):
        knob = field[len("rules."):]
        rules = spec.get("rules") or {}
        if knob in rules:
            return rules[knob]
        return next(k.default for k in _ed.get(spec["edition"]).KNOBS if k.name == knob)
    return spec.get(field)


def _candidates(spec: Mapping[str, Any], field: str, direction: int) -> list[Any] | None:
    """The values of ``field`` from the one given toward the cheap end,
    nearest first (``None``: a field this search cannot vary)."""
    value = _value(spec, field)
    if field.startswith("rules."):
        knob = next((k for k in _ed.get(spec["edition"]).KNOBS if k.name == field[len("rules."):]), None)
        form = knob.describe()["form"] if knob is not None else {}
        if form.get("type") != "int" or not isinstance(value, int):
            return None
        lo, hi = form["lo"], form["hi"]
    else:
        kind = _ed.fields_of(spec["edition"], spec["roll"], spec.get("rules")).get(field)
        if isinstance(kind, Bool):
            return [False] if value and direction > 0 else None
        if isinstance(kind, List):
            return [list(value[:k]) for k in range(len(value) - 1, -1, -1)] if direction > 0 else None
        if not isinstance(kind, Int) or not isinstance(value, int):
            return None
        lo, hi = kind.lo, kind.hi
    return list(range(value - 1, lo - 1, -1)) if direction > 0 else list(range(value + 1, hi + 1))


def _with(spec: Mapping[str, Any], field: str, v: Any) -> dict[str, Any]:
    if field.startswith("rules."):
        return {**spec, "rules": {**(spec.get("rules") or {}), field[len("rules."):]: v}}
    return {**spec, field: v}


def _nearest(spec: Mapping[str, Any], exact: bool, field: str, direction: int) -> tuple[Any, Any, str] | None:
    return nearest(spec, exact, field, direction, fits)


def nearest(spec: Mapping[str, Any], exact: bool, field: str, direction: int,
            ok_cost: Callable[[Cost], bool]) -> tuple[Any, Any, str] | None:
    """``(value given, nearest value whose estimate is ``ok_cost``, the
    allowed values in words)``, or ``None`` when no value of this field
    alone is (a bisection: a few estimates, whatever the field's range)."""
    values = _candidates(spec, field, direction)
    if not values:
        return None

    def ok(i: int) -> bool:
        try:
            return ok_cost(estimate(_with(spec, field, values[i]), exact))
        except SpecError:  # a value other rules refuse
            return False

    # the cost grows with the lever: the values that fit are a tail of the list (nearest first)
    i = bisect.bisect_left(range(len(values)), True, key=ok)
    if i == len(values):
        return None
    best = values[i]
    value = _value(spec, field)
    if isinstance(best, list):
        allowed = f"at most {len(best)} items for this roll"
    elif isinstance(best, bool):
        allowed = "False for this roll"
    else:  # the whole numbers that fit, from the field's end that costs least
        lo, hi = (values[-1], best) if direction > 0 else (best, values[-1])
        allowed = (f"a whole number from {lo} to {hi} for this roll" if lo != hi else  # one value: say which, and why
                   f"{best} for this roll: with {'more' if direction > 0 else 'less'} it is too heavy to count, "
                   f"so {'lower' if direction > 0 else 'raise'} it to {best}")
    return value, best, allowed


def roll_seconds(spec: Mapping[str, Any]) -> float:
    """The estimated time of one of many rolls of a normalized spec; a
    block holding more than :data:`~.cost.MAX_ROLL_BYTES` is slower per die
    (its arrays go in and out of memory: 100 exploding d10, 650 MB a block,
    55 ns a die and level; 1,000 of them, 5.6 GB, 130 ns), by the square
    root of how many times over it holds."""
    over = max(1.0, block_bytes(spec) / MAX_ROLL_BYTES) ** 0.5
    c = estimate(spec)
    return ((c.roll or ROLL_SECONDS) + DIE_SECONDS * c.dice) * over


def rolls_seconds(spec: Mapping[str, Any], n: int) -> float:
    """The estimated time of ``n`` rolls of a normalized spec in one call:
    whole blocks of :data:`~..table.rolls.BLOCK_ROLLS` (``roll_many`` rolls
    a block whole), each roll's dice, and what the rolls do once for each
    kind of roll they meet (the edition's ``search_seconds``)."""
    return _call_seconds(spec, roll_seconds(spec), -(-n // BLOCK_ROLLS) * BLOCK_ROLLS)


def _call_seconds(spec: Mapping[str, Any], each: float, rolled: int) -> float:
    """:func:`rolls_seconds` of ``rolled`` rolls (whole blocks), ``each`` roll's own time known."""
    return rolled * each + _ed.get(spec["edition"]).search_seconds(spec, rolled)  # type: ignore[arg-type]


def most_rolls(spec: Mapping[str, Any], seconds: float = MAX_ROLL_SECONDS) -> int:
    """The most rolls of a normalized spec one call may make within
    ``seconds`` (estimated, :func:`rolls_seconds`): whole blocks of
    :data:`~..table.rolls.BLOCK_ROLLS` (``roll_many`` rolls a block whole,
    whatever part of it is asked for), 0 when one block would take longer.

    >>> from venus_widgets.engine.contract.spec import normalize
    >>> most_rolls(normalize({"roll": "check", "bonus_factors": 2})) > 1_000_000
    True
    """
    if block_bytes(spec) > MAX_ROLL_BYTES:
        return 0
    each = roll_seconds(spec)  # (estimated once: a draft's estimate is not kept)
    blocks = int(seconds / (each * BLOCK_ROLLS))  # (the dice alone)
    lo, hi = 0, blocks  # the most blocks whose searches fit too: the time grows with the blocks
    while lo < hi:
        mid = (lo + hi + 1) // 2
        lo, hi = (mid, hi) if _call_seconds(spec, each, mid * BLOCK_ROLLS) <= seconds else (lo, mid - 1)
    return lo * BLOCK_ROLLS


def block_bytes(spec: Mapping[str, Any]) -> float:
    """The memory one block of rolls of a normalized spec holds (estimated;
    where the edition does not say, by the dice one roll draws)."""
    return BLOCK_ROLLS * _held(estimate(spec)) * 8 * ROLL_TEMPORARIES + ROLL_FIXED_BYTES


def _held(c: Cost) -> float:
    """What one roll of a block holds, in int64 words: the edition's ``held``, else by the dice it draws."""
    return c.held or ROLL_DIE_WORDS * c.dice + ROLL_WORDS


def check_rolls(spec: Mapping[str, Any], n: int, field: str = "n") -> None:
    """Refuse ``n`` rolls of a spec beyond :func:`most_rolls`, naming ``field``."""
    most = most_rolls(spec)
    if n > most:
        c = estimate(spec)
        dice = c.one or c.dice  # the dice one roll draws, where the edition says
        blocks = -(-n // BLOCK_ROLLS) * BLOCK_ROLLS
        expected = f"at most {most:,} of these rolls" if most else "no more than one of these rolls at a time"
        if not most and block_bytes(spec) > MAX_ROLL_BYTES:
            raise SpecError(field, n, expected,
                            f"each roll holds about {math.ceil(_held(c)):,} dice at once, and rolls "
                            f"are made {BLOCK_ROLLS:,} at a time: one block would hold an estimated "
                            f"{_than(block_bytes(spec), MAX_ROLL_BYTES, 'MB')} one call may hold; "
                            f"vw.roll makes one roll")
        searched = _ed.get(spec["edition"]).search_seconds(spec, blocks)  # type: ignore[arg-type]
        total = blocks * roll_seconds(spec) + searched  # (:func:`rolls_seconds`, the searches priced once)
        also = (f", and the best choice is worked out once for each kind of roll they meet (about {searched:.1f} s "
                "of it)" if searched > 0.05 * MAX_ROLL_SECONDS else "")
        raise SpecError(field, n, expected,
                        f"each roll draws about {math.ceil(dice):,} dice (dice that roll again included); rolls "
                        f"are made {BLOCK_ROLLS:,} at a time{also}: {n:,} rolls would take an estimated "
                        f"{_than(total, MAX_ROLL_SECONDS, 's')} one call may take")


def _than(estimate: float, limit: float, unit: str) -> str:
    said, most = beyond(estimate, limit, unit)
    return f"{said}, more than the {most}"
