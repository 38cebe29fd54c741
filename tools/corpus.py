"""The conformance corpus: what the Python engine (the specification) answers, written down so the
page's engine (static/js/rules/) can be held to it, as chess engines share perft vectors.

    python tools/corpus.py            # rewrites tests/golden/corpus.json

The corpus is deterministic (fixed seeds, solver runs bounded by nodes, not time), so regenerating
it without a rule change gives the same file. tests/test_corpus.py replays it through the Python
engine, tests/js/engine.test.mjs through js/rules/: a rule changed in one engine only fails one of them.

Sections:
  variants  the rules data of every variant
  cards     card texts and what they read as (or the refusal)
  deals     deal numbers (as text) and their deck strings; bad deal numbers and deck strings
  games     playthroughs with the full view after every step (moves, undo, redo, restart)
  playouts  many more playthroughs, compact: after every step the legal moves and won/stuck
  illegal   moves refused in a position, with the refusal's kind and message
  actions   undo (of one or several moves), redo and moves in chosen positions: the view after,
            or the refusal (nothing to undo or redo, too many undos, a won game, an empty stock
            or waste)
  sources   the one-deal-source rule: the deal sources a front end was given, and the refusal
  api       refusals only Python code can cause (a Move value of an unknown kind, a record that
            is not JSON); not for engine.js
  records   game records: good ones with their view, bad ones with the refusal's kind
  family    the Pyramid family's games (issue 51), with a seed of their own so the sections above
            stay as they were: their rules data, games, playouts and refused moves as above

Every refusal is written with its kind, code, parameters and English text, and every code the
engines raise occurs somewhere (tests/test_corpus.py and tests/js/ fail otherwise).
"""

import argparse
import dataclasses
import json
import random
import re
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

from pyramid_solitaire.engine.cards import RANKS, SUITS, card_text, parse_card
from pyramid_solitaire.engine.deal import Deal, Move
from pyramid_solitaire.engine.decks import (
    MAX_DEAL,
    RANDOM_DEALS,
    deal_cards,
    format_deck,
    parse_deal_number,
    parse_deck,
)
from pyramid_solitaire.engine.errors import Refusal
from pyramid_solitaire.engine.game import Game, one_deal_source
from pyramid_solitaire.engine.variants import GAMES, VARIANTS
from pyramid_solitaire.engine.view import dump, view
from pyramid_solitaire.solver import WINNABLE, solve
from pyramid_solitaire.solver.reference import plain_solve

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "golden" / "corpus.json"
GAME_STEPS = 45  # a full view is ~2 KB: games other than wins stop here (playouts go on)
SOLVER_NODES = 200_000  # a node budget, not a time limit: the same line on every machine
Policy = Callable[[Game, random.Random], str]


# --- how the playthroughs choose their next step ----------------------------------------------


def random_move(game: Game, rng: random.Random) -> str:
    return str(rng.choice(game.legal_moves()))


def removal_first(game: Game, rng: random.Random) -> str:
    """Take a pair or king when there is one (empties piles and wastes), else draw or recycle."""
    moves = game.legal_moves()
    removals = [m for m in moves if m.kind in ("pair", "king")]
    return str(rng.choice(removals or moves))


def draw_first(game: Game, rng: random.Random) -> str:
    """Go through every pass before anything else: recycles, the last pass, a stuck end."""
    moves = game.legal_moves()
    turns = [m for m in moves if m.kind in ("draw", "recycle")]
    return str(turns[0] if turns else rng.choice(moves))


def off_pyramid_first(game: Game, rng: random.Random) -> str:
    """Prefer moves that take cards off piles, wastes or the open stock top (Giza piles emptied)."""
    moves = game.legal_moves()
    deal = game.deal
    off = [m for m in moves if any(deal.position[c] >= 28 for c in m.cards)]
    return str(rng.choice(off or moves))


def notation_variant(text: str, rng: random.Random) -> str:
    """The same move as a player might type it: pair cards swapped, other case, 10 for T."""
    if "+" in text and rng.random() < 0.3:
        a, b = text.split("+")
        text = f"{b}+{a}"
    if rng.random() < 0.15:
        text = text.upper() if rng.random() < 0.5 else text.lower()
    if "T" in text and rng.random() < 0.3:
        text = text.replace("T", "10")
    return text


