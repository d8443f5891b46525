"""vw.enter: the faces a table rolled with physical dice give exactly what
vw.roll gives with those faces."""

from __future__ import annotations

import dataclasses

import pytest

import venus_widgets as vw

SPECS = [
    {"edition": "playtest", "roll": "task", "dice": 4, "allies": ["gold"], "kiss": 2, "consequences": 1},
    {"edition": "playtest", "roll": "task", "dice": 3, "kiss": 1, "ego": "reroll", "consequences": 2},
    {"edition": "playtest", "roll": "task", "caliber": "gold", "dice": 2, "ego": "double6", "consequences": 3},
    {"edition": "playtest", "roll": "check", "score": 3, "factors": 1},
    {"edition": "playsheet", "roll": "task", "dice": 4, "kiss": 1, "ego": True},
    {"edition": "playsheet", "roll": "check", "score": 4},
    {"edition": "agora", "roll": "task", "helpers": [5, 5], "kiss": 1},
    {"edition": "agora", "roll": "check"},
    {"edition": "heresy", "roll": "task", "pool": 6, "black": 2, "rules": {"reroll_faces": []}},
    {"edition": "vers", "roll": "check", "ranks": 2},
]


def faces_of(r: vw.Roll):
    """The faces a table would enter for a seeded roll without dice that roll again."""
    first = [d.before for d in r.dice]
    return first, [r.dice[i].after for i in sorted(set(r.kissed))]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: f"{s['edition']}-{s['roll']}")
def test_entered_faces_give_what_roll_gives_with_those_faces(spec):
    checked = 0
    for seed in range(40):
        for kiss, ego in [([], False), ([0], None), ([0], True), ([0, 1], None)]:
            try:
                r = vw.roll(spec, seed, kiss=kiss, ego=ego)
            except vw.SpecError:
                continue  # a choice the rules refuse for this spec
            if any(getattr(d, "exploded_from", None) is not None for d in r.dice):
                continue
            first, new = faces_of(r)
            e = vw.enter(spec, first, kiss=kiss, kiss_faces=new, ego=ego)
            assert dataclasses.replace(e, seed=r.seed, entered=None) == r, (seed, kiss, ego)
            assert e.entered == {"faces": first, "kiss_faces": new}
            checked += 1
    assert checked >= 40


def test_too_few_or_too_many_faces_say_how_many():
    spec = {"roll": "task", "dice": 3, "kiss": 1}
    with pytest.raises(vw.SpecError, match=r"expected 1 more face from 1 to 6 \(one face per die"):
        vw.enter(spec, [6, 5])
    with pytest.raises(vw.SpecError, match="2 more faces from 1 to 6"):
        vw.enter({"edition": "heresy", "roll": "task", "pool": 4}, [6, 6])  # two dice not yet typed
    with pytest.raises(vw.SpecError, match="1 too many"):
        vw.enter(spec, [6, 5, 4, 3])
    with pytest.raises(vw.SpecError, match=r"faces\[1\]=7 is not allowed: expected a face from 1 to 6"):
        vw.enter(spec, [6, 7, 4])
    with pytest.raises(vw.SpecError, match="kiss_faces"):
        vw.enter(spec, [1, 5, 4], kiss=[0])  # the KISSed die needs its new face
    with pytest.raises(vw.SpecError, match=r"faces\[0\]"):
        vw.enter(spec, ["six", 5, 4])


def test_exploding_dice_take_the_next_faces():
    spec = {"edition": "playsheet", "roll": "task", "dice": 2, "explode": True}
    with pytest.raises(vw.SpecError, match="1 more face from 1 to 10 .the dice rolled after the first ones"):
        vw.enter(spec, [10, 3])
    r = vw.enter(spec, [10, 3, 7])  # the 10 explodes into a 7
    assert [d.after for d in r.dice] == [10, 3, 7] and r.outcome == 2  # 10 and 7 pass (7 or more), 3 fails


def test_the_dice_to_enter_are_listed_in_order():
    d = vw.dice_to_enter({"roll": "task", "dice": 2, "allies": ["gold"]})
    assert [(x["index"], x["owner"], x["sides"]) for x in d] == [(0, "own", 6), (1, "own", 6), (2, "ally 1", 6)]
    assert [x["sides"] for x in vw.dice_to_enter({"roll": "check"})] == [20]
    # a rule that rolls the lowest face again: the list is still the dice rolled at once (review finding)
    ones = {"edition": "heresy", "roll": "task", "pool": 3, "black": 1, "rules": {"reroll_faces": [1]}}
    assert [x["owner"] for x in vw.dice_to_enter(ones)] == ["own"] * 3 + ["black"]
    assert vw.enter(ones, [3, 4, 5, 6]).outcome == vw.enter({**ones, "rules": {"reroll_faces": [2]}}, [3, 4, 5, 6]).outcome


def test_an_entered_roll_survives_json_and_says_so():
    r = vw.enter({"roll": "task", "dice": 3}, [6, 2, 5])
    back = vw.Roll.from_json(r.to_json())
    assert back == r and back.entered == {"faces": [6, 2, 5], "kiss_faces": []}
    assert "entered by hand" in repr(r)
    # a seeded roll's JSON is unchanged (no "entered" key): old logs read the same
    assert "entered" not in vw.roll({"roll": "task"}, 1).to_dict()


def test_hostile_face_lists_are_refused_briefly():
    for bad in ["6 2 1", {6, 2}, [1] * 1000, iter(range(10**9)), [True, 2, 3]]:
        with pytest.raises(vw.SpecError) as err:
            vw.enter({"roll": "task"}, bad)
        assert len(str(err.value)) < 300


def test_a_legal_heresy_roll_of_276_dice_can_be_entered_by_hand():
    """96 dice, every 6 rolling again three rounds running: 276 faces (the cap was 256)."""
    spec = {"edition": "heresy", "pool": 60, "black": 36}
    faces = [6] * 60 + [2] * 36 + [6] * 60 + [6] * 60 + [2] * 60
    r = vw.enter(spec, faces)
    assert len(r.dice) == 276 and r.entered["faces"] == faces
    w = vw.PoolRoller(edition="heresy", pool=60, black=36)
    w.enter_faces(" ".join(map(str, faces)))
    assert w.table["phase"] == "done" and len(w.log.entries[-1]["roll"]["dice"]) == 276
