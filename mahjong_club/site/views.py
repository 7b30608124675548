"""View models for the site and the emails: plain data built once from the computed results.

Every page and every email is made from these, so they always agree with the workbook.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from mahjong_club.common.text import natural_key, slugify
from mahjong_club.compute import LeagueResult
from mahjong_club.compute.season import MemberAttendance, season_dates
from mahjong_club.reading.season import Season
from mahjong_club.site.charts import Series, colours, line_chart
from mahjong_club.site.locale import Locale
from rules.model import Game, GameType
from rules.standings import DivisionStandings
from rules.tonight import TonightGame


@dataclass
class RowView:
    """One standings row as shown."""

    rank: int
    rank_label: str
    player: str
    slug: str
    games: int
    points: int | Fraction
    minipoints: int | None
    places: tuple[int, int, int, int]
    decided_by: str
    status: str
    movement: int | None
    penalty: int
    disqualified: bool = False
    behind: str = ""  # what put the player above this one (the row above's Decided by)


@dataclass
class SeatView:
    """A seat of a game in the games list."""

    player: str
    slug: str
    score: int
    points: int | Fraction
    placement: int
    substituted: bool


@dataclass
class GameView:
    """A played game (tournaments: with its session and table)."""

    id: str
    date: dt.date | None
    seats: list[SeatView]
    session: str | None = None
    table: str | None = None


@dataclass
class DivisionView:
    """A division page."""

    name: str
    slug: str
    game: str
    level: int
    mcr: bool
    rows: list[RowView]
    games: list[GameView]
    cross_players: list[tuple[str, str]]
    cross: dict[tuple[str, str], int | Fraction | None]
    chart: str
    legend: list[tuple[str, str]]
    dice_needed: list[str]

    @property
    def has_movement(self) -> bool:
        """True when last week's standings exist to compare with."""
        return any(r.movement is not None for r in self.rows)


@dataclass
class PlayerGameView:
    """One of a player's games, from their side."""

    division: str
    id: str
    date: dt.date | None
    score: int
    points: int | Fraction
    placement: int
    substituted: bool
    opponents: list[str]


@dataclass
class PlayerView:
    """A player page (and the player's email)."""

    name: str
    slug: str
    email: str
    rows: list[tuple[DivisionView, RowView]] = field(default_factory=list)
    games: list[PlayerGameView] = field(default_factory=list)
    attendance: MemberAttendance | None = None
    tonight: list[TonightGame] = field(default_factory=list)


@dataclass
class SiteView:
    """Everything the site and the emails show."""

    locale: Locale
    club: str
    season: str
    as_of: dt.date | None
    divisions: list[DivisionView]
    players: list[PlayerView]
    result: LeagueResult
    warnings: list[str]
    site_url: str = ""

    def player(self, name: str) -> PlayerView | None:
        """The view of a player, by name."""
        return next((p for p in self.players if p.name == name), None)


def previous_ranks(
    season: Season, result: LeagueResult, as_of: dt.date | None
) -> dict[tuple[str, str], int]:
    """Ranks one week before ``as_of``, from the same workbook (games up to that date)."""
    if as_of is None:
        return {}
    from rules.standings import season_standings

    cutoff = as_of - dt.timedelta(days=7)
    games = [g for g in season.games if g.date is not None and g.date <= cutoff]
    if not games:
        return {}
    kept = {g.id for g in games}
    penalties = [p for p in season.penalties if p.game_id is None or p.game_id in kept]
    rolls = [*season.dice, *result.new_dice]
    before = season_standings(season.divisions, games, penalties, rolls, season.ruleset)
    return {(s.division.name, r.record.player): r.rank for s in before for r in s.rows}


