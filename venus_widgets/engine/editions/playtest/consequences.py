"""The playtest consequences, in the wording of the playtest rules (v0.2,
"Tasks are Variable", step 5; docs/rules_playtest.md#task), and the FC's
subversion of an unbought secondary consequence (step 6), its opposite.

The task schema offers them to pick (``Schema.picks``), the roll at the
table (:mod:`.at_table`) prices and words them.

>>> [c["id"] for c in consequence_list()][:3]
['primary', 's1', 's2']
"""

from __future__ import annotations

PRIMARY = "primary"

#: (id, wording, note) of the four secondary consequences.
SECONDARY = (
    ("s1", "I am not abashed or injured...", ""),
    ("s2", "My actions were performed with grace or efficiency...", ""),
    ("s3", "No one I care for is compromised, disturbed, or jeopardized...", ""),
    ("s4", "Nothing else is unintentionally lost or destroyed...", ""),
)

#: (id, wording, note) of the four tertiary consequences.
TERTIARY = (
    ("t1", "...and / but I seek an additional prize...", "a material asset"),
    ("t2", "...and / but I learned something new or interesting...", "a bonus exp"),
    ("t3", "...and / but my true intentions are now revealed...", "earn a Lot back"),
    ("t4", "...and / but something unexpected but not unwelcome happens...", "decided by your Peers"),
)

#: The FC's subversion of each secondary consequence left unbought.
SUBVERSIONS = {
    "s1": "You are abashed or injured...",
    "s2": "Your actions were clumsy or wasteful...",
    "s3": "Someone you care for is compromised, disturbed, or jeopardized...",
    "s4": "Something else is unintentionally lost or destroyed...",
}

CONSEQUENCE_IDS = tuple(c[0] for c in SECONDARY + TERTIARY)
ORDER = (PRIMARY, *CONSEQUENCE_IDS)
WORDING = {c[0]: c[1] for c in SECONDARY + TERTIARY}
WORDING[PRIMARY] = "The primary consequence: the price of success"


def consequence_list() -> list[dict]:
    """JSON list of the consequences for the view."""
    out: list[dict] = [{"id": PRIMARY, "tier": "primary", "text": WORDING[PRIMARY], "note": "costs the threshold",
                        "fixed": True, "tier_words": TIER_WORDS["primary"]}]
    out += [{"id": i, "tier": "secondary", "text": t, "note": n, "subversion": SUBVERSIONS[i],
             "tier_words": TIER_WORDS["secondary"]} for i, t, n in SECONDARY]
    out += [{"id": i, "tier": "tertiary", "text": t, "note": n, "tier_words": TIER_WORDS["tertiary"]}
            for i, t, n in TERTIARY]
    return out


#: The heading of each tier in the view: what it costs, by these rules.
TIER_WORDS = {"primary": "Primary (always wanted; costs the threshold)",
              "secondary": "Secondary (1 success each)", "tertiary": "Tertiary (1 success each)"}
