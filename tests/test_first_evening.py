"""Chapters 00-06 as a first evening (issue 31): a new player learns to play
from them in about half an hour.

They stay short (prose words and percentages counted as a reader meets them,
scripts/count_prose.py), speak the table's words, define every entry of the
character sheet, tell one continuous story (no event rolled twice, the
example's turns in the seating order) and apply one help rule everywhere.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "scripts" / "chapters").glob("0[0-6]-*.py"))
NOTEBOOKS = sorted((ROOT / "notebooks").glob("0[0-6]-*.ipynb"))
#: Issue 31's budget for chapters 00-06 together.
MAX_WORDS, MAX_PERCENTAGES = 8_000, 90


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


count = _load("count_prose")


def _markdown(path: Path) -> list[str]:
    nb = nbformat.read(path, as_version=4)
    return [c.source for c in nb.cells if c.cell_type == "markdown"]


def test_the_seven_chapters_are_the_first_evening():
    assert [p.stem[:2] for p in NOTEBOOKS] == count.FIRST_EVENING == [s.stem[:2] for s in SOURCES]


def test_chapters_00_to_06_stay_within_the_first_evenings_budget():
    """At most 8,000 words and 90 percentages of prose in chapters 00-06
    together, counted on the built notebooks as scripts/count_prose.py says
    (tables, captions and collapsed passages included)."""
    rows = count.table(count.FIRST_EVENING)
    assert len(rows) == 7
    words = sum(w for w, _ in rows.values())
    percentages = sum(p for _, p in rows.values())
    assert words <= MAX_WORDS, f"chapters 00-06 have {words:,} words of prose (budget {MAX_WORDS:,}): {rows}"
    assert percentages <= MAX_PERCENTAGES, f"{percentages} percentages (budget {MAX_PERCENTAGES}): {rows}"


def test_the_counter_counts_what_a_reader_reads():
    import doctest

    assert doctest.testmod(count).failed == 0
    # a table's percentages count; a picture's alt text is counted once, as its caption
    md = ("| a | b |\n|---|---|\n| 45% | 50 % |\n\n![Odds 26% and 70%](attachment:f.png)\n\n"
          "*Figure: Odds 26% and 70%*\n\n<details><summary>For the curious</summary>\n\n10 percentage points\n\n</details>")
    assert count.counts(md) == (15, 5)
    # the links' targets are not words, their text is
    assert count.counts("[the glossary](../docs/glossary.md)") == (2, 0)



def test_notebook_only_prose_is_not_counted_as_the_books(tmp_path):
    """What only a notebook shows (a cell tagged notebook-only, a phrase in
    <span class="notebook-only">: "Run All", "press Roll") never reaches the
    book site (scripts/build_book.py): it is not the book's prose."""
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("Run All to bring the rollers alive.", metadata={"tags": ["notebook-only"]}),
        nbformat.v4.new_markdown_cell('Watch the odds<span class="notebook-only">; press **Roll** at 45%</span>.'),
    ])
    nbformat.write(nb, tmp_path / "00-x.ipynb")
    assert count.counts(count.chapter_markdown(tmp_path / "00-x.ipynb")) == (3, 0)

#: Words of the engine, not of the table, that must not reach a reader of chapters 00-06.
ENGINE_WORDS = re.compile(r"\(s\)|\(es\)|\bdouble6\b|\breroll\b|\bpolicy\b|without kiss|C\(\d|\^k|\ballies=\[|"
                          r"\w -> \w|\bp_pass\b|\bp_goal\b|\bfactors?=|\bkiss=")
#: Code a chapter gives programmers: an "In code" box of its source, as the notebook shows it (a closed aside
#: "For programmers: ...", scripts/make_notebooks.py).
IN_CODE_BOX = re.compile(r"^> \*\*In code\*\*.*(?:\n>.*)*|<details><summary>For programmers: (?:.|\n)*?</details>",
                         flags=re.M)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_the_prose_has_no_engine_words(path):
    for md in _markdown(path):
        text = count.readable(IN_CODE_BOX.sub("", md))
        assert not ENGINE_WORDS.search(text), (ENGINE_WORDS.search(text).group(0), md[:120])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_the_prose_asks_the_reader_to_run_nothing(path):
    """A book page cannot run anything: beyond what only the notebook shows
    (the "Run All" banner, a cell tagged notebook-only, which the book's build
    leaves out), no sentence tells the reader to run a cell, press a button or
    click."""
    for md in count.chapter_markdown(path).split("\n\n"):
        text = IN_CODE_BOX.sub("", md)
        assert not re.search(r"\b(Run All|run the cell|press|click)\b", text, flags=re.I), text[:200]


