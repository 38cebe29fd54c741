"""Two bugs mypy must catch in a user's script once the package ships its types (issue 29)."""

from pyramid_solitaire.engine.deal import Deal
from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.solver import solve

game = Game("pyramid", number=1)
if game.is_won():  # is_won is a property, not a method
    pass
result = solve(Deal.from_number("pyramid", 1))
print(result.steps + 1)  # steps is None unless winnable
