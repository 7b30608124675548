"""Division standings: season totals from the games, penalties, and the tie-breaker chain.

Total = the sum over the player's games (riichi: result with uma; MCR: table points, and the
minipoints summed alongside). Penalties deducted after uma (every penalty under ema2016, and
chombo always) come off the season total only: riichi penalties in points, MCR penalties in
game points from the minipoints total (table points are never reduced). They do not change
the per-game results that head-to-head and the highest single game look at. Under
ema-revised, lateness, obstruction and other penalties come off that game's final score at
once and so change its placements, uma and result everywhere.

``Games`` counts every game a member is listed in, substituted ones included, so it equals
1sts + 2nds + 3rds + 4ths.

Example: a riichi member with results +27,300 and -9,800 and a 20,000-point chombo has
27,300 - 9,800 - 20,000 = -2,500 points.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from rules.mcr import score_mcr_game
from rules.model import DiceRoll, Division, Game, GameType, Penalty, PenaltyKind, SeatResult
from rules.riichi import score_riichi_game
from rules.ruleset import Ruleset
from rules.tiebreakers import (
    DiceNeeded,
    PlayerRecord,
    RankedRow,
    TieContext,
    chain_for,
    rank_players,
)

#: Penalty kinds that ema-revised deducts from the table score at once (riichi only).
IMMEDIATE_KINDS = frozenset({PenaltyKind.LATENESS, PenaltyKind.OBSTRUCTION, PenaltyKind.OTHER})


@dataclass(frozen=True)
class DivisionStandings:
    """The ranked rows of one division and the dice rolls still to be made; ``played_by``
    says who played each of its games themselves (what head-to-head looks at)."""

    division: Division
    rows: list[RankedRow]
    dice_needed: list[DiceNeeded]
    played_by: Mapping[str, frozenset[str]] = field(default_factory=dict)


def is_immediate(penalty: Penalty, game_type: GameType, ruleset: Ruleset) -> bool:
    """True when the penalty changes a riichi game's final score rather than the total."""
    return (
        game_type is GameType.RIICHI
        and ruleset.point_penalties_immediate
        and penalty.kind in IMMEDIATE_KINDS
        and penalty.game_id is not None
    )


def deducted_at_once(
    penalties: Iterable[Penalty], game_type: GameType, ruleset: Ruleset
) -> dict[str, dict[str, int]]:
    """The penalty points taken off a table's scores at once (ema-revised riichi), by game
    and player."""
    immediate: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for penalty in penalties:
        if is_immediate(penalty, game_type, ruleset):
            assert penalty.game_id is not None
            immediate[penalty.game_id][penalty.player] += penalty.points
    return immediate


def deducted_after(
    penalties: Iterable[Penalty], game_type: GameType, ruleset: Ruleset
) -> tuple[dict[str, int], set[str]]:
    """The penalty points each player loses from the season total (every penalty not taken
    off a table's scores at once), and the players disqualified."""
    after: dict[str, int] = defaultdict(int)
    disqualified: set[str] = set()
    for penalty in penalties:
        if penalty.kind is PenaltyKind.DISQUALIFICATION:
            disqualified.add(penalty.player)
        if not is_immediate(penalty, game_type, ruleset):
            after[penalty.player] += penalty.points
    return after, disqualified


def score_game(
    game: Game, game_type: GameType, ruleset: Ruleset, immediate: Mapping[str, int] | None = None
) -> list[SeatResult]:
    """The results of one game's four seats under the game type's rules."""
    if game_type is GameType.MCR:
        return score_mcr_game(game, ruleset)
    return score_riichi_game(game, ruleset, immediate)


#: Games scored already, by (division, game): a run that ranks the same games twice (this
#: week's standings and last week's, for the movement) scores each game once. Valid for one
#: ruleset and one set of penalties per game.
Scored = dict[tuple[str, str], list[SeatResult]]


