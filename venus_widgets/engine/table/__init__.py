"""The table room: the roll at the table.

Seeds and the two streams every roll draws its faces from, faces typed by
hand, :class:`.rolls.Roll` and its dice (:mod:`.rolls`), its details
(:mod:`.details`), and the advice on
which dice to KISS (:mod:`.advice`). The edition answers what the table
asks (``editions/<id>/at_table.py``, typed in :mod:`..contract.table_answers`).
"""
