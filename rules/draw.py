"""The draw: who sits at which table, in which wind, in every session of a tournament.

In club language: players sit four to a table. Over the tournament nobody should meet the
same opponent twice while that can be avoided; players of one team (and, less important, of
one club) sit at different tables where they can; and everyone sits in each wind about as
often as in every other (after eight sessions each wind twice; after seven, three winds twice
and one once: *balanced within one*). The draw is made from a seed, so anyone who knows the
seed can make it again and check it.

How, in order of importance:

1. **Tables**: first (:func:`seat_session`) a session at a time, a random split into tables,
   then swaps of two players at different tables as long as a swap lowers the table cost:
   :data:`REPEAT` for each pair that has already met (as often as they met), :data:`TEAM` for
   each pair of team-mates, :data:`CLUB` for each pair from one club. Random restarts keep
   the best. A session-by-session search cannot undo an earlier session, so the whole draw
   is made up to :data:`ATTEMPTS` times and the best kept (fewest repeats, then team, then
   club clashes). bench/bench_draw.py measures how many sessions stay free of repeats (40
   players: 8).
2. **Winds** (:func:`balance_winds`), once the tables are known: any wind per seat, then
   Kempe-chain swaps. Seen as a bipartite graph (a table of one session on one side, the
   players on the other, a seat an edge, its wind a colour), each table has each wind once,
   and de Werra's theorem (an equitable edge colouring exists for every bipartite graph)
   says that every player can have each wind within one of every other. Swapping two winds
   along an alternating path from a player with too many of one wind to a player with too
   few of it fixes one imbalance and breaks nothing else, so the loop ends balanced.

A worked example: eight players, two sessions. Session 1 seats A B C D and E F G H; session
2 must mix them, so each table of session 2 has two players from each table of session 1:
four pairs meet twice over the two sessions unless someone sits out, and that is the least
possible: ``repeats`` is 4.

    >>> draw = make_draw([Entrant(n) for n in "ABCDEFGH"], sessions=2, seed=7)
    >>> [sorted(t) for t in draw.sessions[0]]
    [['B', 'C', 'G', 'H'], ['A', 'D', 'E', 'F']]
    >>> draw.repeats, wind_spread(draw.sessions)
    (4, 1)
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

#: A table: its four players in wind order East, South, West, North.
Table = tuple[str, str, str, str]
#: A session: its tables, numbered from 1 in this order.
Session = tuple[Table, ...]
WINDS = ("E", "S", "W", "N")

#: The cost of a pair at one table that has met before (per earlier meeting) …
REPEAT = 1000
#: … of two team-mates at one table …
TEAM = 30
#: … and of two players of one club at one table (where teams are not the same).
CLUB = 1
#: Random restarts of a session's search, and swap passes in each.
RESTARTS = 32
PASSES = 60
#: A session's search also ends after this many restarts that found nothing better.
PATIENCE = 8
#: Whole draws tried (each seats every session again); the best is kept, and the first
#: without repeats and team clashes ends the search.
ATTEMPTS = 8


@dataclass(frozen=True)
class Entrant:
    """A player of the draw: their name, team and club (blank: none)."""

    name: str
    team: str = ""
    club: str = ""


@dataclass(frozen=True)
class Draw:
    """Every session's tables (winds in seat order) and how good the draw is."""

    sessions: tuple[Session, ...]
    repeats: int
    team_clashes: int
    club_clashes: int


