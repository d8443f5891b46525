"""Errors a designer acts on, in the rule lab (issue 33, item 4): a knob the
rules refuse together with the others (a face the re-roll step takes that
would count, sides too few for the faces that succeed) is said beside the
knob in the table's words and the odds stay as they were; a range message
says the range only for a value out of it; a variant that can no longer
play the base roll keeps the last good odds shown, with the reason; no
message the lab shows carries code notation."""

from __future__ import annotations

import re

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition as registry
from venus_widgets.engine.drafts import EXAMPLES
from venus_widgets.engine.tools.rules_view import rules as knobs_of

PUSH = "heresy-push"  # the shipped draft's id, loaded for this module only
#: code notation a player, Facilitator or designer must never read: rules.<knob>, a dotted knob name, reprs
CODE = re.compile(r"\bthe own\b|rules\.|\b\w+\.\w+\.\w+|=\[|\{'|\['|Traceback|SpecError|None\b")


@pytest.fixture(scope="module", autouse=True)
def _push():
    vw.load_edition((EXAMPLES / "heresy-push.toml").read_text())
    yield
    registry.unregister(PUSH)


def _lab(**fields):
    return vw.RuleLab(edition=PUSH, **({"pool": 6, "black": 3} | fields))


def _knob(lab, name, value, variant="B", key=None):
    """What the view sends when a knob's control changes (the one checked path)."""
    lab.panel._on_msg(None, {"do": "knob", "variant": variant, "name": name, "value": value, "key": key}, None)


def _shown(lab) -> list[str]:
    p = lab.panel
    return [*p.field_errors.values(), p.error, p.view.get("message", ""), p.view.get("stale", "")]


@pytest.mark.parametrize("name,value,why", [
    ("reroll.faces", [5, 6], "face 6 of your dice counts a success"),
    ("dice.d6.success", [1, 2, 6], "face 2 of your dice counts a success"),
    ("dice.d6.explode", [2, 6], "face 2 of your dice explodes"),
])
def test_a_face_conflict_is_said_beside_the_knob_and_the_odds_stay(name, value, why):
    lab = _lab()
    before = dict(lab.panel.view)
    label = next(k.label for k in knobs_of(PUSH) if k.name == name)
    _knob(lab, name, value)
    said = lab.panel.field_errors[f"B.{name}"]
    assert said.startswith(f"In B, {label}: {', '.join(map(str, value))} is not applied. It cannot be: {why}: "
                           "a face the re-roll step takes must count nothing")
    assert lab.panel.variants["B"] == {} and lab.panel.view == before  # the last good odds, still shown
    assert lab.comparison is not None and lab.panel.view["ok"]
    assert not any(CODE.search(text) for text in _shown(lab)), _shown(lab)
    _knob(lab, "reroll.faces", [3, 4, 5])  # the next value the lab takes clears the error
    assert lab.panel.field_errors == {} and lab.panel.variants["B"] == {"reroll.faces": [3, 4, 5]}


def test_a_range_message_says_the_range_only_for_a_value_out_of_it():
    """sides 4 was "not applied. It takes a whole number from 2 to 20", and 4 is
    in 2 to 20: the rules refused it because the d6's success faces 1 and 6
    are not all faces of a 4-sided die."""
    lab = _lab()
    _knob(lab, "dice.d6.sides", 4)
    assert lab.panel.field_errors["B.dice.d6.sides"] == (
        "In B, d6 die: sides: 4 is not applied. It would need d6 die: success faces (1, 6) to be faces of a "
        "4-sided die: change that first; B keeps 6.")
    _knob(lab, "dice.d6.sides", 30)
    assert lab.panel.field_errors["B.dice.d6.sides"] == (
        "In B, d6 die: sides: 30 is not applied. It takes a whole number from 2 to 20; B keeps 6.")
    # and in that order the designer gets there: the push, the success faces, the explosions, then 4 sides
    _knob(lab, "reroll.faces", [2, 3])
    _knob(lab, "dice.d6.success", [1, 4])
    _knob(lab, "dice.d6.explode", [4])
    _knob(lab, "dice.d6.sides", 4)
    assert lab.panel.field_errors == {} and lab.panel.variants["B"]["dice.d6.sides"] == 4
    assert lab.panel.view["p_pass"]["B"] == vw.odds({"edition": PUSH, "pool": 6, "black": 3,
                                                     "rules": lab.panel.variants["B"]}).p_pass


def test_a_knob_set_back_to_its_default_is_checked_as_any_value():
    lab = _lab()
    _knob(lab, "reroll.faces", [2, 3])
    _knob(lab, "dice.d6.success", [1, 4, 6])  # 4 succeeds: the push may no longer take it
    lab.panel._on_msg(None, {"do": "reset", "variant": "B", "name": "reroll.faces"}, None)
    said = lab.panel.field_errors["B.reroll.faces"]
    assert said.startswith("In B, Push: faces: 2, 3, 4, 5 is not applied. It would need d6 die: success faces (1, 4, 6) "
                           "to be faces that leave the faces the re-roll step takes counting nothing (face 4 of your "
                           "dice counts a success") and said.endswith("change that first; B keeps 2, 3.")
    assert lab.panel.variants["B"]["reroll.faces"] == [2, 3] and "stale" not in lab.panel.view


