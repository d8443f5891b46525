# Source of notebooks/08-editions-compared.ipynb (built by scripts/make_notebooks.py).

# %% [markdown]
# # Chapter 8: Editions compared
#
# New words are explained in the [glossary](../docs/glossary.md).

# %% [markdown notebook-only]
# > **Run All to bring the rollers alive**: choose *Run → Run All Cells*.
# > Until you do, each roller on this page shows a still picture of its odds
# > (a chart and a table that do not move).

# %% [markdown]
# The Venus Engine has been written down more than once: three drafts of
# its rules. Two other games, the Heresy Engine and VERS, are here only for
# comparison (they are not its ancestors): well-known dice systems to
# measure each choice against. The rollers play all five procedures side
# by side:
#
# | edition | what it is |
# |---|---|
# | playtest | the 1st Playtest Rules v0.2: d20 checks with bonus d6, d6 task pools, KISS and Ego |
# | playsheet | the Playsheet: d20 checks with flat +1/+2 factors, **D10** task pools, exploding 10s |
# | agora | the agora procedure: d6 pools, ranks 2-6 as face thresholds, difficulty removes dice |
# | heresy | Victoriana's Heresy Engine (for comparison): 1s and 6s succeed, black dice cancel |
# | vers | VERS (for comparison): 3d6 roll-under against 10 + ranks |
#
# This chapter puts **the same character** through each of them, plots the
# odds next to each other, and then says what each design choice does to
# play. The colours are a colour-blind-safe set (Okabe-Ito), and every line
# also has its own marker shape.

# %% [build]
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import MaxNLocator, PercentFormatter

from venus_widgets.tutorial import target_fields as playtest_target

setup_plots()
EDITIONS = ["playtest", "playsheet", "agora", "heresy", "vers"]
COLOUR = dict(zip(EDITIONS, ["#D55E00", "#0072B2", "#009E73", "#CC79A7", "#E69F00"]))  # Okabe-Ito
MARKER = dict(zip(EDITIONS, ["o", "s", "^", "D", "v"]))


def line(ax, xs, ys, edition, label):
    ax.plot(xs, ys, marker=MARKER[edition], ms=5, color=COLOUR[edition], label=label)


# %% [markdown]
# ## 1. One character, five rulebooks
#
# Our character is **competent but not special**: a trained professional.
# Each system says that its own way:
#
# | edition | the character |
# |---|---|
# | playtest | Silver ability, score 4; job level 3, so a task rolls 3 Silver d6 (each 1 in 2) |
# | playsheet | Silver ability, score 4; job level 3, so a task rolls 3 + 4 = 7 Silver D10 (each 1 in 2) |
# | agora | rank 4 (each die 1 in 2); 2 Health dice + 3 job dice |
# | heresy | a pool of 6 dice (the Heresy Engine's "professional") |
# | vers | 3 ranks: a competence target of 13 or less on 3d6 |
#
# Every die succeeding half the time keeps the Venus editions comparable.
#
# Now give them each **a moderately hard task**, in each edition's own
# words:

# %% [build]
CHARACTER = {
    "playtest": {"roll": "task", "caliber": "silver", "dice": 3},
    "playsheet": {"edition": "playsheet", "roll": "task", "rank": "silver", "dice": 7},
    "agora": {"edition": "agora", "roll": "task", "rank": 4, "health": 2, "job": 3},
    "heresy": {"edition": "heresy", "pool": 6},
    "vers": {"edition": "vers", "ranks": 3},
}
MODERATE = {
    "playtest": ({"factors": 1}, "one difficulty factor: threshold 2"),
    "playsheet": ({"difficulty": 2}, "appropriate difficulty 2: threshold 2"),
    "agora": ({"consequences": 2}, "standard, two consequences to subvert"),
    "heresy": ({"black": 3}, "Difficult: 3 black dice, 2 net successes needed"),
    "vers": ({"penalty": 3}, "moderately hard: difficulty rating 3"),
}
rows = []
for edition in EDITIONS:
    change, words = MODERATE[edition]
    o = vw.odds({**CHARACTER[edition], **change})
    rows.append([edition, words, vw.percent(o.p_pass, 1)])
emit(table(["edition", "a moderately hard task", "chance to pass"], rows))

# %% [markdown]
# The same words do not mean the same odds. The biggest gap is the
# Playsheet's: it adds the ability score to the job level, so its pools
# are more than twice as big, and its thresholds run up to 12 to make up
# for it. Difficulty words only compare within one edition.

# %% [markdown]
# ## 2. Checks: each edition's difficulty ladder
#
# Every edition has a ladder of difficulty words. Here is our character's
# chance of passing a **check** on each rung, without bonuses. (The Heresy
# Engine has no separate check, so its task stands in.)

