"""A draft's rule knobs in words, for the lab's cards and ``vw.rules``: the
knob's name as words (its label) and the rule it holds as a sentence a
designer reads, never the TOML line it was written on.

The sentence is the quoted rule text of the line's comment when the draft
has one (``success = [1, 6]  # "Each roll of '1' or '6' counts as a
success"``: the knob's seed, shown as a quote), else one made from what the
knob is (:func:`says`: "A d6 counts a success on 1 or 6.").

>>> from venus_widgets.engine.drafts import read_draft
>>> push = {k.name: k for k in read_draft("heresy-push.toml").draft.knobs}
>>> push["dice.d6.success"].seed
"Each roll of '1' or '6' counts as a success"
>>> push["reroll.faces"].seed, push["reroll.faces"].says
('', 'Push rolls again dice showing 2 to 5.')
>>> push["fields.pool.max"].says, push["dice.d6.depth"].says
('Pool can be set from 0 to 60.', 'A d6 rolls again each time it shows an exploding face, without end.')
>>> push["outcome.degrees.partial success"].label, push["outcome.degrees.partial success"].says
('Lowest result for partial success', 'Partial success starts at 1 net success.')
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Sequence

from ..contract.knobs import Knob
from .model import Draft

#: The ordinal words of a number's place in a formula (a knob per number written in it).
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def quoted(line: str) -> str:
    """The quoted rule text of a TOML line's comment ("" when it has none).

    >>> quoted('success = [1, 6]   # "Each roll of \\'1\\' or \\'6\\' counts as a success"')
    "Each roll of '1' or '6' counts as a success"
    >>> quoted('faces = "2-5"  # ... that shows 2 to 5'), quoted('name = "a # b"')
    ('', '')
    """
    quote = ""
    for i, ch in enumerate(line):  # the first # outside a string starts the comment
        if quote:
            quote = "" if ch == quote and line[i - 1] != "\\" else quote
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            m = re.search(r"[\"“]([^\"”]{3,})[\"”]", line[i + 1:])
            return m.group(1).strip() if m else ""
    return ""


def faces_words(faces: Sequence[int]) -> str:
    """Faces as a sentence says them: "1 or 6", "2 to 5", "no face".

    >>> faces_words([1, 6]), faces_words([2, 3, 4, 5]), faces_words([6]), faces_words([])
    ('1 or 6', '2 to 5', '6', 'no face')
    """
    fs = sorted(set(faces))
    if not fs:
        return "no face"
    if len(fs) > 2 and fs == list(range(fs[0], fs[-1] + 1)):
        return f"{fs[0]} to {fs[-1]}"
    words = [str(f) for f in fs]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def dice_words(owner: str) -> str:
    """A group's dice as a sentence says them: the player's own are "your dice".

    >>> dice_words("own"), dice_words("black"), dice_words("dice"), dice_words("trait_die"), dice_words("wild dice")
    ('your dice', 'the black dice', 'the dice', 'the trait dice', 'the wild dice')
    """
    w = owner.replace("_", " ").strip()
    if w in ("own", ""):
        return "your dice"
    if w in ("dice", "die"):
        return "the dice"
    if w.endswith(" die"):
        return f"the {w[:-4]} dice"
    return f"the {w}" if w.endswith(" dice") else f"the {w} dice"


def _a(name: str) -> str:
    """A die's name with its article: "a d6", "an eight-sider"."""
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name.replace("_", " ")


def _nth(n: int) -> str:
    """A place past the tenth: "11th", "21st", "22nd".

    >>> [_nth(n) for n in (11, 12, 13, 21, 22, 23, 40)]
    ['11th', '12th', '13th', '21st', '22nd', '23rd', '40th']
    """
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _value(v: Any) -> str:
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, dict):
        return ", ".join(f"{k} {_value(x)}" for k, x in v.items())
    if isinstance(v, (list, tuple)):
        return faces_words(v)
    return str(v)


def _unit(draft: Draft, n: Any) -> str:
    one, many = draft.outcome.unit
    return one if n in (1, -1) else many


