# Source of notebooks/12-running-a-session.ipynb (built by scripts/make_notebooks.py).

# %% [markdown]
# # Chapter 12: Running a session
#
# New words are explained in the [glossary](../docs/glossary.md).

# %% [markdown notebook-only]
# > **Run All to bring the rollers alive**: choose *Run → Run All Cells*.
# > Until you do, each roller on this page shows a still picture of its odds
# > (a chart and a table that do not move).

# %% [markdown]
# *Edition: the 1st Playtest Rules (v0.2), the default; section 12 says
# where the Playsheet and the agora procedure differ.*
#
# [Chapter 9](09-facilitators.ipynb) followed the Facilitator through one
# roll. This chapter is about everything around the rolls: how a session
# moves from scene to scene, how you share the spotlight and keep the pace,
# what the Peers do, how you turn the dice into story (failing forward,
# turning a consequence against a player, and when not to), why a roll is
# made once and *ridden*, when to rewind, how to keep everyone comfortable,
# how to close a session with a debrief, how to prepare the next one, and
# what to do when the table gets stuck. It ends with a checklist for your
# first session, and a first adventure for the crew of the *Kestrel*.

# %% [build]
import matplotlib.pyplot as plt
import numpy as np

from venus_widgets.engine.editions.playtest import advancement

setup_plots()
PARTY = pregen_party()
NAMES = list(PARTY)


def chance(spec, places=0):
    """A chance to pass as the rollers show it."""
    return vw.percent(vw.odds(spec).p_pass, places)


def principle(name, fallback):
    """A pregenerated character's first principle, from the sheet when it lists principles."""
    return (PREGENS[name].get("principles") or [fallback])[0]


# %% [markdown]
# ## 1. Scenes, rounds and turns
#
# A session is a string of **scenes**. A scene is a place, a moment and a
# problem: *the motor room, in the storm, the motor dead*. You open each
# one, then pass the **turn** round the table, clockwise; once the turn has
# come back to where it started, that is a **round**. After a round you
# either play another in the same scene or cut to the next.
#
# **Opening a scene** takes three sentences: where we are, what the
# characters see and hear, and what is wrong. Start as late as you can,
# with the problem already there: not "you wake up in the cove", but "dawn
# in the cove: the rudder cable hangs in pieces, and there is smoke from a
# camp on the cliff".
#
# **Closing a scene**: when its problem is solved, lost or changed into
# another, or when the energy drops, end it. Cut away on a question ("and
# then the lamp on the cliff goes out...") rather than after every loose
# end is tied. When a scene ends, a player may offer to open the next
# one; if you agree, that player frames it and takes the first turn, and
# earns **Ego** if they have none. Say yes to that when you can: it costs you
# nothing and gives the table a scene someone wants.
#
# **When the party splits**, the characters may be in different places, or
# even at different times. You choose how to play it:
#
# * resolve one scene at a time while the other players wait (best when the
#   scenes are short);
# * keep the usual turn order and cut from one scene to the other at each
#   turn (best when both are tense);
# * play a round in one scene, then a round in the other, and so on.
#
# > **At the table.** Dawn in the cove. Ada's player wants to climb to the
# > pirates' camp alone while Bruno and Clara mend the rudder cable. The FC plays a
# > round on the cliff (Ada's climb, a glimpse of the camp), cuts to the
# > ship for a round (Bruno finds the rudder post cracked where the cable tore), and
# > back to the cliff: each scene ends its round on a question, so nobody
# > waits long without wanting to know what happens next.
#
# Anyone at the table may **pause** the game at any time, for any reason:
# a question, a break, a moment of discomfort. But the pacing is yours: it
# lies in how you cut between scenes and what you put in the spotlight.
#
# ## 2. The spotlight and the pace
#
# Each turn is a player's moment in the **spotlight**. Your part is to
# make sure everyone gets theirs, and that each is worth having.
#
# * **Keep a tally.** A mark on a card each time a player has a roll or a
#   big moment. Halfway through the evening, look: whoever has the fewest
#   marks gets the next problem aimed at their character.
# * **Aim problems at characters.** A snapped fuel line is Bruno's; a
#   pirate lookout on a cliff is Ada's; a harbour master who wants papers is
#   Clara's. Chapter 9's ladder shows why this matters: the same factor that
#   is a coin toss for one of them is a formality for another.
# * **Draw quiet players in** with a question to their character, not to
#   them: "Ada, you have climbed cliffs like this one before: what do you
#   notice?" A question in the story is easier to answer than "what do you
#   do?".
# * **Share a loud player's energy**: after a big moment, give the next
#   scene's first word to someone else.
# * **Keep the dice for what matters.** A turn with nothing at stake is
#   played out in a few sentences and passed on (chapter 9, section 3).
#   Tasks take minutes at the table: spend them on the moments the story
#   turns on, and keep checks quick.
#
# > **At the table.** Clara's player is quick and clever, and by the middle
# > of the evening Clara has solved three problems in a row; Bruno's player,
# > quieter, has had one roll. The FC ends the scene and opens the next in
# > the motor room: "The motor coughs, then stops. Bruno, it is making a
# > sound you have never heard before." The spotlight is his.
#
# ## 3. The Peers' part
#
# Your **Peers** are not an audience. When it is not their turn, the other
# players help you run the rules: they judge a check's absolute difficulty,
# approve an insight or a specialty (a KISS) and a bonus factor on a check,
# name the job a character must learn when none fits, and decide what a
# "welcome surprise" turns out to be. That takes work off your hands, so
# you can keep your mind on the world.
#
# They may also question a factor or a consequence you name, and they
# should if it looks counted twice (chapter 9, section 8). Keep those talks
# short: a sentence each, then a decision. If the table disagrees with you,
# go with the table's sense of the story; you can return to a ruling after
# the session, never in the middle of a roll.
#
# > **At the table.** Ada is short of the target of her climb. Her
# > player: "I have my good rope and climbing hook; can that be a bonus
# > factor?" Bruno's player (a Peer): "That is what the hook is for." The FC
# > nods: one bonus d6. Ada's player asks for a second, her cat's balance
# > (a merit on her sheet); on a wet mast, everyone agrees. She rolls.

