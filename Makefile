PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint format bench sample clean

$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements.txt
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python process.py sample_sheets/season.xlsx --out out/season
	$(BIN)/python process.py sample_sheets/duplicate.xlsx --out out/duplicate
	$(BIN)/python process.py sample_sheets/tournament.xlsx --out out/tournament
	@echo
	@echo "Results are in out/season/, out/duplicate/ and out/tournament/:"
	@echo "the updated workbook, report/index.html (the site) and outbox/ (the emails)."

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: $(STAMP)
	$(BIN)/python bench/bench_io.py
	$(BIN)/python bench/bench_pipeline.py

sample: $(STAMP)
	$(BIN)/python sample_sheets/make_sample.py
	$(BIN)/python sample_sheets/make_duplicate.py
	$(BIN)/python sample_sheets/make_tournament.py

clean:
	rm -rf out .pytest_cache .ruff_cache
