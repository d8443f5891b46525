"""What the rulebook and the rollers say, read as a newcomer reads them (the book site,
where nothing runs; a roller in JupyterLab): a computed sentence after typed prose does not
say its label twice, and names the roll it is about; a note is said once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import venus_widgets as vw
from venus_widgets.engine.contract import edition
from venus_widgets.engine.maths import quantities
from test_chapter_claims import rendered

ROOT = Path(__file__).resolve().parent.parent


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


#: The axes that count things a player counts (the pool dice of chapter 11's figure ran 2.5, 5.0, 7.5).
COUNTED = re.compile(r"\b(?:dice|factors|KISS budget|tasks|friends|bonus factors)\b")


#: The axes of a chance ("chance to pass", "chance of the goal"; not "steps from an even chance").
CHANCE = re.compile(r"\bchance (?:to|of)\b", re.I)


def _shown_ticks(axis) -> list[str]:
    lo, hi = sorted(axis.get_view_interval())
    return [t.label1.get_text() for t in axis.get_major_ticks()
            if t.label1.get_text() and lo - 1e-9 <= t.get_loc() <= hi + 1e-9]


@pytest.mark.parametrize("stem", sorted(p.stem for p in (ROOT / "scripts" / "chapters").glob("[0-9][0-9]-*.py")))
def test_every_figure_reads_chances_in_percent_and_counts_in_whole_numbers(stem, monkeypatch):
    """A chance on an axis or a colour bar reads as the prose says it, in percent (chapter 13's two
    heatmaps' colour bars ran 0.0 to 1.0 beside cells in percent; chapter 8's KISS bars 0.0 to 1.0
    beside bars labelled 13%, its "probability" 0.0 to 0.6); an axis of dice, factors or tasks shows whole numbers (chapter 11's
    pool dice ran 2.5, 5.0, 7.5)."""
    import importlib.util

    from venus_widgets import book_figures

    spec = importlib.util.spec_from_file_location("make_notebooks", ROOT / "scripts" / "make_notebooks.py")
    builder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(builder)
    found, real = [], book_figures.fit

    def fit(fig):
        real(fig)
        fig.canvas.draw()
        for ax in fig.axes:
            for axis, label in ((ax.xaxis, ax.get_xlabel()), (ax.yaxis, ax.get_ylabel())):
                ticks = _shown_ticks(axis)
                if "probability" in label or (CHANCE.search(label) and "(%)" not in label
                                              and not all(t.endswith("%") for t in ticks)):
                    found.append((label, "not in percent: " + " ".join(ticks)))
                if COUNTED.search(label) and not all(re.fullmatch(r"[−-]?\d+", t) for t in ticks):
                    found.append((label, "not whole numbers: " + " ".join(ticks)))

    monkeypatch.setattr(book_figures, "fit", fit)
    # (the ticks are read as laid out above; the pictures' PNG bytes, most of a chapter's build, are not needed)
    monkeypatch.setattr(book_figures, "_png", lambda fig, smallest: b"")
    builder.build(ROOT / "scripts" / "chapters" / f"{stem}.py", images=True)
    assert not found, found


def test_the_labs_words_write_a_fall_with_the_minus_sign_of_its_sentence():
    """Chapter 10's lab said "(−44.4 points)" in its sentence and "-44.4 points to pass" in its words
    below: one sign, the minus sign, as its chart and sentence write it (and its heatmap's cells)."""
    spec = {"roll": "task", "dice": 3}
    c = vw.compare(spec, {"threshold from 2": {"threshold_base": 2}})
    assert "(−44.5 points)" in c.headline("threshold from 2")
    assert c.verdicts["threshold from 2"].startswith("−44.5 points to pass"), c.verdicts["threshold from 2"]


def test_the_labs_chances_name_kiss_and_ego_as_the_rules_do():
    """Chapter 10's lab listed "goal with ego" (and a task's "pass without kiss", "kiss used"): the rules'
    names are KISS and Ego. A sweep still finds a chance by the old lower-case name."""
    spec = {"roll": "task", "caliber": "platinum", "dice": 2, "ego": "double6", "consequences": 2}
    names = list(quantities.reported(vw.odds(spec)))
    assert {"pass without KISS", "pass with Ego", "goal with Ego", "KISS used"} <= set(names), names
    assert not [n for n in names if re.search(r"\bkiss\b|\bego\b", n)], names
    c = vw.compare(spec, {"5s and 6s": {"ego_double_from": 5}})
    assert "goal with Ego" in c.changes("5s and 6s")
    s = vw.sweep(spec, {"dice": [2, 3]}, {"B": {"ego_double_from": 5}})
    assert (s.grid("B", "goal with ego") == s.grid("B", "goal with Ego")).all()


def test_a_draft_without_an_id_says_what_the_id_is_for_in_a_designers_words():
    """The error said "draft, draft: a draft needs an id, the name a spec gives it": where it is, once
    (the text loaded, called "draft", is the draft as a whole), and what the id is for in a designer's
    words (a designer has no spec, only rolls)."""
    with pytest.raises(vw.SpecError) as err:
        vw.load_edition('[fields.dice]\nrange = [1, 10]\ndefault = 4\n\n[dice.d6]\nsides = 6\nsuccess = [6]\n\n'
                        '[groups.own]\ncount = "dice"\n')
    said = str(err.value)
    assert 'id = "my-draft"' in said and not re.search(r"\bspecs?\b", said), said
    assert said.startswith("draft: a draft needs an id"), said


def test_11_every_rule_the_mistyped_drafts_error_names_was_shown_before_it():
    """Section 5's error lists "the rules trade_rate and pass_at", and the chapter had said the push
    draft was the Heresy file's rules under a new name: the Heresy file names that rule pass_threshold,
    and pass_at was nowhere before. Every rule the error names is one the reader was shown."""
    import nbformat

    (path,) = (ROOT / "notebooks").glob("11-*.ipynb")
    nb = nbformat.read(path, as_version=4)
    text = " ".join(c.source for c in nb.cells if c.cell_type == "markdown")
    error = text[text.index("> push.toml, line"):]
    before = text[:text.index("> push.toml, line")]
    rules = re.search(r"the rules ([\w, ]+?) and (\w+)", error)
    assert rules, error[:300]
    named = [r.strip() for r in rules.group(1).split(",")] + [rules.group(2)]
    assert [r for r in named if not re.search(rf"\b{r}\b", before)] == [], named


def test_the_lab_writes_a_negative_outcome_with_the_minus_sign():
    """Chapter 11's lab read "at least -2 to -1 net successes" and "rolls of -1 or more net successes
    lose most": a hyphen where the sentence's points ("−8.0 points") have the minus sign. Every row,
    tick and sentence of a glance, and the heatmap's cells, write a fall or a negative number with "−"."""
    with edition.as_it_was():
        text = (ROOT / "venus_widgets" / "drafts" / "heresy.toml").read_text()
        black = vw.load_edition(text.replace('id = "heresy"', 'id = "heresy-black-explodes"')
                                .replace("explode = false           # black dice never re-roll", "explode = true"))
        c = vw.compare({"edition": "heresy", "pool": 6, "black": 6}, {"black explodes": black.ID})
        rows = c.glance()
        said = [c.headline("black explodes")] + [r[k] for r in rows for k in ("label", "tick")]
        assert any("−" in s for s in said[1:]), said  # it has negative outcomes
        assert not [s for s in said if re.search(r"(?<![\w])-\d", s)], said
    s = vw.sweep({"roll": "task", "dice": 3}, {"dice": [2, 3], "factors": [0, 1]}, {"B": {"threshold_base": 2}})
    cells = [c["text"] for r in s.heat("B", minus="base")["rows"] for c in r["cells"]]
    assert cells and all(t.startswith("−") for t in cells), cells


def test_the_lab_names_a_draft_mid_sentence_in_lower_case():
    """The saved lab said a variant "plays by The Heresy Engine with a push": a draft's name that opens
    with "The" is lower case inside a sentence."""
    with edition.as_it_was():
        push = vw.load_edition((ROOT / "venus_widgets" / "drafts" / "heresy-push.toml").read_text())
        assert push.NAME.startswith("The ")
        snap = vw.RuleLab(edition="heresy", b=push, pool=6, black=3)._repr_mimebundle_()["text/html"]
    assert "plays by the Heresy Engine with a push" in snap and "plays by The" not in snap


def test_spending_ego_a_roll_has_not_is_refused_in_plain_words():
    """vw.roll(spec, ego=True) on a roll without Ego said "expected False or None: this playtest task has
    no Ego (set ego='reroll' or ego='double6' in the spec to spend it)", and each edition's own roll
    "False or None: this spec has no Ego": words of code where a player's roll is refused."""
    from importlib import import_module

    from venus_widgets.engine.api import normalize

    playsheet_roll = import_module("venus_widgets.engine.editions.playsheet.roll")
    playtest_rolls = import_module("venus_widgets.engine.editions.playtest.rolls")

    said = []
    for spec, own in (({"roll": "task", "dice": 3}, playtest_rolls.roll),
                      ({"edition": "playsheet", "roll": "task", "dice": 3}, playsheet_roll.roll)):
        for refuse in (lambda: vw.roll(spec, seed=1, ego=True), lambda: own(normalize(spec), 1, ego=True)):
            with pytest.raises(vw.SpecError) as err:
                refuse()
            assert err.value.field == "ego" and "has no Ego" in str(err.value), str(err.value)
            said.append(str(err.value))
    assert not [s for s in said if re.search(r"None|False|\bspec\b", s)], said


def test_the_designers_guide_says_roll_where_its_prose_said_spec():
    """docs/drafts.md said "a spec's `rules`", "a spec saved with ...", "specs and rolls you saved":
    a designer reads a roll. Its Python (in code) keeps its names."""
    text = (ROOT / "docs" / "drafts.md").read_text(encoding="utf-8")
    prose = re.sub(r"`[^`]*`", "", re.sub(r"```.*?```", "", text, flags=re.S))
    found = [line for line in prose.splitlines() if re.search(r"\bspecs?\b", line, flags=re.I)]
    assert not found, found


def test_the_live_lab_names_a_variants_draft_by_its_name_not_its_id():
    """The live lab said "plays by the draft heresy-push" beside a variant's name: the draft's id, where
    the saved lab says "plays by the Heresy Engine with a push". The view carries each draft's name."""
    with edition.as_it_was():
        push = vw.load_edition((ROOT / "venus_widgets" / "drafts" / "heresy-push.toml").read_text())
        lab = vw.RuleLab(edition="heresy", b=push, pool=6, black=3)
        assert lab.panel.view["drafts_named"] == {"B": "the Heresy Engine with a push"}
