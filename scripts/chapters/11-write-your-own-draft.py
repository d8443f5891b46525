# Source of notebooks/11-write-your-own-draft.ipynb (built by scripts/make_notebooks.py).

# %% [markdown]
# # Chapter 11: Write your own draft
#
# New words are explained in the [glossary](../docs/glossary.md).

# %% [markdown notebook-only]
# > **Run All to bring the rollers alive**: choose *Run → Run All Cells*.
# > Until you do, each roller on this page shows a still picture of its odds
# > (a chart and a table that do not move).

# %% [markdown]
# A rule knob (chapter 10) changes a number the rules already have. A
# designer's next idea is often a new **mechanic**: a push, dice that
# explode, a bane. This chapter writes one without a line of program. A
# **draft** is a short text file that describes a dice system: the numbers a
# player sets, the dice, what their faces count, what passes, and the steps
# of the roll. Loaded, a draft is an edition like the built-in ones, with
# exact odds, a roller, the Facilitator's ladder and the rule lab, where
# the numbers its rules turn on (what the faces count, what passes, the
# steps of the roll) are knobs. The whole format is one page:
# [Write your own draft](../docs/drafts.md).
#
# ## 1. A seed as a file
#
# The Heresy Engine (the comparison system of chapter 8) *is* a draft: the
# Heresy you played in chapter 8 is this file, read. Read it from the top: the **fields** are what the
# player sets (the pool, the black dice, the trades); the **rules** are the
# numbers the seed names, each with its sentence; one kind of **die** (a d6:
# 1 and 6 are successes, and a 6 rolls again for as long as 6s come up); two
# **groups** of dice (the pool less three per trade, and the black dice,
# whose successes cancel yours); and the **outcome**: the net successes,
# passing at two, with the seed's degrees of success.

# %% [build]
import matplotlib.pyplot as plt

from venus_widgets.engine.drafts import EXAMPLES

setup_plots()
heresy_text = (EXAMPLES / "heresy.toml").read_text()
push_text = (EXAMPLES / "heresy-push.toml").read_text()
heresy = vw.load_edition(heresy_text)
push = vw.load_edition(push_text)
emit("<details><summary>The whole file, heresy.toml</summary>\n\n```toml\n" + heresy_text + "```\n\n</details>")
roll = {"pool": 6, "black": 3}
as_draft = vw.odds({"edition": heresy.ID, **roll})

# %% [markdown]
# Loaded, it is an edition: the built-in Heresy Engine itself (a copy you
# change takes an id of its own: change the id line near the top). Six pool dice
# against three black dice pass {{ vw.percent(as_draft.p_pass, 2) }} of the
# time, exactly, but for a tail below a millionth of a millionth from dice
# that could roll on for ever. The draft has a roller of its own, with
# nothing written for it:

# %%
vw.PoolRoller(edition=vw.load_edition("heresy.toml"), pool=6, black=3)

# %% [markdown]
# ## 2. A new mechanic: the push
#
# A playtester finds that small pools fail too often and proposes a
# **push**: when the roll is short of the two successes it needs, the player
# may roll again, once, every pool die that shows a 2, 3, 4 or 5 (a 1 or a 6
# already counts). That is not a number to turn: it is a new step of the
# roll. The draft for it is the file's fields, rules, dice, groups and
# outcome under a new name (without the words and explanations written for
# the Heresy Engine, and a shorter name for its rule of the two successes
# needed: its rules below), and four lines more at the end, the re-roll
# step (the roller becomes a task roller, which offers the push at the
# table):

# %% [build]
rules_at = push_text.index("[rules]")
added = (push_text[rules_at:push_text.index("\n\n", rules_at)] + "\n\n# ...\n\n"
         + push_text[push_text.index("[reroll]"):])
emit("```toml\n" + added + "```")

