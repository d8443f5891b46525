"""Reading a draft: TOML text (a file or a notebook cell's string) or a
dict, into plain data, with the line of every key for the errors
(:mod:`.key_lines`).

What is read is bounded before it is read: a file is a regular file of at
most :data:`MAX_TEXT` bytes (a folder, a device or a pipe is refused
without opening it), in UTF-8 (a BOM is read as nothing; any other
encoding is refused at the line of its first odd character); text is at
most :data:`MAX_TEXT` characters, nested at most :data:`MAX_DEPTH` deep;
a dict, or what the TOML makes, holds at most :data:`MAX_VALUES` values,
each a whole number of at most :data:`MAX_DIGITS` digits, a text, true or
false, a list or a table. Numbers with a fraction are refused: a draft
counts dice, faces and successes in whole numbers.

A TOML syntax error does not stop the reading: its line is set aside and
the rest read again, so :func:`read_text` reports every line that does not
read (:attr:`Source.problems`), and the keys of the other lines are still
checked.

>>> src = read("id = 'coins'\\n[fields.coins]\\nrange = [1, 8]\\n")
>>> src.data["fields"]["coins"]["range"], src.line(("fields", "coins", "range"))
([1, 8], 3)
>>> print(*read("[dice.coin]\\nsides = 2.5\\n").problems)
draft, line 2, dice.coin.sides: 2.5 is not a whole number; a draft counts in whole numbers (write 2 or 3)
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from ..user_files import read_text_file
from .errors import DraftError
from .key_lines import (TOP_LEVEL, Path_, above_first_section, assigned_key, deepest, dotted, given_twice,  # noqa: F401
                        key_lines)

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 reads TOML with tomli (a dependency there only)
    import tomli as tomllib

#: The drafts that ship with the package (venus_widgets/drafts/): they load by their file name.
SHIPPED = Path(__file__).resolve().parents[2] / "drafts"

#: The largest draft read, in characters of text or bytes of a file (a draft is a page, not a book).
MAX_TEXT = 200_000
#: The deepest a draft nests tables and lists (dice.d6.marks.crit.at_least is 5 deep).
MAX_DEPTH = 12
#: The most values (keys and list items) a draft holds.
MAX_VALUES = 5_000
#: The most digits of a number of a draft.
MAX_DIGITS = 15
#: The most lines that do not read reported at once (the rest after they are fixed).
MAX_SYNTAX = 20

_dotted = dotted  # the name the other modules of the drafts import


class Fractional(float):
    """A number with a fraction, as TOML gave it: kept to be refused with its key and line."""


@dataclass(frozen=True)
class Source:
    """A draft as plain data, where it came from and the line of each key;
    ``problems``: the lines that did not read as TOML (set aside)."""

    data: dict[str, Any]
    text: str = ""
    name: str = ""
    lines: Mapping[Path_, int] = field(default_factory=dict)
    problems: tuple[DraftError, ...] = ()
    #: the key paths of the lines set aside (their keys are missing from ``data``)
    set_aside: tuple[Path_, ...] = ()

    def line(self, path: Path_) -> int | None:
        """The line of ``path`` (or of its nearest parent that has one)."""
        p = tuple(path)
        while p:
            if p in self.lines:
                return self.lines[p]
            p = p[:-1]
        return None

    def line_text(self, path: Path_) -> str:
        """The text of the line ``path`` stands on (stripped), or ``""``."""
        n = self.line(path)
        if n is None or not self.text:
            return ""
        return self.text.splitlines()[n - 1].strip()

    @property
    def digest(self) -> str:
        """A short hash of the draft's content (what makes two drafts the same)."""
        body = json.dumps(self.data, sort_keys=True, default=str)
        return hashlib.sha256(body.encode("utf-8", "surrogatepass")).hexdigest()[:12]


