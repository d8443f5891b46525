"""The roll at the table: first faces, KISS selection with exact advice,
commit, Ego, spending successes, the result line and the log entry.

The engine rolls a spec, a seed and a KISS choice in one call
(``roll(spec, seed, kiss=[...], ego=...)``): the first faces come from the
seed's first stream and KISSed dice from the second, so rolling with
``kiss=[]`` shows the first faces, and rolling again with the chosen dice
gives the same first faces with those dice KISSed. Budget and once-per-die
are enforced here (for the view's messages) and again by the engine.

Every rule of the table (which steps a roll has, which dice may be KISSed
and what uses the budget, what each die contributed, what successes buy and
the words of the result) is the edition's answer
(:class:`~venus_widgets.engine.table.TableRules`, in
``engine/editions/<id>/at_table.py``): this module names no edition.
"""

from __future__ import annotations

import re

from typing import Any, Mapping

from ..engine import api as _api
from ..engine.edition import get as _edition
from ..engine.errors import SpecError
from ..engine.table import Choices, Mark, Steps, TableRules, plural
from . import _rules
from ._view import MessageError, read_list
from .rolllog import make_entry

GRADE_WORDS = {"bronze": "Bronze", "silver": "Silver", "gold": "Gold", "platinum": "Platinum"}


def rules(spec: Mapping) -> TableRules:
    """The edition's answers to the roll at the table."""
    return _edition(spec["edition"]).at_table


def steps(spec: dict) -> Steps:
    return rules(spec).steps(spec)


def _choices(w: Any) -> Choices:
    t = w._t
    return Choices(tuple(t["spent"]), t["subverted"], tuple(_texts(w)))


# --------------------------------------------------------------------------
# Start
# --------------------------------------------------------------------------


def _roll(t: dict, kiss: Any = None, ego: Any = None) -> Any:
    """The roll of this table: seeded, or from the faces the table entered."""
    if t.get("entered") is None:
        return _api.roll(t["spec"], t["seed"], kiss=kiss, ego=ego)
    faces = t["entered"]
    return _api.enter(t["spec"], faces["faces"], kiss=kiss or [], kiss_faces=faces["kiss_faces"] or [], ego=ego)


def start(w: Any, spec: dict, seed: int):
    return _start(w, spec, seed, None)


def begin_entry(w: Any, spec: dict) -> None:
    """By hand: wait for the faces the table rolled with physical dice."""
    dice = [_enter_die(d) for d in _api.dice_to_enter(spec)]  # first: an error leaves the last roll as it was
    w._t = {"spec": spec, "seed": None, "entered": {"faces": None, "kiss_faces": None}, "first": None,
            "selected": [], "ego_reroll": False, "roll": None, "ego": False, "kiss": [], "spent": [],
            "subverted": None, "entry": None, "log": w.log, "with_ego": None}
    w.table = {"phase": "enter", "need": "faces", "entered": True,
               "dice": dice,
               "prompt": "Roll these dice and type their faces in this order"}
    w.status = "Roll your dice, then type the faces: " + ", ".join(d["words"] for d in dice) + "."


def _enter_die(d: Mapping) -> dict:
    """A die the table rolls by hand, with the words the view and the status say it in."""
    return {"index": d["index"], "owner": d["owner"], "grade": d["grade"], "sides": d["sides"],
            "grade_label": _grade_words(d["grade"]),
            "words": _die_words(d["index"], d["owner"], d["grade"], d["sides"])}


def _die_words(index: int, owner: str, grade: Any, sides: int) -> str:
    who = "you" if owner == "own" else "" if owner == f"d{sides}" else owner
    return f"die {index + 1} ({', '.join(x for x in (who, _grade_words(grade), 'd' + str(sides)) if x)})"


def die_words(d: Any) -> str:
    """A die of a roll as the table says it: "die 3 (you, Bronze, d6)"."""
    return _die_words(d.index, d.owner, d.grade, d.sides)


def parse_faces(text: Any, field: str = "faces") -> list[int]:
    """Faces as typed: whole numbers separated by spaces or commas ("6 4 1",
    "6,4,1"), or a list of them; read up to the engine's ``MAX_FACES``
    (more dice than any roll has) before anything else is read."""
    if not isinstance(text, str):  # a list (or any iterable, from Python): read up to the engine's bound
        return read_list(field, text, _api.MAX_FACES, "the faces showing, one whole number per die in die order",
                         "faces")
    if len(text) > 4 * _api.MAX_FACES:
        raise MessageError(field, text, f"at most {_api.MAX_FACES} faces typed as whole numbers, e.g. '6 4 1'")
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    if not parts or not all(re.fullmatch(r"[0-9]{1,3}", p) for p in parts):
        raise MessageError(field, text, "the faces typed as whole numbers, e.g. '6 4 1'")
    return [int(p) for p in parts]