def playthrough(game: Game, next_move: Policy, rng: random.Random, max_steps: int = 120) -> Iterator[str]:
    """Play `game` to its end with `next_move`, now and then undoing, redoing and playing the
    undone move again (which keeps the redo path); yields each action after doing it."""
    for _ in range(max_steps):
        roll = rng.random()
        if game.moves and roll < 0.08:
            action = "undo"
        elif game.redo_moves and roll < 0.25:
            action = "redo" if rng.random() < 0.6 else str(game.redo_moves[0])
        elif game.is_won or game.is_stuck:
            return
        else:
            action = next_move(game, rng)
        act(game, action)
        yield action if action in ("undo", "redo") else notation_variant(action, rng)


def act(game: Game, action: str) -> str | None:
    """One step of a playthrough: undo, "undo N" (N moves at once), redo, restart or a move.
    Returns the move the game returned as text (an undo's: the first move undone), or None."""
    if action == "undo":
        returned = game.undo()
    elif action.startswith("undo "):
        returned = game.undo(int(action.split()[1]))
    elif action == "redo":
        returned = game.redo()
    elif action == "restart":
        game.restart()
        return None
    else:
        returned = game.play(action)
    return str(returned)


def solver_line(game: Game) -> list[str] | None:
    solution = solve(game.deal, game.state, node_limit=SOLVER_NODES)
    return [str(m) for m in solution.line] if solution.verdict == WINNABLE else None


def solved_playthrough(game: Game, line: list[str], rng: random.Random) -> Iterator[str]:
    """A winning line, with a few undos and redos on the way, ending won."""
    for move in line:
        if game.moves and rng.random() < 0.1:
            game.undo()
            yield "undo"
            game.redo()
            yield "redo"
        game.play(move)
        yield notation_variant(move, rng)


# --- decks for the edge cases ------------------------------------------------------------------


def _deck(pyramid: list[str], after: list[str]) -> str:
    """A deck string: the named pyramid cards (filled up to 28 with unnamed ones), then the named
    cards after the pyramid, then every other card in card order."""
    named = [parse_card(c) for c in pyramid + after]
    spare = [c for c in range(52) if c not in named]
    top = named[: len(pyramid)] + spare[: 28 - len(pyramid)]
    rest = named[len(pyramid) :] + spare[28 - len(pyramid) :]
    return format_deck(top + rest)


def _without(number: int, cards: list[str], count: int, kings: bool = True) -> list[str]:
    """`count` cards of deal `number` in its order, leaving out `cards` (and kings if told)."""
    texts = [card_text(c) for c in deal_cards(number)]
    return [t for t in texts if t not in cards and (kings or t[0] != "K")][:count]


def edge_decks() -> list[tuple[str, str, str]]:
    """(name, variant, deck string) of positions that random deals rarely reach."""
    bottom = ["Kc", "Kd", "Kh", "Ks", "Qc", "Ac", "Qd"]  # four kings and a pair free at once
    # Pile tops are kings over queens and aces that pair with each other once the kings go.
    piles = ["Qc", "Ac", "Kc", "Qd", "Ad", "Kd", "Qh", "Ah", "Kh", "Qs", "As", "Ks"]
    stock_top = ["6c", "7c", "Kd", "5h", "8h", "Qs", "As"]  # pair among themselves and the waste
    return [
        ("kings in the bottom row", "pyramid", _deck(_without(5, bottom, 21, kings=False) + bottom, [])),
        ("kings on top of Giza piles", "giza", _deck(_without(9, piles, 28), piles)),
        ("open stock top pairs", "open-stock", _deck(_without(11, stock_top, 28), stock_top)),
        ("three wastes, kings drawn", "three-wastes", _deck(_without(9, piles, 28), piles)),
        ("sorted deck", "classic-redeal", format_deck(list(range(52)))),
    ]


# --- the sections ------------------------------------------------------------------------------


def variants_section() -> dict[str, Any]:
    return {v.id: {"name_en": v.name_en, **v.rules()} for v in VARIANTS.values()}


