# Source of notebooks/00-a-roll-from-start-to-finish.ipynb (built by scripts/make_notebooks.py).

# %% [markdown]
# # Chapter 0: How to play
#
# *Edition: the 1st Playtest Rules (v0.2), the default. New words are in
# **bold** the first time; each is explained in the
# [glossary](../docs/glossary.md), and the [Index of terms](../docs/index.md) says
# where the rulebook teaches it. A one-page summary to print:
# [the playtest cheat sheet](../docs/cheatsheet_playtest.md).*

# %% [markdown notebook-only]
# > **Run All to bring the rollers alive**: choose *Run → Run All Cells*.
# > Until you do, the roller at the end of this page is
# > saved as a still picture of its odds (a chart and a table that do not move).

# %% [markdown]
# The Venus Engine is a tabletop **roleplaying game**: a story a few
# friends tell together. Each player speaks for one character; one of you,
# the Facilitator, speaks for the rest of the world. You say what your
# character does, the world answers, and when the outcome is in doubt and
# something is at stake, dice decide. Nobody wins: the story is the point.
# Chapters 0 to 6 teach you to play in about half an hour.

# %% [markdown]
# ## What you need to play
#
# * **Three to six people.** One is the **Facilitator**, the **FC**: they
#   prepare the story, describe the places and play every character no
#   player plays (the **NPCs**, non-player characters). Everyone else plays
#   one character.
# * **A character sheet each**: one of the three ready-made characters
#   below, best for a first evening, or your own on the
#   [blank sheet](../docs/character_sheet.md), [in seven steps](../docs/making_a_character.md).
# * **Dice**: a twenty-sided die (a **d20**) and about ten six-sided dice
#   (**d6**), a few in each player's own colour, so that a lent die is
#   easy to tell.
# * **Pencils**, and **tokens**: up to ten each for Lots (coins, beads),
#   and a card for Ego.
# * **An evening**: a **session** lasts three or four hours and ends with a
#   short talk, the **debrief** ([chapter 5](05-learning-and-advancement.ipynb)).

# %% [markdown]
# ## How a game goes
#
# The FC opens a **scene**: a place, a moment, a problem. Then the **turn**
# passes round the table, clockwise from the FC's left. On your turn you say
# what your character does and says, and ask the FC what your character
# sees. Friends may help you on your turn ([chapter 4](04-help.ipynb));
# what they do themselves waits for their own turn. When
# everyone has had a turn, a **round** has passed: the FC plays another round or cuts to
# a new scene. Any player may offer to set the next scene; if the FC
# agrees, that player starts its first round and earns **Ego** if they do
# not have it.
#
# Your **Peers** are everyone at the table but you, the FC included. When
# it is not your turn, you help judge the rules: how hard something is,
# whether an idea deserves a bonus. The FC's word is never arbitrary, nor
# final: if a ruling feels wrong, pause the game and talk.
#
# **Play safe.** Before the first scene, say what is off limits for you at
# this table. Anyone may pause the game at any time, for any reason. And
# the table may rewind a few moments and play them again: when a line was
# crossed, when someone rolled before hearing what failure would mean, or
# when a player's intent was misunderstood.
#
# ## When to roll the dice
#
# 1. **Know your agenda**: what your character wants this turn, and how
#    they go about it. Stuck? Look at your principles and features, at what
#    your friends want, at your jobs and assets; ask the FC about your
#    surroundings, or your Peers for ideas.
# 2. **Play it out until there is tension**: until what you try could go
#    wrong in an interesting way.
# 3. **The FC names the ability** the roll uses, and decides with you
#    whether it is a **check** (a quick yes or no: *did it work?*) or a
#    **task** (for moments the story turns on: *how well, and at what
#    price?*).
#
# Most turns need no dice at all: **we do not roll when nothing is at
# stake.** And only players roll tasks: an NPC rolls a check at most, and
# usually the FC frames the scene so that a player's roll settles it.

# %% [markdown]
# ## Your character sheet
#
# * **Name** and **concept**: who your character is, in a few words
#   (Bruno is *the airship's gruff, brave mechanic, good with his hands*).
#   Play to it; your Peers will remind you of it.
# * **Abilities**, four of them: **Finesse** (hands, aim, craft),
#   **Swiftness** (speed, balance, dodging), **Wits** (noticing, knowing,
#   thinking fast) and **Resolve** (nerve, strength, stamina). Each has a
#   **caliber**, its raw talent, Bronze, Silver, Gold or Platinum (best),
#   which decides which faces of a die succeed; and a **score**, its
#   training: a number you add to the d20 in a check.
# * **Jobs**: what your character does for a living. A job has a **level**,
#   the number of d6 it rolls in a task, and **inherits** two abilities: you
#   may use it when the FC names one of them. Beside it you mark **exp**
#   (experience): when they reach twice its level, the job rises a level.
# * **Attributes**: short phrases that make your character particular:
#   **assets** (what you own), **merits** (natural gifts), **disciplines**
#   (trained knacks) and **features** (how you look and behave). An
#   attribute that fits a roll is a **specialty**: with your Peers' approval
#   it earns a bonus die in a check or a re-roll in a task.
# * **Insights**: facts your character knows or has found out. One that
#   bears on a task, approved by your Peers, pays for a re-roll. Write down
#   new ones as you learn them.
# * **Principles**: what your character stands for. Upholding one earns
#   Ego at the debrief.
# * **Lots**: your share of luck, at most 10 tokens. Spend one for a bonus
#   die in a check or a re-roll in a task, no questions asked.
# * **Ego**: you have it or you do not. Spend it for one big push in a task.
# * **Wounds**: harm your character carries. The FC may count a wound as
#   one factor of a later roll it hinders (burnt hands on a rope), until
#   the story heals it: rest, care, time.

