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
# again. KISSing happens only in a task: a check has its bonus factors
# instead (chapter 1), where a Lot you spend buys a bonus d6, not a
# re-roll, and Ego plays no part. KISS stands for the four things that pay for a re-roll:
# **K**ismet, **I**nsight, **S**tunts and **S**pecialties. This chapter is
# about where KISSes come from, the rules that limit them, the two ways to
# spend **Ego**, and, with the engine's exact advice, *which* dice are
# worth KISSing.

# %% [build]
import matplotlib.pyplot as plt

from venus_widgets.tutorial import chance_or_never as pct

setup_plots()


# %% [markdown]
# ## 1. Where KISSes come from
#
# Each of these re-rolls **one die**:
#
# * **Kismet: Lots.** Spend a Lot, no questions asked. You hold at most 10.
#   You earn them back by revealing your true intentions (a tertiary
#   consequence) or, for playing your character well, at the debrief that
#   closes a chapter of your campaign (a stretch of play, not a chapter of
#   this book).
# * **Insight.** A fact, secret or piece of knowledge that bears on the task
#   (found in play, known to your character, or set up with an earlier Wits
#   or Resolve check). Your Peers approve each one.
# * **Stunt.** Describe what you do with flair, raising the stakes while
#   leaving room to fail. No approval needed (the FC can veto the
#   far-fetched), but **one per task**. Each aiding ally may stunt too, to
#   re-roll *their own* die.
# * **Specialties.** Up to **four** fitting attributes (assets, disciplines,
#   natural merits), each approved by your Peers.
#
# The engine takes the total as one number, the **KISS budget**.
# For example: one Lot spent, one insight the table accepts, a stunt, and
# two specialties make a budget of 1 + 1 + 1 + 2 = **5** re-rolls.
#
# ## 2. The limits
#
# * **Each die at most once** per task.
# * **One round**: decide everything you will KISS, then pick those dice up
#   together.
# * **The new face stands**, even if it is worse. KISSing a die that already
#   succeeded can lose that success.
# * Aiding dice are KISSed together with their owner, not over their heads.
#
# The rollers enforce these: a die already KISSed cannot be clicked again.

# %% [markdown]
# ## 3. What a KISS is worth
#
# The engine's default policy is the one a sensible player follows: stop if
# you already have enough; otherwise KISS the dice that failed, the most
# promising first (an ally's Gold die before your Bronze one). For a 3-die
# Bronze pool at threshold 2, each extra KISS helps, but less and less: once
# every failed die has been re-rolled, more budget does nothing.

# %% [build]
base = {"roll": "task", "caliber": "bronze", "dice": 3, "factors": 1}
budgets = range(0, 6)
fig, ax = plt.subplots()
for cal, colour, marker in [("bronze", "#b0702a", "o"), ("silver", "#8c96a0", "s"), ("gold", "#d4a017", "^")]:
    ps = [vw.odds({**base, "caliber": cal, "kiss": k}).p_pass for k in budgets]
    ax.plot(list(budgets), ps, marker=marker, color=colour, label=f"3 {cal.title()} dice")
ax.set_xlabel("KISS budget (Lots + insights + stunt + specialties)")
ax.set_ylabel("P(pass), threshold 2")
ax.set_ylim(0, 1)
ax.grid(alpha=0.3)
ax.legend()
ax.set_title("Each KISS is worth less than the one before; past 3 they are worth nothing")
bronze = [vw.odds({**base, "kiss": k}).p_pass for k in budgets]
show(fig, alt="Lines of P(pass) at threshold 2 against a KISS budget of 0 to 5 for 3 Bronze, Silver or Gold dice: "
              f"for Bronze it climbs {', '.join(f'{p:.0%}' for p in bronze[:4])} with 0 to 3 KISSes, then stays flat.")

