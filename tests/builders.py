"""Small builders for test data: games from (player, score) pairs, records, workbooks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import openpyxl

from rules.model import Game, Seat, SeatResult, Substitution
from rules.tiebreakers import PlayerRecord


def game(
    game_id: str,
    division: str,
    seats: Sequence[tuple[str, int]],
    substituted: Iterable[str] = (),
    during: Iterable[str] = (),
) -> Game:
    """A game from four (player, score) pairs; ``substituted``/``during`` name seats."""
    subs, durs = set(substituted), set(during)
    built = []
    for player, score in seats:
        kind = Substitution.NONE
        if player in subs:
            kind = Substitution.START
        if player in durs:
            kind = Substitution.DURING
        built.append(Seat(player, score, kind))
    return Game(game_id, division, tuple(built))  # type: ignore[arg-type]


def record(
    player: str,
    points: int | Fraction = 0,
    places: tuple[int, int, int, int] = (0, 0, 0, 0),
    results: Sequence[tuple[str, int | Fraction] | tuple[str, int | Fraction, int]] = (),
    minipoints: int | None = None,
    disqualified: bool = False,
) -> PlayerRecord:
    """A record whose ``results`` are (game id, points[, minipoints]) of games played."""
    built = tuple(
        (
            r[0],
            SeatResult(player, Fraction(r[1]), 1, True, r[2] if len(r) > 2 else None),  # type: ignore[misc]
        )
        for r in results
    )
    return PlayerRecord(
        player, Fraction(points), minipoints, places, built, disqualified=disqualified
    )


def write_workbook(path: Path, sheets: Mapping[str, Sequence[Sequence[Any]]]) -> Path:
    """An .xlsx with one sheet per entry, rows written from A1 as given."""
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(list(row))
    book.save(path)
    return path


def sheet_rows(path: Path, sheet: str) -> list[dict[str, Any]]:
    """A result sheet of a written workbook as dicts keyed by its header row."""
    book = openpyxl.load_workbook(path, read_only=True)
    data = [list(r) for r in book[sheet].iter_rows(values_only=True)]
    book.close()
    return [dict(zip(data[0], r, strict=False)) for r in data[1:]]


def assert_refused(code: int, err: str, expected: Sequence[str], out: Path) -> None:
    """A bad workbook: exit status 1, every expected text on stderr, nothing written."""
    assert code == 1, err
    for text in expected:
        assert text in err, f"{text!r} not in: {err}"
    assert "nothing was written" in err
    assert not out.exists()
