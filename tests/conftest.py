"""Fixtures shared by the test modules (tests/support is on the import path: helpers, browser_helpers)."""

import pytest

from pyramid_solitaire.web.fairness import solver_buckets


@pytest.fixture
def patient_hints(monkeypatch):
    """Hints, reviews and ways get ample time: what is tested is the answer, not the speed of a loaded machine
    (the out-of-time fallback has tests of its own). Use with pytest.mark.usefixtures."""
    from pyramid_solitaire.web import solving

    monkeypatch.setattr(solving, "HINT_SECONDS", 30)
    monkeypatch.setattr(solving, "REVIEW_SECONDS", 60)
    monkeypatch.setattr(solving, "WAY_SECONDS", 30)


@pytest.fixture(autouse=True)
def full_solver_buckets():
    """Every test starts with full solver buckets, so a module that asks many hints through one
    test client is not rate limited by the tests before it."""
    solver_buckets.reset()
    yield
