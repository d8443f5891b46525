"""Chances, values and refusals in the words the widgets show: the one
percent format, a value as the table says it, an error naming the field
by its label.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Mapping

from ..engine.contract import edition as _edition, spec as _spec
from ..engine.contract.table_answers import listed
from ..engine.errors import SpecError
from ..engine.format import number, percent_text


def percent(p: float) -> str:
    """A chance as the widgets show it: the engine's one rule
    (:func:`venus_widgets.engine.format.percent`: "100 %" only when certain,
    "0 %" only when impossible, ">99 %"/"<1 %" beyond 99 / below 1, whole
    percents otherwise, halves up), with the view's spacing; "–" for a value
    that is not a chance. ``formatPercent`` in ``js/format.js`` follows the
    same rule; both are tested on ``js/tests/percent_cases.json``."""
    if not isinstance(p, (int, float, Fraction)) or isinstance(p, bool) or not math.isfinite(p) or not 0 <= p <= 1:
        return "–"
    return percent_text(p)


def chances(what: str, shares: Any) -> str:
    """The chance of each of ``shares`` (name, chance pairs) in one line, as
    the live view says a draft's events: "" for none.

    >>> chances("event", [("match", 0.1), ("strong hit with a match", 0.04)])
    'Chance of each event: match 10 %, strong hit with a match 4 %.'
    """
    said = ", ".join(f"{name} {percent(p)}" for name, p in shares)
    return f"Chance of each {what}: {said}." if said else ""


def percent_quick(p: float) -> str:
    """:func:`percent` of a float, the same text, with no exact arithmetic
    where none is needed: a whole percent not within a hair of a half is
    rounded directly (the odds panel writes one percent per first visit of
    a setting: this keeps it a few Python calls, not fifty); the rest, the
    ends and the halves, go to :func:`percent`.

    >>> [percent_quick(x) for x in (0.7344, 0.005, 0.995, 1.0, 0.125)]
    ['73 %', '1 %', '>99 %', '100 %', '13 %']
    """
    r = p * 100
    if 0 < p < 1 and 0.5 <= r < 99.5 - 1e-9 and abs(r - math.floor(r) - 0.5) > 1e-6:
        return f"{math.floor(r + 0.5)} %"
    return percent(p)


def plain_value(value: Any) -> str:
    """A value as the table says it: 7, “wood”, 6, 2 and 1, yes.

    >>> plain_value([6, 2, 1]), plain_value(["gold", "silvr"]), plain_value([]), plain_value(True)
    ('6, 2 and 1', '“gold” and “silvr”', 'nothing', 'yes')
    """
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return f"“{value}”" if value.strip() else "nothing"
    if isinstance(value, (list, tuple)):
        return listed([plain_value(x) for x in value]) if value else "nothing"
    return str(getattr(value, "text", value))


def setting(field: Mapping[str, Any], value: Any) -> Any:
    """A field's value as the view shows it: a choice by its words (Ego
    "6s count twice", not ``double6``), a list item by item.

    >>> setting({"kind": "choice", "options": ["none", "double6"], "option_words": ["no Ego", "6s count twice"]},
    ...         "double6")
    '6s count twice'
    """
    if field.get("kind") == "choice":
        words = dict(zip(field.get("options") or (), field.get("option_words") or ()))
        return words.get(value, value)
    if field.get("kind") == "list" and isinstance(value, (list, tuple)) and isinstance(field.get("item"), Mapping):
        return [setting(field["item"], v) for v in value]
    return value


def plain_error(err: SpecError, label: str) -> str:
    """An error the view shows, in plain words naming the field by its
    label: "Ana's Dice (job level): 99 is not allowed. Allowed: a whole
    number from 0 to 30." (not ``dice=99 is not allowed``)."""
    out = f"{label}: {plain_value(err.value)} is not allowed. Allowed: {err.allowed}"
    if err.hint:
        out += f" ({err.hint})"
    return out + "."


def spec_error(err: SpecError, fields: Any, merge: Mapping[str, Any] | None = None) -> str:
    """Why a roller cannot take its values, in plain words: values of a
    field that do not combine into one die by the edition's words for it
    (``merge``, e.g. helpers), another field's refusal naming it by its label
    (:func:`plain_error`); the engine's words for anything else (a rule knob).
    """
    if merge is not None and not merge.get("ok") and err.field == merge.get("field") and merge.get("text"):
        return str(merge["text"])
    label = next((f.get("label") for f in fields or () if f.get("name") == err.field), None)
    return plain_error(err, label) if label else str(err)


def one(name: str) -> str:
    """The singular of an outcome's name: "successes" -> "success", "degrees" -> "degree"."""
    return name[:-2] if name.endswith("sses") else name.removesuffix("s")


#: what "most rolls" means: the narrowest run of outcomes holding at least this share
MOST = 2 / 3


