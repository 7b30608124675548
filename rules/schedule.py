"""A division's planned games: making the season's plan, and matching played games to it.

The plan (rules.md 1.4, ``--make-schedule``) covers the whole season and counts the games
already played. Played and planned games together give every member the same number of games
(one more for some only where the seats cannot be shared evenly) and every two members as
nearly the same number of meetings, each pair meeting ``meetings`` times (the club's
``schedule_meetings``, 3 by default). Six pairs meet at each table, so a season has
``meetings x n x (n - 1) / 12`` games for a division of ``n``, rounded up:

    >>> [season_games(n) for n in (4, 5, 6, 8, 12)]
    [3, 5, 8, 14, 33]

A division of four plays its one foursome 3 times; a division of five plays each of its five
foursomes once (each member 4 games, every pair meets 3 times):

    >>> plan = make_schedule("ABCDE")
    >>> len(plan), games_each(plan, "ABCDE"), pair_spread(plan, "ABCDE")
    (5, [4, 4, 4, 4, 4], (3, 3))

With games already played, the plan is what the season still needs. Here A, B and C have
played twice and D and E once; the three foursomes left give everyone 4 games and every pair
3 meetings:

    >>> make_schedule("ABCDE", played=["ABCD", "ABCE"])
    [('A', 'B', 'D', 'E'), ('A', 'C', 'D', 'E'), ('B', 'C', 'D', 'E')]

What the plan guarantees (the played games as given, whatever they are):

- every planned game seats four different members of the division;
- played and planned games together reach at least :func:`season_games` games, and give
  every member the same number of games, or one more for some. The plan is the fewest games
  that does so: when the played games are uneven (a member far behind, or far ahead), the
  season grows until the others have caught up. Only a division of four cannot even out
  played games that were uneven (every game seats all four): the differences stay;
- the meetings (played and planned games together) are *settled*: no exchange of two
  members between two planned games makes them more even (a smaller sum of the squared
  meeting counts, or the same sum and fewer pairs far from the mean; :mod:`rules.plan_search`).
  When the sum of squares reaches its lower bound no plan at all is more even: every pair
  then meets ``meetings`` times, or as evenly as the numbers allow. With nothing played this
  happens for every division of 4 to 20 members meeting 1 to 4 times in which every pair can
  meet exactly that often; in the others no two pairs meet more than 2 times apart (tested).
  With uneven games played, evening out the games comes first: a member far behind may have
  to meet the same few members many times;
- the planned games are in playing order: each next game is, of the next 64 planned, the one
  whose members have played fewest games so far (played games included);
- the same input gives the same plan (no randomness beyond a fixed seed).

A played game matches a planned foursome when it has the same four members (a substituted
member still counts: the row stays under their name). Each played game uses up one planned
game, so a foursome planned twice can be played twice.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from rules.errors import RuleError
from rules.model import Game
from rules.plan_search import even_out, first_tables

Foursome = tuple[str, str, str, str]

#: How far ahead the playing order looks for the next game (keeps long seasons quick).
ORDER_WINDOW = 64


class ScheduleProblem(Enum):
    """Why a plan cannot be made."""

    TOO_FEW_MEMBERS = "too_few_members"
    NO_MEETINGS = "no_meetings"


#: The English of each :class:`ScheduleProblem`.
SCHEDULE_TEXTS: dict[ScheduleProblem, str] = {
    ScheduleProblem.TOO_FEW_MEMBERS: "a division of {members} cannot play: a game needs four",
    ScheduleProblem.NO_MEETINGS: "each pair must meet at least once, not {meetings} times",
}


class ScheduleError(RuleError):
    """A plan that cannot be made (fewer than four members, or no meetings asked for)."""

    english = SCHEDULE_TEXTS


def season_games(members: int, meetings: int = 3) -> int:
    """The games of a season in which each pair of ``members`` meets ``meetings`` times.

    Six pairs meet at each table: ``meetings x members x (members - 1) / 12``, rounded up.

    >>> season_games(4), season_games(5), season_games(8), season_games(8, meetings=1)
    (3, 5, 14, 5)
    """
    return -(-meetings * members * (members - 1) // 12)


def games_left(played: Sequence[int], target: int) -> list[int]:
    """How many more games each member plays (the counts ``played`` so far, in list order).

    The fewest further games that bring the season to ``target`` games and every member
    within one game of every other; the extra seats go to those who have played least, then
    to those earlier in the list. A division of four cannot change its differences: it plays
    up to the target.

    >>> games_left([2, 2, 2, 1, 1], target=5)
    [2, 2, 2, 3, 3]
    >>> games_left([3, 3, 3, 3, 1], target=5)  # E, two games behind, plays every game
    [3, 3, 3, 3, 4]
    """
    n = len(played)
    start = max(0, -(-(4 * target - sum(played)) // 4))
    spread = max(played) - min(played)
    if n > 4:
        for games in range(start, start + 4 * n * (spread + 1) + 8):
            counts = _fill(played, games)
            totals = [p + c for p, c in zip(played, counts, strict=True)]
            if max(totals) - min(totals) <= 1:
                return counts
    return _fill(played, start)


def _fill(played: Sequence[int], games: int) -> list[int]:
    """The ``4 x games`` seats to the members with fewest games, each member at most ``games``.

    Everyone is raised to the highest level ``t`` the seats reach; the seats left over go to
    the members at ``t`` in list order.
    """
    seats = 4 * games

    def needed(level: int) -> int:
        return sum(min(games, max(0, level - p)) for p in played)

    low, high = min(played), max(played) + games
    while low < high:  # the highest level whose seats are within ``seats``
        middle = (low + high + 1) // 2
        low, high = (middle, high) if needed(middle) <= seats else (low, middle - 1)
    counts = [min(games, max(0, low - p)) for p in played]
    extra = seats - sum(counts)
    for i, p in enumerate(played):
        if extra and p + counts[i] == low and counts[i] < games:
            counts[i] += 1
            extra -= 1
    return counts


def make_schedule(
    members: Sequence[str], played: Iterable[Collection[str]] = (), meetings: int = 3
) -> list[Foursome]:
    """The games the season still needs (see the module docstring), in playing order.

    ``played`` are the foursomes already played (seats of non-members are left out of the
    counts). Each game lists its members in the order of ``members``.
    """
    names = list(dict.fromkeys(members))
    n = len(names)
    if n < 4:
        raise ScheduleError(ScheduleProblem.TOO_FEW_MEMBERS, members=n)
    if meetings < 1:
        raise ScheduleError(ScheduleProblem.NO_MEETINGS, meetings=meetings)
    index = {name: i for i, name in enumerate(names)}
    counts = [0] * n
    met = [[0] * n for _ in range(n)]
    for game in played:
        seated = sorted({index[p] for p in game if p in index})
        for i in seated:
            counts[i] += 1
        for a, b in itertools.combinations(seated, 2):
            met[a][b] += 1
            met[b][a] += 1
    further = games_left(counts, season_games(n, meetings))
    tables = first_tables(further, met, sum(further) // 4)
    tables = even_out(tables, met)
    ordered = _playing_order(tables, counts)
    return [tuple(names[i] for i in sorted(t)) for t in ordered]  # type: ignore[misc]


def _playing_order(tables: list[list[int]], played: Sequence[int]) -> list[list[int]]:
    """Each next game seats the members who have played least so far (played games too)."""
    counts = list(played)
    left = list(tables)
    ordered: list[list[int]] = []
    while left:
        window = left[:ORDER_WINDOW]
        best = min(
            range(len(window)),
            key=lambda k: (sum(counts[p] for p in window[k]), max(counts[p] for p in window[k]), k),
        )
        table = left.pop(best)
        ordered.append(table)
        for p in table:
            counts[p] += 1
    return ordered


def pair_meetings(
    games: Iterable[Collection[str]], members: Sequence[str]
) -> dict[frozenset[str], int]:
    """How often each two of ``members`` sit at the same table in ``games``."""
    met: Counter[frozenset[str]] = Counter()
    for game in games:
        for a, b in itertools.combinations(sorted(set(game)), 2):
            met[frozenset((a, b))] += 1
    return {frozenset(p): met[frozenset(p)] for p in itertools.combinations(members, 2)}


def pair_spread(games: Iterable[Collection[str]], members: Sequence[str]) -> tuple[int, int]:
    """The fewest and the most times any two members meet in ``games``."""
    counts = list(pair_meetings(games, members).values())
    return (min(counts), max(counts)) if counts else (0, 0)


def games_each(games: Iterable[Collection[str]], members: Sequence[str]) -> list[int]:
    """How many of ``games`` each member sits in, in the order of ``members``."""
    seated = Counter(p for game in games for p in set(game))
    return [seated[m] for m in members]


@dataclass(frozen=True)
class PlannedGame:
    """A planned foursome of one division; ``label`` is its number in the plan."""

    division: str
    label: str
    players: Foursome
    row: int | None = None

    @property
    def members(self) -> frozenset[str]:
        """The four members, in no order."""
        return frozenset(self.players)


@dataclass(frozen=True)
class PlanStatus:
    """A planned game and the played game that matched it (None: still to play)."""

    planned: PlannedGame
    game_id: str | None = None
    date: dt.date | None = None

    @property
    def played(self) -> bool:
        """True when a played game matched this planned game."""
        return self.game_id is not None


def match_schedule(
    planned: Sequence[PlannedGame], games: Iterable[Game]
) -> tuple[list[PlanStatus], list[Game]]:
    """Match played games to planned ones (in date order); returns statuses and unmatched games."""
    statuses = [PlanStatus(p) for p in planned]
    open_by_key: dict[tuple[str, frozenset[str]], list[int]] = {}
    for index, plan in enumerate(planned):
        open_by_key.setdefault((plan.division, plan.members), []).append(index)
    unmatched: list[Game] = []
    for game in played_in_order(games):
        key = (game.division, frozenset(s.player for s in game.seats))
        slots = open_by_key.get(key)
        if not slots:
            unmatched.append(game)
            continue
        index = slots.pop(0)
        statuses[index] = PlanStatus(planned[index], game.id, game.date)
    return statuses, unmatched


def played_in_order(games: Iterable[Game]) -> list[Game]:
    """Games by date, then by number (``9`` before ``10``); undated games first."""
    return sorted(games, key=lambda g: (g.date or dt.date.min, _id_key(g.id)))


def _id_key(game_id: str) -> tuple[int, int, str]:
    """A game id as it sorts: plain numbers by value (fewer digits first, then digit by
    digit: no number is made of thousands of digits), before any other id, by its text.

    >>> sorted(["10", "9", "G1", "²", "00008", "1" + "0" * 30], key=_id_key)
    ['00008', '9', '10', '1000000000000000000000000000000', 'G1', '²']
    >>> _id_key("9" * 5000)[:2]
    (0, 5000)
    """
    if game_id.isascii() and game_id.isdigit():
        significant = game_id.lstrip("0") or "0"
        return 0, len(significant), significant
    return 1, 0, game_id
