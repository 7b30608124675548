"""A one-off riichi tournament (rules.md 4): the ``Games`` sheet with ``Session`` and ``Table``.

Four rows per table and session; every player has exactly one row per session (a
substitute's row stays under the replaced player's name). One ranking, named after the
``tournament`` setting; ``Penalties`` and ``Dice`` are read as for a league.

A session whose ``Score`` cells are all blank has not been played yet: its seats are the
draw's plan (:attr:`Season.planned <mahjong_club.model.Season.planned>`, with the optional
``Seat`` column's winds), not games. In a session with scores, each blank ``Score`` is an
error, as a partly filled row is (a table whose scores were forgotten is not taken for a
plan).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from mahjong_club.common.problems import Problems
from mahjong_club.common.text import natural_key
from mahjong_club.messages import cells as cell_texts
from mahjong_club.messages import tournament_sheets as texts
from mahjong_club.messages.core import say
from mahjong_club.model import PlannedSeat, Season, Settings
from mahjong_club.reading.cells import parse_date, parse_int, parse_keyword, parse_text
from mahjong_club.reading.dice import read_dice
from mahjong_club.reading.games import SUBSTITUTIONS, four
from mahjong_club.reading.hands import parse_wind
from mahjong_club.reading.names import NameBook, near_miss
from mahjong_club.reading.penalties import read_penalties
from mahjong_club.reading.schema import Column, Schema
from mahjong_club.reading.tables import Row, Table, Workbook, read_sheet
from rules.game_checks import (
    check_rows_agree,
    check_score_total,
    check_seat_count,
    missing_from_session,
)
from rules.model import Division, Game, GameType, Seat, Substitution


def parse_substitution(value: object) -> Substitution:
    """Blank (not substituted), ``start`` (or ``yes``/``x``) or ``during``."""
    return parse_keyword(value, SUBSTITUTIONS, texts.WHAT_SUBSTITUTED_TOURNAMENT)


SESSION = Column("Session", parse_text, cell_texts.WHAT_SESSION)
TABLE = Column("Table", parse_text, cell_texts.WHAT_TABLE)
PLAYER = Column("Player", parse_text, cell_texts.WHAT_PLAYER, danish="Spiller")
SCORE = Column("Score", parse_int, cell_texts.WHAT_SCORE, danish="Point", blank_ok=True)
SUBSTITUTED = Column(
    "Substituted", parse_substitution, required=False, danish="Erstattet|Vikar|Substitueret"
)
GAME = Column("Game", parse_text, required=False, danish="Spil")
DATE = Column("Date", parse_date, required=False, danish="Dato")
SEAT = Column("Seat", parse_wind, required=False, danish="Plads")
T = TypeVar("T")

TOURNAMENT_GAMES = Schema("Games", (SESSION, TABLE, PLAYER, SCORE, SUBSTITUTED, GAME, DATE, SEAT))


def game_type(settings: Settings) -> GameType:
    """The tournament's game: the ``game`` setting, Riichi by default."""
    return GameType.MCR if settings.game == GameType.MCR else GameType.RIICHI


def tournament_name(settings: Settings) -> str:
    """The ranking's name: the ``tournament`` setting, else ``club``."""
    return settings.tournament or settings.club or "Tournament"


@dataclass(frozen=True)
class _TableRow:
    number: int
    seat: Seat | None
    game_id: str | None
    date: dt.date | None
    player: str | None = None
    scored: bool = True
    wind: str = ""
    substituted: bool = False


@dataclass
class _Seating:
    """The rows of each (session, table), where each player sits, and the players in order."""

    tables: dict[tuple[str, str], list[_TableRow]] = field(default_factory=dict)
    seated: dict[tuple[str, str], tuple[int, str]] = field(default_factory=dict)
    players: list[str] = field(default_factory=list)