def most_rolls(distribution: Mapping[Any, float]) -> tuple[int, int, float]:
    """The narrowest run of outcomes ``low..high`` that holds at least two
    rolls in three, and its chance (ties: the larger chance, then the lower
    run).

    >>> most_rolls({0: 0.25, 1: 0.5, 2: 0.25})
    (0, 1, 0.75)
    >>> most_rolls({0: 0.1, 1: 0.8, 2: 0.1})
    (1, 1, 0.8)
    """
    keys = sorted(distribution)
    probs = list(map(distribution.__getitem__, keys))
    best: tuple[int, float, int, int] | None = None  # (width, -chance, first, past the last)
    j, p = 0, 0.0  # the run keys[i..j-1] and its chance: a window sliding once over the outcomes
    for i, low in enumerate(keys):
        while j < len(keys) and p < MOST - 1e-12:
            p += probs[j]
            j += 1
        if p < MOST - 1e-12:
            break
        cand = (keys[j - 1] - low, -p, i, j)
        if best is None or cand < best:
            best = cand
        p -= probs[i]
    if best is None:  # cannot happen for a distribution summing to 1; the whole range then
        return keys[0], keys[-1], sum(probs)
    first, past = best[2], best[3]
    return keys[first], keys[past - 1], sum(probs[first:past])  # the run's chance summed afresh


def units(words: Mapping[str, str]) -> tuple[str, str]:
    """The words for one and for many of what a roll's number counts, from
    its schema's words: ``("net success", "net successes")``; ``("", "")``
    for a number that counts nothing (a draft's total: "a total of 7").

    >>> units({"outcome": "degrees"}), units({"outcome": "total", "unit_one": "", "unit_many": ""})
    (('degree', 'degrees'), ('', ''))
    """
    if "unit_many" in words:
        return words.get("unit_one", ""), words["unit_many"]
    many = words.get("outcome", "successes")
    return one(many), many


def counted(n: Any, outcome_name: str, unit: tuple[str, str]) -> str:
    """A number of the outcome as a player says it: "2 net successes", "1 hit", or "a total of 7".

    >>> counted(1, "hits", ("hit", "hits")), counted(7, "total", ("", ""))
    ('1 hit', 'a total of 7')
    """
    if not unit[1]:
        return f"a {outcome_name} of {number(n)}"
    return f"{number(n)} {unit[0] if n in (1, -1) else unit[1]}"


def spread_words(mean: float | None, distribution: Mapping[Any, float], outcome_name: str,
                 unit: tuple[str, str] | None = None) -> str:
    """The average and the spread of a number rolled, as a player reads them
    (not "Mean 1.00, sd 0.82"): the average to one decimal, and the outcomes
    most rolls give with their chance, which is the sum of those rows of the
    table of the odds. "" for a roll that gives no number (``mean`` None).

    >>> spread_words(1.0, {0: 0.25, 1: 0.5, 2: 0.25}, "successes")
    'On average 1 success; most rolls (75 %) give 0 or 1 success.'
    >>> spread_words(2.36, {0: 0.1, 1: 0.1, 2: 0.3, 3: 0.3, 4: 0.2}, "net successes")
    'On average 2.4 net successes; most rolls (80 %) give 2 to 4 net successes.'
    >>> spread_words(8.0, {7: 0.25, 8: 0.5, 9: 0.25}, "total", ("", ""))
    'On average a total of 8; most rolls (75 %) give a total of 7 or 8.'
    """
    if mean is None:
        return ""
    avg = f"{float(mean):.1f}".removesuffix(".0")
    avg = number("0" if avg == "-0" else avg)
    low_k, high_k, p = most_rolls(distribution)
    low, high = number(low_k), number(high_k)
    single, many = unit if unit is not None else (one(outcome_name), outcome_name)
    if not many:  # a total counts nothing: "a total of 6 to 10"
        give = f"{low}" if low_k == high_k else f"{low} or {high}" if high_k == low_k + 1 else f"{low} to {high}"
        return f"On average a {outcome_name} of {avg}; most rolls ({percent_quick(p)}) give a {outcome_name} of {give}."
    last = f"{high} {single if abs(high_k) == 1 else many}"
    give = last if low_k == high_k else f"{low} or {last}" if high_k == low_k + 1 else f"{low} to {last}"
    word = single if avg in ("1", "−1") else many
    return f"On average {avg} {word}; most rolls ({percent_quick(p)}) give {give}."


def roller_words(edition_id: str, roll: str) -> dict[str, str]:
    """The words a roller shows around its fields: the edition's own
    (outcome, threshold, Ego: ``spec.words``) and its title, the rules by
    their name and the roll ("Coins (a draft), a task"), never the
    edition's id (tests/test_widgets_properties.py).
    """
    said = rules_and_roll(edition_id, roll)
    return {**_spec.words(edition_id, roll), "title": said[:1].upper() + said[1:]}


def rules_and_roll(edition_id: str, roll: str) -> str:
    """The rules by their name and the roll, as a roller's title and a still say them
    ("Coins (a draft), a task")."""
    return f"{rules_named(edition_id)}, {'an' if roll[:1] in 'aeiou' else 'a'} {roll}"


def rules_named(edition_id: str, within: bool = False) -> str:
    """The rules a roller, a still or the lab plays by, as a player reads them: the edition's name (a
    draft's ``name``, "Coins (a draft)"), never its id; ``within`` a sentence, "The Coin Game" is "the
    Coin Game"."""
    name = str(_edition.get(edition_id).NAME)
    return "the " + name[4:] if within and name.startswith("The ") else name
