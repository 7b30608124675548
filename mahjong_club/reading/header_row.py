"""A sheet's header row: its columns matched by name, and what is said when it lacks one.

The header row is the sheet's first row with anything in it (workbook.md); each known
column is found by its English or Danish header (:func:`match_headers`). An organiser who
puts a title above the table (``Copenhagen league, autumn 2026`` in row 1, the headers in
row 2) has made the title the header row: rather than one error for each column the title
row does not name, one error says where the headers are and what to do. Only a header row
that names none of the sheet's columns is taken for such a title: one that names some (a
header with a misspelt column, games below it and the header written again further down)
gets each missing column named, with what the header row has, as every other.

A column with values in the table's rows but no header, in a sheet that lacks one of its
columns (a header cell cleared by mistake: ``Substituted`` above the substitutes' marks,
``Points`` above the penalties'), is not read, and the results are then not what the sheet
shows: a warning names it, with the sheet's columns it could be (:func:`report_unheaded`).
So is a column whose header is that missing column's name misspelt or reworded
(``Substitute``, ``Substitueret``, ``Sub.``, ``E-mail``, ``Regulær``): it looks like the
column to the organiser and is not read (:func:`resembled`). A sheet with all of its columns
says nothing of the others, and neither does one whose other headers are unlike the columns
it lacks: notes beside a table are the organiser's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from difflib import SequenceMatcher
from typing import Any

from mahjong_club.common.problems import Problems
from mahjong_club.common.text import fold_name
from mahjong_club.messages import cells as texts
from mahjong_club.messages.core import say
from mahjong_club.ooxml import column_letter
from mahjong_club.reading.cells import is_blank
from mahjong_club.reading.schema import Column, Schema

#: How many rows below the header row are looked at for the table's real header.
LOOK_BELOW = 20


def report_missing(
    sheet: str,
    header_row: int | None,
    header: list[Any],
    missing: list[str],
    below: int | None,
    problems: Problems,
) -> None:
    """Report the ``missing`` columns of the header row ``header`` (Excel row
    ``header_row``): one error when row ``below`` holds every column the sheet needs, else
    one for each missing column."""
    found = [str(v).strip() for v in header if not is_blank(v)]
    shown = ", ".join(repr(f) for f in found)
    if below is not None:
        problems.error(sheet, header_row, "", texts.HEADER_BELOW, headers=shown, found=below)
        return
    for name in missing:
        message = (
            say(texts.NO_COLUMN, column=name, headers=shown)
            if found
            else say(texts.NO_COLUMN_EMPTY_SHEET, column=name)
        )
        problems.error(sheet, header_row, name, message)


def match_headers(
    sheet: str,
    header_row: int | None,
    header: list[Any],
    schema: Schema,
    problems: Problems,
) -> tuple[dict[str, str], dict[str, int]]:
    """Each known column's header as written and its position; a repeated column is warned.

    A column's English name wins over its Danish ones wherever it stands: beside ``Kind``, a
    note column headed ``Art`` is the organiser's own, not a second ``Kind``."""
    english = {fold_name(c.name): c.name for c in schema.columns}
    danish = {fold_name(h): c.name for c in schema.columns for h in c.headers()[1:]}
    headers: dict[str, str] = {}
    positions: dict[str, int] = {}
    by_english: set[str] = set()
    for lookup in (english, danish):
        for index, value in enumerate(header):
            canonical = None if is_blank(value) else lookup.get(fold_name(value))
            if canonical is None or (lookup is danish and canonical in by_english):
                continue
            if lookup is danish and fold_name(value) in english:
                continue  # another column's English name, matched above
            written = str(value).strip()
            if canonical in positions:
                used = column_letter(positions[canonical])
                message = say(
                    texts.SECOND_COLUMN, column=canonical, letter=column_letter(index), used=used
                )
                problems.warning(sheet, header_row, written, message)
                continue
            headers[canonical] = written
            positions[canonical] = index
        by_english = set(positions)
    return headers, positions


def header_below(rows: list[list[Any]], header_index: int | None, schema: Schema) -> int | None:
    """The Excel row of the first row under the header row (at most
    :data:`LOOK_BELOW` rows down) that has every column the sheet needs: the
    table's header under a title. None when there is none."""
    start = header_index + 1 if header_index is not None else len(rows)
    for index in range(start, min(len(rows), start + LOOK_BELOW)):
        _, positions = match_headers("", None, rows[index], schema, Problems())
        if all(c.name in positions for c in schema.columns if c.required):
            return index + 1
    return None


