"""The outcome's value of what the dice show, one function for a roll
(:mod:`.rolling`), many rolls (``roll_many``, on arrays) and the odds (the
value at every cell of the counts, :mod:`.space` and :mod:`.outcome`): the
same formula, evaluated by the one evaluator (:mod:`.evaluation`), gives
the same whole numbers everywhere.

A value is a whole number of at most :data:`MAX_VALUE` in size, and the
odds list every value from the lowest to the highest, at most
:data:`MAX_SPREAD` of them: past either, the roll is refused in words at
the formula's line (never a number that wraps, nor a table of a billion
values).
"""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from .errors import DraftError
from .sizes import Sizes, largest
from .model import Slotted
from .plan import Plan, evaluate

#: The largest size of an outcome's value (about 2**50: exact in a float too).
MAX_VALUE = 10 ** 15
#: The most values the odds list, from the lowest outcome to the highest (each about 120 bytes held:
#: the most is within the memory the cost guard allows, :mod:`.step_cost`).
MAX_SPREAD = 250_000


def outcome_value(plan: Plan, q: Mapping[str, Any], sizes: Sizes | None = None) -> Any:
    """The outcome's value of what the dice show (``q``: ``successes``,
    ``total``, each mark; numbers, or arrays of them): an int, or an int64
    array (``sizes``: the largest sizes of ``q``'s arrays, where known)."""
    return _whole(plan, plan.draft.outcome.value, {**plan.env, **q}, "the outcome", sizes)


def added(plan: Plan, q: Mapping[str, Any]) -> Any:
    """What the doubling step adds to the successes for what the dice show."""
    assert plan.draft.double is not None
    return _whole(plan, plan.draft.double.adds, {**plan.env, **q}, "what the doubling step adds")


def check_spread(plan: Plan, lo: int, hi: int) -> None:
    """Refuse odds whose values run over more than :data:`MAX_SPREAD` numbers."""
    if hi - lo + 1 > MAX_SPREAD:
        s = plan.draft.outcome.value
        raise _refused(plan, s, f"{s.expr.text!r} runs from {lo:,} to {hi:,} for this roll: the odds list every "
                                f"value between, at most {MAX_SPREAD:,} of them; make the outcome's steps smaller "
                                "(successes * 10 rather than successes * 10000000)")


def _whole(plan: Plan, s: Slotted, env: Mapping[str, Any], what: str, sizes: Sizes | None = None) -> Any:
    v = evaluate(s, env, plan.rules, plan.draft, sizes)
    if type(v) is int and -MAX_VALUE <= v <= MAX_VALUE:  # (most values: a whole number within bounds)
        return v
    if isinstance(v, np.ndarray):
        kind = v.dtype.kind  # (a letter: no dtype made to compare)
        if kind == "b" or kind == "O" and v.size and isinstance(v.flat[0], (bool, np.bool_, str)):
            raise _refused(plan, s, f"{s.expr.text!r} gives yes or no, or text, for this roll: {what} is a "
                                    "whole number")
        if kind == "O":
            _check_size(plan, s, largest(v), what)
        elif v.size and (largest(v) if sizes is None else sizes.of(v)) > MAX_VALUE:
            _check_size(plan, s, largest(v), what)  # (a bound past it: the values read)
        return v.astype(np.int64)
    if isinstance(v, (bool, np.bool_, str)) or not isinstance(v, (int, np.integer)):
        said = ("true or false" if isinstance(v, (bool, np.bool_)) else repr(v))
        raise _refused(plan, s, f"{s.expr.text!r} gives {said} for this roll: {what} is a whole number")
    _check_size(plan, s, abs(int(v)), what)
    return int(v)


def _check_size(plan: Plan, s: Slotted, size: int, what: str) -> None:
    if size > MAX_VALUE:
        shown = f"{size:,}" if size < 10 ** 40 else f"a number of about {int(size.bit_length() * 0.30103)} digits"
        raise _refused(plan, s, f"{s.expr.text!r} reaches {shown} for this roll: {what} stays within "
                                f"{MAX_VALUE:,} either side of 0")


def _refused(plan: Plan, s: Slotted, words: str) -> DraftError:
    d = plan.draft
    return DraftError(s.key, words, line=d.lines.get(s.key), source=d.source_name)
