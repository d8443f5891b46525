"""The log as an append-only record, bounded inputs at the table, and the
log's cards.

Entries have stable ids; a roller updates only its own entry, by id; a
cleared log cannot make an open roll overwrite another roller's entry; a
refused call drops nothing typed or rolled; every roll replays. Bounds are
checked by counting what is read, never by the clock.
"""

from __future__ import annotations

import itertools

import pytest
import traitlets

import venus_widgets as vw
from venus_widgets.engine import api
from venus_widgets.widgets import table_words
from venus_widgets.widgets.log_cards import entry_card


class Counting:
    """An iterator that counts the items read from it."""

    def __init__(self, items) -> None:
        self.items = iter(items)
        self.read = 0

    def __iter__(self):
        return self

    def __next__(self):
        value = next(self.items)
        self.read += 1
        return value


def custom(w, content):
    w._from_view_message({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def waiting_at_spend(lg, **kw):
    """A playtest task whose dice stand with successes to spend (seed searched, deterministic)."""
    for seed in range(500):
        w = vw.TaskRoller(log=lg, dice=4, kiss=1, consequences=1, seed=seed, **kw)
        w.roll_dice()
        if w.table["phase"] == "kiss":
            custom(w, {"do": "commit"})
        if w.table["phase"] == "spend" and w.session.open.roll.outcome >= 2:
            return w
    raise AssertionError("no seed found")


def waiting_at_kiss(**kw):
    for seed in range(500):
        w = vw.TaskRoller(dice=3, kiss=2, seed=seed, **kw)
        w.roll_dice()
        if w.table["phase"] == "kiss":
            return w
    raise AssertionError("no seed found")


# -- stable ids -------------------------------------------------------------------------------


def test_entries_have_stable_ids_never_reused():
    lg = vw.RollLog()
    a, b = vw.CheckRoller(log=lg, seed=1), vw.PoolRoller(log=lg, seed=2)
    a.roll_dice(), b.roll_dice(), a.roll_dice()
    assert lg.ids == (1, 2, 3)
    assert [e["id"] for e in lg.get_state("entries")["entries"]] == [1, 2, 3]  # the view keys cards by id
    lg.clear()
    b.roll_dice()
    assert lg.ids == (4,) and lg.position(2) is None and lg.position(4) == 0
    other = vw.RollLog()
    other.import_text(lg.to_json())
    assert other.entries == lg.entries and other.ids == (1,)  # ids are the log's own, not the file's


def test_the_log_is_written_only_by_rolling_importing_or_clearing():
    lg = vw.RollLog()
    vw.CheckRoller(log=lg, seed=1).roll_dice()
    with pytest.raises(traitlets.TraitError, match="append-only record"):
        lg.entries = []
    assert len(lg) == 1
    assert lg.update(99, result="x") is False and lg.entries[0]["result"] != "x"


def test_clearing_the_log_while_a_roll_is_open_cannot_overwrite_another_rollers_entry():
    """After log.clear() while a roller waits at its spending step,
    that roller's next spend overwrote another roller's entry."""
    lg = vw.RollLog()
    a = waiting_at_spend(lg)
    b = vw.CheckRoller(log=lg, seed=4)
    lg.clear()
    b.roll_dice()
    check = dict(lg.entries[0])
    custom(a, {"do": "spend", "item": "s1"})
    assert a.error == ""
    assert lg.entries[0] == check  # b's entry untouched
    first = list(a.session.open.spent)
    assert len(lg) == 2 and lg.entries[1]["spent"] == first  # a's roll logged anew, as it stands
    custom(a, {"do": "spend", "item": "s1"})  # buy or unbuy again: a updates its own (new) entry only
    assert a.error == "" and a.session.open.spent != first
    assert lg.entries[0] == check and lg.entries[1]["spent"] == a.session.open.spent and len(lg) == 2
    for i in range(len(lg)):
        assert lg.replay(i).to_dict() == lg.entries[i]["roll"]


def test_a_roller_updates_only_its_own_entry_by_id_across_logs():
    lg = vw.RollLog()
    a = waiting_at_spend(lg)
    n = len(lg)
    other = vw.RollLog()
    a.log = other  # the open roll stays in the log it started in
    custom(a, {"do": "spend", "item": "s1"})
    assert a.error == "" and len(other) == 0 and len(lg) == n and lg.entries[-1]["spent"] == a.session.open.spent


# -- nothing dropped on a refused call ---------------------------------------------------------


def test_a_wrong_count_of_faces_keeps_the_seeded_roll_waiting_at_kiss():
    """A wrong-count enter_faces while a seeded roll waits at KISS dropped the roll."""
    w = waiting_at_kiss()
    table, t = w.table, w.session.open
    with pytest.raises(vw.SpecError, match="faces"):
        w.enter_faces([6, 6])  # three dice
    assert w.table == table and w.session.open.first == t.first and w.session.open.seed == t.seed
    custom(w, {"do": "commit"})  # the waiting roll goes on and is logged
    assert w.error == "" and len(w.log) == 1 and w.log.entries[0]["roll"]["seed"] == t.seed


def test_a_refused_call_leaves_the_table_and_the_log_as_they_were():
    w = waiting_at_kiss()
    before = (w.table, w.status, w.log.entries, w.log.ids)
    for bad in ({"do": "choose", "kiss": [0, 0]}, {"do": "choose", "kiss": [0, 1, 2, 0]},
                {"do": "select", "index": 9}, {"do": "spend", "item": "s1"}, {"do": "enter", "faces": "6 6 6"}):
        custom(w, bad)
        assert w.error and (w.table, w.status, w.log.entries, w.log.ids) == before, bad
    with pytest.raises(vw.SpecError):
        w.enter_faces([6, 6, 6], kiss=[0, 1, 2], kiss_faces=[1])
    assert (w.table, w.log.entries) == (before[0], before[2])


def test_typed_faces_refused_then_typed_right_are_all_logged():
    w = vw.TaskRoller(dice=3, kiss=1, by_hand=True)
    custom(w, {"do": "roll"})
    custom(w, {"do": "enter", "faces": "6 2"})  # one short
    assert "faces rolled" in w.error.lower() and w.table["phase"] == "enter" and len(w.log) == 0
    custom(w, {"do": "enter", "faces": "6 2 1"})
    assert w.error == ""
    if w.table["phase"] == "kiss":
        custom(w, {"do": "choose", "kiss": [2]})
        custom(w, {"do": "commit"})
        custom(w, {"do": "enter", "faces": "9"})  # no such face
        assert w.error and w.table["phase"] == "enter_kiss" and len(w.log) == 0
        custom(w, {"do": "enter", "faces": "5"})
    assert len(w.log) == 1 and w.log.entries[0]["roll"]["entered"]["faces"] == [6, 2, 1]
    assert w.log.replay(0).to_dict() == w.log.entries[0]["roll"]


def test_every_roll_records_a_seed_that_replays_it():
    lg = vw.RollLog()
    for cls, kw in ((vw.TaskRoller, {"dice": 4, "kiss": 2}), (vw.CheckRoller, {}), (vw.PoolRoller, {}),
                    (vw.TaskRoller, {"edition": "agora"})):
        w = cls(log=lg, **kw)  # seed None: a fresh seed per roll, recorded
        for _ in range(3):
            w.roll_dice()
            if w.table["phase"] == "kiss":
                custom(w, {"do": "commit"})
    for i, e in enumerate(lg.entries):
        assert isinstance(e["roll"]["seed"], int)
        assert lg.replay(i).to_dict() == e["roll"]


def test_a_csv_written_before_cells_were_one_line_still_imports():
    """Older exports kept a line break inside a quoted cell (a consequence typed with a newline)."""
    lg = vw.RollLog()
    a = vw.TaskRoller(edition="agora", consequences=1, consequence_texts=["two\nlines"], log=lg, seed=0, kiss=0)
    a.roll_dice()
    a._on_msg(a, {"do": "spend", "item": 0})
    assert "\n" in lg.entries[0]["result"]
    new = lg.to_csv()
    assert new.count("\n") == 2  # one line per roll now
    import csv as _csv
    import io as _io

    from venus_widgets.widgets.log_record import CSV_COLUMNS, _csv_cells

    buf = _io.StringIO()  # the old writer: cells as they were, quoted where needed
    w = _csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    w.writerow([str(c) for c in _csv_cells(0, lg.entries[0])])
    old = buf.getvalue()
    assert old.count("\n") == 3
    for text in (new, old):
        other = vw.RollLog()
        other.import_text(text, "csv")
        assert other.entries == lg.entries


# -- bounded before read -------------------------------------------------------------------------


def test_enter_faces_reads_an_endless_iterable_only_to_its_bound():
    """roller.enter_faces(range(10**9)) built the list first."""
    w = vw.TaskRoller(dice=3, kiss=1)
    faces = Counting(itertools.count(1))
    with pytest.raises(vw.SpecError, match=f"at most {api.MAX_FACES} faces"):
        w.enter_faces(faces)
    assert faces.read == api.MAX_FACES + 1
    kiss = Counting(itertools.count())
    with pytest.raises(vw.SpecError, match="at most 3 dice"):
        w.enter_faces([6, 2, 1], kiss=kiss)
    assert kiss.read == 3 + 1  # the number of dice of the spec, plus the one that says there are more
    with pytest.raises(vw.SpecError, match="faces"):
        w.enter_faces(range(10**9))
    assert len(w.log) == 0 and w.table["phase"] == "idle"


def test_a_choose_message_is_bounded_by_the_dice_on_the_table(monkeypatch):
    """One choose message with 60,000 toggles blocked the kernel for 8 s."""
    w = waiting_at_kiss()
    calls = {"selectable": 0, "render": 0}
    from venus_widgets.widgets.table_session import TableSession

    selectable, render = table_words.selectable, TableSession._render

    def counting_selectable(*a):
        calls["selectable"] += 1
        return selectable(*a)

    def counting_render(*a):
        calls["render"] += 1
        return render(*a)

    monkeypatch.setattr(table_words, "selectable", counting_selectable)
    monkeypatch.setattr(TableSession, "_render", counting_render)
    table = w.table
    custom(w, {"do": "choose", "kiss": [0, 1] * 30_000})
    assert "at most 3 dice" in w.error and w.table == table
    assert calls == {"selectable": 0, "render": 0}  # refused before one die was looked at
    custom(w, {"do": "choose", "kiss": [1, 0]})
    assert w.error == "" and w.table["selected"] == [0, 1]
    assert calls["render"] == 1  # drawn once
    assert calls["selectable"] == 2 + 3  # each chosen die checked once, then each die on the table drawn


def test_messages_are_bounded_by_their_declaration():
    w = vw.TaskRoller()
    custom(w, {"do": "roll", **{f"x{i}": i for i in range(10_000)}})
    assert w.error.startswith("x0=") and "only step_id" in w.error and len(w.error) < 200
    custom(w, {"do": "enter", "faces": "6 " * 100_000})
    assert "faces" in w.error and len(w.error) < 300


# -- the log's cards ----------------------------------------------------------


def test_a_card_shows_faces_marked_kiss_ego_what_was_bought_and_the_chance():
    lg = vw.RollLog()
    t = vw.TaskRoller(dice=4, lots=1, ego="reroll", log=lg, seed=3, wanted=["s2"])
    t.roll_dice()
    custom(t, {"do": "ego_reroll", "on": True})
    custom(t, {"do": "select", "index": 0})
    custom(t, {"do": "commit"})
    e = lg.entries[-1]
    card = entry_card(e)
    facts = {f["key"]: f["text"] for f in card["facts"]}
    chance = vw.odds(e["roll"]["spec"]).p_pass
    from venus_widgets.widgets.plain_words import percent

    assert facts["chance"].startswith(f"{percent(chance)} to pass")
    assert facts["kiss"].startswith("KISSed")
    assert facts["ego"].startswith("spent")
    assert "bought" in facts
    marks = [m for m, _ in table_words.contributions(dict(e["roll"]["spec"]), t.session.open.roll)]
    assert [d["mark"] for d in card["dice"]] == marks
    assert [d["text"] for d in card["dice"]] == [f"{d['before']}→{d['after']}" if d["kissed"] else str(d["after"])
                                                 for d in e["roll"]["dice"]]
    synced = lg.get_state("entries")["entries"][-1]
    assert synced["card"] == card and synced["id"] == lg.ids[-1]


def test_a_by_hand_card_shows_the_faces_typed():
    w = vw.TaskRoller(dice=3, kiss=1, by_hand=True)
    w.enter_faces([1, 2, 1], kiss=[2], kiss_faces=[5])
    facts = {f["key"]: f["text"] for f in entry_card(w.log.entries[0])["facts"]}
    assert facts["typed"] == "1 2 1; the KISSed dice: 5"
    assert facts["kiss"] == "KISSed die 3"


def test_cards_are_kept_per_entry_while_it_does_not_change(monkeypatch):
    lg = vw.RollLog()
    c = vw.CheckRoller(log=lg, seed=1)
    for _ in range(3):
        c.roll_dice()
    made = []
    from venus_widgets.widgets import log_cards

    orig = log_cards.entry_card
    monkeypatch.setattr(log_cards, "entry_card", lambda e: made.append(1) or orig(e))
    c.roll_dice()
    lg.get_state("entries")
    assert len(made) == 1  # only the new entry's card is made


def test_the_table_s_phase_is_the_session_s_own_typed_state():
    """The session knows its step as a typed attribute, not by reading the
    view's dict back: it follows each step, and a refused call puts it back
    with the roll."""
    from typing import get_type_hints

    from venus_widgets.widgets.table_session import TableSession

    assert get_type_hints(TableSession)["phase"] == str
    w = waiting_at_kiss()
    assert w.session.phase == "kiss" == w.table["phase"]
    with pytest.raises(vw.SpecError, match="faces"):
        w.enter_faces([6, 6])
    assert w.session.phase == "kiss" and w.session.is_open
    w.table = {**w.table, "phase": "idle"}  # the view's dict is what Python sends; the session does not read it back
    assert w.session.phase == "kiss" and w.session.is_open
    custom(w, {"do": "commit"})
    assert w.error == "" and w.session.phase == w.table["phase"] in ("spend", "done")
