"""Words with formulas in them: the result sentence and the notes of a
draft (``[words]``), where ``{...}`` is a place the table fills
(``{verdict}``) or a formula worked out for the roll (``{base_ct +
ranks}``, ``{if(value >= 0, 'success', 'failure')}``).

A formula of the words is said, not played: its numbers are no rule knobs
(docs/drafts.md#the-ladder-and-the-words).

>>> t = Template.of("CT {base_ct + ranks}: {verdict}", [parse("base_ct + ranks")])
>>> fill(t, {"base_ct": 10, "ranks": 3}, {"verdict": "Passed"})
'CT 13: Passed'
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..contract.table_answers import plural, plural_of
from ..format import number
from .expr import Expr, ExprError, parse
from .kinds import ANY, NUMBER, YES_NO, check
from .reader import Reader, listed, show

#: A place of a text: ``{...}`` (no braces inside).
PLACE = re.compile(r"{([^{}]*)}")


@dataclass(frozen=True)
class Template:
    """A text and, by the place's text, each of its places that is not a
    word the table fills: its formula, and for a counted place (``{black:
    black die, black dice}``) the words for one and many, and whether the
    number is spelled (``{black in words: ...}``: "three black dice")."""

    text: str
    formulas: tuple[tuple[str, Expr, tuple[str, str] | None, bool], ...] = ()

    @classmethod
    def of(cls, text: str, formulas: Sequence[Expr]) -> "Template":
        return cls(text, tuple((e.text, e, None, False) for e in formulas))


@dataclass(frozen=True)
class Note:
    """A note of the odds (``[[words.notes]]``): its words, and when it is said."""

    words: Template
    when: Expr | None = None


def read_template(r: Reader, path: tuple, text: str, places: Sequence[str], allowed: Mapping[str, str],
                  calls: Sequence[str] = ()) -> Template:
    """``text`` checked: each ``{...}`` one of ``places``, a formula that
    reads only ``allowed`` names, or a counted formula (``{n: die, dice}``,
    ``{n in words: die, dice}``); a mistake at the text's line otherwise."""
    out = []
    if "{" in PLACE.sub("", text) or "}" in PLACE.sub("", text):
        raise r.error(path, f"{show(text)} has a brace left open or a brace alone: close each {{ with its }}, "
                            "one formula in each pair")
    for inside in PLACE.findall(text):
        if inside in places:
            continue
        head, counted, spelled = inside, None, False
        if ":" in inside:
            head, words = inside.split(":", 1)
            one, _, many = (w.strip() for w in words.partition(","))
            if not one or "," in many:
                raise r.error(path, f"{{{inside}}}: a counted place gives the words for one and for many, "
                                    "e.g. {black: black die, black dice}")
            counted = (one, many or plural_of(one))
            spelled = head.rstrip().endswith(" in words")
            head = head.rstrip().removesuffix(" in words")
        out.append((inside, formula(r, path, head.strip(), allowed, ANY, "{" + inside + "}", calls), counted, spelled))
    return Template(text, tuple(out))


def formula(r: Reader, path: tuple, text: str, allowed: Mapping[str, str], want: str, said: str,
            calls: Sequence[str] = ()) -> Expr:
    """One formula of the words, checked (its numbers stay as written);
    ``calls``: what it may read of a roll's dice, each of one group
    (``successes(own)``)."""
    try:
        e = parse(text, calls)
    except ExprError as err:
        raise r.error(path, f"{said} is neither a place ({', '.join('{' + p + '}' for p in ('verdict', 'value'))}"
                            f", ...) nor a formula that reads: {err}") from None
    for n in e.names:
        if n not in allowed:
            near = difflib.get_close_matches(n, list(allowed), 1)
            raise r.error(path, f"{said} reads {n}, which the words cannot read: "
                                + (f"did you mean {near[0]}? " if near else "") + "they can read " + listed(allowed))
    for t in e.calls:
        if len(t[2]) != 1 or t[2][0][0] != "name":
            raise r.error(path, f"{said}: {t[1]}() reads one group of dice, e.g. {t[1]}(own)")
    try:
        check(e, {**r.kinds, **{f"{t[1]}({t[2][0][1]})": NUMBER for t in e.calls}}, want)
    except ExprError as err:
        raise r.error(path, f"{said}: {err}") from None
    return e


def read_notes(r: Reader, path: tuple, value: Any, allowed: Mapping[str, str]) -> tuple[Note, ...]:
    """``[[words.notes]]``: each a ``text`` (with formulas in braces) and an
    optional ``if`` (a yes or no: when the note is said)."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise r.error(path, f"{show(value)}: write each note as [[words.notes]] with text = \"...\"")
    out = []
    for i, body in enumerate(value):
        p = path + (i,)
        b = r.table(p, body, ("text", "if"))
        if "text" not in b:
            raise r.error(p, "a note needs its words: text = \"...\"")
        words = read_template(r, p + ("text",), r.text(p + ("text",), b["text"], "", 300), (), allowed)
        when = None
        if "if" in b:
            when = formula(r, p + ("if",), r.text(p + ("if",), b["if"]), allowed, YES_NO, repr(b["if"]))
        out.append(Note(words, when))
    return tuple(out)


def fill(t: Template, env: Mapping[str, Any], places: Mapping[str, str]) -> str:
    """The text with each place filled: a word of ``places``, else its
    formula's value for ``env`` (a yes or no as yes or no; a counted one
    with its words: "2 net successes", "three black dice"; a negative number
    with the minus sign)."""
    from ..contract.explain import dice_count

    formulas = {inside: (e, counted, spelled) for inside, e, counted, spelled in t.formulas}

    def one(m: re.Match) -> str:
        inside = m.group(1)
        if inside in places:
            return places[inside]
        if inside not in formulas:
            return m.group(0)
        e, counted, spelled = formulas[inside]
        v = e.evaluate(env)
        if counted is not None and isinstance(v, int) and not isinstance(v, bool):
            return dice_count(v, *counted) if spelled else plural(v, *counted)
        return ("yes" if v else "no") if isinstance(v, bool) else number(v) if isinstance(v, (int, float)) else str(v)

    return PLACE.sub(one, t.text)


def said(notes: Sequence[Note], env: Mapping[str, Any]) -> list[str]:
    """The notes said for ``env``, in the draft's order."""
    return [fill(n.words, env, {}) for n in notes if n.when is None or bool(n.when.evaluate(env))]
