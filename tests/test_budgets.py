"""The solver's budgets in one table (solver/budgets.py): what each server request pays in solver
tokens, charged in one place (fairness.charge), and the defaults that the server's settings, the
solver's functions and the command line take from that table."""

import inspect
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from pyramid_solitaire import cli
from pyramid_solitaire.engine.game import Game
from pyramid_solitaire.solver import budgets, hints, review
from pyramid_solitaire.web.application import create_app
from pyramid_solitaire.web.fairness import TokenBuckets
from pyramid_solitaire.web.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
RECORD = {"record": Game("pyramid", number=1).to_record()}


def empty_bucket_client() -> TestClient:
    """An app whose buckets are empty and stand still (no refill between two requests): a request
    that pays is refused with the wait its cost needs at one token a second, and one that pays
    nothing is answered."""
    app = create_app()
    app.state.solver_buckets = TokenBuckets(burst=0.0, per_second=1.0, clock=lambda: 0.0)
    return TestClient(app)


# Each request's cost, written out: a token is half a second of the default search.
@pytest.mark.parametrize(
    "path, body, tokens",
    [
        ("/api/hint", RECORD, 1),
        ("/api/review", RECORD, 4),
        ("/api/way", RECORD, 2),
        ("/api/new", {"winnable_only": True}, 4),
    ],
)
def test_each_solver_request_pays_its_searchs_tokens(path, body, tokens):
    answer = empty_bucket_client().post(path, json=body)
    assert answer.status_code == 429 and answer.json()["code"] == "rate_limited"
    assert answer.headers["retry-after"] == str(tokens)


@pytest.mark.parametrize(
    "path, body",
    [
        ("/api/new", {}),
        ("/api/new", {"deal": 7}),
        ("/api/state", RECORD),
        ("/api/move", {**RECORD, "move": "Kc"}),
    ],
)
def test_requests_the_solver_never_sees_pay_nothing(path, body):
    assert empty_bucket_client().post(path, json=body).status_code == 200


def test_the_table_gives_every_default():
    defaults = Settings()
    assert (defaults.hint_seconds, defaults.review_seconds) == (budgets.HINT.seconds, budgets.REVIEW.seconds)
    assert (defaults.way_seconds, defaults.winnable_seconds) == (
        budgets.WAY.seconds,
        budgets.WINNABLE_DEAL.seconds,
    )
    assert (defaults.solver_burst, defaults.solver_per_second) == (
        budgets.BURST_TOKENS,
        budgets.TOKENS_PER_SECOND,
    )
    limit = lambda function: inspect.signature(function).parameters["time_limit"].default  # noqa: E731
    assert limit(hints.hint) == limit(hints.advice) == budgets.HINT.seconds
    assert limit(hints.winnable_deal) == budgets.WINNABLE_DEAL.seconds
    assert limit(review.review) == budgets.REVIEW.seconds
    parsed = {name: cli.build_parser(name).parse_args([name, "game.json"]) for name in ("hint", "review")}
    assert parsed["hint"].time_limit == budgets.COMMAND_HINT_SECONDS
    assert parsed["review"].time_limit == budgets.COMMAND_REVIEW_SECONDS


def test_the_command_lines_budgets_are_what_the_docs_say(capsys):
    """Literals, not the constants again: docs/solver.md's 10 s review, `review --help`'s default
    and play's 2 s hint (the table once set the review's constant twice, the second 3.0)."""
    command_line = budgets.COMMAND_HINT_SECONDS, budgets.COMMAND_REVIEW_SECONDS, budgets.PLAY_HINT_SECONDS
    assert command_line == (0.5, 10.0, 2.0)
    assert "`--time-limit`, default 10 s, on the command line" in (ROOT / "docs" / "solver.md").read_text()
    with pytest.raises(SystemExit):
        cli.build_parser("review").parse_args(["review", "--help"])
    shown = " ".join(capsys.readouterr().out.split())  # argparse wraps the help to the terminal
    assert "seconds for the whole review (default 10)" in shown
