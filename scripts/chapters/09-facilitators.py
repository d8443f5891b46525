# Source of notebooks/09-facilitators.ipynb (built by scripts/make_notebooks.py).

# %% [markdown]
# # Chapter 9: For Facilitators: when to roll, and how hard
#
# New words are explained in the [glossary](../docs/glossary.md).

# %% [markdown notebook-only]
# > **Run All to bring the rollers alive**: choose *Run → Run All Cells*.
# > Until you do, each roller on this page shows a still picture of its odds
# > (a chart and a table that do not move).

# %% [markdown]
# *Edition: the 1st Playtest Rules (v0.2), the default; where the
# Playsheet or the agora procedure does a thing differently, the section
# says so, and the end of the chapter puts the three side by side.*
#
# You have read chapters 0 to 6 as a player. This part of the book is for
# the player who runs the game: the **Facilitator**, or **FC**. It has three
# chapters, to read in this order:
#
# * **this chapter**: the decisions you make each time a player wants
#   something, from "is this worth a roll?" to "what happens if it goes
#   wrong?", with the odds where they help you decide;
# * [chapter 12, Running a session](12-running-a-session.ipynb): everything
#   around the rolls: scenes and the spotlight, narrating failure, letting a
#   roll ride, rewinds, the debrief, safety, and a checklist for your first
#   session;
# * [chapter 13, Odds tables](13-odds-tables.ipynb): reference tables to
#   look things up in, not to read through.
#
# Everything below fits on one printed page, [the Facilitator's
# screen](../docs/fc_screen.md): print it and keep it in front of you.
# Every example uses the crew of the *Kestrel* from chapter 0: Bruno the
# mechanic, Ada the scout and Clara, engineer and captain.

# %% [build]
import textwrap

import matplotlib.pyplot as plt
from matplotlib.patches import FancyBboxPatch

from venus_widgets.engine.tools.party import setting_words

setup_plots()
PARTY = pregen_party()


def chance(spec, places=0):
    """A chance to pass as the rollers show it."""
    return vw.percent(vw.odds(spec).p_pass, places)


def points(a, b):
    """The difference of two chances, in whole percentage points."""
    return f"{round(100 * abs(vw.odds(a).p_pass - vw.odds(b).p_pass))} points"


# %% [markdown]
# ## 1. What the Facilitator does
#
# The FC is one of the players, usually the one who gathered the group.
# Instead of one character, you play **the world**: the places, the
# weather, the pirates and the harbour master, everyone the players do not
# play. Around the table that means five jobs:
#
# * **Frame scenes and pass the turn.** You say where we are and what is
#   going on, then let each player act in turn (chapter 12).
# * **Listen for what the players want.** Every roll starts from a
#   player's **agenda**: what their character wants and how they go about
#   it. Your first job at every turn is to understand it.
# * **Call for rolls, and set them up.** You decide whether a roll is
#   needed, name the ability, count the factors and say what failure
#   means. That is this chapter.
# * **Answer with the world.** After the dice, you say how the world
#   reacts: the pass, the failure, the twist that nobody bought away.
# * **Look after the table.** Pace, fairness, and everyone's comfort
#   (chapter 12).
#
# You do not do it alone. Your **Peers** (everyone at the table but the
# player whose turn it is) share the judging, so that you can keep your
# mind on the story:
#
# | who | decides |
# |---|---|
# | the player | what the character wants and how; which fitting job to use; what to spend Lots, Ego and successes on |
# | the FC | whether to roll; check or task (with the player); the ability; the factors; what failure means; whether to turn an unbought secondary consequence against the player |
# | the Peers | how hard a check is in itself (its absolute difficulty); whether an insight, a specialty or a bonus factor counts; which job fits when the character has none; what a "welcome surprise" turns out to be |
#
# Your rulings should never be arbitrary, and they are never final: say
# why you rule as you do, listen when a Peer disagrees, and if a ruling
# turns out wrong, say so and fix it for next time.
#
# Three attitudes make all of this easier:
#
# * **Be a fan of the characters.** Want them to do great things, and make
#   them work for it. You are not playing against the players; the world
#   is, and you are its voice.
# * **Play to find out what happens.** Prepare situations, not endings
#   (chapter 12, section 10). If you already know how the evening ends,
#   the players' choices do not matter, and they feel it.
# * **Play in the open.** Say the factors and the stakes aloud, before the
#   roll; show the odds if a player asks. A table that sees how a ruling is
#   made trusts the next one.

# %% [build]
STEPS = [
    ("1. What do you want, and how?", "the player's agenda"),
    ("2. Is anything at stake?", "no: say yes, no roll (section 3)"),
    ("3. Should the answer be no?", "a line, the tone, out of bounds: say no (section 4)"),
    ("4. A check or a task?", "yes or no, or how well and at what price (section 5)"),
    ("5. Which ability, which job?", "by how the character acts (section 6)"),
    ("6. How hard?", "the Peers' difficulty and your factors (sections 7, 8, 10)"),
    ("7. What does failure mean?", "said before anyone picks up a die (section 9)"),
    ("8. Help, KISS, roll, spend", "then narrate, and let it ride (chapter 12)"),
]
LINE, GAP = 18, 22  # the figure is drawn 320 px wide, in px: a line of its 14 px text, the room for an arrow
boxes, top = [], 0
for i, (step, note) in enumerate(STEPS):
    lines = textwrap.wrap(note, 34)
    boxes.append((step, lines, top, 16 + LINE * (1 + len(lines))))
    top += boxes[-1][3] + GAP
