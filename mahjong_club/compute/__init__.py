"""The computing step of the pipeline: from a validated season to its results.

read (reading/) -> compute (this package, using rules/) -> write (workbook/, site/, mail/).
One module per capability: :mod:`.standings`, :mod:`.attendance`, :mod:`.schedule`,
:mod:`.next_season`, :mod:`.tonight`, :mod:`.hands`, :mod:`.duplicate`, :mod:`.tournament`.
:func:`compute_league` runs all of them in order for the command line.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from mahjong_club.common.problems import Problems
from mahjong_club.compute.attendance import AttendanceResult, compute_attendance
from mahjong_club.compute.duplicate import DuplicateResult, compute_duplicate
from mahjong_club.compute.hands import HandResult, score_hands
from mahjong_club.compute.next_season import NextSeasonResult, compute_next_season
from mahjong_club.compute.schedule import ScheduleResult, compute_schedule
from mahjong_club.compute.standings import compute_standings
from mahjong_club.compute.tonight import TonightResult, compute_tonight
from mahjong_club.compute.tournament import TournamentResult, compute_tournament
from mahjong_club.reading.season import Season
from rules.model import DiceRoll
from rules.standings import DivisionStandings


@dataclass(frozen=True)
class Options:
    """What the organiser asked for on the command line besides the standings.

    ``tonight`` is True for ``--tonight``; ``tonight_date`` None means the latest night.
    """

    dice_seed: int | None = None
    make_schedule: bool = False
    tonight: bool = False
    tonight_date: dt.date | None = None


@dataclass
class LeagueResult:
    """Everything computed for a league season."""

    standings: list[DivisionStandings] = field(default_factory=list)
    statuses: dict[tuple[str, str], str] = field(default_factory=dict)  # (division, player)
    new_dice: list[DiceRoll] = field(default_factory=list)
    attendance: AttendanceResult | None = None
    schedule: ScheduleResult | None = None
    next_season: NextSeasonResult | None = None
    tonight: TonightResult | None = None
    hands: list[HandResult] | None = None
    duplicate: DuplicateResult | None = None
    tournament: TournamentResult | None = None
    #: Ranks one week before the report date, by (division, player): the movement column.
    previous_ranks: dict[tuple[str, str], int] = field(default_factory=dict)


def compute_league(
    season: Season, problems: Problems, options: Options | None = None
) -> LeagueResult:
    """Everything the workbook asks for: standings (unresolved ties become warnings naming the
    rolls to make), hands, duplicate, tournament, attendance, schedule, next season, tonight.

    With ``options.dice_seed`` the dice are rolled for every unresolved tie (recorded in
    ``new_dice``). Errors found here go to ``problems`` too.
    """
    options = options or Options()
    result = LeagueResult()
    if season.hands is not None:
        result.hands = score_hands(season.hands, season.ruleset.classical)
    if season.duplicate is not None:
        result.duplicate = compute_duplicate(season.duplicate, problems)
    if not season.has_league:
        return result
    ranked = compute_standings(season, problems, options.dice_seed)
    result.standings, result.statuses = ranked.standings, ranked.statuses
    result.new_dice, result.previous_ranks = ranked.new_dice, ranked.previous_ranks
    if season.tournament and result.standings:
        result.tournament = compute_tournament(season, result.standings[0])
        return result
    result.attendance = compute_attendance(season, problems)
    result.schedule = compute_schedule(season, problems, make=options.make_schedule)
    result.next_season = compute_next_season(season, result.standings, problems)
    if options.tonight:
        result.tonight = compute_tonight(
            season, result.attendance, result.schedule, options.tonight_date, problems
        )
    return result
