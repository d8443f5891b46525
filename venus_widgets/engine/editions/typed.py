"""The built-in editions against the contract, for the type checker: mypy
(run by ``make test``) checks here that each writes what the contract
needs (its table answers included) and the members of the features it
declares (those written as drafts: ``drafts/edition.py`` checks the draft
edition). Nothing here runs; nothing imports this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # checked by mypy, never run
    from ..contract.edition import Advising, EditionSource, Varying
    from . import agora, playsheet, playtest

    _BUILT_IN: tuple[EditionSource, ...] = (playtest, playsheet, agora)
    _ADVISING: tuple[Advising, ...] = (playtest, agora)
    _VARYING: tuple[Varying, ...] = (playtest, playsheet, agora)
