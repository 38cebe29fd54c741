"""A researcher's script using the documented API (docs/api.md); tests/test_typing.py runs
mypy --strict on it against the installed package, which must therefore ship its types."""

from pyramid_solitaire.engine.deal import START, Deal, Move, MoveKind
from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.engine.variants import VARIANTS, Variant
from pyramid_solitaire.solver import Solution, Verdict, solve, solve_game
from pyramid_solitaire.solver.hints import Hint, HintVerdict, hint
from pyramid_solitaire.solver.review import Mark, Review, review


def steps_left(game: Game) -> int | None:
    found: Solution = solve_game(game, time_limit=1.0)
    return found.steps


def first_king(deal: Deal) -> Move | None:
    kings = [m for m in deal.legal_moves(START) if m.kind == MoveKind.KING]
    return kings[0] if kings else None


def main() -> None:
    variant: Variant = VARIANTS["pyramid"]
    game = Game(variant, number=1)
    game.play("Kc")
    if game.is_won:
        print("won")
    left = steps_left(game)
    print("steps left:", left + 1 if left is not None else "none", first_king(game.deal))
    found = solve(Deal.from_number("giza", 7), shortest=True, node_limit=10_000)
    if found.verdict == Verdict.WINNABLE:
        print(found.line[0], found.searched)
    advice: Hint = hint(game, time_limit=0.5)
    print(advice.verdict == HintVerdict.WINNABLE, advice.move)
    done: Review = review(game, time_limit=1.0)
    print([done.mark(i) == Mark.LOSING for i in range(1, len(done.moves) + 1)])


if __name__ == "__main__":
    main()
