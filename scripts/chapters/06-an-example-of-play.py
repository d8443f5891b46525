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
# Everything so far, at a real table: one scene, two rounds, four people.
# Sam is the **FC**; Kim plays **Bruno**, Lea plays **Ada**, Max plays
# **Clara** (their sheets are in [chapter 0](00-a-roll-from-start-to-finish.ipynb)).
# Every roll below is a seeded roll of the engine, so the dice are real and
# the chances are exact. Notes in *italics* point at the rule being used.

# %% [build]
ada_check = check_of("Ada", "Wits", difficulty="simple", factors=2)
ac = vw.roll(ada_check, seed=5)
assert ac.passed and ac.details["category"] == "pass"  # the story tells a plain pass
ac_odds = vw.odds(ada_check)

rope = task_of("Bruno", "deckhand", "Swiftness", factors=1)
br = vw.roll(rope, seed=3)
assert not br.passed and br.outcome == 1  # a failure with one success for a silver lining
br_odds = vw.odds(rope)

medic = {"roll": "task", "caliber": ability("Ada", "Wits")[0], "dice": ability("Ada", "Wits")[1], "learning": True}
am = vw.roll(medic, seed=4)
assert am.passed and am.outcome == am.details["threshold"] + 1  # a pass with one spare success
am_odds = vw.odds(medic)

steer = task_of("Clara", "captain", "Wits", factors=2, allies=["silver", "bronze"], kiss=1, ego="double6",
                consequences=1)
cr = vw.roll(steer, seed=8)
kissed = [d for d in cr.dice if d.kissed]
assert len(kissed) == 1 and cr.details["successes_after_kiss"] == cr.details["threshold"]
assert cr.details["ego"] == "double6" and cr.outcome == cr.details["threshold"] + 2
steer_alone = vw.odds(task_of("Clara", "captain", "Wits", factors=2))
steer_odds = vw.odds(steer)

# %% [markdown]
# ## Round 1
#
# **Sam (FC):** Night over the Sunken Bay. The storm has the *Kestrel* by
# the throat; somewhere ahead are the reefs, and behind you, with its lamps
# out, the pirate cutter that has chased you since noon. The deck pitches.
# Max, Clara is at the wheel: your turn.
#
# **Max (Clara):** Clara shouts for everyone to tie on, and sends Bruno aft
# to the rudder cable and Ada up to the lookout.
#
# *No roll: nothing is at stake yet. The turn passes to the left.*
#
# **Lea (Ada):** Ada climbs to the lookout and peers into the rain for the
# reef. What can she see?
#
# **Sam:** It is dark and wet: that is a **check** of your Wits. Your Peers
# say spotting breakers is *simple* (10); I add two factors, the rain and
# the dark. Target {{ ac.details["target"] }}.
#
# *A check: d20 + score. Ada's Wits is {{ ability("Ada", "Wits")[0].title() }}, score
# {{ ability("Ada", "Wits")[1] }}; her chance is {{ vw.percent(ac_odds.p_pass) }}.*
#
# **Lea:** rolls the d20: **{{ ac.details["natural"] }}**, + {{ ability("Ada", "Wits")[1] }} =
# {{ ac.details["total"] }}. She sees them!
#
# **Sam:** White water, two points off the bow, with a gap in it barely
# wider than the ship. And a lamp flickering behind you: the cutter. The
# pirates are an NPC crew: they do not roll a task to find you.
#
# *Only players perform tasks. The FC frames the pirates' threat around the
# players' rolls instead of rolling for them.*
#
# **Kim (Bruno):** Bruno grabs the rudder cable before it snaps loose. He
# wants to hold it until Clara is through the gap.
#
# **Sam:** That matters, and it could go wrong in several ways: a **task**,
# Swiftness. Which job?
#
# **Kim:** Deckhand: it inherits Swiftness. Level {{ rope["dice"] }}, so
# {{ rope["dice"] }} Bronze dice.
#
# **Sam:** One factor, the storm: threshold {{ br_odds.threshold }}. If you
# fail, the cable whips free and the ship slews.
#
# **Kim:** Bruno keeps his Lots for later. He rolls.

# %% [build]
show(dice_figure([("Bruno's rope", [(d.after, d.scores, "") for d in br.dice])],
                 "Bruno holds the rudder cable: 2 Bronze dice, threshold 2"),
     alt=f"Bruno's two dice show {' and '.join(str(d.after) for d in br.dice)}: one success, one miss.")

