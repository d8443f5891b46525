"""The spec field reference as Markdown, generated from the schemas.

``docs/spec.md`` is this text; a test fails when the file is stale, so the
docs cannot drift from the code.

>>> "| `caliber` |" in field_reference()
True
"""

from __future__ import annotations

import json

from .edition import DEFAULT, get
from .spec import ROLL_KINDS, describe


def _allowed(kind: dict) -> str:
    k = kind["kind"]
    if k == "int":
        return f"{kind['min']}..{kind['max']}"
    if k == "choice":
        return " \\| ".join(f"`{o}`" for o in kind["options"])
    if k == "bool":
        return "true \\| false"
    return f"list of at most {kind['max_len']}, each {_allowed(kind['item'])}"


def _default(kind: dict) -> str:
    d = kind["default"]
    if isinstance(d, bool):
        return "true" if d else "false"
    if isinstance(d, str):
        return f"`{d}`"
    return f"`{d!r}`" if d != [] else "`[]`"


def field_reference() -> str:
    """Every field of every edition and roll kind: allowed values, default, meaning."""
    one_kind = [f"{e} only `{kinds[0]}`" for e, kinds in ROLL_KINDS.items() if len(kinds) == 1]
    lines = [
        "# Spec field reference",
        "",
        "A roll is a plain dict. `edition` is one of "
        + ", ".join(f"`{e}`" for e in ROLL_KINDS)
        + f" (default `{DEFAULT}`); `roll` is `check` or `task` where the edition has both "
        "(default `check`" + "".join(f"; {w}" for w in one_kind) + "). "
        "Omitted fields take the default below. A value outside the allowed range raises "
        "`SpecError` (a `ValueError`) naming the field, the value and the range. "
        "A list field takes a list or tuple (a numpy array or an iterator is read up to one item "
        "past its maximum); a set is refused, since the order gives each die its place. "
        "True/false fields take Python or numpy booleans.",
        "",
        "Every spec may also carry `rules`: a dict of the edition's rule knobs that differ from "
        "its reading of the rules (listed under each edition below and by `vw.rules(edition)`), "
        f"e.g. `{{\"edition\": \"{DEFAULT}\", \"roll\": \"task\", \"rules\": {{\"threshold_base\": 2}}}}`. "
        "The odds, rolls, advice, rollers and log all follow it. A knob the edition does not have, "
        "or a value it does not take, raises `SpecError` naming `rules.<knob>`. A knob set to its "
        "default is dropped by `normalize`, so a spec without `rules` is unchanged.",
        "",
        "Every legal spec, knobs included, has its odds computed within about a second and 200 MB. "
        "A spec whose odds would take more (many allies who KISS under a knob that lets them, say) is "
        "refused up front by the cost guard (`venus_widgets/engine/contract/guard.py`): a `SpecError` naming the "
        "field to change and the nearest value that fits. `odds(spec, exact=True)` is guarded the same "
        "way, with what fractions cost; `roll_many` and `sample` take at most the rolls one call makes "
        "in about two seconds (under the optimal policy, the time to work out the best choice for each "
        "kind of first roll they meet included).",
        "",
        "_Generated from `venus_widgets/engine/contract/spec.py` by `python -m venus_widgets.engine.contract.reference`._",
    ]
    for edition, kinds in ROLL_KINDS.items():
        for roll in kinds:
            lines += ["", f"## {edition} {roll}", "", "| field | allowed | default | meaning |", "|---|---|---|---|"]
            for name, kind in describe(edition, roll).items():
                lines.append(f"| `{name}` | {_allowed(kind)} | {_default(kind)} | {kind['doc']} |")
        knobs = get(edition).KNOBS
        if knobs:
            lines += ["", f"### {edition} rules", "", "| knob | allowed | default | seed sentence |",
                      "|---|---|---|---|"]
            for k in knobs:
                lines.append(f"| `{k.name}` | {k.allowed} | `{json.dumps(k.default)}` | {k.seed} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(field_reference(), end="")
