# Source of notebooks/10-the-rule-lab.ipynb (built by scripts/make_notebooks.py).

# %% [markdown]
# # Chapter 10: The rule lab
#
# New words are explained in the [glossary](../docs/glossary.md).

# %% [markdown notebook-only]
# > **Run All to bring the rollers alive**: choose *Run → Run All Cells*.
# > Until you do, each roller on this page shows a still picture of its odds
# > (a chart and a table that do not move).

# %% [markdown]
# Playtesters change rules: that is their job. This chapter shows how to try
# a house rule here and see, exactly, what it does to the odds, before
# anyone rolls a die at the table. Many of the rules you may want to change
# are **knobs** of their edition: a number or a choice the rule text
# already has (which faces succeed, where the threshold starts, how many
# allies may help...), with the reading of the rules as its default. You
# name the knobs you change (a **house rule**: your table's own change to
# the rules); the odds, the rolls, the advice, the rollers and the roll log
# all follow them. Some rules are not knobs: a procedure such as "keep the
# highest bonus die", "each die KISSed at most once" or "one stunt per
# task" cannot be changed here (section 8 says what each edition's knobs
# can and cannot say). Every chance here is counted exactly (one section
# rolls seeded dice, only to watch them agree with the count).
#
# The knobs of the playtest rules, each with the rule it comes from, in
# the rule text's words as this rulebook paraphrases them:

# %% [build]
def knob_value(v):
    """A knob's value in the table's words: yes and no, "never" for none."""
    if isinstance(v, dict):
        return ", ".join(f"{k.title()} {knob_value(x)}" for k, x in v.items())
    if v is None:
        return "never"
    return ("yes" if v else "no") if isinstance(v, bool) else str(v)


def takes(name):
    """What a knob takes, in the lab's words (its "takes" column: calibers with their capitals)."""
    from venus_widgets.widgets.lab_words import card

    return card(next(k for k in vw.rules("playtest").knobs if k.name == name))["takes"]


from venus_widgets.engine.tools.compare_chart import value_words  # "+17.1", "up to +1.2", "no change"
from venus_widgets.widgets.plain_words import plain_error  # a refusal as the roller says it


def comparison(c):
    """A comparison as `vw.compare` leads with it: one sentence per house rule
    of what changed and by how much, then its rows at a glance (at most 15:
    the chance to pass, every other chance that moves, at least each
    outcome, the rest grouped), under each rule set, with the differences."""
    names = c.names
    lines = [f"* {c.headline(n)}" for n in names[1:]]

    def chance(r, n):
        return vw.percent(r["p"][n], 1) + (f" … {vw.percent(r['p_last'][n], 1)}" if r["group"] else "")
    # a column per rule set (each variant's points beside its chance, in brackets): a column of points per
    # variant besides did not fit 400 px
    rows = [[r["label"], chance(r, "base")] + [f"{chance(r, n)} ({value_words(r, n)})" for n in names[1:]]
            for r in c.glance()]
    head = ["chance", "rules as read"] + list(names[1:])
    return "\n".join(lines) + "\n\n" + table(head, rows)


# the knob's name in its rule's column: a column of its own besides did not fit 400 px
emit(table(["knob: the rule (paraphrased from the rule text)", "as read", "may be"],
           [[f"**{k['name'].replace('_', ' ')}**: {k['seed'].replace('Ego double6', 'Ego doubling 6s')}",
             knob_value(k["default"]), takes(k["name"])] for k in vw.rules("playtest").describe()]))

# %% [markdown]
# > **In code**: a roll carries the knobs it changes in `rules`, e.g.
# > `{"roll": "task", "dice": 3, "rules": {"success_from": {"bronze": 4}}}`.
# > `vw.rules(edition)` lists the knobs of any edition; the other editions'
# > knobs are in [docs/rule_lab.md](../docs/rule_lab.md).

# %% [markdown]
# ## The lab in one cell
#
# The rule lab below holds a roll (the same roller as in the other
# chapters), the knobs with their seed sentences, and two house rules: A,
# Bronze dice succeed on 4, 5 or 6; B, the threshold starts at 2. The
# chances under the rules as read, under A and under B stand side by side,
# with a sentence saying what changed and a chart of the differences. At
# the bottom, a table of colours shows one house rule against the other
# over every number of dice and factors; each cell has its number written
# in it. Played live, change the roll or a knob in A or B, and all of it
# follows.

