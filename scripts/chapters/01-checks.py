# Source of notebooks/01-checks.ipynb (built by scripts/make_notebooks.py).

# %% [markdown]
# # Chapter 1: Checks
#
# New words are explained in the [glossary](../docs/glossary.md).

# %% [markdown notebook-only]
# > **Run All to bring the rollers alive**: choose *Run → Run All Cells*.
# > Until you do, each roller on this page shows a still picture of its odds
# > (a chart and a table that do not move).

# %% [markdown]
# *The Venus Engine rulebook, runnable. Edition: the 1st Playtest Rules (v0.2), the default.*
#
# A **check** settles a simple question with one yes-or-no answer: do you
# jump the gap, spot the pickpocket, keep your footing? You roll **one d20**,
# and sometimes up to **four d6** to make up a shortfall. Every number on
# this page is computed exactly by the odds calculator behind these pages
# (the *engine*), and every roll uses a fixed seed, so what you read is what
# it really gives.
#
# The rollers on this page are yours to play with. New to the game? Start
# with [Chapter 0: A roll from start to finish](00-a-roll-from-start-to-finish.ipynb).

# %% [build]
import matplotlib.pyplot as plt

setup_plots()


# %% [markdown]
# ## 1. The target
#
# Your Peers (everyone at the table but you) first agree how hard the
# action is *in itself*. That is the **absolute difficulty**, in steps of 5:
#
# | difficulty | routine | simple | tough | challenging | absurd |
# |---|---|---|---|---|---|
# | target starts at | 5 | 10 | 15 | 20 | 25 |
#
# Then the Facilitator (FC) may name up to **four relative factors** that
# make it harder *for you, here, now*: a storm, a wound, someone working
# against you. Each adds **+1**. Four is the limit: if the situation seems to
# need a fifth, the action was harder than first judged, so start again one
# step up. The highest possible target is 25 + 4 = **29**.
#
# Every target a check can have:
#
# {{ table(["difficulty"] + [f"{f} factor{'' if f == 1 else 's'}" for f in range(5)],
#          [[d] + [vw.odds({"roll": "check", "difficulty": d, "factors": f}).threshold for f in range(5)]
#           for d in BASE]) }}
#
# A fifth factor is not quietly ignored: the rollers refuse it and say what
# is allowed, the way a good Peer would.

# %% [markdown]
# ## 2. The roll: d20 + score, with caliber deciding the extremes
#
# Roll the d20 and add your ability's **score**. If the total **meets or
# beats the target**, you pass. Two numbers describe an ability:
#
# * the **score** (a number such as 3 or 7) is training and growth, and is
#   added to every roll;
# * the **caliber** (Bronze, Silver, Gold or Platinum) is raw talent. It
#   does not add anything, but it decides what the die's extreme faces do:
#
# | caliber | natural 20 | natural 19 | natural 1 |
# |---|---|---|---|
# | Bronze | just a 20 | just a 19 | automatic fail |
# | Silver | **automatic pass** | just a 19 | automatic fail |
# | Gold | **automatic pass** | **automatic pass** | automatic fail |
# | Platinum | **automatic pass** | **automatic pass** | just a 1 (add your score) |
#
# "Automatic" means *whatever the target*: a Gold novice can pull off an
# absurd feat one time in ten, and only Platinum talent never fumbles.

# %% [markdown]
# ### Worked example
#
# Ada's Swiftness is **Silver** with score **4** (her sheet is in
# [chapter 0](00-a-roll-from-start-to-finish.ipynb)). The FC calls her climb
# up the mooring mast **tough** (15) and adds **one factor** for the rain:
# target **16**. She has no bonus factors yet. What are her chances, and
# where do they come from?

# %% [build]
ada = check_of("Ada", "Swiftness", difficulty="tough", factors=1)
o = vw.odds(ada)
WORDS = {"auto-pass": "an automatic pass (a natural 20 for Silver)", "pass": "a pass on the total",
         "bonus-pass": "a pass thanks to bonus dice", "fail": "a fail on the total",
         "auto-fail": "an automatic fail (a natural 1)"}

# %% [markdown]
# {{ table(["how the d20 falls", "chance"], [[WORDS[k], vw.percent(p, 1)] for k, p in o.breakdown.items()]
#          + [["**she passes**", f"**{vw.percent(o.p_pass, 1)}**"]]) }}
#
# Reading it: she needs 12 or more on the die (12 + 4 = 16). Faces 12 to
# 19 pass on the total (40 %), and the natural 20 passes automatically for a
# Silver ability (5 %), though it would have passed anyway. The natural 1
# is an automatic fail (5 %), which at this target changes nothing either.
# The caliber matters most at the edges: when the target is out of reach of
# the score, auto-passes are all you have.
#
# ### Play with it
#
# Ada's check, live. The odds beside the controls are the same exact
# numbers, recomputed at every change (the charts write the chance to pass
# as **P(pass)**). Try dragging the factors from 1 up to 4 and watch P(pass)
# drop by 5 points each time. Then set the
# difficulty to *absurd* and switch the caliber between Bronze, Silver,
# Gold and Platinum: only the automatic passes are left.

