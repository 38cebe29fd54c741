"""The server's hints and reviews of the Pyramid family's games the kernel plays (issue 51), written
down so the page's solver is held to them: each entry is a game record (a deal and the moves of a
seeded random playout) with what solver/hints.py's `advice` and solver/review.py's `review` answer
for it, as /api/hint and /api/review do. tests/js/family-hints.test.mjs asks the page's hint and
review (solver/hints.js, review.js on kernel.wasm) for the same records; tests/test_family_hints.py
asks the server's again, so neither side drifts.

    python tools/family_hints_corpus.py     # rewrites tests/golden/family_hints_corpus.json

Only answers a generous budget settles are kept (a hint proven shortest, or a lost position with
its last winnable one found; a complete review), so the file does not depend on the machine's
speed. Fixed seeds: regenerating gives the same file.
"""

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.solver_options_corpus import write_corpus  # noqa: E402

from pyramid_solitaire.engine.game import Game  # noqa: E402
from pyramid_solitaire.solver.hints import advice  # noqa: E402
from pyramid_solitaire.solver.review import review  # noqa: E402
from pyramid_solitaire.solver.search import solve  # noqa: E402

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "golden" / "family_hints_corpus.json"
# The family's games the kernel plays, but Thirteen: its hint is judged over consistent deals
# (tests/golden/consistent_corpus.json). Apophis last (the kernel's since SOLVER_VERSION 12): the
# entries before it are those the one seeded generator made before.
GAMES = ["pyramid-dozen", "tuts-tomb", "cheops", "triangle", "eleven-triangle", "pharaohs", "apophis"]
PER_GAME = 5
WINS = 3  # of them along a winning line: random play loses most of these games at once
SECONDS = 30.0  # far more than any of these needs: the answers are the search's, not the clock's


def playout(game: Game, rng: random.Random) -> Game:
    """A random number of moves that prefer removals, as a player who pairs what they see."""
    for _ in range(rng.randrange(0, 25)):
        moves = game.legal_moves()
        if not moves:
            break
        removals = [m for m in moves if m.kind in ("king", "pair")]
        game.play(rng.choice(removals if removals and rng.random() < 0.85 else moves))
    return game


def along_a_win(game: Game, rng: random.Random) -> Game | None:
    """Part of a winning line of the deal, then now and then one move of the player's own (which
    may lose it); None for a deal that cannot be won."""
    found = solve(game.deal, time_limit=SECONDS)
    if found.verdict != "winnable":
        return None
    for move in found.line[: rng.randrange(len(found.line))]:
        game.play(move)
    if rng.random() < 0.5 and game.legal_moves():
        game.play(rng.choice(game.legal_moves()))
    return game


def entry(game: Game) -> dict | None:
    """The record with the server's hint and review, or None when either was left unsettled."""
    hint = advice(game, SECONDS)
    if hint["verdict"] == "unknown" or (hint["verdict"] == "winnable" and not hint["shortest"]):
        return None
    if hint["verdict"] == "unwinnable" and hint["last_winnable"] is None:
        return None
    reviewed = review(game, SECONDS).to_dict()
    start = reviewed["start"]
    if not reviewed["complete"] or (start["verdict"] == "winnable" and not start["proven"]):
        return None
    keep = ("verdict", "move", "checked", "shortest", "steps", "last_winnable", "undo")
    return {
        "record": game.to_record(),
        "hint": {k: hint[k] for k in keep},
        "review": {
            "marks": [m["mark"] for m in reviewed["moves"]],
            "start": reviewed["start"],
            "losing_move": reviewed["losing_move"],
            "last_winnable": reviewed["last_winnable"],
            "at_loss": reviewed["at_loss"],
        },
    }


def build(seed: int = 51) -> list[dict]:
    rng = random.Random(seed)
    out = []
    for name in GAMES:
        found = 0
        while found < PER_GAME:
            game = Game(name, number=rng.randrange(1000))
            played = along_a_win(game, rng) if found < WINS else playout(game, rng)  # lost games are the most
            got = None if played is None else entry(played)
            if got is not None:
                out.append(got)
                found += 1
    return out


def main() -> int:
    entries = build()
    write_corpus(CORPUS, entries, "records", sum(e["hint"]["verdict"] == "winnable" for e in entries))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
