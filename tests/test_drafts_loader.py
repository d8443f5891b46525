"""The loader refuses in words (issue 32, "Loading"; issue 33 item 4): size
and depth bounds for a draft's text, dict and file, any encoding error,
a UTF-8 BOM, things that are not files refused before they are read,
ladder values checked, reserved and clashing names refused, ids checked
exactly, and every mistake of a file reported at once, each at its line,
as one short error (no traceback in a notebook).

Each example is one of the issue's, written as a test first: before the
fix it was a raw Python error, a hang, or a draft that loaded silently."""

from __future__ import annotations

import os
import re
import tracemalloc

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition
from venus_widgets.engine.contract.spec import normalize
from venus_widgets.engine.drafts import DraftError, load_edition

from draft_push import PUSH
from work_count import calls


PYTHON_WORDS = re.compile(r"Traceback|Error\b|\bTrue\b|\bFalse\b|\bNone\b|\bstr\b|0x[0-9a-f]")


@pytest.fixture(autouse=True)
def _forget_push():
    yield
    for ident in ("push", "pt", "big", "deep"):
        edition.unregister(ident)


#: the work a refusal may take: Python calls and memory held (a refusal reads the draft, never counts its odds)
CALLS, PEAK = 2_000_000, 64 * 2**20  # the heaviest refusal here: about 165,000 calls and 2 MB


def refused(draft, name: str = "", budget: int = CALLS) -> DraftError:
    """The DraftError a draft is refused with, after bounded work (Python
    calls and memory, the same on every machine) and in words."""
    tracemalloc.start()
    try:
        err, n = calls(load_edition, draft, name, budget=budget)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert isinstance(err, DraftError), err
    assert peak < PEAK, f"refused after holding {peak / 2**20:.0f} MB"
    said = str(err)
    assert not PYTHON_WORDS.search(said), said
    return err


# -- the ladder --------------------------------------------------------------------


def test_a_ladder_to_a_hundred_billion_is_refused_at_its_line():
    """[ladder] to = 100000000000 was a MemoryError."""
    err = refused(PUSH + '[ladder]\nfield = "need"\nfrom = 1\nto = 100000000000\n')
    assert err.key == "ladder.to" and err.line == PUSH.count("\n") + 4, str(err)
    assert "1 to 5" in str(err), str(err)


def test_junk_ladder_values_are_refused():
    """values = ["a", [1], 99] loaded silently, and the screen failed later."""
    err = refused(PUSH + '[ladder]\nfield = "need"\nvalues = ["a", [1], 99]\n')
    assert err.key.startswith("ladder.values") and "need" in str(err), str(err)
    for values, words in (("[9]", "1 to 5"), ("[2, 2]", "twice"), ("[true]", "whole number")):
        said = str(refused(PUSH + f'[ladder]\nfield = "need"\nvalues = {values}\n'))
        assert words in said, said


def test_a_ladder_of_options_takes_only_the_options():
    text = PUSH.replace('[fields.need]\nrange = [1, 5]\ndefault = 1', '[fields.need]\noptions = ["low", "high"]')
    text = text.replace('threshold = "need"', "threshold = \"if(need == 'low', 1, 2)\"")
    said = str(refused(text + '[ladder]\nfield = "need"\nvalues = ["low", "mid"]\n'))
    assert "'mid'" in said and "low, high" in said, said
    ed = load_edition(text + '[ladder]\nfield = "need"\nvalues = ["low", "high"]\n')
    assert [s["need"] for s in ed.ladder_settings(normalize({"edition": "push"}))] == ["low", "high"]


# -- sizes and depths ---------------------------------------------------------------


def test_a_dict_draft_with_a_hundred_thousand_options_is_refused_quickly():
    """It never finished (and escaped the text's size limit)."""
    draft = {"id": "big", "fields": {"c": {"options": [f"o{i}" for i in range(100_000)]}},
             "dice": {"d": {"sides": 6, "success": [6]}}, "groups": {"g": {"count": 2}}}
    said = str(refused(draft))
    assert "fields.c.options" in said and "at most" in said, said


