"""The ``Games`` sheet of a league: four rows per game, one per seat.

Columns ``Game``, ``Date``, ``Division``, ``Player``, ``Score`` and (optional)
``Substituted``. Every row is checked on its own first (its division exists, its player is a
member); then each game, the rows sharing a ``Game`` value, against the rules of
:mod:`rules.game_checks`: four rows, one division and one date, four different players, and
the scores adding up to the start total.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any, cast

from mahjong_club.common.problems import Problems
from mahjong_club.common.text import first_control
from mahjong_club.messages import cells as cell_texts
from mahjong_club.messages import league as texts
from mahjong_club.model import Season
from mahjong_club.reading.cells import (
    CellError,
    as_error_cell,
    is_blank,
    parse_date,
    parse_int,
    parse_keyword,
    parse_text,
)
from mahjong_club.reading.names import NameBook, near_miss
from mahjong_club.reading.schema import Column, Schema
from mahjong_club.reading.tables import Row, Table, Workbook, read_sheet
from rules.game_checks import (
    SEATS,
    check_players_differ,
    check_rows_agree,
    check_score_total,
    check_seat_count,
)
from rules.model import Division, Game, GameType, Seat, Substitution

SUBSTITUTIONS = {
    "yes": Substitution.START,
    "x": Substitution.START,
    "ja": Substitution.START,
    "start": Substitution.START,
    "during": Substitution.DURING,
    "no": Substitution.NONE,
    "nej": Substitution.NONE,
    "-": Substitution.NONE,
}


def parse_substitution(value: object) -> Substitution:
    """Blank (not substituted), ``yes``/``x``/``start`` or ``during``."""
    return parse_keyword(value, SUBSTITUTIONS, texts.WHAT_SUBSTITUTED)


GAME = Column("Game", parse_text, texts.WHAT_GAME_NUMBER, danish="Spil")
DATE = Column("Date", parse_date, cell_texts.WHAT_DATE, danish="Dato")
DIVISION = Column("Division", parse_text, cell_texts.WHAT_DIVISION)
PLAYER = Column("Player", parse_text, cell_texts.WHAT_PLAYER, danish="Spiller")
SCORE = Column("Score", parse_int, cell_texts.WHAT_SCORE, danish="Point")
SUBSTITUTED = Column("Substituted", parse_substitution, required=False)
GAMES = Schema("Games", (GAME, DATE, DIVISION, PLAYER, SCORE, SUBSTITUTED))


@dataclass(frozen=True)
class GameRow:
    """One row of a game: its Excel row, date, division, and seat (None when the row is bad)."""

    number: int
    date: dt.date | None
    division: str | None
    seat: Seat | None


def four(seats: list[Seat]) -> tuple[Seat, Seat, Seat, Seat]:
    """The four seats of a checked game as the model's 4-tuple."""
    east, south, west, north = seats
    return (east, south, west, north)


def read_games(
    book: Workbook, season: Season, problems: Problems, *, fast: bool = True
) -> list[Game]:
    """The league's games; membership is checked only when ``season.divisions_ok``.

    ``fast`` reads the rows that need no word said about them through :class:`CleanRows`
    (each distinct cell value parsed once); every other row, and every row without
    ``fast``, goes through the row-by-row reader that reports what is wrong. Both give the
    same games and the same problems, in the same order (tests/test_games_fast.py).
    """
    table = read_sheet(book, GAMES, problems)
    if table is None:
        return []
    season.games_readable = True
    divisions = {d.name: d for d in season.divisions}
    grouped: dict[str, list[GameRow]] = {}
    clean = CleanRows(table, book.names, season, divisions) if fast else None
    formulas = table.formula_rows()
    for number, cells in table.rows:
        uncached = number in formulas
        read = clean.read(number, cells) if clean is not None and not uncached else None
        if read is None:
            row = Row(table, number, cells, uncached)
            read = _read_row(row, book.names, season, divisions)
        if read is not None:
            season.game_ids_written.add(read[0])
            grouped.setdefault(read[0], []).append(read[1])
    games: list[Game] = []
    as_of = season.settings.as_of
    late: list[Game] = []
    for game_id, rows in grouped.items():
        game = _clean_game(season, divisions, game_id, rows) if fast else None
        game = game or _whole_game(table, season, divisions, game_id, rows)
        if game is None:
            continue
        if as_of is not None and game.date is not None and game.date > as_of:
            late.append(game)
        games.append(game)
    if late and as_of is not None:
        _report_late(table, late, as_of)
    return games


