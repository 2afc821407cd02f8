# Two commands on a fresh machine with Python 3.11+ and make:
#   make serve   create .venv, install, start the server on http://127.0.0.1:8000
#   make test    create .venv, install with dev extras, run the whole test suite

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
EXAMPLE := examples/trick-or-treat
CARD_SET := examples/munchkin-oogies-casino

.PHONY: serve test lint bench clean compiled build

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "nbc-rules needs Python 3.11 or newer; set PYTHON=/path/to/python3.11")'
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml $(EXAMPLE)/pyproject.toml $(CARD_SET)/pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,compiled]' -e $(EXAMPLE) -e $(CARD_SET)
	@touch $@

# The hot modules compiled with mypyc into .venv (docs/performance.md, "The compiled
# build"), when .venv has no build of their current sources: about a minute the first
# time and after an edit of one of them. nbc uses the build while those sources stay as
# they were built; without a C compiler, or with NBC_PURE=1, the modules run as Python.
build: $(STAMP)
ifeq ($(filter-out 0,$(NBC_PURE)),)
	@$(BIN)/nbc compile --if-stale || echo "nbc: the compiled build failed (above); the modules run as Python"
else
	@echo "nbc: NBC_PURE=$(NBC_PURE): the modules run as Python, no compiled build"
endif

serve: build
	$(BIN)/nbc serve

# Two processes; no test depends on another having run in the same process. The costly
# ones come first (tests/conftest.py) and a process that runs out of tests takes the
# untouched half of the other's queue (worksteal), so that one process does not end up
# with most of the long tests while the other waits. Then the tests marked `alone`
# (they time a server under attack) run one at a time, with nothing else running;
# both phases run, and the target fails if either did.
test: build
	@status=0; \
	$(BIN)/python -m pytest -n 2 --dist worksteal -m "not alone" || status=$$?; \
	$(BIN)/python -m pytest -p no:xdist -m alone || status=$$?; \
	exit $$status

# The compiled build made afresh, even when it is up to date (`nbc compile --clean`
# removes it).
compiled: $(STAMP)
	$(BIN)/nbc compile

lint: $(STAMP)
	$(BIN)/ruff check core plugins api nbc tests examples

bench: build
	$(BIN)/nbc bench

clean:
	rm -rf $(VENV) build *.egg-info
