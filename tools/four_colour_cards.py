"""Make the four-colour deck's faces from the two-colour ones: diamonds blue, clubs green.

Only the suit symbols and the ranks change colour; the court cards' pictures stay as drawn.
Run from the repository root: python tools/four_colour_cards.py (writes static/cards/four/).
"""

import re
from pathlib import Path

CARDS = Path(__file__).resolve().parent.parent / "src" / "pyramid_solitaire" / "static" / "cards"
COLOURS = {"d": ("red", "#1d5fd1"), "c": ("black", "#168a3a")}
RANKS = "A23456789TJQK"
# A symbol of the suit (S...) or of the rank (V...), as the faces define them.
SYMBOL = re.compile(r'<symbol id="[SV][^"]*".*?</symbol>', re.S)


def recolour(svg: str, old: str, new: str) -> str:
    def one(match: re.Match[str]) -> str:
        return re.sub(rf'(fill|stroke)="{old}"', rf'\1="{new}"', match.group(0))

    return SYMBOL.sub(one, svg)


def main() -> None:
    out = CARDS / "four"
    out.mkdir(exist_ok=True)
    for suit, (old, new) in COLOURS.items():
        for rank in RANKS:
            name = f"{rank}{suit}.svg"
            face = recolour((CARDS / name).read_text(), old, new)
            if face == (CARDS / name).read_text():
                raise SystemExit(f"{name}: no suit or rank symbol found to recolour")
            (out / name).write_text(face)
    print(f"wrote {2 * len(RANKS)} faces to {out}")


if __name__ == "__main__":
    main()
