"""Building the result sheets (rows of cells) from computed results.

Columns follow the workbook contract (docs/workbook-format.md): required columns first, in
the contract's order, then extra columns that help the organiser.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from compute import LeagueResult
from readers.problems import Problem
from rules.model import DiceRoll, GameType
from writers.xlsx import Cell, ResultSheet

STANDINGS_COLUMNS = [
    "Division",
    "Rank",
    "Player",
    "Games",
    "Points",
    "Minipoints",
    "Firsts",
    "Seconds",
    "Thirds",
    "Fourths",
    "Decided by",
    "Status",
    "Game",
    "Level",
    "Penalties",
]


def number(value: Fraction | int) -> int | Fraction:
    """A whole Fraction as an int; other fractions stay exact (the writer keeps precision)."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    return value


def standings_rows(result: LeagueResult) -> list[list[Cell]]:
    """One row per division member, divisions in ladder order, best first."""
    rows: list[list[Cell]] = [list(STANDINGS_COLUMNS)]
    for standing in result.standings:
        division = standing.division
        mcr = division.game is GameType.MCR
        for row in standing.rows:
            record = row.record
            rows.append(
                [
                    division.name,
                    row.rank,
                    record.player,
                    record.games,
                    number(record.points),
                    record.minipoints if mcr else None,
                    *record.places,
                    row.decided_by,
                    result.statuses.get((division.name, record.player), ""),
                    division.game.value,
                    division.level,
                    record.penalty_points or None,
                ]
            )
    return rows


def standings_sheet(result: LeagueResult) -> ResultSheet:
    """The ``Standings`` result sheet."""
    return ResultSheet("Standings", standings_rows(result))


def problems_sheet(problems: Sequence[Problem]) -> ResultSheet:
    """The ``Problems`` result sheet: the warnings of this run (header only when none)."""
    rows: list[list[Cell]] = [["Severity", "Sheet", "Row", "Column", "Message"]]
    for p in problems:
        rows.append([p.severity, p.sheet, p.row, p.column, p.message])
    return ResultSheet("Problems", rows)


def dice_sheet(rolls: Sequence[DiceRoll]) -> ResultSheet:
    """The ``Dice`` sheet: every recorded roll, the organiser's and the ones just made."""
    rows: list[list[Cell]] = [["Division", "Player", "Round", "Roll"]]
    rows.extend([r.division, r.player, r.round, r.roll] for r in rolls)
    return ResultSheet("Dice", rows)
