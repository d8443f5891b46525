"""Build the rulebook's reading edition: a static, linked HTML site (``make book``).

The chapters as built (notebooks/, with their saved outputs: figures,
tables, the widgets' stills), the glossary, the index of terms, the cheat
sheets and the reference pages (docs/) become one site with chapter
navigation, built offline by Sphinx with MyST-NB (docs/book/conf.py). No
chapter is executed again, and the pages load nothing from another host.

Each chapter page opens with links to play it live where Python runs: the
JupyterLite site published beside the book (``lite/`` at the site's root,
see docs/lite.md) and Binder.

    python scripts/build_book.py                  # build/book: open build/book/index.html
    python scripts/build_book.py --out DIR        # somewhere else
    python scripts/build_book.py --repo OWNER/REPO  # the Binder links of a fork
"""

from __future__ import annotations

import argparse
import base64
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
DOCS = ROOT / "docs"
BOOK = DOCS / "book"
#: The JupyterLite site's folder at the published site's root (docs/lite.md).
LITE = "lite"
REPO = "venus-widgets/venus-widgets"


def reading_order() -> list[str]:
    """The chapters (notebook stems) in the order the book reads them: the order of
    their entries in the toctrees of docs/book/index.md (its headings group them:
    playing, other drafts, for Facilitators, for playtesters and designers)."""
    text = (BOOK / "index.md").read_text(encoding="utf-8")
    return [line.strip()[len("notebooks/"):] for line in text.splitlines() if line.strip().startswith("notebooks/")]


def live_links(name: str, repo: str) -> str:
    """The Markdown cell each chapter page starts with: where to play it live."""
    lite = f"../{LITE}/lab/index.html?path={name}"
    binder = f"https://mybinder.org/v2/gh/{repo}/HEAD?urlpath=lab/tree/notebooks/{name}"
    return (f'<p class="vw-live"><strong>Play this chapter live</strong> (the rollers below are still '
            f'pictures here): <a href="{lite}">in your browser, nothing to install</a> · '
            f'<a href="{binder}">on Binder</a>.</p>')


def stage(src: Path, repo: str) -> None:
    """The book's sources in ``src``: conf.py, index.md, the chapters (each
    with its live links first) and the docs pages."""
    if src.exists():
        shutil.rmtree(src)
    (src / "notebooks").mkdir(parents=True)
    (src / "docs").mkdir()
    shutil.copy2(BOOK / "conf.py", src / "conf.py")
    shutil.copy2(BOOK / "index.md", src / "index.md")
    for page in sorted(DOCS.glob("*.md")):
        shutil.copy2(page, src / "docs" / page.name)
    figures = src / "notebooks" / "figures"
    figures.mkdir()
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:  # a figure's picture is attached to its cell: Sphinx wants a file
            for name, bundle in cell.pop("attachments", {}).items():
                (figures / name).write_bytes(base64.b64decode(bundle["image/png"]))
                cell["source"] = "".join(cell["source"]).replace(f"attachment:{name}", f"figures/{name}")
        nb["cells"].insert(0, {"cell_type": "markdown", "id": "live-links", "metadata": {},
                               "source": live_links(path.name, repo)})
        (src / "notebooks" / path.name).write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding="utf-8")


def build(out: Path, repo: str = REPO) -> list[str]:
    """Build the site into ``out``; returns Sphinx's warnings (an empty list when clean)."""
    src = out.parent / f"{out.name}-src"
    stage(src, repo)
    if out.exists():
        shutil.rmtree(out)
    run = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-q", "-E", "-j", "1", str(src), str(out)],
                         capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"the book did not build:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}")
    shutil.rmtree(out / ".doctrees", ignore_errors=True)
    return [line for line in run.stderr.splitlines() if "WARNING" in line or "ERROR" in line]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "book", help="where to write the site")
    ap.add_argument("--repo", default=REPO, help="OWNER/REPO of the Binder links (default: %(default)s)")
    args = ap.parse_args(argv)
    warnings = build(args.out.resolve(), args.repo)
    for w in warnings:
        print(w)
    print(f"{args.out}/index.html: the rulebook, {len(list(args.out.glob('notebooks/*.html')))} chapters"
          + (f", {len(warnings)} warnings" if warnings else ""))
    return 1 if warnings else 0


if __name__ == "__main__":
    sys.exit(main())
