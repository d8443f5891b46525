"""``RollLog``: every roll of one or more rollers, with JSON/CSV export,
strict import and replay.

An entry is a plain dict::

    {"roll": Roll.to_dict(),           # spec, seed, every die, outcome...
     "kiss": [die indices] | None,     # the KISS the player asked for (None: the policy)
     "ego": True | False | None,       # Ego asked for (None: the policy)
     "spent": [...],                   # consequences bought / subverted
     "subverted": "s1".."s4" | None,   # the FC's subversion (playtest)
     "texts": [...],                   # agora consequences as typed
     "result": "Passed: ..."}          # the one-line result

``replay(i)`` rolls ``spec`` with ``seed``, ``kiss`` and ``ego`` again and
gives the same :class:`~venus_widgets.Roll`. Import trusts only the spec, the
seed and the recorded choices (``kiss``, ``ego``, ``spent``, ``subverted``,
``texts``): it replays the roll and re-derives everything else (dice,
outcome, passed, goal, the result line and its exp), checks that the
spending is legal and the texts bounded, and refuses an entry whose stored
values disagree, naming the entry and the field.

The view may not write ``entries`` (nor any other trait of the log): the
only way in from the browser is the validated import message.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, Mapping

import anywidget
import traitlets

from ..engine import api as _api
from ..engine import export as _export
from ..engine.contract.edition import get as _edition
from ..engine.errors import SpecError
from ..engine.tools.fit import Fit, fit as _fit
from ..engine.contract.spec import normalize as _normalize
from ..engine.table.rolls import MAX_SEED, Roll
from ..engine.contract.table_answers import MAX_TEXT, Choices  # noqa: F401 - MAX_TEXT: rollers bound the texts the same way
from ._assets import esm
from ._view import (
    _ANY, _BOOL, _INT, _LIST, _NONE, _NUM, _STR, _TYPES, MessageError, PlainError, ViewChecked, _Shown,
    check_request, error_text, refuse_unknown,
)
from ._view import short as _short

LOG_FORMAT = "venus-widgets/log@1"
ENTRY_KEYS = ("roll", "kiss", "ego", "spent", "subverted", "texts", "result")
CSV_COLUMNS = (
    "index", "edition", "roll", "seed", "outcome", "passed", "faces_before", "faces_after", "kissed",
    "result", "kiss", "ego", "spent", "subverted", "texts", "roll_json",
)
MAX_IMPORT_BYTES = 20_000_000
#: Longest result line an entry may carry (a consequence text: ``MAX_TEXT``, from the table contract).
MAX_RESULT = 2_000
#: Cells a spreadsheet reads as a formula start with one of these (quoted on export: engine/export.py).
FORMULA_START = _export.FORMULA_START


class LogImportError(ValueError):
    """A log file that cannot be imported; the log is left as it was."""

    plain = True  # its message is in plain words (the view shows it as it is)


class NoSuchRoll(PlainError, IndexError):
    """A roll the log does not hold (a :class:`SpecError` and an ``IndexError``)."""


def make_entry(roll: Roll, kiss: Any = None, ego: Any = None, spent=(), subverted=None, texts=(),
               result: str = "") -> dict:
    return {"roll": roll.to_dict(), "kiss": None if kiss is None else [int(i) for i in kiss],
            "ego": ego, "spent": list(spent), "subverted": subverted, "texts": [str(t) for t in texts],
            "result": str(result)}


def _marks(roll: Mapping[str, Any]) -> list[str]:
    """Each die's mark (what it contributed), as the roller showed it."""
    from ._table import contributions  # local: _table imports this module

    try:
        r = Roll.from_dict(roll)
        return [mark for mark, _ in contributions(dict(r.spec), r)]
    except Exception:  # noqa: BLE001 - a view aid only: an entry is checked on the way in
        return []