#: What a cell of a column read on its own gave: its value, or that the cell needs the
#: row-by-row reader (blank where a value is needed, an Excel error, a value that does not
#: parse: the reader reports it).
_NEEDS_WORDS = object()
#: A cell value not parsed yet (a blank optional cell parses to None).
_UNSEEN = object()


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
        columns: tuple[Column[Any], ...] = (GAME, DATE, DIVISION, PLAYER, SCORE, SUBSTITUTED)
        self.at = [table.positions.get(c.name) for c in columns]
        self.columns = columns
        # parsed values by column, keyed by (type, value): True and 1 are different cells
        self.parsed: list[dict[tuple[type, object], object]] = [{} for _ in columns]
        self.known: dict[str, str] = {}  # written player -> registered name (exactly it)
        self.members: set[tuple[str, str]] = set()

    def read(self, number: int, cells: list[object]) -> tuple[str, GameRow] | None:
        """The row's game id and row, or None when the row needs the row-by-row reader
        (the caller leaves rows with a formula without a saved value to that reader)."""
        values = []
        for index, column, parsed in zip(self.at, self.columns, self.parsed, strict=True):
            raw = cells[index] if index is not None and index < len(cells) else None
            key = (type(raw), raw)
            value = parsed.get(key, _UNSEEN)
            if value is _UNSEEN:
                value = parsed[key] = _parse_alone(column, raw)
            if value is _NEEDS_WORDS:
                return None
            values.append(value)
        game_id, division, written = cast(str, values[0]), cast(str, values[2]), values[3]
        player = self.known.get(cast(str, written))
        if player is None:
            found = self.names.find(cast(str, written))
            if found is None or found.name != written or first_control(found.name):
                return None
            player = self.known[found.name] = found.name
        if self.season.divisions_ok and (division, player) not in self.members:
            known = self.divisions.get(division)
            if known is None or player not in known.members:
                return None
            self.members.add((division, player))
        sub = cast(Substitution | None, values[5]) or Substitution.NONE
        seat = Seat(player, cast(int, values[4]), sub, number)
        return game_id, GameRow(number, cast(dt.date, values[1]), division, seat)


def _parse_alone(column: Column[Any], raw: object) -> object:
    """What a cell gives on its own (see :data:`_NEEDS_WORDS`): blank is None where the
    column may be left blank."""
    if as_error_cell(raw) is not None:
        return _NEEDS_WORDS
    if is_blank(raw):
        return _NEEDS_WORDS if column.must_fill else None
    try:
        return column.parse(raw)
    except CellError:
        return _NEEDS_WORDS


def _read_row(
    row: Row, names: NameBook, season: Season, divisions: dict[str, Division]
) -> tuple[str, GameRow] | None:
    """A row's game id and seat; None when it has no game id (reported)."""
    game_id = row.value(GAME)
    date = row.value(DATE)
    division = row.value(DIVISION)
    player = names.resolve(row, PLAYER, row.value(PLAYER))
    score = row.value(SCORE)
    sub = row.value(SUBSTITUTED) or Substitution.NONE
    if game_id is None:
        return None
    seat = None
    if player is not None and score is not None:
        seat = Seat(player, score, sub, row.number)
    if season.divisions_ok and not _check_member(row, season, divisions, division, player):
        seat = None
    if not row.ok:
        seat = None
    return game_id, GameRow(row.number, date, division, seat)


