"""A roll-log entry as a record: its format, the strict check of an
entry (replayed from its spec, seed and choices), and the JSON and CSV
files a log is exported to and imported from.

An entry is a plain dict::

    {"roll": Roll.to_dict(),           # spec, seed, every die, outcome...
     "kiss": [die indices] | None,     # the KISS the player asked for (None: the policy)
     "ego": True | False | None,       # Ego asked for (None: the policy)
     "spent": [...],                   # consequences bought / subverted
     "subverted": id | None,           # the FC's subversion
     "texts": [...],                   # consequences as typed
     "result": "Passed: ..."}          # the one-line result

Import trusts only the spec, the seed and the recorded choices (``kiss``,
``ego``, ``spent``, ``subverted``, ``texts``): it replays the roll and
re-derives everything else (dice, outcome, passed, goal, the result line
and its exp), checks that the spending is legal and the texts bounded
(the edition's ``check_choices``), and refuses an entry whose stored
values disagree, naming the entry and the field. Every CSV cell goes
through the export module (:mod:`venus_widgets.engine.export`).
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, Mapping

from ..engine import api as _api
from ..engine import export as _export
from ..engine.contract import work as _work
from ..engine.contract.edition import get as _edition
from ..engine.errors import SpecError
from ..engine.table.rolls import MAX_SEED, Roll
from ..engine.contract.table_answers import Choices
from .from_view import short as _short

LOG_FORMAT = "venus-widgets/log@1"
#: The formats a log exports to and imports from.
EXPORT_FORMATS = ("json", "csv")
ENTRY_KEYS = ("roll", "kiss", "ego", "spent", "subverted", "texts", "result")
CSV_COLUMNS = (
    "index", "edition", "roll", "seed", "outcome", "passed", "faces_before", "faces_after", "kissed",
    "result", "kiss", "ego", "spent", "subverted", "texts", "roll_json",
)
MAX_IMPORT_BYTES = 20_000_000
#: Longest result line an entry may carry.
MAX_RESULT = 2_000
#: Cells a spreadsheet reads as a formula start with one of these (quoted on export: engine/export.py).
FORMULA_START = _export.FORMULA_START


class LogImportError(ValueError):
    """A log file that cannot be imported; the log is left as it was."""

    plain = True  # its message is in plain words (the view shows it as it is)


def make_entry(roll: Roll, kiss: Any = None, ego: Any = None, spent=(), subverted=None, texts=(),
               result: str = "") -> dict:
    return {"roll": roll.to_dict(), "kiss": None if kiss is None else [int(i) for i in kiss],
            "ego": ego, "spent": list(spent), "subverted": subverted, "texts": [str(t) for t in texts],
            "result": str(result)}


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


#: Facts of a roll saved under another name before: old name -> name now (a draft's value before
#: its re-roll step was ``successes_before_kiss`` until main's 5d78af2; an edition of code may
#: still name its own fact so).
FACTS_RENAMED = {"successes_before_kiss": "value_before_reroll"}


def named_now(roll: Mapping, now: Any) -> Mapping:
    """``roll`` (as saved) with its facts under the names the same roll
    replayed today gives them (``now``, its details), where only the name changed (:data:`FACTS_RENAMED`).

    >>> named_now({"details": {"successes_before_kiss": 4, "total": 9}}, {"value_before_reroll": 4, "total": 9})["details"]
    {'value_before_reroll': 4, 'total': 9}
    """
    details = roll.get("details")
    if not isinstance(details, Mapping) or not isinstance(now, Mapping):
        return roll
    renamed = {old: new for old, new in FACTS_RENAMED.items()
               if old in details and new not in details and new in now and old not in now}
    if not renamed:
        return roll
    return {**roll, "details": {renamed.get(k, k): v for k, v in details.items()}}


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
    if kiss is not None and (not isinstance(kiss, list) or len(kiss) > _api.MAX_FACES
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
    now = again.to_dict()
    r = named_now(r, now.get("details"))
    diff = _first_difference(now, r, "roll")
    if diff:
        raise LogImportError(f"{where}: {diff!r} is {_short(_get(r, diff))} but the spec, seed, KISS and Ego give "
                             f"{_short(_get(again.to_dict(), diff))} (edited or foreign file)")
    spec = dict(again.spec)
    _check_choices(where, spec, again, e)
    result = entry_result(spec, again, e["spent"], e["subverted"], e["texts"])
    said = _hyphened(e["result"])
    if said != _hyphened(result) and not (one_line_result and said == _hyphened(_export.one_line(result))):
        raise LogImportError(f"{where}: 'result' is {_short(e['result'])} but the roll and choices give "
                             f"{_short(result)} (edited file)")
    # a line saved before negatives took the minus sign ("-2 net successes") is kept as it was saved
    return {**{k: e[k] for k in ENTRY_KEYS}, "roll": r, "result": e["result"] if said == _hyphened(result) else result}


def _hyphened(line: str) -> str:
    """A result line with a negative number's minus sign (−2) as the hyphen of a log saved before (-2)."""
    return line.replace("\u2212", "-")


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
    priced(data["entries"])
    return [check_entry(e, f"entry {i}") for i, e in enumerate(data["entries"])]


def priced(entries: list) -> None:
    """Refuse, before any roll is made again, a log whose rolls would take
    longer to replay than one call may (the one work model:
    :func:`venus_widgets.engine.contract.work.check`, each roll priced by its spec)."""
    specs = [e["roll"]["spec"] for e in entries if isinstance(e, Mapping) and isinstance(e.get("roll"), Mapping)
             and isinstance(e["roll"].get("spec"), Mapping)]
    try:
        _work.check("entries", len(entries), [_work.Job({}, specs, "roll")], f"replaying its {len(specs):,} rolls")
    except SpecError as err:
        raise LogImportError(f"this log is too heavy to import at once: {err.hint}; import it in smaller parts") from None


def _roll_cells(rows: list) -> list:
    """Each row's roll as written (for the price of the log; read again and checked row by row after)."""
    out = []
    for row in rows:
        try:
            out.append(_loads(unneutralise(row[-1])) if len(row) == len(CSV_COLUMNS) else None)
        except (ValueError, RecursionError):
            out.append(None)
    return out


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
    priced([{"roll": r} for r in _roll_cells(rows[1:])])
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
