"""The front end each widget loads (anywidget's ``_esm``), from ``venus_widgets/static/``.

The sources are ES modules in the repository's ``js/``: one entry module per
widget (:data:`ENTRIES`) importing small modules of shared helpers
(``format.js``, ``dom.js``, ``roller.js``...). anywidget evaluates ``_esm``
from a string, where a relative import cannot be resolved, so each entry is
bundled with the modules it imports into one self-contained ES module by
esbuild at build time (``make js``, ``scripts/build_js.py``), and the bundles
are committed in ``venus_widgets/static/``: nothing is fetched or built at
run time, and a wheel, an editable install, JupyterLite, Voila and marimo
all read the same files. Each bundle's first line records a digest of the
sources it was built from (:func:`source_digest`): ``tests/test_js_bundle.py``
fails when ``js/`` changed and the bundles were not rebuilt, and rebuilds
them with esbuild to compare byte for byte where esbuild is installed.
"""

from __future__ import annotations

import hashlib
import warnings
from functools import lru_cache
from pathlib import Path

_HERE = Path(__file__).resolve().parent
#: The bundles the widgets load.
STATIC = _HERE.parent / "static"
#: The sources, in a development checkout (absent from a wheel).
SOURCES = _HERE.parent.parent / "js"
#: One entry module per widget view.
ENTRIES = ("check", "task", "pool", "log", "fcscreen", "rulelab")
#: The first line of every bundle (then the digest of the sources).
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


def esm(name: str) -> str:
    """The self-contained ES module of one widget view (its bundle)."""
    if name not in ENTRIES:
        raise ValueError(f"no front end named {name!r}: the views are {', '.join(ENTRIES)}")
    path = STATIC / f"{name}.js"
    text = _read(path, path.stat().st_mtime_ns)
    if SOURCES.is_dir():  # a development checkout: say when the bundles are older than js/
        stamp = tuple(p.stat().st_mtime_ns for p in sorted(SOURCES.glob("*.js")))
        if built_from(text) != _digest(stamp):
            warnings.warn(f"js/ changed since venus_widgets/static/{name}.js was built: run `make js` "
                          "to see the change in the widgets", stacklevel=2)
    return text


@lru_cache(maxsize=len(ENTRIES))
def _read(path: Path, stamp: int) -> str:
    return path.read_text(encoding="utf-8")


@lru_cache(maxsize=4)
def _digest(stamp: tuple[int, ...]) -> str:
    return source_digest(SOURCES)
