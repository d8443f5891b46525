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

A formula is read once (:func:`compiled`, when it is parsed): one Python
function per node of its tree, whole numbers on both sides of an operator
added or compared at once. On arrays, the overflow check reads the largest
size of each operand: known without a pass over the cells where the
caller gives the ranges of its arrays (:class:`.sizes.Sizes`).

>>> from .expr import parse
>>> e = parse("if(successes == 0, 0, 10 // successes)")
>>> e.evaluate({"successes": 0}), [int(x) for x in e.evaluate({"successes": np.arange(4)})]
(0, [0, 10, 5, 3])
>>> big = parse("successes * 9223372036854775807").evaluate({"successes": np.arange(3)})
>>> [int(x) for x in big]
[0, 9223372036854775807, 18446744073709551614]
"""

from __future__ import annotations

import operator
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from .sizes import Sizes, largest

#: Past this size an int64 cell may overflow in one more step: the cells go to Python ints (exact).
_SAFE = 2 ** 62


class ExprError(ValueError):
    """An expression that does not read, or cannot be evaluated."""


def is_array(*values: Any) -> bool:
    for v in values:
        if isinstance(v, np.ndarray):
            return True
    return False


def _size(v: Any, sizes: Sizes | None) -> int:
    return largest(v) if sizes is None else sizes.of(v)


#: A compiled formula: its value for (names, the slots' numbers, the cells used, the sizes known).
Fn = Callable[[Mapping[str, Any], Sequence[int], Any, "Sizes | None"], Any]


def evaluate(t: tuple, env: Mapping[str, Any], numbers: Sequence[int], text: str, where: Any = None,
             sizes: Sizes | None = None) -> Any:
    """The value of the tree ``t`` (:mod:`.expr`) for the names in ``env``
    and the slots' numbers. ``where``: the cells whose value is used
    (``None``: all); a branch not taken is not evaluated. ``sizes``: the
    largest sizes of ``env``'s arrays, where known (:class:`Sizes`).
    (:func:`compiled` once, then its function: what an expression keeps.)"""
    return compiled(t, text)(env, numbers, where, sizes)


def compiled(t: tuple, text: str) -> Fn:
    """The tree ``t`` as one Python function per node, each calling its
    parts' (the tree is read once, when the formula is parsed, not at
    every evaluation); whole numbers on both sides of an operator are
    added, compared ... at once, anything else by the functions below."""
    kind = t[0]
    if kind == "num":
        i = t[1]
        return lambda env, numbers, where, sizes: numbers[i]
    if kind == "str" or kind == "bool":
        c = t[1]
        return lambda env, numbers, where, sizes: c
    if kind == "name":
        return _name(t[1], text)
    if kind == "index":
        return _index(t[1], compiled(t[2], text), text)
    if kind == "neg":
        return _neg(compiled(t[1], text), text)
    if kind == "not":
        return _not(compiled(t[1], text))
    if kind == "call":
        return _call(t, [compiled(a, text) for a in t[2]], text)
    op, a, b = t[1], compiled(t[2], text), compiled(t[3], text)
    if op in ("and", "or"):
        return _logic(op == "or", a, b)
    if op in ("==", "!="):
        return _equal(op == "==", a, b, text)
    if op in _ARITH:
        return _binary(op, a, b, text)
    return _compare(_COMPARE[op], a, b, text)


def _name(name: str, text: str) -> Fn:
    def read(env: Mapping[str, Any], numbers: Sequence[int], where: Any, sizes: Sizes | None) -> Any:
        try:
            return env[name]
        except KeyError:
            raise ExprError(f"{text!r} reads {name}, which is not known here") from None
    return read


def _neg(inner: Fn, text: str) -> Fn:
    def neg(env: Mapping[str, Any], numbers: Sequence[int], where: Any, sizes: Sizes | None) -> Any:
        v = inner(env, numbers, where, sizes)
        if type(v) is int:
            return -v
        return _arith("-", 0, _num(v, text), text, where, sizes)
    return neg


def _not(inner: Fn) -> Fn:
    def not_(env: Mapping[str, Any], numbers: Sequence[int], where: Any, sizes: Sizes | None) -> Any:
        v = inner(env, numbers, where, sizes)
        return np.logical_not(np.asarray(v, dtype=bool)) if is_array(v) else not v
    return not_


_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv, "%": operator.mod}
_COMPARE = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}


def _binary(op: str, fa: Fn, fb: Fn, text: str) -> Fn:
    fn = _ARITH[op]
    divides = op in ("//", "%")

    def binary(env: Mapping[str, Any], numbers: Sequence[int], where: Any, sizes: Sizes | None) -> Any:
        a, b = fa(env, numbers, where, sizes), fb(env, numbers, where, sizes)
        if type(a) is int and type(b) is int and (b or not divides):
            return fn(a, b)
        if isinstance(a, str) or isinstance(b, str):
            raise ExprError(f"{text!r}: text can only be compared with == or !=")
        return _arith(op, _num(a, text), _num(b, text), text, where, sizes)
    return binary


def _compare(fn: Callable[[Any, Any], Any], fa: Fn, fb: Fn, text: str) -> Fn:
    def compare(env: Mapping[str, Any], numbers: Sequence[int], where: Any, sizes: Sizes | None) -> Any:
        a, b = fa(env, numbers, where, sizes), fb(env, numbers, where, sizes)
        if type(a) is int and type(b) is int:
            return fn(a, b)
        if isinstance(a, str) or isinstance(b, str):
            raise ExprError(f"{text!r}: text can only be compared with == or !=")
        return fn(*_common(_num(a, text), _num(b, text), sizes))
    return compare


def _equal(equal: bool, fa: Fn, fb: Fn, text: str) -> Fn:
    def same(env: Mapping[str, Any], numbers: Sequence[int], where: Any, sizes: Sizes | None) -> Any:
        a, b = fa(env, numbers, where, sizes), fb(env, numbers, where, sizes)
        ta, tb = type(a), type(b)
        if (ta is int and tb is int) or (ta is str and tb is str):  # (a field's word against a word: at once)
            return (a == b) if equal else (a != b)
        out = _same(a, b, text, sizes)
        return out if equal else np.logical_not(out) if is_array(out) else not out
    return same


def _same(a: Any, b: Any, text: str, sizes: Sizes | None) -> Any:
    """``a == b``: text equals text only (text is never a number), numbers exactly."""
    texts = [isinstance(x, str) or (is_array(x) and x.dtype.kind == "O" and x.size and isinstance(x.flat[0], str))
             for x in (a, b)]
    if texts[0] != texts[1]:
        return np.zeros(np.shape(a) or np.shape(b), dtype=bool) if is_array(a, b) else False
    if texts[0]:
        return np.asarray(a == b, dtype=bool) if is_array(a, b) else a == b
    a, b = _common(_num(a, text), _num(b, text), sizes)
    return a == b


def _index(name: str, fkey: Fn, text: str) -> Fn:
    def index(env: Mapping[str, Any], numbers: Sequence[int], where: Any, sizes: Sizes | None) -> Any:
        table = env.get(name)
        key = fkey(env, numbers, where, sizes)
        if type(table) is not dict and not isinstance(table, Mapping):
            raise ExprError(f"{text!r}: {name} is not a table of values per key")
        if isinstance(key, np.ndarray):
            raise ExprError(f"{text!r}: a table's key cannot depend on the dice")
        try:
            return table[key]
        except (KeyError, TypeError):
            raise ExprError(f"{text!r}: {name} has no value for {key!r} (it has {', '.join(map(str, table))})") from None
    return index


#: The functions of :mod:`.expr` that compute (any other call reads the dice: :mod:`.readings`).
COMPUTED = ("min", "max", "abs", "if")


def _call(t: tuple, args: list[Fn], text: str) -> Fn:
    name = t[1]
    if name == "if":
        return _if(args[0], args[1], args[2], text)
    if name not in COMPUTED:  # a reading of the dice: its value is in env under its key
        def reading(env: Mapping[str, Any], numbers: Sequence[int], where: Any, sizes: Sizes | None) -> Any:
            key = _key(t, args, env, numbers, text)
            if key not in env:
                raise ExprError(f"{text!r} reads {key}, which is not known here")
            return env[key]
        return reading
    if name == "abs":
        return _abs(args[0], text)
    return _extreme(name == "min", args, text)


def _abs(fa: Fn, text: str) -> Fn:
    def absolute(env: Mapping[str, Any], numbers: Sequence[int], where: Any, sizes: Sizes | None) -> Any:
        a = _num(fa(env, numbers, where, sizes), text)
        if not is_array(a):
            return abs(a)
        x = _size(a, sizes)
        a, minus = _common(a, _arith("-", 0, a, text, where, sizes), sizes)
        out = np.where(a < 0, minus, a)
        if sizes is not None:
            sizes.know(out, x)
        return out
    return absolute


def _extreme(least: bool, args: list[Fn], text: str) -> Fn:
    def extreme(env: Mapping[str, Any], numbers: Sequence[int], where: Any, sizes: Sizes | None) -> Any:
        values = [_num(f(env, numbers, where, sizes), text) for f in args]
        if not is_array(*values):
            return (min if least else max)(values)
        fn = np.minimum if least else np.maximum
        out = values[0]
        for a in values[1:]:
            x = max(_size(out, sizes), _size(a, sizes))
            out = fn(*_common(out, a, sizes))
            if sizes is not None:
                sizes.know(out, x)
        return out
    return extreme


def reading_args(t: tuple, env: Mapping[str, Any], numbers: Sequence[int], text: str) -> list[tuple[str, Any]]:
    """A reading call's arguments: a bare name as ``("name", name)`` (a
    group, a mark), anything else as ``("value", its whole number)``."""
    return _reading_args(t, [compiled(a, text) for a in t[2]], env, numbers, text)


def _reading_args(t: tuple, args: list[Fn], env: Mapping[str, Any], numbers: Sequence[int],
                  text: str) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for a, fa in zip(t[2], args):
        if a[0] == "name":
            out.append(("name", a[1]))
            continue
        v = fa(env, numbers, None, None)
        if isinstance(v, (np.ndarray, bool, np.bool_)) or not isinstance(v, (int, np.integer)):
            raise ExprError(f"{text!r}: {t[1]}() takes a whole number that does not depend on the dice")
        out.append(("value", int(v)))
    return out


def call_key(t: tuple, env: Mapping[str, Any], numbers: Sequence[int], text: str) -> str:
    """The key of a call that reads the dice: its text, each argument as a
    bare name or its value (``highest(2, own)``)."""
    return _key(t, [compiled(a, text) for a in t[2]], env, numbers, text)


def _key(t: tuple, args: list[Fn], env: Mapping[str, Any], numbers: Sequence[int], text: str) -> str:
    return f"{t[1]}({', '.join(str(v) for _, v in _reading_args(t, args, env, numbers, text))})"


def _used(where: Any, cond: Any) -> Any:
    """The cells used under ``where`` where ``cond`` holds."""
    c = np.asarray(cond, dtype=bool)
    return c if where is None else np.logical_and(where, c)


def _if(fc: Fn, fa: Fn, fb: Fn, text: str) -> Fn:
    """``if(c, a, b)``: only the branch taken is evaluated (per cell, on arrays)."""
    def branch(env: Mapping[str, Any], numbers: Sequence[int], where: Any, sizes: Sizes | None) -> Any:
        c = fc(env, numbers, where, sizes)
        if not is_array(c):
            return (fa if c else fb)(env, numbers, where, sizes)
        c = np.asarray(c, dtype=bool)
        yes, no = _used(where, c), _used(where, np.logical_not(c))
        if not no.any():
            return fa(env, numbers, yes, sizes)
        if not yes.any():
            return fb(env, numbers, no, sizes)
        a, b = fa(env, numbers, yes, sizes), fb(env, numbers, no, sizes)
        if isinstance(a, str) or isinstance(b, str):
            return np.where(c, np.asarray(a, dtype=object), np.asarray(b, dtype=object))
        if all(isinstance(x, (bool, np.bool_)) or (is_array(x) and x.dtype.kind == "b") for x in (a, b)):
            return np.where(c, a, b)  # yes or no, in both branches
        a, b = _num(a, text), _num(b, text)
        x = max(_size(a, sizes), _size(b, sizes))
        out = np.where(c, *_common(a, b, sizes))
        if sizes is not None:
            sizes.know(out, x)
        return out
    return branch


def _logic(either: bool, fa: Fn, fb: Fn) -> Fn:
    """``and`` / ``or`` of two yes-or-no values: the right one is read only where it decides."""
    def logic(env: Mapping[str, Any], numbers: Sequence[int], where: Any, sizes: Sizes | None) -> Any:
        a = fa(env, numbers, where, sizes)
        if not is_array(a):
            if bool(a) == either:
                return bool(a)
            b = fb(env, numbers, where, sizes)
            return np.asarray(b, dtype=bool) if is_array(b) else bool(b)
        a = np.asarray(a, dtype=bool)
        rest = _used(where, np.logical_not(a) if either else a)
        if not rest.any():
            return a
        b = np.asarray(fb(env, numbers, rest, sizes), dtype=bool)
        return np.logical_or(a, b) if either else np.logical_and(a, b)
    return logic


def _is_big(v: Any) -> bool:
    return isinstance(v, np.ndarray) and v.dtype.kind == "O"


def _big(v: Any) -> Any:
    return v.astype(object) if isinstance(v, np.ndarray) and v.dtype.kind != "O" else v


def _common(a: Any, b: Any, sizes: Sizes | None = None) -> tuple[Any, Any]:
    """``a`` and ``b`` in one kind of number: int64 arrays where both fit, else Python ints."""
    if not is_array(a, b):
        return a, b
    if _is_big(a) or _is_big(b) or max(_size(a, sizes), _size(b, sizes)) >= _SAFE:
        return _big(a), _big(b)
    return a, b


def _arith(op: str, a: Any, b: Any, text: str, where: Any, sizes: Sizes | None = None) -> Any:
    """``a op b`` exactly: whole numbers never wrap (int64 cells that could
    overflow go to Python ints first: by the sizes known, else read); a
    division by 0 is refused where its value is used."""
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
    if not is_array(a, b):
        return _ARITH[op](a, b)
    bound = -1
    if not (_is_big(a) or _is_big(b)):
        x, y = _size(a, sizes), _size(b, sizes)
        bound = x * y if op == "*" else x + y  # (|a // b| <= |a| and |a % b| < |b|: within x + y too)
        if bound >= _SAFE or x >= _SAFE or y >= _SAFE:  # (0 * 2**63: a number past int64 is a Python int)
            a, b = _big(a), _big(b)
    out = _ARITH[op](a, b)
    if sizes is not None and bound >= 0:
        sizes.know(out, bound)
    return out


def _num(v: Any, text: str) -> Any:
    """``v`` as a number (yes and no as 1 and 0), or an ExprError for text and tables."""
    t = type(v)
    if t is int:
        return v
    if t is np.ndarray:
        return v.astype(np.int64) if v.dtype.kind == "b" else v
    if isinstance(v, str):
        raise ExprError(f"{text!r}: {v!r} is text, not a number")
    if isinstance(v, Mapping):
        raise ExprError(f"{text!r}: a table of values per key needs a key, e.g. name[caliber]")
    if isinstance(v, (bool, np.bool_, np.integer)):
        return int(v)
    return v
