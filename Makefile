# Two commands do everything on a fresh machine: `make serve` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8000
BIND ?= 127.0.0.1:$(PORT)
PYTEST_ARGS ?=

.PHONY: serve stack test lint bench soak audit clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The stamp files re-install when pyproject.toml or the constraints change.
$(VENV)/.installed: $(BIN)/python pyproject.toml constraints.txt
	$(BIN)/python -m pip install --quiet -c constraints.txt -e .
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[test]'
	touch $@

serve: $(VENV)/.installed
	BIND=$(BIND) $(BIN)/python -m service

# The production stack: Debian's nginx in front of gunicorn (deploy/stack.py), public on
# PORT, metrics and probes on OPS_PORT (default PORT + 1). Needs nginx (apt-get install nginx).
stack: $(VENV)/.installed
	PORT=$(PORT) $(BIN)/python deploy/stack.py

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/mypy --strict rules service muggins
	$(BIN)/hadolint Dockerfile

test: lint
	$(BIN)/python -m pytest -n 2 $(PYTEST_ARGS)

# Figures, not tests: each script prints what it measured and the command that ran it.
# The peer scorer is installed here only, never as a project dependency.
bench: $(VENV)/.installed-test
	$(BIN)/python -m pip install --quiet cribbage-scorer
	$(BIN)/python bench/hands.py
	$(BIN)/python bench/enumerate.py
	$(BIN)/python bench/pegging.py
	$(BIN)/python bench/discards.py
	$(BIN)/python bench/review.py
	$(BIN)/python bench/service.py

# Reliability figures: a mixed-load soak, then faults under load (loopback, bounded).
soak: $(VENV)/.installed-test
	$(BIN)/python bench/soak.py
	$(BIN)/python bench/faults.py

# Known vulnerabilities in the pinned dependencies. --strict: a package that cannot be
# audited fails the run instead of passing unexamined.
audit: $(VENV)/.installed-test
	$(BIN)/python -m pip install --quiet -c constraints.txt pip-audit
	$(BIN)/pip-audit --strict -r constraints.txt

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
