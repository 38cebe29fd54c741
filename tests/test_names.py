"""Names and values that explain themselves (issue 23): reprs that show the game, StrEnums whose
JSON is plain text, variants built with keywords, and no two unrelated things of one name."""

import ast
import json
from pathlib import Path

import pytest

from pyramid_solitaire.engine.deal import DRAW, RECYCLE, START, Deal, Move, MoveKind, State
from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.engine.variants import GAMES, NAMED, PUBLIC_FIELDS, RULE_FIELDS, VARIANTS, Variant
from pyramid_solitaire.solver.hints import HintVerdict, hint
from pyramid_solitaire.solver.review import Mark, review
from pyramid_solitaire.solver.search import Solution, Verdict, solve

ROOT = Path(__file__).resolve().parents[1]


def test_a_move_prints_as_its_notation():
    game = Game("pyramid", number=1)
    assert repr(game.play("Kc")) == "Move('Kc')"
    assert repr(game.move("8s+5h")) == "Move('5h+8s')"  # in deck order, as notation writes it
    assert repr(DRAW) == "Move('draw')" and repr(RECYCLE) == "Move('recycle')"
    assert f"{[DRAW, game.moves[0]]}" == "[Move('draw'), Move('Kc')]"  # a failing assert shows cards


def test_positions_deals_games_and_solutions_show_what_they_are():
    assert repr(START) == "State(removed=0x0 (0 cards gone), drawn=0, recycles=0)"
    assert repr(State(removed=0b11, drawn=1)) == "State(removed=0x3 (2 cards gone), drawn=1, recycles=0)"
    assert repr(Deal.from_number("giza", 7)) == "Deal.from_number('giza', 7)"
    deck = Deal.from_number("pyramid", 1).deck_string()
    assert repr(Deal.from_deck("classic", deck)) == f"Deal.from_deck('classic', {deck!r})"
    game = Game("pyramid", number=1)
    game.play("Kc")
    game.play("Kh")
    game.undo()
    assert repr(game) == "Game('pyramid', number=1, moves='Kc', redo='Kh')"
    lost = Solution(Verdict.UNWINNABLE, searched=18, seconds=0.0008)
    assert repr(lost) == "Solution('unwinnable', searched=18, seconds=0.0008)"
    won = Solution(Verdict.WINNABLE, (Move(MoveKind.KING, (12,)), DRAW), searched=5, shortest=True)
    assert repr(won) == "Solution('winnable', 'Kc draw', steps=2, shortest, searched=5, seconds=0.0000)"


def test_kinds_verdicts_and_marks_are_string_enums_with_unchanged_json():
    assert [str(k) for k in MoveKind] == ["pair", "king", "draw", "recycle"]
    assert DRAW.kind is MoveKind.DRAW and DRAW.kind == "draw"
    assert json.dumps([MoveKind.PAIR, Verdict.UNKNOWN, Mark.LOSING, HintVerdict.WON]) == (
        '["pair", "unknown", "losing", "won"]'
    )
    with pytest.raises(AttributeError):
        Verdict.WINABLE  # noqa: B018  (a typo is an error now, not a silent False)
    game = Game("pyramid", number=1)
    game.play("Kc")
    assert type(solve(game.deal).verdict) is Verdict
    assert type(hint(game, time_limit=5).verdict) is HintVerdict
    assert type(review(game, time_limit=5).mark(1)) is Mark


def test_variants_are_built_with_keywords_and_list_their_public_fields_once():
    pyramid = VARIANTS["pyramid"]
    with pytest.raises(TypeError):
        Variant("x", "x", "x", 1, 1, 0, False, "x", "x")  # type: ignore[misc]
    assert set(RULE_FIELDS) <= set(PUBLIC_FIELDS)
    assert list(pyramid.to_dict()) == list(PUBLIC_FIELDS)
    assert pyramid.rules() == {
        "passes": 3,
        "wastes": 1,
        "piles": 0,
        "open_stock": False,
        "has_stock": True,
        "recycles": 2,
    }


def test_the_api_serves_the_variants_public_fields():
    from fastapi.testclient import TestClient

    from pyramid_solitaire.web import create_app

    served = TestClient(create_app()).get("/api/variants").json()["variants"]
    assert served == [v.to_dict() for v in (*VARIANTS.values(), *NAMED.values(), *GAMES.values())]


def test_a_deal_takes_a_variant_id_or_refuses_at_the_call():
    assert Deal.from_number("pyramid", 1).cards == Deal.from_number(VARIANTS["pyramid"], 1).cards
    assert Deal.from_number("giza", 1).variant is VARIANTS["giza"]
    with pytest.raises(ValueError, match="unknown variant 'pyramids'"):
        Deal.from_number("pyramids", 1)
    with pytest.raises(TypeError, match="a variant is a Variant or its id"):
        Deal.from_number(3, 1)  # type: ignore[arg-type]


def test_no_two_unrelated_things_share_a_name():
    from pyramid_solitaire.research import winrates
    from pyramid_solitaire.solver.review import Review, Split

    assert not hasattr(winrates, "Tally")  # web/connections.py's Tally counts log lines
    assert "states" not in Solution.__dataclass_fields__  # a count: `searched`; Game.states are positions
    assert "won" not in Split.__dataclass_fields__ and "won" in Review.__dataclass_fields__


def top_level_names(tree: ast.Module) -> list[str]:
    """The names a module's own statements bind at the top: assignments, defs and classes (not
    those under an `if` or a `try`, where two branches may bind one name on purpose)."""
    names = []
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets = [e for t in node.targets for e in (t.elts if isinstance(t, ast.Tuple) else [t])]
            names += [t.id for t in targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.append(node.name)
    return names


def test_no_module_binds_a_top_level_name_twice():
    """A second `NAME = ...` silently wins over the first (solver/budgets.py once set
    COMMAND_REVIEW_SECONDS to 10.0, then to 3.0 under a comment meant for another name)."""
    twice = []
    for path in sorted((ROOT / "src").rglob("*.py")):
        names = top_level_names(ast.parse(path.read_text(encoding="utf-8")))
        twice += [f"{path.relative_to(ROOT)}: {n}" for n in sorted(set(names)) if names.count(n) > 1]
    assert twice == []
    assert top_level_names(ast.parse("A = 1\nB, A = 2, 3\ndef f(): pass")).count("A") == 2  # it sees one
