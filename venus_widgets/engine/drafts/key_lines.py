"""The line of each key of a draft's TOML text: ``tomllib`` says where a
syntax error is, not on which line a key stands, so :func:`key_lines`
scans the text for the line of each key path (tables, arrays of tables,
dotted keys and inline tables), and every error about a key can name its
line. :func:`given_twice` says which key TOML refused as given twice.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

#: A key path: table names and keys from the top (array items by their index).
Path_ = tuple[Any, ...]

#: The keys of a draft's top level that are values, not [sections].
TOP_LEVEL = ("id", "name", "about", "roll", "roller")


def dotted(path: Path_) -> str:
    """``groups.own.count``, ``outcome.degrees[2]``."""
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (("." if out else "") + str(p))
    return out or "draft"


def above_first_section(key: str) -> str:
    """The hint for a top-level key written below a [section]."""
    return (f"in TOML a key belongs to the [section] above it: write {key} = ... above the first [section], "
            + ("with id" if key == "name" else "with id and name"))


def given_twice(text: str, line: int | None) -> tuple[str, str] | None:
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
    words = f"{dotted(key)} is given twice" + (f" (first at line {first})" if first else "")
    if len(key) > 1 and key[-1] in TOP_LEVEL and len(_split_key(m.group(1))) == 1 and table:
        words += f"; {above_first_section(key[-1])}"
    else:
        words += ": give each key once in its [section]"
    return dotted(key), words


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


def assigned_key(text: str, line: int) -> Path_ | None:
    """The key path that line ``line`` (from 1) sets (``None``: not a ``key = value`` line)."""
    rows = text.splitlines()
    if not 1 <= line <= len(rows):
        return None
    m = _ASSIGN.match(rows[line - 1])
    table = _table_at(text, line)
    return None if m is None or table is None else table + _split_key(m.group(1))


def deepest(text: str) -> tuple[int, int]:
    """The deepest nesting of brackets and braces in TOML text outside its
    strings and comments, and the line where it is first reached (a scan in
    one pass, before the text is parsed: ``tomllib`` nests by recursion)."""
    depth = most = 0
    where = 1
    line = 1
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
        elif ch == "#":
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        elif ch in "\"'":
            quote = ch * 3 if text.startswith(ch * 3, i) else ch
            j = i + len(quote)
            while j < n and not text.startswith(quote, j):
                if text[j] == "\\" and ch == '"':
                    j += 1
                elif text[j] == "\n":
                    if len(quote) == 1:
                        break
                    line += 1
                j += 1
            i = j + len(quote)
            continue
        elif ch in "[{":
            depth += 1
            if depth > most:
                most, where = depth, line
        elif ch in "]}":
            depth = max(depth - 1, 0)
        i += 1
    return most, where
