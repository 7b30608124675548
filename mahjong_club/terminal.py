"""What a run prints to stdout: each capability's section of plain text."""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_club.common.text import plain_number
from mahjong_club.compute.attendance import AttendanceResult
from mahjong_club.compute.duplicate import DuplicateResult
from mahjong_club.compute.hands import HandResult
from mahjong_club.compute.next_season import NextSeasonResult
from mahjong_club.compute.schedule import ScheduleResult
from mahjong_club.compute.standings import StandingsResult
from mahjong_club.compute.tonight import TonightResult
from mahjong_club.messages import terminal as texts
from mahjong_club.messages.breakdown import hand_breakdown
from mahjong_club.messages.core import say
from mahjong_club.messages.rules import advice
from mahjong_club.messages.terminal import counted
from mahjong_club.model import Season, season_dates
from rules.model import GameType


def standings_text(result: StandingsResult, tournament: bool = False) -> str:
    """Each division's table: rank (``2=`` for a shared rank), player, games, points, places;
    a ``tournament``'s one ranking without a division's level."""
    blocks: list[str] = []
    for standing in result.standings:
        division = standing.division
        mcr = division.game is GameType.MCR
        header = ["Rank", "Player", "Games", "Points"] + (["Minipts"] if mcr else [])
        header += ["1st", "2nd", "3rd", "4th", "Decided by", "Status"]
        table = [header]
        ranks = [row.rank for row in standing.rows]
        for row in standing.rows:
            rec = row.record
            shared = ranks.count(row.rank) > 1
            line = [f"{row.rank}{'=' if shared else ''}", rec.player, str(rec.games)]
            line.append(plain_number(rec.points))
            if mcr:
                line.append(plain_number(rec.minipoints))
            line += [str(n) for n in rec.places]
            line += [row.decided_by, result.statuses.get((division.name, rec.player), "")]
            table.append(line)
        widths = [max(len(r[i]) for r in table) for i in range(len(header))]
        numeric = {0, 2, 3, 4, 5, 6, 7} | ({8} if mcr else set())
        level = "" if tournament else f", level {division.level}"
        lines = [f"{division.name} ({division.game.value}{level})"]
        for r in table:
            cells = [
                c.rjust(w) if i in numeric else c.ljust(w)
                for i, (c, w) in enumerate(zip(r, widths, strict=True))
            ]
            lines.append("  " + "  ".join(cells).rstrip())
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def attendance_text(result: AttendanceResult) -> str:
    """Members who are not in good standing, and what they must do."""
    nights = len(result.regular_nights)
    lines = [
        f"Attendance at {result.as_of.isoformat()}: {nights} regular"
        f" {'night' if nights == 1 else 'nights'} since {result.season_start.isoformat()}"
    ]
    flagged = [m for m in result.members if m.status.value != "ok"]
    for m in flagged:
        since = f" since {m.since.isoformat()}" if m.since else ""
        # After the season (``final``) there is no check to come, so no advice.
        tip = "" if result.final else f"; {advice(m.advice)}"
        lines.append(
            f"  {m.player}: {m.status.value}{since} ({m.attended} of {m.regular},"
            f" needs {m.required.numerator}/{m.required.denominator}){tip}"
        )
    if not flagged:
        lines.append("  everyone is in good standing")
    return "\n".join(lines)


def schedule_text(result: ScheduleResult) -> str:
    """Played and remaining planned games per division."""
    counts: dict[str, list[int]] = {}
    for status in result.statuses:
        entry = counts.setdefault(status.planned.division, [0, 0])
        entry[0 if status.played else 1] += 1
    title = "Proposed schedule (written to the Schedule sheet)" if result.made else "Schedule"
    lines = [f"{title}:"]
    for division, (played, remaining) in counts.items():
        lines.append(
            f"  {division}: {played} of {played + remaining} planned games played,"
            f" {remaining} remaining"
        )
    return "\n".join(lines)


