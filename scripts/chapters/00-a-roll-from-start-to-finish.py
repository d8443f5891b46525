# Source of notebooks/00-a-roll-from-start-to-finish.ipynb (built by scripts/make_notebooks.py).

# %% [markdown]
# # Chapter 0: A roll from start to finish
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
# This chapter shows how a game goes, introduces three characters who appear
# all through the book, and then follows **one check** and **one task** at
# the table, from the moment a player wants something to the moment the
# dice are put away. Every roll on these pages uses a fixed **seed** (a
# number that fixes which faces the dice show), so you see the same dice each
# time.

# %% [markdown]
# ## 1. How a game goes: scenes, rounds and turns
#
# One player, the **Facilitator** (the **FC**), runs the world: the places,
# the weather, and every character no player plays (the **NPCs**,
# non-player characters). Everyone else plays one character each.
#
# * The FC starts a **scene** (a place, a moment, a problem) and passes the
#   **turn** round the table, clockwise.
# * On your **turn** you say what your character does and says. Most turns
#   need no dice at all: *we do not roll when nothing is at stake.*
# * When everyone has had a turn, a **round** has passed. The FC plays
#   another round in the same scene or cuts to a new one. At the end of a
#   scene any player may offer to set the next one; if the FC agrees, that
#   player starts the round, and earns **Ego** if they do not have it yet.
# * Your **Peers** are everyone at the table except you, the FC included.
#   When it is not your turn you help judge the rules: how hard an action
#   is, whether an idea deserves a bonus.
#
# There are two kinds of roll. A **check** asks *did it work?*; a **task**
# asks *how well, and at what price?*. **Only players perform tasks.** An
# NPC rolls at most a check, and rarely even that: the scene is framed so
# that a player leads the roll and the NPC helps or hinders them. In a
# fight, for example, you make checks to hit your enemies and to dodge
# them; the enemies do not roll tasks.

# %% [markdown]
# ## 2. Three characters
#
# Here are the three **pregenerated characters** the rulebook follows, the
# crew of a small airship. A character has **abilities** and **jobs**:
#
# * an **ability** (Finesse, Swiftness, Wits, Resolve) has a **caliber**,
#   its raw talent (Bronze, Silver, Gold or Platinum), and a **score**, its
#   training (a number added to a check);
# * a **job** (mechanic, scout, engineer...) has a **level** and
#   **inherits** two abilities: in a task you roll one die per level of a
#   job that inherits the ability the FC names, at that ability's caliber.
#
# A character also holds **Lots** (at most 10: each one buys a re-roll or a
# bonus) and either has **Ego** or not. Bruno's sheet:

# %% [build]
bruno_sheet = character_sheet("Bruno")

# %% [markdown]
# {{ bruno_sheet }}
#
# <details><summary>The sheets of Ada and Clara</summary>
#
# {{ character_sheet("Ada") }}
#
# {{ character_sheet("Clara") }}
#
# </details>

# %% [markdown]
# ## 3. A check, step by step
#
# Ada, the scout, climbs the mooring mast in the rain to free a tangled
# line. Nothing much rides on it beyond *does she get up there?*: a yes or
# a no. The FC calls for a **check**.

# %% [build]
ada = check_of("Ada", "Swiftness", difficulty="tough", factors=1)
ada_odds = vw.odds(ada)
ada_bonus = vw.odds({**ada, "bonus_factors": 2})
ar = vw.roll({**ada, "bonus_factors": 2}, seed=1)
natural, target = ar.details["natural"], ar.details["target"]
sum_ = natural + ada["score"]
bonus_faces = [d.after for d in ar.dice if d.owner == "bonus"]
assert ar.details["category"] == "bonus-pass" and len(bonus_faces) == 2  # the story below tells this roll
caliber, score = ability("Ada", "Swiftness")

# %% [markdown]
# 1. **The FC names the ability**: Swiftness. Ada's is **{{ caliber.title() }}**
#    with score **{{ score }}**.
# 2. **Your Peers judge the difficulty** of the climb itself: *tough*, which
#    makes the **target** start at 15 (routine 5, simple 10, tough 15,
#    challenging 20, absurd 25).
# 3. **The FC adds factors**, +1 each, for what makes it harder *here and
#    now*: the rain. The target is **{{ target }}**.
# 4. **Roll one d20 and add the score.** Ada's die shows **{{ natural }}**:
#    {{ natural }} + {{ score }} = {{ sum_ }}, short of {{ target }} by {{ target - sum_ }}.
#    (Had it shown a natural 20, her Silver talent would pass whatever the
#    target; a natural 1 would fail whatever the sum.)
# 5. **Short? Argue for bonus factors.** Ada's player points out the good
#    rope she carries, and spends one of her Lots: two **bonus factors**,
#    which her Peers accept. She rolls one d6 per bonus factor and adds
#    **only the highest**: {{ " and ".join(map(str, bonus_faces)) }}, so
#    +{{ ar.details["bonus"] }}. Total **{{ ar.details["total"] }}**: she **passes**,
#    and hauls herself onto the mast.
#
# Her chances before she rolled: **{{ vw.percent(ada_odds.p_pass) }}** without bonus
# factors, **{{ vw.percent(ada_bonus.p_pass) }}** with the two she argued for.
# Chapter 1 says where these numbers come from.