total = top - GAP
fig, ax = plt.subplots()
for i, (step, lines, top, h) in enumerate(boxes):
    y = total - top - h
    side = i in (1, 2)
    ax.add_patch(FancyBboxPatch((3, y), 294, h, boxstyle="round,pad=0,rounding_size=8",
                                facecolor="#fde2c4" if side else "#cfe3f3", edgecolor="#1a1a1a", linewidth=1.2))
    for k, (words, weight) in enumerate([(step, "bold")] + [(line, "normal") for line in lines]):
        ax.text(12, y + h - 8 - LINE * (k + 0.5), words, va="center", fontweight=weight)
    if i < len(boxes) - 1:
        ax.annotate("", xy=(150, y - GAP + 2), xytext=(150, y - 1),
                    arrowprops={"arrowstyle": "-|>", "color": "#1a1a1a", "lw": 1.2})
ax.set_xlim(0, 300)
ax.set_ylim(-2, total + 2)
ax.set_aspect("equal")
ax.axis("off")
ax.set_title("The FC's procedure, each time a player wants something")
show(fig, alt="The FC's procedure as a column of eight steps, each with a note: what the player wants; whether "
              "anything is at stake (if not, say yes and do not roll); whether the answer should be no; check or "
              "task; which ability and job; how hard; what failure means; then help, KISS, the roll and the "
              "spending, and letting the roll ride.")

# %% [markdown]
# ## 2. From a player's wish to the dice
#
# Each time a player wants something, run through the steps of the
# picture above. With practice they take seconds, and most stop at step 2:
# *no roll needed*. The sections of this chapter take them one by one.
#
# Step 1 is a conversation, not a rule. When a player says "Ada goes
# ashore", ask what she hopes to find and how she goes about it: sneaking
# through the rocks, or walking up to the pirates' fire with a story ready?
# The two call for different rolls, and only the player knows which they
# mean. If the player is stuck, help them find an agenda: what does the
# character care about right now, what could their jobs or their gear do
# here, what are the others trying to do? The question "what do you want,
# and how?" is the most useful sentence an FC has.

# %% [build]
ada_routine = check_of("Ada", "Swiftness", difficulty="routine")
clara_easy = task_of("Clara", "engineer", "Finesse", kiss=2)  # a repair is handwork: her Silver Finesse

# %% [markdown]
# ## 3. Nothing at stake: no roll
#
# **We do not roll when nothing is at stake.** Before you call for dice, ask
# yourself two things: would a failure change anything worth playing? And
# would you be happy with either answer? If failure would change nothing,
# or you would be glad to hear yes, say yes: it happens, and the turn moves
# on.
#
# > **At the table.** The *Kestrel* is moored in a quiet harbour. Bruno's
# > player says he buys rope and a new wrench at the market. The FC does not
# > ask for a roll: nobody stands in his way, nothing hangs on it. "You
# > find both at the third stall; the seller throws in a rumour about
# > pirates for free. Ada, your turn."
#
# The same act can be worth a roll at another moment. Ada climbing the
# mooring mast to look around on a calm morning: yes, no dice. Ada
# climbing it in the rain to free a tangled line (chapter 0): a check,
# because failing there is a fall from a wet mast.
#
# The odds help here in one way: a roll the dice will almost always pass
# only adds a small chance of something nobody wanted. Ada's Silver
# Swiftness (score 4) passes a routine check {{ chance(ada_routine) }} of
# the time: if you call for that roll, all you add is the rare natural 1.
# Call for it only if that fall would make a good scene. Clara's engineer
# job on a repair (her Silver Finesse, 6 dice) with two KISSes ready passes a task with no factors {{ chance(clara_easy) }} of the time: for her, an ordinary repair is a
# *yes*.
#
# Skipping the dice is also how you keep the pace. A session where every
# sentence is a roll crawls; a session where the dice come out only when it
# matters makes every roll feel like one. If a player's turn has nothing at
# stake, play it out, pass the turn, and come back to them when they push
# for something.
#
# ## 4. Saying yes, and saying no
#
# **Say yes** when nothing is at stake, and say it freely: a player who
# hears yes learns that trying things is worth it. **Roll** when there is a
# conflict: someone in the world wants it not to happen, or the world itself
# pushes back.
#
# Sometimes you must **say no**, whatever the dice could say. There are
# four such times, and each no comes with a way forward:
#
# * **It crosses a line.** Before play the table agreed what will not
#   appear in the game at all (chapter 12, section 8). A wish that crosses
#   one of those lines gets an immediate no, with no debate and no roll;
#   a line found only in play gets the same, and the scene is rewound.
# * **It jams the signal.** The table also agreed on a tone: a
#   swashbuckling airship adventure, say. An act that would wreck that tone
#   for everyone (burning the harbour for fun, in a game about a crew who
#   protect it) may be questioned by the Peers, and the player asked to
#   reconsider.
# * **It goes out of bounds.** You prepared the cove, the pirates and the
#   reef, not the capital three days' flight away. A player may go
#   anywhere, but you may say: "yes, and that is next session's game; I need
#   a week to prepare it".
# * **In the agora procedure: it challenges a circumstance.** A
#   character's hand-written circumstances change only by their own
#   player's hand. You may prod a circumstance, never change it.
#
# > **At the table.** Bruno's player wants Bruno to beat a captured pirate
# > until he talks. At this table, cruelty to prisoners is a line. The FC:
# > "Not that; we agreed. But he is scared of you: if Bruno looms over him
# > and makes it clear what the Sunken Bay pirates do to those who talk,
# > that is a Resolve check." The player takes it.