def stops_at_kiss(spec: dict, first: Any) -> bool:
    """Whether the table waits at the KISS step after these first faces
    (a roll that already meets the goal has none)."""
    st = steps(spec)
    head = rules(spec).kiss_start(spec, first)
    return st.kiss and (st.kiss_when_met or head.successes < head.goal)


def enter_faces(w: Any, text: Any) -> Any:
    """The faces the table rolled (first faces, or the KISSed dice's new ones)."""
    t = getattr(w, "_t", None)
    if t is None or t.get("entered") is None or w.table.get("phase") not in ("enter", "enter_kiss"):
        raise SpecError("phase", w.table.get("phase"), "a roll by hand waiting for its faces",
                        "tick 'I roll real dice' and press Roll first")
    faces = parse_faces(text)
    if w.table["phase"] == "enter":  # _start rolls them before the table changes: a wrong face changes nothing
        r = _start(w, t["spec"], None, {"faces": faces, "kiss_faces": None})
        w.error = ""
        return r
    t["entered"]["kiss_faces"] = faces
    try:
        r = _roll(t, list(t["selected"]), True if t["ego_reroll"] else False)
    except SpecError:
        t["entered"]["kiss_faces"] = None
        raise
    w.error = ""
    return _commit(w, r)


def _start(w: Any, spec: dict, seed: int | None, entered: dict | None):
    st = steps(spec)
    base = {"spec": spec, "seed": seed, "entered": entered}
    if not st.any:
        r = _roll(base)
        w._t = {**base, "first": r, "selected": [], "ego_reroll": False, "roll": r,
                "ego": None, "kiss": None, "spent": [], "subverted": None, "entry": None, "log": w.log,
                "with_ego": None}
        _finish_simple(w)
        return r
    first = _roll(base, [], False)
    w._t = {**base, "first": first, "selected": [], "ego_reroll": False, "roll": None,
            "ego": False, "kiss": [], "spent": [], "subverted": None, "entry": None, "log": w.log, "with_ego": None}
    if stops_at_kiss(spec, first):
        _render(w, "kiss")
        w.status = kiss_status(spec, w.table)
    else:
        commit(w)
    return first


def kiss_status(spec: dict, view: Mapping) -> str:
    """The announcement of the first faces: what shows, and the engine's
    suggestion with its chance (dice counted from 1, as in the view)."""
    st = steps(spec)
    out = (f"{plural(view['successes'], *st.unit)} showing, goal {view['goal']}: choose dice to "
           f"{_verb(st.kiss_label)}, or keep the dice")
    best = [o for o in (view.get("advice") or {}).get("options", []) if o.get("optimal")]
    if best:
        o = best[0]
        what = (f"KISS {'dice' if len(o['kiss']) > 1 else 'die'} {', '.join(str(i + 1) for i in o['kiss'])}"
                if o["kiss"] else "keep the dice")
        out += (f"; the engine suggests: {what} (pass {_rules.percent(o['p_pass'])}, "
                f"goal {_rules.percent(o['p_goal'])})")
    return out


def _verb(label: str) -> str:
    """The step's name as a verb in a sentence: "KISS" stays, "Push" is "push"."""
    return label if label.isupper() else label.lower()


# --------------------------------------------------------------------------
# KISS selection
# --------------------------------------------------------------------------


def selectable(spec: dict, first, i: int) -> tuple[bool, str]:
    """Whether die ``i`` may be KISSed, and why not."""
    dice = first.dice
    if not 0 <= i < len(dice):
        return False, (f"there is no die {i + 1} (index {i}): the dice are 1 to {len(dice)}, "
                       f"indices 0 to {len(dice) - 1}")
    if not steps(spec).kiss:
        return False, "no KISS in this roll"
    return rules(spec).kiss_allowed(spec, first, i)


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
        budget = rules(spec).kiss_start(spec, first).budget
        if rules(spec).kiss_cost(spec, first, cand) > budget:
            dice = ", ".join(str(i + 1) for i in cand)
            raise SpecError("kiss", cand, f"at most {budget} KISSes (the KISS budget)",
                            f"dice {dice} selected (indices {cand} count from 0); each die is KISSed at most "
                            "once; untick a die first")
        sel = cand
    t["selected"] = sel
    w.error = ""
    _render(w, "kiss")


