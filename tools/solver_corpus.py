"""The solver corpus: what the Python solver (over the native kernel) answers for many positions,
written down so the page's WebAssembly kernel (static/js/solver/) can be held to it.

    python tools/solver_corpus.py     # rewrites tests/golden/solver_corpus.json

Each entry is a position (a variant, a deal number and the moves played to reach it) with the
decision search's verdict and the states it searched, and the shortest search's line length,
whether it is proven shortest and the states it searched. Every search is bounded by nodes,
never by time, and the playouts use fixed seeds, so regenerating gives the same file. Node
(tests/js/solver.test.mjs) runs the .wasm against it, pytest (tests/test_solver_corpus.py) the
native kernel: a pruning rule changed in one build only changes a state count on one side.
"""

import argparse
import json
import random
from pathlib import Path

from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.engine.variants import VARIANTS
from pyramid_solitaire.solver import solve

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "golden" / "solver_corpus.json"
# The answers the page shows, as the server gives them (hints.advice, review.review), for games
# small enough that every search finishes far inside the budget: the page's JSON is held to them.
ANSWERS = CORPUS.with_name("solver_answers.json")
ANSWER_SECONDS = 60.0
ANSWER_GAMES = [  # variant, deal, moves played
    ("giza", 18, ""),
    ("giza", 18, "Kc 2s+Jh 3h+Th"),
    ("giza", 26, "8s+5d Js+2c 9d+4d 4c+9h 3d+Td Ac+Qh 8d+5h"),  # lost after move 3
    ("giza", 26, "8s+5d Js+2c 9d+4d 4c+9h"),
    ("giza", 3, "Kc 4c+9d 2h+Js Kh 6h+7h 3s+Th 8h+5h Qc+As Ks 9c+4d"),  # stuck
    (
        "giza",
        18,
        "Kc 2s+Jh 3h+Th 4d+9c 4s+9s 3d+Td Ts+3s 6s+7s Qc+As Kh 8h+5d 8s+5h 2d+Jd 8c+5s "
        "Qd+Ah 4c+9h Kd 5c+8d 7d+6h 2h+Js 6c+7h 3c+Tc Ad+Qh",
    ),  # won
    ("pyramid", 1, ""),
    ("three-wastes", 1, "draw"),
    ("open-stock", 1, ""),
]
NODES = 60_000  # the node budget of each search: positions it cannot settle are left out
DEALS = 16  # deals per variant
WINNABLE_DEALS, MAX_DEAL_SCAN = 4, 500  # at least so many deals with a winning line
ALONG_LINE = 4  # positions along a winning line, per winnable deal
RANDOM_POSITIONS, PLAYOUT = 2, 40  # positions along a random playout of up to PLAYOUT moves


def entry(game: Game) -> dict | None:
    """The position's figures, or None when a search did not finish within NODES."""
    decided = solve(game.deal, game.state, node_limit=NODES)
    best = solve(game.deal, game.state, shortest=True, node_limit=NODES)
    if decided.verdict == "unknown" or (best.verdict == "winnable" and not best.shortest):
        return None
    return {
        "variant": game.variant.id,
        "deal": game.deal.number,
        "moves": [str(m) for m in game.moves],
        "verdict": decided.verdict,
        "states": decided.searched,
        "line": [str(m) for m in decided.line],
        "shortest": best.steps,
        "shortest_states": best.searched,
    }


def positions(variant_id: str, number: int, rng: random.Random) -> list[Game]:
    """The deal's start, positions along a winning line (when the deal has one) and a few
    positions along one random playout (mostly lost ones)."""
    start = Game(variant_id, number=number)
    found = [start]
    line = solve(start.deal, start.state, node_limit=NODES).line
    for step in sorted(rng.sample(range(1, len(line)), min(ALONG_LINE, len(line) - 1))) if line else []:
        game = Game(variant_id, number=number)
        for move in line[:step]:
            game.play(str(move))
        found.append(game)
    game = Game(variant_id, number=number)
    stops = set(rng.sample(range(1, PLAYOUT), RANDOM_POSITIONS))
    for step in range(1, PLAYOUT):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(str(rng.choice(moves)))
        if step in stops:
            found.append(Game.from_record(game.to_record()))
    return found


def build() -> list[dict]:
    """Deals 1..DEALS of every variant, then further deals until WINNABLE_DEALS of them had a
    winning line (classic Pyramid wins rarely)."""
    rng = random.Random(25)
    corpus = []
    for variant_id in VARIANTS:
        number, won = 0, 0
        while number < DEALS or (won < WINNABLE_DEALS and number < MAX_DEAL_SCAN):
            number += 1
            games = positions(variant_id, number, rng)
            if number > DEALS and len(games) == 1 + RANDOM_POSITIONS:
                continue  # past the first deals only winnable ones are kept
            won += len(games) > 1 + RANDOM_POSITIONS
            corpus.extend(found for game in games if (found := entry(game)) is not None)
    return corpus


