"""Time the whole pipeline on a large, valid league season.

Usage: ``python bench/bench_pipeline.py [--rows N]`` (default 100 000 ``Games`` rows).

Builds a season with 10 riichi and 10 MCR divisions of 20 members and N/4 valid games, then
times reading and validating (``pipeline.read_workbook``), computing every capability
(``pipeline.compute``), building the outputs (``pipeline.build_outputs``: sheets, site, emails)
and a full ``mahjong-club`` run that writes the output workbook, site and outbox.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import io
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import openpyxl

from mahjong_club.cli import main as process_main
from mahjong_club.pipeline import build_outputs, compute, read_workbook

T = TypeVar("T")
DIVISIONS = [(f"Riichi {i}", "Riichi", i) for i in range(1, 11)]
DIVISIONS += [(f"MCR {i}", "MCR", i) for i in range(1, 11)]
MEMBERS = 20


def random_scores(rng: random.Random, game: str) -> list[int]:
    """A game's four valid scores: riichi's add up to 120,000, MCR's to 0."""
    if game == "Riichi":
        scores = [rng.randrange(50, 600) * 100 for _ in range(3)]
        return [*scores, 120000 - sum(scores)]
    scores = [rng.randrange(-60, 60) for _ in range(3)]
    return [*scores, -sum(scores)]


def build(path: Path, rows: int) -> None:
    """A valid league workbook with ``rows`` game rows (rounded down to whole games)."""
    rng = random.Random(1)
    book = openpyxl.Workbook(write_only=True)
    divisions = book.create_sheet("Divisions")
    divisions.append(["Division", "Game", "Level", "Player"])
    for name, game, level in DIVISIONS:
        for m in range(MEMBERS):
            divisions.append([name, game, level, f"{name} player {m:02d}"])
    games = book.create_sheet("Games")
    games.append(["Game", "Date", "Division", "Player", "Score", "Substituted"])
    start = dt.date(2025, 8, 28)
    for g in range(rows // 4):
        name, game, _ = DIVISIONS[g % len(DIVISIONS)]
        seated = rng.sample(range(MEMBERS), 4)
        scores = random_scores(rng, game)
        date = start + dt.timedelta(days=7 * (g % 40))
        for m, score in zip(seated, scores, strict=True):
            games.append([g + 1, date, name, f"{name} player {m:02d}", score, None])
    book.save(path)


def timed(label: str, func: Callable[[], T]) -> T:
    """Run ``func`` and print how long it took."""
    start = time.perf_counter()
    result = func()
    print(f"{label}: {time.perf_counter() - start:.2f} s", file=sys.stderr, flush=True)
    return result


def main(argv: list[str] | None = None) -> int:
    """Build the season and print one line per timed step."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=100_000, help="Games rows (default 100000)")
    rows = parser.parse_args(argv).rows
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.xlsx"
        timed(f"build {rows} game rows", lambda: build(path, rows))
        season, problems = timed("read_workbook (read + validate)", lambda: read_workbook(path))
        assert not problems.errors, problems.errors[:3]
        run = timed("compute (standings, tie-breakers, …)", lambda: compute(season, problems))
        timed("build_outputs (sheets, site, emails)", lambda: build_outputs(run))
        out = Path(tmp) / "out"
        with contextlib.redirect_stdout(io.StringIO()):  # the standings tables
            code = timed(
                "mahjong-club end to end (read, compute, write)",
                lambda: process_main([str(path), "--out", str(out)]),
            )
        assert code == 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