# -- the character sheet -----------------------------------------------------------

#: Every entry of the sheet, as chapter 0 sets it in bold where it defines it.
SHEET_ENTRIES = ["Abilities", "caliber", "score", "Jobs", "level", "inherits", "exp", "Attributes", "assets",
                 "merits", "disciplines", "features", "specialty", "Insights", "Principles", "Lots", "Ego", "Wounds"]


def test_chapter_0_defines_every_entry_of_the_sheet():
    (md,) = [m for m in _markdown(NOTEBOOKS[0]) if m.startswith("## Your character sheet")]
    for entry in SHEET_ENTRIES:
        assert f"**{entry}**" in md, f"chapter 0's sheet section does not define {entry!r}"
    for ability in ("Finesse", "Swiftness", "Wits", "Resolve"):
        assert f"**{ability}**" in md


def test_the_blank_sheet_has_every_entry_and_the_pregenerated_sheets_fill_them():
    from venus_widgets import tutorial

    blank = (ROOT / "docs" / "character_sheet.md").read_text(encoding="utf-8")
    for heading in ("## Abilities", "## Jobs", "## Attributes", "## Insights and principles",
                    "## Lots, Ego and wounds"):
        assert heading in blank
    for word in ("caliber", "score", "level", "inherits", "exp", "asset", "merit", "discipline", "feature",
                 "specialty", "insights", "principles", ">Lots (at most 10)<", ">Ego<", ">Wounds<", "Finesse",
                 "Swiftness", "Wits", "Resolve"):
        assert word in blank, word
    kinds = {"asset", "merit", "discipline", "feature"}
    for name, c in tutorial.PREGENS.items():
        assert set(c["abilities"]) == {"Finesse", "Swiftness", "Wits", "Resolve"}, name
        assert c["jobs"] and all(level >= 1 and len(inherits) == 2 for level, inherits in c["jobs"].values())
        assert {kind for _, kind in c["attributes"]} == kinds, f"{name} has one attribute of each kind"
        assert c["insights"] and len(c["principles"]) >= 2 and 0 <= c["lots"] <= 10
        sheet = tutorial.character_sheet(name)
        for label in ("*Abilities* (caliber and score):", "| Finesse | Swiftness | Wits | Resolve |",
                      "| job | level | inherits | exp |", "*Attributes:*",
                      "*Insight:*", "*Principles:*", "*Lots:*", "*Ego:*", "*Wounds:*"):
            assert label in sheet, (name, label)
        assert sheet in "\n".join(_markdown(NOTEBOOKS[0])), f"{name}'s sheet is in chapter 0"


def test_the_blank_sheet_is_in_the_book_printed_and_linked_from_chapter_0():
    """In the book's "At the table", among the pages ``make cheatsheets`` prints
    on one sheet (tests/browser/test_print.py counts its pages), and linked
    where chapter 0 says what you need."""
    assert "docs/character_sheet" in (ROOT / "docs" / "book" / "index.md").read_text(encoding="utf-8")
    assert "character_sheet" in _load("print_pages").PRINTABLE
    assert "](../docs/character_sheet.md)" in "\n".join(_markdown(NOTEBOOKS[0]))


def test_the_glossary_defines_the_first_evenings_words():
    text = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    defined = re.findall(r"^\| (\*\*.+?) \| ", text, flags=re.M)
    words = {w for row in defined for w in re.findall(r"\*\*([^*]+)\*\*", row)}
    for word in ("attribute", "asset", "merit", "discipline", "feature", "specialty", "insight", "stunt",
                 "principle", "debrief", "session", "wound", "character sheet", "d20", "d6"):
        assert word in words, f"the glossary lacks {word!r}"