# %% [markdown]
# ## The crew of the Kestrel
#
# The rulebook follows three **pregenerated characters**, the crew of a
# small airship, the *Kestrel*, through one stormy evening. Take one to
# play, or read their sheets as examples. At their table Sam is the FC, and
# clockwise from Sam's left sit Max (Clara), Lea (Ada) and Kim (Bruno): in
# every round Clara acts first, then Ada, then Bruno. Their rolls in this book are real
# rolls, each fixed by a **seed** (a number that makes a roll show the same
# dice every time).

# %% [build]
bruno_sheet = character_sheet("Bruno")

# %% [markdown]
# {{ bruno_sheet }}
#
# {{ character_sheet("Ada") }}
#
# {{ character_sheet("Clara") }}

# %% [markdown]
# ## A check: Ada climbs the mast
#
# *Round 1, Ada's turn.* The storm catches the *Kestrel* at dusk, moored
# over the Sunken Bay. On her turn Clara ordered the crew to cast off: no
# roll, nothing at stake. But a line has tangled at the top of the mooring
# mast, and Ada climbs to free it: *does she get up there?* is a yes or a
# no, so the FC calls for a **check**.

# %% [build]
ada = check_of("Ada", "Swiftness", difficulty="tough", factors=1)
ar = vw.roll({**ada, "bonus_factors": 2}, seed=1)
natural, target = ar.details["natural"], ar.details["target"]
sum_ = natural + ada["score"]
bonus_faces = [d.after for d in ar.dice if d.owner == "bonus"]
assert ar.details["category"] == "bonus-pass" and len(bonus_faces) == 2  # the story below tells this roll
caliber, score = ability("Ada", "Swiftness")

# %% [markdown]
# 1. **The FC names the ability**: Swiftness. Ada's is {{ caliber.title() }},
#    score {{ score }}.
# 2. **Her Peers judge the difficulty** of the climb: *tough*, a **target**
#    of 15. The FC adds one **factor**, +1 for the rain: target {{ target }}.
# 3. **She rolls the d20 and adds her score**: {{ natural }} + {{ score }} =
#    {{ sum_ }}, {{ target - sum_ }} short.
# 4. **Short, she argues for bonus factors**: her rope and hook (an asset
#    on her sheet) and her cat's balance (a merit). Her Peers agree: two **bonus factors**,
#    one d6 each, and only the highest counts. They show
#    {{ " and ".join(map(str, bonus_faces)) }}: +{{ ar.details["bonus"] }}, total
#    {{ ar.details["total"] }}. **She passes** and frees the line.
#
# [Chapter 1](01-checks.ipynb) tells the whole check.

# %% [markdown]
# ## A task: Bruno restarts the motor
#
# *Round 1, Bruno's turn.* The line is free, and the airship's motor dies.
# Without it the wind will drive the ship onto the rocks. Bruno wants it running again, now. His player says so, plays
# Bruno cursing his way into the motor room, and everyone feels it: this
# could go wrong in more ways than one. The story turns on it: a **task**.

# %% [build]
bruno = task_of("Bruno", "mechanic", "Finesse", factors=1)
b_caliber, b_score = ability("Bruno", "Finesse")
spec = {**bruno, "kiss": 2, "ego": "double6", "consequences": 1}
alone, kissed_odds, with_ego = (vw.odds({**bruno, **extra, "consequences": 1})
                                for extra in ({}, {"kiss": 2}, {"kiss": 2, "ego": "double6"}))
r = vw.roll(spec, seed=8)
first_faces = [d.before for d in r.dice]
hits = sum(face >= 5 for face in first_faces)
kissed = [d for d in r.dice if d.kissed]
after = sum(face >= 5 for face in (d.after for d in r.dice))
sixes = r.details["ego_doubles"]  # the dice Ego doubles: the 6s, by the rules as read
assert len(kissed) == 2 and kissed[0].before == kissed[1].before and after == r.details["threshold"] and sixes == 1  # told below

