"""Front-end sources for the widgets (anywidget ``_esm`` strings).

The ES modules live in the repository's ``js/`` folder; the wheel ships
them as ``venus_widgets/static/`` (hatch ``force-include``). An editable
install has no ``static/`` folder, so the repository's ``js/`` is the
fallback: a development checkout picks up edits on the next display.

anywidget evaluates ``_esm`` from a string, so a module cannot import a
sibling file. Each widget module starts with one line importing the shared
helpers, ``import { ... } from "./common.js";`` (which ``node --test`` and
editors resolve normally); :func:`esm` removes that line and puts the text
of ``common.js`` in front, giving one self-contained module per widget
without copying code between files.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

_HERE = Path(__file__).resolve().parent
_CANDIDATES = (_HERE.parent / "static", _HERE.parent.parent / "js")
_COMMON_IMPORT = re.compile(r'^import\s*\{[^}]*\}\s*from\s*"\./common\.js";[ \t]*\n', re.M)


def asset_dir() -> Path:
    """The folder the ES modules are read from (packaged first, then ``js/``)."""
    for folder in _CANDIDATES:
        if (folder / "common.js").is_file():
            return folder
    raise FileNotFoundError(
        "venus_widgets front end not found: looked for common.js in "
        + ", ".join(str(c) for c in _CANDIDATES)
    )


def _read(name: str) -> str:
    return (asset_dir() / name).read_text(encoding="utf-8")


def esm(name: str) -> str:
    """One self-contained ES module: ``common.js`` + ``<name>.js`` (its
    import of ``./common.js`` removed)."""
    return _esm_cached(name, _stamp(name))


def _stamp(name: str) -> tuple:
    folder = asset_dir()
    return tuple((folder / f).stat().st_mtime_ns for f in ("common.js", f"{name}.js"))


@lru_cache(maxsize=16)
def _esm_cached(name: str, stamp: tuple) -> str:
    body = _read(f"{name}.js")
    body, n = _COMMON_IMPORT.subn("", body, count=1)
    if n != 1:
        raise RuntimeError(f"{name}.js must start with its import from ./common.js")
    return f"// venus-widgets: common.js + {name}.js\n" + _read("common.js") + "\n" + body
