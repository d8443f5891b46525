"""The editions, one package each; :mod:`venus_widgets.engine.contract.edition` is
their contract and registry (an edition is loaded on first use, and checked
as it is registered: :mod:`venus_widgets.engine.contract.members`), and
holds the one list of the editions that ship with the package
(``edition.BUILT_IN``; the first is the edition a spec without ``edition``
plays).

:mod:`.typed` has the type checker check each of them against the
contract.
"""

from __future__ import annotations

#: Names of the package's public API (``vw.merge``) that an edition
#: defines: name -> the edition's module that holds it (loaded on first use).
PUBLIC = {"merge": "agora.merge", "MergeError": "agora.merge"}
