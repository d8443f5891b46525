"""Rollers by hand: the table rolls physical dice, types
the faces, and the roller plays them exactly as vw.enter (= vw.roll with
those faces): outcome, KISS, Ego, spending; the log marks them."""

from __future__ import annotations

import pytest
import traitlets

import venus_widgets as vw


def send(w, **content):
    w._on_msg(None, content, None)


def test_a_task_by_hand_from_first_faces_to_spending():
    w = vw.TaskRoller(dice=3, kiss=1, consequences=1, by_hand=True)
    send(w, do="roll")
    assert w.table["phase"] == "enter" and "die 3 (you, Bronze, d6)" in w.status
    send(w, do="enter", faces="6 2")  # one face short
    assert "1 more" in w.error and w.table["phase"] == "enter"
    send(w, do="enter", faces="6, 2, 1")
    assert w.error == "" and w.table["phase"] == "kiss" and w.table["entered"]
    assert [d["after"] for d in w.table["dice"]] == [6, 2, 1]
    send(w, do="select", index=2)
    send(w, do="commit")
    assert w.table["phase"] == "enter_kiss" and w.table["kiss_dice"] == [2]
    send(w, do="enter", faces="9")
    assert "a face from 1 to 6" in w.error and w.table["phase"] == "enter_kiss"
    send(w, do="enter", faces="5")
    assert w.error == "" and w.table["phase"] == "spend"
    expected = vw.enter(w.spec, [6, 2, 1], kiss=[2], kiss_faces=[5], ego=False)
    assert w.table["outcome"] == expected.outcome == 2 and w.table["passed"]
    entry = w.log.entries[-1]
    assert entry["roll"]["entered"] == {"faces": [6, 2, 1], "kiss_faces": [5]}
    assert w.log.replay(0) == expected
    assert w.recent[-1]["seed"] == "by hand"
    assert w.table["seed"] == ""


def test_a_roll_that_meets_the_goal_by_hand_needs_no_kiss_faces():
    w = vw.TaskRoller(dice=3, kiss=1, by_hand=True)
    send(w, do="roll")
    send(w, do="enter", faces="6 5 4")
    assert w.table["phase"] == "spend" and w.table["outcome"] == vw.enter(w.spec, [6, 5, 4], ego=False).outcome


@pytest.mark.parametrize("make,faces", [
    (lambda: vw.CheckRoller(score=3, by_hand=True), "14"),
    (lambda: vw.PoolRoller(edition="vers", ranks=2, by_hand=True), "3 4 2"),
    (lambda: vw.PoolRoller(edition="heresy", pool=3, by_hand=True), "6 3 1 2"),  # the 6 rolls again: a 2
])
def test_rolls_without_steps_finish_at_once(make, faces):
    w = make()
    send(w, do="roll")
    send(w, do="enter", faces=faces)
    assert w.error == "" and w.table["phase"] == "done"
    r = vw.enter(w.spec, [int(f) for f in faces.split()])
    assert w.log.entries[-1]["roll"] == r.to_dict()


def test_the_by_hand_switch_goes_through_the_checked_path():
    w = vw.TaskRoller()
    send(w, do="by_hand", on=True)
    assert w.by_hand
    send(w, do="by_hand", on="yes")
    assert "on='yes'" in w.error and w.by_hand
    send(w, do="enter", faces="6 6 6")  # nothing waits for faces
    assert "tick 'I roll real dice'" in w.error
    send(w, do="roll")
    send(w, do="enter", faces="<script>" * 10)
    assert "whole numbers" in w.error
    send(w, do="enter", faces="1 " * 300)  # whole numbers, too many of them: said in a count
    assert "one per die rolled (297 too many)" in w.error
    send(w, do="enter", faces=[1] * 100_000)
    assert "at most 4096 faces" in w.error and len(w.error) < 200
    with pytest.raises(traitlets.TraitError, match="by_hand='yes'"):
        vw.TaskRoller(by_hand="yes")


def test_enter_faces_from_python():
    w = vw.TaskRoller(dice=3, kiss=1, consequences=1)
    first = w.enter_faces([6, 2, 1])
    assert w.table["phase"] == "kiss" and [d.after for d in first.dice] == [6, 2, 1]
    r = w.enter_faces([6, 2, 1], kiss=[2], kiss_faces=[5])
    assert w.table["phase"] == "spend" and r == vw.enter(w.spec, [6, 2, 1], kiss=[2], kiss_faces=[5], ego=False)
    r = w.enter_faces([6, 2, 1], kiss=[])  # keep the dice: no new faces
    assert w.table["phase"] == "spend" and r.outcome == 1
    with pytest.raises(vw.SpecError, match="1 too many"):
        w.enter_faces([6, 2, 1], kiss=[], kiss_faces=[4])


def test_review_findings_by_hand():
    """Found by a review: a heresy rule that rolls 1s again made 'Enter faces'
    impossible and left a blank table; enter_faces dropped a KISS the table had
    no step for; table actions while faces were awaited crashed or misled."""
    w = vw.PoolRoller(edition="heresy", pool=3, black=1, rules={"reroll_faces": [1]})
    w.roll_dice(seed=5)
    w.by_hand = True
    send(w, do="roll")
    assert w.error == "" and w.table["phase"] == "enter" and len(w.table["dice"]) == 4
    send(w, do="enter", faces="3 4 5 6")
    assert w.table["phase"] == "done"
    t = vw.TaskRoller(dice=3, kiss=1)
    with pytest.raises(vw.SpecError, match="no KISS step"):
        t.enter_faces([6, 6, 6], kiss=[0], kiss_faces=[3])  # the goal is met: no KISS step
    assert len(t.log) == 0
    with pytest.raises(vw.SpecError, match="KISS budget"):
        vw.TaskRoller(dice=3).enter_faces([1, 2, 3], kiss=[0], kiss_faces=[6])
    t.by_hand = True
    send(t, do="roll")
    for action in ({"do": "select", "index": 0}, {"do": "commit"}, {"do": "ego_reroll", "on": True}):
        send(t, **action)
        assert "the faces typed first" in t.error and t.table["phase"] == "enter"
    send(t, do="enter", faces="6 4 1²")
    assert "whole numbers" in t.error
    send(t, do="enter", faces="1 2 3")
    assert t.error == "" and t.table["phase"] == "kiss"
    send(t, do="commit")  # keep the dice
    assert t.table["phase"] == "spend"
    assert t.log.to_csv().splitlines()[1].split(",")[3] == "by hand"  # the seed column: no seed replays it


def test_the_dice_to_roll_come_with_their_words():
    """The view shows Python's words for each die (they were built in js/ too)."""
    w = vw.TaskRoller(dice=2, allies=["gold"], kiss=1, consequences=2, by_hand=True)
    send(w, do="roll")
    assert [d["words"] for d in w.table["dice"]] == ["die 1 (you, Bronze, d6)", "die 2 (you, Bronze, d6)",
                                                     "die 3 (ally 1, Gold, d6)"]
    c = vw.CheckRoller(by_hand=True)
    send(c, do="roll")
    assert [d["words"] for d in c.table["dice"]] == ["die 1 (Bronze, d20)"]  # the d20 is its own owner word
    send(w, do="enter", faces="1 2 3")
    send(w, do="select", index=1)
    send(w, do="commit")
    assert w.table["kiss_words"] == ["die 2 (you, Bronze, d6)"] and "die 2 (you, Bronze, d6)" in w.status