def build_site(season: Season, result: LeagueResult, warnings: list[str]) -> SiteView:
    """The view of a whole run."""
    locale = Locale(season.settings.language)
    _, as_of = season_dates(season)
    previous = previous_ranks(season, result, as_of)
    slugs: set[str] = {"index", "attendance", "tonight", "next-season", "hands", "duplicate"}
    player_slugs: dict[str, str] = {}

    def slug_of(name: str) -> str:
        if name not in player_slugs:
            player_slugs[name] = "player-" + slugify(name, slugs)
        return player_slugs[name]

    games_by_id = {g.id: g for g in season.games}
    divisions = [
        _division_view(s, result, previous, games_by_id, season, slug_of, slugs, locale)
        for s in result.standings
    ]
    players: dict[str, PlayerView] = {}
    for division in divisions:
        for row in division.rows:
            info = season.players.get(row.player)
            view = players.setdefault(
                row.player, PlayerView(row.player, row.slug, info.email if info else "")
            )
            view.rows.append((division, row))
        for game in division.games:
            for seat in game.seats:
                players[seat.player].games.append(
                    PlayerGameView(
                        division.name,
                        game.id,
                        game.date,
                        seat.score,
                        seat.points,
                        seat.placement,
                        seat.substituted,
                        [s.player for s in game.seats if s.player != seat.player],
                    )
                )
    if result.attendance is not None:
        for member in result.attendance.members:
            if member.player in players:
                players[member.player].attendance = member
    if result.tonight is not None:
        for proposal in result.tonight.games:
            for name in proposal.planned.players:
                if name in players:
                    players[name].tonight.append(proposal)
    ordered = sorted(players.values(), key=lambda p: (p.name.casefold(), p.name))
    return SiteView(
        locale,
        (season.settings.tournament if season.tournament else "")
        or season.settings.club
        or season.settings.tournament,
        season.settings.season,
        as_of,
        divisions,
        ordered,
        result,
        warnings,
        season.settings.site_url,
    )


def _division_view(
    standing: DivisionStandings,
    result: LeagueResult,
    previous: dict[tuple[str, str], int],
    games_by_id: dict[str, Game],
    season: Season,
    slug_of,
    slugs: set[str],
    locale: Locale,
) -> DivisionView:
    division = standing.division
    ranks = [r.rank for r in standing.rows]
    rows = []
    for r in standing.rows:
        key = (division.name, r.record.player)
        before = previous.get(key)
        rows.append(
            RowView(
                r.rank,
                f"{r.rank}{'=' if ranks.count(r.rank) > 1 else ''}",
                r.record.player,
                slug_of(r.record.player),
                r.record.games,
                r.record.points,
                r.record.minipoints,
                r.record.places,
                r.decided_by,
                result.statuses.get(key, ""),
                None if before is None else before - r.rank,
                r.record.penalty_points,
                r.record.disqualified,
                rows[-1].decided_by if rows else "",
            )
        )
    # games list, newest first; each seat's result from the players' records
    seat_results = {
        (game_id, r.record.player): res for r in standing.rows for game_id, res in r.record.results
    }
    ids = sorted(
        {gid for r in standing.rows for gid, _ in r.record.results},
        key=lambda gid: (games_by_id[gid].date or dt.date.min, natural_key(gid)),
    )
    games = []
    for gid in ids:
        game = games_by_id[gid]
        seats = []
        for seat in game.seats:
            res = seat_results[(gid, seat.player)]
            seats.append(
                SeatView(
                    seat.player,
                    slug_of(seat.player),
                    seat.score,
                    res.points,
                    res.placement,
                    seat.substituted,
                )
            )
        games.append(GameView(gid, game.date, seats, game.session, game.table))
    # cross table: the row player's points in the games both played themselves
    cross: dict[tuple[str, str], int | Fraction | None] = {}
    for g in games:
        played = [s for s in g.seats if not s.substituted]
        for a in played:
            for b in played:
                if a.player != b.player:
                    cross[(a.player, b.player)] = cross.get((a.player, b.player), 0) + a.points
    members = [r.player for r in rows]
    for a in members:
        for b in members:
            if a != b:
                cross.setdefault((a, b), None)
    # chart: cumulative points after every club night
    dates = sorted({g.date for g in games if g.date is not None})
    palette = colours(len(rows))
    series = []
    for row, colour in zip(rows, palette, strict=True):
        total: int | Fraction = 0
        points = []
        by_date: dict[dt.date, int | Fraction] = defaultdict(int)
        for g in games:
            for s in g.seats:
                if s.player == row.player and g.date is not None:
                    by_date[g.date] += s.points
        for date in dates:
            total += by_date.get(date, 0)
            points.append((date, total))
        series.append(Series(row.player, tuple(points), colour))
    title = f"{locale.t('chart')}: {division.name}"
    chart = line_chart(series, title, locale.t("chart_desc")) if dates else ""
    dice = [
        locale.t("dice_needed", round=d.round, players=", ".join(d.missing))
        for d in standing.dice_needed
    ]
    return DivisionView(
        division.name,
        "division-" + slugify(division.name, slugs),
        division.game.value,
        division.level,
        division.game is GameType.MCR,
        rows,
        games,
        [(r.player, r.slug) for r in rows],
        cross,
        chart,
        [(s.label, s.colour) for s in series],
        dice,
    )