def division_records(
    division: Division,
    games: Iterable[Game],
    penalties: Iterable[Penalty],
    ruleset: Ruleset,
    scored: Scored | None = None,
) -> tuple[list[PlayerRecord], PlayedBy]:
    """Every member's season record, and who played each game themselves (each game's
    results taken from ``scored`` when there, else scored and kept there)."""
    penalties = list(penalties)
    immediate = deducted_at_once(penalties, division.game, ruleset)
    after, disqualified = deducted_after(penalties, division.game, ruleset)

    results: dict[str, list[tuple[str, SeatResult]]] = {m: [] for m in division.members}
    by_game: dict[str, list[SeatResult]] = {}
    for game in games:
        key = (division.name, game.id)
        seat_results = scored.get(key) if scored is not None else None
        if seat_results is None:
            seat_results = score_game(game, division.game, ruleset, immediate.get(game.id))
            if scored is not None:
                scored[key] = seat_results
        by_game[game.id] = seat_results
        for result in seat_results:
            mine = results.get(result.player)
            if mine is None:
                mine = results[result.player] = []
            mine.append((game.id, result))

    mcr = division.game is GameType.MCR
    records = [_record(m, results[m], after[m], m in disqualified, mcr) for m in division.members]
    return records, PlayedBy(by_game)


def _record(
    member: str, mine: list[tuple[str, SeatResult]], penalty: int, disqualified: bool, mcr: bool
) -> PlayerRecord:
    """A member's season from their results: places, points and (MCR) minipoints, the
    ``penalty`` taken off the minipoints (MCR) or the points (riichi)."""
    places = [0, 0, 0, 0]
    whole = minipoints = 0
    parts: list[Fraction] = []  # shared table points (7/3): added apart, exactly
    for _, result in mine:
        places[result.placement - 1] += 1
        if type(result.points) is int:
            whole += result.points
        else:
            parts.append(result.points)  # type: ignore[arg-type]
        if mcr:
            minipoints += result.minipoints or 0
    points: int | Fraction = whole + sum(parts) if parts else whole
    if mcr:
        minipoints -= penalty
    else:
        points -= penalty
    return PlayerRecord(
        player=member,
        points=points,
        minipoints=minipoints if mcr else None,
        places=(places[0], places[1], places[2], places[3]),
        results=tuple(mine),
        penalty_points=penalty,
        disqualified=disqualified,
    )


class PlayedBy(Mapping[str, frozenset[str]]):
    """Who played each game themselves (not substituted), by game id, each game worked out
    when first asked: only the tie-breakers ask, for the games of tied members."""

    def __init__(self, by_game: Mapping[str, Sequence[SeatResult]]) -> None:
        self._by_game = by_game
        self._found: dict[str, frozenset[str]] = {}

    def __getitem__(self, game_id: str) -> frozenset[str]:
        found = self._found.get(game_id)
        if found is None:
            results = self._by_game[game_id]
            found = self._found[game_id] = frozenset(r.player for r in results if r.played)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_game)

    def __len__(self) -> int:
        return len(self._by_game)


def division_standings(
    division: Division,
    games: Iterable[Game],
    penalties: Iterable[Penalty],
    dice: Iterable[DiceRoll],
    ruleset: Ruleset,
    scored: Scored | None = None,
) -> DivisionStandings:
    """Rank one division's members by its game type's tie-breaker chain, then dice.

    ``games``, ``penalties`` and ``dice`` must be this division's own; ``scored``: see
    :data:`Scored`.
    """
    records, played_by = division_records(division, games, penalties, ruleset, scored)
    ctx = TieContext(played_by=played_by, dice={(d.player, d.round): d.roll for d in dice})
    rows, needed = rank_players(records, chain_for(division.game), ctx)
    return DivisionStandings(division, rows, needed, played_by)