# %% [build]
CHECK = {
    "playtest": {"roll": "check", "caliber": "silver", "score": 4},
    "playsheet": {"edition": "playsheet", "roll": "check", "rank": "silver", "score": 4},
    "agora": {"edition": "agora", "roll": "check", "rank": 4, "health": 2},
}
ladders = {
    "playtest": [(d, vw.odds({**CHECK["playtest"], "difficulty": d}).p_pass)
                 for d in ["routine", "simple", "tough", "challenging", "absurd"]],
    "playsheet": [(f"{d} (target {5 * d})", vw.odds({**CHECK["playsheet"], "difficulty": d}).p_pass)
                  for d in range(1, 5)],
    "agora": [(d, vw.odds({**CHECK["agora"], "difficulty": d}).p_pass) for d in ["standard", "challenging"]],
    "heresy": [(name, vw.odds({**CHARACTER["heresy"], "black": b}).p_pass)
               for name, b in [("average", 0), ("difficult", 3), ("very difficult", 6),
                               ("incredibly", 9), ("extremely", 12)]],
    "vers": [(f"DR {dr}", vw.odds({**CHARACTER["vers"], "penalty": dr}).p_pass) for dr in range(0, 11, 2)],
}
fig, axes = plt.subplots(1, 5, figsize=(11.5, 3.4), sharey=True)
for ax, (edition, rungs) in zip(axes, ladders.items()):
    labels, ps = zip(*rungs)
    bars = ax.bar(range(len(ps)), ps, color=COLOUR[edition])
    # "0%" only when impossible: VERS at DR 10 still passes 0.46 % of the time
    ax.bar_label(bars, [vw.percent(p) for p in ps], fontsize=7)
    ax.set_xticks(range(len(ps)))
    ax.set_xticklabels(labels, rotation=45, ha="right", fontsize=8)
    ax.set_title(edition)
    ax.set_ylim(0, 1.1)
    ax.grid(alpha=0.3, axis="y")
axes[0].set_ylabel("chance to pass")
axes[0].yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
fig.suptitle("The same competent character on each edition's difficulty ladder")
fig.tight_layout()
# the Heresy chart shows its named rungs (0 to 12 black dice); the Facilitator's ladder goes on to 36
heresy_ladder = vw.ladder(CHARACTER["heresy"])
beyond = {e: "" for e in ladders}
beyond["heresy"] = (f" at {heresy_ladder[len(ladders['heresy']) - 1].setting['black']} black dice (the chart shows "
                    f"{len(ladders['heresy'])} of the ladder's {len(heresy_ladder)} rungs), "
                    f"and on to {vw.percent(heresy_ladder[-5].chance, 2)} at {heresy_ladder[-5].setting['black']} "
                    f"black dice and {vw.percent(heresy_ladder[-1].chance, 2)} at {heresy_ladder[-1].setting['black']}")
show(fig, alt="Five bar charts, one per edition, of the same competent character's chance to pass on each rung of "
              "that edition's difficulty ladder, easiest first: "
              + "; ".join(f"{e} {vw.percent(r[0][1])} down to {vw.percent(r[-1][1])}{beyond[e]}"
                          for e, r in ladders.items()) + ".")

# %% [markdown]
# The agora check has only two rungs, because its difficulty lives
# elsewhere: wounds take Health dice away, and a task's factors remove
# dice. The Heresy Engine's ladder never reaches zero: black dice cancel
# successes, but a lucky pool can outrun them.

# %% [markdown]
# ## 3. The shape of chance: d20 against 3d6
#
# A **d20** is flat: every face is 5 %, so each +1 to the target costs the
# same 5 points of chance, from the easiest task to the hardest. **3d6 roll
# under** (VERS) is a bell: a +1 penalty costs little at the edges and up
# to 12.5 points in the middle, so competence matters more and luck less.
# The playtest's **automatic pass and fail faces** put a floor and a
# ceiling on the d20 that VERS does not have. The plot lines both up where
# each is an even chance.

# %% [build]
shift = np.arange(-8, 12)
# playtest: Silver, score 4, target 15 + s (the d20 needs 11 + s: 50 % at s = 0);
# VERS: CT 13 against a penalty of 3 + s (3d6 <= 10 is 50 %); below a penalty of 0, more ranks instead
pt = [vw.odds({**CHECK["playtest"], **playtest_target(15 + int(s))}).p_pass for s in shift]
vs = [vw.odds({"edition": "vers", "ranks": 3 + max(0, -int(s) - 3), "penalty": max(0, int(s) + 3)}).p_pass
      for s in shift]
fig, ax = plt.subplots()
line(ax, shift, pt, "playtest", "playtest d20 (Silver, score 4)")
line(ax, shift, vs, "vers", "VERS 3d6 (3 ranks)")
ax.set_xlabel("steps of difficulty from an even chance (+1 to the target / +1 penalty)")
ax.set_ylabel("chance to pass")
ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
ax.xaxis.set_major_locator(MaxNLocator(integer=True))
ax.set_ylim(0, 1.02)
ax.grid(alpha=0.3)
ax.legend()
ax.set_title("Flat d20 against the 3d6 bell")
show(fig, alt="Two lines of the chance to pass against steps of difficulty from an even chance: the playtest d20 falls "
              f"evenly by 5 points a step from {pt[0]:.0%} to {pt[-1]:.0%}, while the VERS 3d6 bell falls slowly "
              f"at the ends and steeply in the middle, from {vs[0]:.0%} to {vw.percent(vs[-1])}.")

