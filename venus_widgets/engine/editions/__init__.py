"""The editions, one package each; :mod:`venus_widgets.engine.edition` is
their contract and registry (an edition is loaded on first use).

The block below has the type checker (mypy, run by ``make test``) check
that each built-in edition satisfies the contract.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # checked by mypy, never run
    from ..edition import Advising, Edition
    from . import agora, heresy, playsheet, playtest, vers

    _playtest: Advising = playtest
    _playsheet: Edition = playsheet
    _agora: Advising = agora
    _heresy: Edition = heresy
    _vers: Edition = vers
