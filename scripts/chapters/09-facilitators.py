# Source of notebooks/09-facilitators.ipynb (built by scripts/make_notebooks.py).

# %% [markdown]
# # Chapter 9: For Facilitators
#
# New words are explained in the [glossary](../docs/glossary.md).

# %% [markdown notebook-only]
# > **Run All to bring the rollers alive**: choose *Run → Run All Cells*.
# > Until you do, each roller on this page shows a still picture of its odds
# > (a chart and a table that do not move).

# %% [markdown]
# In the playtest rules your Peers judge a check's absolute difficulty
# (routine to absurd), and the Facilitator (FC) names the factors, for
# checks and tasks alike; the table trusts them to do it fairly. (In the
# Playsheet the Peers set a task's appropriate difficulty too; in the
# agora procedure the table discusses difficulty and consequences
# together.) This chapter is the FC's reference:
# first the tools that answer "which difficulty gives this party about
# the chance I want?" and "why is this number what it is?", then what each
# choice does to the odds, the rule of thumb for each edition, tables of
# odds by caliber and rank to keep at hand, the "tables for nerds" of the
# rule texts regenerated for every caliber, the places where the printed
# tables are wrong, and a check of your table's dice against the odds.

# %% [build]
from typing import NamedTuple

import matplotlib.pyplot as plt
import numpy as np

import importlib
fit_module = importlib.import_module("venus_widgets.engine.tools.fit")
from venus_widgets.engine.tools.party import setting_words

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


# %% [markdown]
# ## 1. Set a difficulty by the odds you want
#
# The question an FC asks most: *which difficulty gives my players about an
# even chance?* Take the three pregenerated characters (chapter 0), each
# about to attempt a task with their best job: Bruno with his mechanic job
# (3 Bronze dice) and a Lot ready for a KISS, Ada with her scout job (4
# Silver dice), Clara with her captain job (2 Gold dice) and two KISSes.
# You want each to have about **50 %**.

# %% [build]
PARTY = {"Bruno": {**task_of("Bruno", "mechanic", "Finesse"), "kiss": 1},
         "Ada": task_of("Ada", "scout", "Swiftness"),
         "Clara": {**task_of("Clara", "captain", "Wits"), "kiss": 2}}
party = vw.party_ladder(PARTY, target=0.5)
best = party.rungs[party.best]
party_rows = [[setting_words(setting), *(vw.percent(p) for p in party.chances[i]), vw.percent(party.party_chance(i))]
              for i, setting in enumerate(party.rungs)]

# %% [markdown]
# Every difficulty setting of a playtest task (the **ladder**: 0 to 4
# factors), with each character's exact chance to pass. The last column,
# **party**, is the three characters' chances averaged: the chance that a
# character picked at random from the party would pass.
#
# {{ table(["setting", *PARTY, "party (average)"], party_rows) }}
#
# Read across the rows: **{{ setting_words(best) }}** is nearest 50 % for the
# party ({{ vw.percent(party.party_chance(party.best)) }}), and for each
# character the nearest is
# {{ ", ".join(f"{name} at {setting_words(party.rungs[i])} ({vw.percent(party.chances[i][list(PARTY).index(name)])})" for name, i in party.best_for.items()) }}.
# One factor more or less moves a chance by a lot on a dice pool: pick the
# row, then adjust the story (an ally, a Lot) rather than the factors.
#
# The **FC's screen** does the same live: type or change the characters,
# move the target slider, and it marks (◆) the setting nearest the target
# for each character and (▶) for the party, says why in one line, explains
# any chance step by step, and prints the table. It lists the settings in
# the edition's order: fewer factors first (an agora task lists all its
# standard settings before the challenging ones, so there the chances do
# not always fall down the list). The table above is the same ladder.

# %% [markdown notebook-only]
# > Until you run the cell below, the screen
# > is only what was saved when this page was built: it does not move.

# %%
vw.FCScreen({"Bruno": {"roll": "task", "dice": 3, "kiss": 1}, "Ada": {"roll": "task", "caliber": "silver", "dice": 4}, "Clara": {"roll": "task", "caliber": "gold", "dice": 2, "kiss": 2}}, target=0.5)

