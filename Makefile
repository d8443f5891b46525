# The two set-up commands of the README: `make lab` and `make test`.
# Everything installs into .venv (created from python3) on first use.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

.PHONY: lab test setup js test-python test-js test-browser bench bench-widgets app lite lite-serve book cheatsheets clean

$(STAMP): pyproject.toml package-lock.json
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	if command -v npm >/dev/null 2>&1; then npm ci --no-audit --no-fund --ignore-scripts --loglevel=error; \
	  else echo "npm not found: esbuild (make js) is not installed"; fi
	touch $(STAMP)

setup: $(STAMP)

## Open the tutorial rulebook in JupyterLab.
lab: $(STAMP)
	$(BIN)/jupyter lab $(ROOT_FLAG) notebooks/00-a-roll-from-start-to-finish.ipynb

## The whole suite: the type check (mypy, config in pyproject.toml), Python (engine,
## widgets, notebooks, browser) and JS unit tests.
## The browser tests (tests/browser, marked `browser`) run here too: JupyterLab,
## Notebook 7 and Voila in Debian's Chromium, the Binder-like build and JupyterLite.
## One worker more than the cores: a browser test waits on its kernel, its server and its
## browser, and the worker beside it fills those waits (2 cores: the browser tests 7:44 -> 6:43,
## the CPU never idle).
WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) + 1 )))
test: $(STAMP)
	bash scripts/ensure-tools.sh
	test -x node_modules/.bin/esbuild || npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
	$(BIN)/python -m mypy
	$(BIN)/python -m pytest -p no:cacheprovider -n $(WORKERS) --dist loadfile \
	  --nbval --nbval-sanitize-with notebooks/nbval_sanitize.cfg tests notebooks
	node --test js/tests/

## Python tests without a browser and without the network (the Lite site's
## build, marked `network`, fetches from pip and npm registries: `make test` runs it).
test-python: $(STAMP)
	$(BIN)/python -m pytest -p no:cacheprovider -m "not browser and not network"

test-browser: $(STAMP)
	bash scripts/ensure-tools.sh
	$(BIN)/python -m pytest -p no:cacheprovider -m browser

test-js:
	node --test js/tests/

## The front end: js/widgets.js (every widget's view) bundled with what it imports (esbuild) into
## venus_widgets/static/widgets.js, which every widget loads. Run after editing js/ (tests/test_js_bundle.py checks).
js: $(STAMP)
	$(BIN)/python scripts/build_js.py

## The speed figures in one run: cold / warm odds of new specs per class against
## the 1 ms target, icepool in the same run against the 30x target; then the
## widget latency (BENCH_ARGS=--quick for a short look).
bench: $(STAMP)
	$(BIN)/python benchmarks/bench_odds.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/bench_lab.py
	$(BIN)/python benchmarks/bench_advice.py
	$(BIN)/python benchmarks/bench_draft_cost.py
	$(BIN)/python benchmarks/bench_cost.py
	$(MAKE) --no-print-directory bench-widgets

## Widget latency in JupyterLab + Chromium: slider -> odds vs a trivial round trip.
bench-widgets: $(STAMP)
	bash scripts/ensure-tools.sh
	$(BIN)/python benchmarks/bench_widgets.py

## The rollers as a standalone Voila app for the table (no code visible).
APP_PORT ?= 8866
app: $(STAMP)
	$(BIN)/voila app/roller.ipynb --port=$(APP_PORT) --Voila.ip=127.0.0.1

## A JupyterLite site of the tutorial in build/lite, ready to publish (cached on its inputs).
## numpy and matplotlib load from Pyodide's CDN; PYODIDE_DIST=<pyodide-VERSION.tar.bz2 or folder>
## puts them in the site instead (fully offline). See docs/lite.md.
PYODIDE_DIST ?=
LITE_ARGS = $(if $(PYODIDE_DIST),--pyodide-dist $(PYODIDE_DIST))
lite: $(STAMP)
	$(BIN)/python scripts/build_lite.py $(LITE_ARGS)

## Serve build/lite on http://127.0.0.1:$(LITE_PORT)/ (any static host works, e.g. GitHub Pages).
LITE_PORT ?= 8000
lite-serve: $(STAMP)
	$(BIN)/python scripts/build_lite.py $(LITE_ARGS) --serve $(LITE_PORT)

## The reading edition: the rulebook as a static, linked HTML site in build/book (Sphinx + MyST-NB,
## offline; the chapters are read as saved), with the Lite site inside it (build/book/lite) when
## `make lite` has built one: `make lite book` builds the two to publish together (docs/lite.md).
book: $(STAMP)
	$(BIN)/python scripts/build_book.py

## The one-page sheets to print (the cheat sheets, the Facilitator's screen), each as a PDF on A4 and
## US Letter in build/print, printed by Debian's Chromium; fails when a sheet runs onto a second page.
## The list of pages is PRINTABLE in scripts/print_pages.py.
cheatsheets: $(STAMP)
	bash scripts/ensure-tools.sh
	$(BIN)/python scripts/make_cheatsheets.py
	$(BIN)/python scripts/print_pages.py

clean:
	rm -rf $(VENV) build dist *.egg-info
