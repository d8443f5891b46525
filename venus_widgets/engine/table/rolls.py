"""``Roll``: one seeded roll, every die before and after KISS, and JSON.

A roll is reproducible: the same spec, seed and KISS choice give the same
dice. Faces come from numpy's PCG64 generator. The first stream (seeded by
``seed``) gives the first faces (and explosion dice in rolling order); the
second stream (``SeedSequence(seed).spawn``'s first child) gives the faces
of KISSed dice, one draw per KISSed die in die order.

``roll_many`` rolls in blocks of :data:`BLOCK_ROLLS` rolls, block ``k``
with its own two streams (:func:`block_streams`), so its memory does not
grow with the number of rolls and roll ``i`` of a seed is the same
whatever the number of rolls asked for.

>>> d = Die(index=0, owner="own", grade="bronze", sides=6, before=2, after=5, kissed=True, scores=1)
>>> Die.from_dict(d.to_dict()) == d
True
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

import numpy as np

from .details import Details, Facts
from ..errors import SpecError
from ..frozen import thaw

ROLL_FORMAT = "venus-widgets/roll@1"


#: The largest seed (seeds are 63-bit, so they fit a signed 64-bit integer).
MAX_SEED = 2**63 - 1


def new_seed() -> int:
    """A fresh 63-bit seed, so that every roll can be replayed."""
    return secrets.randbits(63)


def check_seed(seed: Any) -> int:
    """Validate a seed (a whole number from 0 to 2**63 - 1), or draw one."""
    if seed is None:
        return new_seed()
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= int(seed) <= MAX_SEED:
        raise SpecError("seed", seed, "a whole number from 0 to 2**63 - 1, or None for a fresh one")
    return int(seed)


class EnteredFaces:
    """Faces a table rolled with physical dice, handed to a roll in the
    order it draws them: it stands in for a numpy ``Generator`` (only
    ``integers`` is asked for). ``field`` names them in errors."""

    #: most faces a dry run hands out (a rule that re-rolls the lowest face never stops)
    DRY_LIMIT = 10_000

    def __init__(self, faces: Sequence[int], field: str, dry: bool = False) -> None:
        self.faces = list(faces)
        self.field = field
        self.dry = dry
        self.used = 0
        self.calls = 0
        #: how many faces the first draw took (the dice rolled at once)
        self.first_batch = 0

    def integers(self, low: int, high: int | None = None, size: Any = None, dtype: Any = None) -> Any:
        if high is None:
            low, high = 0, low
        n = 1 if size is None else int(np.prod(size))
        if self.dry:  # a dry run: the first dice show their lowest face; dice rolled later cycle
            if self.used + n > self.DRY_LIMIT:  # down from the highest, so a rule that rolls some faces again stops
                raise SpecError(self.field, "…", "a roll that stops", "these rules roll every face again")
            if not self.calls:
                self.faces += [low] * n
            else:
                span = high - low
                self.faces += [high - 1 - (self.used + j) % span for j in range(n)]
        self.calls += 1
        if self.calls == 1:
            self.first_batch = n
        if self.used + n > len(self.faces):
            more = self.used + n - len(self.faces)
            raise SpecError(self.field, self.faces,
                            f"{more} more face{'' if more == 1 else 's'} from {low} to {high - 1}",
                            "the dice rolled after the first ones (bonus dice, dice that exploded or were "
                            "rolled again) need their faces too" if self.used else "one face per die, in die order")
        chunk = self.faces[self.used:self.used + n]
        for j, f in enumerate(chunk):
            if isinstance(f, bool) or not isinstance(f, (int, np.integer)) or not low <= f < high:
                raise SpecError(f"{self.field}[{self.used + j}]", f, f"a face from {low} to {high - 1}")
        self.used += n
        if size is None:
            return int(chunk[0])
        return np.array(chunk, dtype=dtype or np.int64).reshape(size)

    def check_used(self) -> None:
        if self.used != len(self.faces):
            raise SpecError(self.field, self.faces, f"{self.used} faces, one per die rolled",
                            f"{len(self.faces) - self.used} too many")


_ENTERED: ContextVar["tuple[Any, Any] | None"] = ContextVar("venus_widgets_entered", default=None)


@contextmanager
def faces_from(first: Any, kiss: Any) -> Iterator[tuple[Any, Any]]:
    """Within this block every roll draws its first faces from ``first``
    and the KISSed dice's new faces from ``kiss`` instead of a seed's two
    streams: any objects with numpy's ``integers(low, high, size=None,
    dtype=None)``, asked in the order the roll draws. :func:`entered`
    plays the faces a table typed this way; a test can hand out every
    sequence of faces in turn (every roll there is, each once)."""
    token = _ENTERED.set((first, kiss))
    try:
        yield first, kiss
    finally:
        _ENTERED.reset(token)


@contextmanager
def entered(faces: Sequence[int], kiss_faces: Sequence[int] = (), dry: bool = False,
            dry_kiss: bool = False) -> Iterator[tuple[EnteredFaces, EnteredFaces]]:
    """Within this block every roll takes its faces from ``faces`` (first
    faces) and ``kiss_faces`` (the KISSed dice's new faces) instead of a
    seed; ``dry`` (``dry_kiss``): every first (KISSed) die shows its lowest
    face, to list the dice a table must roll."""
    pair = (EnteredFaces(faces, "faces", dry), EnteredFaces(kiss_faces, "kiss_faces", dry or dry_kiss))
    with faces_from(*pair):
        yield pair


def streams(seed: int) -> tuple[Any, Any]:
    """The two generators of a roll: first faces, and KISS faces (the faces
    a table entered, inside :func:`entered`)."""
    pair = _ENTERED.get()
    if pair is not None:
        return pair
    ss = np.random.SeedSequence(seed)
    return np.random.Generator(np.random.PCG64(ss)), np.random.Generator(np.random.PCG64(ss.spawn(1)[0]))


#: Rolls per block of ``roll_many``: part of what a seed means there (a
#: different block size would give other outcomes), small enough that the
#: heaviest roll (96 dice) works in a few tens of MB.
BLOCK_ROLLS = 1 << 14

#: ``SeedSequence`` spawn key of ``roll_many`` blocks, apart from the KISS
#: stream of :func:`streams` (spawn key ``(0,)``).
_BLOCK_KEY = 1


def block_streams(seed: int, k: int) -> tuple[np.random.Generator, np.random.Generator]:
    """The two generators of block ``k`` of ``roll_many``: first faces, and KISS faces."""
    ss = np.random.SeedSequence(seed, spawn_key=(_BLOCK_KEY, k))
    return np.random.Generator(np.random.PCG64(ss)), np.random.Generator(np.random.PCG64(ss.spawn(1)[0]))


def in_blocks(n: int, seed: int, block: Callable[[int, np.random.Generator, np.random.Generator], np.ndarray],
              dtype: Any = np.int64) -> np.ndarray:
    """``n`` outcomes of ``block(rows, first, kiss)``, called on blocks of
    :data:`BLOCK_ROLLS` rolls with each block's own streams: working memory
    is one block's whatever ``n``, and the outcomes of a seed are a prefix
    of those for a larger ``n`` (the last block is rolled whole, and cut)."""
    out = np.empty(n, dtype=dtype)
    for k, lo in enumerate(range(0, n, BLOCK_ROLLS)):
        rows = min(BLOCK_ROLLS, n - lo)
        out[lo:lo + rows] = block(BLOCK_ROLLS, *block_streams(seed, k))[:rows]
    return out


@dataclass(frozen=True)
class Die:
    """One die of a roll.

    ``owner`` says whose die it is ("own", "ally 1", "ally 2", "helper",
    "bonus" for check bonus dice, "black" for black dice, "d20": the
    edition's words);
    ``grade`` is its caliber or rank (or ``None`` where dice have none);
    ``before``/``after`` the face first rolled and the face that stands
    (equal unless ``kissed``); ``scores`` the successes it counts for in the
    end (Ego doubling included; negative for black dice that cancel);
    ``exploded_from`` the index of the die whose explosion rolled this one.
    """

    index: int
    owner: str
    grade: str | int | None
    sides: int
    before: int
    after: int
    kissed: bool = False
    scores: int = 0
    exploded_from: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The die as a plain dict (its fields are numbers and words: nothing to copy deeply)."""
        return {name: getattr(self, name) for name in self.__dataclass_fields__}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Die":
        return cls(**{k: d[k] for k in cls.__dataclass_fields__ if k in d})


@dataclass(frozen=True)
class Roll:
    """A seeded roll: spec, seed, dice, outcome.

    ``outcome`` is the quantity :attr:`Odds.distribution` is keyed by
    (final successes, net successes, degrees, or "pass"/"fail").
    ``kissed`` lists the indices of KISSed dice; ``ego_spent`` says whether
    Ego was spent; ``details`` holds the edition's facts of the roll (the
    d20 total, the breakdown category, snake eyes, subverted
    consequences...): a :class:`Details` of the class the edition declares
    for the roll (a plain dict given is read as :class:`Facts`, a read-only
    dict; ``TheirDetails.of(roll)`` reads it typed). A roll is a plain
    value: it never asks the edition registry.
    """

    spec: Mapping[str, Any]
    seed: int
    dice: tuple[Die, ...]
    outcome: Any
    passed: bool
    goal_reached: bool = False
    kissed: tuple[int, ...] = ()
    ego_spent: bool = False
    details: Details = field(default_factory=Facts)
    #: the faces a table rolled by hand and entered ({"faces": [...],
    #: "kiss_faces": [...]}), or None for a seeded roll (then ``seed`` replays it)
    entered: Mapping[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        extra = {} if self.entered is None else {"entered": {k: list(v) for k, v in self.entered.items()}}
        return {**extra,
            "format": ROLL_FORMAT,
            "spec": dict(self.spec),
            "seed": self.seed,
            "dice": [d.to_dict() for d in self.dice],
            "outcome": self.outcome,
            "passed": self.passed,
            "goal_reached": self.goal_reached,
            "kissed": list(self.kissed),
            "ego_spent": self.ego_spent,
            "details": self.details.to_dict(),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], details: type[Details] = Facts) -> "Roll":
        """Rebuild a roll from :meth:`to_dict` output (checked), its facts
        read as ``details`` (the class its edition declares for the roll:
        ``edition.details_class(spec)``; a read-only dict by default)."""
        if not isinstance(d, Mapping) or d.get("format") != ROLL_FORMAT:
            raise SpecError("format", d.get("format") if isinstance(d, Mapping) else d, repr(ROLL_FORMAT))
        try:
            return cls(
                spec=dict(d["spec"]),
                seed=int(d["seed"]),
                dice=tuple(Die.from_dict(x) for x in d["dice"]),
                outcome=d["outcome"],
                passed=bool(d["passed"]),
                goal_reached=bool(d.get("goal_reached", False)),
                kissed=tuple(int(i) for i in d.get("kissed", ())),
                ego_spent=bool(d.get("ego_spent", False)),
                details=details.from_dict(d.get("details", {})),
                entered=None if d.get("entered") is None else {k: [int(f) for f in v] for k, v in d["entered"].items()},
            )
        except (KeyError, TypeError, ValueError) as err:
            raise SpecError("roll", "…", "a roll written by Roll.to_dict", str(err)) from None

    @classmethod
    def from_json(cls, text: str, details: type[Details] = Facts) -> "Roll":
        """Rebuild a roll from :meth:`to_json` text (see :meth:`from_dict`)."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as err:
            raise SpecError("roll", text[:40] if isinstance(text, str) else text, "JSON text", str(err)) from None
        return cls.from_dict(data, details)

    def __post_init__(self) -> None:
        object.__setattr__(self, "spec", thaw(self.spec))  # a plain copy, lists for list fields
        if not isinstance(self.details, Details):  # a dict of facts: read as a read-only dict of them
            object.__setattr__(self, "details", Facts.from_dict(self.details))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Roll) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash(self.to_json())

    def __repr__(self) -> str:
        faces = " ".join(str(d.after) for d in self.dice)
        verdict = "passed" if self.passed else "failed"
        how = "entered by hand" if self.entered is not None else f"seed={self.seed}"
        return f"<Roll {self.spec.get('edition')} {self.spec.get('roll')} {how}: [{faces}] -> {self.outcome} {verdict}>"
