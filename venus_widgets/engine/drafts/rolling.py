"""Seeded rolls of a draft, by the same plan and the same policy as the
odds: one roll die by die (:func:`roll`), many vectorised (:func:`roll_many`).

The first faces come from the seed's first stream, every die at once in
die order (groups in the draft's order), then the dice they explode into,
round by round; the re-rolled dice's new faces from the second stream, one
per re-rolled die in die order, then their explosions. So ``kiss=[]`` shows
the first faces, and the same seed with the player's choice keeps them;
inside :func:`~venus_widgets.engine.table.rolls.entered` the faces a table typed
take the streams' place (``vw.enter``).

Many rolls (:func:`roll_many`) draw a block's first faces a group at a
time, die by die, each group followed by its chains (one face per die
still exploding, level by level: :mod:`.thrown`); the re-roll step's new
faces, one per die it takes, die by die, from the block's second stream.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import numpy as np

from ..table.details import Facts
from ..errors import SpecError
from ..table.rolls import Die, Roll, in_blocks, streams
from .details import recorded
from .kernel import budget
from .model import VALUE
from .plan import Plan, evaluate
from .readings import Ordered, Tally
from .thrown import Thrown, chain, small, tally, throw, values
from .values import added, outcome_value

#: What the dice show, by name: ``successes``, ``total``, each mark and each reading's key.
Quantities = dict[str, Any]


def _faces(gen: Any, sides: Sequence[int]) -> list[int]:
    """One face per die (``sides`` of each), in one draw where the dice are alike."""
    if not sides:
        return []
    if len(set(sides)) == 1:
        return [int(f) for f in gen.integers(1, sides[0] + 1, size=len(sides))]
    return [int(gen.integers(1, s + 1)) for s in sides]


def read(plan: Plan, parts: Mapping[int, Thrown], rows: int) -> Quantities:
    """What the dice show (``parts``: each group's dice, by its index in
    ``plan.groups``, chains included: :class:`.thrown.Thrown`):
    ``successes``, ``total``, each mark and each of the plan's readings, one
    value per row."""

    def by(of: Any) -> np.ndarray:
        """What each face adds by ``of(group)`` (None: nothing), added up over the dice."""
        return tally(parts, rows, lambda g: of(plan.groups[g]))

    q: Quantities = {"successes": by(lambda g: g.table.successes),
                     "total": by(lambda g: range(1, g.table.sides + 1))}
    for i, m in enumerate(plan.marks):
        q[m] = by(lambda g, i=i: g.table.marks[i])
    sliced: list[np.ndarray] | None = None  # each die with its chain added up, a slice of rows at a time
    for r in plan.readings:
        if r.key in q:
            continue
        if isinstance(r, Ordered):
            if sliced is None:
                sliced = values(parts, rows)[0]
            gi = [g for g, d in parts.items() for _ in range(d.first.shape[0])]
            mask = np.array([r.reads(plan.groups[g].name) for g in gi], dtype=bool)
            q[r.key] = np.concatenate([r.of_dice(v, mask) for v in sliced])
        else:
            assert isinstance(r, Tally)
            q[r.key] = by(lambda g, r=r: r.faces(g.table, plan.marks) if r.reads(g.name) else None)
    return q


def _one(q: Quantities) -> Quantities:
    """The first row of each quantity, as plain ints."""
    return {k: int(v[0]) for k, v in q.items()}


def _parts(dice: Sequence[Die], gof: Sequence[int], first: int) -> dict[int, Thrown]:
    """The first ``first`` dice with the dice they exploded into, as
    :func:`read` takes them (one row)."""
    start: dict[int, int] = {}
    faces: dict[int, list[int]] = {}
    for i in range(first):
        start.setdefault(gof[i], i)
        faces.setdefault(gof[i], []).append(dice[i].after)
    more: dict[int, list[tuple[int, int]]] = {g: [] for g in faces}
    for d in dice[first:]:
        root = d.exploded_from
        while root is not None and root >= first:
            root = dice[root].exploded_from
        if root is not None:
            more[gof[root]].append((root - start[gof[root]], d.after))
    return {g: Thrown(np.array([fs], dtype=np.int64).T, np.zeros(len(more[g]), dtype=np.int64),
                      np.array([i for i, _ in more[g]], dtype=np.int64),
                      np.array([f for _, f in more[g]], dtype=np.int64)) for g, fs in faces.items()}


def happened(plan: Plan, q: Quantities, v: Any) -> list[str]:
    """The draft's events that happened (or, on arrays, where)."""
    env = {**plan.env, **q, VALUE: v}
    return [e.name for e in plan.draft.events if bool(evaluate(e.rule, env, plan.rules, plan.draft))]


def value_of(plan: Plan, q: Quantities) -> Any:
    """The outcome's value of what the dice show (numbers, or arrays of them: :mod:`.values`)."""
    return outcome_value(plan, q)


def degree_of(plan: Plan, v: int) -> str:
    """The name of the degree ``v`` falls in (``""`` without degrees; below
    the lowest, the draft's ``below``, else the lowest degree)."""
    name = plan.draft.outcome.below or (plan.degrees[0][1] if plan.degrees else "")
    for low, n in plan.degrees:
        if v >= low:
            name = n
    return name


