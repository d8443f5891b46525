"""The versions of the drafts loaded in this session: each one registered
is kept by its id and content hash (``VERSION``), so that what an earlier
version made (a roll in the log, a spec a roller or a lab holds) replays
exactly by it after the draft is loaded again (docs/drafts.md, "Loading a
draft again"). The most recent :data:`KEPT` versions of each id are kept.

>>> from types import SimpleNamespace
>>> keep(SimpleNamespace(ID="doc-versions", VERSION="abc"))
>>> find("doc-versions", "abc").VERSION, find("doc-versions", "def")
('abc', None)
>>> forget("doc-versions")
"""

from __future__ import annotations

import threading
from typing import Any

#: The versions kept per id (the oldest go first).
KEPT = 32

#: id -> version -> edition, the most recent last (under the lock)
_VERSIONS: dict[str, dict[str, Any]] = {}
#: id -> version -> edition kept for good: a shipped draft as it was under an old id
#: (``built_in.py``), which a designer's draft loaded under that id does not push out
_STANDING: dict[str, dict[str, Any]] = {}
_LOCK = threading.Lock()


def keep(edition: Any) -> None:
    """Keep ``edition`` (a draft's edition as the registry hands it out) as its id's version ``VERSION``."""
    with _LOCK:
        kept = _VERSIONS.setdefault(edition.ID, {})
        kept.pop(edition.VERSION, None)
        kept[edition.VERSION] = edition
        while len(kept) > KEPT:
            del kept[next(iter(kept))]


def stand(edition: Any) -> None:
    """Keep ``edition`` as its id's version ``VERSION`` for good (never dropped, never forgotten)."""
    with _LOCK:
        _STANDING.setdefault(edition.ID, {})[edition.VERSION] = edition


def find(ident: str, version: str) -> Any:
    """The kept edition of ``ident`` at ``version``, or None."""
    with _LOCK:
        found = _VERSIONS.get(ident, {}).get(version)
        return found if found is not None else _STANDING.get(ident, {}).get(version)


def forget(ident: str) -> None:
    """Drop the kept versions of ``ident`` (unregistered; those kept for good stay)."""
    with _LOCK:
        _VERSIONS.pop(ident, None)