def entry_card(e: Mapping[str, Any]) -> dict[str, Any]:
    """What the log's view shows of an entry, derived from it (never
    stored): each die's faces (a KISSed die ``before→after``) with its
    mark and words, then the facts in words: the chance before the roll,
    the faces typed by hand, the KISS choice, Ego, what was bought and the
    FC's subversion. Every rule is the edition's answer (``at_table``).

    >>> import venus_widgets as vw
    >>> r = vw.roll({"roll": "task", "dice": 3, "kiss": 1}, seed=1)
    >>> card = entry_card(make_entry(r, result="Failed"))
    >>> [f["label"] for f in card["facts"]]
    ['Chance before the roll', 'KISS', 'Bought']
    """
    from ._rules import percent
    from ._table import die_words, rules, steps  # local: _table imports this module

    r = Roll.from_dict(e["roll"])
    spec = dict(r.spec)
    st, table = steps(spec), rules(spec)
    marks = table.contributions(spec, r)
    dice = [{"index": d.index, "text": f"{d.before}→{d.after}" if d.kissed else str(d.after), "mark": m.mark,
             "words": m.words, "who": die_words(d), "owner": d.owner, "kissed": bool(d.kissed),
             "success": d.scores > 0} for d, m in zip(r.dice, marks)]
    facts: list[dict[str, str]] = []

    def fact(key: str, label: str, text: str) -> None:
        facts.append({"key": key, "label": label, "text": text})

    o = _api.odds(spec)
    chance = f"{percent(o.p_pass)} to pass"
    if o.goal is not None and o.goal != o.threshold:
        chance += f", {percent(o.p_goal)} to reach the goal"
    fact("chance", "Chance before the roll", chance)
    if r.entered is not None:
        typed = " ".join(str(f) for f in r.entered["faces"])
        if r.entered.get("kiss_faces"):
            typed += "; the KISSed dice: " + " ".join(str(f) for f in r.entered["kiss_faces"])
        fact("typed", "Faces typed", typed)
    if st.kiss:
        kissed = [i + 1 for i in r.kissed]
        text = (f"KISSed {'dice' if len(kissed) > 1 else 'die'} {', '.join(map(str, kissed))}" if kissed
                else "kept the dice")
        fact("kiss", "KISS", text + (" (the engine's policy)" if e.get("kiss") is None else ""))
    if r.ego_spent:
        fact("ego", "Ego", "spent" + (f": {st.ego_label}" if st.ego_label else ""))
    elif st.ego_after or st.ego_reroll:
        fact("ego", "Ego", "not spent")
    choices = Choices(tuple(e.get("spent") or ()), e.get("subverted"), tuple(e.get("texts") or ()))
    menu = table.spend_menu(spec, r, choices)
    if menu is not None:
        bought = [str(i.get("text") or i.get("id")) for i in menu.items if i.get("bought")]
        fact("bought", "Bought", "; ".join(bought) if bought else "nothing")
        if e.get("subverted") is not None:
            subverted = [str(i.get("text") or i.get("id")) for i in (menu.subvertible or ())
                         if i.get("id") == e["subverted"]] or [str(e["subverted"])]
            fact("subverted", "Subverted by the FC", subverted[0])
    return {"dice": dice, "facts": facts}


def _card(e: Mapping[str, Any]) -> dict[str, Any] | None:
    try:
        return entry_card(e)
    except Exception:  # noqa: BLE001 - a view aid only: an entry is checked on the way in
        return None


def _entries_to_json(entries, widget=None):
    """The entries as the view gets them: each with its stable ``id``, the
    marks and the card derived for the view (the entry itself stores
    neither), and the seed as text (63-bit seeds do not fit a JavaScript
    number). Cards are kept per entry id while the entry is unchanged."""
    ids = list(getattr(widget, "_ids", ()) or ())
    cache = getattr(widget, "_cards", None)
    out = []
    for i, e in enumerate(entries):
        eid = ids[i] if i < len(ids) else None
        key = (eid, e["result"], json.dumps([e["roll"], e["kiss"], e["ego"], e["spent"], e["subverted"]],
                                            sort_keys=True, default=str))
        if cache is not None and eid is not None and cache.get(eid, (None,))[0] == key:
            marks, card = cache[eid][1]
        else:
            marks, card = _marks(e["roll"]), _card(e)
            if cache is not None and eid is not None:
                cache[eid] = (key, (marks, card))
        e = dict(e, marks=marks, card=card, id=eid)
        e["roll"] = dict(e["roll"], seed=str(e["roll"]["seed"]))
        out.append(e)
    return out


