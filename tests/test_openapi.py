"""/openapi.json tells the truth: every route's answer and every refusal it sends, in the refusal's
shape {error, code, params}. Schemathesis (pinned in pyproject.toml) sends each route requests made
from the description, good and bad, and checks every answer's status, type and body against it."""

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from pyramid_solitaire.web.application import create_app
from pyramid_solitaire.web.settings import Settings

# A small solver budget and no rate limit to wait out: a refusal 429 is still checked below.
app = create_app(Settings(hint_seconds=0.05, solver_burst=1000, solver_per_second=1000))
schema = schemathesis.openapi.from_asgi("/openapi.json", app)


@pytest.mark.slow  # 25 requests per route: about a minute under load
@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_answer_is_what_the_description_says(case):
    # A body of the right shape can still name no game (a deck of 0 cards): refused with 400,
    # which is described, so the check that every such body is accepted does not apply here.
    case.call_and_validate(excluded_checks=[positive_data_acceptance])


def test_the_hint_route_lists_its_refusals_with_their_shape():
    described = app.openapi()
    responses = described["paths"]["/api/hint"]["post"]["responses"]
    assert {"200", "400", "413", "422", "429", "503"} <= set(responses)
    for status in ("400", "413", "422", "429", "503"):
        assert responses[status]["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/Refusal"
        }
    assert "Retry-After" in responses["429"]["headers"]
    refusal = described["components"]["schemas"]["Refusal"]
    assert set(refusal["required"]) == {"error", "code", "params"}
    assert "409" in described["paths"]["/api/move"]["post"]["responses"]
    assert "HTTPValidationError" not in described["components"]["schemas"]  # FastAPI's own 422 shape


@pytest.mark.parametrize(
    "path, body, status",
    [
        ("/api/move", {"record": {}, "move": "Kc"}, 400),
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
