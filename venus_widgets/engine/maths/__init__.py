"""The maths room: exact odds and what is computed from them.

:class:`.odds.Odds` (the value every edition's odds are; what it answers,
:mod:`.readings`; a chance as a plain value, :mod:`.probability`), counting in
whole numbers (:mod:`.counts`, :mod:`.exact`), the sums of dice several
editions share (:mod:`.dist`) and the quantities a comparison reports
(:mod:`.quantities`).
"""