def _first_difference(want: Any, got: Any, path: str) -> str | None:
    """The path of the first value where ``got`` differs from ``want``
    (types too: ``1`` is not ``true``); walks ``want``, so a deep ``got`` costs nothing."""
    if isinstance(want, Mapping):
        if not isinstance(got, Mapping):
            return path
        for k in [*want, *(k for k in got if k not in want)]:
            if k not in want or k not in got:
                return f"{path}.{k}"
            d = _first_difference(want[k], got[k], f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(want, (list, tuple)):
        if not isinstance(got, (list, tuple)) or len(got) != len(want):
            return path
        for i, (a, b) in enumerate(zip(want, got)):
            d = _first_difference(a, b, f"{path}[{i}]")
            if d:
                return d
        return None
    return path if type(want) is not type(got) or want != got else None


def _get(d: Any, path: str) -> Any:
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", path)[1:]:
        try:
            d = d[int(part[1:-1])] if part.startswith("[") else d[part]
        except (KeyError, IndexError, TypeError):
            return None
    return d


def entry_result(spec: dict, roll: Roll, spent, subverted, texts) -> str:
    """The one-line result of an entry, derived from its roll and choices
    (the line the table writes)."""
    return _edition(spec["edition"]).at_table.sentence(spec, roll, Choices(tuple(spent), subverted, tuple(texts)))


def _check_choices(where: str, spec: dict, roll: Roll, e: Mapping) -> None:
    """Spending, subversion and texts as the table allows them (the
    edition's ``check_choices``)."""
    spent, subverted, texts = e["spent"], e["subverted"], e["texts"]

    def bad(field, value, allowed):
        raise LogImportError(f"{where}: {field!r} is {_short(value)}; allowed: {allowed}")

    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        bad("texts", texts, "a list of texts")
    if not isinstance(spent, list):
        bad("spent", spent, "a list")
    wrong = _edition(spec["edition"]).at_table.check_choices(spec, roll, Choices(tuple(spent), subverted, tuple(texts)))
    if wrong is not None:
        bad(*wrong)


def check_entry(e: Any, where: str = "entry", one_line_result: bool = False) -> dict:
    """Validate one entry strictly: replay it from spec, seed, KISS and Ego,
    re-derive its result and check its choices; raises :class:`LogImportError`
    naming ``where`` and the field. With ``one_line_result`` (a CSV, whose
    cells are one line) the result may read as the derived one on one line;
    the entry then holds the derived one."""
    try:
        return _check_entry(e, where, one_line_result)
    except LogImportError:
        raise
    except (RecursionError, MemoryError) as err:
        raise LogImportError(f"{where}: nested too deeply or too large to read ({type(err).__name__})") from None
    except Exception as err:  # noqa: BLE001 - any other oddity of a hostile file is an import error
        raise LogImportError(f"{where}: not an entry written by venus-widgets ({type(err).__name__}: {err})") from None


def _check_entry(e: Any, where: str, one_line_result: bool = False) -> dict:
    if not isinstance(e, Mapping):
        raise LogImportError(f"{where}: expected an object with keys {', '.join(ENTRY_KEYS)}, got {type(e).__name__}")
    keys = set(e)
    if keys != set(ENTRY_KEYS):
        missing, extra = set(ENTRY_KEYS) - keys, keys - set(ENTRY_KEYS)
        raise LogImportError(f"{where}: keys differ from a roll-log entry"
                             + (f"; missing {sorted(missing)}" if missing else "")
                             + (f"; unknown {sorted(map(str, extra))[:5]}" if extra else ""))
    r = e["roll"]
    if not isinstance(r, Mapping) or not isinstance(r.get("spec"), Mapping):
        raise LogImportError(f"{where}: 'roll' must be a roll object with its 'spec' (written by venus-widgets)")
    seed = r.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise LogImportError(f"{where}: 'roll.seed' is {_short(seed)}; allowed: a whole number from 0 to 2**63 - 1")
    kiss, ego = e["kiss"], e["ego"]
    if kiss is not None and (not isinstance(kiss, list) or len(kiss) > 64
                             or not all(isinstance(i, int) and not isinstance(i, bool) for i in kiss)
                             or len(set(kiss)) != len(kiss)):
        raise LogImportError(f"{where}: 'kiss' is {_short(kiss)}; allowed: null or a list of distinct die indices")
    if ego not in (None, True, False) or isinstance(ego, (int, float)) and not isinstance(ego, bool):
        raise LogImportError(f"{where}: 'ego' is {_short(ego)}; allowed: null, true or false")
    if not isinstance(e["result"], str) or len(e["result"]) > MAX_RESULT:
        raise LogImportError(f"{where}: 'result' is {_short(e['result'])}; allowed: a result line of at most "
                             f"{MAX_RESULT} characters")
    try:
        again = replay_entry(e)
    except SpecError as err:
        raise LogImportError(f"{where}: cannot replay this roll ({err})") from None
    diff = _first_difference(again.to_dict(), r, "roll")
    if diff:
        raise LogImportError(f"{where}: {diff!r} is {_short(_get(r, diff))} but the spec, seed, KISS and Ego give "
                             f"{_short(_get(again.to_dict(), diff))} (edited or foreign file)")
    spec = dict(again.spec)
    _check_choices(where, spec, again, e)
    result = entry_result(spec, again, e["spent"], e["subverted"], e["texts"])
    if e["result"] != result and not (one_line_result and e["result"] == _export.one_line(result)):
        raise LogImportError(f"{where}: 'result' is {_short(e['result'])} but the roll and choices give "
                             f"{_short(result)} (edited file)")
    return {**{k: e[k] for k in ENTRY_KEYS}, "result": result}


def replay_entry(e: Mapping) -> Roll:
    """Roll an entry's spec with its seed, KISS and Ego again."""
    r = e["roll"]
    if r.get("entered") is not None:  # faces a table rolled by hand: the same faces, the same result
        faces = r["entered"]
        return _api.enter(r["spec"], faces["faces"], kiss=e["kiss"] or [], kiss_faces=faces["kiss_faces"], ego=e["ego"])
    return _api.roll(r["spec"], int(r["seed"]), kiss=e["kiss"], ego=e["ego"])


def neutralise(cell: str) -> str:
    """A CSV cell a spreadsheet will not run as a formula (the export
    module's rule, :func:`venus_widgets.engine.export.csv_cell`)."""
    return _export.csv_cell(cell)


def unneutralise(cell: str) -> str:
    """The cell :func:`neutralise` was given."""
    return _export.csv_value(cell)


def _csv_cells(i: int, e: Mapping) -> list[Any]:
    """An entry's CSV cells before export: the readable columns and the full roll as JSON."""
    r = e["roll"]
    cells = [
        i, r["spec"]["edition"], r["spec"]["roll"], "by hand" if r.get("entered") is not None else r["seed"],
        r["outcome"], r["passed"],
        " ".join(str(d["before"]) for d in r["dice"]), " ".join(str(d["after"]) for d in r["dice"]),
        " ".join(str(k) for k in r["kissed"]), e["result"],
        json.dumps(e["kiss"]), json.dumps(e["ego"]), json.dumps(e["spent"]), json.dumps(e["subverted"]),
        json.dumps(e["texts"]), json.dumps(r, sort_keys=True),
    ]
    return cells


def _csv_row(i: int, e: Mapping) -> list[str]:
    """An entry's CSV row as written (every cell through the export module: one line, no formula)."""
    return [_export.csv_cell(c) for c in _csv_cells(i, e)]


def to_csv(entries) -> str:
    """The log as CSV (one line per roll: :mod:`venus_widgets.engine.export`)."""
    return _export.csv_text([CSV_COLUMNS, *(_csv_cells(i, e) for i, e in enumerate(entries))])


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a roll log holds")


def _finite_float(text: str) -> float:
    f = float(text)
    if not math.isfinite(f):
        raise ValueError(f"{text} is too large a number for a roll log")
    return f


def _loads(text: str) -> Any:
    """JSON as a roll log holds it: no NaN or Infinity, finite numbers."""
    return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)


