"""A party on one difficulty ladder: which setting gives them about the target chance.

``party_ladder(party, target=0.5)`` puts one to six characters (specs of
the same edition and roll) on their edition's difficulty ladder
(:func:`venus_widgets.engine.tools.solve.ladder`): each rung with every
character's exact P(pass), the rung nearest the target for each character
and for the party (the party's chance at a rung is the mean of its
characters' chances: the share of the party expected to pass), one line
saying why, and the table as CSV or Markdown.

>>> import venus_widgets as vw
>>> p = vw.party_ladder({"Ana": {"roll": "task", "dice": 3}, "Bo": {"roll": "task", "dice": 5}}, 0.5)
>>> p.why
'1 factor: Ana 26 %, Bo 54 % (party 40 %)'
"""

from __future__ import annotations

import math
from itertools import islice
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from .. import export as _export
from ..errors import SpecError
from ..inputs import read_list
from ..format import percent_text
from .solve import check_target, ladder
from ..contract.edition import get as get_edition
from ..caching import Results
from ..contract.spec import Spec
from ..contract import work as _work

#: At most this many characters in a party.
MAX_PARTY = 6


def setting_words(setting: Mapping[str, Any], spec: Mapping[str, Any] | None = None) -> str:
    """A rung in the table's words, as an FC says it; a field of ``spec``'s
    roll without words of its own here by its label ("Sixes needed 2").

    >>> setting_words({"difficulty": "tough", "factors": 1})
    'Tough + 1 factor'
    >>> setting_words({"factors": 2})
    '2 factors'
    >>> setting_words({"difficulty": 1, "factors": [2, 1]})
    'Difficulty 1 + 2 factors (+2, +1)'
    >>> setting_words({"black": 3}), setting_words({"penalty": 1})
    ('3 black dice', 'penalty 1')
    """
    parts: list[str] = []
    for k, v in setting.items():
        if k == "difficulty":
            parts.append(v.capitalize() if isinstance(v, str) else f"Difficulty {v}")
        elif k == "factors":
            n = len(v) if isinstance(v, (list, tuple)) else int(v)
            if parts and n == 0:
                continue  # "Tough", not "Tough + 0 factors"
            words = f"{n} factor{'' if n == 1 else 's'}"
            if isinstance(v, (list, tuple)) and v:
                words += " (" + ", ".join(f"+{x}" for x in v) + ")"
            parts.append(("+ " if parts else "") + words)
        elif k == "black":
            parts.append(f"{v} black {'die' if v == 1 else 'dice'}")
        else:
            parts.append(f"{_label_of(spec, k)} {v}")
    return " ".join(parts)


def _label_of(spec: Mapping[str, Any] | None, name: str) -> str:
    """A field's label in the schema of ``spec``'s roll (its name without one)."""
    if spec is None:
        return name
    from ..contract.spec import schema

    try:
        kind = schema(spec["edition"], spec.get("roll"))[name]
    except (KeyError, ValueError):
        return name
    return str(getattr(kind, "label", "") or name)


@dataclass(frozen=True)
class PartyLadder:
    """The party on its edition's difficulty ladder.

    ``rungs[i]`` is a setting, ``chances[i][j]`` character ``names[j]``'s
    exact P(pass) on it; ``best`` the index of the rung nearest ``target``
    for the party (its mean chance), ``best_for[name]`` each character's.
    Ties go to the easier rung (the higher chance), then the earlier one.
    """

    names: tuple[str, ...]
    specs: tuple[Mapping[str, Any], ...]
    target: float
    rungs: tuple[Mapping[str, Any], ...]
    chances: tuple[tuple[float, ...], ...]

    def party_chance(self, i: int) -> float:
        """The mean of the characters' chances on rung ``i``."""
        if isinstance(i, (bool, np.bool_)) or not isinstance(i, (int, np.integer)) or not 0 <= i < len(self.rungs):
            raise SpecError("i", i, f"a rung's index, a whole number from 0 to {len(self.rungs) - 1}")
        return math.fsum(self.chances[i]) / len(self.names)

    def _nearest(self, chance_of: Callable[[int], float]) -> int:
        return min(range(len(self.rungs)),
                   key=lambda i: (round(abs(chance_of(i) - self.target), 12), -chance_of(i), i))

    @cached_property  # once per ladder: a screen reads it on each of its rows
    def best(self) -> int:
        return self._nearest(self.party_chance)

    @cached_property
    def best_for(self) -> dict[str, int]:
        out = {}
        for j, n in enumerate(self.names):
            column = [row[j] for row in self.chances]
            out[n] = self._nearest(column.__getitem__)
        return out

    @property
    def why(self) -> str:
        """One line: the party's rung, each character's chance on it."""
        i = self.best
        each = ", ".join(f"{n} {percent_text(p)}" for n, p in zip(self.names, self.chances[i]))
        party = f" (party {percent_text(self.party_chance(i))})" if len(self.names) > 1 else ""
        return f"{setting_words(self.rungs[i], self.specs[0])}: {each}{party}"

    def rows(self) -> list[list[str]]:
        """The table as the screen shows it: a header, then one row per rung,
        each chance in whole percents by the one rule ("100 %" only when
        certain, ">99 %", "<1 %"), with who each rung is nearest for."""
        head = ["setting", *self.names, "party", "nearest for"]
        out = [head]
        best_for = self.best_for
        for i, setting in enumerate(self.rungs):
            who = [n for n in self.names if best_for[n] == i] + (["party"] if i == self.best else [])
            out.append([setting_words(setting, self.specs[0]), *(percent_text(p) for p in self.chances[i]),
                        percent_text(self.party_chance(i)), ", ".join(who)])
        return out

    def to_csv(self) -> str:
        """The table as CSV: the chances in percent as the screen shows
        them, then each exact chance in a column of its own, a number from
        0 to 1 (six decimals) a spreadsheet can compute with (every cell
        through :mod:`..export`: one line, no formula).

        >>> import venus_widgets as vw
        >>> print(vw.party_ladder({"Ana": {"roll": "task", "dice": 3}}, 0.5).to_csv().splitlines()[:2])
        ['setting,Ana,party,nearest for,"Ana, chance from 0 to 1","party, chance from 0 to 1"', '0 factors,70 %,70 %,"Ana, party",0.703704,0.703704']
        """
        rows = self.rows()
        rows[0] += [f"{n}, chance from 0 to 1" for n in (*self.names, "party")]
        for i, row in enumerate(rows[1:]):
            row += [f"{p:.6f}" for p in (*self.chances[i], self.party_chance(i))]
        return _export.csv_text(rows)

    def to_markdown(self) -> str:
        """The table in Markdown as the screen shows it, the party's rung in
        bold (every cell through :mod:`..export`: names show as typed, never
        as markup)."""
        rows = self.rows()
        return _export.markdown_table(rows[0], rows[1:], strong=[self.best])

    def _repr_markdown_(self) -> str:
        return (f"Target {_export.markdown_text(percent_text(self.target))}. Nearest for the party: "
                f"{_export.markdown_text(self.why)}\n\n{self.to_markdown()}")


