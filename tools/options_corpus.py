"""The conformance corpus of the rule options (engine/variants.py: passes, overlap, win), apart
from tools/corpus.py's so the page's rules, which do not know the options yet, keep passing that
one; the page is held to this file once it plays options.

    python tools/options_corpus.py     # rewrites tests/golden/options_corpus.json

Sections, in the forms of tools/corpus.py:
  variants  every option set used here and the named variants: text, names, rules, options
  refused   variant texts refused (unknown option, values out of range, an option that does not fit)
  games     playthroughs with the full view after every step: solver wins under each option set,
            random and draw-first games, an overlap pair made in a built deck
  playouts  compact playthroughs: the legal moves and won/stuck after every step
  illegal   moves refused under options (a covered card whose other cover is still there...)
  records   records with option texts: good ones with their view, bad ones with the refusal
tests/test_options_corpus.py replays it through the Python engine.
"""

import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.corpus import (  # noqa: E402
    _deck,
    _without,
    act,
    draw_first,
    game_entry,
    illegal_probe,
    off_pyramid_first,
    playthrough,
    random_move,
    refusal,
    removal_first,
    run_main,
    solved_playthrough,
    solver_line,
)

from pyramid_solitaire.engine.game import Game  # noqa: E402
from pyramid_solitaire.engine.variants import NAMED, get_variant  # noqa: E402
from pyramid_solitaire.engine.view import dump, view  # noqa: E402

OPTIONS_CORPUS = Path(__file__).resolve().parents[1] / "tests" / "golden" / "options_corpus.json"
GAME_STEPS = 45
SOLVED = True  # a solver win under each option set (the kernel plays them all)

# The option sets the corpus plays: each option alone on the stock variants it changes most,
# and a few together.
OPTION_SETS = [
    "pyramid:passes=1",
    "pyramid:passes=unlimited",
    "pyramid:overlap=yes",
    "pyramid:win=all",
    "classic:win=all",
    "classic:passes=unlimited,overlap=yes",
    "classic-redeal:overlap=yes,win=all",
    "three-wastes:passes=2",
    "three-wastes:passes=unlimited,win=all",
    "open-stock:passes=1",
    "open-stock:passes=unlimited,overlap=yes",
    "giza:overlap=yes",
    "giza:win=all",
    *NAMED,
]

REFUSED = [
    "pyramid:passes=0",
    "pyramid:passes=x",
    "pyramid:passes=33",
    "pyramid:passes=-1",
    "pyramid:overlap=maybe",
    "pyramid:win=none",
    "pyramid:colour=red",
    "pyramid:passes=2,passes=3",
    "pyramid:",
    "pyramid:passes",
    "giza:passes=2",
    "spider:passes=1",
    "classic:PASSES=1",
]


def variants_section() -> dict[str, Any]:
    out = {}
    for text in OPTION_SETS:
        v = get_variant(text)
        out[text] = {"text": v.text, "name_en": v.name_en, "name_de": v.name_de, **v.rules(), **v.options()}
    return out


def refused_section() -> list[dict]:
    return [{"text": text, **refusal(lambda text=text: get_variant(text))} for text in REFUSED]


def overlap_deck() -> str:
    """A pyramid whose 7c (slot 15) lies under 6c (slot 21) and Kc (slot 22): once the king goes,
    7c and 6c pair by overlap; before, the pair is refused (two cards cover 7c)."""
    fill = _without(3, ["7c", "6c", "Kc"], 25)
    pyramid = fill[:15] + ["7c"] + fill[15:20] + ["6c", "Kc"] + fill[20:25]
    return _deck(pyramid, [])


def games_section(rng: random.Random) -> list[dict]:
    games = []
    for text in OPTION_SETS:
        for number in range(100, 400) if SOLVED else []:
            line = solver_line(Game(text, number=number))
            if line:
                solved = lambda g, line=line: solved_playthrough(g, line, rng)  # noqa: E731
                games.append(game_entry(f"solver win {number}", text, number, solved))
                break
        for name, policy, number in [("random", random_move, 5), ("draw first", draw_first, 3)]:
            played = lambda g, p=policy: playthrough(g, p, rng, GAME_STEPS)  # noqa: E731
            games.append(game_entry(f"{name} {number}", text, number, played))
    games += cleared_not_won(rng)
    deck = overlap_deck()
    steps = lambda g: _played(g, ["Kc", "6c+7c", "undo", "redo"])  # noqa: E731
    games.append(game_entry("an overlap pair", "pyramid:overlap=yes", deck, steps))
    return games