# %% [markdown]
# > **In code** (skip this if you only set difficulties at the table): the
# > same table is `vw.party_ladder(party, target=0.5)`, with `.to_csv()` and
# > `.to_markdown()` to print; one character's ladder is `vw.ladder(spec)`,
# > the settings nearest a chance `vw.solve(spec, target, vary="factors")`,
# > and the step-by-step reasons `vw.explain(spec)`.
#
# ### Why a chance is what it is
#
# Ada's chance at two factors, unfolded step by step in the order the
# rules apply, the way the screen's *Explain* button shows it:

# %% [build]
why = vw.explain({**PARTY["Ada"], "factors": 2})
why_md = []
for line in (ln.strip() for ln in str(why).splitlines()):
    if line[:1].isdigit():
        number, step = line.split(". ", 1)
        why_md.append(f"{number}. " + ("\\" + step if step[:1] in "+-=" else step))  # not a nested list
    elif line:
        why_md += ["", f"**{line}**", ""]
emit("\n".join(why_md))

# %% [markdown]
# ## 2. The rule of thumb, edition by edition
#
# How much does one step of difficulty cost? It depends on the edition's
# dice. For a middling character of each edition (named in the table), the
# setting nearest an even chance, and what one step down the ladder costs
# while the chance stays between a tenth and nine tenths (computed from the
# engine's ladders, not typed):

# %% [build]
TYPICAL = {  # a middling character per edition and roll
    ("playtest", "check"): ({"caliber": "silver", "score": 4}, "Silver, score 4"),
    ("playtest", "task"): ({"caliber": "silver", "dice": 4}, "4 Silver dice"),
    ("playsheet", "check"): ({"rank": "silver", "score": 4}, "Silver, score 4"),
    ("playsheet", "task"): ({"rank": "silver", "dice": 4}, "4 Silver dice"),
    ("agora", "task"): ({"rank": 4, "health": 2, "job": 2}, "rank 4, Health 2, job 2"),
    ("heresy", "task"): ({"pool": 6}, "a pool of 6"),
    ("vers", "check"): ({"ranks": 3}, "3 ranks"),
}


def points(x):
    """Percentage points, whole unless the half matters (12.5)."""
    return f"{100 * x:.1f}".rstrip("0").rstrip(".")


def thumb(edition, roll, spec, words):
    rungs = vw.ladder({"edition": edition, "roll": roll, **spec})
    gap = min(abs(r.chance - 0.5) for r in rungs)
    even = [r for r in rungs if abs(r.chance - 0.5) <= gap + 0.005]  # a tie within half a point: both
    chances = sorted((r.chance for r in rungs), reverse=True)
    steps = [a - b for a, b in zip(chances, chances[1:]) if 0.1 <= b and a <= 0.9 and a > b]
    cost = (f"{points(min(steps))} to {points(max(steps))} points" if len(set(
        points(x) for x in steps)) > 1 else f"{points(steps[0])} points") if steps else "–"
    return [f"{edition} {roll}", words, " or ".join(f"{setting_words(r.setting)} ({vw.percent(r.chance)})" for r in even),
            cost, len(rungs)]


rows = [thumb(ed, roll, spec, words) for (ed, roll), (spec, words) in TYPICAL.items()]
emit(table(["edition", "character", "nearest an even chance", "one step costs (percentage points)", "settings"], rows))

# %% [markdown]
# Read it as: **on a d20 check every step is the same small cost, so
# fine-tune freely; on a dice pool each step is a big one, so one factor
# more or less is the whole decision.** The agora check has only two
# settings (standard and challenging) and is left out.
#
# %% [markdown]
# ## 3. Choosing difficulty and factors
#
# A few habits make rulings quick and fair:
#
# * **Roll only when something is at stake**, and say what failure means
#   *before* the dice are picked up.
# * **Absolute difficulty is about the action**, the same for anyone:
#   "picking this lock is tough". **Factors are about this attempt**: the
#   dark, the guard nearby, the wound, the person working against you.
# * **Name only the most pertinent factors**, at most four. On a check,
#   needing a fifth means the action was harder than first judged: start
#   over one step of absolute difficulty up. A task has no absolute
#   difficulty to raise (its threshold starts at 1 and stops at 5): keep
#   the four factors that matter most.
# * **Do not count a thing twice**: the storm that made the climb
#   "challenging" is not also a factor.
# * **Check or task?** A check is for a quick yes or no. When the outcome
#   has many parts, or the player cares how well it goes, make it a task.
#
# What does one factor cost? On a d20 check every +1 to the target takes
# away 5 points of P(pass), wherever you are (until the natural 20 or 1
# takes over). On a task one factor raises the threshold by a whole
# success, which can halve the odds or worse. ("0%" below means
# impossible: three dice cannot make four successes without Ego; "<1%"
# means possible but rare.)

