"""What the solver may spend, in one place: each search's time limit where it is asked (the server,
the command line, the terminal game), and the solver tokens a server request pays from its
client's bucket (web/fairness.py). The page's worker counts positions instead, in its own
table (static/js/solver/budgets.js).

A token is TOKEN_SECONDS of search: a request pays for the longest search it may make by default,
so an address's sustained share of the solver is TOKENS_PER_SECOND * TOKEN_SECONDS of search a
second (a quarter of one solver slot), and a burst of BURST_TOKENS is what a person never reaches
by hand (a few hints a minute; thirty in a row is a script).
"""

from dataclasses import dataclass

TOKEN_SECONDS = 0.5  # one hint's search
BURST_TOKENS = 30.0  # an address's bucket when full (serve's solver_burst)
TOKENS_PER_SECOND = 0.5  # what it gains back a second (solver_per_second): a hint every two seconds


@dataclass(frozen=True)
class Budget:
    """A search's time limit on the server (web/settings.py's default) and what a request for it
    costs. An operator may set other seconds; the cost stays what the default search is worth."""

    seconds: float

    @property
    def tokens(self) -> float:
        """The solver tokens a request for this search pays."""
        return self.seconds / TOKEN_SECONDS


# The server's searches, one per request (web/routes/hints.py, web/routes/deals.py).
HINT = Budget(0.5)  # deciding first (a proven move, typically in a millisecond), then the shortest line
REVIEW = Budget(2.0)  # the whole review: decisions first, then the shortest lines
WAY = Budget(1.0)  # "Show the way"
WINNABLE_DEAL = Budget(2.0)  # New game, winnable only: random deals tried until one is proven

# The command line, where one person waits for their own answer (no tokens).
COMMAND_HINT_SECONDS = HINT.seconds  # `hint`: the same answer as the server's
COMMAND_REVIEW_SECONDS = 10.0  # `review`, and `play`'s review of a finished game
PLAY_HINT_SECONDS = 2.0  # `play`'s hint