# -- one story ------------------------------------------------------------------------

def _rolls_of_the_first_evening(monkeypatch) -> list[tuple[str, str, int]]:
    """(chapter, spec without the player's choices, seed) of every roll chapters 00-06 make."""
    import json

    import venus_widgets as vw

    builder = _load("make_notebooks")
    made: list[tuple[str, str, int]] = []
    real = vw.roll
    chapter = [""]

    def recording(spec, seed=None, **kw):
        event = {k: v for k, v in spec.items() if k not in ("kiss", "ego", "consequences", "bonus_factors")}
        made.append((chapter[0], json.dumps(event, sort_keys=True), seed))
        return real(spec, seed=seed, **kw)

    monkeypatch.setattr(vw, "roll", recording)
    for src in SOURCES:
        chapter[0] = src.stem[:2]
        builder.build(src, images=False)
    return made


def test_each_event_of_the_story_is_rolled_once(monkeypatch):
    """The same action of the same character (its spec without what the
    player chooses to spend) is one event of the story, rolled with one seed
    wherever a chapter tells it: the motor repair is not rolled three times
    with three outcomes."""
    made = _rolls_of_the_first_evening(monkeypatch)
    assert len(made) >= 9
    seeds: dict[str, set] = {}
    for _, event, seed in made:
        seeds.setdefault(event, set()).add(seed)
    twice = {event: s for event, s in seeds.items() if len(s) > 1}
    assert not twice, f"an event rolled with different seeds: {twice}"
    motor = [c for c, event, _ in made if '"dice": 3' in event and '"caliber": "bronze"' in event
             and '"factors": 1' in event and "allies" not in event and "learning" not in event]
    assert motor == ["00", "02", "03"], motor  # told in chapter 0, counted in 2, KISSed in 3: one roll


def test_the_example_of_play_takes_turns_in_the_seating_order():
    """Chapter 06: the FC passes the turn clockwise, and each round gives
    every player a turn in the same order."""
    md = "\n".join(_markdown(NOTEBOOKS[6]))
    seating = re.search(r"seated\s+clockwise\s+(\w+),\s+(\w+),\s+(\w+)", md).groups()
    plays = dict(re.findall(r"(\w+)\s+plays\s+\*\*(\w+)\*\*", md))
    order = [plays[p] for p in seating]
    rounds = re.split(r"^## Round \d+$", md, flags=re.M)[1:]
    assert len(rounds) == 2
    for text in rounds:
        text = text.split("\n## ")[0]
        turns = [re.sub(r", again$", "", t) for t in re.findall(r"^### (\w+)'s turn(?:, again)?$", text, flags=re.M)]
        assert turns == order, (turns, order)


def test_a_lent_die_has_the_allys_caliber_in_the_ability_named():
    """One help rule everywhere (docs/rules_playtest.md, "Which caliber an
    ally's die has"): chapter 06's Wits task gets Ada's Bronze Wits die and
    Bruno's Silver one, chapter 04's Resolve task Ada's Gold and Clara's
    Silver Resolve dice, in the rolls, the prose and the rollers."""
    from venus_widgets.tutorial import ally_die, task_of

    assert [ally_die("Ada", "scout", "Wits"), ally_die("Bruno", "mechanic", "Wits")] == ["bronze", "silver"]
    assert [ally_die("Ada", "courier", "Resolve"), ally_die("Clara", "captain", "Resolve")] == ["gold", "silver"]
    with pytest.raises(ValueError, match="inherits"):
        task_of("Clara", "captain", "Finesse", helpers=[("Ada", "scout")])
    ch06 = " ".join(" ".join(_markdown(NOTEBOOKS[6])).split())
    assert "Her Wits is Bronze: a Bronze die." in ch06 and "His Wits is Silver: a Silver die." in ch06
    for path, allies in ((NOTEBOOKS[6], '["bronze", "silver"]'), (NOTEBOOKS[4], '["gold", "silver"]')):
        nb = nbformat.read(path, as_version=4)
        rollers = [c.source for c in nb.cells if c.cell_type == "code"]
        assert rollers and all(f"allies={allies}" in r for r in rollers), rollers
    for src in SOURCES:
        code = src.read_text(encoding="utf-8")
        for line in code.splitlines():
            if "allies" in line and re.search(r"task_of\(\"(Bruno|Ada|Clara)\"", line):
                assert "allies=" not in line, f"{src.name}: a pregenerated character's allies typed by hand: {line}"