# %% [build]
leap = check_of("Ada", "Swiftness", difficulty="tough")

# %% [markdown]
# ## 5. A check or a task?
#
# A **check** answers one question with yes or no, in a minute: does
# Ada reach the rail, does Bruno lift the crate, does Clara spot the lie?
# A **task** is for what the story turns on, where several things could
# go wrong, or the player cares how well it goes: it asks *how well, and at
# what price*, and takes a few minutes at the table. You choose, with the
# player's input. Some tests:
#
# * Does one thing hang on it, or several? One: a check. Several (the
#   prize, the time, a friend's safety): a task.
# * Would the player care to spend Lots and Ego on it? Then it matters
#   enough to be a task (there is no KISSing on a check).
# * Is it a beat in a fight? A check. A fight is a string of quick checks
#   (Finesse to hit, Swiftness to dodge), not of tasks.
#
# **Only players perform tasks.** A pirate captain never rolls a task:
# build the scene around a player's roll, with the captain working
# against it. His strength, his cunning, his crew become factors against
# the player, not a roll of his own. An NPC rolls at most a check, and even
# that is rare.
#
# > **At the table.** Ada leaps from the *Kestrel* to the pirate cutter's
# > rail as the ships scrape past: one question, *does she make it?*, a
# > Swiftness check (the Peers judge it tough: {{ chance(leap) }} for her).
# > Later she scouts the pirates' camp at night to find where they keep the
# > stolen charts: she could be seen, get lost, run out of time, find the
# > wrong tent. The story turns on it: a task, with her scout job.
#
# If you called for a check and then realise more is at stake than you
# thought (the rail is the only way to stop the cutter, and the whole
# crew's fate hangs on it), stop before the roll and make it a task. If the
# roll has already happened, that is a rewind (chapter 12, section 7).

# %% [build]
strike = check_of("Ada", "Finesse", difficulty="simple", factors=1)  # a pirate, in the dark
dodge = check_of("Bruno", "Swiftness", difficulty="tough", factors=1)  # Captain Mora's cutlass, its reach

# %% [markdown]
# ### Fights
#
# A fight is a scene like any other: the turn goes round the table, and
# each player says what their character does. Most blows are checks:
#
# * **Striking** is a Finesse check. The Peers judge the opponent as
#   they would any act: an ordinary sailor *simple*, a seasoned fighter
#   *tough*, a champion *challenging*. Your factors are what the opponent
#   has on their side: a longer blade, higher ground, a friend beside them.
# * **Defending**: when an NPC attacks, the NPC does not roll. The player
#   makes a Swiftness check to dodge (or Finesse to parry), against the
#   same difficulty.
#
# **What a hit does.** An ordinary NPC hit once is out of the fight: down,
# disarmed, over the rail or running; the player says how. A dangerous one
# takes more hits (two for a veteran, three for a captain), and each hit
# before the last is a wound you describe. A character who fails to
# defend is hit: the player writes a **wound** you name on the sheet, a
# factor of every later roll it hinders until the story heals it (chapter
# 0). A character with two wounds that hinder the fight is out of it:
# down, captured or fled, never dead unless you said so before the roll
# (section 9).
#
# **When the fight is what the story turns on** (driving the boarders off,
# holding a door while the others escape), make it one **task** for the
# player who leads it: the enemy's numbers, their leader and their ground
# are your factors, and an unbought "I am not abashed or injured..." turned
# against the player is a wound.
#
# ### An NPC's numbers
#
# An NPC needs no sheet, only three notes: how hard they are to beat (the
# difficulty the Peers will likely judge), how many hits they take (one,
# two or three), and what they bring against the players as factors. An
# NPC who helps a player is a bonus factor on a check; one who hinders is
# a factor.
#
# > **At the table.** Suppose the crew is caught in the pirates' camp
# > (chapter 12, section 10). The FC has noted: *a pirate: simple, one
# > hit; Captain Mora: tough, three hits, her long cutlass a factor.* Ada
# > slashes at a pirate: Finesse, her Silver {{ strike["score"] }}, simple with one factor, the dark:
# > target {{ vw.odds(strike).threshold }}, {{ chance(strike) }}. She passes, and he runs for the boats.
# > Mora swings at Bruno: a Swiftness check to dodge, tough, with the
# > cutlass's reach as a factor: target {{ vw.odds(dodge).threshold }}; Bruno's Bronze {{ dodge["score"] }} gives
# > him {{ chance(dodge) }}. He fails: a cut across the forearm, written on his sheet
# > beside his burnt hands. (His hands do not hinder a dodge, so they were
# > no factor here; they will be on his next swing of a wrench.)

