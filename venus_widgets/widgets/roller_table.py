"""A roller's roll at the table and the view's requests, a plain part of
the roller: Roll, dice by hand, "Why this chance?", the what-ifs, the log's
requests, and the transaction that puts everything back when a request or a
call is refused.

:class:`TableFlow` rolls; the steps of a roll are its
:class:`~.table_session.TableSession` (``roller.session``). A refused
request or Python call (``roll_dice``, ``enter_faces``) leaves the table,
the status and the log as they were.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable, Iterator, Mapping

from ..engine import api as _api
from ..engine.contract.spec import Spec
from ..engine.errors import SpecError
from ..engine.api import explain as _explain_spec
from ..engine.table.rolls import Roll, new_seed
from . import odds_panel, table_words
from .from_view import MessageError, PlainError, read_list
from .one_at_a_time import LOCK
from .rolllog import handle_log_message
from .roller_values import check_seed
from .table_session import TableSession

#: the view's requests that change a setting: held, as the controls are, while a roll is open
SETTINGS_REQUESTS = ("by_hand", "accept_merge", "roll")
#: the longest id a view may give a step of the roll (the view's own are about 12 characters)
STEP_ID_MOST = 64


def typed_faces(entered: Any) -> str:
    """The faces a table typed for a roll, as typed: "6 2 1, then 5" ("" for a seeded roll)."""
    if not isinstance(entered, Mapping) or not entered.get("faces"):
        return ""
    out = " ".join(str(f) for f in entered["faces"])
    if entered.get("kiss_faces"):
        out += ", then " + " ".join(str(f) for f in entered["kiss_faces"])
    return out


class TableFlow:
    """The rolling part of a roller ``w`` (see the module); ``kept`` is the
    roller's values as they stand (:attr:`.roller_values.RollerValues.kept`)."""

    def __init__(self, w: Any, kept: Mapping[str, Any]) -> None:
        self.w, self.kept = w, kept
        self.session = TableSession(w)
        self.explaining = self.hinting = False

    # -- the state a refused request puts back --------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        kept = self.kept
        return {"table": kept["table"], "status": kept["status"], "open": self.session.snapshot(),
                "log": kept["log"], "log_state": kept["log"].kept()}

    def restore(self, snap: Mapping[str, Any]) -> None:
        snap["log"].put_back(snap["log_state"])
        self.session.restore(snap["open"])
        self.w.table = snap["table"]
        self.w.status = snap["status"]

    @contextmanager
    def kept_on_error(self) -> Iterator[None]:
        """A Python call on the table, holding the widgets' lock: if it raises,
        the roll on the table, the status and the log are as they were before it."""
        with LOCK:
            snap = self.w._snapshot()
            try:
                yield
            except BaseException:
                self.w._restore_quietly(snap)
                raise

    # -- requests from the view (checked by ViewChecked._on_msg) -------------------------

    def request(self, action: str, content: Mapping) -> None:
        """A checked request. A step of the roll may carry the view's id for it
        (``step_id``): every table drawn while answering it says so (``answers``),
        so the view moves focus for its step when the step's own answer arrives,
        not for an answer to an earlier message that arrives after the step was
        sent (a die clicked, then "KISS", on a slow kernel)."""
        self.session.answers = _step_id(content.get("step_id"))
        try:
            self._answer(action, content)
        finally:
            self.session.answers = None

    def _answer(self, action: str, content: Mapping) -> None:
        w = self.w
        if handle_log_message(self.kept["log"], w, content):
            return
        if action in SETTINGS_REQUESTS and self.session.is_open:
            raise PlainError(action, self.session.held_text())
        if action == "roll":
            if self.kept["by_hand"]:
                w.error = ""
                self.session.begin_entry(w._normalized())
            else:
                self.roll_dice()
        elif action == "by_hand":
            w.by_hand = bool(content.get("on"))
        elif action == "explain":
            self.explaining = bool(content.get("on"))
            self.explain()
        elif action == "what_if":
            self.hinting = bool(content.get("on"))
            self.what_if()
        elif action == "accept_merge":
            merge = table_words.rules({"edition": w.edition}).merge(w._raw_spec())
            if merge is None:
                raise SpecError("do", action, "a request this roller answers", "only a roll whose values combine into one die has a subset to accept")
            setattr(w, merge.field, list(merge.best))
        else:
            self.session.handle(content)

    def explain(self) -> None:
        """While the view shows it: why the chance to pass is what it is."""
        self._while_shown("explanation", self.explaining, _explanation)

    def what_if(self) -> None:
        """While the view shows them: the chance after each one change the edition lists."""
        self._while_shown("what_ifs", self.hinting, odds_panel.what_ifs)

    def _while_shown(self, trait: str, shown: bool, make: Callable[[Spec], dict[str, Any]]) -> None:
        """Set ``trait`` to what ``make`` says of the roller's spec while the
        view shows it ({"ok": False, "message"} where the spec is not legal),
        else to {}: nothing is computed for what is not shown."""
        if not shown:
            out: dict[str, Any] = {}
        else:
            try:
                out = make(self.w._normalized())
            except SpecError as err:
                out = {"ok": False, "message": str(err)}
        setattr(self.w, trait, out)

    # -- rolling -------------------------------------------------------------------------

    def roll_dice(self, seed: int | None = None) -> Roll:
        """Roll the current spec (``seed`` or the ``seed`` trait, else a fresh
        seed, recorded). Checks and pools finish at once and return the
        :class:`~venus_widgets.Roll`; tasks with a KISS step wait at the
        table (``roller.session``: ``select``, ``commit``, ``toggle_spend``...)
        and return the first faces. If it raises, the table and the log are
        as they were."""
        w = self.w
        seed = check_seed(seed) if seed is not None else (self.kept["seed"] if self.kept["seed"] is not None else new_seed())
        spec = w._normalized()
        with self.kept_on_error():
            out = self.session.start(spec, seed)
        w.error = ""
        return out

    def enter_faces(self, faces: Any, kiss: Any = None, kiss_faces: Any = None) -> Roll | None:
        """The faces the table rolled with physical dice, played by the rules
        as a roll: ``faces`` in die order (``vw.dice_to_enter``). With
        ``kiss`` (the dice the player KISSes, ``[]`` to keep them) and
        ``kiss_faces`` (their new faces) the KISS step is played too;
        without, the roller waits at it as in the view. Returns the roll
        once the dice stand, else the first faces.

        Every argument is read up to its bound (the faces up to the engine's
        ``MAX_FACES``, ``kiss`` up to the number of dice) before anything is
        played; a refused call (a wrong count, a face the dice cannot show)
        raises and leaves the table, any roll waiting on it, and the log as
        they were."""
        w = self.w
        spec = w._normalized()
        n = len(_api.dice_to_enter(spec))
        faces = table_words.parse_faces(faces)
        kiss = None if kiss is None else read_list(
            "kiss", kiss, n, f"the dice to KISS, each once (die indices 0 to {n - 1})", "dice")
        kiss_faces = [] if kiss_faces is None else table_words.parse_faces(kiss_faces, "kiss_faces")
        if kiss is not None:  # checked before anything is played or logged
            _api.enter(spec, faces, kiss=kiss, kiss_faces=kiss_faces, ego=False)
            first = _api.enter(spec, faces, kiss=[], ego=False)
            if (kiss or kiss_faces) and not table_words.stops_at_kiss(spec, first):
                raise SpecError("kiss", kiss, "[]: this roll has no KISS step",
                                "the first faces already meet the goal, or there is no KISS budget")
        session = self.session
        with self.kept_on_error():
            session.begin_entry(spec)
            out = session.enter_faces(faces)
            if kiss is not None and session.phase == "kiss":
                session.set_selection(kiss)
                out = session.commit()
                if session.phase == "enter_kiss":
                    out = session.enter_faces(kiss_faces)
                elif kiss_faces:
                    raise SpecError("kiss_faces", kiss_faces, "none: no die takes a new face")
        w.error = ""
        return out

    # -- the log under the roller ----------------------------------------------------------

    def watch_log(self) -> None:
        self.kept["log"].observe(self._on_log_change, names=["entries"])
        self._on_log_change()

    def _on_log_change(self, change: Any = None) -> None:
        w = self.w
        w.recent = [{"index": i, "result": e["result"],
                     "seed": "by hand" if e["roll"].get("entered") is not None else str(e["roll"]["seed"]),
                     "faces": typed_faces(e["roll"].get("entered")),
                     "passed": bool(e["roll"]["passed"])}
                    for i, e in list(enumerate(w.log.entries))[-5:]]


def _step_id(value: Any) -> str | None:
    """The view's id of a step (a short text), or None."""
    if value is not None and (not isinstance(value, str) or len(value) > STEP_ID_MOST):
        raise MessageError("step_id", value, f"a text of at most {STEP_ID_MOST} characters naming the view's step")
    return value


def _explanation(spec: Spec) -> dict[str, Any]:
    """Why the chance to pass is what it is, as the view shows it (``vw.explain``)."""
    e = _explain_spec(spec, 1)
    return {"ok": True, "title": e.title, "steps": [s.line() for s in e.steps], "walk": list(e.walk), "seed": e.seed}

