# The two commands of the README: `make book` (set-up, corpus, book, serve) and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000

.PHONY: setup lock corpus book-vendor book-build book-instructor book lite notebooks test lint clean

# Installed from requirements.lock: every package, the dev tools included, pinned with its SHA-256 hashes
# (requirements.txt and requirements-dev.txt say what the project wants; `make lock` turns them into the lock).
# The lock is installed as it stands (--no-deps: it holds every dependency, and pip would otherwise ask again for
# an extra such as jsonschema[format-nongpl] unpinned); `pip check` then proves nothing is missing or at odds. The
# project itself goes in as an editable install without dependencies: they are all in the lock.
# The project's own code compiled to bytecode, as pip compiles every installed package: an editable install is not,
# and where PYTHONDONTWRITEBYTECODE is set (CI images, containers) Python would compile it again on every start of
# every build (0.5 s of a one-page rebuild, benchmarks/book_build.py). Stale files are compiled again (by mtime).
COMPILE = $(PY) -m compileall -q -j0 book/lex_book corpus widgets

$(VENV)/.installed: requirements.lock pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --require-hashes --no-deps -r requirements.lock
	$(PY) -m pip install --quiet --no-deps --no-build-isolation -e .
	$(PY) -m pip check
	$(COMPILE)
	touch $@

# The wheels the JupyterLite lab takes from PyPI, pinned with their hashes in lite/requirements.lock, fetched here
# (pip download --require-hashes, lite/wheels.py) so that `make lite` (and `make book-build`) runs with the network off.
LITE_WHEELS := $(VENV)/lite-wheels
$(LITE_WHEELS)/.fetched: lite/requirements.lock $(VENV)/.installed
	$(PY) lite/wheels.py fetch --into $(LITE_WHEELS)
	touch $@

setup: $(VENV)/.installed $(LITE_WHEELS)/.fetched

# Refresh every pin of requirements.lock to the newest release requirements*.txt allow, with hashes (pip-tools, in
# a venv of its own so it never mixes with the project's), then the lab's lite/requirements.lock from one lite build
# resolved on PyPI (lite/build.py --lock; it needs the new venv, and npm's Pyodide). Review the diff, run
# `make test`, commit both locks.
PIP_TOOLS := pip-tools==7.7.0
LOCK_VENV := .venv-lock
lock:
	$(PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/python -m pip install --quiet $(PIP_TOOLS)
	CUSTOM_COMPILE_COMMAND="make lock" $(LOCK_VENV)/bin/pip-compile --quiet --upgrade --generate-hashes \
		--allow-unsafe --strip-extras --no-emit-index-url --no-emit-find-links \
		--output-file requirements.lock requirements-dev.txt
	$(MAKE) $(VENV)/.installed node_modules/.package-lock.json
	$(PY) lite/build.py --lock

corpus: setup
	$(PY) -m corpus build

# npm ci runs only when node_modules is missing or older than package.json / package-lock.json.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --ignore-scripts

# The widget JS, RequireJS and MathJax the site serves itself (no CDN at read time): see
# book/lex_book/theme/vendor_assets.py
# (standard library only, so any Python 3 runs it).
book-vendor: node_modules/.package-lock.json
	$(PYTHON) book/lex_book/theme/vendor_assets.py

# The student edition (what one publishes: exercises without their solutions) into _build/html, with its lite site.
# Course notes (LEX_NOTES, book/instructors.md) are checked first, so a malformed file is one line, not a traceback.
NOTES_CHECK = if [ -n "$$LEX_NOTES" ]; then IFS=:; set -- $$LEX_NOTES; $(PY) -m corpus notes check --with "$$@"; fi

book-build: corpus book-vendor
	@$(NOTES_CHECK)
	@$(COMPILE)
	$(VENV)/bin/jupyter-book build . --warningiserror --keep-going
	$(MAKE) lite LITE_OUT=_build/html/lite

# The JupyterLite site behind "Open in JupyterLab" (Pyodide from npm, every wheel local), lite/build.py; offline:
# the wheels it does not make come from $(LITE_WHEELS), fetched by `make setup`.
LITE_OUT ?= _build/html/lite
lite: setup node_modules/.package-lock.json
	$(PY) lite/build.py --output $(LITE_OUT) --wheels $(LITE_WHEELS)

# The instructor edition: the same book with the exercises' solutions, built into _build/instructor/_build/html from
# a copy of _config.yml with sphinx-exercise's hide_solutions off (course notes: LEX_NOTES, see book/instructors.md).
book-instructor: corpus book-vendor
	@$(NOTES_CHECK)
	$(PY) -m widgets.exercises instructor-config _config.yml _build/instructor/_config.yml
	$(VENV)/bin/jupyter-book build . --config _build/instructor/_config.yml --path-output _build/instructor \
		--warningiserror --keep-going
	$(MAKE) lite LITE_OUT=_build/instructor/_build/html/lite

# The chapters as .ipynb for JupyterLab (exercises shown as text, solutions left out): see the README.
notebooks: setup
	$(PY) lite/notebooks.py --jupyterlab _build/notebooks book/chapters/*.md

book: book-build
	@echo "Serving the book at http://localhost:$(PORT)/ (Ctrl-C to stop)"
	$(PY) -m http.server $(PORT) --bind 127.0.0.1 --directory _build/html

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

# On every core (at most 4): a test file stays in one process (--dist loadfile); the book's two editions are built once,
# from the start, beside the tests that need no built site (tests/sites.py); the 25 slowest tests are listed.
test: setup lint
	$(PY) -m pytest -n auto --maxprocesses 4 --dist loadfile --durations=25

clean:
	rm -rf _build
