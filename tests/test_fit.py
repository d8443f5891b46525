"""The table's dice against the odds: ``vw.fit`` and ``RollLog.fit``."""

from __future__ import annotations

import importlib
import re

import pytest

import venus_widgets as vw
from venus_widgets.widgets.log_record import make_entry

fitmod = importlib.import_module("venus_widgets.engine.tools.fit")  # the package exports the function fit

SPEC = {"roll": "task", "dice": 3}


def test_hand_checked_p_values():
    # a fair coin, 4 heads of 4: the sets as unlikely are 4-0 and 0-4, 2 of 16
    assert fitmod.fit_counts({"h": 0.5, "t": 0.5}, ["h"] * 4).p_value == pytest.approx(0.125, abs=1e-12)
    # 3 heads of 4: every set but 2-2 (6/16) is as unlikely or less: 10/16
    assert fitmod.fit_counts({"h": 0.5, "t": 0.5}, ["h", "h", "h", "t"]).p_value == pytest.approx(0.625, abs=1e-12)
    # chances 1/2, 1/4, 1/4, two rolls: (0,2,0) and (0,0,2) have 1/16 each, the rest 1/4 or 1/8
    three = {"a": 0.5, "b": 0.25, "c": 0.25}
    assert fitmod.fit_counts(three, ["b", "b"]).p_value == pytest.approx(0.125, abs=1e-12)
    assert fitmod.fit_counts(three, ["b", "c"]).p_value == pytest.approx(0.25, abs=1e-12)  # 1/8 + 1/16 + 1/16
    assert fitmod.fit_counts(three, ["a", "a"]).p_value == pytest.approx(1.0, abs=1e-12)


def test_counts_beside_the_exact_expected_counts():
    outcomes = [vw.roll(SPEC, seed=1000 + i).outcome for i in range(40)]
    f = vw.fit(SPEC, outcomes)
    dist = vw.odds(SPEC).distribution
    assert f.outcomes == tuple(dist)
    assert f.n == 40 and sum(f.observed) == 40
    assert f.observed == tuple(outcomes.count(o) for o in dist)
    assert f.expected == tuple(40 * p for p in dist.values())
    assert f.method == "exact"


def test_seeded_rolls_of_the_spec_fit():
    for spec, n in ((SPEC, 40), ({"roll": "check", "score": 6}, 60), ({"edition": "heresy", "black": 2}, 200)):
        f = vw.fit(spec, [vw.roll(spec, seed=5000 + i).outcome for i in range(n)])
        assert f.fits, f.text
        assert f.verdict.startswith(f"these {n} rolls fit the odds: fair dice roll a set as unlikely")


def test_a_biased_sample_does_not_fit():
    # the dice of 3-dice tasks that never show a 3 on a die... here: far too few passes
    f = vw.fit(SPEC, [0] * 25 + [1] * 15)
    assert not f.fits
    assert f.verdict.endswith("; check the dice") and "are unlikely under the odds" in f.verdict
    # rolls of another spec (6 dice) logged as 3-dice rolls
    many = [vw.roll({"roll": "task", "dice": 6}, seed=i).outcome for i in range(200)]
    g = vw.fit(SPEC, many)
    assert not g.fits and g.p_value == 0  # 4+ successes from 3 dice cannot happen
    assert "impossible" in g.verdict


def test_drawn_p_value_is_seeded_and_close_to_the_exact_one(monkeypatch):
    outcomes = [0] * 16 + [1] * 15 + [2] * 7 + [3] * 2
    exact = vw.fit(SPEC, outcomes)
    monkeypatch.setattr(fitmod, "MAX_ENUMERATED", 0)
    drawn = vw.fit(SPEC, outcomes)
    assert drawn.method.startswith("20000 sets drawn from the exact odds, seed ")
    assert drawn.p_value == vw.fit(SPEC, outcomes).p_value  # the same on every call (and machine)
    assert drawn.p_value == pytest.approx(exact.p_value, abs=0.02)