def parse_json(text: str) -> list[dict]:
    try:
        data = _loads(text)
    except (TypeError, ValueError) as err:
        raise LogImportError(f"not valid JSON ({err}); a truncated or damaged file?") from None
    except RecursionError:
        raise LogImportError("not a roll log: the JSON is nested too deeply") from None
    if not isinstance(data, Mapping) or data.get("format") != LOG_FORMAT:
        found = data.get("format") if isinstance(data, Mapping) else type(data).__name__
        raise LogImportError(f"not a venus-widgets roll log: expected format {LOG_FORMAT!r}, found {_short(found)}")
    if set(data) != {"format", "entries"} or not isinstance(data["entries"], list):
        raise LogImportError("a roll log has exactly the keys 'format' and 'entries' (a list)")
    return [check_entry(e, f"entry {i}") for i, e in enumerate(data["entries"])]


def parse_csv(text: str) -> list[dict]:
    try:
        rows = _export.csv_rows(text)
    except _export.CSV_ERROR as err:
        raise LogImportError(f"not a readable CSV file ({err}; a cell holds at most {_export.csv_field_limit()} "
                             "characters)") from None
    if not rows or tuple(rows[0]) != CSV_COLUMNS:
        raise LogImportError("not a venus-widgets roll-log CSV: the header row differs from "
                             + ",".join(CSV_COLUMNS))
    out = []
    for n, row in enumerate(rows[1:]):
        where = f"CSV row {n + 2}"
        if len(row) != len(CSV_COLUMNS):
            raise LogImportError(f"{where}: {len(row)} columns, expected {len(CSV_COLUMNS)} (truncated file?)")
        cell = {k: unneutralise(v) for k, v in zip(CSV_COLUMNS, row)}
        try:
            e = {"roll": _loads(cell["roll_json"]), "kiss": _loads(cell["kiss"]), "ego": _loads(cell["ego"]),
                 "spent": _loads(cell["spent"]), "subverted": _loads(cell["subverted"]),
                 "texts": _loads(cell["texts"]), "result": cell["result"]}
        except ValueError as err:
            raise LogImportError(f"{where}: a JSON cell cannot be read ({err})") from None
        except RecursionError:
            raise LogImportError(f"{where}: a JSON cell is nested too deeply") from None
        entry = check_entry(e, where, one_line_result=True)
        # the readable columns must say what the roll says
        for column, want, got in zip(CSV_COLUMNS, _csv_row(n, entry), row):
            if want != got and _export.csv_cell(unneutralise(got)) != want:  # a file written before cells were one line
                raise LogImportError(f"{where}: column {column!r} is {_short(got)} but its roll gives "
                                     f"{_short(want)} (edited file)")
        out.append(entry)
    return out


