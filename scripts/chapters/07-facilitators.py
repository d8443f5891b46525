# Source of notebooks/07-facilitators.ipynb (built by scripts/make_notebooks.py).

# %% [markdown]
# # Chapter 7: For Facilitators
#
# The Facilitator (FC) sets the difficulty and names the factors, and the
# table trusts them to do it fairly. This chapter is the FC's reference:
# what each choice does to the odds, tables of odds by caliber and rank to
# keep at hand, the "tables for nerds" of the rule texts regenerated for
# every caliber, and the places where the printed tables are wrong.

# %%
import matplotlib.pyplot as plt
import numpy as np
from IPython.display import Markdown

import venus_widgets as vw
from venus_widgets.engine import playtest

plt.rcParams.update({"figure.figsize": (7.0, 3.6), "figure.dpi": 80, "font.size": 10})
CALIBERS = ["bronze", "silver", "gold", "platinum"]
BASE = {"routine": 5, "simple": 10, "tough": 15, "challenging": 20, "absurd": 25}


def table(header, rows):
    """A Markdown table from a header and rows of cells."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return Markdown("\n".join(lines))


# %% [markdown]
# ## 1. Choosing difficulty and factors
#
# A few habits make rulings quick and fair:
#
# * **Roll only when something is at stake**, and say what failure means
#   *before* the dice are picked up.
# * **Absolute difficulty is about the action**, the same for anyone:
#   "picking this lock is tough". **Factors are about this attempt**: the
#   dark, the guard nearby, the wound, the person working against you.
# * **Name only the most pertinent factors**, at most four. Needing a fifth
#   means the action was harder than you first said: start over one step up.
# * **Do not count a thing twice**: the storm that made the climb
#   "challenging" is not also a factor.
# * **Check or task?** A check is for a quick yes or no. When the outcome
#   has many parts, or the player cares how well it goes, make it a task.
#
# What does one factor cost? On a d20 check every +1 to the target takes
# away 5 points of P(pass), wherever you are (until the natural 20 or 1
# takes over). On a task one factor raises the threshold by a whole
# success, which can halve the odds or worse:

# %%
rows = []
for dice in [2, 3, 4, 5, 6]:
    ps = [vw.odds({"roll": "task", "caliber": "silver", "dice": dice, "factors": f}).p_pass for f in range(5)]
    rows.append([f"{dice} Silver dice"] + [f"{p:.0%}" for p in ps])
table(["task"] + [f"threshold {t}" for t in range(1, 6)], rows)

# %% [markdown]
# ## 2. Checks: odds by caliber and score
#
# Each panel is one caliber: rows are the ability score, columns the
# target. Darker is more likely to pass (no bonus dice).

# %%
scores = np.arange(0, 13)
targets = np.arange(5, 30)


def check_spec(target, **spec):
    word = max((d for d in BASE if BASE[d] <= target), key=BASE.get)
    return {"roll": "check", "difficulty": word, "factors": int(target - BASE[word]), **spec}


fig, axes = plt.subplots(1, 4, figsize=(11.0, 3.4), sharey=True)
for ax, cal in zip(axes, CALIBERS):
    grid = np.array([[vw.odds(check_spec(t, caliber=cal, score=int(s))).p_pass for t in targets] for s in scores])
    im = ax.imshow(grid, origin="lower", aspect="auto", cmap="viridis", vmin=0, vmax=1,
                   extent=(targets[0] - 0.5, targets[-1] + 0.5, scores[0] - 0.5, scores[-1] + 0.5))
    ax.set_title(cal.title())
    ax.set_xlabel("target")
axes[0].set_ylabel("ability score")
fig.colorbar(im, ax=axes, label="P(pass)", shrink=0.9)
plt.show()

# %% [markdown]
# The same as numbers, for the five absolute difficulties with no factors
# and no bonus dice (the caliber changes only the ends of each row):

# %%
for cal in ["bronze", "gold"]:
    rows = []
    for s in [0, 2, 4, 6, 8, 10]:
        rows.append([s] + [f"{vw.odds(check_spec(BASE[d], caliber=cal, score=s)).p_pass:.0%}" for d in BASE])
    display(Markdown(f"**{cal.title()}**"))
    display(table(["score"] + [f"{d} ({BASE[d]})" for d in BASE], rows))

# %% [markdown]
# ## 3. Tasks: odds by caliber, pool and threshold
#
# P(pass) with no KISS and no Ego, for pools of 1 to 8 dice against
# thresholds 1 to 5.

# %%
dice = np.arange(1, 9)
thresholds = np.arange(1, 6)
fig, axes = plt.subplots(1, 4, figsize=(11.0, 3.0), sharey=True)
for ax, cal in zip(axes, CALIBERS):
    grid = np.array([[vw.odds({"roll": "task", "caliber": cal, "dice": int(n), "factors": int(t - 1)}).p_pass
                      for n in dice] for t in thresholds])
    im = ax.imshow(grid, origin="lower", aspect="auto", cmap="viridis", vmin=0, vmax=1,
                   extent=(0.5, 8.5, 0.5, 5.5))
    for (i, j), p in np.ndenumerate(grid):
        ax.text(dice[j], thresholds[i], f"{100 * p:.0f}", ha="center", va="center", fontsize=7,
                color="white" if p < 0.6 else "black")
    ax.set_title(cal.title())
    ax.set_xlabel("dice")
axes[0].set_ylabel("threshold")
fig.colorbar(im, ax=axes, label="P(pass)", shrink=0.9)
plt.show()

# %% [markdown]
# ## 4. The tables for nerds, regenerated for every caliber
#
# The playtest rules print one table, "Bronze % chance of getting...": the
# chance of **at least** *k* successes from a plain pool (no KISS, no Ego),
# with the average and the spread (sigma). The engine regenerates it from
# the exact binomial odds, here for all four calibers.

# %%
def nerd_table(rows, unit="Successes"):
    header = ["Dice"] + [f"{k} {unit[:-2] if k == 1 else unit}" for k in range(1, len(rows) + 1)] + ["Avg.", "± Sigma"]
    body = []
    for row in rows:
        cells = [f"{p:.3f}" for p in row.at_least] + [""] * (len(rows) - len(row.at_least))
        body.append([f"**{row.dice}D**"] + cells + [f"**{row.mean:.2f}**", f"_{row.sd:.3f}_"])
    return table(header, body)


for cal in CALIBERS:
    display(Markdown(f"#### {cal.title()} % chance of getting at least..."))
    display(nerd_table(playtest.table(cal)))

# %% [markdown]
# ## 5. Errata in the printed tables
#
# The rule text's Bronze table, copied here as printed, compared entry by
# entry with the regenerated one. An entry counts as right when it is within
# **one unit of its last printed digit** (the author rounded some entries
# and cut others short: 55.6 for 55.56 is fine). The rest are errata.

# %%
PRINTED_PLAYTEST_BRONZE = {  # dice: (at least 1.., average, sigma), as printed in the playtest rules
    1: (["33.33"], "0.3", "0.47"),
    2: (["55.6", "11.112"], "0.7", "0.69"),
    3: (["70.3", "25.93", "3.704"], "1.0", "0.82"),
    4: (["80.2", "40.74", "11.112", "1.234"], "1.3", "0.94"),
    5: (["87", "53.9", "20.98", "4.527", "0.411"], "1.7", "1.08"),
    6: (["91", "64.9", "31.96", "10.014", "1.783", "0.137"], "2.0", "1.15"),
    7: (["94", "73.7", "42.94", "17.33", "4.527", "0.686", "0.046"], "2.3", "1.25"),
    8: (["96", "80.5", "53.2", "25.86", "8.794", "1.966", "0.259", "0.015"], "2.7", "1.35"),
}


def last_digit_unit(printed):
    """One unit in the last printed digit: '55.6' -> 0.1, '87' -> 1."""
    return 10.0 ** -len(printed.split(".")[1]) if "." in printed else 1.0


def errata(printed, regenerated):
    """(dice, column, printed, exact) for every entry off by more than one unit in its last digit."""
    found = []
    for row in regenerated:
        at_least, mean, sd = printed[row.dice]
        entries = [(f"{k} successes", p, v) for k, (p, v) in enumerate(zip(at_least, row.at_least), 1)]
        entries += [("average", mean, row.mean), ("sigma", sd, row.sd)]
        for column, p, v in entries:
            if abs(v - float(p)) > last_digit_unit(p) + 1e-9:
                found.append((f"{row.dice}D", column, p, f"{v:.4f}"))
    return found


playtest_errata = errata(PRINTED_PLAYTEST_BRONZE, playtest.table("bronze"))
table(["row", "column", "printed", "exact"], playtest_errata)

# %% [markdown]
# Every *chance* in the playtest table is right; three **sigma** entries are
# not. Sigma for *n* Bronze dice is √(n · 1/3 · 2/3): for 2 dice 0.667, not
# 0.69. The printed 0.69 is the Playsheet table's 2D sigma (D10 dice at
# 40 %: √(2 · 0.4 · 0.6) = 0.693), which suggests the column was carried over
# from one table to the other and only partly recomputed.
#
# ## 6. The Playsheet's statistics table
#
# The Playsheet prints a summary table whose rows disagree with its own
# step-by-step rules. The engine follows the step-by-step text:
#
# | row of the printed table | printed | the rules' text (what the engine uses) |
# |---|---|---|
# | natural success range for checks | Bronze none, Silver 20, Gold 19-20, Platinum 18-20 | Bronze 20, Silver 19-20, Gold 18-20, Platinum 17-20 |
# | pass range for tasks | d6 ranges: 5-6, 4-6, 3-6, 2-6 | D10: 7-10, 6-10, 5-10, 4-10 |
#
# Its "Bronze % chance" table uses 40 % per die, which is the D10 rule, so
# it is the D10 table.

# %% [markdown]
# ## Try it
#
# A check roller to test a ruling before you make it at the table.
