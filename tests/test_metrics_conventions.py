"""What an operator's tools expect of /metrics and the health checks: static files under their
route's label, a build-info metric, the process's own figures (one worker or several), and
HEAD /healthz for load balancers that probe with HEAD."""

import os
import platform
import subprocess
import sys

import pytest
from fastapi.testclient import TestClient

from pyramid_solitaire import __version__
from pyramid_solitaire.solver.version import SOLVER_VERSION
from pyramid_solitaire.web.application import create_app


def lines(client: TestClient, prefix: str) -> list[str]:
    return [line for line in client.get("/metrics").text.splitlines() if line.startswith(prefix)]


def test_static_files_count_under_their_route_not_unmatched():
    client = TestClient(create_app())
    assert client.get("/static/css/style.css").status_code == 200
    assert client.get("/static/no-such-file.css").status_code == 404
    assert client.get("/no-such-page").status_code == 404
    counted = lines(client, "pyramid_solitaire_requests_total")
    assert 'pyramid_solitaire_requests_total{route="/static",status="200"} 1.0' in counted
    assert 'pyramid_solitaire_requests_total{route="/static",status="404"} 1.0' in counted
    assert 'pyramid_solitaire_requests_total{route="unmatched",status="404"} 1.0' in counted  # no route


def test_a_body_refused_before_routing_counts_under_its_route():
    """BodyLimit answers 413 before the app routes it, so the label comes from matching the path
    against the routes, each router's included (routes/)."""
    client = TestClient(create_app())
    assert (
        client.post(
            "/api/hint", content=b"x" * 70_000, headers={"content-type": "application/json"}
        ).status_code
        == 413
    )
    counted = lines(client, "pyramid_solitaire_requests_total")
    assert 'pyramid_solitaire_requests_total{route="/api/hint",status="413"} 1.0' in counted


# prometheus-client picks its multiprocess values when imported: serve's workers import it with
# PROMETHEUS_MULTIPROC_DIR set, so the several-workers case runs in a fresh interpreter.
SHOW = """
from fastapi.testclient import TestClient
from pyramid_solitaire.web.application import create_app
print(TestClient(create_app()).get("/metrics").text)
"""


@pytest.mark.slow  # a fresh interpreter each
@pytest.mark.parametrize("workers", ["one", "several"])
def test_build_info_and_process_metrics(workers, tmp_path):
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)} if workers == "several" else None
    if env is None:
        env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    shown = subprocess.run([sys.executable, "-c", SHOW], env=env, capture_output=True, text=True, timeout=120)
    assert shown.returncode == 0, shown.stderr
    figures = shown.stdout.splitlines()
    labels = f'python="{platform.python_version()}",solver_version="{SOLVER_VERSION}",version="{__version__}"'
    assert [line for line in figures if line.startswith("pyramid_solitaire_build_info")] == [
        f"pyramid_solitaire_build_info{{{labels}}} 1.0"
    ]
    assert any(line.startswith("process_cpu_seconds_total ") for line in figures)
    assert any(line.startswith("process_resident_memory_bytes ") for line in figures)
    assert (workers == "several") == any(tmp_path.iterdir())  # the workers' files were written


def test_head_healthz_is_200_and_readyz_answers_head_too():
    app = create_app()
    client = TestClient(app)
    alive = client.head("/healthz")
    assert alive.status_code == 200 and alive.content == b""
    assert client.head("/readyz").status_code == 503  # not started: the solver is not loaded
    app.state.solver.loaded.set()
    assert client.head("/readyz").status_code == 200