def report_unheaded(
    sheet: str,
    header_row: int,
    header: list[Any],
    rows: list[tuple[int, list[Any]]],
    schema: Schema,
    positions: dict[str, int],
    problems: Problems,
) -> None:
    """Warn of each column that has values in the table's ``rows`` but is not read while the
    sheet lacks one of its columns: one with no header in ``header`` (Excel row
    ``header_row``), which may be any of the missing columns (all named), and one whose
    header is like a missing column's name (:func:`resembled`), which names that column. A
    sheet with all of its columns says nothing of the others (notes beside the table)."""
    lacking = [c for c in schema.columns if c.name not in positions]
    if not lacking:
        return
    absent = ", ".join(repr(c.name) for c in lacking)
    read = set(positions.values())
    width = max((len(cells) for _, cells in rows), default=0)
    for index in (i for i in range(width) if i not in read):
        value = header[index] if index < len(header) else None
        found = [n for n, cells in rows if index < len(cells) and not is_blank(cells[index])]
        if not found:
            continue  # nothing unread below it
        meant = None if is_blank(value) else resembled(value, lacking)
        if not is_blank(value) and meant is None:
            continue  # the organiser's own column: notes, a comment
        letter = column_letter(index)
        cell = f"{letter}{header_row}"
        if meant is not None:
            problems.warning(
                sheet,
                header_row,
                letter,
                texts.MISNAMED_COLUMN,
                letter=letter,
                header=str(value).strip(),
                count=len(found),
                first=found[0],
                column=meant,
                cell=cell,
            )
            continue
        hint = say(texts.UNHEADED_HINT, columns=absent, cell=cell)
        problems.warning(
            sheet,
            header_row,
            letter,
            texts.UNHEADED_COLUMN,
            letter=letter,
            count=len(found),
            first=found[0],
            hint=hint,
        )


#: How alike a header and a column's name must be (:class:`difflib.SequenceMatcher`'s
#: ratio of their letters and digits) for the header to be taken for that name misspelt:
#: ``Substitute`` for ``Substituted`` (0.95), ``Regulær`` for ``Regular`` (0.86), not
#: ``Rang`` (rank) for ``Rating`` (0.8) nor ``Name`` for ``Game`` (0.75).
ALIKE = 0.85
#: A header and a name that begin with this many letters alike (``Substitueret``,
#: ``Substituted``) are alike, when that is most of the shorter.
SAME_START = 5
#: The longest header looked at (no column's name is near as long).
LONGEST = 40


def resembled(header: object, columns: Sequence[Column[Any]]) -> str | None:
    """The column of ``columns`` whose English or Danish name ``header`` most looks like, or
    None: the same letters and digits first, then the name with more after it (``EMA ID``,
    ``Date played``), then a beginning of the name (``Sub.``), then :data:`SAME_START`
    letters alike at the start, then :data:`ALIKE` alike.

    >>> from mahjong_club.reading.schema import Column
    >>> columns = [Column("Substituted", danish="Erstattet"), Column("Email"), Column("EMA")]
    >>> [resembled(h, columns) for h in ("Substitute", "Sub.", "Substitueret", "E-mail")]
    ['Substituted', 'Substituted', 'Substituted', 'Email']
    >>> [resembled(h, columns) for h in ("EMA #", "EMA ID", "E-mail address", "Comment")]
    ['EMA', 'EMA', 'Email', None]
    >>> [resembled(h, columns) for h in ("Notes", "Su", "Vikar", "x" * 10_000)]
    [None, None, None, None]
    """
    mine = _letters(header)
    if not mine or len(mine) > LONGEST:
        return None
    names = [(c.name, _letters(n)) for c in columns for n in c.headers()]
    tests = (
        lambda theirs: mine == theirs,
        lambda theirs: len(theirs) >= 3 and mine.startswith(theirs),
        lambda theirs: len(mine) >= 3 and theirs.startswith(mine),
        lambda theirs: _same_start(mine, theirs) or _same_start(theirs, mine),
        lambda theirs: _alike(mine, theirs),
    )
    for test in tests:  # the closest kind of likeness first, over every column
        found = [(len(theirs), name) for name, theirs in names if theirs and test(theirs)]
        if found:  # the longest name that is like it (Spillernavn: Spiller, not Spil)
            return max(found, key=lambda pair: pair[0])[1]
    return None


def _same_start(one: str, other: str) -> bool:
    """True when ``one`` begins with :data:`SAME_START` letters or more of ``other``'s
    beginning, most of the shorter of the two (``Substitueret`` and ``Substituted``)."""
    shorter = min(len(one), len(other))
    pairs = zip(one, other, strict=False)
    same = next((i for i, (a, b) in enumerate(pairs) if a != b), shorter)
    return same >= SAME_START and same * 3 >= shorter * 2


def _alike(mine: str, theirs: str) -> bool:
    """:data:`ALIKE` alike, the quick upper bounds first (a long header costs nothing); a
    header of three letters or fewer is too short to be taken for a misspelling."""
    if len(mine) < 4:
        return False
    matcher = SequenceMatcher(None, mine, theirs)
    return matcher.real_quick_ratio() >= ALIKE and matcher.ratio() >= ALIKE


def _letters(text: object) -> str:
    """A header's letters and digits, folded as names are (:func:`fold_name`)."""
    return "".join(ch for ch in fold_name(text) if ch.isalnum())