# %% [markdown]
# ## 4. A task, step by step: agenda and tension
#
# 1. Work out your **agenda**: what your character wants this turn, and
#    how they try to get it.
# 2. **Roleplay until there is tension**: a moment of doubt, an attempt
#    that could have interesting consequences, or the FC pausing you to ask
#    what exactly you intend.
#
# Bruno wants the airship's motor running again before the storm drives the
# ship onto the rocks. His player says so, plays Bruno cursing and climbing
# into the motor room, and everyone feels it: this could go wrong, in more
# than one way. This is a moment the story turns on, so the FC calls for a
# **task**.
#
# ## 5. The FC and your Peers set up the roll

# %% [build]
bruno = task_of("Bruno", "mechanic", "Finesse", factors=1)
b_caliber, b_score = ability("Bruno", "Finesse")
plans = [("the dice alone", {}),
         ("with a Lot and a stunt (2 KISSes)", {"kiss": 2}),
         ("with the 2 KISSes and Ego doubling 6s", {"kiss": 2, "ego": "double6"})]
chances = [vw.odds({**bruno, **extra, "consequences": 1}) for _, extra in plans]
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(7.0, 2.8))
for i, ((words, _), o) in enumerate(zip(plans, chances)):
    bars = ax.barh([2 * i - 0.4, 2 * i + 0.4], [o.p_pass, o.p_goal], 0.8, color=[PASS, GOAL],
                   hatch=["", "//"], edgecolor="white")
    ax.bar_label(bars, [f"pass {vw.percent(o.p_pass)}", f"goal {vw.percent(o.p_goal)}"], fontsize=8, padding=3)
ax.set_yticks([2 * i for i in range(len(plans))])
ax.set_yticklabels([words for words, _ in plans], fontsize=8)
ax.invert_yaxis()
ax.set_xlim(0, 1.15)
ax.set_xlabel("chance")
ax.set_title("Bruno's task: what a Lot, a stunt and Ego are worth")
first, last = chances[0], chances[-1]

# %% [markdown]
# 3. **The FC names the ability**: Finesse (Bruno's is
#    {{ b_caliber.title() }}), and decides with the player that this is a
#    task. A task uses a **job** that inherits the ability: fixing the motor
#    is mechanic's work, and Bruno's **mechanic** job (level 3) inherits
#    Finesse. He rolls **{{ bruno["dice"] }} dice**, one per level, each
#    succeeding on 5 or 6 because his Finesse is Bronze.
# 4. **The FC names the factors** that make it harder: here one, the storm.
#    The **threshold** is 1 + 1 = **{{ first.threshold }}**: the *price of
#    success*, the number of successes it costs to get what he wants. The
#    FC also says what failure would mean: the ship drifts onto the rocks.
# 5. **Allies may offer a die** each (up to two, [chapter 4](04-help.ipynb));
#    nobody offers this time.
# 6. Before rolling, Bruno's player lists what he can spend to re-roll dice
#    (**KISS**, below): one **Lot** he is ready to spend and a **stunt** (he
#    will fix it with his bare hands, hanging out of a hatch). He also has
#    **Ego**. He would like **one** consequence beyond the primary one: his
#    **goal** is the threshold + 1 = {{ first.goal }} successes.
#
# His chances, before a die is rolled:
#
# {{ table(["Bruno's plan", f"pass ({first.threshold} successes)", f"goal ({first.goal} successes)"],
#          [[w, vw.percent(o.p_pass), vw.percent(o.p_goal)] for (w, _), o in zip(plans, chances)]) }}

# %% [build]
show(fig, alt=f"Bars of Bruno's chances: passing rises from {vw.percent(first.p_pass)} with the dice alone to "
              f"{vw.percent(last.p_pass)} with both KISSes and Ego, reaching his goal from "
              f"{vw.percent(first.p_goal)} to {vw.percent(last.p_goal)}.")

# %% [markdown]
# ## 6. The roll
#
# 7. **Roll the dice and count successes**: each die that shows a face its
#    caliber allows is one **success**.

# %% [build]
spec = {**bruno, "kiss": 2, "ego": "double6", "consequences": 1}
r = vw.roll(spec, seed=8)
first_faces = [d.before for d in r.dice]
hits = sum(face >= 5 for face in first_faces)
kissed = [d for d in r.dice if d.kissed]
after = sum(face >= 5 for face in (d.after for d in r.dice))
sixes = r.details["ego_doubles"]  # the dice Ego doubles: the 6s, by the rules as read
assert len(kissed) == 2 and after == r.details["threshold"] and sixes == 1  # the story below tells this roll
show(dice_figure([
    ("first roll", [(d.before, int(d.before >= 5), "") for d in r.dice]),
    ("after KISS", [(d.after, int(d.after >= 5), "KISSed" if d.kissed else "") for d in r.dice]),
    ("after Ego", [(d.after, d.scores, "Ego: 2" if d.scores == 2 else "") for d in r.dice]),
], "Bruno's three dice (Bronze: 5 and 6 succeed)"),
    alt=f"Bruno's dice: first {', '.join(map(str, first_faces))} with {hits} success; after KISSing the two "
        f"misses {', '.join(str(d.after) for d in r.dice)} with {after} successes; with Ego the 6 counts twice, "
        f"{r.outcome} successes.")

