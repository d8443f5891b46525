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
# Nobody has to roll alone. In a task, up to two friends may each lend you
# a die. Their **help** ties them to whatever happens next.

# %% [build]

setup_plots()
HELPERS = [("Ada", "courier"), ("Clara", "captain")]
bruno = task_of("Bruno", "deckhand", "Resolve", factors=2)  # the storm and his wound
helped = task_of("Bruno", "deckhand", "Resolve", factors=2, helpers=HELPERS)
ada_die, clara_die = helped["allies"]

# %% [markdown]
# ## Allies in a task
#
# * Up to **two allies** may each lend you **one die**, from a job of level 1
#   or more that fits the way they help. You decide whether to accept.
# * Each ally marks **1 exp** on the job they helped with, pass or fail, and
#   shares the consequences. An ally may even ask something of you in
#   return before helping; whether you keep your word is up to you.
# * A job still being learned (level 0) cannot lend a die; someone who is
#   learning may still be helped.
# * An ally may perform a stunt of their own to re-roll *their* die; any
#   other KISS of it needs their agreement.
# * A check takes no lent dice: a friend's help there is one of your bonus
#   factors ([chapter 1](01-checks.ipynb)).
#
# ## Which caliber a lent die has
#
# **A lent die succeeds by the ally's own caliber in the ability the FC
# named for your task.** Look that ability up on the ally's sheet: not their
# best ability, not yours. Roll lent dice in the ally's colour, so that
# everyone sees whose die did what.
#
# ## Bruno hauls in the sea anchor
#
# *Round 3, Bruno's turn* ([chapter 0](00-a-roll-from-start-to-finish.ipynb#the-storm-turn-by-turn)).
# The *Kestrel* drags a sea anchor to hold her head to the wind, and its
# line must come in before it fouls the rudder. Bruno hauls: the FC names
# Resolve, and Bruno's deckhand job (level {{ bruno["dice"] }}) inherits it.
# His Resolve is Bronze: {{ bruno["dice"] }} Bronze dice. The FC counts
# two factors: the storm, as for Clara's patch, and Bruno's **wound**,
# burnt hands on a wet line. Threshold {{ vw.odds(bruno).threshold }}{{ ": two dice alone cannot make it" if vw.odds(bruno).p_pass == 0 else "" }}.
# Who should he ask?
#
# * Ada, with her courier job: her Resolve is **{{ ada_die.title() }}**, so her die
#   succeeds on {{ {"bronze": "5-6", "silver": "4-6", "gold": "3-6", "platinum": "2-6"}[ada_die] }}.
# * Clara, with her captain job: her Resolve is **{{ clara_die.title() }}**, though
#   her Wits is Gold.
#
# {{ table(["who helps Bruno", "nobody", "Ada", "Clara", "both"],
#          [["he passes"] + [vw.percent(vw.odds(task_of("Bruno", "deckhand", "Resolve", factors=2, helpers=h)).p_pass)
#                            for h in ([], HELPERS[:1], HELPERS[1:], HELPERS)]]) }}

# %% [build]
r = vw.roll(helped, seed=21)
OWNER = {"own": "Bruno", "ally 1": "Ada", "ally 2": "Clara"}
show(dice_figure([("Bruno's own", [(d.after, d.scores, "") for d in r.dice if d.owner == "own"]),
                  ("lent dice", [(d.after, d.scores, f"{OWNER[d.owner]}\n{d.grade.title()}")
                                 for d in r.dice if d.owner != "own"])],
                 "Bruno's two Bronze dice and his allies' two"),
     alt=f"Bruno's own dice show {', '.join(str(d.after) for d in r.dice if d.owner == 'own')}, one success; "
         f"Ada's Gold die shows {r.dice[2].after} and Clara's Silver die {r.dice[3].after}: "
         f"{r.outcome} successes in all.")
own = sum(d.scores for d in r.dice if d.owner == "own")
assert r.passed and own == 1 and r.dice[2].after == 3 and r.dice[2].scores == 1  # the sentences below tell this roll

# %% [markdown]
# He asks both, and both agree. Bruno rolls
# {{ " and ".join(str(d.after) for d in r.dice if d.owner == "own") }}: one
# success. Ada's die shows a {{ r.dice[2].after }}, a miss for Bronze but a
# success for her Gold; Clara's {{ r.dice[3].after }} is a success too.
# {{ r.outcome }} successes: the anchor comes in. Ada marks 1 exp on her
# courier job and Clara 1 on her captain job.

# %% [build]
gains = [vw.odds({**helped, "factors": f}).p_pass - vw.odds({**bruno, "factors": f}).p_pass for f in range(5)]
best = max(range(5), key=gains.__getitem__)

# %% [markdown]
# When to ask? Help is worth the most in the middle (threshold {{ best + 1 }}
# for Bruno and these two friends), where a task is within reach but far
# from safe. At threshold 1 he often manages alone; at the top, even four
# dice rarely make enough.
#
# ## The roller
#
# The roller below holds Bruno's haul with Ada's and Clara's dice.

# %%
vw.TaskRoller(caliber="bronze", dice=2, factors=2, allies=["gold", "silver"])

# %% [markdown]
# ## Recap
#
# * Up to two allies, one die each, from a job of level 1 or more.
# * A lent die succeeds by the ally's caliber in the ability the FC named.
# * Each ally marks 1 exp and shares the consequences.
#
# ## Exercises
#
# 1. In a Wits task, what caliber is the die Ada lends, and the die Bruno
#    lends? (Their sheets are in [chapter 0](00-a-roll-from-start-to-finish.ipynb).)
# 2. Bruno's haul (2 Bronze dice, threshold {{ vw.odds(bruno).threshold }}): is one **Platinum** ally
#    worth more than two **Bronze** allies?

# %% [build]
wits = [ally_die("Ada", "scout", "Wits"), ally_die("Bruno", "mechanic", "Wits")]
plat = vw.odds({**bruno, "allies": ["platinum"]}).p_pass
bronzes = vw.odds({**bruno, "allies": ["bronze", "bronze"]}).p_pass

# %% [markdown]
# <details><summary>Answers</summary>
#
# 1. Ada's die is **{{ wits[0].title() }}** (her Wits), Bruno's **{{ wits[1].title() }}** (his Wits).
# 2. One Platinum ally: **{{ vw.percent(plat) }}**; two Bronze allies: **{{ vw.percent(bronzes) }}**.
#    {{ "Two Bronze dice win: a second die matters more than a better one." if bronzes > plat
#       else "The Platinum ally wins: one strong die beats two weak ones." }}
#
# </details>

# %% [markdown]
# ---
# **Previous:** [Chapter 3: KISS and Ego](03-kiss-and-ego.ipynb) ·
# **Next:** [Chapter 5: Learning, exp and the debrief](05-learning-and-advancement.ipynb) ·
# [Glossary](../docs/glossary.md) · [Index](../docs/index.md) · cheat sheet: [playtest](../docs/cheatsheet_playtest.md)
