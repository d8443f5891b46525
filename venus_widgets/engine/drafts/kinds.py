"""What kind of value a draft's formula gives, checked as the draft loads:
a number, a yes or no, or text (docs/drafts.md, "Formulas"). A formula
that mixes them is refused at its line, before any roll: text where a
number is wanted (an outcome of 'abc'), ``and``/``or``/``not`` or an
``if``'s condition given a number (``successes and 5``: write
``successes > 0 and ...``), text compared with a number, or a yes or no
where a count, a threshold or an outcome is wanted.

Names are of the kinds :data:`NUMBER`, :data:`YES_NO`, :data:`TEXT`,
:data:`TABLE` (a rule per key: read as ``rule[key]``) or :data:`ANY` (a
group's grade: a word or a number).

>>> from .expr import parse
>>> kind_of(parse("successes + 1"), {"successes": NUMBER})
'a number'
>>> kind_of(parse("successes and 5"), {"successes": NUMBER})
Traceback (most recent call last):
...
venus_widgets.engine.drafts.evaluation.ExprError: 'successes and 5': and joins two yes-or-no values, and successes is a number: write a comparison, e.g. successes > 0
"""

from __future__ import annotations

from typing import Mapping

from .evaluation import ExprError
from .expr import Expr

NUMBER, YES_NO, TEXT, TABLE, ANY = "a number", "a yes or no", "text", "a table of values per key", "any"

_COMPARE = ("<", "<=", ">", ">=")
_ARITH = ("+", "-", "*", "//", "%")


def kind_of(e: Expr, kinds: Mapping[str, str]) -> str:
    """The kind of value ``e`` gives (a yes or no counts as a number where
    a number is added up: true is 1), or an :class:`ExprError` saying the
    first mix of kinds."""
    return _Check(e.text, kinds).kind(e.tree)


def said(tree: tuple, text: str) -> str:
    """A part of a formula as written (its names and numbers), for the words."""
    kind = tree[0]
    if kind == "name":
        return tree[1]
    if kind == "str":
        return f"'{tree[1]}'"
    if kind == "bool":
        return "true" if tree[1] else "false"
    if kind == "index":
        return f"{tree[1]}[...]"
    if kind == "call":
        return f"{tree[1]}(...)"
    return "its part"


class _Check:
    def __init__(self, text: str, kinds: Mapping[str, str]) -> None:
        self.text = text
        self.kinds = kinds

    def error(self, words: str) -> ExprError:
        return ExprError(f"{self.text!r}: {words}")

    def kind(self, t: tuple) -> str:
        k = t[0]
        if k == "num":
            return NUMBER
        if k == "str":
            return TEXT
        if k == "bool":
            return YES_NO
        if k == "name":
            found = self.kinds.get(t[1], ANY)
            if found == TABLE:
                raise self.error(f"{t[1]} holds a value per key: read it with a key, e.g. {t[1]}[caliber]")
            return found
        if k == "index":
            self.kind(t[2])
            return NUMBER
        if k == "neg":
            self.number(t[1], "a minus sign takes")
            return NUMBER
        if k == "not":
            self.yes_no(t[1], "not")
            return YES_NO
        if k == "call":
            return self.call(t[1], t[2])
        op, a, b = t[1], t[2], t[3]
        if op in ("and", "or"):
            self.yes_no(a, op)
            self.yes_no(b, op)
            return YES_NO
        ka, kb = self.kind(a), self.kind(b)
        if op in ("==", "!="):
            if ANY not in (ka, kb) and (ka == TEXT) != (kb == TEXT):
                text, other = (a, b) if ka == TEXT else (b, a)
                raise self.error(f"{said(text, self.text)} is text and {said(other, self.text)} is a number: "
                                 "text equals text only (write the word in 'quotes')")
            return YES_NO
        if op in _COMPARE or op in _ARITH:
            for part, kp in ((a, ka), (b, kb)):
                if kp == TEXT:
                    what = f"{op} compares numbers" if op in _COMPARE else f"{op} takes numbers"
                    raise self.error(f"{what}, and {said(part, self.text)} is text (text is compared with == or !=)")
            return YES_NO if op in _COMPARE else NUMBER
        return ANY

    def call(self, name: str, args: list) -> str:
        if name == "if":
            self.yes_no(args[0], "if's condition")
            ka, kb = self.kind(args[1]), self.kind(args[2])
            if ANY in (ka, kb):
                return kb if ka == ANY else ka
            if (ka == TEXT) != (kb == TEXT):
                raise self.error("if gives text on one side and a number on the other: give both sides the "
                                 "same kind")
            return ka if ka == kb else NUMBER
        for a in args:
            self.number(a, f"{name}() takes")
        return NUMBER

    def number(self, t: tuple, what: str) -> None:
        if self.kind(t) == TEXT:
            raise self.error(f"{what} numbers, and {said(t, self.text)} is text")

    def yes_no(self, t: tuple, what: str) -> None:
        k = self.kind(t)
        if k in (YES_NO, ANY):
            return
        joins = {"and": "and joins two yes-or-no values", "or": "or joins two yes-or-no values",
                 "not": "not takes a yes or no"}.get(what, f"{what} is a yes or no")
        hint = (f"write a comparison, e.g. {said(t, self.text)} > 0" if k == NUMBER and t[0] == "name"
                else "write a comparison, e.g. successes > 0" if k == NUMBER else "compare it: e.g. ego == 'double6'")
        raise self.error(f"{joins}, and {said(t, self.text)} is {k}: {hint}")


def check(e: Expr, kinds: Mapping[str, str], want: str) -> str:
    """``e``'s kind, checked against what its place wants (:data:`NUMBER`,
    :data:`YES_NO`, :data:`TEXT` or :data:`ANY`); an :class:`ExprError` in plain words."""
    got = kind_of(e, kinds)
    if want == ANY or got in (want, ANY):
        return got
    if want == NUMBER and got == YES_NO:
        raise ExprError(f"{e.text!r} gives true or false (a yes or no): write a number, e.g. "
                        f"if({e.text}, 1, 0)")
    if want == NUMBER:
        raise ExprError(f"{e.text!r} gives text: a number is wanted here")
    if want == TEXT:
        raise ExprError(f"{e.text!r} gives {got}: a word in quotes is wanted here (e.g. if({e.text}, 'always', "
                        "'short'))")
    if want == YES_NO and got == NUMBER:
        raise ExprError(f"{e.text!r} gives a number: a yes or no is wanted here (a comparison, e.g. "
                        f"{e.text} > 0)")
    raise ExprError(f"{e.text!r} gives text: a yes or no is wanted here (compare it: e.g. {e.text} == 'word')")
