"""A game: a deal plus the moves played, with undo and redo, and its JSON record.

The rules of starting a game live here for every front end (web, command line, the page's twin
in static/js/rules/game.js): a game is dealt from one source at most (`one_deal_source`), and
from a random deal number (decks.random_deal) when none is given."""

import json
from typing import Any

from .deal import START, Deal, IllegalMove, Move, State
from .decks import DeckError, parse_deal_number, random_deal
from .errors import Refusal, cut
from .variants import DEFAULT_VARIANT, UnknownVariant, Variant, get_variant

RECORD_VERSION = 1
RECORD_FIELDS = {"version", "variant", "deal", "deck", "moves", "redo"}
MAX_RECORD_MOVES = 1000  # a real game has at most a few hundred moves
SHOWN_FIELDS = 5  # unknown field names echoed in a refusal, each cut short


class RecordError(Refusal):
    """A game record that cannot be loaded; the message says which part is wrong."""


def one_deal_source(given: list[str]) -> None:
    """The one-deal-source rule of every front end: `given` names the deal sources a player
    asked for (a deal number, a deck string, or a front end's own: a day, winnable only, --random);
    more than one is refused, naming them. None at all means a random deal."""
    if len(given) > 1:
        raise DeckError("deal_source", given=given)


class Game:
    """A deal being played. `moves` led from the start to `state`; `redo_moves` were undone,
    the next one to redo first. Undo restores the exact earlier state (kept on a stack):
    `states` holds every position of the game, the start first.

    >>> game = Game("pyramid", number=1)
    >>> game.play("Kc")
    Move('Kc')
    >>> game
    Game('pyramid', number=1, moves='Kc')
    >>> game.is_won, len(game.states)
    (False, 2)
    """

    def __init__(
        self, variant: str | Variant = DEFAULT_VARIANT, number: int | None = None, deck: str | None = None
    ) -> None:
        """Deal `number`, the deck string `deck`, or a random deal when neither is given."""
        if isinstance(variant, str):
            variant = get_variant(variant)
        one_deal_source([name for name, given in (("deal", number), ("deck", deck)) if given is not None])
        if deck is not None:
            self.deal = Deal.from_deck(variant, deck)
        else:
            self.deal = Deal.from_number(variant, random_deal() if number is None else number)
        self.states: list[State] = [START]
        self.moves: list[Move] = []
        self.redo_moves: list[Move] = []

    def __repr__(self) -> str:
        source = f"number={self.deal.number}" if self.deal.number is not None else "deck=..."
        line = self.deal.format_line(self.moves)
        redo = f", redo={self.deal.format_line(self.redo_moves)!r}" if self.redo_moves else ""
        return f"Game({self.variant.text!r}, {source}, moves={line!r}{redo})"

    @property
    def variant(self) -> Variant:
        """The rules this game is played by."""
        return self.deal.variant

    @property
    def state(self) -> State:
        """The current position."""
        return self.states[-1]

    # --- questions about the current position ----------------------------------------------

    def available(self) -> list[int]:
        """The cards available now, in deck order."""
        return self.deal.available(self.state)

    def legal_moves(self) -> list[Move]:
        """The moves that can be played now (Deal.legal_moves)."""
        return self.deal.legal_moves(self.state)

    @property
    def is_won(self) -> bool:
        """Whether the goal is reached: the pyramid cleared (all 52 cards gone with win=all)."""
        return self.deal.is_won(self.state)

    @property
    def is_stuck(self) -> bool:
        """Whether the game is lost: not won and no move left."""
        return self.deal.is_stuck(self.state)

    @property
    def passes_left(self) -> int | None:
        """Passes through the stock still to come, the current one included."""
        return self.deal.passes_left(self.state)

    # --- playing ----------------------------------------------------------------------------

    def move(self, move: Move | str) -> Move:
        """The move as a value in deck order; text is parsed."""
        return self.deal.parse_move(move) if isinstance(move, str) else self.deal.normalize(move)

    def play(self, move: Move | str) -> Move:
        """Play a legal move (a new move drops the redo path); IllegalMove says why not."""
        move = self.move(move)
        self.states.append(self.deal.apply(self.state, move))
        self.moves.append(move)
        if self.redo_moves and self.redo_moves[0] == move:
            self.redo_moves.pop(0)  # replaying the undone move keeps the rest of the redo path
        else:
            self.redo_moves.clear()
        return move

    def undo(self, count: int = 1) -> Move:
        """Take back the last `count` moves (each stays on the redo path, so redo plays them
        again); returns the first of them, the move redo plays next."""
        if count < 1:
            raise ValueError(f"undo count must be 1 or more, not {count}")
        if count > 1 and count > len(self.moves):
            raise IllegalMove("undo_too_many", count=count, played=len(self.moves))
        if not self.moves:
            raise IllegalMove("nothing_to_undo")
        del self.states[-count:]
        self.redo_moves[:0] = self.moves[-count:]
        del self.moves[-count:]
        return self.redo_moves[0]

    def redo(self) -> Move:
        """Play the last undone move again; returns it."""
        if not self.redo_moves:
            raise IllegalMove("nothing_to_redo")
        return self.play(self.redo_moves[0])

    def restart(self) -> None:
        """Back to the start of the same deal (play again)."""
        del self.states[1:]
        self.moves.clear()
        self.redo_moves.clear()

    # --- record -----------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """The game as its JSON record (version, variant, deal or deck, moves, redo)."""
        record: dict[str, Any] = {"version": RECORD_VERSION, "variant": self.variant.text}
        if self.deal.number is not None:
            record["deal"] = self.deal.number
        else:
            record["deck"] = self.deal.deck_string()
        record["moves"] = [str(m) for m in self.moves]
        record["redo"] = [str(m) for m in self.redo_moves]
        return record

    def to_json(self) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_record())

    @classmethod
    def from_record(cls, record: object) -> "Game":
        """Load a record, replaying every move; refuse it whole with a message if any part is bad."""
        if not isinstance(record, dict):
            raise RecordError("record_not_object", type=type(record).__name__)
        unknown = sorted(set(map(str, record)) - RECORD_FIELDS)
        if unknown:
            shown = [cut(name) for name in unknown[:SHOWN_FIELDS]] + ["..."] * (len(unknown) > SHOWN_FIELDS)
            raise RecordError("record_unknown_fields", fields=shown)
        version = record.get("version")
        if type(version) is not int or version != RECORD_VERSION:  # True and 1.0 are not versions
            raise RecordError("record_version", expected=RECORD_VERSION, version=cut(version))
        variant = record.get("variant", DEFAULT_VARIANT)
        if not isinstance(variant, str):
            raise RecordError("record_variant_type")
        if ("deal" in record) == ("deck" in record):
            raise RecordError("record_deal_or_deck")
        if "deck" in record and not isinstance(record["deck"], str):
            raise RecordError("record_deck_type")
        try:
            if "deal" in record:
                game = cls(variant, number=parse_deal_number(record["deal"]))
            else:
                game = cls(variant, deck=record["deck"])
        except (DeckError, UnknownVariant) as err:
            raise RecordError("record_deal", reason=err.as_reason()) from None
        moves = _move_list(record, "moves")
        redo = _move_list(record, "redo")
        for i, text in enumerate(moves + redo, 1):
            try:
                game.play(text)
            except Refusal as err:
                field, n = ("moves", i) if i <= len(moves) else ("redo", i - len(moves))
                reason = err.as_reason()
                raise RecordError("record_move", field=field, n=n, move=cut(text), reason=reason) from None
        for _ in redo:
            game.undo()
        return game

    @classmethod
    def from_json(cls, text: str) -> "Game":
        """Load a record from JSON text (Game.from_record)."""
        try:
            record = json.loads(text)
        except json.JSONDecodeError as err:
            raise RecordError("record_json", line=err.lineno, column=err.colno) from None
        return cls.from_record(record)


def _move_list(record: dict[str, Any], field: str) -> list[str]:
    moves = record.get(field, [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError("record_moves_type", field=field)
    if len(moves) > MAX_RECORD_MOVES:
        raise RecordError("record_moves_many", field=field, count=len(moves), limit=MAX_RECORD_MOVES)
    return moves