# %% [build]
hard8, easy8 = list(shift).index(8), list(shift).index(-8)
emit((
    f"Eight steps harder than an even chance, the d20 still gives {pt[hard8]:.0%} (its automatic 20, and "
    f"ordinary high rolls); 3d6 gives {'nothing' if vs[hard8] == 0 else f'{vs[hard8]:.1%}'}. Eight steps easier, "
    f"the d20 still fails {1 - pt[easy8]:.0%} of the time, one roll in {round(1 / (1 - pt[easy8]))} (the natural 1, "
    f"and a 2 that falls short of the target); 3d6 {'never does' if vs[easy8] == 1 else f'fails {1 - vs[easy8]:.1%}'}."))

# %% [markdown]
# ## 4. Making up a shortfall on a check
#
# Both d20 editions let you argue for up to four **bonus factors**, but they
# pay out differently:
#
# * playtest: roll **one d6 per factor and add the highest**;
# * playsheet: add a flat **+1 per factor, or +2** when a factor applies
#   several times (at most +8).
#
# Our character against target 18 (the playtest's "tough" + 3 factors; the
# Playsheet's difficulty 3 + factors of +1 and +2):

# %% [build]
pt_spec = {**CHECK["playtest"], **playtest_target(18)}
ps_spec = {**CHECK["playsheet"], "difficulty": 3, "factors": [1, 2]}
k = np.arange(0, 5)
fig, ax = plt.subplots()
line(ax, k, [vw.odds({**pt_spec, "bonus_factors": int(n)}).p_pass for n in k], "playtest",
     "playtest: highest of n d6")
ax.plot(k, [vw.odds({**ps_spec, "bonus": [1] * int(n)}).p_pass for n in k], marker=MARKER["playsheet"],
        color=COLOUR["playsheet"], ls="--", label="playsheet: +1 per factor")
line(ax, k, [vw.odds({**ps_spec, "bonus": [2] * int(n)}).p_pass for n in k], "playsheet",
     "playsheet: +2 per factor")
ax.set_xlabel("bonus factors")
ax.set_ylabel("chance to pass, target 18")
ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
ax.set_xticks(k)
ax.set_ylim(0, 1.02)
ax.grid(alpha=0.3)
ax.legend()
ax.set_title("Silver, score 4: what each bonus factor buys")
bonus_pt = [vw.odds({**pt_spec, "bonus_factors": int(n)}).p_pass for n in k]
bonus_ps = [vw.odds({**ps_spec, "bonus": [2] * int(n)}).p_pass for n in k]
show(fig, alt="Lines of the chance to pass at target 18 against 0 to 4 bonus factors for a Silver score-4 check: the "
              f"playtest's highest d6 climbs from {bonus_pt[0]:.0%} to {bonus_pt[-1]:.0%}, the playsheet's "
              f"+2 per factor from {bonus_ps[0]:.0%} to {bonus_ps[-1]:.0%}, and +1 per factor more slowly.")

# %% [markdown]
# The first playtest bonus die is worth a lot (+3.5 on average) and each
# further one less, since only the highest counts. The Playsheet's flat
# bonuses add up steadily and can reach +8, beyond any d6. (The editions'
# different automatic passes for Silver, a natural 20 in the playtest
# rules and 19-20 in the Playsheet, make no difference at this target:
# those faces pass anyway.)

# %% [markdown]
# ## 5. Tasks: how many successes?
#
# The chance of each number of successes in the moderately hard task of
# section 1. Filled bars pass; hatched grey bars fail. The Heresy Engine
# counts *net* successes (successes minus cancelling black dice), which
# can go below zero: a **foul failure**.

# %% [build]
panels = [
    ("playtest: 3 Silver d6", "playtest", {**CHARACTER["playtest"], "factors": 1}),
    ("playsheet: 7 Silver D10", "playsheet", {**CHARACTER["playsheet"], "difficulty": 2}),
    ("playsheet: 7 D10, 10s explode", "playsheet", {**CHARACTER["playsheet"], "difficulty": 2, "explode": True}),
    ("agora: 5 d6 at rank 4", "agora", {**CHARACTER["agora"], "consequences": 2}),
    ("heresy: 6 dice, 3 black", "heresy", {**CHARACTER["heresy"], "black": 3}),
]
fig, axes = plt.subplots(1, 5, figsize=(11.5, 3.2), sharey=True)
for ax, (name, edition, spec) in zip(axes, panels):
    o = vw.odds(spec)
    ks = [k for k in sorted(o.distribution) if o.distribution[k] > 1e-4]
    ps = [o.distribution[k] for k in ks]
    won = [(k, p) for k, p in zip(ks, ps) if k >= o.threshold]
    lost = [(k, p) for k, p in zip(ks, ps) if k < o.threshold]
    ax.bar(*zip(*won), color=COLOUR[edition], edgecolor="#555555", linewidth=0.5)
    ax.bar(*zip(*lost), color="#dddddd", hatch="///", edgecolor="#555555", linewidth=0.5)
    ax.set_title(name, fontsize=8)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(f"passes {vw.percent(o.p_pass)}; {o.mean:.1f} successes on average", fontsize=8)