# %% [build]
fails = {n: 1 - vw.odds({**s, "factors": 1}).p_pass for n, s in PARTY.items()}
unbought = {n: {f: 1 - vw.odds({**s, "factors": f, "consequences": 4}).p_goal for f in (0, 1, 2)}
            for n, s in PARTY.items()}
fig, axes = plt.subplots(1, 2, figsize=(10.0, 3.8), sharey=True, dpi=90)
x = np.arange(len(NAMES))
for ax, (title, values) in zip(axes, [
        ("the task fails", {f: [1 - vw.odds({**PARTY[n], "factors": f}).p_pass for n in NAMES] for f in (0, 1, 2)}),
        ("a secondary consequence is left unbought", {f: [unbought[n][f] for n in NAMES] for f in (0, 1, 2)})]):
    for k, f in enumerate((0, 1, 2)):
        bars = ax.bar(x + (k - 1) * 0.3, values[f], 0.29, label=f"{f} factor{'' if f == 1 else 's'}",
                      color=["#56B4E9", "#0072B2", "#002b4d"][k], hatch=["", "//", ".."][k], edgecolor="white")
        ax.bar_label(bars, [vw.percent(p) for p in values[f]], fontsize=7.5, padding=2, rotation=90)
    ax.set_xticks(x)
    ax.set_xticklabels(NAMES)
    ax.set_ylim(0, 1.3)
    ax.set_yticks([0, 0.25, 0.5, 0.75, 1])
    ax.set_yticklabels(["0%", "25%", "50%", "75%", "100%"])
    ax.set_title(f"How often {title}", fontsize=10)
axes[0].set_ylabel("chance")
axes[0].legend(fontsize=8, loc="upper right", ncols=3)

# %% [markdown]
# ## 4. Narrating the result: failing forward
#
# After the roll and the spending, the world answers. A pass is the
# player's moment: let them describe how their character does it, and add
# the world's reaction. A failure is yours to narrate, and you will
# narrate many. Here is how often a task fails for each of the three
# characters, with their best job, and how often one of the four secondary
# consequences is left unbought (so that you may turn it against the
# player, section 5):

# %% [build]
show(fig, alt="Two bar charts for Bruno, Ada and Clara at 0, 1 and 2 factors. How often the task fails: at one "
              f"factor Bruno {vw.percent(fails['Bruno'])}, Ada {vw.percent(fails['Ada'])}, Clara "
              f"{vw.percent(fails['Clara'])}. How often a secondary consequence is left unbought: at one factor "
              f"Bruno {vw.percent(unbought['Bruno'][1])}, Ada {vw.percent(unbought['Ada'][1])}, Clara "
              f"{vw.percent(unbought['Clara'][1])}.")