# %% [build]
talk_wits = task_of("Clara", "captain", "Wits", factors=1)
talk_resolve = task_of("Clara", "captain", "Resolve", factors=1)
crane = task_of("Clara", "engineer", "Finesse", factors=1)  # fixing a crane is handwork: Finesse

# %% [markdown]
# ## 6. Which ability, which job
#
# Name the ability by **how** the character acts, not by what they want.
# In this rulebook's games, **Finesse** is precision and the hands,
# **Swiftness** speed and agility, **Wits** noticing and thinking, and
# **Resolve** will, nerve and stamina. If you cannot tell which, the player
# has not told you how: ask.
#
# For a task the player then picks a job that **inherits** that ability,
# and rolls one die per level. If no job fits, the Peers name the job that
# would, and the character starts learning it at level 0 (chapter 5): the
# ability's score in dice, and the learning counts as one of your factors.
# A job that fits only loosely is a factor too.
#
# > **At the table.** The harbour master will not let the *Kestrel* dock
# > without an inspection the crew cannot afford. Clara's player: "Clara
# > talks him round." The FC asks how. *With the ship's papers and a clever
# > reading of the harbour rules*: Wits, her Gold talent, through her captain
# > job (2 dice). *By staring him down*: Resolve, Silver, the same 2 dice.
# > The harbour master's stubbornness is one factor. Clever reading gives
# > her {{ chance(talk_wits) }}, staring him down {{ chance(talk_resolve) }}.
# > Then Clara's player has a better idea: "His crane has been broken for
# > weeks. Clara offers to fix it in exchange." An engineer's work, done
# > with her hands: Finesse, {{ crane["caliber"].title() }} for her, through her engineer job
# > ({{ crane["dice"] }} {{ crane["caliber"].title() }} dice), {{ chance(crane) }} with the same factor.
#
# The approach chose the dice. Reward a player who finds an approach that
# suits their character: that is good play, not a trick. But let the
# story choose the ability, never the odds: if Clara had insisted on
# staring him down, that is what she rolls.

# %% [build]
mast = check_of("Ada", "Swiftness", difficulty="tough", factors=1)
motor = task_of("Bruno", "mechanic", "Finesse", factors=1, kiss=2)  # chapter 0: his insight and a stunt
motor_dark = {**motor, "factors": 2}
bruno_dice_only = task_of("Bruno", "mechanic", "Finesse", factors=1)

# %% [markdown]
# ## 7. How hard: difficulty and factors
#
# ### Checks: your Peers judge the action, you count the factors
#
# On a check your Peers judge its **absolute difficulty**: how hard the act
# is *in itself*, for anyone trained to do it, in five steps.
#
# | difficulty | target | what it feels like | on the *Kestrel* |
# |---|---|---|---|
# | routine | 5 | what a trained person does without thinking | tie a line to a cleat |
# | simple | 10 | needs care, rarely goes wrong | climb the rigging in a breeze |
# | tough | 15 | a real effort, even for the skilled | climb the mooring mast; leap to a ship alongside |
# | challenging | 20 | the skilled often fail | climb the outside of the gas bag in a storm |
# | absurd | 25 | only the best, on a good day | catch a falling wrench mid-air from the mast |
#
# Then **you** add **factors**, +1 each: what makes *this attempt, here and
# now* harder. The rain on the mast, the wound in Ada's arm, the pirate
# shaking the rigging. At most four, and only the most pertinent. On a
# check, needing a fifth factor means the act was harder than first
# judged: go one step of absolute difficulty up and count again.
#
# ### Tasks: the threshold is yours
#
# A task has no absolute difficulty: its threshold starts at 1, and **you**
# add up to four factors, +1 each. Look for:
#
# * the surroundings (the storm, the dark, the height);
# * an opponent who is bigger, better, or more cunning than the character;
# * someone working against them;
# * a job that does not quite fit, or one still being learned;
# * the bill of an earlier failure coming due;
# * the character being hurt, shamed, hungry or tired;
# * an unfamiliar place or situation.
#
# **Name each factor aloud and count on your fingers**: "the storm, one."
# The players then know what they are up against and can argue for
# KISSes against it ("I know this motor: it stalls when its fuel line ices
# up"). Three sides of the same storm (wind, rain, cold) are one factor,
# not three.
#
# ### What one factor costs
#
# On a check each factor costs the same 5 points of chance, until the
# natural 20 or 1 takes over, so you may fine-tune freely: Ada's tough
# climb up the mooring mast with the rain as one factor (chapter 0) is {{ chance(mast) }} for her. In a
# task each factor raises the price by a whole success, and that is a big
# step:
#
# > **At the table.** Bruno dives into the motor room to get the motor
# > running before the storm drives the ship onto the rocks (chapter 0). The
# > FC names one factor, the storm. Should the dark of the motor room be a
# > second? With his insight and a stunt ready for two KISSes, Bruno has {{ chance(motor) }}
# > with one factor and {{ chance(motor_dark) }} with two: the dark would
# > cost him {{ points(motor, motor_dark) }}. The FC decides the lamps
# > are still lit: one factor. (With the dice alone, no KISS, he would have {{ chance(bruno_dice_only) }}.)
#
# So in a task, a second factor is a real decision. Add it when the story
# has earned it, not to make a roll "interesting": the consequences make
# it interesting (section 9).

