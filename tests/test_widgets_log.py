"""RollLog: shared logs, JSON/CSV round trips, strict import, replay."""

from __future__ import annotations

import json

import pytest

import venus_widgets as vw
from venus_widgets.widgets import LogImportError


@pytest.fixture
def log():
    lg = vw.RollLog()
    t = vw.TaskRoller(dice=4, lots=1, ego="reroll", log=lg, seed=3, wanted=["s2"])
    t.roll_dice()
    t._handle_custom_msg({"do": "ego_reroll", "on": True}, [])
    t._handle_custom_msg({"do": "commit"}, [])
    c = vw.CheckRoller(score=4, bonus_factors=2, log=lg, seed=8)
    c.roll_dice()
    a = vw.TaskRoller(edition="agora", helpers=[4, 4], log=lg, seed=21, consequence_texts=['say "hi", then go', "b"])
    a.roll_dice()
    if a.table["phase"] == "kiss":
        a._handle_custom_msg({"do": "commit"}, [])
    p = vw.PoolRoller(edition="heresy", black=3, log=lg, seed=4)
    p.roll_dice()
    s = vw.TaskRoller(edition="playsheet", explode=True, log=lg, seed=2**62 + 12345)
    s.roll_dice()
    if s.table["phase"] == "kiss":
        s._handle_custom_msg({"do": "commit"}, [])
    return lg


def test_rollers_share_a_log(log):
    assert len(log) == 5
    assert [e["roll"]["spec"]["edition"] for e in log.entries] == ["playtest", "playtest", "agora", "heresy",
                                                                    "playsheet"]
    assert vw.TaskRoller().log is not vw.TaskRoller().log  # each roller has its own by default


def test_replay_gives_the_same_rolls(log):
    for i, e in enumerate(log.entries):
        assert log.replay(i).to_dict() == e["roll"]


def test_json_round_trip_is_lossless(log):
    text = log.to_json()
    other = vw.RollLog()
    assert other.import_text(text) == 5
    assert other.entries == log.entries
    assert other.to_json() == text
    assert json.loads(text)["entries"][4]["roll"]["seed"] == 2**62 + 12345


def test_csv_round_trip_is_lossless(log):
    text = log.to_csv()
    other = vw.RollLog()
    assert other.import_text(text, "csv") == 5
    assert other.entries == log.entries
    assert other.to_csv() == text


def test_export_and_import_files(log, tmp_path):
    for name in ("rolls.json", "rolls.csv"):
        log.export(tmp_path / name)
        other = vw.RollLog()
        other.import_file(tmp_path / name)
        assert other.entries == log.entries


def _mangled(log):
    text = log.to_json()
    data = json.loads(text)
    foreign = json.dumps({"format": "someone-else/log@1", "entries": []})
    extra_key = json.loads(text)
    extra_key["entries"][0]["extra"] = 1
    edited = json.loads(text)
    edited["entries"][0]["roll"]["dice"][0]["after"] = 7 - edited["entries"][0]["roll"]["dice"][0]["after"] or 1
    edited["entries"][0]["roll"]["outcome"] = 99
    bad_spec = json.loads(text)
    bad_spec["entries"][1]["roll"]["spec"]["factors"] = 9
    csv_text = log.to_csv()
    return {
        "truncated json": text[: len(text) // 2],
        "not json": "hello",
        "empty": "",
        "foreign format": foreign,
        "list": json.dumps([1, 2]),
        "unknown entry key": json.dumps(extra_key),
        "edited dice": json.dumps(edited),
        "bad spec": json.dumps(bad_spec),
        "missing entries": json.dumps({"format": data["format"]}),
        "truncated csv": csv_text[: len(csv_text) - 40],
        "foreign csv": "a,b,c\n1,2,3\n",
    }


@pytest.mark.parametrize("case", ["truncated json", "not json", "empty", "foreign format", "list",
                                  "unknown entry key", "edited dice", "bad spec", "missing entries",
                                  "truncated csv", "foreign csv"])
def test_bad_imports_raise_and_leave_the_log_untouched(log, case):
    before = json.loads(log.to_json())
    text = _mangled(log)[case]
    with pytest.raises(LogImportError) as err:
        log.import_text(text, "csv" if "csv" in case else None)
    assert str(err.value)
    assert json.loads(log.to_json()) == before
    assert isinstance(err.value, ValueError)


def test_import_from_the_view_reports_errors(log):
    t = vw.TaskRoller(log=log)
    n = len(log)
    t._handle_custom_msg({"do": "import", "name": "x.json", "text": "{broken"}, [])
    assert t.error.startswith("Import failed, log unchanged: not valid JSON") and len(log) == n
    t._handle_custom_msg({"do": "import", "name": "x.json", "text": log.to_json()}, [])
    assert t.error == "" and len(log) == 2 * n and "Imported 5 rolls" in t.status


def test_export_from_the_view_sends_a_download(log):
    sent = []
    log.send = lambda content, buffers=None: sent.append(content)
    log._handle_custom_msg({"do": "export", "format": "csv"}, [])
    assert sent[0]["download"]["name"] == "venus-rolls.csv" and sent[0]["download"]["text"] == log.to_csv()
    log._handle_custom_msg({"do": "replay", "index": 1}, [])
    assert "the same dice" in log.status


def test_seeds_reach_the_browser_as_strings(log):
    state = log.get_state()["entries"]
    assert state[4]["roll"]["seed"] == str(2**62 + 12345)
    assert log.entries[4]["roll"]["seed"] == 2**62 + 12345


def test_recent_rolls_on_the_roller(log):
    t = vw.TaskRoller(log=log, seed=1)
    t.roll_dice()
    assert len(t.recent) == 5 and t.recent[-1]["index"] == 5
