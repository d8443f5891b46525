"""Words a player or a designer reads from the drafts that serve editions
(a review of lead against main): each refusal names the field to change
and says what to do, in the draft's own words, without code notation, an
empty field name or a number that is not the code's."""

from __future__ import annotations

import re

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition
from venus_widgets.engine.drafts import DraftError, load_edition


@pytest.fixture
def loaded():
    """Load drafts in a test; each is unregistered after it."""
    ids: list[str] = []

    def load(text: str):
        e = load_edition(text)
        ids.append(e.ID)
        return e

    yield load
    for i in ids:
        if edition.known(i):
            edition.unregister(i)


def _said(call) -> vw.SpecError:
    with pytest.raises(vw.SpecError) as info:
        call()
    return info.value


def test_kiss_in_a_draft_without_a_re_roll_step_says_it_has_no_kiss():
    """Main said "no KISS in the Heresy Engine"; lead said "dice the re-roll
    step may take (this draft has no re-roll step)"."""
    for kiss in ([0], [9]):  # a die of the roll, or none: either way there is no KISS to take it
        err = _said(lambda: vw.roll({"edition": "heresy", "pool": 4}, 1, kiss=kiss))
        assert err.field == "kiss"
        assert "Victoriana’s Heresy Engine has no KISS: leave kiss empty" in str(err), str(err)
        assert "re-roll step" not in str(err) and "draft" not in str(err), str(err)


def test_ego_in_a_draft_without_ego_names_the_field_in_plain_words():
    """Lead said "(the heresy edition has no Ego (no doubling step, [double]))"."""
    err = _said(lambda: vw.roll({"edition": "heresy", "pool": 4}, 1, ego=True))
    assert err.field == "ego"
    assert str(err) == ("ego=True is not allowed: expected ego off: this roll has no step to spend "
                        "(Victoriana’s Heresy Engine has no Ego)"), str(err)
    assert not re.search(r"\[|None|edition", str(err)), str(err)


KNOB_COUNT = '''
id = "endless-knob"
[fields.dice]
range = [1, 10]
default = 3
[rules]
extra = { value = 3, range = [0, 10] }
[dice.d6]
sides = 6
success = [1, 6]
explode = [1, 6]
depth = "unbounded"
[groups.own]
count = "extra"
[outcome]
threshold = 2
[knobs]
extra_dice = { knob = "extra", label = "Extra dice" }
'''


def test_exact_odds_of_endless_dice_counted_by_a_knob_name_the_knob(loaded):
    """A count of dice that reads no field but a rule knob a spec shows:
    lead said "=None is not allowed: expected no  dice ..." (field '',
    "each 1, 6", "the tail below 1e-12" while the dice are cut at 1e-18)."""
    loaded(KNOB_COUNT)
    err = _said(lambda: vw.odds({"edition": "endless-knob"}, exact=True))
    assert (err.field, err.value) == ("rules.extra_dice", 3)
    said = str(err)
    assert said.startswith("rules.extra_dice=3 is not allowed: expected 0 extra dice for exact=True"), said
    assert "each 1 or 6 is a success rolled again without end" in said, said
    assert "the rarest endless chains, together less than 1 in a trillion, left out" in said, said
    assert not re.search(r"None|  |1, 6 is|1e-1", said), said


def test_exact_odds_of_endless_dice_counted_by_nothing_a_spec_sets_say_exact_false(loaded):
    """A count no spec can change: the one thing to change is exact."""
    loaded(KNOB_COUNT.replace('count = "extra"', 'count = "3"').replace("endless-knob", "endless-fixed"))
    err = _said(lambda: vw.odds({"edition": "endless-fixed"}, exact=True))
    assert (err.field, err.value) == ("exact", True), str(err)
    said = str(err)
    assert said.startswith("exact=True is not allowed: expected exact=False"), said
    assert not re.search(r"None|  |1e-1", said), said


def test_the_heresy_refusal_of_exact_odds_says_the_tail_in_words():
    err = _said(lambda: vw.odds({"edition": "heresy", "pool": 4}, exact=True))
    assert (err.field, err.value) == ("pool", 4)
    assert "1e-12" not in str(err) and "less than 1 in a trillion" in str(err), str(err)


FACTS = '''
id = "facts"
[fields.dice]
range = [1, 10]
default = 3
[fields.stance]
options = ["calm", "wild"]
default = "calm"
[dice.d6]
sides = 6
success = [5, 6]
[groups.own]
count = "dice"
[outcome]
threshold = 1
[details]
stance = "{fact}"
'''