def read_tournament(book: Workbook, season: Season, problems: Problems) -> Season:
    """Read the tournament's games (and penalties and dice) into ``season``, and return it."""
    season.has_league = True
    season.tournament = True
    if book.find(TOURNAMENT_GAMES.sheet) is None:
        sheets = ", ".join(repr(s) for s in book.sheet_names)
        problems.error("Games", None, "", texts.TOURNAMENT_NO_GAMES, sheets=sheets)
        return season
    table = read_sheet(book, TOURNAMENT_GAMES, problems)
    if table is None:
        return season
    season.games_readable = True
    name = tournament_name(season.settings)
    seating = _Seating()
    for row in table:
        _read_row(row, book.names, season, seating)
    _check_sessions(table, seating)
    played = {s for (s, _), rows in seating.tables.items() if any(r.scored for r in rows)}
    _unscored_before_played(table, seating, played)
    named: dict[str, Game] = {}  # each game by its id, to refuse one id for two tables
    for (session, number), rows in sorted(
        seating.tables.items(), key=lambda kv: (natural_key(kv[0][0]), natural_key(kv[0][1]))
    ):
        if session not in played:  # not played yet: the draw's plan
            _four_seats(table, session, number, rows)
            season.planned += [
                PlannedSeat(session, number, r.player, r.wind, r.substituted)
                for r in rows
                if r.player
            ]
            continue
        game = _table_game(table, season, name, session, number, rows)
        if game is not None and _named_once(table, game, named):
            season.games.append(game)
    season.divisions = [Division(name, game_type(season.settings), 1, tuple(seating.players))]
    if book.find("Penalties") is not None:
        season.penalties = read_penalties(book, season, problems)
    if book.find("Dice") is not None:
        season.dice = read_dice(book, season, problems)
    return season


def _read_row(row: Row, names: NameBook, season: Season, seating: _Seating) -> None:
    """One row: its seat at its session's table; a player seated twice in a session is an error."""
    session = row.value(SESSION)
    number = row.value(TABLE)
    player = names.resolve(row, PLAYER, row.value(PLAYER))
    score = row.value(SCORE)
    sub = row.value(SUBSTITUTED) or Substitution.NONE
    game_id = row.value(GAME)
    date = row.value(DATE)
    if session is None or number is None:
        return
    season.game_ids_written.add(game_id or f"{session}/{number}")
    wind = row.value(SEAT)
    seat = None
    if player is not None and score is not None and row.ok:
        seat = Seat(player, score, sub, row.number)
    if player is not None:
        if player not in seating.players:
            seating.players.append(player)
            _listed(row, season, player)
        if (session, player) in seating.seated:
            first, where = seating.seated[(session, player)]
            row.error(
                PLAYER,
                texts.SITS_TWICE_IN_SESSION,
                player=player,
                session=session,
                table=where,
                row=first,
                other_table=number,
            )
            seat = None
        else:
            seating.seated[(session, player)] = (row.number, number)
    seating.tables.setdefault((session, number), []).append(
        _TableRow(
            row.number,
            seat,
            game_id,
            date,
            player,
            score is not None or row.raw(SCORE) is not None or row.is_error(SCORE),  # filled
            wind.value if wind else "",
            sub is not Substitution.NONE,
        )
    )


def _listed(row: Row, season: Season, player: str) -> None:
    """A warning, at the first row of a player the workbook's Players sheet does not list
    (a misspelt name, above all, which is otherwise a player of its own and a row missing
    from every session for the real one), with the listed name it is closest to."""
    if season.players and player not in season.players:
        hint = near_miss(player, list(season.players))
        row.warning(PLAYER, texts.TOURNAMENT_NOT_LISTED, player=player, hint=hint)


def _check_sessions(table: Table, seating: _Seating) -> None:
    """Every player has a row in every session; a player missing from several sessions (a
    name misspelt in one row: a player of their own) is said once, not once per session."""
    order = sorted({s for s, _ in seating.tables}, key=natural_key)
    missing: dict[str, list[str]] = {}  # player -> the sessions without their row
    for session in order:
        present = {p for (s, p) in seating.seated if s == session}
        for player in missing_from_session(seating.players, present):
            missing.setdefault(player, []).append(session)
    for session in order:
        alone = [p for p, sessions in missing.items() if sessions == [session]]
        if alone:
            table.error(
                None,
                PLAYER,
                texts.SESSION_MISSING_PLAYERS,
                session=session,
                players=", ".join(alone),
            )
    for player, sessions in missing.items():
        if len(sessions) > 1:
            shown = ", ".join(sessions)
            table.error(None, PLAYER, texts.PLAYER_MISSING_SESSIONS, player=player, sessions=shown)


