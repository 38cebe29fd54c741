"""Small builders shared by the engine tests."""

from pyramid_solitaire.cards import ALL_CARDS, card_text, parse_card


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
