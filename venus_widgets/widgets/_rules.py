"""Words and bookkeeping from the rule texts that the widgets show.

The playtest consequences keep the wording of the playtest rules (v0.2,
"Tasks are Variable", step 5); the FC's subversion of an unbought
secondary consequence (step 6) is its opposite.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Sequence

from ..engine.editions.agora import core as _agora
from ..engine import api as _api
from ..engine.editions.playtest import task as _pt
from ..engine.format import percent as engine_percent
from ..engine.spec import CALIBERS

PRIMARY = "primary"

#: (id, wording, note) of the four secondary consequences.
SECONDARY = (
    ("s1", "I am not abashed or injured...", ""),
    ("s2", "My actions were performed with grace or efficiency...", ""),
    ("s3", "No one I care for is compromised, disturbed, or jeopardized...", ""),
    ("s4", "Nothing else is unintentionally lost or destroyed...", ""),
)

#: (id, wording, note) of the four tertiary consequences.
TERTIARY = (
    ("t1", "...and / but I seek an additional prize...", "a material asset"),
    ("t2", "...and / but I learned something new or interesting...", "a bonus exp"),
    ("t3", "...and / but my true intentions are now revealed...", "earn a Lot back"),
    ("t4", "...and / but something unexpected but not unwelcome happens...", "decided by your Peers"),
)

#: The FC's subversion of each secondary consequence left unbought.
SUBVERSIONS = {
    "s1": "You are abashed or injured...",
    "s2": "Your actions were clumsy or wasteful...",
    "s3": "Someone you care for is compromised, disturbed, or jeopardized...",
    "s4": "Something else is unintentionally lost or destroyed...",
}

CONSEQUENCE_IDS = tuple(c[0] for c in SECONDARY + TERTIARY)
WORDING = {c[0]: c[1] for c in SECONDARY + TERTIARY}
WORDING[PRIMARY] = "The primary consequence: the price of success"


def percent(p: float) -> str:
    """A chance as the widgets show it: the engine's one rule
    (:func:`venus_widgets.engine.format.percent`: "100 %" only when certain,
    "0 %" only when impossible, ">99 %"/"<1 %" beyond 99 / below 1, whole
    percents otherwise, halves up), with the view's spacing; "–" for a value
    that is not a chance. ``formatPercent`` in ``js/common.js`` follows the
    same rule; both are tested on ``js/tests/percent_cases.json``."""
    if not isinstance(p, (int, float, Fraction)) or isinstance(p, bool) or not math.isfinite(p) or not 0 <= p <= 1:
        return "–"
    return engine_percent(p).replace("%", " %")


def consequence_list() -> list[dict]:
    """JSON list of the playtest consequences for the view."""
    out = [{"id": PRIMARY, "tier": "primary", "text": WORDING[PRIMARY], "note": "costs the threshold"}]
    out += [{"id": i, "tier": "secondary", "text": t, "note": n, "subversion": SUBVERSIONS[i]} for i, t, n in SECONDARY]
    out += [{"id": i, "tier": "tertiary", "text": t, "note": n} for i, t, n in TERTIARY]
    return out


def short(text: str) -> str:
    """A consequence's wording without its ellipses, for a sentence."""
    return text.replace("...", "").replace("…", "").strip().rstrip(",").strip()


def playtest_cost(spent: Sequence[str], threshold: int) -> int:
    return sum(threshold if c == PRIMARY else 1 for c in spent)


def playtest_sentence(spec: dict, outcome: int, spent: Sequence[str], subverted: str | None) -> str:
    """The one-line result of a spent playtest task."""
    bought = [c for c in spent if c != PRIMARY]
    primary = PRIMARY in spent
    head = "Passed: bought the primary" if primary else "Failed: the primary consequence not bought"
    parts = [head]
    if bought:
        quoted = " and ".join(f"'{short(WORDING[c])}'" for c in bought)
        parts[0] += (" and " if primary else "; bought ") + quoted
    exp = int(not primary) + int(bool(spec.get("learning"))) + int("t2" in bought)
    tail = []
    if exp:
        tail.append(f"+{exp} exp to the job")
    if "t3" in bought:
        tail.append("+1 Lot")
    if spec.get("allies"):
        n = len(spec["allies"])
        tail.append(f"+1 exp to each ally's job ({n} all{'y' if n == 1 else 'ies'})")
    if subverted:
        tail.append(f"the FC subverts: '{short(SUBVERSIONS[subverted])}'")
    unspent = outcome - playtest_cost(spent, _pt.threshold(spec))
    if unspent > 0:
        tail.append(f"{unspent} success{'es' if unspent != 1 else ''} unspent")
    return "; ".join([parts[0]] + tail)


def agora_sentence(spec: dict, roll: Any, spent: Sequence[int], texts: Sequence[str]) -> str:
    d = roll.details
    label = d.get("label", "success" if roll.passed else "failure")
    if spec["roll"] == "check":
        need = _agora.goal(spec)
        return f"{label.capitalize()}: {roll.outcome} success{'es' if roll.outcome != 1 else ''} ({need} needed)"
    n = spec["consequences"]
    names = [texts[i] if i < len(texts) and texts[i] else f"consequence {i + 1}" for i in spent]
    head = "Passed" if len(spent) >= n else "Not all subverted"
    out = f"{head} ({label}): subverted {len(spent)} of {n}"
    if names:
        out += ": " + ", ".join(f"'{x}'" for x in names)
    if len(spent) < n:
        out += "; +1 exp to the job"
    return out


