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

import dataclasses
import json
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache
from itertools import islice
from typing import Any, NamedTuple

import numpy as np

from .advice import Advice
from .edition import get as get_edition
from .errors import SpecError
from .exact import EXACT_BELOW
from .odds import SNAP_BELOW, Odds
from .rolls import Roll, check_seed, entered
from .spec import ROLL_KINDS, normalize, schema

MAX_ROLL_MANY = 10_000_000


def _edition(name: str) -> Any:
    return get_edition(name)


def denominator(spec: Mapping[str, Any]) -> int | None:
    """A common denominator of every probability of a normalized spec's
    odds (6 to the dice that can be rolled, KISS re-rolls included; 20 for
    the d20 ...), or ``None`` when the odds are not rational (exploding dice).
    """
    return _edition(spec["edition"]).denominator(spec)


class CacheInfo(NamedTuple):
    """What ``cache_info()`` reports, as for a ``functools`` cache."""

    hits: int
    misses: int
    maxsize: int
    currsize: int


class _Results:
    """Results by normalized spec: ``compute(spec)`` once per spec, the
    least recently used dropped past ``maxsize``; ``cache_clear`` and
    ``cache_info`` as a ``functools`` cache has them. Keyed by the spec's
    ``repr`` (normalize gives every field in one order), and the spec itself
    handed to ``compute`` as a sorted copy (:func:`_sorted`), so the caller's
    dict is never shared."""

    def __init__(self, compute: Callable[[dict[str, Any]], Odds], maxsize: int) -> None:
        self._compute, self._maxsize = compute, maxsize
        self._store: OrderedDict[str, Odds] = OrderedDict()
        self._hits = self._misses = 0
        self.__doc__ = compute.__doc__
        self.__wrapped__ = compute
        # on the instance, not the class: a class with these would look like a cache itself
        self.cache_clear, self.cache_info = self._clear, self._info

    def __call__(self, spec: dict[str, Any]) -> Odds:
        key = repr(spec)
        found = self._store.get(key)
        if found is not None:
            self._hits += 1
            self._store.move_to_end(key)
            return found
        self._misses += 1
        value = self._store[key] = self._compute(_sorted(spec))
        if len(self._store) > self._maxsize:
            self._store.popitem(last=False)
        return value

    def _clear(self) -> None:
        self._store.clear()
        self._hits = self._misses = 0

    def _info(self) -> CacheInfo:
        return CacheInfo(self._hits, self._misses, self._maxsize, len(self._store))