def cards_section() -> list[list[str | None]]:
    texts = [r + s for r in RANKS for s in SUITS] + ["10h", "QS", "td", " Kd ", "aC"]
    texts += ["", "A", "1h", "11c", "Ax", "Kdd", "Jo", "♥A", "10"]
    out: list[list[str | None]] = []
    for text in texts:
        try:
            out.append([text, card_text(parse_card(text))])
        except ValueError:
            out.append([text, None])
    return out


def refusal(thunk: Callable[[], object]) -> dict[str, Any]:
    """The refusal `thunk` raises: its kind, English text, code and parameters (errors.py)."""
    try:
        thunk()
    except Refusal as err:
        return {"error": type(err).__name__, "message": str(err), "code": err.code, "params": err.params}
    raise AssertionError("expected a refusal")


# Deal numbers refused, as text (the JSON numbers past 2**53 that JavaScript cannot hold exactly)
# and as other JSON values: out of range, not whole, not a number.
bad_numbers: list[object] = [
    str(MAX_DEAL),
    "-1",
    "1e3",
    " 7",
    "+7",
    "1" * 30,
    -1,
    2**64,
    1.5,
    True,
    None,
    "",
    [3],
    "0" + "1" * 21,  # past 20 digits: refused as written, leading zero and all, before it is read
]


def deals_section(rng: random.Random) -> dict[str, Any]:
    numbers = [0, 1, 2, 3, 7, 42, 12345, 2**31 - 1, 2**32, 2**53 - 1, 2**53, 2**53 + 1, 2**63, MAX_DEAL - 1]
    numbers += [rng.randrange(2**31) for _ in range(8)] + [rng.randrange(MAX_DEAL) for _ in range(8)]
    bad_decks: list[object] = [
        7,
        None,
        ["Ah"],
        "",
        format_deck(list(range(51))),
        format_deck(list(range(51)) + [0]),
        format_deck(list(range(52))).replace("Kh", "Xh"),
        format_deck(list(range(52)) + [3]),
    ]
    return {
        "numbers": [[str(n), format_deck(deal_cards(n))] for n in numbers],
        "bad_numbers": [str(MAX_DEAL), "-1", "1e3", "18446744073709551616000"],
        "refused_numbers": [{"number": n, **refusal(partial(parse_deal_number, n))} for n in bad_numbers],
        "bad_decks": [{"deck": d, **refusal(partial(parse_deck, d))} for d in bad_decks],
        "random_below": RANDOM_DEALS,  # a game dealt without a source has a random deal below this
    }


def new_game(variant: str, source: int | str) -> Game:
    return Game(variant, number=source) if isinstance(source, int) else Game(variant, deck=source)


def game_entry(name: str, variant: str, source: int | str, actions: Callable[[Game], Iterator[str]]) -> dict:
    """A playthrough with the full view after every step."""
    game = new_game(variant, source)
    entry: dict[str, Any] = {"name": name, "variant": variant}
    entry.update(_source(game))
    entry["start"] = view(game)
    entry["steps"] = [{"do": action, "view": view(game)} for action in actions(game)]
    if entry["steps"]:
        game.restart()
        entry["steps"].append({"do": "restart", "view": view(game)})
    return entry


def _source(game: Game) -> dict[str, str]:
    record = game.to_record()
    return {"deal": str(record["deal"])} if "deal" in record else {"deck": record["deck"]}


def winnable_numbers(variant: str, count: int, start: int) -> Iterator[tuple[int, list[str]]]:
    number = start
    while count:
        line = solver_line(Game(variant, number=number))
        if line:
            count -= 1
            yield number, line
        number += 1


