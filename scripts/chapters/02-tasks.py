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
# **pool of d6**, count **successes**, and then **spend** them on what you
# want out of the scene. Even a failed task teaches you something.

# %% [build]
import matplotlib.pyplot as plt

from venus_widgets.tutorial import chance_or_never as pct

setup_plots()


# %% [markdown]
# ## 1. The pool
#
# Pick the **job** that fits what you are doing and that "inherits" the
# ability the FC named. You roll **as many d6 as the job's level**. (No
# fitting job? Then you are *learning on the job*: chapter 5.)
#
# Each die succeeds on its own, by the **caliber** of the ability behind it:
#
# | caliber | a die succeeds on | chance per die |
# |---|---|---|
# | Bronze | 5 or 6 | 1 in 3 |
# | Silver | 4, 5 or 6 | 1 in 2 |
# | Gold | 3 to 6 | 2 in 3 |
# | Platinum | 2 to 6 | 5 in 6 |
#
# ## 2. The threshold
#
# The **threshold** starts at **1**. The FC then names up to **four
# factors** that work against you (hazards, an opponent bigger or better than
# you, someone hindering you, using a job that is not quite right...), each
# **+1**. So a threshold runs from 1 to 5. The threshold is the *price of
# success*: how many successes it costs to get what you set out to do.
#
# ### Worked example
#
# Bruno the mechanic (job level **3**, inheriting his **Bronze** Finesse)
# wants to fix the airship's motor **during a storm** (one factor):
# threshold **2**.

# %% [build]
bruno = task_of("Bruno", "mechanic", "Finesse", factors=1)
o = vw.odds(bruno)
assert 0.25 < o.p_pass < 0.3  # "a little over a quarter" below

# %% [markdown]
# {{ table(["successes", "chance"], [[f"exactly {k}", vw.percent(p, 1)] for k, p in o.distribution.items()]) }}
#
# With 3 Bronze dice he gets {{ o.threshold }} or more successes
# {{ vw.percent(o.p_pass, 1) }} of the time, a little over a quarter. On
# average he rolls {{ f"{o.mean:.0f}" if o.mean == round(o.mean) else f"{o.mean:.1f}" }} success,
# but a single roll often lands one away from the average, and sometimes
# more: that spread is what makes a task exciting. Here is Bruno's task in a live roller. Try adding dice until
# P(pass) beats one half, or keep three dice and raise the caliber; then
# move the factors and watch the threshold and the chart's marker move.

# %%
vw.TaskRoller(caliber="bronze", dice=3, factors=1)

# %% [markdown]
# The bar chart shows the same for every caliber: the same three dice in
# better hands.

# %% [build]
fig, axes = plt.subplots(1, 4, figsize=(9.0, 2.8), sharey=True)
for ax, cal in zip(axes, CALIBERS):
    o = vw.odds({**bruno, "caliber": cal})
    ks = list(range(4))
    ps = [o.distribution.get(k, 0.0) for k in ks]
    ax.bar(ks, ps, color=[PASS if k >= o.threshold else "none" for k in ks],
           edgecolor=[PASS if k >= o.threshold else FAIL for k in ks], linewidth=2)
    ax.set_title(f"{cal.title()}: P(pass) {vw.percent(o.p_pass)}")
    ax.set_xticks(ks)
    ax.set_xlabel("successes")
axes[0].set_ylabel("probability")
fig.suptitle("3 dice, threshold 2 (filled bars pass, outlined bars fail, as on the rollers)")
fig.tight_layout()
passes = [vw.odds({**bruno, "caliber": cal}).p_pass for cal in CALIBERS]
show(fig, alt="Four bar charts, one per caliber, of how many successes 3 dice give at threshold 2: P(pass) is "
              + ", ".join(f"{p:.0%} for {cal.title()}" for p, cal in zip(passes, CALIBERS)) + ".")

# %% [markdown]
# How many dice does it take? Each line is one caliber; each panel one
# threshold.

