"""The ``Games`` sheet of a league: four rows per game, one per seat.

Columns ``Game``, ``Date``, ``Division``, ``Player``, ``Score`` and (optional)
``Substituted``. Every row is checked on its own first (its division exists, its player is a
member); then each game, the rows sharing a ``Game`` value, against the rules of
:mod:`rules.game_checks`: four rows, one division and one date, four different players, and
the scores adding up to the start total.

The sheet's columns are in :mod:`.games_sheet`, the fast path for clean rows in
:mod:`.games_clean`.
"""

from __future__ import annotations

import datetime as dt
from functools import cached_property
from typing import TYPE_CHECKING

from mahjong_club.common.problems import Problems
from mahjong_club.messages import league as texts
from mahjong_club.messages.core import say
from mahjong_club.model import Season
from mahjong_club.reading.columnar import ColumnarSheet, read_columns
from mahjong_club.reading.games_clean import CleanRows, clean_game
from mahjong_club.reading.games_sheet import (
    DATE,
    DIVISION,
    GAME,
    GAMES,
    PLAYER,
    SCORE,
    SUBSTITUTED,
    SUBSTITUTIONS,
    GameRow,
    four,
)
from mahjong_club.reading.names import NameBook, near_miss
from mahjong_club.reading.tables import Row, Table, Workbook, read_sheet
from rules.game_checks import (
    SEATS,
    check_players_differ,
    check_rows_agree,
    check_score_total,
    check_seat_count,
)
from rules.model import Division, Game, GameType, Seat, Substitution

if TYPE_CHECKING:
    from mahjong_club.reading.games_columns import Entry


def read_games(
    book: Workbook, season: Season, problems: Problems, *, fast: bool = True
) -> list[Game]:
    """The league's games; membership is checked only when ``season.divisions_ok``.

    ``fast`` reads the rows that need no word said about them through :class:`CleanRows`
    (each distinct cell value parsed once), and a big sheet by columns
    (:func:`~mahjong_club.reading.columnar.read_columns`); every other row, and every row
    without ``fast``, goes through the row-by-row reader that reports what is wrong. All
    give the same games and the same problems, in the same order (tests/test_games_fast.py,
    tests/test_columnar.py).
    """
    by_columns = read_columns(book, GAMES, problems, frozenset({DATE.name})) if fast else None
    table = by_columns.table if by_columns is not None else read_sheet(book, GAMES, problems)
    if table is None:
        return []
    season.games_readable = True
    divisions = {d.name: d for d in season.divisions}
    if by_columns is not None:
        entries = _by_columns(by_columns, book, season, divisions)
    else:
        entries = _by_rows(table, book, season, divisions, fast)
    games: list[Game] = []
    as_of = season.settings.as_of
    late: list[Game] = []
    for entry in entries:
        if isinstance(entry, Game):
            game: Game | None = entry  # clean for certain (games_columns.py)
        else:
            game_id, rows = entry
            game = clean_game(season, divisions, game_id, rows) if fast else None
            game = game or _whole_game(table, season, divisions, game_id, rows)
        if game is None:
            continue
        if as_of is not None and game.date is not None and game.date > as_of:
            late.append(game)
        games.append(game)
    if late and as_of is not None:
        _report_late(table, late, as_of)
    return games


def _by_rows(
    table: Table, book: Workbook, season: Season, divisions: dict[str, Division], fast: bool
) -> list[Entry]:
    """Each game id with its rows, in the order of the first row: the clean rows through
    :class:`CleanRows` (with ``fast``), the others through the row-by-row reader."""
    formulas = table.formula_rows()
    clean: list[tuple[str, GameRow] | None] = [None] * len(table.rows)
    if fast:
        clean = CleanRows(table, book.names, season, divisions).read_all(table.rows, formulas)
    grouped: dict[str, list[GameRow]] = {}
    members = _Members(season)
    for (number, cells), read in zip(table.rows, clean, strict=True):
        if read is None:
            row = Row(table, number, cells, number in formulas)
            read = _read_row(row, book.names, members, divisions)
        if read is not None:
            season.game_ids_written.add(read[0])
            grouped.setdefault(read[0], []).append(read[1])
    return list(grouped.items())