def test_the_same_draft_as_text_is_refused_as_quickly():
    text = 'id = "big"\n[fields.c]\noptions = [' + ", ".join(f'"o{i}"' for i in range(15_000)) + "]\n"
    said = str(refused(text + '[dice.d]\nsides = 6\nsuccess = [6]\n[groups.g]\ncount = 2\n'))
    assert "line 3" in said and "at most" in said, said


def test_deep_nesting_is_refused_in_words():
    """A dict nested 5,000 deep (or TOML text's [[[[...]]]]) was a RecursionError."""
    deep: dict = {"id": "deep"}
    cur = deep
    for _ in range(5_000):
        cur["x"] = {}
        cur = cur["x"]
    assert "nested" in str(refused(deep))
    assert "nested" in str(refused('id = "deep"\na = ' + "[" * 3_000 + "]" * 3_000 + "\n"))
    assert "nested" in str(refused('id = "deep"\na = ' + "{ b = " * 300 + "1" + " }" * 300 + "\n"))


def test_a_number_too_large_for_a_draft_is_refused():
    said = str(refused(PUSH.replace("default = 4", "default = " + "9" * 5_000)))
    assert "fields.dice.default" in said and "line 6" in said, said
    said = str(refused({"id": "big", "fields": {"dice": {"range": [1, 10 ** 5000]}}}))
    assert "fields.dice.range" in said, said


def test_values_a_draft_cannot_hold_are_refused():
    for value in ({1, 2}, b"6", object(), float("nan"), 2.5):
        said = str(refused({"id": "big", "fields": {"dice": {"range": [1, 10], "default": value}}}))
        assert "fields.dice.default" in said, said


# -- files and encodings -------------------------------------------------------------


def test_a_latin1_file_is_refused_at_the_line_of_its_first_odd_character(tmp_path):
    """A Latin-1 file was a raw UnicodeDecodeError."""
    path = tmp_path / "cafe.toml"
    path.write_bytes(PUSH.replace('name = "Push your luck"', 'name = "Caf\xe9 push"').encode("latin-1"))
    err = refused(path)
    assert err.line == 2 and "UTF-8" in str(err) and "cafe.toml" in str(err), str(err)


def test_a_utf8_bom_is_read_as_nothing(tmp_path):
    """A file saved with a BOM (Windows' Notepad) was 'line 1: the TOML does not read'."""
    path = tmp_path / "push.toml"
    path.write_bytes(b"\xef\xbb\xbf" + PUSH.encode())
    assert load_edition(path).ID == "push"
    assert load_edition("\ufeff" + PUSH).ID == "push"


def test_what_is_not_a_file_is_refused_before_it_is_read(tmp_path):
    said = str(refused(str(tmp_path)))
    assert "folder" in said, said
    said = str(refused("/dev/zero"))
    assert "not a file" in said, said
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    said = str(refused(fifo))  # opening a pipe would wait for a writer for ever
    assert "not a file" in said, said
    said = str(refused(tmp_path / "no\0such.toml"))
    assert "no such file" in said or "cannot" in said, said


def test_a_file_too_large_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "big.toml"
    path.write_text(PUSH + "#" * 300_000 + "\n")
    assert "larger" in str(refused(path))


# -- names ---------------------------------------------------------------------------


def test_ids_are_checked_exactly():
    """id = "playtest\\n" passed the id check (a ContractError at register)."""
    err = refused(PUSH.replace('id = "push"', 'id = "playtest\\n"'))
    assert err.key == "id" and err.line == 1, str(err)
    err = refused(PUSH.replace('[fields.dice]', '[fields."dice\\n"]'))
    assert err.key.startswith("fields.dice"), str(err)


def test_a_field_and_a_mark_of_the_same_name_are_refused():
    """They loaded silently; the mark's count then hid the field in the outcome."""
    err = refused(PUSH.replace("marks = { bane = [1] }", "marks = { dice = [1] }"))
    assert err.key == "dice.d6.marks.dice" and "field" in str(err), str(err)


def test_a_group_named_as_a_field_is_refused():
    """The group's count of dice took the field's place in every formula."""
    err = refused(PUSH.replace("[groups.own]", "[groups.need]"))
    assert err.key == "groups.need" and "field" in str(err), str(err)


