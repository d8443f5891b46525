"""The roll at the table in words and view dicts: each die as the table
names and draws it, the KISS step's words and advice, faces typed by hand.

Pure functions of a spec and its rolls, no widget state (the session that
holds a roll is :mod:`.table_session`). Every rule is the edition's answer
(:class:`~venus_widgets.engine.contract.table_answers.TableRules`, its ``at_table``): this
module names no edition.
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from ..engine import api as _api
from ..engine.contract.edition import get as _edition
from ..engine.errors import SpecError
from ..engine.table.rolls import Die, Roll
from ..engine.contract.table_answers import DieWords, Mark, Steps, TableRules, plural
from . import plain_words
from .from_view import MessageError, read_list


def rules(spec: dict) -> TableRules:
    """The edition's answers to the roll at the table."""
    return _edition(spec["edition"]).at_table


def steps(spec: dict) -> Steps:
    return rules(spec).steps(spec)


# -- a die --------------------------------------------------------------------------------------


def look(spec: dict, d: Any) -> DieWords:
    """A die as the edition names and draws it."""
    return rules(spec).die_words(spec, d)


def die_words(spec: dict, d: Any) -> str:
    """A die as the table says it: "die 3 (you, Bronze, d6)"."""
    w = look(spec, d)
    who = "" if w.tag == f"d{d.sides}" else w.tag
    return f"die {d.index + 1} ({', '.join(x for x in (who, w.grade, 'd' + str(d.sides)) if x)})"


def die_look(w: DieWords) -> dict[str, Any]:
    """The keys of a die's view that say whose it is and how it is drawn."""
    return {"owner_words": w.owner, "tag": w.tag, "shape": w.shape, "group": w.group or w.owner,
            "grade_label": w.grade, "grade_level": w.level}


def contributions(spec: dict, r: Roll) -> list[tuple[str, str]]:
    """What each die of roll ``r`` contributed: (mark, words), as the
    edition reads the roll, so the view adds no rule."""
    return [(m.mark, m.words) for m in rules(spec).contributions(spec, r)]


def legend(spec: dict, r: Roll, marks: Sequence[tuple[str, str]]) -> list[dict]:
    """The meaning of each mark shown (and K when a die was KISSed)."""
    return rules(spec).legend(spec, r, [Mark(*m) for m in marks])


def selectable(spec: dict, first: Roll, i: int) -> tuple[bool, str]:
    """Whether die ``i`` may be KISSed, and why not."""
    dice = first.dice
    if not 0 <= i < len(dice):
        return False, (f"there is no die {i + 1} (index {i}): the dice are 1 to {len(dice)}, "
                       f"indices 0 to {len(dice) - 1}")
    if not steps(spec).kiss:
        return False, "no KISS in this roll"
    return rules(spec).kiss_allowed(spec, first, i)


def die_view(d: Die, spec: dict, first: Roll, selected: Sequence[int], phase: str,
             mark: tuple[str, str] = ("", "")) -> dict[str, Any]:
    can, why = (selectable(spec, first, d.index) if phase == "kiss" else (False, ""))
    return {"index": d.index, "owner": d.owner, "grade": d.grade, "sides": d.sides, **die_look(look(spec, d)),
            "before": d.before, "after": d.after, "kissed": d.kissed, "scores": d.scores,
            "success": d.scores > 0, "exploded_from": d.exploded_from,
            "selected": phase == "kiss" and d.index in selected,
            "selectable": can, "why": why, "mark": mark[0], "contribution": mark[1]}


def to_enter(spec: dict, d: Mapping[str, Any]) -> dict[str, Any]:
    """A die the table rolls by hand (``vw.dice_to_enter``), with the words
    the view and the status say it in."""
    die = Die(d["index"], d["owner"], d["grade"], d["sides"], 0, 0)
    return {"index": d["index"], "owner": d["owner"], "grade": d["grade"], "sides": d["sides"],
            **die_look(look(spec, die)), "words": die_words(spec, die)}


# -- the KISS step ------------------------------------------------------------------------------


