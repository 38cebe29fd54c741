"""A random agent and a greedy player against the exact win rate, on the same deals.

Each agent plays every deal of --deals in the Gymnasium environment (research/environment.py)
of each variant; the exact figure is the solver's verdict of the same deal (deals past
--time-limit are counted apart as unknown). The random agent picks uniformly among the legal
moves (the action mask), seeded by the deal number, so a rerun plays the same games. The greedy
player: a king if there is one, else the pair that takes the most pyramid cards (the first in
the action order on a tie), else draw, else recycle. Prints a Markdown table.

    .venv/bin/python benchmarks/agents.py --deals 0..499
"""

import argparse
import sys
from collections.abc import Callable

import numpy as np

from pyramid_solitaire.engine.deal import Deal
from pyramid_solitaire.engine.decks import PYRAMID_SIZE
from pyramid_solitaire.engine.variants import VARIANTS
from pyramid_solitaire.research.environment import MOVES, PyramidSolitaireEnv
from pyramid_solitaire.research.winrates import parse_range, wilson
from pyramid_solitaire.solver.search import UNKNOWN, WINNABLE, solve, warm_up

Agent = Callable[[PyramidSolitaireEnv, np.ndarray, np.random.Generator], int]


def random_agent(env: PyramidSolitaireEnv, mask: np.ndarray, rng: np.random.Generator) -> int:
    """Any legal move, uniformly."""
    return int(rng.choice(np.flatnonzero(mask)))


def greedy_agent(env: PyramidSolitaireEnv, mask: np.ndarray, rng: np.random.Generator) -> int:
    """A king, else the pair taking the most pyramid cards, else draw, else recycle."""
    position = env.game.deal.position

    def pyramid_cards(action: int) -> int:
        return sum(position[card] < PYRAMID_SIZE for card in MOVES[action].cards)

    legal = [int(a) for a in np.flatnonzero(mask)]
    removing = [a for a in legal if MOVES[a].cards]
    if removing:
        kings = [a for a in removing if len(MOVES[a].cards) == 1]
        return kings[0] if kings else max(removing, key=pyramid_cards)
    return legal[0]  # draw comes before recycle in the action order


def wins(agent: Agent, variant: str, numbers: range) -> int:
    """How many of the deals the agent wins."""
    env = PyramidSolitaireEnv(variant)
    won = 0
    for number in numbers:
        _, info = env.reset(options={"deal": number})
        rng = np.random.default_rng(number)
        reward, done = 0.0, False
        while not done:
            _, reward, terminated, truncated, info = env.step(agent(env, info["action_mask"], rng))
            done = terminated or truncated
        won += reward == 1.0
    return won


def exact(variant: str, numbers: range, time_limit: float) -> tuple[int, int]:
    """(winnable, unknown) among the deals, by the solver."""
    verdicts = [solve(Deal.from_number(variant, n), time_limit=time_limit).verdict for n in numbers]
    return sum(v == WINNABLE for v in verdicts), sum(v == UNKNOWN for v in verdicts)


def percent(wins: int, n: int) -> str:
    low, high = wilson(wins, n)
    return f"{100 * wins / n:.1f}% ({100 * low:.1f}-{100 * high:.1f})" if n else "-"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="0..499", help="deal numbers A..B (default 0..499)")
    parser.add_argument("--variant", action="append", choices=list(VARIANTS), help="repeatable; default: all")
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per deal for the solver")
    args = parser.parse_args()
    numbers = parse_range(args.deals)
    warm_up(shortest=False)
    print(f"deals {args.deals} ({len(numbers)} per variant); win rates with 95% Wilson intervals")
    print()
    print("| variant | exact (solver) | greedy player | random agent |")
    print("| --- | --- | --- | --- |")
    for variant in args.variant or list(VARIANTS):
        winnable, unknown = exact(variant, numbers, args.time_limit)
        decided = len(numbers) - unknown
        greedy, random = wins(greedy_agent, variant, numbers), wins(random_agent, variant, numbers)
        unknown_note = f", {unknown} unknown" if unknown else ""
        print(
            f"| {variant} | {percent(winnable, decided)}{unknown_note} | {percent(greedy, len(numbers))} "
            f"| {percent(random, len(numbers))} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