def next_season_text(result: NextSeasonResult, final: bool = True) -> str:
    """Next season's divisions, one line each; before the season is complete (``final``
    False) the heading says they are as if the season ended today, as the site does."""
    if final:
        lines = ["Next season:"]
    else:
        lines = ["Next season, if the season ended today (season_complete is not yes):"]
    for game, places in result.places.items():
        levels: dict[int, list[str]] = {}
        for place in places:
            levels.setdefault(place.level, []).append(place.player)
        for level, players in levels.items():
            lines.append(f"  {game.value} {level} ({len(players)}): {', '.join(players)}")
    return "\n".join(lines)


def tonight_text(result: TonightResult) -> str:
    """Tonight's proposed games."""
    lines = [f"Tonight, {result.date.isoformat()}: {len(result.present)} present"]
    if not result.games:
        lines.append("  no planned game can be played tonight")
    for g in result.games:
        seats = ", ".join(
            f"{p} (substitute needed)" if p in g.substituted else p for p in g.planned.players
        )
        lines.append(f"  {g.division}, planned game {g.planned.label}: {seats}")
    if result.free:
        lines.append(f"  present, not seated (possible substitutes): {', '.join(result.free)}")
    return "\n".join(lines)


def hands_text(results: Sequence[HandResult]) -> str:
    """The hands in short: how many, and each session's totals (the breakdown: -v)."""
    totals: dict[str, dict[str, int]] = {}
    hands = {(r.session, r.hand) for r in results}
    for r in results:
        totals.setdefault(r.session, {})[r.player.player] = r.running_total
    head = say(
        texts.HANDS_SHORT,
        hands=counted(len(hands), texts.HANDS),
        sessions=counted(len(totals), texts.SESSIONS),
    )
    lines = [str(head)]
    for session, players in totals.items():
        shown = ", ".join(f"{player} {total:+d}" for player, total in players.items())
        lines.append(f"  {say(texts.HANDS_SESSION, session=session, totals=shown)}")
    return "\n".join(lines)


def hands_breakdown_text(results: Sequence[HandResult]) -> str:
    """Every hand: each player's breakdown and settlement, and the session totals."""
    lines: list[str] = []
    current: tuple[str, int] | None = None
    for r in results:
        if (r.session, r.hand) != current:
            current = (r.session, r.hand)
            lines.append(f"Session {r.session}, hand {r.hand} (round {r.round_wind.value}):")
        mark = " Mah-Jong" if r.player.winner else ""
        lines.append(
            f"  {r.player.seat.value} {r.player.player}{mark}: {hand_breakdown(r.score)};"
            f" settles {r.settlement:+d}, total {r.running_total:+d}"
        )
    return "\n".join(lines)


def duplicate_text(result: DuplicateResult) -> str:
    """The duplicate ranking."""
    lines = [f"Duplicate ranking (IMPs by {result.scale_name}):"]
    ranks = [r.rank for r in result.ranking]
    width = max((len(r.player) for r in result.ranking), default=6)
    for r in result.ranking:
        shown = f"{r.rank}{'=' if ranks.count(r.rank) > 1 else ''}"
        penalty = f", false Mahjong {r.penalties}" if r.penalties else ""
        lines.append(
            f"  {shown:>4}  {r.player:<{width}}  {r.imps:+4d} IMPs  {r.boards} boards"
            f" ({r.positive_boards} positive{penalty})"
        )
    return "\n".join(lines)


def standings_section(season: Season, result: StandingsResult) -> str:
    """The date the results are as of, every division's table, and any dice rolled this run."""
    parts: list[str] = []
    _start, as_of = season_dates(season)
    if as_of is not None:
        origin = "the as_of setting" if season.settings.as_of else "the latest date in the workbook"
        parts.append(f"Results as of {as_of.isoformat()} ({origin})")
    parts.append(standings_text(result, season.settings.mode == "tournament"))
    rolled = [
        f"Rolled for {r.player} ({r.division}, round {r.round}): {r.roll}" for r in result.new_dice
    ]
    if rolled:
        parts.append("\n" + "\n".join(rolled))
    return "\n".join(parts)
