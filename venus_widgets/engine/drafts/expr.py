"""The arithmetic of a draft: ``"1 + factors"``, ``"pool - trade_rate * trade"``,
``"if(ego == 'reroll', dice, kiss)"``.

A tiny language, parsed once and never passed to ``eval``: whole numbers,
names (fields, rules, and what the dice show: ``successes``, ``total``,
each mark), ``table[key]`` for a rule given per caliber or rank, ``+ - *``,
``//`` (whole-number division, rounding down) and ``%``, comparisons
(``== != < <= > >=``), ``and or not``, ``true``/``false``, 'text', and the
functions ``min``, ``max``, ``abs`` and ``if(condition, then, else)``.
The same expression evaluates on plain numbers or on numpy arrays (every
cell of the odds at once).

Each number written in an expression is a *slot*: its value comes from the
rule knobs (:mod:`.knobs`), so the number in ``"1 + factors"`` is a knob
a playtester can change.

>>> e = parse("1 + factors")
>>> e.names, e.slots
(('factors',), 1)
>>> e.evaluate({"factors": 2}), e.evaluate({"factors": 2}, (5,))
(3, 7)
>>> parse("if(ego == 'reroll', dice, kiss)").evaluate({"ego": "reroll", "dice": 4, "kiss": 1})
4
>>> parse("successes +* 2")
Traceback (most recent call last):
...
venus_widgets.engine.drafts.evaluation.ExprError: 'successes +* 2' does not read at '* 2': expected a number, a name or (
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Collection, Mapping, Sequence

from .evaluation import ExprError, Fn, Sizes, call_key, compiled, reading_args

#: Functions an expression may call, and how many arguments each takes (None: 1 or more).
FUNCTIONS: dict[str, int | None] = {"min": None, "max": None, "abs": 1, "if": 3}

_TOKEN = re.compile(r"""\s*(?:(?P<num>\d+(?:\.\d*)?)|(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<str>'[^']*'|"[^"]*")|"""
                    r"""(?P<op>//|==|!=|<=|>=|[-+*/%<>()\[\],]))""")

_KEYWORDS = {"and", "or", "not", "true", "false"}

#: The deepest an expression nests brackets, ``not`` and signs.
MAX_NESTING = 30


@dataclass(frozen=True)
class Expr:
    """A parsed expression: its text, tree, the names it reads (in order
    of first use) and how many number slots it has."""

    text: str
    tree: tuple
    names: tuple[str, ...]
    slots: int
    #: the numbers as written, one per slot (the defaults of their knobs)
    numbers: tuple[int, ...]
    #: the calls that read the dice (``highest(2, own)``: :mod:`.readings`), in order
    calls: tuple[tuple, ...] = ()

    def __post_init__(self) -> None:  # the tree as functions, once (:func:`.evaluation.compiled`)
        object.__setattr__(self, "_run", compiled(self.tree, self.text))

    def evaluate(self, env: Mapping[str, Any], numbers: Sequence[int] | None = None,
                 sizes: Sizes | None = None) -> Any:
        """The value for the names in ``env`` and the slots' numbers (as
        written unless ``numbers`` is given); ``sizes``: the largest sizes
        of ``env``'s arrays where known (:class:`.evaluation.Sizes`)."""
        run: Fn = self.__dict__["_run"]
        return run(env, self.numbers if numbers is None else numbers, None, sizes)

    def __str__(self) -> str:
        return self.text

    def reading_calls(self, env: Mapping[str, Any], numbers: Sequence[int] | None = None) -> list[tuple[str, str, list]]:
        """Each call that reads the dice, for the names in ``env``: its key
        (the name a formula's value reads it by), its function and its
        arguments, each ``("name", word)`` or ``("value", a whole number)``."""
        nums = self.numbers if numbers is None else numbers
        return [(call_key(t, env, nums, self.text), t[1], reading_args(t, env, nums, self.text)) for t in self.calls]


def parse(text: Any, calls: Collection[str] = ()) -> Expr:
    """Parse an expression (a string, a whole number, or true/false);
    ``calls``: the names of the functions that read the dice, allowed
    here (:data:`.readings.CALLS`)."""
    if isinstance(text, bool):
        text = "true" if text else "false"
    elif isinstance(text, int):
        text = str(text)
    if not isinstance(text, str) or not text.strip():
        raise ExprError(f"{text!r} is not an expression: write a number or a formula in quotes, e.g. \"1 + factors\"")
    if len(text) > 400:
        raise ExprError("an expression of more than 400 characters: split it with [rules]")
    p = _Parser(text, calls)
    tree = p.expr()
    if p.peek() is not None:
        raise p.error("the end of the expression (an operator between two terms?)")
    names: list[str] = []
    _names(tree, names)
    found: list[tuple] = []
    _calls(tree, found)
    return Expr(text.strip(), tree, tuple(names), len(p.numbers), tuple(p.numbers), tuple(found))


def _calls(tree: tuple, out: list[tuple]) -> None:
    """The calls of functions that read the dice (not :data:`FUNCTIONS`), in order."""
    if tree[0] == "call" and tree[1] not in FUNCTIONS:
        out.append(tree)
    for part in tree[1:]:
        if isinstance(part, tuple):
            _calls(part, out)
        elif isinstance(part, list):
            for t in part:
                _calls(t, out)


def _names(tree: tuple, out: list[str]) -> None:
    kind = tree[0]
    if kind in ("name", "index") and tree[1] not in out:
        out.append(tree[1])
    for part in tree[1:]:
        if isinstance(part, tuple):
            _names(part, out)
        elif isinstance(part, list):
            for t in part:
                _names(t, out)


