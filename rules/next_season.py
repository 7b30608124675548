"""Promotion, relegation and next season's divisions (rules.md 1.3).

Separately for MCR and riichi:

1. N = the players signed up for next season (without a ``Signups`` sheet: every current
   member continues and no one new joins).
2. Number of divisions D: N < 20 -> N // 5 (at least 1 when N >= 4); N = 20-21 -> 3;
   22-26 -> 4; 27-29 -> 5; N >= 30 -> N // 6. Fewer than 4 players is an error.
3. Sizes as even as possible, top divisions largest: q, r = divmod(N, D); the first r
   divisions get q + 1 players, the rest q.
4. Fill the divisions from the top in this priority order (within a group, by final rank):
   winner of division 1; winner of division 2; division 1 players who are not relegation
   candidates; then for k = 1 .. K-1: rank 2 of division k+1, the relegation candidates of
   division k, the players of division k+1 who moved nowhere, the winner of division k+2;
   then the relegation candidates of the lowest division; then new players by rating
   (highest first, no rating last, equal ratings by name). Players who did not sign up are
   skipped.

Worked example (rules.md 1.3): 3 divisions of 6, 6 and 5, all sign up, plus new players rated
1500 and 1200: N = 19 -> D = 3, sizes 7, 6, 6::

    >>> division_count(19), division_sizes(19)
    (3, [7, 6, 6])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum, StrEnum
from fractions import Fraction

from rules.errors import RuleError
from rules.status import is_relegation_candidate


class SeasonProblem(Enum):
    """Why next season's divisions cannot be made."""

    TOO_FEW_PLAYERS = "too_few_players"


#: The English of each :class:`SeasonProblem`.
SEASON_TEXTS: dict[SeasonProblem, str] = {
    SeasonProblem.TOO_FEW_PLAYERS: "{players} {players:player|players} signed up;"
    " a division needs at least 4"
}


class TooFewPlayers(RuleError):
    """Fewer than four players signed up for a game type (``players``: how many did)."""

    english = SEASON_TEXTS

    def __init__(self, players: int) -> None:
        super().__init__(SeasonProblem.TOO_FEW_PLAYERS, players=players)


