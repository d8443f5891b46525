"""A roll on the table as typed state (:class:`OpenRoll`: the spec and
choices it was rolled with, whatever the controls do later) and the table
view drawn from it (:func:`view`). The steps that change it are the
:class:`~.table_session.TableSession`'s; every rule is the edition's answer
(``at_table``, through :mod:`.table_words`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine import api as _api
from ..engine.table.rolls import Roll
from ..engine.contract.spec import Spec
from ..engine.contract.table_answers import Choices
from . import table_words as words

if TYPE_CHECKING:
    from .rolllog import RollLog

#: What the table says when the settings changed after this roll was rolled.
STALE_NOTE = ("The settings changed after this roll: it stays as it was rolled (and is logged so); "
              "the chance above is for the new settings. Roll again to play them.")


@dataclass
class Entered:
    """Faces a table typed for a roll by hand (``None``: not typed yet)."""

    faces: list[int] | None = None
    kiss_faces: list[int] | None = None


@dataclass
class OpenRoll:
    """One roll on the table, from its first faces to its last choice.

    ``spec``, ``wanted`` and ``texts`` are the roll's own (taken when it
    starts); ``first`` the first faces, ``roll`` the roll that stands (None
    while it waits at KISS); ``selected``/``ego_reroll`` the KISS choice
    being made, ``kiss``/``ego`` the one made; ``spent``/``subverted`` what
    the successes bought; ``entry`` its log entry's id in ``log``;
    ``with_ego`` the roll with Ego spent after the KISS round, where that
    changes something; ``stale`` once the settings moved on."""

    spec: Spec
    seed: int | None
    log: RollLog
    entered: Entered | None = None
    wanted: list[str] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    first: Roll | None = None
    roll: Roll | None = None
    selected: list[int] = field(default_factory=list)
    ego_reroll: bool = False
    kiss: list[int] | None = None
    ego: bool | None = False
    spent: list[Any] = field(default_factory=list)
    subverted: Any = None
    entry: int | None = None
    with_ego: Roll | None = None
    stale: bool = False

    def copy(self) -> OpenRoll:
        """A copy whose lists are its own (a refused request puts it back)."""
        return dataclasses.replace(
            self, entered=None if self.entered is None else dataclasses.replace(self.entered),
            wanted=list(self.wanted), texts=list(self.texts), selected=list(self.selected),
            kiss=None if self.kiss is None else list(self.kiss), spent=list(self.spent))

    @property
    def choices(self) -> Choices:
        return Choices(tuple(self.spent), self.subverted, tuple(self.texts))

    def sentence(self) -> str:
        """The one-line result of the roll that stands and its choices."""
        assert self.roll is not None
        return words.rules(self.spec).sentence(self.spec, self.roll, self.choices)

    def play(self, kiss: Any = None, ego: Any = None) -> Roll:
        """This roll's dice with a KISS choice: seeded, or from the faces typed."""
        if self.entered is None:
            return _api.roll(self.spec, self.seed, kiss=kiss, ego=ego)
        return _api.enter(self.spec, self.entered.faces or [], kiss=kiss or [], kiss_faces=self.entered.kiss_faces or [],
                          ego=ego)


def view(t: OpenRoll, phase: str) -> dict[str, Any]:
    """The table as the view draws it: the roll ``t`` at step ``phase``."""
    assert t.first is not None
    spec, first, r = t.spec, t.first, t.roll
    table = words.rules(spec)
    shown = r if r is not None else first
    marks = words.contributions(spec, shown)
    st = words.steps(spec)
    view: dict[str, Any] = {
        "phase": phase, "seed": "" if t.seed is None else str(t.seed), "entered": t.entered is not None,
        "edition": spec["edition"], "kind": spec["roll"],
        "dice": [words.die_view(d, spec, first, t.selected, phase, m) for d, m in zip(shown.dice, marks)],
        "legend": words.legend(spec, shown, marks),
        "selected": list(t.selected),
        "before": words.before(spec),
        "stale": t.stale,
        "note": STALE_NOTE if t.stale else "",
    }
    if phase == "kiss":
        head = table.kiss_start(spec, first)
        tips = words.advice(spec, first, t.selected, t.ego_reroll)
        view.update({
            "budget": head.budget, "budget_left": head.budget - table.kiss_cost(spec, first, t.selected),
            "successes": head.successes, "goal": head.goal,
            "step": {"name": st.kiss_label, "unit": list(st.unit)},
            "ego_reroll": {"available": st.ego_reroll, "on": t.ego_reroll, "label": st.ego_reroll_label},
            "advice": tips,
        })
        sel = tips.get("selected")
        if sel:  # the engine's exact chance of the dice on the table, with the selection as it stands
            view["now"] = {"p_pass": sel["p_pass"], "p_goal": sel["p_goal"],
                           "what": "if you KISS the dice selected" if t.selected or t.ego_reroll
                           else "if you keep the dice"}
    else:
        assert r is not None
        view["now"] = {"p_pass": 1.0 if r.passed else 0.0, "p_goal": 1.0 if r.goal_reached else 0.0,
                       "what": "the dice stand: " + ("passed" if r.passed else "failed")}
        view.update({"outcome": r.outcome, "passed": r.passed, "goal_reached": r.goal_reached,
                     "ego_spent": r.ego_spent, "result": t.sentence(), "said": table.announce(spec, r),
                     "details": words.jsonable(r.details.to_dict()), "kissed": list(r.kissed)})
        view["ego_after"] = {"available": phase == "spend" and t.with_ego is not None, "label": st.ego_label}
        view.update(table.view_extra(spec, r))
        if phase == "spend":
            menu = table.spend_menu(spec, r, t.choices)
            view["spend"] = {"kind": None} if menu is None else menu.view(spec["edition"])
    return view
