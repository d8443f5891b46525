# Source of notebooks/06-editions-compared.ipynb (built by scripts/make_notebooks.py).

# %% [markdown]
# # Chapter 6: Editions compared
#
# The Venus Engine has been written down more than once, and it borrows
# from other games. The engine implements five procedures side by side:
#
# | edition id | what it is |
# |---|---|
# | `playtest` | the 1st Playtest Rules v0.2: d20 checks with bonus d6, d6 task pools, KISS and Ego |
# | `playsheet` | the Playsheet: d20 checks with flat +1/+2 factors, **D10** task pools, exploding 10s |
# | `agora` | the agora procedure: d6 pools, ranks 2-6 as face thresholds, difficulty removes dice |
# | `heresy` | Victoriana's Heresy Engine (for comparison): 1s and 6s succeed, black dice cancel |
# | `vers` | VERS (for comparison): 3d6 roll-under against 10 + ranks |
#
# This chapter puts **the same character** through each and plots the odds
# next to each other, then looks at what each design choice does.

# %%
import matplotlib.pyplot as plt
import numpy as np
from IPython.display import Markdown

import venus_widgets as vw

plt.rcParams.update({"figure.figsize": (7.0, 3.6), "figure.dpi": 80, "font.size": 10})
EDITION_COLOURS = {"playtest": "#c0392b", "playsheet": "#2874a6", "agora": "#229954",
                   "heresy": "#7d3c98", "vers": "#b9770e"}


