"""A season's games scored once into arrays, for a federation's standings (issue 15).

The rules in ``rules/`` score one game at a time into a result per seat and add each
member's results up (:func:`rules.standings.season_standings`): exact, and the reference. At
a million rows that is a million result objects made before anything is ranked, and made
again for last week's standings. Here every plain table of a division (nobody substituted,
no penalty deducted from its scores at once) is scored at once on arrays, its points held
as whole numbers of twelfths of a point, so that every share of a tie is exact: two, three
or four players tied share the sum of their places' values, and 12 is divisible by each.
Each member's totals, places and games are then sums over the arrays, one pass, and only
the records are ranked by the tie-breaker chain (:func:`rules.tiebreakers.rank_players`),
which asks for the results of tied members only. A member's results are made when first
asked for (the site shows them all; the workbook needs none).

The tables the rules treat specially (a substitute, an immediate penalty) are scored by the
rules' own function and their results written into the arrays. The path is taken only when
the uma and the MCR table points are whole numbers (the club's settings always are), where
every result is a whole number of twelfths; other settings are ranked by the reference.

Last week's standings are the same sums over the games dated up to then
(:meth:`ScoredSeason.records` with ``until``), not a second scoring.

tests/test_scored_season.py holds both paths to the same rows (ranks, numbers and their
kinds, ``Decided by``, dice to roll, every result) on random seasons.

Example: the table +40 / +10 / +10 / -60 in MCR gives 4, 1.5, 1.5 and 0 table points:
in twelfths 48, 18, 18 and 0.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from itertools import compress, count, repeat
from typing import Any

import numpy as np

from mahjong_club.common.lazy import LazyTuple
from rules.model import DiceRoll, Division, Game, GameType, Penalty, SeatResult
from rules.model import Substitution as Sub
from rules.ruleset import Ruleset
from rules.standings import (
    DivisionStandings,
    by_division_of,
    deducted_after,
    deducted_at_once,
    division_order,
    is_immediate,
    score_game,
)
from rules.tiebreakers import PlayerRecord, TieContext, chain_for, rank_players

#: Points are held in twelfths of a point: a share of two, three or four places is exact.
UNIT = 12
#: Sums in the arrays stay below this (64-bit integers); bigger seasons take the rules' path.
_ROOM = 1 << 62


class TooBig(ValueError):
    """A division's scores or the settings are too big for 64-bit sums (the rules' own
    path, in Python's unbounded integers, ranks them)."""


Array = Any  # a numpy array (numpy's own types say little more here)

#: A seat's result made from its six fields at once (a named tuple's own ``__new__`` is a
#: Python function: a tenth of a second more per 100,000 seats).
_new_result: Callable[[tuple[object, ...]], SeatResult] = partial(tuple.__new__, SeatResult)


def usable(ruleset: Ruleset) -> bool:
    """True when every value a table shares is a whole number (then every result is a whole
    number of twelfths and the arrays give exactly the reference's results)."""
    return all(type(value) is int for value in _shared(ruleset))


def _shared(ruleset: Ruleset) -> tuple[int | Fraction, ...]:
    """The settings' values a table's results are made of besides its scores."""
    return (*ruleset.uma, *ruleset.mcr_table_points, ruleset.substitute_result)


