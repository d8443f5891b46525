"""The edition contract: what every edition provides, with the same names.

An edition is a package under :mod:`venus_widgets.engine.editions`, a
draft (a TOML file: the built-in editions of :data:`DRAFTED` are drafts the
package ships in ``venus_widgets/drafts``), or any module or object
registered with :func:`register`, that satisfies :class:`Edition`. Everything else (the public API, the solver, the
explanations, the widgets and the front end) asks the edition through this
contract and never names an edition.

:mod:`.members` lists every member once (what it is, how it is called, the
default of an optional one): :func:`register` checks an edition against it
and refuses a broken one with one error naming every member that is
missing or of the wrong kind, and the registry hands out each edition
complete (:class:`Edition`: every member there, the optional ones an
edition leaves out at their defaults). :class:`EditionSource` is the part
an edition must write, which the type checker checks for the built-in ones
(``editions/typed.py``).

Optional features are declared in ``FEATURES`` (not found with
``hasattr``):

- ``"advise"``: the player chooses the dice to KISS, so :func:`advise`
  has answers;
- ``"kiss_odds"``: the odds of one KISS choice;
- ``"vary"``: ``vary_values`` lists the values a field runs through for
  :func:`~venus_widgets.engine.tools.solve.solve`.

The functions take a spec already normalized by
:func:`venus_widgets.engine.contract.spec.normalize` (plain dict, every field set).

>>> ids()
('playtest', 'playsheet', 'agora', 'heresy', 'vers')
>>> get("agora").ID
'agora'
>>> "advise" in get("heresy").FEATURES
False
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Protocol, Sequence

import numpy as np

from . import members as _contract
from . import registered as _registered
from ..caching import forget_results
from ..errors import SpecError
from ..table.details import Details, Facts

if TYPE_CHECKING:  # the types the contract names (their modules import the registry)
    from .cost import Cost
    from .knobs import Knob
    from ..maths.odds import Odds
    from ..table.rolls import Roll
    from .samples import Samples
    from .fields import Field
    from .table_answers import TableRules, TableSource


class EditionSource(Protocol):
    """What an edition must write (the optional members of :class:`Edition`
    take their defaults, :mod:`.members`).

    ``odds(spec, exact=True)`` counts in :class:`fractions.Fraction` (any
    size); ``denominator(spec)`` is a common denominator of every
    probability of the odds, or ``None`` where they are not rational
    (exploding dice)."""

    ID: str
    #: roll kind -> field name -> field kind (:mod:`.spec`), in display order;
    #: the first kind with a check is the default roll
    SCHEMAS: dict[str, dict[str, Field]]

    def denominator(self, spec: dict) -> int | None: ...

    def cost(self, spec: dict, exact: bool = False) -> Cost:
        """The work of the spec's odds (``exact``: in fractions), estimated
        from its sizes before any is done (:mod:`.cost`: the budget and the
        one check, run on every spec by ``normalize``)."""

    def odds(self, spec: dict, exact: bool = False) -> Odds: ...

    def roll(self, spec: dict, seed: int, kiss: list[int] | None = None, ego: bool | None = None) -> Roll: ...

    def roll_many(self, spec: dict, n: int, seed: int) -> np.ndarray: ...

    def ladder_settings(self, spec: dict) -> list[dict]: ...

    def explain_steps(self, spec: dict, o: Odds) -> list: ...

    def explain_roll(self, r: Roll) -> list[str]: ...

    # -- the roll at the table (engine/contract/table_answers.py) ---------------------------
    #: The edition's answers to the roll at the table: which steps a roll
    #: has, which dice may be KISSed and at what cost, what each die
    #: contributed, what successes buy, the result sentence, the what-if
    #: hints and which roller (check, task, pool) rolls which kind. The
    #: widgets ask only this (``editions/<id>/at_table.py``).
    @property
    def at_table(self) -> TableSource: ...


class Edition(EditionSource, Protocol):
    """One edition of the rules (or a comparison system), as the registry
    hands it out: every member of the contract."""

    FEATURES: frozenset[str]

    #: its name as a player reads it, in words ("Coins (a draft)"; a draft's: its ``name``), never its id
    NAME: str

    #: its version, a short hash of its content ("" for an edition that does not
    #: change while the session runs): a spec of it records it in ``version``
    VERSION: str

    def at_version(self, version: str) -> Any:
        """The edition of an earlier version, kept to replay what it made (None: not kept)."""

    #: the rules a playtester may change (:mod:`.knobs`), in display order;
    #: a spec's ``rules`` overrides them
    KNOBS: tuple[Knob, ...]

    #: the rolls the contract tests try the edition on
    SAMPLES: Samples

    #: roll kind -> the class of its rolls' details (a :class:`~.details.Details`
    #: dataclass); a kind left out has a read-only dict of them (:class:`~.details.Facts`)
    DETAILS: Mapping[str, type[Details]]

    def rules_of(self, spec: dict) -> Any:
        """The edition's rule values for ``spec`` (its ``rules`` over the
        defaults): the object its kernels take. Raises :class:`SpecError`
        naming ``rules.<knob>`` for knobs that cannot go together."""

    def surely_within(self, spec: dict, exact: bool = False) -> bool:
        """True only where a cheap upper bound of ``cost(spec, exact)`` fits
        the budget (:func:`.guard.check` skips the estimate then); False: not known."""

    def search_seconds(self, spec: dict, n: int) -> float:
        """The seconds ``n`` rolls of many spend once a kind of roll they meet (a policy's search
        for its choice), beside each roll's dice (:func:`.guard.most_rolls` adds them); 0.0: none."""

    def schema_for(self, roll: str, rules: Any) -> dict[str, Field]:
        """The fields of ``roll`` under ``rules`` (what :meth:`rules_of`
        gives): ``SCHEMAS[roll]`` with the ranges the rules set."""

    def cross_checks(self, spec: dict) -> None:
        """Raise :class:`SpecError` for values that break a rule tying
        several fields together (each field already checked alone)."""

    @property
    def at_table(self) -> TableRules: ...


