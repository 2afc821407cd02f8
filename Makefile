# Two commands on a fresh machine with Python 3.11+ and make:
#   make serve   create .venv, install, start the server on http://127.0.0.1:8000
#   make test    create .venv, install with dev extras, run the whole test suite

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
EXAMPLE := examples/trick-or-treat

.PHONY: serve test lint bench clean compiled

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "nbc-rules needs Python 3.11 or newer; set PYTHON=/path/to/python3.11")'
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml $(EXAMPLE)/pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]' -e $(EXAMPLE)
	@touch $@

serve: $(STAMP)
	$(BIN)/nbc serve

# Two processes; no test depends on another having run in the same process. The costly
# ones come first (tests/conftest.py) and a process that runs out of tests takes the
# untouched half of the other's queue (worksteal), so that one process does not end up
# with most of the long tests while the other waits.
test: $(STAMP)
	$(BIN)/python -m pytest -n 2 --dist worksteal

# Optional: compile the hot modules with mypyc into .venv (docs/performance.md, "The
# compiled build"); nbc uses them while their sources are unchanged, NBC_PURE=1 turns
# them off, `nbc compile --clean` removes them.
compiled: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,compiled]'
	$(BIN)/nbc compile

lint: $(STAMP)
	$(BIN)/ruff check core plugins api nbc tests examples

bench: $(STAMP)
	$(BIN)/nbc bench

clean:
	rm -rf $(VENV) build *.egg-info
