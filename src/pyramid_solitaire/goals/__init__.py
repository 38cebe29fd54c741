"""What the game asks of a player, built on the solver: the score, the day's challenges.

score   the points of a position (docs/score.md)
daily   the day's challenges, a pure function of the date, each goal proven by a line
"""
