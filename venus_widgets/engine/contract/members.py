"""The edition contract, member by member: what
:func:`~venus_widgets.engine.contract.edition.register` checks and fills in.

Every member an edition may have is listed once, in :data:`MEMBERS` (and
those of its ``at_table`` in :data:`TABLE_MEMBERS`): its name, what it is in
words, how it is called (a function) and, for an optional member, its
default. :func:`check` lists every member of an edition that is missing or
of the wrong kind (what was expected, what was found), so that
``register`` refuses a broken edition with one :class:`ContractError`
naming them all; :func:`.registered.complete` gives the edition as the registry hands
it out, every member the edition's own or the default.

Members are required, optional (with a default, in this module only), or
required by a feature the edition declares in ``FEATURES`` (``advise``,
``kiss_odds``, ``vary``). A new member is one more :class:`Member` here
(and a line in docs/architecture.md's table, which a test holds to this
list).

>>> [m.name for m in MEMBERS if m.required][:5]
['ID', 'SCHEMAS', 'denominator', 'cost', 'odds']
>>> next(m for m in MEMBERS if m.name == "roll").signature
'roll(spec, seed, kiss=None, ego=None)'
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from . import table_defaults
from ..table.details import Details
from ..errors import SpecError
from .knobs import Knob, RulesOf
from .samples import ByHand, Samples
from .table_answers import Choices

#: The optional features an edition may declare, and the member each needs.
FEATURES: dict[str, str] = {"advise": "advise", "kiss_odds": "kiss_odds", "vary": "vary_values"}

#: The roller families a roll may be rolled with (``at_table.ROLLERS`` keys).
ROLLER_FAMILIES = ("check", "task", "pool")

#: Field names every spec has besides its roll's fields (``version``: an edition that has one, a draft).
ENVELOPE = ("edition", "roll", "rules", "version")

#: Where the contract is explained.
DOCS = "docs/architecture.md#the-contract"


class ContractError(TypeError):
    """An edition that does not satisfy the contract: every member missing
    or of the wrong kind, in one message (``problems``: (member, expected,
    found) each)."""

    def __init__(self, who: str, problems: list[tuple[str, str, str]]) -> None:
        self.problems = problems
        lines = [f"  - {name}: expected {expected}; {found}" for name, expected, found in problems]
        super().__init__(f"{who} does not satisfy the edition contract ({DOCS}); "
                         f"change {'this member' if len(problems) == 1 else f'these {len(problems)} members'}:\n"
                         + "\n".join(lines))


@dataclass(frozen=True)
class Member:
    """One member of the contract.

    ``what``: what it is, in words; ``params``: a function's parameters as
    written in its signature (``None``: a value, checked by ``check``,
    which returns what is wrong in words, or ``""``); ``keywords``: the
    optional parameters callers pass by name; ``default``: for an optional
    member, a function of the edition giving it; ``feature``: the feature
    that makes it required."""

    name: str
    what: str
    params: str | None = None
    keywords: tuple[str, ...] = ()
    check: Callable[[Any, Any], str] | None = None
    default: Callable[[Any], Any] | None = None
    feature: str = ""

    @property
    def required(self) -> bool:
        return self.default is None and not self.feature

    @property
    def signature(self) -> str:
        return self.name if self.params is None else f"{self.name}({self.params})"

    @property
    def expected(self) -> str:
        if self.params is None:
            return self.what
        return f"a function {self.signature}: {self.what}"


# --------------------------------------------------------------------------
# Checks of values (each: what is wrong, in words, or "")
# --------------------------------------------------------------------------


def _found(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _check_id(value: Any, source: Any) -> str:
    if not isinstance(value, str):
        return f"found {_found(value)}, not a string"
    if not value or value != value.strip().lower() or any(c.isspace() for c in value):
        return f"found {value!r}: use a non-empty, lower-case name without spaces (specs write it in 'edition')"
    return ""


def _check_features(value: Any, source: Any) -> str:
    if not isinstance(value, (set, frozenset)) or not all(isinstance(f, str) for f in value):
        return f"found {_found(value)}, not a set of words"
    unknown = sorted(set(value) - set(FEATURES))
    return f"found {sorted(value)}: {', '.join(map(repr, unknown))} is not a feature" if unknown else ""


def _check_field(roll: str, name: Any, kind: Any) -> str:
    if not isinstance(name, str):
        return f"the field name {_found(name)} of roll {roll!r} is not a string"
    if name in ENVELOPE:
        return f"roll {roll!r} has a field {name!r}, a name every spec already uses ({', '.join(ENVELOPE)})"
    if not all(callable(getattr(kind, a, None)) for a in ("check", "describe")) or not hasattr(kind, "default"):
        return (f"field {roll}.{name} is {_found(kind)}, not a field kind "
                "(spec.Int, spec.Choice, spec.Bool or spec.List)")
    try:
        kind.check(name, list(kind.default) if isinstance(kind.default, tuple) else kind.default)
    except Exception as err:  # noqa: BLE001 - any error: the default is not a value of the field
        return f"field {roll}.{name}'s default is refused by its own check ({err})"
    return ""


def _check_schemas(value: Any, source: Any) -> str:
    if not isinstance(value, Mapping) or not value:
        return f"found {_found(value)}, not a non-empty dict of roll kinds"
    for roll, fields in value.items():
        if not isinstance(roll, str) or not roll:
            return f"the roll kind {_found(roll)} is not a word"
        if not isinstance(fields, Mapping):
            return f"roll {roll!r} has {_found(fields)}, not a dict of fields"
        for name, kind in fields.items():
            wrong = _check_field(roll, name, kind)
            if wrong:
                return wrong
    return ""


def _check_knobs(value: Any, source: Any) -> str:
    if not isinstance(value, (tuple, list)) or not all(isinstance(k, Knob) for k in value):
        return f"found {_found(value)}, not a tuple of knobs.Knob"
    names = [k.name for k in value]
    twice = sorted({n for n in names if names.count(n) > 1})
    return f"the knob {twice[0]!r} is listed twice" if twice else ""


def _check_samples(value: Any, source: Any) -> str:
    if not isinstance(value, Samples):
        return f"found {_found(value)}, not a samples.Samples"
    for group in ("small", "large"):
        specs = getattr(value, group)
        if not isinstance(specs, tuple) or not all(isinstance(s, Mapping) for s in specs):
            return f"SAMPLES.{group} is {_found(specs)}, not a tuple of specs (dicts)"
    if not value.small:
        return "SAMPLES.small is empty: give at least one small spec"
    if not isinstance(value.by_hand, tuple) or not all(isinstance(b, ByHand) for b in value.by_hand):
        return f"SAMPLES.by_hand is {_found(value.by_hand)}, not a tuple of samples.ByHand"
    return ""


def _check_details(value: Any, source: Any) -> str:
    if not isinstance(value, Mapping):
        return f"found {_found(value)}, not a dict of roll kind -> rolls.Details class"
    kinds = getattr(source, "SCHEMAS", None)
    for roll, kind in value.items():
        if isinstance(kinds, Mapping) and roll not in kinds:
            return f"DETAILS names {roll!r}, not a roll kind of SCHEMAS ({', '.join(map(str, kinds))})"
        if not (isinstance(kind, type) and issubclass(kind, Details) and dataclasses.is_dataclass(kind)):
            return f"DETAILS[{roll!r}] is {_found(kind)}, not a dataclass subclass of rolls.Details"
    return ""


def _check_rollers(value: Any, source: Any) -> str:
    if not isinstance(value, Mapping) or not value:
        return f"found {_found(value)}, not a non-empty dict of roller family to roll kind"
    kinds = getattr(source, "SCHEMAS", None)
    for family, roll in value.items():
        if family not in ROLLER_FAMILIES:
            return f"found the roller {family!r}: the rollers are {', '.join(ROLLER_FAMILIES)}"
        if isinstance(kinds, Mapping) and roll not in kinds:
            return f"the {family} roller rolls {roll!r}, not a roll kind of SCHEMAS ({', '.join(map(str, kinds))})"
    return ""


def _check_table(value: Any, source: Any) -> str:
    return ""  # checked member by member (TABLE_MEMBERS), named at_table.<member>


# -- Defaults of the optional members ----------------------------------------


def _default_rules_of(source: Any) -> Any:
    return RulesOf(getattr(source, "KNOBS", ()), dict)


def _default_schema_for(source: Any) -> Any:
    schemas = source.SCHEMAS

    def schema_for(roll: str, rules: Any) -> Any:
        """The fields of ``roll``: no rule of this edition sets a range."""
        return schemas[roll]

    return schema_for


def _no_cross_checks(spec: dict) -> None:
    """No rule ties several fields together."""


def _default_samples(source: Any) -> Samples:
    return Samples(small=tuple({"roll": kind} for kind in source.SCHEMAS))


def _default_announce(table: Any) -> Any:
    sentence = table.sentence

    def announce(spec: dict, r: Any) -> str:
        """The result line, nothing chosen yet."""
        return sentence(spec, r, Choices())

    return announce


def _const(value: Any) -> Callable[[Any], Any]:
    return lambda source: value


#: The members of an edition, in the order docs/architecture.md lists them.
MEMBERS: tuple[Member, ...] = (
    Member("ID", "the edition's id: a lower-case name such as 'coins', as specs write it in 'edition'",
           check=_check_id),
    Member("NAME", "its name as a player reads it, in words ('Coins (a draft)')", default=lambda source: source.ID,
           check=lambda v, _: "" if isinstance(v, str) and v.strip() else f"found {_found(v)}, not a name in words"),
    Member("FEATURES", "the optional features it has, a set of words from " + ", ".join(FEATURES),
           check=_check_features, default=_const(frozenset())),
    Member("VERSION", "its version, a hash of its content specs record ('' if it never changes)", default=_const("")),
    Member("at_version", "an earlier version kept to replay what it made (None: none)", "version",
           default=_const(lambda version: None)),
    Member("SCHEMAS", "a dict of roll kind -> field name -> field kind (spec.Int, spec.Choice, spec.Bool, "
           "spec.List), the first kind with a check the default roll", check=_check_schemas),
    Member("KNOBS", "the rules a playtester may change, a tuple of knobs.Knob", check=_check_knobs,
           default=_const(())),
    Member("rules_of", "the rules value a spec plays by (its 'rules' over the knobs' defaults)", "spec",
           default=_default_rules_of),
    Member("schema_for", "the fields of a roll kind under the rules rules_of gives", "roll, rules",
           default=_default_schema_for),
    Member("cross_checks", "raises spec.CrossError (or SpecError) for values that break a rule tying "
           "several fields together", "spec", default=_const(_no_cross_checks)),
    Member("denominator", "a common denominator of every probability of the odds (None for dice that roll "
           "without end)", "spec"),
    Member("cost", "the work of the odds estimated from the spec's sizes before any is done, a cost.Cost "
           "(engine/contract/guard.py refuses what is over the budget, naming a lever field)", "spec, exact=False",
           keywords=("exact",)),
    Member("surely_within", "True only where a cheap upper bound of cost(spec, exact) already fits the budget "
           "(guard.check then skips the estimate; False: estimate)", "spec, exact=False", keywords=("exact",),
           default=_const(lambda spec, exact=False: False)),
    Member("search_seconds", "the seconds n of many rolls spend once a kind of roll they meet (a search for the "
           "best choice), beside each roll's dice (0.0: none)", "spec, n", default=_const(lambda spec, n: 0.0)),
    Member("odds", "the exact odds, an odds.Odds (in Fractions with exact=True)", "spec, exact=False",
           keywords=("exact",)),
    Member("roll", "one seeded roll by the same policy as the odds, a rolls.Roll (its faces from "
           "rolls.streams(seed): the first faces, then one face per KISSed die in die order)",
           "spec, seed, kiss=None, ego=None"),
    Member("roll_many", "the outcomes of n rolls (a numpy array)", "spec, n, seed"),
    Member("ladder_settings", "the difficulty ladder: the changes to the spec from easiest to hardest",
           "spec"),
    Member("explain_steps", "the odds unfolded in plain words, step by step", "spec, o"),
    Member("explain_roll", "a roll unfolded in plain words", "r"),
    Member("at_table", "the roll at the table, answers to table.TableRules (a module or object)",
           check=_check_table),
    Member("SAMPLES", "the rolls the contract tests try it on, a samples.Samples", check=_check_samples,
           default=_default_samples),
    Member("DETAILS", "roll kind -> the class of its rolls' details, a frozen dataclass subclass of "
           "rolls.Details (a kind left out: a read-only dict, rolls.Facts)", check=_check_details,
           default=_const({})),
    Member("advise", "the odds of each KISS choice for the faces showing, an advice.Advice",
           "spec, faces, kissed=()", feature="advise"),
    Member("kiss_odds", "the exact odds of one KISS choice: a dict of p_pass, p_goal (and more)",
           "spec, faces, kiss, ego=None", feature="kiss_odds"),
    Member("vary_values", "the values a field runs through for vw.solve (None: its range)", "spec, field",
           feature="vary"),
)

#: The members of an edition's ``at_table`` (:class:`~venus_widgets.engine.contract.table_answers.TableRules`).
TABLE_MEMBERS: tuple[Member, ...] = (
    Member("ROLLERS", "a dict of roller family (check, task, pool) -> the roll kind it rolls",
           check=_check_rollers),
    Member("steps", "which steps the roll has at the table, a table.Steps", "spec",
           default=_const(table_defaults.no_steps)),
    Member("kiss_start", "successes before the KISS, the goal, the budget: a table.KissStart", "spec, first",
           default=_const(table_defaults.no_kiss_start)),
    Member("kiss_allowed", "whether a die may be KISSed, and why not in words", "spec, first, i",
           default=_const(table_defaults.no_kiss)),
    Member("kiss_cost", "how much of the KISS budget the selected dice use", "spec, first, selected",
           default=_const(table_defaults.kiss_count)),
    Member("contributions", "what each die contributed, a list of table.Mark", "spec, r"),
    Member("legend", "the meaning of each mark shown", "spec, r, marks", default=_const(table_defaults.plain_legend)),
    Member("default_spend", "what the dice buy before the player changes anything", "spec, r, wanted",
           default=_const(table_defaults.nothing_bought)),
    Member("spend_more", "the spending after Ego added successes", "spec, r, spent, wanted",
           default=_const(table_defaults.nothing_bought)),
    Member("toggle", "buy or unbuy an item (a SpecError when not for sale or not affordable)",
           "spec, r, spent, item", default=_const(table_defaults.nothing_for_sale)),
    Member("subvert", "the FC's subversion, or a SpecError where there is none", "spec, spent, item",
           default=_const(table_defaults.no_subversion)),
    Member("spend_menu", "the consequences for sale (a table.SpendMenu), or None", "spec, r, c",
           default=_const(table_defaults.no_menu)),
    Member("check_choices", "for a log entry: the first choice the table would not allow, or None",
           "spec, r, c", default=_const(table_defaults.only_no_choices)),
    Member("sentence", "the one-line result of the roll and the choices", "spec, r, c"),
    Member("announce", "the status line when the dice stand", "spec, r", default=_default_announce),
    Member("view_extra", "extra keys of the table view", "spec, r", default=_const(table_defaults.no_extra)),
    Member("what_if", "(label, changed spec) of the what-if hints", "spec", default=_const(table_defaults.no_what_if)),
    Member("die_words", "a die as the table names and draws it (owner, tag, shape, grade and its level), a "
           "table_answers.DieWords", "spec, d", default=_const(table_defaults.plain_die_words)),
    Member("merge", "how a field's values combine into one die (a table_answers.Merge: what they make, or the "
           "subset to accept), None for a roll without one; given the spec as the roller holds it", "spec",
           default=_const(table_defaults.no_merge)),
)


# -- The check --------------------------------------------------------------


def _params(text: str) -> tuple[list[str], list[str]]:
    """The required and the optional parameter names of ``"a, b, c=None"``."""
    names = [p.strip() for p in text.split(",") if p.strip()]
    return [p for p in names if "=" not in p], [p.split("=")[0] for p in names if "=" in p]


def _check_function(member: Member, value: Any) -> str:
    if not callable(value):
        return f"found {_found(value)}, not a function"
    try:
        sig = inspect.signature(value)
    except (TypeError, ValueError):
        return ""  # a callable without a signature to read (a builtin): taken as it is
    required, optional = _params(member.params or "")
    dummy = [None] * (len(required) + len(optional))
    try:
        sig.bind(*dummy[:len(required)])
        sig.bind(*dummy)
        for k in member.keywords:
            sig.bind(*dummy[:len(required)], **{k: None})
    except TypeError:
        return f"found {member.name}{sig}"
    return ""


def _problems(source: Any, members: tuple[Member, ...], prefix: str = "") -> list[tuple[str, str, str]]:
    out = []
    given: Any = getattr(source, "FEATURES", frozenset())
    features: frozenset = frozenset(given) if isinstance(given, (set, frozenset)) else frozenset()
    for m in members:
        name = prefix + m.name
        try:
            value = getattr(source, m.name)
        except AttributeError:
            if m.required or (m.feature and m.feature in features):
                why = f" (FEATURES has {m.feature!r})" if m.feature else ""
                out.append((name, m.expected, f"it is missing{why}"))
            continue
        except Exception as err:  # noqa: BLE001 - a property that raises: said, not raised
            out.append((name, m.expected, f"reading it raised {type(err).__name__}: {err}"))
            continue
        try:
            wrong = _check_function(m, value) if m.params is not None else m.check(value, source) if m.check else ""
        except Exception as err:  # noqa: BLE001 - e.g. a field kind whose check raises something else
            wrong = f"checking it raised {type(err).__name__}: {err}"
        if wrong:
            out.append((name, m.expected, wrong))
    return out


def check(source: Any) -> list[tuple[str, str, str]]:
    """Every member of ``source`` (an edition: a module or an object) that
    is missing or of the wrong kind: (member, expected, found) each; an
    empty list when it satisfies the contract."""
    out = _problems(source, MEMBERS)
    if not any(name == "at_table" for name, _, _ in out):
        out += _problems(source.at_table, TABLE_MEMBERS, "at_table.")
    return out
