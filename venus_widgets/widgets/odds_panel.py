"""What a roller's odds panel shows for a spec: P(pass), P(goal), the
distribution and which bars pass, the chart's bars, the breakdown and the
spread, as one plain JSON dict the view only renders; and, apart, the
what-if hints (:func:`what_ifs`), made only while the view shows them.

The panel is a pure function of the normalized spec (and the words of the
roll), so it is kept per spec beside the engine's odds (thread-safe, as the
engine's caches are): a slider moved back to a setting seen before costs
a look-up. A setting seen for the first time makes one panel from one
spec's odds: the what-ifs (each another spec, normalized, and its odds:
about two thirds of the work of a panel that held them) are made when the
view opens "What if…", and kept per spec too. The edition lists its
what-ifs (``at_table.what_if``) and says how a field's values combine into
one die (``at_table.merge``).
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from ..engine import api as _api
from ..engine.tools import chart as _chart
from ..engine.caching import Results
from ..engine.contract.edition import get as _edition
from ..engine.contract.table_answers import Merge
from ..engine.errors import SpecError
from ..engine.maths.odds import Odds
from ..engine.contract.spec import Spec
from ..engine.contract.spec import passing as _passing
from ..engine.contract.spec import words as _words
from .plain_words import spread_words, units

#: Panels kept (each a few kilobytes).
KEPT = 512


def hints(spec: Spec, base: Odds) -> list[dict[str, Any]]:
    """What-if hints computed with the engine: the change in P(goal) of
    each what-if the edition lists (a change out of range gives none)."""
    out = []
    for label, changed in _edition(spec["edition"]).at_table.what_if(spec):
        try:
            o = _api.odds(changed)
        except ValueError:
            continue  # out of range (e.g. a fifth factor): no hint
        out.append({"label": label, "delta": o.p_goal - base.p_goal, "p": o.p_goal})
    return out


def _compute(key: tuple[Any, ...]) -> dict[str, Any]:
    raise AssertionError("panels are made by made()")  # pragma: no cover - every call passes its maker


_PANELS: Results[tuple[Any, ...], dict[str, Any]] = Results(_compute, maxsize=KEPT)


def panel(spec: Spec, outcome_name: str) -> dict[str, Any]:
    """The odds panel of a spec (``outcome_name``: what a number of the
    distribution counts). The dict is shared: never change it."""
    return _PANELS.made((spec.key, outcome_name), lambda: _make(spec, outcome_name))


def _make(spec: Spec, outcome_name: str) -> dict[str, Any]:
    o = _api.odds(spec)
    numeric = o.numeric
    passing = _passing(spec["edition"], spec["roll"])
    shares = o.distribution if numeric else o.breakdown
    mean = o.mean
    # each chance rounded to 15 places, inline (a helper cost a Python call per bar on every new panel)
    dist = [[k, float(round(v, 15))] for k, v in shares.items()]
    # which bars pass: the threshold for numbers, the edition's passing outcomes for words
    passed = [(o.threshold is not None and float(k) >= o.threshold) if numeric else k in passing for k, _ in dist]
    if not numeric:  # a check's results as the rules say them ("automatic pass"), as its chart's bars
        said = _chart.result_words(spec["edition"], spec["roll"])
        dist = [[said.get(str(k), k), p] for k, p in dist]
    return {
        "ok": True,
        "spec": spec.to_dict(),
        "numeric": numeric,
        "p_pass": o.p_pass,
        "p_goal": o.p_goal,
        "threshold": o.threshold,
        "goal": o.goal,
        "distribution": dist,
        "passed": passed,
        "chart": _chart.to_json(o),
        "breakdown": {k: float(round(v, 15)) for k, v in o.breakdown.items()},
        # a draft's named events (a glitch, a critical), each with its own chance
        "events": [[k, float(round(v, 15))] for k, v in o.events.items()],
        "mean": mean,
        "sd": o.sd,
        # the average and what most rolls give, in a player's words (mean and sd stay for code)
        "spread": spread_words(mean, shares, outcome_name, units(_words(spec["edition"], spec["roll"]))),
        "p_critical": o.p_critical,
        "p_ego_spent": o.p_ego_spent,
        "truncated": o.truncated,
        "notes": list(o.notes),
        "outcome_name": outcome_name,
    }


_HINTS: Results[str, dict[str, Any]] = Results(_compute, maxsize=KEPT)


def what_ifs(spec: Spec) -> dict[str, Any]:
    """The what-if hints of a spec as the view shows them
    (``{"ok": True, "hints": [...]}``), kept per spec. The dict is shared:
    never change it."""
    return _HINTS.made(spec.key, lambda: {"ok": True, "hints": hints(spec, _api.odds(spec))})


def as_text(view: Mapping[str, Any], widget: Any = None) -> str:
    """The panel as the view gets it: one JSON text (the view parses it once
    per change), so sending it walks no nested list in Python."""
    return json.dumps(view, separators=(",", ":"), default=str)


def merge_view(spec: Mapping[str, Any]) -> dict[str, Any] | None:
    """How a field's values combine into one die (the edition's
    ``at_table.merge``, e.g. helpers), for the spec as the roller holds it;
    None for a roll without such a field, or values not allowed at all
    (the spec's own error says why)."""
    m = combining(spec)
    return None if m is None else m.view()


def combining(spec: Mapping[str, Any]) -> Merge | None:
    """The edition's ``at_table.merge`` of ``spec``, None where it has none
    or the values are not allowed at all."""
    try:
        return _edition(spec["edition"]).at_table.merge(spec)
    except SpecError:
        return None


def shown_not_refused(spec: Mapping[str, Any], err: SpecError) -> bool:
    """Whether ``err`` (of normalizing ``spec``) is about values of a field
    that do not combine into one die: a roller keeps them and shows them
    with the subset to accept, rather than refusing them."""
    m = combining(spec)
    return m is not None and not m.ok and err.field == m.field
