# Source of notebooks/04-help.ipynb (built by scripts/make_notebooks.py).

# %% [markdown]
# # Chapter 4: Help
#
# > **Run All to bring the rollers alive**: choose *Run → Run All Cells*.
# > Until you do, each roller on this page shows a still picture of its
# > odds (a chart and a table that do not move). New
# > words are explained in the [glossary](../docs/glossary.md).
#
# *Editions: the 1st Playtest Rules (allies' dice) and the agora procedure
# (helpers merging into one die).*
#
# Nobody has to roll alone. The two editions treat help differently: the
# playtest rules let up to two allies each hand you a die, while the agora
# procedure lets anyone help but **merges** all the help into one single
# die. Both tie the helpers to the consequences of your roll.

# %%
import matplotlib.pyplot as plt
from IPython.display import Markdown, display

import venus_widgets as vw
from venus_widgets.tutorial import setup_plots, show, table

setup_plots()


# %% [markdown]
# ## 1. Allies in a playtest task
#
# * Up to **two allies** may each hand you **one die**, if they have a
#   fitting job. You decide whether to accept: their help ties them to what
#   happens.
# * An ally's die succeeds by **the ally's own caliber**, not yours. A Gold
#   friend's die succeeds on 3-6 even when your Bronze dice need 5-6. Roll
#   them in different colours so that everyone sees whose die did what.
# * Each ally marks **1 exp** on the job they helped with, pass or fail.
# * Nobody can help with a job they are still learning (level 0), but
#   someone who is learning on the job may still be helped.
#
# Bruno (3 Bronze dice) faces a threshold-3 task. Who should he ask?

# %%
bruno = {"roll": "task", "caliber": "bronze", "dice": 3, "factors": 2}
offers = [[], ["bronze"], ["silver"], ["gold"], ["platinum"], ["gold", "gold"], ["platinum", "platinum"]]
rows = []
for allies in offers:
    o = vw.odds({**bruno, "allies": allies})
    rows.append([" + ".join(a.title() for a in allies) or "nobody", vw.percent(o.p_pass, 1), f"{o.mean:.2f}"])
table(["allies", "P(pass), threshold 3", "average successes"], rows)

# %% [markdown]
# A third ally is against the rules, and the engine says so:

# %%
try:
    vw.odds({**bruno, "allies": ["gold", "gold", "gold"]})
except vw.SpecError as err:
    print(err)

# %% [markdown]
# When is help worth the most? The plot shows P(pass) against the threshold
# for Bruno alone, with one Gold ally, and with two.

# %%
fig, ax = plt.subplots()
for allies, colour, marker in [([], "#D55E00", "o"), (["gold"], "#E69F00", "^"), (["gold", "gold"], "#0072B2", "s")]:
    ps = [vw.odds({**bruno, "factors": f, "allies": allies}).p_pass for f in range(5)]
    label = "alone" if not allies else f"+ {len(allies)} Gold " + ("ally" if len(allies) == 1 else "allies")
    ax.plot(range(1, 6), ps, marker=marker, color=colour, label=label)
ax.set_xlabel("threshold")
ax.set_ylabel("P(pass)")
ax.set_xticks(range(1, 6))
ax.set_ylim(0, 1)
ax.grid(alpha=0.3)
ax.legend()
ax.set_title("3 Bronze dice, with and without help")
gains = [vw.odds({**bruno, "factors": f, "allies": ["gold", "gold"]}).p_pass - vw.odds({**bruno, "factors": f}).p_pass
         for f in range(5)]
show(fig, alt="Lines of P(pass) against thresholds 1 to 5 for 3 Bronze dice alone, with one Gold ally and with two: "
              "two allies add " + ", ".join(f"{g * 100:.0f}" for g in gains) + " points at thresholds 1 to 5.")

# %%
gains = [vw.odds({**bruno, "factors": f, "allies": ["gold", "gold"]}).p_pass - vw.odds({**bruno, "factors": f}).p_pass
         for f in range(5)]
best = max(range(5), key=gains.__getitem__)
display(Markdown(
    "Two Gold allies add " + ", ".join(f"{100 * g:+.0f} points at threshold {f + 1}" for f, g in enumerate(gains[:4]))
    + f". Help is worth the most in the middle (threshold {best + 1}), where the task is within reach but"
    " far from safe; at threshold 1 Bruno often passes alone, and at the top even five dice rarely make"
    " enough successes."))

# %% [markdown]
# ### Play with it
#
# Bruno's threshold-3 task with one Gold ally. Try adding a second ally,
# changing the allies' calibers, and giving an ally a stunt (their own
# re-roll, for their own die). When you roll, each die is marked with its
# owner and caliber, not by colour alone.

# %%
vw.TaskRoller(caliber="bronze", dice=3, factors=2, allies=["gold"])

