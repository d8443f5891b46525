# Source of notebooks/13-odds-tables.ipynb (built by scripts/make_notebooks.py).

# %% [markdown]
# # Chapter 13: Odds tables for Facilitators
#
# New words are explained in the [glossary](../docs/glossary.md).

# %% [markdown notebook-only]
# > **Run All to bring the rollers alive**: choose *Run → Run All Cells*.
# > Until you do, each roller on this page shows a still picture of its odds
# > (a chart and a table that do not move).

# %% [markdown]
# This chapter is a reference, to look things up in rather than to read
# through: the odds of checks and tasks by caliber, score, pool and rank;
# the "tables for nerds" of the rule texts, regenerated for every caliber,
# and the places where the printed tables are wrong; and a way to check
# your table's real dice against the odds. How to *use* odds when you set a
# difficulty is in [chapter 9](09-facilitators.ipynb); most of the time at
# the table, the one-page [Facilitator's screen](../docs/fc_screen.md) is
# all you need.

# %% [build]
from typing import NamedTuple

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import PercentFormatter

import importlib
fit_module = importlib.import_module("venus_widgets.engine.tools.fit")

setup_plots()


class PoolRow(NamedTuple):
    """One row of a "tables for nerds": P(at least k successes) in percent, the average and sigma."""

    dice: int
    at_least: tuple
    mean: float
    sd: float


def pool_spec(edition, grade, dice):
    """A plain pool (no KISS, no Ego, no help): a playtest task of d6s or a Playsheet task of D10s."""
    if edition == "playtest":
        return {"roll": "task", "caliber": grade, "dice": dice}
    return {"edition": "playsheet", "roll": "task", "rank": grade, "dice": dice, "difficulty": 1}


def pool_table(edition, grade, most=8):
    """The rule texts' "% chance of getting at least..." table, from the engine's exact odds."""
    rows = []
    for n in range(1, most + 1):
        o = vw.odds(pool_spec(edition, grade, n))
        rows.append(PoolRow(n, tuple(100 * o.at_least(k) for k in range(1, n + 1)), o.mean, o.sd))
    return rows


def playsheet_natural_pass(rank):
    """A Playsheet check's chance of a natural success (at a target no score reaches)."""
    spec = {"edition": "playsheet", "roll": "check", "rank": rank, "score": 0, "difficulty": 4, "factors": [2, 2, 2, 2]}
    return vw.odds(spec).breakdown["auto-pass"]


def per_d10(rank):
    """One Playsheet D10's chance to pass (a one-die task)."""
    return vw.odds(pool_spec("playsheet", rank, 1)).p_pass


def pct(p):
    """A chance as a whole percentage that never rounds a possibility away:
    "0%" only when impossible, "100%" only when certain (``vw.percent``)."""
    return vw.percent(p)


PARTY = pregen_party()


# %% [markdown]
# ## 1. Checks: odds by caliber and score
#
# Each panel is one caliber: rows are the ability score, columns the
# target. Brighter (yellow) is more likely to pass, darker (purple) less
# (no bonus dice). Each step to the right or down costs the same 5 % until
# the natural 20, 19 and 1 take over at the edges.

# %% [build]
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
fig.colorbar(im, ax=axes, label="chance to pass", shrink=0.9, format=PercentFormatter(1.0, decimals=0))
show(fig, alt="Four heatmaps, one per caliber, of a d20 check's chance to pass by ability score (rows) and target (columns): the chance falls evenly as the target rises and the score falls.")

# %% [markdown]
# The same as numbers, for the five absolute difficulties with no factors
# and no bonus dice. Each cell reads Bronze / Silver / Gold / Platinum; the
# caliber only changes the ends of a row (Silver's 5 % and Gold's and
# Platinum's 10 % of automatic passes, Platinum's missing automatic fail).

# %% [build]
rows = []
for s in [0, 2, 4, 6, 8, 10, 12]:
    cells = []
    for d in BASE:
        ps = [vw.odds(check_spec(BASE[d], caliber=cal, score=s)).p_pass for cal in CALIBERS]
        cells.append(" / ".join(pct(p) for p in ps))
    rows.append([s] + cells)
