"""The day's challenges: a pure function of the calendar date, the same for everyone, each goal
proven achievable by the exact solver when it is made (docs/daily.md).

A day has one challenge per step of PLAN, rising from easy to expert, each in another variant
(the variants take turns with the date). A challenge's deal comes from a stream of candidates
of its grade (goals/index.py's graded deal lists) drawn by a hash of the date and the step; the
first candidate whose goal the solver proves within the node budgets is taken, and its proof is
a line of play that achieves the goal.
Budgets are counts of the solver's nodes, never the clock, so every machine makes the same day.

Goal kinds (`Goal.kind`):
  clear   clear the pyramid (the deal is proven winnable)
  moves   clear it in at most `at_most` moves: `par` (the proven shortest line) plus a margin by grade
  score   reach `score` points (docs/score.md): the score at the end of the proof
  cards   remove the named `cards` (the four of a rank) before the game ends; `par` is the proven
          fewest moves that remove them (the solver's goal as a set of cards)

>>> [c.goal.kind for c in challenges(date(2026, 12, 1))]
['clear', 'moves', 'score', 'moves', 'cards']
"""

import hashlib
import importlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from ..engine.cards import RANKS, card_text
from ..engine.deal import START, Deal, Move
from ..engine.decks import DECK_SIZE, RANDOM_DEALS
from ..engine.errors import Refusal, cut
from ..engine.variants import VARIANTS
from ..solver.search import WINNABLE, solve
from .score import best_score, score

FIRST_DAY = date(2000, 1, 1)
LAST_DAY = date(2200, 12, 31)
GRADES = ("easy", "medium", "hard", "expert")
# The day's steps, rising: (grade, goal kind). `cards` came last so that the days made before it
# kept their first four challenges (and the ids players have done).
PLAN = (("easy", "clear"), ("medium", "moves"), ("hard", "score"), ("expert", "moves"), ("expert", "cards"))
MARGIN = {"easy": 12, "medium": 8, "hard": 4, "expert": 0}  # moves allowed beyond the par
DECIDE_NODES = 200_000  # the decision search of a candidate deal
SHORTEST_NODES = 1_000_000  # the shortest search, for a par
TRIES = 500  # candidates of one step before it gives up (Classic: under 4% of random deals win)


class DailyDateError(Refusal):
    """A day that is not a date, or out of the range of days that have challenges."""


@dataclass(frozen=True)
class Goal:
    """What a challenge asks: its kind and its numbers (see the module's docstring)."""

    kind: str
    at_most: int | None = None
    par: int | None = None
    score: int | None = None
    cards: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.kind == "moves":
            out |= {"at_most": self.at_most, "par": self.par}
        elif self.kind == "score":
            out["score"] = self.score
        elif self.kind == "cards":
            out |= {"cards": list(self.cards), "par": self.par}
        return out


@dataclass(frozen=True)
class Challenge:
    """One challenge of a day: a deal of a variant, its grade, the goal and a proof of it."""

    id: str
    variant: str
    deal: int
    grade: str | None
    goal: Goal
    proof: tuple[Move, ...] = field(repr=False)

    def to_dict(self) -> dict[str, Any]:
        deal = Deal.from_number(self.variant, self.deal)
        return {
            "id": self.id,
            "variant": self.variant,
            "deal": self.deal,
            "grade": self.grade,
            "goal": self.goal.to_dict(),
            "proof": deal.format_line(self.proof),
        }


DAY_TEXT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")  # as goals/daily.js's DAY


def parse_day(text: object) -> date:
    """A day from its text, YYYY-MM-DD in ASCII digits (not ISO's other forms, 2026-W49-5 or
    20261204), within FIRST_DAY..LAST_DAY: the one rule for the day's challenges and the daily deal
    (web/deals.py); DailyDateError otherwise."""
    try:
        if not isinstance(text, str) or not DAY_TEXT.fullmatch(text):
            raise ValueError
        day = date.fromisoformat(text)
    except ValueError:
        raise DailyDateError("daily_date", text=cut(text)) from None
    if not FIRST_DAY <= day <= LAST_DAY:
        raise DailyDateError("daily_date_range", text=text, first=str(FIRST_DAY), last=str(LAST_DAY))
    return day


def variants_of(day: date) -> list[str]:
    """The variants of the day's steps: all six take turns, one step later each day."""
    ids = list(VARIANTS)
    turn = (day - FIRST_DAY).days % len(ids)
    return [ids[(turn + i) % len(ids)] for i in range(len(PLAN))]


