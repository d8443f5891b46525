"""``[details]``: the facts a roll of the draft records, by name (what a
roll's ``details`` hold, what the log saves and checks as it imports).

Without ``[details]`` a roll records the draft's own facts (the threshold,
the goal, the value before the re-roll step, the successes, the total,
each mark, the events, the degree). With it, exactly the facts it names:
each a formula of the spec and the roll (``foul_failure = "value < 0"``,
``modified = "total + penalty"``), or ``"degree"`` for the name of the
degree the roll falls in. A draft that serves an edition once written in
code says by it the facts that edition's rolls recorded, so that their
logs import with the same rolls (docs/drafts.md, "The facts a roll
records").

>>> from venus_widgets.engine.drafts import read_draft
>>> d = read_draft('''
... id = "coin-facts"
... [fields.coins]
... range = [1, 6]
... default = 3
... [dice.coin]
... sides = 2
... success = [2]
... [groups.coins]
... count = "coins"
... [outcome.degrees]
... "all heads" = 3
... [details]
... heads = "successes"
... none = "value == 0"
... degree = "degree"
... ''')
>>> import venus_widgets as vw
>>> from venus_widgets.engine.contract.edition import pinned
>>> with pinned(d):
...     sorted(vw.roll({"edition": "coin-facts"}, seed=1).details)
['degree', 'heads', 'none']
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from .errors import DraftError
from .kinds import ANY, TEXT, kind_of
from .model import VALUE, Slotted
from .plan import evaluate
from .reader import Reader, show

#: The word that records the name of the degree the roll falls in.
DEGREE = "degree"

_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")


def read_details(r: Reader, value: Any, allowed: Mapping[str, str],
                 shown: tuple[Sequence[str], Sequence[str]],
                 fields: Sequence[Any] = ()) -> tuple[tuple[str, Slotted | None], ...]:
    """``[details]``: name -> a formula of the roll, or ``"degree"`` (None here)."""
    if value is None:
        return ()
    if not isinstance(value, Mapping) or not value:
        raise r.error(("details",), "a table of the facts a roll records: name = \"a formula of the roll\", "
                                    "e.g. foul_failure = \"value < 0\", or degree = \"degree\"")
    out: list[tuple[str, Slotted | None]] = []
    for name, formula in value.items():
        with r.attempt():
            p = ("details", name)
            if not _NAME.fullmatch(name):
                raise r.error(p, f"{name!r} cannot name a fact: lowercase letters, digits and _ (at most 40), "
                                 "e.g. foul_failure")
            if formula == DEGREE:
                out.append((name, None))
            else:
                fact = r.expr(p, formula, {**allowed, VALUE: "value of the outcome"}, "a fact", want=ANY, dice=shown)
                if kind_of(fact.expr, r.kinds) == TEXT:
                    raise r.error(p, f"{show(formula)} gives text: a fact is a number or a yes or no (a choice "
                                     f"compared, e.g. {formula} == {_first_option(fields, formula)!r})")
                out.append((name, fact))
    return tuple(out)


def _first_option(fields: Sequence[Any], formula: str) -> str:
    """The first option of the field a fact names (a word, when it names none)."""
    return next((str(f.options[0]) for f in fields if f.name == formula.strip() and f.options), "word")


def recorded(plan: Any, facts: Mapping[str, Any], degree: str) -> dict[str, Any]:
    """The facts the draft's ``[details]`` name, of a roll whose own facts
    are ``facts`` (its value under ``value``) and whose degree is ``degree``."""
    env = {**plan.env, **facts}
    out: dict[str, Any] = {}
    for name, formula in plan.draft.details:
        if formula is None:
            out[name] = degree
            continue
        got = evaluate(formula, env, plan.rules, plan.draft)
        if isinstance(got, str):  # a kind the draft's loading could not tell: said where the roll reads it
            d = plan.draft
            raise DraftError(f"details.{name}", f"{formula.expr.text!r} gives text ({got!r}): a fact is a number "
                             "or a yes or no", line=d.lines.get(f"details.{name}"), source=d.source_name)
        out[name] = bool(got) if type(got).__name__ in ("bool", "bool_") else int(got)
    return out