def set_selection(w: Any, indices: Any) -> None:
    """Choose the whole KISS selection at once (the view's "Choose"): read
    up to the number of dice on the table before anything else, each die
    at most once, every die checked as a click would be and the budget
    checked; then drawn once. A refused choice changes nothing."""
    t = _need(w, "kiss")
    spec, first = t["spec"], t["first"]
    n = len(first.dice)
    items = read_list("kiss", indices, n, f"the dice to KISS, each at most once (die indices 0 to {n - 1})", "dice")
    chosen: list[int] = []
    for i in items:
        if isinstance(i, bool) or not isinstance(i, int):
            raise MessageError("kiss", items, f"die indices, whole numbers from 0 to {n - 1}")
        if i in chosen:
            raise MessageError("kiss", items, "each die at most once", f"die {i + 1} (index {i}) is listed twice")
        ok, why = selectable(spec, first, i)
        if not ok:
            raise SpecError("index", i, "the index (counted from 0) of a die that may be KISSed", why)
        chosen.append(i)
    chosen.sort()
    budget = rules(spec).kiss_start(spec, first).budget
    if rules(spec).kiss_cost(spec, first, chosen) > budget:
        dice = ", ".join(str(i + 1) for i in chosen)
        raise SpecError("kiss", chosen, f"at most {budget} KISSes (the KISS budget)",
                        f"dice {dice} chosen (indices {chosen} count from 0); each die is KISSed at most once")
    t["selected"] = chosen
    w.error = ""
    _render(w, "kiss")  # an empty choice ("keep the dice") selects nothing: the view must still follow


def set_ego_reroll(w: Any, on: bool) -> None:
    t = _need(w, "kiss")
    if not steps(t["spec"]).ego_reroll:
        raise SpecError("ego", on, "Ego 'reroll' in the spec", "set ego='reroll' first")
    t["ego_reroll"] = bool(on)
    _render(w, "kiss")


def selection_odds(spec: dict, first, selected, ego_reroll: bool = False) -> dict | None:
    """Exact P(pass), P(goal) if ``selected`` are KISSed (then Ego by the
    policy): the engine's public ``kiss_odds``."""
    if "kiss_odds" not in _edition(spec["edition"]).FEATURES:
        return None
    faces = [d.before for d in first.dice]
    # Ego 'reroll': every failed die too, as roll(ego=True) does
    return _api.kiss_odds(spec, faces, sorted(selected), ego=True if ego_reroll else None)


def advice(spec: dict, first, selected, ego_reroll: bool) -> dict:
    faces = [d.before for d in first.dice]
    out: dict[str, Any] = {"available": False, "options": [], "optimal": [], "note": ""}
    try:
        if "advise" in _edition(spec["edition"]).FEATURES:
            a = _api.advise(spec, faces)  # one Advice type for every edition
            out["optimal"] = list(a.optimal)
            out["policy"] = list(a.policy)
            out["options"] = [{"kiss": list(o.kiss), "ego": o.ego, "p_pass": o.p_pass, "p_goal": o.p_goal,
                               **({} if o.p_critical is None else {"p_critical": o.p_critical}),
                               "label": o.label, "optimal": o.kiss == a.optimal and not o.ego}
                              for o in a.options]
            out["available"] = True
        else:
            out["note"] = f"the engine gives no advice on which dice to {_verb(steps(spec).kiss_label)} here"
    except SpecError as err:
        out["note"] = str(err)
    sel = selection_odds(spec, first, selected, ego_reroll) if out["available"] else None
    out["selected"] = sel
    return out


# --------------------------------------------------------------------------
# Commit, Ego, spending
# --------------------------------------------------------------------------


