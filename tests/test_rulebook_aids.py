"""The readers' aids: the glossary, the cheat sheets, the links
between chapters and the "Run All" note."""

from __future__ import annotations

import ast
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "scripts" / "chapters").glob("[0-9][0-9]-*.py"))
EDITIONS = ["playtest", "playsheet", "agora", "heresy", "vers"]


def _cells(src: Path) -> list[tuple[str, str]]:
    spec = importlib.util.spec_from_file_location("make_notebooks", ROOT / "scripts" / "make_notebooks.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.parse(src.read_text(encoding="utf-8"))


def test_the_cheat_sheets_are_current():
    """Every chance on a cheat sheet comes from the engine: a sheet that differs
    from what scripts/make_cheatsheets.py writes is stale."""
    run = subprocess.run([sys.executable, str(ROOT / "scripts" / "make_cheatsheets.py"), "--check"],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert sorted(p.name for p in (ROOT / "docs").glob("cheatsheet_*.md")) == sorted(
        f"cheatsheet_{e}.md" for e in EDITIONS)


def test_a_stale_cheat_sheet_is_caught(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("make_cheatsheets", ROOT / "scripts" / "make_cheatsheets.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    for e in EDITIONS:
        (tmp_path / f"cheatsheet_{e}.md").write_text(mod.SHEETS[e](), encoding="utf-8")
    for name, page in mod.PAGES.items():  # the Facilitator's screen
        (tmp_path / f"{name}.md").write_text(page(), encoding="utf-8")
    monkeypatch.setattr(mod, "DOCS", tmp_path)
    monkeypatch.setattr(mod, "ROOT", tmp_path.parent)
    assert mod.main(["--check"]) == 0
    sheet = tmp_path / "cheatsheet_vers.md"
    sheet.write_text(sheet.read_text().replace("| 50% |", "| 51% |", 1))
    assert mod.main(["--check"]) == 1
    sheet.write_text(mod.SHEETS["vers"](), encoding="utf-8")
    screen = tmp_path / "fc_screen.md"
    screen.write_text(screen.read_text().replace("| 0 factors |", "| no factors |", 1))
    assert mod.main(["--check"]) == 1


def test_the_fc_screen_is_the_party_of_the_chapters():
    """The printed screen's ladder is chapter 9's party: each cell is the engine's chance."""
    import venus_widgets as vw
    from venus_widgets.tutorial import pregen_party

    text = (ROOT / "docs" / "fc_screen.md").read_text()
    from venus_widgets.engine.tools.party import setting_words

    ladder = vw.party_ladder(pregen_party(), target=0.5)
    for i, rung in enumerate(ladder.rungs):
        (line,) = [ln for ln in text.splitlines() if ln.startswith(f"| {setting_words(rung)} |")]
        cells = [c.strip().rstrip(" ◆▶") for c in line.strip("|").split("|")[1:]]
        assert cells == [vw.percent(p) for p in ladder.chances[i]] + [vw.percent(ladder.party_chance(i))], line
    assert "engineer, 6 Gold dice, 2 KISSes" in text and "captain" not in text
    assert "Let it ride" in text and "Rewind" in text and "I am not abashed or injured" in text


GLOSSARY_WORDS = ["ability", "job", "inherits", "caliber", "rank", "score", "Peers", "FC", "Lot", "Ego",
                  "threshold", "goal", "consequences", "KISS", "exp",
                  # words the chapters use that the glossary lacked
                  "seed", "black dice", "explode", "critical", "foul failure", "percentage point", "knob",
                  "house rule", "NPC", "round", "scene", "turn", "pregenerated character"]


def test_the_index_of_terms_is_current_and_finds_every_glossary_word():
    """docs/index.md says where each glossary word is taught; it is generated
    from the glossary and the built chapters, and stale when either moves."""
    run = subprocess.run([sys.executable, str(ROOT / "scripts" / "make_index.py"), "--check"],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    text = (ROOT / "docs" / "index.md").read_text()
    assert "the glossary only" not in text, "a glossary word no chapter teaches"
    assert "seed 0" not in text and "| **seed** | [0 · " in text


def test_the_glossary_explains_both_seeds():
    text = (ROOT / "docs" / "glossary.md").read_text()
    row = next(line for line in text.splitlines() if line.startswith("| **seed**"))
    assert "same dice" in row and "rule drafts" in row


def test_the_glossary_defines_the_rules_words():
    text = (ROOT / "docs" / "glossary.md").read_text()
    defined = re.findall(r"^\| \*\*([^*]+)\*\*", text, flags=re.M)
    for word in GLOSSARY_WORDS:
        assert any(word in d for d in defined) or f"**{word}**" in text, f"glossary lacks {word!r}"


def _reading_order() -> list[str]:
    spec = importlib.util.spec_from_file_location("build_book", ROOT / "scripts" / "build_book.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.reading_order()


@pytest.mark.parametrize("src", SOURCES, ids=lambda p: p.stem)
def test_every_chapter_links_the_glossary_and_its_neighbours(src):
    """The end of each chapter links back to the one before it and on to the one after it,
    in the book's reading order (docs/book/index.md: chapters 9, 12, 13 for Facilitators,
    then 10 and 11)."""
    cells = _cells(src)
    text = "\n".join(s for kind, s in cells if kind == "markdown")
    assert "](../docs/glossary.md)" in text
    order = _reading_order()
    assert sorted(order) == [s.stem for s in SOURCES]
    i = order.index(src.stem)
    last = [s for kind, s in cells if kind == "markdown"][-1]
    if i > 0:
        assert f"]({order[i - 1]}.ipynb)" in last, "no link back to the previous chapter at the end"
    if i < len(order) - 1:
        assert f"]({order[i + 1]}.ipynb)" in last, "no link on to the next chapter at the end"
    assert cells[-1][0] == "markdown"


@pytest.mark.parametrize("src", SOURCES, ids=lambda p: p.stem)
def test_chapters_with_rollers_say_run_all_near_the_top(src):
    cells = _cells(src)
    if not any(k == "code" and re.search(r"vw\.(Check|Task|Pool)Roller\(", s) for k, s in cells):
        return
    head = "\n".join(s for _, s in cells[:3])
    assert "Run All" in head and "bring the rollers alive" in head


def test_no_chapter_speaks_of_an_end_of_chapter_debrief():
    """The rulebook numbers its own chapters: the game's debrief is "the debrief
    at the end of a session", not of a chapter."""
    for src in SOURCES:
        assert "end-of-chapter debrief" not in src.read_text().lower(), src.name


def test_kiss_is_taught_as_tasks_only_in_chapter_03():
    text = " ".join("\n".join(s for k, s in _cells(SOURCES[3]) if k == "markdown").split())
    assert SOURCES[3].stem == "03-kiss-and-ego"
    assert "only in a task" in text


def test_the_pregenerated_characters_roll_from_their_sheets():
    """Bruno, Ada and Clara are the same characters in every chapter: their
    rolls are made from their sheets (``tutorial.PREGENS``: a job's level in
    dice, at the caliber of the ability it inherits), never typed as dice."""
    from venus_widgets import tutorial

    assert set(tutorial.PREGENS) == {"Bruno", "Ada", "Clara"}
    assert tutorial.task_of("Bruno", "mechanic", "Finesse") == {"roll": "task", "caliber": "bronze", "dice": 3}
    with pytest.raises(ValueError, match="inherits"):
        tutorial.task_of("Bruno", "mechanic", "Resolve")
    used = 0
    for src in SOURCES:
        code = "\n".join(s for k, s in _cells(src) if k != "markdown")
        assert not re.search(r"\b(bruno|ada|clara) = \{", code), f"{src.name}: a pregenerated character typed by hand"
        used += len(re.findall(r"(task_of|check_of|character_sheet)\(\"(Bruno|Ada|Clara)\"", code))
    assert used >= 15, "the pregenerated characters are used throughout"


def _answers(cells, at):
    """The Markdown cell of answers after the exercises at ``at``, and the build cells between."""
    between = []
    for kind, text in cells[at + 1:]:
        if kind == "markdown":
            return text, between
        between.append(text)
    return "", between


@pytest.mark.parametrize("src", SOURCES[1:], ids=lambda p: p.stem)
def test_every_chapter_ends_with_exercises_whose_answers_the_engine_computes(src):
    """Two or three exercises per chapter, with collapsible answers rendered
    from the engine at build time (never typed), after a recap."""
    cells = _cells(src)
    at = next(i for i, (k, s) in enumerate(cells) if k == "markdown" and "## Exercises" in s)
    exercises = cells[at][1].split("## Exercises", 1)[1]
    questions = re.findall(r"^\d\. ", exercises, flags=re.M)
    assert 2 <= len(questions) <= 3
    answer, build = _answers(cells, at)
    assert answer.startswith("<details><summary>Answers</summary>") and "{{" in answer
    assert re.search(r"\b(vw\.|advancement\.)", answer + "\n".join(build)), "answers must come from the engine"
    assert any("## Recap" in s for k, s in cells[:at + 1] if k == "markdown"), "a recap before the exercises"


@pytest.mark.parametrize("src", SOURCES, ids=lambda p: p.stem)
def test_chapter_sources_compute_in_build_cells_and_show_widgets_in_one_line(src):
    """The reader meets no code: everything a chapter computes runs at build
    time (``# %% [build]``); a notebook cell is one line making a widget."""
    import importlib.util as iu

    spec = iu.spec_from_file_location("make_notebooks", ROOT / "scripts" / "make_notebooks.py")
    mod = iu.module_from_spec(spec)
    spec.loader.exec_module(mod)
    cells = _cells(src)
    code = [s for k, s in cells if k == "code"]
    assert code, "a chapter lets the reader play in a widget"
    assert all(mod.WIDGET_LINE.match(s.strip()) for s in code), code


ALT_PENDING: set[str] = set()
#: Chapters that show their numbers as tables only (the rule lab: comparisons and sweeps).
NO_FIGURES = {"10-the-rule-lab"}


def _show_calls(code: str) -> list[ast.Call]:
    calls = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name == "show":
                calls.append(node)
    return calls


@pytest.mark.parametrize("src", [s for s in SOURCES if s.stem not in ALT_PENDING], ids=lambda p: p.stem)
def test_every_figure_has_an_alt_sentence(src):
    """Every figure says in one sentence what it shows, for readers who cannot see it."""
    calls = [c for k, s in _cells(src) if k == "build" for c in _show_calls(s)]
    if src.stem in NO_FIGURES:
        assert not calls, "update NO_FIGURES"
        return
    assert calls, "no figure found: has show() been renamed?"
    for call in calls:
        alt = [kw.value for kw in call.keywords if kw.arg == "alt"]
        assert alt, f"{src.name} line {call.lineno} of its cell: show(fig) without alt=\"one sentence\""
        assert not (isinstance(alt[0], ast.Constant) and not str(alt[0].value).strip()), "empty alt"


def test_the_alt_check_catches_a_figure_without_one():
    assert len(_show_calls("show(fig)\nshow(fig, alt='x')\ntutorial.show(f)")) == 3
    assert [bool(c.keywords) for c in _show_calls("show(fig)\nshow(fig, alt='x')")] == [False, True]


def _displayed(monkeypatch) -> list[dict]:
    import IPython.display

    shown: list[dict] = []
    monkeypatch.setattr(IPython.display, "display", lambda obj, raw=False: shown.append(obj))
    return shown


def test_show_gives_the_figure_its_alt_text_and_caption(monkeypatch):
    """The alt sentence reaches readers of every front end: as the image's alt
    and a visible caption in the HTML form (which JupyterLab, Notebook 7, Voila
    and nbviewer prefer), and in the text form strict nbval compares, beside
    the data fingerprint; the PNG stays for the other front ends."""
    import base64

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from venus_widgets import tutorial

    shown = _displayed(monkeypatch)
    fig, ax = plt.subplots()
    ax.plot([1, 2], [0.2, 0.8])
    fp = tutorial.fingerprint(fig)
    tutorial.show(fig, alt='Odds rise from 20 % to 80 %\n  "fast" <here>')
    (bundle,) = shown
    assert bundle["text/plain"] == f'<figure: Odds rise from 20 % to 80 % "fast" <here>, data {fp}>'
    png = base64.b64decode(bundle["image/png"])
    assert png.startswith(b"\x89PNG")
    html = bundle["text/html"]
    want = "Odds rise from 20 % to 80 % &quot;fast&quot; &lt;here&gt;"
    assert f'alt="{want}"' in html and f"<figcaption><em>Figure:</em> {want}</figcaption>" in html
    assert f'src="data:image/png;base64,{bundle["image/png"]}"' in html


def test_show_refuses_a_figure_without_alt_text(monkeypatch):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from venus_widgets import tutorial

    shown = _displayed(monkeypatch)
    fig, _ = plt.subplots()
    with pytest.raises(ValueError, match="one sentence"):
        tutorial.show(fig, alt="  ")
    assert not shown


def test_the_learning_helpers_agree_with_the_engine():
    """The cross-check chapter 05 used to print: the count of tasks until 16
    exp (the engine's Markov chain, which the tutorial uses) matches a
    brute-force walk over the exp collected so far; and the mean for gains
    that can be 0 matches a brute-force sum over that chain."""
    from venus_widgets.engine.editions.playtest import advancement
    from venus_widgets.tutorial import mean_tasks, refusing_exp, tasks_until

    def walk(step, need):  # P(the n-th task is the first to reach need), by plain dict states
        state, out, n = {0: 1.0}, {}, 0
        while state:
            n += 1
            nxt: dict[int, float] = {}
            for e, p in state.items():
                for g, q in step.items():
                    if e + g >= need:
                        out[n] = out.get(n, 0.0) + p * q
                    else:
                        nxt[e + g] = nxt.get(e + g, 0.0) + p * q
            state = nxt
        return out

    for spec in ({"roll": "task", "dice": 3, "learning": True},
                 {"roll": "task", "caliber": "gold", "dice": 5, "learning": True, "factors": 2}):
        ours, theirs = advancement.tasks_to_learn(spec), walk(advancement.exp_per_task(spec), 16)
        assert ours.keys() == theirs.keys()
        assert max(abs(ours[k] - theirs[k]) for k in ours) < 1e-12
        plays_to_learn = tasks_until(refusing_exp(spec), 16)
        assert (min(plays_to_learn), max(plays_to_learn)) == (6, 8)
    step = advancement.exp_per_task({"roll": "task", "dice": 2, "factors": 1})
    assert step.get(0, 0) > 0
    # brute force: P(still short of 4 exp after n tasks), summed over n (the tail is negligible by 400)
    state, mean = {0: 1.0}, 0.0
    for _ in range(400):
        mean += sum(state.values())
        nxt: dict[int, float] = {}
        for e, p in state.items():
            for g, q in step.items():
                if e + g < 4:
                    nxt[e + g] = nxt.get(e + g, 0.0) + p * q
        state = nxt
    assert abs(mean_tasks(step, 4) - mean) < 1e-9


IN_CODE_BOX = re.compile(r"^> \*\*In code\*\*.*(?:\n>.*)*", flags=re.MULTILINE)
CODE_WORDS = re.compile(r"`[^`]+`|\b[a-z]+_[a-z_]+\b|\bdouble6\b|\breroll\b|\bindex\b|\bindices\b")


def code_words_in_prose(markdown: str) -> list[str]:
    """Field names and other code in a chapter's prose, outside a clearly
    marked "In code" box (a blockquote starting ``> **In code**``), link
    targets and the ``{{ ... }}`` the build replaces by their values."""
    markdown = re.sub(r"\{\{.*?\}\}", "#", markdown, flags=re.S)
    text = re.sub(r"\]\([^)]*\)", "]", IN_CODE_BOX.sub("", markdown))
    return CODE_WORDS.findall(text)


def test_the_prose_check_finds_field_names_but_not_in_an_in_code_box():
    assert code_words_in_prose("Set the `consequences` field, or bonus_factors, or double6.") == [
        "`consequences`", "bonus_factors", "double6"]
    assert code_words_in_prose("Buy consequences.\n\n> **In code**: `consequences`,\n> `kiss`.\n\nDone.") == []
    assert code_words_in_prose("[playtest](../docs/cheatsheet_playtest.md)") == []


@pytest.mark.parametrize("src", [s for s in SOURCES if s.stem not in ALT_PENDING], ids=lambda p: p.stem)
def test_prose_uses_table_words_not_field_names(src):
    """The chapters speak the table's words; field names, modes and
    die indices appear only in code cells or in an "In code" box."""
    for kind, text in _cells(src):
        if kind == "markdown":
            assert not code_words_in_prose(text), (code_words_in_prose(text), text[:80])


def test_the_developer_appendix_examples_hold_and_readme_links_it():
    import doctest

    result = doctest.testfile(str(ROOT / "docs" / "developers.md"), module_relative=False)
    assert result.attempted >= 6 and result.failed == 0
    assert "](docs/developers.md)" in (ROOT / "README.md").read_text()


def _lite_contents():
    spec = importlib.util.spec_from_file_location("lite_contents", ROOT / "scripts" / "lite_contents.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_lite_copy_of_the_chapters_links_only_what_it_ships(tmp_path):
    """The JupyterLite site serves the notebooks at the top of its file tree,
    where ../docs would be outside it: its copies link docs/ beside them, and
    every file they link (transitively) is copied. (tests/test_lite_site.py
    checks the same on a built site.)"""
    lc = _lite_contents()
    notebooks = sorted((ROOT / "notebooks").glob("[0-9]*.ipynb"))
    written = lc.fill(tmp_path, notebooks)
    assert "docs/glossary.md" in written and "docs/cheatsheet_vers.md" in written
    for page in [tmp_path / w for w in written if w.endswith((".md", ".ipynb"))]:
        text = page.read_text(encoding="utf-8")
        assert "](../docs/" not in text or page.parent != tmp_path, page
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"^([a-zA-Z][a-zA-Z0-9+.-]*:|#|/)", target):
                continue
            linked = (page.parent / target.partition("#")[0]).resolve()
            assert linked.is_relative_to(tmp_path) and linked.is_file(), (page.name, target)


def test_a_link_to_nothing_stops_the_lite_build_with_what_to_fix(tmp_path):
    lc = _lite_contents()
    bad = ROOT / "notebooks" / "00-a-roll-from-start-to-finish.ipynb"
    with pytest.raises(SystemExit, match="not a file of the repository: fix the link"):
        lc.relink("See [this](../docs/no-such-page.md).", bad)


def test_lite_contents_docstring_examples_hold():
    import doctest

    result = doctest.testmod(_lite_contents())
    assert result.attempted >= 2 and result.failed == 0


def test_the_playtest_cheat_sheet_has_learning_exp_and_every_threshold():
    """+1 exp per task while learning, and the task table up to threshold 5."""
    text = (ROOT / "docs" / "cheatsheet_playtest.md").read_text()
    assert "+1 for every task, pass or" in text
    assert "| threshold 5 |" in text and "| 6 | " in text


@pytest.mark.parametrize("path", sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb")), ids=lambda p: p.stem)
def test_no_chance_at_the_start_of_a_line_turns_into_a_quote(path):
    """A chance rendered at the start of a line as ">99%" is read by Markdown as a
    quote ("> 99%..."): the sentence breaks in two. Inside a quote ("> ...") a line
    starts with "> " and a space."""
    import nbformat

    nb = nbformat.read(path, as_version=4)
    bad = [line for cell in nb.cells if cell.cell_type == "markdown" for line in cell.source.splitlines()
           if re.match(r"^\s*>\d", line)]
    assert not bad, bad


def test_the_glossary_speaks_to_players_and_keeps_code_names_for_programmers_at_the_end():
    """The glossary, linked from every chapter, had an "in code" column (`p_pass`, `vw.ladder`,
    `roll="check"`), a "draft" of knobs, "(2) The seed texts" and a tail "so small it is cut": the
    words a player and an FC read are plain; code names only under "For programmers", last."""
    text = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    players, _, programmers = text.partition("\n## For programmers\n")
    assert programmers and "\n## " not in programmers, "For programmers is the glossary's last part"
    assert "`" not in players and "in code" not in players
    for engine_words in ("so small it is cut", "(2) The", "vw.", "spec.md", "p_pass"):
        assert engine_words not in players, engine_words
    (draft,) = [line for line in players.splitlines() if line.startswith("| **draft** |")]
    assert "knob" not in draft and "field" not in draft, draft
    assert "`p_pass`" in programmers and "`vw.ladder`" in programmers
    assert "same dice" in players and "rule drafts" in players


@pytest.mark.parametrize("page", ["glossary", "cheatsheet_playtest", "cheatsheet_playsheet", "cheatsheet_agora",
                                  "cheatsheet_heresy", "cheatsheet_vers", "fc_screen", "first_session",
                                  "pregenerated_sheets"])
def test_a_players_page_links_in_words_to_where_the_book_teaches(page):
    """The cheat sheet said "Full rules: rules_playtest.md", a page of code names for developers: a
    player's page names its links in words ("tasks", "the glossary"), never a file name, and sends a
    player to the chapters, the developers' rules pages only from a part "For programmers"."""
    text = (ROOT / "docs" / f"{page}.md").read_text(encoding="utf-8")
    assert not re.findall(r"\[[^\]]*\.md\]", text), re.findall(r"\[[^\]]*\.md\]", text)
    for_players = text.split("\n## For programmers\n")[0]
    assert not re.findall(r"\]\(rules_\w+\.md", for_players), page