def _seating(md: str) -> list[str]:
    """The characters in the order chapter 0 seats their players, clockwise from the FC's left."""
    found = re.search(r"clockwise from \w+'s left sit \w+ \((\w+)\), \w+ \((\w+)\) and \w+ \((\w+)\)", md)
    assert found, "chapter 0 does not say who sits where"
    return list(found.groups())


def test_the_storm_scene_shows_whose_turn_each_roll_is():
    """Chapters 00-04 tell the first scene's rolls on their players' turns, in
    the seating order chapter 0 gives and chapter 6 keeps: each round Clara,
    then Ada, then Bruno (a reader's note: chapters 01-04 never said whose
    turn it was)."""
    md = {p.stem[:2]: "\n".join(_markdown(p)) for p in NOTEBOOKS}
    order = _seating(md["00"])
    ch06 = re.search(r"seated\s+clockwise\s+(\w+),\s+(\w+),\s+(\w+)", md["06"]).groups()
    plays = dict(re.findall(r"(\w+)\s+plays\s+\*\*(\w+)\*\*", md["06"]))
    assert [plays[p] for p in ch06] == order
    assert f"| round | {' | '.join(order)} |" in md["00"], "chapter 0's table of turns is not in seating order"
    turns = []
    for chapter in ("00", "01", "02", "03", "04"):
        marked = [(int(n), who) for n, who in re.findall(r"\*Round (\d+), (\w+)'s turn", md[chapter])]
        assert marked or chapter == "03", f"chapter {chapter} tells a roll without saying whose turn it is"
        turns += marked
    assert turns == sorted(turns, key=lambda t: (t[0], order.index(t[1]))), turns
    assert len(set(turns)) == len(turns) == 5, turns


def test_a_job_inherits_two_abilities_wherever_the_story_names_them():
    """A job inherits two abilities (chapter 0): "medic ... would inherit Wits"
    named one (a reader's note)."""
    one = re.compile(r"inherit(?:s|ing)?\s+(?:Finesse|Swiftness|Wits|Resolve)\b(?!\s+and\s+(?:Finesse|Swiftness|Wits|Resolve))")
    for path in NOTEBOOKS:
        for md in _markdown(path):
            assert not one.search(md), (path.stem, one.search(md).group(0))


def test_the_story_uses_a_merit_and_counts_a_wound():
    """The sheet's merits and wounds are used at the table, as the rules use
    them: a merit argued as a bonus factor (chapter 0's climb), Bruno's
    burnt hands counted as a factor of his haul (chapter 4)."""
    from venus_widgets.tutorial import PREGENS

    ch00 = "\n".join(m for m in _markdown(NOTEBOOKS[0]) if "*Abilities* (caliber and score)" not in m)
    merits = [what.removeprefix("a ") for c in PREGENS.values() for what, kind in c["attributes"] if kind == "merit"]
    assert any(re.search(re.escape(m) + r" \(a merit", ch00) for m in merits), "no merit argued in the climb"
    (haul,) = [" ".join(m.split()) for m in "\n".join(_markdown(NOTEBOOKS[4])).split("\n## ")
               if m.startswith("Bruno hauls in the sea anchor")]
    assert "the storm, as for Clara's patch, and Bruno's **wound**, burnt hands on a wet line. Threshold 3" in haul, haul


def test_the_three_pregenerated_sheets_are_a_page_to_print_as_the_checklist_says():
    """Chapter 12 and the first-session checklist said "Print ... the three characters' sheets (chapter 0)"
    but only the blank sheet printed: the three are one generated page of the book, printed on one sheet
    (tests/browser/test_print.py counts it), and the checklist links it."""
    from venus_widgets.tutorial import PREGENS, character_sheet

    page = (ROOT / "docs" / "pregenerated_sheets.md").read_text(encoding="utf-8")
    assert all(character_sheet(name) in page for name in PREGENS)
    assert "pregenerated_sheets" in _load("print_pages").PRINTABLE
    assert "docs/pregenerated_sheets" in (ROOT / "docs" / "book" / "index.md").read_text(encoding="utf-8")
    checklist = (ROOT / "docs" / "first_session.md").read_text(encoding="utf-8")
    assert "[three characters' sheets](pregenerated_sheets.md)" in checklist
    assert "three characters' sheets (chapter 0)" not in checklist


