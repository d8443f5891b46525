"""What the rule lab's view draws, computed in Python from a
:class:`~venus_widgets.engine.tools.compare.Comparison`: each variant's
chance and its one sentence, the rows of the difference at a glance
(:mod:`venus_widgets.engine.tools.compare_glance`: at most about 15, the
long tail grouped), each variant's full verdict, and seeded rolls beside
odds that are not a fraction; the base rules' name. Rule sets are keyed ``base``, ``A``, ``B``.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..engine.contract.guard import most_rolls
from ..engine.tools.compare import Comparison
from ..engine.tools.sample import sample
from .plain_words import rules_named

SAMPLE_ROLLS = 20_000  # seeded rolls shown beside odds that are not a fraction (exploding dice)
SAMPLE_SECONDS = 0.1  # at most, estimated, for each (base, A, B): fewer rolls of dice that roll on, or none


def odds_view(c: Comparison, names: Mapping[str, str]) -> dict[str, Any]:
    """The view's odds: ``names`` maps ``base``, ``A``, ``B`` to the names in ``c``."""
    key = {n: k for k, n in names.items()}

    def keyed(d: Mapping[str, Any]) -> dict[str, Any]:
        return {key[n]: x for n, x in d.items()}

    rows = [{**r, "p": keyed(r["p"]), "d": keyed(r["d"]), **({"p_last": keyed(r["p_last"])} if "p_last" in r else {}),
             **({"said": keyed(r["said"])} if "said" in r else {}), "key": str(r["key"])} for r in c.glance()]
    return {
        "ok": True,
        "names": dict(names),
        "rules_named": rules_named(c.spec["edition"]),  # the lab's title: its rules by their name, never their id
        "p_pass": keyed(c.p_pass),
        "p_goal": keyed(c.p_goal),
        "headlines": {k: c.headline(names[k]) for k in ("A", "B")},
        "verdicts": {k: c.verdicts[names[k]] for k in ("A", "B")},
        "rows": rows,
        "notes": sorted({note for o in c.odds.values() for note in o.notes}),
        "sample": samples(c, names),
    }


def samples(c: Comparison, names: Mapping[str, str]) -> dict[str, Any]:
    """For odds that are not a fraction (exploding dice): seeded rolls
    beside them. Rational odds (past 2**53 too) are exact: never sampled."""
    out = {}
    for key, name in names.items():
        o = c.odds[name]
        n = min(SAMPLE_ROLLS, most_rolls(o.spec, SAMPLE_SECONDS)) if not o.rational else 0
        if n:  # as many rolls as the lab's time allows (dice that roll on cost more; none past it)
            s = sample(o.spec, n=n, seed=1)
            out[key] = {"n": s.n, "p": s.p_pass, "exact": o.p_pass, "spread": s.spread, "cut": o.truncated,
                        "checkpoints": [list(cp) for cp in s.checkpoints], "verdict": s.verdict()}
    return out
