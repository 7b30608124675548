"""Computing a riichi tournament's extras (rules.md 4): session-by-session results, the
penalty list with totals, and the EMA results export.

Computed for the tournament capability (mahjong_club/capabilities/tournament.py).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from mahjong_club.common.problems import Problems
from mahjong_club.common.text import natural_key, safe_file_name
from mahjong_club.messages import ema as ema_texts
from mahjong_club.model import Season
from rules.ema import mers_weight, players_weighed
from rules.model import GameType, Penalty
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
    minipoints: int | None = None  # MCR: the score the EMA takes beside the table points
    player: str = ""  # the name as ranked
    #: A substitute entrant (``Players.Substitute``): listed, marked, not ranked by the EMA.
    substitute: bool = False


@dataclass
class TournamentResult:
    """Session columns, tables, the penalty list and the EMA export of a tournament."""

    name: str
    sessions: list[str] = field(default_factory=list)
    session_points: dict[tuple[str, str], int | Fraction] = field(default_factory=dict)
    penalties: list[PenaltyLine] = field(default_factory=list)
    penalty_totals: dict[str, int] = field(default_factory=dict)
    ema: list[EmaRow] = field(default_factory=list)
    submission: Submission | None = None
    #: An MCR tournament: penalties come off the minipoints (rules.md 1.2), never "after uma".
    mcr: bool = False


@dataclass(frozen=True)
class Submission:
    """What the EMA's ranking manager needs about the tournament besides its rows, and the
    MERS weight made from it (:func:`rules.ema.mers_weight`) for the organiser to check."""

    name: str
    participants: int
    countries: int
    #: Substitute entrants among the participants (all listed; the weight counts at most 3).
    substitutes: int
    date: dt.date | None
    city: str
    rules: str
    days: int
    qualification: bool
    weight: Fraction
    mcr: bool

    @property
    def players_weighed(self) -> int:
        """The players the MERS weight counts: the entrants and at most three substitutes."""
        return players_weighed(self.participants - self.substitutes, self.substitutes)

    @property
    def file_name(self) -> str:
        """``<tournament>-<year>-EMA.csv`` (the year left out when the name has it)."""
        year = str(self.date.year) if self.date else ""
        words = self.name.split()
        if year and year not in words:
            words.append(year)
        return safe_file_name("-".join([*words, "EMA"]), suffix=".csv", fallback="ema-results")


def submission_of(season: Season, result: TournamentResult, problems: Problems) -> Submission:
    """The submission's facts, and (for a tournament meant for the EMA: some player has an EMA
    number or a country) a warning for each ranked player without a country (substitutes
    aside: the EMA does not rank them) and for a tournament without a date.

    The MERS weight counts the players who entered and at most three substitutes (EMA,
    "Basics for ranking system": "Substitute players (maximum 3) are accounted in the
    calculation of participating players")."""
    settings = season.settings
    for_ema = any(r.ema or r.country for r in result.ema)
    for row in result.ema:
        if for_ema and not row.country and not row.substitute:
            info = season.players.get(f"{row.first_name} {row.last_name}".strip())
            name = info.name if info else row.last_name
            problems.warning(
                "Players",
                info.row if info and info.row else None,
                "Country",
                ema_texts.COUNTRY_MISSING,
                name=name,
            )
    dates = sorted(g.date for g in season.games if g.date is not None)
    date = dates[0] if dates else settings.as_of
    if date is None and for_ema:
        problems.warning("Settings", None, "", ema_texts.NO_DATE)
    countries = len({r.country for r in result.ema if r.country})
    mcr = season.divisions[0].game is GameType.MCR if season.divisions else False
    substitutes = sum(1 for r in result.ema if r.substitute)
    counted = players_weighed(len(result.ema) - substitutes, substitutes)
    weight = mers_weight(settings.days, counted, countries, settings.qualification)
    rules = "MCR" if mcr else "Riichi"
    return Submission(
        result.name,
        len(result.ema),
        countries,
        substitutes,
        date,
        settings.city,
        rules,
        settings.days,
        settings.qualification,
        weight,
        mcr,
    )


def compute_tournament(
    season: Season, standing: DivisionStandings, problems: Problems | None = None
) -> TournamentResult:
    """The tournament's session columns, penalty list and EMA export."""
    result = TournamentResult(standing.division.name, mcr=standing.division.game is GameType.MCR)
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
                row.record.minipoints,
                row.record.player,
                info.substitute if info else False,
            )
        )
    result.submission = submission_of(season, result, problems or Problems())
    return result
