"""Players' names: one resolver that every sheet naming players asks.

Two spellings are the same name when they fold alike (:func:`~mahjong_club.common.text.fold_name`:
Unicode NFC, letter case, and every kind and run of spaces, the non-breaking space included).
The first spelling read is the registered one: the ``Players`` sheet's, else the
``Divisions`` sheet's, else (a workbook without either) the first row that names the player.
Every later cell that writes the name otherwise is that player, with a warning that shows the
spelling used and where; the results use the registered spelling. A name with a control
character (a line break, a tab, ESC …) is an error on its cell.

A name that is not the same but close says how it differs ("lacks a space", "differs in
letter case, contains a non-breaking space"), or is a plain "did you mean"::

    names = book.names                              # one per workbook
    player = names.resolve(row, PLAYER, row.value(PLAYER))   # the registered spelling
    if player not in members:
        row.error(PLAYER, NOT_A_MEMBER, player=player, hint=near_miss(player, members))
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mahjong_club.common.problems import Problems
from mahjong_club.common.text import (
    Difference,
    Spelling,
    did_you_mean,
    first_control,
    fold_name,
    spelling_differences,
)
from mahjong_club.messages import league
from mahjong_club.messages import reading as texts
from mahjong_club.messages.core import Entry, Message, say

if TYPE_CHECKING:
    from mahjong_club.reading.tables import ColumnRef, Row

_PHRASES: dict[Spelling, Entry] = {
    Spelling.LETTER_CASE: texts.SPELLING_LETTER_CASE,
    Spelling.NO_BREAK_SPACE: texts.SPELLING_NO_BREAK_SPACE,
    Spelling.OTHER_SPACE: texts.SPELLING_OTHER_SPACE,
    Spelling.DECOMPOSED: texts.SPELLING_DECOMPOSED,
    Spelling.EXTRA_SPACE: texts.SPELLING_EXTRA_SPACE,
    Spelling.MISSING_SPACE: texts.SPELLING_MISSING_SPACE,
    Spelling.MOVED_SPACE: texts.SPELLING_MOVED_SPACE,
    Spelling.INVISIBLE: texts.SPELLING_INVISIBLE,
}


def _phrase(difference: Difference) -> Message:
    entry = _PHRASES[difference.kind]
    if difference.kind is Spelling.DECOMPOSED:
        return say(entry, letter=difference.shown, base=difference.base)
    if difference.kind in (Spelling.OTHER_SPACE, Spelling.INVISIBLE):
        return say(entry, code=difference.shown)
    return say(entry)


def _joined(differences: tuple[Difference, ...]) -> Message:
    """The differences as one phrase: "differs in letter case, lacks a space"."""
    phrases = [_phrase(d) for d in differences]
    joined = phrases[-1]
    for phrase in reversed(phrases[:-1]):
        joined = say(texts.JOINED, first=phrase, rest=joined)
    return joined


def how_it_differs(written: str, registered: str) -> Message:
    """What tells ``written`` apart from ``registered``, the same name (they fold alike).

    >>> str(how_it_differs("åse\u00a0mølgaard", "Åse Mølgaard"))
    'differs in letter case, contains a non-breaking space'
    """
    forward = spelling_differences(written, registered)
    if forward:
        return _joined(forward)
    backward = spelling_differences(registered, written)
    if backward:
        return say(texts.SPELLING_REGISTERED, how=_joined(backward))
    return say(texts.SPELLING_ENCODED)


def near_miss(name: str, known: Iterable[str]) -> Message | str:
    """' (did you mean 'Mette Dahl'? the spelling here lacks a space)' when ``name`` is close
    to a known name, '' when it is like none of them.

    >>> str(near_miss("MetteDahl", ["Mette Dahl", "Jens Holm"]))
    " (did you mean 'Mette Dahl'? the spelling here lacks a space)"
    >>> str(near_miss("Mette Dal", ["Mette Dahl"])), near_miss("Zoe", ["Mette Dahl"])
    (" (did you mean 'Mette Dahl'?)", '')
    """
    candidates = list(known)
    for candidate in candidates:
        differences = spelling_differences(name, candidate)
        if differences:
            return say(texts.DID_YOU_MEAN_BECAUSE, name=candidate, how=_joined(differences))
    close = did_you_mean(name, candidates)
    return say(league.DID_YOU_MEAN, name=close) if close else ""


@dataclass(frozen=True)
class Registered:
    """A name's registered spelling, and the sheet and row where it was first read."""

    name: str
    sheet: str
    row: int