class Advising(Protocol):
    """The members of ``"advise"`` and ``"kiss_odds"`` in FEATURES."""

    def advise(self, spec: dict, faces: Sequence[int], kissed: Sequence[int] = ()) -> Any: ...

    def kiss_odds(self, spec: dict, faces: Sequence[int], kiss: Sequence[int],
                  ego: bool | None = None) -> dict[str, float]: ...


class Varying(Protocol):
    """The member of ``"vary"`` in FEATURES."""

    def vary_values(self, spec: dict, field: str) -> list | None: ...


#: The editions that ship with the package, in the order users meet them:
#: the one list of them (``vw.EDITIONS``; :func:`ids` adds the registered
#: ones), each a package of ``engine/editions/`` or a shipped draft
#: (:data:`DRAFTED`), loaded on first use by the loader the engine gives
#: the registry (:func:`load_built_ins_with`: the registry imports none of them).
BUILT_IN = ("playtest", "playsheet", "agora", "heresy", "vers")

#: The built-in editions written as drafts (venus_widgets/drafts/<id>.toml), served by
#: ``engine/drafts/built_in.py`` (on first use): each rule written once.
DRAFTED = frozenset({"heresy", "vers"})
#: The ids the shipped drafts had before they served built-in editions: old id -> (the
#: edition's id, the draft's name then, its last version then, its versions before that). Each
#: version is the content hash of the draft's text then, kept in venus_widgets/drafts/old/:
#: specs and logs saved under them still play, and a designer's copy changed from it loads
#: under the id as their own draft (``drafts/built_in.py``).
ALIASES = {"heresy-draft": ("heresy", "The Heresy Engine (a draft)", "ef9025abb6ba", ("32c6783678a4",)),
           "vers-draft": ("vers", "VERS (a draft)", "2d03da4304f3", ("941a73fe5f39",))}

#: The edition a spec without ``edition`` plays: the first built-in one.
DEFAULT = BUILT_IN[0]

_REGISTRY: dict[str, Any] = {}
_LOADING = threading.RLock()
#: Gives the edition of a built-in id (or an old id of :data:`ALIASES`) to register on first use:
#: set by the engine above the editions (``engine/__init__.py``, :func:`load_built_ins_with`).
_LOADER: list[Callable[[str], Any]] = []
#: Editions pinned in this thread (:func:`pinned`): id -> the edition ``get`` hands out here.
_PINNED: ContextVar[Mapping[str, Any]] = ContextVar("pinned_editions", default={})
#: Called with an edition's id after another edition is registered in its place (:func:`watch`).
_WATCHERS: list[Callable[[str], None]] = []


