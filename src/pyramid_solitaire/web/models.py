"""The request bodies the API accepts: unknown fields are refused, texts have sane lengths, and
the game record is described field by field (GameRecord: what /openapi.json publishes and what
the server checks before the engine reads it)."""

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictInt, StrictStr, model_validator

from ..engine.game import MAX_RECORD_MOVES, RECORD_VERSION
from ..engine.variants import DEFAULT_VARIANT


class Body(BaseModel):
    """Every request body: unknown fields are refused, texts have sane lengths."""

    model_config = ConfigDict(extra="forbid")


class NewGame(Body):
    """The body of a new game: variant, deal or deck, winnable only, or the daily deal."""

    variant: str = Field(DEFAULT_VARIANT, max_length=80)  # an id and its options (variants.py)
    deal: Any = None  # a number or its digits, read by decks.parse_deal_number as everywhere
    deck: str | None = Field(None, max_length=1000)
    winnable_only: bool = False  # a random deal that the solver proves winnable
    daily: str | None = Field(None, max_length=10)  # the player's local date: that day's deal
    grade: str | None = Field(None, max_length=20)  # easy, medium, hard, expert: a deal of that grade


DealNumber = Annotated[StrictInt, Field(ge=0, le=2**64 - 1)]  # engine/decks.py parse_deal_number
Moves = Annotated[list[StrictStr], Field(max_length=MAX_RECORD_MOVES)]


class GameRecord(Body):
    """A game's record (Game.to_record): the deal, by number or as a deck string, and the moves
    played and undone. The engine still replays each move (Game.from_record): a record of the
    right shape can hold an illegal move, refused 400 with the engine's code."""

    model_config = ConfigDict(
        extra="forbid",
        # exactly one of deal or deck, as the engine asks (record_deal_or_deck)
        json_schema_extra={"oneOf": [{"required": ["deal"]}, {"required": ["deck"]}]},
    )

    # engine/game.py RECORD_VERSION, strictly: neither true nor 1.0 (a Literal would take both)
    version: StrictInt = Field(ge=RECORD_VERSION, le=RECORD_VERSION)
    variant: StrictStr = DEFAULT_VARIANT  # an id and its options (variants.py)
    deal: DealNumber | StrictStr | None = None  # a number, or its digits past 2**53
    deck: StrictStr | None = None  # 52 cards: RULES.md, "A deal as text"
    moves: Moves = []
    redo: Moves = []

    @model_validator(mode="after")
    def deal_or_deck(self) -> "GameRecord":
        """Exactly one of deal or deck, as the engine asks (its record_deal_or_deck)."""
        if ("deal" in self.model_fields_set) == ("deck" in self.model_fields_set):
            raise ValueError("a record has exactly one of deal or deck")
        return self

    def given(self) -> dict[str, Any]:
        """The record as sent (the fields given, as given): what Game.from_record reads."""
        return self.model_dump(exclude_unset=True)


# The routes take a record checked by GameRecord and read it as the dict the engine replays.
Record = Annotated[GameRecord, AfterValidator(GameRecord.given)]


class UndoRequest(Body):
    """The body of an undo: the game's record and how many moves to take back."""

    record: Record
    count: int = Field(1, ge=1, le=1000)  # undo this many moves at once (back to a winnable point)


class RecordOnly(Body):
    """A body holding only the game's record."""

    record: Record


class MoveRequest(Body):
    """The body of a move: the game's record and the move to play."""

    record: Record
    move: str = Field(max_length=40)
