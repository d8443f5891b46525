# Source of notebooks/06-an-example-of-play.ipynb (built by scripts/make_notebooks.py).

# %% [markdown]
# # Chapter 6: An example of play
#
# New words are explained in the [glossary](../docs/glossary.md).

# %% [markdown notebook-only]
# > **Run All to bring the rollers alive**: choose *Run → Run All Cells*.
# > Until you do, the roller at the end shows a still picture of its odds.

# %% [markdown]
# *Edition: the 1st Playtest Rules (v0.2), the default.*
#
# The rest of the crew's first evening: one scene, two rounds and the
# debrief. Sam is the **FC**; Kim plays **Bruno**, Lea plays **Ada**, Max
# plays **Clara** (their sheets are in [chapter 0](00-a-roll-from-start-to-finish.ipynb)),
# seated clockwise Max, Lea, Kim. Earlier that evening, in the storm
# (chapters 0 to 4), Bruno spent his Ego on the motor and burnt his hands,
# and Ada and Clara each lent Bruno a die to haul in the sea anchor. Notes in
# *italics* name the rule at work.

# %% [build]
ada_check = check_of("Ada", "Wits", difficulty="simple", factors=2)
ac = vw.roll(ada_check, seed=5)
assert ac.passed and ac.details["category"] == "pass"  # the story tells a plain pass
ac_odds = vw.odds(ada_check)

rope = task_of("Bruno", "deckhand", "Resolve", factors=1)  # holding on: nerve and strength
br = vw.roll(rope, seed=3)
assert not br.passed and br.outcome == 1  # a failure with one success for a silver lining
br_odds = vw.odds(rope)

HELPERS = [("Ada", "scout"), ("Bruno", "mechanic")]
steer = task_of("Clara", "captain", "Wits", factors=2, helpers=HELPERS, kiss=1, ego="double6", consequences=1)
cr = vw.roll(steer, seed=71)
kissed = [d for d in cr.dice if d.kissed]
assert len(kissed) == 1 and kissed[0].owner == "own" and cr.details["successes_after_kiss"] == cr.details["threshold"]
assert cr.details["ego"] == "double6" and cr.outcome == cr.details["goal"]
steer_alone = vw.odds(task_of("Clara", "captain", "Wits", factors=2, ego="double6"))  # her dice and her Ego
steer_odds = vw.odds(steer)
ada_die, bruno_die = steer["allies"]

MEDIC = LEARNING["Ada"]["medic"]  # the two abilities the job Ada learns inherits
medic = {"roll": "task", "caliber": ability("Ada", MEDIC[0])[0], "dice": ability("Ada", MEDIC[0])[1], "learning": True}
am = vw.roll(medic, seed=4)
assert am.passed and am.outcome == am.details["threshold"] + 1  # a pass with one spare success
am_odds = vw.odds(medic)

# %% [markdown]
# ## Round 1
#
# ### Clara's turn
#
# **Sam (FC):** Night over the Sunken Bay. Somewhere ahead are the reefs;
# behind you, with its lamps out, the pirate cutter that has followed you
# since the storm. Max, Clara is at the wheel: your turn.
#
# **Max (Clara):** Clara sends Bruno aft to the rudder cable and Ada up to
# the lookout.
#
# *No roll: nothing is at stake yet. The turn passes clockwise.*
#
# ### Ada's turn
#
# **Lea (Ada):** Ada climbs to the lookout and peers into the dark for the
# reef.
#
# **Sam:** That is a **check** of your Wits. Peers?
#
# **Kim:** Spotting breakers is *simple*, 10.
#
# **Sam:** Plus two factors, the dark and the mast swaying under you:
# target {{ ac.details["target"] }}.
#
# *A check: d20 + score. Ada's Wits is {{ ability("Ada", "Wits")[0].title() }}, score
# {{ ability("Ada", "Wits")[1] }}: she passes {{ vw.percent(ac_odds.p_pass) }} of the time.*
#
# **Lea:** {{ ac.details["natural"] }}, + {{ ability("Ada", "Wits")[1] }} =
# {{ ac.details["total"] }}. She sees them!
#
# **Sam:** White water two points off the bow, with a gap in it barely
# wider than the ship. And a shadow behind you with no lamps: the cutter.
#
# *Lea writes a new **insight** on Ada's sheet: the gap in the reef. A check
# before a task can set one up.*
#
# ### Bruno's turn
#
# **Kim (Bruno):** Bruno grabs the rudder cable before it snaps loose. He
# holds it until Clara is through.
#
# **Sam:** A **task**: holding on is Resolve. The dark does not hinder a
# grip; your burnt hands do. One factor: threshold {{ br_odds.threshold }}.
# Fail, and the cable whips free.
#
# *The FC counts each factor that hinders this roll, and only those:
# Bruno's **wound** hinders this one too.*
#
# **Kim:** Deckhand, level {{ rope["dice"] }}: {{ rope["dice"] }} Bronze dice.
# Bruno keeps his Lots for later.