def stops_at_kiss(spec: dict, first: Roll) -> bool:
    """Whether the table waits at the KISS step after these first faces
    (a roll that already meets the goal has none)."""
    st = steps(spec)
    head = rules(spec).kiss_start(spec, first)
    return st.kiss and (st.kiss_when_met or head.successes < head.goal)


def kiss_status(spec: dict, view: Mapping) -> str:
    """The announcement of the first faces: what shows, and the roller's
    suggestion with its chance (dice counted from 1, as in the view)."""
    st = steps(spec)
    out = (f"{plural(view['successes'], *st.unit)} showing, goal {view['goal']}: choose dice to "
           f"{verb(st.kiss_label)}, or keep the dice")
    best = [o for o in (view.get("advice") or {}).get("options", []) if o.get("optimal")]
    if best:
        o = best[0]
        what = (f"KISS {'dice' if len(o['kiss']) > 1 else 'die'} {', '.join(str(i + 1) for i in o['kiss'])}"
                if o["kiss"] else "keep the dice")
        out += (f"; suggested: {what} (pass {plain_words.percent(o['p_pass'])}, "
                f"goal {plain_words.percent(o['p_goal'])})")
    return out


def verb(label: str) -> str:
    """The step's name as a verb in a sentence: "KISS" stays, "Push" is "push"."""
    return label if label.isupper() else label.lower()


def a_die_it_takes(spec: dict) -> str:
    """What the re-roll step's refusal expects, in the step's own name: "a
    die that may be KISSed", "a die that Push may take"."""
    name = steps(spec).kiss_label
    return "a die that may be KISSed" if name == "KISS" else f"a die that {name} may take"


def selection_odds(spec: dict, first: Roll, selected: Sequence[int], ego_reroll: bool = False) -> dict | None:
    """Exact P(pass), P(goal) if ``selected`` are KISSed (then Ego by the
    policy): the engine's public ``kiss_odds``."""
    if "kiss_odds" not in _edition(spec["edition"]).FEATURES:
        return None
    faces = [d.before for d in first.dice]
    # Ego 'reroll': every failed die too, as roll(ego=True) does
    return _api.kiss_odds(spec, faces, sorted(selected), ego=True if ego_reroll else None)


def advice(spec: dict, first: Roll, selected: Sequence[int], ego_reroll: bool) -> dict:
    """The engine's KISS options for the first faces, best first, and the
    chance of the selection as it stands."""
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
            step = verb(steps(spec).kiss_label)
            out["note"] = (f"No advice here: pick the dice to {step}, and the chance at the top follows your pick."
                           if "kiss_odds" in _edition(spec["edition"]).FEATURES
                           else f"No advice here on which dice to {step}: pick them yourself.")
    except SpecError as err:
        out["note"] = str(err)
    # the chance of the selection (the headline at the KISS step): wherever the engine weighs one KISS
    # choice, with advice or without
    weighs = out["available"] or "advise" not in _edition(spec["edition"]).FEATURES
    out["selected"] = selection_odds(spec, first, selected, ego_reroll) if weighs else None
    return out


def before(spec: dict) -> dict[str, float]:
    """The chance of the roll's spec before the dice were rolled (the
    roll's own settings: the controls may have moved on)."""
    o = _api.odds(spec)
    return {"p_pass": o.p_pass, "p_goal": o.p_goal}


def jsonable(d: Mapping) -> dict:
    return {k: v if isinstance(v, (int, float, str, bool, type(None), list, dict)) else str(v) for k, v in d.items()}


# -- faces typed by hand ------------------------------------------------------------------------


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


def faces_error(table: Mapping[str, Any], err: SpecError) -> str:
    """A wrong typed face in plain words, naming the die as the prompt did
    (``table``: the table view that asked for the faces)."""
    first = table.get("phase") == "enter"
    words = [d["words"] for d in table.get("dice", [])] if first else list(table.get("kiss_words") or [])
    m = re.fullmatch(r"(?:kiss_)?faces\[(\d+)\]", str(err.field))
    if m and int(m.group(1)) < len(words):
        w = words[int(m.group(1))]
        return plain_words.plain_error(err, w[0].upper() + w[1:])
    return plain_words.plain_error(err, "Faces rolled" if first else "New faces")
