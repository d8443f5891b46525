"""The one-page sheets print on one page (``make cheatsheets``): every page
listed in scripts/print_pages.py (the cheat sheets, the Facilitator's
screen), printed by Debian's Chromium on A4 and on US Letter, is a PDF of
exactly one page."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _printer():
    spec = importlib.util.spec_from_file_location("print_pages", ROOT / "scripts" / "print_pages.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


PRINTER = _printer()


def test_every_cheat_sheet_and_the_fc_screen_is_listed_to_print():
    listed = set(PRINTER.PRINTABLE)
    sheets = {p.stem for p in (ROOT / "docs").glob("cheatsheet_*.md")}
    assert sheets and sheets <= listed and "fc_screen" in listed
    for name in listed:
        assert (ROOT / "docs" / f"{name}.md").is_file(), f"PRINTABLE lists {name}, which docs/ does not have"


@pytest.fixture(scope="module")
def printed(tmp_path_factory, browser_context):
    page = browser_context.new_page()
    try:
        yield PRINTER.print_on(page, PRINTER.PRINTABLE, tmp_path_factory.mktemp("print"))
    finally:
        page.close()


@pytest.mark.parametrize("paper", list(PRINTER.PAPERS))
@pytest.mark.parametrize("name", PRINTER.PRINTABLE)
def test_each_printable_page_prints_on_one_sheet(printed, name, paper):
    pdf = printed[(name, paper)]
    assert pdf.read_bytes().startswith(b"%PDF")
    assert PRINTER.pdf_pages(pdf) == 1, f"{name} prints on {PRINTER.pdf_pages(pdf)} {paper} pages"


def test_a_page_too_long_for_one_sheet_is_counted_as_more(tmp_path, monkeypatch, browser_context):
    """The count is real: a sheet made three times as long prints on more than one page."""
    text = (ROOT / "docs" / "cheatsheet_playtest.md").read_text(encoding="utf-8")
    (tmp_path / "long.md").write_text(text * 3, encoding="utf-8")
    monkeypatch.setattr(PRINTER, "DOCS", tmp_path)
    page = browser_context.new_page()
    try:
        pdfs = PRINTER.print_on(page, ["long"], tmp_path / "out")
    finally:
        page.close()
    assert all(PRINTER.pdf_pages(p) > 1 for p in pdfs.values())


def test_the_print_script_says_which_pages_it_knows(capsys):
    assert PRINTER.main(["no-such-page"]) == 2
    assert "fc_screen" in capsys.readouterr().out