# %% [build]
show(dice_figure([("Bruno's roll", [(d.after, d.scores, "") for d in br.dice])],
                 "Bruno holds the rudder cable: 2 Bronze dice, threshold 2"),
     alt=f"Bruno's two dice show {' and '.join(str(d.after) for d in br.dice)}: one success, one miss.")

# %% [markdown]
# **Kim:** {{ " and ".join(str(d.after) for d in br.dice) }}: one success. Not enough.
# I spend it on "...but I learned something new": Bruno sees how the cable
# fouled, and will not make that mistake again.
#
# *The task fails. Bruno marks **1 exp** on his deckhand job for the failure
# and 1 for the lesson, a tertiary consequence hung on the failure as a
# silver lining.*
#
# **Sam:** The cable tears free and the *Kestrel* slews towards the reef.
# You did not buy "No one I care for is compromised...": the cable lashes
# across the deck and throws Pim, the cabin boy, against the capstan. He is
# bleeding.
#
# *The FC turns one unbought secondary consequence against him. Pim is an
# NPC: the FC plays him.*

# %% [markdown]
# ## Round 2
#
# ### Clara's turn, again
#
# **Sam:** Round two, same order. The reef is dead ahead and the rudder
# hangs loose. Max?
#
# **Max:** Clara steers for the gap with the motor's thrust alone.
#
# **Sam:** Captain's work, Wits: a task. Two factors, the dark and the
# loose rudder: threshold {{ steer_odds.threshold }}.
#
# **Max:** My captain job is level 2: 2 Gold dice. Alone, even with Ego
# to double my 6s, that is {{ vw.percent(steer_alone.p_pass) }}. Can anyone help?
#
# **Lea:** Ada calls the rocks from the lookout, as a scout. Her Wits is
# {{ ada_die.title() }}: a {{ ada_die.title() }} die.
#
# **Kim:** Bruno pushes the motor to full thrust on Clara's call, as a
# mechanic. His Wits is {{ bruno_die.title() }}: a {{ bruno_die.title() }} die.
#
# *A lent die succeeds by the ally's caliber in the ability the FC named,
# here Wits.*
#
# **Max:** Accepted, both. I have Ada's insight, the gap, for a re-roll, if
# you agree?
#
# **Sam and Kim:** Agreed.
#
# **Max:** And Ego. I hope for one extra: a goal of {{ steer_odds.goal }}. That
# makes {{ vw.percent(steer_odds.p_pass) }} to pass and {{ vw.percent(steer_odds.p_goal) }}
# for the goal.

# %% [build]
from venus_widgets.engine.editions.playtest.dice import FAIL, face_class

OWNER = {"own": "Clara", "ally 1": "Ada", "ally 2": "Bruno"}
show(dice_figure([
    ("as rolled", [(d.before, int(face_class(d.before, d.grade) != FAIL), "") for d in cr.dice]),
    ("after KISS, then Ego", [(d.after, d.scores, "KISSed" if d.kissed else ("Ego" if d.scores == 2 else ""))
                              for d in cr.dice]),
], "Clara steers for the gap: 2 Gold dice, Ada's Bronze die, Bruno's Silver die",
    columns=[f"{OWNER[d.owner]}\n{d.grade.title()}" for d in cr.dice], labels_above=True),
    alt=f"As rolled, {', '.join(str(d.before) for d in cr.dice)}: {cr.details['successes_before_kiss']} successes; "
        f"Clara KISSes her {kissed[0].before}, which becomes a {kissed[0].after}, then spends Ego so that each 6 "
        f"counts twice: {cr.outcome} successes.")

# %% [markdown]
# **Max:** Clara's {{ " and ".join(str(d.before) for d in cr.dice if d.owner == "own") }},
# Ada's {{ cr.dice[2].before }}, Bruno's {{ cr.dice[3].before }}:
# {{ cr.details["successes_before_kiss"] }} successes. The insight re-rolls my
# {{ kissed[0].before }}: a **{{ kissed[0].after }}**, {{ cr.details["successes_after_kiss"] }}
# successes. Ego: my 6 counts twice. **{{ cr.outcome }}.** {{ cr.details["threshold"] }} buy the
# primary, through the gap; the last, "Nothing else is unintentionally lost
# or destroyed...".
#
# **Sam:** The *Kestrel* scrapes through with a shriek of wood, her hull
# whole. But you did not buy grace: she goes through sideways, spinning
# like a top, and it takes half the night to bring her round. Behind you,
# the cutter, following you blind, runs onto the reef.
#
# *The FC turns an unbought secondary consequence, never one the player
# bought: the hull stays whole.*
#
# *Clara spent Ego and kept her Lots. Ada marks 1 exp on scout, Bruno 1 on
# mechanic.*
#
# ### Ada's turn, again
#
# **Sam:** Lea, Pim is still bleeding.
#
# **Lea:** Ada slides down to him and binds the wound.
#
# **Sam:** A task: knowing what to do for him is {{ MEDIC[0] }}. Ada has no
# medical job. Peers, which job would fit?
#
# **Max:** Medic, surely. It would inherit {{ MEDIC[0] }} and {{ MEDIC[1] }}.
#
# *Learning on the job: Ada writes **medic** at level 0 and rolls her Wits
# score in dice, {{ medic["dice"] }} Bronze dice. The learning counts as a
# factor: threshold {{ am_odds.threshold }}, a {{ vw.percent(am_odds.p_pass) }} chance.*
#
# **Lea:** {{ ", ".join(str(d.after) for d in am.dice) }}: {{ am.outcome }} successes!
# Two for the bandage, and the last for "...and I learned something new".