#: Every message a view sends to a roller or a log: ``do`` and the type of each of its fields.
MESSAGES: dict[str, dict[str, tuple[str, ...]]] = {
    "export": {"format": (_STR, _NONE)},
    "import": {"text": (_STR,), "name": (_STR, _NONE)},
    "clear_error": {},
    "replay": {"index": (_INT,)},
    "roll": {},
    "accept_helpers": {},
    "select": {"index": (_INT,)},
    "choose": {"kiss": (_LIST,)},
    "ego_reroll": {"on": (_BOOL,)},
    "commit": {},
    "spend_ego": {},
    "spend": {"item": (_STR, _INT)},
    "subvert": {"item": (_STR, _NONE)},
    "enter": {"faces": (_STR, _LIST)},
    "explain": {"on": (_BOOL,)},
    "by_hand": {"on": (_BOOL,)},
}
LOG_MESSAGES = ("export", "import", "clear_error", "replay")
EXPORT_FORMATS = ("json", "csv")


def check_message(content: Any, allowed) -> str:
    """Check a view's message against :data:`MESSAGES` (``allowed``: the
    actions this widget answers); returns its action. Raises
    :class:`MessageError` (a :class:`SpecError`) saying what is wrong."""
    return check_request(content, {a: MESSAGES[a] for a in allowed})


class RollLog(ViewChecked, anywidget.AnyWidget):
    """A log of rolls, shown as cards with export and import controls.

    Rollers share one log when given ``log=`` (each roller makes its own
    otherwise, reachable as ``roller.log``).

    The log is an append-only record: each entry has a stable id
    (:attr:`ids`, never reused, not even after :meth:`clear`); a roller
    updates only its own entry, by id (:meth:`record`); entries enter only by
    rolling or by the checked import, and leave only by :meth:`clear` or an
    import that replaces the log. ``log.entries = ...`` is refused.
    """

    requests = {a: MESSAGES[a] for a in LOG_MESSAGES}
    _who = "the roll log"

    _esm = traitlets.Unicode().tag(sync=True)
    entries: traitlets.List[dict[str, Any]] = traitlets.List(
        help="The rolls, oldest first (roll, kiss, ego, spent, subverted, texts, result); the view gets each "
             "with its id, marks and card").tag(sync=True, to_json=_entries_to_json)
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

    def _new_id(self) -> int:
        self._last_id += 1
        return self._last_id

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

    def append(self, entry: dict) -> int:
        """Add an entry; returns its id."""
        eid = self._new_id()
        self._write([*self.entries, entry], [*self._ids, eid])
        return eid

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

    def record(self, entry_id: int | None, entry: dict) -> int:
        """The roll a roller has open, as it stands now: its entry (id
        ``entry_id``) updated, or appended anew when that entry is no longer
        in the log (the log was cleared while the roll was open). Returns
        the entry's id; never touches another entry."""
        if entry_id is not None and self.update(entry_id, **entry):
            return entry_id
        return self.append(entry)

    def clear(self) -> None:
        """Empty the log (ids are never reused: an open roll logs anew)."""
        self._write([], [])

    def _state(self) -> tuple[list, list[int]]:
        return self.entries, list(self._ids)

    def _put_back(self, state: tuple[list, list[int]]) -> None:
        """Undo the writes of a request that failed (a roller's transaction)."""
        entries, ids = state
        if entries is not self.entries or ids != self._ids:
            self._write(entries, ids)

    # -- reading ------------------------------------------------------------

    def rolls(self) -> list[Roll]:
        return [Roll.from_dict(e["roll"]) for e in self.entries]

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
        chose = sum(1 for e in mine if e.get("kiss") is not None or e.get("ego") is not None)
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
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
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