def _sorted(value: Any) -> Any:
    """A fresh copy with every dict's keys in sorted order: odds carry their
    spec in this order, whatever order the fields came in."""
    if isinstance(value, dict):
        return {k: value[k] if type(value[k]) in _PLAIN else _sorted(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        return [v if type(v) in _PLAIN else _sorted(v) for v in value]
    return value


_PLAIN = frozenset({str, int, float, bool, type(None)})


def _float_odds(spec: dict[str, Any]) -> Odds:
    """Float odds, correctly rounded from the exact rationals for rational
    specs with a common denominator ``D`` below 2**53: as the edition
    computes them when it counts in whole numbers (:meth:`Odds.from_counts`);
    else, up to ``SNAP_BELOW``, the float computation snapped to multiples of
    ``1 / D`` (when every value is within ``SNAP_TOLERANCE / D`` of one and
    the distribution adds up to exactly 1); otherwise counted in Fractions."""
    d = denominator(spec)
    o = _edition(spec["edition"]).odds(spec)
    if d is None or d >= EXACT_BELOW:
        return o
    if o._counts() is not None:  # counted in whole numbers over D: already exact
        return o
    snapped = o.snap_rounded(d) if d <= SNAP_BELOW else None
    if snapped is not None:
        return snapped
    return _exact_cached(spec).rounded()


def _exact_odds(spec: dict[str, Any]) -> Odds:
    """The odds in Fractions."""
    return _edition(spec["edition"]).odds(spec, exact=True)


_odds_cached = _Results(_float_odds, 512)
_exact_cached = _Results(_exact_odds, 64)


def odds(spec: Mapping[str, Any] | None = None, exact: bool = False) -> Odds:
    """Exact odds of a spec (a dict; omitted fields take their defaults).

    Results are computed from exact distributions, never sampled, and
    cached by spec. Where the odds are rational (everything but exploding
    dice) and their common denominator is below 2**53, they are counted in
    exact fractions and each float is the correctly rounded value: the same
    on every machine. ``exact=True`` returns those odds in
    :class:`fractions.Fraction` (for any size); for exploding dice, whose
    odds are not rational, it raises :class:`SpecError`.

    >>> odds({"edition": "agora", "roll": "task", "rank": 2, "health": 1, "job": 0,
    ...       "consequences": 1}, exact=True).p_pass
    Fraction(5, 6)
    """
    s = normalize(spec)
    if not exact:
        return odds_of_normalized(s)
    if denominator(s) is None:
        field = "explode" if s["edition"] == "playsheet" else "pool"
        if field not in s:  # a registered edition (a draft): the spec's edition says where the dice come from
            field = "edition"
        raise SpecError(field, s[field], "no exploding dice for exact=True",
                        "exploding dice can roll without end, so their odds are not a fraction; "
                        "use exact=False for the odds with the tail below 1e-12 cut off")
    return _exact_cached(s)


def odds_of_normalized(s: dict[str, Any]) -> Odds:
    """:func:`odds` of a spec that :func:`normalize` returned (the rule lab's
    grids normalize each cell once, not twice)."""
    return _odds_cached(s)


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
    ``ego=True`` on a spec without Ego (and on every roll of heresy and
    vers, which have no Ego) is a :class:`SpecError` naming ``ego``, the
    same on every edition.
    """
    s = normalize(spec)
    seed = check_seed(seed)
    if kiss is not None:
        kiss = _kiss_list(kiss)
    ego = _ego_arg(s, ego)
    return _edition(s["edition"]).roll(s, seed, kiss, ego)


def enter(
    spec: Mapping[str, Any] | None,
    faces: Sequence[int],
    *,
    kiss: Sequence[int] = (),
    kiss_faces: Sequence[int] = (),
    ego: bool | None = None,
) -> Roll:
    """The roll a table made with physical dice: ``faces`` as rolled, in
    die order (:func:`dice_to_enter` says which dice, in what order),
    ``kiss`` the dice the player KISSed and ``kiss_faces`` their new faces
    (with Ego ``reroll`` and ``ego=True``: every failed die's too, in die
    order). The outcome, KISS, Ego and spending follow exactly as for
    :func:`roll`; the roll is marked ``entered`` (its seed replays nothing).
    Dice that roll again (exploding, re-rolled faces) take the next faces;
    too few or too many is a :class:`SpecError` saying how many.

    >>> r = enter({"roll": "task", "dice": 3}, [6, 2, 5])
    >>> r.outcome, r.entered
    (2, {'faces': [6, 2, 5], 'kiss_faces': []})
    >>> enter({"roll": "task", "dice": 3, "kiss": 1}, [6, 2, 1], kiss=[2], kiss_faces=[5]).outcome
    2
    """
    s = normalize(spec)
    faces, kiss_faces = _face_list("faces", faces), _face_list("kiss_faces", kiss_faces)
    kiss_list = _kiss_list(list(kiss))
    ego = _ego_arg(s, ego)
    with entered(faces, kiss_faces) as (first, second):
        r = _edition(s["edition"]).roll(s, 0, kiss_list, ego)
        first.check_used()
        second.check_used()
    return dataclasses.replace(r, entered={"faces": faces, "kiss_faces": kiss_faces})


def dice_to_enter(spec: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """The dice a table rolls for ``spec``, in the order :func:`enter`
    takes their faces: each die's index, owner, grade and sides (before any
    die rolls again).

    >>> [(d["owner"], d["sides"]) for d in dice_to_enter({"roll": "task", "dice": 2, "allies": ["gold"]})]
    [('own', 6), ('own', 6), ('ally 1', 6)]
    """
    s = normalize(spec)
    with entered([], [], dry=True) as (first, _second):  # every die shows its lowest face
        r = _edition(s["edition"]).roll(s, 0, [], False if has_ego(s) else None)
    return [{"index": d.index, "owner": d.owner, "grade": d.grade, "sides": d.sides}
            for d in r.dice][:first.first_batch]


def kiss_to_enter(spec: Mapping[str, Any] | None, faces: Sequence[int], kiss: Sequence[int] = (),
                  ego: bool | None = None) -> list[int]:
    """The dice that take new faces when the player KISSes ``kiss`` (and,
    with Ego ``reroll`` and ``ego=True``, every failed die), in the order
    :func:`enter` takes their ``kiss_faces``.

    >>> kiss_to_enter({"roll": "task", "dice": 3, "kiss": 1, "ego": "reroll"}, [6, 2, 1], kiss=[1], ego=True)
    [1, 2]
    """
    s = normalize(spec)
    with entered(_face_list("faces", faces), [], dry_kiss=True) as (first, _second):
        r = _edition(s["edition"]).roll(s, 0, _kiss_list(list(kiss)), _ego_arg(s, ego))
        first.check_used()
    return sorted(set(r.kissed))


def _face_list(field: str, faces: Any) -> list[int]:
    out = []
    for i, f in enumerate(_items(field, faces, "a list of whole numbers, the faces rolled in die order")):
        if isinstance(f, bool) or not isinstance(f, (int, np.integer)):
            raise SpecError(f"{field}[{i}]", f, "a whole number (a face)")
        out.append(int(f))
    return out


def has_ego(spec: Mapping[str, Any]) -> bool:
    """True when a normalized spec has Ego to spend (playtest ``reroll`` or
    ``double6``, playsheet and agora ``ego=True``)."""
    return spec.get("ego", "none") not in ("none", False)


def _ego_arg(spec: Mapping[str, Any], ego: Any) -> bool | None:
    """The ``ego`` argument of :func:`roll` and :func:`kiss_odds`: ``None``
    (by the policy), or a boolean; ``True`` needs Ego in the spec."""
    if ego is not None and not isinstance(ego, (bool, np.bool_)):
        raise SpecError("ego", ego, "True, False or None (by the policy)")
    if ego:
        check_ego(spec)
    return None if ego is None else bool(ego)


def check_ego(spec: Mapping[str, Any]) -> None:
    """The one check behind ``ego=True``: the spec must have Ego to spend.
    A :class:`SpecError` naming ``ego`` says what to change otherwise."""
    if has_ego(spec):
        return
    st = _edition(spec["edition"]).at_table.steps(dict(spec))
    if st.ego_after:  # an edition's own Ego step, under any field's name (a draft's [double])
        return
    if st.ego_off:
        raise SpecError("ego", True, "False or None: this roll has no step to spend", st.ego_off)
    ed, kind = spec["edition"], spec["roll"]
    if "ego" not in schema(ed, kind):
        hint = (f"the {ed} edition has no Ego" if not any("ego" in schema(ed, k) for k in ROLL_KINDS[ed])
                else f"Ego is spent on {ed} tasks, not on a {kind}")
    elif ed == "playtest":
        hint = "set ego='reroll' or ego='double6' in the spec to spend it"
    else:
        hint = "set ego=True in the spec to spend it"
    raise SpecError("ego", True, f"False or None: this {ed} {kind} has no Ego", hint)


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


def advise(spec: Mapping[str, Any] | None, faces: Sequence[int], kissed: Sequence[int] = ()) -> Advice:
    """Advice for a roll on the table: which dice to KISS, and the exact
    odds of each choice, as an :class:`~venus_widgets.engine.advice.Advice`
    (the same type for every edition). ``faces`` lists the faces showing,
    in die order as :func:`roll` numbers them; ``kissed`` the dice already
    KISSed. playtest tasks and agora checks and tasks, the rolls where the
    player chooses the dice to KISS; any other roll is a :class:`SpecError`
    naming ``edition`` (or ``roll`` for a playtest check).
    """
    s = normalize(spec)
    mod = _edition(s["edition"])
    if "advise" not in mod.FEATURES:
        raise SpecError("edition", s["edition"], "playtest (a task) or agora",
                        "only there is the choice of dice to KISS the player's; "
                        f"the {s['edition']} edition has no advice")
    if s["edition"] == "playtest" and s["roll"] != "task":
        raise SpecError("roll", s["roll"], "task", "advice is about which task dice to KISS: set roll='task'")
    faces, kissed = _faces(faces), _index_list("kissed", kissed)
    # an Advice is immutable: a roller asks again for the same faces on every
    # click and gets the same object back (repr keeps True apart from 1)
    key = (json.dumps(s, sort_keys=True), repr(faces), repr(kissed))
    if key in _ADVICE:
        _ADVICE.move_to_end(key)
        return _ADVICE[key]
    advice = mod.advise(s, faces, kissed)
    _ADVICE[key] = advice
    if len(_ADVICE) > 64:
        _ADVICE.popitem(last=False)
    return advice


_ADVICE: OrderedDict[tuple[str, str, str], Advice] = OrderedDict()


def kiss_odds(spec: Mapping[str, Any] | None, faces: Sequence[int], kiss: Sequence[int],
              ego: bool | None = None) -> dict[str, float]:
    """The exact odds of one KISS choice for a roll on the table, before
    committing to it: ``faces`` showing in die order (as :func:`roll`
    numbers them), ``kiss`` the indices of the dice to KISS. Returns
    ``p_pass`` and ``p_goal`` (agora adds ``p_critical``), plain floats.
    playtest tasks and agora rolls, the editions where the choice of dice
    matters.

    ``kiss`` and ``ego`` are checked by the very checks :func:`roll` makes
    (the budget, each die once, agora: no KISS once the goal is reached), so
    a choice the player cannot make has no odds. ``ego`` means what it means
    for :func:`roll`: ``True`` with playtest Ego ``reroll`` KISSes every
    failed die as well; ``False`` leaves Ego unspent; ``None`` spends it by
    the policy.

    >>> kiss_odds({"roll": "task", "dice": 2, "kiss": 1}, [1, 6], [0])["p_pass"]
    1.0
    """
    s = normalize(spec)
    mod = _edition(s["edition"])
    if "kiss_odds" not in mod.FEATURES:
        raise SpecError("edition", s["edition"], "playtest or agora",
                        "only there does the choice of dice to KISS change the odds")
    faces, kiss = _faces(faces), _kiss_list(kiss)
    ego = _ego_arg(s, ego)
    return mod.kiss_odds(s, faces, kiss, ego)
