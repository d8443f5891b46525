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
play, exactly. Such an id is served by the shipped draft's text as it was
then, kept byte for byte in ``venus_widgets/drafts/old/<id>.toml``
(:data:`OLD`), whose content hash is the version those specs record. A
designer's copy changed from it under the old id loads as the designer's
own draft (its own version) for the session, as it did then; specs of the
shipped version still play by the shipped text (kept for good:
:func:`.versions.stand`), and unregistering the copy gives the id back.

>>> import venus_widgets as vw
>>> vw.odds({"edition": "heresy-draft", "pool": 6}).p_pass == vw.odds({"edition": "heresy", "pool": 6}).p_pass
True
>>> vw.normalize({"edition": "vers-draft"})["version"]
'2d03da4304f3'
>>> (OLD / "vers-draft.toml").is_file()
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..contract.edition import ALIASES, get
from ..contract.registered import complete
from .edition import DraftEdition
from .source import SHIPPED, Source, read
from . import versions as _versions
from .validate import build


#: The shipped drafts' texts as they were under their old ids (main's, byte for byte).
OLD = SHIPPED / "old"


@dataclass(frozen=True)
class Alias:
    """An id a built-in draft was loaded under before (``contract.edition.ALIASES``)."""

    #: the old id
    ident: str
    #: the built-in edition's id now
    built_in: str
    #: the draft's name under the old id
    name: str
    #: the version a spec saved under the old id records: the content hash of its text of then (:data:`OLD`)
    version: str
    #: the versions it had under the old id before that one (each text kept: ``OLD/<id>-<version>.toml``)
    before: tuple[str, ...] = ()


def alias(ident: str) -> Alias:
    """The old id ``ident`` of a built-in draft."""
    return Alias(ident, *ALIASES[ident])


def shipped(ident: str) -> Source:
    """The shipped draft of the built-in edition ``ident``, read."""
    return read(SHIPPED / f"{ident}.toml")


def old_text(ident: str, version: str = "") -> Source:
    """The shipped draft's text as it was under the old id ``ident`` (at an
    earlier ``version`` of it: one of ``alias(ident).before``), read."""
    return read(OLD / (f"{ident}-{version}.toml" if version else f"{ident}.toml"))


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
    edition, or the shipped draft's text of then under an old id."""
    if ed.ID in ALIASES:
        return ed.draft.digest == alias(ed.ID).version
    return ed.draft.digest == shipped(ed.ID).digest


class _Alias(DraftEdition):
    """The shipped draft as it was under an old id (see the module); at
    ``version``, one of the versions it had before its last."""

    def __init__(self, alias: Alias, version: str = "") -> None:
        super().__init__(build(old_text(alias.ident, version)))
        if self.VERSION != (version or alias.version) or self.NAME != alias.name:
            raise AssertionError(f"venus_widgets/drafts/old/{alias.ident}.toml is not the text of version "
                                 f"{version or alias.version}: it is kept as it was, byte for byte")

    def at_version(self, version: str) -> Any:
        """Its own version, or one it had before under this id (kept for good once asked)."""
        if version == self.VERSION:
            return complete(self)
        return _older(self.ID, version)


def _older(ident: str, version: str) -> Any:
    """The shipped draft under the old id ``ident`` at an earlier ``version``, or None."""
    if version not in alias(ident).before:
        return None
    found = _versions.find(ident, version)
    if found is None:
        found = complete(_Alias(alias(ident), version))
        _versions.stand(found)
    return found


def stand(ident: str) -> None:
    """Keep the shipped draft as it was under the old id ``ident`` for good,
    each version of it (:func:`.versions.stand`): a designer's draft is
    loaded under that id, and what the shipped versions made still plays by them."""
    version = alias(ident).version
    if _versions.find(ident, version) is None:
        now = get(ident)
        _versions.stand(now if now.VERSION == version else complete(_Alias(alias(ident))))
    for older in alias(ident).before:
        _older(ident, older)
