"""The cost guard's levers of a draft (:attr:`...contract.cost.Cost.levers`):
its whole-number fields, each with the way that saves work, the fields that
add dice first.

Every number of a draft was read as "more is more work", the last field
first; but a field may take dice away (trades of pool dice: ``count = "pool -
trade_rate * trade"``), so a refusal said "fewer trades", which adds dice.
The way of each field is read off the draft's counts of dice at its
defaults, the field one higher (or one lower at its top): the fields that
add dice come first (the most dice a step first, then as the draft lists
them), then those that take dice away (``-1``: a larger value costs less),
then those that change no count (the threshold, a bonus: ``+1``, the last
first, as before).

>>> from venus_widgets.engine.contract.edition import get
>>> levers(get("heresy").draft)   # the shipped draft that serves the built-in edition
(('pool', 1), ('black', 1), ('trade', -1))
"""

from __future__ import annotations

from typing import Any

from ..errors import SpecError
from .model import Draft
from .plan import base_env, whole


def levers(draft: Draft, rules: Any = None) -> tuple[tuple[str, int], ...]:
    """The levers of ``draft`` under ``rules`` (its own numbers by default): see the module."""
    values = rules if rules is not None else {k.name: k.default for k in draft.knobs}
    spec = {f.name: f.default for f in draft.fields}
    ints = [f for f in draft.fields if f.kind == "int"]
    base = _dice(draft, spec, values)
    adds, takes, none = [], [], []
    for i, f in enumerate(ints):
        top = values[f.hi.knob] if f.hi is not None else None
        step = -1 if top is not None and spec[f.name] >= top else 1
        moved = _dice(draft, {**spec, f.name: spec[f.name] + step}, values)
        change = None if base is None or moved is None else (moved - base) * step
        if change and change > 0:
            adds.append((-change, i, f.name))
        elif change and change < 0:
            takes.append((change, i, f.name))
        else:
            none.append(f.name)
    return (tuple((n, +1) for *_, n in sorted(adds)) + tuple((n, -1) for *_, n in sorted(takes))
            + tuple((n, +1) for n in reversed(none)))


def _dice(draft: Draft, spec: dict[str, Any], rules: Any) -> int | None:
    """The dice the draft's groups count for ``spec`` (None: a count it cannot read there)."""
    try:
        env = base_env(draft, spec, rules)
        return sum(max(0, whole(g.count, env, rules, draft, "a count of dice")) for g in draft.groups
                   if not g.each and g.count is not None)
    except (SpecError, KeyError, TypeError, ValueError, ArithmeticError):
        return None