# %% [markdown]
# A seeded roll with two allies (their dice come after Bruno's own, marked
# by owner):

# %%
r = vw.roll({**bruno, "allies": ["gold", "silver"]}, seed=44)
print(r)
for die in r.dice:
    print(f"  die {die.index + 1} ({die.owner}, {die.grade}): {die.after} -> {die.scores}")

# %% [markdown]
# ## 2. The agora procedure in brief
#
# The second half of this chapter uses another draft of the rules, the
# **agora procedure** (its one-page summary:
# [the agora cheat sheet](../docs/cheatsheet_agora.md)). What you need
# to know first:
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

# %%
first = {"edition": "agora", "rank": 4, "health": 2}
display(Markdown(
    f"For example, a rank-4 character with the usual 2 Health dice passes a standard check "
    f"{vw.odds({**first, 'roll': 'check'}).p_pass:.0%} of the time and a challenging one "
    f"{vw.odds({**first, 'roll': 'check', 'difficulty': 'challenging'}).p_pass:.0%}; a task with "
    f"1 job die and one consequence passes {vw.odds({**first, 'roll': 'task', 'job': 1, 'consequences': 1}).p_pass:.1%}, "
    f"with two consequences {vw.odds({**first, 'roll': 'task', 'job': 1, 'consequences': 2}).p_pass:.1%}."))

# %% [markdown]
# ## 3. Help in the agora procedure: one helping die
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
# is **merged** (written ⊕): **two helpers of the same rank become one die of
# the next better rank** (one lower). Repeat until one die is left. Two
# rank-2 helpers make rank 1, which is an automatic success, no roll
# needed.
#
# ### The merge examples, computed
#
# Every example in the agora text, worked by the engine:

# %%
examples = [
    ("5 ⊕ 5", [5, 5]), ("4 ⊕ 4", [4, 4]), ("3 ⊕ 3", [3, 3]), ("2 ⊕ 2", [2, 2]),
    ("(6 ⊕ 6) ⊕ 5", [6, 6, 5]), ("(5 ⊕ 5) ⊕ 4", [5, 5, 4]),
    ("(4 ⊕ 4) ⊕ (4 ⊕ 4)", [4, 4, 4, 4]), ("(3 ⊕ 3) ⊕ 2", [3, 3, 2]),
    ("(5 ⊕ 5) ⊕ (5 ⊕ 5)", [5, 5, 5, 5]), ("((5 ⊕ 5) ⊕ 4) ⊕ 3", [5, 5, 4, 3]),
    ("((4 ⊕ 4) ⊕ 3) ⊕ (3 ⊕ 3)", [4, 4, 3, 3, 3]),
]
rows = []
for written, helpers in examples:
    rank = vw.merge(helpers)
    meaning = "automatic success" if rank == 1 else f"succeeds on {rank}-6 ({vw.percent((7 - rank) / 6)})"
    rows.append([written, helpers, f"**{rank}**", meaning])
table(["merge", "helpers' ranks", "helping die's rank", "which means"], rows)

# %% [markdown]
# ### Help that cannot merge
#
# Helpers pair up only with equal ranks. A rank-5 and a rank-4 helper cannot
# make one die: you must pick whose help to accept. The engine refuses the
# impossible offer and proposes the accepted group that gives the best die:

# %%
for helpers in ([5, 4], [5, 5, 4, 6], [6, 6, 6]):
    try:
        vw.merge(helpers)
    except vw.MergeError as err:
        print(f"{helpers}: {err}\n")

# %% [markdown]
# ### What help is worth
#
# A task with the usual 2 Health dice and 1 job die at rank 4 (each die
# 50 %), one consequence, against 0 to 3 difficulty factors. The factors
# strip the main pool but leave the helping die alone, so help matters
# most on hard tasks.

# %%
task = {"edition": "agora", "roll": "task", "rank": 4, "health": 2, "job": 1, "consequences": 1}
fig, ax = plt.subplots()
for (helpers, label), colour, marker in zip(
        [([], "no help"), ([5], "one rank-5 helper"), ([5, 5], "two rank-5 helpers (merge to 4)"),
         ([4, 4, 4, 4], "four rank-4 helpers (merge to 2)")],
        ["#D55E00", "#E69F00", "#009E73", "#0072B2"], "o^sD"):
    ps = [vw.odds({**task, "factors": f, "helpers": helpers}).p_pass for f in range(4)]
    ax.plot(range(4), ps, marker=marker, color=colour, label=label)
