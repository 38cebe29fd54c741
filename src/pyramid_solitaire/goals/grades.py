"""The grade of a deal for a person: easy, medium, hard or expert; unwinnable deals have none.

The measure (chosen in docs/difficulty.md from the candidates of measures.py) is the games the
greedy player loses out of ROLLOUTS (players.py: seeded, never the clock); for a deal it never
wins, the losing removals along the solver's line (measures.losing: what splits hard from expert
where the states did not); ties broken by the positions the exact decision search expands (the C
kernel's counts, the same in the page). All go into one whole number, the `key`; a variant's
three thresholds (thresholds.py, the same numbers in static/js/goals/thresholds.js, made by
tools/difficulty_index.py from graded deals so that each grade holds a fair share) cut the keys
into the four grades. A deal the decision search cannot prove winnable within DECIDE_NODES gets
no grade. The family's games, Apophis too, are graded the same way (GRADED); Pyramid Thirteen's
decision and traps come from the solver on its kernel twin, which knows the face-down cards, so
its grade is the thoughtful one, as its win rate (its greedy player plays only face-up cards).
static/js/goals/grades.js is this module for the page, held to it by the grades corpus
(tests/golden/grades_corpus.json).

>>> difficulty(Deal.from_number("pyramid", 1)).grade
'medium'
>>> print(difficulty(Deal.from_number("pyramid", 0)).grade)
None
"""

from dataclasses import dataclass
from typing import Any

from ..engine.deal import Deal
from ..engine.errors import Refusal, cut
from ..engine.variants import GAMES, VARIANTS, Variant
from ..solver.search import WINNABLE
from .measures import DECIDE_NODES, decide, losing
from .players import greedy_wins
from .thresholds import THRESHOLDS

GRADES = ("easy", "medium", "hard", "expert")
ROLLOUTS = 16
STATES_CAP = DECIDE_NODES  # the tie-break never reaches the next count of losses
# The measure's version, stored in every graded row: raise it with any change to the measure
# (the player, ROLLOUTS, DECIDE_NODES, the traps' CHILD_NODES) or to the decision search's states
# on the six variants, its tie-break and the traps' verdicts (tests/golden/grades_corpus.json
# holds both builds to those states and traps, deal by deal).
# The solver's own version also moves for searches the key never uses (the shortest search, the
# rule options), so it is not part of this one: DECISION_STATES names the solver version whose
# decision states the key was graded with.
# The family's games (GRADED) were first graded at this version (8 December 2026): the greedy
# player learned their layouts without changing one game of the six's, so the six's rows stand,
# and a family game's decision states are the kernel's count as for the six (Thirteen's: its twin's).
DECISION_STATES = "3"
MEASURE_VERSION = f"greedy{ROLLOUTS}+losing+states/{DECISION_STATES}"


# What is graded: the six variants and the family's games, each as dealt (the thresholds know no
# rule options). Apophis last: its gathering recycle was graded after the others (the greedy
# player learned it without changing one game of theirs, so their rows and lists stand).
GRADED: dict[str, Variant] = {
    **VARIANTS,
    **{i: g for i, g in GAMES.items() if g.gather == "order"},
    **{i: g for i, g in GAMES.items() if g.gather != "order"},
}


class UnknownGrade(Refusal):
    """A grade that is not easy, medium, hard or expert."""


def parse_grade(text: object) -> str:
    """A grade's name (any case), or UnknownGrade naming the four."""
    grade = text.lower() if isinstance(text, str) else text
    if grade not in GRADES:
        raise UnknownGrade("grade_unknown", grade=cut(text), known=list(GRADES))
    return str(grade)


@dataclass(frozen=True)
class Difficulty:
    """A deal's grade and the figures it comes from."""

    verdict: str  # the decision search's: winnable, unwinnable or unknown (not decided in budget)
    grade: str | None  # None unless proven winnable
    wins: int | None = None  # the greedy player's wins out of ROLLOUTS
    states: int = 0  # positions the decision search expanded
    losing: int = 0  # removals along the solver's line that lose the deal (counted if wins == 0)

    @property
    def key(self) -> int | None:
        """The measure as one whole number: more losses is harder; among deals the greedy player
        never wins, more losing removals along the solver's line; then more states."""
        if self.wins is None:
            return None
        traps = self.losing if self.wins == 0 else 0
        return (ROLLOUTS - self.wins + traps) * (STATES_CAP + 1) + min(self.states, STATES_CAP)

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "grade": self.grade,
            "greedy_wins": self.wins,
            "rollouts": ROLLOUTS,
            "states": self.states,
            "losing": self.losing,
            "measure_version": MEASURE_VERSION,
        }


def grade_of(variant_id: str, key: int) -> str:
    """The grade of a key in a variant: the first grade whose threshold the key does not pass."""
    for grade, limit in zip(GRADES, THRESHOLDS[variant_id], strict=False):
        if key <= limit:
            return grade
    return GRADES[-1]


def measured(deal: Deal) -> Difficulty:
    """The measure of `deal` without its grade (what the graded rows store). Only the GRADED
    games as dealt are graded: the greedy player and the thresholds know no rule options."""
    if GRADED.get(deal.variant.id) != deal.variant:
        raise UnknownGrade("grade_variant", variant=deal.variant.text)
    decision = decide(deal)
    if decision.verdict != WINNABLE:
        return Difficulty(decision.verdict, None, states=decision.states)
    wins = greedy_wins(deal, ROLLOUTS)
    traps = losing(deal, decision.line) if wins == 0 else 0  # the key reads it only then
    return Difficulty(WINNABLE, None, wins, decision.states, traps)


def difficulty(deal: Deal) -> Difficulty:
    """The grade of `deal` (deterministic: node limits and seeded rollouts, never the clock)."""
    found = measured(deal)
    if found.key is None:
        return found
    return Difficulty(WINNABLE, grade_of(deal.variant.id, found.key), found.wins, found.states, found.losing)