def _grade(grade: Any) -> str | int | None:
    return grade if isinstance(grade, (str, int)) and not isinstance(grade, bool) else None


def roll(plan: Plan, spec: dict, seed: int, kiss: list[int] | None = None, ego: bool | None = None) -> Roll:
    """A seeded roll (``kiss=None``: the step's policy; a list: those dice;
    ``ego``: the doubling step forced on or off, None by the policy)."""
    first, second = streams(seed)
    gof: list[int] = []
    for gi, g in enumerate(plan.groups):
        gof += [gi] * g.count
    faces = _faces(first, [plan.groups[gi].table.sides for gi in gof])
    n = len(faces)
    dice = [_die(plan, i, gi, f, f) for i, (gi, f) in enumerate(zip(gof, faces))]
    _explode(plan, first, dice, gof, list(range(n)))
    v0 = value_of(plan, _one(read(plan, _parts(dice, gof, n), 1)))
    eligible = [i for i, f in enumerate(faces) if f in plan.groups[gof[i]].eligible]
    rr = plan.draft.reroll
    if kiss is None:
        chosen: list[int] = []
        cap = budget(plan)
        if rr is not None and cap and (plan.when == "always" or v0 < plan.goal):
            order = sorted(eligible, key=lambda i: (-plan.groups[gof[i]].table.chance, faces[i], i))
            chosen = sorted(order[:cap])
    else:
        chosen = _check(plan, faces, kiss, eligible)
    for i, f in zip(chosen, _faces(second, [plan.groups[gof[i]].table.sides for i in chosen])):
        dice[i] = _die(plan, i, gof[i], faces[i], f, kissed=True)
    _explode(plan, second, dice, gof, chosen)
    q = _one(read(plan, _parts(dice, gof, n), 1))
    v = value_of(plan, q)
    spent = False
    adds = 0
    d = plan.draft.double
    if d is not None and plan.double:
        adds = added(plan, q)
        spent = (bool(ego) if ego is not None else v < plan.goal) and adds > 0
        if spent:
            v = value_of(plan, {**q, "successes": q["successes"] + adds})
            mark = d.adds.expr.text.strip()
            if mark in plan.marks:  # each die showing the mark counts once more
                row = plan.marks.index(mark)
                dice = [x if not plan.groups[gof[x.index]].table.marks[row][x.after - 1] else
                        Die(x.index, x.owner, x.grade, x.sides, x.before, x.after, x.kissed, x.scores + 1,
                            x.exploded_from) for x in dice]
    v = int(v)
    details: dict[str, Any] = {"threshold": plan.threshold, "goal": plan.goal, "value_before_reroll": int(v0),
                               **q}
    if plan.draft.events:  # after the doubling step, as the odds count them
        details["events"] = happened(plan, {**q, "successes": q["successes"] + (adds if spent else 0)}, v)
    if plan.draft.outcome.degrees:
        details["degree"] = degree_of(plan, v)
    if plan.draft.details:  # the facts its [details] name, alone
        details = recorded(plan, {**details, VALUE: v}, degree_of(plan, v))
    return Roll(spec=spec, seed=seed, dice=tuple(dice), outcome=v, passed=v >= plan.threshold,
                goal_reached=v >= plan.goal, kissed=tuple(chosen), ego_spent=spent, details=Facts.from_dict(details))


def _die(plan: Plan, i: int, gi: int, before: int, after: int, kissed: bool = False,
         src: int | None = None) -> Die:
    g = plan.groups[gi]
    return Die(i, g.owner, _grade(g.grade), g.table.sides, before, after, kissed, g.table.successes[after - 1],
               exploded_from=src)


def _explode(plan: Plan, gen: Any, dice: list[Die], gof: list[int], start: Sequence[int]) -> None:
    """Add the dice that ``start`` explode into, round by round (``exploded_from``
    set), to ``dice`` and their groups to ``gof``."""
    level = {i: 0 for i in start}
    pending = [i for i in start if _boom(plan, gof[i], dice[i].after, 0)]
    while pending:
        new = _faces(gen, [plan.groups[gof[i]].table.sides for i in pending])
        nxt = []
        for src, f in zip(pending, new):
            idx = len(dice)
            dice.append(_die(plan, idx, gof[src], f, f, src=src))
            gof.append(gof[src])
            level[idx] = level[src] + 1
            if _boom(plan, gof[src], f, level[idx]):
                nxt.append(idx)
        pending = nxt


def _boom(plan: Plan, gi: int, face: int, level: int) -> bool:
    t = plan.groups[gi].table
    return t.explode[face - 1] and (t.depth is None or level < t.depth)