# %% [markdown]
# At one factor Bruno fails {{ vw.percent(fails["Bruno"]) }} of the time:
# failure is a normal part of his evening, and it must never end his
# story. **Failing forward** means that a failure changes the situation
# and the story goes on from there, worse off or in a new direction, never
# stuck:
#
# * **Something is lost**: time, a tool, an advantage, a way back.
# * **A new problem appears**: the noise brings a guard, the leak spreads,
#   a friend is put in danger.
# * **The goal moves**: the charts are not where Ada looked, but now she
#   knows who moved them.
#
# Never "nothing happens, try again": that is a roll that did not matter
# (and see section 6 on trying again). And remember that failure pays: the
# job marks **1 exp**, and any success left over can buy a silver lining
# hung on the failure, such as "...but I learned something new" (another
# exp) or "...but my true intentions are now revealed" (a Lot back).
#
# > **At the table.** Another night, in the pirates' cove: Bruno tries to
# > start the beached cutter's motor before the pirates wake, and fails with
# > one success. The FC: "The motor catches, roars for three heartbeats and
# > dies. Lamps come on all over the camp, and dogs are barking. Clara, the
# > boat is yours." Bruno's player spends his one success on "...but I
# > learned something new": Bruno saw which valve failed, and marks 2 exp on
# > his mechanic job. The story did not stop; it sped up, and it moved to
# > the next player.
#
# Words for the consequences are everyone's. As a consequence is bought,
# the player or you fill in the "..." with what it means here; a Peer may
# suggest something when nobody has an idea. Keep each description tied to
# the scene and to what the player was trying to do.

# %% [build]
clara_clean = vw.odds({**PARTY["Clara"], "factors": 1, "consequences": 4})
reef = vw.roll(task_of("Clara", "captain", "Wits", factors=2, helpers=[("Ada", "scout"), ("Bruno", "mechanic")],
                       kiss=1, ego="double6", consequences=1), seed=71)  # chapter 6's crossing, the same roll
assert reef.passed and reef.outcome == reef.details["threshold"] + 1  # one secondary bought, as told below

# %% [markdown]
# ## 5. Turning a secondary consequence, and when not to
#
# When the successes are spent, you **may** take one secondary consequence
# the player did not buy and turn it against them (the rules say you
# **subvert** it): its opposite happens.
#
# | the player did not buy | turned against them, it could become |
# |---|---|
# | "I am not abashed or injured..." | a burn, a sprain, a humiliation in front of the crew |
# | "My actions were performed with grace or efficiency..." | the job takes all night, it looks awful, it was loud |
# | "No one I care for is compromised, disturbed, or jeopardized..." | a friend is put in danger, hurt, angry, or their secret is out |
# | "Nothing else is unintentionally lost or destroyed..." | a tool breaks, cargo goes overboard, a door is left open behind them |
#
# The picture above shows how often you will have the chance: almost
# every task. Getting away clean takes the threshold plus all four
# secondaries; even Clara, with six Gold dice and two KISSes, does it at one
# factor only {{ vw.percent(clara_clean.p_goal) }} of the time. So the
# question is rarely *may I?* but *should I?* Turn one when:
#
# * it **follows from the scene**: the motor room is hot, so an unbought
#   "not injured" is a burn;
# * it **raises the stakes for later**: a friend in danger is a scene you
#   want to play next;
# * the player **chose** to leave it unbought: they bought grace over
#   safety, so the world takes them at their word.
#
# Do **not** turn one when:
#
# * it makes no sense here (nobody Ada cares for is anywhere near the
#   cliff);
# * it would undo what the player just bought, or make the pass feel like
#   a failure;
# * the character is already down: they failed the primary, and a second
#   blow would only pile on (a silver lining is better here);
# * it would touch one of the table's lines (section 8);
# * the scene is already full: one good complication beats two.
#
# > **At the table.** Clara steers the *Kestrel* through the gap in the
# > reef (chapter 6). She has {{ reef.outcome }} successes at threshold
# > {{ reef.details["threshold"] }}: her player buys the primary, then
# > "nothing else is lost", and leaves "grace", "not injured" and "no one I
# > care for is compromised" unbought. The FC could hurt her, but Clara
# > stood at the wheel the whole time: an injury would come from nowhere.
# > A friend in danger would pile on: Pim is already bleeding. Grace fits:
# > "You scrape through, the hull whole, but sideways, spinning like a top:
# > it takes half the night to bring her round." The FC turned the one that
# > made sense, and left whole the hull the player paid for.
#
# In the **agora procedure** there is no such step: the consequences you
# laid out before the roll are what happens, except for those the player
# turned aside with successes. And the Playsheet has none either: a failed
# task there brings the consequences you stated.