class DrawError(ValueError):
    """The players cannot be drawn: ``code`` and ``params`` say why (the CLI words it)."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def seed_number(seed: str) -> int:
    """The random generator's seed for the seed text: the same on every machine.

    >>> seed_number("2026")
    446983835696188513
    """
    return int.from_bytes(hashlib.sha256(f"draw:{seed}".encode()).digest()[:8], "big")


def seed_hash(seed: str) -> str:
    """What is published before session 1: the SHA-256 of the seed text, in hex.

    >>> seed_hash("2026")[:16]
    '158a323a7ba44870'
    """
    return hashlib.sha256(seed.encode()).hexdigest()


def meetings(sessions: Sequence[Session]) -> Counter[frozenset[str]]:
    """How often each pair of players sat at one table."""
    met: Counter[frozenset[str]] = Counter()
    for session in sessions:
        for table in session:
            met.update(frozenset(pair) for pair in combinations(table, 2))
    return met


def repeat_count(sessions: Sequence[Session]) -> int:
    """Meetings beyond each pair's first (a pair that met three times counts 2).

    >>> repeat_count([(("A", "B", "C", "D"),), (("A", "B", "C", "D"),)])
    6
    """
    return sum(times - 1 for times in meetings(sessions).values())


def wind_counts(sessions: Sequence[Session]) -> dict[str, Counter[str]]:
    """How often each player sat in each wind."""
    counts: dict[str, Counter[str]] = {}
    for session in sessions:
        for table in session:
            for wind, player in zip(WINDS, table, strict=True):
                counts.setdefault(player, Counter())[wind] += 1
    return counts


def wind_spread(sessions: Sequence[Session]) -> int:
    """The largest difference, for any player, between their most and least frequent wind."""
    counts = wind_counts(sessions)
    return max(
        (max(c[w] for w in WINDS) - min(c[w] for w in WINDS) for c in counts.values()), default=0
    )


def clashes(sessions: Sequence[Session], entrants: Sequence[Entrant]) -> tuple[int, int]:
    """(pairs of team-mates, pairs of one club but other teams) seated at one table."""
    by_name = {e.name: e for e in entrants}
    team = club = 0
    for session in sessions:
        for table in session:
            for a, b in combinations(table, 2):
                one, two = by_name.get(a, Entrant(a)), by_name.get(b, Entrant(b))
                if one.team and one.team == two.team:
                    team += 1
                elif one.club and one.club == two.club:
                    club += 1
    return team, club


def make_draw(
    entrants: Sequence[Entrant],
    sessions: int,
    seed: str | int,
    played: Sequence[Session] = (),
) -> Draw:
    """Draw the sessions after the ``played`` ones (kept as they are) up to ``sessions``.

    Raises :class:`DrawError` for fewer than four players, a number of players that is not a
    multiple of four (``not_four``: add substitutes), or no session to draw.
    """
    names = [e.name for e in entrants]
    if len(names) < 4:
        raise DrawError("too_few", count=len(names))
    if len(names) % 4:
        raise DrawError("not_four", count=len(names), missing=4 - len(names) % 4)
    if sessions < 1 or sessions <= len(played):
        raise DrawError("no_session", sessions=sessions, played=len(played))
    rng = random.Random(seed_number(str(seed)))
    best: Draw | None = None
    for _ in range(ATTEMPTS):
        draw = _attempt(entrants, sessions, played, rng)
        if best is None or _quality(draw) < _quality(best):
            best = draw
        if best.repeats == 0 and best.team_clashes == 0:
            break
    assert best is not None
    return best


def _quality(draw: Draw) -> tuple[int, int, int]:
    return draw.repeats, draw.team_clashes, draw.club_clashes


def _attempt(
    entrants: Sequence[Entrant], sessions: int, played: Sequence[Session], rng: random.Random
) -> Draw:
    """One whole draw: the sessions seated one after another, then their winds."""
    names = [e.name for e in entrants]
    costs = PairCosts(entrants, meetings(played))
    drawn: list[Session] = []
    for _ in range(sessions - len(played)):
        session = seat_session(names, costs, rng)
        costs.seat(session)
        drawn.append(session)
    balanced = balance_winds(drawn, rng, played)
    everything = (*played, *balanced)
    team, club = clashes(balanced, entrants)
    return Draw(tuple(everything), repeat_count(everything), team, club)


class PairCosts:
    """The cost of seating two players at one table, given who has met so far (a matrix over
    the players' numbers: the search asks it millions of times)."""

    def __init__(self, entrants: Sequence[Entrant], met: Counter[frozenset[str]]) -> None:
        self.names = [e.name for e in entrants]
        self.number = {name: i for i, name in enumerate(self.names)}
        size = len(entrants)
        self.weights = [[0] * size for _ in range(size)]  # team and club only
        self.matrix = [[0] * size for _ in range(size)]
        for i, j in combinations(range(size), 2):
            one, two = entrants[i], entrants[j]
            weight = 0
            if one.team and one.team == two.team:
                weight = TEAM
            elif one.club and one.club == two.club:
                weight = CLUB
            self.weights[i][j] = self.weights[j][i] = weight
            cost = weight + REPEAT * met[frozenset((one.name, two.name))]
            self.matrix[i][j] = self.matrix[j][i] = cost

    def table(self, players: Sequence[int]) -> int:
        row = self.matrix
        return sum(row[a][b] for a, b in combinations(players, 2))

    def swap_gain(self, one: Sequence[int], i: int, two: Sequence[int], j: int) -> int:
        """How much cheaper tables ``one`` and ``two`` get when ``one[i]`` and ``two[j]``
        change places (negative: dearer)."""
        matrix = self.matrix
        p, q = one[i], two[j]
        rest_x = [one[k] for k in range(4) if k != i]
        rest_y = [two[k] for k in range(4) if k != j]
        gain = sum(matrix[p][r] - matrix[q][r] for r in rest_x)
        return gain + sum(matrix[q][r] - matrix[p][r] for r in rest_y)

    def seat(self, session: Session) -> None:
        """The session is played: its pairs have met once more."""
        for table in session:
            for a, b in combinations((self.number[p] for p in table), 2):
                self.matrix[a][b] += REPEAT
                self.matrix[b][a] += REPEAT


def seat_session(names: Sequence[str], costs: PairCosts, rng: random.Random) -> Session:
    """One session's tables: the cheapest of :data:`RESTARTS` random starts improved by
    swaps (each start: at most :data:`PASSES` passes over every pair of seats at different
    tables); a start that costs nothing, or :data:`PATIENCE` starts without a better one,
    end the search."""
    best: list[list[int]] | None = None
    best_cost = 0
    since = 0  # restarts since the best improved
    for _ in range(RESTARTS):
        order = [costs.number[name] for name in names]
        rng.shuffle(order)
        tables = [order[i : i + 4] for i in range(0, len(order), 4)]
        cost = _improve(tables, costs, rng)
        since += 1
        if best is None or cost < best_cost:
            best, best_cost, since = tables, cost, 0
        if best_cost == 0 or since == PATIENCE:
            break
    assert best is not None
    name = costs.names
    return tuple((name[t[0]], name[t[1]], name[t[2]], name[t[3]]) for t in best)


def _improve(tables: list[list[int]], costs: PairCosts, rng: random.Random) -> int:
    """Swap players between tables while a swap lowers the cost; the final cost."""
    table_costs = [costs.table(t) for t in tables]
    for _ in range(PASSES):
        improved = False
        order = list(range(len(tables)))
        rng.shuffle(order)
        for x, y in combinations(order, 2):
            if table_costs[x] == 0 and table_costs[y] == 0:
                continue
            one, two = tables[x], tables[y]
            for i in range(4):
                for j in range(4):
                    if costs.swap_gain(one, i, two, j) > 0:
                        one[i], two[j] = two[j], one[i]
                        table_costs[x] = costs.table(one)
                        table_costs[y] = costs.table(two)
                        improved = True
        if not improved:
            break
    return sum(table_costs)


def balance_winds(
    sessions: Sequence[Session], rng: random.Random, played: Sequence[Session] = ()
) -> tuple[Session, ...]:
    """The same tables with winds given so that each player's winds are balanced within one
    (de Werra; see the module's docstring): seats shuffled, then alternating-path swaps.

    The ``played`` sessions' winds (in seat order) cannot change: they count, and only the
    new sessions' winds move (balanced within one is then the aim, not a promise: a played
    session may have given someone the same wind twice already).
    """
    fixed = len(played)
    seats: list[list[list[str]]] = [[list(t) for t in session] for session in played]
    for session in sessions:
        tables = []
        for table in session:
            players = list(table)
            rng.shuffle(players)
            tables.append(players)
        seats.append(tables)
    while any(_swap_along_path(seats, *move, fixed) for move in _unbalanced(seats)):
        pass  # each swap lowers the sum of squared wind counts: the loop ends
    return tuple(tuple((t[0], t[1], t[2], t[3]) for t in tables) for tables in seats[fixed:])


def _counts(seats: list[list[list[str]]]) -> dict[str, list[int]]:
    counts: dict[str, list[int]] = {}
    for tables in seats:
        for table in tables:
            for wind, player in enumerate(table):
                counts.setdefault(player, [0, 0, 0, 0])[wind] += 1
    return counts


def _unbalanced(seats: list[list[list[str]]]) -> list[tuple[str, int, int]]:
    """Every (player, a wind ``many``, a wind ``few``) where the player has sat ``many`` at
    least twice as often as ``few``: the swaps that would balance them, most needed first."""
    moves = []
    for player, count in sorted(_counts(seats).items()):
        for many in sorted(range(4), key=lambda w: (-count[w], w)):
            for few in sorted(range(4), key=lambda w: (count[w], w)):
                if count[many] - count[few] >= 2:
                    moves.append((count[many] - count[few], player, many, few))
    return [(player, many, few) for _, player, many, few in sorted(moves, key=lambda m: -m[0])]


def _swap_along_path(
    seats: list[list[list[str]]], start: str, many: int, few: int, fixed: int = 0
) -> bool:
    """Find an alternating path start -many- table -few- player … ending at a player who has
    ``few`` more often than ``many``, and swap the two winds at every table on it (tables of
    the first ``fixed`` sessions never change)."""
    counts = _counts(seats)
    at: dict[str, list[tuple[int, int]]] = {}  # player -> (session, table) where they sit many
    for s, tables in enumerate(seats):
        if s < fixed:
            continue
        for t, table in enumerate(tables):
            at.setdefault(table[many], []).append((s, t))
    previous: dict[str, tuple[str, tuple[int, int]] | None] = {start: None}
    queue = [start]
    while queue:
        player = queue.pop(0)
        for s, t in at.get(player, []):
            other = seats[s][t][few]
            if other in previous:
                continue
            previous[other] = (player, (s, t))
            if counts[other][few] > counts[other][many]:
                _flip(seats, previous, other, many, few)
                return True
            queue.append(other)
    return False


def _flip(
    seats: list[list[list[str]]],
    previous: dict[str, tuple[str, tuple[int, int]] | None],
    end: str,
    many: int,
    few: int,
) -> None:
    step = previous[end]
    while step is not None:
        player, (s, t) = step
        table = seats[s][t]
        table[many], table[few] = table[few], table[many]
        step = previous[player]