# %%
vw.RuleLab(a={"success_from": {"bronze": 4}}, b={"threshold_base": 2}, names=("Bronze 4-6", "threshold from 2"), dice=3)

# %% [markdown]
# > **In code**: `vw.RuleLab(edition, a=rules, b=rules, names=(..., ...),
# > axes=("dice", "factors"), **fields)`; the fields are the roll's, as for
# > its roller.
#
# The sections below take the same house rules one at a time, in code you
# can copy.

# %% [markdown]
# ## 1. "Bronze succeeds on 4-6"
#
# The most common house rule at a table of new players: Bronze feels too
# weak. Take a Bronze character rolling three dice for a task that wants one
# extra consequence, and compare the rules as read with the house rule:

# %% [build]
task = {"roll": "task", "caliber": "bronze", "dice": 3, "consequences": 1}
bronze = vw.compare(task, {"Bronze 4-6": {"success_from": {"bronze": 4}}})
emit(comparison(bronze))

# %% [markdown]
# Read the sentence first: what the house rule changes, and by how much. A
# difference of two chances is given in **percentage points** (from 40 %
# to 50 % is 10 points more, not "25 % more"): first for passing, then for
# the chance that moves most, when that is another one (reaching the goal,
# the threshold plus the consequences wanted; a critical; spending Ego).
# The table gives the chances that move under both rule sets, and in
# brackets the difference in points: to pass, any other chance the rules report that moves, by
# name, then the chance of *at least* so many successes, each rule set's
# own (even where one rule set can never end on exactly that many). Under this house rule a
# Bronze die *is* a Silver die, so the odds are exactly those of a Silver
# character:

# %% [build]
silver = vw.odds({**task, "caliber": "silver"})
same = bronze.odds["Bronze 4-6"].distribution == silver.distribution
emit(f"Same odds as a Silver character: **{'yes' if same else 'no'}**.")

# %% [markdown]
# ## 2. "The threshold starts at 2"
#
# A table that finds tasks too easy may raise the threshold of every task
# by one. How does that compare with simply giving every task one more
# difficulty factor?

# %% [build]
harder = vw.compare(task, {"threshold from 2": {"threshold_base": 2}})
one_factor = vw.odds({**task, "factors": 1})
emit(comparison(harder))
emit((
    f"With one more factor instead: {vw.percent(one_factor.p_pass, 1)} to pass, the same as the house rule's "
    f"{vw.percent(harder.p_pass['threshold from 2'], 1)}. The house rule is one free factor on every task: the "
    f"ladder of difficulty simply starts one rung higher, and a task at four factors now needs "
    f"{vw.odds({**task, 'factors': 4, 'rules': {'threshold_base': 2}}).threshold} successes."))

# %% [markdown]
# ## 3. "Three allies may help"
#
# The playtest rules allow at most two aiding allies. With the house rule a
# third ally may add a die. The knob sets the limit; a roll with three
# allies under the rules as read is refused, with the reason:

# %% [build]
aided = {"roll": "task", "caliber": "bronze", "dice": 2, "factors": 2, "allies": ["silver", "silver"]}
try:
    vw.odds({**aided, "allies": ["silver"] * 3})
except vw.SpecError as err:
    emit((f"Under the rules as read, the roller says: *{plain_error(err, 'Allies')}*"))
three = {**aided, "allies": ["silver"] * 3, "rules": {"max_allies": 3}}
emit((
    f"Two Silver allies: **{vw.percent(vw.odds(aided).p_pass, 1)}** to pass. A third one under the house rule: "
    f"**{vw.percent(vw.odds(three).p_pass, 1)}**."))

# %% [markdown]
# ## 4. "Ego doubles 5s and 6s"
#
# Spending Ego (the double-six way) makes every 6 showing count twice when
# the roll is still short of its goal. The house rule doubles 5s as well.
# It matters most when the player wants many consequences:

# %% [build]
ego = {"roll": "task", "caliber": "silver", "dice": 4, "ego": "double6", "consequences": 3}
emit(comparison(vw.compare(ego, {"Ego doubles 5s and 6s": {"ego_double_from": 5}})))