def games_section(rng: random.Random) -> list[dict]:
    """Per variant a solver's winning line, a random game on a deal number past 2**53 and a game
    through every pass; where cards lie off the pyramid beyond one waste, a game that takes them
    first; then the edge-case decks. Full views are big, so these are few (see playouts)."""
    games = []
    for v in VARIANTS:
        short = v in ("giza", "three-wastes")
        for number, line in winnable_numbers(v, 2 if short else 1, 100):
            solved = lambda g, line=line: solved_playthrough(g, line, rng)  # noqa: E731
            games.append(game_entry(f"solver win {number}", v, number, solved))
        policies = [("random", random_move, 2**53 + 7), ("draw first", draw_first, 3)]
        if short or VARIANTS[v].open_stock:
            policies.append(("off the pyramid first", off_pyramid_first, 4))
        for name, policy, number in policies:
            played = lambda g, p=policy: playthrough(g, p, rng, GAME_STEPS)  # noqa: E731
            games.append(game_entry(f"{name} {number}", v, number, played))
    for name, v, deck in edge_decks():
        games.append(game_entry(name, v, deck, lambda g: playthrough(g, removal_first, rng)))
        games.append(game_entry(name + ", solved", v, deck, lambda g: solved_or_random(g, rng)))
    return games


def solved_or_random(game: Game, rng: random.Random) -> Iterator[str]:
    line = solver_line(game)
    return solved_playthrough(game, line, rng) if line else playthrough(game, random_move, rng)


def playouts_section(rng: random.Random, per_variant: int) -> list[dict]:
    policies = [random_move, removal_first, draw_first, off_pyramid_first]
    out = []
    for v in VARIANTS:
        for i in range(per_variant):
            number = rng.randrange(2**31)
            game = Game(v, number=number)
            steps = []
            for action in playthrough(game, policies[i % len(policies)], rng):
                state = "won" if game.is_won else "stuck" if game.is_stuck else ""
                steps.append([action, " ".join(str(m) for m in game.legal_moves()), state])
            out.append({"variant": v, "deal": str(number), "steps": steps})
    return out


def illegal_section(rng: random.Random) -> list[dict]:
    """Every kind of refusal: covered, under a waste or pile top, in the stock, not a king, not 13,
    the same card twice, removed, no draw, no recycle, already won, bad notation."""
    out = []
    for v in VARIANTS:
        for number in range(4):
            game = Game(v, number=number)
            policy = removal_first if number % 2 else draw_first
            for _ in playthrough(game, policy, rng, rng.randrange(5, 60)):
                pass
            out += [illegal_probe(game, text) for text in _probes(game, rng)]
    return out


def _probes(game: Game, rng: random.Random) -> list[str]:
    deal, state = game.deal, game.state
    cards = list(deal.cards)
    rng.shuffle(cards)
    probes = ["draw", "recycle", "Zz", "7h+", "Ah+Ah+Ah", "drawn", "K\x01", "\t1h\n", "+" * 40]
    legal = {str(m) for m in game.legal_moves()}
    singles = [card_text(c) for c in cards[:6]]
    pairs_ = [f"{card_text(a)}+{card_text(b)}" for a, b in zip(cards[6:16], cards[16:26], strict=True)]
    same = card_text(cards[0])
    probes += singles + pairs_ + [f"{same}+{same}"]
    removed = [c for p, c in enumerate(deal.cards) if state.removed >> p & 1]
    if removed:
        probes.append(card_text(removed[0]))
    return [p for p in probes if p not in legal]


def illegal_probe(game: Game, text: str) -> dict:
    def play() -> None:
        game.play(text)
        game.undo()  # a probe that turns out legal leaves the game as it was
        raise LegalProbe

    entry = {
        "variant": game.variant.text,
        **_source(game),
        "moves": [str(m) for m in game.moves],
        "move": text,
    }
    try:
        return {**entry, **refusal(play)}
    except LegalProbe:
        return {**entry, "error": None}


class LegalProbe(Exception):
    """A probe move that the rules allow after all."""


def _emptied_open_stock() -> tuple[str, str, list[str]]:
    """An open-stock deal whose 24 stock cards pair off two by two as they are drawn (the stock
    top with the card just drawn), so the stock and the waste run out with two recycles left."""
    stock = [f"{r}{s}" for s in "cd" for a, b in zip("A2345", "QJT98", strict=True) for r in (a, b)]
    stock += ["6c", "7c", "6d", "7d"]
    deck = _deck([], stock)
    game, moves = Game("open-stock", deck=deck), []
    while game.deal.stock_positions(game.state):
        off = [m for m in game.legal_moves() if all(game.deal.position[c] >= 28 for c in m.cards) and m.cards]
        moves.append(str(game.play(off[0] if off else "draw")))
    return "open-stock", deck, moves