def _slot(draft: Draft, parts: list[str]) -> tuple[str, str] | None:
    """(label, what it is in a sentence) of a formula slot, by its key path, or None."""
    head = parts[0]
    if head == "outcome" and len(parts) > 1:
        name = draft.outcome.name or "result"
        return {"value": (f"Counting the {name}", f"The {name} of a roll"),
                "threshold": ("What a roll needs to pass", "What a roll needs to pass"),
                "goal": ("The goal", "The goal of a roll")}.get(parts[1], None)
    if head == "groups" and len(parts) > 2:
        g = next((x for x in draft.groups if x.name == parts[1]), None)
        dice = dice_words(g.owner if g else parts[1])
        return {"count": (f"How many of {dice} are rolled", f"How many of {dice} are rolled"),
                "grade": (f"The grade of {dice}", f"The grade of {dice}")}.get(parts[2], None)
    step = {"reroll": draft.reroll, "double": draft.double}.get(head)
    if step is not None and len(parts) > 1:
        return {"budget": (f"{step.name}: dice it may take", f"How many dice {step.name} may take"),
                "adds": (f"{step.name}: what it adds", f"What {step.name} adds"),
                "if": (f"{step.name}: when it applies", f"When {step.name} applies")}.get(
            parts[1], (f"{step.name}: {parts[1].replace('_', ' ')}", f"{step.name}'s {parts[1].replace('_', ' ')}"))
    if head == "spend" and len(parts) > 2 and parts[2] == "cost":
        item = next((x for x in draft.spend if x.id == parts[1]), None)
        what = item.text if item is not None and len(item.text) <= 40 else parts[1].replace("_", " ")
        return (f"Cost of {what[:1].lower() + what[1:]}", f"The cost of {what[:1].lower() + what[1:]}")
    if head == "dice" and len(parts) == 4 and parts[2] == "successes":  # a face counted by a formula
        die = f"{parts[1].replace('_', ' ')} die"
        return f"{die}: what face {parts[3]} counts", f"What face {parts[3]} of the {die} counts"
    if head == "events" and len(parts) > 1:
        return f"Event “{parts[1]}”", f"The event “{parts[1]}”"
    bound = [x for x in parts[3:5] if x in ("at_least", "at_most")]
    if head == "dice" and len(parts) > 3 and bound:
        die = _a(parts[1])
        does = ("counts a success" if parts[2] == "success" else "rolls again" if parts[2] == "explode"
                else f"shows {draft.words.mark(parts[3])[0]}" if parts[2] == "marks" else parts[2].replace("_", " "))
        end = "lowest" if bound[0] == "at_least" else "highest"
        return f"{_cap(die)}: {end} face that {does}", f"The {end} face of {die} that {does}"
    m = re.fullmatch(r"checks\[(\d+)\]", head)
    if m and len(parts) > 1:
        i = int(m.group(1))
        check = draft.checks[i] if i < len(draft.checks) else None
        field = next((f.label for f in draft.fields if check is not None and f.name == check.field), "")
        on = f" on {field[:1].lower() + field[1:]}" if field else ""
        return (f"Check {i + 1}{on}", f"Check {i + 1}{on}")
    return None


def _formula(draft: Draft, k: Knob) -> tuple[str, str] | None:
    """A number written in a formula: its (label, sentence), or None when the
    knob is no formula's number."""
    parts = k.name.split(".")
    place = ""
    if len(parts) > 1 and parts[-1].isdigit():
        n = int(parts.pop())
        place = _ORDINALS[n - 1] if n <= len(_ORDINALS) else _nth(n)
    slot = _slot(draft, parts)
    if slot is None:
        return None
    label, what = slot
    m = re.fullmatch(r"checks\[(\d+)\]", parts[0])
    if m and int(m.group(1)) < len(draft.checks):
        check = draft.checks[int(m.group(1))]
        field = next((f.label for f in draft.fields if f.name == check.field), check.field.replace("_", " "))
        return label, f"{_cap(field)} must be {check.words}; the check's number is {_value(k.default)}."
    if not place and re.fullmatch(r"[^=]+=\s*(-?\d+|\"\s*-?\d+\s*\")\s*(#.*)?", k.seed):  # the number alone
        return label, f"{what} is {_value(k.default)}."
    if place:
        return (f"{label}, {place} number", f"{what} uses the number {_value(k.default)} (the {place} number "
                                            "written in it).")
    return label, f"{what} uses the number {_value(k.default)}."