def answers() -> list[dict]:
    """The hint and the review of each game of ANSWER_GAMES, without their timings."""
    from pyramid_solitaire.solver.hints import advice
    from pyramid_solitaire.solver.review import review

    found = []
    for variant_id, number, moves in ANSWER_GAMES:
        game = Game(variant_id, number=number)
        for move in moves.split():
            game.play(move)
        hint = {k: v for k, v in advice(game, ANSWER_SECONDS).items() if k != "seconds"}
        checked = {k: v for k, v in review(game, ANSWER_SECONDS).to_dict().items() if k != "seconds"}
        found.append({"record": game.to_record(), "hint": hint, "review": checked})
    return found


# The fields the page and the server must agree on where a budget ran out (the solver answers
# nothing then): each review case is the facts the searches gave (the split of won and lost
# positions, the ways found) and the review's JSON built from them (review.Review.to_dict, the
# page's reviewJson); each hint is the answer at a budget of 0 s, when the first slice of 256
# nodes is all either solver searches.
SHARED = CORPUS.with_name("solver_shared.json")
WON_GIZA_18 = ANSWER_GAMES[5][2]  # won in 24 moves


def shared() -> list[dict]:
    """The cases of SHARED: a won game whose start line was never proven shortest (no "longer
    by"), the same proven (longer by the difference), a review cut off at its last move (not
    complete), and hints after the budget ran out (winnable but not shortest, unknown, lost)."""
    from pyramid_solitaire.solver.hints import advice
    from pyramid_solitaire.solver.review import Review, Split, Way

    def played(variant_id: str, number: int, moves: str) -> Game:
        game = Game(variant_id, number=number)
        for move in moves.split():
            game.play(move)
        return game

    def case(name: str, game: Game, split: tuple[int, int], start: Way, at_loss: Way | None = None) -> dict:
        found = Review(tuple(game.moves), Split(*split), start, at_loss, game.is_won, 0.0).to_dict()
        ways = {"start": start.to_dict(), "at_loss": at_loss.to_dict() if at_loss else None}
        answer = {k: v for k, v in found.items() if k != "seconds"}
        return {"case": name, "record": game.to_record(), "split": list(split), **ways, "review": answer}

    won = played("giza", 18, WON_GIZA_18)
    n = len(won.moves)
    first = solve(won.deal, won.states[0])  # the decision's line, longer than the shortest
    best = solve(won.deal, won.states[0], shortest=True)
    left = played("giza", 26, "8s+5d Js+2c 9d+4d")  # still winnable
    cases = [
        case("won, the start line not proven", won, (n, n + 1), Way(first.verdict, first.line, False)),
        case("won, the start line proven", won, (n, n + 1), Way(best.verdict, best.line, True)),
        case("cut off at its last move", left, (len(left.moves) - 1, len(left.moves) + 1), Way("unknown")),
    ]
    for name, variant_id, number, moves in [
        ("hint: the shortest search cut off", "pyramid", 13, ""),
        ("hint: the decision cut off", "classic-redeal", 1, ""),
        ("hint: lost, the last winnable position not found", "giza", 26, ANSWER_GAMES[2][2]),
    ]:
        game = played(variant_id, number, moves)
        hint = {k: v for k, v in advice(game, 0.0).items() if k != "seconds"}
        cases.append({"case": name, "record": game.to_record(), "hint": hint})
    return cases


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the solver corpus from the Python solver.")
    parser.add_argument("--out", type=Path, default=CORPUS, help="where to write (default: %(default)s)")
    args = parser.parse_args(argv)
    corpus = build()
    lines = ",\n".join(json.dumps(e, separators=(",", ":")) for e in corpus)  # one position a line
    args.out.write_text(f"[\n{lines}\n]\n", encoding="utf-8")
    won = sum(e["verdict"] == "winnable" for e in corpus)
    if args.out == CORPUS:
        lines = ",\n".join(json.dumps(e, separators=(",", ":")) for e in answers())
        ANSWERS.write_text(f"[\n{lines}\n]\n", encoding="utf-8")
        lines = ",\n".join(json.dumps(e, separators=(",", ":")) for e in shared())
        SHARED.write_text(f"[\n{lines}\n]\n", encoding="utf-8")
    print(f"{args.out}: {len(corpus)} positions ({won} winnable), {args.out.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
