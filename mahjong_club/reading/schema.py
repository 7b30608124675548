"""What a sheet looks like, declared once: its name and its columns.

A :class:`Column` says everything a reader needs to know about one column: its English
header, its Danish header (accepted too), how a cell is parsed (``parse_text``,
``parse_int`` …), what it holds (said when a row lacks it: "this row is partly filled in:
the player's name is missing"), whether the sheet must have it and whether a row may leave
it blank. A :class:`Schema` is a
sheet's name with its columns. Reading a sheet through its schema finds the header row,
matches the headers, and gives rows whose :meth:`~mahjong_club.reading.tables.Row.value`
parses a cell with its column's parser and records any problem with sheet, row and column:

    >>> from mahjong_club.messages import cells as texts
    >>> from mahjong_club.reading.cells import parse_int, parse_text
    >>> PLAYER = Column("Player", parse_text, texts.WHAT_PLAYER, danish="Spiller")
    >>> SCORE = Column("Score", parse_int, texts.WHAT_SCORE, danish="Point")
    >>> NOTE = Column("Note", required=False)
    >>> WINNER = Column("Winner", blank_ok=True)
    >>> GAMES = Schema("Games", (PLAYER, SCORE, NOTE, WINNER))
    >>> GAMES.column("score") is SCORE, PLAYER.matches("  SPILLER ")
    (True, True)

A reader then does (``book`` an opened :class:`~mahjong_club.reading.tables.Workbook`)::

    table = read_sheet(book, GAMES, problems)      # None: a required column is missing
    if table is None:                              # (already reported)
        return []
    for row in table:
        player = row.value(PLAYER)                 # str | None (typed by the column)
        score = row.value(SCORE)                   # int | None; a bad cell is reported
        note = row.value(NOTE) or ""               # optional: blank is simply None
        winner = row.value(WINNER)                 # the sheet must have it; blank is None
        if not row.ok or player is None or score is None:
            continue                               # this row's problems are reported
        if score < 0:
            row.error(SCORE, NEGATIVE_SCORE, score=score)   # located: sheet, row, column

``row.value("Score")`` (by name) works too but is untyped; ``row.error`` and
``row.warning`` take a column (or its name) and a catalogue entry with its parameters (or a
ready-made :class:`~mahjong_club.messages.core.Message`), and
``table.error(row_number, column, ENTRY, **params)`` reports on any row of the sheet.
``Column("Player")`` alone is a required text column saying "a value" when missing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, cast, overload

from mahjong_club.common.text import fold_name
from mahjong_club.messages import cells as texts
from mahjong_club.messages.core import Entry, Message
from mahjong_club.reading.cells import parse_text

T = TypeVar("T")

#: What a column holds, as said in a message: a catalogue entry, or a message.
What = Entry | Message

_TEXT = cast(Callable[[Any], Any], parse_text)


class Column(Generic[T]):
    """One column a sheet may have; ``Column[int]`` gives ``int`` values.

    ``name`` is the English header (and the name a reader uses), ``parse`` turns a non-blank
    cell into a value or raises :class:`~mahjong_club.reading.cells.CellError`, ``what`` says
    what the column holds, ``required`` whether the sheet must have it and a row must fill it
    in, ``blank_ok`` that the sheet must have it but a row may leave it blank (``Mahjong``
    of ``Hands``: blank means did not win), and ``danish`` the Danish header accepted too
    ("" for none).
    """

    __slots__ = ("blank_ok", "danish", "name", "parse", "required", "what")

    @overload
    def __init__(
        self: Column[str],
        name: str,
        *,
        what: What = ...,
        required: bool = ...,
        blank_ok: bool = ...,
        danish: str = ...,
    ) -> None: ...
    @overload
    def __init__(
        self,
        name: str,
        parse: Callable[[Any], T],
        what: What = ...,
        *,
        required: bool = ...,
        blank_ok: bool = ...,
        danish: str = ...,
    ) -> None: ...
    def __init__(
        self,
        name: str,
        parse: Callable[[Any], T] = _TEXT,
        what: What = texts.WHAT_VALUE,
        *,
        required: bool = True,
        blank_ok: bool = False,
        danish: str = "",
    ) -> None:
        self.name = name
        self.parse = parse
        self.what = what
        self.required = required
        self.blank_ok = blank_ok
        self.danish = danish

    @property
    def must_fill(self) -> bool:
        """True when a row that leaves this column blank is partly filled in (reported)."""
        return self.required and not self.blank_ok

    def headers(self) -> tuple[str, ...]:
        """The headers that name this column: English, then the Danish ones (``danish`` may
        give several, separated by ``|``: ``Erstattet|Vikar``)."""
        return (self.name, *self.danish.split("|")) if self.danish else (self.name,)

    def matches(self, header: object) -> bool:
        """True when ``header`` names this column (any case, surrounding spaces ignored)."""
        return fold_name(header) in {fold_name(h) for h in self.headers()}

    def __repr__(self) -> str:
        return f"Column({self.name!r})"


class Schema:
    """A sheet: its English name and its columns, in their usual order."""

    __slots__ = ("columns", "sheet")

    def __init__(self, sheet: str, columns: tuple[Column[Any], ...]) -> None:
        self.sheet = sheet
        self.columns = columns

    def column(self, name: str) -> Column[Any]:
        """The column called ``name`` (English, any case); KeyError when there is none."""
        for column in self.columns:
            if fold_name(column.name) == fold_name(name):
                return column
        raise KeyError(f"sheet {self.sheet!r} has no column {name!r} in its schema")

    def __repr__(self) -> str:
        return f"Schema({self.sheet!r}, {[c.name for c in self.columns]})"