# %% [markdown]
# 1. **The FC names the ability**: Finesse, Bronze on Bruno's sheet.
# 2. **Pick a job that inherits it**: mechanic, level {{ bruno["dice"] }}, so
#    **{{ bruno["dice"] }} d6**. Each die that shows 5 or 6 (what Bronze
#    allows) is one **success**.
# 3. **The FC names the factors** against him, +1 each: the storm. The
#    **threshold** is 1 + 1 = **{{ r.details["threshold"] }}**: the successes it
#    costs to get what he wants. The FC also says what failure means: the
#    ship drifts onto the rocks.
# 4. **Friends may lend a die** ([chapter 4](04-help.ipynb)). Nobody can
#    reach the motor room in time.
# 5. **Say what could pay for re-rolls**: his **insight** (the motor stalls
#    when its fuel line ices up) and a **stunt** (he clears the line with his
#    bare hands, hanging out of a hatch). He also has **Ego**. He hopes for
#    one success beyond the threshold, to keep the crew safe too: his
#    **goal** is {{ r.details["goal"] }}.
#
# With the dice alone he would pass {{ vw.percent(alone.p_pass) }} of the
# time; the two re-rolls make it {{ vw.percent(kissed_odds.p_pass) }}, and
# Ego {{ vw.percent(with_ego.p_pass) }}. Worth saying them out loud.

# %% [markdown]
# 6. **Roll and count**: {{ ", ".join(map(str, first_faces[:-1])) }} and {{ first_faces[-1] }}, one
#    success (the {{ [f for f in first_faces if f >= 5][0] }}).
# 7. **KISS the dice that disappoint you**: re-roll them, each paid for by a
#    **K**ismet (a Lot), an **I**nsight, a **S**tunt or a **S**pecialty.
#    Bruno's insight and stunt pay for his {{ len(kissed) }} misses:
#    one {{ kissed[0].before }} becomes a {{ kissed[0].after }}, the other a {{ kissed[1].after }}.
#    {{ after }} successes: the threshold, not yet his goal.
# 8. **Spend Ego**, if you have it, for one last push. Bruno makes every 6
#    count as two successes: **{{ r.outcome }} successes.**

# %% [build]
show(dice_figure([
    ("first roll", [(d.before, int(d.before >= 5), "") for d in r.dice]),
    ("after KISS", [(d.after, int(d.after >= 5), "KISSed" if d.kissed else "") for d in r.dice]),
    ("after Ego", [(d.after, d.scores, "Ego: 2" if d.scores == 2 else "") for d in r.dice]),
], "Bruno's three dice (Bronze: 5 and 6 succeed)"),
    alt=f"Bruno's dice: first {', '.join(map(str, first_faces))} with {hits} success; after KISSing the two "
        f"misses {', '.join(str(d.after) for d in r.dice)} with {after} successes; with Ego the 6 counts twice, "
        f"{r.outcome} successes.")

# %% [markdown]
# 9. **Buy consequences** with the successes. The **primary consequence**,
#    what he set out to do, costs the threshold, {{ r.details["threshold"] }}:
#    the motor roars back to life. His last success buys a **secondary
#    consequence**, *"No one I care for is compromised..."*: the crew is
#    safe.
# 10. **The FC may turn one secondary consequence he did not buy against
#    him.** He did not buy *"I am not abashed or injured..."*: his hands
#    are burnt on the hot pipes. He writes the wound on his sheet.
# 11. **Mark what changed**: no Ego until he earns it back; no exp, since he
#    passed. Round 1 is over: the turn comes back to Clara.
#
# Chapters [2](02-tasks.ipynb) and [3](03-kiss-and-ego.ipynb) tell the
# task in full.
#
# ## The roller
#
# The roller below holds Bruno's task as set up above, with the chance of
# each number of successes.

# %%
vw.TaskRoller(caliber="bronze", dice=3, factors=1, insights=1, stunt=1, ego="double6", consequences=1)

# %% [markdown]
# ## The storm, turn by turn
#
# The scene of the storm lasts three rounds. Most turns need no dice;
# chapters 1 to 4 tell the other rolls, and
# [chapter 6](06-an-example-of-play.ipynb) plays the next scene.
#
# | round | Clara | Ada | Bruno |
# |---|---|---|---|
# | 1 | orders the crew to cast off: no roll | climbs the mast: a check | restarts the motor: a task |
# | 2 | watches the sky for squalls: a check ([chapter 1](01-checks.ipynb)) | calms Pim, the cabin boy: no roll | wraps his burnt hands: no roll |
# | 3 | patches the torn gas bag: a task ([chapter 2](02-tasks.ipynb)) | readies the sea anchor: no roll | hauls in the sea anchor, Ada and Clara helping: a task ([chapter 4](04-help.ipynb)) |
#
# ## Recap
#
# * One FC, a few players, a sheet each, a d20 and a handful of d6.
# * The turn goes round the table; roll only when something is at stake.
# * A **check**: d20 + score against a target; short, bonus dice may help.
# * A **task**: one d6 per level of a job, counted by your caliber; KISS,
#   Ego, then spend the successes on consequences.
#
# ---
# **Next:** [Chapter 1: Checks](01-checks.ipynb) · [Glossary](../docs/glossary.md) ·
# [Index](../docs/index.md) · [Cheat sheets](../docs/cheatsheet_playtest.md)
