"""The docs stay true to the code."""

from pathlib import Path

from venus_widgets.engine.contract.reference import field_reference

ROOT = Path(__file__).resolve().parents[1]


def test_spec_reference_is_current():
    """docs/spec.md is generated from the schemas; regenerate with
    `python -m venus_widgets.engine.contract.reference > docs/spec.md`."""
    assert (ROOT / "docs" / "spec.md").read_text() == field_reference()


def test_docstring_examples_hold():
    """The examples in the engine's and the widgets' docstrings are run, so
    they stay true (the widgets' were not: fc_words.read_target's named the
    module its error had left)."""
    import doctest
    import importlib
    import pkgutil

    import venus_widgets
    import venus_widgets.engine as engine
    import venus_widgets.widgets as widgets

    modules = [venus_widgets, importlib.import_module("venus_widgets.tutorial")]
    modules += [importlib.import_module(m.name)
                for m in pkgutil.walk_packages(engine.__path__, prefix="venus_widgets.engine.")]
    modules += [importlib.import_module(m.name)
                for m in pkgutil.walk_packages(widgets.__path__, prefix="venus_widgets.widgets.")]
    tried = 0
    for module in modules:
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, module.__name__
        tried += result.attempted
    assert tried >= 30


def printed_as_said(block: str) -> list[tuple[str, str]]:
    """Run a README example and pair what each ``print`` printed with the
    comment on its line, which says it (the comment is the printed text,
    or ends with ``": "`` and the printed text)."""
    import contextlib
    import io

    said = [line.split("#", 1)[1].strip() for line in block.splitlines() if line.startswith("print(") and "#" in line]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, "README.md", "exec"), {})
    printed = out.getvalue().splitlines()
    assert len(printed) == len(said), (printed, said)
    return list(zip(printed, said))


def says(printed: str, said: str) -> bool:
    """Whether a comment says what was printed (all of it, or after its last ``": "``)."""
    return bool(printed) and (said == printed or said.endswith(": " + printed))


def test_readme_example_prints_what_it_says():
    """The README's engine example runs, and prints the numbers its comments say."""
    import re

    text = (ROOT / "README.md").read_text()
    block = re.search(r"## The engine in three lines\n\n```python\n(.*?)```", text, re.S).group(1)
    pairs = printed_as_said(block)
    assert len(pairs) == 2
    for printed, said in pairs:
        assert says(printed, said), f"README says {said!r}, prints {printed!r}"


def test_the_readme_check_fails_on_a_wrong_number():
    pairs = printed_as_said('print(1 + 1)  # two and two: 5\nprint("7/8")  # 7/8\n')
    assert pairs == [("2", "two and two: 5"), ("7/8", "7/8")]
    assert not says(*pairs[0]) and says(*pairs[1]) and says("50.0%", "exact: 50.0%") and not says("", "")


def test_readme_roller_examples_build():
    """The README's roller examples construct, with the spec they say."""
    import re

    text = (ROOT / "README.md").read_text()
    block = re.search(r"## The rollers\n.*?```python\n(.*?)```", text, re.S).group(1)
    made = []
    for line in block.splitlines():
        code = line.split("#")[0].strip()
        if code.startswith("vw."):
            made.append(eval(code, {"vw": __import__("venus_widgets")}))
    assert [type(w).__name__ for w in made][:1] == ["TaskRoller"] and len(made) == 5
    assert made[2].spec["edition"] == "agora" and made[2].spec["helpers"] == [5, 5]
    assert type(made[4]).__name__ == "RuleLab" and made[4].panel.view["ok"]
    assert made[3].odds.p_pass == __import__("venus_widgets").odds(made[3].spec).p_pass


def test_readme_and_docs_links_point_at_files_that_exist():
    import re

    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for link in re.findall(r"\]\(([^)#\s]+)\)", page.read_text()):
            if not link.startswith(("http://", "https://")):
                assert (page.parent / link).exists(), f"{page.name}: {link}"


# -- citations ---------------------------------------------------------------------
#
# The code, tests and docs cite the rules as `docs/<page>.md#<anchor>`: a page of
# this repository and the anchor GitHub gives one of its headings, so a player can
# follow every citation. The pages link each other as `(<page>.md#<anchor>)`.

CITING = ["venus_widgets", "js", "scripts", "tests", "benchmarks", "docs", "README.md"]
TEXT_SUFFIXES = {".py", ".js", ".mjs", ".md", ".txt", ".toml", ".cfg", ".json", ".ipynb", ".html", ".css"}
NOT_OURS = {".git", ".venv", "venv", "node_modules", "build", "dist", "__pycache__", ".pytest_cache",
            ".hypothesis", ".ipynb_checkpoints", ".mypy_cache"}


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: its rendered text lower-cased, every
    character but letters, digits, '_', '-' and spaces dropped, spaces as '-'."""
    import re

    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link shows its text
    text = text.replace("`", "").replace("*", "").strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Every heading anchor of a Markdown page (GitHub numbers repeats: x, x-1, x-2)."""
    import re

    found: set[str] = set()
    seen: dict[str, int] = {}
    fenced = False
    for line in page.read_text().splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            continue
        m = None if fenced else re.match(r" {0,3}#{1,6} +(.*?)(?: +#+)? *$", line)
        if m:
            slug = github_anchor(m.group(1))
            n = seen.get(slug, 0)
            seen[slug] = n + 1
            found.add(slug if n == 0 else f"{slug}-{n}")
    return found


