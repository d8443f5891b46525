# Source of notebooks/02-tasks.ipynb (built by scripts/make_notebooks.py).

# %% [markdown]
# # Chapter 2: Tasks
#
# New words are explained in the [glossary](../docs/glossary.md).

# %% [markdown notebook-only]
# > **Run All to bring the rollers alive**: choose *Run → Run All Cells*.
# > Until you do, each roller on this page shows a still picture of its odds
# > (a chart and a table that do not move).

# %% [markdown]
# *Edition: the 1st Playtest Rules (v0.2), the default.*
#
# A **check** asks *did it work?* A **task** asks *how well, and at what
# price?* It is the roll for the moments the story turns on: you roll a
# **pool of d6**, count **successes**, and **spend** them on what you want
# out of the scene. Even a failed task teaches you something.

# %% [build]
setup_plots()

bruno = task_of("Bruno", "mechanic", "Finesse", factors=1)
motor = vw.roll({**bruno, "kiss": 2, "ego": "double6", "consequences": 1}, seed=8)  # chapter 0's roll
first = [d.before for d in motor.dice]
o = vw.odds(bruno)

# %% [markdown]
# ## The pool
#
# Pick a **job** that **inherits** the ability the FC named, and that fits
# what you are doing. Roll **as many d6 as its level**. (No fitting job?
# You learn one on the job: [chapter 5](05-learning-and-advancement.ipynb).)
# Each die that shows a face your ability's **caliber** allows is one
# **success**:
#
# | caliber | a die succeeds on | chance per die |
# |---|---|---|
# | Bronze | 5 or 6 | 1 in 3 |
# | Silver | 4, 5 or 6 | 1 in 2 |
# | Gold | 3 to 6 | 2 in 3 |
# | Platinum | 2 to 6 | 5 in 6 |
#
# ## The threshold
#
# The **threshold** starts at **1**. The FC adds a **factor**, +1, for
# each thing that works against you *in this roll*: a hazard, a wound, an
# opponent bigger or better than you, someone hindering you, a job that is
# not quite right. At most four, so a threshold runs from 1 to 5. A hazard
# counts in every roll it hinders, and only once. It is the *price of success*: the successes
# it costs to get what you set out to do. Before anyone rolls, the FC also
# says what failure would mean.
#
# ## Bruno's motor, counted
#
# In [chapter 0](00-a-roll-from-start-to-finish.ipynb) Bruno rolled
# {{ bruno["dice"] }} Bronze dice at threshold {{ o.threshold }}:
# {{ ", ".join(map(str, first)) }}, {{ motor.details["successes_before_kiss"] }} success.
# Three Bronze dice pass only {{ vw.percent(o.p_pass) }} of the time, which is
# why he reached for re-rolls ([chapter 3](03-kiss-and-ego.ipynb)).
#
# ## Spending successes
#
# After the roll (and any re-rolls, [chapter 3](03-kiss-and-ego.ipynb)) you
# **spend** your successes on **consequences**, and tell in the story what
# each buys:
#
# 1. The **primary consequence**, what you set out to do, costs the
#    threshold. If you do not buy it, the task **fails**.
# 2. Each **secondary consequence** costs 1 and keeps something bad from
#    happening on the way:
#    * "I am not abashed or injured..."
#    * "My actions were performed with grace or efficiency..."
#    * "No one I care for is compromised, disturbed, or jeopardized..."
#    * "Nothing else is unintentionally lost or destroyed..."
# 3. Each **tertiary consequence** costs 1 too, and hangs on a consequence
#    you bought, or on a failure as a silver lining:
#    * "...and I seek an additional prize..." (something to keep: a new asset)
#    * "...and I learned something new..." (+1 exp on the job)
#    * "...and my true intentions are now revealed..." (a Lot back)
#    * "...and something unexpected but not unwelcome happens..." (your Peers decide what)
#
# Last, the FC may turn **one secondary consequence you did not buy**
# against you: the injury, the embarrassment, the broken tool. Getting
# away clean takes the threshold plus all four secondaries, so a
# compromise is the usual result. That is the design.
#
# The threshold plus the extras you hope to buy is your **goal**. The
# rollers show the **chance of the goal** beside the **chance to pass**.
#
# ## Clara patches the gas bag
#
# *Round 3, Clara's turn.* The squall of [chapter 1](01-checks.ipynb) has
# torn the *Kestrel*'s gas bag at its aft seam. Clara climbs up to patch it: her engineer job (level
# 6) inherits Finesse and Wits, the FC names Finesse (Silver for her), and the storm is one factor.
# She decides what matters after the primary: that nobody she cares for
# gets hurt, then that she is not hurt herself, then a clean job.

