"""A draft's dice (``[dice]``), checked one by one (:func:`.validate.build`
reads them after the fields and rules: their faces, sides, depth and what a
face counts may be formulas of them). A die that does not read is said and
left out, its name kept known (:class:`.reader.Reader`)."""

from __future__ import annotations

from typing import Any, Mapping

from .model import SIDES, DieDef, FaceSet, Num, Slotted
from .reader import NAME, Reader, show
from .draft_fields import part as _part


def read_dice(r: Reader, value: Any, taken: dict[str, str], base: Mapping[str, str]) -> tuple[tuple[DieDef, ...], list[str]]:
    out: list[DieDef] = []
    marks: list[str] = []
    if value is None:
        where = next((p for p in r.src.lines if p[:1] == ("groups",) and len(p) == 2), ())
        with r.attempt():
            raise r.error(where, "the draft has no [dice] (write e.g. [dice.d6] with sides = 6)")
        return (), marks
    face_names = {**base, "grade": "grade of the group's dice", SIDES: "sides of the die"}
    for name, body in _part(r, ("dice",), value).items():
        with r.attempt(name, "die"):
            out.append(_die(r, name, body, taken, face_names, marks))
        said = body.get("marks") if isinstance(body, dict) else None
        if (not out or out[-1].name != name) and isinstance(said, dict):  # its mistake is said: its marks stay known
            for mark in said:
                if mark not in marks and isinstance(mark, str):
                    r.broken.setdefault(mark, "mark")
    if not out and "die" not in r.broken.values():
        with r.attempt():
            raise r.error(("dice",), "the draft has no [dice] (write e.g. [dice.d6] with sides = 6)")
    return tuple(out), marks


def _die(r: Reader, name: str, body: Any, taken: dict[str, str], face_names: Mapping[str, str],
         marks: list[str]) -> DieDef:
    p = ("dice", name)
    if not NAME.fullmatch(name):
        raise r.error(p, f"{name!r} cannot name a die: lowercase letters, digits and _ (d6, black, coin)")
    b = r.table(p, body, ("sides", "success", "successes", "marks", "explode", "depth", "labels"))
    if "sides" not in b:
        raise r.error(p, "say how many sides the die has: sides = 6")
    given = b["sides"]
    sides_num: Slotted
    if isinstance(given, str):  # a formula: its faces are checked as a spec rolls it
        sides_num = r.expr(p + ("sides",), given, {k: v for k, v in face_names.items() if k != SIDES},
                           "the sides of a die")
        sides = most_sides = 1000
    else:
        sides = r.whole(p + ("sides",), given, 2, 1000)
        most_sides = max(20, 2 * sides)  # the most its knob allows: the faces' knobs follow it
        sides_num = r.number(p + ("sides",), sides, {}, "", 2, 1000, 2, most_sides)
    success = r.faceset(p + ("success",), b["success"], sides, face_names, most_sides) if "success" in b else None
    succ: list[tuple[int, Slotted]] = []
    if "successes" in b:
        for face, n in r.table(p + ("successes",), b["successes"]).items():
            fp = p + ("successes", face)
            if not face.isdigit() or not 1 <= int(face) <= sides:
                raise r.error(fp, f"{face!r} is not a face of a {sides}-sided die: write 6 = 2 (face 6 counts 2)")
            whole = isinstance(n, int) and not isinstance(n, bool)
            succ.append((int(face), r.number(fp, n, face_names, "what a face counts", -20, 20,
                                             min(-3, n) if whole else -3, max(3, n) if whole else 3)))
    mk: list[tuple[str, FaceSet]] = []
    for mark, faces in r.table(p + ("marks",), b.get("marks", {})).items():
        mp = p + ("marks", mark)
        if mark not in marks:
            r.name(mp, mark, taken, "mark")
            marks.append(mark)
        mk.append((mark, r.faceset(mp, faces, sides, face_names, most_sides)))
    explode = r.faceset(p + ("explode",), b["explode"], sides, face_names, most_sides) if "explode" in b else None
    depth: Num | Slotted | None = None
    if explode is not None:
        if "depth" not in b:
            raise r.error(p + ("explode",), "say how deep the dice explode: depth = 10 (at most 10 extra dice "
                                            "per die, the last face stands) or depth = \"unbounded\" (without end; "
                                            "the odds leave out the rarest endless chains, together less "
                                            "than 1 in a trillion, and are not exact)")
        dv = b["depth"]
        if isinstance(dv, str) and dv != "unbounded":
            depth = r.expr(p + ("depth",), dv, face_names, "a depth")
        elif dv == "unbounded":
            every = explode.faces is not None and len(r.knobs.value(explode.faces)) == sides
            if every or (explode.but is not None and not r.knobs.value(explode.but)):
                said = f'"{b["explode"]}"' if isinstance(b["explode"], str) else show(b["explode"])
                raise r.error(p + ("explode",), f"{said} explodes every face of the die, and "
                                                "depth = \"unbounded\" rolls on for ever: leave a face out "
                                                "(one that stops the die), or give depth a number")
            depth = r.knobs.depth(f"dice.{name}.depth", None, r.seed(p + ("depth",), dv))
        else:
            depth = r.knobs.depth(f"dice.{name}.depth", r.whole(p + ("depth",), dv, 0, 50),
                                  r.seed(p + ("depth",), dv))
    elif "depth" in b:
        raise r.error(p + ("depth",), "depth says how deep the dice explode: give explode = [faces] too")
    labels = []
    for face, words in r.table(p + ("labels",), b.get("labels", {})).items():
        lp = p + ("labels", face)
        if not face.isdigit() or not 1 <= int(face) <= sides:
            raise r.error(lp, f"{face!r} is not a face of a {sides}-sided die: write 1 = \"tails\"")
        labels.append((int(face), r.text(lp, words, "", 60)))
    return DieDef(name, sides_num, success, tuple(succ), tuple(mk), explode, depth, tuple(labels))


def uses_grade(d: DieDef) -> bool:
    """Whether a die depends on the grade of the group that rolls it: its sides, faces, successes or depth."""
    sets = [d.success, d.explode, *(fs for _, fs in d.marks)]
    slots = [d.sides, d.depth, *(x for _, x in d.successes)]
    return (any("grade" in x.names for fs in sets if fs is not None for x in (fs.at_least, fs.at_most) if x is not None)
            or any("grade" in getattr(x, "names", ()) for x in slots))