axes[0].set_ylabel("chance")
axes[0].yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
fig.tight_layout()
show(fig, alt="Five bar charts of how many successes each edition's pool gives, passing results coloured and "
              "failing ones hatched grey: " + "; ".join(f"{name} passes {vw.percent(vw.odds(spec).p_pass)}"
                                                         for name, _, spec in panels) + ".")

# %% [build]
magic = vw.odds({"edition": "playsheet", "roll": "task", "rank": "silver", "dice": 7, "difficulty": 2, "explode": True})
magic_plain = vw.odds({"edition": "playsheet", "roll": "task", "rank": "silver", "dice": 7, "difficulty": 2})

# %% [markdown]
# **Exploding** 10s barely move the chance of passing a low threshold, but they
# stretch the tail: with magic or advanced technology, a great result
# becomes possible. The Heresy Engine's re-rolled 6s do the same, and its
# black dice add a real chance of disaster.
#
# The Playsheet's task with magic, in the roller below: seven Silver dice
# at difficulty 2, 10s exploding. Exploding moves its chance to pass only
# from {{ vw.percent(magic_plain.p_pass, 1) }} to {{ vw.percent(magic.p_pass, 1) }},
# but its chance of a critical success (twice the threshold) from
# {{ vw.percent(magic_plain.at_least(2 * magic.threshold)) }} to
# {{ vw.percent(magic.at_least(2 * magic.threshold)) }}, and it makes more
# than seven successes, which plain dice never can,
# {{ vw.percent(magic.at_least(8)) }} of the time. Played live, tick and
# untick *explode* and the chart's tail follows; raise the difficulty and
# add +1/+2 factors until the threshold is a real challenge for seven dice.

# %%
vw.TaskRoller(edition="playsheet", rank="silver", dice=7, difficulty=2, explode=True)

# %% [markdown]
#
#
# ## 6. One more step of difficulty
#
# Each edition makes a task harder in its own way:
#
# * **playtest**: each factor raises the threshold by 1 (1 to 5);
# * **playsheet**: each factor raises the threshold by 1 or 2 (up to 12),
#   against a bigger pool;
# * **agora**: each factor **removes a die** from the main pool (never the
#   helping die); the successes needed stay the same;
# * **heresy**: difficulty is **black dice**, each able to cancel a success.
#
# The plot follows the moderately hard task as the FC adds factors. For
# the Heresy Engine a step is one rung of its difficulty ladder, **3 more
# black dice** (Difficult 3, Very Difficult 6, Incredibly Difficult 9...):
# its text allows black dice in between, but it rates difficulty in
# threes.

# %% [build]
f = np.arange(0, 5)
series = {
    "playtest": ("playtest (+1 threshold; at most 4 factors)",
                 [vw.odds({**CHARACTER["playtest"], "factors": 1 + int(n)}).p_pass for n in f[:4]]),
    "playsheet": ("playsheet (+1 threshold)",
                  [vw.odds({**CHARACTER["playsheet"], "difficulty": 2, "factors": [1] * int(n)}).p_pass for n in f]),
    "agora": ("agora (one die fewer)",
              [vw.odds({**CHARACTER["agora"], "consequences": 2, "factors": int(n)}).p_pass for n in f]),
    "heresy": ("heresy (+3 black dice, one rung)",
               [vw.odds({**CHARACTER["heresy"], "black": 3 + 3 * int(n)}).p_pass for n in f]),
}
fig, ax = plt.subplots()
for edition, (label, ps) in series.items():
    line(ax, f[:len(ps)], ps, edition, label)
ax.set_xlabel("extra difficulty factors\n(Heresy: rungs of 3 black dice)")
ax.set_ylabel("chance to pass")
ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
ax.set_xticks(f)
ax.set_ylim(0, 1.02)
ax.grid(alpha=0.3)
ax.legend(fontsize=8)
ax.set_title("The same moderately hard task, one more factor at a time")
show(fig, alt="Lines of the chance to pass against 0 to 4 extra difficulty factors for the same task in four editions: "
              + "; ".join(f"{e} from {vw.percent(ps[0])} to {vw.percent(ps[-1])}" for e, (_, ps) in series.items())
              + ".")

