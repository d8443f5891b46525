"""The error of a draft that does not read: where (the line and the key)
and what to change, in plain words.

A :class:`DraftError` is a :class:`~venus_widgets.engine.errors.SpecError`
(so a roller or the lab shows it like any other error), whose ``field``
is the key path and whose message starts with the file and the line.

>>> str(DraftError("groups.own.count", "trade_rat is no field or rule of this draft", line=12, source="heresy.toml"))
'heresy.toml, line 12, groups.own.count: trade_rat is no field or rule of this draft'
"""

from __future__ import annotations

from ..errors import SpecError


class DraftError(SpecError):
    """A key of a draft holds something the format does not take."""

    def __init__(self, key: str, words: str, *, line: int | None = None, source: str = "") -> None:
        self.field = key or "draft"  # the draft as a whole: what load_edition was given
        self.value = None
        self.allowed = words
        self.hint = ""
        self.key = key
        self.words = words
        self.line = line
        self.source = source
        where = ", ".join(x for x in (source, f"line {line}" if line else "", key) if x)
        ValueError.__init__(self, f"{where}: {words}")

    def at(self, *, line: int | None = None, source: str = "") -> "DraftError":
        """The same error with the line and the file filled in where missing."""
        return DraftError(self.key, self.words, line=self.line or line, source=self.source or source)
