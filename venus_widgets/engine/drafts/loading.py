"""A draft checked as it loads: what would make every roll of it fail is
refused then, at its line, not at the first roll (docs/drafts.md, "When
the draft does not read").

:func:`check_draft` reads the draft as a roll would at its defaults (each
count of dice 0 or more, each ``[[checks]]`` rule kept) and at each corner
of its fields, so that a formula that cannot be evaluated is found too.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..errors import SpecError
from . import kernel
from .edition import DraftEdition
from .errors import DraftError
from .evaluation import ExprError
from .plan import base_env


def check_draft(edition: DraftEdition) -> None:
    """Read the draft once as a roll would at its defaults and at each
    corner of its fields (lowest and highest), so that an expression that
    cannot be evaluated is found on loading, with its line."""
    from ..contract.spec import defaults, normalize

    base = {**defaults(edition.ID, edition.draft.roll), "edition": edition.ID}
    _defaults_roll(edition, base)
    _defaults_counted(edition, base)
    corners = [base]
    for f in edition.draft.fields:
        if f.kind == "choice":
            corners += [{**base, f.name: o} for o in f.options]
        elif f.kind == "list" and f.options:
            corners += [{**base, f.name: [o] * min(f.most, 1)} for o in f.options]
    for c in corners:
        try:
            s = normalize(c)
        except DraftError:
            raise
        except SpecError:
            continue  # a corner the draft's own checks refuse
        p = edition.plan(s)
        kernel.tracked(p)
    if edition.draft.ladder is None:
        edition.ladder_field = _ladder_field(edition, base)


def _ladder_field(edition: DraftEdition, base: Mapping[str, Any]) -> str:
    """The field the ladder runs over without a ``[ladder]``: the first field
    of the group "difficulty" whose chance to pass falls as it rises (the
    ladder goes easiest first), a field of options as it stands. When the
    first one's chance rises with it (stress dice that add successes) and no
    other's falls, the draft is refused, asking for a ``[ladder]``."""
    d = edition.draft
    candidates = [f for f in d.fields if f.group == "difficulty" and f.kind in ("int", "choice")]
    known: dict[str, int] = {}

    def direction(f: Any) -> int:  # each field's read once
        if f.name not in known:
            known[f.name] = _direction(edition, base, f)
        return known[f.name]

    for f in candidates:
        if f.kind == "choice" or direction(f) < 0:
            return f.name
    if candidates and direction(candidates[0]) > 0:
        f = candidates[0]
        falls = [x.name for x in d.fields if x.kind == "int" and x is not f and direction(x) < 0]
        example = falls[0] if falls else "need"
        raise DraftError(f"fields.{f.name}", f"the Facilitator's ladder runs over the first field of the group "
                         f"difficulty, {f.name}, but a bigger {f.name} makes the roll easier: write a [ladder] "
                         f"with field = \"{example}\" (a field where a bigger number is harder) and to = its "
                         f"highest rung, or give {f.name} another group",
                         line=d.lines.get(f"fields.{f.name}"), source=d.source_name)
    return candidates[0].name if candidates else ""


def _direction(edition: DraftEdition, base: Mapping[str, Any], f: Any) -> int:
    """Whether the chance to pass rises (+1), falls (-1) or stays (0) from a
    field's lowest value to its highest, the others at their defaults (the
    highest that the draft's checks and the cost guard allow, and that
    :data:`LOAD_SECONDS` of estimated work counts with the lowest)."""
    from ..contract import guard
    from ..contract.fields import CrossError
    from ..contract.spec import normalize

    specs = []
    for v in (f.lo, edition.RULES[f.hi.knob]):
        try:
            s = normalize({**base, f.name: v})
        except CrossError as err:
            try:
                s = normalize({**base, f.name: err.nearest})
            except SpecError:
                return 0
        except SpecError:
            return 0
        specs.append(s)
    low = guard.estimate(specs[0]).seconds
    if low + guard.estimate(specs[1]).seconds > LOAD_SECONDS:  # the highest that fits what loading may count
        found = guard.nearest(specs[1], False, f.name, +1, lambda c: low + c.seconds <= LOAD_SECONDS)
        if found is None or found[1] <= specs[0][f.name]:
            return 0
        specs[1] = normalize({**specs[1], f.name: found[1]})
    chances = [edition.odds(s).p_pass for s in specs]
    return (chances[1] > chances[0]) - (chances[1] < chances[0])


#: The odds a draft's loading counts to find its ladder's direction, at most (estimated, as the cost
#: guard's seconds: about 0.2 s at most): past it, the highest value of the field within it.
LOAD_SECONDS = 0.1


def _defaults_roll(edition: DraftEdition, base: Mapping[str, Any]) -> None:
    """The roller opens at the defaults: each count of dice is 0 or more
    there, and each ``[[checks]]`` rule holds (else the odds, the rollers,
    the lab and the screen of the draft all fail as they open)."""
    d = edition.draft

    def read(names: Any) -> str:
        said = ", ".join(f"{f} = {_toml(base[f])}" for f in names if f in base and f != "edition")
        return f" ({said})" if said else ""

    for g in d.groups:
        if g.count is not None:
            n = edition._count(g.count, base, edition.RULES)
            if n < 0:
                raise DraftError(g.count.key, f"{g.count.expr.text!r} is {n} with the fields at their defaults"
                                 + read(g.count.names) + ": a count of dice cannot be below 0; "
                                 "change a default or the count", line=d.lines.get(g.count.key), source=d.source_name)
    env = base_env(d, base, edition.RULES)
    for i, c in enumerate(d.checks):  # the words a broken check says can be said (no division by 0 in them)
        for part, t in (("words", c.said), ("hint", c.hint)):
            for inside, e, *_ in t.formulas if t is not None else ():
                try:
                    e.evaluate(env)
                except ExprError as err:
                    key = f"checks[{i}].{part}"
                    raise DraftError(key, f"{{{inside}}} cannot be said with the fields at their defaults"
                                          f"{read(e.names)}: {err}", line=d.lines.get(key), source=d.source_name)
    for c in d.checks:
        if not edition._holds(c.rule, base, edition.RULES):
            key = f"fields.{c.field}.default"
            line = d.lines.get(key) or d.lines.get(f"fields.{c.field}")
            said = f'"{c.rule.expr.text}"' + (f" ({c.words})" if c.words else "")
            raise DraftError(key, f"the defaults{read(dict.fromkeys([c.field, *c.rule.names]))} break the check {said}: "
                                  f"change the default of {c.field} (or of another field the check reads)",
                             line=line, source=d.source_name)


def _defaults_counted(edition: DraftEdition, base: Mapping[str, Any]) -> None:
    """The roll at the defaults can be counted, or some value of one field
    makes it so (the roller moves there): else every roller and screen of
    the draft would open on an error."""
    from ..contract.fields import CrossError
    from ..contract.spec import normalize

    try:
        normalize(base)
    except DraftError:
        raise
    except CrossError:
        return  # a value of a field fits: the roller moves there
    except SpecError as err:
        d = edition.draft
        counts = [g.count.key for g in d.groups if g.count is not None]
        raise DraftError(counts[0] if counts else "", f"the roll at the draft's defaults cannot be counted "
                         f"({err.hint or err.allowed}): give its counts of dice smaller numbers or formulas",
                         line=d.lines.get(counts[0]) if counts else None, source=d.source_name) from None


def _toml(value: Any) -> str:
    """A field's value as the draft writes it (true, "bronze")."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)
