"""``RollLog``: every roll of one or more rollers, as cards, with JSON/CSV
export, strict import and replay.

The entries are records (:mod:`.log_record`: their format, the strict
check of an import, the files); the view gets each with a card derived in
Python (:mod:`.log_cards`). ``replay(i)`` rolls an entry's spec with its
seed, KISS and Ego again and gives the same :class:`~venus_widgets.Roll`.

The view may not write ``entries`` (nor any other trait of the log): the
only way in from the browser is the validated import message.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

import anywidget
import traitlets

from ..engine import api as _api
from ..engine.contract import edition as _edition
from ..engine.tools.fit import Fit, fit as _fit
from ..engine.contract.edition import details_class
from ..engine.contract.spec import normalize as _normalize
from ..engine.table.rolls import Roll
from ..engine.user_files import read_text_file
from ._assets import esm
from .from_view import MessageError, PlainError, ViewChecked, refuse_unknown
from .one_at_a_time import held
from .from_view import short as _short
from .log_cards import entries_to_json
from .log_record import (EXPORT_FORMATS, LOG_FORMAT, MAX_IMPORT_BYTES, LogImportError, check_entry, parse_csv, parse_json,
                         replay_entry, to_csv)
from .messages import LOG_MESSAGES, MESSAGES


def _chosen_by_hand(e: Mapping[str, Any]) -> bool:
    """Whether an entry's KISS or Ego was chosen at the table other than the
    roller's policy would: only a roll with such a step has a choice (a roller
    records kiss=[] and ego=False for rolls with neither), and a choice the
    policy makes too changes nothing the odds assume."""
    if e.get("kiss") is None and e.get("ego") is None:
        return False
    r = e["roll"]
    spec = _normalize(r["spec"])
    steps = _edition.get(spec["edition"]).at_table.steps(spec)
    if not (steps.kiss or steps.ego_after or steps.ego_reroll):
        return False
    if r.get("entered") is not None:  # the table's own dice: its choices are its own
        return True
    policy = _api.roll(spec, r["seed"])
    return list(policy.kissed) != list(r["kissed"]) or policy.ego_spent != r["ego_spent"]


class NoSuchRoll(PlainError, IndexError):
    """A roll the log does not hold (a :class:`SpecError` and an ``IndexError``)."""



class RollLog(ViewChecked, anywidget.AnyWidget):
    """A log of rolls, shown as cards with export and import controls.

    Rollers share one log when given ``log=`` (each roller makes its own
    otherwise, reachable as ``roller.log``).

    The log is an append-only record: each entry has a stable id
    (:attr:`ids`, never reused, not even after :meth:`clear`); a roller
    updates only its own entry, by id (:meth:`record`); entries enter only by
    rolling or by the checked import, and leave only by :meth:`clear` or an
    import that replaces the log. ``log.entries = ...`` is refused.

    Every write holds the widgets' lock (:mod:`.one_at_a_time`), and so does
    a roller for the whole of a request from its view or a roll from Python:
    a click and a cell may write one log at once (JupyterLab answers a
    click on a thread of its own); neither loses the other's roll, and a
    refused request puts back only its own writes.
    """

    requests = {a: MESSAGES[a] for a in LOG_MESSAGES}
    _who = "the roll log"

    _esm = traitlets.Unicode().tag(sync=True)
    entries: traitlets.List[dict[str, Any]] = traitlets.List(
        help="The rolls, oldest first (roll, kiss, ego, spent, subverted, texts, result); the view gets each "
             "with its id, marks and card").tag(sync=True, to_json=entries_to_json)
    status = traitlets.Unicode("", help="The last thing done (replayed, imported), for the view's status line").tag(
        sync=True)

    _writing = False

    def __init__(self, entries=None, **kwargs: Any) -> None:
        refuse_unknown("RollLog", kwargs, ["entries", "layout"])
        self._ids: list[int] = []
        self._last_id = 0
        self._cards: dict[int, Any] = {}
        super().__init__(_esm=esm("log"), **kwargs)
        if entries is not None:
            if isinstance(entries, (str, bytes, Mapping)) or not hasattr(entries, "__iter__"):
                raise LogImportError(f"entries={_short(entries)} is not allowed: expected a list of roll-log "
                                     "entries (log.entries of another log, or a list read from an export)")
            checked = []
            for i, e in enumerate(entries):
                if isinstance(e, Mapping) and "id" in e:  # another log's entry: its id is that log's
                    e = {k: v for k, v in e.items() if k != "id"}
                checked.append(check_entry(e, f"entry {i}"))
            self._write(checked, [self._new_id() for _ in checked])

    def __repr__(self) -> str:
        return f"RollLog({len(self.entries)} roll{'s' if len(self.entries) != 1 else ''})"

    def __len__(self) -> int:
        return len(self.entries)

    # -- writing: the only ways in -------------------------------------------------------

    @traitlets.validate("entries")
    def _validate_entries(self, proposal):
        if not self._writing:
            raise traitlets.TraitError("entries=... is not allowed: a roll log is an append-only record; rolls "
                                       "enter by rolling or by log.import_text(...), and log.clear() empties it")
        return proposal["value"]

    @held
    def _new_id(self) -> int:
        self._last_id += 1
        return self._last_id

    @held
    def _write(self, entries: list, ids: list[int]) -> None:
        """Set the entries and their ids together (the only writer)."""
        self._ids = list(ids)
        self._writing = True
        try:
            self.entries = entries
        finally:
            self._writing = False
        live = set(self._ids)
        for gone in [k for k in self._cards if k not in live]:
            del self._cards[gone]

    @property
    def ids(self) -> tuple[int, ...]:
        """Each entry's stable id, in the order of :attr:`entries`."""
        return tuple(self._ids)

    def position(self, entry_id: int) -> int | None:
        """Where the entry with this id is now (its index), or None when it
        is no longer in the log (cleared, or replaced by an import)."""
        try:
            return self._ids.index(entry_id)
        except ValueError:
            return None

    @held
    def append(self, entry: dict) -> int:
        """Add an entry; returns its id."""
        eid = self._new_id()
        self._write([*self.entries, entry], [*self._ids, eid])
        return eid

    @held
    def update(self, entry_id: int, **changes: Any) -> bool:
        """Change the entry with id ``entry_id`` (only that one); False when
        it is no longer in the log."""
        i = self.position(entry_id)
        if i is None:
            return False
        entries = list(self.entries)
        entries[i] = {**entries[i], **changes}
        self._write(entries, self._ids)
        return True

    @held
    def record(self, entry_id: int | None, entry: dict) -> int:
        """The roll a roller has open, as it stands now: its entry (id
        ``entry_id``) updated, or appended anew when that entry is no longer
        in the log (the log was cleared while the roll was open). Returns
        the entry's id; never touches another entry."""
        if entry_id is not None and self.update(entry_id, **entry):
            return entry_id
        return self.append(entry)

    @held
    def clear(self) -> None:
        """Empty the log (ids are never reused: an open roll logs anew)."""
        self._write([], [])

    def kept(self) -> tuple[list, list[int]]:
        """The entries and their ids as they stand (:meth:`put_back` restores them)."""
        return self.entries, list(self._ids)

    @held
    def put_back(self, state: tuple[list, list[int]]) -> None:
        """Undo the writes of a request that failed (a roller's transaction)."""
        entries, ids = state
        if entries is not self.entries or ids != self._ids:
            self._write(entries, ids)

    # -- reading ------------------------------------------------------------

    def rolls(self) -> list[Roll]:
        """The log's rolls, each with its details typed as its edition declares them."""
        return [Roll.from_dict(e["roll"], details_class(e["roll"]["spec"])) for e in self.entries]

    def replay(self, index: int) -> Roll:
        """The roll of entry ``index`` (0 for the first) rolled again from
        spec + seed (+ the KISS and Ego asked for)."""
        n = len(self.entries)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < n:
            raise NoSuchRoll("index", f"there is no roll {_short(index)} to replay: "
                             + (f"the log holds rolls 0 to {n - 1} (shown 1 to {n})" if n else "the log is empty"))
        return replay_entry(self.entries[index])

    def fit(self, spec: Mapping[str, Any] | None = None) -> Fit:
        """The logged outcomes of one spec (default: the latest entry's)
        against its exact odds, with a plain-words verdict (see
        :func:`venus_widgets.fit`)."""
        if not self.entries:
            raise ValueError("the log is empty: roll (or import a log) first, then check the dice against the odds")
        want = _normalize(spec if spec is not None else self.entries[-1]["roll"]["spec"])
        mine = [e for e in self.entries if _normalize(e["roll"]["spec"]) == want]
        if not mine:
            raise ValueError(f"no roll in the log has the spec {_short(spec)}: give the spec of a logged roll, "
                             "or none for the latest roll's")
        chose = sum(1 for e in mine if _chosen_by_hand(e))
        note = (f"{chose} of these rolls had KISS or Ego chosen by hand; the odds assume the roller's policy."
                if chose else "")
        return _fit(want, [e["roll"]["outcome"] for e in mine], note=note)

    def to_json(self) -> str:
        return json.dumps({"format": LOG_FORMAT, "entries": list(self.entries)}, sort_keys=True, indent=1)

    def to_csv(self) -> str:
        return to_csv(self.entries)

    def export(self, path: str, fmt: str | None = None) -> None:
        fmt = fmt or ("csv" if str(path).lower().endswith(".csv") else "json")
        if fmt not in EXPORT_FORMATS:
            raise LogImportError(f"fmt={_short(fmt)} is not allowed: expected 'json' or 'csv'")
        text = self.to_csv() if fmt == "csv" else self.to_json()
        with open(path, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)

    # -- import ---------------------------------------------------------------

    @held
    def import_text(self, text: str, fmt: str | None = None, *, replace: bool = False) -> int:
        """Import a JSON or CSV export; all or nothing. Returns the count added.

        Raises :class:`LogImportError` (a ``ValueError``) for a malformed,
        truncated or foreign file; the log is then left untouched.
        """
        if not isinstance(text, str):
            raise LogImportError(f"expected the file's text, got {type(text).__name__}")
        if len(text) > MAX_IMPORT_BYTES:
            raise LogImportError(f"file too large ({len(text)} characters; at most {MAX_IMPORT_BYTES})")
        if fmt is None:
            fmt = "json" if text.lstrip().startswith("{") else "csv"
        if fmt not in EXPORT_FORMATS:
            raise LogImportError(f"format {_short(fmt)}: expected 'json' or 'csv'")
        new = parse_json(text) if fmt == "json" else parse_csv(text)
        ids = [self._new_id() for _ in new]
        if replace:
            self._write(new, ids)
        else:
            self._write([*self.entries, *new], [*self._ids, *ids])
        return len(new)

    def import_file(self, path: str, *, replace: bool = False) -> int:
        """Import the rolls of a ``.json`` or ``.csv`` file a log exported
        (:meth:`import_text`); the path is looked at before it is read (a
        folder, a device or a pipe is refused unread), the file is read at
        most to its bound and as UTF-8 (:mod:`..engine.user_files`)."""
        text = read_text_file(path, MAX_IMPORT_BYTES,
                              lambda message, line: LogImportError(message if line is None else f"line {line}: {message}"),
                              "a .json or .csv file a log exported")
        fmt = "csv" if str(path).lower().endswith(".csv") else None
        return self.import_text(text, fmt, replace=replace)

    # -- the view's requests (through ViewChecked: the view writes no trait) ------------------

    def _request(self, action: str, content: Mapping) -> None:
        if handle_log_message(self, self, content):
            return
        i = content["index"]
        r = self.replay(i)
        same = "the same dice" if r.to_dict() == self.entries[i]["roll"] else "DIFFERENT dice"
        how = "the faces typed by hand" if r.entered is not None else f"spec and seed {r.seed}"
        self.status = f"Replayed roll {i + 1} from {how}: {same}"
        self.error = ""

    # -- ipywidgets' logging ----------------------------------------------------------

    def warning(self, msg: str, *args: Any, **kwargs: Any) -> None:
        """Log a warning with this log widget's own logger.

        A roller's ``log`` trait is its RollLog, and it hides the ``log``
        logger ipywidgets writes to (``self.log.warning(...)`` when a comm
        message fails outside IPython): such warnings come here and are
        logged, instead of failing with an AttributeError. (The rollers
        answer ipywidgets' other call, ``self.log.error`` for an unknown
        message method, themselves: ``error`` is the log's error text.)"""
        self.log.warning(msg, *args, **kwargs)