@dataclass
class _Scored:
    """One division's games scored, seat by seat (seat ``4k + j`` is game ``k``'s seat
    ``j``): who sat there (a code into ``names``), placement, points in twelfths, whether
    they played themselves and the final score (an MCR seat's minipoints when played
    themselves, else none); ``special`` holds the rules' own results of the tables they score
    specially, by game."""

    division: Division
    names: list[str]
    code: dict[str, int]
    games: Sequence[Game]
    player: Array
    place: Array
    points: Array
    played: Array
    final: Array
    special: dict[int, list[SeatResult]]

    _pairs: list[tuple[str, SeatResult]] | None = None

    def pairs(self) -> list[tuple[str, SeatResult]]:
        """Each seat's (game id, result), as the rules give it, made for every seat of the
        division at once when first asked for."""
        if self._pairs is None:
            twelfths = self.points
            points: list[int | Fraction] = (twelfths // UNIT).tolist()
            for i in np.flatnonzero(twelfths % UNIT).tolist():
                points[i] = Fraction(int(twelfths[i]), UNIT)
            names = map(self.names.__getitem__, self.player.tolist())
            finals = self.final.tolist()
            minipoints = finals if self.division.game is GameType.MCR else repeat(None)
            places = self.place.tolist()
            fields = zip(names, points, places, repeat(True), minipoints, finals)
            results = map(_new_result, fields)  # as SeatResult(...), without a call in Python
            ids = [game.id for game in self.games for _ in range(4)]
            pairs = list(zip(ids, results, strict=True))
            for k, made in self.special.items():
                game_id = self.games[k].id
                pairs[4 * k : 4 * k + 4] = [(game_id, result) for result in made]
            self._pairs = pairs
        return self._pairs


class _Results(LazyTuple[tuple[str, SeatResult]]):
    """A member's (game id, result) pairs in game order, made when first asked for (a copy
    is the tuple, not the division's arrays)."""

    __slots__ = ("_scored", "_seats")

    def __init__(self, scored: _Scored, seats: Array) -> None:
        super().__init__()
        self._scored = scored
        self._seats = seats

    def _make(self) -> tuple[tuple[str, SeatResult], ...]:
        pairs = self._scored.pairs()
        return tuple(map(pairs.__getitem__, self._seats.tolist()))

    def __len__(self) -> int:
        return len(self._seats)


class _PlayedBy(Mapping[str, frozenset[str]]):
    """Who played each game of a division themselves, by game id, each game worked out when
    first asked (only the tie-breakers ask, for the games of tied members)."""

    def __init__(self, scored: _Scored) -> None:
        self._scored = scored
        self._index: dict[str, int] | None = None
        self._found: dict[str, frozenset[str]] = {}

    def _games(self) -> dict[str, int]:
        if self._index is None:
            self._index = {game.id: k for k, game in enumerate(self._scored.games)}
        return self._index

    def __getitem__(self, game_id: str) -> frozenset[str]:
        found = self._found.get(game_id)
        if found is None:
            s, k = self._scored, self._games()[game_id]
            seats = range(4 * k, 4 * k + 4)
            found = frozenset(s.names[int(s.player[i])] for i in seats if s.played[i])
            self._found[game_id] = found
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._games())

    def __len__(self) -> int:
        return len(self._games())


@dataclass(frozen=True)
class Records:
    """Every division's member records (ladder order), and who played each game."""

    divisions: Sequence[tuple[Division, list[PlayerRecord], Mapping[str, frozenset[str]]]]


class ScoredSeason:
    """Every division's games scored once; :meth:`records` adds them up (all of them, or
    those dated up to a day), :meth:`rank` ranks the records with a set of dice rolls.

    ``penalties`` are the season's: those deducted from a table's scores at once are part of
    the scoring (:meth:`records` takes these or some of them). ``usable(ruleset)`` must hold;
    :class:`TooBig` is raised for numbers 64-bit sums cannot hold."""

    def __init__(
        self,
        divisions: Sequence[Division],
        games: Sequence[Game],
        penalties: Sequence[Penalty],
        ruleset: Ruleset,
    ) -> None:
        if not usable(ruleset):
            raise ValueError("the arrays need whole-number uma and table points")
        self.ruleset = ruleset
        by_division: dict[str, list[Game]] = defaultdict(list)
        for game in games:
            by_division[game.division].append(game)
        pen_by, _ = by_division_of(penalties, ())
        self._scored = [
            _score(
                d, by_division[d.name], deducted_at_once(pen_by[d.name], d.game, ruleset), ruleset
            )
            for d in sorted(divisions, key=division_order)
        ]
        self._scoring = {
            p for d in divisions for p in pen_by[d.name] if is_immediate(p, d.game, ruleset)
        }

    def records(self, penalties: Sequence[Penalty], until: dt.date | None = None) -> Records:
        """Each division's member records from its games (with ``until``, only those dated up
        to that day) and the division's ``penalties`` (those deducted after the game)."""
        pen_by, _ = by_division_of(penalties, ())
        found = []
        for s in self._scored:
            for p in pen_by[s.division.name]:
                if is_immediate(p, s.division.game, self.ruleset) and p not in self._scoring:
                    raise ValueError(f"a penalty the games were not scored with: {p}")
            keep = None
            if until is not None:
                keep = np.fromiter(
                    (g.date is not None and g.date <= until for g in s.games), bool, len(s.games)
                )
            records = _records(s, keep, pen_by[s.division.name], self.ruleset)
            found.append((s.division, records, _PlayedBy(s)))
        return Records(found)

    @staticmethod
    def rank(records: Records, dice: Sequence[DiceRoll]) -> list[DivisionStandings]:
        """Each division's standings from ``records`` and the dice rolls ``dice``."""
        _, dice_by = by_division_of((), dice)
        standings = []
        for division, members, played_by in records.divisions:
            rolls = {(d.player, d.round): d.roll for d in dice_by[division.name]}
            ctx = TieContext(played_by=played_by, dice=rolls)
            rows, needed = rank_players(members, chain_for(division.game), ctx)
            standings.append(DivisionStandings(division, rows, needed, played_by))
        return standings