emit(table(["score"] + [f"{d} ({BASE[d]})" for d in BASE], rows))

# %% [markdown]
# ## 2. Tasks: odds by caliber, pool and threshold
#
# The chance to pass, in percent, with no KISS and no Ego, for pools of 1
# to 8 dice against thresholds 1 to 5. In the cells, **✓** means 99.5 % or better,
# **·** impossible, and **<1** possible but below 1 %.

# %% [build]
dice = np.arange(1, 9)
thresholds = np.arange(1, 6)
fig, axes = plt.subplots(1, 4, figsize=(12.0, 3.4), sharey=True, dpi=90)
for ax, cal in zip(axes, CALIBERS):
    grid = np.array([[vw.odds({"roll": "task", "caliber": cal, "dice": int(n), "factors": int(t - 1)}).p_pass
                      for n in dice] for t in thresholds])
    im = ax.imshow(grid, origin="lower", aspect="auto", cmap="viridis", vmin=0, vmax=1,
                   extent=(0.5, 8.5, 0.5, 5.5))
    for (i, j), p in np.ndenumerate(grid):
        label = "✓" if p >= 0.995 else "·" if p == 0 else vw.percent(p).rstrip("%")
        ax.text(dice[j], thresholds[i], label, ha="center", va="center", fontsize=8,
                color="white" if p < 0.6 else "black")
    ax.set_title(cal.title())
    ax.set_xticks(dice)
    ax.set_xlabel("dice")
axes[0].set_ylabel("threshold")
fig.colorbar(im, ax=axes, label="chance to pass", shrink=0.9, format=PercentFormatter(1.0, decimals=0))
show(fig, alt="Four heatmaps, one per caliber, of a task's chance to pass by dice (columns) and threshold (rows), each cell labelled with its percentage: more dice and a lower threshold pass more often.")

# %% [markdown]
# ### The agora procedure: odds by rank
#
# In the agora procedure difficulty works differently. Each difficulty
# factor **removes a die** from the main pool (Health + job + assets), and
# the FC's consequences set how many successes are needed: **one per
# consequence** when the difficulty is standard, **two** when it is
# challenging. So one challenging consequence is as hard as two standard
# ones. The task passes fully when every consequence is subverted.
#
# The table gives that chance by the number of successes needed (rows
# grouped) and the dice left in the main pool after factors (columns), for
# each rank; no help, no KISS, no Ego.

# %% [build]
rows = []
for needed in range(1, 5):
    for rank in range(2, 7):
        spec = {"edition": "agora", "roll": "task", "rank": rank, "health": 0, "consequences": needed}
        row = [f"**{needed}**" if rank == 2 else "", f"rank {rank} ({7 - rank} in 6)"]
        row += [pct(vw.odds({**spec, "job": n}).p_pass) for n in range(1, 9)]
        rows.append(row)
emit(table(["successes needed", "rank (a die succeeds)"] + [f"{n} {'die' if n == 1 else 'dice'}" for n in range(1, 9)], rows))

# %% [markdown]
# The challenging column of the rules is the same table read at twice the
# successes: for example rank 4, three dice: one challenging consequence
# passes {{ vw.percent(vw.odds({"edition": "agora", "roll": "task", "rank": 4, "health": 0, "job": 3,
#                               "consequences": 1, "difficulty": "challenging"}).p_pass, 2) }} of the time,
# two standard consequences {{ vw.percent(vw.odds({"edition": "agora", "roll": "task", "rank": 4, "health": 0,
#                                                  "job": 3, "consequences": 2}).p_pass, 2) }}.

# %% [markdown]
# ## 3. The tables for nerds, regenerated for every caliber
#
# The playtest rules print one table, "Bronze % chance of getting...": the
# chance of **at least** 1, 2, 3... successes from a plain pool (no KISS, no Ego),
# with the average number of successes and the **spread** (the larger it
# is, the further a single roll tends to land from the average; the table
# prints it, but you need it for nothing at the table). This book counts
# it again exactly, here for all four calibers.

