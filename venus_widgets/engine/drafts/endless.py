"""Exact odds refused for dice that roll on without end and count as they go
(a 6 that scores and is rolled again): the odds are not a fraction. The
refusal names what a spec can change. A draft whose every number is a rule
knob names its dice's depth (``rules.dice.d6.depth``: a whole number makes
them a fraction); a draft whose ``[knobs]`` shows a spec only some of its
numbers, and not the depth, names the count of those dice (no such dice,
no chain: the field that adds them, else the shown knob they are counted
by, else ``exact`` itself) and the knob of the faces rolled again, where it shows one
(a pool of d6 rolled again on a 6: "no pool dice ... or set rules.reroll_faces to faces that do not
score": faces that score nothing may roll again, :mod:`.redraw`).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..errors import SpecError
from ..maths.odds import TAIL_WORDS
from .errors import DraftError
from .model import Draft, Num
from .plan import Plan


def refusal(draft: Draft, p: Plan, spec: Mapping[str, Any], defaults: Mapping[str, Any],
            levers: tuple[tuple[str, int], ...]) -> SpecError:
    """The error for ``odds(spec, exact=True)`` of a plan with such dice (see the module)."""
    g = next(g for g in p.groups if g.count and g.table.endless)
    d = draft.die(next(x for x in draft.groups if x.name == g.name).die)
    knob = d.depth.knob if isinstance(d.depth, Num) else ""
    shown = {n.knob: n.name for n in draft.names}
    if not draft.names or knob in shown:
        return _depth(draft, knob, shown.get(knob, knob), defaults[knob] is None)
    count = next(x for x in draft.groups if x.name == g.name).count
    reads = set(count.names) if count is not None else set()
    t = g.table
    again = " or ".join(", ".join(str(f) for f in range(1, t.sides + 1) if t.explode[f - 1] and t.successes[f - 1])
                        .rsplit(", ", 1))
    why = (f"each {again} is a success rolled again without end, so there are no exact odds; exact=False gives "
           f"the odds with the rarest endless chains, {TAIL_WORDS}, left out")
    faces = d.explode.faces.knob if d.explode is not None and d.explode.faces is not None else ""
    said = f"; or set rules.{shown[faces]} to faces that do not score" if faces in shown else ""
    field = next((f for f, way in levers if way > 0 and f in reads), "")
    if field:
        dice = field if field.endswith("dice") else f"{field} dice"
        return SpecError(field, spec.get(field), f"no {dice} for exact=True while a scoring face is rolled again",
                         why + said)
    named = next((n for n in draft.names if n.knob in reads), None)
    if named is not None:  # a count a spec changes by a rule knob alone
        name = named.name if named.name.endswith("dice") else f"{named.name} dice"
        value = (spec.get("rules") or {}).get(named.name, defaults.get(named.knob))
        return SpecError(f"rules.{named.name}", value, f"0 {name.replace('_', ' ')} for exact=True while a scoring "
                         "face is rolled again", why + said)
    return SpecError("exact", True, "exact=False: these dice always roll", why + said)


def _depth(draft: Draft, knob: str, name: str, written: bool) -> SpecError:
    """The depth named: as the draft says (its line), or as a spec's rules made it."""
    err = DraftError(knob if written else f"rules.{name}",
                     "depth = \"unbounded\": dice that explode without end have no exact odds; use "
                     f"exact=False (the odds with the rarest endless chains, {TAIL_WORDS}, left out), or give "
                     "the dice a depth, a whole number (depth = 10: at most 10 extra dice per die)",
                     line=draft.lines.get(knob) if written else None,
                     source=draft.source_name if written else "")
    err.field, err.value = f"rules.{name}", "unbounded"
    return err