def _score(
    division: Division,
    games: Sequence[Game],
    immediate: Mapping[str, Mapping[str, int]],
    ruleset: Ruleset,
) -> _Scored:
    """One division's games scored: plain tables on arrays, the others by the rules."""
    seats = [seat for game in games for seat in game.seats]
    players, scores, subs = ([], [], []) if not seats else list(zip(*seats, strict=True))[:3]
    code: dict[str, int] = {}
    for member in division.members:
        code.setdefault(member, len(code))
    for name in sorted(set(players) - code.keys()):
        code[name] = len(code)
    values = (*_shared(ruleset), ruleset.start_points)
    per_seat = max(map(abs, scores), default=0) + sum(abs(int(v)) for v in values)
    if UNIT * per_seat * max(1, len(seats)) >= _ROOM:
        raise TooBig(division.name)
    player = np.fromiter(map(code.__getitem__, players), np.int32, len(seats))
    final = np.fromiter(scores, np.int64, len(seats))
    mcr = division.game is GameType.MCR
    place, points = _plain(final.reshape(-1, 4), mcr, ruleset)
    played = np.ones(len(seats), bool)
    special: dict[int, list[SeatResult]] = {}
    odd = {i // 4 for i in compress(count(), map(Sub.NONE.__ne__, subs))}
    if immediate:
        odd.update(k for k, game in enumerate(games) if game.id in immediate)
    for k in sorted(odd):
        results = special[k] = score_game(
            games[k], division.game, ruleset, immediate.get(games[k].id)
        )
        for j, result in enumerate(results):
            i = 4 * k + j
            place[i], points[i], played[i] = (
                result.placement,
                _twelfths(result.points),
                result.played,
            )
            final[i] = result.final_score or 0
    return _Scored(division, list(code), code, games, player, place, points, played, final, special)


def _plain(scores: Array, mcr: bool, ruleset: Ruleset) -> tuple[Array, Array]:
    """Each seat's placement and points in twelfths, every table as if nobody was
    substituted: placement 1 + the number of higher scores at the table; the places a tied
    group occupies shared equally (rules/placement.py)."""
    higher = (scores[:, None, :] > scores[:, :, None]).sum(axis=2)
    tied = (scores[:, None, :] == scores[:, :, None]).sum(axis=2)
    table = ruleset.mcr_table_points if mcr else ruleset.uma
    upto = np.array([0, *np.cumsum([int(v) * UNIT for v in table])], np.int64)
    shares = (upto[higher + tied] - upto[higher]) // tied
    if not mcr:
        shares = shares + (scores - ruleset.start_points) * UNIT
    return (higher + 1).astype(np.int8).ravel(), shares.ravel()


def _twelfths(points: int | Fraction) -> int:
    """``points`` in twelfths of a point (a whole number, as :func:`usable` ensures)."""
    twelfths = points * UNIT
    if isinstance(twelfths, Fraction):
        if twelfths.denominator != 1:
            raise ValueError(f"{points} is no whole number of twelfths")
        return twelfths.numerator
    return twelfths


def _records(
    s: _Scored, keep: Array | None, penalties: Sequence[Penalty], ruleset: Ruleset
) -> list[PlayerRecord]:
    """Each member's record from the seats of the games ``keep`` (all without it), with
    the penalties deducted after the games (as :func:`rules.standings.division_records`)."""
    division = s.division
    after, disqualified = deducted_after(penalties, division.game, ruleset)
    seats = np.arange(len(s.player)) if keep is None else np.flatnonzero(np.repeat(keep, 4))
    player = s.player[seats]
    count = len(s.names)
    totals = np.zeros(count, np.int64)
    np.add.at(totals, player, s.points[seats])
    fractional = np.zeros(count, np.int64)
    np.add.at(fractional, player, s.points[seats] % UNIT != 0)
    mcr = division.game is GameType.MCR
    minipoints = np.zeros(count, np.int64)
    if mcr:  # a seat's game points when played themselves, else 0
        np.add.at(minipoints, player, np.where(s.played[seats], s.final[seats], 0))
    places = np.zeros((count, 4), np.int64)
    np.add.at(places, (player, s.place[seats] - 1), 1)
    by_player = seats[np.argsort(player, kind="stable")]
    bounds = np.concatenate(([0], np.cumsum(np.bincount(player, minlength=count))))
    records = []
    for member in division.members:
        c = s.code[member]
        whole = int(totals[c])
        points: int | Fraction = Fraction(whole, UNIT) if fractional[c] else whole // UNIT
        deducted = after[member]
        mini = int(minipoints[c]) - deducted if mcr else None
        if not mcr:
            points -= deducted
        p1, p2, p3, p4 = (int(n) for n in places[c])
        seats_of = by_player[bounds[c] : bounds[c + 1]]
        records.append(
            PlayerRecord(
                member,
                points,
                mini,
                (p1, p2, p3, p4),
                _Results(s, seats_of),
                deducted,
                member in disqualified,
            )
        )
    return records
