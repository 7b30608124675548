"""The team ranking of a tournament whose players have a ``Team``.

In club language: a team's score is the sum of its members' results in the individual ranking
(riichi: their points after penalties; MCR: their table points, and then their minipoints).
Teams are ordered by that score, best first. Two teams with the same score are separated by
their best-placed member (the team whose best player ranked higher comes first: the team
event rewards the strongest result as the individual ranking does); teams still tied share
their rank and are listed by name. Every member counts, so teams of different sizes are not
made equal: the tool warns when the sizes differ (an organiser who wants the best three of
each team of four says so in the workbook's note, not in the tool).

Worked example (riichi): team Nord has Anna (+42,300, rank 1) and Bo (−12,000, rank 4), team
Syd has Carl (+20,000, rank 2) and Dorte (+10,300, rank 3): both teams have +30,300; Nord's
best member ranked 1st, Syd's 2nd, so Nord is first, decided by the best member.

    >>> ranking = rank_teams([
    ...     Member("Anna", "Nord", 42_300, None, 1), Member("Bo", "Nord", -12_000, None, 4),
    ...     Member("Carl", "Syd", 20_000, None, 2), Member("Dorte", "Syd", 10_300, None, 3)])
    >>> [(t.rank, t.team, t.points, t.decided_by) for t in ranking]
    [(1, 'Nord', 30300, 'best member'), (2, 'Syd', 30300, '')]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby

from rules.tiebreakers import name_order


@dataclass(frozen=True)
class Member:
    """A team member's result: their points (riichi points, or MCR table points), MCR
    minipoints (None for riichi) and rank in the individual ranking."""

    player: str
    team: str
    points: int | Fraction
    minipoints: int | None
    rank: int


@dataclass(frozen=True)
class TeamRow:
    """A team's line of the ranking; ``decided_by`` says what put it above the next team
    (``points``, or ``table points`` and ``minipoints`` for MCR, ``best member``; ``tied``
    when still tied; blank for the last), in the words of the Standings' ``Decided by``."""

    rank: int
    team: str
    points: int | Fraction
    minipoints: int | None
    members: tuple[Member, ...]
    decided_by: str

    @property
    def best_rank(self) -> int:
        """The best individual rank among the members."""
        return min(m.rank for m in self.members)


def _key(members: tuple[Member, ...]) -> tuple[int | Fraction, int, int]:
    points = sum((m.points for m in members), start=Fraction(0))
    mini = sum(m.minipoints or 0 for m in members)
    return (-points, -mini, min(m.rank for m in members))


def rank_teams(members: list[Member]) -> list[TeamRow]:
    """The teams, best first (players without a team are not in it)."""
    by_team: dict[str, list[Member]] = {}
    for member in members:
        if member.team:
            by_team.setdefault(member.team, []).append(member)
    teams = [
        (team, tuple(sorted(ms, key=lambda m: (m.rank, name_order(m.player)))))
        for team, ms in by_team.items()
    ]
    teams.sort(key=lambda item: (_key(item[1]), name_order(item[0])))
    rows: list[TeamRow] = []
    position = 1
    for _, group in groupby(teams, key=lambda item: _key(item[1])):
        tied = list(group)
        for team, ms in tied:
            mcr = any(m.minipoints is not None for m in ms)
            points = sum((m.points for m in ms), start=Fraction(0))
            whole: int | Fraction = int(points) if points.denominator == 1 else points
            mini = sum(m.minipoints or 0 for m in ms) if mcr else None
            rows.append(TeamRow(position, team, whole, mini, ms, "tied" if len(tied) > 1 else ""))
        position += len(tied)
    return _decided(rows)


def _decided(rows: list[TeamRow]) -> list[TeamRow]:
    """Each row's ``decided_by``: the first criterion on which it beats the next row."""
    out: list[TeamRow] = []
    for row, after in zip(rows, [*rows[1:], None], strict=True):
        if after is None or row.decided_by == "tied":
            out.append(row)
            continue
        mine, theirs = _key(row.members), _key(after.members)
        first = "table points" if row.minipoints is not None else "points"
        names = (first, "minipoints", "best member")
        reason = next((n for n, a, b in zip(names, mine, theirs, strict=True) if a != b), "")
        out.append(TeamRow(row.rank, row.team, row.points, row.minipoints, row.members, reason))
    return out


def sizes_differ(rows: list[TeamRow]) -> tuple[int, int] | None:
    """(smallest, largest) team size when they differ, else None.

    >>> sizes_differ([])
    """
    sizes = {len(r.members) for r in rows}
    return (min(sizes), max(sizes)) if len(sizes) > 1 else None