def commit(w: Any) -> Any:
    """KISS the selected dice (and Ego reroll if chosen): the dice stand.
    By hand, the KISSed dice first wait for their new faces."""
    t = w._t
    if t is None or t["roll"] is not None:
        raise SpecError("phase", "commit", "a roll waiting for its KISS", "roll first")
    ego = True if t["ego_reroll"] else False
    if t.get("entered") is not None:
        dice = _api.kiss_to_enter(t["spec"], t["entered"]["faces"], list(t["selected"]), ego)
        if dice:
            first = t["first"].dice
            words = [_enter_die({"index": i, "owner": first[i].owner, "grade": first[i].grade,
                                 "sides": first[i].sides})["words"] for i in dice]
            w.table = dict(w.table, phase="enter_kiss", need="kiss_faces", entered=True, kiss_dice=dice,
                           kiss_words=words,
                           prompt="Roll the KISSed dice again and type their new faces in this order")
            w.status = "Roll again and type the new faces of " + ", ".join(words) + "."
            return None
    return _commit(w, _roll(t, list(t["selected"]), ego))


def _commit(w: Any, r: Any) -> Any:
    t = w._t
    spec = t["spec"]
    ego = True if t["ego_reroll"] else False
    t["roll"], t["kiss"], t["ego"] = r, list(t["selected"]), ego
    # the same dice with Ego spent after the KISS round, rolled once: offered
    # only when it changes something (a die that would count twice showing)
    with_ego = _roll(t, t["kiss"], True) if steps(spec).ego_after and not ego else None
    t["with_ego"] = with_ego if with_ego is not None and with_ego.ego_spent else None
    t["spent"] = list(rules(spec).default_spend(spec, r, getattr(w, "wanted", [])))
    w.status = announce(spec, r)
    _update(w)  # the roll enters the log (its entry's id is kept: later choices update only that entry)
    return r


def _texts(w: Any) -> list[str]:
    return list(getattr(w, "consequence_texts", []) or [])


def spend_ego(w: Any) -> Any:
    """Spend Ego after the KISS round (the dice that count twice)."""
    t = _need(w, "spend")
    spec = t["spec"]
    st = steps(spec)
    if not st.ego_after:
        raise SpecError("ego", True, "a spec with Ego to spend after the KISS round")
    if t["ego"]:
        raise SpecError("ego", True, "Ego not yet spent", "Ego is spent once")
    r = t["with_ego"]
    if r is None:
        raise SpecError("ego", True, f"a roll where '{st.ego_label}' changes something", "Ego would change nothing")
    t["roll"], t["ego"], t["with_ego"] = r, True, None
    w.error = ""
    t["spent"] = list(rules(spec).spend_more(spec, r, t["spent"], getattr(w, "wanted", [])))
    if t["subverted"] in t["spent"]:
        t["subverted"] = None
    w.status = announce(spec, r)
    _update(w)
    return r


def toggle_spend(w: Any, item: Any) -> None:
    """Buy or unbuy a consequence (its id, as the spend menu lists it),
    costs enforced by the edition."""
    t = _need(w, "spend")
    spec = t["spec"]
    t["spent"] = list(rules(spec).toggle(spec, t["roll"], t["spent"], item))
    if t["subverted"] in t["spent"]:
        t["subverted"] = None
    w.error = ""
    _update(w)


def subvert(w: Any, item: Any) -> None:
    """The FC subverts an unbought consequence (or None)."""
    t = _need(w, "spend")
    spec = t["spec"]
    t["subverted"] = rules(spec).subvert(spec, t["spent"], item)
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
    return rules(spec).announce(spec, r)


def sentence(w: Any) -> str:
    t = w._t
    spec = t["spec"]
    return rules(spec).sentence(spec, t["roll"], _choices(w))


def _finish_simple(w: Any) -> None:
    t = w._t
    r = t["roll"]
    t["entry"] = t["log"].record(None, make_entry(r, kiss=None, ego=None, result=sentence(w)))
    w.status = announce(t["spec"], r)
    _render(w, "done")


def _update(w: Any) -> None:
    """The roll as it stands now into its own log entry, by id (appended
    anew if the log was cleared while the roll was open: never another
    roll's entry), then the view."""
    t = w._t
    entry = make_entry(t["roll"], kiss=t["kiss"], ego=t["ego"], spent=t["spent"], subverted=t["subverted"],
                       texts=_texts(w), result=sentence(w))
    t["entry"] = t["log"].record(t["entry"], entry)
    _render(w, "spend")


def _grade_label(d) -> str:
    return _grade_words(d.grade)


def _grade_words(grade: Any) -> str:
    """A die's grade as the table says it: "Silver", "rank 4", "automatic"."""
    if grade is None:
        return ""
    if isinstance(grade, str):
        return GRADE_WORDS.get(grade, grade)
    return "automatic" if grade == 1 else f"rank {grade}"


