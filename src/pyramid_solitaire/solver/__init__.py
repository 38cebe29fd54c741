"""The exact solver: is a position winnable, a winning line, the shortest line; hints and reviews.

search     solve, Solution, budgets: the API over the kernel
_kernel    the kernel in C (c/: decision search, loss proofs, IDA* shortest search), an extension
reference  plain-Python searches, the readable specification the kernel is held to
hints      the next move of a winning line, or why the game is lost
review     each move of a game marked against the solver; the shortest way
budgets    every search's time limit, and the solver tokens a server request pays
"""

from .reference import reference_shortest, reference_solve
from .search import (
    UNKNOWN,
    UNWINNABLE,
    WINNABLE,
    Solution,
    Verdict,
    lower_bound,
    solve,
    solve_game,
    state_key,
    warm_up,
)

__all__ = [
    "UNKNOWN",
    "UNWINNABLE",
    "WINNABLE",
    "Solution",
    "Verdict",
    "lower_bound",
    "reference_shortest",
    "reference_solve",
    "solve",
    "solve_game",
    "state_key",
    "warm_up",
]
