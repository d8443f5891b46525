"""``FCScreen``: the Facilitator's screen — a party on the difficulty ladder.

One to six characters (each a compact spec), one target chance, and the
edition's difficulty ladder with each character's exact chance
(:func:`venus_widgets.party_ladder`); the rung nearest the target is marked
for each character and for the party, one line says why, the table exports
as CSV and Markdown, and any cell unfolds into plain words
(:func:`venus_widgets.explain`).

>>> from venus_widgets.widgets import FCScreen
>>> s = FCScreen({"Ana": {"roll": "task", "dice": 3}, "Bo": {"roll": "task", "dice": 5}}, target=0.5)
>>> s
FCScreen(Ana, Bo; target 50 %)
>>> s.why
'Nearest to 50 %: 1 factor: Ana 26 %, Bo 54 % (party 40 %)'

The view never writes a trait: every request from the browser is a message
checked by the one path every widget inherits
(:class:`~venus_widgets.widgets.from_view.ViewChecked`: unknown requests and
wrong types are shown as an error in the view, never raised into the kernel,
and a request that fails leaves the party and the target as they were).
Each character has a name of its own, on one line: two characters of the
same name are refused (the exports would not tell them apart).

A value typed into the screen and refused (a name taken, a target of
150 %, a typo in Allies) is said beside its field in words naming the
character and the field, and kept there as typed, marked "Not applied"
(``notes``), until that field is typed again; the party and the target
stay as they were. A character who passes at no setting (no dice to roll)
is said beside the character (``table["cannot"]``).
"""

from __future__ import annotations

import json
from typing import Any, Mapping

import anywidget
import traitlets

from ..engine.errors import SpecError
from ..engine.api import explain
from ..engine.contract.explain import pct
from ..engine.format import percent
from ..engine.tools.party import MAX_PARTY, PartyLadder, party_ladder, setting_words
from ..engine.tools.solve import check_target
from ..engine.contract.spec import describe, normalize
from . import reloaded, stills
from . import plain_words as _rules
from .fc_still import fc_still
from .fc_words import (MAX_NAME, PARTY_WORDS, TITLE, _read, cannot_pass, ends_words, far, ladder_caption, name_refused, not_applied,
                       read_target)
from ._assets import esm
from .from_view import (ANY, INT, NONE, NUM, STR, MessageError, PlainError, ViewChecked, read_list, refuse_unknown,
                    traited)

#: Every request the view may send: ``do`` and the type of each field.
REQUESTS: dict[str, dict[str, tuple[str, ...]]] = {
    "target": {"value": (NUM,)},
    "type_target": {"text": (STR,)},
    "set": {"index": (INT,), "field": (STR,), "value": (ANY,)},
    "rename": {"index": (INT,), "name": (STR,)},
    "add": {},
    "remove": {"index": (INT,)},
    "explain": {"index": (INT,), "rung": (INT, NONE)},
    "hide_explanation": {},
    "export": {"format": (STR,)},
    "clear_error": {},
}
EXPORTS = {"csv": ("venus-fc-screen.csv", "text/csv"), "markdown": ("venus-fc-screen.md", "text/markdown")}


def _name(name: Any, field: str = "name") -> str:
    """A character's name: on one line, 1 to :data:`MAX_NAME` characters."""
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME or not name.strip().isprintable():
        raise MessageError(field, name, f"a name on one line of 1 to {MAX_NAME} characters")
    return name.strip()


def _screen_target(target: Any) -> float:
    """The screen's target: a chance from 0.01 to 0.99 (none sought for a sure pass or fail)."""
    t = check_target(target)
    if not 0.01 <= t <= 0.99:
        raise SpecError("target", target, "a chance from 0.01 to 0.99 (1 % to 99 %)")
    return t


def _members(party: Any) -> list[dict]:
    """``party`` (name -> spec, a list of specs, or ``[{"name", "spec"}]``)
    as ``[{"name", "spec"}]`` with normalized, JSON-able specs; checked on
    one ladder. Each name on one line and its own: two characters of the
    same name are refused, naming it."""
    allowed = f"a dict of 1 to {MAX_PARTY} characters, name -> spec (or a list of specs)"
    if isinstance(party, Mapping):
        items = list(party.items())[: MAX_PARTY + 1] if len(party) <= 10 * MAX_PARTY else None
        if items is None:
            raise MessageError("party", party, allowed, f"{len(party)} given")
    else:
        listed = read_list("party", party, MAX_PARTY, allowed, "characters")
        if listed and all(isinstance(m, Mapping) and set(m) == {"name", "spec"} for m in listed):
            items = [(m["name"], m["spec"]) for m in listed]
        else:
            items = [(f"#{i + 1}", m) for i, m in enumerate(listed)]
    names = [_name(n, f"party: name {i + 1}") for i, (n, _) in enumerate(items)]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise MessageError("party", twice[0], "characters with a name each",
                           f"two characters are named {twice[0]!r}: give each its own name")
    pl = party_ladder(dict(zip(names, (spec for _, spec in items))), 0.5)  # raises SpecError naming the character
    return [{"name": n, "spec": json.loads(json.dumps(s))} for n, s in zip(pl.names, pl.specs)]


