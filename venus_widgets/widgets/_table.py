"""The roll at the table: first faces, KISS selection with exact advice,
commit, Ego, spending successes, the result line and the log entry.

The engine rolls a spec, a seed and a KISS choice in one call
(``roll(spec, seed, kiss=[...], ego=...)``): the first faces come from the
seed's first stream and KISSed dice from the second, so rolling with
``kiss=[]`` shows the first faces, and rolling again with the chosen dice
gives the same first faces with those dice KISSed. Budget and once-per-die
are enforced here (for the view's messages) and again by the engine.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..engine.editions.agora import core as _agora
from ..engine import api as _api
from ..engine.editions.playtest import task as _pt
from ..engine.errors import SpecError
from . import _rules
from .rolllog import make_entry

GRADE_WORDS = {"bronze": "Bronze", "silver": "Silver", "gold": "Gold", "platinum": "Platinum"}


def has_kiss_step(spec: dict) -> bool:
    ed, kind = spec["edition"], spec["roll"]
    if ed == "playtest" and kind == "task":
        return spec["kiss"] > 0 or spec["ego"] == "reroll"
    if ed == "playsheet" and kind == "task":
        return spec["kiss"] > 0 or spec["ally_kiss"]
    if ed == "agora":
        return spec["kiss"] > 0 or (spec["helper_kiss"] and bool(spec["helpers"]))
    return False


def has_spend_step(spec: dict) -> bool:
    ed, kind = spec["edition"], spec["roll"]
    return (ed == "playtest" and kind == "task") or (ed == "agora" and kind == "task") or _ego_after(spec)


def _ego_after(spec: dict) -> bool:
    ed = spec["edition"]
    if ed == "playtest":
        return spec["roll"] == "task" and spec["ego"] == "double6"
    if ed in ("agora",) or (ed == "playsheet" and spec["roll"] == "task"):
        return bool(spec["ego"])
    return False


# --------------------------------------------------------------------------
# Start
# --------------------------------------------------------------------------


def start(w: Any, spec: dict, seed: int):
    kiss_step = has_kiss_step(spec)
    spend_step = has_spend_step(spec)
    if not kiss_step and not spend_step:
        r = _api.roll(spec, seed)
        w._t = {"spec": spec, "seed": seed, "first": r, "selected": [], "ego_reroll": False, "roll": r,
                "ego": None, "kiss": None, "spent": [], "subverted": None, "entry": None, "with_ego": None}
        _finish_simple(w)
        return r
    first = _api.roll(spec, seed, kiss=[], ego=False)
    w._t = {"spec": spec, "seed": seed, "first": first, "selected": [], "ego_reroll": False, "roll": None,
            "ego": False, "kiss": [], "spent": [], "subverted": None, "entry": None, "with_ego": None}
    if kiss_step and (spec["edition"] == "playtest" or _succ_before(spec, first) < _goal(spec, first)):
        _render(w, "kiss")
        w.status = kiss_status(spec, w.table)
    else:
        commit(w)
    return first


def kiss_status(spec: dict, view: Mapping) -> str:
    """The announcement of the first faces: what shows, and the engine's
    suggestion with its chance (dice counted from 1, as in the view)."""
    n = view["successes"]
    word = ("pass" if n == 1 else "passes") if spec["edition"] == "playsheet" else f"success{'es' if n != 1 else ''}"
    out = f"{n} {word} showing, goal {view['goal']}: choose dice to KISS, or keep the dice"
    best = [o for o in (view.get("advice") or {}).get("options", []) if o.get("optimal")]
    if best:
        o = best[0]
        what = (f"KISS {'dice' if len(o['kiss']) > 1 else 'die'} {', '.join(str(i + 1) for i in o['kiss'])}"
                if o["kiss"] else "keep the dice")
        out += (f"; the engine suggests: {what} (pass {_rules.percent(o['p_pass'])}, "
                f"goal {_rules.percent(o['p_goal'])})")
    return out


def _goal(spec: dict, first) -> int:
    ed = spec["edition"]
    if ed == "playtest":
        return _pt.goal(spec)
    if ed == "agora":
        return _agora.goal(spec)
    return first.details.get("threshold", 1)


def _succ_before(spec: dict, first) -> int:
    ed = spec["edition"]
    if ed == "playtest":
        return first.details["successes_before_kiss"]
    if ed == "playsheet":
        return first.details["successes_before_kiss"]
    return sum(1 for d in first.dice if d.scores > 0)


# --------------------------------------------------------------------------
# KISS selection
# --------------------------------------------------------------------------


def budget(spec: dict) -> int:
    return spec["kiss"]


def _budget_used(spec: dict, first, selected) -> int:
    ed = spec["edition"]
    if ed == "agora":
        n = _agora.main_dice(spec)
        return sum(1 for i in selected if i < n or not spec["helper_kiss"])
    if ed == "playsheet":
        return sum(1 for i in selected if first.dice[i].owner == "own")
    return len(selected)


def selectable(spec: dict, first, i: int) -> tuple[bool, str]:
    """Whether die ``i`` may be KISSed, and why not."""
    dice = first.dice
    if not 0 <= i < len(dice):
        return False, (f"there is no die {i + 1} (index {i}): the dice are 1 to {len(dice)}, "
                       f"indices 0 to {len(dice) - 1}")
    d = dice[i]
    ed = spec["edition"]
    if ed == "playtest":
        return True, ""
    if ed == "agora":
        if d.grade == 1:
            return False, "the rank-1 help die is an automatic success and is not rolled"
        if _succ_before(spec, first) >= _agora.goal(spec):
            return False, "the successes already reach the goal: no KISS"
        return True, ""
    if ed == "playsheet":
        if _succ_before(spec, first) >= first.details["threshold"]:
            return False, "the passes already meet the threshold: no KISS"
        if d.scores > 0:
            return False, f"die {i + 1} shows {d.after}, a pass: only failed dice are KISSed"
        if d.owner != "own" and not spec["ally_kiss"]:
            return False, "an ally's die: allies KISS their own dice (tick 'Allies KISS their dice')"
        return True, ""
    return False, "no KISS in this roll"


def select(w: Any, index: Any) -> None:
    """Toggle die ``index`` in the KISS selection (budget, once per die)."""
    t = _need(w, "kiss")
    if isinstance(index, bool) or not isinstance(index, int):
        raise SpecError("kiss", index, "a die index")
    spec, first = t["spec"], t["first"]
    sel = list(t["selected"])
    if index in sel:
        sel.remove(index)
    else:
        ok, why = selectable(spec, first, index)
        if not ok:
            raise SpecError("index", index, "the index (counted from 0) of a die that may be KISSed", why)
        cand = sorted(sel + [index])
        if _budget_used(spec, first, cand) > budget(spec):
            dice = ", ".join(str(i + 1) for i in cand)
            raise SpecError("kiss", cand, f"at most {budget(spec)} KISSes (the KISS budget)",
                            f"dice {dice} selected (indices {cand} count from 0); each die is KISSed at most "
                            "once; untick a die first")
        sel = cand
    t["selected"] = sel
    w.error = ""
    _render(w, "kiss")


def set_selection(w: Any, indices) -> None:
    t = _need(w, "kiss")
    t["selected"] = []
    for i in indices:
        select(w, i)


def set_ego_reroll(w: Any, on: bool) -> None:
    t = _need(w, "kiss")
    if t["spec"].get("ego") != "reroll":
        raise SpecError("ego", on, "Ego 'reroll' in the spec", "set ego='reroll' first")
    t["ego_reroll"] = bool(on)
    _render(w, "kiss")


def selection_odds(spec: dict, first, selected, ego_reroll: bool = False) -> dict | None:
    """Exact P(pass), P(goal) if ``selected`` are KISSed (then Ego by the
    policy): the engine's public ``kiss_odds``."""
    if spec["edition"] not in ("playtest", "agora"):
        return None
    faces = [d.before for d in first.dice]
    # playtest Ego 'reroll': every failed die too, as roll(ego=True) does
    return _api.kiss_odds(spec, faces, sorted(selected), ego=True if ego_reroll else None)


