"""How many points a penalty costs (rules.md section 4, the EMA tournament rules).

- chombo: 20,000 when ``Points`` is blank; always deducted after uma;
- lateness: 1,000 points per minute, up to 10 minutes (from ``Minutes`` when ``Points`` is
  blank); a player more than 10 minutes late is replaced by a substitute for that session and
  pays no lateness points, so such a row needs the seat marked substituted;
- obstruction: 8,000 or 12,000 points, serious or repeated cases 12,000-48,000 (``Points``
  must be given);
- other: ``Points`` must be given;
- disqualification: no points unless given; the player is ranked at the bottom.

MCR penalties are in game points and always need ``Points``.

    >>> penalty_points(PenaltyKind.LATENESS, None, 7, mcr=False, substituted=False)
    7000
    >>> penalty_points(PenaltyKind.LATENESS, None, 11, mcr=False, substituted=True)
    0
"""

from __future__ import annotations

from enum import Enum

from rules.errors import RuleError
from rules.model import PenaltyKind
from rules.ruleset import Ruleset

OBSTRUCTION_LEVELS = (8000, 12000)
OBSTRUCTION_SERIOUS = (12000, 48000)


class PenaltyProblem(Enum):
    """Which rule a penalty row breaks (the English: :data:`PENALTY_TEXTS`)."""

    GAME_POINTS_NEEDED = "game_points_needed"
    NEGATIVE_MINUTES = "negative_minutes"
    TOO_LATE = "too_late"
    LATENESS_NEEDS = "lateness_needs"
    POINTS_NEEDED = "points_needed"
    OBSTRUCTION_POINTS = "obstruction_points"


#: The English of each :class:`PenaltyProblem`; ``kind`` is a :class:`PenaltyKind`.
PENALTY_TEXTS: dict[PenaltyProblem, str] = {
    PenaltyProblem.GAME_POINTS_NEEDED: "{kind}: an MCR penalty needs the game points to"
    " deduct (MCR penalties are in game points)",
    PenaltyProblem.NEGATIVE_MINUTES: "expected the minutes late (0 or more), found {minutes}",
    PenaltyProblem.TOO_LATE: "{minutes} minutes late: more than {limit} minutes"
    " means a substitute plays that session; mark the seat substituted",
    PenaltyProblem.LATENESS_NEEDS: "a lateness penalty needs the points, or the minutes late",
    PenaltyProblem.POINTS_NEEDED: "{kind}: the penalty needs the points to deduct",
    PenaltyProblem.OBSTRUCTION_POINTS: "an obstruction costs 8,000 or 12,000 points,"
    " or 12,000 to 48,000 in serious cases; found {points:,}",
}


class PenaltyError(RuleError):
    """A penalty row that breaks the rules; ``column`` is the column at fault."""

    english = PENALTY_TEXTS

    def __init__(self, code: PenaltyProblem, /, column: str = "Points", **params: object) -> None:
        super().__init__(code, **params)
        self.column = column


def penalty_points(
    kind: PenaltyKind,
    points: int | None,
    minutes: int | None,
    mcr: bool,
    substituted: bool,
    ruleset: Ruleset | None = None,
) -> int:
    """The points (or MCR game points) a penalty deducts; raises :class:`PenaltyError`."""
    ruleset = ruleset or Ruleset()
    if points is not None:
        points = abs(points)
    if mcr:
        if points is None:
            if kind is PenaltyKind.DISQUALIFICATION:
                return 0
            raise PenaltyError(PenaltyProblem.GAME_POINTS_NEEDED, kind=kind)
        return points
    if kind is PenaltyKind.LATENESS:
        if minutes is not None and minutes < 0:
            raise PenaltyError(PenaltyProblem.NEGATIVE_MINUTES, "Minutes", minutes=minutes)
        if minutes is not None and minutes > ruleset.lateness_max_minutes:
            if not substituted:
                raise PenaltyError(
                    PenaltyProblem.TOO_LATE,
                    "Minutes",
                    minutes=minutes,
                    limit=ruleset.lateness_max_minutes,
                )
            return 0
        if points is not None:
            return points
        if minutes is None:
            raise PenaltyError(PenaltyProblem.LATENESS_NEEDS)
        return minutes * ruleset.lateness_points_per_minute
    if points is None:
        if kind is PenaltyKind.CHOMBO:
            return ruleset.chombo_points
        if kind is PenaltyKind.DISQUALIFICATION:
            return 0
        raise PenaltyError(PenaltyProblem.POINTS_NEEDED, kind=kind)
    if kind is PenaltyKind.OBSTRUCTION:
        low, high = OBSTRUCTION_SERIOUS
        if points not in OBSTRUCTION_LEVELS and not low <= points <= high:
            raise PenaltyError(PenaltyProblem.OBSTRUCTION_POINTS, points=points)
    return points