ax.set_xlabel("difficulty factors (dice removed from the main pool)")
ax.set_ylabel("P(pass)")
ax.set_xticks(range(4))
ax.set_ylim(0, 1.02)
ax.grid(alpha=0.3)
ax.legend(fontsize=8)
ax.set_title("agora task, rank 4, 3 main dice, 1 consequence")
alone, helped = ([vw.odds({**task, "factors": f, "helpers": h}).p_pass for f in range(4)] for h in ([], [5]))
show(fig, alt="Lines of P(pass) against 0 to 3 difficulty factors for an agora rank-4 task with no help and with "
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

# %%
hard = {**task, "factors": 3, "helpers": [5, 5]}
for label, extra in [("1 consequence, no KISS", {}),
                     ("1 consequence, the helper KISSes", {"helper_kiss": True}),
                     ("2 consequences, the helper KISSes", {"consequences": 2, "helper_kiss": True}),
                     ("2 consequences, KISS and Ego", {"consequences": 2, "helper_kiss": True, "ego": True})]:
    print(f"{label:<36} P(pass) = {vw.percent(vw.odds({**hard, **extra}).p_pass, 1)}")

# %% [markdown]
# Those odds follow the engine's usual policy: KISS only a die that failed.
# The agora text lets you KISS *any* dice you like, and with Ego a 4 or 5
# on the helping die may disappoint you, since only a 6 counts twice.
# KISSing it anyway trades a sure single success for a one-in-six shot at
# two:

# %%
two = {**hard, "consequences": 2, "ego": True}
six = vw.odds(two).p_pass  # no KISS: only a 6 on the helping die passes (Ego makes it two successes)
usual = vw.odds({**two, "helper_kiss": True}).p_pass
any_die = six + (1 - six) * six  # a 6 at once, or KISS whatever else shows and hope for a 6
display(Markdown(f"KISS only a failed die: **{usual:.1%}**. KISS a 4 or 5 too: **{any_die:.1%}**. "
                 "The engine's odds use the first way; at the table, the second is allowed and better here."))

# %% [markdown]
# Help also counts on **checks**: a check rolls only your Health dice, and
# one merged helping die joins them.

# %%
check = {"edition": "agora", "roll": "check", "rank": 5, "health": 2}
for helpers in ([], [5], [5, 5], [4, 4]):
    o = vw.odds({**check, "helpers": helpers})
    print(f"rank-5 check, helpers {str(helpers) if helpers else 'none':<8}: P(pass) = {vw.percent(o.p_pass, 1)}")

# %% [markdown]
# A seeded agora roll with two merged helpers (the helping die comes after
# the main pool, owner "helper"):

# %%
r = vw.roll({**task, "factors": 1, "helpers": [5, 5]}, seed=8)
print(r)
for die in r.dice:
    print(f"  die {die.index + 1} ({die.owner}, rank {die.grade}): {die.after} -> {die.scores}")

# %% [markdown]
# ## Try it
#
# An agora task with two rank-5 helpers, merged into one rank-4 helping
# die. Add helpers and watch the merged die's rank; offer a rank-5 and a
# rank-4 helper together to see the merge refused, with the best group to
# accept. Add difficulty factors: the main pool shrinks, the helping die
# stays. Let the helper KISS the helping die, and type the consequences
# the FC set.

# %%
vw.TaskRoller(edition="agora", rank=4, health=2, job=1, factors=1, helpers=[5, 5])

# %% [markdown]
# ## Exercises
#
# 1. Bruno (3 Bronze dice) at threshold 3: is one **Platinum** ally worth
#    more than two **Bronze** allies?
# 2. In the agora procedure, four rank-5 helpers offer help. What helping
#    die do they make, and how often does it succeed?

# %%
plat = vw.odds({**bruno, "allies": ["platinum"]}).p_pass
bronzes = vw.odds({**bruno, "allies": ["bronze", "bronze"]}).p_pass
rank = vw.merge([5, 5, 5, 5])
display(Markdown(f"""<details><summary>Answers</summary>

1. One Platinum ally: **{plat:.1%}**; two Bronze allies: **{bronzes:.1%}**.
   {"Two Bronze dice win: a second die matters more than a better one." if bronzes > plat
    else "The Platinum ally wins, barely: one strong die beats two weak ones."}
2. (5 ⊕ 5) ⊕ (5 ⊕ 5) = 4 ⊕ 4 = **rank {rank}**: it succeeds on {rank}-6, {(7 - rank) / 6:.0%} of the time.

</details>"""))

# %% [markdown]
# ---
# **Previous:** [Chapter 3: KISS and Ego](03-kiss-and-ego.ipynb) ·
# **Next:** [Chapter 5: Learning on the job, and advancement](05-learning-and-advancement.ipynb) ·
# [Glossary](../docs/glossary.md) · cheat sheets: [playtest](../docs/cheatsheet_playtest.md), [playsheet](../docs/cheatsheet_playsheet.md),
# [agora](../docs/cheatsheet_agora.md), [heresy](../docs/cheatsheet_heresy.md), [vers](../docs/cheatsheet_vers.md)
