"""Advice for the player who KISSes by hand: which dice to KISS, with the
exact odds of each choice (docs/rules_agora.md#advice): :func:`advise`
prices every choice at once, :func:`kiss_odds` one choice exactly.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import chain, product
from typing import Sequence

import numpy as np

from ...table.advice import Advice, Option
from ...errors import SpecError
from .distribution import summary
from .fresh import reroll
from .kernels import categories, help_faces, help_weights, weights
from .policy import kiss_key, policy_kiss
from .reading import AUTO, layout, successes, threshold
from .rolling import check_kiss
from .rules import rules_of


def _face_kind(face: int, rank: int) -> int:
    """What a die showing ``face`` does for the odds: 0 a 1 (a failure that
    counts towards snake eyes), 1 another failure, 2 a success Ego does not
    double (short of a 6)."""
    return 0 if face == 1 else 1 if face < rank else 2


def _doubled(face: int, rank: int, spec: dict) -> bool:
    """A success Ego counts twice: at least ``ego_double_from`` (a 6)."""
    return face >= max(rank, rules_of(spec).ego_double_from)


def advise(spec: dict, faces: Sequence[int], kissed: Sequence[int] = ()) -> Advice:
    """Which dice to KISS, with the exact odds of each choice: an
    :class:`~venus_widgets.engine.table.advice.Advice`.

    ``faces`` are the faces showing in die order (the rank-1 help die may be
    omitted or given as 0); ``kissed`` the dice already KISSed. Options are
    the failed dice (and, with Ego, the successes other than 6s: a KISSed 4
    may come up 6 and count twice), within the budget. Dice of the same
    owner (main pool or help die) and the same kind of face (a 1, another
    failure, a success short of 6) are interchangeable, so each count per
    owner and kind is one option, its dice taken lowest face first (as the
    policy takes them). Each option gives ``p_pass`` (= ``p_goal``) and
    ``p_critical`` after that KISS and Ego by the policy; ``policy`` marks
    the policy's choice. Options are sorted best first (P(pass), then fewer
    criticals, then fewer dice).

    >>> a = advise({"edition": "agora", "roll": "check", "rank": 4, "health": 2, "helpers": [], "kiss": 1,
    ...             "helper_kiss": False, "ego": False, "snakes": "same", "difficulty": "standard"}, [1, 2])
    >>> [(o.kiss, o.p_pass, o.policy) for o in a.options]
    [((0,), 0.5, True), ((1,), 0.5, False), ((), 0.0, False)]
    """
    n, help_rank, ranks = layout(spec)
    faces = _check_faces(spec, faces, ranks)
    kissed = sorted(set(int(i) for i in kissed))
    rolled = len(ranks) - (help_rank == AUTO)  # the rank-1 help die, last, is not rolled
    for i in kissed:
        if not 0 <= i < rolled:
            raise SpecError("kissed", kissed, f"indices of rolled dice, from 0 to {rolled - 1}",
                            f"this roll has {rolled} rolled dice")
    check_kiss(spec, faces, [], kissed)
    target = threshold(spec)
    succ0 = successes(faces, ranks)
    policy = policy_kiss(spec, faces, kissed) if succ0 < target else []
    budget = spec["kiss"] - sum(1 for i in kissed if i < n or not spec["helper_kiss"])
    groups: dict[tuple[bool, int], list[int]] = {}
    if succ0 < target:
        for i, (f, r) in enumerate(zip(faces, ranks)):
            if i in kissed or r == AUTO or _doubled(f, r, spec) or (f >= r and not spec["ego"]):
                continue
            groups.setdefault((i >= n, _face_kind(f, r)), []).append(i)
    for dice in groups.values():
        dice.sort(key=lambda i: (kiss_key(ranks[i], faces[i]), i))  # as the policy takes them
    keys = sorted(groups)
    grid = np.array(list(product(*(range(len(groups[k]) + 1) for k in keys))), dtype=np.int64)
    grid = grid.reshape(len(grid), len(keys))  # no group: one row, the choice of KISSing nothing
    budgeted = np.array([not help or not spec["helper_kiss"] for help, _ in keys], dtype=np.int64)
    grid = grid[grid @ budgeted <= budget]
    priced = _choices_odds(spec, faces, ranks, keys, grid, n, help_rank)
    canon = [sum(1 for i in policy if (i >= n, _face_kind(faces[i], ranks[i])) == k) for k in keys]
    options = []
    prefixes = [[groups[k][:c] for c in range(len(groups[k]) + 1)] for k in keys]
    for counts, (pp, pc) in zip(grid.tolist(), priced):
        chosen = tuple(sorted(chain.from_iterable(pre[c] for pre, c in zip(prefixes, counts))))
        mine = counts == canon
        options.append(Option(chosen, False, pp, pp, pc, "policy" if mine else "" if chosen else "none", mine))
    options.sort(key=lambda o: (-o.p_pass, o.p_critical, len(o.kiss), o.kiss))
    if options and not options[0].policy:
        options[0] = replace(options[0], label="optimal")
    return Advice(tuple(faces), succ0, target, target, budget, tuple(policy),
                  options[0].kiss if options else (), tuple(options))


def kiss_odds(spec: dict, faces: Sequence[int], kiss: Sequence[int], ego: bool | None = None) -> dict[str, float]:
    """Exact odds if the dice ``kiss`` are KISSed now (then Ego by the
    policy; ``ego=False``: no Ego): ``p_pass`` (= ``p_goal``) and
    ``p_critical``. ``kiss`` is checked by :func:`check_kiss`, the check
    :func:`roll` makes (indices, rolled dice, the budget, no KISS once the
    goal is reached).

    >>> spec = {"roll": "check", "rank": 4, "health": 2, "helpers": [], "difficulty": "standard",
    ...         "kiss": 1, "helper_kiss": False, "ego": False, "snakes": "same"}
    >>> round(kiss_odds(spec, [1, 2], [0])["p_pass"], 4)   # one die KISSed: 1/2
    0.5
    """
    n, help_rank, ranks = layout(spec)
    faces = _check_faces(spec, faces, ranks)
    check_kiss(spec, faces, kiss)
    pp, pc = _option_odds(dict(spec, ego=False) if ego is False else spec, faces, ranks, sorted(kiss), n, help_rank)
    return {"p_pass": pp, "p_goal": pp, "p_critical": pc}


def _choices_odds(spec: dict, faces: list[int], ranks: list[int], keys: list[tuple[bool, int]], grid: np.ndarray,
                  n: int, help_rank: int | None) -> list[tuple[float, float]]:
    """P(pass), P(critical) of many KISS choices at once: ``grid[c, j]``
    dice of the group ``keys[j]`` (owner, kind of face) KISSed.

    A choice's odds depend only on the dice it KISSes per owner (``k`` main
    dice, the help die or not) and on the 6s, successes and 1s it keeps.
    The fresh dice's joint law of (6s, successes, 1s) is built once per
    owner, one die more at a time with :func:`~.fresh.reroll`; P(pass) needs only
    its (6s, successes) margin and P(critical) its 1s margin, shifted by
    what each choice keeps and read by :func:`_summary`, the rules' last
    step."""
    rolled = [i for i in range(len(ranks)) if ranks[i] != AUTO]
    double_from = rules_of(spec).ego_double_from
    total = np.array([sum(_doubled(faces[i], ranks[i], spec) for i in rolled),
                      sum(faces[i] >= ranks[i] for i in rolled) + (help_rank == AUTO),
                      sum(faces[i] == 1 for i in rolled)], dtype=np.int64)
    # what one KISSed die of each group takes away: never a 6; a success short of 6; a 1
    lose = np.array([[0, kind == 2, kind == 0] for _, kind in keys], dtype=np.int64).reshape(-1, 3)
    kept = total - grid @ lose
    k_main = grid @ np.array([not help for help, _ in keys], dtype=np.int64)
    helped = grid @ np.array([help for help, _ in keys], dtype=np.int64) > 0
    priced = np.zeros((len(grid), 2))
    fresh = {}
    for h in (False, True):
        if not (helped == h).any():
            continue
        top = int(k_main[helped == h].max())
        ph, h6, hs, h1, _ = help_faces(help_rank if h else None, False, double_from)
        die = categories(spec["rank"], False, double_from)
        cells = reroll(ph, h6, hs, h1, np.zeros(ph.size, dtype=np.int64), die)
        for k in range(top + 1):
            nz = cells[0] > 0
            cells = tuple(x[nz] for x in cells)
            fresh[(k, h)] = cells
            if k < top:  # one more fresh main die
                cp, c6, cs, c1 = cells
                cells = reroll(cp, c6, cs, c1, np.ones(cp.size, dtype=np.int64), die)
    for (k, h), cells in fresh.items():
        rows = np.nonzero((k_main == k) & (helped == h))[0]
        if not rows.size:
            continue
        p, f6, fs, f1 = cells
        size = int(max(fs.max(), f1.max())) + 1
        m2 = np.bincount(f6 * size + fs, weights=p, minlength=size * size)
        m1 = np.bincount(f1, weights=p, minlength=size)
        x6, xs = np.divmod(np.arange(size * size), size)
        x1 = np.arange(size)
        a6, a_s, a1 = (kept[rows, j][:, None] for j in range(3))
        none2, none1 = np.zeros((rows.size, x6.size), dtype=np.int64), np.zeros((rows.size, x1.size), dtype=np.int64)
        passed = summary(spec, m2, x6 + a6, xs + a_s, none2, spec["ego"])["passed"]  # 6s and successes
        crit = summary(spec, m1, none1, none1, x1 + a1, spec["ego"])["crit"]  # 1s
        priced[rows, 0] = (m2 * passed).sum(axis=1)
        priced[rows, 1] = (m1 * (crit > 0)).sum(axis=1)
    return [(float(pp), float(pc)) for pp, pc in priced]


def _check_faces(spec: dict, faces: Sequence[int], ranks: list[int]) -> list[int]:
    faces = list(faces)
    if ranks and ranks[-1] == AUTO and len(faces) == len(ranks) - 1:
        faces.append(0)
    if len(faces) != len(ranks):
        raise SpecError("faces", faces, f"{len(ranks)} faces, one per die in roll order")
    for i, (f, r) in enumerate(zip(faces, ranks)):
        ok = f == 0 if r == AUTO else isinstance(f, (int, np.integer)) and not isinstance(f, bool) and 1 <= f <= 6
        if not ok:
            raise SpecError(f"faces[{i}]", f, "0 for the rank-1 help die" if r == AUTO else "a face from 1 to 6")
    return [int(f) for f in faces]


def _option_odds(spec: dict, faces: list[int], ranks: list[int], chosen: Sequence[int], n: int,
                 help_rank: int | None) -> tuple[float, float]:
    """P(pass), P(critical) when the dice ``chosen`` are KISSed: counted in
    whole numbers of ways out of ``6**m`` for the ``m`` fresh dice (int64,
    exact below 2**63: 24 fresh dice at most make 6**24 < 2**63; Python ints
    beyond), each divided once (correctly rounded, the same everywhere)."""
    keep = [i for i in range(len(ranks)) if i not in chosen and ranks[i] != AUTO]
    six = sum(_doubled(faces[i], ranks[i], spec) for i in keep)
    succ = sum(faces[i] >= ranks[i] for i in keep) + (help_rank == AUTO)
    ones = sum(faces[i] == 1 for i in keep)
    k = sum(1 for i in chosen if i < n)
    helped = n in chosen  # the help die, always a rolled one (check_kiss refuses the rank-1 one)
    double_from = rules_of(spec).ego_double_from
    den = 6 ** (k + helped)
    kind = np.int64 if den < 2**63 else object  # every count, partial sum and product stays below den
    ph, h6, hs, h1, _ = help_weights(help_rank if helped else None, True, double_from)
    die = weights(spec["rank"], True, double_from).astype(kind)
    p, s6, sc, on = reroll(ph.astype(kind), six + h6, succ + hs, ones + h1, np.full(ph.size, k), die)
    r = summary(spec, p, s6, sc, on, spec["ego"])
    return float(Fraction(int(r["p"][r["passed"]].sum()), den)), float(Fraction(int(r["p"][r["crit"] > 0].sum()), den))