# %% [markdown]
# **Kim:** {{ " and ".join(str(d.after) for d in br.dice) }}: one success. Not enough.
#
# *A failed task ({{ vw.percent(br_odds.p_fail) }} likely): the primary
# consequence is not bought. Bruno marks **1 exp** on his deckhand job for
# the failure. His one success can still buy a tertiary consequence hung
# on the failure: a silver lining.*
#
# **Kim:** I spend my success on "...but I learned something new": Bruno
# sees exactly how the cable is fouled, and he will not make that mistake
# again.
#
# **Sam:** The cable tears free; the *Kestrel* slews towards the reef.
# You did not buy "I am not abashed or injured...": it burns through your
# gloves. And that is **another exp** for the lesson.
#
# *Bruno's deckhand job: +1 exp for the failure, +1 for the lesson.*

# %% [markdown]
# ## Round 2
#
# **Sam:** Round two. A deckhand, thrown against the capstan, is bleeding
# badly. Lea?
#
# **Lea:** Ada scrambles down to him and binds the wound.
#
# **Sam:** Ada has no medical job. Your Peers: which job would fit?
#
# **Max:** Medic, surely. It would inherit Wits.
#
# *Learning on the job: Ada writes **medic** at level 0, rolls her Wits
# score in dice ({{ medic["dice"] }} Bronze dice), and the learning counts as
# one factor: threshold {{ am_odds.threshold }}. Her chance:
# {{ vw.percent(am_odds.p_pass) }}.*
#
# **Lea:** {{ ", ".join(str(d.after) for d in am.dice) }}: {{ am.outcome }} successes!
# Two for the bandage, and the last one for "...and I learned something
# new".

# %% [build]
show(dice_figure([("Ada, learning", [(d.after, d.scores, "") for d in am.dice])],
                 "Ada learns to be a medic: 3 Bronze dice, threshold 2"),
     alt=f"Ada's three dice show {', '.join(str(d.after) for d in am.dice)}: {am.outcome} successes.")

# %% [markdown]
# *Ada's medic job: +1 exp because she is learning it (every task, pass
# or fail) and +1 for the lesson: 2 of the 16 she needs.*
#
# **Sam:** He will live. Max, the reef is dead ahead and the rudder is
# loose. Clara?
#
# **Max:** Clara throws the wheel over and steers by the motor's thrust
# alone, for the gap. Captain's work, Wits.
#
# **Sam:** Two factors: the storm and the loose rudder. Threshold
# {{ steer_odds.threshold }}.
#
# **Max:** My captain job is only level 2: 2 Gold dice. With the dice
# alone that is {{ vw.percent(steer_alone.p_pass) }}{{ ": two dice cannot make three successes" if steer_alone.p_pass == 0 else "" }}.
# Can anyone help?
#
# **Lea:** Ada's scout job fits: she calls out the rocks. A Silver die.
#
# **Kim:** Bruno, gloves smoking, throws his weight on the cable: his
# deckhand job, a Bronze die.
#
# *Allies: up to two, one die each at their own caliber; each marks 1 exp,
# pass or fail, and shares what happens.*
#
# **Max:** Accepted, both. Clara has a Lot ready for a KISS and her Ego,
# and she wants one consequence beyond the primary. With all that:
# {{ vw.percent(steer_odds.p_pass) }} to pass, {{ vw.percent(steer_odds.p_goal) }} to reach
# the goal.

# %% [build]
show(dice_figure([
    ("as rolled", [(d.before, int(d.before >= {"gold": 3, "silver": 4, "bronze": 5}[d.grade]),
                    {"own": "Clara", "ally 1": "Ada", "ally 2": "Bruno"}[d.owner]) for d in cr.dice]),
    ("after KISS + Ego", [(d.after, d.scores, "KISSed" if d.kissed else ("Ego: 2" if d.scores == 2 else ""))
                          for d in cr.dice]),
], "Clara steers for the gap: 2 Gold dice, Ada's Silver die, Bruno's Bronze die"),
    alt=f"As rolled, {', '.join(str(d.before) for d in cr.dice)}: {cr.details['successes_before_kiss']} successes; "
        f"Clara KISSes her {kissed[0].before}, which becomes a {kissed[0].after}, then spends Ego so that each 6 "
        f"counts twice: {cr.outcome} successes.")