@dataclass
class _Warned:
    """The warning about one other spelling in one column of one sheet, and its rows."""

    problems: Problems
    index: int
    rows: list[int] = field(default_factory=list)


def composed(name: str) -> str:
    """``name`` with every letter typed as a base letter plus an accent (NFD, as a Mac may
    write it) in its one-character form (NFC): the same name, shown as one.

    >>> composed("A\u030ase") == "\u00c5se"
    True
    """
    return name if name.isascii() else unicodedata.normalize("NFC", name)


class NameBook:
    """Every player's registered spelling, and the resolver every sheet asks."""

    def __init__(self) -> None:
        self._registered: dict[str, Registered] = {}
        self._warned: dict[tuple[str, str, str], _Warned] = {}
        self._per_sheet: dict[str, int] = {}  # how many names each sheet named first
        self._elsewhere: dict[str, tuple[int, list[str]]] = {}

    def named_elsewhere(self, sheet: str) -> list[str]:
        """Every spelling a sheet other than ``sheet`` named first (made once for as long as
        no other sheet names someone new: a sheet may have a million unknown names)."""
        count = len(self._registered) - self._per_sheet.get(sheet, 0)
        cached = self._elsewhere.get(sheet)
        if cached is None or cached[0] != count:
            names = [found.name for found in self._registered.values() if found.sheet != sheet]
            cached = self._elsewhere[sheet] = (count, names)
        return cached[1]

    def unknown_here(self, row: Row, column: ColumnRef, player: str | None) -> bool:
        """True (reported on the cell) when ``row``'s sheet is the first to name ``player``:
        no row of ``Players`` or ``Divisions`` does, even a wrong one. Asked where membership
        cannot be checked (the ``Divisions`` sheet has errors), so that a misspelt name is
        still said in the same run."""
        found = None if player is None else self.find(player)
        if player is None or found is None or found.sheet != row.table.sheet:
            return False
        hint = near_miss(player, self.named_elsewhere(row.table.sheet))
        row.error(column, league.UNKNOWN_PLAYER_NAMED_NOWHERE, player=player, hint=hint)
        return True

    def spellings(self) -> list[str]:
        """Every registered spelling, in the order read."""
        return [found.name for found in self._registered.values()]

    def find(self, name: str) -> Registered | None:
        """The registered spelling of ``name`` and where, or None when no sheet named it."""
        return self._registered.get(fold_name(name))

    def plain(self, row: Row, column: ColumnRef, written: str) -> bool:
        """True when ``written`` has no control character; else an error on the cell."""
        control = first_control(written)
        if control is None:
            return True
        row.ok = False
        row.error(column, texts.NAME_CONTROL, name=written, code=f"U+{ord(control):04X}")
        return False

    def resolve(self, row: Row, column: ColumnRef, written: str | None) -> str | None:
        """The registered spelling of the name in ``row``'s ``column``, registering it when
        no sheet has named the player yet; None when blank or not plain text (reported)."""
        if written is None or not self.plain(row, column, written):
            return None
        key = fold_name(written)
        found = self._registered.get(key)
        if found is None:
            sheet = row.table.sheet
            name = composed(written)  # a name typed as A + accent is shown, sorted as Å
            self._registered[key] = Registered(name, sheet, row.number)
            self._per_sheet[sheet] = self._per_sheet.get(sheet, 0) + 1
            return name
        if found.name != written and found.name != composed(written):  # NFD alike: no word
            self._warn(row, column, written, found)
        return found.name

    def _warn(self, row: Row, column: ColumnRef, written: str, found: Registered) -> None:
        """One warning per other spelling and column of a sheet, naming every row."""
        table = row.table
        key = (table.sheet, table.column_label(column), written)
        warned = self._warned.get(key)
        if warned is None or warned.problems is not table.problems:
            warned = _Warned(table.problems, len(table.problems.items))
            self._warned[key] = warned
        warned.rows.append(row.number)
        rows = (
            say(texts.PROBLEM_ROW, row=warned.rows[0])
            if len(warned.rows) == 1
            else say(texts.ROWS, rows=", ".join(str(n) for n in warned.rows))
        )
        message = say(
            texts.NAME_SPELLING,
            written=written,
            rows=rows,
            registered=found.name,
            source=say(texts.NAME_SOURCE, row=found.row, sheet=found.sheet),
            how=how_it_differs(written, found.name),
        )
        if len(warned.rows) == 1:
            row.warning(column, message)
        else:
            table.problems.amend(warned.index, message)