def test_a_rule_named_as_a_field_is_refused():
    err = refused(PUSH.replace("[dice.d6]", "[rules]\nneed = 2\n\n[dice.d6]"))
    assert err.key == "rules.need" and "field" in str(err), str(err)


def test_the_spec_envelope_names_no_field():
    for name in ("version", "rules", "edition", "roll"):
        err = refused(PUSH.replace("[fields.need]", f"[fields.{name}]").replace('"need"', f'"{name}"'))
        assert err.key == f"fields.{name}", str(err)


# -- every mistake at once -------------------------------------------------------------


def test_every_mistake_of_a_file_is_reported_at_once():
    """The docs' three mistakes (count = "dicee", success = [7], name = Push
    your luck): only the first was reported."""
    text = (PUSH.replace('count = "dice"', 'count = "dicee"').replace("success = [6]", "success = [7]")
            .replace('name = "Push your luck"', "name = Push your luck"))
    err = refused(text, "push.toml")
    lines = str(err).splitlines()
    assert len(err.problems) == 3, str(err)
    assert [p.line for p in err.problems] == [2, 18, 22], str(err)
    assert lines[0] == "push.toml: 3 mistakes, each at its line:", lines
    assert lines[1].startswith("push.toml, line 2: the TOML does not read"), lines
    assert lines[2] == "push.toml, line 18, dice.d6.success[0]: 7 is not a face of a 6-sided die (1 to 6)", lines
    assert lines[3].startswith("push.toml, line 22, groups.own.count: 'dicee' reads dicee"), lines
    assert "it can read fields dice, need" in lines[3], lines  # not the die whose mistake is said (no name to read)
    assert "push" not in edition.ids()


def test_a_broken_field_does_not_make_every_formula_that_reads_it_a_mistake_too():
    text = PUSH.replace("range = [1, 10]", "range = [10, 1]")
    err = refused(text)
    assert len(err.problems) == 1 and err.key == "fields.dice.range", str(err)


def test_one_mistake_reads_as_before():
    err = refused(PUSH.replace('count = "dice"', 'count = "dicee"'), "push.toml")
    assert str(err).startswith("push.toml, line 22, groups.own.count: 'dicee' reads dicee"), str(err)
    assert err.problems == (err,) or len(err.problems) == 1


def test_syntax_mistakes_on_several_lines_are_all_reported():
    text = PUSH.replace('label = "Dice"', "label = Dice").replace('label = "Sixes needed"', "label = Sixes")
    err = refused(text)
    assert [p.line for p in err.problems] == [7, 13], str(err)


def test_a_bad_draft_in_a_notebook_shows_its_mistakes_not_a_traceback():
    """IPython shows an exception's _render_traceback_ instead of the
    traceback: a bad draft showed about 900 px of traceback before its one line."""
    err = refused(PUSH.replace('count = "dice"', 'count = "dicee"').replace("success = [6]", "success = [7]"))
    shown = err._render_traceback_()
    assert len(shown) == 3 and "Traceback" not in "".join(shown), shown
    assert "DraftError" in shown[0] and "2 mistakes" in shown[0] and "line 18" in shown[1], shown


# -- the estimate of a count far too large ----------------------------------------------


def test_a_count_of_a_hundred_million_dice_is_refused_quickly():
    """count = "dice * 100000000" never finished loading: the estimate computed 6 ** count."""
    err = refused(PUSH.replace('count = "dice"', 'count = "dice * 100000000"'))
    assert "dice" in str(err), str(err)


