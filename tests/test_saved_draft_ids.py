"""What was saved under the shipped drafts' old ids still plays (issue 34):
before the drafts served the built-in editions ``heresy`` and ``vers``,
they loaded as ``heresy-draft`` and ``vers-draft``; specs and a roll log
saved then (tests/data/saved_under_draft_ids.json, written on main, each
spec with the draft's version) give the same odds and import with the same
rolls, strictly (the same details, result line and version). And the
built-in drafts: loaded on first use, never at import; the shipped file
loads as the built-in edition, an edited copy under its id is refused (an
edited copy under an old id loads: tests/test_saved_on_main.py).
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition
from venus_widgets.engine.drafts import EXAMPLES, DraftError, load_edition
from venus_widgets.engine.drafts.built_in import OLD

SAVED = json.loads((Path(__file__).parent / "data" / "saved_under_draft_ids.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("saved", SAVED["specs"], ids=lambda s: json.dumps(s["spec"], sort_keys=True))
def test_a_spec_saved_under_an_old_id_gives_the_same_odds(saved):
    spec = saved["spec"]
    assert vw.normalize(spec) == spec  # the old id and its version kept
    o = vw.odds(spec)
    assert o.p_pass == pytest.approx(float(saved["p_pass"]), abs=1e-13)
    assert o.mean == pytest.approx(float(saved["mean"]), abs=1e-10)
    assert sorted(o.breakdown) == sorted(saved["breakdown"])
    for degree, p in saved["breakdown"].items():
        assert o.breakdown[degree] == pytest.approx(float(p), abs=1e-13)
    if "exact_p_pass" in saved:
        assert vw.odds(spec, exact=True).p_pass == Fraction(saved["exact_p_pass"])
    built_in = {k: v for k, v in spec.items() if k != "version"}
    built_in["edition"] = edition.ALIASES[spec["edition"]][0]
    assert vw.odds(built_in).p_pass == pytest.approx(o.p_pass, abs=1e-15)


def test_a_log_saved_under_an_old_id_imports_with_the_same_rolls():
    log = vw.RollLog()
    assert log.import_text(json.dumps(SAVED["log"])) == len(SAVED["log"]["entries"])
    for got, was in zip(log.entries, SAVED["log"]["entries"]):
        assert got == was  # strictly: dice, details, version, result line
    for i in range(len(log.entries)):
        assert log.replay(i).to_dict() == log.entries[i]["roll"]


def test_another_version_under_an_old_id_is_refused_in_words():
    spec = {**SAVED["specs"][0]["spec"], "version": "0123456789ab"}
    with pytest.raises(vw.SpecError) as info:
        vw.normalize(spec)
    assert info.value.field == "version" and "load that draft again" in str(info.value)


def test_the_shipped_file_is_the_built_in_edition():
    for name in ("heresy", "vers"):
        assert load_edition(f"{name}.toml") is edition.get(name).source
        assert load_edition(EXAMPLES / f"{name}.toml") is edition.get(name).source
        assert "version" not in vw.normalize({"edition": name})
    assert edition.ids() == ("playtest", "playsheet", "agora", "heresy", "vers") + tuple(
        i for i in edition.ids()[5:] if i not in edition.ALIASES)


def test_the_shipped_file_as_it_was_under_its_old_id_is_that_id():
    """main's heresy.toml (id heresy-draft), kept byte for byte, loads as the old id."""
    for ident in ("heresy-draft", "vers-draft"):
        text = (OLD / f"{ident}.toml").read_text(encoding="utf-8")
        assert load_edition(text) is edition.get(ident).source


def test_an_edited_copy_under_a_built_in_id_is_refused_in_words():
    text = (EXAMPLES / "heresy.toml").read_text(encoding="utf-8")
    text = text.replace("success = [1, 6]", "success = [6]")
    with pytest.raises(DraftError) as info:
        load_edition(text)
    assert info.value.key == "id" and "an id of its own" in str(info.value) and "heresy-mine" in str(info.value)
    assert vw.odds({"edition": "heresy", "pool": 3}).p_pass > 0.25  # the built-in edition as it was


def test_the_built_in_drafts_load_on_first_use_not_at_import():
    code = ("import sys, venus_widgets as vw\n"
            "from venus_widgets.engine.contract import edition\n"
            "assert 'heresy' not in edition._REGISTRY and 'venus_widgets.engine.drafts.built_in' not in sys.modules\n"
            "vw.odds({'edition': 'vers', 'ranks': 3})\n"
            "assert 'vers' in edition._REGISTRY and 'heresy' not in edition._REGISTRY\n")
    subprocess.run([sys.executable, "-c", code], check=True)
