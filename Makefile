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
	@echo
	@echo "Results are in out/season/ (open out/season/season.xlsx) and out/duplicate/."

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

clean:
	rm -rf out .pytest_cache .ruff_cache
