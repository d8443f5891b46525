"""The default edition, ``playtest`` (Venus Engine 1st Playtest Rules v0.2).

This module is the edition's public face (the
:class:`~venus_widgets.engine.contract.edition.Edition` contract): it dispatches on
the spec's ``roll``. Checks (one d20, bonus d6s) live in :mod:`.check`;
tasks (a d6 pool with KISS and Ego) are read from the spec by :mod:`.task`
and split one idea a module (:mod:`.dice`, :mod:`.order`, :mod:`.default`,
:mod:`.optimal`, :mod:`.choices`, :mod:`.outcome`, :mod:`.policy`,
:mod:`.rolls`, :mod:`.advice`, :mod:`.explain`); :mod:`.rules` holds the
rule knobs the odds kernels take; :mod:`.seed_table` regenerates the seed's
published table.

>>> rows = table("bronze", 2)
>>> [round(p, 3) for p in rows[1].at_least]
[55.556, 11.111]
"""

from __future__ import annotations

from . import rules as _rules
from ...contract.knobs import Knob as _Knob

from typing import Sequence

import numpy as np

from . import check, task  # noqa: F401  (task.threshold / task.goal are read by the widgets)
from . import advice as _advice, default as _default, explain as _explain, optimal as _optimal, rolls as _rolls
from ...table.advice import Advice
from ...errors import SpecError
from ...maths.odds import Odds
from ...table.rolls import Roll
from .cost import cost  # noqa: F401
from .search_price import search_seconds  # noqa: F401  (the optimal policy's searches in many rolls)
from .details import DETAILS  # noqa: F401  (the class of each kind of roll's details)
from .schema import SCHEMAS, cross_checks, schema_for  # noqa: F401
from .seed_table import TableRow, table  # noqa: F401

ID = "playtest"
#: its name as a player reads it
NAME = "the Venus Engine playtest rules"
FEATURES: frozenset[str] = frozenset({"advise", "kiss_odds", "vary"})

#: The rule knobs a spec's ``rules`` may change (:mod:`...contract.knobs`), from :mod:`.rules`.
KNOBS: tuple[_Knob, ...] = _rules.KNOBS
rules_of = _rules.rules_of


def _is_check(spec: dict) -> bool:
    return spec["roll"] == "check"


def odds(spec: dict, exact: bool = False) -> Odds:
    if _is_check(spec):
        return check.odds(spec, exact)
    return (_optimal if spec["policy"] == "optimal" else _default).odds(spec, exact)


def denominator(spec: dict) -> int:
    return check.denominator(spec) if _is_check(spec) else task.denominator(spec)


def roll(spec: dict, seed: int, kiss: list[int] | None = None, ego: bool | None = None) -> Roll:
    return (check if _is_check(spec) else _rolls).roll(spec, seed, kiss, ego)


def roll_many(spec: dict, n: int, seed: int) -> np.ndarray:
    return (check if _is_check(spec) else _rolls).roll_many(spec, n, seed)


def advise(spec: dict, faces: Sequence[int], kissed: Sequence[int] = ()) -> Advice:
    if spec["roll"] != "task":
        raise SpecError("roll", spec["roll"], "task", "advice is about which task dice to KISS: set roll='task'")
    return _advice.advise(spec, faces, kissed)


def kiss_odds(spec: dict, faces: Sequence[int], kiss: Sequence[int], ego: bool | None = None) -> dict[str, float]:
    if spec["roll"] != "task":
        raise SpecError("roll", spec["roll"], "task", "only task dice are KISSed")
    return _advice.kiss_odds(spec, faces, kiss, ego)


# Difficulty ladder and "explain this number": each roll kind's own.


def ladder_settings(spec: dict) -> list[dict]:
    return (check if _is_check(spec) else _explain).ladder_settings(spec)


def vary_values(spec: dict, field: str) -> list | None:
    return None if _is_check(spec) else _explain.vary_values(spec, field)


def explain_steps(spec: dict, o: Odds) -> list:
    return (check if _is_check(spec) else _explain).explain_steps(spec, o)


def explain_roll(r: Roll) -> list[str]:
    return (check if _is_check(dict(r.spec)) else _explain).explain_roll(r)


from .samples import SAMPLES  # noqa: E402,F401  (the rolls the contract tests try it on)
from . import at_table  # noqa: E402,F401  (the roll at the table, engine/contract/table_answers.py)
