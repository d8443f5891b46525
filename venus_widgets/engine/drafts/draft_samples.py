"""``[samples]``: the rolls the package's contract tests try the draft's
edition on (:class:`~..contract.samples.Samples`), as a built-in edition
written in code listed them: ``small`` specs whose every roll can be
counted, ``large`` ones, and ``by_hand`` faces a table typed in with what
the rules make of them. Each spec is the fields (and ``rules``) of the
draft's roll; the tests check them as they check every edition's
(tests/test_edition_contract.py). Without ``[samples]``: one spec at the
defaults.

>>> from venus_widgets.engine.drafts import read_draft
>>> d = read_draft('''
... id = "coin-samples"
... [fields.coins]
... range = [1, 6]
... [dice.coin]
... sides = 2
... success = [2]
... [groups.coins]
... count = "coins"
... [samples]
... small = [{ coins = 2 }]
... by_hand = [{ spec = { coins = 2 }, faces = [2, 1], outcome = 1, passed = true }]
... ''')
>>> d.SAMPLES.small, d.SAMPLES.by_hand[0].faces
(({'coins': 2, 'roll': 'task'},), (2, 1))
"""

from __future__ import annotations

from typing import Any

from ..contract.samples import ByHand, Samples
from .reader import Reader, show


def read_samples(r: Reader, value: Any, roll: str) -> Samples | None:
    """``[samples]`` read (specs as written, each of the draft's roll), or None."""
    if value is None:
        return None
    b = r.table(("samples",), value, ("small", "large", "by_hand"))

    def specs(key: str) -> tuple[dict, ...]:
        got = b.get(key, [])
        if not isinstance(got, list) or not all(isinstance(s, dict) for s in got):
            raise r.error(("samples", key), f"{show(got)}: a list of specs, e.g. [{{ pool = 4 }}]")
        return tuple({**s, "roll": s.get("roll", roll)} for s in got)

    small = specs("small")
    if not small:
        raise r.error(("samples", "small"), "the small specs, every roll of which can be counted: at least one")
    hands = []
    for i, h in enumerate(specs("by_hand")):
        p = ("samples", "by_hand", i)
        h = r.table(p, {k: v for k, v in h.items() if k != "roll"}, ("spec", "faces", "outcome", "passed", "kiss",
                                                                      "kiss_faces", "ego"))
        if not isinstance(h.get("spec"), dict) or not isinstance(h.get("faces"), list) or "outcome" not in h \
                or not isinstance(h.get("passed"), bool):
            raise r.error(p, "a roll typed in: { spec = { ... }, faces = [...], outcome = ..., passed = true or false }")
        hands.append(ByHand({**h["spec"], "roll": h["spec"].get("roll", roll)}, tuple(h["faces"]), h["outcome"],
                            h["passed"], tuple(h.get("kiss", ())), tuple(h.get("kiss_faces", ())), h.get("ego")))
    return Samples(small=small, large=specs("large"), by_hand=tuple(hands))