# %% [markdown]
# ## 5. A rule that moves no chance to pass
#
# Some house rules change nothing about passing and still change the game.
# In the agora rules two 1s showing are **snake eyes**, a critical: a
# success comes with a bane, a failure with a boon. A table that wants more
# drama may call a single 1 a critical; a gentler one may ask for three.
# The chance to pass stays exactly the same; the sentence names what moves most, the table each chance:

# %% [build]
snakes = vw.compare({"edition": "agora", "roll": "task", "rank": 4, "health": 2, "job": 1},
                    {"one 1": {"snake_eyes_ones": 1}, "three 1s": {"snake_eyes_ones": 3}})
emit(comparison(snakes))

# %% [markdown]
# > **In code**: `c.changes(name)` lists every chance a variant moves, with
# > both values; `c.difference(name)` the points at each number of
# > successes.

# %% [markdown]
# ## 6. A whole grid at once
#
# One roll is one data point. A **sweep** runs a house rule over a grid of
# settings, here the number of dice and the difficulty factors of a Bronze
# task, and shows the chance to pass in each cell, then the house rule minus
# the rules as read, in percentage points.

# %% [build]
grid = vw.sweep({"roll": "task", "caliber": "bronze"}, over={"dice": range(1, 9), "factors": range(0, 5)},
                variants={"Bronze 4-6": {"success_from": {"bronze": 4}}})
heat = grid.heat("Bronze 4-6", minus="base")
down, across = heat["axes"]  # as the lab draws it: the axes named once, in the corner; each head by its value
# in tables of three columns of numbers, as the lab splits its heatmap: five in one did not fit 400 px
emit(f"*{heat['caption']}*\n\n" + "\n\n".join(
    table([f"{down} ↓, {across} →"] + [c.removeprefix(f"{across} ") for c in heat["cols"][k:k + 3]],
          [[r["label"].removeprefix(f"{down} ")] + [c["text"] for c in r["cells"][k:k + 3]] for r in heat["rows"]])
    for k in range(0, len(heat["cols"]), 3)))

# %% [markdown]
# The house rule helps most where the roll is hard but not hopeless: with
# few dice and many factors nothing helps, with many dice and no factor
# the roll already passes.

# %% [markdown]
# ## 7. Play a house rule at the table
#
# Every roller takes the same knobs. This one rolls Bronze tasks with the
# house rule: the odds beside the sliders, the dice, the KISS and the log
# all follow it.

# %%
vw.TaskRoller(dice=3, consequences=1, rules={"success_from": {"bronze": 4}})

# %% [markdown]
# ## 8. What each edition's knobs can and cannot say
#
# A knob changes a number the rule text already has; it cannot invent a new
# procedure. The caveats, edition by edition:
#
# - **playtest**: the KISS order follows the faces: a caliber whose dice
#   succeed more often is KISSed first, so making Bronze succeed on 3-6
#   puts a Bronze die ahead of a Silver ally's.
# - **playsheet**: with exploding dice, Ego doubles exactly the faces that
#   explode (the odds count one kind of high face); asking for two different
#   faces is refused with that reason. An exploding face must pass for every
#   rank.
# - **agora**: changing how far two helpers' rank drops when they merge
#   changes which groups of helpers can merge at all; a group that no longer
#   merges, or would merge below rank 1 (the automatic success), is
#   refused, and the best group that does is named.
# - **heresy**: a face that is rolled again cannot be every face (a die must
#   stop); rolled-again dice can go on for ever, so their odds are exact up
#   to a tail of less than one in a trillion, which is cut and stated.
# - **vers**: the number of dice and the base target are knobs; the
#   roll-under procedure itself is not.
#
# > **In code**: the knobs are `success_from`, `threshold_base`,
# > `max_factors`, `max_allies`, `ego_double_from`, `check_auto_pass_from`,
# > `check_natural_one_fails` (playtest); `pass_from`, `explode_from`,
# > `ego_double_from`, `max_allies`, `check_auto_pass_from` (playsheet);
# > `merge_drop`, `snake_eyes_ones`, `challenging_factor`, `ego_double_from`
# > (agora); `success_faces`, `reroll_faces`, `trade_rate`, `pass_threshold`
# > (heresy); `base_ct`, `dice` (vers). `vw.compare(spec, variants)` and
# > `vw.sweep(spec, over, variants)` are described in
# > [docs/rule_lab.md](../docs/rule_lab.md).

