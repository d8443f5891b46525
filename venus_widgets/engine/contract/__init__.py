"""The contract room: what an edition is and what a spec is.

The registry and the contract's protocols (:mod:`.edition`), every member
an edition may have with its default (:mod:`.members`) and the edition as
the registry hands it out (:mod:`.registered`), the kinds of
a spec's fields and a roll's schema (:mod:`.fields`), the spec (the
schemas of every edition, ``normalize`` and the read-only :class:`.spec.Spec`),
the rule knobs, the samples an edition is tried on, the
cost guard run on every spec, the types of the table's answers and their
defaults, and the field reference generated from the schemas. Everything
else in the engine asks the editions through this room.
"""