# %% [build]
rungs = series["heresy"][1]
emit((
    "The playtest line falls fastest: every factor costs a whole success from only three dice, and from "
    "threshold 4 on three dice cannot pass at all without Ego's doubled 6s (and a fifth factor is not "
    "allowed). The agora line falls late and then steeply: losing dice hurts little while there are plenty, "
    "a lot once the pool is nearly gone. The Heresy Engine's rungs cost "
    + ", ".join(f"{100 * (a - b):.0f}" for a, b in zip(rungs, rungs[1:]))
    + " points of the chance to pass: each rung of black dice is a big step at first, smaller as the odds run out, "
    "but the line never quite reaches zero."))

# %% [markdown]
# ## 7. Help: a die per ally, or one merged die
#
# How much can a crowd add? The same character gets help from friends
# **just as able as they are** (Silver, or rank 4):
#
# * playtest: each ally adds a die, **at most two**;
# * playsheet: each ally adds a D10, **at most three**;
# * agora: everyone may help, but their help **merges into one die**: two
#   rank-4 helpers make one rank-3 die, four make one rank-2 die. Three
#   cannot merge, so only two are accepted.
#
# The task: the moderately hard one with one more factor.

# %% [build]
TASK7 = {"playtest": {**CHARACTER["playtest"], "factors": 2},
         "playsheet": {**CHARACTER["playsheet"], "difficulty": 2, "factors": [1]},
         "agora": {**CHARACTER["agora"], "consequences": 2, "factors": 1}}
helpers = np.arange(0, 5)
fig, ax = plt.subplots()
line(ax, helpers[:3], [vw.odds({**TASK7["playtest"], "allies": ["silver"] * int(n)}).p_pass
                       for n in helpers[:3]], "playtest", "playtest allies (max 2)")
line(ax, helpers[:4], [vw.odds({**TASK7["playsheet"], "allies": ["silver"] * int(n)}).p_pass for n in helpers[:4]],
     "playsheet", "playsheet allies (max 3)")
agora_help = []
for n in helpers:
    try:
        accepted = [4] * int(n)
        vw.merge(accepted)
    except vw.MergeError as err:
        accepted = list(err.best)
    agora_help.append(vw.odds({**TASK7["agora"], "helpers": accepted}).p_pass)
line(ax, helpers, agora_help, "agora", "agora helpers, merged")
ax.set_xlabel("friends offering help (each as able as the character)")
ax.set_ylabel("chance to pass")
ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
ax.set_xticks(helpers)
ax.set_ylim(0, 1.02)
ax.grid(alpha=0.3)
ax.legend(fontsize=8)
ax.set_title("What a crowd adds")
show(fig, alt="Lines of the chance to pass against 0 to 4 friends offering help: playtest allies (at most 2) take the task "
              f"from {vw.percent(vw.odds(TASK7['playtest']).p_pass)} to "
              f"{vw.percent(vw.odds({**TASK7['playtest'], 'allies': ['silver'] * 2}).p_pass)}, playsheet allies "
              f"(at most 3) to {vw.percent(vw.odds({**TASK7['playsheet'], 'allies': ['silver'] * 3}).p_pass)}, and "
              f"merged agora helpers from {vw.percent(agora_help[0])} to {vw.percent(agora_help[-1])}.")

# %% [markdown]
# In the playtest rules a single ally is a big deal for a small pool. The
# agora merge gives diminishing returns by design (a third helper of the
# same rank adds nothing until a fourth joins), but four helpers make an
# automatic-looking 5-in-6 die. The Heresy Engine has group rolls instead
# (helpers roll their skill and add their successes), which no roller in
# this book rolls.
#
# ## 8. KISS and Ego: the Venus Engine's signature
#
# Neither comparison system has anything like KISSing: turning the
# player's resources and the story (Lots, insight, stunts, specialties)
# into re-rolls. Each Venus edition also has Ego, which doubles its best
# face: 6s in the playtest rules (Ego's *double 6s*) and the agora
# procedure, 10s in the Playsheet. The same task as in section 7 (the
# moderately hard one with one more factor), without help:

# %% [build]
hard = TASK7
ego_on = {"playtest": "double6", "playsheet": True, "agora": True}
steps = ["no KISS", "1 KISS", "2 KISSes", "2 KISSes + Ego"]
fig, axes = plt.subplots(len(hard), 1, sharex=True)
for i, (ax, edition) in enumerate(zip(axes, hard)):
    ps = [vw.odds({**hard[edition], "kiss": k}).p_pass for k in range(3)]
    ps.append(vw.odds({**hard[edition], "kiss": 2, "ego": ego_on[edition]}).p_pass)
    bars = ax.barh(np.arange(4), ps, 0.7, color=COLOUR[edition], hatch=["", "..", "//"][i], edgecolor="white")
    ax.bar_label(bars, [vw.percent(p) for p in ps], padding=3)
    ax.set_yticks(np.arange(4), steps)
    ax.invert_yaxis()
    ax.set_xlim(0, 1.25)
    ax.grid(alpha=0.3, axis="x")
    ax.set_title(edition)
