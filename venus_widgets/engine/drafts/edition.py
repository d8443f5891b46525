"""A draft as an edition: one object that satisfies the edition contract
(:class:`~venus_widgets.engine.contract.edition.Edition`, with
:class:`~venus_widgets.engine.contract.table_answers.TableRules` as ``at_table``), so that
``register`` makes the draft an edition like any other: odds, rolls,
by-hand entry, the log, ``explain``, the ladder, the FC's screen and the
rule lab work with nothing written for it.

The spec's fields are the draft's ``[fields]``; its ``rules`` are the
draft's knobs (every number, :mod:`.knobs`). Everything the edition
answers goes through a :class:`~.plan.Plan` of the spec, made once per
spec and rules (module-level caches, emptied like the engine's others).
"""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Any, Mapping

import numpy as np

from ..contract import cost as _budget
from ..caching import Results
from ..errors import SpecError
from ..frozen import FrozenDict
from ..contract.knobs import Knob
from ..maths.odds import Odds
from ..table.rolls import BLOCK_ROLLS, Roll
from ..contract.fields import Bool, Choice, CrossError, Field, Int, List, Schema
from ..contract.table_answers import TableRules
from . import cost as _cost
from . import knob_names as _names
from . import step_cost as _steps
from . import dice as _dice
from . import explain as _explain
from . import explain_steps as _explain_steps
from . import quick_cost as _quick
from . import kernel, outcome, plan as _plan, plan_key, rolling, spec_checks as _spec_checks, versions as _versions, walk
from .karatsuba import walk_budget, walked as _walked
from . import estimate_work as _estimate_work
from .at_table import DraftTable
from .counts_kept import kept, priced, work_kept
from .load_tables import within_load
from .draft_reads import marks_of
from .levers import levers as _lever_list
from . import endless as _endless
from .knobs import DraftRules
from .model import FIELD_GROUPS, Draft, FieldDef

def _made_by_caller(key: Any) -> Any:
    raise TypeError("made by the caller: Results.made(key, make)")


#: Plans by (draft, spec); rules by (draft, rules): the least recently used dropped past 256.
_MAX_CACHED = 256
_PLAN_CACHE: "Results[tuple, _plan.Plan]" = Results(_made_by_caller, _MAX_CACHED)
_RULES_CACHE: "Results[tuple[str, str, str], DraftRules]" = Results(_made_by_caller, _MAX_CACHED)


def _cached(store: Results, key: Any, make: Any) -> Any:
    """``make()`` once per key (:class:`..caching.Results`: the store read and
    changed under a lock, the value made outside it)."""
    return store.made(key, make)