# %% [markdown]
# > **In code**: `[reroll]` is the re-roll step (KISS in the Venus Engine,
# > a push here): `budget` how many dice (`all_dice`: every one), `dice` the
# > groups it may take, `faces` the faces it takes, `when = "short"` (the
# > default) only while short of the goal. Every key is in docs/drafts.md;
# > the file ships as `heresy-push.toml`.
#
# The odds of the push follow the one policy a roll follows when the player
# leaves it to the roller: short of the goal, every die that may be pushed
# is pushed. At the table the player picks the dice instead:

# %%
vw.TaskRoller(edition=vw.load_edition("heresy-push.toml"), pool=6, black=3)

# %% [markdown]
# ## 3. The two drafts side by side
#
# The rule lab takes a second draft as a variant. Below, the roll of the
# Heresy Engine as read is the base, and variant B plays the same roll by
# the draft with the push: the chances side by side, one sentence of what changed and by how much,
# the difference at each number of net successes, and a table of colours
# over the pool and the black dice (the push minus the rules as read, in
# points, each cell with its number).

# %%
vw.RuleLab(edition=vw.load_edition("heresy.toml"), b=vw.load_edition("heresy-push.toml"), names=("as read", "with a push"), pool=6, black=3)

# %% [build]
sizes = list(range(1, 13))
lines = {name: [vw.odds({"edition": ed, "pool": n, "black": 3}).p_pass for n in sizes]
         for name, ed in (("as read", heresy.ID), ("with a push", push.ID))}
gains = [100 * (b - a) for a, b in zip(lines["as read"], lines["with a push"])]
best = sizes[max(range(len(sizes)), key=gains.__getitem__)]
fig, ax = plt.subplots(figsize=(6, 3.2))
for (name, ps), style in zip(lines.items(), ("-o", "--s")):
    ax.plot(sizes, [100 * p for p in ps], style, label=name)
ax.set_xlabel("pool dice (against three black dice)")
ax.set_xticks(sizes)
ax.set_ylabel("chance to pass (%)")
ax.set_ylim(0, 100)
ax.legend()
show(fig, alt="The chance to pass against three black dice for 1 to 12 pool dice, as read and with a push: "
              f"the push adds most around {best} dice and little to very small or very large pools.")
four = vw.compare({"edition": heresy.ID, "pool": 4, "black": 3}, {"with a push": push.ID})
emit(table(["pool dice", "as read", "with a push", "points"],
           [[n, vw.percent(a, 1), vw.percent(b, 1), f"{g:+.1f}"]
            for n, a, b, g in zip(sizes, lines["as read"], lines["with a push"], gains)]))

# %% [markdown]
# The push helps most where it was meant to: a middling pool gains
# {{ max(gains):.1f }} points at {{ best }} dice, while a single die has
# little to push and a large pool already passes. With four pool dice the
# lab says it in one sentence: “{{ four.headline("with a push") }}” The push can add
# successes, never take them away, so it makes a foul failure rarer too (the
# degrees of the seed are chances the lab compares by name).
#
# ## 4. The new draft's rule numbers are knobs
#
# The push brought numbers of its own: the faces it takes. Like the other
# numbers a draft's rules turn on, they are a rule knob the lab can turn,
# named by where they stand in the file. What if the push took only the 4s
# and 5s, a smaller gamble?

# %% [build]
smaller = vw.compare({"edition": push.ID, "pool": 4, "black": 3}, {"4s and 5s": {"reroll.faces": [4, 5]}})
knobs = vw.rules(push.ID)
# the knobs by where they stand in the file (tests/test_chapter_claims.py checks that these are all of them)
KNOB_KINDS = {"named rules": lambda n: "." not in n, "fields' largest values": lambda n: n.startswith("fields."),
              "die's sides, success faces, exploding faces and explosion depth": lambda n: n.startswith("dice."),
              "degrees' lowest values": lambda n: n.startswith("outcome.degrees."),
              "faces its push takes": lambda n: n.startswith("reroll.")}
kinds = [f"{'the' if kind.startswith('faces') else 'its'} {kind} ({sum(map(test, knobs.names))})"
         for kind, test in KNOB_KINDS.items()]
