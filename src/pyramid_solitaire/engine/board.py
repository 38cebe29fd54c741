"""The layout drawn as text for the terminal: each triangle of the tableau (the pyramid, an
inverted one, Pharaohs's three), then stock, waste or piles."""

from .cards import card_text
from .deal import Deal, State

GONE = " . "
FACE_DOWN = "## "  # a hidden card (Pyramid Thirteen): never its name


def _card(deal: Deal, state: State, p: int, available: set[int], mark: bool) -> str:
    """A card as three characters; `*` after an available card when marking."""
    if state.removed >> p & 1:
        return GONE
    if deal.is_face_down(state, p):
        return FACE_DOWN
    star = "*" if mark and p in available else " "
    return card_text(deal.cards[p]) + star


def _pile_line(deal: Deal, state: State, piles: list[list[int]], available: set[int], mark: bool) -> str:
    return "  ".join(
        f"{k + 1}:[" + " ".join(_card(deal, state, p, available, mark).strip() for p in pile) + "]"
        for k, pile in enumerate(piles)
    )


def draw_board(deal: Deal, state: State, mark: bool = False) -> str:
    """The whole layout; with `mark`, available cards carry a `*`."""
    available = set(deal.available_positions(state)) if mark else set()
    lines: list[str] = []
    for k, rows in enumerate(deal.layout.triangle_rows()):
        if k:
            lines.append("")
        widest = max(len(row) for row in rows)
        for row in rows:
            cells = [_card(deal, state, p, available, mark) for p in row]
            lines.append("  " * (widest - len(row)) + " ".join(cells).rstrip())
    v = deal.variant
    if v.has_stock:
        stock = deal.stock_positions(state)
        top = ""
        left = deal.passes_left(state)
        if stock and v.open_stock:
            top = f", top {_card(deal, state, stock[0], available, mark).strip()}"
        lines.append("")
        passes = "unlimited" if left is None else left
        lines.append(f"stock: {len(stock)} card{'s' * (len(stock) != 1)}{top}; passes left: {passes}")
        lines.append("waste " + _pile_line(deal, state, deal.waste_positions(state), available, mark))
    elif v.piles:
        lines.append("")
        lines.append("piles " + _pile_line(deal, state, deal.pile_positions(state), available, mark))
    return "\n".join(lines)