# %% [build]
rows = []
for dice in [2, 3, 4, 5, 6]:
    ps = [vw.odds({"roll": "task", "caliber": "silver", "dice": dice, "factors": f}).p_pass for f in range(5)]
    rows.append([f"{dice} Silver dice"] + [pct(p) for p in ps])
emit(table(["task"] + [f"threshold {t}" for t in range(1, 6)], rows))

# %% [markdown]
# ## 4. Checks: odds by caliber and score
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
fig.colorbar(im, ax=axes, label="P(pass)", shrink=0.9)
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
# ## 5. Tasks: odds by caliber, pool and threshold
#
# P(pass) in percent with no KISS and no Ego, for pools of 1 to 8 dice
# against thresholds 1 to 5. In the cells, **✓** means 99.5 % or better,
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
fig.colorbar(im, ax=axes, label="P(pass)", shrink=0.9)
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
# ## 6. The tables for nerds, regenerated for every caliber
#
# The playtest rules print one table, "Bronze % chance of getting...": the
# chance of **at least** *k* successes from a plain pool (no KISS, no Ego),
# with the average number of successes and their spread, *sigma* (the
# larger it is, the further a single roll tends to land from the average;
# the table prints it, but you need it for nothing at the table). The engine
# regenerates it from the exact binomial odds, here for all four calibers.

# %% [build]
def at_least_cell(p):
    """A percentage to three decimals, halves rounded up as on paper (89.0625 -> 89.063),
    and a near-certainty never rounded up to 100 (``vw.percent``)."""
    return vw.percent(p / 100, 3).rstrip("%")


def nerd_table(rows, unit="Successes"):
    header = ["Dice"] + [f"{k} {unit[:-2] if k == 1 else unit}" for k in range(1, len(rows) + 1)] + ["Avg.", "± Sigma"]
    body = []
    for row in rows:
        cells = [at_least_cell(p) for p in row.at_least] + [""] * (len(rows) - len(row.at_least))
        body.append([f"**{row.dice}D**"] + cells + [f"**{row.mean:.2f}**", f"_{row.sd:.3f}_"])
    return table(header, body)


for cal in CALIBERS:
    emit(f"### {cal.title()} % chance of getting at least...")
    emit(nerd_table(pool_table("playtest", cal)))

# %% [markdown]
# ## 7. Errata in the printed tables
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
        entries += [("average", mean, row.mean), ("sigma", sd, row.sd)]
        for column, p, v in entries:
            if abs(v - float(p)) > last_digit_unit(p) + 1e-9:
                found.append((f"{row.dice}D", column, p, f"{v:.4f}"))
    return found


playtest_errata = errata(PRINTED_PLAYTEST_BRONZE, pool_table("playtest", "bronze"))
emit(table(["row", "column", "printed", "exact"], playtest_errata))

# %% [markdown]
# Every *chance* in the playtest table is right; only **sigma** entries are
# not. Sigma for *n* Bronze dice is √(n · 1/3 · 2/3). Does any wrong one
# match the Playsheet's D10 table (dice at 40 %), as if carried over from it?

# %% [build]
ps_sigma = {row.dice: row.sd for row in pool_table("playsheet", "bronze")}
notes = []
for row, column, printed, exact in playtest_errata:
    if column == "sigma":
        n = int(row[:-1])
        match = abs(ps_sigma[n] - float(printed)) <= last_digit_unit(printed) / 2
        notes.append(f"{row}: printed {printed}, exact {float(exact):.3f}; the Playsheet's {row} sigma is "
                     f"{ps_sigma[n]:.3f}, " + ("the printed value" if match else "no match"))
