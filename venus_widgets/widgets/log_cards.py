"""What the log's view shows of each entry: a card derived from it (never
stored), with each die's faces and mark and the facts in words. Every
rule is the edition's answer (``at_table``, through :mod:`.table_words`).
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from ..engine import api as _api
from ..engine.table.rolls import Roll
from ..engine.contract.table_answers import Choices
from . import table_words
from .plain_words import percent


def _marks(roll: Mapping[str, Any]) -> list[str]:
    """Each die's mark (what it contributed), as the roller showed it."""
    try:
        r = Roll.from_dict(roll)
        return [mark for mark, _ in table_words.contributions(dict(r.spec), r)]
    except Exception:  # noqa: BLE001 - a view aid only: an entry is checked on the way in
        return []


def entry_card(e: Mapping[str, Any]) -> dict[str, Any]:
    """What the log's view shows of an entry, derived from it (never
    stored): each die's faces (a KISSed die ``before→after``) with its
    mark and words, then the facts in words: the chance before the roll,
    the faces typed by hand, the KISS choice, Ego, what was bought and the
    FC's subversion. Every rule is the edition's answer (``at_table``).

    >>> import venus_widgets as vw
    >>> r = vw.roll({"roll": "task", "dice": 3, "kiss": 1}, seed=1)
    >>> from venus_widgets.widgets.log_record import make_entry
    >>> card = entry_card(make_entry(r, result="Failed"))
    >>> [f["label"] for f in card["facts"]]
    ['Chance before the roll', 'KISS', 'Bought']
    """
    r = Roll.from_dict(e["roll"])
    spec = dict(r.spec)
    st, table = table_words.steps(spec), table_words.rules(spec)
    marks = table.contributions(spec, r)
    dice = [{"index": d.index, "text": f"{d.before}→{d.after}" if d.kissed else str(d.after), "mark": m.mark,
             "words": m.words, "who": table_words.die_words(spec, d), "owner": d.owner,
             "shape": table_words.look(spec, d).shape, "kissed": bool(d.kissed),
             "success": d.scores > 0} for d, m in zip(r.dice, marks)]
    facts: list[dict[str, str]] = []

    def fact(key: str, label: str, text: str) -> None:
        facts.append({"key": key, "label": label, "text": text})

    o = _api.odds(spec)
    chance = f"{percent(o.p_pass)} to pass"
    if o.goal is not None and o.goal != o.threshold:
        chance += f", {percent(o.p_goal)} to reach the goal"
    fact("chance", "Chance before the roll", chance)
    if r.entered is not None:
        typed = " ".join(str(f) for f in r.entered["faces"])
        if r.entered.get("kiss_faces"):
            typed += "; the KISSed dice: " + " ".join(str(f) for f in r.entered["kiss_faces"])
        fact("typed", "Faces typed", typed)
    if st.kiss:
        kissed = [i + 1 for i in r.kissed]
        text = (f"KISSed {'dice' if len(kissed) > 1 else 'die'} {', '.join(map(str, kissed))}" if kissed
                else "kept the dice")
        fact("kiss", "KISS", text + (" (chosen by the roller)" if e.get("kiss") is None else ""))
    if r.ego_spent:
        fact("ego", "Ego", "spent" + (f": {st.ego_label}" if st.ego_label else ""))
    elif st.ego_after or st.ego_reroll:
        fact("ego", "Ego", "not spent")
    choices = Choices(tuple(e.get("spent") or ()), e.get("subverted"), tuple(e.get("texts") or ()))
    menu = table.spend_menu(spec, r, choices)
    if menu is not None:
        bought = [str(i.get("text") or i.get("id")) for i in menu.items if i.get("bought")]
        fact("bought", "Bought", "; ".join(bought) if bought else "nothing")
        if e.get("subverted") is not None:
            subverted = [str(i.get("text") or i.get("id")) for i in (menu.subvertible or ())
                         if i.get("id") == e["subverted"]] or [str(e["subverted"])]
            fact("subverted", "Subverted by the FC", subverted[0])
    return {"dice": dice, "facts": facts}


def _card(e: Mapping[str, Any]) -> dict[str, Any] | None:
    try:
        return entry_card(e)
    except Exception:  # noqa: BLE001 - a view aid only: an entry is checked on the way in
        return None


def entries_to_json(entries: Any, widget: Any = None) -> list[dict[str, Any]]:
    """The entries as the view gets them: each with its stable ``id``, the
    marks and the card derived for the view (the entry itself stores
    neither), and the seed as text (63-bit seeds do not fit a JavaScript
    number). Cards are kept per entry id while the entry is unchanged."""
    ids = list(getattr(widget, "_ids", ()) or ())
    cache = getattr(widget, "_cards", None)
    out = []
    for i, e in enumerate(entries):
        eid = ids[i] if i < len(ids) else None
        key = (eid, e["result"], json.dumps([e["roll"], e["kiss"], e["ego"], e["spent"], e["subverted"]],
                                            sort_keys=True, default=str))
        if cache is not None and eid is not None and cache.get(eid, (None,))[0] == key:
            marks, card = cache[eid][1]
        else:
            marks, card = _marks(e["roll"]), _card(e)
            if cache is not None and eid is not None:
                cache[eid] = (key, (marks, card))
        e = dict(e, marks=marks, card=card, id=eid)
        e["roll"] = dict(e["roll"], seed=str(e["roll"]["seed"]))
        out.append(e)
    return out
