"""/openapi.json tells the truth: every route's answer and every refusal it sends, in the refusal's
shape {error, code, params} with the codes that route gives, and the game record field by field.
Schemathesis (pinned in pyproject.toml) sends each route requests made from the description, good
and bad, and checks every answer's status, type and body against it, every check on."""

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from pyramid_solitaire.web.application import create_app
from pyramid_solitaire.web.settings import Settings

# A small solver budget and no rate limit to wait out: a refusal 429 is still checked below.
app = create_app(Settings(hint_seconds=0.05, solver_burst=1000, solver_per_second=1000))
# A record of the right shape can still hold a move the engine cannot read or play, or a deal
# number past 2**64: 400 (and 409) are what such a well-formed body gets, described per route.
# A body made to break a maxItems can also pass the 64 KiB body limit: 413 is a rejection too.
CONFIG = SchemathesisConfig.from_str(
    '[checks.positive_data_acceptance]\nexpected-statuses = ["2xx", "400", "409", "429"]\n'
    "[checks.negative_data_rejection]\n"
    'expected-statuses = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422",'
    ' "428", "429", "5xx"]\n'
)
schema = schemathesis.openapi.from_asgi("/openapi.json", app, config=CONFIG)


@pytest.mark.slow  # 25 requests per route: about a minute under load
@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_answer_is_what_the_description_says(case):
    case.call_and_validate()


def test_the_record_is_published_as_the_server_checks_it():
    """`{"record": {}}` no longer fits the schema: it is refused 400 record_version (the engine's
    code), as are the other records of the wrong shape; a list is still the body's 422."""
    record = app.openapi()["components"]["schemas"]["GameRecord"]
    assert record["required"] == ["version"] and record["additionalProperties"] is False
    assert record["oneOf"] == [{"required": ["deal"]}, {"required": ["deck"]}]
    assert record["properties"]["moves"]["items"] == {"type": "string"}
    client = TestClient(app)
    for body, code in [
        ({}, "record_version"),
        ({"version": True, "deal": 1}, "record_version"),
        ({"version": 1}, "record_deal_or_deck"),
        ({"version": 1, "deal": 1, "moves": "draw"}, "record_moves_type"),
        ({"version": 1, "deal": 1, "colour": "red"}, "record_unknown_fields"),
    ]:
        answer = client.post("/api/state", json={"record": body})
        assert (answer.status_code, answer.json()["code"]) == (400, code), body


def test_the_hint_route_lists_its_refusals_with_their_shape():
    described = app.openapi()
    responses = described["paths"]["/api/hint"]["post"]["responses"]
    assert {"200", "400", "413", "422", "429", "503"} <= set(responses)
    schemas = described["components"]["schemas"]

    def codes(path: str, status: str) -> set[str]:
        """The codes a route says a refusal of `status` carries (one code: a const)."""
        ref = described["paths"][path]["post"]["responses"][status]["content"]["application/json"]["schema"]
        code = schemas[ref["$ref"].rpartition("/")[2]]["properties"]["code"]
        return set(code.get("enum", [code.get("const")]))

    for status in ("400", "413", "422", "429", "503"):
        ref = responses[status]["content"]["application/json"]["schema"]["$ref"]
        assert set(schemas[ref.rpartition("/")[2]]["required"]) == {"error", "code", "params"}
    assert codes("/api/hint", "413") == {"body_too_large"} and codes("/api/hint", "429") == {"rate_limited"}
    assert "Retry-After" in responses["429"]["headers"]
    assert "record_version" in codes("/api/hint", "400") and "move_syntax" not in codes("/api/hint", "400")
    assert "move_syntax" in codes("/api/move", "400") and "not_thirteen" in codes("/api/move", "409")
    assert codes("/api/undo", "409") == {"nothing_to_undo", "undo_too_many"}
    assert "HTTPValidationError" not in described["components"]["schemas"]  # FastAPI's own 422 shape


@pytest.mark.parametrize(
    "path, body, status",
    [
        ("/api/move", {"record": {}, "move": "Kc"}, 400),  # record_version, now that the schema says so
        ("/api/move", {"record": None, "move": "Kc"}, 422),
        ("/api/hint", {"record": {"x": "y" * 70000}}, 413),
    ],
)
def test_the_refusals_sent_are_the_described_ones(path, body, status):
    client = TestClient(app)
    answer = client.post(path, json=body)
    assert answer.status_code == status
    assert set(answer.json()) == {"error", "code", "params"}
    assert str(status) in app.openapi()["paths"][path]["post"]["responses"]


def test_a_spent_budget_is_a_described_429():
    tight = create_app(Settings(solver_burst=1, solver_per_second=0.001))
    client = TestClient(tight)
    record = client.post("/api/new", json={"deal": 1}).json()["record"]
    answers = [client.post("/api/hint", json={"record": record}) for _ in range(3)]
    refused = answers[-1]
    assert refused.status_code == 429 and refused.headers["retry-after"]
    assert set(refused.json()) == {"error", "code", "params"}
