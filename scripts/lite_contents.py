"""The files a JupyterLite site of the rulebook serves, with links that work there.

In the repository the chapters live in ``notebooks/`` and link the glossary
and cheat sheets as ``../docs/glossary.md``. The Lite site serves the
notebooks at the top of its file tree, so those links would point outside
it. :func:`fill` copies the notebooks to the top of ``contents``, every
repository file they link (and what those files link in turn, e.g. the
rules pages the cheat sheets cite) to the same path as in the repository,
and rewrites each relative link so that it points at the copy.

>>> site_path(ROOT / "notebooks" / "01-checks.ipynb"), site_path(ROOT / "docs" / "glossary.md")
('01-checks.ipynb', 'docs/glossary.md')
>>> relink("See the [ladder](../docs/rules_playtest.md#difficulty-ladder) or [Binder](https://mybinder.org).",
...        ROOT / "notebooks" / "01-checks.ipynb")[0]
'See the [ladder](docs/rules_playtest.md#difficulty-ladder) or [Binder](https://mybinder.org).'
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"

#: A Markdown link or image target: ``](target)`` (no spaces, no nested parentheses).
LINK = re.compile(r"\]\((?P<target>[^)\s]+)\)")


def site_path(repo_file: Path) -> str:
    """Where a repository file is served in the site: notebooks at the top,
    anything else at its path in the repository."""
    repo_file = repo_file.resolve()
    if repo_file.parent == NOTEBOOKS:
        return repo_file.name
    return repo_file.relative_to(ROOT).as_posix()


def _is_relative(target: str) -> bool:
    return not (target.startswith(("#", "/")) or re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target))


def relink(text: str, source: Path) -> tuple[str, set[Path]]:
    """``text`` (Markdown of the repository file ``source``) with each relative
    link rewritten for the site, and the repository files it links."""
    linked: set[Path] = set()
    here = Path(site_path(source)).parent

    def fix(m: re.Match) -> str:
        target = m.group("target")
        if not _is_relative(target):
            return m.group(0)
        path, _, anchor = target.partition("#")
        repo_file = (source.parent / path).resolve()
        if not repo_file.is_relative_to(ROOT) or not repo_file.is_file():
            raise SystemExit(f"{source.relative_to(ROOT)} links {target}, which is not a file of the "
                             "repository: fix the link (the Lite site can only serve the repository's files)")
        linked.add(repo_file)
        new = os.path.relpath(site_path(repo_file), here).replace(os.sep, "/")
        return f"]({new}{'#' + anchor if anchor else ''})"

    return LINK.sub(fix, text), linked


def _relink_notebook(nb_file: Path) -> tuple[str, set[Path]]:
    nb = json.loads(nb_file.read_text(encoding="utf-8"))
    linked: set[Path] = set()
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            src = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            new, found = relink(src, nb_file)
            cell["source"] = new.splitlines(keepends=True)
            linked |= found
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n", linked


def fill(contents: Path, notebooks: list[Path]) -> list[str]:
    """Copy the notebooks and every file they link (transitively, through
    Markdown files) into ``contents`` with links rewritten; returns the site
    paths written."""
    todo, done, written = list(notebooks), set(), []
    while todo:
        src = todo.pop().resolve()
        if src in done:
            continue
        done.add(src)
        dest = contents / site_path(src)
        dest.parent.mkdir(parents=True, exist_ok=True)
        if src.suffix == ".ipynb":
            text, linked = _relink_notebook(src)
        elif src.suffix == ".md":
            text, linked = relink(src.read_text(encoding="utf-8"), src)
        else:
            shutil.copy2(src, dest)
            written.append(site_path(src))
            continue
        dest.write_text(text, encoding="utf-8")
        written.append(site_path(src))
        todo += sorted(linked)
    return sorted(written)


def linked_files(notebooks: list[Path]) -> list[Path]:
    """The repository files a site of these notebooks serves besides them (for a build's cache key)."""
    out: set[Path] = set()
    todo = list(notebooks)
    while todo:
        src = todo.pop()
        if src.suffix == ".ipynb":
            linked = _relink_notebook(src)[1]
        elif src.suffix == ".md":
            linked = relink(src.read_text(encoding="utf-8"), src)[1]
        else:
            continue
        todo += sorted(linked - out)
        out |= linked
    return sorted(out)