# %% [build]
show(dice_figure([("Ada, learning", [(d.after, d.scores, "") for d in am.dice])],
                 "Ada learns to be a medic: 3 Bronze dice, threshold 2"),
     alt=f"Ada's three dice show {', '.join(str(d.after) for d in am.dice)}: {am.outcome} successes.")

# %% [markdown]
# *Ada's medic job: +1 exp for learning, +1 for the lesson: 2 of the 16 she
# needs.*
#
# ### Bruno's turn, again
#
# **Sam:** Pim will live. Kim?
#
# **Kim:** Bruno lashes down the torn cable and sits with Pim.
#
# **Sam:** Nothing at stake there: no roll.
#
# *A turn can pass without dice.*
#
# **Sam:** The *Kestrel* limps into calmer air. End of the scene.
#
# **Lea:** May Ada set the next one? Dawn, in a hidden cove.
#
# **Sam:** Yes: Ada earns Ego and starts that round, next session.
#
# ## The debrief
#
# **Sam:** Time for the debrief. Principles first.
#
# **Kim:** "A machine deserves respect": Bruno fixed the motor with his bare
# hands. **Max:** "The crew comes first": Clara steered for the gap to save
# us all. **Lea:** Ada already has Ego.
#
# *Everyone agrees: Bruno and Clara, who had spent theirs, earn Ego.*
#
# **Sam:** Lots, for playing well: Bruno's foghorn laugh at the cable, Ada
# humming at the lookout, Clara never raising her voice. One each.
#
# {{ table(["at the end of the evening", "exp marked", "Lots", "Ego"],
#          [["Bruno", "deckhand 2, mechanic 1", PREGENS["Bruno"]["lots"] + 1, "yes"],
#           ["Ada", "medic 2, courier 1, scout 1", PREGENS["Ada"]["lots"] + 1, "yes"],
#           ["Clara", "captain 1", PREGENS["Clara"]["lots"] + 1, "yes"]]) }}
#
# No job reached its mark, so no level changes. Bruno's burnt hands stay
# on his sheet, and the gap in the reef on Ada's.
#
# ## The roller
#
# The roller below holds Clara's steering task, with her friends' dice.

# %%
vw.TaskRoller(caliber="gold", dice=2, factors=2, allies=["bronze", "silver"], insights=1, ego="double6", consequences=1)

# %% [markdown]
# ## Recap
#
# * The turn goes round the table in the same order each round; many turns
#   need no dice.
# * A check can set up an insight; a failed task still pays exp.
# * Lent dice take the ally's caliber in the ability named.
# * Setting a scene earns Ego; so does a principle upheld, at the debrief.
#
# ## Exercises
#
# 1. Bruno held the cable with 2 Bronze dice at threshold 2. How likely was
#    he to fail with exactly one success, the silver-lining case?
# 2. How much did the lent dice and the insight add to Clara's chance of
#    getting through the gap, with her Ego?

# %% [build]
one_success = br_odds.distribution.get(1, 0.0)

# %% [markdown]
# <details><summary>Answers</summary>
#
# 1. **{{ vw.percent(one_success) }}**. (He failed with no success at all
#    {{ "just as often, " if round(one_success, 9) == round(br_odds.distribution.get(0, 0.0), 9) else "" }}
#    {{ vw.percent(br_odds.distribution.get(0, 0.0)) }} of the time.)
# 2. From {{ vw.percent(steer_alone.p_pass) }} with her own dice and Ego to **{{ vw.percent(steer_odds.p_pass) }}**.
#
# </details>

# %% [markdown]
# ---
# **Previous:** [Chapter 5: Learning, exp and the debrief](05-learning-and-advancement.ipynb) ·
# **Next:** [Chapter 7: The agora procedure](07-the-agora-procedure.ipynb) ·
# [Glossary](../docs/glossary.md) · [Index](../docs/index.md) ·
# cheat sheet: [playtest](../docs/cheatsheet_playtest.md)
