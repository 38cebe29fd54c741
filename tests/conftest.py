"""Fixtures shared by the test modules (tests/support is on the import path: helpers, browser_helpers)."""

import os
import tempfile

import pytest
from fastapi.testclient import TestClient

from pyramid_solitaire import web
from pyramid_solitaire.web.application import create_app
from pyramid_solitaire.web.settings import Settings


@pytest.fixture(autouse=True)
def full_solver_buckets():
    """Every test starts with full solver buckets in the shared app (web.app), so a module that asks
    many hints through one test client is not rate limited by the tests before it. Test modules
    that build their own app (create_app(settings)) ask for the buckets they need."""
    if "app" in vars(web):
        web.app.state.solver_buckets.reset()
    yield


def pytest_configure(config):
    """Players' results posted by any test (the OpenAPI run's included) go to a throwaway SQLite
    file, never the user's data folder (tests/test_results.py gives each test its own)."""
    folder = tempfile.mkdtemp(prefix="pyramid-results-")
    os.environ.setdefault("PYRAMID_SOLITAIRE_DATABASE", f"sqlite:///{folder}/results.sqlite")


@pytest.fixture
def url(tmp_path):
    """A new, empty results store on SQLite (tests/test_results_postgres.py has one of each kind)."""
    return f"sqlite:///{tmp_path / 'results.sqlite'}"


@pytest.fixture
def client(url):
    """A test client of an app keeping results in `url`; the test runs the rating periods itself."""
    app = create_app(Settings(database=url))
    app.state.results.schedule = False
    with TestClient(app) as test_client:
        yield test_client
