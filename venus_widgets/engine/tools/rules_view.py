"""``vw.rules(edition)``: the rules a playtester may change, in one table.

Each edition declares its knobs (:mod:`..contract.knobs`); this module shows them to
people: the name a spec's ``rules`` uses, the default (the reading of
``docs/rules_<edition>.md``), the values allowed and the seed sentence the
default comes from.

>>> k = rules("playtest")
>>> k.names[:3]
('success_from', 'threshold_base', 'max_factors')
>>> k["threshold_base"].default
1
>>> rules("heresy").edition
'heresy'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterator

from ..export import html_text
from ..contract.edition import DEFAULT, get
from ..errors import UnknownName
from ..contract.knobs import Knob


@dataclass(frozen=True)
class Knobs:
    """An edition's rule knobs, in the order a playtester meets them
    (iterable, indexable by name; renders as a table in a notebook)."""

    edition: str
    knobs: tuple[Knob, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(k.name for k in self.knobs)

    def __iter__(self) -> Iterator[Knob]:
        return iter(self.knobs)

    def __len__(self) -> int:
        return len(self.knobs)

    def __contains__(self, name: object) -> bool:
        """Whether the edition has a knob of this name (or this knob).

        >>> "success_from" in rules("playtest"), "dice" in rules("playtest")
        (True, False)
        """
        return name in self.knobs if isinstance(name, Knob) else name in self.names

    def __getitem__(self, name: str) -> Knob:
        for k in self.knobs:
            if k.name == name:
                return k
        raise UnknownName("knob", name, f"a rule of the {self.edition} edition: " + (", ".join(self.names) or "none"))

    def defaults(self) -> dict[str, Any]:
        """Every knob's default: what a spec without ``rules`` plays by."""
        return {k.name: k.default for k in self.knobs}

    def describe(self) -> list[dict[str, Any]]:
        """JSON-able, for a widget."""
        return [k.describe() for k in self.knobs]

    def __repr__(self) -> str:
        return f"<rules of {self.edition}: {', '.join(self.names) or 'none'}>"

    def _repr_html_(self) -> str:
        e = html_text
        rows = "".join(
            f"<tr><th scope='row'><code>{e(k.name)}</code></th><td>{e(_what(k))}</td>"
            f"<td><code>{e(json.dumps(k.default))}</code></td><td>{e(k.allowed)}</td><td>{e(k.seed or k.says)}</td></tr>"
            for k in self.knobs)
        return (f"<table class='vw-rules'><caption>Rule knobs of the {html_text(self.edition)} edition "
                "(a spec's <code>rules</code> changes them)</caption>"
                "<thead><tr><th scope='col'>knob</th><th scope='col'>what it is (the rolls it changes)</th>"
                "<th scope='col'>default</th>"
                "<th scope='col'>allowed</th><th scope='col'>seed sentence</th></tr></thead>"
                f"<tbody>{rows}</tbody></table>")


def _what(k: Knob) -> str:
    """A knob in the table's words, with the rolls it changes: "Most allies (task)"."""
    return k.label + (f" ({', '.join(k.rolls)})" if k.rolls else "")


def rules(edition: str = DEFAULT) -> Knobs:
    """The rule knobs of an edition (a :class:`SpecError` naming
    ``edition`` when there is none)."""
    ed = get(edition)
    return Knobs(ed.ID, tuple(ed.KNOBS))