def table(header, rows):
    """A Markdown table from a header and rows of cells."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return Markdown("\n".join(lines))


# %% [markdown]
# ## 1. One character, five rulebooks
#
# Our character is **competent but not special**: a trained professional.
# Each system says that its own way:
#
# | edition | the character |
# |---|---|
# | playtest | Silver ability, score 4; job level 3 (3 Silver d6, each 1 in 2) |
# | playsheet | Silver ability, score 4; job level 3, so a task pool of 3 + 4 = 7 D10 (each 1 in 2) |
# | agora | rank 4 (each die 1 in 2); 2 Health dice, 3 job dice |
# | heresy | a pool of 6 dice ("professional" in the Heresy Engine's table) |
# | vers | 3 ranks: competence target 13 or less on 3d6 |
#
# Each die succeeding half the time keeps the Venus editions comparable.

# %%
CHARACTER = {
    "playtest check": {"roll": "check", "caliber": "silver", "score": 4},
    "playtest task": {"roll": "task", "caliber": "silver", "dice": 3},
    "playsheet check": {"edition": "playsheet", "roll": "check", "rank": "silver", "score": 4},
    "playsheet task": {"edition": "playsheet", "roll": "task", "rank": "silver", "dice": 7},
    "agora check": {"edition": "agora", "roll": "check", "rank": 4, "health": 2},
    "agora task": {"edition": "agora", "roll": "task", "rank": 4, "health": 2, "job": 3},
    "heresy task": {"edition": "heresy", "pool": 6},
    "vers check": {"edition": "vers", "ranks": 3},
}
for name, spec in CHARACTER.items():
    print(f"{name:<16} {vw.odds(spec)}")

# %% [markdown]
# ## 2. Checks: each edition's difficulty ladder
#
# Every edition has a ladder of difficulty words. Here is our character's
# chance of passing on each rung, without bonuses. (The Heresy Engine has no
# separate check, so its task stands in.)

# %%
ladders = {
    "playtest": [(d, vw.odds({**CHARACTER["playtest check"], "difficulty": d}).p_pass)
                 for d in ["routine", "simple", "tough", "challenging", "absurd"]],
    "playsheet": [(f"{d} (×5={5 * d})", vw.odds({**CHARACTER["playsheet check"], "difficulty": d}).p_pass)
                  for d in range(1, 5)],
    "agora": [(d, vw.odds({**CHARACTER["agora check"], "difficulty": d}).p_pass)
              for d in ["standard", "challenging"]],
    "heresy": [(name, vw.odds({**CHARACTER["heresy task"], "black": b}).p_pass)
               for name, b in [("average", 0), ("difficult", 3), ("very difficult", 6),
                               ("incredibly", 9), ("extremely", 12)]],
    "vers": [(f"DR {dr}", vw.odds({**CHARACTER["vers check"], "penalty": dr}).p_pass) for dr in range(0, 11, 2)],
}
fig, axes = plt.subplots(1, 5, figsize=(11.0, 3.2), sharey=True)
for ax, (edition, rungs) in zip(axes, ladders.items()):
    labels, ps = zip(*rungs)
    ax.bar(range(len(ps)), ps, color=EDITION_COLOURS[edition])
    ax.set_xticks(range(len(ps)))
    ax.set_xticklabels(labels, rotation=45, ha="right", fontsize=8)
    ax.set_title(edition)
    ax.grid(alpha=0.3, axis="y")
axes[0].set_ylabel("P(pass)")
fig.suptitle("The same competent character on each edition's difficulty ladder")
fig.tight_layout()
plt.show()

# %% [markdown]
# ## 3. The shape of chance: d20, 3d6 and pools
#
# A **d20** is flat: every face 5 %, so each +1 to the target costs the same
# 5 points of chance, from the easiest task to the hardest. **3d6 roll-under**
# (VERS) is a bell: a +1 penalty costs little at the edges and up to 12.5
# points in the middle, so competence matters more and luck less. The
# playtest's **auto-pass and auto-fail faces** put floors and ceilings on
# the d20 that VERS does not have.

# %%
BASE = {"routine": 5, "simple": 10, "tough": 15, "challenging": 20, "absurd": 25}


def playtest_target(target):
    """Difficulty word + relative factors giving a playtest check target (5..29)."""
    word = max((d for d in BASE if BASE[d] <= target), key=BASE.get)
    return {"difficulty": word, "factors": target - BASE[word]}


shift = np.arange(-8, 12)
# playtest: target 14 + s (score 4: the d20 needs 10 + s); VERS: CT 13 against a penalty of s + 3
# (below 0, a lower penalty is the same as more ranks)
pt = [vw.odds({**CHARACTER["playtest check"], **playtest_target(14 + int(s))}).p_pass for s in shift]
vs = [vw.odds({"edition": "vers", "ranks": 3 + max(0, -int(s) - 3), "penalty": max(0, int(s) + 3)}).p_pass
      for s in shift]
fig, ax = plt.subplots()
ax.plot(shift, pt, marker="o", ms=3, color=EDITION_COLOURS["playtest"], label="playtest d20 (Silver, score 4)")
ax.plot(shift, vs, marker="s", ms=3, color=EDITION_COLOURS["vers"], label="VERS 3d6 (3 ranks)")
ax.set_xlabel("steps of difficulty (+1 to the target / +1 penalty)")
ax.set_ylabel("P(pass)")
ax.set_ylim(0, 1.02)
ax.grid(alpha=0.3)
ax.legend()
ax.set_title("Flat d20 against the 3d6 bell, lined up at 50 %")
plt.show()

# %% [markdown]
# ## 4. Tasks: how many successes?
#
# The distributions of successes for the same character's task in each
# pool edition. The Heresy Engine's outcome is *net* successes, which can go
# below zero (a foul failure) once black dice are rolled; here Difficult, 3
# black dice.

# %%
dists = {
    "playtest: 3 Silver d6": vw.odds(CHARACTER["playtest task"]),
    "playsheet: 7 Silver D10": vw.odds(CHARACTER["playsheet task"]),
    "playsheet: 7 D10, 10s explode": vw.odds({**CHARACTER["playsheet task"], "explode": True}),
    "agora: 5 d6 at rank 4": vw.odds(CHARACTER["agora task"]),
    "heresy: 6 dice, 3 black": vw.odds({**CHARACTER["heresy task"], "black": 3}),
}
colours = ["playtest", "playsheet", "playsheet", "agora", "heresy"]
fig, axes = plt.subplots(1, 5, figsize=(11.0, 3.0), sharey=True)
for ax, (name, o), edition in zip(axes, dists.items(), colours):
    ks = [k for k in sorted(o.distribution) if o.distribution[k] > 1e-4]
    ax.bar(ks, [o.distribution[k] for k in ks], color=EDITION_COLOURS[edition])
    ax.set_title(name, fontsize=8)
    ax.set_xlabel(f"mean {o.mean:.2f}, sd {o.sd:.2f}", fontsize=8)
axes[0].set_ylabel("probability")
fig.tight_layout()
plt.show()

# %% [markdown]
# ## 5. One more step of difficulty
#
# Each edition makes a task harder in its own way:
#
# * **playtest**: each factor raises the threshold by 1 (1 to 5);
# * **playsheet**: each factor raises the threshold by 1 or 2 (up to 12),
#   against a bigger pool;
# * **agora**: each factor **removes a die** from the pool (never the
#   helping die), and the number of successes needed stays put;
# * **heresy**: difficulty is **black dice**, each able to cancel a success.
#
# The plot follows our character as the FC adds factors (one black die per
# factor for the Heresy Engine, the seed's in-between steps).

# %%
fig, ax = plt.subplots()
f = np.arange(0, 5)
lines = {
    "playtest (+1 threshold)": [vw.odds({**CHARACTER["playtest task"], "factors": int(k)}).p_pass for k in f],
    "playsheet (+1 threshold)": [vw.odds({**CHARACTER["playsheet task"], "factors": [1] * int(k)}).p_pass for k in f],
    "agora (−1 die)": [vw.odds({**CHARACTER["agora task"], "factors": int(k)}).p_pass for k in f],
    "heresy (+1 black die)": [vw.odds({**CHARACTER["heresy task"], "black": int(k)}).p_pass for k in f],
}
for (label, ps), edition in zip(lines.items(), ["playtest", "playsheet", "agora", "heresy"]):
    ax.plot(f, ps, marker="o", color=EDITION_COLOURS[edition], label=label)
ax.set_xlabel("difficulty factors")
ax.set_ylabel("P(pass)")
ax.set_xticks(f)
ax.set_ylim(0, 1.02)
ax.grid(alpha=0.3)
ax.legend(fontsize=8)
ax.set_title("The same character, one factor at a time")
plt.show()

# %% [markdown]
# ## 6. KISS: the Venus Engine's signature
#
# Neither comparison system has anything like KISSing. In the Venus
# editions it turns resources (Lots, insight, stunts, specialties) into
# odds. Two KISSes for our character's task at threshold 3 (playtest),
# threshold 4 (playsheet) and two consequences (agora):

# %%
rows = []
for name, spec in [("playtest", {**CHARACTER["playtest task"], "factors": 2}),
                   ("playsheet", {**CHARACTER["playsheet task"], "difficulty": 2, "factors": [1, 1]}),
                   ("agora", {**CHARACTER["agora task"], "consequences": 2})]:
    row = [name]
    for kiss in range(3):
        row.append(f"{vw.odds({**spec, 'kiss': kiss}).p_pass:.1%}")
    rows.append(row)
table(["edition", "no KISS", "1 KISS", "2 KISSes"], rows)

# %% [markdown]
# ## 7. The Heresy Engine's examples, computed
#
# The Heresy Engine's text follows the explorer **Edward Applethwaite**.
#
# *Leaping an icy stream*: 5 dice of Athletics + 2 of Dexterity = 7 dice,
# 2 successes needed. The stream is wide: Difficult, 3 black dice.

# %%
for black, label in [(0, "average"), (3, "difficult (3 black dice)")]:
    o = vw.odds({"edition": "heresy", "pool": 7, "black": black})
    print(f"7 dice, {label:<25} P(at least 2 net) = {o.p_pass:.1%}, "
          f"P(foul failure) = {o.breakdown['foul failure']:.1%}")

# %% [markdown]
# His roll in the text, 1 1 2 3 4 4 6, is three successes (two 1s and a 6),
# and the 6 is rolled again for a chance of a fourth. How rare is doing at
# least that well with 7 dice?

# %%
o = vw.odds({"edition": "heresy", "pool": 7})
print(f"P(3 or more successes from 7 dice) = {o.at_least(3):.1%}")

# %% [markdown]
# *Punching Montague*: Applethwaite rolls Brawl 7 + Dexterity 2 = 9 dice,
# Montague dodges with 3 + 1 = 4 dice; whoever scores more wins (an
# *opposed roll*, which the engine does not model as one spec). The two rolls
# are independent, so the exact chance comes straight from the two
# distributions:

# %%
a = vw.odds({"edition": "heresy", "pool": 9}).distribution
m = vw.odds({"edition": "heresy", "pool": 4}).distribution
p_win = sum(pa * pm for sa, pa in a.items() for sm, pm in m.items() if sa > sm)
p_tie = sum(pa * pm for sa, pa in a.items() for sm, pm in m.items() if sa == sm)
print(f"Applethwaite wins {p_win:.1%}, ties {p_tie:.1%}, loses {1 - p_win - p_tie:.1%}")
print(f"...and wins by 2 or more, as in the text: "
      f"{sum(pa * pm for sa, pa in a.items() for sm, pm in m.items() if sa - sm >= 2):.1%}")

# %% [markdown]
# *Typical pools and trading dice*: the text says a pool of 6 "can
# automatically succeed at Average tasks" by trading 3 dice for each
# automatic success. Rolling instead is a gamble; trading is certain:

# %%
rows = []
for label, pool in [("amateur", 3), ("professional", 6), ("artisan", 9), ("master", 12),
                    ("legendary", 15), ("the stuff of epics", 20)]:
    roll_it = vw.odds({"edition": "heresy", "pool": pool})
    trade2 = vw.odds({"edition": "heresy", "pool": pool, "trade": 2}).p_pass if pool >= 6 else float("nan")
    rows.append([label, pool, f"{roll_it.p_pass:.1%}", f"{trade2:.1%}" if pool >= 6 else "—",
                 f"{vw.odds({'edition': 'heresy', 'pool': pool, 'black': 6}).p_pass:.1%}"])
table(["skill level", "pool", "Average: roll all", "Average: trade 6 for 2", "Very Difficult (6 black)"], rows)

# %% [markdown]
# ## 8. VERS, computed
#
# VERS's example: a Strength of 3 gives a competence target of "13/-"; a
# roll of 8 gives 5 degrees of success. The chance of each degree, with no
# penalty:

# %%
o = vw.odds({"edition": "vers", "ranks": 3})
print(f"CT 13: P(success) = {o.p_pass:.2%}, P(5 or more degrees) = {o.at_least(5):.2%}")
r = vw.roll({"edition": "vers", "ranks": 3}, seed=13)
print(r, r.details)

# %% [markdown]
# ## What each choice does
#
# * **A d20 for checks** (playtest, playsheet) makes every +1 worth the same
#   and lets talent (caliber) show only at the extremes. **3d6** (VERS)
#   rewards competence more steadily.
# * **Bonus d6, keep the highest** (playtest) makes each extra factor worth
#   less than the one before; the playsheet's **flat +1/+2** adds up
#   linearly, which is easier to reckon and more generous at the top.
# * **Thresholds** (playtest, playsheet) make difficulty a price in
#   successes; **removing dice** (agora) makes it a loss of chances, and
#   **black dice** (Heresy) add a risk of disaster (foul failure).
# * **Help as a single merged die** (agora) caps what a crowd can add;
#   **allies' dice** (playtest) add a die per ally, at most two.
# * **KISS and Ego** turn the player's resources and the story into odds;
#   the comparison systems have no such lever.
