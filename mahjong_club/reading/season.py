"""Reading and validating a league season workbook into the rules' model.

Sheets: ``Settings`` (optional), ``Players`` (optional), ``Divisions``, ``Games``,
``Penalties`` (optional), ``Dice`` (optional). Every problem is collected with its sheet,
Excel row and column, so the organiser sees all of them in one run.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from mahjong_club.common.problems import Problems
from mahjong_club.common.text import did_you_mean, natural_key
from mahjong_club.reading.attendance import AttendanceSheet, Night, read_attendance, read_nights
from mahjong_club.reading.cells import (
    parse_date,
    parse_int,
    parse_keyword,
    parse_number,
    parse_text,
)
from mahjong_club.reading.duplicate import DuplicateInput, read_duplicate
from mahjong_club.reading.formulas import find_uncached_formulas
from mahjong_club.reading.hands import Hand, read_hands
from mahjong_club.reading.plans import Signup, read_schedule, read_signups
from mahjong_club.reading.settings import Settings, read_settings
from mahjong_club.reading.tables import Column, Table, Workbook, WorkbookError, read_table
from rules.model import (
    DiceRoll,
    Division,
    Game,
    GameType,
    Penalty,
    PenaltyKind,
    Seat,
    Substitution,
)
from rules.penalties import PenaltyError, penalty_points
from rules.ruleset import Ruleset
from rules.schedule import PlannedGame

EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s.]+$")
GAME_TYPES = {"mcr": GameType.MCR, "riichi": GameType.RIICHI}
SUBSTITUTED = {
    "yes": Substitution.START,
    "x": Substitution.START,
    "ja": Substitution.START,
    "start": Substitution.START,
    "during": Substitution.DURING,
    "no": Substitution.NONE,
    "nej": Substitution.NONE,
    "-": Substitution.NONE,
}
PENALTY_KINDS = {k.value: k for k in PenaltyKind}

#: The sheets this reader looks at (their formulas are checked for saved values).
INPUT_SHEETS = (
    "Settings",
    "Players",
    "Divisions",
    "Games",
    "Penalties",
    "Dice",
    "Nights",
    "Attendance",
    "Signups",
    "Schedule",
    "Hands",
    "Seating",
    "Boards",
    "IMP scale",
)


@dataclass(frozen=True)
class PlayerInfo:
    """A row of the ``Players`` sheet."""

    name: str
    email: str = ""
    rating: Fraction | None = None
    ema: str = ""
    country: str = ""


@dataclass
class Season:
    """Everything read from a league workbook, validated."""

    settings: Settings = field(default_factory=Settings)
    ruleset: Ruleset = field(default_factory=Ruleset)
    players: dict[str, PlayerInfo] = field(default_factory=dict)
    divisions: list[Division] = field(default_factory=list)
    games: list[Game] = field(default_factory=list)
    penalties: list[Penalty] = field(default_factory=list)
    dice: list[DiceRoll] = field(default_factory=list)
    has_league: bool = False
    nights: list[Night] = field(default_factory=list)
    attendance: AttendanceSheet | None = None
    signups: list[Signup] | None = None
    schedule: list[PlannedGame] | None = None
    hands: list[Hand] | None = None
    duplicate: DuplicateInput | None = None
    tournament: bool = False
    #: Game ids written in the Games sheet, also those of rows with errors (already reported),
    #: and whether that sheet could be read at all.
    game_ids_written: set[str] = field(default_factory=set)
    games_readable: bool = False


def _suggest(name: str, known: list[str]) -> str:
    close = did_you_mean(name, known)
    return f" (did you mean {close!r}?)" if close else ""


def _fmt(number: int | Fraction) -> str:
    return f"{number:,}" if isinstance(number, int) else str(number)


def read_season(path: Path) -> tuple[Season, Problems]:
    """Read the league sheets of the workbook at ``path``; problems are returned, not raised.

    Raises :class:`WorkbookError` when the file is not a readable .xlsx workbook.
    """
    problems = Problems()
    book = Workbook(path)
    season = Season()
    _check_formulas(path, book, problems)
    season.settings, season.ruleset = read_settings(book, problems)
    if book.find("Players") is not None:
        season.players = _read_players(book, problems)
    if season.settings.mode == "tournament":
        return _read_tournament(book, season, problems), problems
    if book.find("Hands") is not None:
        season.hands = read_hands(book, problems)
    season.duplicate = read_duplicate(book, problems)
    has_divisions = book.find("Divisions") is not None
    has_games = book.find("Games") is not None
    season.has_league = has_divisions or has_games
    if not season.has_league:
        _check_something_to_do(book, season, problems)
        return season, problems
    if not has_divisions or not has_games:
        missing = "Divisions" if not has_divisions else "Games"
        problems.error(
            missing,
            None,
            "",
            f"the workbook has no {missing!r} sheet, needed for division standings;"
            f" its sheets are: {', '.join(repr(s) for s in book.sheet_names)}",
        )
    divisions_ok = True
    if has_divisions:
        season.divisions, divisions_ok = _read_divisions(book, season, problems)
    if has_games:
        season.games = _read_games(book, season, problems, check_members=divisions_ok)
    if book.find("Penalties") is not None:
        season.penalties = _read_penalties(book, season, problems, divisions_ok)
    if book.find("Dice") is not None:
        season.dice = _read_dice(book, season, problems, divisions_ok)
    if book.find("Nights") is not None:
        season.nights = read_nights(book, problems)
    if book.find("Attendance") is not None:
        # A sheet with only its header row (as in the template) counts as absent.
        season.attendance = read_attendance(book, problems) or None
        if season.attendance is not None and not season.attendance.rows:
            season.attendance = None
    if book.find("Signups") is not None:
        season.signups = read_signups(book, problems) or None
    if book.find("Schedule") is not None and divisions_ok:
        season.schedule = read_schedule(book, season.divisions, problems) or None
    return season, problems


LEAGUE_ONLY_SHEETS = ("Nights", "Attendance", "Signups", "Schedule", "Penalties", "Dice")


def _check_something_to_do(book: Workbook, season: Season, problems: Problems) -> None:
    """A workbook with no league: say which sheets are ignored, or that nothing is there."""
    if season.hands is None and season.duplicate is None:
        problems.error(
            "",
            None,
            "",
            "nothing to process: the workbook has no 'Divisions' and 'Games' sheets (a league),"
            " no 'Hands' sheet (classical scoring) and no 'Seating' and 'Boards' sheets"
            f" (duplicate); its sheets are: {', '.join(repr(s) for s in book.sheet_names)}",
        )
        return
    for name in LEAGUE_ONLY_SHEETS:
        actual = book.find(name)
        if actual is not None:
            problems.warning(
                actual,
                None,
                "",
                f"the {name!r} sheet is ignored: it belongs to a league, which needs the"
                " 'Divisions' and 'Games' sheets",
            )


def _check_formulas(path: Path, book: Workbook, problems: Problems) -> None:
    names = [n for s in INPUT_SHEETS if (n := book.find(s)) is not None]
    try:
        uncached = find_uncached_formulas(path, names)
    except Exception as exc:  # a malformed package: calamine read it, so only warn
        problems.warning("", None, "", f"could not check formulas for saved values: {exc}")
        return
    for cell in uncached:
        book.uncached.add((cell.sheet, cell.row, cell.column))
        problems.error(
            cell.sheet,
            cell.row,
            _column_name(book, cell.sheet, cell.column),
            f"the formula ={cell.formula} has no saved value (the file was written by a"
            " program that does not calculate); open the workbook in Excel or LibreOffice,"
            " save it, and run again",
        )


def _column_name(book: Workbook, sheet: str, column: int) -> str:
    from mahjong_club.workbook.xlsx import column_letter

    for row in book.rows(sheet):
        if any(v is not None for v in row):
            header = row[column] if column < len(row) else None
            letter = column_letter(column)
            return f"{str(header).strip()} ({letter})" if header is not None else letter
    return column_letter(column)


def _read_players(book: Workbook, problems: Problems) -> dict[str, PlayerInfo]:
    columns = [
        Column("Player"),
        Column("Email", required=False),
        Column("Rating", required=False),
        Column("EMA", required=False),
        Column("Country", required=False),
    ]
    table = read_table(book, "Players", columns, problems)
    players: dict[str, PlayerInfo] = {}
    if table is None:
        return players
    first_row: dict[str, int] = {}
    for row in table:
        name = row.get(problems, "Player", parse_text, what="the player's name")
        email = row.get(problems, "Email", parse_text, required=False) or ""
        rating = row.get(problems, "Rating", parse_number, required=False)
        ema = row.get(problems, "EMA", parse_text, required=False) or ""
        country = row.get(problems, "Country", parse_text, required=False) or ""
        if name is None:
            continue
        if name in first_row:
            problems.error(
                table.sheet,
                row.number,
                table.column_label("Player"),
                f"{name!r} is listed twice (also in row {first_row[name]}); names must be unique",
            )
            continue
        if email and not (EMAIL.match(email) and email.isascii()):
            problems.warning(
                table.sheet,
                row.number,
                table.column_label("Email"),
                f"{email!r} does not look like an email address; no email goes to {name!r}",
            )
            email = ""
        first_row[name] = row.number
        players[name] = PlayerInfo(name, email, rating, ema, country)
    return players


def _read_divisions(
    book: Workbook, season: Season, problems: Problems
) -> tuple[list[Division], bool]:
    columns = [Column("Division"), Column("Game"), Column("Level"), Column("Player")]
    table = read_table(book, "Divisions", columns, problems)
    if table is None:
        return [], False
    errors_before = len(problems.errors)
    info: dict[str, tuple[GameType, int, int]] = {}  # name -> (game, level, first row)
    members: dict[str, list[str]] = defaultdict(list)
    member_row: dict[tuple[str, str], int] = {}
    player_division: dict[tuple[GameType, str], str] = {}
    for row in table:
        name = row.get(problems, "Division", parse_text, what="the division's name")
        game = row.get(
            problems,
            "Game",
            lambda v: parse_keyword(v, GAME_TYPES, "the game type"),
            what="the game type (MCR or Riichi)",
        )
        level = row.get(problems, "Level", parse_int, what="the level (1 = top)")
        player = row.get(problems, "Player", parse_text, what="the member's name")
        if not row.ok or name is None or game is None or level is None or player is None:
            continue
        if level < 1:
            problems.error(
                table.sheet,
                row.number,
                table.column_label("Level"),
                f"expected a level of 1 or more (1 = top division), found {level}",
            )
            continue
        if name in info:
            known_game, known_level, first = info[name]
            if (known_game, known_level) != (game, level):
                problems.error(
                    table.sheet,
                    row.number,
                    table.column_label("Game" if known_game != game else "Level"),
                    f"division {name!r} is {known_game} level {known_level} in row {first},"
                    f" but {game} level {level} here",
                )
                continue
        else:
            info[name] = (game, level, row.number)
        if (name, player) in member_row:
            problems.error(
                table.sheet,
                row.number,
                table.column_label("Player"),
                f"{player!r} is listed twice in division {name!r}"
                f" (also in row {member_row[(name, player)]})",
            )
            continue
        other = player_division.get((game, player))
        if other is not None and other != name:
            problems.warning(
                table.sheet,
                row.number,
                table.column_label("Player"),
                f"{player!r} is also in {game} division {other!r}"
                f" (row {member_row[(other, player)]}); usually a player plays in one division"
                " per game",
            )
        member_row[(name, player)] = row.number
        player_division.setdefault((game, player), name)
        members[name].append(player)
        if season.players and player not in season.players:
            hint = _suggest(player, list(season.players))
            # Spelt almost like a registered player: a typo, which would otherwise make every
            # game row of the real player look wrong. Unlike anyone: just not registered.
            report = problems.error if hint else problems.warning
            report(
                table.sheet,
                row.number,
                table.column_label("Player"),
                f"{player!r} is not in the Players sheet{hint}",
            )
    by_rung: dict[tuple[GameType, int], str] = {}
    for name, (game, level, first) in info.items():
        if (game, level) in by_rung:
            problems.error(
                table.sheet,
                first,
                table.column_label("Level"),
                f"divisions {by_rung[(game, level)]!r} and {name!r} are both {game}"
                f" level {level}; each level of a ladder has one division",
            )
        by_rung[(game, level)] = name
        if len(members[name]) < 4:
            problems.warning(
                table.sheet,
                first,
                table.column_label("Player"),
                f"division {name!r} has {len(members[name])} members; a game needs four",
            )
    divisions = [
        Division(name, game, level, tuple(members[name])) for name, (game, level, _) in info.items()
    ]
    return divisions, len(problems.errors) == errors_before


def _read_games(
    book: Workbook, season: Season, problems: Problems, check_members: bool = True
) -> list[Game]:
    """The ``Games`` sheet; membership checks only when the Divisions sheet was read cleanly.

    Every row is checked on its own first; then each game (the rows sharing a ``Game``
    value): four rows, one division, one date, no player twice, and the score sum.
    """
    columns = [
        Column("Game"),
        Column("Date"),
        Column("Division"),
        Column("Player"),
        Column("Score"),
        Column("Substituted", required=False),
    ]
    table = read_table(book, "Games", columns, problems)
    if table is None:
        return []
    season.games_readable = True
    label = table.column_label
    divisions = {d.name: d for d in season.divisions}
    substituted = lambda v: parse_keyword(v, SUBSTITUTED, "blank, yes/x, start or during")  # noqa: E731
    # game id -> rows as (Excel row, date, division, seat or None when the row is bad)
    grouped: dict[str, list[tuple[int, dt.date | None, str | None, Seat | None]]] = {}
    for row in table:
        game_id = row.get(problems, "Game", parse_text, what="the game's number")
        date = row.get(problems, "Date", parse_date, what="the date")
        division = row.get(problems, "Division", parse_text, what="the division")
        player = row.get(problems, "Player", parse_text, what="the player")
        score = row.get(problems, "Score", parse_int, what="the score")
        sub = row.get(problems, "Substituted", substituted, required=False) or Substitution.NONE
        if game_id is None:
            continue
        season.game_ids_written.add(game_id)
        seat = (
            Seat(player, score, sub, row.number)
            if player is not None and score is not None
            else None
        )
        if check_members and division is not None and division not in divisions:
            problems.error(
                table.sheet,
                row.number,
                label("Division"),
                f"unknown division {division!r}{_suggest(division, list(divisions))};"
                f" the Divisions sheet has: {', '.join(repr(d) for d in divisions)}",
            )
            seat = None
        elif check_members and division is not None and player is not None:
            members = divisions[division].members
            if player not in members:
                known = season.players or {m for d in season.divisions for m in d.members}
                what = "is not a member of division" if player in known else "is unknown in"
                problems.error(
                    table.sheet,
                    row.number,
                    label("Player"),
                    f"{player!r} {what} {division!r}{_suggest(player, list(members))};"
                    f" its members are: {', '.join(members)}",
                )
                seat = None
        if not row.ok:
            seat = None
        grouped.setdefault(game_id, []).append((row.number, date, division, seat))

    games: list[Game] = []
    as_of = season.settings.as_of
    late_games: list[tuple[int, str, dt.date]] = []
    for game_id, rows in grouped.items():
        first = rows[0][0]
        numbers = ", ".join(str(r[0]) for r in rows)
        ok = True
        if len(rows) != 4:
            problems.error(
                table.sheet,
                first,
                label("Game"),
                f"game {game_id!r} has {len(rows)} row(s) (rows {numbers}); a game has exactly"
                " four rows, one per seat",
            )
            ok = False
        for column, index in (("Division", 2), ("Date", 1)):
            values = [r for r in rows if r[index] is not None]
            # The value most rows agree on is taken as right; the others are reported.
            counts = Counter(r[index] for r in values)
            majority = max(values, key=lambda r: (counts[r[index]], -r[0])) if values else None
            for number, *fields in values:
                value, expected = fields[index - 1], majority[index]  # type: ignore[index]
                if value != expected:
                    shown = [
                        v.isoformat() if isinstance(v, dt.date) else v for v in (expected, value)
                    ]
                    problems.error(
                        table.sheet,
                        number,
                        label(column),
                        f"game {game_id!r} has {column.lower()} {shown[0]!r} in row"
                        f" {majority[0]} but {shown[1]!r} here; the four rows of a game"  # type: ignore[index]
                        " must agree",
                    )
                    ok = False
        seen: dict[str, int] = {}
        for number, _, _, seat in rows:
            if seat is None:
                ok = False
                continue
            if seat.player in seen:
                problems.error(
                    table.sheet,
                    number,
                    label("Player"),
                    f"{seat.player!r} sits twice in game {game_id!r}"
                    f" (rows {seen[seat.player]} and {number})",
                )
                ok = False
            seen[seat.player] = number
        if not ok or rows[0][2] not in divisions:
            continue
        division = divisions[rows[0][2]]  # type: ignore[index]
        seats = tuple(r[3] for r in rows if r[3] is not None)
        total = sum(seat.score for seat in seats)
        riichi = division.game is GameType.RIICHI
        expected_total = season.ruleset.riichi_table_total if riichi else 0
        if total != expected_total:
            why = (
                f"4 × {season.ruleset.start_points:,} start points"
                if riichi
                else "MCR game points are zero-sum"
            )
            problems.error(
                table.sheet,
                first,
                label("Score"),
                f"the four scores of game {game_id!r} (rows {numbers}) add up to {_fmt(total)};"
                f" they must add up to {_fmt(expected_total)} ({why})",
            )
            continue
        date = rows[0][1]
        assert date is not None
        if as_of is not None and date > as_of:
            late_games.append((first, game_id, date))
        games.append(Game(game_id, division.name, seats, date, first))  # type: ignore[arg-type]
    if late_games and as_of is not None:
        first_row, first_id, first_date = late_games[0]
        count = len(late_games)
        problems.warning(
            table.sheet,
            first_row,
            label("Date"),
            f"{count} game{'s are' if count > 1 else ' is'} dated after as_of {as_of.isoformat()}"
            f" (the first: game {first_id!r} on {first_date.isoformat()}); they are counted",
        )
    return games


def tournament_name(settings: Settings) -> str:
    """The ranking's name: the ``tournament`` setting, else ``club``."""
    return settings.tournament or settings.club or "Tournament"