def test_a_count_of_billions_of_dice_is_refused_in_words_before_a_roll():
    """count = "dice * 2147483648" with outcome "bane" (a mark the big group never shows) passed the cost
    guard, and vw.roll built a list of two billion dice: a MemoryError."""
    text = PUSH.replace("[groups.own]", '[dice.big]\nsides = 3\nsuccess = [3]\n\n[groups.many]\ndie = "big"\n'
                                        'count = "dice * 2147483648"\n\n[groups.own]\ndie = "d6"')
    text = text.replace('threshold = "need"', 'threshold = "need"\nvalue = "bane"').replace(
        'name = "Push"\n', 'name = "Push"\ndice = ["own"]\n')
    with pytest.raises(DraftError) as err:
        load_edition(text)
    assert "10,000" in str(err.value) and "groups.many.count" in str(err.value), str(err.value)
    load_edition(text.replace("dice * 2147483648", "dice * 1000"))
    with pytest.raises(vw.SpecError, match="10,000") as err2:
        vw.roll({"edition": "push", "dice": 10}, seed=1)
    assert err2.value.field == "dice" and err2.value.nearest == 9, str(err2.value)


def test_faces_bounded_by_a_huge_number_are_refused_without_listing_them():
    """success = { at_least = "dice - 1000000000000000" } listed a quadrillion faces: a MemoryError."""
    err = refused(PUSH.replace("success = [6]", 'success = { at_least = "dice - 1000000000000000" }'))
    assert "is not a face of a 6-sided die" in str(err) and err.key == "dice.d6.success", str(err)


def test_a_dict_that_cannot_be_read_or_holds_a_book_is_refused_in_words():
    from collections.abc import Mapping

    class Broken(Mapping):
        def __getitem__(self, key):
            raise ZeroDivisionError("boom")

        def __iter__(self):
            return iter(["id", "fields"])

        def __len__(self):
            return 2

    said = str(refused(Broken()))
    assert "dict" in said and "boom" not in said, said
    said = str(refused({"id": "big", "about": "x" * 300_000, "fields": {"dice": {"range": [1, 6]}}}))
    assert "about" in said and "200,000" in said, said


def test_a_group_or_field_that_does_not_read_is_not_a_mistake_where_it_is_named():
    """Chapter 11's trade_rat: the group own did not read, so reroll.dice = ["own"] said "'own' is not a
    group" too; a check's or the ladder's field whose own line is wrong likewise."""
    text = PUSH.replace('count = "dice"', 'count = "dicee"').replace('name = "Push"', 'name = "Push"\ndice = ["own"]')
    err = refused(text)
    assert [p.key for p in err.problems] == ["groups.own.count"], str(err)
    text = PUSH.replace("range = [1, 5]", "range = [5, 1]") + '[ladder]\nfield = "need"\nto = 3\n'
    text += '\n[[checks]]\nrule = "need <= dice"\nfield = "need"\n'
    err = refused(text)
    assert [p.key for p in err.problems] == ["fields.need.range"], str(err)


# -- the odds name each chance once ------------------------------------------------


def test_a_degree_named_like_another_chance_of_the_odds_is_refused_at_its_line():
    """A degree "at least one bane" beside the mark bane loaded, and its chance
    silently took the place of the mark's in the odds (red team, round 3)."""
    bane = PUSH + '\n[outcome.degrees]\n"failure" = 0\n"at least one bane" = 1\n'
    err = refused(bane)
    assert "at least one bane" in str(err) and "the chance of at least one bane" in str(err), str(err)
    assert err.line == bane.splitlines().index('"at least one bane" = 1') + 1, str(err)
    step = PUSH + '\n[outcome.degrees]\n"fail" = 0\n"pass after Push" = 1\n'
    said = str(refused(step))
    assert "'fail'" in said and "'pass after Push'" in said and "what the Push step adds" in said, said


def test_a_degree_that_begins_with_pass_is_explained():
    """The explanation skipped any chance whose name began with "pass "."""
    load_edition(PUSH + '\n[outcome.degrees]\n"missed" = 0\n"pass well" = 1\n"pass greatly" = 2\n')
    steps = " ".join(s.words for s in vw.explain({"edition": "push", "dice": 4}).steps)
    assert "Pass well:" in steps and "Pass greatly:" in steps and "Missed:" in steps, steps


@pytest.mark.parametrize("given", [None, 12, [1], b"x", 1.5, True])
def test_what_is_not_a_draft_is_said_in_words(given):
    """load_edition(None) said ': a NoneType is not a draft' (red team, round 3)."""
    said = str(refused(given))
    assert "was given where a draft goes" in said and said[0].isupper() and "Type" not in said and " int" not in said and "float" not in said, said