def _die(draft: Draft, k: Knob, parts: list[str]) -> tuple[str, str] | None:
    """A number of a die: (label, sentence), or None."""
    die, rest = _a(parts[1]), parts[2:]
    v = k.default
    but = bool(rest) and rest[-1] == "but"
    listed = faces_words(v) if isinstance(v, (list, tuple)) else str(v)
    faces = f"every face but {listed}" if but else listed
    if rest[:1] == ["sides"]:
        return k.label, f"{die.capitalize()} has {v} sides."
    listed_faces = len(rest) == 1 or rest[1:] == ["but"] or (rest[:1] == ["marks"] and rest[2:] in ([], ["but"]))
    if rest[:1] == ["success"] and listed_faces:
        return k.label, f"{die.capitalize()} counts a success on {faces}."
    if rest[:1] == ["explode"] and listed_faces:
        return k.label, f"{die.capitalize()} showing {faces} rolls again, adding a die."
    if rest[:1] == ["depth"]:
        if v is None:
            return k.label, f"{die.capitalize()} rolls again each time it shows an exploding face, without end."
        return k.label, f"{die.capitalize()} rolls again at most {v} {'time' if v == 1 else 'times'} in a row."
    if rest[:1] == ["successes"] and len(rest) == 2:
        n = int(v)
        counts = (f"counts {n} {'success' if n == 1 else 'successes'}" if n >= 0
                  else f"takes away {-n} {'success' if n == -1 else 'successes'}")
        return k.label, f"Face {rest[1]} of {die} {counts}."
    if rest[:1] == ["marks"] and len(rest) > 1 and listed_faces:
        mark = draft.words.mark(rest[1])[0]
        return k.label, f"{die.capitalize()} shows {mark} on {faces}."
    return None


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def says(draft: Draft, k: Knob) -> tuple[str, str]:
    """The knob's (label, sentence) in words, from what it is in the draft."""
    parts = k.name.split(".")
    v = k.default
    if not k.label:  # a named rule (or a part the labels do not know yet): its name in words
        k = replace(k, label=_cap(" ".join(x.replace("_", " ") for x in k.name.split("."))))
    if parts[0] == "fields" and len(parts) == 3 and parts[2] == "max":
        f = next((x for x in draft.fields if x.name == parts[1]), None)
        label = f.label if f is not None else parts[1].replace("_", " ")
        return k.label, f"{_cap(label)} can be set from {f.lo if f is not None else 0} to {v}."
    if parts[0] == "dice" and len(parts) > 2:
        found = _die(draft, k, parts)
        if found is not None:
            return found
    if parts[0] == "outcome" and len(parts) == 3 and parts[1] == "degrees":
        return (f"Lowest result for {parts[2]}",
                f"{parts[2][:1].upper() + parts[2][1:]} starts at {f'{v} {_unit(draft, v)}'.strip()}.")
    if parts[0] == "reroll" and parts[1:2] == ["faces"]:
        step = draft.reroll.name if draft.reroll is not None else "The re-roll step"
        faces = f"every face but {faces_words(v)}" if parts[-1] == "but" else faces_words(v)
        return k.label, f"{step} rolls again dice showing {faces}."
    if k.name in {r.knob for r in draft.rules}:
        return k.label, f"The draft sets {k.label[:1].lower() + k.label[1:]} to {_value(v)}."
    found = _formula(draft, k)
    if found is not None:
        return found
    return k.label, f"{k.label[:1].upper() + k.label[1:]} is {_value(v)} in the draft as written."


def worded(draft: Draft) -> Draft:
    """``draft`` with each knob's label and rule in words: the seed is the
    quoted rule text of its line (or the named rule's own seed), ``says``
    the sentence made from what it is (shown where there is no seed)."""
    named = {r.knob for r in draft.rules}
    out = []
    for k in draft.knobs:
        label, sentence = says(draft, k)
        seed = k.seed if k.name in named and k.seed and not _is_line(k.seed) else quoted(k.seed)
        out.append(replace(k, label=label, seed=seed, says=sentence))
    return replace(draft, knobs=tuple(out))


def _is_line(text: str) -> bool:
    """Whether a knob's seed is the draft's line (``key = value  # ...``), not a sentence written for it."""
    return re.match(r"\s*(?:\"[^\"]*\"|'[^']*'|[\w.\-\[\]]+)\s*=", text) is not None