def _read_tournament(book: Workbook, season: Season, problems: Problems) -> Season:
    """A one-off riichi tournament (rules.md 4): ``Games`` with ``Session`` and ``Table``.

    Four rows per table and session; every player exactly one row per session (a
    substitute's row stays under the replaced player's name). One ranking, named after the
    ``tournament`` setting.
    """
    season.has_league = True
    season.tournament = True
    if book.find("Games") is None:
        problems.error(
            "Games",
            None,
            "",
            "a tournament workbook needs a 'Games' sheet (Session, Table, Player, Score,"
            f" Substituted); its sheets are: {', '.join(repr(s) for s in book.sheet_names)}",
        )
        return season
    columns = [
        Column("Session"),
        Column("Table"),
        Column("Player"),
        Column("Score"),
        Column("Substituted", required=False),
        Column("Game", required=False),
        Column("Date", required=False),
    ]
    table = read_table(book, "Games", columns, problems)
    if table is None:
        return season
    season.games_readable = True
    label = table.column_label
    name = tournament_name(season.settings)
    substituted = lambda v: parse_keyword(v, SUBSTITUTED, "blank, start (yes/x) or during")  # noqa: E731
    tables: dict[tuple[str, str], list[tuple[int, Seat | None, str | None, dt.date | None]]] = {}
    seated: dict[tuple[str, str], tuple[int, str]] = {}
    players: list[str] = []
    for row in table:
        session = row.get(problems, "Session", parse_text, what="the session")
        number = row.get(problems, "Table", parse_text, what="the table")
        player = row.get(problems, "Player", parse_text, what="the player")
        score = row.get(problems, "Score", parse_int, what="the score")
        sub = row.get(problems, "Substituted", substituted, required=False) or Substitution.NONE
        game_id = row.get(problems, "Game", parse_text, required=False)
        date = row.get(problems, "Date", parse_date, required=False)
        if session is None or number is None:
            continue
        season.game_ids_written.add(game_id or f"{session}/{number}")
        seat = None
        if player is not None and score is not None and row.ok:
            seat = Seat(player, score, sub, row.number)
        if player is not None:
            if player not in players:
                players.append(player)
            if (session, player) in seated:
                first, where = seated[(session, player)]
                problems.error(
                    table.sheet,
                    row.number,
                    label("Player"),
                    f"{player!r} sits twice in session {session} (table {where}, row {first},"
                    f" and table {number} here); every player has one seat per session",
                )
                seat = None
            else:
                seated[(session, player)] = (row.number, number)
        tables.setdefault((session, number), []).append((row.number, seat, game_id, date))
    sessions = sorted({s for s, _ in tables}, key=natural_key)
    for session in sessions:
        missing = [p for p in players if (session, p) not in seated]
        if missing:
            problems.error(
                table.sheet,
                None,
                label("Player"),
                f"session {session} has no row for {', '.join(missing)}; every player has one"
                " row per session (a substitute's row stays under the replaced player's name)",
            )
    for (session, number), rows in sorted(
        tables.items(), key=lambda kv: (natural_key(kv[0][0]), natural_key(kv[0][1]))
    ):
        first = rows[0][0]
        numbers = ", ".join(str(r[0]) for r in rows)
        if len(rows) != 4:
            problems.error(
                table.sheet,
                first,
                label("Table"),
                f"table {number} of session {session} has {len(rows)} seat(s) (rows {numbers});"
                " a table has four",
            )
            continue
        seats = [r[1] for r in rows]
        if any(seat is None for seat in seats):
            continue
        total = sum(seat.score for seat in seats if seat is not None)
        expected = season.ruleset.riichi_table_total
        if total != expected:
            problems.error(
                table.sheet,
                first,
                label("Score"),
                f"the four scores at table {number} of session {session} (rows {numbers}) add"
                f" up to {total:,}; they must add up to {expected:,}"
                f" (4 × {season.ruleset.start_points:,} start points)",
            )
            continue
        game_id = rows[0][2] or f"{session}/{number}"
        date = rows[0][3]
        season.games.append(
            Game(game_id, name, tuple(seats), date, first, session, number)  # type: ignore[arg-type]
        )
    season.divisions = [Division(name, GameType.RIICHI, 1, tuple(players))]
    if book.find("Penalties") is not None:
        season.penalties = _read_penalties(book, season, problems)
    if book.find("Dice") is not None:
        season.dice = _read_dice(book, season, problems)
    return season


