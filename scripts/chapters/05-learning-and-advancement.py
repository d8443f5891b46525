# Source of notebooks/05-learning-and-advancement.ipynb (built by scripts/make_notebooks.py).

# %% [markdown]
# # Chapter 5: Learning on the job, and advancement
#
# New words are explained in the [glossary](../docs/glossary.md).

# %% [markdown notebook-only]
# > **Run All to bring the rollers alive**: choose *Run → Run All Cells*.
# > Until you do, each roller on this page shows a still picture of its odds
# > (a chart and a table that do not move).

# %% [markdown]
# *Edition: the 1st Playtest Rules (v0.2), with the Playsheet's level-up
# rule for jobs above level 0.*
#
# Characters in the Venus Engine grow mostly by **doing**: each job levels
# up with **exp** earned in tasks, and a job you do not have yet is learned
# by trying it. The rules say learning a new job "can take 6-16 tasks". This
# chapter works out **exactly** how likely each of those numbers is.

# %% [build]
import matplotlib.pyplot as plt

from venus_widgets.engine.editions.playtest import advancement

setup_plots()


# %% [markdown]
# ## 1. Exp: where it comes from
#
# A job collects **exp** from tasks done with it:
#
# | what happened | exp |
# |---|---|
# | the task failed (you did not buy the primary consequence) | +1 |
# | you bought the tertiary "...and I learned something new" | +1 |
# | you helped someone else's task as an ally (to the job you helped with) | +1 |
# | the job is still being learned (level 0): every task, pass or fail | +1 |
#
# ## 2. Learning on the job
#
# When no job you have fits the task, your Peers say which job *would*, and
# you start learning it:
#
# 1. Write the job down at **level 0**.
# 2. Roll **your ability score** in dice instead of the job's level.
# 3. Learning the ropes counts as **one of the FC's four difficulty
#    factors**: the threshold starts at 2 and still stops at 5.
# 4. You cannot offer aid with a level-0 job; while you learn, you may
#    still receive aid from up to two allies (chapter 4).
# 5. After **16 exp** the job reaches a level equal to the **lower** of the
#    two ability scores it inherits.
#
# (A job with special requirements earns no exp at all until they are met,
# and can stay at level 0 for good.)
#
# Ada has no medical job, but the FC names her Wits (Bronze, score 3) to
# bandage a wounded deckhand: she starts learning *medic*, and rolls 3 dice
# for her score of 3. Her odds, as the FC adds factors (three at most on
# top of the learning, which already counts as one):
#
# {{ table(["factors besides the learning", "threshold", "chance to pass (3 Bronze dice)"],
#          [[f, vw.odds({"roll": "task", "dice": 3, "learning": True, "factors": f}).threshold,
#            vw.percent(vw.odds({"roll": "task", "dice": 3, "learning": True, "factors": f}).p_pass, 1)]
#           for f in range(4)]) }}

# %% [markdown]
# ### Play with it
#
# A learning task: *learning* is ticked and the dice are the ability score
# (3 here). Try adding factors: the threshold starts at 2 and stops at 5,
# and the roller allows at most three factors on top of the learning.
# Roll, spend the successes, and the result line says what the task
# earned in exp (tick "...I learned something new" for the bonus one).

# %%
vw.TaskRoller(dice=3, learning=True)

# %% [markdown]
# ## 3. How many tasks to learn a job?
#
# Each task while learning gives **1, 2 or 3 exp**:
#
# * always **+1** for learning;
# * **+1** more if the task fails;
# * **+1** more if a success is left over for "I learned something new"
#   (on a pass, a success beyond the threshold; on a failure, any success at
#   all, as a silver lining).
#
# That is where "6-16 tasks" comes from: 16 exp at 3 a task takes 6 tasks,
# at 1 a task 16. Which is likely depends on the dice. We assume the player
# **plays to win**: buys the primary whenever the successes allow, and
# spends one spare success on learning. Then a task gives
#
# | successes *s* against threshold *t* | exp |
# |---|---|
# | *s* = *t* (a pass with nothing to spare) | 1 |
# | *s* > *t*, or *s* = 0 | 2 |
# | 0 < *s* < *t* (a failure with a silver lining) | 3 |
#
# Tasks are independent, so the engine can count exactly how likely each
# number of tasks is, from its exact odds of each task. For 3 Bronze dice
# (an ability score of 3) at the base threshold of 2:

# %% [build]
spec = {"roll": "task", "dice": 3, "learning": True, "factors": 0}
step = advancement.exp_per_task(spec)
learned = advancement.tasks_to_learn(spec)
learn_mean = sum(n * p for n, p in learned.items())

# %% [markdown]
# Each task gives
# {{ ", ".join(f"{g} exp {vw.percent(p, 1)} of the time" for g, p in step.items()) }}.
# On average Ada learns the job in **{{ learn_mean:.1f }} tasks**; never in
# fewer than {{ min(learned) }}, never in more than {{ max(learned) }}. How
# likely each number is:
#
# {{ table(["tasks until learned", "chance"], [[k, rarely(p)] for k, p in learned.items()]) }}

# %% [markdown]
# The distribution for a Bronze ability with score 3 at the base threshold
# (2), and how it moves with the threshold:

# %% [build]
fig, ax = plt.subplots()
width = 0.27
means = {}
for i, (factors, colour, hatch) in enumerate([(0, "#0072B2", ""), (1, "#E69F00", ".."), (3, "#009E73", "//")]):
    dist = advancement.tasks_to_learn({**spec, "factors": factors})
    means[2 + factors] = sum(n * p for n, p in dist.items())
    ax.bar([n + (i - 1) * width for n in dist], list(dist.values()), width, color=colour, hatch=hatch,
           edgecolor="white", label=f"threshold {2 + factors}")
ax.set_xlabel("tasks until the job is learned (16 exp; never fewer than 6)")
ax.set_ylabel("probability")
ax.set_xticks(range(6, 17))
ax.grid(alpha=0.3, axis="y")
ax.legend()
ax.set_title("Learning a job with a Bronze score of 3, playing to win")
show(fig, alt="Bars of how many tasks 3 Bronze dice take to learn a job, at thresholds 2, 3 and 5: the harder "
              "the tasks, the sooner it is learned, on average "
              + ", ".join(f"{m:.1f} tasks at threshold {t}" for t, m in means.items()) + ".")

# %% [markdown]
# Harder tasks teach **faster**: failures pay exp, and a failure with even
# one success also buys the silver lining. Learning is about trying things
# beyond you.
#
# The average number of tasks, by caliber and score (threshold 2). Better
# dice do not always learn faster: they pass more often, and a pass with
# exactly the threshold pays only the 1 exp for learning.

# %% [build]
rows = []
for cal in ["bronze", "silver", "gold", "platinum"]:
    row = [cal.title()]
    for score in range(1, 7):
        dist = advancement.tasks_to_learn({**spec, "caliber": cal, "dice": score})
        row.append(f"{sum(n * p for n, p in dist.items()):.1f}")
    rows.append(row)
emit(table(["caliber, by ability score"] + [str(s) for s in range(1, 7)], rows))

# %% [markdown]
# ### A note for Facilitators: learning by losing
#
# The rules let a player **refuse the primary consequence** on purpose: the
# task fails (+1), the learning pays (+1) and any single success buys the
# silver lining (+1). A player who *plays to learn* this way gains 2 or 3
# exp every task and learns any job in 6 to 8 tasks, whatever the dice. The
# playsheet, which has no learning tertiary, says "8-16" for the same
# reason. Whether that is fine at your table is a call for the FC: it costs
# the player every primary consequence along the way.
#
# {{ table(["Ada, 3 Bronze dice, threshold 2", "tasks on average", "fewest to most"],
#          [[f"plays to {plan}", f"{sum(n * p for n, p in dist.items()):.1f}", f"{min(dist)} to {max(dist)}"]
#           for plan, dist in [("win", advancement.tasks_to_learn(spec)),
#                              ("learn", tasks_until(refusing_exp(spec), 16))]]) }}

# %% [markdown]
# ## 4. Levelling up a job you have
#
# The playtest rules stop at level 0 -> learned. For jobs above level 0 this
# project uses the Playsheet's rule: **when a job's exp equals twice its
# level, wipe the exp and raise the level by 1.** From level *L* the task
# pool has *L* dice and the next level needs 2*L* exp, from failures (+1)
# and "learned something new" (+1; on a pass only with a spare success).
# Counting the same way, with 0, 1 or 2 exp a task, gives the average
# number of tasks per level for a Bronze job facing threshold 2:

