"""The fast path of the ``Games`` reader: rows and games with nothing to report.

A federation's million rows are almost all clean. Such a row does not need the row-by-row
reader (:mod:`.games`), which checks every cell and says what is wrong: each column's
distinct values are parsed once and looked up, column by column. A clean game (four clean
rows that agree, four players, the right total) does not need the game checks either.
Anything else goes to the reader that says what is wrong; both give the same games and the
same problems, in the same order (tests/test_games_fast.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mahjong_club.common.text import first_control
from mahjong_club.model import Season
from mahjong_club.reading.cells import (
    EXCEL_ERRORS,
    NEEDS_WORDS,
    ParsedOnce,
    is_blank,
    parse_text,
    parsed_alone,
)
from mahjong_club.reading.games_sheet import (
    DATE,
    DIVISION,
    GAME,
    PLAYER,
    SCORE,
    SUBSTITUTED,
    GameRow,
)
from mahjong_club.reading.names import NameBook
from mahjong_club.reading.schema import Column
from mahjong_club.reading.tables import Table
from rules.game_checks import SEATS, check_score_total
from rules.model import Division, Game, Seat, Substitution

#: The columns a row is read from, in the order :meth:`CleanRows._rows` takes them.
COLUMNS: tuple[Column[Any], ...] = (GAME, DATE, DIVISION, PLAYER, SCORE, SUBSTITUTED)


class CleanRows:
    """The fast path for rows with nothing to report (a federation's million rows are
    almost all of them): each column's distinct cell values are parsed once, the players'
    names checked once against the names already registered with that exact spelling, and
    each (division, player) pair's membership once. A row with anything else (an Excel
    error, a blank or unreadable cell, a name not seen yet
    or spelled differently, a player outside the division) is left to the row-by-row
    reader, which says what is wrong exactly as it always has.
    """

    def __init__(
        self, table: Table, names: NameBook, season: Season, divisions: dict[str, Division]
    ) -> None:
        self.names = names
        self.season = season
        self.divisions = divisions
        self.at = [table.positions.get(c.name) for c in COLUMNS]
        self.parsed = [ParsedOnce(_alone(c)) for c in COLUMNS]
        self.known: dict[str, str] = {}  # written player -> registered name (exactly it)
        self.members: set[tuple[str, str]] = set()

    def read_all(
        self, rows: list[tuple[int, list[Any]]], skip: set[int]
    ) -> list[tuple[str, GameRow] | None]:
        """Each row's game id and row, or None where the row needs the row-by-row reader
        (and for the rows in ``skip``: a formula without a saved value). Column by column:
        every cell's value is looked up among the values parsed already."""
        columns = [
            self._column(rows, index, parsed)
            for index, parsed in zip(self.at, self.parsed, strict=True)
        ]
        return self._rows([number for number, _ in rows], columns, skip)

    def _rows(
        self, numbers: list[int], columns: list[list[Any]], skip: set[int]
    ) -> list[tuple[str, GameRow] | None]:
        """Each row's game id and row from its parsed cells (see :meth:`read_all`); each
        player written in each division is looked up once."""
        needs = NEEDS_WORDS
        no_one = Substitution.NONE
        players: dict[str, dict[str, Any]] = {}  # division -> written -> player or None
        read: list[tuple[str, GameRow] | None] = []
        append = read.append
        for number, game, date, division, written, score, sub in zip(
            numbers, *columns, strict=True
        ):
            if (
                game is needs
                or date is needs
                or division is needs
                or written is needs
                or score is needs
                or sub is needs
            ):
                append(None)
                continue
            in_division = players.get(division)
            if in_division is None:
                in_division = players[division] = {}
            player = in_division.get(written, needs)
            if player is needs:
                player = in_division[written] = self.resolve(written, division)
            if player is None or number in skip:
                append(None)
                continue
            seat = Seat(player, score, sub or no_one, number)
            append((game, GameRow(number, date, division, seat)))
        return read

    @staticmethod
    def _column(
        rows: list[tuple[int, list[Any]]], index: int | None, parsed: ParsedOnce
    ) -> list[object]:
        """The parsed value of one column's cell in every row."""
        if index is None:
            return [parsed[(type(None), None)]] * len(rows)
        raw = [cells[index] if index < len(cells) else None for _, cells in rows]
        return list(map(parsed.__getitem__, zip(map(type, raw), raw, strict=True)))

    def resolve(self, written: str, division: str) -> str | None:
        """The registered player written exactly so, when a member of ``division`` (where
        membership is checked); None when the row-by-row reader must say something."""
        player = self.known.get(written)
        if player is None:
            found = self.names.find(written)
            if found is None or found.name != written or first_control(found.name):
                return None
            player = self.known[found.name] = found.name
        if self.season.divisions_ok and (division, player) not in self.members:
            known = self.divisions.get(division)
            if known is None or player not in known.members:
                return None
            self.members.add((division, player))
        return player


def _alone(column: Column[Any]) -> Callable[[object], object]:
    """What a cell of ``column`` gives on its own (:func:`parse_alone`), one cell at a time."""
    return lambda raw: parse_alone(column, raw)


def parse_alone(column: Column[Any], raw: object) -> object:
    """What a cell gives on its own (:data:`~mahjong_club.reading.cells.NEEDS_WORDS` where
    the row-by-row reader must say something: blank where a value is needed, an Excel
    error, a value that does not parse); blank is None where the column may be left blank."""
    if type(raw) is str and column.parse is parse_text:  # in one step: 250,000 game ids
        text = raw.strip()
        if not text:
            return NEEDS_WORDS if column.must_fill else None
        return NEEDS_WORDS if text.upper() in EXCEL_ERRORS else text
    if is_blank(raw):
        return NEEDS_WORDS if column.must_fill else None
    return parsed_alone(column.parse, raw)


def clean_game(
    season: Season, divisions: dict[str, Division], game_id: str, rows: list[GameRow]
) -> Game | None:
    """The game of ``rows`` when nothing about it needs a word (four good rows agreeing on
    the division and the date, four players, the right total: a federation's 250,000 games
    are almost all such); None leaves it to :func:`_whole_game`, which says what is wrong."""
    if len(rows) != SEATS:
        return None
    a, b, c, d = rows
    if a.seat is None or b.seat is None or c.seat is None or d.seat is None:
        return None
    if not (a.division == b.division == c.division == d.division and a.date == b.date):
        return None
    if not (a.date == c.date == d.date):
        return None
    seats = (a.seat, b.seat, c.seat, d.seat)
    if len({a.seat.player, b.seat.player, c.seat.player, d.seat.player}) != SEATS:
        return None
    division = divisions.get(a.division or "")
    if division is None:
        return None
    if check_score_total([s.score for s in seats], division.game, season.ruleset) is not None:
        return None
    return Game(game_id, division.name, seats, a.date, a.number)