class _Parser:
    def __init__(self, text: str, calls: Collection[str] = ()) -> None:
        self.text = text
        self.calls = calls
        self.tokens: list[tuple[str, str, int]] = []
        pos = 0
        while pos < len(text):
            if text[pos:].strip() == "":
                break
            m = _TOKEN.match(text, pos)
            if not m or m.end() == pos:
                raise ExprError(f"{text!r} does not read at {text[pos:].strip()!r}: only numbers, names, "
                                "'text' and + - * // % ( ) [ ] , == != < <= > >= are allowed")
            kind = m.lastgroup or ""
            self.tokens.append((kind, m.group(kind), m.start(kind)))
            pos = m.end()
        self.i = 0
        self.numbers: list[int] = []
        self.depth = 0

    def peek(self) -> tuple[str, str, int] | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def error(self, expected: str) -> ExprError:
        tok = self.peek()
        at = self.text[tok[2]:].strip() if tok else "the end"
        return ExprError(f"{self.text!r} does not read at {at!r}: expected {expected}")

    def take(self, value: str) -> bool:
        tok = self.peek()
        if tok is not None and tok[1] == value and tok[0] in ("op", "name"):
            self.i += 1
            return True
        return False

    def deeper(self) -> None:
        """One more level of nesting (brackets, ``not``, a minus sign), at most :data:`MAX_NESTING`."""
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise ExprError(f"{self.text[:60]!r}... nests brackets or signs more than {MAX_NESTING} deep: "
                            "split it with [rules]")

    def expr(self) -> tuple:
        self.deeper()
        left = self.conj()
        while self.take("or"):
            left = ("bin", "or", left, self.conj())
        self.depth -= 1
        return left

    def conj(self) -> tuple:
        left = self.neg()
        while self.take("and"):
            left = ("bin", "and", left, self.neg())
        return left

    def neg(self) -> tuple:
        if self.take("not"):
            self.deeper()
            inner = self.neg()
            self.depth -= 1
            return ("not", inner)
        return self.cmp()

    def cmp(self) -> tuple:
        left = self.sum()
        tok = self.peek()
        if tok is not None and tok[1] in ("==", "!=", "<", "<=", ">", ">="):
            self.i += 1
            right = self.sum()
            nxt = self.peek()
            if nxt is not None and nxt[1] in ("==", "!=", "<", "<=", ">", ">="):
                raise self.error("one comparison at a time: write (a < b) and (b < c)")
            return ("bin", tok[1], left, right)
        return left

    def sum(self) -> tuple:
        left = self.term()
        while True:
            tok = self.peek()
            if tok is not None and tok[1] in ("+", "-") and tok[0] == "op":
                self.i += 1
                left = ("bin", tok[1], left, self.term())
            else:
                return left

    def term(self) -> tuple:
        left = self.unary()
        while True:
            tok = self.peek()
            if tok is not None and tok[1] == "/":
                raise ExprError(f"{self.text!r}: / is not allowed: a draft counts in whole numbers, write // "
                                "(division rounding down)")
            if tok is not None and tok[1] in ("*", "//", "%") and tok[0] == "op":
                self.i += 1
                left = ("bin", tok[1], left, self.unary())
            else:
                return left

    def _arguments(self) -> list[tuple]:
        args = [self.expr()]
        while self.take(","):
            args.append(self.expr())
        if not self.take(")"):
            raise self.error(") after the arguments")
        return args

    def unary(self) -> tuple:
        if self.take("-") or self.take("+"):
            sign = self.tokens[self.i - 1][1]
            self.deeper()
            inner = self.unary()
            self.depth -= 1
            return ("neg", inner) if sign == "-" else inner
        return self.atom()

    def atom(self) -> tuple:
        tok = self.peek()
        if tok is None:
            raise self.error("a number, a name or (")
        kind, value, _ = tok
        if kind == "num":
            if "." in value:
                raise ExprError(f"{self.text!r}: {value} is not a whole number; a draft counts in whole numbers")
            self.i += 1
            self.numbers.append(int(value))
            return ("num", len(self.numbers) - 1)
        if kind == "str":
            self.i += 1
            return ("str", value[1:-1])
        if kind == "name":
            if value in ("true", "false"):
                self.i += 1
                return ("bool", value == "true")
            if value in _KEYWORDS:
                raise self.error("a number, a name or (")
            self.i += 1
            if self.take("("):
                if value not in FUNCTIONS and value not in self.calls:
                    raise ExprError(f"{self.text!r}: {value}() is not a function here; the functions are "
                                    + ", ".join(f"{f}()" for f in (*FUNCTIONS, *self.calls)))
                if value in self.calls:  # a reading of the dice: its arguments are checked by the draft
                    args = [] if self.take(")") else self._arguments()
                    return ("call", value, args)
                args = self._arguments()
                want = FUNCTIONS[value]
                if (want is not None and len(args) != want) or not args:
                    raise ExprError(f"{self.text!r}: {value}() takes {want} argument{'s' if want != 1 else ''}")
                return ("call", value, args)
            if self.take("["):
                key = self.expr()
                if not self.take("]"):
                    raise self.error("] after the key")
                return ("index", value, key)
            return ("name", value)
        if value == "(":
            self.i += 1
            inner = self.expr()
            if not self.take(")"):
                raise self.error(")")
            return inner
        raise self.error("a number, a name or (")


