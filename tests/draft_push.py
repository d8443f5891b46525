"""A push-your-luck draft, as the loader's tests and the browser's drafts
tests load it: one text, each test editing its own copy."""

PUSH = '''id = "push"
name = "Push your luck"

[fields.dice]
range = [1, 10]
default = 4
label = "Dice"
group = "ability"

[fields.need]
range = [1, 5]
default = 1
label = "Sixes needed"
group = "difficulty"

[dice.d6]
sides = 6
success = [6]
marks = { bane = [1] }

[groups.own]
count = "dice"

[outcome]
name = "sixes"
unit = ["six", "sixes"]
threshold = "need"

[reroll]
name = "Push"
budget = "all_dice"
faces = "2-5"
'''