def _read_penalties(
    book: Workbook, season: Season, problems: Problems, check_members: bool = True
) -> list[Penalty]:
    """The ``Penalties`` sheet, resolved to points (rules/penalties.py).

    A penalty names its game by ``Game``, or (tournaments) by ``Session`` and optionally
    ``Table``; without either, the player must be in exactly one division.
    """
    columns = [
        Column("Game", required=False),
        Column("Session", required=False),
        Column("Table", required=False),
        Column("Player"),
        Column("Kind"),
        Column("Points", required=False),
        Column("Minutes", required=False),
        Column("Note", required=False),
    ]
    table = read_table(book, "Penalties", columns, problems)
    if table is None:
        return []
    label = table.column_label
    games = {g.id: g for g in season.games}
    by_session: dict[tuple[str, str], Game] = {}
    for g in season.games:
        if g.session is not None:
            for seat in g.seats:
                by_session[(g.session, seat.player)] = g
    division_of = {d.name: d for d in season.divisions}
    memberships: dict[str, list[Division]] = defaultdict(list)
    for d in season.divisions:
        for m in d.members:
            memberships[m].append(d)
    penalties: list[Penalty] = []
    kind_parser = lambda v: parse_keyword(v, PENALTY_KINDS, "a penalty kind")  # noqa: E731
    for row in table:
        game_id = row.get(problems, "Game", parse_text, required=False)
        session = row.get(problems, "Session", parse_text, required=False)
        table_no = row.get(problems, "Table", parse_text, required=False)
        player = row.get(problems, "Player", parse_text, what="the player")
        kind = row.get(problems, "Kind", kind_parser, what="the kind of penalty")
        points = row.get(problems, "Points", parse_int, required=False)
        minutes = row.get(problems, "Minutes", parse_int, required=False)
        note = row.get(problems, "Note", parse_text, required=False) or ""
        if not row.ok or player is None or kind is None or not check_members:
            continue

        def error(column: str, message: str, number: int = row.number) -> None:
            problems.error(table.sheet, number, label(column), message)

        game: Game | None = None
        if game_id is not None:
            game = games.get(game_id)
            if game is None:
                if season.games_readable and game_id not in season.game_ids_written:
                    error("Game", f"no game {game_id!r} in the Games sheet")
                continue  # otherwise the Games sheet's own errors already cover it
        elif session is not None:
            game = by_session.get((session, player))
            if game is None:
                error("Player", f"{player!r} has no game in session {session}")
                continue
        if game is not None:
            if player not in {s.player for s in game.seats}:
                error(
                    "Player",
                    f"{player!r} did not play in game {game.id!r}"
                    f" (its players: {', '.join(s.player for s in game.seats)})",
                )
                continue
            if table_no is not None and game.table is not None and table_no != game.table:
                error(
                    "Table",
                    f"{player!r} was not at table {table_no} in session {game.session}"
                    f" (they sat at table {game.table})",
                )
                continue
            division = division_of[game.division]
        else:
            mine = memberships.get(player, [])
            if len(mine) != 1:
                where = (
                    f"is in {len(mine)} divisions ({', '.join(d.name for d in mine)})"
                    if mine
                    else "is not in any division"
                )
                error("Game", f"{player!r} {where}; give the game the penalty was given in")
                continue
            division = mine[0]
        seat = next((s for s in game.seats if s.player == player), None) if game else None
        try:
            resolved = penalty_points(
                kind,
                points,
                minutes,
                mcr=division.game is GameType.MCR,
                substituted=bool(seat and seat.substituted),
                ruleset=season.ruleset,
            )
        except PenaltyError as exc:
            error(exc.column, str(exc))
            continue
        penalties.append(
            Penalty(
                player,
                kind,
                resolved,
                game.id if game else None,
                division.name,
                minutes,
                note,
            )
        )
    return penalties