#: How a check passed or failed, when the verdict alone does not say it.
HOW = {"auto-pass": "automatically (natural d20)", "auto-fail": "automatically (natural 1)",
       "bonus-pass": "on the bonus d6"}


def _how(category: str) -> str:
    return f" {HOW[category]}" if category in HOW else ""


def simple_sentence(spec: dict, roll: Any) -> str:
    """The result line of a roll with nothing to spend."""
    ed, kind, d = spec["edition"], spec["roll"], roll.details
    verdict = "Passed" if roll.passed else "Failed"
    if ed == "playtest" and kind == "check":
        bonus = f" + best bonus d6 {d['bonus']}" if d.get("bonus") else ""
        return (f"{verdict}{_how(d['category'])}: d20 {d['natural']} + score {spec['score']}{bonus}"
                f" = {d['total']} against {d['target']}")
    if ed == "playsheet" and kind == "check":
        return f"{verdict}{_how(d['category'])}: d20 {d['natural']}, total {d['total']} against {d['target']}"
    if ed == "playsheet":
        crit = f", critical {d['critical']}" if d.get("critical") else ""
        exp = "; +1 exp to the job" if not roll.passed else ""
        allies = f"; +1 exp to each ally ({len(spec['allies'])})" if spec["allies"] else ""
        return f"{verdict}: {roll.outcome} passes against threshold {d['threshold']}{crit}{exp}{allies}"
    if ed == "heresy":
        return f"{verdict} ({d['degree']}): {roll.outcome} net success{'es' if roll.outcome != 1 else ''}"
    if ed == "vers":
        deg = roll.outcome
        what = f"{deg} degree{'s' if abs(deg) != 1 else ''} of {'success' if deg >= 0 else 'failure'}"
        return f"{verdict}: 3d6 {d['total']} + penalty {d['penalty']} against CT {d['ct']} ({what.replace('-', '')})"
    return f"{verdict}: {roll.outcome}"


# --------------------------------------------------------------------------
# What-if hints
# --------------------------------------------------------------------------


def _more(caliber: str) -> str:
    return CALIBERS[min(CALIBERS.index(caliber) + 1, len(CALIBERS) - 1)]


def hint_specs(spec: dict) -> list[tuple[str, dict]]:
    """(label, changed spec) pairs of the what-if hints for a spec."""
    ed, kind, s = spec["edition"], spec["roll"], dict(spec)
    out: list[tuple[str, dict]] = []

    def add(label: str, **change: Any) -> None:
        out.append((label, {**s, **change}))

    if ed == "playtest" and kind == "check":
        add("+1 score", score=s["score"] + 1)
        add("one factor fewer", factors=s["factors"] - 1)
        add("+1 bonus factor", bonus_factors=s["bonus_factors"] + 1)
        if s["caliber"] != "platinum":
            add(f"{_more(s['caliber'])} caliber", caliber=_more(s["caliber"]))
    elif ed == "playtest":
        add("+1 KISS", kiss=s["kiss"] + 1)
        add("one factor fewer", factors=s["factors"] - 1)
        add("+1 die", dice=s["dice"] + 1)
        if len(s["allies"]) < 2 and not s["learning"]:
            add(f"an ally ({s['caliber']})", allies=s["allies"] + [s["caliber"]])
        if s["ego"] == "none":
            add("Ego (6s count twice)", ego="double6")
        if s["consequences"]:
            add("one consequence fewer", consequences=s["consequences"] - 1)
    elif ed == "playsheet" and kind == "check":
        add("+1 score", score=s["score"] + 1)
        if s["factors"]:
            add("one factor fewer", factors=s["factors"][:-1])
        add("+1 bonus (+2)", bonus=s["bonus"] + [2])
    elif ed == "playsheet":
        add("+1 KISS", kiss=s["kiss"] + 1)
        if s["factors"]:
            add("one factor fewer", factors=s["factors"][:-1])
        add("+1 die", dice=s["dice"] + 1)
        if not s["ego"]:
            add("Ego (10s count twice)", ego=True)
    elif ed == "agora":
        add("+1 KISS", kiss=s["kiss"] + 1)
        if kind == "task" and s["factors"]:
            add("one factor fewer", factors=s["factors"] - 1)
        if kind == "task":
            add("+1 asset die", assets=s["assets"] + 1)
        if not s["ego"]:
            add("Ego (6s count twice)", ego=True)
    elif ed == "heresy":
        add("+1 die", pool=s["pool"] + 1)
        if s["black"]:
            add("one black die fewer", black=s["black"] - 1)
    elif ed == "vers":
        add("+1 rank", ranks=s["ranks"] + 1)
        if s["penalty"]:
            add("penalty -1", penalty=s["penalty"] - 1)
    return out


def hints(spec: dict, base: Any) -> list[dict]:
    """What-if hints computed with the engine: the change in P(goal)."""
    out = []
    for label, changed in hint_specs(spec):
        try:
            o = _api.odds(changed)
        except ValueError:
            continue  # out of range (e.g. a fifth factor): no hint
        out.append({"label": label, "delta": o.p_goal - base.p_goal, "p": o.p_goal})
    return out