emit(("\n".join(f"* {note}" for note in notes)))

# %% [markdown]
# Only the 2-dice sigma fits the guess that it was carried over from the
# Playsheet table; the other wrong sigmas match neither table and look
# like plain slips.
#
# ## 8. The Playsheet's D10 tables, regenerated
#
# The Playsheet's task pools are D10s: a die passes on 7-10 for Bronze,
# 6-10 Silver, 5-10 Gold, 4-10 Platinum. Its "Bronze % chance of *at
# least*" table, regenerated for every rank from the engine's playsheet
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
# ## 9. The Playsheet's statistics table
#
# The Playsheet prints a summary table whose rows disagree with its own
# step-by-step rules. The engine follows the step-by-step text:
#
# | row of the printed table | printed (Br, Si, Go, Pl) | the rules' text (what the engine uses) |
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
# The engine's own numbers for those rows:

# %% [build]
natural = {r: 21 - round(20 * playsheet_natural_pass(r)) for r in CALIBERS}  # lowest natural success face
passes = {r: 11 - round(10 * per_d10(r)) for r in CALIBERS}  # lowest passing D10 face
rows = [["natural success range for checks"] + [f"{natural[r]}-20" if natural[r] < 20 else "20" for r in CALIBERS],
        ["natural success chance per d20"] + [vw.percent(playsheet_natural_pass(r)) for r in CALIBERS],
        ["pass range for tasks (D10)"] + [f"{passes[r]}-10" for r in CALIBERS],
        ["pass chance per D10"] + [vw.percent(per_d10(r)) for r in CALIBERS]]
emit(table(["row"] + [r.title() for r in CALIBERS], rows))

# %% [markdown]
# ## 10. Your table's dice against the odds
#
# Playtesting with physical dice? Tick "I roll real dice" under a
# roller's Roll button: roll your own dice, type what they show, and the
# roller plays them by the rules and logs them (or import your table's
# log). The log compares what came up with what the exact odds expect, and
# says whether the difference looks like chance or like the dice. Its
# **p-value** is the chance, if the dice are fair, of results at least as
# unusual as yours: a small one (below 0.05) says "these dice do not fit".
# For a few rolls it is counted exactly; for many, it is estimated from
# {{ f"{fit_module.DRAWS:,}" }} sets of rolls drawn at random from the exact
# odds (the same on every machine), so it cannot go below about 1 in
# {{ f"{fit_module.DRAWS:,}" }}.
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
# Test a ruling before you make it at the table. A check: set the
# difficulty you have in mind, add the factors you are about to name, and
# see what you are asking of the player.

# %%
vw.CheckRoller(caliber="bronze", score=3, difficulty="tough")

# %% [markdown]
# An agora task: type the consequences you are about to announce (up to
# four; each needs one success to subvert, two when the task is
# challenging), set the factors, and check that the odds feel right before
# the dice come out. What you type is shown as plain text.

# %%
vw.TaskRoller(edition="agora", rank=4, health=2, job=2, consequences=2, consequence_texts=["the guard hears you", "the lock jams"])

# %% [markdown]
# ## Recap
#
# * Your Peers judge a check's absolute difficulty; you name the factors, at
#   most four, the most pertinent ones, and say what failure means before
#   the roll.
# * On a d20 check every factor costs the same 5 percentage points; in a
#   task one factor is a whole success, often half the chance or more.
# * To aim at about 50 %: read the party's ladder (or the FC's screen) and
#   pick the setting nearest; adjust the story, not the factors, for the
#   rest.
# * The tables here regenerate the rule texts' odds, and say where the
#   printed ones are wrong.
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
# **Previous:** [Chapter 8: Editions compared](08-editions-compared.ipynb) ·
# **Next:** [Chapter 10: The rule lab](10-the-rule-lab.ipynb) ·
# back to the start: [Chapter 0](00-a-roll-from-start-to-finish.ipynb) ·
# [Glossary](../docs/glossary.md) · cheat sheets: [playtest](../docs/cheatsheet_playtest.md), [playsheet](../docs/cheatsheet_playsheet.md),
# [agora](../docs/cheatsheet_agora.md), [heresy](../docs/cheatsheet_heresy.md), [vers](../docs/cheatsheet_vers.md)
