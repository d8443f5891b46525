# The two set-up commands of the README: `make lab` and `make test`.
# Everything installs into .venv (created from python3) on first use.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

.PHONY: lab test setup test-python test-js test-browser bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

## Open the tutorial rulebook in JupyterLab.
lab: $(STAMP)
	$(BIN)/jupyter lab $(ROOT_FLAG) notebooks/01-checks.ipynb

## The whole suite: Python (engine, widgets, notebooks, browser) and JS unit tests.
test: $(STAMP)
	bash scripts/ensure-tools.sh
	$(BIN)/python -m pytest -p no:cacheprovider -n auto --dist loadfile \
	  --nbval --nbval-sanitize-with notebooks/nbval_sanitize.cfg tests notebooks
	node --test js/tests/

test-python: $(STAMP)
	$(BIN)/python -m pytest -p no:cacheprovider -m "not browser"

test-browser: $(STAMP)
	bash scripts/ensure-tools.sh
	$(BIN)/python -m pytest -p no:cacheprovider -m browser

test-js:
	node --test js/tests/

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_odds.py

clean:
	rm -rf $(VENV) build dist *.egg-info
