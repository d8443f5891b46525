"""The Facilitator's screen in the table's words: what it is for, what
"party" means, the rungs on each side when none is near the target, what
a 0 % or 100 % cell means, and a typed value read or refused naming the
field (:class:`~.fcscreen.FCScreen` shows them).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..engine.tools.party import PartyLadder, setting_words
from . import plain_words as _rules
from .from_view import PlainError

#: What the screen is for, and what "party" means on it.
TITLE = "The Facilitator's screen: which difficulty gives this party about the chance you want?"
PARTY_WORDS = ("The party is the characters who will make this roll, each with their own dice. The party's "
               "chance at a setting is the average of their chances: the share of the party expected to pass.")

#: A rung whose party chance is this close to the target (or closer) is "about" the target.
NEAR = 0.10


def far(pl: PartyLadder) -> dict[str, Any] | None:
    """When no rung gives the party about the target (within :data:`NEAR`):
    the nearest rung on each side (easier: a higher chance; harder: a lower
    one), in the table's words; None when one is near.

    >>> import venus_widgets as vw
    >>> far(vw.party_ladder({"Ana": {"roll": "task", "dice": 3}}, 0.5))["text"]
    'No setting gives the party about 50 %: the nearest are 0 factors (70 %, easier) and 1 factor (26 %, harder).'
    """
    chances = [pl.party_chance(i) for i in range(len(pl.rungs))]
    if not chances or min(abs(c - pl.target) for c in chances) <= NEAR + 1e-12:
        return None
    above = [i for i, c in enumerate(chances) if c > pl.target]
    below = [i for i, c in enumerate(chances) if c < pl.target]
    easier = min(above, key=lambda i: (chances[i], i)) if above else None
    harder = max(below, key=lambda i: (chances[i], -i)) if below else None
    side = [f"{setting_words(pl.rungs[i], pl.specs[0])} ({_rules.percent(chances[i])}, {word})"
            for i, word in ((easier, "easier"), (harder, "harder")) if i is not None]
    lead = "the nearest are " if len(side) > 1 else "the nearest is "
    text = f"No setting gives the party about {_rules.percent(pl.target)}: {lead}{' and '.join(side)}."
    if easier is None:
        text += " Every setting is harder than the target: make the roll easier outside the ladder (more dice, help)."
    if harder is None:
        text += " Every setting is easier than the target."
    return {"text": text, "easier": easier, "harder": harder}


def ends_words(pl: PartyLadder) -> list[str]:
    """What a 0 % or a 100 % cell means, for those the table shows."""
    cells = [p for row in pl.chances for p in row]
    out = []
    if any(p == 0 for p in cells):
        out.append("0 %: no roll of the dice can pass at that setting: it asks for more than these dice can show.")
    if any(p == 1 for p in cells):
        out.append("100 %: no roll can fail at that setting.")
    return out


def _read(field: Mapping[str, Any], value: Any, label: str) -> tuple[Any, str]:
    """A value typed into a character's control: whole numbers are read
    from text and set to the nearest the rules allow, saying so; a list is
    read from its text (items separated by commas); anything else is
    refused in words naming the field.

    >>> _read({"kind": "int", "min": 0, "max": 30}, " 99 ", "Ana's Dice")
    (30, "Ana's Dice: 99 is more than the rules allow, so it is set to 30, the most.")
    >>> _read({"kind": "list", "item": {"kind": "choice", "options": ["gold"]}}, "Gold, silvr", "Ana's Allies")
    (['gold', 'silvr'], '')
    """
    if field.get("kind") == "list" and isinstance(value, str):
        return _read_list(field, value, label), ""
    if field.get("kind") != "int":
        return value, ""
    lo, hi = field["min"], field["max"]
    shown = value.strip() if isinstance(value, str) else _rules.plain_value(value)
    how = f"Type a whole number from {lo} to {hi}."
    try:
        n = float(value) if isinstance(value, (str, int, float)) and not isinstance(value, bool) else float("nan")
    except ValueError:
        n = float("nan")
    if n != n:
        raise PlainError("value", f"{label}: {shown or 'nothing'} is not a number. {how}")
    if abs(n) != float("inf") and n != int(n):
        raise PlainError("value", f"{label}: {shown} is not a whole number. {how}")
    if n > hi:
        return hi, f"{label}: {shown} is more than the rules allow, so it is set to {hi}, the most."
    if n < lo:
        return lo, f"{label}: {shown} is less than the rules allow, so it is set to {lo}, the least."
    return int(n), ""


def _read_list(field: Mapping[str, Any], text: str, label: str) -> list:
    """A list typed as text: items separated by commas; whole numbers read
    as numbers, words matched to the options whatever their case (a word
    that is none of them is left for the rules to refuse, naming it)."""
    item = field.get("item") or {}
    out: list[Any] = []
    for word in (w.strip() for w in text.split(",")):
        if not word:
            continue
        if item.get("kind") == "int":
            try:
                out.append(int(word))
            except ValueError:
                raise PlainError("value", f"{label}: {word} is not a whole number. Type whole numbers from "
                                          f"{item.get('min')} to {item.get('max')}, separated by commas.") from None
        else:
            options = {str(o).lower(): o for o in item.get("options") or ()}
            out.append(options.get(word.lower(), word))
    return out


#: The longest name a character may have.
MAX_NAME = 40


def name_refused(typed: Any, now: str, others: list[str]) -> str:
    """Why the name typed for the character called ``now`` is refused, in
    words naming the character and the field ("" when it is taken).

    >>> name_refused("Ana", "Bo", ["Ana", "Cy"])
    "Bo's name: another character is already called Ana; give each character a name of their own. Not applied: the name stays Bo."
    >>> name_refused("  ", "Bo", [])
    "Bo's name: a name cannot be empty. Not applied: the name stays Bo."
    """
    text = typed.strip() if isinstance(typed, str) else ""
    why = ""
    if not text:
        why = "a name cannot be empty"
    elif len(text) > MAX_NAME:
        why = f"this one has {len(text)} characters, a name at most {MAX_NAME}"
    elif not text.isprintable():
        why = "a name is one line, with no line breaks or tabs"
    elif text in others:
        why = f"another character is already called {text}; give each character a name of their own"
    return f"{now}'s name: {why}. {not_applied(f'the name stays {now}')}" if why else ""


def not_applied(kept: str) -> str:
    """The words that say a typed value was not taken, and what stays."""
    return f"Not applied: {kept}."


def read_target(text: str, now: float) -> float:
    """A target typed as a percent ("35", "35 %") as a chance; a percent
    outside 1 to 99, or not a number, is refused in words.

    >>> read_target(" 35 % ", 0.5)
    0.35
    >>> read_target("150", 0.5)
    Traceback (most recent call last):
    ...
    venus_widgets.widgets.shown.PlainError: Target chance: 150 % is more than 99 %. Type a percent from 1 to 99. Not applied: the target stays 50 %.
    """
    shown = text.strip().removesuffix("%").strip()
    keep = not_applied(f"the target stays {_rules.percent(now)}")
    try:
        n = float(shown)
    except ValueError:
        n = float("nan")
    if n != n or n in (float("inf"), float("-inf")):
        raise PlainError("target", f"Target chance: {shown or 'nothing'} is not a number. Type a percent from 1 to 99. "
                                   f"{keep}")
    said = f"{n:g} %"
    if n < 1:
        raise PlainError("target", f"Target chance: {said} is less than 1 %. Type a percent from 1 to 99. {keep}")
    if n > 99:
        raise PlainError("target", f"Target chance: {said} is more than 99 %. Type a percent from 1 to 99. {keep}")
    return round(n / 100, 6)


def cannot_pass(pl: PartyLadder) -> dict[int, str]:
    """The characters who pass at no setting of the ladder (no dice to
    roll, or too few), by their place in the party, in words.

    >>> import venus_widgets as vw
    >>> cannot_pass(vw.party_ladder({"Ana": {"roll": "task", "dice": 0}, "Bo": {"roll": "task"}}))
    {0: 'Ana cannot pass at any setting: with these dice no roll reaches even the easiest. Give Ana dice (or help) to roll.'}
    """
    out = {}
    for j, name in enumerate(pl.names):
        if all(row[j] == 0 for row in pl.chances):
            out[j] = (f"{name} cannot pass at any setting: with these dice no roll reaches even the easiest. "
                      f"Give {name} dice (or help) to roll.")
    return out


def ladder_caption(spec: Mapping[str, Any]) -> str:
    """The ladder's caption, live and saved: the roll and the rules by their
    name ("The task ladder by the Coin Game, easiest first: ..."), never the
    edition's id (tests/test_fcscreen.py)."""
    return (f"The {spec['roll']} ladder by {_rules.rules_named(str(spec['edition']), True)}, easiest first: "
            "each character's chance to pass")