# %% [markdown]
# ## Exploding dice, honestly
#
# A die that explodes can, in principle, roll on for ever. The odds here
# still count every way the dice can fall, up to a tail so unlikely that it
# is cut, and the size of the cut is said. To see that nothing was lost,
# roll the same dice many times with a fixed seed: the share of rolls that
# pass closes in on the exact chance as the rolls add up, within the spread
# a sample of that size is expected to have. Here a playsheet task whose
# dice explode on 9s as well as 10s:

# %% [build]
sampled = vw.sample({"edition": "playsheet", "roll": "task", "dice": 5, "difficulty": 3, "explode": True,
                     "rules": {"explode_from": 9, "ego_double_from": 9}}, n=100_000, seed=1)
gap = 100 * (sampled.p_pass - sampled.odds.p_pass)
assert abs(gap) <= 200 * sampled.spread  # "well within" below
emit(table(["seeded rolls", "share that passed", "the exact chance"],
           [[f"{k:,}", vw.percent(p, 1), vw.percent(sampled.odds.p_pass, 1)] for k, p in sampled.checkpoints]))

# %% [markdown]
# After {{ f"{sampled.n:,}" }} rolls the share that passed is
# {{ f"{abs(gap):.2f}" }} percentage points {{ "below" if gap < 0 else "above" }} the exact
# chance. A sample that size lands within about
# {{ f"{200 * sampled.spread:.1f}" }} points of the true chance 95 times in
# 100, so the count and the dice agree. The part of the exact count that
# was cut (dice still exploding after many rolls) is far smaller than
# one chance in a million million: no sample could ever see it.

# %% [markdown]
# > **In code**: `vw.sample(spec, n=20_000, seed=1)`; the rule lab shows the
# > same check beside any rule set whose dice explode.

# %% [markdown]
# ## Recap
#
# * A knob changes a number or choice the rule text already has; a house
#   rule is your table's set of changed knobs. Procedures (keep the highest
#   bonus die, each die KISSed once, one stunt per task) are not knobs.
# * Compare a house rule with the rules as read: differences of chances are
#   in percentage points.
# * A sweep shows a house rule over every number of dice and factors at once.
# * Every roller plays by the knobs you give it.
#
# ## Exercises
#
# 1. Under the rules as read a Bronze character needs how many dice for a
#    better-than-even chance at a task with two factors? And if Bronze
#    succeeds on 4-6?
# 2. A Platinum character rolls two dice with Ego (the double-six way) and
#    wants two extra consequences. How many points does "Ego doubles 5s and
#    6s" add to the chance of reaching the goal?

# %% [build]
def fewest(rules):
    return next(n for n in range(1, 21)
                if vw.odds({"roll": "task", "caliber": "bronze", "dice": n, "factors": 2, "rules": rules}).p_pass > 0.5)


plat = vw.compare({"roll": "task", "caliber": "platinum", "dice": 2, "ego": "double6", "consequences": 2},
                  {"5s too": {"ego_double_from": 5}})
gain = (plat.p_goal["5s too"] - plat.p_goal["base"]) * 100

# %% [markdown]
# <details><summary>Answers</summary>
#
# 1. **{{ fewest({}) }} dice** under the rules as read; **{{ fewest({"success_from": {"bronze": 4}}) }} dice**
#    when Bronze succeeds on 4-6.
# 2. **{{ gain:.1f }} percentage points** more: from {{ vw.percent(plat.p_goal["base"], 1) }} to
#    {{ vw.percent(plat.p_goal["5s too"], 1) }}.
#
# </details>

# %% [markdown]
# ---
# **Previous:** [Chapter 13: Odds tables for Facilitators](13-odds-tables.ipynb) ·
# **Next:** [Chapter 11: Write your own draft](11-write-your-own-draft.ipynb) ·
# back to the start: [Chapter 0](00-a-roll-from-start-to-finish.ipynb) ·
# [Glossary](../docs/glossary.md) · [the rule lab in code](../docs/rule_lab.md)