# %% [build]
def at_least_cell(p):
    """A percentage to three decimals, halves rounded up as on paper (89.0625 -> 89.063),
    and a near-certainty never rounded up to 100 (``vw.percent``)."""
    return vw.percent(p / 100, 3).rstrip("%")


def nerd_table(rows, unit="Successes"):
    header = ["Dice"] + [f"{k} {unit[:-2] if k == 1 else unit}" for k in range(1, len(rows) + 1)] + ["Avg.", "± Spread"]
    body = []
    for row in rows:
        cells = [at_least_cell(p) for p in row.at_least] + [""] * (len(rows) - len(row.at_least))
        body.append([f"**{row.dice}D**"] + cells + [f"**{row.mean:.2f}**", f"_{row.sd:.3f}_"])
    return table(header, body)


for cal in CALIBERS:
    emit(f"### {cal.title()} % chance of getting at least...")
    emit(nerd_table(pool_table("playtest", cal)))

# %% [markdown]
# ## 4. Errata in the printed tables
#
# The rule text's Bronze table, copied here as printed, compared entry by
# entry with the regenerated one. An entry counts as right when it is within
# **one unit of its last printed digit** (the author rounded some entries
# and cut others short: 55.6 for 55.56 is fine). The rest are errata.

# %% [build]
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
        entries += [("average", mean, row.mean), ("spread", sd, row.sd)]
        for column, p, v in entries:
            if abs(v - float(p)) > last_digit_unit(p) + 1e-9:
                found.append((f"{row.dice}D", column, p, f"{v:.4f}"))
    return found


playtest_errata = errata(PRINTED_PLAYTEST_BRONZE, pool_table("playtest", "bronze"))
emit(table(["row", "column", "printed", "exact"], playtest_errata))

# %% [build]
ps_spread = {row.dice: row.sd for row in pool_table("playsheet", "bronze")}
notes = []
for row, column, printed, exact in playtest_errata:
    if column == "spread":
        n = int(row[:-1])
        match = abs(ps_spread[n] - float(printed)) <= last_digit_unit(printed) / 2
        notes.append(f"{row}: printed {printed}, exact {float(exact):.3f}; the Playsheet's {row} spread is "
                     f"{ps_spread[n]:.3f}, " + ("the printed value" if match else "no match"))
notes_list = "\n".join(f"* {note}" for note in notes)

# %% [markdown]
# Every *chance* in the playtest table is right; only entries of the
# **spread** column are not.
#
# <details><summary>For the curious: the spread, and where the wrong ones may come from</summary>
#
# The rule texts call the spread *sigma*; a statistician calls it the
# standard deviation. For *n* Bronze dice it is the square root of
# n × 1/3 × 2/3. Does any wrong entry match the Playsheet's D10 table
# (dice at 40 %), as if carried over from it?
#
# {{ notes_list }}
#
# Only the 2-dice spread fits the guess that it was carried over from the
# Playsheet table; the other wrong spreads match neither table and look
# like plain slips.
#
# </details>
#
# ## 5. The Playsheet's D10 tables, regenerated
#
# The Playsheet's task pools are D10s: a die passes on 7-10 for Bronze,
# 6-10 Silver, 5-10 Gold, 4-10 Platinum. Its "Bronze % chance of *at
# least*" table, regenerated for every rank from the rollers' playsheet
# odds (plain pools: no explosions, no KISS, no Ego), and then compared
# with the printed Bronze table the same way.

# %% [build]
for rank in CALIBERS:
    emit(f"### {rank.title()} % chance of at least... (D10)")
    emit(nerd_table(pool_table("playsheet", rank), unit="Passes"))