def advice(spec: dict, first, selected, ego_reroll: bool) -> dict:
    faces = [d.before for d in first.dice]
    ed = spec["edition"]
    out: dict[str, Any] = {"available": False, "options": [], "optimal": [], "note": ""}
    try:
        if ed in ("playtest", "agora"):
            a = _api.advise(spec, faces)  # one Advice type for both editions
            out["optimal"] = list(a.optimal)
            out["policy"] = list(a.policy)
            out["options"] = [{"kiss": list(o.kiss), "ego": o.ego, "p_pass": o.p_pass, "p_goal": o.p_goal,
                               **({} if o.p_critical is None else {"p_critical": o.p_critical}),
                               "label": o.label, "optimal": o.kiss == a.optimal and not o.ego}
                              for o in a.options]
            out["available"] = True
        else:
            out["note"] = "the engine gives no KISS advice for this edition"
    except SpecError as err:
        out["note"] = str(err)
    sel = selection_odds(spec, first, selected, ego_reroll) if out["available"] else None
    out["selected"] = sel
    return out


# --------------------------------------------------------------------------
# Commit, Ego, spending
# --------------------------------------------------------------------------


def commit(w: Any) -> Any:
    """KISS the selected dice (and Ego reroll if chosen): the dice stand."""
    t = w._t
    if t is None or t["roll"] is not None:
        raise SpecError("phase", "commit", "a roll waiting for its KISS", "roll first")
    spec = t["spec"]
    ego = True if t["ego_reroll"] else False
    r = _api.roll(spec, t["seed"], kiss=list(t["selected"]), ego=ego)
    t["roll"], t["kiss"], t["ego"] = r, list(t["selected"]), ego
    # the same dice with Ego spent after the KISS round, rolled once: offered
    # only when it changes something (a 6 showing; playsheet: a 10)
    with_ego = _api.roll(spec, t["seed"], kiss=t["kiss"], ego=True) if _ego_after(spec) and not ego else None
    t["with_ego"] = with_ego if with_ego is not None and with_ego.ego_spent else None
    if spec["edition"] == "playtest" and spec["roll"] == "task":
        t["spent"] = _rules_default_spend(spec, r.outcome, getattr(w, "wanted", []))
    t["entry"] = w.log.append(make_entry(r, kiss=t["kiss"], ego=ego, spent=t["spent"], texts=_texts(w)))
    w.status = announce(spec, r)
    _update(w)
    return r


