# Source of notebooks/09-write-your-own-draft.ipynb (built by scripts/make_notebooks.py).

# %% [markdown]
# # Chapter 9: Write your own draft
#
# > **Run All to bring the rollers alive**: choose *Run → Run All Cells*.
# > Until you do, each roller on this page shows a still picture of its
# > odds. New words are explained in the [glossary](../docs/glossary.md).
#
# A rule knob (chapter 8) changes a number the rules already have. A
# designer's next idea is often a new **mechanic**: a push, dice that explode,
# a bane. This chapter writes one without a line of program: a **draft** is
# a short text file that describes a dice system (the numbers a player sets,
# the dice, what their faces count, what passes, the steps of the roll).
# Loaded, it is an edition like the built-in ones: exact odds, a roller,
# the Facilitator's ladder and the rule lab, where every number in the file
# is a knob. The whole format is one page: [Write your own
# draft](../docs/drafts.md).
#
# ## 1. A seed as a file
#
# The Heresy Engine (the comparison system of chapter 6) ships as a draft.
# Here is the file:

# %%
from IPython.display import HTML, Markdown, display

import venus_widgets as vw
from venus_widgets.engine.drafts import EXAMPLES

heresy_text = (EXAMPLES / "heresy.toml").read_text()
display(Markdown("```toml\n" + heresy_text + "```"))

# %% [markdown]
# Read it from the top: the **fields** are what the player sets (the pool,
# the black dice, the trades), the **rules** are the numbers the seed
# names, each with its sentence; one kind of **die** (a d6: 1 and 6 are
# successes, a 6 rolls again for as long as 6s come up); two **groups** of
# dice (the pool less three per trade, and the black dice, whose successes
# cancel yours); and the **outcome**: the net successes, passing at two,
# with the seed's degrees of success.
#
# Load it, and it is an edition. Its odds are exactly those of the Heresy
# Engine built into the package, which a hundred lines of program compute:

# %%
heresy = vw.load_edition(heresy_text)
roll = {"pool": 6, "black": 3}
as_code = vw.odds({"edition": "heresy", **roll})
as_draft = vw.odds({"edition": heresy.ID, **roll})
display(Markdown(
    f"Six pool dice against three black dice: **{as_draft.p_pass:.2%}** to pass by the draft, "
    f"**{as_code.p_pass:.2%}** by the built-in edition; the largest difference over every outcome is "
    f"{max(abs(as_draft.distribution.get(k, 0) - as_code.distribution.get(k, 0)) for k in as_code.distribution):.0e}, "
    "the size of the tail both cut from dice that roll on for ever."))

# %% [markdown]
# > **In code**: `vw.load_edition(path_or_text_or_dict)` reads and checks a
# > draft and registers it under its `id`; a spec then names it,
# > `{"edition": "heresy-draft", "pool": 6, "black": 3}`. The shipped
# > drafts are in `venus_widgets/drafts/` (`EXAMPLES`): the Heresy Engine,
# > VERS, a coin toss and the playtest task.
#
# The draft has a roller of its own, with nothing written for it:

# %%
vw.PoolRoller(edition=heresy.ID, pool=6, black=3)

# %% [markdown]
# ## 2. A new mechanic: the push
#
# A playtester finds that small pools fail too often and proposes a
# **push**: when the roll is short of the two successes it needs, the player
# may roll again, once, every pool die that shows a 2, 3, 4 or 5 (a 1 or a 6
# already counts). That is not a number to turn: it is a new step of the
# roll. In the draft it is four lines more, the re-roll step, and the roller
# becomes a task roller, which offers the push at the table:

# %%
push_part = '''
[reroll]
name = "Push"
budget = "all_dice"      # every die may be pushed ...
dice = ["own"]           # ... of the pool (not the black dice) ...
faces = "2-5"            # ... that shows 2 to 5
'''
push_text = (heresy_text.replace('id = "heresy-draft"', 'id = "heresy-push"')
             .replace('name = "The Heresy Engine (a draft)"', 'name = "The Heresy Engine with a push"')
             .replace('roller = "pool"', 'roller = "task"')) + push_part
push = vw.load_edition(push_text)
display(Markdown("```toml" + push_part + "```"))

# %% [markdown]
# > **In code**: `[reroll]` is the re-roll step (KISS in the Venus Engine,
# > a push here): `budget` how many dice (`all_dice`: every one), `dice` the
# > groups it may take, `faces` the faces it takes, `when = "short"` (the
# > default) only while short of the goal. docs/drafts.md has every key.
#
# The odds of the push follow the one policy a roll follows when the player
# leaves it to the engine: short of the goal, every die that may be pushed
# is pushed. At the table the player chooses the dice instead:

# %%
vw.TaskRoller(edition=push.ID, pool=6, black=3)

# %% [markdown]
# ## 3. The two drafts side by side
#
# The rule lab takes a second draft as a variant. Below, the roll of the
# Heresy Engine as read is the base, and variant B plays the same roll by
# the draft with the push: the chances side by side, the verdict in words,
# the difference at each number of net successes, and a table of colours
# over the pool and the black dice (the push minus the rules as read, in
# points, each cell with its number).

