"""What was saved on main (tests/data/saved_on_main.json, written by
tests/data/make_saved_on_main.py with main's code, commit cf19b2e) loads,
plays and replays on this branch exactly (issue 32: "a log entry of an
older version replays exactly or says why not"):

- a designer's edited copy of heresy.toml still under its id of then,
  ``heresy-draft``, loads and plays as the designer's own draft, its own
  version, for the session; the shipped draft's specs still play by it;
- a designer's own draft whose group keys say ``called``'s plural
  (``challenge_dice``, called "challenge die"): its log imports and replays;
- the shipped drafts under their ids of then (``heresy-draft``,
  ``vers-draft``): served from main's texts, frozen byte for byte
  (venus_widgets/drafts/old/), whose content hash is the version specs
  of then record; the same odds, the same rolls;
- rolls of the built-in ``heresy`` and ``vers`` (code editions then, 47
  rolls: seeded and typed by hand, with rule knobs): the same dice, facts
  and result line, and replayed from their seed the same dice.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition
from venus_widgets.engine.drafts import load_edition

SAVED = json.loads((Path(__file__).parent / "data" / "saved_on_main.json").read_text(encoding="utf-8"))


def same_odds(saved: dict) -> None:
    spec = saved["spec"]
    assert vw.normalize(spec) == spec
    o = vw.odds(spec)
    assert o.p_pass == pytest.approx(float(saved["p_pass"]), abs=1e-13)
    assert o.mean == pytest.approx(float(saved["mean"]), abs=1e-10)
    assert sorted(o.breakdown) == sorted(saved["breakdown"])
    for degree, p in saved["breakdown"].items():
        assert o.breakdown[degree] == pytest.approx(float(p), abs=1e-13)
    if "exact_p_pass" in saved:
        assert vw.odds(spec, exact=True).p_pass == Fraction(saved["exact_p_pass"])


def same_log(saved_log: dict) -> None:
    log = vw.RollLog()
    assert log.import_text(json.dumps(saved_log)) == len(saved_log["entries"])
    for got, was in zip(log.entries, saved_log["entries"]):
        assert got == was  # strictly: dice, details, version, result line
    for i in range(len(log.entries)):
        assert log.replay(i).to_dict() == log.entries[i]["roll"]


@pytest.fixture
def edited():
    saved = SAVED["edited_heresy"]
    try:
        yield load_edition(saved["text"]), saved
    finally:
        edition.unregister("heresy-draft")


def test_an_edited_copy_under_an_old_id_loads_as_the_designer_s_own_draft(edited):
    ed, saved = edited
    assert (ed.ID, ed.VERSION) == ("heresy-draft", saved["version"])
    assert edition.get("heresy-draft").VERSION == saved["version"]
    assert "heresy-draft" in edition.ids()
    for s in saved["specs"]:
        same_odds(s)
    same_log(saved["log"])


def test_the_shipped_version_still_plays_while_an_edited_copy_is_loaded(edited):
    for s in SAVED["shipped"]["specs"]:
        if s["spec"]["edition"] == "heresy-draft":
            same_odds(s)
    same_log({**SAVED["shipped"]["log"], "entries": [
        e for e in SAVED["shipped"]["log"]["entries"] if e["roll"]["spec"]["edition"] == "heresy-draft"]})


def test_unloading_the_edited_copy_gives_the_old_id_back_to_the_shipped_draft(edited):
    edition.unregister("heresy-draft")
    assert edition.get("heresy-draft").VERSION == SAVED["shipped"]["versions"]["heresy-draft"]
    assert "heresy-draft" not in edition.ids()


def test_a_spec_of_the_edited_copy_not_loaded_says_to_load_it():
    spec = SAVED["edited_heresy"]["specs"][0]["spec"]
    with pytest.raises(vw.SpecError) as info:
        vw.odds(spec)
    assert info.value.field == "version" and "load that draft again" in str(info.value)
    load_edition(SAVED["edited_heresy"]["text"])  # and that works
    try:
        same_odds(SAVED["edited_heresy"]["specs"][0])
    finally:
        edition.unregister("heresy-draft")


def test_an_own_draft_with_plural_keys_imports_and_replays_its_log():
    """Its dice were owned by the key then ("challenge dice"), by called's words now
    ("challenge"): a version of its own now, and main's version replays as main rolled."""
    saved = SAVED["own_draft"]
    ed = load_edition(saved["text"])
    try:
        for s in saved["specs"]:
            same_odds(s)
        same_log(saved["log"])
        assert ed.VERSION != saved["version"]
        now = vw.roll({"edition": ed.ID, "stat": 3}, seed=100)
        assert now.spec["version"] == ed.VERSION
        assert [d.owner for d in now.dice] == ["challenge", "challenge", "action"]
    finally:
        edition.unregister(ed.ID)


