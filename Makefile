# Omen: two commands do all set-up on a fresh machine.
#   make serve   install what is needed, build, and serve on http://127.0.0.1:8000
#   make test    install what is needed, build, and run every check and test
PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
PORT ?= 8000

.PHONY: serve test build dist lint unit e2e bench clean system

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

build: node_modules/.package-lock.json $(VENV)/.installed
	$(VPY) tools/build.py

serve: build
	$(PYTHON) tools/serve.py --port $(PORT)

dist: node_modules/.package-lock.json $(VENV)/.installed
	$(VPY) tools/build.py dist

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --upgrade pip
	$(VPY) -m pip install --quiet -e ".[test,build]"
	touch $@

# mypy --strict over the engine and the whole adapter (typings/ stubs the names taken
# from pyscript and pyodide).
lint: $(VENV)/.installed
	$(VPY) -m ruff check py tests tools bench typings
	$(VPY) -m ruff format --check py tests tools bench typings
	$(VPY) -m mypy --strict py/omen py/omen_web py/main.py

# pyproject.toml's pytest options: tests/unit and the engine's doctests (py/omen).
unit: $(VENV)/.installed build
	$(VPY) -m pytest -q

# The Debian packages the browser tests drive (Chromium, nginx-light): installed with
# apt-get when missing and it can, or make stops at once naming the command to run.
system:
	bash tools/system-packages.sh

# Browser tests take the machine's browser lock so two suites never run at once; inside
# it, two workers (one Chromium each, a test file at a time on one worker) share the cores.
e2e: system $(VENV)/.installed build
	flock /tmp/omen-browser.lock $(VPY) -m pytest tests/e2e -q -n 2 --dist loadfile

test: system lint unit e2e

bench: system $(VENV)/.installed build
	@echo "bench: figures, not pass/fail"
	$(VPY) bench/startup.py

clean:
	rm -rf static/vendor static/build dist $(VENV) node_modules
