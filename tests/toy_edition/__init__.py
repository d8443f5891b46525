"""A toy edition that lives in the tests only: n coins, a success on heads,
a KISS flips a coin that shows tails again, the task passes at a threshold.

It proves the edition contract: registered with
:func:`venus_widgets.engine.contract.edition.register`, it gets exact odds, seeded
rolls, a working ``TaskRoller`` with KISS and spending, log export/import
and replay, without a change to the package's widgets or front end.

Faces: 1 is tails, 2 is heads. The policy of ``odds`` (and of ``roll`` with
``kiss=None``) KISSes tails coins, first ones first, while the budget lasts.
A roll tosses the coins on the first stream, then one coin per KISSed coin,
in coin order, on the second (as every edition does: a table types those
faces by hand). It writes only what the contract requires, and its samples:
no rule knobs, no cross-field rule but the threshold's, the table answers
it needs (the rest are the contract's defaults).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Sequence

import numpy as np

from venus_widgets.engine.errors import SpecError
from venus_widgets.engine.contract.explain import Step
from venus_widgets.engine.maths.odds import Odds
from venus_widgets.engine.table.rolls import Die, Roll, in_blocks, streams
from venus_widgets.engine.contract.samples import ByHand, Samples
from venus_widgets.engine.contract.fields import Field, Int

ID = "toy"

HEADS, TAILS = 2, 1

SCHEMAS: dict[str, dict[str, Field]] = {
    "task": {
        "coins": Int(1, 8, 3, "coins tossed"),
        "kiss": Int(0, 3, 1, "tails coins that may be flipped again"),
        "threshold": Int(1, 8, 2, "heads needed to pass"),
    },
}


def cross_checks(spec: dict) -> None:
    """The threshold is at most the number of coins."""
    if spec["threshold"] > spec["coins"]:
        raise SpecError("threshold", spec["threshold"], f"a whole number from 1 to {spec['coins']}",
                        f"{spec['coins']} coins toss at most {spec['coins']} heads")


def denominator(spec: dict) -> int:
    return 2 ** (spec["coins"] + spec["kiss"])


def pmf(spec: dict) -> dict[int, Fraction]:
    """Exact heads after the policy: heads h, then min(kiss, tails) coins flipped again."""
    n, k = spec["coins"], spec["kiss"]
    out: dict[int, Fraction] = {}
    for h in range(n + 1):
        p_h = Fraction(comb(n, h), 2 ** n)
        m = min(k, n - h)
        for extra in range(m + 1):
            out[h + extra] = out.get(h + extra, Fraction(0)) + p_h * Fraction(comb(m, extra), 2 ** m)
    return out


def odds(spec: dict, exact: bool = False) -> Odds:
    p = pmf(spec)
    return Odds.from_pmf(spec, p if exact else {h: float(v) for h, v in p.items()}, threshold=spec["threshold"])


def _policy(faces: Sequence[int], k: int) -> list[int]:
    return [i for i, f in enumerate(faces) if f == TAILS][:k]


def _check_kiss(spec: dict, faces: Sequence[int], kiss: Sequence[int]) -> list[int]:
    for i in kiss:
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(faces):
            raise SpecError("kiss", list(kiss), f"indices of coins from 0 to {len(faces) - 1}")
        if faces[i] != TAILS:
            raise SpecError("kiss", list(kiss), "coins showing tails", f"coin {i + 1} shows heads")
    if len(set(kiss)) != len(kiss) or len(kiss) > spec["kiss"]:
        raise SpecError("kiss", list(kiss), f"at most {spec['kiss']} distinct coins (the KISS budget)")
    return sorted(kiss)


def roll(spec: dict, seed: int, kiss: list[int] | None = None, ego: bool | None = None) -> Roll:
    if ego:
        raise SpecError("ego", ego, "False or None", "a toy task has no Ego")
    first, again = streams(seed)
    faces = [int(x) for x in first.integers(1, 3, size=spec["coins"])]
    chosen = _policy(faces, spec["kiss"]) if kiss is None else _check_kiss(spec, faces, list(kiss))
    redo = dict(zip(chosen, (int(x) for x in again.integers(1, 3, size=len(chosen)))))  # one per KISSed coin
    dice = tuple(Die(i, "own", None, 2, f, redo.get(i, f), i in redo, int(redo.get(i, f) == HEADS))
                 for i, f in enumerate(faces))
    heads = sum(d.scores for d in dice)
    before = sum(1 for f in faces if f == HEADS)
    return Roll(spec, seed, dice, heads, heads >= spec["threshold"], heads >= spec["threshold"], tuple(chosen),
                False, {"successes_before_kiss": before, "threshold": spec["threshold"]})


def roll_many(spec: dict, n: int, seed: int) -> np.ndarray:
    c, k = spec["coins"], spec["kiss"]

    def block(rows: int, first: np.random.Generator, again: np.random.Generator) -> np.ndarray:
        heads = (first.integers(1, 3, size=(rows, c)) == HEADS).sum(axis=1)
        flips = np.minimum(k, c - heads)
        extra = (again.integers(1, 3, size=(rows, k)) == HEADS) & (np.arange(k) < flips[:, None]) if k else 0
        return heads + (extra.sum(axis=1) if k else 0)

    return in_blocks(n, seed, block)


def ladder_settings(spec: dict) -> list[dict]:
    return [{**spec, "kiss": k} for k in range(SCHEMAS["task"]["kiss"].hi + 1)]  # type: ignore[attr-defined]


def explain_steps(spec: dict, o: Odds) -> list[Step]:
    return [Step(f"{spec['coins']} coins, heads count; up to {spec['kiss']} tails flipped again"),
            Step(f"at least {spec['threshold']} heads", o.p_pass, "=")]


def explain_roll(r: Roll) -> list[str]:
    return [f"{r.outcome} heads against threshold {r.spec['threshold']}"]


#: The rolls the contract tests try the toy on (tests/test_edition_contract.py).
SAMPLES = Samples(
    small=({"roll": "task", "coins": 3, "kiss": 2, "threshold": 2}, {"roll": "task", "coins": 1, "kiss": 0, "threshold": 1}),
    large=({"roll": "task", "coins": 8, "kiss": 3, "threshold": 8},),
    by_hand=(
        # one head; the first tails coin is flipped again and shows heads: two heads, a pass
        ByHand({"roll": "task", "coins": 3, "kiss": 1, "threshold": 2}, faces=(1, 2, 1), kiss=(0,), kiss_faces=(2,),
               outcome=2, passed=True),
        ByHand({"roll": "task", "coins": 2, "kiss": 0, "threshold": 1}, faces=(1, 1), outcome=0, passed=False),
    ),
)


from . import at_table  # noqa: E402,F401  (last: it imports this package)


def cost(spec: dict, exact: bool = False):
    """The toy's work: a table of coins by heads, a row per KISS."""
    from venus_widgets.engine.contract.cost import Cost, held

    return Cost(memory=held((spec["coins"] + 1) ** 2, "fraction"), steps=(spec["coins"] + 1) ** 2 * (spec["kiss"] + 1),
                number="fraction" if exact else "float", dice=float(spec["coins"] + spec["kiss"]),
                levers=(("coins", +1), ("kiss", +1)))
