"""The one evaluator of a draft's formulas (:mod:`.expr` parses them): a
roll, many rolls (``roll_many``, on arrays) and the odds (the outcome's
value at every cell of the counts, on arrays) all evaluate here, with one
meaning:

- whole numbers are exact: on plain numbers Python's ints; on arrays
  int64 while no cell can overflow, else Python ints (never a wrap);
- ``if(c, a, b)`` evaluates only the branch taken (per cell, on arrays),
  and the right of ``and`` / ``or`` only where it decides, so
  ``if(successes == 0, 0, 10 // successes)`` never divides by 0;
- ``and``, ``or`` and ``not`` take yes-or-no values and give one (a formula
  that gives them a number is refused as the draft loads: :mod:`.kinds`);
- ``//`` and ``%`` round down, as Python's and numpy's do.

>>> from .expr import parse
>>> e = parse("if(successes == 0, 0, 10 // successes)")
>>> e.evaluate({"successes": 0}), [int(x) for x in e.evaluate({"successes": np.arange(4)})]
(0, [0, 10, 5, 3])
>>> big = parse("successes * 9223372036854775807").evaluate({"successes": np.arange(3)})
>>> [int(x) for x in big]
[0, 9223372036854775807, 18446744073709551614]
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import numpy as np

#: Past this size an int64 cell may overflow in one more step: the cells go to Python ints (exact).
_SAFE = 2 ** 62


class ExprError(ValueError):
    """An expression that does not read, or cannot be evaluated."""


def is_array(*values: Any) -> bool:
    return any(isinstance(v, np.ndarray) for v in values)


def evaluate(t: tuple, env: Mapping[str, Any], numbers: Sequence[int], text: str, where: Any = None) -> Any:
    """The value of the tree ``t`` (:mod:`.expr`) for the names in ``env``
    and the slots' ``numbers``. ``where``: the cells whose value is used
    (``None``: all); a branch not taken is not evaluated."""
    kind = t[0]
    if kind == "num":
        return numbers[t[1]]
    if kind == "str" or kind == "bool":
        return t[1]
    if kind == "name":
        try:
            return env[t[1]]
        except KeyError:
            raise ExprError(f"{text!r} reads {t[1]}, which is not known here") from None
    if kind == "index":
        return _index(t, env, numbers, text, where)
    if kind == "neg":
        return _arith("-", 0, _num(evaluate(t[1], env, numbers, text, where), text), text, where)
    if kind == "not":
        v = evaluate(t[1], env, numbers, text, where)
        return np.logical_not(np.asarray(v, dtype=bool)) if is_array(v) else not v
    if kind == "call":
        return _call(t[1], t[2], env, numbers, text, where)
    op = t[1]
    if op in ("and", "or"):
        return _logic(op, t[2], t[3], env, numbers, text, where)
    a, b = evaluate(t[2], env, numbers, text, where), evaluate(t[3], env, numbers, text, where)
    if op in ("==", "!="):
        same = _same(a, b, text)
        return same if op == "==" else np.logical_not(same) if is_array(same) else not same
    if isinstance(a, str) or isinstance(b, str):
        raise ExprError(f"{text!r}: text can only be compared with == or !=")
    a, b = _num(a, text), _num(b, text)
    if op in ("+", "-", "*", "//", "%"):
        return _arith(op, a, b, text, where)
    a, b = _common(a, b)
    return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]


def _same(a: Any, b: Any, text: str) -> Any:
    """``a == b``: text equals text only (text is never a number), numbers exactly."""
    texts = [isinstance(x, str) or (is_array(x) and x.dtype == object and x.size and isinstance(x.flat[0], str))
             for x in (a, b)]
    if texts[0] != texts[1]:
        return np.zeros(np.shape(a) or np.shape(b), dtype=bool) if is_array(a, b) else False
    if texts[0]:
        return np.asarray(a == b, dtype=bool) if is_array(a, b) else a == b
    a, b = _common(_num(a, text), _num(b, text))
    return a == b


def _index(t: tuple, env: Mapping[str, Any], numbers: Sequence[int], text: str, where: Any) -> Any:
    table = env.get(t[1])
    key = evaluate(t[2], env, numbers, text, where)
    if type(table) is not dict and not isinstance(table, Mapping):
        raise ExprError(f"{text!r}: {t[1]} is not a table of values per key")
    if isinstance(key, np.ndarray):
        raise ExprError(f"{text!r}: a table's key cannot depend on the dice")
    try:
        return table[key]
    except (KeyError, TypeError):
        raise ExprError(f"{text!r}: {t[1]} has no value for {key!r} (it has {', '.join(map(str, table))})") from None


#: The functions of :mod:`.expr` that compute (any other call reads the dice: :mod:`.readings`).
COMPUTED = ("min", "max", "abs", "if")


def _call(name: str, args: list, env: Mapping[str, Any], numbers: Sequence[int], text: str, where: Any) -> Any:
    if name == "if":
        return _if(args, env, numbers, text, where)
    if name not in COMPUTED:  # a reading of the dice: its value is in env under its key
        key = call_key(("call", name, args), env, numbers, text)
        if key not in env:
            raise ExprError(f"{text!r} reads {key}, which is not known here")
        return env[key]
    values = [_num(evaluate(a, env, numbers, text, where), text) for a in args]
    if name == "abs":
        a = values[0]
        if not is_array(a):
            return abs(a)
        a, minus = _common(a, _arith("-", 0, a, text, where))
        return np.where(a < 0, minus, a)
    if not is_array(*values):
        return (min if name == "min" else max)(values)
    fn = np.minimum if name == "min" else np.maximum
    out = values[0]
    for a in values[1:]:
        out = fn(*_common(out, a))
    return out


def reading_args(t: tuple, env: Mapping[str, Any], numbers: Sequence[int], text: str) -> list[tuple[str, Any]]:
    """A reading call's arguments: a bare name as ``("name", name)`` (a
    group, a mark), anything else as ``("value", its whole number)``."""
    out: list[tuple[str, Any]] = []
    for a in t[2]:
        if a[0] == "name":
            out.append(("name", a[1]))
            continue
        v = evaluate(a, env, numbers, text)
        if isinstance(v, (np.ndarray, bool, np.bool_)) or not isinstance(v, (int, np.integer)):
            raise ExprError(f"{text!r}: {t[1]}() takes a whole number that does not depend on the dice")
        out.append(("value", int(v)))
    return out


def call_key(t: tuple, env: Mapping[str, Any], numbers: Sequence[int], text: str) -> str:
    """The key of a call that reads the dice: its text, each argument as a
    bare name or its value (``highest(2, own)``)."""
    return f"{t[1]}({', '.join(str(v) for _, v in reading_args(t, env, numbers, text))})"


def _used(where: Any, cond: Any) -> Any:
    """The cells used under ``where`` where ``cond`` holds."""
    c = np.asarray(cond, dtype=bool)
    return c if where is None else np.logical_and(where, c)


def _if(args: list, env: Mapping[str, Any], numbers: Sequence[int], text: str, where: Any) -> Any:
    """``if(c, a, b)``: only the branch taken is evaluated (per cell, on arrays)."""
    c = evaluate(args[0], env, numbers, text, where)
    if not is_array(c):
        return evaluate(args[1] if c else args[2], env, numbers, text, where)
    c = np.asarray(c, dtype=bool)
    yes, no = _used(where, c), _used(where, np.logical_not(c))
    if not no.any():
        return evaluate(args[1], env, numbers, text, yes)
    if not yes.any():
        return evaluate(args[2], env, numbers, text, no)
    a, b = evaluate(args[1], env, numbers, text, yes), evaluate(args[2], env, numbers, text, no)
    if isinstance(a, str) or isinstance(b, str):
        return np.where(c, np.asarray(a, dtype=object), np.asarray(b, dtype=object))
    if all(isinstance(x, (bool, np.bool_)) or (is_array(x) and x.dtype == bool) for x in (a, b)):
        return np.where(c, a, b)  # yes or no, in both branches
    return np.where(c, *_common(_num(a, text), _num(b, text)))


def _logic(op: str, left: tuple, right: tuple, env: Mapping[str, Any], numbers: Sequence[int], text: str,
           where: Any) -> Any:
    """``and`` / ``or`` of two yes-or-no values: the right one is read only where it decides."""
    a = evaluate(left, env, numbers, text, where)
    if not is_array(a):
        if bool(a) == (op == "or"):
            return bool(a)
        b = evaluate(right, env, numbers, text, where)
        return np.asarray(b, dtype=bool) if is_array(b) else bool(b)
    a = np.asarray(a, dtype=bool)
    rest = _used(where, a if op == "and" else np.logical_not(a))
    if not rest.any():
        return a
    b = np.asarray(evaluate(right, env, numbers, text, rest), dtype=bool)
    return np.logical_and(a, b) if op == "and" else np.logical_or(a, b)


def largest(v: Any) -> int:
    """The largest size of ``v``'s values (a Python int)."""
    if isinstance(v, np.ndarray):
        if v.size == 0:
            return 0
        return max(abs(int(v.max())), abs(int(v.min())))
    return abs(int(v))