def _won(variant: str, number: int) -> tuple[str, str, list[str]]:
    (number, line), *_ = winnable_numbers(variant, 1, number)
    return variant, str(number), line


def actions_section() -> list[dict]:
    """Undo, redo and moves where the rules say something rare: the view after, or the refusal."""
    drawn_out = ["draw"] * 24  # the stock of a one-waste deal drawn to its end, the waste full
    cases: list[tuple[tuple[str, str, list[str]], list[str], str]] = [
        (("pyramid", "5", []), [], "undo"),
        (("pyramid", "5", []), [], "redo"),
        (("pyramid", "5", []), [], "undo 2"),
        (("pyramid", "5", ["draw", "draw"]), [], "undo 3"),
        (("pyramid", "5", ["draw", "draw", "draw"]), [], "undo 3"),
        (("pyramid", "5", ["draw", "draw", "draw", "draw"]), ["undo"], "undo 2"),
        (("pyramid", "5", ["draw", "draw", "draw", "draw"]), ["undo 4"], "redo"),
        (("pyramid", "5", ["draw", "draw"]), ["undo 2", "redo", "redo"], "redo"),
        (("pyramid", "5", ["draw", "Kc"]), [], "undo 2"),  # returns the first undone: draw
        (("pyramid", "5", ["Kc", "draw"]), [], "undo 2"),
        (("pyramid", "5", ["Kc", "draw"]), ["undo 2"], "redo"),
        (("pyramid", "5", ["Kc", "draw"]), [], "restart"),
        (("pyramid", "5", drawn_out), [], "draw"),
        (("pyramid", "5", drawn_out), [], "recycle"),
        (("classic", "5", drawn_out), [], "draw"),
        (("classic", "5", drawn_out), [], "recycle"),
        (("three-wastes", "5", ["draw"] * 8), [], "draw"),
        (_emptied_open_stock(), [], "recycle"),
        (_emptied_open_stock(), [], "draw"),
    ]
    for variant in ("pyramid", "giza"):
        won = _won(variant, 100)
        cases += [(won, [], "draw"), (won, [], "Kc"), (won, [], "undo 3"), (won, ["undo"], "redo")]
    out = []
    for (variant, source, moves), before, action in cases:
        game = new_game(variant, int(source) if source.isdigit() else source)
        for move in moves:
            game.play(move)
        for step in before:
            act(game, step)
        entry = {"variant": variant, **_source(game), "moves": moves, "before": before, "do": action}
        try:
            returned = act(game, action)
        except Refusal as err:
            out.append({**entry, **refusal(partial(_raise, err))})
            continue
        out.append({**entry, "error": None, "returns": returned, "view": view(game)})
    return out


def _raise(err: Exception) -> None:
    raise err


def sources_section() -> list[dict]:
    """The one-deal-source rule as the front ends ask it: the sources given, and the refusal;
    Game itself (a deal number and a deck string at once) says the same."""
    given = [[], ["deal"], ["deck"], ["deal", "deck"], ["deal", "daily"], ["deck", "daily", "winnable_only"]]
    given += [["a deal number", "--deck", "--random"]]
    out = []
    for names in given:
        try:
            one_deal_source(names)
            out.append({"given": names, "error": None})
        except Refusal as err:
            out.append({"given": names, **refusal(partial(_raise, err))})
    deck = format_deck(deal_cards(3))
    game = {"variant": "pyramid", "source": {"deal": "3", "deck": deck}}
    out.append({**game, **refusal(partial(Game, "pyramid", number=3, deck=deck))})
    return out


def api_section() -> list[dict]:
    """Refusals only Python code can cause: a Move value of a kind no text reads as, a record
    that is not JSON (the page's records are objects already)."""
    jump = partial(Game("pyramid", number=1).play, Move("jump"))
    return [
        {"move": {"kind": "jump", "cards": []}, **refusal(jump)},
        {"json": "{'version': 1", **refusal(partial(Game.from_json, "{'version': 1"))},
    ]