def read(given: Any, name: str = "") -> Source:
    """A draft given as a path (``str`` or :class:`os.PathLike` of a
    ``.toml`` file), TOML text, or a dict."""
    if isinstance(given, Mapping):
        problems: list[DraftError] = []
        aside: list[Path_] = []
        try:
            data = plain(given, (), None, problems, aside)
        except DraftError:
            raise
        except Exception:  # noqa: BLE001 - a mapping of the caller's that fails as it is read
            raise DraftError("", "this dict fails as it is read (a value or a key of it raised an error): give a "
                                 "plain dict of the draft's parts") from None
        named = name or "draft"
        return Source(data, "", named, {}, tuple(p.at(source=named) for p in problems), tuple(aside))
    if isinstance(given, os.PathLike) or (isinstance(given, str) and _looks_like_path(given)):
        return read_file(given, name)
    if isinstance(given, str):
        return read_text(given, name or "draft")
    raise DraftError("", f"{_what(given)} was given where a draft goes: give the path of a .toml file, "
                         "the TOML text, or a dict")


def _what(given: Any) -> str:
    """What was given, in words: "nothing", "a number 12", "a list", "bytes"."""
    if given is None:
        return "nothing"
    if isinstance(given, (int, float)) and not isinstance(given, bool):
        return f"a number ({given})"
    if isinstance(given, (bytes, bytearray)):
        return "bytes (decode the file's text first, or give its path)"
    if isinstance(given, (list, tuple)):
        return "a list"
    return "a yes or no" if isinstance(given, bool) else f"a {type(given).__name__}"


def _looks_like_path(text: str) -> bool:
    """A one-line string without ``=`` or ``[`` is a file name, not TOML."""
    return "\n" not in text and "=" not in text and "[" not in text and len(text) < 4096


def read_file(given: Any, name: str = "") -> Source:
    """A draft from its file: checked to be a regular file of at most
    :data:`MAX_TEXT` bytes before it is opened, then read as UTF-8
    (:func:`..user_files.read_text_file`, as every file a user hands over)."""
    shown = _shown_path(given)
    path: Any = given
    try:
        if not Path(given).exists() and Path(given).name == os.fspath(given) and (SHIPPED / Path(given).name).is_file():
            path = SHIPPED / Path(given).name  # a draft that ships with the package, by its file name
    except (OSError, ValueError, TypeError):
        pass

    def refuse(message: str, line: int | None) -> DraftError:
        return DraftError("", message, line=line, source=(name or Path(path).name) if line else shown)

    names = ", ".join(sorted(p.name for p in SHIPPED.glob("*.toml")))
    missing = ("no such file; give the path of a .toml draft, its text, or a dict (the drafts "
               f"that ship with the package load by their name: {names})")
    text = read_text_file(path, MAX_TEXT, refuse, ".toml file", missing=missing, too_large="is it a draft?")
    return read_text(text, name or Path(path).name)


def _shown_path(given: Any) -> str:
    try:
        text = os.fspath(given)
    except TypeError:
        return "draft"
    text = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
    text = "".join(c if c.isprintable() else "?" for c in text)
    return text if len(text) <= 120 else text[:100] + "…"


def read_text(text: str, name: str = "draft") -> Source:
    """A draft from its TOML text; each line that does not read is said in plain words."""
    if len(text) > MAX_TEXT:
        raise DraftError("", f"the text is longer than {MAX_TEXT:,} characters: is it a draft?", source=name)
    text = text[1:] if text.startswith("\ufeff") else text
    depth, where = deepest(text)
    if depth > MAX_DEPTH:
        raise DraftError("", f"lists and tables nested {depth} deep: a draft nests at most {MAX_DEPTH} deep",
                         line=where, source=name)
    data, problems, aside = _parse(text, name)
    lines = key_lines(text)
    if data is None:
        raise DraftError.of(problems)
    found: list[DraftError] = []
    try:
        out = plain(data, (), lines, found, aside)
    except DraftError as err:
        raise DraftError.of([*problems, err.at(source=name)]) from None
    return Source(out, text, name, lines, tuple([*problems, *(p.at(source=name) for p in found)]), tuple(aside))


