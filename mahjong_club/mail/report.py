"""What changed this week for one player: the personal part of their weekly email.

Made from the same view as the player's page (:class:`~mahjong_club.site.views.PlayerView`):
their place in each division with their movement since last week and what decided it, their
games since the last report (the games dated after the report date minus
:data:`~mahjong_club.compute.standings.MOVEMENT_DAYS`, the same week the site's movement
compares with), and their penalties. Each is a line of plain text in the club's language, which
the text and the HTML templates both show (the HTML escapes it).

Nothing here depends on when the email is made: the same workbook gives the same text, so the
sent-ledger never sends it twice.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from mahjong_club.compute.standings import MOVEMENT_DAYS
from mahjong_club.site.locale import Locale
from mahjong_club.site.views import (
    DivisionView,
    PenaltyView,
    PlayerGameView,
    PlayerView,
    RowView,
    SiteView,
)
from rules.model import PenaltyKind


@dataclass(frozen=True)
class Place:
    """The player's place in one division: the headline and the lines under it."""

    division: str
    headline: str
    lines: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Week:
    """The personal part of a player's weekly email."""

    places: list[Place]
    since: str  # the date the week starts after, in words ("" without a report date)
    games: list[str]
    penalties: list[str]


def week_start(as_of: dt.date | None) -> dt.date | None:
    """The last report's date: games dated after it are this week's (None: no report date)."""
    return None if as_of is None else as_of - dt.timedelta(days=MOVEMENT_DAYS)


def player_week(player: PlayerView, site: SiteView) -> Week:
    """What changed this week for ``player``, in the club's language."""
    locale = site.locale
    start = week_start(site.as_of)
    places = [_place(player, d, r, locale) for d, r in player.rows]
    mcr = {d.name for d, _ in player.rows if d.mcr}
    recent = [
        g for g in player.games if start is not None and g.date is not None and g.date > start
    ]
    recent.sort(key=lambda g: g.date or dt.date.min)  # oldest first: the week as it went
    return Week(
        places,
        locale.date(start),
        [game_line(g, locale) for g in recent],
        [penalty_line(p, locale, p.division in mcr) for p in player.penalties],
    )


def _place(player: PlayerView, division: DivisionView, row: RowView, locale: Locale) -> Place:
    t = locale.t
    one = abs(row.points) == 1  # "with 1 table point", not "1 table points"
    if division.mcr:
        unit = t("email_unit_table_point" if one else "email_unit_table_points")
    else:
        unit = t("email_unit_point" if one else "email_unit_points")
    headline = t(
        "email_place",
        division=division.name,
        rank=row.rank_label,
        count=len(division.rows),
        points=locale.number(row.points),
        unit=unit,
    )
    lines = [movement(row, division, locale)] if division.has_movement else []
    if row.status:
        lines.append(t("email_status", status=locale.status(row.status)))
    elif row.outlook:
        lines.append(t("email_outlook", status=locale.status(row.outlook)))
    if row.behind and row.behind != "tied":
        lines.append(t("behind_on", criterion=locale.criterion(row.behind)))
    if row.decided_by == "tied":
        lines.append(t("email_tied"))
    elif row.decided_by:
        lines.append(t("ahead_on", criterion=locale.criterion(row.decided_by)))
    if row.penalty and division.mcr:
        games = player.games_minipoints(division.name)
        total = locale.number(row.minipoints)
        lines.append(
            t(
                "penalty_sum_minipoints",
                games=locale.number(games),
                penalties=locale.number(row.penalty),
                total=total,
            )
        )
    elif row.penalty:
        games_total = locale.number(player.games_total(division.name), signed=True)
        lines.append(
            t(
                "penalty_sum",
                games=games_total,
                penalties=locale.number(row.penalty),
                total=locale.number(row.points),
            )
        )
    return Place(division.name, headline, [line for line in lines if line])


def movement(row: RowView, division: DivisionView, locale: Locale) -> str:
    """The row's movement since last week, as the site shows it (▲2, ▼1, =) in words."""
    if row.movement is None:
        return locale.t("email_moved_new")
    if row.movement > 0:
        return locale.t("email_moved_up", count=row.movement)
    if row.movement < 0:
        return locale.t("email_moved_down", count=-row.movement)
    return locale.t("email_moved_none")


def game_line(game: PlayerGameView, locale: Locale) -> str:
    """One of the player's games with its result: date, game, points, place, who else played."""
    values = {
        "date": locale.date(game.date),
        "game": game.id,
        "division": game.division,
        "points": locale.number(game.points, signed=True),
        "place": game.placement,
    }
    if game.substituted:
        return locale.t("email_game_substituted", **values)
    return locale.t("email_game", **values, others=", ".join(game.opponents))


def penalty_line(penalty: PenaltyView, locale: Locale, mcr: bool, tournament: bool = False) -> str:
    """A penalty: where (date and game; a tournament's session and table), its kind
    (lateness with its minutes), how much, and what it came off; the organiser's note after it."""
    t = locale.t
    if penalty.session is not None and penalty.table is not None:
        at = t("email_penalty_session", session=penalty.session, table=penalty.table)
        where = f"{locale.date(penalty.date)}, {at}".lstrip(", ")
    elif penalty.game_id:
        where = f"{locale.date(penalty.date)}, {t('game').lower()} {penalty.game_id}".lstrip(", ")
    else:
        where = t("email_penalty_no_game")
    kind = locale.words(PenaltyKind(penalty.kind))
    if penalty.minutes is not None:
        kind += f" ({t('minutes_late', minutes=penalty.minutes)})"
    if penalty.immediate:
        off = t("off_game_score")
    else:
        off = (
            t("off_minipoints")
            if mcr
            else t("off_tournament_total" if tournament or penalty.session else "off_total")
        )
    line = t("email_penalty", where=where, kind=kind, points=locale.number(penalty.points), off=off)
    if not penalty.points:  # a disqualification takes nothing off
        line = f"{where}: {kind}"
    return f"{line}: {penalty.note}" if penalty.note else line