def _texts(w: Any) -> list[str]:
    return list(getattr(w, "consequence_texts", []) or [])


def _rules_default_spend(spec: dict, outcome: int, wanted) -> list[str]:
    """Pre-tick what the player asked for, as far as the successes go:
    the primary first, then the wanted consequences in order."""
    thr = _pt.threshold(spec)
    out, left = [], outcome
    if left >= thr:
        out.append(_rules.PRIMARY)
        left -= thr
        for c in wanted:
            if left >= 1:
                out.append(c)
                left -= 1
    return out


def _spend_more(spec: dict, outcome: int, spent, wanted) -> list[str]:
    """More successes (Ego): keep what is bought, and buy what the default
    spending buys (the primary first, then the wanted) as far as they go."""
    thr = _pt.threshold(spec)
    out = list(spent)
    for c in _rules_default_spend(spec, outcome, wanted):
        if c not in out and _rules.playtest_cost(out + [c], thr) <= outcome:
            out.append(c)
    order = (_rules.PRIMARY, *_rules.CONSEQUENCE_IDS)
    return sorted(out, key=order.index)


def spend_ego(w: Any) -> Any:
    """Spend Ego after the KISS round (6s count twice; playsheet: 10s)."""
    t = _need(w, "spend")
    spec = t["spec"]
    if not _ego_after(spec):
        raise SpecError("ego", True, "a spec with Ego to spend after the KISS round")
    if t["ego"]:
        raise SpecError("ego", True, "Ego not yet spent", "Ego is spent once")
    r = t["with_ego"]
    if r is None:
        raise SpecError("ego", True, "a roll with a 6 (playsheet: a 10) showing", "Ego would change nothing")
    t["roll"], t["ego"], t["with_ego"] = r, True, None
    if spec["edition"] == "playtest" and spec["roll"] == "task":
        t["spent"] = _spend_more(spec, r.outcome, t["spent"], getattr(w, "wanted", []))
        if t["subverted"] in t["spent"]:
            t["subverted"] = None
    w.status = announce(spec, r)
    _update(w)
    return r