# %% [build]
storm_climb = check_of("Ada", "Swiftness", difficulty="challenging")
storm_twice = check_of("Ada", "Swiftness", difficulty="challenging", factors=1)
AGORA_ADA = {"edition": "agora", "roll": "task", "rank": 4, "health": 2, "job": 2}
plain_scout = {**AGORA_ADA, "consequences": 2}
as_factor = {**AGORA_ADA, "factors": 1, "consequences": 2}
as_consequence = {**AGORA_ADA, "consequences": 3}
twice = {**AGORA_ADA, "factors": 1, "consequences": 3}

# %% [markdown]
# ## 8. Never count a hazard twice
#
# A player pays for trouble in the difficulty (the Peers' judgement and
# your factors) and, in the agora procedure, in the consequences each
# success must turn aside. Charge each hazard **once**. Charging it twice
# is called **double-dipping**, and the player pays for the same trouble
# twice. (Naming a hazard as a factor and then saying what failure brings
# is not double-dipping in the playtest rules: the failure is what the
# threshold buys off, not a second price.)
#
# * **Difficulty and factor.** If the Peers judged Ada's climb up the
#   outside of the gas bag *challenging* because of the storm, the storm is
#   not also a factor. Her climb is {{ chance(storm_climb) }} as judged; the storm counted again as a
#   factor would take it to {{ chance(storm_twice) }}, for nothing new in
#   the story.
#
# Ask yourself for each factor: *is this already in the difficulty?* If
# it is, keep one. The Peers may ask the same question, and they should.
# (The agora procedure can charge a hazard a third way, as one of the
# consequences a success must turn aside: see the end of this chapter.)

# %% [build]
bruno_fail = task_of("Bruno", "mechanic", "Finesse", factors=1, kiss=2)  # chapter 0: his insight and a stunt
bruno_ego = {**bruno_fail, "ego": "double6"}

# %% [markdown]
# ## 9. Say what failure means, before the roll
#
# Before anyone picks up a die, the player must know what is at stake: the
# **stakes** of the roll. On
# a check, failure is often plain from the act (Ada misses the rail: she
# falls between the ships); if it is not, say it. On a task, say what
# failure means along with the threshold: the threshold is the price of
# what the player wants, and failure is what they get instead.
#
# Good stakes:
#
# * **change the situation.** "You fail" and nothing happens is not a
#   stake. "The ship drifts onto the rocks" is.
# * **threaten the agenda.** They follow from what the player wants: Bruno
#   wants the motor running, so failure is the ship adrift, not a pirate
#   arriving from nowhere.
# * **fit the size of the act.** A failed mast climb can mean a fall and a
#   hurt arm, not a broken neck out of the blue. If failure could kill,
#   say so plainly, so the player can choose to try something else.
# * **are said aloud, in one sentence**, so nobody remembers them
#   differently afterwards.
#
# In a task the secondary consequences (chapter 2) are stakes too: what
# the player does not buy, you may turn against them after the roll
# (chapter 12, section 5). If the scene makes one of them likely ("in
# this storm, whoever goes out on the hull may well get hurt"), say so now.
#
# > **At the table.** "The storm is one factor: threshold 2. If you do not
# > get the motor going, the *Kestrel* drifts onto the rocks. And in that
# > motor room, everything is hot." Bruno's player knows he has {{ chance(bruno_fail) }} with his insight and a stunt to pay for
# > two re-rolls, and {{ chance(bruno_ego) }} if he spends his Ego too; he keeps his Lots, decides
# > that the ship is worth his Ego, and rolls (chapter 0).
#
# **Why before?** Because the player decides with their eyes open: to
# spend a Lot, to ask for help, or to try another way. Stakes announced
# after the dice feel like a trap, and a player who feels trapped stops
# trying bold things. If a roll was made before the stakes were said, it
# does not count: start the roll again (a rewind, chapter 12).
#
# In the **agora procedure** the stakes *are* the roll: you lay out up to
# four consequences, short sentences of what will happen in the worst case,
# and each success the player spends turns one aside. Make them the
# failures of the player's agenda, and order them when one depends on
# another ("a sentry sees you, and raises the alarm": the alarm cannot come
# without the sighting, so a single success goes on the sighting).

# %% [build]
party = vw.party_ladder(PARTY, target=0.5)
best = party.rungs[party.best]
party_rows = [[setting_words(setting), *(vw.percent(p) for p in party.chances[i]), vw.percent(party.party_chance(i))]
              for i, setting in enumerate(party.rungs)]
clara_goal = vw.odds({**PARTY["Clara"], "factors": 1, "consequences": 4})
clara_goal2 = vw.odds({**PARTY["Clara"], "factors": 1, "consequences": 2})
nearest = ", ".join(f"{name} at {setting_words(party.rungs[i])} ({vw.percent(party.chances[i][list(PARTY).index(name)])})"
                    for name, i in party.best_for.items())

