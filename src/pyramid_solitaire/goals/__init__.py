"""What the game asks of a player, built on the solver: the score, the day's challenges, grades.

score     the points of a position (docs/score.md)
daily     the day's challenges, a pure function of the date, each goal proven by a line
players   simulated players (greedy, lookahead), seeded with SplitMix64, never the clock
measures  the candidate measures of difficulty compared in docs/difficulty.md
grades    the chosen measure and the four grades per variant (thresholds.py)
index     the graded deal lists shipped in static/grades.json; deals of a grade on demand
"""
