# Source of notebooks/00-a-roll-from-start-to-finish.ipynb (built by scripts/make_notebooks.py).

# %% [markdown]
# # Chapter 0: A roll from start to finish
#
# *Edition: the 1st Playtest Rules (v0.2), the default. New words are in
# **bold** the first time; all of them are in the
# [glossary](../docs/glossary.md). A one-page summary to print:
# [the playtest cheat sheet](../docs/cheatsheet_playtest.md).*
#
# > **Run All to bring the rollers alive**: choose *Run → Run All Cells*.
# > Until you do, the roller at the end of this page shows as one line of
# > text.
#
# This chapter follows **one roll at the table**, from the moment a
# player wants something to the moment the dice are put away. You do not
# need to read any code: every grey code cell only computes what the text
# around it shows, and every roll on this page uses a fixed seed, so you
# see the same dice each time.

# %%
import matplotlib.pyplot as plt
from IPython.display import Markdown, display

import venus_widgets as vw
from venus_widgets.tutorial import setup_plots, show

setup_plots()

# %% [markdown]
# ## 1. Before any dice: your agenda, then tension
#
# The game goes round the table in **turns**. On your turn you describe
# what your character does and says. Most turns need no dice at all: *we
# do not roll when nothing is at stake.*
#
# 1. **Work out your agenda**: what your character wants this turn, and
#    how they try to get it.
# 2. **Roleplay until there is tension**: a moment of doubt, an attempt
#    that could have interesting consequences, or the **Facilitator**
#    (the **FC**, the player who runs the world) pausing you to ask what
#    exactly you intend.
#
# Our example: **Bruno**, the airship's mechanic, wants the engine running
# again before the storm drives the ship onto the rocks. His player says so,
# plays Bruno cursing and climbing into the engine room, and everyone feels
# it: this could go wrong.
#
# ## 2. The FC and your Peers set up the roll
#
# 3. **The FC names the ability** the roll uses (here Bruno's mechanical
#    ability, a **Bronze** one: see *caliber* below) and, with your input,
#    decides between a **check** and a **task**:
#
# | | a **check** | a **task** |
# |---|---|---|
# | asks | did it work? yes or no | how well, and at what price? |
# | dice | one d20 + your ability's **score**, up to four bonus d6 | a pool of d6, one per level of your **job** |
# | difficulty | a **target**: your **Peers** judge how hard the action is (routine 5 ... absurd 25), the FC adds up to four factors (+1 each) | a **threshold** of successes: 1, plus one per factor the FC names (up to four) |
# | KISS and Ego | no | yes |
# | chapter | [1 Checks](01-checks.ipynb) | [2 Tasks](02-tasks.ipynb), [3 KISS and Ego](03-kiss-and-ego.ipynb) |
#
# Your **Peers** are everyone at the table except you, the FC included:
# they help judge the rules when it is not their turn. An **ability**
# has a **caliber** (Bronze, Silver, Gold or Platinum: raw talent) and a
# **score** (training). A **job** (mechanic, pilot, scholar...) has a
# **level**, and **inherits** abilities: a job can be used for a task when
# it inherits the ability the FC named. The engine is a job, so Bruno uses
# his **mechanic** job, level 3: he rolls **3 dice**, each succeeding on
# 5 or 6 because the ability is Bronze.
#
# 4. **The FC names the factors** that make it harder: here one, the storm.
#    The threshold is 1 + 1 = **2**, the *price of success*. The FC also
#    says what failure would mean: the ship drifts onto the rocks.
# 5. **Allies may offer a die** each (up to two, [chapter 4](04-help.ipynb));
#    nobody offers this time.
# 6. Before rolling, Bruno's player lists what he can spend to re-roll dice
#    (**KISS**, section 4): one **Lot** he is ready to spend and a
#    **stunt** (he will fix it with his bare hands, hanging out of a
#    hatch). He also has **Ego**. He would like **one** consequence beyond
#    the primary one: his **goal** is the threshold + 1.
#
# What are his chances? The engine computes them exactly:

# %%
bruno = {"roll": "task", "caliber": "bronze", "dice": 3, "factors": 1}
plans = [("the dice alone", {}),
         ("with his Lot and his stunt (2 KISSes)", {"kiss": 2}),
         ("with the KISSes and Ego doubling 6s", {"kiss": 2, "ego": "double6"})]
lines = []
for words, extra in plans:
    o = vw.odds({**bruno, **extra, "consequences": 1})
    lines.append(f"* {words}: pass ({o.threshold} successes) **{o.p_pass:.1%}**, "
                 f"goal ({o.goal} successes) **{o.p_goal:.1%}**")
display(Markdown("\n".join(lines)))

fig, ax = plt.subplots(figsize=(7.0, 2.8))
for i, (words, extra) in enumerate(plans):
    o = vw.odds({**bruno, **extra, "consequences": 1})
    bars = ax.barh([2 * i - 0.4, 2 * i + 0.4], [o.p_pass, o.p_goal], 0.8, color=["#0072B2", "#E69F00"],
                   hatch=["", "//"], edgecolor="white")
    ax.bar_label(bars, [f"pass {o.p_pass:.0%}", f"goal {o.p_goal:.0%}"], fontsize=8, padding=3)
