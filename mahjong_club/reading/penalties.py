"""The ``Penalties`` sheet (optional), resolved to points by :mod:`rules.penalties`.

Columns ``Player`` and ``Kind``, and optionally ``Game`` (or, in tournaments, ``Session``
and ``Table``), ``Points``, ``Minutes`` and ``Note``. A penalty names its game by ``Game``, or
by ``Session`` (and optionally ``Table``); without either, the player must be in exactly one
division.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from mahjong_club.common.problems import Problems
from mahjong_club.messages import cells as cell_texts
from mahjong_club.messages import league as texts
from mahjong_club.messages.rule_errors import rule_error
from mahjong_club.model import Season
from mahjong_club.reading.cells import parse_int, parse_keyword, parse_text
from mahjong_club.reading.schema import Column, Schema
from mahjong_club.reading.tables import Row, Workbook, read_sheet
from rules.model import Division, Game, GameType, Penalty, PenaltyKind
from rules.penalties import PenaltyError, penalty_points

PENALTY_KINDS = {k.value: k for k in PenaltyKind}


def parse_penalty_kind(value: object) -> PenaltyKind:
    """``chombo``, ``lateness``, ``obstruction``, ``disqualification`` or ``other``."""
    return parse_keyword(value, PENALTY_KINDS, texts.WHAT_A_PENALTY_KIND)


GAME = Column("Game", parse_text, required=False, danish="Spil")
SESSION = Column("Session", parse_text, required=False)
TABLE = Column("Table", parse_text, required=False)
PLAYER = Column("Player", parse_text, cell_texts.WHAT_PLAYER, danish="Spiller")
KIND = Column("Kind", parse_penalty_kind, texts.WHAT_PENALTY_KIND, danish="Art")
POINTS = Column("Points", parse_int, required=False, danish="Point")
MINUTES = Column("Minutes", parse_int, required=False, danish="Minutter")
NOTE = Column("Note", parse_text, required=False, danish="Bemærkning")
PENALTIES = Schema("Penalties", (GAME, SESSION, TABLE, PLAYER, KIND, POINTS, MINUTES, NOTE))


@dataclass
class _Games:
    """Where a penalty's game and division are looked up."""

    season: Season
    by_id: dict[str, Game] = field(default_factory=dict)
    by_session: dict[tuple[str, str], Game] = field(default_factory=dict)
    divisions: dict[str, Division] = field(default_factory=dict)
    memberships: dict[str, list[Division]] = field(default_factory=lambda: defaultdict(list))
    #: (session, player) of every seat drawn and not scored yet.
    planned: set[tuple[str, str]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.by_id = {g.id: g for g in self.season.games}
        self.planned = {(seat.session, seat.player) for seat in self.season.planned}
        for game in self.season.games:
            if game.session is not None:
                for seat in game.seats:
                    self.by_session[(game.session, seat.player)] = game
        self.divisions = {d.name: d for d in self.season.divisions}
        for division in self.season.divisions:
            for member in division.members:
                self.memberships[member].append(division)


def read_penalties(
    book: Workbook, season: Season, problems: Problems, check_members: bool = True
) -> list[Penalty]:
    """The penalties, each with its points; games and players are checked (and the penalty
    resolved) only when ``check_members``."""
    table = read_sheet(book, PENALTIES, problems)
    if table is None:
        return []
    games = _Games(season)
    penalties: list[Penalty] = []
    for row in table:
        game_id = row.value(GAME)
        session = row.value(SESSION)
        table_no = row.value(TABLE)
        player = book.names.resolve(row, PLAYER, row.value(PLAYER))
        kind = row.value(KIND)
        points = row.value(POINTS)
        minutes = row.value(MINUTES)
        note = row.value(NOTE) or ""
        if not check_members:  # the divisions are not known: a name known nowhere is said
            book.names.unknown_here(row, PLAYER, player)
            continue
        if not row.ok or player is None or kind is None:
            continue
        found = _find_game(row, games, player, game_id, session, table_no)
        if found is None:
            continue
        game, division = found
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
            row.error(exc.column, rule_error(exc))
            continue
        _lateness_both(row, kind, points, minutes, resolved, season, division)
        game_of = game.id if game else None
        penalties.append(Penalty(player, kind, resolved, game_of, division.name, minutes, note))
    return penalties


def _lateness_both(
    row: Row,
    kind: PenaltyKind,
    points: int | None,
    minutes: int | None,
    resolved: int,
    season: Season,
    division: Division,
) -> None:
    """A riichi lateness with both ``Points`` and ``Minutes`` that disagree: the points are
    taken (rules.md 4: the minutes count only when the points are blank), said so."""
    if kind is not PenaltyKind.LATENESS or points is None or minutes is None:
        return
    per_minute = season.ruleset.lateness_points_per_minute
    if division.game is GameType.MCR or abs(points) == minutes * per_minute or resolved == 0:
        return
    row.warning(
        POINTS,
        texts.LATENESS_DISAGREES,
        points=abs(points),
        minutes=minutes,
        by_minutes=minutes * per_minute,
    )


def _find_game(
    row: Row,
    games: _Games,
    player: str,
    game_id: str | None,
    session: str | None,
    table_no: str | None,
) -> tuple[Game | None, Division] | None:
    """The penalty's game (None when it names none) and division; None (reported) when the
    row names a game the player did not play."""
    game: Game | None = None
    if game_id is not None:
        game = games.by_id.get(game_id)
        if game is None:
            season = games.season
            if season.games_readable and game_id not in season.game_ids_written:
                tournament = season.settings.mode == "tournament"  # the template has Game
                row.error(
                    GAME,
                    texts.NO_SUCH_GAME_TOURNAMENT if tournament else texts.NO_SUCH_GAME,
                    game=game_id,
                )
            return None  # otherwise the Games sheet's own errors already cover it
    elif session is not None:
        game = games.by_session.get((session, player))
        if game is None and (session, player) in games.planned:  # drawn, not scored yet
            row.warning(PLAYER, texts.SESSION_NOT_SCORED, player=player, session=session)
            return None
        if game is None:
            row.error(PLAYER, texts.NO_GAME_IN_SESSION, player=player, session=session)
            return None
    if game is None:
        division = _only_division(row, games, player)
        return None if division is None else (None, division)
    if not _played(row, game, player, table_no):
        return None
    return game, games.divisions[game.division]


def _played(row: Row, game: Game, player: str, table_no: str | None) -> bool:
    """The player sat in ``game`` (at table ``table_no`` when given); False (reported) else."""
    if player not in {s.player for s in game.seats}:
        players = ", ".join(s.player for s in game.seats)
        row.error(PLAYER, texts.DID_NOT_PLAY, player=player, game=game.id, players=players)
        return False
    if table_no is not None and game.table is not None and table_no != game.table:
        row.error(
            TABLE,
            texts.NOT_AT_TABLE,
            player=player,
            table=table_no,
            session=game.session,
            actual=game.table,
        )
        return False
    return True


def _only_division(row: Row, games: _Games, player: str) -> Division | None:
    """The one division of a penalty naming no game; None (reported) when not just one."""
    mine = games.memberships.get(player, [])
    if len(mine) == 1:
        return mine[0]
    if mine:
        names = ", ".join(d.name for d in mine)
        row.error(GAME, texts.PENALTY_DIVISIONS, player=player, count=len(mine), divisions=names)
    else:
        row.error(GAME, texts.PENALTY_NO_DIVISION, player=player)
    return None
