# Source of notebooks/05-learning-and-advancement.ipynb (built by scripts/make_notebooks.py).

# %% [markdown]
# # Chapter 5: Learning, exp and the debrief
#
# New words are explained in the [glossary](../docs/glossary.md).

# %% [markdown notebook-only]
# > **Run All to bring the rollers alive**: choose *Run → Run All Cells*.
# > Until you do, each roller on this page shows a still picture of its odds
# > (a chart and a table that do not move).

# %% [markdown]
# *Edition: the 1st Playtest Rules (v0.2), the default.*
#
# Characters grow mostly by **doing**: each job levels up with **exp**
# earned in tasks, and a job you do not have yet is learned by trying it.
# At the end of each session, the **debrief** hands out Ego and Lots for
# how you played.

# %% [build]
import matplotlib.pyplot as plt
from matplotlib.ticker import PercentFormatter

from venus_widgets.engine.editions.playtest import advancement

setup_plots()

# %% [markdown]
# ## Where exp comes from
#
# Exp is marked on a job, beside its level:
#
# | what happened | exp |
# |---|---|
# | a task with this job failed (you did not buy the primary consequence) | +1 |
# | you bought the tertiary "...and I learned something new" | +1 |
# | you lent a die to someone's task (on the job you helped with) | +1 |
# | any task with a job you are still learning (level 0), pass or fail | +1 |
#
# ## Levelling up a job
#
# **When a job's exp reach twice its level, the job goes up one level.**
# Those exp are spent; any beyond them stay marked towards the next level.
# Bruno's mechanic job (level 3) needs 6 exp for level 4, then 8 more for
# level 5. (The playtest rules leave this open; the rule is the
# Playsheet's, another draft of these rules: [chapter 8](08-editions-compared.ipynb).) Good jobs fail less, so they grow slower: most advancement
# comes from new attributes, insights and friends.
#
# ## Learning on the job
#
# When no job you have fits the task, your Peers say which job *would*, and
# you start learning it:
#
# 1. Write the job on your sheet at **level 0**.
# 2. Roll **your ability's score** in dice instead of a level.
# 3. Learning counts as **one of the FC's four factors**: the threshold
#    starts at 2 and still stops at 5.
# 4. Mark **+1 exp after every task** with it, pass or fail, on top of the
#    usual exp.
# 5. At **16 exp** the job is learned: its level becomes the **lower** of
#    the scores of the two abilities it inherits.
#
# You cannot lend a die with a job you are still learning, but you may
# still receive aid while you learn. (Some jobs can be learned only once
# a condition is met, which the FC names: a teacher for a surgeon, papers
# for a pilot. Until it is met, such a job earns no exp.)

# %% [build]
medic = LEARNING["Ada"]["medic"]  # the job Ada starts learning in chapter 6, and its two abilities
spec = {"roll": "task", "caliber": ability("Ada", medic[0])[0], "dice": ability("Ada", medic[0])[1],
        "learning": True, "factors": 0}
assert spec == {"roll": "task", "caliber": "bronze", "dice": 3, "learning": True, "factors": 0}  # told below
first_task = vw.odds(spec)
means = {}
for f in (0, 3):
    dist = advancement.tasks_to_learn({**spec, "factors": f})
    means[2 + f] = sum(n * p for n, p in dist.items())

# %% [markdown]
# In [chapter 6](06-an-example-of-play.ipynb) Ada binds a wound with no
# medical job. The FC names {{ medic[0] }}; her Peers name *medic*, a job
# that inherits {{ medic[0] }} and {{ medic[1] }}. Her {{ medic[0] }} score
# is {{ spec["dice"] }}: {{ spec["dice"] }} {{ spec["caliber"].title() }} dice
# at threshold {{ first_task.threshold }}. She passes only
# {{ vw.percent(first_task.p_pass) }} of the time, but every try teaches.
# Once learned, her medic job will be level
# {{ learned_level("Ada", "medic") }}, the lower of her {{ medic[0] }}
# ({{ ability("Ada", medic[0])[1] }}) and {{ medic[1] }}
# ({{ ability("Ada", medic[1])[1] }}) scores.
#
# How long does learning take? Say you **play to win**: you buy the primary
# consequence whenever you can, and put any success to spare into "...and
# I learned something new". Then it takes 6 to 16 tasks:
# {{ means[2]:.1f }} on average at threshold 2, {{ means[5]:.1f }} at
# threshold 5, since failures pay exp. **Harder tasks teach faster.**

