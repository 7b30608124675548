"""Computing the standings: today's ranks, dice for unresolved ties, end-of-season statuses
and last week's ranks for the movement column (rules.md 1.1, 1.2).

Part of the compute step: read (reading/) -> compute (this module, using rules/) -> write.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mahjong_club.common.problems import Problems
from mahjong_club.messages import compute as texts
from mahjong_club.model import Season, season_dates
from rules.dice import settle_with_dice
from rules.model import DiceRoll, Penalty
from rules.standings import (
    DivisionStandings,
    Scored,
    by_division_of,
    earlier_standings,
    season_standings,
)
from rules.status import row_statuses, tie_decides_status
from rules.tiebreakers import DiceNeeded

if TYPE_CHECKING:
    from mahjong_club.compute.scored_season import ScoredSeason

#: The movement column compares with the standings this many days before the report date.
MOVEMENT_DAYS = 7
#: Seasons of at least this many games are scored into arrays (numpy); smaller ones by the
#: rules one game at a time, without loading numpy (about 0.06 s, more than a club's whole
#: ranking takes). bench/bench_scale.py at 100,000 rows (25,000 games): 0.21 s by the rules,
#: 0.08 s by arrays.
ARRAY_GAMES = 20_000


@dataclass(frozen=True)
class DiceAction:
    """A tie awaiting dice that the organiser should settle now: the season is complete.

    ``decides`` is True when the tie decides promotion or relegation (its rows would get
    different statuses); those come first in the organiser's summary.
    """

    division: str
    needed: DiceNeeded
    decides: bool


@dataclass
class StandingsResult:
    """The standings of every division and what goes with them.

    ``statuses`` and ``previous_ranks`` are keyed by (division, player); ``statuses`` is
    filled only when the season is complete, ``previous_ranks`` when games were played a week
    or more before the report date. ``dice_actions`` are the ties awaiting dice that need the
    organiser's action: only once the season is complete (a tie after week one settles
    itself with more games), those deciding promotion or relegation first.
    """

    standings: list[DivisionStandings] = field(default_factory=list)
    statuses: dict[tuple[str, str], str] = field(default_factory=dict)
    new_dice: list[DiceRoll] = field(default_factory=list)
    previous_ranks: dict[tuple[str, str], int] = field(default_factory=dict)
    dice_actions: list[DiceAction] = field(default_factory=list)


def compute_standings(season: Season, problems: Problems, dice_seed: int | None) -> StandingsResult:
    """The standings of a league season (or a tournament's single division).

    With ``dice_seed`` the dice are rolled for every unresolved tie (recorded in
    ``new_dice``); without it, each tie still unresolved becomes a warning naming the rolls
    to make.
    """
    result = StandingsResult()
    check_early_games(season, problems)
    scored: Scored = {}  # each game scored once, for every ranking below
    arrays = scored_season(season)
    today = arrays.records(season.penalties) if arrays is not None else None

    def rank(dice: Sequence[DiceRoll]) -> list[DivisionStandings]:
        if arrays is not None and today is not None:
            return arrays.rank(today, dice)
        return season_standings(
            season.divisions, season.games, season.penalties, dice, season.ruleset, scored
        )

    if dice_seed is None:
        result.standings = rank(season.dice)
    else:
        result.standings, result.new_dice = settle_with_dice(
            rank, season.dice, random.Random(dice_seed)
        )
    # A tournament with sessions still to come: its ties may yet be settled by playing.
    later = season.tournament and bool(season.planned)
    for standing in result.standings:
        if not any(row.record.results for row in standing.rows):
            continue  # nobody has played yet (a tournament just drawn): nothing to settle
        for needed in standing.dice_needed:
            problems.warning(
                "Dice",
                None,
                "",
                texts.DICE_AFTER_LAST_SESSION if later else texts.DICE_NEEDED,
                division=standing.division.name,
                players=", ".join(needed.players),
                round=needed.round,
                missing=", ".join(needed.missing),
            )
    if season.settings.season_complete:  # a league's (reading ignores it in a tournament)
        result.statuses = final_statuses(result.standings)
        result.dice_actions = dice_actions(result.standings)
    result.previous_ranks = previous_ranks(
        season, result.new_dice, scored, result.standings, arrays
    )
    return result


def scored_season(season: Season) -> ScoredSeason | None:
    """The season scored into arrays (:mod:`~mahjong_club.compute.scored_season`) when it
    is big enough (:data:`ARRAY_GAMES`) and its settings allow (whole-number uma and table
    points) and its numbers fit 64-bit sums; None means the rules' own path."""
    if len(season.games) < ARRAY_GAMES:
        return None
    from mahjong_club.compute.scored_season import ScoredSeason, TooBig, usable  # numpy

    if not usable(season.ruleset):
        return None
    try:
        return ScoredSeason(season.divisions, season.games, season.penalties, season.ruleset)
    except TooBig:  # scores beyond 64-bit sums: the rules' own integers have no limit
        return None


def final_statuses(standings: list[DivisionStandings]) -> dict[tuple[str, str], str]:
    """Each row's status at the end of the season (winner, promoted, relegation candidate …),
    by (division, player); a game type's top division has no promotion."""
    top_levels = _top_levels(standings)
    statuses: dict[tuple[str, str], str] = {}
    for standing in standings:
        division = standing.division
        top = division.level == top_levels[division.game.value]
        row_status = row_statuses(len(standing.rows), top)
        for row, status in zip(standing.rows, row_status, strict=True):
            statuses[(division.name, row.record.player)] = status
    return statuses


def dice_actions(standings: list[DivisionStandings]) -> list[DiceAction]:
    """The ties awaiting dice at the end of the season, those deciding a status first."""
    tops = _top_levels(standings)
    found: list[DiceAction] = []
    for standing in standings:
        division = standing.division
        top = division.level == tops[division.game.value]
        position = {row.record.player: n for n, row in enumerate(standing.rows, start=1)}
        for needed in standing.dice_needed:
            rows = tuple(sorted(position[p] for p in needed.players if p in position))
            decides = tie_decides_status(len(standing.rows), top, rows)
            found.append(DiceAction(division.name, needed, decides))
    return sorted(found, key=lambda action: not action.decides)


def _top_levels(standings: list[DivisionStandings]) -> dict[str, int]:
    """Each game type's top division level."""
    top_levels: dict[str, int] = {}
    for standing in standings:
        game = standing.division.game.value
        top_levels[game] = min(
            top_levels.get(game, standing.division.level), standing.division.level
        )
    return top_levels


def previous_ranks(
    season: Season,
    new_dice: Sequence[DiceRoll],
    scored: Scored | None = None,
    now: Sequence[DivisionStandings] | None = None,
    arrays: ScoredSeason | None = None,
) -> dict[tuple[str, str], int]:
    """Ranks one week before the report date, from the same workbook, by (division, player).

    Only the games dated up to then count, with the penalties of those games (and those of no
    game); the dice are the recorded rolls and ``new_dice``. Empty without such games.
    ``now``, this week's standings (made with ``new_dice``), gives them by taking the later
    games away from each record (:func:`~rules.standings.earlier_standings`); without it the
    earlier games are ranked anew, each game's results taken from ``scored`` when there (a
    game's penalties are the same a week earlier). With ``arrays``, the season scored into
    arrays, the earlier games' records are summed from them. All give the same ranks
    (tests/test_earlier_standings.py, tests/test_scored_season.py).
    """
    _, as_of = season_dates(season)
    if as_of is None:
        return {}
    cutoff = as_of - dt.timedelta(days=MOVEMENT_DAYS)
    games = [g for g in season.games if g.date is not None and g.date <= cutoff]
    if not games:
        return {}
    kept = {g.id for g in games}
    penalties = [p for p in season.penalties if p.game_id is None or p.game_id in kept]
    rolls = [*season.dice, *new_dice]
    if arrays is not None:
        before = arrays.rank(arrays.records(penalties, until=cutoff), rolls)
    elif now is None:
        ruleset = season.ruleset
        before = season_standings(season.divisions, games, penalties, rolls, ruleset, scored)
    else:
        before = _without_later(season, now, kept, penalties, rolls)
    return {(s.division.name, r.record.player): r.rank for s in before for r in s.rows}


def _without_later(
    season: Season,
    now: Sequence[DivisionStandings],
    kept: set[str],
    penalties: Sequence[Penalty],
    rolls: Sequence[DiceRoll],
) -> list[DivisionStandings]:
    """Each division's standings ``now`` without the games not ``kept``."""
    later = {g.id for g in season.games if g.id not in kept}
    pen_by, dice_by = by_division_of(penalties, rolls)
    before = []
    for standing in now:
        name = standing.division.name
        before.append(
            earlier_standings(standing, later, pen_by[name], dice_by[name], season.ruleset)
        )
    return before


def check_early_games(season: Season, problems: Problems) -> None:
    """Games dated before the ``season_start`` setting are probably a mistyped year (a
    warning; with or without an Attendance sheet)."""
    start = season.settings.season_start
    if start is None:
        return
    early = [g for g in season.games if g.date is not None and g.date < start]
    if early:
        first = early[0]
        problems.warning(
            "Games",
            first.row,
            "Date",
            texts.GAMES_BEFORE_START,
            count=len(early),
            start=start,
            game=first.id,
            date=first.date,
        )
