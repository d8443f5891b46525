"""The built-in editions written as drafts: the package's shipped draft
``<id>.toml`` (venus_widgets/drafts/) serves each built-in edition of
``contract.edition.DRAFTED``, each rule written once (docs/drafts.md,
"Built-in editions written as drafts").

The registry loads one on first use (:func:`edition`, read by name), never
at import. A built-in draft carries no version: it does not change while
the session runs, and a spec saved when the edition was written in code
(no ``version``) plays as it did.

The shipped drafts were loaded before under other ids
(``contract.edition.ALIASES``): specs and logs saved under them still
play, by the same rules. Such an id is served by the shipped draft as it
loaded then (that id, its name then, no ``[details]``: a roll records the
draft's own facts, as then), and a spec of the version it had then replays
by it with that version.

>>> import venus_widgets as vw
>>> vw.odds({"edition": "heresy-draft", "pool": 6}).p_pass == vw.odds({"edition": "heresy", "pool": 6}).p_pass
True
>>> vw.normalize({"edition": "vers-draft"})["version"]
'2d03da4304f3'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..contract.edition import ALIASES
from ..contract.registered import complete
from .edition import DraftEdition
from .source import SHIPPED, Source, read
from .validate import build


@dataclass(frozen=True)
class Alias:
    """An id a built-in draft was loaded under before (``contract.edition.ALIASES``)."""

    #: the old id
    ident: str
    #: the built-in edition's id now
    built_in: str
    #: the draft's name under the old id
    name: str
    #: the version a spec saved under the old id records (the shipped draft's content hash then)
    version: str


def alias(ident: str) -> Alias:
    """The old id ``ident`` of a built-in draft."""
    return Alias(ident, *ALIASES[ident])


def shipped(ident: str) -> Source:
    """The shipped draft of the built-in edition ``ident``, read."""
    return read(SHIPPED / f"{ident}.toml")


def edition(ident: str) -> DraftEdition:
    """The edition the registry serves under ``ident``: a built-in one
    (no version) or an old id of one (:data:`ALIASES`)."""
    if ident in ALIASES:
        return _Alias(alias(ident))
    ed = DraftEdition(build(shipped(ident)))
    ed.VERSION = ""  # it does not change while the session runs
    return ed


def the_shipped(ed: DraftEdition) -> bool:
    """Whether ``ed`` is a shipped draft as it ships: its id's built-in
    edition, or the shipped draft as it loaded under an old id."""
    if ed.ID in ALIASES:
        return ed.draft.digest in (alias(ed.ID).version, _Alias.data_of(alias(ed.ID)).digest)
    return ed.draft.digest == shipped(ed.ID).digest


class _Alias(DraftEdition):
    """The shipped draft as it loaded under an old id (see the module)."""

    def __init__(self, alias: Alias) -> None:
        super().__init__(build(self.data_of(alias)))
        self.VERSION = alias.version

    @staticmethod
    def data_of(alias: Alias) -> Source:
        src = shipped(alias.built_in)
        data = {k: v for k, v in src.data.items() if k != "details"}
        return Source({**data, "id": alias.ident, "name": alias.name}, src.text, src.name, src.lines)

    def at_version(self, version: str) -> Any:
        """Its own version only (the one it had when it was loaded under this id)."""
        return complete(self) if version == self.VERSION else None