def _check_member(
    row: Row,
    season: Season,
    divisions: dict[str, Division],
    division: str | None,
    player: str | None,
) -> bool:
    """The row's division exists and its player is a member; False (reported) otherwise."""
    if division is None:
        return True
    if division not in divisions:
        known = ", ".join(repr(d) for d in divisions)
        close = near_miss(division, list(divisions))
        row.error(
            DIVISION, texts.UNKNOWN_DIVISION_LISTED, division=division, hint=close, known=known
        )
        return False
    if player is None:
        return True
    members = divisions[division].members
    if player in members:
        return True
    known_players = season.players or {m for d in season.divisions for m in d.members}
    what = texts.NOT_A_MEMBER_LISTED if player in known_players else texts.UNKNOWN_IN_DIVISION
    row.error(
        PLAYER,
        what,
        player=player,
        division=division,
        hint=near_miss(player, list(members)),
        members=", ".join(members),
    )
    return False


def _clean_game(
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


def _whole_game(
    table: Table,
    season: Season,
    divisions: dict[str, Division],
    game_id: str,
    rows: list[GameRow],
) -> Game | None:
    """The game of ``rows`` when it keeps every rule of a game; None (reported) otherwise."""
    first = rows[0].number
    numbers = ", ".join(str(r.number) for r in rows)
    ok = True
    wrong_count = check_seat_count(len(rows))
    if wrong_count is not None:
        table.error(first, GAME, texts.GAME_ROW_COUNT, game=game_id, count=len(rows), rows=numbers)
        ok = False
    ok = _rows_agree(table, game_id, rows) and ok
    seats = [r.seat for r in rows if r.seat is not None]
    for twice in check_players_differ([(s.row or 0, s.player) for s in seats]):
        table.error(
            twice.row,
            PLAYER,
            texts.SITS_TWICE_IN_GAME,
            player=twice.player,
            game=game_id,
            first=twice.first,
            row=twice.row,
        )
        ok = False
    division = divisions.get(rows[0].division or "")
    if not ok or len(seats) != len(rows) or division is None:
        return None
    wrong = check_score_total([s.score for s in seats], division.game, season.ruleset)
    if wrong is not None:
        riichi = division.game is GameType.RIICHI
        what = texts.GAME_TOTAL_RIICHI if riichi else texts.GAME_TOTAL_MCR
        table.error(
            first,
            SCORE,
            what,
            game=game_id,
            rows=numbers,
            total=wrong.total,
            expected=wrong.expected,
            start=season.ruleset.start_points,
        )
        return None
    return Game(game_id, division.name, four(seats), rows[0].date, first)


def _rows_agree(table: Table, game_id: str, rows: list[GameRow]) -> bool:
    """The rows of a game give one division and one date; False (reported) otherwise."""
    ok = True
    divisions = [(r.number, r.division) for r in rows if r.division is not None]
    for wrong in check_rows_agree(divisions):
        table.error(
            wrong.row,
            DIVISION,
            texts.GAME_DIVISION_DISAGREES,
            game=game_id,
            agreed=wrong.agreed,
            row=wrong.agreed_row,
            value=wrong.value,
        )
        ok = False
    dates = [(r.number, r.date) for r in rows if r.date is not None]
    for wrong_date in check_rows_agree(dates):
        table.error(
            wrong_date.row,
            DATE,
            texts.GAME_DATE_DISAGREES,
            game=game_id,
            agreed=wrong_date.agreed.isoformat(),
            row=wrong_date.agreed_row,
            value=wrong_date.value.isoformat(),
        )
        ok = False
    return ok


def _report_late(table: Table, late: list[Game], as_of: dt.date) -> None:
    """One warning for the games dated after ``as_of`` (they are counted all the same)."""
    first = late[0]
    assert first.date is not None
    what = texts.GAME_AFTER_AS_OF if len(late) == 1 else texts.GAMES_AFTER_AS_OF
    table.warning(
        first.row,
        DATE,
        what,
        count=len(late),
        as_of=as_of.isoformat(),
        game=first.id,
        date=first.date.isoformat(),
    )