# %% [build]
channel = task_of("Ada", "scout", "Wits", factors=1)
p_channel = vw.odds(channel).p_pass
retries = [1 - (1 - p_channel) ** k for k in (1, 2, 3)]

# %% [markdown]
# ## 6. Let it ride
#
# **A roll is made once for an obstacle, and its result stands** until the
# situation really changes. The player does not roll again for the same
# thing, with the same ability or another; another character does not
# roll for it either; and the successes of that one roll count for
# everything it covered, all through the scene or the session. The rule is
# called **let it ride**. Even a roll with no success at all stands.
#
# Why? Because a roll that may be retried is not a roll. Ada's scout job,
# with her Bronze Wits, looking for the hidden channel into the cove in the
# fog (one factor), finds it {{ vw.percent(retries[0]) }} of the time. Let
# her try again at once and her chance of finding it sooner or later is {{ vw.percent(retries[1]) }} after two tries and {{ vw.percent(retries[2]) }} after three. The difficulty you set means
# nothing, the failure you described never happened, and everyone learns
# to keep rolling until the dice say yes.
#
# > **At the table.** Ada fails: the fog hides the channel. Her player:
# > "Can she look again, more carefully?" The FC: "The roll rides: in this
# > fog, she will not find it. But the fog will lift at dawn, and Bruno
# > could try something else entirely." Clara's player asks if Clara can
# > look too: the same obstacle, so no. Bruno's player has another idea:
# > follow the pirates' boat in when it comes back. That is a new
# > situation, with its own roll.
#
# What counts as a real change? New knowledge (a map, a tip), new means (a
# lamp, a boat, help), new circumstances (the fog lifts, the guards change),
# or a long time passing. Pressing harder is not a change.
#
# Two related habits:
#
# * **Roll once for a whole situation**, not once per step. Sneaking
#   through a camp is one roll, not one per tent. Ask the player for the
#   whole intent, set the stakes for the whole of it, roll.
# * **A check that grows**: if a player keeps digging for bonus factors,
#   or their agenda shifts while the check is being set up, you or a Peer
#   may call the check off and talk about what to try instead.
#
# ## 7. Rewinds: the rolls that do not ride
#
# Sometimes a roll should not stand. Then you **rewind**: go back a few
# moments, treat the roll as never made, and take it from the top. Rewind
# when:
#
# * **a line was crossed** (section 8): go back as far as it takes for
#   everyone to be comfortable again;
# * **the stakes were not said**: the player rolled before hearing what
#   failure would mean. It happens in the excitement of the moment; start
#   the roll again from the stakes, and ignore what the dice said;
# * **you misread the intent**: you took the player's wish for more (or
#   other) than they meant, and set consequences far beyond what they
#   expected, or they were not clear what they wanted. The player may
#   replay the whole turn. New players often need this: they are not yet
#   used to saying plainly what their character wants, and it is everyone's
#   job to help them;
# * **a check turned out to be a task**: the failure showed that far more
#   was at stake than anyone thought. Go back, and make it a task.
#
# This rulebook's reading: what was spent on a roll that is rewound (Lots,
# Ego, a stunt) comes back, since the roll never happened. A rewind is not a
# second chance at a roll that merely went badly: a fair roll that went
# badly rides.
#
# > **At the table.** Bruno's player grabs the dice the moment the FC says
# > "Finesse" and rolls: two misses. The FC: "Hold on, I had not told you
# > what is at stake. Those dice do not count. The storm is one factor, and
# > if you fail the ship drifts onto the rocks. Still want to try it this
# > way?" Nobody can reach the motor room in time to help, so Bruno's player
# > thinks again and names what could pay for re-rolls this time: his
# > insight about the iced fuel line, and a stunt.
#
# ## 8. Safety: lines, and stopping the game
#
# A role-playing game goes wherever the players take it, so before you play,
# talk for ten minutes about what the game will and will not hold. That
# talk, and a few simple habits during play, are the table's
# **safety tools**. They cost almost nothing and let everyone play boldly.
#
# **Before the first session:**
#
# * **Lines**: things that will not appear in the game at all. Go round
#   the table; anyone may add a line, and nobody has to explain why.
#   Common ones: harm to children, sexual violence, torture.
# * **Veils**: things that may happen, but off-screen: the scene cuts
#   away. A battle's dead may be veiled; the table knows, but nobody
#   describes it.
# * **Tone**: what kind of game this is (daring airship adventure; grim
#   survival; light comedy), so that nobody comes hoping for another game
#   (chapter 9, section 4).
#
# **During play:**
#
# * **Anyone may stop the game**, at any time, for any reason, with no
#   explanation: a word the table agrees on, or a card in the middle of the
#   table that anyone may tap. When it is used, the thing that prompted it
#   is removed, and play goes on (a rewind, section 7).
# * **Lines found in play** are lines too: something nobody thought of
#   before can turn out to be too much. Treat it exactly as if it had been
#   on the list.
# * **Check in** after an intense scene: a quick "everyone all right to go
#   on?" is enough.
# * **Anyone may step out**, for a minute or for the rest of the session,
#   and come back without being asked why.
#
# > **At the table.** During the reef scene the FC starts to describe a
# > deckhand being dragged under by the current. Ada's player taps the card.
# > The FC, without a pause: "Rewind: the deckhand grabs a trailing line and
# > is hauled aboard, coughing. Clara, the gap is ahead." Nobody asks why;
# > the game goes on. After the session the FC adds drowning to the table's
# > veils.
#
# Saying **no** to a wish that crosses a line is part of the same care
# (chapter 9, section 4): it is not a judgement of the player, only a
# promise the table made to itself.

