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
# *Edition: the 1st Playtest Rules (v0.2), the default.*
#
# A **check** settles a simple question with a yes or a no: do you jump
# the gap, spot the pickpocket, keep your footing? You roll **one d20**,
# and sometimes a few d6 to make up a shortfall. New to the game? Start
# with [Chapter 0: How to play](00-a-roll-from-start-to-finish.ipynb).

# %% [build]
import matplotlib.pyplot as plt

setup_plots()

ada = check_of("Ada", "Swiftness", difficulty="tough", factors=1)
ar = vw.roll({**ada, "bonus_factors": 2}, seed=1)  # her climb in chapter 0: the same roll
caliber, score = ability("Ada", "Swiftness")
need = ar.details["target"] - score
bonus_faces = [d.after for d in ar.dice if d.owner == "bonus"]
assert ar.details["category"] == "bonus-pass"  # told below

# %% [markdown]
# ## The target
#
# First your Peers agree how hard the action is *in itself*, the same for
# anyone: its **absolute difficulty**.
#
# | routine | simple | tough | challenging | absurd |
# |---|---|---|---|---|
# | 5 | 10 | 15 | 20 | 25 |
#
# Then the FC names up to four **factors** that make it harder *for you,
# here, now*: the rain, a wound, someone working against you. Each adds
# **+1**. If a fifth seems needed, the action was harder than first
# judged: start again one step up. The highest target is 25 + 4 = 29.
#
# ## The roll
#
# Roll the d20 and add your ability's **score**. If the total meets or
# beats the target, you **pass**. Your ability's **caliber** adds nothing,
# but it decides what the die's extreme faces do:
#
# | caliber | natural 20 | natural 19 | natural 1 |
# |---|---|---|---|
# | Bronze | just a 20 | just a 19 | automatic fail |
# | Silver | **automatic pass** | just a 19 | automatic fail |
# | Gold | **automatic pass** | **automatic pass** | automatic fail |
# | Platinum | **automatic pass** | **automatic pass** | just a 1: add your score |
#
# *Natural* means the face the die shows, before any score. *Automatic*
# means whatever the target: talent sometimes pulls off the impossible, and
# only Platinum never fumbles.
#
# ## Bonus factors
#
# Fell short? You may argue for up to four **bonus factors** of your own:
# helpful surroundings, an attribute of your sheet that fits (a
# **specialty**), a Lot you spend, a friend's help. Your Peers check that
# each one is fair. Then roll **one d6 per bonus factor** and add **only
# the highest** to your total. More dice do not add up; they make a high
# best die likelier. If even a 6 could not close the gap, do not roll them.
#
# ## Ada's climb, again
#
# In [chapter 0](00-a-roll-from-start-to-finish.ipynb) Ada (Swiftness
# {{ caliber.title() }}, score {{ score }}) climbed the mast against target
# {{ ar.details["target"] }}: she needed {{ need }} on the d20, rolled
# {{ ar.details["natural"] }}, and her two bonus d6 ({{ " and ".join(map(str, bonus_faces)) }})
# saved her. Were they worth arguing for? Her chance to pass, by the number of
# bonus factors:

# %% [build]
gain = [vw.odds({**ada, "bonus_factors": k}).p_pass for k in range(5)]
plot_fields = {"caliber": caliber, "score": score}


def plot_by_target(curves, title, alt="", ax=None, targets=range(5, 30), mark=None):
    """One line of the chance to pass against the target per (label, colour, marker, spec fields),
    the chance in percent; ``mark`` a (target, words) to point out; ``alt`` says in one sentence what
    the figure shows."""
    from matplotlib.ticker import PercentFormatter

    own_figure = ax is None
    if own_figure:
        fig, ax = plt.subplots()
    targets = list(targets)
    for label, colour, marker, fields in curves:
        ps = [vw.odds(check_at(t, **fields)).p_pass for t in targets]
        ax.plot(targets, ps, marker=marker, ms=5, markevery=4, color=colour, label=label)
    if mark:
        ax.axvline(mark[0], color="#444444", linestyle=":", linewidth=1.5)
        ax.text(mark[0] + 0.5, 0.97, mark[1], va="top", ha="left")
    ax.set_xlabel("target")
    ax.set_ylabel("chance to pass")
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_title(title)
    ax.set_ylim(0, 1.02)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    if own_figure:
        show(fig, alt=alt)


