"""The request bodies the API accepts: unknown fields are refused, texts have sane lengths."""

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

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


class UndoRequest(Body):
    """The body of an undo: the game's record and how many moves to take back."""

    record: dict[str, Any]
    count: int = Field(1, ge=1, le=1000)  # undo this many moves at once (back to a winnable point)


class RecordOnly(Body):
    """A body holding only the game's record."""

    record: dict[str, Any]


class MoveRequest(Body):
    """The body of a move: the game's record and the move to play."""

    record: dict[str, Any]
    move: str = Field(max_length=40)
