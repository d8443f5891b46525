"""What the rulebook and the rollers say, read as a newcomer reads them (the book site,
where nothing runs; a roller in JupyterLab): a computed sentence after typed prose does not
say its label twice, and names the roll it is about; a note is said once."""

from __future__ import annotations

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition
from test_chapter_claims import rendered


def test_11_the_smaller_push_is_named_once_and_says_its_roll():
    """The lab's sentence opens with the variant's name ("4s and 5s: the chance ..."): the
    prose before it does not say it again, and says which roll it is (four pool dice, as the
    sentence before it: its "from 52.6 %" is that roll's chance with the push)."""
    text = rendered("11")
    assert "4s and 5s only: 4s and 5s:" not in text
    said = text[text.index("What if the push took only the 4s"):]
    said = said[:said.index("Every face left out")]
    assert "four pool dice" in said and said.count("4s and 5s:") == 1, said


@pytest.mark.parametrize("spec", [
    {"edition": "heresy", "pool": 6}, {"edition": "heresy-push.toml", "pool": 6, "black": 3},
    {"edition": "cofd.toml", "pool": 5}, {"edition": "shadowrun.toml", "pool": 6, "edge": True},
    {"edition": "playsheet", "roll": "task", "rank": "silver", "dice": 4, "explode": True}])
def test_odds_that_leave_a_tail_out_say_so_in_their_own_notes(spec):
    """Dice that may roll on for ever leave out a tail too rare to matter: the odds' own notes
    say it, in the edition's words (the roller shows them, and its still; it adds no second,
    generic note of the same tail: js/odds_view.js ``oddsNotes``)."""
    with edition.as_it_was():  # a draft loaded here is unregistered after
        if spec["edition"].endswith(".toml"):
            spec = {**spec, "edition": vw.load_edition(spec["edition"]).ID}
        o = vw.odds(spec)
    assert o.truncated > 0
    assert [n for n in o.notes if "rarest endless chains" in n and "left out" in n], o.notes
