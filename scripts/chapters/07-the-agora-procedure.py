# Source of notebooks/07-the-agora-procedure.ipynb (built by scripts/make_notebooks.py).

# %% [markdown]
# # Chapter 7: The agora procedure
#
# New words are explained in the [glossary](../docs/glossary.md).

# %% [markdown notebook-only]
# > **Run All to bring the rollers alive**: choose *Run → Run All Cells*.
# > Until you do, each roller on this page shows a still picture of its odds
# > (a chart and a table that do not move).

# %% [markdown]
# *Edition: the Venus Engine d6 rank-pool quick-play procedure ("agora").*
#
# Chapters 0 to 6 taught the 1st Playtest Rules. This chapter teaches
# another draft of the Venus Engine, the **agora procedure**, which keeps
# the d6 pools but changes what the numbers mean: an ability's **rank** is
# the face a die must reach, so **a lower rank is better**; difficulty
# takes dice away instead of raising a threshold; and anyone may help, but
# all the help **merges** into one die. Read it when your table plays this
# draft, or to compare (chapter 8 puts all the drafts side by side).

# %% [build]
import matplotlib.pyplot as plt
from matplotlib.ticker import PercentFormatter

setup_plots()

# %% [markdown]
# ## 1. The agora procedure in brief
#
# What you need to know first (its one-page summary:
# [the agora cheat sheet](../docs/cheatsheet_agora.md)):
#
# * **Every die is a d6**, and an ability has a **rank** from 2 to 6
#   instead of a caliber. A die **succeeds when its face is at least the
#   rank**: lower is better. Rank 4 succeeds on 4, 5 or 6.
# * **Health dice**: everyone has some, usually **two** (three at best,
#   fewer when wounded). A **check** rolls only your Health dice.
# * A **task** rolls the **main pool**: your Health dice + your job's dice
#   + any asset dice. Each **difficulty factor removes one die** from it.
# * The FC names up to four **consequences** that threaten the task. Each
#   success you spend **subverts** (turns aside) one of them; the task
#   fully passes when all are subverted. Otherwise the job earns 1 exp.
# * The difficulty is **standard** (a check needs one success; a task one
#   success per consequence) or **challenging** (twice as many).
# * After the roll you may KISS any dice you like (once each); then Ego
#   makes every 6 count twice. Two 1s or more are **snake eyes**: a twist,
#   a failure with a boon or a success with a bane.

# %% [build]
first = {"edition": "agora", "rank": 4, "health": 2}

# %% [markdown]
# For example, a rank-4 character with the usual 2 Health dice passes a
# standard check {{ vw.percent(vw.odds({**first, 'roll': 'check'}).p_pass) }} of the time and a
# challenging one {{ vw.percent(vw.odds({**first, 'roll': 'check', 'difficulty': 'challenging'}).p_pass) }};
# a task with 1 job die and one consequence passes
# {{ vw.percent(vw.odds({**first, 'roll': 'task', 'job': 1, 'consequences': 1}).p_pass, 1) }}, with two
# consequences {{ vw.percent(vw.odds({**first, 'roll': 'task', 'job': 1, 'consequences': 2}).p_pass, 1) }}.
# Unlike the playtest rules, the agora text lets you KISS on a check too:
# one KISS takes that standard check to
# {{ vw.percent(vw.odds({**first, 'roll': 'check', 'kiss': 1}).p_pass, 1) }}.
#
# ### Snake eyes
#
# After the KISSes, look at every die rolled. **Two 1s or more** are
# **snake eyes**, a twist on the result: a failure becomes a *failure with
# a boon*, a success a *success with a bane*. It is common: for a rank-4
# task of 5 dice against two consequences, snake eyes come up
# {{ vw.percent(vw.odds({**first, 'roll': 'task', 'job': 3, 'consequences': 2}).p_critical) }} of the time.
#
# ## 2. Help: one helping die
#
# In the agora procedure help works like this:
#
# * Any character may offer help before the dice are rolled, if they have a
#   relevant job, are free to, and play it out.
# * The help is **one extra die**, rolled separately, succeeding by **the
#   helper's rank**.
# * Difficulty factors take dice out of your main pool, **never** the
#   helping die.
# * A helper can KISS the helping die without using up your KISSes.
#
# However many people help, **only one helping die is rolled**. Their help
# is **merged**: **two helpers of the same rank become one die of
# the next better rank** (one lower). Repeat until one die is left. Two
# rank-2 helpers make rank 1, which is an automatic success, no roll
# needed.
#
# ### The merge examples, computed
#
# Every example in the agora text, worked by the rollers:

# %% [build]
examples = [[5, 5], [4, 4], [3, 3], [2, 2], [6, 6, 5], [5, 5, 4], [4, 4, 4, 4], [3, 3, 2], [5, 5, 5, 5],
            [5, 5, 4, 3], [4, 4, 3, 3, 3]]