# %% [markdown]
# Bruno rolls **{{ ", ".join(map(str, first_faces)) }}**: {{ hits }} success,
# against a threshold of {{ r.details["threshold"] }}. Not enough yet.
#
# ## 7. KISS: re-roll the dice that disappoint you (tasks only)
#
# 8. **KISS** stands for the four things that pay for re-rolling one die:
#    **K**ismet (spending a **Lot**), **I**nsight (a fact that bears on the
#    task, approved by your Peers), a **S**tunt (flair that raises the
#    stakes, one per task) and **S**pecialties (up to four fitting
#    attributes, each approved by your Peers). Each die can be KISSed
#    **once**, all in **one round**, and the new face stands even if it is
#    worse. There is no KISSing on a check.
#
# Bruno spends his Lot and his stunt on his {{ len(kissed) }} failed dice:
# {{ ", ".join(f"the {d.before} becomes a **{d.after}**" for d in kissed) }}.
# Now {{ after }} successes: the threshold is met, but not his goal of
# {{ r.details["goal"] }}.
#
# ## 8. Ego: one last push
#
# 9. **Ego** is something you have or you do not (you earn it by setting
#    a scene, or at a debrief by upholding your principles). Spending it does one of two things: KISS *every*
#    disappointing die at once, or make every **6** count as **two**
#    successes. Bruno has used his KISSes and has a 6 on the table: he
#    spends Ego on the 6s.
#
# Ego spent: the six now counts twice. Final dice
# **{{ ", ".join(str(d.after) for d in r.dice) }}**: **{{ r.outcome }} successes**.

# %% [build]
left = r.outcome - r.details["threshold"]
assert left == 1  # the story below spends exactly one success beyond the primary

# %% [markdown]
# ## 9. Spend the successes: buying consequences
#
# 10. **Spend** the successes. The **primary consequence**, what you set
#     out to do, costs the threshold; not buying it means the task fails.
#     Each **secondary consequence** costs 1 and keeps something bad from
#     happening on the way ("I am not abashed or injured...", "...performed
#     with grace or efficiency...", "No one I care for is compromised...",
#     "Nothing else is unintentionally lost or destroyed..."). Each
#     **tertiary consequence** costs 1 and hangs on another one: an extra
#     prize, "I learned something new" (+1 **exp**), your true intentions
#     revealed (a Lot back), a welcome surprise.
# 11. Then the FC may turn **one secondary consequence you did not buy**
#     against you.
#
# Bruno pays **{{ r.details["threshold"] }}** for the primary consequence: the
# motor roars back to life. His last success buys *"No one I care for is
# compromised, disturbed, or jeopardized..."*: the crew is safe. He did not
# buy *"I am not abashed or injured..."*, so the FC says his hands are burnt
# from the hot pipes: a wound he will carry into the next scene.
#
# ## 10. Afterwards: exp and what was spent
#
# 12. **Exp** (experience) goes to the job you used when the task fails
#     (you learn from mistakes), when you buy "I learned something new", and
#     to each ally who helped, pass or fail. Exp levels jobs up
#     ([chapter 5](05-learning-and-advancement.ipynb)). Bruno passed and did
#     not buy the lesson, so no exp this time.
# 13. Mark what was spent: Bruno has one Lot fewer
#     ({{ PREGENS["Bruno"]["lots"] - 1 }} left), and no Ego until he earns it
#     back. The turn passes to the next player.
#
# ## 11. Your turn
#
# Bruno's task, live. Change the Lots, the stunt and Ego and watch the
# odds<span class="notebook-only">; press **Roll**, click the dice you want to KISS, then tick the
# consequences you buy</span>. Each roll has its own seed in the roll log, so any
# roll can be replayed.

# %%
vw.TaskRoller(caliber="bronze", dice=3, factors=1, lots=1, stunt=1, ego="double6", consequences=1)

# %% [markdown]
# ## Recap
#
# * The FC runs the world and passes the turn; most turns need no dice.
#   Only players perform tasks.
# * A **check** is one d20 + your ability's score against a **target**
#   (your Peers' difficulty + the FC's factors); short, you may argue for
#   bonus d6 and add the highest.
# * A **task** is a pool of d6, one per level of your job, each succeeding
#   by your ability's caliber; the **threshold** (1 + factors) is the price
#   of success.
# * In a task you may **KISS** dice (re-roll each once) and spend **Ego**;
#   then you **spend** the successes on consequences, and the FC may turn an
#   unbought secondary one against you.
#
# ---
# **Next:** [Chapter 1: Checks](01-checks.ipynb) · [Glossary](../docs/glossary.md) ·
# [Index](../docs/index.md) · [Cheat sheets](../docs/cheatsheet_playtest.md)