def _parse(text: str, name: str) -> tuple[dict | None, list[DraftError], list[Path_]]:
    """The TOML's data with each line that does not read set aside (and
    reported), while setting it aside is sure to leave the rest as written:
    a line that does not read on its own, or a key given twice. ``None``
    for the data when the rest cannot be read."""
    rows = text.split("\n")
    problems: list[DraftError] = []
    aside: list[Path_] = []
    for _ in range(MAX_SYNTAX):
        try:
            return tomllib.loads("\n".join(rows), parse_float=Fractional), problems, aside
        except tomllib.TOMLDecodeError as err:
            line = _err_line(str(err))
            twice = given_twice(text, line) if "Cannot overwrite a value" in str(err) else None
            if twice is not None:
                problems.append(DraftError(twice[0], twice[1], line=line, source=name))
            else:
                problems.append(DraftError("", _syntax_words(str(err)), line=line, source=name))
            if line is None or not 1 <= line <= len(rows) or not _alone(rows[line - 1], twice is not None):
                return None, problems, aside
            key = assigned_key(text, line)
            if rows[line - 1].lstrip().startswith("["):  # a header: the keys below it would go elsewhere
                return None, problems, aside  # say the lines that do not read, no more
            rows[line - 1] = ""
            if key is not None:
                aside.append(key)
        except (RecursionError, MemoryError):
            return None, [DraftError("", "lists and tables nested too deeply to read", source=name)], aside
        except ValueError:  # a number of thousands of digits (Python's own limit)
            m = re.search(r"\d{%d,}" % (MAX_DIGITS + 1), text)
            line = text.count("\n", 0, m.start()) + 1 if m else None
            key = assigned_key(text, line) if line else None
            problems.append(DraftError(dotted(key) if key else "", f"a number of more than {MAX_DIGITS} digits: a "
                                       "draft's numbers are smaller", line=line, source=name))
            return None, problems, aside
    return None, problems, aside


def _alone(row: str, twice: bool) -> bool:
    """Whether a line that does not read may be set aside and the rest read
    again: a key given twice, or a line that does not read on its own
    either (not a part of a value written over several lines)."""
    if twice:
        return True
    try:
        tomllib.loads(row)
    except tomllib.TOMLDecodeError:
        return "=" in row or row.lstrip().startswith("[")
    except (ValueError, RecursionError):
        return False
    return False


def _err_line(message: str) -> int | None:
    m = re.search(r"at line (\d+)", message)
    return int(m.group(1)) if m else None


def _syntax_words(message: str) -> str:
    """tomllib's message, with what usually causes it."""
    what = re.sub(r"\s*\(at line \d+, column \d+\)", "", message)
    hints = {
        "Invalid value": "a value must be a number, \"text in quotes\", true/false, [a, list] or { a = table }",
        "Cannot overwrite a value": "a key is given twice",
        "Cannot declare": "a [section] is written twice: put all its keys under one header",
        "Expected '=' after a key": "each line is `key = value`; text needs \"quotes\"",
        "Invalid statement": "each line is `key = value` or a [table] header",
        "Unclosed array": "a [list is not closed with ]",
    }
    for start, hint in hints.items():
        if what.startswith(start):
            return f"the TOML does not read ({what}): {hint}"
    return f"the TOML does not read ({what})"


