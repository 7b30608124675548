"""Building the site's view of a run from the standings: divisions, players and their games.

Every division page and player page, and every email, is made from this view, so they always
agree with the workbook's ``Standings`` sheet.
"""

from __future__ import annotations

import datetime as dt
import os
from collections import defaultdict
from fractions import Fraction

from mahjong_club.common.order import display_order
from mahjong_club.common.text import MAX_NAME_BYTES, NaturalKey, natural_key, slugify, small_number
from mahjong_club.compute.standings import StandingsResult, final_statuses
from mahjong_club.model import Season, season_dates
from mahjong_club.site.charts import Series, colours, line_chart
from mahjong_club.site.locale import Locale
from mahjong_club.site.tournament_pages import TOURNAMENT_PAGE
from mahjong_club.site.views import (
    DivisionView,
    GameView,
    PenaltyView,
    PlayerGameView,
    PlayerView,
    RowView,
    SeatView,
    SiteView,
    SlugOf,
)
from rules.model import Game, GameType, Penalty, SeatResult
from rules.standings import DivisionStandings, is_immediate
from rules.tiebreakers import name_order

#: A page's slug leaves room for its ``division-`` (or ``player-``) and ``.html``.
SLUG_BYTES = MAX_NAME_BYTES - len("division-.html")


def club_name(season: Season) -> str:
    """The name in the site's header: the tournament's, else the club's; "Mahjong" when the
    workbook names neither (as the emails' subjects say), rather than a title of " — "."""
    settings = season.settings
    if season.tournament and settings.tournament:
        return settings.tournament
    return settings.club or settings.tournament or "Mahjong"


def generated_at() -> dt.datetime:
    """When the site is made: now, or ``SOURCE_DATE_EPOCH`` (UTC) for reproducible output."""
    epoch = small_number(os.environ.get("SOURCE_DATE_EPOCH", ""), 11)
    if epoch is not None:
        return dt.datetime.fromtimestamp(epoch, dt.UTC)
    return dt.datetime.now().astimezone()


def build_site(season: Season, standings: StandingsResult | None, warnings: list[str]) -> SiteView:
    """The view of a whole run (no divisions when the workbook has no league)."""
    locale = Locale(season.settings.language)
    _, as_of = season_dates(season)
    slugs: set[str] = set()  # pages are player-… and division-…: apart from the site's own
    player_slugs: dict[str, str] = {}

    def slug_of(name: str) -> str:
        if name not in player_slugs:
            player_slugs[name] = "player-" + slugify(name, slugs, limit=SLUG_BYTES)
        return player_slugs[name]

    games_by_id = {g.id: g for g in season.games}
    divisions = [
        division_view(s, standings, games_by_id, slug_of, slugs, locale)
        for s in (standings.standings if standings is not None else [])
    ]
    for division, standing in zip(divisions, standings.standings if standings else [], strict=True):
        division.penalties = _penalties(season, standing, games_by_id, slug_of)
        if season.tournament:  # one ranking, on the tournament's own page (tournament_pages)
            division.slug = TOURNAMENT_PAGE
        else:
            add_chart(division, locale)
    if standings is not None and not season.settings.season_complete and not season.tournament:
        _add_outlook(divisions, final_statuses(standings.standings))
    site = SiteView(
        locale,
        club_name(season),
        season.settings.season,
        as_of,
        divisions,
        player_views(season, divisions),
        warnings,
        season.settings.site_url,
        provisional=not season.settings.season_complete,
        generated=generated_at(),
    )
    if site.club != season.settings.club:
        site.host = season.settings.club
    return site


def _add_outlook(divisions: list[DivisionView], statuses: dict[tuple[str, str], str]) -> None:
    """Before ``season_complete``: each row's status if the season ended today."""
    for division in divisions:
        for row in division.rows:
            row.outlook = statuses.get((division.name, row.player), "")


def player_views(season: Season, divisions: list[DivisionView]) -> list[PlayerView]:
    """A view of every division member: their rows and their games, sorted by name."""
    players: dict[str, PlayerView] = {}
    for division in divisions:
        for row in division.rows:
            info = season.players.get(row.player)
            view = players.setdefault(
                row.player, PlayerView(row.player, row.slug, info.email if info else "")
            )
            view.rows.append((division, row))
        name = division.name
        for game in division.games:
            seats = game.seats
            names = [s.player for s in seats]
            for seat in seats:
                me = seat.player
                players[me].games.append(
                    PlayerGameView(
                        name,
                        game.id,
                        game.date,
                        seat.score,
                        seat.points,
                        seat.placement,
                        seat.substituted,
                        [other for other in names if other != me],
                        seat.minipoints,
                    )
                )
        for penalty in division.penalties:
            if penalty.player in players:
                players[penalty.player].penalties.append(penalty)
    language = season.settings.language  # the reader's alphabet (Danish: æ, ø, å after z)
    return sorted(players.values(), key=lambda p: display_order(p.name, language))