def test_text_and_html_forms():
    f = vw.fit(SPEC, [1, 1, 0, 2])
    assert f.text.splitlines()[0] == f.verdict[0].upper() + f.verdict[1:] + "."
    assert "<th scope='col'>observed</th>" in f._repr_html_()
    assert repr(f).startswith("Fit(n=4, p_value=")
    with pytest.raises(vw.SpecError, match="outcomes"):
        vw.fit(SPEC, "0 1 2")


def test_rolllog_fit_takes_the_entries_of_one_spec():
    log = vw.RollLog()
    with pytest.raises(ValueError, match="the log is empty"):
        log.fit()
    for i in range(30):
        log.append(make_entry(vw.roll(SPEC, seed=1000 + i)))
    check = {"roll": "check", "score": 3}
    log.append(make_entry(vw.roll(check, seed=1)))
    f = log.fit(SPEC)
    assert f.n == 30 and f.spec == vw.normalize(SPEC)
    assert f.observed == tuple([vw.roll(SPEC, seed=1000 + i).outcome for i in range(30)].count(o)
                               for o in f.outcomes)
    latest = log.fit()
    assert latest.n == 1 and latest.spec == vw.normalize(check)
    with pytest.raises(ValueError, match="no roll in the log has the spec"):
        log.fit({"roll": "task", "dice": 5})
    log.append(make_entry(vw.roll(SPEC, seed=7), kiss=[]))
    assert log.fit(SPEC).note == ""  # no KISS and no Ego in this roll: nothing was chosen by hand


def test_rolllog_fit_notes_only_rolls_where_a_choice_was_made_by_hand():
    """The note said "25 of these rolls had KISS or Ego chosen by hand" for rolls with neither."""
    w = vw.TaskRoller(dice=3)  # no KISS budget, no Ego: the roller records kiss=[] and ego=False
    for seed in range(25):
        w.roll_dice(seed=seed)
        if w.table["phase"] not in ("done", "idle"):
            w._handle({"do": "commit"}) if w.table["phase"] == "kiss" else None
    assert len(w.log) == 25 and w.log.fit().note == ""
    spec = {"roll": "task", "dice": 3, "kiss": 1}
    kissing = next(s for s in range(100) if vw.roll(spec, seed=s).kissed)  # the policy KISSes a die
    log = vw.RollLog()
    log.append(make_entry(vw.roll(spec, seed=kissing, kiss=[]), kiss=[]))  # the player kept the dice
    log.append(make_entry(vw.roll(spec, seed=kissing), kiss=None))  # the policy's
    assert log.fit(spec).note.startswith("1 of these rolls had KISS or Ego chosen by hand")


def test_the_verdict_says_how_often_fair_dice_roll_as_unusual_a_set_in_a_facilitators_words():
    """The verdict read "these 60 rolls are unlikely under the odds (p =
    5e-05)": a statistician's p-value in scientific notation. It says how
    often fair dice roll a set as unlikely as this one, in words an FC
    reads, and names no test."""
    fair = vw.fit(SPEC, [vw.roll(SPEC, seed=5000 + i).outcome for i in range(40)])
    four = {"roll": "task", "caliber": "silver", "dice": 4, "factors": 1}
    wrong = vw.fit(four, [vw.roll({**four, "dice": 2}, seed=100 + i).outcome for i in range(60)])
    for f in (fair, wrong):
        said = f"{f.verdict} {f.text} {f._repr_html_()}"
        assert not re.search(r"\bp =|p-value|multinomial|\d e-?\d|\de-\d", said), said
        assert re.search(r"fair dice roll a set as unlikely as this one (?:about \d+ % of the time|about 1 time in "
                         r"[\d,]+)", f.verdict), f.verdict
    assert wrong.verdict.endswith("check the dice") and not wrong.fits
    assert fmt_often(0.24) == "about 24 % of the time" and fmt_often(0.00005) == "about 1 time in 20,000"


def fmt_often(p):
    return fitmod.how_often(p)