def _by_columns(
    sheet: ColumnarSheet, book: Workbook, season: Season, divisions: dict[str, Division]
) -> list[Entry]:
    """The games of a sheet read by columns, in the order of the first row: the clean ones
    made at once (:class:`ColumnGames`), each other one with its rows; the rows with
    anything to say read by the row-by-row reader, in row order."""
    from mahjong_club.reading.games_columns import ColumnGames  # numpy: for big sheets only

    clean = CleanRows(sheet.table, book.names, season, divisions)
    columns = ColumnGames(sheet, clean, divisions, season.ruleset)
    formulas = sheet.table.formula_rows()
    read: dict[int, tuple[str, GameRow] | None] = {}
    members = _Members(season)
    for k in columns.doubtful():
        number = sheet.numbers[k]
        row = Row(sheet.table, number, sheet.cells(k), number in formulas)
        read[k] = _read_row(row, book.names, members, divisions)
    entries, written = columns.entries(read)
    sheet.release()
    season.game_ids_written |= written
    return entries


class _Members:
    """Who is a member of which division, worked out once for the rows whose player is not
    a member of their game's division (a sheet can have a million of them)."""

    def __init__(self, season: Season) -> None:
        self.season = season

    @cached_property
    def homes(self) -> dict[str, list[Division]]:
        """Each member's divisions, in the Divisions sheet's order."""
        found: dict[str, list[Division]] = {}
        for division in self.season.divisions:
            for member in division.members:
                found.setdefault(member, []).append(division)
        return found


def _read_row(
    row: Row, names: NameBook, members: _Members, divisions: dict[str, Division]
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
    checked = (
        _check_member(row, members, divisions, division, player)
        if members.season.divisions_ok
        else not names.unknown_here(row, PLAYER, player)
    )
    if not checked or not row.ok:
        seat = None
    return game_id, GameRow(row.number, date, division, seat, None if seat else score)


def _check_member(
    row: Row,
    members_of: _Members,
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
    homes = members_of.homes.get(player, [])
    listed = bool(homes) or player in members_of.season.players  # a member, or in Players
    game = divisions[division].game  # the hint names divisions of the game's own type
    elsewhere = ", ".join(repr(d.name) for d in homes if d.game is game)
    row.error(
        PLAYER,
        texts.NOT_A_MEMBER_LISTED if listed else texts.UNKNOWN_IN_DIVISION,
        player=player,
        division=division,
        hint=near_miss(player, list(members)),
        members=", ".join(members),
        elsewhere=say(texts.MEMBER_ELSEWHERE, divisions=elsewhere) if elsewhere else "",
    )
    return False


def _whole_game(
    table: Table,
    season: Season,
    divisions: dict[str, Division],
    game_id: str,
    rows: list[GameRow],
) -> Game | None:
    """The game of ``rows`` when it keeps every rule of a game; None (reported) otherwise."""
    if len(rows) > SEATS and _reused(table, game_id, rows):
        return None
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
    if not ok or division is None:
        return None
    # every score read, even a bad row's (an unknown player): said to add up wrong too
    scores = [r.seat.score if r.seat is not None else r.score for r in rows]
    known = [score for score in scores if score is not None]
    if len(known) != len(rows):
        return None
    wrong = check_score_total(known, division.game, season.ruleset)
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
    if len(seats) != len(rows):
        return None
    return Game(game_id, division.name, four(seats), rows[0].date, first)


def _reused(table: Table, game_id: str, rows: list[GameRow]) -> bool:
    """True (reported, once) when ``rows`` are whole games under one number: split by date
    and division, every part has four rows. A game number typed again for another night's
    game gave an error for every row that disagreed, and none said what had happened."""
    parts: dict[tuple[dt.date | None, str | None], list[GameRow]] = {}
    for row in rows:
        parts.setdefault((row.date, row.division), []).append(row)
    if len(parts) < 2 or any(len(part) != SEATS for part in parts.values()):
        return False
    games = ", ".join(
        f"{_span([r.number for r in part])} ({date or '-'}, {division or '-'})"
        for (date, division), part in parts.items()
    )
    table.error(
        rows[0].number, GAME, texts.GAME_REUSED, game=game_id, count=len(parts), games=games
    )
    return True


def _span(numbers: list[int]) -> str:
    """Rows ``22–25`` when they follow one another, else each: ``22, 23, 30, 31``."""
    if numbers == list(range(numbers[0], numbers[0] + len(numbers))):
        return f"{numbers[0]}–{numbers[-1]}"
    return ", ".join(map(str, numbers))


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
            agreed=wrong_date.agreed,  # a date: in words in a Danish message
            row=wrong_date.agreed_row,
            value=wrong_date.value,
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
        as_of=as_of,
        game=first.id,
        date=first.date,
    )


__all__ = ["SUBSTITUTIONS", "four", "read_games"]