def test_a_new_character_is_made_in_seven_steps_with_a_worked_example():
    """The blank sheet said "The playtest rules do not yet say how to make a
    new character: fill it in with your FC": a player could not make one.
    A page teaches it in seven steps with a worked example, its numbers the
    edition's reading (docs/rules_playtest.md, "Making a character"); Bruno
    and the example are made by it; chapter 0 and the blank sheet link it."""
    from venus_widgets import tutorial
    from venus_widgets.engine.editions.playtest import creation as new

    page = (ROOT / "docs" / "making_a_character.md").read_text(encoding="utf-8")
    assert f"**{new.SCORE_TOTAL} points of score**" in page and f"at least {new.SCORE_LOW} and at most {new.SCORE_HIGH}" in page
    assert "Three of your four abilities are **Bronze**; one is\n   **Silver**" in page
    assert all(f"**level {n}**" in page for n in new.JOB_LEVELS) and f"**{new.LOTS} Lots**" in page
    assert "**one of each kind**" in page and all(kind in page for kind in new.ATTRIBUTE_KINDS)
    assert len(re.findall(r"^\d\. \*\*", page, flags=re.M)) == 7
    assert new.problems(tutorial.PREGENS["Bruno"]) == [] and new.problems(tutorial.PREGENS["Clara"])
    mira = {"abilities": {"Finesse": ("bronze", 3), "Swiftness": ("bronze", 3), "Wits": ("silver", 3),
                          "Resolve": ("bronze", 2)},
            "jobs": {"cook": (3, ("Finesse", "Wits")), "smuggler": (2, ("Swiftness", "Wits"))},
            "attributes": [("a roll of good knives", "asset"), ("a nose for trouble", "merit"),
                           ("sleight of hand", "discipline"), ("flour on her sleeves and a smile for everyone", "feature")],
            "insights": ["The harbour master of Port Vell takes bribes."],
            "principles": ["Everyone at my table eats.", "I never inform on a friend."]}
    assert new.problems(mira) == []
    table = page[page.index("| entry | Mira |"):]
    for which, (caliber, score) in mira["abilities"].items():
        assert re.search(rf"{which} (?:\*\*)?{caliber.title()}(?:\*\*)?, score {score}", table), which
    for job, (level, (a, b)) in mira["jobs"].items():
        assert f"{job}, level {level}, inherits {a} and {b}" in table
    for text, kind in mira["attributes"]:
        assert f"{text} ({kind})" in table
    assert all(x in table for x in mira["insights"] + mira["principles"])
    # at the table: the cook job rolls Bronze Finesse dice, the smuggler job 2 d6; Silver auto-passes on a 20
    assert "so she rolls 3 d6, and\neach 5 or 6 is a success (Bronze)" in page and "smuggler job rolls 2 d6" in page
    assert vw_check_auto_pass(caliber="silver", natural=20)
    assert "](../docs/making_a_character.md)" in "\n".join(_markdown(NOTEBOOKS[0]))
    assert "](making_a_character.md)" in (ROOT / "docs" / "character_sheet.md").read_text(encoding="utf-8")
    assert "docs/making_a_character" in (ROOT / "docs" / "book" / "index.md").read_text(encoding="utf-8")
    assert "### Making a character" in (ROOT / "docs" / "rules_playtest.md").read_text(encoding="utf-8")


def vw_check_auto_pass(caliber: str, natural: int) -> bool:
    """A check of this caliber passes on this natural, whatever the target (the hardest there is)."""
    import venus_widgets as vw

    spec = {"roll": "check", "caliber": caliber, "score": 0, "difficulty": "absurd", "factors": 4}
    return vw.enter(spec, [natural]).details["category"] == "auto-pass" if hasattr(vw, "enter") else False