# %% [markdown]
# ## 10. Setting difficulty by the odds: the ladder, the party, the screen
#
# The fiction sets the difficulty: you count the factors the situation
# has, not the ones that give a nice number. But before a big moment (the
# climax you prepared, the task a player has waited all evening for) it is
# worth knowing what you are asking. *Which difficulty gives this party
# about 50 %?*
#
# Here are the three characters, each about to attempt a task with their
# best job: Bruno with his mechanic job (3 Bronze dice) and a Lot ready for
# one KISS, Ada with her scout job (4 Silver dice), Clara with her engineer
# job on a problem of the mind, tracing a fault or working out a fix
# ({{ PARTY["Clara"]["dice"] }} {{ PARTY["Clara"]["caliber"].title() }}
# dice, for her Gold Wits; a repair by hand would be her Silver Finesse,
# as at the crane in section 6) and two KISSes ready. Every setting of a task's
# difficulty (the **ladder**: no factor to four), with each character's
# chance to pass. The last column, the **party**, is the three characters'
# chances averaged: the share of the party that would pass, if each of
# them rolled.
#
# {{ table(["setting", *PARTY, "party (average)"], party_rows) }}
#
# Read across the rows. **{{ setting_words(best) }}** is nearest 50 % for
# the party ({{ vw.percent(party.party_chance(party.best)) }}), but look
# at what that average hides: nobody is near it. The nearest for each
# character: {{ nearest }}. A task is rolled by one character, not by
# the party, so the party column answers only one question: *if they all
# try, how many get through?* For the roll in front of you, read the
# column of the character who rolls.
#
# What the ladder tells an FC:
#
# * **One factor is a big step.** Read a character's column: each row
#   down is a whole success more. Pick the row the story gives, then let
#   the players move the odds with KISSes, Ego and help.
# * **Some characters are not challenged by difficulty.** Clara's
#   engineer job passes almost anything. For her the tension is not *whether*
#   but *at what price*: with one factor she passes {{ vw.percent(clara_goal.p_pass) }} of the time and buys two secondary
#   consequences on top {{ vw.percent(clara_goal2.p_goal) }} of the time,
#   but all four, getting away clean, only {{ vw.percent(clara_goal.p_goal) }}.
#   Raise her stakes, not her factors: what will it cost her?
# * **It is a map of the spotlight.** A Bronze mechanic and a Gold engineer
#   shine at different things. Give each player problems their character
#   is good at, and some they are not (chapter 12, section 2).
#
# ### The Facilitator's screen
#
# The **FC's screen** is the same table, live. In the live notebook you
# type or change the characters and move the target slider; it marks (◆)
# the setting nearest the target for each character and (▶) for the party,
# says why in one line, explains any chance step by step with its
# *Explain* button, and prints the table. It lists the settings in the edition's order: fewer
# factors first (an agora task lists all its standard settings before the
# challenging ones, so there the chances do not always fall down the
# list). The printed [Facilitator's screen](../docs/fc_screen.md) carries
# the same ladder for this party.

# %% [markdown notebook-only]
# > Until you run the cell below, the screen
# > is only what was saved when this page was built: it does not move.

# %%
vw.FCScreen({"Bruno": {"roll": "task", "dice": 3, "kiss": 1}, "Ada": {"roll": "task", "caliber": "silver", "dice": 4}, "Clara": {"roll": "task", "caliber": "gold", "dice": 6, "kiss": 2}}, target=0.5)

# %% [build]
camp = task_of("Ada", "scout", "Swiftness", factors=1)
camp_stunt = {**camp, "kiss": 1}
camp_two = task_of("Ada", "scout", "Swiftness", factors=2)
camp_roll = vw.roll(camp_stunt, seed=3)
first_faces = [d.before for d in camp_roll.dice]
kissed = [d for d in camp_roll.dice if d.kissed]
first_hits = sum(face >= 4 for face in first_faces)
assert len(kissed) == 1 and camp_roll.outcome == camp_roll.details["threshold"] == 2  # the story below tells this roll

# %% [markdown]
# ## 11. Putting it together: one roll from the FC's chair
#
# Dawn in the cove. The FC has prepared the pirates' camp on the cliff
# (chapter 12, section 10). Here is one turn, with what goes through the
# FC's head at each step.
#
# 1. **Ada's player**: "Ada gets into the camp and finds the charts." *What
#    does she want, and how?* "She comes in from behind the tents, while
#    they sleep off last night's rum, and looks for the tent with a guard."
# 2. *Anything at stake?* Yes: the pirates, the charts, her freedom.
# 3. *Should the answer be no?* No line, the tone is right, and the camp
#    is prepared.
# 4. *Check or task?* She could be seen, wake the dogs, pick the wrong
#    tent, run out of darkness: several things at once. A task.
# 5. *Ability?* Sneaking is Swiftness; her scout job inherits it: 4 Silver
#    dice.
# 6. *How hard?* The dogs sleeping among the tents are a factor. The dawn
#    light? It is there, but the camp is asleep: not pertinent. The lookout
#    on the cliff path? She does not go that way. One factor, threshold 2:
#    {{ chance(camp) }} for her, against {{ chance(camp_two) }} with two.
#    This is the evening's opening move, not its climax: one factor it is.
# 7. *What does failure mean?* "If you fail, the dogs wake, and the camp
#    with them: you will be running, without the charts."
# 8. **Ada's player**: "She goes over the tent roofs, light as a cat." A
#    stunt: one KISS, no approval needed, and the FC sees nothing
#    far-fetched in it. With it, {{ chance(camp_stunt) }}.

