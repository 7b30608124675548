"""Building the result sheets (rows of cells) from computed results.

Columns follow the workbook contract (docs/workbook-format.md): required columns first, in
the contract's order, then extra columns that help the organiser.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from fractions import Fraction

from mahjong_club.common.problems import Problem
from mahjong_club.common.text import small_number
from mahjong_club.compute.standings import StandingsResult
from mahjong_club.compute.tournament import TournamentResult
from mahjong_club.messages import hostile as texts
from mahjong_club.messages.core import say
from mahjong_club.workbook import styles as looks
from mahjong_club.workbook.highlights import Highlight
from mahjong_club.workbook.xlsx import Cell, ResultSheet
from rules.model import DiceRoll, GameType
from rules.status import Status
from rules.tiebreakers import PlayerRecord

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


#: The Standings columns whose whole numbers get thousands separators (riichi points).
STANDINGS_AMOUNTS = frozenset({"Points", "Minipoints", "Penalties"})

#: The ``Status`` of a disqualified player in a tournament's ranking (a league's ``Status`` is
#: the contract's end-of-season status, blank during the season: rules.md 1.2).
DISQUALIFIED = "disqualified"

#: The Standings' statuses coloured by conditional formatting.
STANDINGS_HIGHLIGHTS = (
    Highlight("Status", Status.WINNER.value, looks.GOOD),
    Highlight("Status", Status.PROMOTED.value, looks.GOOD),
    Highlight("Status", Status.PROMOTION_CANDIDATE.value, looks.CANDIDATE),
    Highlight("Status", Status.RELEGATION_CANDIDATE.value, looks.BAD),
    Highlight("Status", DISQUALIFIED, looks.DISQUALIFIED),
)


def label(text: str | None) -> str | int | None:
    """A label read as text (a session, table, board, game or division) written back as a
    number when it was one: "3" -> 3, but "03", "A3", "²" and a number of more digits than
    a cell keeps exactly stay text.

    >>> label("3"), label("03"), label("²"), label("1234567890123456")
    (3, '03', '²', '1234567890123456')
    """
    number = small_number(text) if text is not None else None
    return number if number is not None and str(number) == text else text


def session_label(text: str | None) -> str | int | dt.date | None:
    """A session written back as a date cell when it names a day (a date cell read as
    ``2025-11-20``), else as :func:`label` does.

    >>> session_label("2025-11-20"), session_label("3"), session_label("Evening 2")
    (datetime.date(2025, 11, 20), 3, 'Evening 2')
    """
    if text is not None and re.fullmatch(r"\d{4}-\d\d-\d\d", text):
        try:
            return dt.date.fromisoformat(text)
        except ValueError:
            return text
    return label(text)


def number(value: Fraction | int) -> int | Fraction:
    """A whole Fraction as an int; other fractions stay exact (the writer keeps precision)."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    return value


def _status(result: StandingsResult, division: str, record: PlayerRecord) -> str:
    """A row's ``Status``: the end-of-season status of rules.md 1.2, blank otherwise (a
    tournament's disqualified player too: the contract says so; the Penalty list and the
    site's ranking mark them)."""
    return result.statuses.get((division, record.player), "")


def standings_rows(
    result: StandingsResult, tournament: TournamentResult | None = None
) -> list[list[Cell]]:
    """One row per division member, divisions in ladder order, best first.

    A tournament adds one column per session: the player's result with uma in it.
    """
    sessions = tournament.sessions if tournament else []
    rows: list[list[Cell]] = [[*STANDINGS_COLUMNS, *(f"Session {s}" for s in sessions)]]
    for standing in result.standings:
        division = standing.division
        mcr = division.game is GameType.MCR
        for row in standing.rows:
            record = row.record
            rows.append(
                [
                    label(division.name),
                    row.rank,
                    record.player,
                    record.games,
                    number(record.points),
                    record.minipoints if mcr else None,
                    *record.places,
                    row.decided_by,
                    _status(result, division.name, record),
                    division.game.value,
                    division.level,
                    record.penalty_points or None,
                    *(
                        number(tournament.session_points.get((record.player, s), 0))
                        for s in sessions
                        if tournament
                    ),
                ]
            )
    return rows


def standings_sheet(
    result: StandingsResult, tournament: TournamentResult | None = None
) -> ResultSheet:
    """The ``Standings`` result sheet (a tournament's with a column per session)."""
    rows = standings_rows(result, tournament)
    sessions = {str(h) for h in rows[0] if str(h).startswith("Session ")}
    return ResultSheet(
        "Standings",
        rows,
        STANDINGS_AMOUNTS | sessions,
        optional=True,
        highlights=STANDINGS_HIGHLIGHTS,
    )


#: The most warnings the ``Problems`` sheet lists; a last row says how many more there are.
LISTED_PROBLEMS = 10_000


def problems_sheet(problems: Sequence[Problem], language: str = "en") -> ResultSheet:
    """The ``Problems`` result sheet: the warnings of this run (header only when none), the
    first :data:`LISTED_PROBLEMS` of them, then a row saying how many more there are; each
    message in the workbook's ``language``, as the site and the emails say it."""
    rows: list[list[Cell]] = [["Severity", "Sheet", "Row", "Column", "Message"]]
    for p in problems[:LISTED_PROBLEMS]:
        rows.append([p.severity, p.sheet, p.row, p.column, p.text(language)])
    if len(problems) > LISTED_PROBLEMS:
        more = say(
            texts.MORE_WARNINGS_IN_SHEET,
            count=len(problems) - LISTED_PROBLEMS,
            shown=LISTED_PROBLEMS,
        )
        rows.append([None, None, None, None, more.render(language)])
    return ResultSheet("Problems", rows)


def dice_sheet(rolls: Sequence[DiceRoll]) -> ResultSheet:
    """The ``Dice`` sheet: every recorded roll, the organiser's and the ones just made."""
    rows: list[list[Cell]] = [["Division", "Player", "Round", "Roll"]]
    rows.extend([label(r.division), r.player, r.round, r.roll] for r in rolls)
    return ResultSheet("Dice", rows, optional=True)
