"""The public engine functions: ``odds``, ``roll``, ``roll_many``, ``advise``.

Each edition lives in its own module with the same three functions, taking
a spec already normalized by :func:`venus_widgets.engine.contract.spec.normalize`.

>>> round(odds({"roll": "task", "dice": 2}).p_pass, 6)
0.555556
>>> r = roll({"roll": "task", "dice": 3}, seed=7)
>>> r == roll({"roll": "task", "dice": 3}, seed=7)
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from .table.advice import Advice
from .contract import guard
from .contract.cost import KEPT_ODDS
from .caching import Results
from .contract.edition import get as get_edition, ids
from .contract.explain import DEFAULT_SEED, Explanation
from .errors import SpecError
from .inputs import read_list
from .maths.odds import Odds
from .maths.rounding import correctly_rounded
from .maths.probability import probability
from .table.rolls import Roll, check_seed, entered
from .contract.spec import ROLL_KINDS, Spec, normalize, schema
from .contract.fields import Choice

MAX_ROLL_MANY = 10_000_000


def _edition(name: str) -> Any:
    return get_edition(name)


def denominator(spec: Mapping[str, Any]) -> int | None:
    """A common denominator of every probability of a normalized spec's
    odds (6 to the dice that can be rolled, KISS re-rolls included ...), or
    ``None`` when the odds are not rational (exploding dice).
    """
    return _edition(spec["edition"]).denominator(spec)


def _results(compute: Callable[[Spec], Odds], maxsize: int) -> Results[str, Odds]:
    """Results by spec (:class:`.caching.Results`, safe from many threads),
    filed under :attr:`Spec.key`; the read-only spec itself is handed to
    ``compute`` and carried by the odds."""
    out: Results[str, Odds] = Results(compute, maxsize, key=lambda spec: spec.key)
    out.__doc__, out.__wrapped__ = compute.__doc__, compute
    return out


def _float_odds(spec: Spec) -> Odds:
    """Float odds, correctly rounded from the exact rationals for rational
    specs with a common denominator below 2**53
    (:func:`.maths.rounding.correctly_rounded`: counted by the edition,
    snapped, or counted in Fractions, cached)."""
    d = denominator(spec)
    return correctly_rounded(_edition(spec["edition"]).odds(spec), d, lambda: _exact_cached(spec))


def _exact_odds(spec: Spec) -> Odds:
    """The odds in Fractions."""
    return _edition(spec["edition"]).odds(spec, exact=True)


_odds_cached = _results(_float_odds, KEPT_ODDS)  # (what a call of many odds leaves held: contract.cost)
_exact_cached = _results(_exact_odds, 64)


def odds(spec: Mapping[str, Any] | None = None, exact: bool = False) -> Odds:
    """Exact odds of a spec (a dict, omitted fields taking their defaults,
    or a :class:`~.contract.spec.Spec`, taken as it is).

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
    s = Spec.of(spec)
    if not exact:
        return _odds_cached(s)
    if denominator(s) is None:
        # the edition names the field whose dice roll without end; one that does not is refused here
        try:
            _edition(s["edition"]).odds(s, exact=True)
        except SpecError:
            raise
        except Exception:  # noqa: BLE001 - the edition's own words failed: the plain ones below
            pass
        raise SpecError("exact", True, "False for this roll",
                        "its dice can roll again without end, so the odds are not a fraction; "
                        "use exact=False for the odds with the tail below 1e-12 cut off")
    guard.check(s, exact=True)  # fractions cost more than floats: within the budget, or refused up front
    return _exact_cached(s)


def odds_of_normalized(s: Mapping[str, Any]) -> Odds:
    """:func:`odds` of a spec that :func:`normalize` returned, or a
    :class:`~.contract.spec.Spec` (the rule lab's grids normalize each cell once, not twice)."""
    return _odds_cached(Spec.of(s) if type(s) is Spec else Spec._trusted(dict(s)))


#: More dice than a table types by hand (a legal roll of dice that roll again has no end: 96 dice, each 6
#: rolling again three rounds running, are 276): ``faces``, ``kiss`` and ``kissed`` are read up to this.
MAX_FACES = 4096


def _items(field: str, value: Any, allowed: str) -> list:
    """The items of a list argument, read like a spec's list field
    (:func:`.inputs.read_list`): at most :data:`MAX_FACES` items, so an
    endless iterator is refused."""
    return read_list(field, value, MAX_FACES, allowed)


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
    ``ego=True`` on a spec without Ego (and on every roll of an edition
    without Ego) is a :class:`SpecError` naming ``ego``, the same on every
    edition.
    """
    s = Spec.unpriced(spec)  # one roll's dice are rolled, its odds never counted: not their cost guard
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
    s = Spec.unpriced(spec)  # one roll: its odds never counted
    faces, kiss_faces = _face_list("faces", faces), _face_list("kiss_faces", kiss_faces)
    kiss_list = _kiss_list(kiss)
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
    s = Spec.of(spec)
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
    s = Spec.of(spec)
    with entered(_face_list("faces", faces), [], dry_kiss=True) as (first, _second):
        r = _edition(s["edition"]).roll(s, 0, _kiss_list(kiss), _ego_arg(s, ego))
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
    """True when a normalized spec has Ego to spend: its ``ego`` field set
    away from the field's default (no Ego)."""
    if "ego" not in spec:
        return False
    kind = get_edition(spec["edition"]).SCHEMAS[spec["roll"]].get("ego")
    return kind is not None and spec["ego"] != kind.default


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
        raise SpecError("ego", True, "ego off: this roll has no step to spend", st.ego_off)
    ed, kind = spec["edition"], spec["roll"]
    field = schema(ed, kind).get("ego")
    if field is None:
        spent_on = [k for k in ROLL_KINDS[ed] if "ego" in schema(ed, k)]
        hint = (f"Ego is spent on {ed} {' and '.join(k + 's' for k in spent_on)}, not on a {kind}" if spent_on
                else f"the {ed} edition has no Ego")
    elif isinstance(field, Choice):
        hint = "set " + " or ".join(f"ego={o!r}" for o in field.options if o != field.default) + " in the roll to spend it"
    else:
        hint = "set ego=True in the roll to spend it"
    raise SpecError("ego", True, f"ego off: this {ed} {kind} has no Ego", hint)