def cleared_not_won(rng: random.Random) -> list[dict]:
    """win=all: the pyramid cleared by a line the solver proves under the plain variant (the same
    moves are legal), and the game goes on, not won, until its last moves (the page's rules once
    took the pyramid as the goal whatever `win` said, and no other game here clears it)."""
    games = []
    for text, base in [("pyramid:win=all", "pyramid"), ("original", "classic")]:
        for number in range(100, 400):
            line = solver_line(Game(base, number=number))
            if line:
                then = lambda g: playthrough(g, random_move, rng, 20)  # noqa: E731
                steps = lambda g, line=line, then=then: _then(_played(g, line), then(g))  # noqa: E731
                games.append(game_entry(f"pyramid cleared {number}", text, number, steps))
                break
    return games


def _then(*parts: Iterator[str]) -> Iterator[str]:
    for part in parts:
        yield from part


def _played(game: Game, actions: list[str]) -> Iterator[str]:
    """Play `actions` one by one, yielding each after it is done (as game_entry reads them)."""
    for action in actions:
        act(game, action)
        yield action


def playouts_section(rng: random.Random, per_set: int) -> list[dict]:
    policies = [random_move, removal_first, draw_first, off_pyramid_first]
    out = []
    for text in OPTION_SETS:
        for i in range(per_set):
            number = rng.randrange(2**31)
            game = Game(text, number=number)
            steps = []
            for action in playthrough(game, policies[i % len(policies)], rng, 150):
                state = "won" if game.is_won else "stuck" if game.is_stuck else ""
                steps.append([action, " ".join(str(m) for m in game.legal_moves()), state])
            out.append({"variant": text, "deal": str(number), "steps": steps})
    return out


def illegal_section() -> list[dict]:
    deck = overlap_deck()
    out = []
    for text, moves, probe in [
        ("pyramid:overlap=yes", [], "7c+6c"),  # Kc still covers 7c too
        ("pyramid", ["Kc"], "7c+6c"),  # no overlap discards: 6c covers 7c
        ("pyramid:overlap=yes", ["Kc"], "7c+6c"),  # legal
        ("classic:win=all", [], "recycle"),
    ]:
        game = Game(text, deck=deck)
        for move in moves:
            game.play(move)
        out.append(illegal_probe(game, probe))
    game = Game("pyramid:passes=unlimited", number=8)
    for _ in range(3):  # three passes and a fourth: a recycle is never refused for want of passes
        while game.deal.can_draw(game.state):
            game.play("draw")
        out.append(illegal_probe(game, "recycle"))
        game.play("recycle")
    return out


def records_section() -> dict[str, list]:
    good = []
    for record in [
        {"version": 1, "variant": "pyramid:overlap=yes,passes=unlimited", "deal": 8, "moves": ["draw"]},
        {"version": 1, "variant": "original", "deal": 2, "moves": []},
        {"version": 1, "variant": "classic:win=all", "deal": 2, "moves": ["draw", "draw"], "redo": []},
    ]:
        game = Game.from_record(record)
        good.append({"record": record, "view": view(game), "dump": dump(game)})
    bad = []
    for text in ["pyramid:passes=0", "giza:passes=2", "pyramid:shuffle=yes", "classic:win=all,win=all"]:
        record = {"version": 1, "variant": text, "deal": 1, "moves": []}
        bad.append({"record": record, **refusal(lambda r=record: Game.from_record(r))})
    return {"good": good, "bad": bad}


def build(seed: int = 36, playouts_per_set: int = 4) -> dict[str, Any]:
    rng = random.Random(seed)
    return {
        "about": "Generated by `python tools/options_corpus.py` from the Python engine; do not edit.",
        "variants": variants_section(),
        "refused": refused_section(),
        "games": games_section(rng),
        "playouts": playouts_section(rng, playouts_per_set),
        "illegal": illegal_section(),
        "records": records_section(),
    }


def main(argv: list[str] | None = None) -> int:
    return run_main(argv, "the rule options", OPTIONS_CORPUS, build)


if __name__ == "__main__":
    raise SystemExit(main())