def toggle_spend(w: Any, item: Any) -> None:
    """Buy or unbuy a consequence (playtest: 'primary', 's1'..'t4';
    agora: the consequence's index), costs enforced."""
    t = _need(w, "spend")
    spec, r = t["spec"], t["roll"]
    spent = list(t["spent"])
    if spec["edition"] == "playtest":
        if item not in (_rules.PRIMARY, *_rules.CONSEQUENCE_IDS):
            raise SpecError("spend", item, "primary, s1..s4 or t1..t4")
        thr = _pt.threshold(spec)
        if item in spent:
            spent.remove(item)
        else:
            cost = _rules.playtest_cost(spent + [item], thr)
            if cost > r.outcome:
                raise SpecError("spend", item, f"consequences costing at most {r.outcome} successes",
                                f"that would cost {cost}: the primary costs {thr}, the others 1 each")
            spent.append(item)
            order = (_rules.PRIMARY, *_rules.CONSEQUENCE_IDS)
            spent.sort(key=order.index)
        if t["subverted"] in spent:
            t["subverted"] = None
    elif spec["edition"] == "agora" and spec["roll"] == "task":
        if isinstance(item, bool) or not isinstance(item, int) or not 0 <= item < spec["consequences"]:
            raise SpecError("spend", item, f"a consequence from 0 to {spec['consequences'] - 1}")
        per = _agora.per_consequence(spec)
        if item in spent:
            spent.remove(item)
        else:
            if per * (len(spent) + 1) > r.outcome:
                raise SpecError("spend", item, f"at most {r.outcome // per} consequences subverted",
                                f"each costs {per} success{'es' if per > 1 else ''}; {r.outcome} rolled")
            spent = sorted(spent + [item])
    else:
        raise SpecError("spend", item, "a task with consequences to buy")
    t["spent"] = spent
    w.error = ""
    _update(w)


def subvert(w: Any, item: Any) -> None:
    """The FC subverts an unbought secondary consequence (or None)."""
    t = _need(w, "spend")
    spec = t["spec"]
    if spec["edition"] != "playtest" or spec["roll"] != "task":
        raise SpecError("subvert", item, "a playtest task")
    if item is not None and (item not in _rules.SUBVERSIONS or item in t["spent"]):
        raise SpecError("subvert", item, "None or a secondary consequence not bought (s1..s4)")
    t["subverted"] = item
    _update(w)


def _need(w: Any, phase: str) -> dict:
    t = getattr(w, "_t", None)
    if t is None:
        raise SpecError("phase", "idle", f"a roll in its {phase} step", "press Roll first")
    if phase == "kiss" and t["roll"] is not None:
        raise SpecError("phase", "spend", "a roll waiting for its KISS", "the dice were KISSed already")
    if phase == "spend" and t["roll"] is None:
        raise SpecError("phase", "kiss", "a roll whose dice stand", "KISS or keep the dice first")
    return t


# --------------------------------------------------------------------------
# Words and rendering
# --------------------------------------------------------------------------


def announce(spec: dict, r) -> str:
    ed, kind = spec["edition"], spec["roll"]
    verdict = "passed" if r.passed else "failed"
    if ed == "playtest" and kind == "task":
        d = r.details
        return (f"Rolled {r.outcome} success{'es' if r.outcome != 1 else ''}: {verdict} "
                f"(threshold {d['threshold']}, goal {d['goal']})" + (" with Ego" if r.ego_spent else ""))
    if ed == "agora":
        d = r.details
        snake = f"; snake eyes: {d['label']}" if d.get("snake_eyes") else ""
        return f"Rolled {r.outcome} success{'es' if r.outcome != 1 else ''}: {verdict}{snake}"
    return _rules.simple_sentence(spec, r)


def sentence(w: Any) -> str:
    t = w._t
    spec, r = t["spec"], t["roll"]
    if spec["edition"] == "playtest" and spec["roll"] == "task":
        return _rules.playtest_sentence(spec, r.outcome, t["spent"], t["subverted"])
    if spec["edition"] == "agora":
        return _rules.agora_sentence(spec, r, t["spent"], _texts(w))
    return _rules.simple_sentence(spec, r)


def _finish_simple(w: Any) -> None:
    t = w._t
    r = t["roll"]
    t["entry"] = w.log.append(make_entry(r, kiss=None, ego=None, result=sentence(w)))
    w.status = announce(t["spec"], r)
    _render(w, "done")


def _update(w: Any) -> None:
    t = w._t
    result = sentence(w)
    if t["entry"] is not None:
        w.log.update(t["entry"], roll=t["roll"].to_dict(), ego=t["ego"], spent=list(t["spent"]),
                     subverted=t["subverted"], texts=_texts(w), result=result)
    _render(w, "spend")