def _named(party: Any) -> list[tuple[str, Mapping[str, Any]]]:
    allowed = f"a dict of 1 to {MAX_PARTY} characters, name -> spec (or a list of specs)"
    if isinstance(party, Mapping):
        items = list(islice(party.items(), MAX_PARTY + 1))
    else:
        items = [(f"#{i + 1}", s) for i, s in enumerate(read_list("party", party, MAX_PARTY, allowed))]
    if not 1 <= len(items) <= MAX_PARTY:
        raise SpecError("party", party, allowed, f"{len(items)} given")
    for name, _ in items:
        if not isinstance(name, str) or not name.strip():
            raise SpecError("party", name, allowed, "each name a non-empty string")
    return items


def party_ladder(party: Mapping[str, Mapping[str, Any]] | Sequence[Mapping[str, Any]],
                 target: float = 0.5) -> PartyLadder:
    """The party's chances on every rung of their edition's difficulty
    ladder (see the module). All characters must be of one edition and
    roll; a spec the rules do not allow is a :class:`SpecError` naming the
    character."""
    t = check_target(target)
    items = _named(party)
    specs = []
    for name, spec in items:
        try:
            specs.append(Spec.of(spec))
        except SpecError as err:
            raise SpecError(f"{name}: {err.field}", err.value, err.allowed, err.hint) from err
    kinds = {(s["edition"], s["roll"]) for s in specs}
    if len(kinds) > 1:
        listed = ", ".join(f"{n} {s['edition']} {s['roll']}" for (n, _), s in zip(items, specs))
        raise SpecError("party", listed, "characters of one edition and roll, on one ladder",
                        "set the same edition and roll for every character")
    key = (tuple(n for n, _ in items), tuple(s.key for s in specs), t)
    return _LADDERS.made(key, lambda: _party_ladder(items, specs, t))


#: The party ladders made lately, by characters and target (a screen asks for its ladder again on each change
#: of its view, and a ladder longer than the odds cache would be counted again each time).
_LADDERS: Results[tuple, PartyLadder] = Results(lambda key: None, 16)  # type: ignore[arg-type,return-value]


def _party_ladder(items: list[tuple[str, Mapping[str, Any]]], specs: list[Spec], t: float) -> PartyLadder:
    jobs = [_work.Job(s, get_edition(s["edition"]).ladder_settings(s), label=name) for (name, _), s in zip(items, specs)]
    _work.check("party", [n for n, _ in items], jobs, f"the ladders of {len(specs)} "
                f"{'character' if len(specs) == 1 else 'characters'} ({sum(len(j.settings) for j in jobs):,} rungs)",
                "fewer characters, or a ladder of fewer rungs")
    ladders = [ladder(s) for s in specs]
    rungs = [dict(r.setting) for r in ladders[0]]
    for (name, _), lad in zip(items, ladders):
        if [r.setting for r in lad] != rungs:  # a rung the rules forbid for one character (e.g. learning)
            allowed_rungs = {repr(r.setting) for r in lad}
            rungs = [r for r in rungs if repr(r) in allowed_rungs]
    by_rung = [{repr(r.setting): r.chance for r in lad} for lad in ladders]
    chances = tuple(tuple(b[repr(r)] for b in by_rung) for r in rungs)
    if not rungs:
        raise SpecError("party", [n for n, _ in items], "characters who share at least one rung of the ladder")
    return PartyLadder(names=tuple(n for n, _ in items), specs=tuple(specs), target=t, rungs=tuple(rungs),
                       chances=chances)
