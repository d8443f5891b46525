"""The browser boundary under hostile input (issue 12): whatever the view
sends (state updates, custom messages, of any shape), the roller never
raises in the comm handler, ends legal and in step with the view, and
shows any error in the view. Reproducers of the red-team run first, then
a hypothesis fuzz over messages and the table flow."""

from __future__ import annotations

import json
import logging
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import venus_widgets as vw
from venus_widgets.engine.errors import MergeError
from venus_widgets.widgets.rolllog import MESSAGES
from test_widgets import ROLLERS, browser_update, sent_states


def custom(w, content):
    """A custom message exactly as the front end sends it over the comm."""
    w._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


# -- reproducers ------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", ["1²", "١٢", "12x", " ", "-3", "1e3", str(2**63)])
def test_browser_seed_that_is_not_a_plain_number_keeps_the_seed_and_is_echoed(seed):
    w = vw.TaskRoller(dice=3, seed=5)
    sent = sent_states(w)
    browser_update(w, {"seed": seed})
    assert w.seed == 5 and "seed" in sent and w.get_state("seed")["seed"] == "5"


def test_browser_seed_as_text_is_read():
    w = vw.TaskRoller(dice=3)
    browser_update(w, {"seed": " 42 "})
    assert w.seed == 42


@pytest.mark.parametrize("value", [10**400, -10**400, 1e308, float("inf"), float("nan"), "9" * 5000],
                         ids=["10**400", "-10**400", "1e308", "inf", "nan", "5000 nines"])
def test_huge_browser_numbers_are_clamped(value):
    w = vw.TaskRoller(dice=3)
    sent = sent_states(w)
    browser_update(w, {"dice": value, "kiss": value})
    field = vw.describe("playtest", "task")["dice"]
    assert field["min"] <= w.dice <= field["max"] and "dice" in sent
    assert w.odds_view["ok"]


@pytest.mark.parametrize("content", [["roll"], "roll", None, 7, {"do": None}, {"do": ["roll"]}, {"do": "nonsense"},
                                     {"do": "accept_helpers"}, {"do": "replay", "index": float("inf")},
                                     {"do": "replay", "index": -1}, {"do": "replay", "index": "0"},
                                     {"do": "select", "index": 1e400}, {"do": "choose", "kiss": "0"},
                                     {"do": "ego_reroll", "on": "no"}, {"do": "import", "text": None},
                                     {"do": "spend", "item": [1]}])
def test_bad_custom_messages_are_shown_in_the_view(content):
    w = vw.TaskRoller(dice=3, seed=1)
    w.roll_dice()
    before = w.log.to_json()
    custom(w, content)
    assert w.error and w.log.to_json() == before
    assert "roll 0" not in w.status


def test_replay_message_reports_the_roll_it_replays():
    w = vw.TaskRoller(dice=3, seed=1)
    w.roll_dice()
    custom(w, {"do": "replay", "index": 0})
    assert w.error == "" and "Replayed roll 1" in w.status
    custom(w.log, {"do": "replay", "index": 0})
    assert w.log.error == "" and "Replayed roll 1" in w.log.status


def test_crafted_entries_update_cannot_break_the_rollers_sharing_the_log():
    lg = vw.RollLog()
    a, b = vw.TaskRoller(log=lg, seed=1), vw.CheckRoller(log=lg, seed=2)
    a.roll_dice()
    browser_update(lg, {"entries": [{"roll": {"seed": "1"}}]})
    b.roll_dice()
    a.roll_dice()
    assert len(lg) == 3 and lg.to_csv() and [lg.replay(i) for i in range(3)]
    assert "may not change entries" in lg.error


def test_roller_log_is_not_writable_from_the_view():
    w, other = vw.TaskRoller(), vw.RollLog()
    browser_update(w, {"log": f"IPY_MODEL_{other.model_id}"})
    assert w.log is not other


def test_ipywidgets_logging_outside_ipython_goes_to_a_logger(caplog):
    """ipywidgets reports a failing comm message with ``self.log.warning``;
    on a roller ``log`` is the RollLog."""
    w = vw.TaskRoller()

    def boom(state):
        raise RuntimeError("boom")

    w.set_state = boom
    with caplog.at_level(logging.WARNING):
        browser_update(w, {"dice": 3})
        w._handle_msg({"content": {"data": {"method": "no-such-method"}}, "buffers": []})
    assert "boom" in caplog.text and "no-such-method" in caplog.text
