"""The roll at the table: first faces, KISS selection with exact advice,
commit, Ego, spending successes, the result line and the log entry.

The engine rolls a spec, a seed and a KISS choice in one call
(``roll(spec, seed, kiss=[...], ego=...)``): the first faces come from the
seed's first stream and KISSed dice from the second, so rolling with
``kiss=[]`` shows the first faces, and rolling again with the chosen dice
gives the same first faces with those dice KISSed. Budget and once-per-die
are enforced here (for the view's messages) and again by the engine.

A roller holds one :class:`TableSession`; the roll on its table is an
:class:`~.open_roll.OpenRoll` (typed state: the spec and choices it was rolled with,
whatever the controls do later). Every rule is the edition's answer
(``at_table``, through :mod:`.table_words`): this module names no edition.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Protocol

from ..engine import api as _api
from ..engine.contract.spec import Spec
from ..engine.errors import SpecError
from ..engine.table.rolls import Roll
from . import table_words as words
from .from_view import MessageError, PlainError, read_list
from .log_record import make_entry
from .open_roll import STALE_NOTE, Entered, OpenRoll, view

if TYPE_CHECKING:
    from .rolllog import RollLog

#: The steps where the roll waits for a choice that changes its dice: the
#: settings are held (the view's controls are shut, the browser's changes
#: refused and sent back) until the dice stand.
OPEN = ("kiss", "enter_kiss")

#: What the table answers while it waits for typed faces.
_WHILE_ENTERING = ("enter", "replay")


class TableRoller(Protocol):
    """What a session reads and writes of its roller (other settings by name)."""

    table: dict[str, Any]
    status: str
    error: str
    log: "RollLog"

    def _normalized(self) -> Spec: ...


class TableSession:
    """The table of one roller: the roll on it (:attr:`open`), the step it
    waits at (:attr:`phase`) and every step of it. It writes the roller's
    ``table``, ``status`` and ``error`` traits and its log; a refused step
    raises :class:`SpecError` (the roller puts everything back)."""

    #: the step: "idle", "enter" (typed faces awaited), "kiss", "enter_kiss", "spend", "done"
    phase: str
    open: OpenRoll | None
    answers: str | None = None  #: the view's step being answered (its step_id): every table drawn for it says so

    def __init__(self, roller: TableRoller) -> None:
        self.w = roller
        self.open = None
        self.phase = "idle"

    # -- the state a refused request puts back ------------------------------------------------

    def snapshot(self) -> tuple[str, OpenRoll | None]:
        """The step and the roll on the table, as a refused request puts them back."""
        return self.phase, None if self.open is None else self.open.copy()

    def restore(self, saved: tuple[str, OpenRoll | None]) -> None:
        self.phase, self.open = saved

    def _show(self, phase: str, table: dict[str, Any]) -> None:
        """The table at ``phase``: the session's step and the view's dict of it."""
        self.phase = phase
        rest = {k: v for k, v in table.items() if k != "answers"}
        self.w.table = rest if self.answers is None else {**rest, "answers": self.answers}

    # -- settings while a roll is on the table ------------------------------------------------

    @property
    def is_open(self) -> bool:
        """Whether a roll waits at a step that changes its dice (KISS, or the
        new faces of KISSed dice typed by hand)."""
        return self.phase in OPEN

    def held_text(self) -> str:
        """Why a setting is held, and what ends the hold, in the table's words."""
        step = ("type the new faces of the KISSed dice" if self.phase == "enter_kiss"
                else "KISS the selected dice or keep the dice")
        return f"The settings are held while this roll is open: {step} first, then change them for the next roll."

    def hold(self, data: dict) -> str:
        """Browser values of settings while a roll is open: taken out of
        ``data`` (so they are sent back unchanged); returns why, or "" when
        nothing was held. The seed only changes the next roll: it is kept."""
        if not self.is_open:
            return ""
        held = [k for k in data if k != "seed" and data[k] != getattr(self.w, k)]
        for k in held:
            del data[k]
        return self.held_text() if held else ""

    def settings_changed(self) -> None:
        """A setting changed with a roll on the table (from Python while the
        roll is open: the view holds them). A roll by hand still waiting for
        its first faces asks for the dice of the new settings; any other roll
        stays as it was rolled, and the table says so."""
        t = self.open
        if t is None:
            return
        phase = self.phase
        if phase == "idle":
            return
        if phase == "enter":  # nothing rolled yet: the dice to roll follow the settings
            try:
                spec = self.w._normalized()
            except SpecError:
                return
            if spec != t.spec:
                self.begin_entry(spec)
                self.w.status = "The settings changed, so the dice to roll did too. " + self.w.status
            return
        if not t.stale:
            t.stale = True
            self._show(phase, {**self.w.table, "stale": True, "note": STALE_NOTE})

    # -- start ------------------------------------------------------------------------------

    def _new(self, spec: Spec, seed: int | None, entered: Entered | None) -> OpenRoll:
        """A roll that keeps what the roller holds when it starts: the
        consequences wanted and typed are the roll's, whatever the controls do later."""
        return OpenRoll(spec, seed, self.w.log, entered, wanted=list(getattr(self.w, "wanted", []) or []),
                        texts=list(getattr(self.w, "consequence_texts", []) or []))

    def start(self, spec: Spec, seed: int | None, entered: Entered | None = None) -> Roll:
        """Roll ``spec`` (or play the faces ``entered``): a roll with no step
        finishes at once; else its first faces wait at KISS (or go on)."""
        t = self._new(spec, seed, entered)
        if not words.steps(spec).any:
            r = t.play()
            t.first, t.roll, t.ego, t.kiss = r, r, None, None
            self.open = t
            t.entry = t.log.record(None, make_entry(r, kiss=None, ego=None, result=self.sentence()))
            self.w.status = words.rules(spec).announce(spec, r)
            self._render("done")
            return r
        t.first = t.play([], False)
        t.kiss = []
        self.open = t
        if words.stops_at_kiss(spec, t.first):
            self._render("kiss")
            self.w.status = words.kiss_status(spec, self.w.table)
        else:
            self.commit()
        return t.first

    def begin_entry(self, spec: Spec) -> None:
        """By hand: wait for the faces the table rolled with physical dice."""
        dice = [words.to_enter(spec, d) for d in _api.dice_to_enter(spec)]  # first: an error changes nothing
        t = self._new(spec, None, Entered())
        t.kiss = []
        self.open = t
        self._show("enter", {"phase": "enter", "need": "faces", "entered": True, "dice": dice,
                                 "prompt": "Roll these dice and type their faces in this order"})
        self.w.status = "Roll your dice, then type the faces: " + ", ".join(d["words"] for d in dice) + "."

    def enter_faces(self, text: Any) -> Roll | None:
        """The faces the table rolled (first faces, or the KISSed dice's new ones)."""
        t = self.open
        if t is None or t.entered is None or self.phase not in ("enter", "enter_kiss"):
            raise SpecError("phase", self.phase, "a roll by hand waiting for its faces",
                            "tick 'I roll real dice' and press Roll first")
        faces = words.parse_faces(text)
        if self.phase == "enter":  # start plays them before the table changes: a wrong face changes nothing
            r = self.start(t.spec, None, Entered(faces))
            self.w.error = ""
            return r
        t.entered.kiss_faces = faces
        try:
            r = t.play(list(t.selected), True if t.ego_reroll else False)
        except SpecError:
            t.entered.kiss_faces = None
            raise
        self.w.error = ""
        return self._commit(r)

    # -- KISS selection -----------------------------------------------------------------------

    def _need(self, phase: str) -> OpenRoll:
        t = self.open
        if t is None:
            raise SpecError("phase", "idle", f"a roll in its {phase} step", "press Roll first")
        if phase == "kiss" and t.roll is not None:
            raise SpecError("phase", "spend", "a roll waiting for its KISS", "the dice were KISSed already")
        if phase == "spend" and t.roll is None:
            raise SpecError("phase", "kiss", "a roll whose dice stand", "KISS or keep the dice first")
        return t

    def _check_budget(self, t: OpenRoll, chosen: list[int], verb: str, more: str) -> None:
        assert t.first is not None
        table = words.rules(t.spec)
        budget = table.kiss_start(t.spec, t.first).budget
        if table.kiss_cost(t.spec, t.first, chosen) > budget:
            dice = ", ".join(str(i + 1) for i in chosen)
            raise SpecError("kiss", chosen, f"at most {budget} KISSes (the KISS budget)",
                            f"dice {dice} {verb} (indices {chosen} count from 0); each die is KISSed at most once"
                            + more)

    def select(self, index: Any) -> None:
        """Toggle die ``index`` in the KISS selection (budget, once per die)."""
        t = self._need("kiss")
        if isinstance(index, bool) or not isinstance(index, int):
            raise SpecError("kiss", index, "a die index")
        assert t.first is not None
        sel = list(t.selected)
        if index in sel:
            sel.remove(index)
        else:
            ok, why = words.selectable(t.spec, t.first, index)
            if not ok:
                raise SpecError("index", index, f"the index (counted from 0) of {words.a_die_it_takes(t.spec)}", why)
            sel = sorted(sel + [index])
            self._check_budget(t, sel, "selected", "; untick a die first")
        t.selected = sel
        self.w.error = ""
        self._render("kiss")

    def set_selection(self, indices: Any) -> None:
        """Choose the whole KISS selection at once (the view's "Choose"): read
        up to the number of dice on the table before anything else, each die
        at most once, every die checked as a click would be and the budget
        checked; then drawn once. A refused choice changes nothing."""
        t = self._need("kiss")
        assert t.first is not None
        n = len(t.first.dice)
        items = read_list("kiss", indices, n, f"the dice to KISS, each at most once (die indices 0 to {n - 1})",
                          "dice")
        chosen: list[int] = []
        for i in items:
            if isinstance(i, bool) or not isinstance(i, int):
                raise MessageError("kiss", items, f"die indices, whole numbers from 0 to {n - 1}")
            if i in chosen:
                raise MessageError("kiss", items, "each die at most once", f"die {i + 1} (index {i}) is listed twice")
            ok, why = words.selectable(t.spec, t.first, i)
            if not ok:
                raise SpecError("index", i, "the index (counted from 0) of a die that may be KISSed", why)
            chosen.append(i)
        chosen.sort()
        self._check_budget(t, chosen, "chosen", "")
        t.selected = chosen
        self.w.error = ""
        self._render("kiss")  # an empty choice ("keep the dice") selects nothing: the view must still follow

    def set_ego_reroll(self, on: bool) -> None:
        t = self._need("kiss")
        if not words.steps(t.spec).ego_reroll:
            raise SpecError("ego", on, "Ego 'reroll' in the spec", "set ego='reroll' first")
        t.ego_reroll = bool(on)
        self._render("kiss")

    # -- commit, Ego, spending ----------------------------------------------------------------

    def commit(self) -> Roll | None:
        """KISS the selected dice (and Ego reroll if chosen): the dice stand.
        By hand, the KISSed dice first wait for their new faces."""
        t = self.open
        if t is None or t.roll is not None:
            raise SpecError("phase", "commit", "a roll waiting for its KISS", "roll first")
        assert t.first is not None
        ego = True if t.ego_reroll else False
        if t.entered is not None:
            dice = _api.kiss_to_enter(t.spec, t.entered.faces or [], list(t.selected), ego)
            if dice:
                first = t.first.dice
                kiss_words = [words.die_words(t.spec, first[i]) for i in dice]
                self._show("enter_kiss", dict(self.w.table, phase="enter_kiss", need="kiss_faces", entered=True,
                                              kiss_dice=dice, kiss_words=kiss_words,
                                              prompt="Roll the KISSed dice again and type their new faces in this order"))
                self.w.status = "Roll again and type the new faces of " + ", ".join(kiss_words) + "."
                return None
        return self._commit(t.play(list(t.selected), ego))

    def _commit(self, r: Roll) -> Roll:
        t = self.open
        assert t is not None
        spec = t.spec
        t.roll, t.kiss, t.ego = r, list(t.selected), True if t.ego_reroll else False
        # the same dice with Ego spent after the KISS round, rolled once: offered
        # only when it changes something (a die that would count twice showing)
        with_ego = t.play(t.kiss, True) if words.steps(spec).ego_after and not t.ego else None
        t.with_ego = with_ego if with_ego is not None and with_ego.ego_spent else None
        t.spent = list(words.rules(spec).default_spend(spec, r, t.wanted))
        self.w.status = words.rules(spec).announce(spec, r)
        self._update()  # the roll enters the log (its entry's id is kept: later choices update only that entry)
        return r

    def spend_ego(self) -> Roll:
        """Spend Ego after the KISS round (the dice that count twice)."""
        t = self._need("spend")
        st = words.steps(t.spec)
        if not st.ego_after:
            raise SpecError("ego", True, "a spec with Ego to spend after the KISS round")
        if t.ego:
            raise SpecError("ego", True, "Ego not yet spent", "Ego is spent once")
        r = t.with_ego
        if r is None:
            raise SpecError("ego", True, f"a roll where '{st.ego_label}' changes something", "Ego would change nothing")
        t.roll, t.ego, t.with_ego = r, True, None
        self.w.error = ""
        t.spent = list(words.rules(t.spec).spend_more(t.spec, r, t.spent, t.wanted))
        if t.subverted in t.spent:
            t.subverted = None
        self.w.status = words.rules(t.spec).announce(t.spec, r)
        self._update()
        return r

    def toggle_spend(self, item: Any) -> None:
        """Buy or unbuy a consequence (its id, as the spend menu lists it),
        costs enforced by the edition."""
        t = self._need("spend")
        assert t.roll is not None
        t.spent = list(words.rules(t.spec).toggle(t.spec, t.roll, t.spent, item))
        if t.subverted in t.spent:
            t.subverted = None
        self.w.error = ""
        self._update()

    def subvert(self, item: Any) -> None:
        """The FC subverts an unbought consequence (or None)."""
        t = self._need("spend")
        t.subverted = words.rules(t.spec).subvert(t.spec, t.spent, item)
        self._update()

    def sentence(self) -> str:
        """The one-line result of the roll on the table and its choices."""
        assert self.open is not None
        return self.open.sentence()

    def _update(self) -> None:
        """The roll as it stands now into its own log entry, by id (appended
        anew if the log was cleared while the roll was open: never another
        roll's entry), then the view."""
        t = self.open
        assert t is not None and t.roll is not None
        entry = make_entry(t.roll, kiss=t.kiss, ego=t.ego, spent=t.spent, subverted=t.subverted, texts=t.texts,
                           result=self.sentence())
        t.entry = t.log.record(t.entry, entry)
        self._render("spend")

    # -- the view -------------------------------------------------------------------------------

    def _render(self, phase: str) -> None:
        assert self.open is not None
        self._show(phase, view(self.open, phase))

    # -- the view's requests --------------------------------------------------------------------

    def handle(self, content: Mapping) -> None:
        """A request from the view about the roll on the table."""
        action = content.get("do")
        if self.phase in ("enter", "enter_kiss") and action not in _WHILE_ENTERING:
            raise SpecError("do", action, "the faces typed first",
                            "the table waits for the faces your dice show: type them and press Play these faces")
        if action == "select":
            self.select(content.get("index"))
        elif action == "choose":
            kiss = content.get("kiss")
            if not isinstance(kiss, list):
                raise SpecError("kiss", kiss, "a list of die indices")
            self.set_selection(kiss)
        elif action == "ego_reroll":
            self.set_ego_reroll(bool(content.get("on")))
        elif action == "commit":
            self.commit()
        elif action == "spend_ego":
            self.spend_ego()
        elif action == "spend":
            self.toggle_spend(content.get("item"))
        elif action == "subvert":
            self.subvert(content.get("item"))
        elif action == "enter":
            try:
                self.enter_faces(content.get("faces"))
            except SpecError as err:  # the view's words: the die by its number and kind, not faces[0]
                raise PlainError(str(err.field), words.faces_error(self.w.table or {}, err)) from None
        elif action == "replay":
            i = int(content["index"])
            r = self.w.log.replay(i)
            self.w.error = ""
            how = "faces entered by hand" if r.entered is not None else f"seed {r.seed}"
            spec = dict(r.spec)
            self.w.status = f"Replayed roll {i + 1} ({how}): {words.rules(spec).announce(spec, r)}"
        else:
            raise SpecError("do", action, "roll, select, ego_reroll, commit, spend_ego, spend, subvert, export, import")