class DraftEdition:
    """The edition of one draft (see the module); a spec of another version
    of it (``version``) is answered by that version (:mod:`.versions`)."""

    def __init__(self, draft: Draft) -> None:
        self.draft = draft
        self.ID: str = draft.id
        #: its name as a player reads it (the draft's ``name``)
        self.NAME: str = draft.name
        #: the draft's content hash: a spec records it, and what it made replays by it
        self.VERSION: str = draft.digest
        self.FEATURES: frozenset[str] = frozenset()
        if draft.samples is not None:
            self.SAMPLES = draft.samples  # the rolls the contract tests try it on ([samples])
        self.KNOBS: tuple[Knob, ...] = _names.public(draft)
        self._defaults: dict[str, Any] = {k.name: k.default for k in draft.knobs}
        self.SCHEMAS: dict[str, dict[str, Field]] = {draft.roll: self._schema(self._defaults)}
        self.at_table: TableRules = DraftTable(self.plan, draft.roller, draft.roll, self._draft_of)
        #: the rules as written (a spec without ``rules``), as the built-in editions keep theirs
        self.RULES: DraftRules = self._rules({})
        self._fields_of = plan_key.field_values(draft.fields)  # (the key of its plans: :meth:`plan`)
        #: the draft's dice under its rules as written, counted once here (read only)
        self.compiled = self._compile()
        #: without a [ladder]: the field the ladder runs over (chosen as the draft loads, :mod:`.loading`)
        self.ladder_field = ""
        #: the cost guard's levers: the int fields, each the way that saves work, those adding dice first
        self._levers = _lever_list(draft, self.RULES)
        #: the last read-only spec planned, and its plan (:meth:`plan`)
        self._last: tuple[Any, Any] = (None, None)

    def __repr__(self) -> str:
        return f"<draft edition {self.ID!r} ({self.draft.source_name or 'draft'}, {len(self.KNOBS)} rule knobs)>"

    def at_version(self, version: str) -> Any:
        """The edition of another version of this draft, kept in this session (None: not kept)."""
        return _versions.find(self.ID, version)

    def _draft_of(self, spec: Mapping[str, Any]) -> Draft:
        """The draft of the spec's version (this one, or one kept)."""
        return self.draft if spec.get("version", self.VERSION) == self.VERSION else self._of(spec).draft

    def _of(self, spec: Mapping[str, Any]) -> "DraftEdition":
        """The edition of the spec's version (this one, or one kept: :mod:`.versions`)."""
        kept = self.at_version(spec["version"])
        if kept is None:
            raise SpecError("version", spec["version"], f"the version of the draft {self.ID} loaded now, "
                            f"{self.VERSION!r}", "this roll was made with a version of the draft that is not "
                            "loaded in this session: load that draft again to replay it")
        return kept.source

    # -- the spec ---------------------------------------------------------------

    def _schema(self, rules: Mapping[str, Any]) -> Schema:
        fields: dict[str, Field] = {}
        for f in self.draft.fields:
            fields[f.name] = self._field(f, rules)
        words = {"outcome": self.draft.outcome.name}
        # "1 six", not "1 sixe"; none ("", ""): a total, which is no count ("a total of 7", not "7 total")
        words["unit_one"], words["unit_many"] = self.draft.outcome.unit
        if self.draft.double is not None:
            words["ego_spend"] = self.draft.double.label
        steps = [step.name for step in (self.draft.reroll, self.draft.double) if step is not None]
        titles = {**FIELD_GROUPS, "kiss": " and ".join(steps)} if steps else FIELD_GROUPS  # "Push and Grit"
        # the groups its fields are in, and its steps' (the roller titles them), in the roller's order
        used = {f.group for f in self.draft.fields} | ({"kiss"} if steps else set())
        passing, failing = _parts(self.draft, rules)
        return Schema(fields, words=words, groups=tuple((g, t) for g, t in titles.items() if g in used),
                      pass_parts=passing, fail_parts=failing, degrees=self.draft.outcome.degree_names)

    @staticmethod
    def _field(f: FieldDef, rules: Mapping[str, Any]) -> Field:
        if f.kind == "int":
            assert f.hi is not None
            hi = rules[f.hi.knob]
            return Int(f.lo, hi, min(f.default, hi), f.help, f.label, f.group)
        said = tuple(zip(f.options, f.words))  # each option in the player's words, where the draft gives them
        if f.kind == "choice":
            return Choice(f.options, f.default, f.help, label=f.label, group=f.group, option_words=said)
        if f.kind == "bool":
            return Bool(f.default, f.help, f.label, f.group)
        return List(Choice(f.options, f.options[0], option_words=said), f.most, f.help, f.label, f.group)

    def _compile(self) -> dict[tuple, tuple]:
        """Count the dice of the rules as written, for every grade a group
        can have: :func:`.dice.compile_dice` (a table the draft keeps, as an
        edition keeps the tables it computes at import)."""
        d, rules = self.draft, self.RULES
        spec = {f.name: list(f.default) if f.kind == "list" else f.default for f in d.fields}
        env = _plan.base_env(d, spec, rules)
        env.update({g.name: 0 for g in d.groups})
        marks = marks_of(d)
        try:
            readings = [_plan.readings_of(d, env, rules, x) for x in (False, True)]
        except SpecError:
            return {}  # found when a spec rolls it, with its line
        tables, known, one = [], {}, dict[Any, Any]()  # (one: equal tables as one object, found by identity)
        for g in d.groups:
            for grade in self._grades(g, env, rules):
                try:
                    t = one.setdefault(t := _plan.die_table(d, g, grade, env, rules), t)
                    takes = _plan.reroll_takes(d, g, t, env, rules) if d.reroll and g.name in d.reroll.groups else ()
                except SpecError:
                    continue  # found when a spec rolls it, with its line
                if _plan.static_group(d, g):
                    known[("table", g.name, grade)] = (t, takes)
                for rs in readings:
                    tallies = [r for r in rs if not r.ordered]
                    tables.append((t, _dice.rows(t, tallies, g.name, marks), takes))
        return {**_dice.compile_dice(within_load(dict.fromkeys(tables))), **known}

    def _grades(self, g: Any, env: Mapping[str, Any], rules: Mapping[str, Any]) -> list[Any]:
        """The grades a group's dice can have: the options of the field it reads."""
        if g.each:
            return list(self.draft.field(g.each).options)
        if g.grade is None:
            return [None]
        chosen = [f for f in self.draft.fields if f.name in g.grade.names and f.kind == "choice"]
        if len(chosen) == 1 and g.grade.names == (chosen[0].name,):
            return list(chosen[0].options)
        try:
            return [_plan.evaluate(g.grade, env, rules, self.draft)]
        except SpecError:
            return []

    def rules_of(self, spec: Mapping[str, Any]) -> DraftRules:
        """The rule knobs' values for ``spec`` (its ``rules`` over the draft's
        numbers), checked together (faces within the sides, a die that can
        stop): a :class:`SpecError` naming ``rules.<knob>``."""
        if spec.get("version", self.VERSION) != self.VERSION:
            return self._of(spec).rules_of(spec)
        given = spec.get("rules")
        if not given:
            return self.RULES
        key = (self.ID, self.draft.digest, json.dumps(given, sort_keys=True))
        return _cached(_RULES_CACHE, key, lambda: self._rules(given))

    def _rules(self, given: Mapping[str, Any]) -> DraftRules:
        return DraftRules.checked(self.draft, self.draft.knobs, _names.to_slots(self.draft, self.KNOBS, given))

    def schema_for(self, roll: str, rules: Mapping[str, Any]) -> dict[str, Field]:
        """The fields under ``rules``: a field's ``fields.<name>.max`` knob sets its largest value."""
        if all(rules[f.hi.knob] == self._defaults[f.hi.knob] for f in self.draft.fields if f.hi is not None):
            return self.SCHEMAS[roll]
        return self._schema(rules)

    def plan(self, spec: Mapping[str, Any]) -> _plan.Plan:
        """The plan of a normalized spec (cached; the last read-only spec's
        at hand: its cost, denominator and odds ask for it in turn)."""
        last = self._last
        if last[0] is spec:
            return last[1]
        if spec.get("version", self.VERSION) != self.VERSION:
            return self._of(spec).plan(spec)
        rules = self.rules_of(spec)
        key = (self.ID, self.draft.digest, spec.get("roll"), rules.key, *self._fields_of(spec))
        p = _cached(_PLAN_CACHE, key, lambda: _plan.make_plan(self.draft, spec, rules,
                                                              self.compiled if rules is self.RULES else None))
        if isinstance(spec, FrozenDict):  # (read only: the same object is the same spec)
            self._last = (spec, p)
        return p

    def cross_checks(self, spec: dict) -> None:
        """Counts of dice from 0 to :data:`.spec_checks.MOST_DICE`, the draft's
        ``[[checks]]`` kept (:mod:`.spec_checks`: a CrossError with the nearest
        legal value of the field to change); the work of the odds is checked
        after these, by normalize's cost guard (:meth:`cost`)."""
        if spec.get("version", self.VERSION) != self.VERSION:
            return self._of(spec).cross_checks(spec)
        _spec_checks.cross_checks(self, spec)

    def _count(self, s: Any, spec: Mapping[str, Any], rules: DraftRules) -> int:
        return _spec_checks.count(self, s, spec, rules)

    def _holds(self, s: Any, spec: Mapping[str, Any], rules: DraftRules) -> bool:
        return _spec_checks.holds(self, s, spec, rules)

    def cost(self, spec: Mapping[str, Any], exact: bool = False) -> _budget.Cost:
        """The contract's estimate (:mod:`..contract.cost`): the draft's :meth:`work`
        (multiply-adds) in the engine's steps, so that :data:`.cost.LIMIT`
        (about a second of numpy) is the engine's budget; the int fields as
        the levers (the last first, as the draft lists the counts)."""
        if spec.get("version", self.VERSION) != self.VERSION:
            return self._of(spec).cost(spec, exact)
        with walk_budget():  # (its walks of Python's products: a few ms at most)
            return self._cost(self.plan(spec), exact)

    def _cost(self, p: _plan.Plan, exact: bool) -> _budget.Cost:
        products = _estimate_work.products()
        work, counting, walked = work_kept(p, lambda: self._work(p))  # (a ladder's rungs sharing counts: once)
        # the steps around the kernel's counting (die tables, marks counted again, the outcome's spread,
        # memory) and the rolls' dice, chains included: :mod:`.step_cost`
        names, shown = kernel.tracked(p), outcome.shown_marks(p)
        more, memory, finish, cells, after = _steps.odds_steps(p, names, shown, exact)
        scale = _cost.WORK_SECONDS / _budget.SECONDS["float"]  # (multiply-adds to the engine's steps)
        keys, keeps = priced(p, exact, shown, cells)  # a call of many odds: its rungs that share counts
        dice, held = _steps.rolled(p, BLOCK_ROLLS)
        counted = sum(g.count for g in p.groups if g.count) + p.budget
        what = f"{counted} dice counted by the draft {self.ID}"
        table, said = _steps.heaviest_table(p, names, exact)
        table *= 1 + sum(1 for m in shown if m not in names)  # counted again per mark the counts do not track
        if table * 2 > work + more:  # the die's own table is the heavy part: no count of dice helps much
            what = said
        # the guard's own check, before the odds (a ladder's rungs); for a call of many odds, the estimate's
        # work as counted here, and without the counting's price where a spec before it left that (a rung's)
        products, walked_in_all = _estimate_work.products() - products, _walked()
        check = _quick.check_work(p, _budget.MAX_BYTES, _estimate_work.FIXED)
        steps = (work + more + check) * scale
        more_cold = _quick.check_work(p, _budget.MAX_BYTES, _estimate_work.work(products, walked_in_all)) - check
        more_kept = _quick.check_work(p, _budget.MAX_BYTES, _estimate_work.work(products - counting,
                                                                                 walked_in_all - walked)) - check
        return _budget.Cost(memory=memory, steps=steps, number="float", dice=dice, levers=self._levers,
                            what=what, held=held, one=_steps.one_roll(p), kept=keys,
                            finish=(finish + check) * scale if keeps else steps, shared=_steps.SHARED * scale,
                            roll=_steps.roll_fixed(p), keeps=after, check=check * scale,
                            estimate=more_cold * scale, estimate_kept=more_kept * scale)

    def surely_within(self, spec: Mapping[str, Any], exact: bool = False) -> bool:
        """Whether a cheap upper bound of :meth:`cost` (:mod:`.quick_cost`)
        already fits the budget: the guard then skips the estimate."""
        if spec.get("version", self.VERSION) != self.VERSION:
            return self._of(spec).surely_within(spec, exact)
        return _quick.surely_within(self.plan(spec), _budget.MAX_BYTES, exact)

    def work(self, spec: Mapping[str, Any]) -> float:
        """The work the odds of ``spec`` take, in the units of :mod:`.cost`
        (the kernel's convolutions, by the lengths of its arrays; infinite
        past :data:`.cost.MAX_CELLS` packed cells: the memory's bound),
        counted in Python ints past 2**53 ways (:func:`.cost.in_whole_numbers`)."""
        with walk_budget():
            return self._work(self.plan(spec))

    @staticmethod
    def _work(p: _plan.Plan) -> float:
        work = _cost.work(p)
        if p.unbounded or work == float("inf") or not p.ordered:  # the kernel's prices its numbers itself
            return work
        bits = sum(g.count * math.log2(kernel.die_weight(g.table, "count")) for g in p.groups if g.count)
        bits += kernel.budget(p) * math.log2(kernel.big_die(p))
        return work * _cost.in_whole_numbers_of_bits(bits)

    # -- the odds and the rolls ---------------------------------------------------

    def denominator(self, spec: dict) -> int | None:
        if spec.get("version", self.VERSION) != self.VERSION:
            return self._of(spec).denominator(spec)
        p = self.plan(spec)
        return None if p.unbounded else kernel.denominator(p)

    def odds(self, spec: dict, exact: bool = False) -> Odds:
        if spec.get("version", self.VERSION) != self.VERSION:
            return self._of(spec).odds(spec, exact)
        p = self.plan(spec)
        if exact and p.unbounded:  # what makes them a fraction, in what a spec can change (:mod:`.endless`)
            raise _endless.refusal(self.draft, p, spec, self._defaults, self._levers)
        c = counted(p, exact)
        shown = outcome.shown_marks(p)  # every mark of the draft is reported: 0 where no die of this roll shows it
        spaces = [c.space]

        def recount(mark: str) -> kernel.Counted:  # the same counts without a mark's faces
            again = counted(p, exact, without=mark)
            spaces.append(again.space)
            return again
        try:
            marks = {m: outcome.mark_ways(p, c, m, recount) if m in shown else 0 for m in p.marks}
            return outcome.finish(p, c, spec, exact, marks)
        finally:  # made or failing at the outcome: a large space's arrays do not stay with its cached plan
            for sp in spaces:
                sp.let_go()

    def roll(self, spec: dict, seed: int, kiss: list[int] | None = None, ego: bool | None = None) -> Roll:
        if spec.get("version", self.VERSION) != self.VERSION:
            return self._of(spec).roll(spec, seed, kiss, ego)
        p = self.plan(spec)
        if ego and not (self.draft.double is not None and p.double):
            raise SpecError("ego", ego, "ego off: this roll has no step to spend", self.at_table.steps(spec).ego_off)
        return rolling.roll(p, spec, seed, kiss, ego)

    def roll_many(self, spec: dict, n: int, seed: int) -> np.ndarray:
        if spec.get("version", self.VERSION) != self.VERSION:
            return self._of(spec).roll_many(spec, n, seed)
        return rolling.roll_many(self.plan(spec), n, seed)

    def ladder_settings(self, spec: dict) -> list[dict]:
        if spec.get("version", self.VERSION) != self.VERSION:
            return self._of(spec).ladder_settings(spec)
        return _explain.ladder_settings(self.plan(spec), spec, self.ladder_field)

    def explain_steps(self, spec: dict, o: Odds) -> list:
        if spec.get("version", self.VERSION) != self.VERSION:
            return self._of(spec).explain_steps(spec, o)
        if self.draft.explain:  # the draft's own steps
            return _explain_steps.steps_of(self.plan(spec), spec, o, self.odds, self.denominator(spec))
        return _explain.explain_steps(self.plan(spec), o)

    def explain_roll(self, r: Roll) -> list[str]:
        if r.spec.get("version", self.VERSION) != self.VERSION:
            return self._of(r.spec).explain_roll(r)
        p = self.plan(dict(r.spec))
        if self.draft.explain_roll:  # the draft's own lines
            return _explain_steps.roll_lines(p, r, rolling.degree_of(p, r.outcome))
        return _explain.explain_roll(p, r)