def earlier_standings(
    now: DivisionStandings,
    later: Collection[str],
    penalties: Iterable[Penalty],
    dice: Iterable[DiceRoll],
    ruleset: Ruleset,
) -> DivisionStandings:
    """The division's standings before the games ``later`` were played (last week's, for
    the movement column), from ``now``'s: each member's record without those games, ranked
    anew. ``penalties`` and ``dice`` are the division's that count then (a penalty of a later
    game does not). The rows are those :func:`division_standings` gives from the earlier
    games alone (the same ranks, numbers and ``Decided by``), without adding up a season
    again: a federation's last week is a fiftieth of its games.

    Example: A, with +27,300 in game 1 and -9,800 in game 2, has 17,500 points now, second
    to B (+6,500 and +27,300); before game 2 A led with 27,300:

    >>> from rules.model import Seat
    >>> d = Division("R1", GameType.RIICHI, 1, ("A", "B", "C", "D"))
    >>> def game(game_id, scores):
    ...     return Game(game_id, "R1", tuple(Seat(p, s) for p, s in zip("ABCD", scores)))
    >>> games = [game("1", (42300, 31500, 25200, 21000)), game("2", (25200, 42300, 31500, 21000))]
    >>> now = division_standings(d, games, [], [], Ruleset())
    >>> [(r.rank, r.record.player, r.record.points) for r in now.rows][:2]
    [(1, 'B', 33800), (2, 'A', 17500)]
    >>> before = earlier_standings(now, {"2"}, [], [], Ruleset())
    >>> [(r.rank, r.record.player, r.record.points, r.record.games) for r in before.rows][:2]
    [(1, 'A', 27300, 1), (2, 'B', 6500, 1)]
    """
    division = now.division
    mcr = division.game is GameType.MCR
    after, disqualified = deducted_after(penalties, division.game, ruleset)
    by_player = {row.record.player: row.record for row in now.rows}
    records = [
        _without(by_player[m], later, after[m], m in disqualified, mcr) for m in division.members
    ]
    ctx = TieContext(played_by=now.played_by, dice={(d.player, d.round): d.roll for d in dice})
    rows, needed = rank_players(records, chain_for(division.game), ctx)
    return DivisionStandings(division, rows, needed, now.played_by)


def _without(
    record: PlayerRecord, later: Collection[str], penalty: int, disqualified: bool, mcr: bool
) -> PlayerRecord:
    """``record`` without the results of the games ``later``, with ``penalty`` taken off (as
    :func:`_record` takes it) instead of the record's own."""
    gone = [result for game_id, result in record.results if game_id in later]
    results = record.results
    if gone:
        results = tuple(pair for pair in record.results if pair[0] not in later)
    places = list(record.places)
    points = record.points if mcr else record.points + record.penalty_points
    minipoints = (record.minipoints or 0) + record.penalty_points if mcr else 0
    for result in gone:
        places[result.placement - 1] -= 1
        points -= result.points
        if mcr:
            minipoints -= result.minipoints or 0
    if mcr:
        minipoints -= penalty
    else:
        points -= penalty
    return PlayerRecord(
        player=record.player,
        points=points,
        minipoints=minipoints if mcr else None,
        places=(places[0], places[1], places[2], places[3]),
        results=results,
        penalty_points=penalty,
        disqualified=disqualified,
    )


def season_standings(
    divisions: Sequence[Division],
    games: Iterable[Game],
    penalties: Iterable[Penalty],
    dice: Iterable[DiceRoll],
    ruleset: Ruleset,
    scored: Scored | None = None,
) -> list[DivisionStandings]:
    """Standings of every division, in ladder order (MCR then riichi, level 1 first).

    Penalties must carry their ``division``. ``scored``: see :data:`Scored`.
    """
    by_division: dict[str, list[Game]] = defaultdict(list)
    for game in games:
        by_division[game.division].append(game)
    pen_by, dice_by = by_division_of(penalties, dice)
    ordered = sorted(divisions, key=division_order)
    return [
        division_standings(d, by_division[d.name], pen_by[d.name], dice_by[d.name], ruleset, scored)
        for d in ordered
    ]


def by_division_of(
    penalties: Iterable[Penalty], dice: Iterable[DiceRoll]
) -> tuple[dict[str, list[Penalty]], dict[str, list[DiceRoll]]]:
    """The penalties and the dice rolls of each division, by its name (a penalty without a
    division under "")."""
    pen_by: dict[str, list[Penalty]] = defaultdict(list)
    for penalty in penalties:
        pen_by[penalty.division or ""].append(penalty)
    dice_by: dict[str, list[DiceRoll]] = defaultdict(list)
    for roll in dice:
        dice_by[roll.division].append(roll)
    return pen_by, dice_by


def division_order(division: Division) -> tuple[int, int, str]:
    """Ladder order for reports: MCR before riichi, then level (1 first), then name."""
    game_rank = 0 if division.game is GameType.MCR else 1
    return (game_rank, division.level, division.name.casefold())
