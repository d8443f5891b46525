"""The roll on the table never goes stale.

While a roll waits at its KISS step the settings are held: the view's
changes are refused and sent back, its setting requests (real dice, helpers,
a new Roll) are refused with words saying what ends the hold, and what the
log records is what was played. A change from Python (or after the dice
stand) leaves the roll as it was rolled and the table says so. The table
also carries the chance of the dice now on the table (``table["now"]``),
which the headline follows."""

from __future__ import annotations

import pytest

import venus_widgets as vw
from test_widgets import browser_update, sent_states

SPEC = {"roll": "task", "dice": 3, "factors": 2, "kiss": 1}


def custom(w, content):
    """A custom message exactly as the front end sends it over the comm."""
    w._from_view_message({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def at_kiss(**fields) -> vw.TaskRoller:
    """A task roller waiting at its KISS step (the first seed that stops there)."""
    for seed in range(1, 200):
        w = vw.TaskRoller(**{**{k: v for k, v in SPEC.items() if k != "roll"}, **fields})
        w.roll_dice(seed=seed)
        if w.table["phase"] == "kiss":
            return w
    raise AssertionError("no seed stops at the KISS step")


def test_at_the_kiss_step_adding_an_ally_from_the_view_is_held():
    w = at_kiss()
    spec = w.table and w.session.open.spec
    sent = sent_states(w)
    browser_update(w, {"allies": ["gold"]})
    assert w.allies == [] and "allies" in sent  # sent back: the view shows the roll's settings
    assert "held" in w.error and "KISS the selected dice or keep the dice" in w.error
    assert w.table["phase"] == "kiss" and w.odds_view["p_pass"] == vw.odds(spec).p_pass
    # the seed is not a setting of this roll: it is taken
    browser_update(w, {"seed": "12"})
    assert w.seed == 12
    custom(w, {"do": "commit"})
    entry = w.log.entries[-1]
    assert entry["roll"]["spec"] == spec and not entry["roll"]["spec"]["allies"]
    assert all(d["owner"] == "own" for d in entry["roll"]["dice"])
    # the dice stand: the settings are free again
    browser_update(w, {"allies": ["gold"]})
    assert w.allies == ["gold"]


@pytest.mark.parametrize("content", [{"do": "by_hand", "on": True}, {"do": "roll"}])
def test_setting_requests_and_a_new_roll_are_held_at_the_kiss_step(content):
    w = at_kiss()
    first = [d["after"] for d in w.table["dice"]]
    before = w.log.to_json()
    custom(w, content)
    assert "held" in w.error
    assert w.table["phase"] == "kiss" and [d["after"] for d in w.table["dice"]] == first
    assert not w.by_hand and w.log.to_json() == before


def test_accepting_helpers_is_held_at_the_kiss_step():
    for seed in range(1, 300):
        w = vw.TaskRoller(edition="agora", rank=5, helpers=[5, 5], consequences=2, kiss=1)
        w.roll_dice(seed=seed)
        if w.table["phase"] == "kiss":
            break
    else:
        raise AssertionError("no seed stops at the KISS step")
    w.helpers = [5, 5, 4]  # from Python: taken, the roll plays on as rolled
    assert w.table["stale"] and "as it was rolled" in w.table["note"]
    custom(w, {"do": "accept_merge"})
    assert "held" in w.error and w.helpers == [5, 5, 4]


def test_a_change_from_python_leaves_the_roll_as_rolled_and_says_so():
    w = at_kiss()
    spec = w.session.open.spec.to_dict()  # the roll's own spec, as the log writes it (JSON: lists)
    w.allies = ["gold"]
    assert w.table["phase"] == "kiss" and w.table["stale"]
    assert "The settings changed after this roll" in w.table["note"]
    custom(w, {"do": "commit"})
    assert w.log.entries[-1]["roll"]["spec"] == spec  # what was played
    assert w.table["stale"] and w.table["note"]
    w.roll_dice(seed=3)  # the next roll plays the new settings
    assert not w.table.get("stale") and list(w.session.open.spec["allies"]) == ["gold"]


def test_after_the_dice_stand_spending_keeps_the_rolls_own_consequences():
    w = vw.TaskRoller(edition="agora", rank=3, consequence_texts=["the guard hears", "the lock breaks"], kiss=0)
    w.roll_dice(seed=4)
    assert w.table["phase"] == "spend"
    w.consequence_texts = ["something else", "the lock breaks"]
    assert w.table["stale"]
    item = w.table["spend"]["items"][0]["id"]
    custom(w, {"do": "spend", "item": item})
    assert w.log.entries[-1]["texts"] == ["the guard hears", "the lock breaks"]


def test_wanted_consequences_are_the_rolls_own():
    for seed in range(1, 100):
        w = vw.TaskRoller(dice=5, wanted=["s1"])
        w.roll_dice(seed=seed)
        if w.table["phase"] == "spend" and w.table["passed"]:
            break
    w.wanted = ["s1", "s2", "t1"]
    custom(w, {"do": "spend_ego"}) if w.table["ego_after"]["available"] else None
    entry = w.log.entries[-1]
    assert "s2" not in entry["spent"] and "t1" not in entry["spent"]


def test_by_hand_waiting_for_faces_asks_for_the_new_dice():
    w = vw.TaskRoller(dice=2, by_hand=True)
    custom(w, {"do": "roll"})
    assert w.table["phase"] == "enter" and len(w.table["dice"]) == 2
    w.dice = 4
    assert w.table["phase"] == "enter" and len(w.table["dice"]) == 4
    assert w.status.startswith("The settings changed")


def test_the_chance_of_the_dice_on_the_table():
    w = at_kiss()
    t = w.table
    faces = [d["before"] for d in t["dice"]]
    spec = w.session.open.spec
    assert t["now"]["p_pass"] == vw.kiss_odds(spec, faces, [])["p_pass"]
    assert "keep" in t["now"]["what"]
    die = next(d["index"] for d in t["dice"] if d["selectable"])
    custom(w, {"do": "select", "index": die})
    assert w.table["now"]["p_pass"] == vw.kiss_odds(spec, faces, [die])["p_pass"]
    assert "KISS" in w.table["now"]["what"]
    custom(w, {"do": "commit"})
    r = w.session.open.roll
    assert w.table["now"]["p_pass"] == (1.0 if r.passed else 0.0)
    assert w.table["now"]["what"].endswith("passed" if r.passed else "failed")


def test_the_recent_rolls_list_the_faces_typed():
    w = vw.TaskRoller(dice=3, factors=1, kiss=1)
    w.enter_faces([6, 2, 1], kiss=[1], kiss_faces=[5])
    assert w.recent[-1]["faces"] == "6 2 1, then 5"
    w.roll_dice(seed=2)
    if w.table["phase"] == "kiss":
        custom(w, {"do": "commit"})
    assert len(w.recent) == 2 and w.recent[-1]["faces"] == ""


@pytest.mark.parametrize("edition, fields", [
    ("playtest", {"dice": 3, "factors": 2, "kiss": 1}),
    ("agora", {"rank": 3, "job": 2, "health": 2, "kiss": 2}),
    ("playsheet", {"rank": "silver", "dice": 3, "allies": ["gold"], "kiss": 2, "ally_kiss": True, "difficulty": 4,
                   "ego": True}),
])
def test_every_kiss_step_heads_with_the_dice_on_the_table(edition, fields):
    """Item 1 of issue 21 for every edition with a KISS step, the playsheet's
    included: once dice are on the table the headline is their chance
    (``table["now"]``, the engine's kiss_odds of the selection as it stands)."""
    w = None
    for seed in range(1, 300):
        w = vw.TaskRoller(edition=edition, **fields)
        w.roll_dice(seed=seed)
        if w.table["phase"] == "kiss":
            break
    assert w is not None and w.table["phase"] == "kiss"
    spec, faces = w.session.open.spec, [d["before"] for d in w.table["dice"]]
    assert w.table["now"]["p_pass"] == vw.kiss_odds(spec, faces, [])["p_pass"]
    die = next(d["index"] for d in w.table["dice"] if d["selectable"])
    custom(w, {"do": "select", "index": die})
    assert w.table["now"]["p_pass"] == vw.kiss_odds(spec, faces, [die])["p_pass"]
    assert "KISS" in w.table["now"]["what"]


def test_a_kiss_step_without_advice_says_what_to_do_in_table_words():
    for seed in range(1, 300):
        w = vw.TaskRoller(edition="playsheet", rank="silver", dice=4, allies=["gold"], difficulty=4, kiss=2, seed=seed)
        w.roll_dice()
        if w.table["phase"] == "kiss":
            break
    note = w.table["advice"]["note"]
    assert "pick the dice to KISS" in note and "edition" not in note