def records_section() -> dict[str, list]:
    game = Game("three-wastes", number=2**64 - 1)
    for move in ("draw", "draw"):
        game.play(move)
    game.undo()
    good = [dump(game), dump(Game("pyramid", number=2**53))]  # 2**53: the first deal written as text
    good.append({"version": 1, "variant": "giza", "deal": "123", "moves": []})
    good.append({"version": 1, "deal": 5, "moves": ["draw", "draw"], "redo": ["draw"]})
    good.append({"version": 1, "variant": "open-stock", "deal": "007", "moves": []})
    # Whitespace as Python's str.strip() and split() see it (U+001C..U+001F and U+0085 are, U+FEFF
    # is not; JavaScript's trim() has it the other way round).
    good.append({"version": 1, "deal": 5, "moves": ["\x85Kc\x1c"]})
    good.append({"version": 1, "deck": format_deck(deal_cards(3)).replace(" ", "\x1d\x85"), "moves": []})
    bad = [
        [],
        {"version": 2, "variant": "pyramid", "deal": 1},
        {"version": True, "variant": "pyramid", "deal": 1},
        {"version": 1, "variant": "pyramid", "deal": 1, "deck": "x"},
        {"version": 1, "variant": "pyramid"},
        {"version": 1, "variant": "nope", "deal": 1},
        {"version": 1, "variant": "v" * 24, "deal": 1},  # hostile text of exactly CUT characters: whole
        {"version": 1, "variant": "", "deal": 1},  # an empty id is refused, not the default variant
        {"version": 1, "variant": "pyramid", "deal": 1, "moves": ""},
        {"version": 1, "variant": "pyramid", "deal": 1, "moves": ["draw"], "redo": ["draw", "Kx"]},
        {"version": 1, "variant": "pyramid", "deal": 1, **{f"f{i}": i for i in range(5)}},  # 5: all shown
        {
            "version": 1,
            "variant": "pyramid",
            "deal": 1,
            "moves": ["draw"] * 1000,
        },  # 1000: allowed, then read
        {"version": 1, "variant": 3, "deal": 1},
        {"version": 1, "variant": "pyramid", "deal": -1},
        {"version": 1, "variant": "pyramid", "deal": str(MAX_DEAL)},
        {"version": 1, "variant": "pyramid", "deal": 1.5},
        {"version": 1, "variant": "pyramid", "deal": 1, "moves": ["Kx"]},
        {"version": 1, "variant": "pyramid", "deal": 1, "moves": "draw"},
        {"version": 1, "variant": "pyramid", "deal": 1, "redo": ["recycle"]},
        {"version": 1, "variant": "giza", "deal": 1, "moves": ["draw"]},
        {"version": 1, "variant": "pyramid", "deal": 1, "colour": "red"},
        {"version": 1, "variant": "pyramid", "deck": 7},
        {"version": 1, "variant": "pyramid", "deal": 1, "moves": ["draw"] * 1001},
        {"version": 1, "variant": "pyramid", "deal": 1, **{f"field {i} " + "x" * 30: i for i in range(7)}},
        {"version": "1", "variant": "pyramid", "deal": 1},
        {"variant": "pyramid", "deal": 1},
        {"version": 1, "variant": "pyramid", "deal": "-5"},
        {"version": 1, "variant": "pyramid", "deal": "1" * 30},
        {"version": 1, "variant": "pyramid", "deal": 1, "moves": ["draw", "Qx+2c"]},
        {"version": 1, "variant": "pyramid", "deck": "Ah Ah"},
        # Hostile text as Python's str shows it: what isprintable() refuses escaped as repr writes
        # it (a no-break space, a line separator, a zero-width space, a next line, a tag, a lone
        # surrogate; printable ones as they are), counted in code points, not UTF-16 units.
        {"version": 1, "deal": 1, "moves": ["\xa0\u2028\u200b\x85\U000e0001\ud800x\\é'\"\U0001f600"]},
        {"version": 1, "deal": 1, "moves": ["\U0001f600"]},  # one character: too short for a card
        {"version": 1, "deal": 5, "moves": ["\ufeffKc"]},  # not whitespace in Python
        {"version": 1, "variant": "\U0001f600" * 20, "deal": 1},  # 20 characters: shown whole
        {"version": 1, "variant": "\U0001f600" * 30, "deal": 1},  # cut after 24
    ]
    return {
        "good": [
            {"record": r, "view": view(Game.from_record(r)), "dump": dump(Game.from_record(r))} for r in good
        ],
        "bad": [{"record": r, **refusal(partial(Game.from_record, r))} for r in bad],
    }


