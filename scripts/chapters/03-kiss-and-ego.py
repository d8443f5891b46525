# Source of notebooks/03-kiss-and-ego.ipynb (built by scripts/make_notebooks.py).

# %% [markdown]
# # Chapter 3: KISS and Ego
#
# New words are explained in the [glossary](../docs/glossary.md).

# %% [markdown notebook-only]
# > **Run All to bring the rollers alive**: choose *Run → Run All Cells*.
# > Until you do, each roller on this page shows a still picture of its odds
# > (a chart and a table that do not move).

# %% [markdown]
# *Edition: the 1st Playtest Rules (v0.2), the default.*
#
# Dice that let you down in a task can be **KISSed**: picked up and rolled
# again. KISSing happens only in a task: a check has bonus factors instead
# ([chapter 1](01-checks.ipynb)), where a Lot you spend buys a bonus d6, not a
# re-roll. **KISS** names the four things that pay for a re-roll: **K**ismet,
# **I**nsight, **S**tunts and **S**pecialties. **Ego** is one bigger push,
# spent once: in the KISS round, to re-roll every die that let you down, or
# after it, to make each 6 count twice.

# %% [build]
import matplotlib.pyplot as plt
from matplotlib.ticker import PercentFormatter

from venus_widgets.tutorial import chance_or_never as pct

setup_plots()
base = task_of("Bruno", "mechanic", "Finesse", factors=1)
motor = vw.roll({**base, "kiss": 2, "ego": "double6", "consequences": 1}, seed=8)  # chapter 0's roll
kissed = [d for d in motor.dice if d.kissed]

# %% [markdown]
# ## Where KISSes come from
#
# Each of these pays for re-rolling **one die**:
#
# * **Kismet: a Lot.** Spend one, no questions asked. You hold at most 10,
#   and earn them back by revealing your true intentions (a tertiary
#   consequence) or at the debrief at the end of a session.
# * **An insight.** A fact on your sheet, or found in play, that bears on
#   the task: Bruno knows the motor stalls when its fuel line ices up. A
#   check can set one up ([chapter 6](06-an-example-of-play.ipynb)). Your
#   Peers approve each one.
# * **A stunt.** Describe what you do with flair, raising the stakes while
#   leaving room to fail. No approval needed (the FC may veto the
#   far-fetched), but **one per task**. Each friend who lends you a die may
#   perform a stunt too, to re-roll *their own* die.
# * **A specialty.** An attribute from your sheet that fits: Ada's knots on
#   a rope, Bruno's strength on a jammed winch. Your Peers approve each one;
#   **up to four** in a task.
#
# Say them before you roll: a Lot, an insight and a stunt make three
# re-rolls, your **KISS budget**.
#
# ## The limits
#
# * **Each die at most once** in a task.
# * **One round**: choose every die you will KISS, then pick them up
#   together.
# * **The new face stands**, even if it is worse. You may KISS any die that
#   disappoints you, even a success: a 5, hoping for a 6 for Ego to double.
# * A die a friend lent you is KISSed only with their agreement.
#
# ## Ego
#
# **Ego** is something you have or you do not. You earn it by setting a
# scene, or at the debrief by upholding one of your principles. Spend it
# in one of two ways:
#
# * **re-roll everything**: in the KISS round, KISS *every* die that
#   disappointed you, with no budget and no questions asked;
# * **double 6s**: after the KISS round, every **6** showing counts as
#   **two** successes, KISSed dice included.
#
# ## Bruno's motor, KISSed
#
# In [chapter 0](00-a-roll-from-start-to-finish.ipynb) Bruno's insight and
# stunt re-rolled his two {{ kissed[0].before }}s: one became a {{ kissed[0].after }}, the other a {{ kissed[1].after }},
# {{ motor.details["successes_after_kiss"] }} successes. Ego on the 6 made
# {{ motor.outcome }}, his goal.
#
# Which way to spend Ego? Before he rolled, for his three Bronze dice and
# two re-rolls:
#
# {{ table(["Bruno's Ego", f"pass ({motor.details['threshold']} successes)", f"goal ({motor.details['goal']} successes)"],
#          [[words, vw.percent(vw.odds({**base, 'kiss': 2, 'ego': ego, 'consequences': 1}).p_pass),
#            vw.percent(vw.odds({**base, 'kiss': 2, 'ego': ego, 'consequences': 1}).p_goal)]
#           for words, ego in [("kept", "none"), ("re-roll everything", "reroll"), ("double 6s", "double6")]]) }}
#
# *Double 6s* is stronger than it looks: only doubled 6s reach totals the
# dice alone cannot. *Re-roll everything* pays when many dice failed and
# few re-rolls are left.
#
# How many re-rolls are worth gathering? Each helps less than the one
# before, and past the number of dice they do nothing:

