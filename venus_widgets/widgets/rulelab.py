"""``RuleLab``: a playtester changes a rule and sees, exactly, what it does.

One cell: the base roll (the same roller as everywhere, so the same
controls), the edition's rule knobs with their defaults and seed sentences,
two variants A and B, the exact odds of the base and both variants side by
side with the differences and a verdict in words (:func:`vw.compare
<venus_widgets.engine.tools.compare.compare>`), and a heatmap over two fields the
user picks (:func:`vw.sweep <venus_widgets.engine.tools.sweep.sweep>`), showing
A, B or B minus A, every number written in its cell.

>>> from venus_widgets.widgets import RuleLab
>>> lab = RuleLab(a={"success_from": {"bronze": 4}}, b={"threshold_base": 2}, dice=3)
>>> lab.panel.variants["A"]["success_from"]["silver"], lab.panel.variants["B"]
(4, {'threshold_base': 2})
>>> lab.panel.view["verdicts"]["A"]
'+17.1 points to pass (1 success): from 70.4 % to 87.5 %; biggest change at 2 or more: +24.1 points'

The view never writes a trait: it sends requests, checked by the one path
every widget inherits (:class:`~venus_widgets.widgets.from_view.ViewChecked`); a
value a knob does not take is shown in the view with what it takes, never
raised into the kernel, and the lab's state (variants, names, axes, what the
heatmap shows) is valid after every message: a write of a trait from the
view is refused, and a request that fails leaves the state as it was.
"""

from __future__ import annotations

from typing import Any, Mapping

import ipywidgets
import traitlets

from ..engine.contract import spec as _spec
from ..engine.contract import edition as _registry
from ..engine.contract.edition import ids
from ..engine.tools.compare import Comparison
from ..engine.errors import SpecError
from .from_view import ViewChecked, refuse_unknown, short
from .lab_panel import LabPanel
from .roller import edition_id
from .roller_values import default_edition, roll_kind
from .rollers import CheckRoller, PoolRoller, TaskRoller

#: What RuleLab() takes besides the base roll's fields.
LAB_OPTIONS = ("edition", "roll", "a", "b", "names", "axes")


def _roller_for(edition: str, roll: str | None, fields: Mapping[str, Any]) -> Any:
    """The roller that rolls ``roll`` in ``edition`` (its first roller's roll if None),
    built with ``fields``: its own errors (a field out of range) reach the user as they are."""
    fitting = []
    for cls in (TaskRoller, CheckRoller, PoolRoller):
        try:
            kind = roll_kind(cls.family, edition)
        except traitlets.TraitError:
            continue  # this roller has no roll in this edition
        fitting.append((cls, kind))
    if not fitting:
        TaskRoller(edition=edition)  # raises the registry's error for an unknown edition
    if roll is not None:
        chosen = [cls for cls, kind in fitting if kind == roll]
        if not chosen:
            raise SpecError("roll", roll, " or ".join(kind for _, kind in fitting))
        return chosen[0](edition=edition, **fields)
    for cls, kind in fitting:  # the first whose fields these are
        names = set(_spec.schema(edition, kind))
        if set(fields) - {"layout", "seed", "rules", "log", "by_hand"} <= names:
            return cls(edition=edition, **fields)
    return fitting[0][0](edition=edition, **fields)  # its error names the unknown field


class RuleLab(ViewChecked, ipywidgets.VBox):
    """The rule lab (see the module): ``RuleLab(edition, roll=None, a=rules,
    b=rules, names=("A", "B"), axes=("dice", "factors"), **fields)``; the
    fields are the base roll's, as for its roller. A variant may also be
    another draft of the game (its id, or what ``vw.load_edition``
    returns): the base roll played by that draft (docs/drafts.md).

    A box of two widgets (the roller and the lab's panel): the view writes
    none of its traits (a write is refused and shown in the panel's error
    line)."""

    _who = "the rule lab"

    def __init__(self, edition: Any = None, roll: str | None = None, *, a: Any = None,
                 b: Any = None, names: tuple[str, str] = ("A", "B"), axes: tuple[str, str] | None = None,
                 **fields: Any) -> None:
        edition = edition_id(edition)  # a loaded draft as its id
        if edition is not None and (not isinstance(edition, str) or not _registry.known(edition.strip().lower())):
            raise SpecError("edition", edition, "one of " + ", ".join(ids()))
        edition = edition.strip().lower() if edition else default_edition(TaskRoller.family)
        if roll is not None and not isinstance(roll, str):
            raise SpecError("roll", roll, "a kind of roll of the edition: " + ", ".join(_spec.ROLL_KINDS[edition]))
        known = sorted({f for kind in _spec.ROLL_KINDS[edition] for f in _spec.schema(edition, kind)}
                       | {"seed", "log", "layout", "rules", "by_hand"} | set(LAB_OPTIONS))
        refuse_unknown("RuleLab", fields, known, "the base roll's fields and the options " + ", ".join(
            [*LAB_OPTIONS, "seed", "log", "rules", "by_hand"]))
        roller = _roller_for(edition, roll, fields)
        self.roller = roller
        self.panel = LabPanel(roller, a=a, b=b, names=names, axes=axes)
        super().__init__([roller, self.panel])

    def _show_error(self, text: str) -> None:
        self.error = text
        self.panel.error = text  # the box has no error line of its own: the panel's shows it

    def _state_names(self) -> tuple[str, ...]:
        return ("children",)

    def _state_problem(self) -> str | None:
        if tuple(self.children) != (self.roller, self.panel):
            return f"children={short(self.children)} is not allowed: expected the roller and the lab's panel"
        return None

    @property
    def comparison(self) -> Comparison | None:
        """The odds shown: base, A and B (:class:`Comparison`)."""
        return self.panel.comparison

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live lab, plus its still (``text/html``: what the lab shows, as
        pictures with alt text and tables) for where no kernel runs."""
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, dict):
            data["text/html"] = self.roller.snapshot_html() + "<hr>" + self.panel.snapshot_html()  # a rule between the two
        return data

    def __repr__(self) -> str:
        p = self.panel
        return (f"RuleLab(edition={p.edition!r}, roll={self.roller.roll!r}, A={p._shown('A')!r}, "
                f"B={p._shown('B')!r})")
