"""The error of a draft that does not read: where (the line and the key)
and what to change, in plain words; every mistake of a file at once.

A :class:`DraftError` is a :class:`~venus_widgets.engine.errors.SpecError`
(so a roller or the lab shows it like any other error), whose ``field``
is the key path and whose message starts with the file and the line.

>>> str(DraftError("groups.own.count", "trade_rat is no field or rule of this draft", line=12, source="heresy.toml"))
'heresy.toml, line 12, groups.own.count: trade_rat is no field or rule of this draft'

A file with several mistakes is one error that says them all, each at its
line (:meth:`DraftError.of`); its first is its ``key`` and ``line``:

>>> err = DraftError.of([DraftError("id", "'Push' cannot be an id", line=1, source="push.toml"),
...                      DraftError("dice.d6.sides", "0 is out of range", line=9, source="push.toml")])
>>> print(err)
push.toml: 2 mistakes, each at its line:
push.toml, line 1, id: 'Push' cannot be an id
push.toml, line 9, dice.d6.sides: 0 is out of range
>>> err.key, err.line, len(err.problems)
('id', 1, 2)

In a notebook, IPython shows an exception's ``_render_traceback_`` in
place of the traceback: a draft's mistakes, not the engine's code.
"""

from __future__ import annotations

from typing import Sequence

from ..errors import SpecError


class DraftError(SpecError):
    """A key of a draft holds something the format does not take (or, with
    :attr:`problems`, several keys)."""

    def __init__(self, key: str, words: str, *, line: int | None = None, source: str = "") -> None:
        self.field = key or "draft"  # the draft as a whole: what load_edition was given
        self.value = None
        self.allowed = words
        self.hint = ""
        self.key = key
        self.words = words
        self.line = line
        self.source = source
        #: every mistake this error says (itself alone, unless made by :meth:`of`)
        self.problems: tuple[DraftError, ...] = (self,)
        # each once: a text loaded without a name is "draft", and so is a mistake of the draft as a whole
        where = ", ".join(x for x in dict.fromkeys((source, f"line {line}" if line else "", key)) if x)
        ValueError.__init__(self, f"{where}: {words}" if where else words[:1].upper() + words[1:])

    @classmethod
    def of(cls, problems: Sequence["DraftError"]) -> "DraftError":
        """One error for the mistakes of a draft, in the order of their lines
        (one mistake: that error itself)."""
        said: list[DraftError] = []
        for p in problems:
            for one in p.problems:
                if str(one) not in {str(x) for x in said}:
                    said.append(one)
        said.sort(key=lambda p: p.line if p.line is not None else 10 ** 9)
        if len(said) == 1:
            return said[0]
        first = said[0]
        err = cls(first.key, first.words, line=first.line, source=first.source)
        err.problems = tuple(said)
        head = f"{first.source or 'the draft'}: {len(said)} mistakes, each at its line:"
        ValueError.__init__(err, "\n".join([head, *(str(p) for p in said)]))
        return err

    def at(self, *, line: int | None = None, source: str = "") -> "DraftError":
        """The same error with the line and the file filled in where missing."""
        if len(self.problems) > 1:
            return DraftError.of([p.at(line=line, source=source) for p in self.problems])
        return DraftError(self.key, self.words, line=self.line or line, source=self.source or source)

    def _render_traceback_(self) -> list[str]:
        """What IPython shows for this error in a notebook (in place of the
        traceback): its name and its mistakes, one a line."""
        lines = str(self).splitlines() or [""]
        return [f"\x1b[0;31m{type(self).__name__}\x1b[0m: {lines[0]}", *lines[1:]]
