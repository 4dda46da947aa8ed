# The two commands of the README: `make book` (set-up, corpus, book, serve) and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000

.PHONY: setup corpus book-vendor book-build book-student book lite test lint clean

$(VENV)/.installed: requirements.txt requirements-dev.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	$(PY) -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $@

setup: $(VENV)/.installed

corpus: setup
	$(PY) -m corpus build

# npm ci runs only when node_modules is missing or older than package.json / package-lock.json.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --ignore-scripts

# The widget JS, RequireJS and MathJax the site serves itself (no CDN at read time): see book/_ext/vendor_assets.py
# (standard library only, so any Python 3 runs it).
book-vendor: node_modules/.package-lock.json
	$(PYTHON) book/_ext/vendor_assets.py

book-build: corpus book-vendor
	$(VENV)/bin/jupyter-book build . --warningiserror --keep-going
	$(MAKE) lite

# The live calculators: a JupyterLite site (Pyodide from npm, every wheel local) in _build/html/lite/ (lite/build.py).
lite: setup node_modules/.package-lock.json
	$(PY) lite/build.py

# The student edition: the same book with the exercises' solutions removed (sphinx-exercise's hide_solutions), built
# into _build/student/_build/html from a copy of _config.yml. `make book-build` is the instructor edition.
book-student: corpus book-vendor
	$(PY) -m widgets.exercises student-config _config.yml _build/student/_config.yml
	$(VENV)/bin/jupyter-book build . --config _build/student/_config.yml --path-output _build/student \
		--warningiserror --keep-going

book: book-build
	@echo "Serving the book at http://localhost:$(PORT)/ (Ctrl-C to stop)"
	$(PY) -m http.server $(PORT) --bind 127.0.0.1 --directory _build/html

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

test: setup lint
	$(PY) -m pytest

clean:
	rm -rf _build