# %%
vw.CheckRoller(caliber="silver", score=4, difficulty="tough", factors=1)

# %% [markdown]
# The plot shows P(pass) for a score of 4 against targets from easy to
# impossible, one bar per caliber, without bonus dice.

# %% [build]
def plot_by_target(curves, title, alt="", ax=None, targets=range(5, 30)):
    """One line of P(pass) against the target per (label, colour, marker, spec fields);
    ``alt`` says in one sentence what the figure shows."""
    own_figure = ax is None
    if own_figure:
        fig, ax = plt.subplots()
    targets = list(targets)
    for label, colour, marker, fields in curves:
        ps = [vw.odds(check_at(t, **fields)).p_pass for t in targets]
        ax.plot(targets, ps, marker=marker, ms=5, color=colour, label=label)
    ax.set_xlabel("target")
    ax.set_ylabel("P(pass)")
    ax.set_title(title)
    ax.set_ylim(0, 1.02)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    if own_figure:
        show(fig, alt=alt)


# Bars side by side, one per caliber, for a few targets from easiest to hardest.
shown = [5, 10, 15, 20, 23, 24, 25, 29]
fig, ax = plt.subplots(figsize=(9.0, 3.4))
for i, cal in enumerate(CALIBERS):
    ps = [vw.odds(check_at(t, caliber=cal, score=4)).p_pass for t in shown]
    ax.bar([x + (i - 1.5) * 0.2 for x in range(len(shown))], ps, 0.2, color=COLOURS[cal],
           hatch=["", "..", "//", "xx"][i], edgecolor="white", label=cal.title())
ax.set_xticks(range(len(shown)))
ax.set_xticklabels([str(t) for t in shown])
ax.set_xlabel("target")
ax.set_ylabel("P(pass)")
ax.set_ylim(0, 1.05)
ax.grid(alpha=0.3, axis="y")
ax.legend(fontsize=8, ncol=4)
ax.set_title("Score 4, no bonus dice: the caliber only matters at the ends")
easy, hard = (vw.odds(check_at(t, caliber="bronze", score=4)).p_pass for t in (shown[0], shown[-1]))
top = vw.odds(check_at(shown[-1], caliber="platinum", score=4)).p_pass
show(fig, alt=f"Bars of P(pass) for a score of 4 at targets {shown[0]} to {shown[-1]}, one bar per caliber: "
              f"the four are level in the middle; at target {shown[0]} Bronze has {easy:.0%} and Platinum "
              f"{vw.odds(check_at(shown[0], caliber='platinum', score=4)).p_pass:.0%}, at {shown[-1]} Bronze "
              f"{hard:.0%} and Platinum {top:.0%}.")

# %% [markdown]
# In the middle the four bars are equal: the score does all the work.
# On easy targets the natural 1 caps Bronze, Silver
# and Gold at 95 % while Platinum reaches 100 %; on targets the score
# cannot reach, Bronze drops to nothing, Silver keeps 5 % and Gold and
# Platinum 10 %.

# %% [markdown]
# ## 3. Bonus factors: up to four d6, keep the highest
#
# Fell short? Before giving up you may argue for up to **four bonus
# factors** of your own: helpful surroundings, a relevant attribute, a Lot
# spent, an ally's help. Your Peers check that each one is fair. Then roll
# **one d6 per factor** and add **only the highest** to your total.
#
# More dice do not add up: they make a high best die more likely. With one
# die the best is 3.5 on average; with four, about 5.2.

# %% [build]
from fractions import Fraction

rows = []
for k in range(1, 5):
    # P(highest of k d6 >= m) = 1 - ((m - 1)/6)^k, exactly
    row = [f"{k} d6"] + [vw.percent(1 - Fraction(m - 1, 6) ** k, 1) for m in range(1, 7)]
    mean = sum(1 - Fraction(m - 1, 6) ** k for m in range(1, 7))
    rows.append(row + [f"{float(mean):.2f}"])
emit(table(["bonus dice"] + [f"best ≥ {m}" for m in range(1, 7)] + ["average best"], rows))

# %% [markdown]
# Bonus dice only rescue rolls that fell short by 1 to 6, and they never
# undo an automatic fail. If even a 6 could not close the gap, the rules say
# not to bother rolling them: it changes no odds, so the engine does the
# same. Here is Ada again with 0 to 4 bonus factors:

# %% [build]
rows = []
for k in range(5):
    o = vw.odds({**ada, "bonus_factors": k})
    rows.append([k] + [vw.percent(p, 2) for p in o.breakdown.values()] + [f"**{vw.percent(o.p_pass, 2)}**"])
emit(table(["bonus factors"] + [WORDS[k] for k in vw.odds(ada).breakdown] + ["she passes"], rows))

# %% [markdown]
# The first bonus factor is worth the most; each further one adds less,
# because the best die can never beat 6. Across all targets:

# %% [build]
gain = [vw.odds(check_at(16, caliber="silver", score=4, bonus_factors=k)).p_pass for k in range(5)]
plot_by_target([(f"{k} bonus d6", plt.cm.viridis(k / 4.5), "ov^sD"[k], {"caliber": "silver", "score": 4, "bonus_factors": k})
                for k in range(5)], "Silver, score 4: what bonus factors buy",
               alt=f"Lines of P(pass) against targets 5 to 29 for a Silver score-4 check with 0 to 4 bonus d6: "
                   f"each die shifts the curve to harder targets, less each time; at target 16 they give "
                   f"{', '.join(f'{p:.0%}' for p in gain)}.")

# %% [markdown]
# ## 4. A roll at the table
#
# A real roll, with a fixed seed so that this page always shows the same
# dice: Ada takes her two bonus factors (a good rope and a Lot she spends:
# on a check a Lot buys a bonus d6, not a re-roll). This time she climbs the
# ship's rigging in a gale: tough, with three factors (the wind, the rain,
# the swaying ship), target 18.

# %% [build]
rig = {**ada, "factors": 3, "bonus_factors": 2}
r = vw.roll(rig, seed=6)
d = r.details
bonus_faces = [die.after for die in r.dice if die.owner == "bonus"]
short = d["target"] - (d["natural"] + ada["score"])
emit(f"Her d20 shows **{d['natural']}**: {d['natural']} + {ada['score']} = {d['natural'] + ada['score']}, "
     + (f"{short} short of {d['target']}. " if short > 0 else f"enough for {d['target']}. ")
     + (f"The bonus d6 show {' and '.join(map(str, bonus_faces))}; only the highest counts: "
        f"{d['natural'] + ada['score']} + {d['bonus']} = **{d['total']}**. " if bonus_faces else "")
     + ("**She passes.**" if r.passed else "**She fails.**"))

# %% [markdown]
# ## 5. When a check fails
#
# A failed check means the consequence the FC named before the roll (or the
# obvious one) happens. Checks are meant to be quick. If the table finds
# itself digging for bonus factors, or the stakes turn out higher than
# anyone thought, stop and talk: the FC may cancel the check, or rewind and
# make it a **task** (chapter 2) instead.
#
# ## Try it
#
# A fresh check roller: set up a check from your own table (caliber, score,
# difficulty, factors, bonus factors)<span class="notebook-only"> and press **Roll**</span>. Each roll gets its
# own random seed, shown in the roll log, so any roll can be replayed
# exactly. The bonus d6 are rolled only when the d20 falls short, as the
# rules say.

# %%
vw.CheckRoller()

# %% [markdown]
# ## Recap
#
# * Target = your Peers' absolute difficulty (5 to 25) + the FC's factors
#   (+1 each, at most four; needing a fifth means starting one step up).
# * Roll a d20 + your score; meet or beat the target to pass. The caliber
#   decides the extreme faces: Silver passes on a natural 20, Gold and
#   Platinum on 19-20; a natural 1 fails, except for Platinum.
# * Short? Up to four bonus factors your Peers accept (a Lot spent is one):
#   a d6 each, add only the highest.
# * A failed check means the consequence named before the roll. If more is
#   at stake than it seemed, talk, and perhaps make it a task.
#
# ## Exercises
#
# Work them out with the roller or in your head, then open the answers
# (computed by the engine).
#
# 1. Ada (Silver, score 4) climbs a **challenging** wall (20) in the dark
#    and the wind (two factors). What are her chances with no bonus dice,
#    and with two bonus factors?
# 2. A Bronze ability with score 2 attempts an **absurd** check (target
#    25). Which helps more: the ability being Gold instead, or two bonus
#    factors?

# %% [build]
climb = {"roll": "check", "caliber": "silver", "score": 4, "difficulty": "challenging", "factors": 2}
bare, helped = vw.odds(climb).p_pass, vw.odds({**climb, "bonus_factors": 2}).p_pass
absurd = {"roll": "check", "caliber": "bronze", "score": 2, "difficulty": "absurd"}
gold, bonus = vw.odds({**absurd, "caliber": "gold"}).p_pass, vw.odds({**absurd, "bonus_factors": 2}).p_pass

# %% [markdown]
# <details><summary>Answers</summary>
#
# 1. Target {{ vw.odds(climb).threshold }}: she needs {{ vw.odds(climb).threshold - 4 }} on the d20.
#    **{{ vw.percent(bare) }}** without bonus dice, **{{ vw.percent(helped, 1) }}** with two bonus d6, which
#    rescue the rolls that fell short by up to 6.
# 2. Target 25 is out of reach of score 2 on the d20 alone. Gold gives its automatic 19 and 20:
#    **{{ vw.percent(gold) }}**. Two bonus d6 give **{{ vw.percent(bonus, 1) }}**:
#    {{ "the bonus dice win" if bonus > gold else "Gold wins" }}, because with a high d20 a bonus die of 3 or
#    more closes the gap.
#
# </details>

# %% [markdown]
# ---
# **Previous:** [Chapter 0: A roll from start to finish](00-a-roll-from-start-to-finish.ipynb) ·
# **Next:** [Chapter 2: Tasks](02-tasks.ipynb) ·
# [Glossary](../docs/glossary.md) · [Index](../docs/index.md) · cheat sheet: [playtest](../docs/cheatsheet_playtest.md)