axes[-1].set_xlabel("chance to pass")
axes[-1].xaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
fig.suptitle("What KISSes and Ego buy on a hard task")
show(fig, alt="Bars of the chance to pass on a hard task with no KISS, 1 KISS, 2 KISSes and 2 KISSes plus Ego in three "
              "editions: " + "; ".join(
                  f"{e} from {vw.percent(vw.odds(hard[e]).p_pass)} to "
                  f"{vw.percent(vw.odds({**hard[e], 'kiss': 2, 'ego': ego_on[e]}).p_pass)}" for e in hard) + ".")

# %% [build]
gain = {e: vw.odds({**hard[e], "kiss": 2, "ego": ego_on[e]}).p_pass - vw.odds({**hard[e], "kiss": 2}).p_pass
        for e in hard}
emit((
    "In every edition the first KISS is worth the most and the second less. Ego helps most where the dice "
    f"alone fall short: on the playtest task it adds {100 * gain['playtest']:.0f} points, because three dice "
    "rarely make three successes but a single 6 now counts twice. On the D10 pool, where a 10 is only one "
    f"face in ten, it adds {100 * gain['playsheet']:.0f} points, and on the agora pool, which already passes "
    f"most of the time, {100 * gain['agora']:.0f}."))

# %% [markdown]
#
# ## 9. When things go very wrong (or very right)
#
# Each edition has its own extreme results, and they are not equally
# common. For the moderately hard task of section 1 (checks: the "tough"
# target 15):

# %% [build]
pt_check = vw.odds({**CHECK["playtest"], "difficulty": "tough"})
ps_task = vw.odds({**CHARACTER["playsheet"], "difficulty": 2})
ag_task = vw.odds({**CHARACTER["agora"], "consequences": 2})
he_task = vw.odds({**CHARACTER["heresy"], "black": 3})
vers_odds = vw.odds({**CHARACTER["vers"], "penalty": 3})
rows = [
    ["playtest check", "natural 1: automatic fail (not for Platinum)", vw.percent(pt_check.breakdown['auto-fail'], 1)],
    ["playtest check", "natural 20: automatic pass (Silver)", vw.percent(pt_check.breakdown['auto-pass'], 1)],
    ["playsheet task", "critical failure: passes at most half the threshold",
     vw.percent(ps_task.breakdown['critical failure'], 1)],
    ["playsheet task", "critical success: passes at least twice the threshold",
     vw.percent(ps_task.breakdown['critical success'], 1)],
    ["agora task", "snake eyes (two 1s): a success with a bane or a failure with a boon", vw.percent(ag_task.p_critical, 1)],
    ["heresy task", "foul failure: more black successes than your own", vw.percent(he_task.breakdown['foul failure'], 1)],
    ["vers check", "5 or more degrees of failure", vw.percent(vers_odds.at_most(-5), 1)],
    ["vers check", "5 or more degrees of success", vw.percent(vers_odds.at_least(5), 1)],
]
emit(table(["roll", "extreme result", "chance"], rows))

# %% [markdown]
# Snake eyes in the agora procedure is a twist, not a disaster: a pass
# still passes, with a sting. The Heresy Engine's foul failure is a real
# catastrophe, and with black dice it is common. The Playsheet's criticals
# depend on the threshold: a big pool against a low threshold makes a
# critical success common (here, as the table shows, as likely as not).
#
# ## 10. The Heresy Engine's examples, computed
#
# The Heresy Engine's text follows the explorer **Edward Applethwaite**.
#
# *Leaping an icy stream*: 5 dice of Athletics + 2 of Dexterity = 7 dice,
# 2 successes needed. The stream is wide: Difficult, 3 black dice.

# {{ table(["7 dice", "at least 2 net successes (a pass)", "a foul failure"],
#          [[label, vw.percent(vw.odds({"edition": "heresy", "pool": 7, "black": b}).p_pass, 1),
#            vw.percent(vw.odds({"edition": "heresy", "pool": 7, "black": b}).breakdown["foul failure"], 1)]
#           for b, label in [(0, "Average"), (3, "Difficult (3 black dice)")]]) }}

# %% [markdown]
# His roll in the text, 1 1 2 3 4 4 6, is three successes (two 1s and a 6),
# and the 6 is rolled again for a chance of a fourth (it shows a 3, so he
# keeps three).
#
# **A caveat for playtesters**: the text's black-dice example contradicts
# itself. It says Applethwaite "rolled 2 successes" (if it means the roll
# above, he had three; it may mean another roll, which the text does not
# show: this is our reading), and
# calls the 1 net success left after one black 6 "just enough to
# succeed", although two are needed (one is at most a partial victory, if
# the Gamesmaster grants it). The roller follows the rule, not the
# example: 2 net successes are needed, so his three successes less one
# black success leave two, a pass.
#
# Was his roll lucky? The chance of 3 or more successes from 7 dice is
# {{ vw.percent(vw.odds({"edition": "heresy", "pool": 7}).at_least(3), 1) }}.

