"""Every chance an edition reports for one roll, by name: what a
comparison of rule sets compares (:mod:`..tools.compare`, :mod:`..tools.sweep`).

An :class:`~.odds.Odds` carries, beside the distribution of its outcome,
the chance to pass and to reach the goal, the chance of a critical and of
spending Ego where the edition has them, a breakdown of named chances
(how a roll passes, degrees of success, consequences subverted, ...) and a
draft's named events (a glitch, a critical) where its odds carry them.
:func:`reported` lists them all under names a playtester reads, in that
order, so that a rule knob moving any of them is seen, whatever the
edition; the comparison never names an edition.

Names: ``P(pass)`` and ``P(goal)``; ``criticals`` (the chance of a critical,
``Odds.p_critical``); ``Ego spent`` (``Odds.p_ego_spent``); then each
breakdown key in words (``pass_without_kiss`` reads "pass without KISS",
a leading ``p_`` is dropped), then each named event, then each event's
chance with a pass (``Odds.events_passed``: "glitch with a pass"). A breakdown entry (or an event) that repeats a name and
the value already listed (a task's ``p_ego_spent`` in the breakdown beside
``Ego spent``) is left out: the same chance, once; one that repeats a name with
another value is listed as "<name> (breakdown)".

>>> import venus_widgets as vw
>>> q = reported(vw.odds({"edition": "agora", "roll": "check"}))
>>> list(q)
['P(pass)', 'P(goal)', 'criticals', 'success with a bane', 'failure with a boon']
>>> round(q["criticals"], 4)
0.0278
>>> list(reported(vw.odds({"roll": "task", "ego": "double6"})))[:5]
['P(pass)', 'P(goal)', 'Ego spent', 'pass without KISS', 'pass after KISS']
"""

from __future__ import annotations

import re
from typing import Any

from .odds import Odds

#: The names of the chances every roll reports (the rest depend on the edition).
PASS, GOAL, CRITICALS, EGO = "P(pass)", "P(goal)", "criticals", "Ego spent"


def words(key: str) -> str:
    """A breakdown key as a playtester reads it: underscores as spaces, a
    leading ``p_`` (for "probability of") dropped, KISS and Ego named as the
    rules name them.

    >>> words("pass_without_kiss"), words("p_kiss_used"), words("goal_with_ego"), words("critical success")
    ('pass without KISS', 'KISS used', 'goal with Ego', 'critical success')
    """
    said = (key[2:] if key.startswith("p_") else key).replace("_", " ")
    return re.sub(r"\b(?:kiss|ego)\b", lambda m: "KISS" if m.group(0) == "kiss" else "Ego", said)


def reported(o: Odds) -> dict[str, Any]:
    """Every chance ``o`` reports, name -> probability (a Fraction in exact
    odds), in the order of the module's docstring. ``None`` is left out
    (a roll without criticals or without Ego)."""
    out: dict[str, Any] = {PASS: o.p_pass, GOAL: o.p_goal}
    if o.p_critical is not None:
        out[CRITICALS] = o.p_critical
    if o.p_ego_spent is not None:
        out[EGO] = o.p_ego_spent
    seen = {name.casefold(): name for name in out}
    # then a draft's named events (a glitch, a critical), when the odds carry them: compared as any other chance
    events = getattr(o, "events", None) or {}
    passed = getattr(o, "events_passed", None) or {}  # each event's chance with a pass, where the odds carry it
    for key, value in [*o.breakdown.items(), *events.items(), *((f"{k} with a pass", v) for k, v in passed.items())]:
        name = words(key)
        same = seen.get(name.casefold())
        if same is not None:
            if out[same] == value:
                continue
            name += " (breakdown)"
        seen[name.casefold()] = name
        out[name] = value
    return out