# %% [build]
budgets = range(0, 6)
fig, ax = plt.subplots()
for cal, colour, marker in [("bronze", "#b0702a", "o"), ("silver", "#8c96a0", "s"), ("gold", "#d4a017", "^")]:
    ps = [vw.odds({**base, "caliber": cal, "kiss": k}).p_pass for k in budgets]
    ax.plot(list(budgets), ps, marker=marker, color=colour, label=f"3 {cal.title()} dice")
ax.set_xlabel("re-rolls ready (KISS budget)")
ax.set_xticks(list(budgets))
ax.set_ylabel("chance to pass")
ax.yaxis.set_major_formatter(PercentFormatter(1.0))
ax.set_ylim(0, 1)
ax.grid(alpha=0.3)
ax.legend()
ax.set_title("Threshold 2: each KISS adds less than the one before; past 3, nothing")
bronze = [vw.odds({**base, "kiss": k}).p_pass for k in budgets]
show(fig, alt="Lines of the chance to pass at threshold 2 against a KISS budget of 0 to 5 for 3 Bronze, Silver "
              "or Gold dice: each KISS adds less than the one before, and past 3 the lines stay flat.")

# %% [markdown]
# ## The roller
#
# The roller below holds Bruno's motor task with his insight, stunt and Ego.

# %%
vw.TaskRoller(caliber="bronze", dice=3, factors=1, insights=1, stunt=1, ego="double6", consequences=1)

# %% [markdown]
# ## Recap
#
# * A KISS re-rolls one die in a task, paid by a Lot, an insight, a stunt
#   (one a task) or a specialty (up to four).
# * Each die once, all in one round; the new face stands.
# * Ego: re-roll every disappointing die, or make every 6 count twice.
#
# ## Exercises
#
# 1. Bruno (3 Bronze dice, threshold 2): how much does his **first** KISS
#    add to his chance to pass, and how much the **fourth**?
# 2. With one KISS, which way of spending Ego gives Bruno the better chance
#    of **threshold + 2** successes?

# %% [build]
ps = [vw.odds({**base, "kiss": k}).p_pass for k in range(5)]
modes = {e: vw.odds({**base, "kiss": 1, "ego": e, "consequences": 2}).p_goal for e in ("reroll", "double6")}
better = max(modes, key=modes.get)

# %% [markdown]
# <details><summary>Answers</summary>
#
# 1. From {{ vw.percent(ps[0]) }} to {{ vw.percent(ps[1]) }} for the first; the fourth adds
#    **{{ "nothing" if ps[4] == ps[3] else vw.percent(ps[4] - ps[3]) }}**: three dice fail at most three times.
# 2. *Re-roll everything* {{ pct(modes["reroll"]) }}, *double 6s* {{ pct(modes["double6"]) }}:
#    **{{ "double 6s" if better == "double6" else "re-roll everything" }}**. Three Bronze dice make four
#    successes only when 6s count twice.
#
# </details>

# %% [markdown]
# ---
# **Previous:** [Chapter 2: Tasks](02-tasks.ipynb) ·
# **Next:** [Chapter 4: Help](04-help.ipynb) ·
# [Glossary](../docs/glossary.md) · [Index](../docs/index.md) · cheat sheet: [playtest](../docs/cheatsheet_playtest.md)
