# Each target is self-sufficient on a fresh machine: it creates .venv and installs the
# project (editable, with every extra: the server's, the lessons', the tests' and the
# linters') first. The stamp lives inside .venv so deleting .venv always forces a
# reinstall; editing pyproject.toml does too.
PORT ?= 8866
# HOST=0.0.0.0 make serve: reachable from the class's own devices (seat links and their QR
# codes then carry this machine's network address, or $VILLAGE_GAMES_PUBLIC_URL).
HOST ?= 127.0.0.1
# CLASS=30 make serve: 30 pre-heated kernels per app, for a class that opens one link at
# once (CLASS_APPS=village_pillage_play.ipynb: only for that app, one for the others).
CLASS ?=
CLASS_APPS ?=
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.make-stamp
# Every install takes the versions pinned here (reproducible: a new release of voila or
# ipywidgets comes in only when `make lock` is run on purpose and the tests pass with it)
CONSTRAINTS := constraints.txt

.PHONY: install serve test bench lint lock site

$(PY):
	python3 -m venv $(VENV)

# Also reinstall when a top-level package first appears (an editable install made before
# it existed may not map it).
$(STAMP): pyproject.toml $(CONSTRAINTS) $(wildcard village_games/__init__.py widgets/__init__.py) | $(PY)
	$(PY) -m pip install -c $(CONSTRAINTS) -e '.[server,dev]'
	touch $@

# Refresh the pins on purpose: resolve pyproject.toml's dependencies afresh in a scratch
# environment and write every version to constraints.txt (then run `make test`, commit).
lock:
	rm -rf .lock-venv
	python3 -m venv .lock-venv
	.lock-venv/bin/python -m pip install -q -e '.[server,dev]'
	( echo "# Pinned versions of every dependency, made by 'make lock' (do not edit by hand)."; \
	  .lock-venv/bin/python -m pip freeze --exclude-editable ) > $(CONSTRAINTS)
	rm -rf .lock-venv

install: $(STAMP)

serve: $(STAMP)
	$(PY) scripts/serve --port=$(PORT) --Voila.ip=$(HOST) $(if $(CLASS),--class-size=$(CLASS)) \
		$(if $(CLASS_APPS),--class-apps=$(CLASS_APPS)) notebooks

# The static site in site/ (README: publishing it), built offline-ready from registry
# packages by scripts/build-site in its own environment (.site-venv)
site:
	python3 scripts/build-site

test: $(STAMP)
	bash scripts/ensure-chromium
	PY=$(PY) bash scripts/run-tests

bench: $(STAMP)
	@set -e; for f in $(wildcard benchmarks/*.py); do echo "== $$f"; $(PY) "$$f"; done

# `mypy --strict` holds the typed contract: the shared core (the protocol, observations,
# records), the table store, the class experiments, and each engine's observation module
# (views.py). The rest of the code is checked by the plain `mypy` run (pyproject.toml);
# imported modules are read for their types here, their own errors are that run's.
STRICT_PATHS := village_games/core village_games/tables village_games/experiments \
	village_games/villagers/views.py village_games/villagers_and_villains/views.py \
	village_games/villages/views.py village_games/village_pillage/views.py

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(PY) -m mypy --strict --follow-imports=silent --cache-dir=.mypy_cache/strict $(STRICT_PATHS)
