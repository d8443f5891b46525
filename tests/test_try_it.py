"""A book page cannot move a roller (issue 31, the reader's notes): each
"Try it" passage of chapters 07-13 says what the saved roller shows, with a
number, and keeps what to change for the reader who plays it live; no
paragraph asks a reader to tick, type, move or watch a roller without saying
that this is for the live roller."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = sorted(p for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb") if "07" <= p.stem[:2] <= "13")
#: What only a live roller lets a reader do.
LIVE_ONLY = re.compile(r"\b(?:un)?tick\b|\bmove (?:the|its) sliders?\b|\btype (?:the|your)\b|\bwatch (?:the|its)\b|"
                       r"\btry (?:changing|raising)\b|\bchange the (?:caliber|knob|black)", re.I)
#: How a passage says it is for the live roller.
LIVE = re.compile(r"\bPlayed live\b|\bin the live notebook\b", re.I)


def _book_markdown(path: Path) -> str:
    spec = importlib.util.spec_from_file_location("count_prose", ROOT / "scripts" / "count_prose.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.chapter_markdown(path)


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_what_only_a_live_roller_does_is_said_as_such(path):
    for paragraph in _book_markdown(path).split("\n\n"):
        if LIVE_ONLY.search(paragraph) and not paragraph.lstrip().startswith(">"):
            assert LIVE.search(paragraph), (path.stem, LIVE_ONLY.search(paragraph).group(0), paragraph[:300])


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_each_try_it_says_what_the_saved_roller_shows(path):
    md = _book_markdown(path)
    for section in md.split("\n## ")[1:]:
        if section.startswith("Try it"):
            text = section.split("\n## ")[0]
            assert re.search(r"\d+(?:\.\d+)?\s?%", text), (path.stem, text[:300])
            assert LIVE.search(text), (path.stem, text[:300])