# Deals of the family's games that the plain search wins within FAMILY_NODES positions (found by
# trying deals from 0 on: docs/rules-decisions.md); Pyramid Thirteen has none that quick.
FAMILY_WINS = {
    "pyramid-dozen": 16,
    "tuts-tomb": 1,
    "apophis": 1,
    "cheops": 0,
    "triangle": 2,
    "eleven-triangle": 0,
    "pharaohs": 44,
}
FAMILY_NODES = 5000
FAMILY_STEPS = 30  # full views of games other than wins: a Pharaohs view has 52 cells
FAMILY_FIELDS = ("layout", "pile_size", "draw", "gather", "hidden", "pysol_id")


def family_section(seed: int = 51, per_game: int = 12) -> dict[str, Any]:
    """The family's games: per game its rules, the plain search's win (where FAMILY_WINS has one),
    a game through the passes (a random one without a stock), playouts, and moves refused (or
    played) in a few positions, among them every available card alone and paired and a face-down
    card."""
    rng = random.Random(seed)
    policies = [random_move, removal_first, draw_first, off_pyramid_first]
    games, playouts, illegal = [], [], []
    for v in GAMES:
        if v in FAMILY_WINS:
            number = FAMILY_WINS[v]
            line = [str(m) for m in plain_solve(Deal.from_number(v, number), node_limit=FAMILY_NODES).line]
            solved = lambda g, line=line: solved_playthrough(g, line, rng)  # noqa: E731
            games.append(game_entry(f"plain search win {number}", v, number, solved))
        name, policy, number = (
            ("draw first", draw_first, 3) if GAMES[v].has_stock else ("random", random_move, 2**53 + 7)
        )
        played = lambda g, p=policy: playthrough(g, p, rng, FAMILY_STEPS)  # noqa: E731
        games.append(game_entry(f"{name} {number}", v, number, played))
        for i in range(per_game):
            number = rng.randrange(2**31)
            game = Game(v, number=number)
            steps = []
            for action in playthrough(game, policies[i % len(policies)], rng):
                steps.append([action, " ".join(str(m) for m in game.legal_moves()), _end(game)])
            playouts.append({"variant": v, "deal": str(number), "steps": steps})
        for number in range(3):
            game = Game(v, number=number)
            for _ in playthrough(
                game, removal_first if number % 2 else draw_first, rng, rng.randrange(0, 30)
            ):
                pass
            illegal += [illegal_probe(game, text) for text in _probes(game, rng) + _family_probes(game)]
    return {"variants": family_rules(), "games": games, "playouts": playouts, "illegal": illegal}


def family_rules() -> dict[str, Any]:
    """The rules data of each game: the variants' fields, the game's own and its pairing."""
    return {
        v.id: {"name_en": v.name_en, **v.rules(), **{f: getattr(v, f) for f in FAMILY_FIELDS}}
        | {"pairing": dataclasses.asdict(v.pairing)}
        for v in GAMES.values()
    }


def _end(game: Game) -> str:
    return "won" if game.is_won else "stuck" if game.is_stuck else ""


def _family_probes(game: Game) -> list[str]:
    """Every available card alone, the first available ones paired, and a face-down card."""
    deal, state = game.deal, game.state
    cards = deal.available(state)
    legal = {str(m) for m in game.legal_moves()}
    probes = [card_text(c) for c in cards]
    probes += [f"{card_text(a)}+{card_text(b)}" for i, a in enumerate(cards[:5]) for b in cards[i + 1 : 5]]
    down = [p for p in range(deal.size) if deal.is_face_down(state, p)]
    probes += [card_text(deal.cards[p]) for p in down[:1]]
    return [p for p in probes if p not in legal]