def _is_big(v: Any) -> bool:
    return isinstance(v, np.ndarray) and v.dtype == object


def _big(v: Any) -> Any:
    return v.astype(object) if isinstance(v, np.ndarray) and v.dtype != object else v


def _common(a: Any, b: Any) -> tuple[Any, Any]:
    """``a`` and ``b`` in one kind of number: int64 arrays where both fit, else Python ints."""
    if not is_array(a, b):
        return a, b
    if _is_big(a) or _is_big(b) or max(largest(a), largest(b)) >= _SAFE:
        return _big(a), _big(b)
    return a, b


def _arith(op: str, a: Any, b: Any, text: str, where: Any) -> Any:
    """``a op b`` exactly: whole numbers never wrap (int64 cells that could
    overflow go to Python ints first); a division by 0 is refused where
    its value is used."""
    if op in ("//", "%"):
        if is_array(b):
            zero = np.asarray(b == 0, dtype=bool)
            if _used(where, zero).any():
                raise ExprError(f"{text!r} divides by 0")
            if zero.any():
                b = np.where(zero, 1, b)
        elif b == 0:
            if where is None or np.any(where):
                raise ExprError(f"{text!r} divides by 0")
            b = 1
    if is_array(a, b) and not (_is_big(a) or _is_big(b)):
        x, y = largest(a), largest(b)
        if (x * y if op == "*" else x + y) >= _SAFE:
            a, b = _big(a), _big(b)
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    return a // b if op == "//" else a % b


def _num(v: Any, text: str) -> Any:
    """``v`` as a number (yes and no as 1 and 0), or an ExprError for text and tables."""
    t = type(v)
    if t is int:
        return v
    if t is np.ndarray:
        return v.astype(np.int64) if v.dtype == bool else v
    if isinstance(v, str):
        raise ExprError(f"{text!r}: {v!r} is text, not a number")
    if isinstance(v, Mapping):
        raise ExprError(f"{text!r}: a table of values per key needs a key, e.g. name[caliber]")
    if isinstance(v, (bool, np.bool_, np.integer)):
        return int(v)
    return v
