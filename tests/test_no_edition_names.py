"""Every rule lives in its edition: no edition id appears in the engine's
shared layer (``venus_widgets/engine/`` outside ``editions/``: code,
comments and docstrings, all but their runnable examples and the
registry's one list of the built-in editions), nor in
``venus_widgets/widgets/*.py`` or ``js/*.js``, in code, docstrings or
comments alike (a comment that names an edition is a rule of that edition
told in the wrong place). What differs by edition is declared by the
edition (``engine/editions/<id>/``, its schema and its ``at_table``),
asked through the contract, and sent by Python in the widget state.
"""

from __future__ import annotations

import ast
import doctest
import io
import re
import tokenize
from pathlib import Path

import pytest

from venus_widgets.engine.contract.edition import BUILT_IN

ROOT = Path(__file__).resolve().parent.parent
IDS = re.compile(r"\b(" + "|".join(BUILT_IN) + r")\b", re.IGNORECASE)

# No exceptions: every widget file and every JS module names no edition.
ALLOWED_FUNCTIONS: set[tuple[str, str]] = set()


def _docstring_lines(tree: ast.AST) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                lines.update(range(body[0].lineno, (body[0].end_lineno or body[0].lineno) + 1))
    return lines


def _allowed_lines(name: str, tree: ast.AST) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and (name, node.name) in ALLOWED_FUNCTIONS:
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


def python_hits(path: Path, comments: bool = False) -> list[str]:
    """Edition ids in a Python file: in its code (names and strings), and
    with ``comments`` in its docstrings and comments too."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    skip = (set() if comments else _docstring_lines(tree)) | _allowed_lines(path.name, tree)
    hits = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if (tok.type == tokenize.COMMENT and not comments) or tok.start[0] in skip:
            continue
        if IDS.search(tok.string):
            hits.append(f"{path.name}:{tok.start[0]}: {tok.line.strip()}")
    return hits


def _examples(tree: ast.AST) -> set[int]:
    """The lines of the runnable examples in a file's docstrings (each
    ``>>>`` line, its ``...`` lines and the output it shows)."""
    lines: set[int] = set()
    parser = doctest.DocTestParser()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                doc, first = body[0].value.value, body[0].lineno
                for ex in parser.get_examples(doc):
                    n = ex.source.count("\n") + ex.want.count("\n")
                    lines.update(range(first + ex.lineno, first + ex.lineno + n))
    return lines


#: The statements of the shared layer that name editions: the registry's lists
#: of the editions that ship with the package, those of them written as drafts,
#: and the ids those drafts had before (file, name assigned).
LISTED_HERE = {("engine/contract/edition.py", "BUILT_IN"), ("engine/contract/edition.py", "DRAFTED"),
               ("engine/contract/edition.py", "ALIASES")}


def _listing(path: Path, tree: ast.AST) -> set[int]:
    """The lines of the statement of :data:`LISTED_HERE` in ``path``, if any."""
    names = {name for file, name in LISTED_HERE if path.as_posix().endswith("venus_widgets/" + file)}
    return {i for node in ast.walk(tree) if isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id in names for t in node.targets)
            for i in range(node.lineno, (node.end_lineno or node.lineno) + 1)}


def shared_hits(path: Path) -> list[str]:
    """Edition ids anywhere in a Python file of the shared layer: names,
    strings, comments and docstrings, but not the docstrings' runnable
    examples (an example may well roll one edition), nor the registry's
    list of the built-in editions (:data:`LISTED_HERE`)."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    skip = _examples(tree) | _listing(path, tree)
    rel = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    return [f"{rel}:{i}: {line.strip()}" for i, line in enumerate(text.splitlines(), 1)
            if i not in skip and IDS.search(line)]


def _shared_layer() -> list[Path]:
    engine = ROOT / "venus_widgets" / "engine"
    return sorted(p for p in engine.rglob("*.py") if "editions" not in p.relative_to(engine).parts)


_JS_COMMENT = re.compile(r"/\*.*?\*/|(?<![:\"'\\])//[^\n]*", re.DOTALL)


def js_hits(path: Path, comments: bool = False) -> list[str]:
    """Edition ids in a JS file: outside comments, or with ``comments`` anywhere."""
    text = path.read_text(encoding="utf-8")
    code = text if comments else _JS_COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    return [f"{path.name}:{i}: {line.strip()}" for i, line in enumerate(code.splitlines(), 1) if IDS.search(line)]