# %% [build]
fig, axes = plt.subplots(1, 3, figsize=(9.0, 3.0), sharey=True)
for ax, factors in zip(axes, [0, 1, 3]):
    for cal in CALIBERS:
        ps = [vw.odds({"roll": "task", "caliber": cal, "dice": n, "factors": factors}).p_pass for n in range(1, 9)]
        ax.plot(range(1, 9), ps, marker=MARKERS[cal], ms=4, color=COLOURS[cal], label=cal.title())
    ax.set_title(f"threshold {1 + factors}")
    ax.set_xlabel("dice in the pool")
    ax.grid(alpha=0.3)
axes[0].set_ylabel("P(pass)")
axes[0].legend(fontsize=8)
fig.tight_layout()
needed = {cal: next(n for n in range(1, 9) if vw.odds({"roll": "task", "caliber": cal, "dice": n, "factors": 1}).p_pass >= 0.5)
          for cal in CALIBERS}
show(fig, alt="Three panels, thresholds 1, 2 and 4, of P(pass) against 1 to 8 dice, one line per caliber: more dice "
              "and a higher caliber both raise the odds; at threshold 2 an even chance takes "
              + ", ".join(f"{needed[cal]} dice at {cal.title()}" for cal in CALIBERS) + ".")

# %% [markdown]
# ## 3. Spending successes: buying consequences
#
# After the roll (and any KISSing, chapter 3) you **spend** your successes:
#
# 1. The **primary consequence**, what you set out to do, costs the
#    threshold. If you cannot or do not buy it, the task **fails**.
# 2. Four **secondary consequences** cost **1** each. Each one keeps
#    something bad from happening along the way:
#    * "I am not abashed or injured..."
#    * "My actions were performed with grace or efficiency..."
#    * "No one I care for is compromised, disturbed, or jeopardized..."
#    * "Nothing else is unintentionally lost or destroyed..."
# 3. Four **tertiary consequences** cost **1** each too, but each must hang
#    on another bought consequence (or, on a failure, on the failure itself as
#    a silver lining): an extra prize, *learning something new* (+1 exp), your
#    true intentions revealed (a Lot back), or a welcome surprise.
#
# Finally the FC may turn one secondary consequence you did *not* buy
# against you: the injury, the embarrassment, the broken tool. So getting
# away with a task completely clean takes the primary plus all four
# secondaries.
#
# The engine answers "what are my chances of buying the primary and *k*
# more?": that **goal** is the threshold + *k* successes (its chance,
# written **P(goal)**, is never more than P(pass)).

# %% [build]
rows = []
for dice in [3, 6]:
    for cal in CALIBERS:
        row = [f"{dice} {cal.title()} dice"]
        for extra in range(0, 5):
            row.append(pct(vw.odds({**bruno, 'dice': dice, 'caliber': cal, 'consequences': extra}).p_goal))
        rows.append(row)
emit(table(["threshold 2"] + ["primary only"] + [f"primary + {k}" for k in range(1, 5)], rows))
never_from = min(2 + k for k in range(5) if vw.odds({**bruno, "consequences": k}).p_goal == 0)

# %% [markdown]
# "Never" means impossible: three dice cannot make {{ never_from }} or more
# successes (without Ego, chapter 3).
#
# ### Worked example: spending
#
# Clara, the engineer (**6 dice**, her Silver Finesse), repairs the same motor in the
# same storm (threshold 2). Before rolling she decides what matters most
# to her after the primary: that nobody she cares for gets hurt, then that
# she is not injured herself, then a clean job. Her seeded roll:

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
#          [[r.details["threshold"], "the primary consequence: the motor runs again"]]
#          + [[1, f'"{w}"'] for w in wishes[:r.outcome - r.details["threshold"]]]) }}
#
# Four successes: two buy the primary, the other two buy her first two
# wishes. The grace of the job was not bought, so the FC may turn it
# against her: the repair works, but it took all night, or it looks awful.
#
# Getting away scot-free (the primary and all four secondaries) takes the
# threshold + 4 successes. Three dice can never do it without Ego (whose
# doubled 6s, chapter 3, can), and even six Platinum dice manage it only
# about one time in three. Compromise is the normal result of a task: that
# is the design.

