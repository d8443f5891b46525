"""A designer's draft as data: a short TOML file (or its text, or a dict)
that describes a dice system, registered as an edition
(docs/drafts.md).

:func:`load_edition` reads the draft (:mod:`.source`), checks it
(:mod:`.validate`, :mod:`.table_parts` and :mod:`.reader`, into the values
of :mod:`.model`), and registers one
:class:`~.edition.DraftEdition`: the generic exact kernel (:mod:`.plan`,
:mod:`.dice`, :mod:`.space`, :mod:`.kernel`, :mod:`.outcome`), its cost
estimate (:mod:`.cost`), seeded rolls (:mod:`.rolling`), the roll at the
table (:mod:`.at_table`) and the words (:mod:`.explain`). Every number of
the draft is a rule knob (:mod:`.knobs`).

>>> import venus_widgets as vw
>>> coins = vw.load_edition('''
... id = "two-coins"
... [fields.coins]
... range = [1, 6]
... default = 2
... [dice.coin]
... sides = 2
... success = [2]
... [groups.coins]
... count = "coins"
... ''')
>>> vw.odds({"edition": "two-coins"}, exact=True).p_pass    # at least one head of two coins
Fraction(3, 4)
>>> vw.odds({"edition": "two-coins", "rules": {"outcome.threshold": 2}}, exact=True).p_pass
Fraction(1, 4)
>>> from venus_widgets.engine.contract.edition import unregister
>>> unregister("two-coins")
"""

from __future__ import annotations

from typing import Any

from ..contract.edition import ALIASES, BUILT_IN, DRAFTED, get, ids, pinned, register
from ..contract.registered import complete
from . import built_in, versions
from .edition import DraftEdition
from .loading import check_draft
from .errors import DraftError
from .source import SHIPPED, Source, read
from .validate import build

__all__ = ["DraftEdition", "DraftError", "load_edition", "read_draft", "EXAMPLES"]

#: The drafts that ship with the package (venus_widgets/drafts/*.toml): ``load_edition("coins.toml")``.
EXAMPLES = SHIPPED


def read_draft(draft: Any, name: str = "") -> DraftEdition:
    """The edition of a draft, checked but not registered; a shipped draft
    that serves a built-in edition, as it ships: that edition."""
    return _read(read(draft, name))


def _read(src: Source) -> DraftEdition:
    d = build(src)
    if d.id in BUILT_IN or d.id in ALIASES:
        ed = DraftEdition(d)
        if built_in.the_shipped(ed):
            served: DraftEdition = getattr(get(d.id), "source")  # the edition as given to the registry
            if d.id in BUILT_IN or served.VERSION == ed.VERSION:
                return served
            return built_in.edition(d.id)  # the shipped one of then, while a designer's draft holds its old id
        if d.id in ALIASES:  # a designer's copy under an old id: their own draft, as it was then
            return ed
        if d.id in DRAFTED:
            raise DraftError("id", f"{d.id!r} is the id of a built-in edition, which the package's own {d.id}.toml "
                                   f"serves: a draft changed from it takes an id of its own, e.g. id = \"{d.id}-mine\"",
                             line=d.lines.get("id"), source=d.source_name)
        raise DraftError("id", f"{d.id!r} is a built-in edition: give the draft an id of its own, e.g. "
                               f"id = \"{d.id}-draft\"", line=d.lines.get("id"), source=d.source_name)
    return DraftEdition(d)


def load_edition(draft: Any, name: str = "") -> DraftEdition:
    """Read a draft (a path to a ``.toml`` file, its TOML text, or a dict),
    check it, and register it as an edition under its ``id``: specs then
    name it (``{"edition": id, ...}``) like any built-in edition, and the
    rollers take it (``vw.TaskRoller(edition=load_edition(...))``). A draft
    that ships with the package loads by its file name (``"coins.toml"``,
    when there is no such file here). A draft that does not read is a
    :class:`DraftError` naming every mistake, each at its line.

    Loading a draft again with the same id and other content registers a
    new version (``VERSION``, a hash of the content): open rollers refresh,
    and what the earlier version made (a roll in the log, a spec) still
    replays by it (:mod:`.versions`). The draft is checked before any other
    thread sees it (:func:`~..contract.edition.pinned`), and registered at once."""
    src = read(draft, name)
    ed = _read(src)
    if ed.ID in BUILT_IN:  # a shipped draft that serves a built-in edition
        return ed
    if ed.ID in ALIASES:
        if built_in.the_shipped(ed) and getattr(get(ed.ID), "source") is ed:
            return ed  # the shipped draft as it was under its old id, served already
        built_in.stand(ed.ID)  # what its shipped version made still plays by it
    kept = versions.find(ed.ID, ed.VERSION)
    if kept is not None and ed.ID in ids() and get(ed.ID).VERSION == ed.VERSION:
        return kept.source  # the same draft again: nothing changes
    with pinned(ed) as view:  # checked as it will be registered, seen by this thread only
        check_draft(ed)
    if ed.draft.before and versions.find(ed.ID, ed.draft.before) is None:
        versions.keep(complete(DraftEdition(build(src, owners_by_key=True))))  # what its version of before made
    versions.keep(view)
    register(ed)
    return ed
