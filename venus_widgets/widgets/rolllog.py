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
gives the same :class:`~venus_widgets.Roll`; import checks every entry that
way, so a file whose dice do not follow from its spec and seed is refused.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any, Mapping

import anywidget
import traitlets

from ..engine import api as _api
from ..engine.errors import SpecError
from ..engine.rolls import Roll
from ._assets import esm

LOG_FORMAT = "venus-widgets/log@1"
ENTRY_KEYS = ("roll", "kiss", "ego", "spent", "subverted", "texts", "result")
CSV_COLUMNS = (
    "index", "edition", "roll", "seed", "outcome", "passed", "faces_before", "faces_after", "kissed",
    "result", "kiss", "ego", "spent", "subverted", "texts", "roll_json",
)
MAX_IMPORT_BYTES = 20_000_000


class LogImportError(ValueError):
    """A log file that cannot be imported; the log is left as it was."""


def make_entry(roll: Roll, kiss: Any = None, ego: Any = None, spent=(), subverted=None, texts=(),
               result: str = "") -> dict:
    return {"roll": roll.to_dict(), "kiss": None if kiss is None else [int(i) for i in kiss],
            "ego": ego, "spent": list(spent), "subverted": subverted, "texts": [str(t) for t in texts],
            "result": str(result)}


def _entries_to_json(entries, widget=None):
    # seeds are 63-bit: JavaScript numbers would round them, so the browser gets strings
    out = []
    for e in entries:
        e = dict(e)
        e["roll"] = dict(e["roll"], seed=str(e["roll"]["seed"]))
        out.append(e)
    return out


def _entries_from_json(value, widget=None):
    out = []
    for e in value or []:
        e = dict(e)
        e["roll"] = dict(e["roll"], seed=int(e["roll"]["seed"]))
        out.append(e)
    return out


def check_entry(e: Any, where: str = "entry") -> dict:
    """Validate one entry strictly; replay it to check its dice."""
    if not isinstance(e, Mapping):
        raise LogImportError(f"{where}: expected an object with keys {', '.join(ENTRY_KEYS)}, got {type(e).__name__}")
    keys = set(e)
    if keys != set(ENTRY_KEYS):
        missing, extra = set(ENTRY_KEYS) - keys, keys - set(ENTRY_KEYS)
        raise LogImportError(f"{where}: keys differ from a roll-log entry"
                             + (f"; missing {sorted(missing)}" if missing else "")
                             + (f"; unknown {sorted(extra)}" if extra else ""))
    try:
        roll = Roll.from_dict(e["roll"])
        spec = _api.normalize(roll.spec)
    except (SpecError, TypeError, AttributeError) as err:
        raise LogImportError(f"{where}: not a roll written by venus-widgets ({err})") from None
    kiss, ego = e["kiss"], e["ego"]
    if kiss is not None and (not isinstance(kiss, list) or not all(isinstance(i, int) and not isinstance(i, bool)
                                                                   for i in kiss)):
        raise LogImportError(f"{where}: 'kiss' must be null or a list of die indices, got {kiss!r}")
    if ego not in (None, True, False):
        raise LogImportError(f"{where}: 'ego' must be null, true or false, got {ego!r}")
    if not isinstance(e["spent"], list) or not isinstance(e["texts"], list) or not isinstance(e["result"], str):
        raise LogImportError(f"{where}: 'spent' and 'texts' must be lists and 'result' text")
    if e["subverted"] is not None and not isinstance(e["subverted"], str):
        raise LogImportError(f"{where}: 'subverted' must be null or a consequence id")
    try:
        again = replay_entry(e)
    except SpecError as err:
        raise LogImportError(f"{where}: cannot replay this roll ({err})") from None
    if again != roll or spec != roll.spec:
        raise LogImportError(f"{where}: the dice do not follow from the spec and seed (edited or foreign file)")
    return {k: e[k] for k in ENTRY_KEYS}


def replay_entry(e: Mapping) -> Roll:
    """Roll an entry's spec with its seed, KISS and Ego again."""
    r = e["roll"]
    return _api.roll(r["spec"], int(r["seed"]), kiss=e["kiss"], ego=e["ego"])


def to_csv(entries) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for i, e in enumerate(entries):
        r = e["roll"]
        w.writerow([
            i, r["spec"]["edition"], r["spec"]["roll"], r["seed"], r["outcome"], r["passed"],
            " ".join(str(d["before"]) for d in r["dice"]), " ".join(str(d["after"]) for d in r["dice"]),
            " ".join(str(k) for k in r["kissed"]), e["result"],
            json.dumps(e["kiss"]), json.dumps(e["ego"]), json.dumps(e["spent"]), json.dumps(e["subverted"]),
            json.dumps(e["texts"]), json.dumps(r, sort_keys=True),
        ])
    return buf.getvalue()


def parse_json(text: str) -> list[dict]:
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as err:
        raise LogImportError(f"not valid JSON ({err}); a truncated or damaged file?") from None
    if not isinstance(data, Mapping) or data.get("format") != LOG_FORMAT:
        found = data.get("format") if isinstance(data, Mapping) else type(data).__name__
        raise LogImportError(f"not a venus-widgets roll log: expected format {LOG_FORMAT!r}, found {found!r}")
    if set(data) != {"format", "entries"} or not isinstance(data["entries"], list):
        raise LogImportError("a roll log has exactly the keys 'format' and 'entries' (a list)")
    return [check_entry(e, f"entry {i}") for i, e in enumerate(data["entries"])]