# %% [markdown]
# {{ table(["bonus factors", "0", "1", "2", "3", "4"], [["Ada passes"] + [vw.percent(p) for p in gain]]) }}
#
# The first bonus die is worth the most; each one after it adds less,
# because the best die can never beat 6. Her chance to pass against any
# target:

# %% [build]
plot_by_target([(f"{k} bonus d6", plt.cm.viridis(k / 4.5), "ov^sD"[k], {**plot_fields, "bonus_factors": k})
                for k in (0, 1, 4)], "Silver, score 4: what bonus factors buy",
               mark=(ar.details["target"], f"Ada's climb, {ar.details['target']}"),
               alt=f"Lines of the chance to pass against targets 5 to 29 for a Silver score-4 check with 0, 1 "
                   f"and 4 bonus d6, a dotted line at Ada's target {ar.details['target']}: each die shifts the "
                   "curve towards harder targets; the first gives the biggest step, three more add less than it.")

# %% [markdown]
# ## When a check fails
#
# Before the roll, the FC says what failing would mean, unless it is
# obvious. A failed check means exactly that happens. There is no re-roll:
# a check has no KISSes and no Ego.

# %% [build]
clara = check_of("Clara", "Wits", difficulty="tough", factors=1, bonus_factors=1)
cr = vw.roll(clara, seed=21)
c_bonus = [d.after for d in cr.dice if d.owner == "bonus"]
assert not cr.passed and cr.details["category"] == "fail" and len(c_bonus) == 1  # told below

# %% [markdown]
# *Round 2, Clara's turn.* With the motor running again, Clara watches the
# dark sky for the next squall: Wits, Gold {{ ability("Clara", "Wits")[1] }}, tough with one factor
# for the dark, target {{ cr.details["target"] }}. Miss it, says the FC, and it
# hits the *Kestrel* broadside. Her d20 shows {{ cr.details["natural"] }}:
# {{ cr.details["natural"] }} + {{ ability("Clara", "Wits")[1] }} = {{ cr.details["natural"] + ability("Clara", "Wits")[1] }}. Her Peers accept one
# bonus factor, her knack for reading the sky (a discipline on her sheet): a {{ c_bonus[0] }}, total
# {{ cr.details["total"] }}, one short. The squall slams into the ship and tears
# the gas bag.
#
# Checks are meant to be quick. If the table finds itself digging for bonus
# factors, or the stakes turn out higher than anyone thought, stop and
# talk: the FC may cancel the check, or rewind and make it a **task**
# ([chapter 2](02-tasks.ipynb)).
#
# <details><summary>For the curious: the odds of a check</summary>
#
# Each d20 face comes up one time in twenty, so each +1 to the target
# takes the same 5 points off the chance to pass. Ada needed {{ need }}: faces
# {{ need }} to 20 pass, {{ vw.percent(gain[0]) }}. A target the score cannot
# reach leaves only the automatic passes: none for Bronze, one time in
# twenty for Silver, one time in ten for Gold and Platinum.
#
# </details>
#
# ## The roller
#
# The roller below holds Ada's climb.

# %%
vw.CheckRoller(caliber="silver", score=4, difficulty="tough", factors=1)

# %% [markdown]
# ## Recap
#
# * The target: your Peers' difficulty (5 to 25), plus 1 for each of the
#   FC's factors (at most four).
# * d20 + score, meet or beat the target. The caliber decides the natural
#   20, 19 and 1.
# * Short? Up to four bonus factors: a d6 each, add only the highest.
# * A failed check means what the FC said before the roll.
#
# ## Exercises
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
#    **{{ vw.percent(bare) }}** without bonus dice, **{{ vw.percent(helped) }}** with two.
# 2. Gold gives its automatic 19 and 20: **{{ vw.percent(gold) }}**. Two bonus d6 give
#    **{{ vw.percent(bonus) }}**: {{ "the bonus dice win" if bonus > gold else "Gold wins" }}, because with a
#    high d20 a bonus die of 3 or more closes the gap.
#
# </details>

# %% [markdown]
# ---
# **Previous:** [Chapter 0: How to play](00-a-roll-from-start-to-finish.ipynb) ·
# **Next:** [Chapter 2: Tasks](02-tasks.ipynb) ·
# [Glossary](../docs/glossary.md) · [Index](../docs/index.md) · cheat sheet: [playtest](../docs/cheatsheet_playtest.md)
