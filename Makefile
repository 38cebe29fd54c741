# Every target bootstraps what it needs, so a fresh machine needs nothing but these commands.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run check test lint browser node proxies qemu axe wasm-tools wasm corpus mutants bench load clean dist postgres

install: $(STAMP)

# Reinstall when the project's dependencies or the solver's C kernel change (the install compiles it).
KERNEL_C := setup.py $(wildcard src/pyramid_solitaire/solver/_kernel.c src/pyramid_solitaire/solver/c/*.[ch])
$(STAMP): pyproject.toml $(KERNEL_C)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# Debian's Chromium for the browser tests; Playwright's own browser download cannot work offline.
browser:
	@command -v chromium >/dev/null 2>&1 || (apt-get update && apt-get install -y chromium)

# Node runs the page's rules (static/js/rules/) against the conformance corpus.
node:
	@command -v node >/dev/null 2>&1 || (apt-get update && apt-get install -y nodejs)

# Debian's nginx and Caddy: the tests validate the recipes in deploy/ with them (nginx -t, caddy
# validate; systemd-analyze verify comes with systemd).
proxies:
	@command -v nginx >/dev/null 2>&1 || command -v /usr/sbin/nginx >/dev/null 2>&1 || (apt-get update && apt-get install -y nginx)
	@command -v caddy >/dev/null 2>&1 || (apt-get update && apt-get install -y caddy)

# Debian's qemu-user: tests/test_dist.py runs the built kernel on a baseline x86-64 CPU (qemu64, no POPCNT).
qemu:
	@command -v qemu-x86_64 >/dev/null 2>&1 || (apt-get update && apt-get install -y qemu-user)

# Debian's PostgreSQL server binaries: the results store's tests start a throwaway cluster of their
# own with them (tests/support/postgres.py); nothing runs as a service.
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || (apt-get update && apt-get install -y postgresql)

# axe-core (npm, pinned in package.json and package-lock.json): the browser tests' accessibility checks.
AXE := node_modules/axe-core/axe.min.js
axe: node $(AXE)
$(AXE): package.json package-lock.json
	@command -v npm >/dev/null 2>&1 || (apt-get update && apt-get install -y npm)
	npm ci --no-audit --no-fund --loglevel=error
	touch $(AXE)

# clang and lld build the page's WebAssembly kernel from solver/c/ (tools/wasm.py); the tests
# rebuild it to check that the shipped static/js/solver/kernel.wasm is what the C builds to.
wasm-tools:
	@(command -v clang-14 && command -v wasm-ld-14) >/dev/null 2>&1 || (apt-get update && apt-get install -y clang-14 lld-14)

# Rebuild kernel.wasm (and kernel.json, its source's hash) after a change to the C kernel.
wasm: install wasm-tools
	$(BIN)/python tools/wasm.py

# The release files in dist/: an sdist and a manylinux wheel built from it (tools/dist.py), built
# twice to check that the build is reproducible (byte for byte the same).
dist: install
	$(BIN)/python tools/dist.py --twice

run: install
	$(BIN)/pyramid-solitaire serve --host 127.0.0.1 --port 8000

# The loop to run after each change (docs/testing.md): lint, the node tests, and every test that
# needs no browser and no long run; the tests marked `slow` (pyproject.toml) and tests/browser/
# are left to `make test`. Under 3 minutes of processor time on the 2-core machine (the clock
# depends on the load: docs/testing.md).
check: lint node
	node --test tests/js/
	$(BIN)/python -m pytest -q -m "not slow and not browser" --ignore=tests/browser

test: lint browser node proxies qemu postgres axe wasm-tools
	node --test tests/js/
	$(BIN)/python -m pytest

# Rewrite tests/golden/corpus.json from the Python engine (after a deliberate rule change).
corpus: install
	$(BIN)/python tools/corpus.py

# Mutation run over the rules engines (engine/ and static/js/rules/): the share of mutants the
# tests kill, per module, and every survivor (tools/mutants.py; slow, so not part of make test).
mutants: install node
	$(BIN)/python tools/mutants.py

# ruff (lint and format check) and mypy (strict on the engine modules, see pyproject.toml).
lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: install
	$(BIN)/python benchmarks/solver.py

# The server under hostile load: slow clients, then clients looping hints (Locust, the bench extra).
load: install
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/slow_clients.py --connections 1000 --seconds 30
	$(BIN)/python benchmarks/solver_abuse.py --abusers 10 --abuser-addresses 1 --seconds 60

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache src/pyramid_solitaire/solver/_kernel.*.so