# %% [build]
rows = []
for level in range(1, 7):
    step = advancement.exp_per_task({"roll": "task", "dice": level, "factors": 1})
    rows.append([f"{level} to {level + 1}", 2 * level, vw.percent(step.get(0, 0.0)), f"{mean_tasks(step, 2 * level):.1f}"])
emit(table(["level", "exp needed", "chance a task gives no exp", "tasks on average"], rows))

# %% [markdown]
# The better the job, the fewer tasks it fails, so the slower it grows: a
# built-in brake. The rulebook's advice follows: most advancement comes from
# new attributes, friends and allies, not from grinding one job.
#
# ## 5. Lots
#
# **Lots** pay for KISSes (chapter 3). You can hold at most **10**. The
# rule text adds: "If you earn more than 10 Lots in a single session then
# the excess is converted to exp for any jobs of your choice." That sentence
# can be read two ways: the Lots that would take you **past the 10 you may
# hold** become exp, or only Lots beyond the **tenth earned** in one session
# do. **This rulebook reads it the first way** (a reading, not the text's
# words; see [the playtest rules page](../docs/rules_playtest.md#experience-and-learning-a-job)), since
# the limit of 10 held is what the excess overflows:
#
# {{ table(["Lots held", "earned this session", "held after", "exp for jobs of your choice"],
#          [[held, earned, *advancement.bank_lots(held, earned)] for held, earned in [(4, 3), (9, 3), (10, 2)]]) }}

# %% [markdown]
# ## Try it
#
# Go back to the learning roller in section 2 and roll it again and again,
# keeping count of the exp: +1 every task, +1 for each failure, +1 for
# each spare success you spend on "...I learned something new". How many
# tries does it take you to reach 16? The plot in section 3 says what to
# expect.

# %% [markdown]
# ## Recap
#
# * Exp comes from failed tasks, the "learned something new" tertiary,
#   helping as an ally, and every task while learning a job.
# * Learning on the job: level 0, roll your ability score in dice, the
#   learning is one factor; 16 exp and the job reaches the lower of its two
#   abilities' scores. It takes 6 to 16 tasks, and harder tasks teach faster.
# * Above level 0 (this rulebook's choice, from the Playsheet): exp equal to
#   twice the level raises it by one.
# * At most 10 Lots held; by this rulebook's reading, Lots past the 10 become
#   exp.
#
# ## Exercises
#
# 1. A Silver character learns a new job with an ability score of 4 (so 4
#    Silver dice, no other factor), playing to win. How many tasks does it
#    take on average, and how likely is it to be done within 8 tasks?
# 2. A job at level 2 has 9 exp marked. What level is it now, and how much
#    exp is left over?
# 3. You hold 9 Lots and earn 3 more this session. What do you end with,
#    by this rulebook's reading of the Lots rule?

# %% [build]
silver = advancement.tasks_to_learn({"roll": "task", "caliber": "silver", "dice": 4, "learning": True})
mean = sum(n * p for n, p in silver.items())
within8 = sum(p for n, p in silver.items() if n <= 8)
level, left = advancement.level_after(2, 9)
lots, extra = advancement.bank_lots(9, 3)

# %% [markdown]
# <details><summary>Answers</summary>
#
# 1. **{{ mean:.1f }} tasks** on average; done within 8 tasks **{{ vw.percent(within8, 1) }}** of the time.
# 2. Level 2 needs 2 × 2 = 4 exp to reach level 3, then 2 × 3 = 6 more for level 4:
#    level **{{ level }}**, with **{{ left }} exp** left over.
# 3. **{{ lots }} Lots** (the most you can hold) and **{{ extra }} exp** to put on jobs of your choice. (Read
#    the other way, only Lots beyond the tenth earned in the session turn into exp: you would hold 10 and
#    lose the spare 2.)
#
# </details>

# %% [markdown]
# ---
# **Previous:** [Chapter 4: Help](04-help.ipynb) ·
# **Next:** [Chapter 6: An example of play](06-an-example-of-play.ipynb) ·
# [Glossary](../docs/glossary.md) · [Index](../docs/index.md) · cheat sheet: [playtest](../docs/cheatsheet_playtest.md)
