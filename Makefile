PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo serve test test-slow lint types architecture format bench sample golden wheel-test clean

# The pinned runtime and development requirements, then the project itself (editable), so
# that .venv/bin/mahjong-club exists and edits to the code take effect at once.
$(STAMP): requirements.txt requirements-dev.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements-dev.txt
	$(BIN)/pip install --quiet --no-deps --no-build-isolation -e .
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/mahjong-club sample_sheets/season.xlsx --out out/season
	$(BIN)/mahjong-club sample_sheets/duplicate.xlsx --out out/duplicate
	$(BIN)/mahjong-club sample_sheets/tournament.xlsx --out out/tournament
	$(BIN)/mahjong-club sample_sheets/mcr_tournament.xlsx --out out/mcr_tournament
	@echo
	@echo "Results are in out/season/, out/duplicate/, out/tournament/ and out/mcr_tournament/:"
	@echo "the updated workbook, report/index.html (the site) and outbox/ (the emails)."

# The drop page: a local web page to drop the workbook on (Ctrl-C stops it).
serve: $(STAMP)
	$(BIN)/mahjong-club serve

# Lint, format, types, the import contract, then every test but the long property runs.
test: lint types architecture
	$(BIN)/python -m pytest -m "not slow"

# The long property runs and kill -9 trials (marked slow); CI runs them after `make test`.
test-slow: $(STAMP)
	$(BIN)/python -m pytest -m slow

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

types: $(STAMP)
	$(BIN)/mypy

architecture: $(STAMP)
	$(BIN)/lint-imports

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: $(STAMP)
	$(BIN)/python bench/bench_io.py
	$(BIN)/python bench/bench_pipeline.py
	$(BIN)/python bench/bench_draw.py
	$(BIN)/python bench/bench_scale.py --rows 10000 --rows 100000 --rows 1000000 --steps
	$(BIN)/python bench/bench_files.py

sample: $(STAMP)
	$(BIN)/python sample_sheets/make_sample.py
	$(BIN)/python sample_sheets/make_duplicate.py
	$(BIN)/python sample_sheets/make_tournament.py
	$(BIN)/python sample_sheets/make_mcr_tournament.py

# Rewrite the golden files from the current code (review the diff before committing it).
golden: $(STAMP)
	$(BIN)/python -m tests.golden_refresh

# Build the wheel, install it into a fresh venv and with pipx, and process the sample with each.
wheel-test: $(STAMP)
	bash tests/check_install.sh

clean:
	rm -rf out build dist *.egg-info .pytest_cache .ruff_cache .mypy_cache
