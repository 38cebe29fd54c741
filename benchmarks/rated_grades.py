"""How many clean first attempts a deal needs before its rating grades it (results/grades.py).

A simulated population as benchmarks/results.py's (a player of skill s wins a deal of difficulty
d with chance 1 / (1 + exp(d - s)), skills and difficulties drawn from N(0, 1)) plays first attempts
in rating periods, rated by results/glicko.py as results/ratings.py rates them (players against
deals, each period from the ratings before it, a subject sitting a period out widened). After
each checkpoint of results a deal it prints how often the rated grade (the deals' quartiles of
rating, as results/grades.py cuts them) is the true grade (the quartiles of the deals' true win
rates over the population), how often it is at most one grade off, and the rank correlation of
deal rating with true win rate. In memory: the figures are of the rating, not of the database.

    .venv/bin/python benchmarks/rated_grades.py --deals 400 --players 2000
"""

import argparse
import math
import random
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from pyramid_solitaire.goals.grades import GRADES  # noqa: E402
from pyramid_solitaire.results import glicko, grades  # noqa: E402
from pyramid_solitaire.results.glicko import Rating  # noqa: E402


def spearman(xs: list[float], ys: list[float]) -> float:
    rank = lambda v: {i: r for r, i in enumerate(sorted(range(len(v)), key=v.__getitem__))}
    rx, ry = rank(xs), rank(ys)
    return statistics.correlation([rx[i] for i in range(len(xs))], [ry[i] for i in range(len(ys))])


def quartile_grades(values: list[float]) -> list[str]:
    """Each value's grade by the quartiles of all of them (higher is harder)."""
    limits = statistics.quantiles(sorted(values), n=len(GRADES), method="inclusive")
    return [grades.grade_of(v, limits) for v in values]


def one_period(ratings: dict, games: list[tuple[str, str, bool]]) -> None:
    """results/ratings.py's period, in memory: every game from the ratings before; the rest widened."""
    played: dict[str, list[tuple[Rating, float]]] = defaultdict(list)
    for player, deal, won in games:
        played[player].append((ratings[deal], 1.0 if won else 0.0))
        played[deal].append((ratings[player], 0.0 if won else 1.0))
    after = {subject: glicko.update(ratings[subject], g) for subject, g in played.items()}
    for subject, rating in ratings.items():
        ratings[subject] = after.get(subject) or (glicko.update(rating, []) if rating.results else rating)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--per-period", type=int, default=5, help="results a deal gets in each period")
    parser.add_argument("--checkpoints", default="5,10,20,30,50,100")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    skill = {f"p{n}": rng.gauss(0, 1) for n in range(args.players)}
    difficulty = {f"d{n}": rng.gauss(0, 1) for n in range(args.deals)}
    chance = lambda s, d: 1 / (1 + math.exp(d - s))
    deals = list(difficulty)
    true_rate = [statistics.fmean(chance(s, difficulty[d]) for s in skill.values()) for d in deals]
    truth = quartile_grades([-r for r in true_rate])  # a deal fewer people win is harder
    ratings = {subject: Rating() for subject in [*skill, *deals]}
    played: set[tuple[str, str]] = set()
    players = list(skill)
    checkpoints = [int(c) for c in args.checkpoints.split(",")]
    print(f"{args.deals} deals, {args.players} players, {args.per_period} results a deal a period")
    print("| results a deal | grade right | at most one grade off | Spearman: rating ~ true win rate |")
    print("|---|---|---|---|")
    for done in range(args.per_period, max(checkpoints) + 1, args.per_period):
        games = []
        for deal in deals:
            for _ in range(args.per_period):
                player = rng.choice(players)
                while (player, deal) in played:  # a first attempt: a player meets a deal once
                    player = rng.choice(players)
                played.add((player, deal))
                games.append((player, deal, rng.random() < chance(skill[player], difficulty[deal])))
        one_period(ratings, games)
        if done in checkpoints:
            rated = quartile_grades([ratings[d].rating for d in deals])
            right = statistics.fmean(a == b for a, b in zip(rated, truth, strict=True))
            near = statistics.fmean(
                abs(GRADES.index(a) - GRADES.index(b)) <= 1 for a, b in zip(rated, truth, strict=True)
            )
            rho = spearman([ratings[d].rating for d in deals], true_rate)
            print(f"| {done} | {right:.1%} | {near:.1%} | {rho:+.3f} |")


if __name__ == "__main__":
    main()
