"""The playsheet difficulty ladder and the values ``solve`` varies
(docs/rules_playsheet.md#difficulty-ladder)."""

from __future__ import annotations


def factor_list(total: int) -> list[int]:
    """The fewest factors (+2 first, then +1) that add up to ``total``.

    >>> factor_list(0), factor_list(3), factor_list(8)
    ([], [2, 1], [2, 2, 2, 2])
    """
    return [2] * (total // 2) + [1] * (total % 2)

def ladder_settings(spec: dict) -> list[dict]:
    """The playsheet ladder, each rung one harder than the last. A check:
    difficulty 1..3 with factors adding 0..4, then difficulty 4 with
    factors adding 0..8 (targets 5..28). A task: difficulty 1..4, then
    difficulty 4 with factors adding 1..8 (thresholds 1..12). Factors are
    written as the fewest +2s and +1s."""
    if spec["roll"] == "check":
        return [{"difficulty": d, "factors": factor_list(f)} for d in (1, 2, 3, 4)
                for f in range(9 if d == 4 else 5)]
    return ([{"difficulty": d, "factors": []} for d in (1, 2, 3, 4)]
            + [{"difficulty": 4, "factors": factor_list(f)} for f in range(1, 9)])

def vary_values(spec: dict, field: str) -> list | None:
    """Factor (and check bonus) lists for ``solve``: adding 0..8, the
    fewest +2s and +1s each."""
    if field == "factors" or field == "bonus" and spec["roll"] == "check":
        return [factor_list(f) for f in range(9)]
    return None
