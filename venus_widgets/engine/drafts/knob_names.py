"""The knobs a draft names (``[knobs]``): when a draft lists them, they are
its rule knobs, each under the name a spec's ``rules`` gives it, with its
words and what it takes; every other number of the draft stays as written.

A knob of ``[knobs]`` holds one number of the draft (``knob``: its key
path, ``dice.d6.success``, or a named rule; by default the rule of the same
name), so a draft can keep the names its rules had before (a saved spec's
``{"rules": {"success_faces": [6]}}``) and show a playtester only the rules
that matter (docs/drafts.md#naming-the-knobs).

>>> import venus_widgets as vw
>>> from venus_widgets.engine.contract.edition import as_it_was
>>> with as_it_was():
...     d = vw.load_edition('''
... id = "named"
... [fields.dice]
... range = [1, 6]
... default = 2
... [dice.d6]
... sides = 6
... success = [5, 6]
... [groups.own]
... count = "dice"
... [knobs]
... success_faces = { knob = "dice.d6.success", label = "Faces that are successes", empty = false }
... ''')
...     print([(k.name, k.label, k.allowed) for k in d.KNOBS])
...     print(vw.odds({"edition": "named", "dice": 1, "rules": {"success_faces": [6]}}, exact=True).p_pass)
[('success_faces', 'Faces that are successes', 'a list of faces from 1 to 6, at least one')]
1/6
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping, Sequence

from ..contract.knobs import Kind, Knob, faces, parse, whole
from .model import Draft, KnobName
from .reader import NAME, Reader, show

#: The keys of one knob of ``[knobs]``.
KEYS = ("knob", "label", "seed", "where", "range", "empty", "all")


def read_knobs(r: Reader, value: Any, slots: Sequence[Knob]) -> tuple[KnobName, ...]:
    """The knobs ``[knobs]`` names, each checked against the numbers of the
    draft (``slots``: every knob it has, by key path)."""
    if value is None:
        return ()
    by_name = {k.name: k for k in slots}
    out: list[KnobName] = []
    held: dict[str, str] = {}
    for name, body in r.table(("knobs",), value).items():
        p = ("knobs", name)
        with r.attempt():
            if not NAME.fullmatch(name):
                raise r.error(p, f"{name!r} cannot name a knob: lowercase letters, digits and _, starting with a "
                                 "letter (at most 40)")
            b = r.table(p, body, KEYS)
            slot = r.text(p + ("knob",), b.get("knob"), name, 120)
            if slot not in by_name:
                raise r.error(p + ("knob",) if "knob" in b else p,
                              f"{slot!r} is not a number of this draft: name a rule of [rules] or a key path, "
                              f"e.g. {', '.join(list(by_name)[:4])}")
            if slot in held:
                raise r.error(p + ("knob",), f"{slot} is held by the knob {held[slot]} already")
            held[slot] = name
            out.append(KnobName(name, slot, r.text(p + ("label",), b.get("label"), "", 80),
                                r.text(p + ("seed",), b.get("seed"), "", 300),
                                r.text(p + ("where",), b.get("where"), "", 200),
                                _kind(r, p, b, by_name[slot], _sides(by_name, slot))))
    if value and not out and not r.problems:
        raise r.error(("knobs",), "name at least one knob, e.g. trade_rate = { label = \"Dice traded\" }")
    return tuple(out)


def _sides(by_name: Mapping[str, Knob], slot: str) -> int | None:
    """The sides of the die a knob of faces belongs to, as written (``dice.d6.success``: d6's)."""
    parts = slot.split(".")
    sides = by_name.get(f"dice.{parts[1]}.sides") if parts[0] == "dice" and len(parts) > 2 else None
    return sides.default if sides is not None and type(sides.default) is int else None


def _kind(r: Reader, p: tuple, b: Mapping[str, Any], slot: Knob, sides: int | None = None) -> Kind | None:
    """What the knob takes, when ``[knobs]`` narrows it: a range of a whole
    number, or whether a list of faces may be empty or hold every face."""
    form = slot.kind.form
    if "range" in b:
        rng = b["range"]
        if form.get("type") != "int":
            raise r.error(p + ("range",), f"{slot.name} is not a whole number: range is for numbers")
        if (not isinstance(rng, list) or len(rng) != 2 or any(type(x) is not int for x in rng) or rng[0] > rng[1]
                or not rng[0] <= slot.default <= rng[1]):
            raise r.error(p + ("range",), f"{show(rng)}: write [lowest, highest] around its value, {slot.default}")
        return whole(rng[0], rng[1])
    if "empty" in b or "all" in b:
        if form.get("type") != "faces":
            raise r.error(p, f"{slot.name} is not a list of faces: empty and all are for faces")
        empty = r.boolean(p + ("empty",), b.get("empty"), True)
        full = r.boolean(p + ("all",), b.get("all"), True)
        kind = faces(int(form["lo"]), sides or int(form["hi"]), empty=empty, full=full)  # the die's faces
        try:
            kind.check(slot.default)
        except ValueError:
            raise r.error(p, f"its value as written, {slot.default}, is not {kind.allowed}") from None
        return kind
    return None


def public(draft: Draft) -> tuple[Knob, ...]:
    """The knobs a spec's ``rules`` and the lab meet: those ``[knobs]``
    names, in its order, else every number of the draft."""
    if not draft.names:
        return tuple(draft.knobs)
    slots = {k.name: k for k in draft.knobs}
    out = []
    for n in draft.names:
        k = slots[n.knob]
        seed = n.seed or k.seed  # a seed sentence says the rule: no sentence made from the number beside it
        out.append(replace(k, name=n.name, label=n.label or k.label, seed=seed, says="" if seed else k.says,
                           where=n.where or k.where, kind=n.kind or k.kind))
    return tuple(out)


def to_slots(draft: Draft, knobs: Sequence[Knob], given: Mapping[str, Any]) -> Mapping[str, Any]:
    """A spec's ``rules`` by the names of ``[knobs]``, checked (a SpecError
    naming ``rules.<name>``), as the draft's own key paths."""
    if not draft.names:
        return given
    slot = {n.name: n.knob for n in draft.names}
    return {slot[k]: v for k, v in parse(knobs, given).items()}