def _penalties(
    season: Season, standing: DivisionStandings, games_by_id: dict[str, Game], slug_of: SlugOf
) -> list[PenaltyView]:
    """The division's penalties as shown, in game order (those of no game last)."""
    division = standing.division

    def belongs(p: Penalty) -> bool:
        if p.division is not None:
            return p.division == division.name
        game = games_by_id.get(p.game_id or "")
        return game is not None and game.division == division.name

    def order(p: Penalty) -> tuple[bool, dt.date, NaturalKey, tuple[str, str]]:
        game = games_by_id.get(p.game_id or "")
        date = game.date if game is not None and game.date is not None else dt.date.max
        return (game is None, date, natural_key(p.game_id or ""), name_order(p.player))

    views = []
    for p in sorted(filter(belongs, season.penalties), key=order):
        game = games_by_id.get(p.game_id or "")
        views.append(
            PenaltyView(
                p.player,
                slug_of(p.player),
                division.name,
                p.kind.value,
                p.points,
                p.game_id,
                game.date if game is not None else None,
                p.minutes,
                p.note,
                is_immediate(p, division.game, season.ruleset),
                game.session if game is not None else None,
                game.table if game is not None else None,
            )
        )
    return views


def division_view(
    standing: DivisionStandings,
    result: StandingsResult | None,
    games_by_id: dict[str, Game],
    slug_of: SlugOf,
    slugs: set[str],
    locale: Locale,
) -> DivisionView:
    """A division page: its standings rows, games, cross-table and chart."""
    division = standing.division
    rows = _rows(standing, result, slug_of)
    games = _games(standing, games_by_id, slug_of)
    played = any(row.record.results for row in standing.rows)  # else nothing to settle yet
    dice = [
        locale.t("dice_needed", round=d.round, players=", ".join(d.missing))
        for d in standing.dice_needed
        if played
    ]
    return DivisionView(
        division.name,
        "division-" + slugify(division.name, slugs, limit=SLUG_BYTES),
        division.game.value,
        division.level,
        division.game is GameType.MCR,
        rows,
        games,
        [(r.player, r.slug) for r in rows],
        dice,
    )


def add_chart(division: DivisionView, locale: Locale) -> None:
    """Give the division its chart of points over the season (none without dates), drawn
    when its page first shows it."""

    def drawn(division: DivisionView) -> tuple[str, list[tuple[str, str]]]:
        if not any(g.date is not None for g in division.games):
            return "", []
        series = _chart_series(division)
        title = f"{locale.t('chart')}: {division.name}"
        chart = line_chart(series, title, locale.t("chart_desc"), locale.date)
        return chart, [(s.label, s.colour) for s in series]

    division.chart_of = drawn


def _rows(
    standing: DivisionStandings, result: StandingsResult | None, slug_of: SlugOf
) -> list[RowView]:
    division = standing.division
    ranks = [r.rank for r in standing.rows]
    statuses = result.statuses if result is not None else {}
    previous = result.previous_ranks if result is not None else {}
    rows: list[RowView] = []
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
                statuses.get(key, ""),
                None if before is None else before - r.rank,
                r.record.penalty_points,
                r.record.disqualified,
                rows[-1].decided_by if rows else "",
            )
        )
    return rows


def _games(
    standing: DivisionStandings, games_by_id: dict[str, Game], slug_of: SlugOf
) -> list[GameView]:
    """The division's games, oldest first; each seat's result from the players' records."""
    seat_results: dict[tuple[str, str], SeatResult] = {}
    for r in standing.rows:
        player = r.record.player
        for game_id, res in r.record.results:
            seat_results[game_id, player] = res
    ids = sorted(
        {gid for gid, _ in seat_results},
        key=lambda gid: (games_by_id[gid].date or dt.date.min, natural_key(gid)),
    )
    games = []
    for gid in ids:
        game = games_by_id[gid]
        seats = []
        for seat in game.seats:
            me = seat.player
            res = seat_results[gid, me]
            seats.append(
                SeatView(
                    me,
                    slug_of(me),
                    seat.score,
                    res.points,
                    res.placement,
                    seat.substituted,
                    res.minipoints,
                )
            )
        games.append(GameView(gid, game.date, seats, game.session, game.table))
    return games


def _chart_series(division: DivisionView) -> list[Series]:
    """Each player's cumulative points after every club night, the penalties that come off
    the total included (on their game's night; one of no game on the last night), so that
    each line ends at the player's total."""
    rows, games = division.rows, division.games
    dates = sorted({g.date for g in games if g.date is not None})
    nights: dict[str, dict[dt.date, int | Fraction]] = {}  # player -> date -> points
    for g in games:
        if g.date is not None:
            for s in g.seats:
                mine = nights.get(s.player)
                if mine is None:
                    mine = nights[s.player] = defaultdict(int)
                mine[g.date] += s.points
    series = []
    for row, colour in zip(rows, colours(len(rows)), strict=True):
        by_date = nights.get(row.player) or defaultdict(int)
        for p in division.penalties:
            if p.player == row.player and not p.immediate and not division.mcr:
                by_date[p.date if p.date is not None else dates[-1]] -= p.points
        total: int | Fraction = 0
        points = []
        for date in dates:
            total += by_date.get(date, 0)
            points.append((date, total))
        series.append(Series(row.player, tuple(points), colour))
    return series