def test_a_roll_a_knob_makes_too_costly_is_said_beside_the_knob():
    lab = _lab(pool=60, black=0)
    _knob(lab, "dice.d6.depth", 0)  # no explosions: 60 dice are quick
    _knob(lab, "dice.d6.depth", 50)
    said = lab.panel.field_errors["B.dice.d6.depth"]
    assert said.startswith("In B, d6 die: explosion depth: 50 is not applied. It would make Pool 60 not allowed")
    assert said.endswith("B keeps 0.") and lab.panel.variants["B"] == {"dice.d6.depth": 0}
    assert not CODE.search(said)


def test_a_variant_that_cannot_play_the_base_roll_keeps_the_last_good_odds():
    lab = _lab(b={"fields.pool.max": 10})
    before = lab.panel.view["p_pass"]
    lab.roller.pool = 12
    v = lab.panel.view
    assert v["ok"] and v["p_pass"] == before and v["stale"] == "B: Pool 12 is not allowed: a whole number from 0 to 10."
    still = lab.panel.snapshot_html()
    assert "Not played:</strong> B: Pool 12 is not allowed" in still and "last ones every rule set could play" in still
    lab.roller.pool = 7
    assert "stale" not in lab.panel.view and lab.panel.view["p_pass"]["B"] == vw.odds(
        {"edition": PUSH, "pool": 7, "black": 3}).p_pass


def _values(form):
    if form.get("type") == "int":
        return [form["lo"] - 1, form["lo"], form["hi"], form["hi"] + 1] + ([None] if form.get("optional") else [])
    if form.get("type") == "faces":
        return [[], [form["lo"]], list(range(form["lo"], form["hi"] + 1)), [form["hi"] + 1]]
    return [True, False, "x"]


@pytest.mark.parametrize("edition", [PUSH, "heresy", "playtest"])
def test_no_message_the_lab_shows_carries_code_notation(edition, monkeypatch):
    """Every knob of the roll at each end of its range and just past it, in
    variant B, then the base roll's fields to their ends: whatever the lab
    says is in the table's words. (No seeded rolls and no heatmap cells, to
    keep the sweep quick: what they would say has its own tests.)"""
    monkeypatch.setattr("venus_widgets.widgets.lab_view.SAMPLE_ROLLS", 0)
    monkeypatch.setattr("venus_widgets.widgets.lab_heatmap.BUDGET_SECONDS", 0.0)
    lab = vw.RuleLab(edition=edition)
    seen = set()
    for knob in lab.panel.knobs:
        form = knob.get("form") or {}
        if form.get("type") == "per":
            for key in form["keys"]:
                for v in _values(form["of"]):
                    _knob(lab, knob["name"], {**lab.panel.current("B", lab.panel._knob(knob["name"])), key: v}, key=key)
                    seen.update(_shown(lab))
            continue
        for v in _values(form):
            _knob(lab, knob["name"], v)
            seen.update(_shown(lab))
        lab.panel._on_msg(None, {"do": "reset", "variant": "B", "name": None}, None)
    for f in lab.roller.fields:
        if isinstance(f.get("max"), int):
            setattr(lab.roller, f["name"], f["max"])
            seen.update(_shown(lab))
    said = [s for s in seen if s]
    assert said, "the sweep refused nothing: it tests nothing"
    assert not [s for s in said if CODE.search(s)], [s for s in said if CODE.search(s)][:3]


def test_a_die_made_larger_by_its_sides_knob_takes_its_new_faces():
    """After sides 20, "explodes on 20" was refused: 'It takes some of the faces
    1 to 6' (each face knob was bounded by the sides the draft wrote; red team
    round 3). A face past the sides the variant has is said beside the knob."""
    lab = _lab()
    _knob(lab, "dice.d6.explode", [20])
    said = lab.panel.field_errors["B.dice.d6.explode"]
    assert "20 is not applied" in said and "sides is 6" in said and not CODE.search(said), said
    _knob(lab, "dice.d6.sides", 20)
    _knob(lab, "dice.d6.success", [1, 20])
    _knob(lab, "dice.d6.explode", [20])
    assert lab.panel.field_errors == {}, lab.panel.field_errors
    assert lab.panel.variants["B"] == {"dice.d6.sides": 20, "dice.d6.success": [1, 20], "dice.d6.explode": [20]}
    assert lab.panel.view["p_pass"]["B"] == vw.odds({"edition": PUSH, "pool": 6, "black": 3,
                                                     "rules": lab.panel.variants["B"]}).p_pass