@pytest.mark.parametrize("ident", ["heresy-draft", "vers-draft"])
def test_an_old_id_is_served_by_main_s_text_whose_hash_is_its_version(ident):
    version = SAVED["shipped"]["versions"][ident]
    assert edition.ALIASES[ident][2] == version
    served = edition.get(ident)
    assert served.VERSION == version and served.source.draft.digest == version


def test_the_shipped_drafts_specs_of_then_give_main_s_odds():
    for s in SAVED["shipped"]["specs"]:
        same_odds(s)


def test_the_shipped_drafts_log_of_then_imports_and_replays():
    same_log(SAVED["shipped"]["log"])


def test_a_log_of_the_code_editions_imports_and_replays_the_same_dice():
    saved = SAVED["code_editions"]["log"]
    log = vw.RollLog()
    assert log.import_text(json.dumps(saved)) == len(saved["entries"])
    for i, (got, was) in enumerate(zip(log.entries, saved["entries"])):
        assert got == was, i  # strictly: the dice, the code's facts, the result line
        again = log.replay(i)
        assert [d.to_dict() for d in again.dice] == was["roll"]["dice"], i
        assert (again.outcome, again.passed) == (was["roll"]["outcome"], was["roll"]["passed"]), i


# -- the shipped drafts' versions of before (tests/data/saved_on_main_older.json, main at 81a2056^) ------------
OLDER = json.loads((Path(__file__).parent / "data" / "saved_on_main_older.json").read_text(encoding="utf-8"))


def test_the_shipped_drafts_older_versions_are_kept_texts_whose_hash_they_are():
    for ident, version in OLDER["versions"].items():
        assert version in edition.ALIASES[ident][3]
        older = edition.get(ident).at_version(version)
        assert older.VERSION == version and older.source.draft.digest == version
        assert older.NAME == OLDER["names"][ident]


def test_specs_of_the_shipped_drafts_older_versions_give_the_odds_main_gave():
    for s in OLDER["specs"]:
        same_odds(s)


def test_a_log_of_the_shipped_drafts_older_versions_imports_and_replays():
    """Its rolls' facts then had the value before the re-roll step as successes_before_kiss, read as its name now."""
    assert all("successes_before_kiss" in e["roll"]["details"] for e in OLDER["log"]["entries"])
    same_log({**OLDER["log"], "entries": [{**e, "roll": {**e["roll"], "details": {
        ("value_before_reroll" if k == "successes_before_kiss" else k): v for k, v in e["roll"]["details"].items()}}}
        for e in OLDER["log"]["entries"]]})
    log = vw.RollLog()
    log.import_text(json.dumps(OLDER["log"]))
    for got, was in zip(log.entries, OLDER["log"]["entries"]):
        assert got["roll"]["dice"] == was["roll"]["dice"] and got["result"] == was["result"]
        assert got["roll"]["details"]["value_before_reroll"] == was["roll"]["details"]["successes_before_kiss"]


def test_the_older_versions_still_play_while_an_edited_copy_holds_the_old_id(edited):
    for s in OLDER["specs"]:
        same_odds(s)
