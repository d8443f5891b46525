"""Who owns a group's dice by default, and the versions that rule changed.

A group's dice are owned, by default, in the words of its ``called`` where
the group's key only says called's plural (``[groups.challenge_dice]``,
``called = "challenge die"``: owned by "challenge"); else by the key in words ("action dice"). Before (on main),
every group's dice were owned by its key. A roll records its dice's owner,
so a draft the rule changes gets a version of its own now
(:func:`version_now`), and its version of before (the content hash alone)
is served by the draft read as before (``build(src, owners_by_key=True)``):
a roll log saved then imports and replays exactly.

>>> called_owner("challenge_dice", {"called": "challenge die"}), called_owner("foes", {"called": "foe's die"})
('challenge', '')
>>> by_called({"challenge_dice": {"called": "challenge die"}}), by_called({"own": {}})
(True, False)
"""

from __future__ import annotations

import hashlib
import re
from typing import Any, Mapping


def called_owner(name: str, body: Mapping[str, Any]) -> str:
    """The owner ``called`` gives a group ``name`` whose key only says called's plural, else ``""``."""
    called = body["called"].strip() if isinstance(body.get("called"), str) else ""
    if re.sub(r"die$", "dice", called) != name.replace("_", " "):
        return ""
    return re.sub(r"(^|\s+)die$", "", called)


def by_called(groups: Any) -> bool:
    """Whether a draft's ``[groups]`` has dice owned by called's words (no ``owner`` written)."""
    return isinstance(groups, Mapping) and any(
        isinstance(body, Mapping) and "owner" not in body and called_owner(str(name), body) != ""
        for name, body in groups.items())


def version_now(digest: str) -> str:
    """The version of a draft of content hash ``digest`` that the rule changed (see the module)."""
    return hashlib.sha256(f"{digest} owned by called".encode("utf-8")).hexdigest()[:12]
