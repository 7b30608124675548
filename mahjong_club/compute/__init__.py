"""The computing step of the pipeline: from a validated season to its results.

read (readers/) -> compute (this module, using rules/) -> write (writers/).
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from mahjong_club.common.problems import Problems
from mahjong_club.compute.duplicate import DuplicateResult, compute_duplicate
from mahjong_club.compute.hands import HandResult, score_hands
from mahjong_club.compute.season import (
    AttendanceResult,
    NextSeasonResult,
    ScheduleResult,
    TonightResult,
    compute_attendance,
    compute_next_season,
    compute_schedule,
    compute_tonight,
)
from mahjong_club.compute.tournament import TournamentResult, compute_tournament
from mahjong_club.reading.season import Season
from rules.dice import settle_with_dice
from rules.model import DiceRoll
from rules.standings import DivisionStandings, season_standings
from rules.status import row_statuses


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


def compute_league(
    season: Season, problems: Problems, options: Options | None = None
) -> LeagueResult:
    """Everything the workbook asks for: standings (unresolved ties become warnings naming the
    rolls to make), hands, duplicate, tournament, attendance, schedule, next season, tonight.

    With ``options.dice_seed`` the dice are rolled for every unresolved tie (recorded in
    ``new_dice``). Errors found here go to ``problems`` too.
    """
    options = options or Options()
    dice_seed = options.dice_seed
    result = LeagueResult()
    if season.hands is not None:
        result.hands = score_hands(season.hands, season.ruleset.classical)
    if season.duplicate is not None:
        result.duplicate = compute_duplicate(season.duplicate, problems)
    if not season.has_league:
        return result

    def rank(dice: Sequence[DiceRoll]) -> list[DivisionStandings]:
        return season_standings(
            season.divisions, season.games, season.penalties, dice, season.ruleset
        )

    if dice_seed is None:
        result.standings = rank(season.dice)
    else:
        result.standings, result.new_dice = settle_with_dice(
            rank, season.dice, random.Random(dice_seed)
        )
    for standing in result.standings:
        for needed in standing.dice_needed:
            problems.warning(
                "Dice",
                None,
                "",
                f"{standing.division.name}: {', '.join(needed.players)} are still tied after"
                f" every criterion; roll two dice (round {needed.round}) for"
                f" {', '.join(needed.missing)} and record the rolls in the Dice sheet"
                " (or run with --roll-dice SEED)",
            )
    if season.settings.season_complete:
        top_levels: dict[str, int] = {}
        for standing in result.standings:
            game = standing.division.game.value
            top_levels[game] = min(
                top_levels.get(game, standing.division.level), standing.division.level
            )
        for standing in result.standings:
            division = standing.division
            top = division.level == top_levels[division.game.value]
            statuses = row_statuses(len(standing.rows), top)
            for row, status in zip(standing.rows, statuses, strict=True):
                result.statuses[(division.name, row.record.player)] = status
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
