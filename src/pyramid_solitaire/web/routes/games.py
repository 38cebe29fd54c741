"""One step of a game: the page sends the record, the engine plays the step, the answer is the new
record and its view (the server keeps no game)."""

from typing import Any

from fastapi import APIRouter

from ...engine.game import Game
from ...engine.view import answer
from .. import answers
from ..models import MoveRequest, RecordOnly, UndoRequest

router = APIRouter()


@router.post("/api/state", **answers.GAME)
def state(body: RecordOnly) -> dict[str, Any]:
    """The game of the record as it stands."""
    return answer(Game.from_record(body.record))


@router.post("/api/move", **answers.MOVE)
def move(body: MoveRequest) -> dict[str, Any]:
    """The game after one move (409: the position refuses it)."""
    game = Game.from_record(body.record)
    played = game.play(body.move)
    return answer(game, played=str(played))


@router.post("/api/undo", **answers.UNDO)
def undo(body: UndoRequest) -> dict[str, Any]:
    """The game with `count` moves taken back, and the moves undone."""
    game = Game.from_record(body.record)
    game.undo(body.count)  # the undone moves lead the redo path, in the order played
    return answer(game, undone=" ".join(str(m) for m in game.redo_moves[: body.count]))


@router.post("/api/redo", **answers.REDO)
def redo(body: RecordOnly) -> dict[str, Any]:
    """The game with the last undone move played again (409: nothing to redo)."""
    game = Game.from_record(body.record)
    return answer(game, redone=str(game.redo()))


@router.post("/api/restart", **answers.GAME)
def restart(body: RecordOnly) -> dict[str, Any]:
    """The same deal from its start, no move played (play again)."""
    game = Game.from_record(body.record)
    game.restart()
    return answer(game)