# --------------------------------------------------------------------------
# Export and import requests: one answer for the log and the rollers
# --------------------------------------------------------------------------


def handle_log_message(log: RollLog, widget: Any, content: Mapping) -> bool:
    """Export/import requests from a view (a roller's or the log's own).
    Returns True when the message was one of these."""
    action = content.get("do") if isinstance(content, Mapping) else None
    if action == "export":
        fmt = content.get("format") or "json"
        if fmt not in EXPORT_FORMATS:
            raise MessageError("format", fmt, "json or csv", "in the request 'export'")
        text = log.to_csv() if fmt == "csv" else log.to_json()
        widget.send({"download": {"name": f"venus-rolls.{fmt}", "text": text,
                                  "mime": "text/csv" if fmt == "csv" else "application/json"}})
        widget.error = ""
        return True
    if action == "import":
        try:
            n = log.import_text(content["text"], None if content.get("name") is None else
                                ("csv" if str(content.get("name")).lower().endswith(".csv") else "json"))
        except LogImportError as err:
            widget.error = f"Import failed, log unchanged: {err}"
        else:
            widget.error = ""
            widget.status = f"Imported {n} roll{'s' if n != 1 else ''} from {content.get('name') or 'file'}"
        return True
    if action == "clear_error":
        widget.error = ""
        return True
    return False