# %% [build]
mech_level, mech_exp, marked = PREGENS["Bruno"]["jobs"]["mechanic"][0], 5, 2
new_level, left = advancement.level_after(mech_level, mech_exp + marked)
lots_after, lots_exp = advancement.bank_lots(9, 2)
clara_principle = principle("Clara", "The crew comes first.")

# %% [markdown]
# ## 9. The end of the session: the debrief
#
# Keep the last ten minutes of the session for the **debrief**, a short
# talk that closes the evening and pays the characters. It follows
# [chapter 5](05-learning-and-advancement.ipynb), in turn round the table:
#
# 1. **Principles.** Each player names a moment their character **upheld
#    one of their principles**, best of all when it cost them something.
#    If the Peers agree, the character earns **Ego** if they do not have
#    it. (Ego is also earned during play by setting a scene.)
# 2. **Lots.** The Peers name a moment each player played their character
#    well, or played into one of their features: that player earns a
#    **Lot**. The rules do not say how many to give: one for each player
#    who brought their character to life is a generous habit. A character
#    holds at most 10; Lots that would go past that become exp for jobs of
#    the player's choice (chapter 5).
# 3. **The sheets.** Everyone writes down new insights and wounds and
#    checks their jobs' **exp**, marked during play (a failed task, a lesson
#    bought, help given, a job being learned); a job whose exp reaches
#    **twice its level** goes up a level and starts again from what is
#    left, and a job being learned is learned at 16 (chapter 5).
# 4. **Next time.** Each player says what they enjoyed and what they hope
#    for; you take notes. Their answers are your preparation for next
#    session. Add any line or veil the evening showed the table needs, and
#    note a rule it found awkward or a ruling to revisit.
#
# [Chapter 6](06-an-example-of-play.ipynb) ends with the crew's first
# debrief, principles first.
#
# > **At the table.** A few sessions into the campaign, the crew has just
# > got out of the pirates' cove. Clara's player spent Clara's Ego getting
# > them out; before she cast off she waited for Ada under the dogs' noses,
# > true to her principle *{{ clara_principle }}* The table agrees: Ego back.
# > Bruno's mechanic job (level {{ mech_level }}) had {{ mech_exp }} exp and
# > marked {{ marked }} tonight (the cutter's motor he failed to start and
# > the lesson he bought, section 4): {{ mech_exp + marked }}, at least twice his level, so
# > the job rises to level **{{ new_level }}** with {{ left }} exp left. Ada
# > held 9 Lots and earns 2 for a fine evening: she keeps {{ lots_after }}
# > and puts {{ lots_exp }} exp on a job of her choice.
#

