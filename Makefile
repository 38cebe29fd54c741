# Every target bootstraps what it needs, so a fresh machine needs nothing but these commands.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test lint browser bench clean

install: $(STAMP)

# Reinstall only when the project's dependencies change.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# Debian's Chromium for the browser tests; Playwright's own browser download cannot work offline.
browser:
	@command -v chromium >/dev/null 2>&1 || (apt-get update && apt-get install -y chromium)

run: install
	$(BIN)/pyramid-solitaire serve --host 127.0.0.1 --port 8000

test: lint browser
	$(BIN)/python -m pytest

# ruff (lint and format check) and mypy (strict on the engine modules, see pyproject.toml).
lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: install
	$(BIN)/python benchmarks/solver.py

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache
