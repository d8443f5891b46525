# Source of notebooks/04-help.ipynb (built by scripts/make_notebooks.py).

# %% [markdown]
# # Chapter 4: Help
#
# New words are explained in the [glossary](../docs/glossary.md).

# %% [markdown notebook-only]
# > **Run All to bring the rollers alive**: choose *Run → Run All Cells*.
# > Until you do, each roller on this page shows a still picture of its odds
# > (a chart and a table that do not move).

# %% [markdown]
# *Edition: the 1st Playtest Rules (v0.2), the default. (Another draft, the
# agora procedure, merges all help into one die: [chapter 7](07-the-agora-procedure.ipynb).)*
#
# Nobody has to roll alone. In a task, up to two **allies** may each hand
# you a die: their **help** ties them to the consequences of your roll.

# %% [build]
import matplotlib.pyplot as plt

setup_plots()

# %% [markdown]
# ## 1. Allies in a task
#
# * Up to **two allies** may each hand you **one die**, if they have a
#   fitting job. You decide whether to accept: their help ties them to what
#   happens.
# * An ally's die succeeds by **the ally's own caliber**, not yours. A Gold
#   friend's die succeeds on 3-6 even when your Bronze dice need 5-6. Roll
#   them in different colours so that everyone sees whose die did what.
# * Each ally marks **1 exp** on the job they helped with, pass or fail.
# * Nobody can offer help with a job they are still learning (level 0);
#   someone who is learning on the job may still receive help.
# * An ally may perform a stunt of their own to KISS *their* die; the rest of
#   the KISSing you do together.
# * Checks take no allies' dice: an ally's help on a check is one of your
#   bonus factors (chapter 1).
#
# Bruno (3 Bronze dice) faces a threshold-3 task: the FC named two factors.
# Who should he ask? (At most two allies: the rollers refuse a third.)

# %% [build]
bruno = task_of("Bruno", "mechanic", "Finesse", factors=2)
offers = [[], ["bronze"], ["silver"], ["gold"], ["platinum"], ["gold", "gold"], ["platinum", "platinum"]]
rows = []
for allies in offers:
    o = vw.odds({**bruno, "allies": allies})
    rows.append([" + ".join(a.title() for a in allies) or "nobody", vw.percent(o.p_pass, 1), f"{o.mean:.1f}"])
emit(table(["allies", "chance to pass, threshold 3", "successes on average"], rows))

# %% [markdown]
# When is help worth the most? The plot shows the chance to pass against
# the threshold for Bruno alone, with one Gold ally, and with two.

# %% [build]
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
best = max(range(5), key=gains.__getitem__)
show(fig, alt="Lines of P(pass) against thresholds 1 to 5 for 3 Bronze dice alone, with one Gold ally and with two: "
              "two allies add " + ", ".join(f"{g * 100:.0f}" for g in gains) + " percentage points at thresholds 1 to 5.")

# %% [markdown]
# Two Gold allies add
# {{ ", ".join(f"{100 * g:.0f} percentage points at threshold {f + 1}" for f, g in enumerate(gains[:4])) }}.
# Help is worth the most in the middle (threshold {{ best + 1 }}), where the
# task is within reach but far from safe; at threshold 1 Bruno often passes
# alone, and at the top even five dice rarely make enough successes. (A
# *percentage point* is the difference of two percentages: from 40 % to 50 %
# is 10 points.)
#
# ### Play with it
#
# Bruno's threshold-3 task with one Gold ally. Try adding a second ally,
# changing the allies' calibers, and giving an ally a stunt (their own
# re-roll, for their own die). When you roll, each die is marked with its
# owner and caliber, not by colour alone.

# %%
vw.TaskRoller(caliber="bronze", dice=3, factors=2, allies=["gold"])

# %% [markdown]
# ## 2. Help at the table
#
# Clara (Gold Wits, and a captain's eye for a weak rivet) and Ada (Silver
# Swiftness, quick hands) each hand Bruno a die for his threshold-3 repair.
# Their dice are rolled beside his and succeed by their own calibers:

# %% [build]
r = vw.roll({**bruno, "allies": ["gold", "silver"]}, seed=44)
OWNER = {"own": "", "ally 1": "Clara", "ally 2": "Ada"}
show(dice_figure([("Bruno's own", [(d.after, d.scores, "") for d in r.dice if d.owner == "own"]),
                  ("allies' dice", [(d.after, d.scores, f"{OWNER[d.owner]} ({d.grade.title()})")
                                    for d in r.dice if d.owner != "own"])],
                 "Bruno's three Bronze dice and his allies' two"),
     alt=f"Bruno's own dice show {', '.join(str(d.after) for d in r.dice if d.owner == 'own')}; Clara's Gold die "
         f"shows {r.dice[3].after} and Ada's Silver die {r.dice[4].after}: {r.outcome} successes in all.")
own = sum(d.scores for d in r.dice if d.owner == "own")
clara_die, ada_die = r.dice[3], r.dice[4]
assert r.passed and clara_die.scores == 0 and ada_die.scores == 1  # the sentences below tell this roll

# %% [markdown]
# Bruno's own dice make {{ own }} successes; Clara's Gold die shows a
# {{ clara_die.after }}, a miss even for Gold; Ada's {{ ada_die.after }} is a
# Silver success. {{ r.outcome }} successes: the threshold is met, thanks to
# Ada. Both allies mark 1 exp on the jobs they helped with, and both share
# whatever happens next.

# %% [markdown]
# ## Recap
#
# * Up to two allies, one die each, at the ally's own caliber; you choose
#   whether to accept.
# * Each ally marks 1 exp, pass or fail, and shares the consequences.
# * No help offered from a level-0 job; a learner may still be helped.
# * Help is worth the most where the task is within reach but far from safe.
#
# ## Exercises
#
# 1. Bruno (3 Bronze dice) at threshold 3: is one **Platinum** ally worth
#    more than two **Bronze** allies?
# 2. With Clara's Gold die and Ada's Silver die, how likely is Bruno to
#    pass his threshold-3 repair, and how much does that add to his chance
#    alone?

# %% [build]
plat = vw.odds({**bruno, "allies": ["platinum"]}).p_pass
bronzes = vw.odds({**bruno, "allies": ["bronze", "bronze"]}).p_pass
both = vw.odds({**bruno, "allies": ["gold", "silver"]}).p_pass
alone = vw.odds(bruno).p_pass

# %% [markdown]
# <details><summary>Answers</summary>
#
# 1. One Platinum ally: **{{ vw.percent(plat, 1) }}**; two Bronze allies: **{{ vw.percent(bronzes, 1) }}**.
#    {{ "Two Bronze dice win: a second die matters more than a better one." if bronzes > plat
#       else "The Platinum ally wins, barely: one strong die beats two weak ones." }}
# 2. **{{ vw.percent(both, 1) }}**, against {{ vw.percent(alone, 1) }} alone: {{ f"{100 * (both - alone):.1f}" }}
#    percentage points more.
#
# </details>

# %% [markdown]
# ---
# **Previous:** [Chapter 3: KISS and Ego](03-kiss-and-ego.ipynb) ·
# **Next:** [Chapter 5: Learning on the job, and advancement](05-learning-and-advancement.ipynb) ·
# [Glossary](../docs/glossary.md) · [Index](../docs/index.md) · cheat sheet: [playtest](../docs/cheatsheet_playtest.md)