# %% [build]
show(dice_figure([
    ("first roll", [(d.before, int(d.before >= 4), "") for d in camp_roll.dice]),
    ("after the stunt", [(d.after, int(d.after >= 4), "KISSed" if d.kissed else "") for d in camp_roll.dice]),
], "Ada's four scout dice (Silver: 4, 5 and 6 succeed)"),
    alt=f"Ada's dice: first {', '.join(map(str, first_faces))} with {first_hits} success; her stunt re-rolls the "
        f"{kissed[0].before} into a {kissed[0].after}: {camp_roll.outcome} successes, the threshold exactly.")

# %% [markdown]
# She rolls {{ ", ".join(map(str, first_faces)) }}: {{ first_hits }}
# success, short of the threshold. The stunt re-rolls her
# {{ kissed[0].before }}: a **{{ kissed[0].after }}**.
# {{ camp_roll.outcome }} successes: she buys the primary, the charts,
# and has nothing left for the secondary consequences. *May the FC turn one
# against her?* Every one is unbought. "No one I care for is compromised"
# would come from nowhere (Bruno and Clara are at the ship). "Not injured"
# would spoil a clean stunt. But grace fits the dawn: "You have the charts.
# You also have the sun coming up over the cliff, and a camp waking around
# the tent you are in." The FC turned the one the scene was already
# offering, and the next turn starts with a problem.

# %% [build]
ruling = {"roll": "check", "caliber": "bronze", "score": 3, "difficulty": "tough"}
lock = {"edition": "agora", "roll": "task", "rank": 4, "health": 2, "job": 2, "consequences": 2}

# %% [markdown]
# ## Try it
#
# Test a ruling before you make it. The check below is a Bronze ability
# with score 3 against a *tough* difficulty: {{ chance(ruling) }} to pass;
# {{ chance({**ruling, "factors": 1}) }} with the one factor you are about to
# name, {{ chance({**ruling, "factors": 2}) }} with two. Played live, set the difficulty you have in mind and the
# factors, and see what you are asking of the player.

# %%
vw.CheckRoller(caliber="bronze", score=3, difficulty="tough")

# %% [markdown]
# ## Recap
#
# * Start from the agenda: *what do you want, and how?*
# * No roll when nothing is at stake: say yes. Say no to what crosses a
#   line, breaks the table's tone or goes out of bounds, and offer another
#   way.
# * A check for a yes or no, a task for what the story turns on; only
#   players perform tasks.
# * The ability comes from *how* the character acts; a task's job must
#   inherit it.
# * On a check your Peers judge its absolute difficulty; you name the factors,
#   at most four, the most pertinent ones, aloud. On a check each costs a
#   little; in a task each is a whole success.
# * Count no hazard twice, and say what failure means before the roll.
# * Read the ladder of the character who rolls; raise a strong
#   character's stakes, not their factors.
# * The whole procedure takes seconds once practised: section 11 runs it
#   on one roll.
#
# ## Exercises
#
# 1. Bruno's motor task: the FC is tempted to add the dark of the motor
#    room as a second factor. With the dice alone (no KISS), how much would
#    it cost him?
# 2. Which task setting comes nearest an even chance for Ada with her
#    scout job?
# 3. (For tables playing the agora procedure.) In the agora example at
#    the end of this chapter, how many points does Ada lose when
#    the lookout is charged both as a factor and as a consequence, rather
#    than as a consequence only?

# %% [build]
dark_alone = task_of("Bruno", "mechanic", "Finesse", factors=2)
ada_best = party.rungs[party.best_for["Ada"]]
ada_best_chance = party.chances[party.best_for["Ada"]][list(PARTY).index("Ada")]
dip = vw.odds(as_consequence).p_pass - vw.odds(twice).p_pass

# %% [markdown]
# <details><summary>Answers</summary>
#
# 1. From {{ chance(bruno_dice_only) }} to {{ chance(dark_alone) }}: **{{ points(bruno_dice_only, dark_alone) }}**.
#    With his two KISSes (his insight and a stunt) the loss is {{ points(motor, motor_dark) }}.
# 2. **{{ setting_words(ada_best) }}** ({{ vw.percent(ada_best_chance) }}); one step either side is far from even.
# 3. **{{ round(100 * dip, 1) }} points**: from {{ chance(as_consequence, 1) }} to {{ chance(twice, 1) }}.
#
# </details>

# %% [markdown]
# ## For tables playing another draft
#
# Everything above is the playtest game, the one a first evening plays.
# If your table plays the Playsheet or the agora procedure (chapters 7 and
# 8), read on: what changes for you, and the agora roller to try.
#
# ### Counting a hazard twice, the agora way
#
# In the agora procedure a factor takes a die away and each consequence
# needs a success to turn aside, so the same hazard can be charged both
# ways.
#
# Suppose your table plays the
# agora procedure and Ada's sheet there gives her Swiftness rank 4, two
# Health dice and two scout dice. She sneaks along the cliff past the
# pirates' lookout to reach their camp; the FC names two consequences:
# *she is seen*, and *she arrives too late to overhear the captain*.
#
# {{ table(["the lookout counts as", "chance to turn every consequence aside"],
#        [["nothing: two consequences, no factor", chance(plain_scout)],
#         ["a factor (a die fewer)", chance(as_factor)],
#         ["a third consequence (*the lookout raises the alarm*)", chance(as_consequence)],
#         ["both: double-dipping", chance(twice)]]) }}
#
# The lookout is one hazard. Charged once, Ada has {{ chance(as_consequence) }} or {{ chance(as_factor) }}; charged twice, {{ chance(twice) }}. Ask yourself for each factor: *is this also one of
# my consequences?* If it is, keep one.

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


