"""The hot path of a roller, counted in Python calls (never in seconds).

One slider message (a state update through the comm, as the view sends it)
normalizes the spec once and makes at most about 300 Python calls when the
setting was seen before (the odds and the panel of a spec are kept beside
the engine's caches); a setting seen for the first time, its odds already
counted by the engine, normalizes once too and makes one panel from one
spec's odds (the what-ifs, each another spec's odds, are made only while
the view shows them: tests/test_widgets.py); a roll is bounded. Every kind of roller
of every built-in edition is counted. Counts are the same on every
machine and under any load (tests/work_count.py); the speed itself is
``make bench-widgets``'s.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any, Callable

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import spec as spec_module
from venus_widgets.engine.contract.edition import BUILT_IN, DRAFTED
from venus_widgets.engine.caching import forget_results
from work_count import calls

#: At most this many Python calls for a slider message to a setting seen before.
SLIDER_CALLS = 300
#: ... and to a setting seen for the first time (the engine's odds already counted; the panel is made:
#: 321-431, a Heresy pool the most: about 140 traitlets', 30 ipywidgets', 100 the chart's bars, 60 ours,
#: and the widgets' one lock for messages answered beside cell code, taken on each assignment).
FIRST_VISIT_CALLS = 450
#: ... and for Roll on a roll with nothing to choose, or the first faces of one that waits at KISS (a
#: playtest task, the most: 915; a roll's typed details read by name from their attributes).
ROLL_CALLS = 950
#: The built-in editions served by their drafts (Heresy, VERS: the generic kernel, formulas and words
#: read from the draft): a slider message to a setting seen before (Heresy's pool: 515), one seen for the
#: first time (688) and a roll: Heresy's 1,444 for its 9 dice (6 and the chains of 6s), VERS's 1,124; the
#: code editions they replaced made 925 and 641 for the same rolls (main, cf19b2e). Heresy's roll was 1,632
#: while a draft's die asked its plan for its words (27 times a roll, a plan key each: 144 calls; now the
#: draft alone). The calls still above the code edition's, by where they are made (Heresy, inclusive):
#: the log's card of the roll 591 (was 357: each die's words asked twice, its marks worked out again,
#: the odds of the log's plain spec normalized again, 100, with the draft's cross checks, 53), the table's
#: view 278 (was 145: the draft's marks of each die, 40 calls each time, worked out 4 times a roll) and
#: the roll 171 (was 59: the draft's generic dice and chains).
DRAFT_CALLS = {"slider": 550, "first": 720, "roll": 1_500}


def bound(edition: str, code: int, what: str) -> int:
    """The most calls of ``what`` for a roller of ``edition``."""
    return DRAFT_CALLS[what] if edition in DRAFTED else code


def update(w: Any, state: dict) -> None:
    """A state update exactly as the front end sends it over the comm."""
    w._from_view_message({"content": {"data": {"method": "update", "state": state}}, "buffers": []})


def custom(w: Any, content: dict) -> None:
    w._from_view_message({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def normalizes(fn: Callable[[], Any]) -> int:
    """How many times ``fn`` normalizes a spec (calls of engine.spec.normalize)."""
    code = spec_module.normalize.__code__
    seen: Counter = Counter()

    def profile(frame: Any, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code is code:
            seen["n"] += 1

    sys.setprofile(profile)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return seen["n"]


def rollers() -> list[tuple[type, str, str]]:
    """(roller class, edition, a whole-number field a slider moves) for every
    kind of roller of every built-in edition."""
    out = []
    for cls in (vw.TaskRoller, vw.CheckRoller, vw.PoolRoller):
        for ed in BUILT_IN:
            try:
                w = cls(edition=ed)
            except Exception:  # noqa: BLE001 - this edition has no such roll
                continue
            field = next(f["name"] for f in w.fields if f["kind"] == "int" and f["max"] > f["min"]
                         and f["name"] not in w.table)
            out.append((cls, ed, field))
    return out


def two_values(w: Any, field: str) -> tuple[int, int]:
    f = next(f for f in w.fields if f["name"] == field)
    cur = getattr(w, field)
    return cur, (cur + 1 if cur < f["max"] else cur - 1)


@pytest.mark.parametrize("cls,edition,field", rollers(), ids=lambda x: getattr(x, "__name__", str(x)))
def test_a_slider_message_normalizes_once_and_stays_lean(cls, edition, field):
    w = cls(edition=edition)
    a, b = two_values(w, field)
    update(w, {field: b})
    update(w, {field: a})  # both settings seen: their odds and panels are kept
    assert normalizes(lambda: update(w, {field: b})) == 1
    most = bound(edition, SLIDER_CALLS, "slider")
    _, n = calls(update, w, {field: a}, budget=10 * most)
    assert w.error == "" and getattr(w, field) == a and w.odds_view["ok"]
    assert n <= most, f"{n} Python calls for one slider message ({cls.__name__}, {edition}, {field})"


@pytest.mark.parametrize("cls,edition,field", rollers(), ids=lambda x: getattr(x, "__name__", str(x)))
def test_a_setting_seen_for_the_first_time_is_bounded_too(cls, edition, field):
    w = cls(edition=edition)
    a, b = two_values(w, field)

    def unseen() -> None:
        """The engine has counted the odds of ``b``; no roller has shown them (every result forgotten first)."""
        forget_results()
        vw.odds({**w.spec, field: b})

    unseen()
    assert normalizes(lambda: update(w, {field: b})) == 1
    update(w, {field: a})
    unseen()
    most = bound(edition, FIRST_VISIT_CALLS, "first")
    _, n = calls(update, w, {field: b}, budget=10 * most)
    assert w.error == "" and getattr(w, field) == b and w.odds_view["p_pass"] == vw.odds(w.spec).p_pass
    assert n <= most, f"{n} Python calls ({cls.__name__}, {edition}, {field})"


@pytest.mark.parametrize("cls,edition,field", rollers(), ids=lambda x: getattr(x, "__name__", str(x)))
def test_a_roll_is_bounded(cls, edition, field):
    w = cls(edition=edition, seed=7)
    custom(w, {"do": "roll"})  # the roll's odds and advice counted once
    assert w.error == ""
    custom(w, {"do": "roll"}) if w.table["phase"] != "kiss" else custom(w, {"do": "commit"})
    most = bound(edition, ROLL_CALLS, "roll")
    _, n = calls(custom, w, {"do": "roll"}, budget=10 * most)
    assert w.error == "" and w.table["phase"] in ("kiss", "spend", "done")
    assert n <= most, f"{n} Python calls for one roll ({cls.__name__}, {edition})"


def test_the_panel_kept_is_the_panel_made():
    """A setting seen before shows exactly what it showed the first time."""
    w = vw.TaskRoller()
    first = dict(w.odds_view)
    forget_results()  # the panel, and the odds it shows, made again
    w.dice += 1
    w.dice -= 1
    assert w.odds_view == first


def test_a_roll_s_details_read_by_name_directly():
    """A fact read by its JSON name costs the same few calls whatever the
    number of facts: it is read from its attribute, not from a dict of all
    of them rebuilt on every read; and the facts read one by one are those
    of the roll's JSON."""
    from venus_widgets.engine.editions.agora.details import AgoraDetails

    d = AgoraDetails(snake_eyes=False, ones=1, criticals=0, label="pass", threshold=2, goal=2,
                     successes_before_kiss=1, successes_after_kiss=2, subverted=1)
    reads = {name: calls(lambda n=name: d[n])[1] for name in d.to_dict()}
    assert max(reads.values()) <= 2, reads
    assert calls(lambda: dict(d.items()))[1] <= 5 * len(d.to_dict())  # a few calls a fact, not a dict a fact
    assert dict(d.items()) == d.to_dict() and list(d) == list(d.to_dict()) and len(d) == len(d.to_dict())
    assert "help" not in d and d.get("help") is None and "subverted" in d
    with pytest.raises(KeyError):
        d["help"]  # an optional fact this roll has not
    with pytest.raises(KeyError):
        d["nonsense"]
