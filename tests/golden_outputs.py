"""The golden files: what the tool makes from the sample workbooks, in one place.

``tests/golden/`` holds, for each run of the tool on a sample, the result sheets as CSV (and
the files it writes beside the workbook). :data:`RUNS` says which run makes which golden file;
:func:`produce` makes them. The tests (``tests/test_sample_golden.py``) only compare with the
checked-in files; ``make golden`` (``python -m tests.golden_refresh``) rewrites them.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

import openpyxl

from mahjong_club.cli import main

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_sheets"
GOLDEN_DIR = ROOT / "tests" / "golden"


def sheet_as_csv(path: Path, name: str) -> str:
    """One sheet of a workbook as CSV text: blank cells empty, numbers as Python writes them."""
    book = openpyxl.load_workbook(path, read_only=True)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    for row in book[name].iter_rows(values_only=True):
        writer.writerow(["" if v is None else v for v in row])
    book.close()
    return buffer.getvalue()


@dataclass(frozen=True)
class Output:
    """A golden file's content: a ``sheet`` of the output workbook, or a ``file`` beside it."""

    sheet: str | None = None
    file: str | None = None


@dataclass(frozen=True)
class Run:
    """One run of the tool on a sample workbook, and the golden files it makes."""

    sample: str
    options: tuple[str, ...]
    goldens: dict[str, Output]

    @property
    def workbook(self) -> Path:
        return SAMPLES / self.sample


RUNS: dict[str, Run] = {
    "season": Run(
        "season.xlsx",
        (),
        {
            "sample_standings.csv": Output(sheet="Standings"),
            "sample_attendance_status.csv": Output(sheet="Attendance status"),
            "sample_schedule_status.csv": Output(sheet="Schedule status"),
            "sample_next_season.csv": Output(sheet="Next season"),
            "sample_problems.csv": Output(sheet="Problems"),
            "sample_hand_scores.csv": Output(sheet="Hand scores"),
        },
    ),
    "tonight": Run(
        "season.xlsx",
        ("--tonight", "2026-01-01"),
        {"sample_tonight_2026-01-01.csv": Output(sheet="Tonight")},
    ),
    "duplicate": Run(
        "duplicate.xlsx",
        (),
        {
            "duplicate_boards.csv": Output(sheet="Duplicate"),
            "duplicate_ranking.csv": Output(sheet="Duplicate ranking"),
            "duplicate_problems.csv": Output(sheet="Problems"),
        },
    ),
    "tournament": Run(
        "tournament.xlsx",
        (),
        {
            "tournament_standings.csv": Output(sheet="Standings"),
            "tournament_penalties.csv": Output(sheet="Penalty list"),
            "tournament_ema_results.csv": Output(sheet="EMA results"),
            "tournament_ema_results_export.csv": Output(file="Copenhagen-Riichi-Open-2026-EMA.csv"),
        },
    ),
}

#: Every golden file, with the run that makes it.
GOLDENS: dict[str, str] = {name: key for key, run in RUNS.items() for name in run.goldens}


class SampleRunFailed(RuntimeError):
    """The tool did not process a sample (exit status other than 0)."""


def run_sample(run: Run, out: Path) -> Path:
    """Process ``run``'s sample into the folder ``out`` and return it."""
    code = main([str(run.workbook), "--out", str(out), *run.options])
    if code != 0:
        raise SampleRunFailed(f"{run.sample} {' '.join(run.options)}: exit status {code}")
    return out


def golden_text(run: Run, out: Path, name: str) -> str:
    """The content of the golden file ``name`` from ``run``'s output folder ``out``."""
    output = run.goldens[name]
    if output.sheet is not None:
        return sheet_as_csv(out / run.sample, output.sheet)
    assert output.file is not None
    return (out / output.file).read_text(encoding="utf-8")


def produce(run: Run, out: Path) -> dict[str, str]:
    """Every golden file of ``run``, made from its output folder ``out``."""
    return {name: golden_text(run, out, name) for name in run.goldens}


def checked_in(name: str) -> str:
    """The checked-in golden file ``name``."""
    return (GOLDEN_DIR / name).read_text(encoding="utf-8")