# %% [build]
clara = task_of("Clara", "engineer", "Finesse", factors=1)
r = vw.roll(clara, seed=5)
wishes = ["No one I care for is compromised, disturbed, or jeopardized...",
          "I am not abashed or injured...",
          "My actions were performed with grace or efficiency..."]
assert r.outcome == 4 and r.details["threshold"] == 2  # the sentences below tell this roll
show(dice_figure([("Clara's roll", [(d.after, d.scores, "") for d in r.dice])],
                 "Clara's six Silver dice (4, 5 and 6 succeed)"),
     alt=f"Clara's six dice show {', '.join(str(d.after) for d in r.dice)}: {r.outcome} successes, "
         "each success marked with a tick.")

# %% [markdown]
# {{ table(["successes spent", "on"],
#          [[r.details["threshold"], "the primary consequence: the gas bag holds"]]
#          + [[1, f'"{w}"'] for w in wishes[:r.outcome - r.details["threshold"]]]) }}
#
# Four successes: two for the primary, two for her first two wishes. She
# did not buy "Nothing else is unintentionally lost...", and the FC turns
# it against her: the patch holds, but the wind took most of the ship's
# spare canvas.
#
# ## Failing forward
#
# A failed task is not a dead end. What the FC said would happen, happens,
# but you mark **1 exp** on the job you used: there is always something to
# learn from a mistake. And any successes you rolled can still buy a
# tertiary consequence hung on the failure: "...but I learned something
# new" is one more exp. Bruno fails this way in
# [chapter 6](06-an-example-of-play.ipynb).
#
# ## The roller
#
# The roller below holds Clara's patch, with her two wishes: her goal is
# the threshold and two consequences more.

# %%
vw.TaskRoller(caliber="silver", dice=6, factors=1, consequences=2)

# %% [markdown]
# ## Recap
#
# * One d6 per level of a job that inherits the FC's ability, each
#   succeeding by the ability's caliber.
# * The threshold, the price of success: 1, plus 1 for each of the FC's
#   factors.
# * The primary consequence costs the threshold, the others 1 each; the FC
#   may turn one unbought secondary against you.
# * A failed task still pays 1 exp.
#
# ## Exercises
#
# 1. A Silver character faces a task at **threshold 3**. How many dice does
#    the job need before the task passes more often than not?
# 2. Clara (6 Silver dice, threshold 2) wants to get away clean: the
#    primary and all four secondary consequences. What are her chances?

# %% [build]
need = next(n for n in range(1, 13)
            if vw.odds({"roll": "task", "caliber": "silver", "dice": n, "factors": 2}).p_pass > 0.5)
below = vw.odds({"roll": "task", "caliber": "silver", "dice": need - 1, "factors": 2}).p_pass
at_need = vw.odds({"roll": "task", "caliber": "silver", "dice": need, "factors": 2}).p_pass
clean = vw.odds({**clara, "consequences": 4})

# %% [markdown]
# <details><summary>Answers</summary>
#
# 1. **{{ need }} dice**: {{ need - 1 }} dice pass {{ vw.percent(below) }} of the time,
#    {{ need }} dice {{ vw.percent(at_need) }}.
# 2. Her goal is 2 + 4 = {{ clean.goal }} successes out of 6 dice: **{{ vw.percent(clean.p_goal) }}**.
#
# </details>

# %% [markdown]
# ---
# **Previous:** [Chapter 1: Checks](01-checks.ipynb) ·
# **Next:** [Chapter 3: KISS and Ego](03-kiss-and-ego.ipynb) ·
# [Glossary](../docs/glossary.md) · [Index](../docs/index.md) · cheat sheet: [playtest](../docs/cheatsheet_playtest.md)
