"""Advice for a task on the table: the exact odds of KISS choices for the
faces showing (:func:`kiss_odds` of one, :func:`advise` of the ones worth
weighing), in the one :class:`~venus_widgets.engine.table.advice.Advice` type.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable, Sequence

import numpy as np

from ...table.advice import Advice, Option
from ...errors import SpecError
from .choices import choice_pmf, state_choices
from .dice import FAIL, face_class
from .policy import check_kiss, counts_of, default_kiss, pick
from .rules import rules_of
from .task import calibers, goal, threshold


def _check_faces(faces: Sequence[int], cals: Sequence[str]) -> list[int]:
    faces = list(faces)
    if len(faces) != len(cals):
        raise SpecError("faces", faces, f"{len(cals)} faces, one per die in roll order (own dice, then allies)")
    for i, f in enumerate(faces):
        if isinstance(f, bool) or not isinstance(f, (int, np.integer)) or not 1 <= f <= 6:
            raise SpecError(f"faces[{i}]", f, "a face from 1 to 6")
    return [int(f) for f in faces]


def kiss_odds(spec: dict, faces: Sequence[int], kiss: Sequence[int], ego: bool | None = None) -> dict[str, float]:
    """Exact ``p_pass`` and ``p_goal`` if the dice ``kiss`` are KISSed now
    (then Ego ``double6`` by the policy if the spec has it and the roll is
    still short). ``kiss`` is checked by :func:`check_kiss`, the check
    :func:`roll` makes (indices, each die once, the budget); ``ego`` as in
    :func:`roll`: ``True`` with Ego ``reroll`` KISSes every failed die as
    well, ``False`` spends no Ego.

    >>> spec = {"roll": "task", "caliber": "bronze", "dice": 2, "learning": False, "factors": 0,
    ...         "allies": [], "kiss": 1, "ego": "none", "consequences": 0, "policy": "failures"}
    >>> kiss_odds(spec, [1, 2], [0])["p_pass"]   # one Bronze die KISSed: 2 in 6
    0.3333333333333333
    """
    cals = calibers(spec)
    faces = _check_faces(faces, cals)
    check_kiss(spec, faces, kiss)
    chosen = set(kiss)
    rules = rules_of(spec)
    if ego and spec["ego"] == "reroll":
        chosen |= {i for i, (f, c) in enumerate(zip(faces, cals)) if face_class(f, c, rules) == FAIL}
    p_pass, p_goal = _choice_odds(dict(spec, ego="none") if ego is False else spec, faces, cals, sorted(chosen))
    return {"p_pass": p_pass, "p_goal": p_goal}


def _choice_odds(spec: dict, faces: list[int], cals: Sequence[str], chosen: Iterable[int]) -> tuple[float, float]:
    """P(pass), P(goal) when the dice ``chosen`` are KISSed (then double6),
    each correctly rounded from its Fraction."""
    p_pass, p_goal = _choice_fractions(spec, faces, cals, chosen)
    return float(p_pass), float(p_goal)


def _choice_fractions(spec: dict, faces: list[int], cals: Sequence[str], chosen: Iterable[int]) -> tuple[Fraction, Fraction]:
    """:func:`_choice_odds` exactly, in Fractions."""
    rules = rules_of(spec)
    g = goal(spec, rules)
    counts = counts_of(faces, cals, range(len(cals)), rules)
    _, fin = choice_pmf(counts, counts_of(faces, cals, chosen, rules), len(cals) + 1, g, spec["ego"] == "double6",
                        True, rules)
    return Fraction(fin[threshold(spec, rules):].sum()), Fraction(fin[g:].sum())


def advise(spec: dict, faces: Sequence[int], kissed: Sequence[int] = ()) -> Advice:
    """Which dice to KISS for the faces showing (die order as :func:`roll`):
    an :class:`~venus_widgets.engine.table.advice.Advice`.

    >>> import venus_widgets as vw
    >>> a = vw.advise({"roll": "task", "dice": 2, "kiss": 1}, [1, 3])
    >>> a.policy, a.optimal, a.successes, a.goal
    ((0,), (0,), 0, 1)
    >>> [(o.label, o.kiss, round(o.p_pass, 4), o.policy) for o in a.options]
    [('policy', (0,), 0.3333, True), ('die 1', (1,), 0.3333, False), ('none', (), 0.0, False)]

    Dice already ``kissed`` cannot be KISSed again and use up the budget.
    Options: no KISS, the default policy's choice, the optimal choice (by
    counts per caliber and class, each taken lowest face first), and every
    single die. Each is exact given the faces.
    """
    cals = calibers(spec)
    faces = _check_faces(faces, cals)
    kissed = sorted(set(int(i) for i in kissed))
    for i in kissed:
        if not 0 <= i < len(cals):
            raise SpecError("kissed", kissed, f"die indices from 0 to {len(cals) - 1}")
    left = spec["kiss"] - len(kissed)
    if left < 0:
        raise SpecError("kissed", kissed, f"at most {spec['kiss']} dice (the KISS budget)")
    rules = rules_of(spec)
    g, thr = goal(spec, rules), threshold(spec, rules)
    free = [i for i in range(len(cals)) if i not in kissed]
    free_counts = counts_of(faces, cals, free, rules)
    succ = sum(face_class(f, c, rules) != FAIL for f, c in zip(faces, cals))

    def evaluate(dice: Sequence[int], ego_r: bool) -> tuple[Fraction, Fraction]:
        chosen = set(dice)
        if ego_r:
            chosen |= {i for i in free if face_class(faces[i], cals[i], rules) == FAIL}
        return _choice_fractions(spec, faces, cals, chosen)

    default, ego_d = default_kiss(spec, faces, cals, free, left) if succ < g else ([], False)
    best = (evaluate(default, ego_d)[1], default, ego_d)
    if succ < g:  # the optimal choice over the free dice, the kissed ones staying as they are
        for choice, ego_r in state_choices(free_counts, left, spec["ego"], rules):
            chosen = pick(faces, cals, choice, free, rules)
            pg = evaluate(chosen, ego_r)[1]
            if pg > best[0]:  # exact: a tie keeps the default policy's choice
                best = (pg, chosen, ego_r)
    policy, ego_p = (best[1], best[2]) if spec["policy"] == "optimal" else (default, ego_d)
    raw = [("policy", tuple(policy), ego_p), ("optimal", tuple(best[1]), best[2]), ("none", (), False)]
    if left > 0:
        raw += [(f"die {i}", (i,), False) for i in free]
    seen = set()
    options = []
    for label, dice, ego_r in raw:
        key = (tuple(sorted(dice)), ego_r)
        if key in seen:
            continue
        seen.add(key)
        pp, pg = evaluate(dice, ego_r)
        options.append(Option(tuple(int(i) for i in sorted(dice)), bool(ego_r), float(pp), float(pg), None, label,
                              policy=key == (tuple(sorted(policy)), ego_p)))
    options.sort(key=lambda o: (-o.p_goal, -o.p_pass, o.label not in ("policy", "optimal"), len(o.kiss)))
    return Advice(tuple(faces), succ, thr, g, left, tuple(policy), tuple(best[1]), tuple(options))