def _hashed(*parts: object) -> int:
    digest = hashlib.sha256(" ".join(["pyramid-solitaire challenge", *map(str, parts)]).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def graded_deals(variant_id: str, grade: str) -> list[int] | None:
    """The deals of `grade` in the graded lists pinned for the days (goals/index.py's
    daily_deals: a new index changes no day), or None while there are none: then candidates are
    random deals and the challenge has no grade. The one place that knows where grades come from
    (this layer measures no difficulty itself)."""
    try:
        index = importlib.import_module(f"{__package__}.index")
    except ImportError:
        return None
    deals = index.daily_deals(variant_id, grade)
    return [int(d) for d in deals] or None


def candidates(day: date, step: int, variant_id: str, grade: str) -> Iterator[tuple[int, str]]:
    """The deals a step tries, in order, each with a rank for a `cards` goal: the deals from the
    graded list when there is one."""
    graded = graded_deals(variant_id, grade)
    for k in range(TRIES):
        pick = _hashed(day.isoformat(), step, k)
        rank = RANKS[_hashed(day.isoformat(), step, k, "rank") % len(RANKS)]
        yield (graded[pick % len(graded)] if graded else pick % RANDOM_DEALS), rank


def prove_cards(deal: Deal, rank: str) -> tuple[Goal, tuple[Move, ...]] | None:
    """Remove the four of `rank`: proven possible, and its par the proven fewest moves."""
    goal = [c for c in range(DECK_SIZE) if card_text(c)[0] == rank]  # clubs, diamonds, hearts, spades
    cards = tuple(card_text(c) for c in goal)
    if solve(deal, goal=goal, node_limit=DECIDE_NODES).verdict != WINNABLE:
        return None
    shortest = solve(deal, goal=goal, shortest=True, node_limit=SHORTEST_NODES)
    if not shortest.shortest or not plays_out(deal, shortest.line):
        return None
    return Goal("cards", par=len(shortest.line), cards=cards), shortest.line


def plays_out(deal: Deal, line: tuple[Move, ...]) -> bool:
    """Whether the rules play all of `line`. The solver, asked for other cards than the deal's
    goal, plays on past the pyramid cleared, where the game has ended: such a line is no proof
    (a deal whose shortest line does that is not taken). A line the rules play is also the
    fewest moves the rules allow, as every line of the rules is one of the solver's."""
    state = START
    for move in line:
        if deal.is_won(state):
            return False
        state = deal.apply(state, move)
    return True


def prove(deal: Deal, kind: str, grade: str, rank: str = "K") -> tuple[Goal, tuple[Move, ...]] | None:
    """The goal of `kind` on `deal` with its proof, or None when the budgets do not prove one
    (`rank`: the cards of a `cards` goal)."""
    if kind == "cards":
        return prove_cards(deal, rank)
    found = solve(deal, node_limit=DECIDE_NODES)
    if found.verdict != WINNABLE:
        return None
    if kind == "clear":
        return Goal("clear"), found.line
    if kind == "score":
        return Goal("score", score=best_score(deal, found.line)), found.line
    shortest = solve(deal, shortest=True, node_limit=SHORTEST_NODES)
    if not shortest.shortest:
        return None
    par = len(shortest.line)
    return Goal("moves", at_most=par + MARGIN[grade], par=par), shortest.line


def challenges(day: date) -> list[Challenge]:
    """The challenges of `day`, rising from easy to expert (the same on every machine)."""
    out = []
    for step, ((grade, kind), variant_id) in enumerate(zip(PLAN, variants_of(day), strict=True)):
        graded = graded_deals(variant_id, grade) is not None
        for number, rank in candidates(day, step, variant_id, grade):
            deal = Deal.from_number(variant_id, number)
            proven = prove(deal, kind, grade, rank)
            if proven:
                goal, proof = proven
                out.append(
                    Challenge(f"{day}-{step + 1}", variant_id, number, grade if graded else None, goal, proof)
                )
                break
    return out


def achieved(deal: Deal, goal: Goal, line: tuple[Move, ...]) -> bool:
    """Whether playing `line` on `deal` achieves `goal` (each move checked by the rules)."""
    state, best = START, 0
    for move in line:
        state = deal.apply(state, move)
        best = max(best, score(state))
    removed = {card_text(deal.cards[p]) for p in range(DECK_SIZE) if state.removed >> p & 1}
    if goal.kind == "clear":
        return deal.is_won(state)
    if goal.kind == "moves":
        return deal.is_won(state) and goal.at_most is not None and len(line) <= goal.at_most
    if goal.kind == "score":
        return goal.score is not None and best >= goal.score
    return set(goal.cards) <= removed