# %% [build]
bruno_often = {**PARTY["Bruno"], "factors": 2}

# %% [markdown]
# ## 10. Preparing a session
#
# Prepare **situations, not plots**. A plot is a string of events you hope
# the players will walk through; a situation is people who want things that
# clash, and what each of them will do if the crew does nothing. A
# situation survives whatever the players choose; a plot breaks at the
# first surprise. For an evening, write down:
#
# * **the situation** in two sentences;
# * **three to five characters of the world**, each with one want and one
#   line to play them by;
# * **three places**, each with a problem in it;
# * **what happens if nobody acts**: two or three things that will happen,
#   and when;
# * **a few factors and failures** ready for the rolls you can see coming,
#   so that you do not invent them under pressure; and, for the one or two
#   big moments, a look at the party's ladder (chapter 9, section 10).
#
# Then stop. Do not prepare the solutions: the players will find better
# ones, or worse ones, and either is the game.
#
# > **At the table (before it).** The FC's notes for the cove: *The
# > Sunken Bay pirates hide in the cove with charts stolen from the
# > Kestrel's owners; they mean to sell them in two days. Captain Mora
# > wants the sale done before the navy finds her (laughs at danger, never
# > at her crew). Her lookout, Pike, wants a share he is not getting
# > (bitter, talkative when drunk). Places: the cliff path (a lookout), the
# > camp (dogs, a tent of charts), the beached cutter (a motor that will not
# > start). If nobody acts: at noon the cutter is repaired; at dusk the
# > pirates sail to sell. Ready: the cliff path, tough, the wind one factor;
# > the camp, failure means the dogs wake.* Pike is there because a bitter
# > lookout is a door the players may or may not open.
#
# **Playing the world's characters.** Give each a want and a voice, and
# let them act when the players are not looking: Mora does not wait for
# the crew to make the next move. They do not roll tasks (chapter 9,
# section 5): what makes them dangerous becomes factors and failures for
# the players' rolls.
#
# ## 11. When the table gets stuck
#
# Every FC meets these. A short answer for each:
#
# * **A player does not know what to do.** Ask their character a question
#   about the scene, offer two things they could go after, or remind them
#   of their principles, their jobs, what the others are doing.
# * **A player wants to roll for everything.** Say yes more (chapter 9,
#   section 3); ask what is at stake; let rolls ride (section 6).
# * **The dice keep failing and the players are frustrated.** Look at your
#   factors. A second factor on every task takes Bruno to
#   {{ chance(bruno_often) }}: is the story really that hard on him? Make
#   sure each failure moves the story forward (section 4), and remind the
#   players what can help: allies, Lots, insights, their stunt.
# * **The table argues about a rule.** Rule quickly, with the Peers, write
#   the question down, and look it up after the session. A ruling made
#   today binds today; the rulebook settles it for next time.
# * **The players go somewhere you did not prepare.** If it follows from
#   the situation, say yes and play the characters' wants; they tell you
#   what happens there. If it is far away, it is next session's game
#   (chapter 9, section 4).
# * **One player is away.** Their character stays in the background for
#   the evening (keeping the ship, guarding a prisoner); nobody else plays
#   them without their player's leave.

# %% [markdown]
# ## 12. Where the editions differ
#
# | | playtest | playsheet | agora |
# |---|---|---|---|
# | after a task | the FC may turn one unbought secondary consequence | criticals: at most half the threshold is a critical failure, twice it a critical success | the consequences not turned aside happen; snake eyes (two 1s) add a boon to a failure or a bane to a success |
# | who words the twist | the FC (the player or Peers may suggest) | the GM | a boon: the player chooses; a bane: the Peers choose |
# | exp | a failed task, a lesson bought, help given, a job being learned | a failed task, help given; a job rises at twice its level | +1 when not every consequence is turned aside |
# | Lots and Ego | earned back at the debrief and in play | not spent on checks; Ego doubles 10s, as a last resort | Ego doubles 6s after KISSing |
# | let it ride, rewinds | as this chapter (the agora text says it; this rulebook applies it to every edition) | the same | written into the procedure: step 7 |
#
# The craft of this chapter (scenes, spotlight, failing forward, safety,
# the debrief) is the same whichever draft your table plays.

