"""How far a sheet's cells reach: checked before python-calamine reads the sheet.

python-calamine holds a sheet as one rectangle of cells, from its first cell with a value to
its last. A sheet of a few bytes with one value in A1 and one in XFD1048576 makes it ask for
half a terabyte, and the process stops on the spot: no error, no message. So before calamine
reads a sheet, :func:`oversized` finds how far its cells with a value reach, and the reader
refuses a sheet whose rectangle from A1 is larger than :data:`MAX_SHEET_CELLS` cells (about
40 bytes each once read: 1.2 GB at the limit). A ``Games`` sheet of 1,000,000 rows and six
columns spans 6 million.

Most sheets take one quick look: when every cell tag is written as Excel writes it
(``<c r="E12" …>``) in columns A to Z and rows up to 1,049,999, the sheet spans at most
27.3 million cells, within the limit, whatever else it holds. A sheet whose cell tags are all
written so but reach beyond column Z (an ``Attendance`` sheet with a column per club night)
takes a second look: the farthest row and column of all its cell tags, empty ones included,
bound the rectangle from above. Otherwise, or when that bound is over the limit, every row
and cell tag is walked and placed as calamine places it (a cell without ``r`` follows the
cell before it in its row; a row without ``r`` follows the row before), stopping as soon as
the rectangle is too large.

    >>> sheet = b'<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c></row>'
    >>> oversized(sheet + b'</sheetData></worksheet>') is None
    True
    >>> far = b'<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t/></is></c></row>'
    >>> oversized(sheet + far + b'</sheetData></worksheet>')
    Extent(rows=1048576, columns=16384)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mahjong_club.ooxml.refs import ROW_DIGITS, column_index, digits_row, letters_column, row_number
from mahjong_club.ooxml.xml import unescape_xml

#: The most cells a sheet may span from A1 to its farthest row and column with a value.
MAX_SHEET_CELLS = 30_000_000
#: What the quick look proves: columns A to Z, rows up to 1,049,999.
_QUICK_BOUND = 26 * 1_049_999

_ROOT_RE = re.compile(rb"<(?:([\w.-]+):)?worksheet[\s>]")
#: A cell tag not written ``<c r="E12"`` with one column letter and a row up to 1,049,999.
_UNUSUAL_CELL_RE = re.compile(rb'<c(?:[>/\t\n\r]| (?!r="[A-Z](?:[0-9]{1,6}|10[0-4][0-9]{4})"))')
#: A cell tag not written ``<c r="AY12"`` (up to three column letters, up to seven digits).
_UNWRITTEN_CELL_RE = re.compile(rb'<c(?:[>/\t\n\r]| (?!r="[A-Z]{1,3}[0-9]{1,7}"))')
#: The column letters and row of a cell tag written as Excel writes it.
_WRITTEN_CELL_RE = re.compile(rb'<c r="([A-Z]{1,3})([0-9]{1,7})"')
#: A cell tag with a namespace prefix (or text that looks like one: the walk settles it).
_PREFIXED_CELL_RE = re.compile(rb":c[\s>/]")
#: A row or cell tag and its attributes. Nothing in a tag is ``<`` (XML escapes it in a
#: value), so a tag never closed (damaged XML) is given up at the next ``<``, not searched
#: for to the end of the sheet from every ``<c`` (which took minutes on 160 KB).
_TAG_RE = re.compile(rb"""<(?:[\w.-]+:)?(row|c)(?=[\s/>])((?:[^<>"']|"[^"<]*"|'[^'<]*')*)>""")
_R_ATTR_RE = re.compile(rb"""(?:^|\s)(?:[\w.-]+:)?r\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_REF_RE = re.compile(r"\$?([A-Za-z]+)\$?([0-9]+)")
#: Any cell tag, with a namespace prefix or not.
_ANY_CELL_RE = re.compile(rb"<(?:[\w.-]+:)?c[\s>/]")
#: A cell tag written as Excel writes it whose first child is a value that is not empty
#: (``<v>`` or an inline string), after the cell's formula if it has one.
_VALUE_CELL_RE = re.compile(
    rb'<c r="[A-Z]{1,3}([0-9]{1,7})"(?:\s[^<>]*)?(?<!/)>'
    rb"(?:<f(?:\s[^<>]*)?(?:/>|>[^<]*</f>))?(?:<v>[^<]|<is><t(?:\s[^<>]*)?>[^<])"
)
#: How many cell tags :func:`last_row` looks back at, at most.
_LAST_LOOKS = 1000


@dataclass(frozen=True)
class Extent:
    """How far a sheet's cells with a value reach."""

    rows: int
    """The farthest row (as Excel numbers it)."""
    columns: int
    """The farthest column, as a count from A (26 = column Z)."""

    @property
    def cells(self) -> int:
        """The cells of the rectangle from A1."""
        return self.rows * self.columns


def _unprefixed(data: bytes) -> bool:
    """True when the sheet's tags have no namespace prefix (a prefix is rare: walk the tags)."""
    root = _ROOT_RE.search(data)
    return root is not None and not root.group(1) and _PREFIXED_CELL_RE.search(data) is None


def _quick(data: bytes) -> bool:
    """True when one look shows that the unprefixed sheet spans at most :data:`_QUICK_BOUND`
    cells."""
    return _UNUSUAL_CELL_RE.search(data) is None


def _bound(data: bytes) -> Extent | None:
    """The farthest row and column of every cell tag (with a value or not) of the unprefixed
    sheet when each is written ``<c r="AY12"``: the rectangle calamine reads is no larger.
    None otherwise."""
    if _UNWRITTEN_CELL_RE.search(data) is not None:
        return None
    letters: set[bytes] = set()
    rows = 0
    for column, row in _WRITTEN_CELL_RE.findall(data):
        letters.add(column)
        rows = max(rows, int(row) if len(row) <= ROW_DIGITS else digits_row(row))  # every cell
    columns = max((column_index(c.decode("ascii")) + 1 for c in letters), default=0)
    return Extent(rows, columns)


def _r_values(attrs: bytes) -> list[str]:
    """Every ``r`` attribute's value (with any prefix: the wider reading is the safe one)."""
    return [
        unescape_xml((m.group(1) if m.group(1) is not None else m.group(2)).decode("utf-8")).strip()
        for m in _R_ATTR_RE.finditer(attrs)
    ]


def _walk(data: bytes, limit: int) -> Extent | None:
    """Place every cell as calamine does; the extent as soon as it spans more than
    ``limit`` cells, or None."""
    row, column = 0, -1
    rows = columns = 0
    for match in _TAG_RE.finditer(data):
        values = _r_values(match.group(2))
        if match.group(1) == b"row":
            numbers = [n for v in values if (n := row_number(v)) is not None]
            row, column = (max(numbers) if numbers else row + 1), -1
            continue
        refs = [m for v in values if (m := _REF_RE.fullmatch(v))]
        cell_row = row
        if refs:
            cell_row = max(digits_row(m.group(2)) for m in refs)
            column = max(letters_column(m.group(1)) for m in refs)
        else:
            column += 1
        if match.group(2).rstrip().endswith(b"/"):  # <c …/>: no value, no place in the rectangle
            continue
        rows, columns = max(rows, cell_row), max(columns, column + 1)
        if rows * columns > limit:
            return Extent(rows, columns)
    return None


def first_row(data: bytes) -> int | None:
    """The row of the sheet's first cell tag, when that tag is plainly a cell with a value:
    the root and the cell unprefixed, written ``<c r="C3" …>``, its value not empty. None
    otherwise.

    With the rows in ascending order (the file format requires it, and Excel, LibreOffice
    and openpyxl write them so) it is where the rectangle calamine reads begins; a reader
    holds it to :func:`last_row` and the rectangle's height to be sure.

    >>> first_row(b'<worksheet><sheetData><row r="3"><c r="C3" s="1"/><c r="D3" t="s"><v>0')
    >>> first_row(b'<worksheet><sheetData><row r="3"><c r="D3" t="s"><v>0</v></c></row>')
    3
    >>> first_row(b'<worksheet><sheetData><row r="2"><c r="B2"><f>A1</f><v>4</v></c></row>')
    2
    >>> first_row(b'<worksheet><sheetData><row r="1"><c r="A1"><v></v></c></row>')
    """
    root = _ROOT_RE.search(data)
    if root is None or root.group(1):
        return None
    start = data.find(b"<sheetData", root.end())
    first = _ANY_CELL_RE.search(data, start) if start >= 0 else None
    found = _VALUE_CELL_RE.match(data, first.start()) if first is not None else None
    return int(found.group(1)) if found is not None else None


def last_row(data: bytes) -> int | None:
    """The row of the last cell tag written ``<c r="C3" …>`` with a value that is not empty
    (looking back at most :data:`_LAST_LOOKS` cell tags), or None.

    A cell after it written otherwise, or rows out of order, can put the end of calamine's
    rectangle elsewhere: a reader compares ``last_row - first_row`` with the rectangle's
    height, which only the true start and end satisfy.

    >>> last_row(b'<sheetData><row r="2"><c r="B2"><v>4</v></c><c r="C2" s="1"/></row>')
    2
    """
    end = len(data)
    for _ in range(_LAST_LOOKS):
        at = data.rfind(b"<c r=", 0, end)
        if at < 0:
            return None
        found = _VALUE_CELL_RE.match(data, at)
        if found is not None:
            return int(found.group(1))
        end = at
    return None


def oversized(data: bytes, limit: int = MAX_SHEET_CELLS) -> Extent | None:
    """How far the cells of sheet part ``data`` reach when that spans more than ``limit``
    cells from A1 (the first cell found beyond it); None when the sheet is within it."""
    if _unprefixed(data):
        if limit >= _QUICK_BOUND and _quick(data):
            return None
        bound = _bound(data)
        if bound is not None and bound.cells <= limit:
            return None
    return _walk(data, limit)