def register(edition: Any) -> None:
    """Add an edition (a module or object satisfying :class:`Edition`) to
    the registry under its ``ID``; a second edition with the same id
    replaces the first (so a test can register a toy edition), every
    result worked out under the first goes (:func:`.caching.forget_results`)
    and what is open is told (:func:`watch`).

    The edition is checked first (:func:`.members.check`): one
    :class:`~.members.ContractError` names every member that is missing or
    of the wrong kind, and a refused edition leaves the registry as it was.
    The registry keeps it complete: the optional members it leaves out take
    their defaults (:mod:`.members`), and :func:`get` hands out that
    complete view (its ``source`` is the edition as given; its members are
    read once, here: an edition changed afterwards is registered again).

    >>> import types
    >>> try:
    ...     register(types.SimpleNamespace(ID="coins", odds=len, SCHEMAS={"task": {}}))
    ... except TypeError as err:
    ...     print(str(err).splitlines()[0]); print(*[name for name, _, _ in err.problems])
    the edition 'coins' (SimpleNamespace) does not satisfy the edition contract (docs/architecture.md#the-contract); change these 9 members:
    denominator cost odds roll roll_many ladder_settings explain_steps explain_roll at_table
    """
    problems = _contract.check(edition)
    if problems:
        raise _contract.ContractError(_registered.describe(edition), problems)
    old = _REGISTRY.get(edition.ID)
    _put(edition.ID, _registered.complete(edition))
    if old is not None and old.source is not edition:
        for watcher in tuple(_WATCHERS):
            watcher(edition.ID)


def watch(callback: Callable[[str], None]) -> None:
    """Call ``callback(edition_id)`` each time another edition is registered
    in the place of one (a draft loaded again): what is open refreshes."""
    _WATCHERS.append(callback)


@contextmanager
def pinned(edition: Any) -> Iterator[Any]:
    """Within the block, and in this thread only, :func:`get` hands out
    ``edition`` (checked as :func:`register` checks it) for its id: an
    earlier version of a draft replaying what it made, or a draft checked
    before other threads see it. Yields the edition as ``get`` hands it out."""
    if isinstance(edition, _registered.Registered):  # as the registry handed it out: checked then
        complete = edition
    else:
        problems = _contract.check(edition)
        if problems:
            raise _contract.ContractError(_registered.describe(edition), problems)
        complete = _registered.complete(edition)
    token = _PINNED.set({**_PINNED.get(), edition.ID: complete})
    try:
        yield complete
    finally:
        _PINNED.reset(token)


def unregister(edition_id: str) -> None:
    """Remove an edition added with :func:`register` (built-in ones stay; an old id of
    one goes back to the shipped draft it was, loaded again on first use)."""
    if edition_id not in BUILT_IN:
        _put(edition_id, None)


def _shipped_old(edition_id: str) -> bool:
    """Whether the registry holds the shipped draft as it was under the old id ``edition_id``
    (not a designer's draft loaded under it)."""
    return edition_id in ALIASES and _REGISTRY[edition_id].VERSION == ALIASES[edition_id][2]


@contextmanager
def as_it_was() -> Iterator[None]:
    """The registry as it was once the block ends: editions registered in
    it go, and editions it replaced or removed come back (a notebook's build
    that loads drafts leaves the process as it found it).

    >>> from venus_widgets.engine.drafts import load_edition
    >>> with as_it_was():
    ...     print(load_edition("coins.toml").ID in ids())
    True
    >>> "coins-draft" in ids()
    False
    """
    before = dict(_REGISTRY)
    try:
        yield
    finally:
        for ident in [k for k in _REGISTRY if k not in before and k not in BUILT_IN and not _shipped_old(k)]:
            _put(ident, None)  # a built-in edition loaded on first use in the block stays
        for ident, registered in before.items():
            if _REGISTRY.get(ident) is not registered:
                _put(ident, registered)


def _put(edition_id: str, registered: Any) -> None:
    """File an edition under its id (``None``: none); when the id had
    one, what was worked out under it goes."""
    had = edition_id in _REGISTRY
    if registered is None:
        _REGISTRY.pop(edition_id, None)
    else:
        _REGISTRY[edition_id] = registered
    if had:
        forget_results()


