"""Find the cells that show an Excel error (``#N/A``, ``#DIV/0!``, ``#REF!`` …).

python-calamine reads such a cell as an empty string, so without this module a ``#N/A`` in
a score would look like a blank cell: a "missing value", or nothing at all in an optional
column. The sheet's XML says what the cell really holds: ``<c r="E4" t="e"><v>#N/A</v></c>``
(with a ``<f>`` formula before the value when the error was calculated). This module scans a
sheet part for those cells, as bytes with regular expressions (a sheet without any error cell
is skipped after one search), and :class:`~mahjong_club.reading.tables.Workbook` puts an
:class:`ErrorCell` in their place, which the readers report as what it is.

>>> xml = (b'<worksheet><sheetData><row r="4"><c r="E4" t="e"><f>B4/C4</f>'
...        b'<v>#DIV/0!</v></c></row></sheetData></worksheet>')
>>> scan_error_cells(xml)
{(4, 4): ErrorCell(code='#DIV/0!', formula='B4/C4')}
"""

from __future__ import annotations

import re
import zipfile
from dataclasses import dataclass
from pathlib import Path

from mahjong_club.ooxml.package import list_sheet_parts
from mahjong_club.ooxml.refs import parse_ref, row_number
from mahjong_club.ooxml.xml import unescape_xml

__all__ = [
    "ErrorCell",
    "error_cells_of",
    "has_error_type",
    "neutralise_error_cells",
    "scan_error_cells",
]


@dataclass(frozen=True)
class ErrorCell:
    """A cell showing an Excel error: its ``code`` (``#N/A``) and its formula, if it has one
    (``""`` for a formula shared with other cells, None for an error typed in)."""

    code: str
    formula: str | None = None

    def __str__(self) -> str:
        return self.code


_ROOT_RE = re.compile(rb"<(?:([\w.-]+):)?worksheet[\s>]")
_ATTR = rb"\s+[^\s=/>]+\s*=\s*(?:\"[^\"]*\"|'[^']*')"
_ERROR_TYPE = re.compile(rb"\st\s*=\s*[\"']e[\"']")
_R_RE = re.compile(rb"(?:^|\s)r\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")
#: What an error cell's ``t="e"`` must contain, found by a literal search many times faster
#: than the pattern's (its quotes may also be single: looked for only in a sheet with any).
_DOUBLE_QUOTED_E = re.compile(rb'"e"')
_QUOTED_E = re.compile(rb"[\"']e[\"']")


def has_error_type(data: bytes) -> bool:
    """Whether the sheet part ``data`` may have an error cell (``t="e"``): False proves it
    has none.

    >>> has_error_type(b'<c r="A1" t="e"><v>#N/A</v></c>'), has_error_type(b'<c t="s"/>')
    (True, False)
    >>> has_error_type(b"<c r='A1' t='e'><v>#N/A</v></c>")
    True
    """
    double = _DOUBLE_QUOTED_E.search(data) is not None
    if not double and (b"'" not in data or _QUOTED_E.search(data) is None):
        return False
    return _ERROR_TYPE.search(data) is not None


def _patterns(prefix: bytes) -> tuple[re.Pattern[bytes], re.Pattern[bytes], re.Pattern[bytes]]:
    """An error cell with its body; a cell's ``<v>`` value; its ``<f>`` formula."""
    p = re.escape(prefix)
    cell = re.compile(
        rb"<" + p + rb"c(?P<attrs>(?:" + _ATTR + rb")*?\s+t\s*=\s*[\"']e[\"'](?:" + _ATTR + rb")*)"
        rb"\s*(?:/>|>(?P<body>.*?)</" + p + rb"c\s*>)",
        re.S,
    )
    value = re.compile(rb"<" + p + rb"v(?:\s[^>]*)?>([^<]*)</" + p + rb"v\s*>")
    formula = re.compile(rb"<" + p + rb"f(?:" + _ATTR + rb")*\s*(?:/>|>([^<]*)</" + p + rb"f\s*>)")
    return cell, value, formula


