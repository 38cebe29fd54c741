"""Layouts as data: where the tableau's cards lie and which covers which (RULES.md, "Layout").

A layout is one or more triangles of cards, dealt in reading order: each triangle's rows top to
bottom, each row left to right, the triangles in their order. A pyramid's row r (0-based) has
r + 1 cards, and its card (r, i) is covered by (r + 1, i) and (r + 1, i + 1) of the longer row
below it. An inverted pyramid starts with its longest row; its card (r, i) is covered by the
cards (r + 1, i - 1) and (r + 1, i) of the shorter row below it that exist, so the cards at the
ends of a row are covered by one card, and the single card of the last row starts free.

>>> LAYOUTS["pyramid"].covered_by[0], LAYOUTS["pyramid"].size
((1, 2), 28)
>>> LAYOUTS["inverted"].covered_by[0], LAYOUTS["inverted"].covered_by[1], LAYOUTS["inverted"].covered_by[27]
((7,), (7, 8), ())
>>> LAYOUTS["pharaohs"].size, LAYOUTS["pharaohs"].covered_by[0], LAYOUTS["pharaohs"].covered_by[3]
(52, (1, 2), (4, 5))
"""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Triangle:
    """One triangle of cards: its number of rows, and whether its longest row comes first."""

    rows: int
    inverted: bool = False

    def row_length(self, row: int) -> int:
        """How many cards row `row` (0-based, from the top) holds."""
        return self.rows - row if self.inverted else row + 1

    @property
    def size(self) -> int:
        """How many cards the triangle holds."""
        return self.rows * (self.rows + 1) // 2


@dataclass(frozen=True)
class Layout:
    """A tableau: its triangles in dealing order. `rows` lists, for each row of each triangle,
    the deck positions of its cards left to right; `covered_by[p]` the positions that cover p."""

    id: str
    triangles: tuple[Triangle, ...]
    rows: tuple[tuple[int, ...], ...] = field(init=False)
    covered_by: tuple[tuple[int, ...], ...] = field(init=False)

    def __post_init__(self) -> None:
        rows: list[tuple[int, ...]] = []
        cover: list[tuple[int, ...]] = []
        start = 0
        for triangle in self.triangles:
            mine = []
            for r in range(triangle.rows):
                n = triangle.row_length(r)
                mine.append(tuple(range(start, start + n)))
                start += n
            for r, row in enumerate(mine):
                below = mine[r + 1] if r + 1 < len(mine) else ()
                for i in range(len(row)):
                    near = (i - 1, i) if triangle.inverted else (i, i + 1)
                    cover.append(tuple(below[j] for j in near if 0 <= j < len(below)))
            rows += mine
        object.__setattr__(self, "rows", tuple(rows))
        object.__setattr__(self, "covered_by", tuple(cover))

    @property
    def size(self) -> int:
        """How many cards the tableau holds."""
        return len(self.covered_by)

    def triangle_rows(self) -> list[list[tuple[int, ...]]]:
        """The rows grouped by triangle, for drawing each triangle on its own."""
        out, at = [], 0
        for triangle in self.triangles:
            out.append(list(self.rows[at : at + triangle.rows]))
            at += triangle.rows
        return out


LAYOUTS: dict[str, Layout] = {
    layout.id: layout
    for layout in (
        Layout("pyramid", (Triangle(7),)),
        Layout("inverted", (Triangle(7, inverted=True),)),
        # Pharaohs: PySolFC deals its pyramids of 2, 7 and 6 rows in this order (3 + 28 + 21 cards)
        Layout("pharaohs", (Triangle(2), Triangle(7), Triangle(6))),
    )
}