def parse_csv(text: str) -> list[dict]:
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or tuple(rows[0]) != CSV_COLUMNS:
        raise LogImportError("not a venus-widgets roll-log CSV: the header row differs from "
                             + ",".join(CSV_COLUMNS))
    out = []
    for n, row in enumerate(rows[1:]):
        where = f"CSV row {n + 2}"
        if len(row) != len(CSV_COLUMNS):
            raise LogImportError(f"{where}: {len(row)} columns, expected {len(CSV_COLUMNS)} (truncated file?)")
        cell = dict(zip(CSV_COLUMNS, row))
        try:
            roll = json.loads(cell["roll_json"])
            e = {"roll": roll, "kiss": json.loads(cell["kiss"]), "ego": json.loads(cell["ego"]),
                 "spent": json.loads(cell["spent"]), "subverted": json.loads(cell["subverted"]),
                 "texts": json.loads(cell["texts"]), "result": cell["result"]}
        except ValueError as err:
            raise LogImportError(f"{where}: a JSON cell cannot be read ({err})") from None
        if cell["index"] != str(n) or not isinstance(roll, dict) or cell["seed"] != str(roll.get("seed")):
            raise LogImportError(f"{where}: index or seed does not match its roll_json")
        out.append(check_entry(e, where))
    return out


class RollLog(anywidget.AnyWidget):
    """A log of rolls, shown as a table with export and import controls.

    Rollers share one log when given ``log=`` (each roller makes its own
    otherwise, reachable as ``roller.log``).
    """

    _esm = traitlets.Unicode().tag(sync=True)
    entries: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True, to_json=_entries_to_json, from_json=_entries_from_json)
    error = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)

    def __init__(self, entries=None, **kwargs: Any) -> None:
        bad = set(kwargs) - {"layout"}
        if bad:
            raise TypeError(f"RollLog() got unknown keyword argument(s) {sorted(bad)}; it takes entries= and layout=")
        super().__init__(_esm=esm("log"), **kwargs)
        if entries:
            self.entries = [check_entry(e, f"entry {i}") for i, e in enumerate(entries)]
        self.on_msg(self._on_msg)

    def __repr__(self) -> str:
        return f"RollLog({len(self.entries)} roll{'s' if len(self.entries) != 1 else ''})"

    def __len__(self) -> int:
        return len(self.entries)

    # -- writing ------------------------------------------------------------

    def append(self, entry: dict) -> int:
        """Add an entry; returns its index."""
        self.entries = [*self.entries, entry]
        return len(self.entries) - 1

    def update(self, index: int, **changes: Any) -> None:
        entries = list(self.entries)
        entries[index] = {**entries[index], **changes}
        self.entries = entries

    def clear(self) -> None:
        self.entries = []

    # -- reading ------------------------------------------------------------

    def rolls(self) -> list[Roll]:
        return [Roll.from_dict(e["roll"]) for e in self.entries]

    def replay(self, index: int) -> Roll:
        """The roll of entry ``index`` rolled again from spec + seed (+ the KISS and Ego asked for)."""
        return replay_entry(self.entries[index])

    def to_json(self) -> str:
        return json.dumps({"format": LOG_FORMAT, "entries": list(self.entries)}, sort_keys=True, indent=1)

    def to_csv(self) -> str:
        return to_csv(self.entries)

    def export(self, path: str, fmt: str | None = None) -> None:
        fmt = fmt or ("csv" if str(path).lower().endswith(".csv") else "json")
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
        if fmt not in ("json", "csv"):
            raise LogImportError(f"format {fmt!r}: expected 'json' or 'csv'")
        new = parse_json(text) if fmt == "json" else parse_csv(text)
        self.entries = new if replace else [*self.entries, *new]
        return len(new)

    def import_file(self, path: str, *, replace: bool = False) -> int:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        fmt = "csv" if str(path).lower().endswith(".csv") else None
        return self.import_text(text, fmt, replace=replace)

    # -- the view's requests -------------------------------------------------------

    def _on_msg(self, _widget, content, _buffers) -> None:
        try:
            if handle_log_message(self, self, content):
                return
            if isinstance(content, Mapping) and content.get("do") == "replay":
                i = int(content["index"])
                r = self.replay(i)
                same = "the same dice" if r.to_dict() == self.entries[i]["roll"] else "DIFFERENT dice"
                self.status = f"Replayed roll {i + 1} from spec and seed {r.seed}: {same}"
                self.error = ""
        except (ValueError, TypeError, KeyError, IndexError, SpecError) as err:
            self.error = str(err)


def handle_log_message(log: RollLog, widget: Any, content: Mapping) -> bool:
    """Export/import requests from a view (a roller's or the log's own).
    Returns True when the message was one of these."""
    action = content.get("do") if isinstance(content, Mapping) else None
    if action == "export":
        fmt = "csv" if content.get("format") == "csv" else "json"
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
