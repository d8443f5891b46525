"""The work of a call that computes many odds or makes many rolls, priced
before any is done: the one function every aggregate goes through (the
ladder, ``solve``, the party ladder and the FC's screen over it, ``sweep``
and the rule lab's heatmap, ``compare``, a log's import and replay), built
on each spec's own estimate (:func:`.guard.estimate`, which
:func:`~.spec.normalize` already holds to about a second).

A call is a list of :class:`Job`: a spec, the settings it is computed at
(the rungs of a ladder, the cells of a grid; ``({},)``: the spec alone) and
what is computed (``"odds"``, ``"exact"``, ``"both"``, ``"roll"``).
:func:`price` adds up each spec's estimate, plus the fixed work of one
call (:data:`PER_ODDS`, :data:`PER_ROLL`); past :data:`SAMPLED` settings
it prices that many, evenly spread from the first to the last, and counts
the rest at their mean (the model stays cheap: a ladder of a thousand rungs
is priced from 24); specs that share a draft's counts (a ladder's rungs over
the successes needed: :mod:`..drafts.counts_kept`) are charged the counting
once a call and each other its outcome. :func:`check` refuses a call over
:data:`MAX_CALL_SECONDS` or :data:`MAX_CALL_BYTES` before any work, with a
:class:`~..errors.SpecError` naming the field that brings it within (a
count of dice, the nearest value that fits), or, when no field of the spec
does, the part of the call that is too heavy (the rungs, the cells, the
variants, the entries) in words.

>>> from venus_widgets.engine.contract.spec import normalize
>>> p = price([Job(normalize({"roll": "task", "dice": 3}), [{"dice": n} for n in range(1, 31)])])
>>> p.specs, p.seconds < MAX_CALL_SECONDS
(30, True)
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, NamedTuple, Sequence

from . import cost as _cost, guard as _guard
from ..errors import SpecError

#: The most one call may take (estimated), and hold at its peak.
MAX_CALL_SECONDS = 2.0
MAX_CALL_BYTES = _cost.MAX_BYTES
#: The fixed work of one odds call beyond its counting (normalizing, the
#: odds made from the counts) and of one roll (the roll made, its words).
PER_ODDS = 3e-4
PER_ROLL = 2.5e-3
#: What one die of a single roll made again takes (a Python object per die, the roll read and written
#: again; measured: a log's import, 12 rolls of 1,000 exploding d10 in 0.59 s, of 40 d6 pushed in 36 ms).
ROLL_DIE_SECONDS = 1e-4
#: A spec of a call of many odds that the cost guard refuses: its estimate made (a thousand dice
#: re-rolled: about 12 ms of Python, the model's loops over the re-rolls' states).
REFUSED = 2e-2
#: The settings of one job priced one by one; past this many, a sample.
SAMPLED = 24

KINDS = ("odds", "exact", "both", "roll")


class Job(NamedTuple):
    """A spec computed at some settings (each a dict of fields over the
    spec, or a whole spec of its own); ``kind``: see the module."""

    spec: Mapping[str, Any]
    settings: Sequence[Mapping[str, Any]] = ({},)
    kind: str = "odds"
    #: who the spec is, in a refusal that names one of its fields ("Ana": "Ana: dice")
    label: str = ""


class Priced(NamedTuple):
    """A call's estimate: ``seconds`` and ``memory`` (bytes, the heaviest
    spec's: they are computed one after another), the number of ``specs``,
    the ``heaviest`` of those priced, and its seconds (``each``)."""

    seconds: float
    memory: float
    specs: int
    heaviest: Mapping[str, Any] | None
    each: float
    label: str = ""


def _sample(settings: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """At most :data:`SAMPLED` of the settings, evenly spread, the first and the last
    among them (read by index: a sequence that makes its items as they are read makes only these)."""
    n = len(settings)
    if n <= SAMPLED:
        return list(settings)
    return [settings[round(i * (n - 1) / (SAMPLED - 1))] for i in range(SAMPLED)]


def spec_price(spec: Mapping[str, Any], kind: str = "odds", normalized: bool = False,
               checked: bool = False) -> tuple[float, float, Mapping[str, Any] | None]:
    """``(seconds, bytes, normalized spec)`` of one spec (``normalized``:
    as given): a spec the rules refuse costs a refusal's fixed work (it is
    not computed); ``checked``: the spec's estimate made here is the cost
    guard's check of it, kept (:func:`.guard.passed`: the spec computed
    next is not checked again), so its price leaves the check out
    (:attr:`.cost.Cost.check`)."""
    r = _priced(spec, kind, normalized)
    if not checked:
        return r.seconds, r.memory, r.spec
    if r.spec is not None:
        for exact in {"odds": (False,), "exact": (True,), "both": (False, True)}.get(kind, ()):
            _guard.passed(r.spec, exact)
    return r.seconds - r.check, r.memory, r.spec


class _Rung(NamedTuple):
    """One spec of a call priced: its seconds, bytes, normalized spec, the keys of the counts it
    touches (:attr:`.cost.Cost.kept`) and its seconds when every one was left by an earlier spec."""

    seconds: float
    memory: float
    spec: Mapping[str, Any] | None
    keys: tuple = ()
    finish: float = 0.0
    #: the seconds it shares with the specs of its edition, version and rules in one call, and who they are
    shared: float = 0.0
    group: Any = None
    #: the bytes its odds leave held once made (:attr:`.cost.Cost.keeps`)
    keeps: float = 0.0
    #: the seconds of the cost guard's own check of it, in ``seconds`` (:attr:`.cost.Cost.check`)
    check: float = 0.0


def _priced(spec: Mapping[str, Any], kind: str = "odds", normalized: bool = False) -> _Rung:
    from .spec import normalize

    try:
        s = spec if normalized else normalize(spec, priced=False)
    except SpecError:
        return _Rung(PER_ODDS, 0.0, None, (), PER_ODDS)
    c = _guard.estimate(s)
    if kind == "roll":
        sec = PER_ROLL + ROLL_DIE_SECONDS * (c.one or c.held or c.dice)
        return _Rung(sec, 0.0, s, (), sec)
    if not _guard.within(c):  # refused by the cost guard, not computed: the estimate made (a call of many odds
        made = PER_ODDS + max(REFUSED, c.check_seconds + c.estimate_seconds)  # leaves it out without looking
        return _Rung(made, 0.0, None, (), made)
    seconds = finish = memory = shared = check = 0.0  # for the nearest value that fits)
    keys: tuple = ()
    if kind in ("odds", "both"):
        seconds, finish, memory, keys = c.seconds + PER_ODDS, c.finish_seconds + PER_ODDS, c.memory, c.kept
        shared, check = c.shared_seconds, c.check_seconds + c.estimate_seconds
        # (the check's estimate as counted while made, the kept counts' part once a call)
        seconds, finish = seconds + c.estimate_seconds, finish + c.estimate_kept_seconds
    if kind in ("exact", "both"):
        e = _guard.estimate(s, exact=True)
        if _cost.fits(e):  # else refused up front by the guard, and the floats kept
            seconds, memory = seconds + e.seconds + PER_ODDS, max(memory, e.memory)
            finish, keys = finish + e.finish_seconds + PER_ODDS + e.estimate_kept_seconds, keys + e.kept
            seconds += e.estimate_seconds
            shared, check = shared + e.shared_seconds, check + e.check_seconds + e.estimate_seconds
    group = (s["edition"], s.get("version"), repr(s.get("rules"))) if shared else None
    return _Rung(seconds, memory, s, keys, finish, min(shared, finish), group, c.keeps or _cost.KEPT_BYTES, check)


def _picked(n: int) -> list[int]:
    """The indices :func:`_sample` reads."""
    return list(range(n)) if n <= SAMPLED else [round(i * (n - 1) / (SAMPLED - 1)) for i in range(SAMPLED)]


def price(jobs: Iterable[Job]) -> Priced:
    """What the call of these jobs takes, estimated (see the module).

    Specs that share their counts (:attr:`.cost.Cost.kept`: a ladder's rungs over the successes
    needed, over a field the dice do not read) are charged the counting once in the call, each
    other only its outcome (never nothing), while the keys the call touches are at most
    :data:`.cost.KEPT` (none dropped before the call ends); past a sample,
    the settings between two sampled ones that share their keys share them too, and between two
    that do not, each may touch keys of its own."""
    memory = each = 0.0
    specs = 0
    heaviest, label = None, ""
    sampled: list[tuple[int, list[int], list[_Rung]]] = []
    touched: set = set()
    unseen = 0  # the keys the settings left out of a sample may touch
    known: dict[str, _Rung] = {}  # a spec the call holds twice is estimated once (an FC screen's characters
    # whose ladders run over the same rungs: six of d100 pools re-rolled, 144 estimates, 1.35 s to refuse)

    def priced(spec: Mapping[str, Any], kind: str) -> _Rung:
        key = repr((kind, spec))
        found = known.get(key)
        if found is None:
            found = known[key] = _priced(spec, kind)
        return found

    for job in jobs:
        if job.kind not in KINDS:
            raise ValueError(f"kind {job.kind!r}: one of {KINDS}")
        settings = job.settings if len(job.settings) else ({},)
        at = _picked(len(settings))
        rungs = [priced({**job.spec, **settings[i]}, job.kind) for i in at]
        for r in rungs:
            memory = max(memory, r.memory)
            touched.update(r.keys)
            if r.seconds > each:
                each, heaviest, label = r.seconds, r.spec, job.label
        for (i, a), (j, b) in zip(zip(at, rungs), zip(at[1:], rungs[1:])):
            if a.keys != b.keys:
                unseen += (j - i - 1) * max(len(a.keys), len(b.keys))
        sampled.append((len(settings), at, rungs))
        specs += len(settings)
    sharing = len(touched) + unseen <= _cost.KEPT
    seen: set = set()
    seconds = 0.0
    for n, at, rungs in sampled:
        mean = sum(r.seconds for r in rungs) / len(rungs)
        if not sharing or not any(r.keys for r in rungs):
            seconds += mean * n  # as priced before counts were shared: the sample's mean, every setting
            continue
        for k, r in enumerate(rungs):
            seconds += r.finish if r.keys and seen.issuperset(r.keys) else r.seconds
            seen.update(r.keys)
            if k + 1 < len(rungs):  # the settings between this sampled one and the next
                b, gap = rungs[k + 1], at[k + 1] - at[k] - 1
                seconds += gap * (max(r.finish, b.finish) if r.keys and r.keys == b.keys else mean)
    return Priced(seconds - _shared(sampled), memory + _held(sampled, specs), specs, heaviest, each, label)


def _held(sampled: Sequence[tuple[int, list[int], list[_Rung]]], specs: int) -> float:
    """The bytes the odds of a call leave held as it goes on (:attr:`.cost.Cost.keeps`: its odds, a draft's
    plans with their cells), at most :data:`.cost.KEPT_ODDS` specs' worth (the store drops the rest), each
    as the heaviest priced (the last specs of a call, those kept, are often its largest: measured with
    tracemalloc, ``solve`` over a shipped draft's two counts of dice, 2,257 specs, held 11 MB, 14 MB at the peak)."""
    if specs <= 1:
        return 0.0  # (one spec: its own memory, :attr:`.cost.Cost.memory`)
    return max(r.keeps for _, _, rungs in sampled for r in rungs) * min(specs, _cost.KEPT_ODDS)


def _shared(sampled: Sequence[tuple[int, list[int], list[_Rung]]]) -> float:
    """The seconds the specs of a call save by the work they share (:attr:`.cost.Cost.shared`): every
    spec of an edition, version and rules after the first of the call; past a sample, the settings
    between two sampled ones of the same group (between two of different groups: none saved)."""
    seen: set = set()
    saved = 0.0
    for _, at, rungs in sampled:
        for k, r in enumerate(rungs):
            if not r.shared:
                continue
            if r.group in seen:
                saved += r.shared
            seen.add(r.group)
            if k + 1 < len(rungs) and rungs[k + 1].group == r.group:
                saved += (at[k + 1] - at[k] - 1) * min(r.shared, rungs[k + 1].shared)
    return saved


def check(field: str, value: Any, jobs: Sequence[Job], what: str, allowed: str = "") -> Priced:
    """Refuse the call of ``jobs`` over :data:`MAX_CALL_SECONDS` or
    :data:`MAX_CALL_BYTES` (estimated) before any work: a
    :class:`SpecError` naming the heaviest spec's field whose nearest value
    brings the call within, or else ``field`` (``value``; ``allowed``: what
    it may be), with ``what`` the call's parts in words ("1,000 rungs of
    the ladder"). Returns the estimate."""
    p = price(jobs)
    if p.seconds <= MAX_CALL_SECONDS and p.memory <= MAX_CALL_BYTES:
        return p
    if p.seconds > MAX_CALL_SECONDS:
        said, limit = _cost.beyond(p.seconds, MAX_CALL_SECONDS, "s")
        heavy = f", the heaviest about {_said(p.each)}" if p.specs > 1 else ""
        hint = f"{what} would take an estimated {said} in all{heavy}, more than the {limit} one call may take"
    else:  # the memory: said in its own unit, what one call may hold (not a time between the two)
        said, limit = _cost.beyond(p.memory, MAX_CALL_BYTES, "MB")
        hint = f"{what} would hold an estimated {said} in all, more than the {limit} one call may hold"
    varied = {k for job in jobs for setting in _sample(job.settings) for k in setting}
    lever = _lever(p, varied) if p.heaviest is not None and p.seconds > MAX_CALL_SECONDS else None
    if lever is not None:
        name, given, words = lever
        raise SpecError(f"{p.label}: {name}" if p.label else name, given, words, hint)
    raise SpecError(field, value, allowed or f"fewer than {p.specs:,} in one call", hint)


def _said(seconds: float) -> str:
    return f"{seconds:.1f} s" if seconds >= 0.1 else f"{seconds * 1000:.0f} ms"


def _lever(p: Priced, varied: set[str]) -> tuple[str, Any, str] | None:
    """The heaviest spec's first lever (:attr:`.cost.Cost.levers`), other
    than the fields the call itself varies, with a value at which every
    spec of the call, at that spec's cost, fits:
    ``(field, value given, the values allowed in words)``."""
    assert p.heaviest is not None
    spec = p.heaviest
    n = max(p.specs, 1)
    share = MAX_CALL_SECONDS / n - PER_ODDS
    if share <= 0:
        return None
    for field, direction in _guard.estimate(spec).levers:
        if field in varied:
            continue  # (every spec but the first of the call without the work they share: :func:`_shared`)
        found = _guard.nearest(spec, False, field, direction,
                               lambda c: c.seconds - c.shared_seconds * (n - 1) / n <= share and _cost.fits(c))
        if found is not None:
            given, _, allowed = found
            return field, given, allowed.replace("for this roll", "for this call")
    return None
