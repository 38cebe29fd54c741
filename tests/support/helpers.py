"""Small builders shared by the engine tests."""

from pyramid_solitaire.engine.cards import ALL_CARDS, card_text, parse_card
from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.solver import WINNABLE, reference_solve

# Lines found with a small exhaustive search, checked against the engine where they are used:
# Giza deal 18 is won by this line; Giza deal 3 is lost, and this line ends with no move left.
WIN_GIZA_18 = (
    "Kc 2s+Jh 3h+Th 4d+9c 4s+9s 3d+Td Ts+3s 6s+7s Qc+As Kh 8h+5d 8s+5h 2d+Jd 8c+5s "
    "Qd+Ah 4c+9h Kd 5c+8d 7d+6h 2h+Js 6c+7h 3c+Tc Ad+Qh"
)
STUCK_GIZA_3 = "Kc 4c+9d 2h+Js Kh 6h+7h 3s+Th 8h+5h Qc+As Ks 9c+4d"
# Pyramid deal 2 is won with draws and two recycles along the way.
WIN_PYRAMID_2 = (
    "5s+8h Ad+Qd Jd+2s draw draw 4h+9d Tc+3h draw draw draw draw draw draw draw Kc draw Jh+2h "
    "7s+6s 9s+4d Qc+Ah draw draw draw draw 3c+Th Kh draw 8c+5d 7d+6h draw draw Ac+Qs draw Ks "
    "draw draw Kd draw Td+3d 5h+8s 7h+6c 3s+Ts draw draw draw recycle draw draw 2d+Js draw draw "
    "draw draw draw draw 4c+9c draw draw draw recycle draw draw Qh+As"
)
# Giza deal 26 is winnable; these seven moves get it stuck, and move 4 (4c+9h) is the one that lost it.
LOSE_GIZA_26 = "8s+5d Js+2c 9d+4d 4c+9h 3d+Td Ac+Qh 8d+5h"


def deck_with(pyramid: str, stock: str = "") -> str:
    """A deck string whose pyramid starts with the cards in `pyramid` (slot order) and whose
    stock starts (top first) with the cards in `stock`; every other card fills in, in deck order."""
    fixed = [parse_card(t) for t in (pyramid + " " + stock).split()]
    rest = [c for c in ALL_CARDS if c not in fixed]
    head = [parse_card(t) for t in pyramid.split()]
    top = [parse_card(t) for t in stock.split()]
    cards = head + rest[: 28 - len(head)]
    rest = rest[28 - len(head) :]
    cards += top + rest
    return " ".join(card_text(c) for c in cards)


def perft(deal, state, depth: int) -> int:
    """Number of move sequences of length `depth` (shorter where the game ends), like chess perft."""
    if depth == 0:
        return 1
    moves = deal.legal_moves(state)
    if not moves:
        return 1
    return sum(perft(deal, deal.apply(state, m), depth - 1) for m in moves)


def timeless(answer: dict) -> dict:
    """A solver answer without its `seconds`, to compare two answers to the same question."""
    return {k: v for k, v in answer.items() if k != "seconds"}


def played(variant: str, number: int, line: str) -> Game:
    game = Game(variant, number=number)
    for move in line.split():
        game.play(move)
    return game


def reference_marks(game: Game) -> list[str]:
    """The marks worked out independently: the plain-Python reference search on every position."""
    winnable = [reference_solve(game.deal, s, node_limit=2_000_000)[0] == WINNABLE for s in game.states]
    marks = []
    for i in range(1, len(game.states)):
        if winnable[i]:
            marks.append("winnable")
        else:
            marks.append("losing" if winnable[i - 1] else "lost")
    return marks
