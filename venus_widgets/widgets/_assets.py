"""The front end each widget loads (anywidget's ``_esm``): one bundle,
``venus_widgets/static/widgets.js``.

The sources are ES modules in the repository's ``js/``: a module per view
(``task.js``, ``log.js``, ``fcscreen.js``, ``rulelab.js``; a check's and a
pool's view is the shared ``roller.js`` as it is) and small modules of
shared helpers (``format.js``, ``dom.js``...), gathered by one entry,
``js/widgets.js``. anywidget evaluates ``_esm`` from a string, where a
relative import cannot be resolved, so the entry is bundled with every
module it imports into one self-contained ES module by esbuild at build
time (``make js``, ``scripts/build_js.py``), committed once for every
widget: nothing is fetched or built at run time, and a wheel, an editable
install, JupyterLite, Voila and marimo all read the same file. A widget
gets the bundle with the name of its view written in place of
:data:`VIEW_PLACEHOLDER` (:func:`esm`). The bundle's first line records a
digest of the sources it was built from (:func:`source_digest`):
``tests/test_js_bundle.py`` fails when ``js/`` changed and the bundle was
not rebuilt, and rebuilds it with esbuild to compare byte for byte where
esbuild is installed.
"""

from __future__ import annotations

import hashlib
import json
import warnings
from functools import lru_cache
from pathlib import Path

_HERE = Path(__file__).resolve().parent
#: The bundle the widgets load.
STATIC = _HERE.parent / "static"
BUNDLE = STATIC / "widgets.js"
#: The sources, in a development checkout (absent from a wheel).
SOURCES = _HERE.parent.parent / "js"
#: The module esbuild bundles (it imports every view).
ENTRY = SOURCES / "widgets.js"
#: The views, one per widget (js/widgets.js's ``VIEWS``).
VIEWS = ("check", "task", "pool", "log", "fcscreen", "rulelab")
#: What the entry module says in place of its view's name (a JS string, written in once per widget).
VIEW_PLACEHOLDER = '"@venus-widgets-view@"'
#: The first line of the bundle (then the digest of the sources).
BANNER = "// venus-widgets front end, bundled from js/ by esbuild (make js); sources sha256 "


def source_digest(folder: Path = SOURCES) -> str:
    """The digest of the front end's sources: every module in ``folder``
    (not its tests), by name and content."""
    h = hashlib.sha256()
    for path in sorted(folder.glob("*.js")):
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def built_from(text: str) -> str:
    """The source digest a bundle records on its first line ("" if none)."""
    first = text.split("\n", 1)[0]
    return first[len(BANNER):].strip() if first.startswith(BANNER) else ""


def esm(view: str) -> str:
    """The self-contained ES module of one widget view: the bundle, drawing ``view``."""
    if view not in VIEWS:
        raise ValueError(f"no front end named {view!r}: the views are {', '.join(VIEWS)}")
    text = _read(BUNDLE, BUNDLE.stat().st_mtime_ns)
    if SOURCES.is_dir():  # a development checkout: say when the bundle is older than js/
        stamp = tuple(p.stat().st_mtime_ns for p in sorted(SOURCES.glob("*.js")))
        if built_from(text) != _digest(stamp):
            warnings.warn("js/ changed since venus_widgets/static/widgets.js was built: run `make js` "
                          "to see the change in the widgets", stacklevel=2)
    return _with_view(text, view)


def _with_view(text: str, view: str) -> str:
    """The bundle ``text`` drawing ``view`` (its one placeholder replaced)."""
    if text.count(VIEW_PLACEHOLDER) != 1:
        raise RuntimeError("venus_widgets/static/widgets.js does not name its view once: rebuild it with `make js`")
    return text.replace(VIEW_PLACEHOLDER, json.dumps(view))


@lru_cache(maxsize=2)
def _read(path: Path, stamp: int) -> str:
    return path.read_text(encoding="utf-8")


@lru_cache(maxsize=4)
def _digest(stamp: tuple[int, ...]) -> str:
    return source_digest(SOURCES)