def roll_many(spec: Mapping[str, Any] | None, n: int, seed: int | None = None) -> np.ndarray:
    """Outcomes of ``n`` independent rolls by the policy, vectorised.

    For numeric editions an int array of outcomes; for d20 checks a bool
    array (passed). Used to cross-check the exact odds.
    """
    s = Spec.unpriced(spec)  # priced by the rolls' own guard below, not the odds'
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 0 <= n <= MAX_ROLL_MANY:
        raise SpecError("n", n, f"a whole number from 0 to {MAX_ROLL_MANY}")
    guard.check_rolls(s, int(n))  # the dice drawn, bounded before any is drawn
    seed = check_seed(seed)
    return _edition(s["edition"]).roll_many(s, int(n), seed)


def advise(spec: Mapping[str, Any] | None, faces: Sequence[int], kissed: Sequence[int] = ()) -> Advice:
    """Advice for a roll on the table: which dice to KISS, and the exact
    odds of each choice, as an :class:`~venus_widgets.engine.table.advice.Advice`
    (the same type for every edition). ``faces`` lists the faces showing,
    in die order as :func:`roll` numbers them; ``kissed`` the dice already
    KISSed. For the rolls where the player chooses the dice to KISS (an
    edition with ``"advise"`` in its ``FEATURES``); any other roll is a
    :class:`SpecError` naming ``edition`` (or ``roll``, where the edition
    advises on some of its kinds of roll only).
    """
    s = Spec.of(spec)
    if "advise" not in _edition(s["edition"]).FEATURES:
        raise SpecError("edition", s["edition"], _having("advise"),
                        "only there is the choice of dice to KISS the player's; "
                        f"the {s['edition']} edition has no advice")
    faces, kissed = _faces(faces), _index_list("kissed", kissed)
    # an Advice is immutable: a roller asks again for the same faces on every
    # click and gets the same object back (repr keeps True apart from 1)
    return _ADVICE((s, faces, kissed))


def _having(feature: str) -> str:
    """The editions that declare ``feature``, in words (for an error)."""
    having = [e for e in ids() if feature in get_edition(e).FEATURES]
    return " or ".join(having) if having else f"an edition with {feature!r} in its FEATURES"


def _advise(args: tuple[Spec, list, list[int]]) -> Advice:
    s, faces, kissed = args
    return _edition(s["edition"]).advise(s, faces, kissed)


_ADVICE: Results[tuple[str, str, str], Advice] = Results(_advise, 64, key=lambda a: (a[0].key, repr(a[1]), repr(a[2])))


def kiss_odds(spec: Mapping[str, Any] | None, faces: Sequence[int], kiss: Sequence[int],
              ego: bool | None = None) -> dict[str, float]:
    """The exact odds of one KISS choice for a roll on the table, before
    committing to it: ``faces`` showing in die order (as :func:`roll`
    numbers them), ``kiss`` the indices of the dice to KISS. Returns
    ``p_pass`` and ``p_goal`` (and ``p_critical`` where the edition has
    criticals), plain floats. For the editions where the choice of dice
    matters (``"kiss_odds"`` in their ``FEATURES``).

    ``kiss`` and ``ego`` are checked by the very checks :func:`roll` makes
    (the budget, each die once, and any rule of the edition's, such as no
    KISS once the goal is reached), so a choice the player cannot make has
    no odds. ``ego`` means what it means for :func:`roll`: ``True`` with an
    Ego that re-rolls KISSes every failed die as well; ``False`` leaves Ego
    unspent; ``None`` spends it by the policy.

    >>> kiss_odds({"roll": "task", "dice": 2, "kiss": 1}, [1, 6], [0])["p_pass"]
    1.0
    """
    s = Spec.of(spec)
    mod = _edition(s["edition"])
    if "kiss_odds" not in mod.FEATURES:
        raise SpecError("edition", s["edition"], _having("kiss_odds"),
                        "only there does the choice of dice to KISS change the odds")
    faces, kiss = _faces(faces), _kiss_list(kiss)
    ego = _ego_arg(s, ego)
    return {k: probability(v) for k, v in mod.kiss_odds(s, faces, kiss, ego).items()}


def explain(spec: Mapping[str, Any] | None = None, seed: int | None = DEFAULT_SEED) -> Explanation:
    """The odds of ``spec`` unfolded into plain words in rule order, each
    step with its exact figure, and the example roll ``roll(spec, seed)``
    walked through (``seed`` 1 unless given; ``None``: a fresh one): the
    edition's ``explain_steps`` and ``explain_roll`` (:mod:`.contract.explain`)."""
    s = Spec.of(spec)
    o = odds(s)
    mod = _edition(s["edition"])
    example = roll(s, seed)
    return Explanation(spec=s, p_pass=o.p_pass, steps=tuple(mod.explain_steps(s, o)), seed=example.seed,
                       example=example, walk=tuple(mod.explain_roll(example)))