def build(seed: int = 17, playouts_per_variant: int = 40) -> dict[str, Any]:
    rng = random.Random(seed)
    return {
        "about": "Generated by `python tools/corpus.py` from the Python engine; do not edit.",
        "variants": variants_section(),
        "cards": cards_section(),
        "deals": deals_section(rng),
        "games": games_section(rng),
        "playouts": playouts_section(rng, playouts_per_variant),
        "illegal": illegal_section(rng),
        "actions": actions_section(),
        "sources": sources_section(),
        "api": api_section(),
        "records": records_section(),
        "family": family_section(),
    }


def write(corpus: dict[str, Any], path: Path) -> None:
    """One line per entry of each section, so a change to the rules shows as a readable diff."""
    lines = ["{"]
    for i, (key, section) in enumerate(corpus.items()):
        comma = "," if i < len(corpus) - 1 else ""
        if isinstance(section, list):
            body = ",\n".join("  " + _compact(item) for item in section)
            lines.append(f'"{key}": [\n{body}\n]{comma}')
        else:
            lines.append(f'"{key}": {_compact(section)}{comma}')
    lines.append("}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _compact(value: object) -> str:
    """JSON in one line; a lone surrogate (hostile text) as its escape, UTF-8 has none."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return re.sub("[\ud800-\udfff]", lambda m: f"\\u{ord(m.group()):04x}", text)


# Replaying a corpus against the Python engine: the tests of this corpus and of the options corpus
# (tools/options_corpus.py) share these, each with its own hint how to regenerate.


def game_of(entry: dict) -> Game:
    """The game an entry starts from: its deal number or its deck."""
    if "deal" in entry:
        return Game(entry["variant"], number=int(entry["deal"]))
    return Game(entry["variant"], deck=entry["deck"])


def check_game(entry: dict, regenerate: str) -> None:
    """A game entry: the full view at the start and after every step."""
    game = game_of(entry)
    assert view(game) == entry["start"], regenerate
    for n, step in enumerate(entry["steps"], 1):
        act(game, step["do"])
        assert view(game) == step["view"], f"step {n} ({step['do']}); {regenerate}"


def check_playout(entry: dict, regenerate: str) -> None:
    """A playout: the legal moves and the end (won, stuck) after every step."""
    game = game_of(entry)
    for n, (action, moves, end) in enumerate(entry["steps"], 1):
        act(game, action)
        where = f"{entry['variant']} deal {entry['deal']} step {n} ({action}); {regenerate}"
        assert " ".join(str(m) for m in game.legal_moves()) == moves, where
        assert ("won" if game.is_won else "stuck" if game.is_stuck else "") == end, where


def check_illegal(probe: dict, regenerate: str) -> None:
    """An illegal-move probe: after its moves, the move is refused with the corpus's code."""
    game = game_of(probe)
    for move in probe["moves"]:
        game.play(move)
    where = f"{probe['variant']} {probe['moves']} then {probe['move']!r}; {regenerate}"
    assert illegal_probe(game, probe["move"]) == probe, where


def run_main(argv: list[str] | None, what: str, default: Path, build: Callable[[], dict[str, Any]]) -> int:
    """The command line of a corpus writer: build it, write it to --out, say its size."""
    parser = argparse.ArgumentParser(description=f"Write the conformance corpus of {what}.")
    parser.add_argument("--out", type=Path, default=default, help="where to write (default: %(default)s)")
    args = parser.parse_args(argv)
    corpus = build()
    write(corpus, args.out)
    sections = [corpus, corpus.get("family", {})]
    steps = sum(len(g["steps"]) for c in sections for g in c.get("games", []))
    steps += sum(len(p["steps"]) for c in sections for p in c.get("playouts", []))
    print(f"{args.out}: {args.out.stat().st_size // 1024} KiB, {steps} steps")
    return 0


def main(argv: list[str] | None = None) -> int:
    return run_main(argv, "the rules engine", CORPUS, build)


if __name__ == "__main__":
    raise SystemExit(main())