def _unscored_before_played(table: Table, seating: _Seating, played: set[str]) -> None:
    """A session without scores before one with scores is warned of, on its first row: it is
    taken for a session still to come (its slips not typed yet, or a plan never played)."""
    order = sorted({s for s, _ in seating.tables}, key=natural_key)
    for n, session in enumerate(order):
        later = next((s for s in order[n + 1 :] if s in played), None)
        if session not in played and later is not None:
            first = min(
                r.number for (s, _), rows in seating.tables.items() if s == session for r in rows
            )
            table.warning(first, SCORE, texts.SESSION_UNSCORED_BEFORE, session=session, later=later)


def _four_seats(table: Table, session: str, number: str, rows: list[_TableRow]) -> bool:
    """Whether the table has four rows; an error on its first row otherwise."""
    if check_seat_count(len(rows)) is None:
        return True
    numbers = ", ".join(str(r.number) for r in rows)
    table.error(
        rows[0].number,
        TABLE,
        texts.TABLE_SEAT_COUNT,
        table=number,
        session=session,
        count=len(rows),
        rows=numbers,
    )
    return False


def _table_game(
    table: Table, season: Season, name: str, session: str, number: str, rows: list[_TableRow]
) -> Game | None:
    """The game at one table of one session; None (reported) when it breaks a rule."""
    first = rows[0].number
    numbers = ", ".join(str(r.number) for r in rows)
    if not _four_seats(table, session, number, rows):
        return None
    for r in rows:
        if not r.scored:
            table.error(r.number, SCORE, cell_texts.PARTLY_FILLED, what=cell_texts.WHAT_SCORE)
    seats = [r.seat for r in rows if r.seat is not None]
    if len(seats) != len(rows):
        return None
    game = game_type(season.settings)
    wrong = check_score_total([s.score for s in seats], game, season.ruleset)
    if wrong is not None:
        table.error(
            first,
            SCORE,
            texts.TABLE_TOTAL if game is GameType.RIICHI else texts.TABLE_TOTAL_MCR,
            table=number,
            session=session,
            rows=numbers,
            total=wrong.total,
            expected=wrong.expected,
            start=season.ruleset.start_points,
            hint=say(texts.HINT_MCR_SCORES) if wrong.total == 0 else "",
        )
        return None
    during = [s for s in seats if s.substitution is Substitution.DURING]
    if len(during) > 1:
        table.warning(
            first, SUBSTITUTED, texts.TWO_DURING, count=len(during), table=number, session=session
        )
    written = _agreed(table, session, number, [(r.number, r.game_id) for r in rows], GAME)
    date = _agreed(table, session, number, [(r.number, r.date) for r in rows], DATE)
    if written is False or date is False:
        return None
    game_id = written or f"{session}/{number}"
    return Game(game_id, name, four(seats), date or None, first, session, number)


def _agreed(
    table: Table, session: str, number: str, values: list[tuple[int, T]], column: Column[Any]
) -> T | Literal[False] | None:
    """What the rows of one table give in ``column`` (a game's name or date, which belong to
    the table as a whole): None when none gives one, False (reported) when they differ."""
    given = [(row, value) for row, value in values if value is not None]
    wrong = check_rows_agree(given)
    for disagreement in wrong:
        what = texts.TABLE_GAME_DISAGREES if column is GAME else texts.TABLE_DATE_DISAGREES
        shown = [
            v.isoformat() if isinstance(v, dt.date) else v
            for v in (disagreement.agreed, disagreement.value)
        ]
        table.error(
            disagreement.row,
            column,
            what,
            table=number,
            session=session,
            agreed=shown[0],
            row=disagreement.agreed_row,
            value=shown[1],
        )
    if wrong:
        return False
    return given[0][1] if given else None  # given on some rows only, it is the table's


def _named_once(table: Table, game: Game, named: dict[str, Game]) -> bool:
    """True the first time ``game``'s id is given to a table; after that an error (every
    table's game is told apart by its id: penalties, the site, last week's standings)."""
    other = named.setdefault(game.id, game)
    if other is game:
        return True
    table.error(
        game.row,
        GAME,
        texts.TABLE_GAME_TWICE,
        table=game.table,
        session=game.session,
        game=game.id,
        other_table=other.table,
        other_session=other.session,
        row=other.row,
    )
    return False