def pairing(helpers):
    """How the helpers pair up, in words: the two worst equal ranks first, until one die is left."""
    left, steps = sorted(helpers), []
    while len(left) > 1:
        r = max(x for x in left if left.count(x) >= 2)
        left.remove(r), left.remove(r)
        left = sorted(left + [r - 1])
        steps.append(f"two {r}s make a {r - 1}")
    return "; ".join(steps), left[0]


rows = []
for helpers in examples:
    words, rank = pairing(helpers)
    assert rank == vw.merge(helpers)  # the words tell the engine's merge
    meaning = "automatic success" if rank == 1 else f"succeeds on {rank}-6 ({vw.percent((7 - rank) / 6)})"
    rows.append([", ".join(map(str, helpers)), words, f"**{rank}**", meaning])
emit(table(["helpers' ranks", "how they pair up", "helping die's rank", "which means"], rows))

# %% [markdown]
# ### Help that cannot merge
#
# Helpers pair up only with equal ranks. A rank-5 and a rank-4 helper cannot
# make one die: you must pick whose help to accept. The roller refuses the
# impossible offer and proposes the accepted group that gives the best die:

# %% [build]
rows = []
for helpers in ([5, 4], [5, 5, 4, 6], [6, 6, 6]):
    try:
        vw.merge(helpers)
    except vw.MergeError as err:
        rows.append([", ".join(map(str, helpers)), ", ".join(map(str, err.best)), vw.merge(list(err.best))])
emit(table(["helpers offered", "accept", "helping die's rank"], rows))

# %% [markdown]
# ### What help is worth
#
# A task with the usual 2 Health dice and 1 job die at rank 4 (each die
# 50 %), one consequence, against 0 to 3 difficulty factors. The factors
# strip the main pool but leave the helping die alone, so help matters
# most on hard tasks.

# %% [build]
task = {"edition": "agora", "roll": "task", "rank": 4, "health": 2, "job": 1, "consequences": 1}
fig, ax = plt.subplots()
for (helpers, label), colour, marker in zip(
        [([], "no help"), ([5], "one rank-5 helper"), ([5, 5], "two rank-5 helpers (merge to 4)"),
         ([4, 4, 4, 4], "four rank-4 helpers (merge to 2)")],
        ["#D55E00", "#E69F00", "#009E73", "#0072B2"], "o^sD"):
    ps = [vw.odds({**task, "factors": f, "helpers": helpers}).p_pass for f in range(4)]
    ax.plot(range(4), ps, marker=marker, color=colour, label=label)
ax.set_xlabel("difficulty factors\n(dice removed from the main pool)")
ax.set_ylabel("chance to pass")
ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
ax.set_xticks(range(4))
ax.set_ylim(0, 1.02)
ax.grid(alpha=0.3)
ax.legend(fontsize=8)
ax.set_title("agora task, rank 4, 3 main dice, 1 consequence")
alone, helped = ([vw.odds({**task, "factors": f, "helpers": h}).p_pass for f in range(4)] for h in ([], [5]))
show(fig, alt="Lines of the chance to pass against 0 to 3 difficulty factors for an agora rank-4 task with no help and with "
              "one to four helpers: without help it falls " + ", ".join(f"{p:.0%}" for p in alone)
              + "; one rank-5 helper holds it at " + ", ".join(f"{p:.0%}" for p in helped) + ".")

# %% [markdown]
# ### KISSing the helping die
#
# Any helper who took part in the merge may KISS the helping die, and that
# re-roll does not come out of the roller's own KISSes. The
# die can still only be KISSed once. With three factors the main pool is
# gone, so everything rides on the help. With two consequences a single
# die cannot subvert both, unless Ego makes a 6 count twice:

# %% [build]
hard = {**task, "factors": 3, "helpers": [5, 5]}
emit(table(["three factors, two rank-5 helpers", "chance to pass"],
           [[label, vw.percent(vw.odds({**hard, **extra}).p_pass, 1)] for label, extra in [
               ("1 consequence, no KISS", {}),
               ("1 consequence, the helper KISSes", {"helper_kiss": True}),
               ("2 consequences, the helper KISSes", {"consequences": 2, "helper_kiss": True}),
               ("2 consequences, KISS and Ego", {"consequences": 2, "helper_kiss": True, "ego": True})]]))

# %% [markdown]
# Those odds follow the rollers' usual policy: KISS only a die that failed.
# The agora text lets you KISS *any* dice you like, and with Ego a 4 or 5
# on the helping die may disappoint you, since only a 6 counts twice.
# KISSing it anyway trades a sure single success for a one-in-six shot at
# two:

