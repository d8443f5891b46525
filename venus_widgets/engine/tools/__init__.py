"""The tools room: what a Facilitator and a playtester work with.

Ladders and inverse odds (:mod:`.solve`), a party on one ladder
(:mod:`.party`), a number in plain words (:mod:`.explain`), the table's
dice against the odds (:mod:`.fit`), rolls under rule variants side by side
and grids of odds (:mod:`.compare`, its chart :mod:`.compare_chart`, :mod:`.sweep`), seeded rolls beside the
odds (:mod:`.sample`), an edition's rule knobs (:mod:`.rules_view`) and the
bars of an odds chart (:mod:`.chart`).
"""