def _grade_label(d) -> str:
    if d.grade is None:
        return ""
    if isinstance(d.grade, str):
        return GRADE_WORDS.get(d.grade, d.grade)
    return "automatic" if d.grade == 1 else f"rank {d.grade}"


#: What each mark on a die means (the view's legend lists the marks shown).
MARKS = {
    "✓": "success", "✓✓": "counts twice (Ego)", "✗": "no success", "−1": "cancels a success",
    "auto": "automatic success, not rolled", "auto-pass": "automatic pass", "auto-fail": "automatic fail",
    "bonus": "short of the target: the best bonus d6 decides", "–": "not counted: only the best bonus d6 counts",
    "K": "KISSed (re-rolled)",
}
#: Playsheet tasks count passes, not successes.
PASS_MARKS = {"✓": "pass", "✓✓": "counts twice (Ego)", "✗": "no pass"}


def contributions(spec: dict, r) -> list[tuple[str, str]]:
    """What each die of roll ``r`` contributed: (mark, words), from the
    roll itself (``scores``, the d20's category), so the view adds no rule."""
    ed, kind, d = spec["edition"], spec["roll"], r.details
    if kind == "check" and ed in ("playtest", "playsheet"):
        cat = d["category"]
        out = []
        bonus = [x for x in r.dice if x.owner == "bonus"]
        if cat in ("auto-pass", "auto-fail"):
            out.append((cat, MARKS[cat]))
        elif bonus:
            short = d["target"] - (d["natural"] + spec["score"])
            out.append(("bonus", f"{short} short of the target {d['target']}: the best bonus d6 decides"))
        else:
            out.append(("✓", f"a pass (total {d['total']} against {d['target']})") if r.passed
                       else ("✗", f"a fail (total {d['total']} against {d['target']})"))
        best = max(bonus, key=lambda x: (x.after, -x.index)) if bonus else None
        for x in bonus:
            if x is best:
                out.append(("✓", "the best bonus d6: it makes the pass") if r.passed
                           else ("✗", "the best bonus d6: still short, a fail"))
            else:
                out.append(("–", MARKS["–"]))
        return out
    if ed == "vers":
        return [(f"+{x.after}", f"adds {x.after} to the 3d6 total") for x in r.dice]
    words = PASS_MARKS if ed == "playsheet" else MARKS
    out = []
    for x in r.dice:
        if ed == "agora" and x.grade == 1:
            out.append(("auto", MARKS["auto"]))
        elif x.scores < 0:
            out.append(("−1", MARKS["−1"]))
        elif x.scores > 1:
            out.append(("✓✓", f"{x.scores} {'passes' if ed == 'playsheet' else 'successes'} (Ego)"))
        elif x.scores == 1:
            out.append(("✓", words["✓"]))
        else:
            out.append(("✗", words["✗"]))
    return out


def legend(spec: dict, r, marks) -> list[dict]:
    """The meaning of each mark shown (and K when a die was KISSed)."""
    words = PASS_MARKS if spec["edition"] == "playsheet" else {}
    if spec["roll"] == "check" and spec["edition"] in ("playtest", "playsheet"):
        words = {"✓": "pass", "✗": "fail"}
    out, seen = [], set()
    for m, _ in marks:
        if m not in seen:
            seen.add(m)
            meaning = "adds its face to the 3d6 total" if m.startswith("+") else words.get(m, MARKS.get(m, m))
            out.append({"mark": "+n" if m.startswith("+") else m, "meaning": meaning})
            if m.startswith("+"):
                seen.update(f"+{k}" for k in range(1, 7))
    if any(x.kissed for x in r.dice):
        out.append({"mark": "K", "meaning": MARKS["K"]})
    return out


def _die_view(d, spec: dict, first, selected, phase: str, mark=("", "")) -> dict:
    can, why = (selectable(spec, first, d.index) if phase == "kiss" else (False, ""))
    return {"index": d.index, "owner": d.owner, "grade": d.grade, "grade_label": _grade_label(d), "sides": d.sides,
            "before": d.before, "after": d.after, "kissed": d.kissed, "scores": d.scores,
            "success": d.scores > 0, "exploded_from": d.exploded_from, "selected": phase == "kiss" and d.index in selected,
            "selectable": can, "why": why, "mark": mark[0], "contribution": mark[1]}