# %% [build]
two = {**hard, "consequences": 2, "ego": True}
six = vw.odds(two).p_pass  # no KISS: only a 6 on the helping die passes (Ego makes it two successes)
usual = vw.odds({**two, "helper_kiss": True}).p_pass
any_die = six + (1 - six) * six  # a 6 at once, or KISS whatever else shows and hope for a 6

# %% [markdown]
# KISS only a failed die: **{{ vw.percent(usual, 1) }}**. KISS a 4 or 5 too:
# **{{ vw.percent(any_die, 1) }}**. The rollers' odds use the first way; at
# the table, the second is allowed and better here.

# %% [markdown]
# Help also counts on **checks**: a check rolls only your Health dice, and
# one merged helping die joins them.
#
# {{ table(["rank-5 check, 2 Health dice", "chance to pass"],
#          [[", ".join(map(str, h)) + " helping" if h else "no help",
#            vw.percent(vw.odds({"edition": "agora", "roll": "check", "rank": 5, "health": 2, "helpers": h}).p_pass, 1)]
#           for h in ([], [5], [5, 5], [4, 4])]) }}

# %% [markdown]
# A seeded agora roll: rank 4, 2 Health dice and 1 job die, one factor
# (so one die fewer), and two rank-5 helpers merged into one rank-4 helping
# die:

# %% [build]
r = vw.roll({**task, "factors": 1, "helpers": [5, 5]}, seed=8)
show(dice_figure([("main pool", [(d.after, d.scores, "") for d in r.dice if d.owner != "helper"]),
                  ("helping die", [(d.after, d.scores, f"rank {d.grade}") for d in r.dice if d.owner == "helper"])],
                 "An agora task at rank 4: a die succeeds on 4, 5 or 6"),
     alt=f"The main pool shows {', '.join(str(d.after) for d in r.dice if d.owner != 'helper')} and the helping die "
         f"{', '.join(str(d.after) for d in r.dice if d.owner == 'helper')}: {r.outcome} success, which subverts "
         f"the one consequence.")

# %% [build]
tried = {**task, "factors": 1, "helpers": [5, 5]}
tried_p, tried_alone, tried_two = (vw.odds(s).p_pass for s in (tried, {**tried, "helpers": []},
                                                                {**tried, "factors": 2}))

# %% [markdown]
# ## Try it
#
# The roller below holds an agora task with two rank-5 helpers, merged
# into one rank-4 helping die. With one difficulty factor it passes
# {{ vw.percent(tried_p) }} of the time, against {{ vw.percent(tried_alone) }}
# without the helpers; a second factor takes another main die away but
# leaves the helping die: {{ vw.percent(tried_two) }}. Played live, add
# helpers and the merged die's rank changes; offer a rank-5 and a rank-4
# helper together and the roller refuses the merge, naming the best group
# to accept; let the helper KISS the helping die, and type the
# consequences the FC set.

# %%
vw.TaskRoller(edition="agora", rank=4, health=2, job=1, factors=1, helpers=[5, 5])

# %% [markdown]
# ## Recap
#
# * A die succeeds when its face is at least the rank (2 to 6): lower is
#   better. A check rolls your Health dice; a task your Health + job + asset
#   dice, one fewer per difficulty factor.
# * Each success subverts one consequence (two when challenging); the task
#   passes fully when all are subverted, and otherwise the job earns 1 exp.
# * KISS any dice once each, on checks too; then Ego doubles the 6s. Two 1s
#   or more are snake eyes: a twist on either result.
# * All help merges into one helping die: two helpers of a rank make one
#   die a rank better; the FC's factors never remove it.
#
# ## Exercises
#
# 1. In the agora procedure, four rank-5 helpers offer help. What helping
#    die do they make, and how often does it succeed?
# 2. A rank-4 character with 2 Health dice and 1 job die faces three
#    difficulty factors and one consequence. How likely is the task to pass
#    alone, and with one rank-5 helper?

# %% [build]
rank = vw.merge([5, 5, 5, 5])
alone3, helped3 = (vw.odds({**task, "factors": 3, "helpers": h}).p_pass for h in ([], [5]))

# %% [markdown]
# <details><summary>Answers</summary>
#
# 1. The four 5s pair up into two 4s, and the two 4s into one **rank {{ rank }}** die: it succeeds on {{ rank }}-6,
#    {{ vw.percent((7 - rank) / 6) }} of the time.
# 2. Alone **{{ vw.percent(alone3) }}**: three factors remove all three main dice, and with no dice
#    and no help a task fails. With the helper **{{ vw.percent(helped3, 1) }}**: the helping die is never
#    removed.
#
# </details>

# %% [markdown]
# ---
# **Previous:** [Chapter 6: An example of play](06-an-example-of-play.ipynb) ·
# **Next:** [Chapter 8: Editions compared](08-editions-compared.ipynb) ·
# [Glossary](../docs/glossary.md) · [Index](../docs/index.md) ·
# cheat sheet: [agora](../docs/cheatsheet_agora.md)