def at_version_of(edition: Any, spec: Mapping[str, Any], make: Callable[[Mapping[str, Any]], Any]) -> Any:
    """``make(spec)`` (``normalize``) with :func:`pinned` to the edition of
    the spec's ``version`` (a draft loaded again since: :func:`older`)."""
    with pinned(older(edition, spec["version"])):
        return make(spec)


def older(edition: Any, version: Any) -> Any:
    """The edition of another version of ``edition`` (a draft loaded again
    since), kept to replay what it made; else a :class:`SpecError` saying why not."""
    if not edition.VERSION:
        raise SpecError("version", version, f"no version: the edition {edition.ID} does not change while the "
                                            "session runs (leave 'version' out)")
    found = edition.at_version(version) if type(version) is str else None
    if found is None:
        raise SpecError("version", version, f"the version of the draft {edition.ID} loaded now, {edition.VERSION!r}",
                        "this roll was made with a version of the draft that is not loaded in this session: load "
                        "that draft again to replay it, or leave 'version' out to play it by the version loaded now")
    return found


def load_built_ins_with(loader: Callable[[str], Any]) -> None:
    """How a built-in edition is loaded the first time :func:`get` asks for it:
    ``loader(edition_id)`` gives it (the editions and drafts stand above the
    registry, so the engine, which imports them, says it: ``engine/__init__.py``)."""
    _LOADER[:] = [loader]


def get(edition_id: str) -> Edition:
    """The edition with this id (complete: see :func:`register`); a
    :class:`SpecError` naming ``edition`` when there is none."""
    if type(edition_id) is not str:
        if not isinstance(edition_id, str):
            raise SpecError("edition", edition_id, "one of " + ", ".join(ids()), "an edition's name, as a string")
        edition_id = str(edition_id)  # e.g. numpy's str
    here = _PINNED.get()
    if here and edition_id in here:
        return here[edition_id]
    if edition_id not in _REGISTRY and (edition_id in BUILT_IN or edition_id in ALIASES) and _LOADER:
        with _LOADING:  # loaded once, whichever thread asks first
            if edition_id not in _REGISTRY:
                register(_LOADER[0](edition_id))
    try:
        return _REGISTRY[edition_id]
    except KeyError:
        raise SpecError("edition", edition_id, "one of " + ", ".join(ids())) from None


def ids() -> tuple[str, ...]:
    """Every edition's id: the built-in ones first, then registered ones (and one pinned here)."""
    here = _PINNED.get()
    return BUILT_IN + tuple(k for k, v in ({**_REGISTRY, **here} if here else _REGISTRY).items()
                            if k not in BUILT_IN and (k not in ALIASES or v.VERSION != ALIASES[k][2]))


def known(edition_id: str) -> bool:
    """Whether ``edition_id`` is one of :func:`ids` (without building them: asked of every spec)."""
    here = _PINNED.get()
    return (edition_id in BUILT_IN or edition_id in _REGISTRY or edition_id in ALIASES
            or bool(here) and edition_id in here)


def has(edition_id: str, feature: str) -> bool:
    """Whether an edition declares an optional feature."""
    return feature in get(edition_id).FEATURES


def details_class(spec: Mapping[str, Any]) -> type[Details]:
    """The class of the details of a roll of ``spec``: its edition's
    ``DETAILS`` for its kind of roll, else :class:`Facts` (an edition not
    registered here too: a log from elsewhere keeps its facts as they are).
    ``Roll.from_dict(d, details_class(d["spec"]))`` reads a roll typed."""
    try:
        declared = get(spec.get("edition", "")).DETAILS
    except SpecError:
        return Facts
    return declared.get(spec.get("roll", ""), Facts)


def fields_of(edition_id: str, roll: str, rules: Mapping[str, Any] | None = None) -> dict[str, Field]:
    """The fields of a kind of roll of an edition, under checked rules (a
    spec's ``rules``): its ``SCHEMAS`` entry, or what its ``schema_for``
    makes of the rules (a knob may widen a range)."""
    ed = get(edition_id)
    if not rules:
        return ed.SCHEMAS[roll]
    return ed.schema_for(roll, ed.rules_of({"edition": edition_id, "rules": rules}))
