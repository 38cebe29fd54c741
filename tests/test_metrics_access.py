"""The operator's answers on the game's port: /metrics limited for addresses other than this
machine (it costs several /healthz), and /metrics, /healthz, /readyz never cached."""

from fastapi.testclient import TestClient

from pyramid_solitaire import web
from pyramid_solitaire.web.metrics import SCRAPE_BURST


def test_metrics_from_elsewhere_are_limited_and_from_this_machine_not():
    app = web.create_app()
    app.state.metrics.scrapes.clock = lambda: 0.0  # no refill however slow the machine is
    elsewhere = TestClient(app, client=("203.0.113.9", 5000))
    codes = [elsewhere.get("/metrics").status_code for _ in range(int(SCRAPE_BURST) + 2)]
    assert codes == [200] * int(SCRAPE_BURST) + [429, 429], codes
    assert elsewhere.get("/metrics").headers["retry-after"] == "1"
    here = TestClient(app, client=("127.0.0.1", 5000))  # the recipes' scraper: the server's own address
    assert {here.get("/metrics").status_code for _ in range(int(SCRAPE_BURST) * 2)} == {200}


def test_the_operators_answers_are_never_cached():
    client = TestClient(web.create_app())
    for path in ("/metrics", "/healthz", "/readyz"):
        assert client.get(path).headers["cache-control"] == "no-store", path
