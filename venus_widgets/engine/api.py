"""The public engine functions: ``odds``, ``roll``, ``roll_many``, ``advise``.

Each edition lives in its own module with the same three functions, taking
a spec already normalized by :func:`venus_widgets.engine.spec.normalize`.

>>> round(odds({"roll": "task", "dice": 2}).p_pass, 6)
0.555556
>>> r = roll({"roll": "task", "dice": 3}, seed=7)
>>> r == roll({"roll": "task", "dice": 3}, seed=7)
True
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Set as AbstractSet
from functools import lru_cache
from itertools import islice
from typing import Any, Mapping, Sequence

import numpy as np

from .errors import SpecError
from .odds import Odds
from .rolls import Roll, check_seed
from .spec import normalize

MAX_ROLL_MANY = 10_000_000


def _edition(name: str):
    return importlib.import_module(f"venus_widgets.engine.{name}")


@lru_cache(maxsize=512)
def _odds_cached(key: str) -> Odds:
    spec = json.loads(key)
    return _edition(spec["edition"]).odds(spec)


def odds(spec: Mapping[str, Any] | None = None) -> Odds:
    """Exact odds of a spec (a dict; omitted fields take their defaults).

    Results are computed from exact distributions, never sampled, and
    cached by spec.
    """
    s = normalize(spec)
    return _odds_cached(json.dumps(s, sort_keys=True))


#: More dice than any roll has: ``faces``, ``kiss`` and ``kissed`` are read up to this many items.
MAX_FACES = 256


def _items(field: str, value: Any, allowed: str) -> list:
    """The items of a list argument, read like a spec's list field: a list,
    tuple or array (not a set, a string or a dict), at most
    :data:`MAX_FACES` items, so an endless iterator is refused."""
    if isinstance(value, AbstractSet):
        raise SpecError(field, value, allowed, "a set has no order: use a list")
    if value is None or isinstance(value, (str, bytes, Mapping)) or not hasattr(value, "__iter__"):
        raise SpecError(field, value, allowed)
    try:
        items = list(islice(value, MAX_FACES + 1))
    except TypeError:
        raise SpecError(field, value, allowed) from None
    if len(items) > MAX_FACES:
        raise SpecError(field, value, allowed, f"no roll has more than {MAX_FACES} dice")
    return items


def _index_list(field: str, value: Any) -> list[int]:
    """Die indices (``kiss``, ``kissed``): a list of whole numbers from 0,
    each die once (each edition checks that the indices are its dice)."""
    allowed = "a list of die indices (whole numbers from 0, in die order as roll() numbers the dice)"
    items = _items(field, value, allowed)
    for i in items:
        if isinstance(i, (bool, np.bool_)) or not isinstance(i, (int, np.integer)) or i < 0:
            raise SpecError(field, items, allowed, f"{i!r} is not a die index")
    if len(set(int(i) for i in items)) != len(items):
        raise SpecError(field, items, "each die listed at most once")
    return [int(i) for i in items]


def _kiss_list(kiss: Any) -> list[int]:
    """Die indices to KISS: a list of whole numbers, each die once (each
    edition checks that the indices are its dice)."""
    return _index_list("kiss", kiss)


def _faces(faces: Any) -> list:
    """The faces showing, in die order (each edition checks the faces)."""
    return _items("faces", faces, "a list of the faces showing, one per die in die order as roll() numbers them")


def roll(
    spec: Mapping[str, Any] | None = None,
    seed: int | None = None,
    *,
    kiss: Sequence[int] | None = None,
    ego: bool | None = None,
) -> Roll:
    """Roll a spec with a seed (``None``: a fresh seed, recorded in the roll).

    ``kiss=None`` KISSes by the same policy as the odds; a list of die
    indices KISSes exactly those dice (budget and once-per-die enforced).
    ``ego=None`` spends Ego by the policy; ``True``/``False`` force it.
    """
    s = normalize(spec)
    seed = check_seed(seed)
    if kiss is not None:
        kiss = _kiss_list(kiss)
    if ego is not None and not isinstance(ego, (bool, np.bool_)):
        raise SpecError("ego", ego, "True, False or None (by the policy)")
    return _edition(s["edition"]).roll(s, seed, kiss, None if ego is None else bool(ego))


def roll_many(spec: Mapping[str, Any] | None, n: int, seed: int | None = None) -> np.ndarray:
    """Outcomes of ``n`` independent rolls by the policy, vectorised.

    For numeric editions an int array of outcomes; for d20 checks a bool
    array (passed). Used to cross-check the exact odds.
    """
    s = normalize(spec)
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 0 <= n <= MAX_ROLL_MANY:
        raise SpecError("n", n, f"a whole number from 0 to {MAX_ROLL_MANY}")
    seed = check_seed(seed)
    return _edition(s["edition"]).roll_many(s, int(n), seed)


def advise(spec: Mapping[str, Any] | None, faces: Sequence[int], kissed: Sequence[int] = ()):
    """Advice for a roll on the table: which dice to KISS, and the odds of
    each choice. ``faces`` lists the faces showing, in die order as
    :func:`roll` numbers them; ``kissed`` the dice already KISSed.
    """
    s = normalize(spec)
    mod = _edition(s["edition"])
    if not hasattr(mod, "advise") or s["roll"] != "task" and s["edition"] != "agora":
        raise SpecError("roll", s["roll"], "a dice-pool task (playtest, playsheet) or an agora roll",
                        "advice is about which dice to KISS")
    return mod.advise(s, _faces(faces), _index_list("kissed", kissed))


def kiss_odds(spec: Mapping[str, Any] | None, faces: Sequence[int], kiss: Sequence[int]) -> dict[str, float]:
    """The exact odds of one KISS choice for a roll on the table, before
    committing to it: ``faces`` showing in die order (as :func:`roll`
    numbers them), ``kiss`` the indices of the dice to KISS. Returns
    ``p_pass`` and ``p_goal`` (agora adds ``p_critical``). playtest tasks and
    agora rolls, the editions where the choice of dice matters.

    >>> kiss_odds({"roll": "task", "dice": 2, "kiss": 1}, [1, 6], [0])["p_pass"]
    1.0
    """
    s = normalize(spec)
    mod = _edition(s["edition"])
    if not hasattr(mod, "kiss_odds"):
        raise SpecError("edition", s["edition"], "playtest or agora",
                        "only there does the choice of dice to KISS change the odds")
    return mod.kiss_odds(s, _faces(faces), _kiss_list(kiss))