def test_the_scanners_find_names_in_code_only(tmp_path):
    py = tmp_path / "x.py"
    py.write_text('"""The playtest docstring."""\n# a heresy comment\nA = "vers"\nif agora:\n    pass\n'
                  'def f():\n    """playsheet"""\n', encoding="utf-8")
    assert [h.split(":")[1] for h in python_hits(py)] == ["3", "4"]
    js = tmp_path / "x.js"
    js.write_text('// playtest\n/* agora\n */\nconst a = "heresy"; // vers\nconst u = "http://x/playsheet";\n',
                  encoding="utf-8")
    assert [h.split(":")[1] for h in js_hits(js)] == ["4", "5"]
    # comments alike: every line that names one
    assert [h.split(":")[1] for h in python_hits(py, comments=True)] == ["1", "2", "3", "4", "7"]
    assert [h.split(":")[1] for h in js_hits(js, comments=True)] == ["1", "2", "4", "5"]


def test_the_shared_layer_scanner_skips_only_runnable_examples(tmp_path):
    py = tmp_path / "x.py"
    py.write_text('"""Rolls of the vers edition.\n\n>>> roll("agora")\n\'heresy\'\n\nAfter agora.\n"""\n'
                  '# a playsheet comment\nA = "playtest"\n', encoding="utf-8")
    assert [h.split(":")[1] for h in shared_hits(py)] == ["1", "6", "8", "9"]
    listing = tmp_path / "venus_widgets" / "engine" / "contract" / "edition.py"
    listing.parent.mkdir(parents=True)
    listing.write_text('BUILT_IN = ("playtest",\n            "vers")\nDEFAULT = "playtest"\n', encoding="utf-8")
    assert [h.split(":")[1] for h in shared_hits(listing)] == ["3"]


@pytest.mark.parametrize("path", _shared_layer(), ids=lambda p: str(p.relative_to(ROOT / "venus_widgets" / "engine")))
def test_no_edition_id_in_the_engines_shared_layer(path):
    """The contract, the maths, the table flow and the tools ask the
    editions; none names one (code, comments or docstrings)."""
    assert shared_hits(path) == []


@pytest.mark.parametrize("path", sorted((ROOT / "venus_widgets" / "widgets").glob("*.py")), ids=lambda p: p.name)
def test_no_edition_id_in_widget_code_or_comments(path):
    assert python_hits(path, comments=True) == []


@pytest.mark.parametrize("path", sorted((ROOT / "js").glob("*.js")), ids=lambda p: p.name)
def test_no_edition_id_in_front_end_code_or_comments(path):
    assert js_hits(path, comments=True) == []


#: Words of the rules the front end once wrote itself (tier costs, the primary
#: consequence, which faces pass, whose die is drawn how, a list item's name, the
#: most consequences typed, the groups of fields, their order and titles); Python sends them now.
RULE_WORDS = ("success each", "costs the threshold", '"primary"', "DIFFICULTY_TARGET", "KISS_SOURCES", '"own"',
              '"allie"', "hi = 4", "KISS and Ego", "Ability and dice", '"ability"', "GROUP_TITLES")


def _group_titles() -> set[str]:
    """Every title of a group of fields a built-in edition declares."""
    from venus_widgets.engine.contract.spec import describe, ROLL_KINDS

    return {d["group_title"] for ed in BUILT_IN for roll in ROLL_KINDS[ed] for d in describe(ed, roll).values()}


@pytest.mark.parametrize("path", sorted((ROOT / "js").glob("*.js")), ids=lambda p: p.name)
def test_no_rule_words_in_front_end_code(path):
    text = path.read_text(encoding="utf-8")
    assert [w for w in RULE_WORDS if w in text] == []


@pytest.mark.parametrize("path", sorted((ROOT / "js").glob("*.js")), ids=lambda p: p.name)
def test_no_group_title_of_an_edition_in_front_end_code(path):
    """A group's title ("KISS and Ego") is its edition's word, sent with its
    fields; the front end writes none as a string of its own."""
    text = path.read_text(encoding="utf-8")
    titles = _group_titles()
    assert "KISS and Ego" in titles and "Ability and dice" in titles
    assert [t for t in sorted(titles) if f'"{t}"' in text or f"'{t}'" in text or f"`{t}`" in text] == []