# %% [build]
import re
from pathlib import Path


def first_session_page():
    """docs/first_session.md (the checklist to print) as this chapter shows it: without its title,
    its links from here, and "chapter 12, section 8" as "section 8"."""
    text = (Path(tutorial.__file__).resolve().parents[1] / "docs" / "first_session.md").read_text(encoding="utf-8")
    body = text.split("\n\n", 2)[2].strip()  # after the title and the note on printing it
    body = re.sub(r"\]\(\.\./notebooks/([^)]+)\)", r"](\1)", body)
    body = re.sub(r"\]\((?!\.\./|[a-z]+:|[0-9])([^)]+\.md)\)", r"](../docs/\1)", body)
    return (body.replace("chapter 12, section", "section").replace("chapters 0, 6, 9 and 12", "chapters 0, 6, 9 and this one")
            .replace("this page,", "this checklist,"))


# %% [markdown]
# ## 13. Your first session: a checklist
#
# The whole of this section is one page to print:
# [the first-session checklist](../docs/first_session.md).
#
# {{ first_session_page() }}

# %% [build]
lone_motor = task_of("Bruno", "mechanic", "Finesse", factors=1, kiss=1, consequences=1)

# %% [markdown]
# ## Try it
#
# Play the Facilitator's part of Bruno's motor task, supposing he had no
# insight or stunt to name, only a Lot ready: one factor, and he hopes to
# buy one secondary consequence. The roller below gives him
# {{ chance(lone_motor) }} to pass, and {{ vw.percent(vw.odds(lone_motor).p_goal) }}
# to buy that secondary too. Say he rolls exactly two successes: the motor
# runs, and all four secondaries are left unbought. Which one would you
# turn against him, in a hot motor room in a storm, and which would come
# from nowhere? Played live, roll, spend his successes as his player
# would, and the roller lists the secondaries he did not buy.

# %%
vw.TaskRoller(caliber="bronze", dice=3, factors=1, lots=1, consequences=1)

# %% [markdown]
# ## Recap
#
# * Open each scene with its problem; close it on a question. A player who
#   sets a scene earns Ego.
# * Share the spotlight: keep a tally, aim problems at characters, draw
#   quiet players in with a question to their character.
# * The Peers judge with you; keep their talks short.
# * Fail forward: every failure changes the situation; it also pays exp.
# * You may turn one unbought secondary consequence, when it follows from
#   the scene and does not pile on.
# * Let it ride: one roll per obstacle until the situation truly changes.
#   Rewind when a line was crossed, the stakes were not said, or the intent
#   was misread.
# * Safety: lines and veils before play, a stop word or card during it,
#   and a check-in after intense scenes.
# * Close with a ten-minute debrief: principles and Ego, Lots, the sheets
#   and their exp, next time.
# * Prepare situations, not plots: people whose wants clash, and what
#   happens if nobody acts.
#
# ## Exercises
#
# 1. Ada looks for the hidden channel in the fog and fails. If the FC
#    let her try again twice more, how likely would she be to find it
#    sooner or later?
# 2. Suppose Bruno tries his motor task at one factor with only a Lot ready
#    (no insight, no stunt, no Ego). How likely
#    is it that the FC has at least one unbought secondary consequence to
#    turn against him, and how likely for Clara at the same setting?

# %% [build]
bruno_unbought = unbought["Bruno"][1]
clara_unbought = unbought["Clara"][1]

# %% [markdown]
# <details><summary>Answers</summary>
#
# 1. **{{ vw.percent(retries[2]) }}**, against {{ vw.percent(retries[0]) }} for the one roll that should ride.
# 2. Bruno: **{{ vw.percent(bruno_unbought) }}** (his three dice can never buy the primary and all four
#    secondaries); Clara: **{{ vw.percent(clara_unbought) }}**.
#
# </details>

# %% [markdown]
# ---
# **Previous:** [Chapter 9: For Facilitators](09-facilitators.ipynb) ·
# **Next:** [Chapter 13: Odds tables for Facilitators](13-odds-tables.ipynb) ·
# [Glossary](../docs/glossary.md) · [the Facilitator's screen](../docs/fc_screen.md) · cheat sheets:
# [playtest](../docs/cheatsheet_playtest.md), [playsheet](../docs/cheatsheet_playsheet.md),
# [agora](../docs/cheatsheet_agora.md)