# %% [build]
def leap(black, trade=0):
    """Applethwaite's chance to pass his leap (7 dice) against ``black`` black dice, trading ``trade``."""
    return vw.odds({"edition": "heresy", "pool": 7, "black": black, "trade": trade}).p_pass


# %% [markdown]
# *Punching Montague*: Applethwaite rolls Brawl 7 + Dexterity 2 = 9 dice,
# Montague dodges with 3 + 1 = 4 dice; whoever scores more wins (an
# *opposed roll*, which no roller here makes as one roll). The two
# rolls do not touch each other, so the exact chance comes straight from
# the odds of each number of successes on either side:

# %% [build]
a = vw.odds({"edition": "heresy", "pool": 9}).distribution
m = vw.odds({"edition": "heresy", "pool": 4}).distribution
p_win = sum(pa * pm for sa, pa in a.items() for sm, pm in m.items() if sa > sm)
p_tie = sum(pa * pm for sa, pa in a.items() for sm, pm in m.items() if sa == sm)
p_by2 = sum(pa * pm for sa, pa in a.items() for sm, pm in m.items() if sa - sm >= 2)

# %% [markdown]
# Applethwaite wins {{ vw.percent(p_win, 1) }} of the time, ties
# {{ vw.percent(p_tie, 1) }} and loses {{ vw.percent(1 - p_win - p_tie, 1) }};
# he wins by 2 or more, as in the text, {{ vw.percent(p_by2, 1) }} of the time.

# %% [markdown]
# Applethwaite's leap, in the roller below: his 7 dice against 3 black
# dice (Difficult) pass {{ vw.percent(leap(3), 1) }} of the time; against 6
# (Very Difficult) {{ vw.percent(leap(6), 1) }}; trading 3 dice for one
# automatic success against 3 black dice, {{ vw.percent(leap(3, 1), 1) }}.
# Played live, change the black dice and the trade, and roll: 6s are
# re-rolled for extra successes, and black dice cancel them.

# %%
vw.PoolRoller(edition="heresy", pool=7, black=3)

# %% [markdown]
# *Typical pools and trading dice*: the text's table of typical pools, and
# its note that a pool of 6 "can automatically succeed at Average tasks" by
# trading 3 dice for each automatic success. Rolling instead is a gamble;
# trading 6 dice for 2 automatic successes passes an Average task for
# certain, since with no black dice nothing can take a success away (the
# dice left over can only add more). Against black dice trading is no
# longer certain: automatic successes do not remove black dice, though
# enough of them can make up for what the black dice cancel.

# %% [build]
traded = vw.odds({"edition": "heresy", "pool": 6, "trade": 2})
assert traded.p_pass == 1 and traded.exact.p_pass == 1  # 2 automatic successes alone pass an Average task
rows = []
for label, pool in [("amateur", 3), ("professional", 6), ("artisan", 9), ("master", 12),
                    ("legendary", 15), ("the stuff of epics", 20)]:
    roll_it = vw.odds({"edition": "heresy", "pool": pool})
    rows.append([label, pool, vw.percent(roll_it.p_pass, 1), "100% (certain)" if pool >= 6 else "—",
                 vw.percent(vw.odds({'edition': 'heresy', 'pool': pool, 'black': 6}).p_pass, 1)])
emit(table(["skill level", "pool", "Average: roll all", "Average: trade 6 dice for 2", "Very Difficult (6 black)"], rows))

# %% [markdown]
# ## 11. VERS, computed
#
# VERS's example: a Strength of 3 gives a competence target of "13/-"; a
# roll of 8 gives 5 degrees of success. The chance of each number of
# degrees, with no penalty, and one seeded roll:

# %% [build]
o = vw.odds({"edition": "vers", "ranks": 3})
emit(f"With a competence target of 13 and no penalty, a roll succeeds {vw.percent(o.p_pass, 1)} of the time, "
     f"and makes 5 or more degrees of success {vw.percent(o.at_least(5), 1)} of the time.")
degrees = sorted(o.distribution)
fig, ax = plt.subplots(figsize=(7.0, 2.8))
ax.bar([d for d in degrees if d >= 0], [o.distribution[d] for d in degrees if d >= 0], color=COLOUR["vers"],
       edgecolor="#555555", linewidth=0.5)
ax.bar([d for d in degrees if d < 0], [o.distribution[d] for d in degrees if d < 0], color="#dddddd",
       hatch="///", edgecolor="#555555", linewidth=0.5)
