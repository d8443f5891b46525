"""The roll at the table (``widgets/table_session.py``, ``table_words.py``),
the roll log (``widgets/rolllog.py``, ``log_cards.py``) and the widgets'
words (``widgets/plain_words.py``) ask the edition
(``editions/<id>/at_table.py``) and name none."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from venus_widgets.engine.contract.edition import BUILT_IN
from venus_widgets.widgets.roller_values import roll_kind

WIDGETS = Path(__file__).resolve().parents[1] / "venus_widgets" / "widgets"


def _code_words(path: Path, skip_imports: bool = False) -> list[tuple[int, str]]:
    """(line, text) of every string constant, name and attribute in code
    (docstrings left out; import paths too when ``skip_imports``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
                  and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    out = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings:
            out.append((n.lineno, n.value))
        elif isinstance(n, ast.Name):
            out.append((n.lineno, n.id))
        elif isinstance(n, ast.Attribute):
            out.append((n.lineno, n.attr))
        elif isinstance(n, ast.ImportFrom) and not skip_imports:
            out.append((n.lineno, n.module or ""))
    return out


@pytest.mark.parametrize("name,skip_imports", [(p.name, False) for p in sorted(WIDGETS.glob("*.py"))])
def test_no_edition_named_in_code(name, skip_imports):
    edition = re.compile(r"(?<![a-z])(" + "|".join(BUILT_IN) + r")(?![a-z])")
    found = [(line, text) for line, text in _code_words(WIDGETS / name, skip_imports)
             if edition.search(text.lower().replace("_", " "))]
    assert not found, f"{name} names an edition in code: {found}"


@pytest.mark.parametrize("edition", BUILT_IN)
def test_each_roller_fits_the_editions_that_say_so(edition):
    """Which roller rolls an edition is the edition's answer (``at_table.ROLLERS``)."""
    import traitlets

    import venus_widgets as vw
    from venus_widgets.engine.contract.edition import get

    fits = get(edition).at_table.ROLLERS
    assert set(fits.values()) <= set(get(edition).SCHEMAS)
    for name, cls in (("check", vw.CheckRoller), ("task", vw.TaskRoller), ("pool", vw.PoolRoller)):
        if name in fits:
            assert roll_kind(cls.family, edition) == fits[name]
        else:
            with pytest.raises(traitlets.TraitError, match="|".join(f"{c}Roller" for c in ("Check", "Task", "Pool"))):
                roll_kind(cls.family, edition)