def _parts(d: Draft, rules: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The degrees that pass and those that fail (a schema's ``pass_parts``,
    ``fail_parts``), where the threshold and every degree's lowest value
    depend on the rules alone (not on a field); else none."""
    out = d.outcome
    slots = [out.threshold, *(x.lowest for x in out.degrees)]
    named = {r.name for r in d.rules} | {"threshold"}
    if not out.degrees or any(set(s.names) - named for s in slots):
        return (), ()
    env: dict[str, Any] = {r.name: rules[r.knob] for r in d.rules}
    env["threshold"] = _plan.whole(out.threshold, env, rules, d, "the threshold")
    lows = sorted(((_plan.whole(x.lowest, env, rules, d, "a degree"), x.name) for x in out.degrees),
                  key=lambda t: t[0])
    names = ([out.below] if out.below else []) + [n for _, n in lows]
    passing = tuple(n for lo, n in lows if lo >= env["threshold"])
    return passing, tuple(n for n in names if n not in passing)


def counted(p: _plan.Plan, exact: bool, without: str = "") -> kernel.Counted:
    """The joint counts of what the plan's formulas read: by the walk when
    one reads the dice in order (:mod:`.walk`), else by the kernel."""
    mode = kernel.mode_of(p, exact)
    if p.ordered:
        return kept(p, mode, without, lambda: walk.count(p, mode, without))
    return kept(p, mode, without, lambda: kernel.count(p, exact, without))


if TYPE_CHECKING:  # mypy checks that a draft edition writes what the contract needs (engine/contract/members.py checks the rest)
    from ..contract.edition import EditionSource

    def _contract(e: DraftEdition) -> tuple[EditionSource, TableRules]:
        return e, DraftTable(e.plan, "task", "task")