ax.set_xlabel("degrees (below 0: degrees of failure, hatched)")
ax.set_ylabel("chance")
ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
ax.xaxis.set_major_locator(MaxNLocator(integer=True))
ax.set_title("VERS, CT 13, no penalty")
show(fig, alt=f"Bars of the chance of each number of degrees on a VERS check at CT 13, a bell from "
              f"{str(min(degrees)).replace('-', '−')} to {max(degrees)}: success (0 or more, coloured) {vw.percent(o.p_pass)}, "
              f"failure (hatched) {vw.percent(1 - o.p_pass)}.")
r = vw.roll({"edition": "vers", "ranks": 3}, seed=13)

# %% [markdown]
# One seeded roll: the three dice show {{ ", ".join(str(d.after) for d in r.dice) }}, a total of
# {{ r.details["total"] }} against the target of {{ r.details["ct"] }}:
# {{ f"{r.outcome} degrees of success" if r.outcome >= 0 else f"{-r.outcome} degrees of failure" }}.

# %% [build]
ct13 = [vw.odds({"edition": "vers", "ranks": 3, "penalty": pen}).p_pass for pen in range(11)]
costs = [100 * (a - b) for a, b in zip(ct13, ct13[1:])]
emit((
    "The same character in VERS, in the roller below. A competence target of 13 sits near the middle of the "
    "3d6 bell, so "
    "even the first penalties cost a lot: " + ", ".join(f"{c:.1f}" for c in costs[:3])
    + f" percentage points for the first three steps, close to the {max(costs):.1f}-point maximum. Only far out "
    f"do steps get cheap: from the eighth step on, each costs {costs[7]:.1f} points or less: the bell curve of "
    "section 3. Played live, raise the penalty one step at a time and the roller's chance to pass falls by "
    "these steps."))

# %%
vw.PoolRoller(edition="vers", ranks=3)

# %% [markdown]
# ## Recap: what each choice does
#
# * **A d20 for checks** (playtest, playsheet) makes every +1 worth the
#   same, and lets talent (caliber, rank) show only at the extremes: the
#   automatic passes and fails. **3d6** (VERS) rewards competence more
#   steadily and makes upsets rare.
# * **Bonus d6, keep the highest** (playtest) makes the first bonus factor
#   worth a lot and each further one less; the Playsheet's **flat +1/+2**
#   adds up steadily and goes higher.
# * **Thresholds** (playtest, playsheet) make difficulty a price in
#   successes; small pools feel each factor sharply. **Removing dice**
#   (agora) makes difficulty a loss of chances that bites late. **Black
#   dice** (Heresy) make every rung of difficulty a big step and add a
#   real risk of foul failure.
# * **Allies' dice** (playtest, playsheet) make a friend's help count in
#   full, up to a limit; the agora's **single merged die** lets everyone
#   join in but caps what a crowd can add.
# * **KISS and Ego** turn the player's resources and the story into odds;
#   the comparison systems have no such lever.
# * **Criticals** differ in kind: the agora's snake eyes add a twist to
#   either result, the Playsheet's depend on the margin, the Heresy
#   Engine's foul failure is pure disaster.

# %% [markdown]
# ## Exercises
#
# 1. For our competent character, which edition's "moderately hard task"
#    (section 1) is the easiest to pass, and which the hardest?
# 2. In VERS, with a competence target of 13, from which penalty on is
#    failure more likely than success?

# %% [build]
moderate = {e: vw.odds({**CHARACTER[e], **MODERATE[e][0]}).p_pass for e in EDITIONS}
easiest, hardest = max(moderate, key=moderate.get), min(moderate, key=moderate.get)
tipping = next(pen for pen in range(11) if vw.odds({"edition": "vers", "ranks": 3, "penalty": pen}).p_pass < 0.5)
at_tip, before_tip = (vw.odds({"edition": "vers", "ranks": 3, "penalty": t}).p_pass for t in (tipping, tipping - 1))

# %% [markdown]
# <details><summary>Answers</summary>
#
# 1. Easiest: **{{ easiest }}** ({{ vw.percent(moderate[easiest], 1) }}); hardest: **{{ hardest }}**
#    ({{ vw.percent(moderate[hardest], 1) }}). The same words do not mean the same odds.
# 2. From a penalty of **{{ tipping }}**: success is then {{ vw.percent(at_tip, 1) }} likely (at
#    {{ tipping - 1 }} it is {{ vw.percent(before_tip, 1) }}).
#
# </details>

# %% [markdown]
# ---
# **Previous:** [Chapter 7: The agora procedure](07-the-agora-procedure.ipynb) ·
# **Next:** [Chapter 9: For Facilitators](09-facilitators.ipynb) ·
# [Glossary](../docs/glossary.md) · cheat sheets: [playtest](../docs/cheatsheet_playtest.md), [playsheet](../docs/cheatsheet_playsheet.md),
# [agora](../docs/cheatsheet_agora.md), [heresy](../docs/cheatsheet_heresy.md), [vers](../docs/cheatsheet_vers.md)