# %% [markdown]
# **Max:** {{ ", ".join(str(d.before) for d in cr.dice) }}: Clara's own
# {{ " and ".join(str(d.before) for d in cr.dice if d.owner == "own") }}, Ada's
# {{ cr.dice[2].before }}, Bruno's {{ cr.dice[3].before }}. That is
# {{ cr.details["successes_before_kiss"] }} successes. I spend my Lot to KISS
# the {{ kissed[0].before }}: a **{{ kissed[0].after }}**. Now
# {{ cr.details["successes_after_kiss"] }}, the threshold, but not my goal.
# And I spend Ego: every 6 counts twice. **{{ cr.outcome }} successes.**
#
# *Spending: {{ cr.details["threshold"] }} for the primary consequence, and
# {{ cr.outcome - cr.details["threshold"] }} left, one each.*
#
# **Max:** The primary: we are through the gap. Then "No one I care for is
# compromised..." and "Nothing else is unintentionally lost or
# destroyed...".
#
# **Sam:** The *Kestrel* scrapes through with a shriek of wood, and behind
# you the pirate cutter, following your lamp, runs onto the reef. You did
# not buy grace: the ship is listing and half the rigging is down. Scene.
#
# **Lea:** Can Ada set the next scene? Dawn, the crew patching the hull in
# a hidden cove.
#
# **Sam:** Yes. Ada starts the next round, and since she has no Ego, she
# earns it.

# %% [markdown]
# ## What the scene cost and earned
#
# | character | exp | Lots | Ego |
# |---|---|---|---|
# | Bruno | deckhand +3 (the failure, the lesson, helping Clara) | unchanged | kept |
# | Ada | medic +2 (learning, the lesson); scout +1 (helping Clara) | unchanged | earned, for setting the next scene |
# | Clara | none (she passed and bought no lesson) | one spent on the KISS | spent |
#
# ## Recap
#
# * Turns go round the table; most turns need no dice, and the FC frames
#   NPCs' threats around the players' rolls.
# * A check answers yes or no; a task is for what the story turns on.
# * A failed task still pays: exp, and any success can buy a silver lining.
# * A character without a fitting job learns on the job: the score in dice,
#   one factor for learning, +1 exp every task.
# * Allies hand over dice at their own caliber, mark exp, and share the
#   consequences; KISS and Ego come last, before the successes are spent.
#
# ## Try it
#
# Clara's steering task, live: 2 Gold dice, threshold 3, Ada's Silver die
# and Bruno's Bronze die, a Lot and Ego. Roll it a few times: how often
# does the *Kestrel* make the gap?

# %%
vw.TaskRoller(caliber="gold", dice=2, factors=2, allies=["silver", "bronze"], lots=1, ego="double6", consequences=1)

# %% [markdown]
# ## Exercises
#
# 1. Bruno held the cable with 2 Bronze dice at threshold 2. How likely
#    was he to fail with exactly one success, the silver-lining case?
# 2. How much did Ada's and Bruno's dice, Clara's Lot and her Ego add to
#    her chance of getting through the gap, in percentage points?

# %% [build]
one_success = br_odds.distribution.get(1, 0.0)

# %% [markdown]
# <details><summary>Answers</summary>
#
# 1. **{{ vw.percent(one_success, 1) }}**: a failure, with one success to spend on a silver lining.
#    (He failed with no success at all {{ vw.percent(br_odds.distribution.get(0, 0.0), 1) }} of the time.)
# 2. From {{ vw.percent(steer_alone.p_pass, 1) }} alone to **{{ vw.percent(steer_odds.p_pass, 1) }}**:
#    {{ f"{100 * (steer_odds.p_pass - steer_alone.p_pass):.1f}" }} percentage points.
#
# </details>

# %% [markdown]
# ---
# **Previous:** [Chapter 5: Learning on the job, and advancement](05-learning-and-advancement.ipynb) ·
# **Next:** [Chapter 7: The agora procedure](07-the-agora-procedure.ipynb) ·
# [Glossary](../docs/glossary.md) · [Index](../docs/index.md) ·
# cheat sheet: [playtest](../docs/cheatsheet_playtest.md)