# %% [build]
PRINTED_PLAYSHEET_BRONZE = {  # dice: (at least 1.., average, sigma), as printed in the Playsheet
    1: (["40.00"], "0.4", "0.49"),
    2: (["64.0", "16.00"], "0.8", "0.69"),
    3: (["78.4", "35.20", "6.400"], "1.2", "0.85"),
    4: (["87", "52.5", "17.92", "2.560"], "1.6", "0.98"),
    5: (["92", "66.3", "31.74", "8.704", "1.024"], "2.0", "1.10"),
    6: (["95", "76.7", "45.57", "17.92", "4.096", "0.410"], "2.4", "1.20"),
    7: (["97", "84.1", "58.0", "28.98", "9.626", "1.884", "0.164"], "2.8", "1.30"),
    8: (["98", "89", "68.5", "40.59", "17.37", "4.981", "0.852", "0.066"], "3.2", "1.39"),
}
playsheet_errata = errata(PRINTED_PLAYSHEET_BRONZE, pool_table("playsheet", "bronze"))
emit(table(["row", "column", "printed", "exact"], playsheet_errata) if playsheet_errata else
     "The printed Playsheet table is right to within one unit of its last digit everywhere.")

# %% [markdown]
# ## 6. The Playsheet's summary table
#
# The Playsheet prints a summary table whose rows disagree with its own
# step-by-step rules. The rollers follow the step-by-step text:
#
# | row of the printed table | printed (Br, Si, Go, Pl) | the rules' text (what the rollers use) |
# |---|---|---|
# | natural success range *for checks* | none, 20, 19-20, 18-20 | 20, 19-20, 18-20, 17-20 |
# | natural success chance *per d20* | 0 %, 5 %, 10 %, 15 % | 5 %, 10 %, 15 %, 20 % |
# | pass range *for tasks* | d6 ranges: 5-6, 4-6, 3-6, 2-6 | D10: 7-10, 6-10, 5-10, 4-10 |
# | pass chance *per D6* | 33 %, 50 %, 67 %, 83 % | per D10: 40 %, 50 %, 60 %, 70 % |
#
# The task rows are the playtest rules' d6 ranges. The check row is not
# quite the playtest's either: there Bronze never auto-passes, Silver on 20
# and Gold on 19-20 as printed here, but Platinum also on 19-20, not
# 18-20. Its "Bronze % chance" table uses 40 % per die, which is the D10
# rule, so that table is the D10 one, and it is right.
#
# The rollers' own numbers for those rows:

# %% [build]
natural = {r: 21 - round(20 * playsheet_natural_pass(r)) for r in CALIBERS}  # lowest natural success face
passes = {r: 11 - round(10 * per_d10(r)) for r in CALIBERS}  # lowest passing D10 face
rows = [["natural success range for checks"] + [f"{natural[r]}-20" if natural[r] < 20 else "20" for r in CALIBERS],
        ["natural success chance per d20"] + [vw.percent(playsheet_natural_pass(r)) for r in CALIBERS],
        ["pass range for tasks (D10)"] + [f"{passes[r]}-10" for r in CALIBERS],
        ["pass chance per D10"] + [vw.percent(per_d10(r)) for r in CALIBERS]]
emit(table(["row"] + [r.title() for r in CALIBERS], rows))

# %% [markdown]
# ## 7. Your table's dice against the odds
#
# Playtesting with physical dice? In the live notebook, tick "I roll real
# dice" under a roller's Roll button: roll your own dice, type what they show, and the
# roller plays them by the rules and logs them (or import your table's
# log). The log compares what came up with what the exact odds expect, and
# says whether the difference looks like chance or like the dice: how often
# fair dice would roll a set as unlikely as yours. Rarer than 1 time in 20,
# and it says "check the dice". For a few rolls that is counted exactly;
# for many, it is estimated from {{ f"{fit_module.DRAWS:,}" }} sets of rolls
# drawn at random from the exact odds (the same on every machine), so it
# cannot say rarer than about 1 time in {{ f"{fit_module.DRAWS:,}" }}.
#
# Here 60 seeded rolls of Ada's task at one factor, then the same task
# logged with rolls of a smaller pool, as if someone had picked up the
# wrong dice:

# %% [build]
ada_task = {**PARTY["Ada"], "factors": 1}
fair = vw.fit(ada_task, [vw.roll(ada_task, seed=100 + i).outcome for i in range(60)])
wrong = vw.fit(ada_task, [vw.roll({**ada_task, "dice": 3}, seed=100 + i).outcome for i in range(60)])
fit_rows = lambda f: [[o, n, f"{e:.1f}"] for o, n, e in zip(f.outcomes, f.observed, f.expected)]

# %% [markdown]
# **The right dice:** {{ fair.verdict }}.
#
# {{ table(["successes", "rolled", "expected"], fit_rows(fair)) }}
#
# **The wrong dice:** {{ wrong.verdict }}{{ "" if wrong.method == "exact" else " (estimated from random draws)" }}.
#
# {{ table(["successes", "rolled", "expected"], fit_rows(wrong)) }}

# %% [markdown]
# ## Try it
#
# A task pool to read the tables against: 5 Silver dice at threshold 3,
# {{ vw.percent(vw.odds({"roll": "task", "caliber": "silver", "dice": 5, "factors": 2}).p_pass) }}
# to pass, as in its cell of the table of section 2. Played live, change the
# caliber, the dice and the factors, and compare each chance with its cell.

# %%
vw.TaskRoller(caliber="silver", dice=5, factors=2)

# %% [markdown]
# ## Recap
#
# * On a d20 check every step of the target costs the same, until the
#   natural 20 and 1 take over at the edges; the caliber only changes those
#   edges.
# * On a task each factor is a whole success more; the tables of section
#   2 show how fast that falls for each caliber and pool.
# * In the agora procedure each factor takes a die away, and a
#   challenging consequence costs as much as two standard ones.
# * The rule texts' printed tables are regenerated here; their chances
#   are right, some spreads are not.
# * Your own dice can be checked against the exact odds from a roll log.
#
# ## Exercises
#
# 1. A player has 5 Silver dice for a task. Which threshold comes closest
#    to an even chance?
# 2. A Bronze ability with score 3 attempts a check. What is the hardest
#    absolute difficulty (no factors) that still gives better than even
#    odds?

# %% [build]
near_even = min(range(1, 6), key=lambda t: abs(vw.odds({"roll": "task", "caliber": "silver", "dice": 5,
                                                         "factors": t - 1}).p_pass - 0.5))
p_even = vw.odds({"roll": "task", "caliber": "silver", "dice": 5, "factors": near_even - 1}).p_pass
better = [d for d in BASE if vw.odds(check_spec(BASE[d], caliber="bronze", score=3)).p_pass > 0.5]
hardest = better[-1]

# %% [markdown]
# <details><summary>Answers</summary>
#
# 1. **Threshold {{ near_even }}** ({{ vw.percent(p_even, 1) }}); one step either side is far from even, since on
#    a task each factor costs a whole success.
# 2. **{{ hardest }}** (target {{ BASE[hardest] }}):
#    {{ vw.percent(vw.odds(check_spec(BASE[hardest], caliber="bronze", score=3)).p_pass) }}; one step harder it
#    drops to {{ vw.percent(vw.odds(check_spec(BASE[hardest] + 5, caliber="bronze", score=3)).p_pass) }}.
#
# </details>

# %% [markdown]
# ---
# **Previous:** [Chapter 12: Running a session](12-running-a-session.ipynb) ·
# **Next:** [Chapter 10: The rule lab](10-the-rule-lab.ipynb) ·
# back to [Chapter 9: For Facilitators](09-facilitators.ipynb) ·
# [Glossary](../docs/glossary.md) · [the Facilitator's screen](../docs/fc_screen.md) · cheat sheets:
# [playtest](../docs/cheatsheet_playtest.md), [playsheet](../docs/cheatsheet_playsheet.md),
# [agora](../docs/cheatsheet_agora.md), [heresy](../docs/cheatsheet_heresy.md), [vers](../docs/cheatsheet_vers.md)
