"""The table says which of the view's steps it answers: a step the view
sends (Roll, Choose, KISS or keep, Spend Ego, Play these faces) carries an
id of the view's (``step_id``) and the table drawn for it carries that id
(``answers``), so the view moves focus for its step only when the step's own
answer arrives, not for an answer to an earlier message that arrives late
(tests/browser/test_races.py, js/a11y.js makeStepWait)."""

from __future__ import annotations

import pytest

import venus_widgets as vw


def send(w, **content):
    w._on_msg(None, content, None)


def test_every_step_s_table_answers_its_id_and_no_other_table_does():
    w = vw.TaskRoller(dice=3, kiss=1, consequences=1, seed=2)  # 6 2 1: one success of the goal's two
    send(w, do="roll", step_id="v1-1")
    assert w.table["phase"] == "kiss" and w.table["answers"] == "v1-1"
    send(w, do="select", index=2)  # a die: not a step, so its table answers none
    assert w.table["selected"] == [2] and "answers" not in w.table
    send(w, do="choose", kiss=[2], step_id="v1-2")  # the same choice again: still answered
    assert w.table["selected"] == [2] and w.table["answers"] == "v1-2"
    send(w, do="commit", step_id="v1-3")
    assert w.table["phase"] == "spend" and w.table["answers"] == "v1-3"
    w.roll_dice()  # from Python: no step of a view
    assert "answers" not in w.table


def test_a_roll_by_hand_answers_its_steps_too():
    w = vw.TaskRoller(dice=3, kiss=1, consequences=1, by_hand=True)
    send(w, do="roll", step_id="a-1")
    assert w.table["phase"] == "enter" and w.table["answers"] == "a-1"
    send(w, do="enter", faces="6 2 1", step_id="a-2")
    assert w.table["phase"] == "kiss" and w.table["answers"] == "a-2"
    send(w, do="select", index=2)
    send(w, do="commit", step_id="a-3")
    assert w.table["phase"] == "enter_kiss" and w.table["answers"] == "a-3"
    send(w, do="enter", faces="5", step_id="a-4")
    assert w.table["phase"] == "spend" and w.table["answers"] == "a-4"


def test_a_refused_step_is_answered_by_no_table_then_or_later():
    w = vw.TaskRoller(dice=3, kiss=1, consequences=1, seed=2)
    send(w, do="roll", step_id="v-1")
    before = dict(w.table)
    send(w, do="spend_ego", step_id="v-2")  # the dice do not stand yet
    assert w.error and w.table == before
    w.session.commit()  # Python plays on: its tables answer no step of the view
    assert w.table["phase"] == "spend" and "answers" not in w.table


@pytest.mark.parametrize("bad", ["x" * 65, 7, ["v-1"]])
def test_a_step_id_is_a_short_text(bad):
    w = vw.TaskRoller(dice=3, kiss=1, seed=2)
    send(w, do="roll", step_id=bad)
    assert "step_id" in w.error and w.table == {"phase": "idle"}