def plain(value: Any, path: Path_, lines: Mapping[Path_, int] | None = None,
          problems: list[DraftError] | None = None, aside: list[Path_] | None = None) -> Any:
    """A draft's data as plain values, checked (keys as text), within
    :data:`MAX_DEPTH` and :data:`MAX_VALUES`, without recursion. A value a
    draft cannot hold (a fraction, a date, a number too large) is left out
    and said: added to ``problems`` (its key, or its list's, to ``aside``);
    without ``problems`` the first one is raised."""
    if not isinstance(value, Mapping):
        raise DraftError("", f"{_what(value)} was given where a draft goes: give a dict of its parts")
    found: list[DraftError] = [] if problems is None else problems
    gone: list[Path_] = [] if aside is None else aside
    top: dict[str, Any] = {}
    todo: list[tuple[Any, Path_, Any, Any]] = [(value, path, None, None)]  # (value, path, parent, key)
    seen = 0
    while todo:
        v, p, parent, k = todo.pop()
        seen += 1
        if seen > MAX_VALUES:
            raise _bad(p, lines, f"the draft holds more than {MAX_VALUES:,} values: a draft is a page, not a book")
        if len(p) > MAX_DEPTH:
            raise _bad(p, lines, f"tables and lists nested more than {MAX_DEPTH} deep")
        if isinstance(v, Mapping) or (isinstance(v, (list, tuple)) and not isinstance(v, str)):
            if len(v) > MAX_VALUES:
                raise _bad(p, lines, f"{len(v):,} values: a draft holds at most {MAX_VALUES:,}")
            if isinstance(v, Mapping):
                out: Any = {}
                for key, x in v.items():
                    key = key if type(key) is str else _key_text(key, p, lines)
                    out[key] = None  # the order as written (the children are read last first)
                    todo.append((x, p + (key,), out, key))
            else:
                out = [None] * len(v)
                todo.extend((x, p + (i,), out, i) for i, x in enumerate(v))
        else:
            try:
                out = _scalar(v, p, lines)
            except DraftError as err:
                if problems is None:
                    raise
                found.append(err)
                gone.append(p[: max(i for i, x in enumerate(p) if isinstance(x, str)) + 1] if any(
                    isinstance(x, str) for x in p) else p)
                out = None
        if parent is None:
            top = out
        else:
            parent[k] = out
    for p in sorted(set(gone), key=len, reverse=True):
        _remove(top, p[len(path):])
    return top


def _remove(data: Any, path: Path_) -> None:
    """Leave the value at ``path`` out (a key of a table)."""
    for part in path[:-1]:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return
    if path and isinstance(data, dict):
        data.pop(path[-1], None)


def _key_text(key: Any, path: Path_, lines: Mapping[Path_, int] | None) -> str:
    if isinstance(key, (int, str)) and not isinstance(key, bool):
        text = str(key) if abs(key if isinstance(key, int) else 0) < 10 ** MAX_DIGITS else ""
        if text and len(text) <= 100:
            return text
    raise _bad(path, lines, "a key of a table is a short word or number")


def _scalar(v: Any, path: Path_, lines: Mapping[Path_, int] | None) -> Any:
    """A value a draft holds (a whole number, text, true or false), or a DraftError."""
    if isinstance(v, str) and len(v) > MAX_TEXT:
        raise _bad(path, lines, f"a text of {len(v):,} characters: a draft is at most {MAX_TEXT:,}")
    if isinstance(v, bool) or type(v) is str:
        return v
    if isinstance(v, int):
        if abs(v) >= 10 ** MAX_DIGITS:
            raise _bad(path, lines, f"a number of more than {MAX_DIGITS} digits: a draft's numbers are smaller")
        return int(v)
    if isinstance(v, str):
        return str(v)
    if isinstance(v, float):
        if v != v or v in (float("inf"), float("-inf")):
            raise _bad(path, lines, "not a number: a draft counts in whole numbers")
        whole = f"write {int(v)} or {int(v) + 1}" if abs(v) < 1e15 else "write a whole number"
        raise _bad(path, lines, f"{float(v):g} is not a whole number; a draft counts in whole numbers ({whole})")
    raise _bad(path, lines, "a value of a draft is a whole number, \"text in quotes\", true or false, "
                            "[a, list] or { a = table }")


def _bad(path: Path_, lines: Mapping[Path_, int] | None, words: str) -> DraftError:
    line = None
    if lines is not None:
        p = tuple(path)
        while p and p not in lines:
            p = p[:-1]
        line = lines.get(p)
    return DraftError(dotted(path), words, line=line)