# %% [markdown]
# ## 4. Failing forward
#
# A failed task is not a dead end. The consequences land, but you mark
# **1 exp** on the job you used, since there is always something to learn
# from a mistake. Each ally who helped marks 1 exp on their own job whatever
# the outcome (chapter 4). Exp is how jobs level up (chapter 5).
#
# For Bruno, the chance of the exp is simply the chance of failing; with
# the same three dice in better hands it would come less often:
#
# {{ table(["3 dice at threshold 2", "the task fails: +1 exp"],
#          [[cal.title(), vw.percent(vw.odds({**bruno, "caliber": cal}).p_fail, 1)] for cal in CALIBERS]) }}

# %% [markdown]
# ## 5. A task at the table
#
# A seeded roll of Bruno's task: every die, its face, and whether it
# scored.

# %% [build]
r = vw.roll(bruno, seed=11)
assert r.outcome == 1 and not r.passed and sorted(d.after for d in r.dice)[:2] == [1, 1]  # told below
show(dice_figure([("Bruno's roll", [(d.after, d.scores, "") for d in r.dice])],
                 "Bruno's three Bronze dice (5 and 6 succeed)"),
     alt=f"Bruno's three dice show {', '.join(str(d.after) for d in r.dice)}: one success, marked with a tick.")

# %% [markdown]
# One success against a threshold of 2: the task fails, and the storm wins
# this round. But the failure is not empty. Bruno marks **1 exp** on his
# mechanic job, and he may spend his one success on a tertiary consequence
# hung on the failure as a silver lining, for example "...but I learned
# something new" for **another exp**. (Before that, chapter 3's KISSes
# could have re-rolled the two 1s.)

# %% [markdown]
# ## Try it
#
# Clara's task, live. Tick the consequences you want to buy on top of the
# primary and watch P(goal) fall with each one; roll, then spend the
# successes by ticking what you buy. The roller enforces the prices (the
# threshold for the primary, 1 for each other) and offers the FC the
# secondary consequences you did not buy.

# %%
vw.TaskRoller(caliber="silver", dice=6, factors=1)

# %% [markdown]
# ## Recap
#
# * Roll one d6 per level of a job that inherits the FC's ability; each
#   die succeeds by the ability's caliber (Bronze 5-6 ... Platinum 2-6).
# * Threshold = 1 + the FC's factors (at most four): the price of success.
# * Spend: the primary consequence costs the threshold; each secondary and
#   tertiary one costs 1. The FC may turn one unbought secondary against you.
# * A failed task still pays: +1 exp to the job, and any success can buy a
#   silver lining.
#
# ## Exercises
#
# 1. A Silver character faces a task at **threshold 3**. How many dice does
#    the job need before the task passes more often than not?
# 2. Clara (6 Silver dice, threshold 2) wants to get away scot-free: the
#    primary and all four secondary consequences. What are her chances?

# %% [build]
need = next(n for n in range(1, 13)
            if vw.odds({"roll": "task", "caliber": "silver", "dice": n, "factors": 2}).p_pass > 0.5)
below = vw.odds({"roll": "task", "caliber": "silver", "dice": need - 1, "factors": 2}).p_pass
at_need = vw.odds({"roll": "task", "caliber": "silver", "dice": need, "factors": 2}).p_pass
scot_free = vw.odds({**clara, "consequences": 4})

# %% [markdown]
# <details><summary>Answers</summary>
#
# 1. **{{ need }} dice**: {{ need - 1 }} dice pass only {{ vw.percent(below, 1) }} of the time;
#    {{ need }} dice pass {{ vw.percent(at_need, 1) }}.
# 2. Her goal is 2 + 4 = {{ scot_free.goal }} successes out of 6 dice: **{{ vw.percent(scot_free.p_goal, 1) }}**.
#    Compromise is the usual result.
#
# </details>

# %% [markdown]
# ---
# **Previous:** [Chapter 1: Checks](01-checks.ipynb) ·
# **Next:** [Chapter 3: KISS and Ego](03-kiss-and-ego.ipynb) ·
# [Glossary](../docs/glossary.md) · [Index](../docs/index.md) · cheat sheet: [playtest](../docs/cheatsheet_playtest.md)
