"""Computing a riichi tournament's extras (rules.md 4): session-by-session results, the
penalty list with totals, and the EMA results export.

Computed for the tournament capability (mahjong_club/capabilities/tournament.py).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from mahjong_club.common.text import natural_key
from mahjong_club.model import Season
from rules.model import Penalty
from rules.standings import IMMEDIATE_KINDS, DivisionStandings

#: Words that belong to the last name: "Jan de Vries" -> first "Jan", last "de Vries".
NAME_PARTICLES = frozenset(
    {"de", "der", "den", "van", "von", "la", "le", "du", "da", "di", "del", "dos", "ter", "ten"}
)


def split_name(name: str) -> tuple[str, str]:
    """(first name, last name) for the EMA export.

    >>> split_name("Jan de Vries"), split_name("Yuki Tanaka"), split_name("Madonna")
    (('Jan', 'de Vries'), ('Yuki', 'Tanaka'), ('', 'Madonna'))
    """
    words = name.split()
    if len(words) < 2:
        return "", name.strip()
    cut = len(words) - 1
    while cut > 1 and words[cut - 1].casefold() in NAME_PARTICLES:
        cut -= 1
    return " ".join(words[:cut]), " ".join(words[cut:])


@dataclass(frozen=True)
class PenaltyLine:
    """A penalty as listed for the organiser."""

    penalty: Penalty
    session: str | None
    table: str | None
    immediate: bool


@dataclass(frozen=True)
class EmaRow:
    """A row of the EMA results export."""

    place: int
    ema: str
    last_name: str
    first_name: str
    country: str
    points: int | Fraction
    team: str = ""


@dataclass
class TournamentResult:
    """Session columns, tables, the penalty list and the EMA export of a tournament."""

    name: str
    sessions: list[str] = field(default_factory=list)
    session_points: dict[tuple[str, str], int | Fraction] = field(default_factory=dict)
    penalties: list[PenaltyLine] = field(default_factory=list)
    penalty_totals: dict[str, int] = field(default_factory=dict)
    ema: list[EmaRow] = field(default_factory=list)


def compute_tournament(season: Season, standing: DivisionStandings) -> TournamentResult:
    """The tournament's session columns, penalty list and EMA export."""
    result = TournamentResult(standing.division.name)
    games = {g.id: g for g in season.games}
    result.sessions = sorted({g.session for g in season.games if g.session}, key=natural_key)
    for row in standing.rows:
        for game_id, seat_result in row.record.results:
            session = games[game_id].session or ""
            key = (row.record.player, session)
            result.session_points[key] = result.session_points.get(key, 0) + seat_result.points
    totals: dict[str, int] = defaultdict(int)
    for penalty in season.penalties:
        game = games.get(penalty.game_id or "")
        immediate = season.ruleset.point_penalties_immediate and penalty.kind in IMMEDIATE_KINDS
        result.penalties.append(
            PenaltyLine(
                penalty, game.session if game else None, game.table if game else None, immediate
            )
        )
        totals[penalty.player] += penalty.points
    result.penalty_totals = dict(totals)
    for row in standing.rows:
        info = season.players.get(row.record.player)
        first, last = split_name(row.record.player)
        result.ema.append(
            EmaRow(
                row.rank,
                info.ema if info else "",
                last,
                first,
                info.country if info else "",
                row.record.points,
                info.team if info else "",
            )
        )
    return result
