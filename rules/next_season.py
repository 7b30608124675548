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
from fractions import Fraction

from rules.status import is_relegation_candidate


class TooFewPlayers(ValueError):
    """Fewer than four players signed up for a game type."""


def division_count(players: int) -> int:
    """How many divisions ``players`` sign-ups make (rules.md 1.3 step 2).

    >>> [division_count(n) for n in (4, 5, 19, 20, 21, 22, 26, 27, 29, 30, 35, 36)]
    [1, 1, 3, 3, 3, 4, 4, 5, 5, 5, 5, 6]
    """
    if players < 4:
        raise TooFewPlayers(f"{players} player(s) signed up; a division needs at least 4")
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


@dataclass(frozen=True)
class Placed:
    """One player's place in the priority order, with why they are in that group."""

    player: str
    group: str  # winner, stays, runner-up, relegation candidate, moved nowhere, new
    division: int | None  # this season's division number (1 = top), None for new players
    rank: int | None  # row in this season's final standings


@dataclass(frozen=True)
class NextPlace:
    """A player's division next season and the reason, in club language."""

    player: str
    level: int
    reason: str


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

    def add(k: int, rows: Sequence[int], group: str) -> None:
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
        add(1, [1], "winner")
        add(2, [1], "winner")
        stays = [r for r in range(2, len(divisions[0]) + 1) if r not in relegated(1)]
        add(1, stays, "stays")
        for k in range(1, k_count):
            add(k + 1, [2] if 2 not in relegated(k + 1) else [], "runner-up")
            add(k, relegated(k), "relegation candidate")
            add(k + 1, nowhere(k + 1), "moved nowhere")
            add(k + 2, [1], "winner")
        add(k_count, relegated(k_count), "relegation candidate")
    # A player in two divisions of the same game keeps only their first (best) place.
    firsts: dict[str, Placed] = {}
    for placed in order:
        firsts.setdefault(placed.player, placed)
    order = list(firsts.values())
    ranked_new = sorted(
        new_players,
        key=lambda p: (p[1] is None, -(p[1] or 0), p[0].casefold(), p[0]),
    )
    order.extend(Placed(name, "new", None, None) for name, _ in ranked_new)
    return order


def _ordinal_place(rank: int) -> str:
    return {1: "winner", 2: "runner-up"}.get(rank, f"rank {rank}")


def next_season(
    divisions: Sequence[Sequence[str]],
    signed_up: set[str] | None,
    new_players: Sequence[tuple[str, Fraction | None]] = (),
) -> list[NextPlace]:
    """Next season's divisions of one game type, each player with the reason for their place.

    ``signed_up`` is the set of current members who signed up (None: everyone continues).
    Raises :class:`TooFewPlayers` below four players.
    """
    order = [
        p
        for p in priority_order(divisions, new_players)
        if p.group == "new" or signed_up is None or p.player in signed_up
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
) -> str:
    if placed.division is None:
        rating = ratings.get(placed.player)
        shown = "no rating" if rating is None else f"rating {_number(rating)}"
        return f"new player ({shown})"
    old = placed.division
    assert placed.rank is not None
    if placed.group == "relegation candidate":
        what = f"relegation candidate of division {old}"
    elif placed.group in ("winner", "runner-up"):
        what = f"{_ordinal_place(placed.rank)} of division {old}"
    else:
        what = f"rank {placed.rank} of division {old}"
    if level < old:
        return f"{what}, promoted"
    if level > old:
        if placed.group == "relegation candidate":
            return f"{what}, relegated"
        return f"{what}, moved down: division {old} is smaller next season"
    if placed.group == "relegation candidate":
        grew = level <= len(old_sizes) and sizes[level - 1] > old_sizes[level - 1]
        return f"{what}, kept: division {level} grew" if grew else f"{what}, kept: a place was free"
    if placed.group == "runner-up":
        return f"{what}, stays: no room higher up"
    if placed.group == "winner" and old == 1:
        return f"{what}, stays at the top"
    return f"{what}, stays"


def _number(value: Fraction) -> str:
    return str(int(value)) if value.denominator == 1 else f"{float(value):g}"