def _walk(data: bytes, prefix: bytes) -> dict[int, tuple[int, int]]:
    """Row and column of every ``<c>`` start tag, by offset, for sheets that omit ``r``."""
    p = re.escape(prefix)
    tags = re.compile(rb"<" + p + rb"(row|c)((?:" + _ATTR + rb")*)\s*/?>")
    positions: dict[int, tuple[int, int]] = {}
    row, column = 0, -1
    for m in tags.finditer(data):
        ref = _R_RE.search(m.group(2))
        text = unescape_xml((ref.group(1) or ref.group(2) or b"").decode()) if ref else ""
        if m.group(1) == b"row":
            number = row_number(text)
            row, column = (number if number is not None else row + 1), -1
            continue
        parsed = parse_ref(text.strip()) if text else None
        column = parsed[1] if parsed else column + 1
        positions[m.start()] = (row, column)
    return positions


def scan_error_cells(data: bytes) -> dict[tuple[int, int], ErrorCell]:
    """Every error cell of a worksheet part: (Excel row, 0-based column) -> the error."""
    if not has_error_type(data):
        return {}
    root = _ROOT_RE.search(data)
    prefix = (root.group(1) + b":") if root and root.group(1) else b""
    cell_re, value_re, formula_re = _patterns(prefix)
    found: dict[tuple[int, int], ErrorCell] = {}
    walked: dict[int, tuple[int, int]] | None = None
    for m in cell_re.finditer(data):
        body = m.group("body") or b""
        value = value_re.search(body)
        if value is None:
            continue
        ref = _R_RE.search(m.group("attrs"))
        text = (ref.group(1) or ref.group(2) or b"").decode().strip() if ref else ""
        position = parse_ref(text) if text else None
        if position is None:
            walked = _walk(data, prefix) if walked is None else walked
            position = walked.get(m.start())
        if position is None:
            continue
        formula = formula_re.search(body)
        written = None if formula is None else unescape_xml((formula.group(1) or b"").decode())
        code = unescape_xml(value.group(1).decode()).strip()
        found[position] = ErrorCell(code, written)
    return found


#: The error values python-calamine reads; any other value in an error cell (Excel 365's
#: ``#SPILL!``, ``#CALC!``, ``#BUSY!`` …, or ``#n/a`` in lower case) makes it refuse the sheet.
CALAMINE_ERRORS = frozenset(
    [b"#DIV/0!", b"#N/A", b"#NAME?", b"#NULL!", b"#NUM!", b"#REF!", b"#VALUE!"]
)


def neutralise_error_cells(data: bytes) -> bytes | None:
    """The worksheet part ``data`` with the value of every error cell calamine cannot read
    replaced by ``#N/A`` (which it reads as a blank, like any error); None when there is none.

    The readers still see the cell's real error: :func:`error_cells_of` reads the file itself.

    >>> neutralise_error_cells(b'<worksheet><c r="H5" t="e"><v>#SPILL!</v></c></worksheet>')
    b'<worksheet><c r="H5" t="e"><v>#N/A</v></c></worksheet>'
    >>> neutralise_error_cells(b'<worksheet><c r="H5" t="e"><v>#REF!</v></c></worksheet>')
    """
    if not has_error_type(data):
        return None
    root = _ROOT_RE.search(data)
    prefix = (root.group(1) + b":") if root and root.group(1) else b""
    cell_re, value_re, _ = _patterns(prefix)
    pieces: list[bytes] = []
    done = 0
    for m in cell_re.finditer(data):
        body = m.group("body")
        value = value_re.search(body) if body is not None else None
        if value is None or value.group(1) in CALAMINE_ERRORS:
            continue
        start = m.start("body") + value.start(1)
        pieces += [data[done:start], b"#N/A"]
        done = m.start("body") + value.end(1)
    return None if not pieces else b"".join([*pieces, data[done:]])


def error_cells_of(path: Path, sheet: str) -> dict[tuple[int, int], ErrorCell]:
    """The error cells of ``sheet`` (as the workbook spells it) in the workbook at ``path``.

    Raises an ``OSError``, a ``zipfile.BadZipFile`` or an
    :class:`~mahjong_club.ooxml.errors.OoxmlError` when the package cannot be read.
    """
    with zipfile.ZipFile(path) as zf:
        parts = [s for s in list_sheet_parts(zf) if s.name == sheet and s.part is not None]
        if not parts or parts[0].part is None:
            return {}
        entries = {info.filename.lower(): info.filename for info in zf.infolist()}
        entry = entries.get(parts[0].part.lower())
        return {} if entry is None else scan_error_cells(zf.read(entry))
