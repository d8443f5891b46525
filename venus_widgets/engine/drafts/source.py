"""Reading a draft: TOML text (a file or a notebook cell's string) or a
dict, into plain data, with the line of every key for the errors.

``tomllib`` (Python 3.11+, ``tomli`` on 3.10) reads the text and says
where a syntax error is; it does not say on which line a key stands, so
:func:`key_lines` scans the text for the line of each key path (tables,
arrays of tables, dotted keys and inline tables), and every error about
a key can name its line. Numbers with a fraction are refused: a draft
counts dice, faces and successes in whole numbers.

>>> src = read("id = 'coins'\\n[fields.coins]\\nrange = [1, 8]\\n")
>>> src.data["fields"]["coins"]["range"], src.line(("fields", "coins", "range"))
([1, 8], 3)
>>> read("[dice.coin]\\nsides = 2.5\\n")
Traceback (most recent call last):
...
venus_widgets.engine.drafts.errors.DraftError: draft, line 2, dice.coin.sides: 2.5 is not a whole number; a draft counts in whole numbers (write 2 or 3)
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from .errors import DraftError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 reads TOML with tomli (a dependency there only)
    import tomli as tomllib

#: The drafts that ship with the package (venus_widgets/drafts/): they load by their file name.
SHIPPED = Path(__file__).resolve().parents[2] / "drafts"

#: A key path: table names and keys from the top (array items by their index).
Path_ = tuple[Any, ...]

#: The largest draft text read (a draft is a page, not a book).
MAX_TEXT = 200_000


class Fractional(float):
    """A number with a fraction, as TOML gave it: kept to be refused with its key and line."""


@dataclass(frozen=True)
class Source:
    """A draft as plain data, where it came from and the line of each key."""

    data: dict[str, Any]
    text: str = ""
    name: str = ""
    lines: Mapping[Path_, int] = field(default_factory=dict)

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
        return hashlib.sha256(body.encode()).hexdigest()[:12]


def read(given: Any, name: str = "") -> Source:
    """A draft given as a path (``str`` or :class:`pathlib.Path` of a
    ``.toml`` file), TOML text, or a dict."""
    if isinstance(given, Mapping):
        data = _plain(dict(given), ())
        return Source(data, "", name or "draft")
    if isinstance(given, Path) or (isinstance(given, str) and _looks_like_path(given)):
        path = Path(given)
        shipped = SHIPPED / path.name
        if not path.is_file() and path.name == str(given) and shipped.is_file():
            path = shipped  # a draft that ships with the package, by its file name
        if not path.is_file():
            names = ", ".join(sorted(p.name for p in SHIPPED.glob("*.toml")))
            raise DraftError("", "no such file; give the path of a .toml draft, its text, or a dict (the drafts "
                                 f"that ship with the package load by their name: {names})", source=str(given))
        if path.stat().st_size > MAX_TEXT:
            raise DraftError("", f"the file is larger than {MAX_TEXT} characters: is it a draft?", source=str(given))
        return read_text(path.read_text(encoding="utf-8"), name or path.name)
    if isinstance(given, str):
        return read_text(given, name or "draft")
    raise DraftError("", f"{type(given).__name__} is not a draft: give the path of a .toml file, "
                              "the TOML text, or a dict")


def _looks_like_path(text: str) -> bool:
    """A one-line string without ``=`` or ``[`` is a file name, not TOML."""
    return "\n" not in text and "=" not in text and "[" not in text and len(text) < 4096


def read_text(text: str, name: str = "draft") -> Source:
    """A draft from its TOML text; a syntax error says its line in plain words."""
    if len(text) > MAX_TEXT:
        raise DraftError("", f"the text is longer than {MAX_TEXT} characters: is it a draft?", source=name)
    try:
        data = tomllib.loads(text, parse_float=Fractional)
    except tomllib.TOMLDecodeError as err:
        line = _err_line(str(err))
        twice = _given_twice(text, line) if "Cannot overwrite a value" in str(err) else None
        if twice is not None:
            raise DraftError(twice[0], twice[1], line=line, source=name) from None
        raise DraftError("", _syntax_words(str(err)), line=line, source=name) from None
    lines = key_lines(text)
    try:
        plain = _plain(data, (), lines)
    except DraftError as err:
        raise err.at(source=name) from None
    return Source(plain, text, name, lines)


def _err_line(message: str) -> int | None:
    m = re.search(r"at line (\d+)", message)
    return int(m.group(1)) if m else None


#: The keys of a draft's top level that are values, not [sections].
TOP_LEVEL = ("id", "name", "about", "roll", "roller")


def above_first_section(key: str) -> str:
    """The hint for a top-level key written below a [section]."""
    return (f"in TOML a key belongs to the [section] above it: write {key} = ... above the first [section], "
            + ("with id" if key == "name" else "with id and name"))


def _given_twice(text: str, line: int | None) -> tuple[str, str] | None:
    """A key that TOML refuses as given twice: its path and where it was
    first given (a top-level key written below a section that has the same
    key gets the hint to move it up)."""
    if line is None:
        return None
    lines = key_lines("\n".join(text.splitlines()[: line - 1]))
    m = _ASSIGN.match(text.splitlines()[line - 1])
    table = _table_at(text, line)
    if m is None or table is None:
        return None
    key = table + _split_key(m.group(1))
    first = lines.get(key)
    words = f"{_dotted(key)} is given twice" + (f" (first at line {first})" if first else "")
    if len(key) > 1 and key[-1] in TOP_LEVEL and len(_split_key(m.group(1))) == 1 and table:
        words += f"; {above_first_section(key[-1])}"
    else:
        words += ": give each key once in its [section]"
    return _dotted(key), words


def _table_at(text: str, line: int) -> Path_ | None:
    """The table a line's keys go to (its [section] above, an array's last item)."""
    arrays: dict[Path_, int] = {}
    table: Path_ = ()
    for raw in text.splitlines()[: line - 1]:
        m = _HEADER.match(raw)
        if m:
            path = _split_key(m.group(2))
            if m.group(1) == "[[":
                arrays[path] = arrays.get(path, -1) + 1
                table = path + (arrays[path],)
            else:
                table = _resolve(path, arrays)
    return table


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


def _plain(value: Any, path: Path_, lines: Mapping[Path_, int] | None = None) -> Any:
    """Keys as strings, fractions refused (with their line)."""
    if isinstance(value, Fractional) or isinstance(value, float):
        whole = f"write {int(value)} or {int(value) + 1}" if abs(value) < 1e15 else "write a whole number"
        line = None
        if lines is not None:
            p = tuple(path)
            while p and p not in lines:
                p = p[:-1]
            line = lines.get(p)
        raise DraftError(_dotted(path), f"{float(value):g} is not a whole number; a draft counts in whole "
                                        f"numbers ({whole})", line=line)
    if isinstance(value, Mapping):
        out = {}
        for k, v in value.items():
            if not isinstance(k, str):
                k = str(k)
            out[k] = _plain(v, path + (k,), lines)
        return out
    if isinstance(value, (list, tuple)):
        return [_plain(v, path + (i,), lines) for i, v in enumerate(value)]
    return value


def _dotted(path: Path_) -> str:
    """``groups.own.count``, ``outcome.degrees[2]``."""
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (("." if out else "") + str(p))
    return out or "draft"


# --------------------------------------------------------------------------
# The line of each key
# --------------------------------------------------------------------------

_BARE = r"[A-Za-z0-9_-]+"
_QUOTED = r'"(?:[^"\\]|\\.)*"|\'[^\']*\''
_KEY = rf"(?:{_BARE}|{_QUOTED})(?:\s*\.\s*(?:{_BARE}|{_QUOTED}))*"
_HEADER = re.compile(rf"^\s*(\[\[?)\s*({_KEY})\s*\]\]?\s*(#.*)?$")
_ASSIGN = re.compile(rf"^\s*({_KEY})\s*=")


def _split_key(key: str) -> tuple[str, ...]:
    parts = re.findall(rf"{_BARE}|{_QUOTED}", key)
    return tuple(p[1:-1] if p[:1] in "\"'" else p for p in parts)


def key_lines(text: str) -> dict[Path_, int]:
    """The line (from 1) of every key path the text sets: tables, arrays
    of tables (``[[steps]]`` items by index), keys, dotted keys and the keys
    of inline tables (on their key's line). Multi-line values keep the line
    where their key stands.

    >>> sorted(key_lines("a = 1\\n[b.c]\\nd = { e = 2 }\\n[[f]]\\n[[f]]\\ng = 3").items())
    [(('a',), 1), (('b',), 2), (('b', 'c'), 2), (('b', 'c', 'd'), 3), (('b', 'c', 'd', 'e'), 3), (('f',), 4), (('f', 0), 4), (('f', 1), 5), (('f', 1, 'g'), 6)]
    """
    out: dict[Path_, int] = {}
    table: Path_ = ()
    arrays: dict[Path_, int] = {}
    depth = 0  # open brackets of a multi-line value
    triple = ""
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw
        if triple:  # inside a multi-line string
            if triple in line:
                triple = ""
            continue
        if depth > 0:
            depth += _brackets(line)
            continue
        m = _HEADER.match(line)
        if m:
            path = _split_key(m.group(2))
            if m.group(1) == "[[":
                i = arrays.get(path, -1) + 1
                arrays[path] = i
                out.setdefault(path, n)
                table = path + (i,)
            else:
                table = _resolve(path, arrays)
            for k in range(1, len(table) + 1):
                out.setdefault(table[:k], n)
            continue
        m = _ASSIGN.match(line)
        if not m:
            continue
        key = table + _split_key(m.group(1))
        for k in range(len(table) + 1, len(key) + 1):
            out.setdefault(key[:k], n)
        rest = line[m.end():]
        for q in ('"""', "'''"):
            if rest.count(q) == 1:
                triple = q
        _inline(rest, key, n, out)
        depth = max(_brackets(rest), 0)
    return out


def _resolve(path: Path_, arrays: Mapping[Path_, int]) -> Path_:
    """A table header under an array of tables (``[steps.words]`` after
    ``[[steps]]``) belongs to its last item."""
    out: Path_ = ()
    for p in path:
        out = out + (p,)
        if out in arrays:
            out = out + (arrays[out],)
    return out


def _brackets(text: str) -> int:
    """Open minus closed brackets and braces outside strings and comments."""
    text = re.sub(_QUOTED, "", text).split("#", 1)[0]
    return text.count("[") + text.count("{") - text.count("]") - text.count("}")


def _inline(rest: str, key: Path_, n: int, out: dict[Path_, int]) -> None:
    """The keys of an inline table on one line (nested ones too)."""
    stack: list[Path_] = []
    cur = key
    i = 0
    text = rest.split("#", 1)[0] if "{" not in rest else rest
    while i < len(text):
        ch = text[i]
        if ch in "\"'":
            j = text.find(ch, i + 1)
            i = len(text) if j < 0 else j + 1
            continue
        if ch == "{" or (ch == "," and stack):  # a key of an inline table may follow
            if ch == "{":
                stack.append(cur)
            m = re.match(rf"\s*({_KEY})\s*=", text[i + 1:])
            if m:
                cur = stack[-1] + _split_key(m.group(1))
                out.setdefault(cur, n)
        elif ch == "}":
            if stack:
                cur = stack.pop()
        i += 1
