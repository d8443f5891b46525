"""Write docs/index.md: where the rulebook teaches each word of the glossary.

Each word the glossary defines (its bold words: "ally", "help", "round",
"scene", "turn"...) is looked up in the chapters as built (the committed
notebooks' Markdown): every section that sets the word in **bold**, as the
chapters do where they introduce or stress it, is listed, linked to that
section (its heading's anchor, as MyST gives it on the book site and GitHub
in a Markdown page: ``01-checks.ipynb#1-the-target``). Notebook-only prose
(the "Run All" banners) is not the book's, and is not looked in. The page is
generated, never typed; ``--check`` fails when it is stale
(tests/test_rulebook_aids.py runs it).

    python scripts/make_index.py          # write docs/index.md
    python scripts/make_index.py --check  # exit 1 if docs/index.md is stale
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
NOTEBOOKS = ROOT / "notebooks"
TARGET = DOCS / "index.md"
CHAPTER = re.compile(r"^# Chapter (\d+): (.+)$", flags=re.M)
#: Headings down to this level have anchors on the book site (``myst_heading_anchors``): the sections listed.
ANCHORED = 3
#: Sections that repeat or try what the chapter taught: a word is not taught there.
NOT_TAUGHT = {"Recap", "Exercises"}
#: The tag of prose only a notebook shows (scripts/make_notebooks.py), which the book leaves out.
NOTEBOOK_ONLY = "notebook-only"


def terms(text: str | None = None) -> list[str]:
    """The words the glossary defines, in its order (the bold words of its first column)."""
    if text is None:
        text = (DOCS / "glossary.md").read_text(encoding="utf-8")
    out = []
    for row in re.findall(r"^\| (\*\*.+?) \| ", text, flags=re.M):
        out += re.findall(r"\*\*([^*]+)\*\*", row)
    return out


def groups() -> list[tuple[str, list[str]]]:
    """The glossary's words by its headings: ``("", words)`` for the words of the rules, then one
    ``(heading, words)`` per ``## heading`` of the glossary (For Facilitators)."""
    text = (DOCS / "glossary.md").read_text(encoding="utf-8")
    parts = re.split(r"^## (.+)$", text, flags=re.M)
    found = [("", terms(parts[0]))] + [(parts[i].strip(), terms(parts[i + 1])) for i in range(1, len(parts), 2)]
    return [(heading, words) for heading, words in found if words]


def _pattern(term: str) -> re.Pattern:
    """The term as a word of a **bold** phrase, also its plural (and "-ing"
    form of a verb in -e), any case (a sentence may start with it).

    >>> bool(_pattern("ally").search("two **allies**")), bool(_pattern("factor").search("**The FC names the factors**"))
    (True, True)
    >>> bool(_pattern("explode").search("**exploding** 10s")), bool(_pattern("task").search("**tasks only** task"))
    (True, True)
    """
    forms = [re.escape(term) + "(?:s|es)?"]
    if term.endswith("y"):
        forms.append(re.escape(term[:-1]) + "ies")
    if term.endswith("e"):
        forms.append(re.escape(term[:-1]) + "ing")
    return re.compile(r"\*\*[^*\n]*?(?<!\w)(?:" + "|".join(forms) + r")(?!\w)[^*\n]*?\*\*", flags=re.I)


def sections(path: Path) -> list[tuple[str, str, str]]:
    """(title, anchor, Markdown) of each section of a built chapter: its top
    (the H1) and each H2/H3, with the anchor MyST gives the heading
    (``myst_heading_anchors`` in docs/book/conf.py: GitHub's slug of its
    text, ``-1``, ``-2`` ... for a repeat)."""
    from markdown_it import MarkdownIt
    from myst_parser.slugs import github_slugify, unique_slug

    nb = nbformat.read(path, as_version=4)
    text = "\n\n".join(c.source for c in nb.cells
                        if c.cell_type == "markdown" and NOTEBOOK_ONLY not in c.metadata.get("tags", []))
    lines = text.splitlines()
    tokens = MarkdownIt("commonmark").parse(text)
    found: list[tuple[str, str, int]] = []  # (title, anchor, first line)
    slugs: list[str] = []
    for i, tok in enumerate(tokens):
        if tok.type != "heading_open" or int(tok.tag[1]) > ANCHORED:
            continue
        inline = tokens[i + 1]
        words = "".join(c.content for c in inline.children or [] if c.type in ("text", "code_inline"))
        slugs.append(unique_slug(github_slugify(words), slugs))
        if int(tok.tag[1]) == 1 and found:
            continue
        found.append((inline.content.strip(), slugs[-1], tok.map[0] if tok.map else 0))
    ends = [line for _, _, line in found[1:]] + [len(lines)]
    return [(title, anchor, "\n".join(lines[start:end])) for (title, anchor, start), end in zip(found, ends)]


def places(term: str) -> list[tuple[str, str, str]]:
    """(chapter number, section, link) of every section that sets the term in bold."""
    pattern = _pattern(term)
    found: list[tuple[str, str, str]] = []
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")):
        chapter = sections(path)
        number, title = CHAPTER.match("# " + chapter[0][0]).groups()  # type: ignore[union-attr]
        for k, (section, anchor, text) in enumerate(chapter):
            if section not in NOT_TAUGHT and pattern.search(text):
                found.append((number, title if k == 0 else section, f"{path.name}#{anchor}"))
    return found


def page() -> str:
    lines = ["<!-- Generated by scripts/make_index.py from the glossary and the built chapters: "
             "do not edit by hand. -->", "", "# Index of terms", "",
             "Where the rulebook teaches each word of the [glossary](glossary.md): every chapter and",
             "section that sets the word in **bold**, where it is introduced or stressed. The glossary",
             "says what each word means."]
    for heading, words in groups():
        if heading:
            lines += ["", f"## {heading}"]
        lines += ["", "| term | where the rulebook teaches it |", "|---|---|"]
        for term in sorted(set(words), key=str.lower):
            where = places(term)
            cells = ", ".join(f"[{n} · {section}](../notebooks/{link})" for n, section, link in where)
            lines.append(f"| **{term}** | {cells or 'the glossary only'} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="exit 1 if docs/index.md is stale")
    args = ap.parse_args(argv)
    want = page()
    if args.check:
        if not TARGET.exists() or TARGET.read_text(encoding="utf-8") != want:
            print("stale: docs/index.md (run scripts/make_index.py)")
            return 1
        return 0
    TARGET.write_text(want, encoding="utf-8")
    print(f"docs/index.md: {len(set(terms()))} terms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