def _walk(*tops: str):
    import os

    for top in tops:
        path = ROOT / top
        if path.is_file():
            yield path
            continue
        for folder, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs if d not in NOT_OURS and not d.endswith(".egg-info"))
            for name in sorted(files):
                yield Path(folder) / name


def citations() -> list[tuple[str, Path, str]]:
    """(where, page, anchor) of every `docs/<page>.md#<anchor>` citation in the
    code, tests, scripts and docs, and every `(<page>.md#<anchor>)` link of the
    Markdown pages (anchor "" when a citation names a page only)."""
    import re

    out = []
    for f in _walk(*CITING):
        if f.suffix not in TEXT_SUFFIXES:
            continue
        text = f.read_text(errors="replace")
        where = str(f.relative_to(ROOT))
        for page, anchor in re.findall(r"(?<![\w./-])docs/([\w.-]+\.md)(?:#([\w-]+))?", text):
            out.append((where, ROOT / "docs" / page, anchor))
        if f.suffix == ".md":
            for page, anchor in re.findall(r"\]\(([^)#\s]*\.md)?#([^)\s]+)\)", text):
                out.append((where, f.parent / page if page else f, anchor))
    return out


def test_github_anchor_follows_githubs_rules():
    assert github_anchor("KISS and Ego (the roller's one policy)") == "kiss-and-ego-the-rollers-one-policy"
    assert github_anchor("heresy: Victoriana's Heresy Engine (for comparison)") == (
        "heresy-victorianas-heresy-engine-for-comparison")
    assert github_anchor('Advice (`advise(spec, faces, kissed=())`)') == "advice-advisespec-faces-kissed"
    page = ROOT / "docs" / "rules_playsheet.md"
    assert {"check", "task", "published-tables-and-errata"} <= anchors(page)


def test_every_rules_citation_names_a_page_and_a_heading_that_exist():
    """A citation `docs/rules_playtest.md#task` must open a page of docs/ at a
    heading of that page, so a player can read the rule it cites."""
    found = citations()
    assert sum(1 for _, page, a in found if page.name.startswith("rules") and a) >= 40
    cache: dict[Path, set[str]] = {}
    broken = []
    for where, page, anchor in found:
        if not page.is_file():
            broken.append(f"{where}: no page {page.relative_to(ROOT)}")
        elif anchor and anchor not in cache.setdefault(page, anchors(page)):
            broken.append(f"{where}: no heading #{anchor} in {page.relative_to(ROOT)}")
    assert not broken, "\n".join(sorted(set(broken)))


def test_nothing_cites_a_rules_file_users_do_not_have():
    """The rulings file the project was written from is not part of it: every
    citation goes to docs/rules_<edition>.md instead."""
    needle = ("RULES" + ".md").encode()
    files = [f for f in _walk(".") if f.is_file()]
    assert len(files) > 50
    assert [str(f.relative_to(ROOT)) for f in files if needle in f.read_bytes()] == []


def test_no_page_writes_a_chance_as_formula_notation():
    """The developer pages wrote "P(pass)", "P(goal)", "P(successes >=
    threshold)", the cheat sheets "P(success):": every page says "the
    chance to pass", "the chance of the goal" in words."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    pages = [root / "README.md", *sorted((root / "docs").glob("*.md")), *sorted((root / "js").glob("*.md"))]
    found = [f"{p.relative_to(root)}:{n}: {line.strip()[:120]}" for p in pages
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if re.search(r"\bP\(", line)]
    assert len(pages) > 20
    assert not found, f"{len(found)} lines:\n" + "\n".join(found)


def test_architecture_names_every_module_of_the_engine_and_the_widgets():
    """docs/architecture.md says what each module of the engine's shared
    rooms, of the drafts and of the widgets is for (a code edition's own
    modules are its package's business): a module it does not name is one a
    newcomer cannot place."""
    import re

    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    named = {m.rsplit("/", 1)[-1] for m in re.findall(r"`([\w/.<>]+\.py)`", text)}
    named |= {m for cell in re.findall(r"`([^`]+)`", text) for m in re.findall(r"[\w]+\.py", cell)}
    package = ROOT / "venus_widgets"
    modules = [p for room in ("engine", "widgets") for p in sorted((package / room).rglob("*.py"))
               if p.name != "__init__.py" and "editions" not in p.relative_to(package).parts]
    unnamed = [str(p.relative_to(package)) for p in modules if p.name not in named]
    assert unnamed == [], "say what these are for in docs/architecture.md: " + ", ".join(unnamed)
