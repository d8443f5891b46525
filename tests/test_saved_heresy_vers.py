"""What was saved before Heresy and VERS became drafts still plays
(issue 34): tests/data/saved_before_drafts.json was written by the
package when ``heresy`` and ``vers`` were code editions (specs with their
odds, and a roll log exported as JSON: two rollers' rolls and two rolls
under rule knobs). The specs give the same odds today, and the log
imports: the same dice, outcome and result line, replayed from spec and
seed.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

import venus_widgets as vw

SAVED = json.loads((Path(__file__).parent / "data" / "saved_before_drafts.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("saved", SAVED["specs"], ids=lambda s: json.dumps(s["spec"], sort_keys=True))
def test_a_saved_spec_gives_the_same_odds(saved):
    spec = saved["spec"]
    o = vw.odds(spec)
    assert "version" not in vw.normalize(spec)  # a built-in edition's spec carries no version, as before
    assert o.p_pass == pytest.approx(float(saved["p_pass"]), abs=1e-13)
    assert o.mean == pytest.approx(float(saved["mean"]), abs=1e-10)
    assert list(o.breakdown) == list(saved["breakdown"]) or sorted(o.breakdown) == sorted(saved["breakdown"])
    for degree, p in saved["breakdown"].items():
        assert o.breakdown[degree] == pytest.approx(float(p), abs=1e-13)
    if "exact_p_pass" in saved:
        assert vw.odds(spec, exact=True).p_pass == Fraction(saved["exact_p_pass"])


def test_a_saved_log_imports_with_the_same_rolls():
    log = vw.RollLog()
    assert log.import_text(json.dumps(SAVED["log"])) == len(SAVED["log"]["entries"])
    for got, was in zip(log.entries, SAVED["log"]["entries"]):
        for key in ("dice", "outcome", "passed", "goal_reached", "seed", "spec"):
            assert got["roll"].get(key) == was["roll"].get(key), key
        assert got["result"] == was["result"]
        if "degree" in was["roll"]["details"]:  # Heresy's
            assert got["roll"]["details"]["degree"] == was["roll"]["details"]["degree"]
    for i in range(len(log.entries)):
        assert log.replay(i).to_dict() == log.entries[i]["roll"]


def test_a_saved_roll_replays_with_the_same_dice():
    for e in SAVED["log"]["entries"]:
        r = vw.roll(e["roll"]["spec"], e["roll"]["seed"])
        assert [d.to_dict() for d in r.dice] == e["roll"]["dice"]
        assert (r.outcome, r.passed) == (e["roll"]["outcome"], e["roll"]["passed"])
