"""Reading a file a user hands over, with a bound before reading.

Every public function that takes a path (a draft, a log to import) reads
it here: the path is looked at before it is opened (a folder, a device such
as ``/dev/zero`` or a pipe is refused without reading a byte), a file is
read at most one byte past its bound, and its bytes are taken as UTF-8 (a
BOM, as some editors write it, is read as nothing). Each refusal is a
sentence of what to change, handed to the caller's ``refuse(message,
line)`` so the caller raises its own kind of error.

>>> import tempfile, os
>>> def refuse(message, line):
...     return ValueError(message if line is None else f"line {line}: {message}")
>>> with tempfile.TemporaryDirectory() as folder:
...     read_text_file(folder, 100, refuse)
Traceback (most recent call last):
...
ValueError: this is a folder: give the path of a file in it
>>> with tempfile.NamedTemporaryFile("wb", delete=False) as f:
...     _ = f.write(b"\\xef\\xbb\\xbfname,total\\ncaf\\xe9,3\\n")
>>> read_text_file(f.name, 100, refuse)
Traceback (most recent call last):
...
ValueError: line 2: the file is not UTF-8 text: column 4 holds a character written another way (Latin-1 or Windows text, an é or ü?): save the file as UTF-8 (in most editors: Save as, encoding UTF-8)
>>> os.remove(f.name)
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any, Callable

#: Makes the caller's error from a sentence and, where there is one, the line it is about.
Refuse = Callable[[str, "int | None"], Exception]


def read_text_file(given: Any, limit: int, refuse: Refuse, kind: str = "file", *, missing: str = "",
                   too_large: str = "") -> str:
    """The text of the file at ``given`` (a path), of at most ``limit``
    bytes, as UTF-8; otherwise ``refuse(message, line)`` is raised. ``kind``
    names the file a user meant ("a .toml file", "a .json or .csv file");
    ``missing`` replaces the words for no such file, ``too_large`` is added
    to those for a file past the limit ("is it a draft?")."""
    try:
        info: os.stat_result | None = Path(given).stat()
    except (OSError, ValueError, TypeError):  # no such file, or a path that cannot name one
        info = None
    if info is None:
        raise refuse(missing or f"no such file: give the path of {_a(kind)}", None)
    if stat.S_ISDIR(info.st_mode):
        raise refuse(f"this is a folder: give the path of {_a(kind)} in it", None)
    if not stat.S_ISREG(info.st_mode):
        raise refuse(f"this is not a file (a device or a pipe): give the path of {_a(kind)}", None)
    larger = f"the file is larger than {limit:,} bytes" + (f": {too_large}" if too_large else "")
    if info.st_size > limit:
        raise refuse(larger, None)
    try:
        with open(given, "rb") as f:
            raw = f.read(limit + 1)
    except OSError as err:
        raise refuse(f"the file cannot be read ({err.strerror or 'refused'})", None) from None
    if len(raw) > limit:
        raise refuse(larger, None)
    return decode(raw, refuse)


def decode(raw: bytes, refuse: Refuse) -> str:
    """A file's bytes as text: UTF-8, a BOM read as nothing; another
    encoding is refused at the line of its first character that is not UTF-8."""
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1
        column = err.start - (raw.rfind(b"\n", 0, err.start) + 1) + 1
        raise refuse(f"the file is not UTF-8 text: column {column} holds a character written another way "
                     "(Latin-1 or Windows text, an é or ü?): save the file as UTF-8 (in most editors: "
                     "Save as, encoding UTF-8)", line) from None


def _a(kind: str) -> str:
    return kind if kind.startswith(("a ", "an ")) else f"a {kind}"
