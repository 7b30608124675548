"""Clean games straight from a big ``Games`` sheet's columns (issue 15).

A federation's sheet read by columns (:mod:`.columnar`) holds each column's distinct values
and, for each row, the index of its value. The clean path (:mod:`.games_clean`) used to make
every row a seat and a row object, group the rows by game in a dictionary and look at each
game's four rows again: a million of each, more time than fastexcel's whole read. Here the
same decisions are taken on the index arrays at once (numpy): each distinct value parsed
once, each (division, written name) pair looked up once, and each game's rows compared as
four columns: four rows, all clean, one division and one date, four different players, a
division that exists, the scores adding up to the start total. Only the games passing all of
that are made, their seats and games made straight from the parsed values.

Everything else takes the way it always took: a row with anything to say goes to the
row-by-row reader, in row order (the caller reads it and hands the result back), and a game
not certainly clean goes, with its rows as :class:`~.games_sheet.GameRow`, to
:func:`~.games_clean.clean_game` and the reader that says what is wrong. The games come in
the order of their first row, as the rows' dictionary gave them; tests/test_columnar.py and
tests/test_games_fast.py hold the games and problems to the row-by-row reader's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

import numpy as np

from mahjong_club.reading.cells import NEEDS_WORDS
from mahjong_club.reading.columnar import ColumnarSheet
from mahjong_club.reading.games_clean import COLUMNS, CleanRows, parse_alone
from mahjong_club.reading.games_sheet import GameRow
from mahjong_club.reading.schema import Column
from rules.game_checks import SEATS, expected_total
from rules.model import Division, Game, Seat, Substitution
from rules.ruleset import Ruleset

Array = Any  # a numpy array

#: Seats and games made from all their fields at once (a named tuple's own ``__new__`` is a
#: Python function called once per object: a million seats).
_new_seat: Callable[[tuple[object, ...]], Seat] = partial(tuple.__new__, Seat)
_new_game: Callable[[tuple[object, ...]], Game] = partial(tuple.__new__, Game)
#: Scores beyond this size go the usual way (four of them must add up in 64 bits).
_LARGEST = 1 << 60

#: What a game is, on the way out: made (clean for certain), or its id and rows for the
#: usual checks.
Entry = Game | tuple[str, list[GameRow]]


class _Column:
    """One column: each distinct value parsed (NEEDS_WORDS where the row-by-row reader must
    say something) and, for each row, the index of its value."""

    def __init__(self, sheet: ColumnarSheet, column: Column[Any]) -> None:
        distinct = sheet.columns.get(column.name)
        if distinct is None:  # an optional column the sheet has not: blank everywhere
            self.values: list[object] = [parse_alone(column, None)]
            self.index: Array = np.zeros(len(sheet.numbers), np.int64)
        else:  # each value once: a federation's 250,000 game ids
            self.values = [parse_alone(column, v) for v in distinct.values]
            self.index = _indexes(distinct.index)

    def needs(self) -> Array:
        """For each row: the cell needs a word."""
        flags = np.fromiter((v is NEEDS_WORDS for v in self.values), bool, len(self.values))
        return flags[self.index]

    def codes(self, into: dict[object, int]) -> Array:
        """For each row, a code of its parsed value (the same for equal values however
        written; -1 where the cell needs a word), the codes given in ``into``."""
        codes = np.fromiter(
            (-1 if v is NEEDS_WORDS else into.setdefault(v, len(into)) for v in self.values),
            np.int64,
            len(self.values),
        )
        return codes[self.index]


class ColumnGames:
    """The games of a sheet read by columns: :meth:`doubtful` rows go to the row-by-row
    reader, :meth:`entries` gives every game in the order of its first row."""

    def __init__(
        self,
        sheet: ColumnarSheet,
        clean: CleanRows,
        divisions: Mapping[str, Division],
        ruleset: Ruleset,
    ) -> None:
        self.sheet = sheet
        game, date, division, player, score, sub = (_Column(sheet, column) for column in COLUMNS)
        self.game, self.date, self.division, self.score, self.sub = game, date, division, score, sub
        self.player_names: list[str] = []
        self.player = self._players(clean, division, player)
        doubtful = game.needs() | date.needs() | division.needs() | score.needs() | sub.needs()
        doubtful |= self.player < 0
        plain = [_plain_score(v) for v in score.values]
        doubtful |= ~np.array(plain, bool)[score.index]
        #: Each distinct score as a 64-bit number (0 for one the rows read: never summed).
        self.scores = np.array(
            [v if ok else 0 for v, ok in zip(score.values, plain, strict=True)], np.int64
        )
        self.clean = ~doubtful
        self.ids: dict[object, int] = {}  # game id -> code
        self.row_game = np.where(self.clean, game.codes(self.ids), -1)
        self.divisions, self.ruleset = divisions, ruleset

    def _players(self, clean: CleanRows, division: _Column, player: _Column) -> Array:
        """Each row's player (a code into ``player_names``; -1 where the row-by-row reader
        must say something): each (division, written name) pair looked up once."""
        pair = division.index * len(player.values) + player.index
        pairs, inverse = np.unique(pair, return_inverse=True)
        codes: dict[str, int] = {}
        found = np.full(len(pairs), -1, np.int64)
        for k, key in enumerate(pairs.tolist()):
            where, written = divmod(key, len(player.values))
            name, value = player.values[written], division.values[where]
            if name is NEEDS_WORDS or value is NEEDS_WORDS:
                continue
            resolved = clean.resolve(name, value)
            if resolved is not None:
                found[k] = codes.setdefault(resolved, len(codes))
        self.player_names = list(codes)
        return found[inverse.reshape(-1)]

    def doubtful(self) -> list[int]:
        """The rows (their places among the data rows) the row-by-row reader must read, in
        row order."""
        return np.flatnonzero(~self.clean).tolist()

    def entries(
        self, read: Mapping[int, tuple[str, GameRow] | None]
    ) -> tuple[list[Entry], set[str]]:
        """Every game in the order of its first row, and every game id written; ``read``
        holds what the row-by-row reader made of each :meth:`doubtful` row."""
        row_game = self.row_game.copy()
        read_rows: dict[int, GameRow] = {}
        for k, got in read.items():
            if got is not None:
                row_game[k] = self.ids.setdefault(got[0], len(self.ids))
                read_rows[k] = got[1]
        ids = [str(i) for i in self.ids]  # game ids are text
        rows = np.flatnonzero(row_game >= 0)
        codes = row_game[rows]
        written = np.unique(codes).tolist()
        first = np.full(len(ids), len(row_game), np.int64)
        np.minimum.at(first, codes, rows)
        order = np.argsort(first, kind="stable")[: len(written)]
        rank = np.empty(len(ids), np.int64)
        rank[order] = np.arange(len(order))
        by_game = rows[np.argsort(rank[codes], kind="stable")]
        counts = np.bincount(rank[codes], minlength=len(order))
        starts = np.concatenate(([0], np.cumsum(counts)))
        sure = self._sure(by_game, starts, counts)
        made = iter(self._games(by_game, starts, order[sure], sure, ids))
        entries: list[Entry] = []
        for g, code in enumerate(order.tolist()):
            if sure[g]:
                entries.append(next(made))
            else:
                members = by_game[starts[g] : starts[g + 1]].tolist()
                game_rows = [read_rows.get(k) or self._row(k) for k in members]
                entries.append((ids[code], game_rows))
        return entries, {ids[code] for code in written}

    def _sure(self, by_game: Array, starts: Array, counts: Array) -> Array:
        """For each game (in order): certainly clean (see the module)."""
        four = counts == SEATS
        at = starts[:-1][four][:, None] + np.arange(SEATS)  # the four rows of each such game
        rows = by_game[at]
        ok = self.clean[rows].all(axis=1)
        division_codes = self.division.codes({})[rows]
        ok &= (division_codes == division_codes[:, :1]).all(axis=1)
        date_codes = self.date.codes({})[rows]
        ok &= (date_codes == date_codes[:, :1]).all(axis=1)
        players = np.sort(self.player[rows], axis=1)
        ok &= (players[:, 1:] != players[:, :-1]).all(axis=1)
        expected = np.array([self._expected(v) for v in self.division.values], np.int64)
        wanted = expected[self.division.index[rows[:, 0]]]
        totals = self.scores[self.score.index[rows]].sum(axis=1)
        ok &= (wanted != _NO_DIVISION) & (totals == wanted)
        sure = np.zeros(len(counts), bool)
        sure[np.flatnonzero(four)[ok]] = True
        return sure

    def _expected(self, division: object) -> int:
        """What the four scores of a game in ``division`` add up to (no division, or a total
        four plain scores never reach, as of a start of 2**61 points: none, and the game
        goes the usual way, where its total is said to be wrong)."""
        known = self.divisions.get(division) if isinstance(division, str) else None
        if known is None:
            return _NO_DIVISION
        total = expected_total(known.game, self.ruleset)
        return total if abs(total) < SEATS * _LARGEST else _NO_DIVISION

    def _games(
        self, by_game: Array, starts: Array, codes: Array, sure: Array, ids: Sequence[str]
    ) -> list[Game]:
        """The games certainly clean, made from their rows' parsed values (the values
        themselves: no number is made anew for each of a million rows)."""
        at = starts[:-1][sure][:, None] + np.arange(SEATS)
        rows = by_game[at].reshape(-1)
        first = rows[::SEATS]
        numbers = _objects(self.sheet.numbers)[rows].tolist()
        players = _objects(self.player_names)[self.player[rows]].tolist()
        scores = _objects(self.score.values)[self.score.index[rows]].tolist()
        subs = [v or Substitution.NONE for v in self.sub.values]
        seats = iter(
            list(
                map(
                    _new_seat,
                    zip(
                        players,
                        scores,
                        _objects(subs)[self.sub.index[rows]].tolist(),
                        numbers,
                        strict=True,
                    ),
                )
            )
        )
        divisions = [
            self.divisions.get(v) if isinstance(v, str) else None for v in self.division.values
        ]
        names = [d.name if d is not None else "" for d in divisions]
        return list(
            map(
                _new_game,
                zip(
                    _objects(ids)[codes].tolist(),
                    _objects(names)[self.division.index[first]].tolist(),
                    zip(seats, seats, seats, seats, strict=True),
                    _objects(self.date.values)[self.date.index[first]].tolist(),
                    numbers[::SEATS],
                    [None] * len(first),
                    [None] * len(first),
                    strict=True,
                ),
            )
        )

    def _row(self, k: int) -> GameRow:
        """Clean row ``k`` as the clean path made it."""
        number = self.sheet.numbers[k]
        score = self.score.values[int(self.score.index[k])]
        sub = self.sub.values[int(self.sub.index[k])] or Substitution.NONE
        player = self.player_names[int(self.player[k])]
        seat = Seat(player, score, sub, number)  # type: ignore[arg-type]
        date = self.date.values[int(self.date.index[k])]
        division = self.division.values[int(self.division.index[k])]
        return GameRow(number, date, division, seat)  # type: ignore[arg-type]


#: No division: a total no game can have (the game goes the usual way).
_NO_DIVISION = np.iinfo(np.int64).min


def _indexes(array: Any) -> Array:
    """An Arrow array of indexes as numpy's, read from its buffer: pyarrow's own conversion
    (``to_numpy``) loads pandas where it is installed (50 MB more at the peak, measured)."""
    import pyarrow as pa

    kind = array.type
    if array.null_count or not pa.types.is_signed_integer(kind):  # not as columnar.py makes
        return np.asarray(array.to_pylist(), np.int64)
    size = kind.bit_width // 8
    data = array.buffers()[1]
    found = np.frombuffer(data, np.dtype(f"int{kind.bit_width}"), len(array), array.offset * size)
    return found.astype(np.int64)


def _objects(values: Sequence[object]) -> Array:
    """``values`` as a numpy array of the objects themselves (picking from it makes no new
    Python objects, only references to these)."""
    found = np.empty(len(values), object)
    found[:] = values
    return found


def _plain_score(value: object) -> bool:
    """A score the arrays can add up exactly (a whole number well within 64 bits)."""
    return type(value) is int and -_LARGEST < value < _LARGEST