class FCScreen(stills.WithStill, ViewChecked, anywidget.AnyWidget):
    """The Facilitator's screen (see the module).

    ``FCScreen(party, target=0.5)``: ``party`` maps names to specs (or is a
    list of specs, named #1, #2 ...), all of one edition and roll.
    """

    requests = REQUESTS
    _who = "the FC screen"

    _esm = traitlets.Unicode().tag(sync=True)
    members: traitlets.List[dict[str, Any]] = traitlets.List(
        help="The characters: [{'name', 'spec'}], each name its own").tag(sync=True)
    target = traitlets.Float(0.5, help="The chance the FC aims at, from 0.01 to 0.99 (1 to 99 %)").tag(sync=True)
    fields: traitlets.List[dict[str, Any]] = traitlets.List(
        help="The fields of a character the view edits (the ladder's own left out)").tag(sync=True)
    table: traitlets.Dict[str, Any] = traitlets.Dict(help="The ladder as the view draws it").tag(sync=True)
    why = traitlets.Unicode("", help="One line: the rung nearest the target, and why").tag(sync=True)
    explanation: traitlets.Dict[str, Any] = traitlets.Dict(help="A cell unfolded in plain words").tag(sync=True)
    status = traitlets.Unicode("", help="The last thing done, for the view's status line").tag(sync=True)
    notes: traitlets.Dict[str, Any] = traitlets.Dict(
        help="Words beside a control (key 'm<i>-<field>', 'name-<i>' or 'target'): a value set to the nearest the "
             "rules allow (cleared by the next request), or why one typed was refused ('invalid', with what was "
             "'typed': kept, not applied, until that field is typed again)").tag(sync=True)

    def __init__(self, party: Any = None, target: float = 0.5, **kwargs: Any) -> None:
        refuse_unknown("FCScreen", kwargs, ["party", "target", "layout"],
                       "party, target and layout (a character's fields go in its spec: "
                       "FCScreen({'Ana': {'roll': 'task', 'dice': 3}}))")
        if party is None:
            party = {"Ana": {"roll": "task"}}
        t = _screen_target(target)  # before the party: a bad target is refused before any spec is read
        members = _members(party)
        super().__init__(_esm=esm("fcscreen"), members=members, target=t, **kwargs)
        self._refresh()
        self.observe(lambda _c: self._refresh(), names=["members", "target"])
        self.on_msg(self._on_msg)
        reloaded.follow(self)

    def _edition_replaced(self, ident: str) -> None:
        """A draft loaded again (:mod:`.reloaded`): the party plays its new
        version, each character keeping its values; a version that cannot
        take them is said, the screen left as it was."""
        if not any(m["spec"]["edition"] == ident for m in self.members):
            return
        try:
            self.members = [{"name": m["name"], "spec": {k: v for k, v in m["spec"].items() if k != "version"}}
                            for m in self.members]
            self.error = ""
        except traitlets.TraitError as err:
            self.error = (f"The draft {ident} was loaded again and this screen cannot play its new version ({err}); "
                          "it still shows the version before: run this cell again")

    # -- validation of Python assignments --------------------------------------------

    @traitlets.validate("members")
    def _validate_members(self, proposal):
        return traited(_members, proposal["value"])

    @traitlets.validate("target")
    def _validate_target(self, proposal):
        return traited(_screen_target, proposal["value"])

    # -- reading ----------------------------------------------------------------------

    @property
    def party(self) -> dict[str, dict]:
        """The characters, name -> normalized spec."""
        return {m["name"]: dict(m["spec"]) for m in self.members}

    @property
    def ladder(self) -> PartyLadder:
        """The party on the ladder at the current target."""
        return party_ladder(self.party, self.target)

    def to_csv(self) -> str:
        return self.ladder.to_csv()

    def to_markdown(self) -> str:
        return self.ladder.to_markdown()

    def explain(self, name: str, rung: int | None = None):
        """Why character ``name`` has the chance shown on ``rung`` (default:
        the party's nearest rung): :func:`venus_widgets.explain`."""
        pl = self.ladder
        if name not in pl.names:
            raise ValueError(f"no character named {name!r}: the party is {', '.join(pl.names)}")
        i = pl.best if rung is None else rung
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(pl.rungs):
            raise ValueError(f"rung {rung!r} is not on the ladder: give 0 (easiest) to {len(pl.rungs) - 1}")
        return explain({**pl.specs[pl.names.index(name)], **pl.rungs[i]})

    def __repr__(self) -> str:
        return f"FCScreen({', '.join(m['name'] for m in self.members)}; target {percent(self.target)[:-1]} %)"

    def snapshot_html(self) -> str:
        """The screen as it stands, as static HTML (no script): the title,
        the party, the why line and the ladder (a picture with alt text, and
        the same numbers as a table), as the live screen shows them."""
        pl = self.ladder
        t = self.table
        best_for = pl.best_for
        rows = []
        for i, (r, shown) in enumerate(zip(pl.rungs, t["rows"])):  # the numbers the live table shows
            cells = [(("◆ " if best_for[n] == i else "") + shown["shown"][j], best_for[n] == i)
                     for j, n in enumerate(pl.names)]
            cells.append((("▶ " if i == pl.best else "") + shown["party_shown"], i == pl.best))
            rows.append((("▶ " if i == pl.best else "") + setting_words(r, pl.specs[0]), cells))
        cannot = t.get("cannot", {})
        members = [(m["name"], stills.settings_text(self._settings(m["spec"])) + (f". {cannot[str(i)]}" if str(i) in cannot else ""))
                   for i, m in enumerate(self.members)]
        return fc_still(t["ladder_caption"], TITLE, PARTY_WORDS, members, self.target, self.why,
                                (t.get("far") or {}).get("text", ""), t.get("ends", []), [*pl.names, "party"], rows)

    def _settings(self, spec: Mapping[str, Any]) -> list[tuple[str, Any]]:
        """A character's settings that say who they are: the ability, and what differs from the defaults."""
        return [(f["label"], _rules.setting(f, spec[f["name"]])) for f in self.fields
                if f["name"] in spec and (f.get("group") == "ability" or spec[f["name"]] != f.get("default"))]

    # -- derived state for the view --------------------------------------------------------

    def _refresh(self) -> None:
        pl = self.ladder
        spec0 = pl.specs[0]
        rung_keys = set(pl.rungs[0]) if pl.rungs else set()
        self.fields = [{"name": k, **d, "label": d.get("label") or k}
                       for k, d in describe(spec0["edition"], spec0["roll"]).items() if k not in rung_keys]
        best_for = pl.best_for
        self.table = {
            "edition": spec0["edition"], "roll": spec0["roll"], "names": list(pl.names), "ladder_caption": ladder_caption(spec0),
            "target_text": pct(self.target),
            "rows": [{"setting": setting_words(r, pl.specs[0]), "chances": [pct(p) for p in pl.chances[i]],
                      "party": pct(pl.party_chance(i)), "best": i == pl.best,
                      # as the rollers show chances (the one rule, whole percents); two decimals in each cell's title
                      "shown": [_rules.percent(p) for p in pl.chances[i]], "party_shown": _rules.percent(pl.party_chance(i)),
                      "nearest_for": [n for n in pl.names if best_for[n] == i]} for i, r in enumerate(pl.rungs)],
            "best": pl.best, "markdown": pl.to_markdown(), "csv": pl.to_csv(),
            "far": far(pl), "ends": ends_words(pl),
            "cannot": {str(i): words for i, words in cannot_pass(pl).items()},
        }
        self.why = f"Nearest to {percent(self.target)[:-1]} %: {pl.why}"
        if self.explanation:
            self._explain(self.explanation["index"], self.explanation.get("rung"))

    def _explain(self, index: int, rung: int | None) -> None:
        names = [m["name"] for m in self.members]
        if not 0 <= index < len(names):
            self.explanation = {}
            return
        pl = self.ladder
        i = pl.best if rung is None or not 0 <= rung < len(pl.rungs) else rung
        e = self.explain(names[index], i)
        said = setting_words(pl.rungs[i], pl.specs[0])
        self.explanation = {"index": index, "rung": rung, "name": names[index], "setting": said,
                            "title": f"{names[index]}, {said}: {e.title}",
                            "steps": [s.line() for s in e.steps], "walk": list(e.walk), "seed": e.seed}

    # -- the view's requests (through ViewChecked: the view writes no trait) -----------------

    def _state_names(self) -> tuple[str, ...]:
        return ("members", "target")

    def _state_problem(self) -> str | None:
        try:
            if _members(self.members) != self.members:
                return "members: the party is not as the FC screen holds it"
            _screen_target(self.target)
        except SpecError as err:
            return str(err)
        return None

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        self.error = ""  # a repeated refusal must reach the view again (it redraws on each error)
        self.status = ""  # one status at a time: what this request did, or nothing
        super()._on_msg(_widget, content, _buffers)

    def _index(self, content: Mapping) -> int:
        i = content["index"]
        if not 0 <= i < len(self.members):
            raise MessageError("index", i, f"a character from 0 to {len(self.members) - 1}")
        return i

    def _kept(self, *typed_again: str) -> dict[str, Any]:
        """The refusals still beside their fields (a value typed and not
        applied stays until that field is typed again)."""
        return {k: n for k, n in self.notes.items() if n.get("invalid") and k not in typed_again}

    def _refuse(self, key: str, text: str, typed: Any) -> None:
        """Say ``text`` beside the control ``key``, keeping what was typed there, and refuse the request."""
        self.notes = {**self._kept(key), key: {"text": text, "invalid": True, "typed": typed}}
        raise PlainError(key, text)

    def _request(self, action: str, content: Mapping) -> None:
        if action == "target":
            self.notes = self._kept("target")
            self.target = content["value"]
        elif action == "type_target":
            try:
                t = read_target(content["text"], self.target)
            except PlainError as err:
                self._refuse("target", str(err), content["text"])
            self.notes = self._kept("target")
            self.target = t
        elif action == "set":
            self._set(self._index(content), content["field"], content["value"])
        elif action == "rename":
            i = self._index(content)
            now = self.members[i]["name"]
            why = name_refused(content["name"], now, [m["name"] for j, m in enumerate(self.members) if j != i])
            if why:
                self._refuse(f"name-{i}", why, content["name"])
            self.notes = self._kept(f"name-{i}")
            self.members = [*self.members[:i], {**self.members[i], "name": _name(content["name"])},
                            *self.members[i + 1:]]
        elif action == "add":
            if len(self.members) >= MAX_PARTY:
                raise MessageError("add", len(self.members), f"at most {MAX_PARTY} characters")
            taken = {m["name"] for m in self.members}
            name = next(f"#{k}" for k in range(len(taken) + 1, 99) if f"#{k}" not in taken)
            self.notes = self._kept()
            self.members = [*self.members, {"name": name, "spec": dict(self.members[-1]["spec"])}]
            self.status = f"Added {name}, a copy of {self.members[-2]['name']}"
        elif action == "remove":
            i = self._index(content)
            if len(self.members) == 1:
                raise MessageError("remove", i, "a party keeps at least one character")
            gone = self.members[i]["name"]
            # a name refused as taken may be free now: those notes go; the others move up with their characters
            self.notes = {_shifted(k, i): n for k, n in self._kept().items() if _shifted(k, i) and "name" not in k}
            self.members = [m for j, m in enumerate(self.members) if j != i]
            self.status = f"Removed {gone}"
        elif action == "explain":
            self._explain(self._index(content), content["rung"])
        elif action == "hide_explanation":
            self.explanation = {}
        elif action == "export":
            fmt = content["format"]
            if fmt not in EXPORTS:
                raise MessageError("format", fmt, " or ".join(EXPORTS))
            name, mime = EXPORTS[fmt]
            self.send({"download": {"name": name, "mime": mime,
                                    "text": self.to_csv() if fmt == "csv" else self.to_markdown()}})
            self.status = f"Exported {name}"
        self.error = ""

    def _set(self, i: int, field: str, typed: Any) -> None:
        """One field of character ``i`` as typed: read, checked by the rules,
        set; or refused beside the field, naming the character."""
        desc = {f["name"]: f for f in self.fields}
        if field not in desc:
            raise MessageError("field", field, ", ".join(f["name"] for f in self.fields))
        name = self.members[i]["name"]
        label = f"{name}'s {desc[field]['label']}"
        key = f"m{i}-{field}"
        was = _rules.plain_value(_rules.setting(desc[field], self.members[i]["spec"][field]))
        kept = not_applied(f"{name} keeps no {desc[field]['label']}" if was == "nothing"
                           else f"{name} keeps {desc[field]['label']} {was}")
        try:
            value, note = _read(desc[field], typed, label)
            spec = {**self.members[i]["spec"], field: value}
            try:
                normalize(spec)
            except SpecError as err:
                raise PlainError(field, _rules.plain_error(err, label)) from None
        except PlainError as err:  # said beside the field, what was typed kept there
            self._refuse(key, f"{err} {kept}", typed)
        self.notes = self._kept(key)
        self.members = [*self.members[:i], {"name": name, "spec": spec}, *self.members[i + 1:]]
        cannot = self.table.get("cannot", {}).get(str(i))
        if note or cannot:
            self.notes = {**self.notes, key: {"text": " ".join(x for x in (note, cannot) if x), "invalid": False}}
            self.status = note or cannot


def _shifted(key: str, gone: int) -> str:
    """A note's key once character ``gone`` has left ("" for the notes of
    that character; the ones after it move up one)."""
    head, _, rest = key.partition("-")
    i = int(head[1:]) if head.startswith("m") and head[1:].isdigit() else int(rest) if head == "name" else None
    if i is None:
        return key
    if i == gone:
        return ""
    if i < gone:
        return key
    return f"m{i - 1}-{rest}" if head.startswith("m") else f"name-{i - 1}"
