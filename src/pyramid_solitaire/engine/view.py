"""Engine <-> JSON: the record the browser keeps and the `view` of the position the page draws."""

from typing import Any

from .cards import card_text
from .game import Game

# JavaScript numbers are exact only up to 2**53; bigger deal numbers travel as text
# (Game.from_record reads them back).
JS_SAFE = 2**53


def dump(game: Game) -> dict[str, Any]:
    """The game's record, its deal number as text past JS_SAFE."""
    record = game.to_record()
    if record.get("deal", 0) >= JS_SAFE:
        record["deal"] = str(record["deal"])
    return record


def view(game: Game) -> dict[str, Any]:
    """Everything the page draws, as the engine sees it: the page never works out a rule."""
    deal, state = game.deal, game.state
    available = set(deal.available_positions(state))

    def text(p: int) -> str:
        return card_text(deal.cards[p])

    pyramid = [
        {
            "card": None if card is None or deal.is_face_down(state, p) else card_text(card),
            "free": card is not None and deal.is_free(state, p),
            "available": p in available,
        }
        for p, card in enumerate(deal.pyramid(state))
    ]
    if deal.variant.hidden:  # a face-down card is there, its name is not (never a peek)
        for p, cell in enumerate(pyramid):
            cell["face_down"] = deal.is_face_down(state, p)
    stock = deal.stock_positions(state)
    open_top = deal.variant.open_stock and bool(stock)
    moves = game.legal_moves()
    return {
        "variant": game.variant.text,
        "deal": dump(game).get("deal"),
        "pyramid": pyramid,
        "stock": {"count": len(stock), "top": text(stock[0]) if open_top else None, "available": open_top},
        "wastes": [[text(p) for p in pile] for pile in deal.waste_positions(state)],
        "piles": [[text(p) for p in pile] for pile in deal.pile_positions(state)],
        "available": [text(p) for p in sorted(available)],
        "moves": [str(m) for m in moves],
        "can_draw": deal.can_draw(state),
        "can_recycle": deal.can_recycle(state),
        "passes": game.variant.passes,
        "passes_left": game.passes_left,
        "won": game.is_won,
        "stuck": game.is_stuck,
        "move_count": len(game.moves),
        "can_undo": bool(game.moves),
        "can_redo": bool(game.redo_moves),
        "last_move": str(game.moves[-1]) if game.moves else None,
    }


def answer(game: Game, **extra: Any) -> dict[str, Any]:
    """What the web answers after a move: the record, the view, and any `extra` fields."""
    return {"record": dump(game), "view": view(game), **extra}