# %% [markdown]
# ## 4. Ego: two ways to spend it
#
# **Ego** is something you either have or do not (you earn it by setting a
# scene, or at the debrief by upholding your principles). Spending it does
# one of two things:
#
# * **re-roll everything**: KISS *every* die that disappointed you at once,
#   with no budget and no questions asked;
# * **double 6s**: every **6** showing after the KISS round scores **two**
#   successes, including 6s that came from KISSed dice.
#
# The engine spends Ego only when the roll is still short after the KISSes,
# as a player would. Which way is better depends on the pool and on what
# you need. *Double 6s* is stronger than it looks: a single 6 is then worth
# two successes, which is often enough for a threshold on its own, and only
# *double 6s* can reach totals that the dice alone cannot.
#
# > **In code** (skip this if you only play): the roller's and the engine's
# > name for the KISS budget is `kiss`, for Ego `ego`, with the choices
# > `"reroll"` and `"double6"`; the extra consequences wanted are
# > `consequences`, and the goal is the threshold plus those.
#
# Bruno's three Bronze dice with one KISS: the chance of reaching each goal
# ("never" means impossible):
#
# {{ table(["3 Bronze dice, 1 KISS: goal", "no Ego", "Ego: re-roll everything", "Ego: double 6s"],
#          [[f"threshold 2 + {extra} = {2 + extra} successes"]
#           + [pct(vw.odds({**base, 'kiss': 1, 'ego': ego, 'consequences': extra}).p_goal)
#              for ego in ["none", "reroll", "double6"]] for extra in [0, 2, 4]]) }}

# %% [markdown]
# ### Play with it
#
# The roller has a switch for each KISS source (Lots, insights, the stunt,
# specialties); they add up to the budget. Try turning them on one at a
# time and watch P(pass) climb and level off, then switch Ego between
# *re-roll* and *double 6s*.<span class="notebook-only"> Press **Roll**, click the dice that
# disappoint you to KISS them (each die once), and compare your choice
# with the engine's suggestion before committing.</span>

# %%
vw.TaskRoller(caliber="bronze", dice=3, factors=1, lots=1, stunt=1, ego="double6")

# %% [markdown]
# ## 5. When KISSing pays: the best choice
#
# "KISS the dice that failed" is good, but not always best. With Ego ready
# to double 6s, a 5 may *disappoint* you: it is one success, and a re-roll
# could make it worth two. The rules allow KISSing any die; the price is
# that a worse new face stands.
#
# The engine's **advice** looks at the dice on the table and lists the
# sensible choices with their exact chances of passing and of reaching the
# goal. Bruno, working as a deckhand (his deckhand job, level 2, inherits
# his Bronze Swiftness), hauls in a runaway sail: **2 Bronze dice** at
# **threshold 1**. He wants **three extra consequences** (goal 4), holds
# **one Lot** to spend and **Ego** for double 6s, and rolls **6 and 5**. Both
# dice succeeded, so "KISS the failures" does nothing: 3 successes with the
# doubled 6, a pass but not the goal.

# %% [build]
deckhand = task_of("Bruno", "deckhand", "Swiftness")
goal_spec = {**deckhand, "kiss": 1, "ego": "double6", "consequences": 3}
advice = vw.advise(goal_spec, [6, 5])
faces = [6, 5]


def dice_words(kissed):
    """Which dice a choice KISSes, by their faces ("the 5"), not by position."""
    return " and ".join(f"the {faces[i]}" for i in kissed) or "nothing"


def choice_words(option):
    """An option of the advice in table words: the best one, the usual one, or another."""
    if option.kiss == advice.optimal:
        return "the best choice"
    return "KISS the failures" if option.policy else "another choice"


rows = [[choice_words(o), dice_words(o.kiss), vw.percent(o.p_pass, 1), vw.percent(o.p_goal, 1)] for o in advice.options]

# %% [markdown]
# The advice: {{ advice.successes }} successes showing, threshold
# {{ advice.threshold }}, goal {{ advice.goal }}. KISSing the failures means
# KISSing {{ dice_words(advice.policy) }}; the best choice is to KISS
# {{ dice_words(advice.optimal) }}.
#
# {{ table(["choice", "dice KISSed", "chance to pass", "chance of the goal"], rows) }}
# %% [markdown]
# KISSing the 5 risks nothing that matters, since the 6 alone
# passes, and a new 6 would make 2 + 2 = 4: a one-in-six shot at the goal.
# The advice and the rules agree: a die that "disappoints you" need not be
# a failed one.
#
# Always taking the best choice, the way the advice does, is never worse
# than KISSing the failures, and sometimes better. Over the whole roll
# (before any die is thrown), the chance of reaching the goal each way:

# %% [build]
rows = []
for extra in [0, 2, 3, 4]:
    spec = {**base, "kiss": 1, "ego": "double6", "consequences": extra}
    usual = vw.odds(spec)
    best = vw.odds({**spec, "policy": "optimal"})
    rows.append([f"goal {usual.goal}", vw.percent(usual.p_goal, 2), vw.percent(best.p_goal, 2)])
emit(table(["3 Bronze, 1 KISS, Ego doubling 6s", "KISS the failures", "best choice every time"], rows))

# %% [markdown]
# ## 6. A KISS at the table
#
# A roll (with a fixed seed, so the page always shows the same dice) of
# Bruno's motor task with two KISSes: first the roll as it fell, then the
# two failed dice picked up again.

# %% [build]
spec = {**base, "kiss": 2}
first = vw.roll(spec, seed=1, kiss=[])
chosen = [d.index for d in first.dice if d.scores == 0][:2]
again = vw.roll(spec, seed=1, kiss=chosen)
assert not first.passed and again.passed and any(d.kissed and d.after < d.before for d in again.dice)  # told below
show(dice_figure([("as rolled", [(d.after, d.scores, "") for d in first.dice]),
                  ("after KISS", [(d.after, d.scores, "KISSed" if d.kissed else "") for d in again.dice])],
                 "Two KISSes on Bruno's three Bronze dice"),
     alt=f"Bruno's dice as rolled, {', '.join(str(d.after) for d in first.dice)}: {first.outcome} success; "
         f"after KISSing the two misses, {', '.join(str(d.after) for d in again.dice)}: {again.outcome} successes.")

# %% [markdown]
# He rolled {{ ", ".join(str(d.after) for d in first.dice) }}: {{ first.outcome }} success, one short.
# He KISSes the two misses: {{ " and ".join(f"the {d.before} becomes a {d.after}" for d in again.dice if d.kissed) }}.
# {{ again.outcome }} successes: he passes, even though one KISSed die came
# up worse than before (the new face stands).

# %% [markdown]
# ## Try it
#
# Bruno's hunt for the goal as a deckhand, live: 2 Bronze dice, threshold
# 1, three extra consequences wanted, one Lot and Ego for double 6s. Roll until a 5 shows
# among your successes, and see whether the suggestion tells you to KISS a
# die that already succeeded.

# %%
vw.TaskRoller(caliber="bronze", dice=2, lots=1, ego="double6", consequences=3)

# %% [markdown]
# ## Recap
#
# * A KISS re-rolls one die in a task: a Lot, an insight, a stunt (one per
#   task) or a specialty (up to four) pays for it.
# * Each die at most once, all in one round; the new face stands.
# * Ego, once: re-roll every disappointing die, or make every 6 count twice.
# * A die that succeeded may still disappoint you: with Ego on the 6s, a 5
#   can be worth KISSing. The roller's advice shows the odds of each choice.
#
# ## Exercises
#
# 1. Bruno (3 Bronze dice, threshold 2): how much does his **first** KISS
#    add to P(pass), and how much the **fourth**?
# 2. With one KISS, which Ego mode gives Bruno the better chance of
#    **threshold + 2** successes: *re-roll everything* or *double 6s*?

# %% [build]
ps = [vw.odds({**base, "kiss": k}).p_pass for k in range(5)]
modes = {e: vw.odds({**base, "kiss": 1, "ego": e, "consequences": 2}).p_goal for e in ("reroll", "double6")}
better = max(modes, key=modes.get)

# %% [markdown]
# <details><summary>Answers</summary>
#
# 1. The first KISS adds **{{ 100 * (ps[1] - ps[0]):.1f }} percentage points**, the fourth
#    **{{ 100 * (ps[4] - ps[3]):.1f }}**: three dice can fail at most three times, so a fourth KISS has
#    nothing left to re-roll.
# 2. *re-roll everything* {{ vw.percent(modes["reroll"], 1) }}, *double 6s* {{ vw.percent(modes["double6"], 1) }}:
#    **{{ "double 6s" if better == "double6" else "re-roll everything" }}**. Three Bronze dice can only make
#    four successes when 6s count twice.
#
# </details>

# %% [markdown]
# ---
# **Previous:** [Chapter 2: Tasks](02-tasks.ipynb) ·
# **Next:** [Chapter 4: Help](04-help.ipynb) ·
# [Glossary](../docs/glossary.md) · [Index](../docs/index.md) · cheat sheet: [playtest](../docs/cheatsheet_playtest.md)