def test_a_fact_that_gives_text_is_refused_at_load_naming_it(loaded):
    """Lead raised a bare ValueError ("invalid literal for int()") at the first roll."""
    with pytest.raises(DraftError) as info:
        loaded(FACTS.format(fact="stance"))
    err = info.value
    assert err.key == "details.stance" and err.line == 17, (err.key, err.line, str(err))
    assert "a number or a yes or no" in str(err) and "stance == 'calm'" in str(err), str(err)


def test_a_fact_of_a_choice_compared_records_a_yes_or_no(loaded):
    loaded(FACTS.format(fact="stance == 'wild'"))
    assert vw.roll({"edition": "facts", "stance": "wild"}, 1).details["stance"] is True


CHECKS = '''
id = "chk"
[fields.dice]
range = [1, 10]
default = 3
[fields.need]
range = [0, 10]
default = 1
[dice.d6]
sides = 6
success = [5, 6]
[groups.own]
count = "dice"
[outcome]
threshold = "need"
[[checks]]
rule = "need <= dice"
field = "need"
words = "{words}"
'''


def test_check_words_that_divide_by_zero_are_refused_at_load(loaded):
    """Lead loaded the draft; the first spec breaking the check raised
    "ExprError: 'dice // 0' divides by 0", naming no check and no line."""
    with pytest.raises(DraftError) as info:
        loaded(CHECKS.format(words="at most {dice // 0} sixes"))
    err = info.value
    assert (err.key, err.line) == ("checks[0].words", 19), (err.key, err.line, str(err))
    assert "{dice // 0}" in str(err) and "divides by 0" in str(err), str(err)


def test_check_words_with_a_brace_left_open_are_refused_at_load(loaded):
    """Lead loaded the draft and said "expected at most {dice" as it stood."""
    with pytest.raises(DraftError) as info:
        loaded(CHECKS.format(words="at most {dice"))
    err = info.value
    assert (err.key, err.line) == ("checks[0].words", 19), (err.key, err.line, str(err))
    assert "a brace" in str(err) and "}" in str(err), str(err)


def test_check_words_that_fill_say_them():
    """The words still work: the shipped Heresy Engine's trades."""
    err = _said(lambda: vw.normalize({"edition": "heresy", "pool": 4, "trade": 2}))
    assert err.field == "trade" and "a whole number from 0 to 1" in str(err), str(err)


def test_the_kiss_announcement_says_no_engine():
    """The roller's announcement of its advice said "the engine suggests"."""
    from venus_widgets.widgets.table_words import kiss_status

    spec = vw.normalize({"edition": "playtest", "roll": "task", "dice": 3})
    view = {"successes": 1, "goal": 2,
            "advice": {"options": [{"kiss": [1], "optimal": True, "p_pass": 0.5, "p_goal": 0.25}]}}
    said = kiss_status(spec, view)
    assert "suggested: KISS die 2 (pass 50 %, goal 25 %)" in said, said
    assert "engine" not in said, said


def test_check_words_that_divide_by_zero_for_a_spec_name_the_check(loaded):
    """Words fine at the defaults but not for every spec that breaks the check:
    lead raised a bare "'10 // (dice - 1)' divides by 0"."""
    loaded(CHECKS.format(words="at most {10 // (dice - 1)}"))
    with pytest.raises(DraftError) as info:
        vw.normalize({"edition": "chk", "dice": 1, "need": 5})
    err = info.value
    assert (err.key, err.line) == ("checks[0].words", 19), (err.key, err.line, str(err))
    assert "{10 // (dice - 1)}" in str(err) and "dice = 1" in str(err), str(err)


def test_a_log_card_of_dice_the_roller_chose_says_so_without_engine():
    """The card said "kept the dice (the engine's policy)"."""
    from venus_widgets.widgets.log_cards import entry_card
    from venus_widgets.widgets.log_record import make_entry

    r = vw.roll({"roll": "task", "dice": 3, "kiss": 1}, seed=1)
    e = {**make_entry(r, result="Failed"), "kiss": None}
    kiss = next(f["text"] for f in entry_card(e)["facts"] if f["key"] == "kiss")
    assert kiss.endswith("(chosen by the roller)") and "engine" not in kiss, kiss


def test_the_heresy_page_says_the_chance_cut_as_the_odds_cut_it():
    """docs/rules_heresy_vers.md said the code edition's method (binomial
    counts, a tail cut at 1e-12); the draft follows each die's chain."""
    from pathlib import Path

    page = (Path(__file__).parents[1] / "docs" / "rules_heresy_vers.md").read_text()
    assert "Binomial" not in page and "1e-12" not in page
    cut = vw.odds({"edition": "heresy", "pool": 6}).truncated
    assert f"`Odds.truncated` ({round(cut * 1e18)} in a billion billion for a pool of 6" in " ".join(page.split())