def cost_words(x):
    """Percentage points, whole unless the half matters (12.5)."""
    return f"{100 * x:.1f}".rstrip("0").rstrip(".")


def neighbour_steps(rungs):
    """What one step costs: the drop between neighbouring rungs of the ladder (in its own order) while both
    chances stay between a tenth and nine tenths. An agora task's ladder runs standard 0, 1, 2... factors, then
    challenging 0, 1, 2...: from the last standard rung up to the first challenging one is no step down."""
    return [a.chance - b.chance for a, b in zip(rungs, rungs[1:]) if 0.1 <= b.chance < a.chance <= 0.9]


def thumb(edition, roll, spec, words):
    rungs = vw.ladder({"edition": edition, "roll": roll, **spec})
    gap = min(abs(r.chance - 0.5) for r in rungs)
    even = [r for r in rungs if abs(r.chance - 0.5) <= gap + 0.005]  # a tie within half a point: both
    steps = neighbour_steps(rungs)
    cost = (f"{cost_words(min(steps))} to {cost_words(max(steps))} points" if len(set(
        cost_words(x) for x in steps)) > 1 else f"{cost_words(steps[0])} points") if steps else "–"
    return [f"{edition} {roll}", words, " or ".join(f"{setting_words(r.setting)} ({vw.percent(r.chance)})" for r in even),
            cost, len(rungs)]


thumb_rows = [thumb(ed, roll, spec, words) for (ed, roll), (spec, words) in TYPICAL.items()]

# %% [markdown]
# ### The rule of thumb, edition by edition
#
# How much one step of difficulty costs depends on the edition's dice. For
# a middling character of each edition (named in the table), the setting
# nearest an even chance, and what one step on the ladder costs while the
# chance stays between a tenth and nine tenths (each counted exactly, not
# typed):
#
# {{ table(["edition", "character", "nearest an even chance", "one step costs (percentage points)", "settings"],
#          thumb_rows) }}
#
# Read it as: **on a d20 check every step is the same small cost, so
# fine-tune freely; on a dice pool each step is a big one, so one factor
# more or less is the whole decision.** The agora check has only two
# settings (standard and challenging) and is left out; the Heresy Engine
# and VERS are other games, there for comparison (chapter 8).
#
# And who decides what, in each of the three Venus Engine drafts:
#
# | | playtest | playsheet | agora |
# |---|---|---|---|
# | check's difficulty | the Peers: routine 5 to absurd 25 | the Peers: 1 to 4, times 5 | standard or challenging, discussed together |
# | task's difficulty | none: the threshold starts at 1 | the Peers: an appropriate difficulty 1 to 4 for the job | standard or challenging |
# | factors | the FC: up to four, +1 each | the FC (the GM): up to four, +1 or +2 each | the FC: up to four, each takes a die from the main pool |
# | what failure means | the FC says it, if not plain | the GM states it with the ability | the FC lays out up to four consequences, which successes turn aside |
# | after the roll | the FC may turn an unbought secondary consequence | criticals: at most half the threshold, or twice it | snake eyes: a boon or a bane; let it ride |
# | KISS on a check | no | no | yes |
#
# The **playsheet** calls the FC the GM and asks the Peers for a task's
# difficulty too: your part there is the factors and the stakes. In the
# **agora** procedure the whole table discusses difficulty and
# consequences together, briefly, before the roll: keep that talk short.

# %% [markdown]
# ### Try it: an agora task
#
# An agora task, with the two consequences the FC is about to announce:
# "the guard hears you" and "the lock jams". Each needs one success to
# turn aside (two when the task is challenging). Turning both aside is
# {{ chance(lock) }}; one factor more, {{ chance({**lock, "factors": 1}) }}.
# Played live, type your own consequences (up to four; what you type is
# shown as plain text), set the factors, and check that the odds feel right
# before the dice come out.

# %%
vw.TaskRoller(edition="agora", rank=4, health=2, job=2, consequences=2, consequence_texts=["the guard hears you", "the lock jams"])

# %% [markdown]
# ## For programmers
#
# > **In code**: the FC's screen of section 10 is `vw.party_ladder(party, target=0.5)`, with `.to_csv()` and
# > `.to_markdown()` to print; one character's ladder is `vw.ladder(spec)`,
# > the settings nearest a chance `vw.solve(spec, target, vary="factors")`,
# > and the step-by-step reasons `vw.explain(spec)`.

# %% [markdown]
# ---
# **Previous:** [Chapter 8: Editions compared](08-editions-compared.ipynb) ·
# **Next:** [Chapter 12: Running a session](12-running-a-session.ipynb) ·
# after that, [Chapter 13: Odds tables](13-odds-tables.ipynb) ·
# [Glossary](../docs/glossary.md) · [the Facilitator's screen](../docs/fc_screen.md) · cheat sheets:
# [playtest](../docs/cheatsheet_playtest.md), [playsheet](../docs/cheatsheet_playsheet.md),
# [agora](../docs/cheatsheet_agora.md)
