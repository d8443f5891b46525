"""The roller's steps when the kernel answers late (Binder's latency, a busy
machine): the kernel is held while the user clicks on, so every answer
arrives after every click, in order; focus must still go where
docs/widgets.md says, as it does when each answer comes at once."""

from __future__ import annotations

import threading

import pytest
from playwright.sync_api import expect

from .conftest import kernel_eval, kernel_held, lab_notebook, roller_widget

pytestmark = pytest.mark.browser

CELLS = ["import venus_widgets as vw\n"
         "hand = vw.TaskRoller(dice=3, kiss=1, consequences=1, by_hand=True)\n"
         "hand",
         "seeded = vw.TaskRoller(dice=3, kiss=1, consequences=1, seed=2)\n"
         "seeded"]


@pytest.fixture(scope="module")
def page(browser_context, tmp_path_factory):
    with lab_notebook(browser_context, tmp_path_factory.mktemp("races"), CELLS) as page:
        yield page


def test_a_die_then_the_kiss_clicked_before_the_kernel_answers_focuses_the_new_faces(page, tmp_path):
    w = roller_widget(page, 0, "task")
    w.get_by_test_id("roll-button").click()
    box = w.get_by_test_id("faces-input")
    expect(box).to_be_focused()
    box.fill("6 2 1")
    box.press("Enter")
    expect(w.get_by_test_id("die-2")).to_have_attribute("data-face", "1")
    with kernel_held(page, "hand", tmp_path):
        w.get_by_test_id("die-2").click()
        w.get_by_test_id("kiss-commit").click()
    expect(w.get_by_test_id("enter-prompt")).to_contain_text("die 3")
    expect(w.get_by_test_id("faces-input")).to_be_focused()  # not the die clicked first
    assert kernel_eval(page, "print(hand.session.open.selected)").strip() == "[2]"


def test_a_choice_then_the_kiss_clicked_before_the_kernel_answers_focuses_what_the_dice_buy(page, tmp_path):
    w = roller_widget(page, 1, "task")
    w.get_by_test_id("roll-button").click()
    expect(w.get_by_test_id("die-0")).to_be_focused()  # seed 2: 6 2 1, one success of the goal's two
    with kernel_held(page, "seeded", tmp_path):
        w.get_by_role("button", name="Choose: KISS die 3").click()
        w.get_by_test_id("kiss-commit").click()
    expect(w.get_by_test_id("result")).to_contain_text("Passed")
    expect(w.get_by_test_id("spend-primary")).to_be_focused()


def test_a_state_read_after_a_click_waits_for_the_click_s_answer(page, tmp_path):
    """A click's message and a later cell are not ordered: JupyterLab answers
    a widget's messages on a kernel subshell, beside the cells. kernel_eval
    waits until the kernel has answered every message the widgets sent, so
    a test reads the state the click made, however late the answer."""
    w = roller_widget(page, 1, "task")
    w.get_by_test_id("roll-again").click()
    expect(w.get_by_test_id("kiss-commit")).to_be_visible()
    with kernel_held(page, "seeded", tmp_path) as release:
        w.get_by_test_id("die-1").click()
        w.get_by_test_id("kiss-commit").click()
        threading.Timer(2.0, release).start()  # the answers come 2 s after the clicks, while kernel_eval waits
        out = kernel_eval(page, "print(seeded.session.phase, seeded.log.entries[-1]['roll']['kissed'])")
    assert out.split() == ["spend", "[1]"]