# %% [build]
fig, ax = plt.subplots()
width = 0.27
means = {}
for i, (factors, colour, hatch) in enumerate([(0, "#0072B2", ""), (1, "#E69F00", ".."), (3, "#009E73", "//")]):
    dist = advancement.tasks_to_learn({**spec, "factors": factors})
    means[2 + factors] = sum(n * p for n, p in dist.items())
    ax.bar([n + (i - 1) * width for n in dist], list(dist.values()), width, color=colour, hatch=hatch,
           edgecolor="white", label=f"threshold {2 + factors}")
last = max(n for f in (0, 1, 3) for n, p in advancement.tasks_to_learn({**spec, "factors": f}).items() if p >= 0.005)
ax.set_xlabel("tasks until the job is learned (16 exp)")
ax.set_ylabel("chance")
ax.yaxis.set_major_formatter(PercentFormatter(1.0))
ax.set_xticks(range(6, last + 1))
ax.set_xlim(5.5, last + 0.5)
ax.grid(alpha=0.3, axis="y")
ax.legend()
ax.set_title("Learning a job with a Bronze score of 3, playing to win")
show(fig, alt="Bars of how many tasks 3 Bronze dice take to learn a job, at thresholds 2, 3 and 5: the harder "
              "the tasks, the sooner it is learned, on average "
              + ", ".join(f"{m:.1f} tasks at threshold {t}" for t, m in means.items())
              + f" (the chart stops at {last} tasks: more are rarer than 1 in 200).")

# %% [markdown]
# ## Lots
#
# You hold at most **10 Lots**. You earn one back in a task by buying "...my
# true intentions are now revealed...", or at the debrief. Lots that would
# take you past 10 become exp on jobs of your choice: hold 9, earn 3, and
# you hold {{ advancement.bank_lots(9, 3)[0] }} with {{ advancement.bank_lots(9, 3)[1] }} exp to mark. (The rule text's
# "excess" over 10 Lots can be read two ways; this rulebook reads it this
# way. The other reading turns into exp only the Lots beyond the tenth
# earned in one session.)
#
# ## The debrief
#
# At the end of each session, take ten minutes, in turn round the table:
#
# 1. **Principles.** Name a moment your character upheld one of their
#    principles, best of all at a cost. If your Peers agree, you earn
#    **Ego** (if you do not have it already).
# 2. **Lots.** Your Peers name a moment you played your character well, or
#    played into one of your features: you earn **a Lot**.
# 3. **Your sheet.** Write down new insights and wounds, tick the exp you
#    earned and raise any job that reached its mark.
# 4. **Next time.** Say what you enjoyed and what you hope for; the FC
#    takes notes for the next session.
#
# [Chapter 6](06-an-example-of-play.ipynb) ends with the crew's debrief.
#
# ## The roller
#
# The roller below holds Ada's first medic task.

# %%
vw.TaskRoller(dice=3, learning=True)

# %% [markdown]
# ## Recap
#
# * Exp: a failed task, a lesson bought, a lent die, every task while
#   learning.
# * A job rises a level when its exp reach twice its level; the rest stay.
# * Learning: level 0, your score in dice, one factor; learned at 16 exp.
# * At most 10 Lots; Lots past 10 become exp.
# * The debrief: Ego for a principle upheld, a Lot for playing well.
#
# ## Exercises
#
# 1. A Silver character learns a new job with an ability score of 4 (so 4
#    Silver dice, no other factor), playing to win. How many tasks does it
#    take on average?
# 2. A job at level 2 has 9 exp marked. What level is it now, and how much
#    exp is left over?
# 3. You hold 9 Lots and earn 3 more this session. What do you end with?

# %% [build]
silver = advancement.tasks_to_learn({"roll": "task", "caliber": "silver", "dice": 4, "learning": True})
mean = sum(n * p for n, p in silver.items())
level, left = advancement.level_after(2, 9)
lots, extra = advancement.bank_lots(9, 3)

# %% [markdown]
# <details><summary>Answers</summary>
#
# 1. **{{ mean:.1f }} tasks** on average.
# 2. Level 2 needs 2 × 2 = 4 exp to reach level 3, which leaves 5; level 4 would need 2 × 3 = 6:
#    level **{{ level }}**, with **{{ left }} exp** left over.
# 3. **{{ lots }} Lots** (the most you can hold) and **{{ extra }} exp** to put on jobs of your choice.
#
# </details>

# %% [markdown]
# ---
# **Previous:** [Chapter 4: Help](04-help.ipynb) ·
# **Next:** [Chapter 6: An example of play](06-an-example-of-play.ipynb) ·
# [Glossary](../docs/glossary.md) · [Index](../docs/index.md) · cheat sheet: [playtest](../docs/cheatsheet_playtest.md)