ax.set_yticks([2 * i for i in range(len(plans))])
ax.set_yticklabels([words for words, _ in plans], fontsize=8)
ax.invert_yaxis()
ax.set_xlim(0, 1.15)
ax.set_xlabel("chance")
ax.set_title("Bruno's task: what his Lot, his stunt and his Ego are worth")
first, last = (vw.odds({**bruno, **extra, "consequences": 1}) for extra in (plans[0][1], plans[-1][1]))
show(fig, alt=f"Bars of Bruno's chances: passing rises from {first.p_pass:.0%} with the dice alone to "
              f"{last.p_pass:.0%} with both KISSes and Ego, reaching his goal from {first.p_goal:.0%} "
              f"to {last.p_goal:.0%}.")

# %% [markdown]
# ## 3. The roll
#
# 7. **Roll the dice and count successes**: each die that shows a face
#    the caliber allows is one success.

# %%
spec = {**bruno, "kiss": 2, "ego": "double6", "consequences": 1}
r = vw.roll(spec, seed=8)
first = [d.before for d in r.dice]
hits = sum(face >= 5 for face in first)
display(Markdown(f"Bruno rolls **{', '.join(map(str, first))}**: {hits} success{'' if hits == 1 else 'es'} "
                 f"against a threshold of {r.details['threshold']}. Not enough yet."))

# %% [markdown]
# ## 4. KISS: re-roll the dice that disappoint you (tasks only)
#
# 8. **KISS** stands for the four things that pay for re-rolling one die:
#    **K**ismet (spending a **Lot**; you hold up to 10), **I**nsight (a
#    fact that bears on the task, approved by your Peers), a **S**tunt
#    (flair that raises the stakes, one per task) and **S**pecialties (up to
#    four fitting attributes, each approved by your Peers). Each die can be
#    KISSed **once**, all in **one round**, and the new face stands even if
#    it is worse. There is no KISSing on a check.

# %%
kissed = [d for d in r.dice if d.kissed]
after = sum(face >= 5 for face in (d.after for d in r.dice))
display(Markdown(
    f"Bruno spends his Lot and his stunt on the {len(kissed)} failed dice: "
    + ", ".join(f"the {d.before} becomes a **{d.after}**" for d in kissed)
    + f". Now {after} successes: the threshold is met, but not his goal of {r.details['goal']}."))

# %% [markdown]
# ## 5. Ego: one last push
#
# 9. **Ego** is something you have or you do not (you earn it by setting
#    a scene, or at the debrief by upholding your principles). Spending it
#    does one of two things: KISS *every* disappointing die at once, or make
#    every **6** count as **two** successes. Bruno already used his KISSes,
#    and he has a 6 on the table: he spends Ego on the 6s.

# %%
sixes = r.details["ego_doubles"]  # the dice Ego doubles: the 6s, by the rules as read
display(Markdown(
    f"Ego spent: {'the six now counts' if sixes == 1 else f'the {sixes} sixes now count'} twice. "
    f"Final dice **{', '.join(str(d.after) for d in r.dice)}**: **{r.outcome} successes**."))

# %% [markdown]
# ## 6. Spend the successes: buying consequences
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

# %%
left = r.outcome - r.details["threshold"]
bought = ["No one I care for is compromised, disturbed, or jeopardized..."][:left]
display(Markdown(
    f"Bruno pays **{r.details['threshold']}** for the primary consequence: the engine roars back to life. "
    + (f"His last success buys *\"{bought[0]}\"*: the crew is safe. " if bought else "")
    + "He did not buy *\"I am not abashed or injured...\"*, so the FC says his hands are burnt "
      "from the hot pipes: a wound he will carry into the next scene."))

# %% [markdown]
# ## 7. Afterwards: exp and what was spent
#
# 12. **Exp** (experience) goes to the job you used when the task fails
#     (you learn from mistakes), when you buy "I learned something new", and
#     to each ally who helped, pass or fail. Exp levels jobs up
#     ([chapter 5](05-learning-and-advancement.ipynb)). Bruno passed and did
#     not buy the lesson, so no exp this time.
# 13. Mark what was spent: Bruno has one Lot fewer, and no Ego until he
#     earns it back. The turn passes to the next player.
#
# ## 8. Your turn
#
# Bruno's task, live. Change the Lots, the stunt and Ego and watch the
# odds; press **Roll**, click the dice you want to KISS, then tick the
# consequences you buy. Each roll has its own seed in the roll log, so any
# roll can be replayed.

# %%
vw.TaskRoller(caliber="bronze", dice=3, factors=1, lots=1, stunt=1, ego="double6", consequences=1)

# %% [markdown]
# ---
# **Next:** [Chapter 1: Checks](01-checks.ipynb) · [Glossary](../docs/glossary.md) ·
# [Cheat sheets](../docs/cheatsheet_playtest.md)