def _render(w: Any, phase: str) -> None:
    t = w._t
    spec, first, r = t["spec"], t["first"], t["roll"]
    shown = r if r is not None else first
    marks = contributions(spec, shown)
    view: dict[str, Any] = {
        "phase": phase, "seed": str(t["seed"]), "edition": spec["edition"], "kind": spec["roll"],
        "dice": [_die_view(d, spec, first, t["selected"], phase, m) for d, m in zip(shown.dice, marks)],
        "legend": legend(spec, shown, marks),
        "selected": list(t["selected"]),
    }
    if phase == "kiss":
        used = _budget_used(spec, first, t["selected"])
        view.update({
            "budget": budget(spec), "budget_left": budget(spec) - used,
            "successes": _succ_before(spec, first), "goal": _goal(spec, first),
            "ego_reroll": {"available": spec.get("ego") == "reroll", "on": t["ego_reroll"]},
            "advice": advice(spec, first, t["selected"], t["ego_reroll"]),
        })
    else:
        d = r.details
        view.update({"outcome": r.outcome, "passed": r.passed, "goal_reached": r.goal_reached,
                     "ego_spent": r.ego_spent, "result": sentence(w), "details": _jsonable(d),
                     "kissed": list(r.kissed)})
        view["ego_after"] = {"available": phase == "spend" and t["with_ego"] is not None}
        if spec["edition"] == "agora":
            view["snake"] = {"eyes": bool(d.get("snake_eyes")), "label": d.get("label", ""),
                             "ones": d.get("ones", 0), "criticals": d.get("criticals", 0)}
        if phase == "spend":
            view["spend"] = _spend_view(w)
    w.table = view


def _spend_view(w: Any) -> dict:
    t = w._t
    spec, r = t["spec"], t["roll"]
    if spec["edition"] == "playtest" and spec["roll"] == "task":
        thr = _pt.threshold(spec)
        cost = _rules.playtest_cost(t["spent"], thr)
        items = []
        for c in _rules.consequence_list():
            price = thr if c["id"] == _rules.PRIMARY else 1
            bought = c["id"] in t["spent"]
            items.append({**c, "cost": price, "bought": bought,
                          "affordable": bought or cost + price <= r.outcome})
        subvertible = [{"id": i, "text": _rules.SUBVERSIONS[i]} for i in _rules.SUBVERSIONS if i not in t["spent"]]
        return {"kind": "playtest", "available": r.outcome, "cost": cost, "left": r.outcome - cost, "items": items,
                "subvertible": subvertible, "subverted": t["subverted"]}
    if spec["edition"] == "agora" and spec["roll"] == "task":
        per = _agora.per_consequence(spec)
        texts = _texts(w)
        items = [{"id": i, "text": texts[i] if i < len(texts) and texts[i] else f"Consequence {i + 1}",
                  "cost": per, "bought": i in t["spent"],
                  "affordable": i in t["spent"] or per * (len(t["spent"]) + 1) <= r.outcome}
                 for i in range(spec["consequences"])]
        return {"kind": "agora", "available": r.outcome, "cost": per * len(t["spent"]),
                "left": r.outcome - per * len(t["spent"]), "items": items}
    return {"kind": None}


def _jsonable(d: Mapping) -> dict:
    out = {}
    for k, v in d.items():
        out[k] = v if isinstance(v, (int, float, str, bool, type(None), list, dict)) else str(v)
    return out


def handle(w: Any, content: Mapping) -> None:
    """Dispatch a message from the view."""
    action = content.get("do")
    if action == "select":
        select(w, content.get("index"))
    elif action == "choose":
        kiss = content.get("kiss")
        if not isinstance(kiss, list):
            raise SpecError("kiss", kiss, "a list of die indices")
        set_selection(w, kiss)
    elif action == "ego_reroll":
        set_ego_reroll(w, bool(content.get("on")))
    elif action == "commit":
        commit(w)
    elif action == "spend_ego":
        spend_ego(w)
    elif action == "spend":
        toggle_spend(w, content.get("item"))
    elif action == "subvert":
        subvert(w, content.get("item"))
    elif action == "replay":
        i = int(content["index"])
        r = w.log.replay(i)
        w.status = f"Replayed roll {i + 1} (seed {r.seed}): {announce(r.spec, r)}"
    else:
        raise SpecError("do", action, "roll, select, ego_reroll, commit, spend_ego, spend, subvert, export, import")