def _check(plan: Plan, faces: Sequence[int], kiss: Sequence[int], eligible: Sequence[int]) -> list[int]:
    """The dice the player re-rolls, checked: each a die, each once, a face
    the step takes, within the budget."""
    rr = plan.draft.reroll
    n = len(faces)
    if rr is None and kiss:
        raise SpecError("kiss", list(kiss), "no dice to re-roll", f"{plan.draft.name} has no KISS: leave kiss empty")
    name = rr.name if rr is not None else "re-roll"
    for i in kiss:
        if not 0 <= i < n:
            raise SpecError("kiss", list(kiss), f"die indices from 0 to {n - 1}", f"this roll has {n} dice")
    if len(set(kiss)) != len(kiss):
        raise SpecError("kiss", list(kiss), "each die at most once")
    for i in kiss:
        if i not in eligible:
            raise SpecError("kiss", list(kiss), f"dice the {name} step may take", f"die {i + 1} shows {faces[i]}")
    cap = plan.budget if rr is not None else 0
    if len(kiss) > cap:
        raise SpecError("kiss", list(kiss), f"at most {cap} dice (the {name} budget)")
    return sorted(kiss)


# --------------------------------------------------------------------------
# Many rolls, vectorised
# --------------------------------------------------------------------------


def roll_many(plan: Plan, n: int, seed: int) -> np.ndarray:
    """Outcomes of ``n`` rolls by the policy, vectorised in blocks."""
    return in_blocks(n, seed, lambda rows, g1, g2: _block(plan, rows, g1, g2))


#: Rows of a block whose dice the re-roll step chooses at a time (it sorts each row's dice).
SLICE = 2048


def _block(plan: Plan, rows: int, g1: np.random.Generator, g2: np.random.Generator) -> np.ndarray:
    """``rows`` outcomes: every group's first faces from ``g1`` (a group at
    a time, die by die), each followed by its chains; the re-rolled dice's
    new faces from ``g2`` (only the dice taken, die by die, a group at a
    time), each group's followed by their chains."""
    ranks = {c: i for i, c in enumerate(sorted({g.table.chance for g in plan.groups}, reverse=True))}
    takes: list[tuple[int, np.ndarray, tuple[int, int]]] = []  # (group, first faces, (chance rank, first index))
    parts: dict[int, Thrown] = {}
    index = 0
    for gi, g in enumerate(plan.groups):
        if not g.count:
            continue
        t = g.table
        parts[gi] = throw(t, g1.integers(1, t.sides + 1, size=(g.count, rows), dtype=small(t.sides)), g1)
        if g.eligible:
            takes.append((gi, parts[gi].first.T, (ranks[t.chance], index)))
        index += g.count
    q = read(plan, parts, rows)
    rr = plan.draft.reroll
    cap = budget(plan)
    if rr is not None and cap and takes:
        v0 = np.broadcast_to(np.asarray(value_of(plan, q)), (rows,))
        go = (v0 < plan.goal) if plan.when == "short" else np.ones(rows, dtype=bool)
        take = np.concatenate([_taken(plan, takes, go, cap, lo) for lo in range(0, rows, SLICE)])
        start = 0
        for gi, faces, _ in takes:
            count = faces.shape[1]
            at = np.flatnonzero(take[:, start:start + count].T)  # die by die, as the faces are held
            start += count
            t = plan.groups[gi].table
            new = g2.integers(1, t.sides + 1, size=len(at), dtype=faces.dtype)
            first = parts[gi].first.copy()
            first.ravel()[at] = new  # a face the step takes never explodes: its chain was empty
            parts[gi] = parts[gi].more(first, *chain(t, at, new, g2))
        q = read(plan, parts, rows)
    v = np.broadcast_to(np.asarray(value_of(plan, q), dtype=np.int64), (rows,))
    d = plan.draft.double
    if d is not None and plan.double:
        adds = np.broadcast_to(np.asarray(added(plan, q), dtype=np.int64), (rows,))
        more = np.where(v < plan.goal, adds, 0)
        v = np.broadcast_to(np.asarray(value_of(plan, {**q, "successes": q["successes"] + more}), dtype=np.int64),
                            (rows,))
    return np.array(v, dtype=np.int64)


def _taken(plan: Plan, takes: Sequence[tuple[int, np.ndarray, tuple[int, int]]], go: np.ndarray, cap: int,
           lo: int) -> np.ndarray:
    """Which dice of the rows ``lo`` to ``lo + SLICE`` the re-roll step takes
    (``takes``: per group the step may take, its first faces, its chance's
    rank and its first die's index): the dice it takes first, as one roll's
    step takes them (the highest chance, the lowest face, the first die)."""
    keys = []
    for gi, faces, (rank, index) in takes:
        f = faces[lo:lo + SLICE].astype(np.int64)
        key = rank * 1_000_000 + f * 1_000 + (index + np.arange(f.shape[1]))[None, :]
        keys.append(np.where(np.isin(f, plan.groups[gi].eligible), key, np.iinfo(np.int64).max))
    key = np.concatenate(keys, axis=1)
    ok = key < np.iinfo(np.int64).max
    order = np.argsort(key, axis=1, kind="stable")
    ranked = np.take_along_axis(ok, order, axis=1)
    picked = ranked & (np.cumsum(ranked, axis=1) <= cap) & go[lo:lo + SLICE, None]
    take = np.zeros_like(ok)
    np.put_along_axis(take, order, picked, axis=1)
    return take
