"""A click and a cell writing one widget or one roll log at once lose nothing.

JupyterLab (4.6 here, with ipykernel 7) answers a widget's messages on a
kernel subshell: a thread beside the one that runs the notebook's cells
(tests/browser/test_races.py shows a cell running while a click waits). So
a click on one roller and a cell rolling another roller of the same log can
write the log at the same moment, and a cell can set a widget's value while a
click on that widget is answered. Here the click is answered in a thread of
its own and paused at a chosen point, so the overlap is certain: without the
widgets' lock the cell's roll was lost, or the cell's roll or value erased
when the click was refused and put its state back.
"""

from __future__ import annotations

import threading

import pytest

import venus_widgets as vw
from venus_widgets.engine.errors import SpecError
from venus_widgets.widgets.one_at_a_time import LOCK
from venus_widgets.widgets.rolllog import RollLog

WAIT = 10  # s: a bound on a hang, never reached when the test passes


def click(w, content, name="click"):
    """The view's message ``content`` answered in a thread of its own, as the kernel's subshell answers it."""
    msg = {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    t = threading.Thread(target=w._from_view_message, args=(msg,), name=name)
    t.start()
    return t


def in_thread(fn):
    t = threading.Thread(target=fn, name="cell")
    t.start()
    return t


def test_a_click_and_a_cell_rolling_into_one_log_both_land(monkeypatch):
    log = vw.RollLog()
    clicked, cell_roller = vw.CheckRoller(log=log, seed=1), vw.CheckRoller(log=log, seed=2)
    inside, go_on = threading.Event(), threading.Event()
    write = RollLog._write

    def paused(self, entries, ids):  # the click's write waits once, its new entries made and not yet stored
        if threading.current_thread().name == "click" and not inside.is_set():
            inside.set()
            go_on.wait(WAIT)
        write(self, entries, ids)

    monkeypatch.setattr(RollLog, "_write", paused)
    answering = click(clicked, {"do": "roll"})
    assert inside.wait(WAIT)
    cell = in_thread(cell_roller.roll_dice)
    cell.join(1.0)  # without a lock the cell rolls now, inside the click's write
    go_on.set()
    answering.join(WAIT)
    cell.join(WAIT)
    assert not answering.is_alive() and not cell.is_alive()
    assert len(log) == 2 and clicked.error == ""
    assert sorted(e["roll"]["seed"] for e in log.entries) == [1, 2]


def test_a_refused_click_puts_back_its_own_writes_not_a_cell_s_roll():
    log = vw.RollLog()
    clicked, cell_roller = vw.TaskRoller(log=log, seed=1), vw.CheckRoller(log=log, seed=2)
    inside, go_on = threading.Event(), threading.Event()

    def refused(*args, **kwargs):  # the click's roll is refused after the click took its snapshot
        inside.set()
        go_on.wait(WAIT)
        raise SpecError("dice", 99, "a roll the table takes")

    clicked.session.start = refused
    answering = click(clicked, {"do": "roll"})
    assert inside.wait(WAIT)
    cell = in_thread(cell_roller.roll_dice)
    cell.join(1.0)
    go_on.set()
    answering.join(WAIT)
    cell.join(WAIT)
    assert not answering.is_alive() and not cell.is_alive()
    assert "dice=99" in clicked.error
    assert [e["roll"]["seed"] for e in log.entries] == [2], "the cell's roll stays in the log"


@pytest.mark.parametrize("writer", ["append", "clear", "import"])
def test_the_log_s_own_writes_hold_its_lock(writer):
    """Every way into the log waits while another thread is writing it."""
    log = vw.RollLog()
    vw.CheckRoller(log=log, seed=1).roll_dice()
    text = log.to_json()
    done = threading.Event()
    act = {"append": lambda: log.append(dict(log.entries[0])), "clear": log.clear,
           "import": lambda: log.import_text(text)}[writer]
    with LOCK:
        t = in_thread(lambda: (act(), done.set()))
        assert not done.wait(0.3), f"log.{writer} wrote while another thread held the log"
    t.join(WAIT)
    assert done.is_set()


def test_a_cell_s_value_set_while_a_refused_click_is_answered_stays():
    """The click's refusal puts back the roller's state as it was before the click, not the cell's dice."""
    roller = vw.TaskRoller(seed=1, dice=3)
    inside, go_on = threading.Event(), threading.Event()

    def refused(*args, **kwargs):
        inside.set()
        go_on.wait(WAIT)
        raise SpecError("dice", 99, "a roll the table takes")

    roller.session.start = refused
    answering = click(roller, {"do": "roll"})
    assert inside.wait(WAIT)
    cell = in_thread(lambda: setattr(roller, "dice", 5))
    cell.join(1.0)  # without the lock the cell sets 5 now, and the refusal puts back 3
    go_on.set()
    answering.join(WAIT)
    cell.join(WAIT)
    assert not answering.is_alive() and not cell.is_alive()
    assert roller.dice == 5  # (and the error line is clear: a new value clears the refusal before it)


def test_a_cell_s_value_set_while_a_refused_request_of_the_fc_screen_is_answered_stays(monkeypatch):
    """The same on a widget of another kind: the target typed into the FC's screen, refused."""
    screen = vw.FCScreen(target=0.5)
    inside, go_on = threading.Event(), threading.Event()
    problem = type(screen)._state_problem

    def refused(self):  # the typed target is refused after the screen took its snapshot
        if threading.current_thread().name == "click":
            inside.set()
            go_on.wait(WAIT)
            return "target: refused by the test"
        return problem(self)

    monkeypatch.setattr(type(screen), "_state_problem", refused)
    answering = click(screen, {"do": "target", "value": 0.7})
    assert inside.wait(WAIT)
    cell = in_thread(lambda: setattr(screen, "target", 0.3))
    cell.join(1.0)
    go_on.set()
    answering.join(WAIT)
    cell.join(WAIT)
    assert not answering.is_alive() and not cell.is_alive()
    assert "refused by the test" in screen.error
    assert screen.target == 0.3