knob_kinds = ", ".join(kinds[:-1]) + " and " + kinds[-1]

# %% [markdown]
# The draft with the push has {{ len(knobs) }} knobs: {{ knob_kinds }}.
# Not every number of the file is one: the fields' defaults and lowest
# values and the Facilitator's ladder belong to the roller, and the range
# written beside a named rule only says what its knob may take. And a push
# of the 4s and 5s only, for the same four pool dice against three black
# dice, in the lab's words: “{{ smaller.headline("4s and 5s") }}”
# Every face left out is a die that cannot be saved. A face that already
# counts (a 1, a 6) cannot be pushed at all: the draft says so when a knob
# tries.
#
# > **In code**: a knob is named by its place in the file: `trade_rate` (a
# > named rule), `reroll.faces`, `dice.d6.explode`, `fields.pool.max`, ...
# > A spec's `rules` changes them, e.g. `{"rules": {"reroll.faces": [4, 5]}}`;
# > `vw.rules("heresy-push")` lists them.
#
# ## 5. When a draft does not read
#
# A draft is written by a person. When it does not read, the error names the
# line and the key, and says what to write instead. Here the file of section
# 2 with one name mistyped:

# %% [build]
try:
    vw.load_edition(push_text.replace("pool - trade_rate * trade", "pool - trade_rat * trade"), "push.toml")
except vw.SpecError as err:
    emit(f"> {err}")

# %% [markdown]
# ## What a draft cannot say (yet)
#
# The format covers the seeds' dice: pools counted by success, totals
# against a target (rolled over or under), cancelling dice, dice that
# explode, a re-roll step with a budget, a doubling step (Ego), what the
# outcome buys. Some mechanics stay code: choosing which successes to roll
# again for a better chance (the rollers' best choice), rolling again a
# face that counts (a 1 that is a bane), the d20 checks with bonus dice, the
# merging of helpers, opposed rolls. The list, and the reasons, close
# [the format's page](../docs/drafts.md).
#
# ## Recap
#
# * A draft is a file that describes a dice system; loaded, it is an edition
#   with exact odds, rollers, the ladder and the lab.
# * A new mechanic is a new part of the file (the push: a re-roll step); the
#   lab puts two drafts side by side.
# * The numbers a draft's rules turn on are rule knobs, named by where they
#   stand (not the fields' defaults, nor the ladder).
#
# ## Exercises
#
# 1. How many pool dice does a character need for a better than even chance
#    against six black dice, as read and with the push?
# 2. Write a third draft in which black dice explode too (a 6 on a black die
#    rolls again and may cancel another success), and compare it with the
#    Heresy Engine as read for six pool dice against six black dice.

# %% [build]
def fewest(edition):
    return next(n for n in range(1, 61) if vw.odds({"edition": edition, "pool": n, "black": 6}).p_pass > 0.5)


black = vw.load_edition(heresy_text.replace('id = "heresy"', 'id = "heresy-black-explodes"')
                        .replace("explode = false           # black dice never re-roll", "explode = true"))
worse = vw.compare({"edition": heresy.ID, "pool": 6, "black": 6}, {"black explodes": black.ID})

# %% [markdown]
# <details><summary>Answers</summary>
#
# 1. **{{ fewest(heresy.ID) }} dice** as read; **{{ fewest(push.ID) }} dice**
#    with the push.
# 2. In the black dice's group, the line "explode = false" becomes
#    "explode = true" (and the file needs an id of its own). The lab says:
#    “{{ worse.headline("black explodes") }}”
#
# </details>

# %% [markdown]
# ---
# **Previous:** [Chapter 10: The rule lab](10-the-rule-lab.ipynb) ·
# back to the start: [Chapter 0](00-a-roll-from-start-to-finish.ipynb) ·
# [Glossary](../docs/glossary.md) · [Write your own draft](../docs/drafts.md)