def contributions(spec: dict, r) -> list[tuple[str, str]]:
    """What each die of roll ``r`` contributed: (mark, words), as the
    edition reads the roll, so the view adds no rule."""
    return [(m.mark, m.words) for m in rules(spec).contributions(spec, r)]


def legend(spec: dict, r, marks) -> list[dict]:
    """The meaning of each mark shown (and K when a die was KISSed)."""
    return rules(spec).legend(spec, r, [Mark(*m) for m in marks])


def _die_view(d, spec: dict, first, selected, phase: str, mark=("", "")) -> dict:
    can, why = (selectable(spec, first, d.index) if phase == "kiss" else (False, ""))
    level = list(GRADE_WORDS).index(d.grade) if isinstance(d.grade, str) and d.grade in GRADE_WORDS else None
    return {"index": d.index, "owner": d.owner, "grade": d.grade, "grade_label": _grade_label(d), "sides": d.sides,
            "grade_level": level,
            "before": d.before, "after": d.after, "kissed": d.kissed, "scores": d.scores,
            "success": d.scores > 0, "exploded_from": d.exploded_from, "selected": phase == "kiss" and d.index in selected,
            "selectable": can, "why": why, "mark": mark[0], "contribution": mark[1]}


def _render(w: Any, phase: str) -> None:
    t = w._t
    spec, first, r = t["spec"], t["first"], t["roll"]
    ed = rules(spec)
    shown = r if r is not None else first
    marks = contributions(spec, shown)
    view: dict[str, Any] = {
        "phase": phase, "seed": "" if t["seed"] is None else str(t["seed"]), "entered": t.get("entered") is not None,
        "edition": spec["edition"], "kind": spec["roll"],
        "dice": [_die_view(d, spec, first, t["selected"], phase, m) for d, m in zip(shown.dice, marks)],
        "legend": legend(spec, shown, marks),
        "selected": list(t["selected"]),
    }
    if phase == "kiss":
        head = ed.kiss_start(spec, first)
        st = steps(spec)
        view.update({
            "budget": head.budget, "budget_left": head.budget - ed.kiss_cost(spec, first, t["selected"]),
            "successes": head.successes, "goal": head.goal,
            "step": {"name": st.kiss_label, "unit": list(st.unit)},
            "ego_reroll": {"available": steps(spec).ego_reroll, "on": t["ego_reroll"]},
            "advice": advice(spec, first, t["selected"], t["ego_reroll"]),
        })
    else:
        view.update({"outcome": r.outcome, "passed": r.passed, "goal_reached": r.goal_reached,
                     "ego_spent": r.ego_spent, "result": sentence(w), "details": _jsonable(r.details),
                     "kissed": list(r.kissed)})
        view["ego_after"] = {"available": phase == "spend" and t["with_ego"] is not None,
                             "label": steps(spec).ego_label}
        view.update(ed.view_extra(spec, r))
        if phase == "spend":
            view["spend"] = _spend_view(w)
    w.table = view


def _spend_view(w: Any) -> dict:
    t = w._t
    spec = t["spec"]
    menu = rules(spec).spend_menu(spec, t["roll"], _choices(w))
    return {"kind": None} if menu is None else menu.view(spec["edition"])


def _jsonable(d: Mapping) -> dict:
    out = {}
    for k, v in d.items():
        out[k] = v if isinstance(v, (int, float, str, bool, type(None), list, dict)) else str(v)
    return out


#: what the table answers while it waits for typed faces
_WHILE_ENTERING = ("enter", "replay")


def handle(w: Any, content: Mapping) -> None:
    """Dispatch a message from the view."""
    action = content.get("do")
    phase = (getattr(w, "table", None) or {}).get("phase")
    if phase in ("enter", "enter_kiss") and action not in _WHILE_ENTERING:
        raise SpecError("do", action, "the faces typed first",
                        "the table waits for the faces your dice show: type them and press Play these faces")
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
    elif action == "enter":
        enter_faces(w, content.get("faces"))
    elif action == "replay":
        i = int(content["index"])
        r = w.log.replay(i)
        w.error = ""
        how = "faces entered by hand" if r.entered is not None else f"seed {r.seed}"
        w.status = f"Replayed roll {i + 1} ({how}): {announce(r.spec, r)}"
    else:
        raise SpecError("do", action, "roll, select, ego_reroll, commit, spend_ego, spend, subvert, export, import")
