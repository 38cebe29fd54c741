"""The environment's `render_mode="rgb_array"`: the layout as an RGB picture drawn with numpy alone
(no fonts, no image library), so a video recorder or a notebook shows what the agent sees.

The tableau's triangles one under another, each in overlapping rows (the pyramid's 28 slots in
seven, an inverted pyramid's, Pharaohs's three), then a row of the stock (a card back while
cards are left), the wastes' tops and the reserve piles' tops; a face-down card (Pyramid
Thirteen) shows its back. A card is white with its rank and
suit in a 3x5 and 5x5 pixel font, red or black; a card that can be played now has a gold frame.

>>> from pyramid_solitaire.engine.game import Game
>>> picture(Game("pyramid", number=1)).shape
(220, 232, 3)
"""

import numpy as np

from ..engine.cards import RANKS, SUITS
from ..engine.game import Game

SCALE = 2  # pixels per font pixel
CARD_W, CARD_H, GAP = 24, 32, 4
ROW_STEP = CARD_H // 2 + 2  # the pyramid's rows overlap, as on the table
SLOTS_PER_ROW = 8  # the bottom rows: stock, wastes, piles
WIDTH = SLOTS_PER_ROW * (CARD_W + GAP) + 2 * GAP
HEIGHT = GAP + 6 * ROW_STEP + CARD_H + 2 * GAP + 2 * (CARD_H + GAP) - 4  # the 7-row pyramid's

TABLE = (22, 92, 50)
FACE, BACK, FRAME, PLAYABLE = (250, 250, 245), (40, 70, 160), (90, 90, 90), (235, 185, 30)
RED, BLACK = (200, 30, 40), (20, 20, 20)

# Each glyph is rows of pixels, "#" set: ranks A..K in 3x5, suits c, d, h, s in 5x5.
RANK_GLYPHS = dict(
    zip(
        RANKS,
        (
            ".#.|#.#|###|#.#|#.#",
            "##.|..#|.#.|#..|###",
            "##.|..#|.#.|..#|##.",
            "#.#|#.#|###|..#|..#",
            "###|#..|##.|..#|##.",
            ".##|#..|###|#.#|###",
            "###|..#|.#.|.#.|.#.",
            "###|#.#|###|#.#|###",
            "###|#.#|###|..#|##.",
            "###|.#.|.#.|.#.|.#.",
            "..#|..#|..#|#.#|.#.",
            ".#.|#.#|#.#|##.|.##",
            "#.#|##.|#..|##.|#.#",
        ),
        strict=True,
    )
)
SUIT_GLYPHS = dict(
    zip(
        SUITS,
        (
            ".###.|.###.|#####|..#..|.###.",
            "..#..|.###.|#####|.###.|..#..",
            ".#.#.|#####|#####|.###.|..#..",
            "..#..|.###.|#####|..#..|.###.",
        ),
        strict=True,
    )
)


def glyph(canvas: np.ndarray, pattern: str, x: int, y: int, colour: tuple[int, int, int]) -> None:
    """Draw a glyph's set pixels, SCALE x SCALE each, from (x, y)."""
    for row, line in enumerate(pattern.split("|")):
        for column, pixel in enumerate(line):
            if pixel == "#":
                canvas[
                    y + row * SCALE : y + (row + 1) * SCALE, x + column * SCALE : x + (column + 1) * SCALE
                ] = colour


def card(canvas: np.ndarray, x: int, y: int, text: str | None, playable: bool = False) -> None:
    """One card at (x, y): face up with its text, or its back when `text` is None."""
    canvas[y : y + CARD_H, x : x + CARD_W] = PLAYABLE if playable else FRAME
    canvas[y + 1 : y + CARD_H - 1, x + 1 : x + CARD_W - 1] = BACK if text is None else FACE
    if text is not None:
        colour = RED if text[1] in "dh" else BLACK
        glyph(canvas, RANK_GLYPHS[text[0]], x + 3, y + 3, colour)
        glyph(canvas, SUIT_GLYPHS[text[1]], x + 3, y + 3 + 6 * SCALE, colour)


def picture(game: Game) -> np.ndarray:
    """The position of `game` as an RGB array of HEIGHT x WIDTH x 3 bytes."""
    from ..engine.cards import card_text

    deal, state = game.deal, game.state
    triangles = deal.layout.triangle_rows()
    # each triangle after the first takes the height of its rows and a gap more than the pyramid's
    extra = sum((len(rows) - 1) * ROW_STEP + CARD_H + GAP for rows in triangles[1:])
    extra -= (7 - len(triangles[0])) * ROW_STEP
    canvas = np.empty((HEIGHT + extra, WIDTH, 3), dtype=np.uint8)
    canvas[:] = TABLE
    playable = set(deal.available_positions(state))
    y = GAP
    for rows in triangles:
        for row in rows:
            left = (WIDTH - len(row) * (CARD_W + GAP) + GAP) // 2
            for i, p in enumerate(row):
                if not state.removed >> p & 1:
                    shown = None if deal.is_face_down(state, p) else card_text(deal.cards[p])
                    card(canvas, left + i * (CARD_W + GAP), y, shown, p in playable)
            y += ROW_STEP
        y += CARD_H + GAP - ROW_STEP
    below: list[tuple[str | None, bool]] = []
    stock = deal.stock_positions(state)
    if stock:  # the open stock shows its top, the others its back
        below.append(
            (card_text(deal.cards[stock[0]]) if game.variant.open_stock else None, stock[0] in playable)
        )
    for pile in [*deal.waste_positions(state), *deal.pile_positions(state)]:
        if pile:
            below.append((card_text(deal.cards[pile[-1]]), pile[-1] in playable))
    top = y + GAP
    for n, (text, can_play) in enumerate(below[: 2 * SLOTS_PER_ROW]):
        slot_row, column = divmod(n, SLOTS_PER_ROW)
        card(canvas, 2 * GAP + column * (CARD_W + GAP) - GAP, top + slot_row * (CARD_H + GAP), text, can_play)
    return canvas