def _read_dice(
    book: Workbook, season: Season, problems: Problems, check_members: bool = True
) -> list[DiceRoll]:
    """The ``Dice`` sheet: rolls 2-12 by division, player and round."""
    columns = [Column("Division"), Column("Player"), Column("Round"), Column("Roll")]
    table = read_table(book, "Dice", columns, problems)
    if table is None:
        return []
    divisions = {d.name: d for d in season.divisions}
    seen: dict[tuple[str, str, int], int] = {}
    rolls: list[DiceRoll] = []
    for row in table:
        division = row.get(problems, "Division", parse_text, what="the division")
        player = row.get(problems, "Player", parse_text, what="the player")
        round_ = row.get(problems, "Round", parse_int, what="the round (1, 2, ...)")
        roll = row.get(problems, "Roll", parse_int, what="the roll (2-12)")
        if not row.ok or None in (division, player, round_, roll):
            continue
        assert division is not None and player is not None
        assert round_ is not None and roll is not None
        if check_members and not _check_dice_row(
            table, row.number, divisions, division, player, problems
        ):
            continue
        if round_ < 1:
            problems.error(
                table.sheet,
                row.number,
                table.column_label("Round"),
                f"expected a round of 1 or more, found {round_}",
            )
            continue
        if not 2 <= roll <= 12:
            problems.error(
                table.sheet,
                row.number,
                table.column_label("Roll"),
                f"expected the sum of two dice, 2 to 12, found {roll}",
            )
            continue
        key = (division, player, round_)
        if key in seen:
            problems.error(
                table.sheet,
                row.number,
                table.column_label("Round"),
                f"{player!r} already has a round {round_} roll in division {division!r}"
                f" (row {seen[key]})",
            )
            continue
        seen[key] = row.number
        rolls.append(DiceRoll(division, player, round_, roll))
    return rolls


def _check_dice_row(
    table: Table,
    number: int,
    divisions: dict[str, Division],
    division: str,
    player: str,
    problems: Problems,
) -> bool:
    if division not in divisions:
        problems.error(
            table.sheet,
            number,
            table.column_label("Division"),
            f"unknown division {division!r}{_suggest(division, list(divisions))}",
        )
        return False
    if player not in divisions[division].members:
        problems.error(
            table.sheet,
            number,
            table.column_label("Player"),
            f"{player!r} is not a member of division {division!r}"
            f"{_suggest(player, list(divisions[division].members))}",
        )
        return False
    return True


__all__ = ["PlayerInfo", "Season", "WorkbookError", "read_season"]