def division_count(players: int) -> int:
    """How many divisions ``players`` sign-ups make (rules.md 1.3 step 2).

    >>> [division_count(n) for n in (4, 5, 19, 20, 21, 22, 26, 27, 29, 30, 35, 36)]
    [1, 1, 3, 3, 3, 4, 4, 5, 5, 5, 5, 6]
    """
    if players < 4:
        raise TooFewPlayers(players)
    if players < 20:
        return max(1, players // 5)
    if players <= 21:
        return 3
    if players <= 26:
        return 4
    if players <= 29:
        return 5
    return players // 6


def division_sizes(players: int) -> list[int]:
    """Division sizes, top first: as even as possible, the top divisions largest."""
    count = division_count(players)
    q, r = divmod(players, count)
    return [q + 1] * r + [q] * (count - r)


class Group(StrEnum):
    """The priority group a current player fills next season's divisions from."""

    WINNER = "winner"
    STAYS = "stays"
    RUNNER_UP = "runner-up"
    RELEGATION_CANDIDATE = "relegation candidate"
    MOVED_NOWHERE = "moved nowhere"
    NEW = "new"


class Outcome(StrEnum):
    """What happened to a player between this season's division and next season's."""

    PROMOTED = "promoted"
    RELEGATED = "relegated"
    MOVED_DOWN = "moved down"  # not a relegation candidate, but their division shrank
    KEPT_GREW = "kept: division grew"  # a relegation candidate kept: their division grew
    KEPT_FREE = "kept: a place was free"  # a relegation candidate kept: a place was free
    STAYS_NO_ROOM = "stays: no room higher up"  # a runner-up who could not go up
    STAYS_AT_TOP = "stays at the top"  # the winner of division 1
    STAYS = "stays"
    NEW = "new player"


@dataclass(frozen=True)
class Placed:
    """One player's place in the priority order, with why they are in that group."""

    player: str
    group: Group
    division: int | None  # this season's division number (1 = top), None for new players
    rank: int | None  # row in this season's final standings


@dataclass(frozen=True)
class NextReason:
    """Why a player plays where they play next season, as data (the words are the catalogue's).

    ``division`` and ``rank`` are this season's (None for a new player), ``level`` next
    season's division, ``rating`` a new player's rating (None: no rating). In club language:
    ``NextReason(Outcome.PROMOTED, Group.WINNER, division=2, rank=1, level=1)`` reads
    "winner of division 2, promoted";
    ``NextReason(Outcome.KEPT_GREW, Group.RELEGATION_CANDIDATE, 1, 5, 1)`` reads
    "relegation candidate of division 1, kept: division 1 grew";
    ``NextReason(Outcome.NEW, Group.NEW, level=3, rating=Fraction(1500))`` reads
    "new player (rating 1500)".
    """

    outcome: Outcome
    group: Group
    division: int | None = None
    rank: int | None = None
    level: int | None = None
    rating: Fraction | None = None
    #: The rank is shared (``2=``) by a tie the dice have not settled: ``rank`` is then the
    #: shared rank the standings show, not the row the order above took (rules.md 1.3).
    tied: bool = False


@dataclass(frozen=True)
class NextPlace:
    """A player's division next season and the reason."""

    player: str
    level: int
    reason: NextReason


def relegation_rows(size: int, top: bool) -> list[int]:
    """The 1-based rows of a division of ``size`` that are relegation candidates."""
    return [r for r in range(1, size + 1) if is_relegation_candidate(r, size, top)]


def priority_order(
    divisions: Sequence[Sequence[str]],
    new_players: Sequence[tuple[str, Fraction | None]] = (),
) -> list[Placed]:
    """Every current player and new player in the order they fill next season's divisions.

    ``divisions`` are this season's final standings, top division first, each a list of
    players by row. ``new_players`` are (name, rating or None).
    """
    k_count = len(divisions)
    order: list[Placed] = []

    def add(k: int, rows: Sequence[int], group: Group) -> None:
        for r in rows:
            if 1 <= k <= k_count and 1 <= r <= len(divisions[k - 1]):
                order.append(Placed(divisions[k - 1][r - 1], group, k, r))

    def relegated(k: int) -> list[int]:
        return relegation_rows(len(divisions[k - 1]), k == 1) if k <= k_count else []

    def nowhere(k: int) -> list[int]:
        """Rows of a lower division k that neither won, were runner-up nor relegated."""
        size = len(divisions[k - 1])
        return [r for r in range(3, size + 1) if r not in relegated(k)]

    if k_count:
        add(1, [1], Group.WINNER)
        add(2, [1], Group.WINNER)
        stays = [r for r in range(2, len(divisions[0]) + 1) if r not in relegated(1)]
        add(1, stays, Group.STAYS)
        for k in range(1, k_count):
            add(k + 1, [2] if 2 not in relegated(k + 1) else [], Group.RUNNER_UP)
            add(k, relegated(k), Group.RELEGATION_CANDIDATE)
            add(k + 1, nowhere(k + 1), Group.MOVED_NOWHERE)
            add(k + 2, [1], Group.WINNER)
        add(k_count, relegated(k_count), Group.RELEGATION_CANDIDATE)
    # A player in two divisions of the same game keeps only their first (best) place.
    firsts: dict[str, Placed] = {}
    for placed in order:
        firsts.setdefault(placed.player, placed)
    order = list(firsts.values())
    ranked_new = sorted(
        new_players,
        key=lambda p: (p[1] is None, -(p[1] or 0), p[0].casefold(), p[0]),
    )
    order.extend(Placed(name, Group.NEW, None, None) for name, _ in ranked_new)
    return order


def next_season(
    divisions: Sequence[Sequence[str]],
    signed_up: set[str] | None,
    new_players: Sequence[tuple[str, Fraction | None]] = (),
) -> list[NextPlace]:
    """Next season's divisions of one game type, each player with the reason for their place.

    ``signed_up`` is the set of current members who signed up (None: everyone continues).
    Raises :class:`TooFewPlayers` below four players.

    Two divisions of four, everyone continues, and a new player rated 1500: nine players make
    one division of nine. E won division 2, so they are promoted; D was a relegation
    candidate of division 1 and keeps the place because the division grew::

        >>> places = next_season([["A", "B", "C", "D"], ["E", "F", "G", "H"]], None,
        ...                      [("Nova", Fraction(1500))])
        >>> [p.player for p in places]
        ['A', 'E', 'B', 'F', 'C', 'D', 'G', 'H', 'Nova']
        >>> e = places[1].reason
        >>> e.outcome, e.group, e.division, e.rank, e.level
        (<Outcome.PROMOTED: 'promoted'>, <Group.WINNER: 'winner'>, 2, 1, 1)
        >>> places[5].reason.outcome, places[8].reason.rating
        (<Outcome.KEPT_GREW: 'kept: division grew'>, Fraction(1500, 1))
    """
    order = [
        p
        for p in priority_order(divisions, new_players)
        if p.group is Group.NEW or signed_up is None or p.player in signed_up
    ]
    sizes = division_sizes(len(order))
    old_sizes = [len(d) for d in divisions]
    places: list[NextPlace] = []
    index = 0
    ratings: Mapping[str, Fraction | None] = dict(new_players)
    for level, size in enumerate(sizes, start=1):
        for placed in order[index : index + size]:
            places.append(
                NextPlace(placed.player, level, _reason(placed, level, sizes, old_sizes, ratings))
            )
        index += size
    return places


def _reason(
    placed: Placed,
    level: int,
    sizes: Sequence[int],
    old_sizes: Sequence[int],
    ratings: Mapping[str, Fraction | None],
) -> NextReason:
    old = placed.division
    if old is None:
        return NextReason(Outcome.NEW, Group.NEW, level=level, rating=ratings.get(placed.player))
    candidate = placed.group is Group.RELEGATION_CANDIDATE
    if level < old:
        outcome = Outcome.PROMOTED
    elif level > old:
        outcome = Outcome.RELEGATED if candidate else Outcome.MOVED_DOWN
    elif candidate:
        grew = level <= len(old_sizes) and sizes[level - 1] > old_sizes[level - 1]
        outcome = Outcome.KEPT_GREW if grew else Outcome.KEPT_FREE
    elif placed.group is Group.RUNNER_UP:
        outcome = Outcome.STAYS_NO_ROOM
    elif placed.group is Group.WINNER and old == 1:
        outcome = Outcome.STAYS_AT_TOP
    else:
        outcome = Outcome.STAYS
    return NextReason(outcome, placed.group, old, placed.rank, level)