# %%
vw.RuleLab(edition=heresy.ID, b=push.ID, names=("as read", "with a push"), pool=6, black=3)

# %% [markdown]
# > **In code**: `vw.RuleLab(edition, a=..., b=...)` takes rule knobs or
# > another draft (its id, or what `vw.load_edition` returns) for each
# > variant; `vw.compare(spec, {"with a push": "heresy-push"})` and
# > `vw.sweep` do the same in a cell.
#
# The push helps most where it was meant to. Across pools of one to twelve
# dice against three black dice:

# %%
sizes = range(1, 13)
rows = []
for n in sizes:
    c = vw.compare({"edition": heresy.ID, "pool": n, "black": 3}, {"push": push.ID})
    rows.append(f"| {n} | {c.p_pass['base']:.1%} | {c.p_pass['push']:.1%} | "
                f"{(c.p_pass['push'] - c.p_pass['base']) * 100:+.1f} |")
display(Markdown("| pool dice | as read | with a push | points |\n|---|---|---|---|\n" + "\n".join(rows)))

# %%
vw.compare({"edition": heresy.ID, "pool": 4, "black": 3}, {"with a push": push.ID})

# %% [markdown]
# The push also moves the bottom of the roll: it can add successes, never
# take them away, so it makes a foul failure rarer too (the degrees of the
# seed are chances the lab compares by name).
#
# ## 4. Every number of the new draft is a knob
#
# The push brought numbers of its own: the faces it takes. Like every
# number of a draft, they are a rule knob the lab can turn, named by where
# they stand in the file. What if the push took only the 4s and 5s, a
# smaller gamble?

# %%
vw.rules(push.ID)

# %%
c = vw.compare({"edition": push.ID, "pool": 4, "black": 3}, {"4s and 5s": {"reroll.faces": [4, 5]}})
display(Markdown(f"A push of the 4s and 5s only: {c.verdicts['4s and 5s']}."))

# %% [markdown]
# Every face left out is a die that cannot be saved: the knob answers in one
# line what would have taken an evening at the table. A face that already
# counts (a 1, a 6) cannot be pushed: the draft says so when a knob tries.
#
# > **In code**: a knob is named by its place in the file: `trade_rate` (a
# > named rule), `reroll.faces`, `dice.d6.explode`, `outcome.threshold`, ...
# > A spec's `rules` changes them, e.g. `{"rules": {"reroll.faces": [3, 4, 5]}}`.
#
# ## 5. When a draft does not read
#
# A draft is written by a person. When it does not read, the error names the
# line and the key, and says what to write instead:

# %%
try:
    vw.load_edition(push_text.replace("pool - trade_rate * trade", "pool - trade_rat * trade"), "push.toml")
except vw.SpecError as err:
    display(Markdown(f"*{err}*"))

# %% [markdown]
# ## What a draft cannot say (yet)
#
# The format covers the seeds' dice: pools counted by success, totals against
# a target (roll over or under), cancelling dice, dice that explode, a
# re-roll step with a budget, a doubling step (Ego), what the outcome buys.
# Some mechanics stay code: choosing which successes to re-roll for a better
# chance (the engine's optimal policy), re-rolling a face that counts (a 1
# that is a bane), the d20 checks with bonus dice, the merging of helpers,
# opposed rolls. The list, and the reasons, close
# [the format's page](../docs/drafts.md).

# %% [markdown]
# ## Exercises
#
# 1. How many pool dice does a character need for a better than even chance
#    against six black dice, as read and with the push?
# 2. Write a third draft in which black dice explode too (a 6 on a black die
#    rolls again and may cancel another success), and compare it with the
#    Heresy Engine as read for six pool dice against six black dice.

# %%
def fewest(edition):
    return next(n for n in range(1, 61) if vw.odds({"edition": edition, "pool": n, "black": 6}).p_pass > 0.5)


black = vw.load_edition(heresy_text.replace('id = "heresy-draft"', 'id = "heresy-black-explodes"')
                        .replace("explode = false           # black dice never re-roll", "explode = true"))
worse = vw.compare({"edition": heresy.ID, "pool": 6, "black": 6}, {"black explodes": black.ID})
display(Markdown(f"""<details><summary>Answers</summary>

1. **{fewest(heresy.ID)} dice** as read; **{fewest(push.ID)} dice** with the push.
2. In the draft, the black group's line "explode = false" becomes "explode = true". The verdict:
   {worse.verdicts["black explodes"]}.

</details>"""))

# %% [markdown]
# ---
# **Previous:** [Chapter 8: The rule lab](08-the-rule-lab.ipynb) ·
# back to the start: [Chapter 0](00-a-roll-from-start-to-finish.ipynb) ·
# [Glossary](../docs/glossary.md) · [Write your own draft](../docs/drafts.md)
