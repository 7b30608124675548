"""A result sheet as worksheet XML: its cells, column widths and frozen header row.

Text is written as inline strings (no shared-strings part to merge with the organiser's), so a
result sheet is one self-contained part.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from mahjong_club.messages import output as texts
from mahjong_club.messages.core import say
from mahjong_club.ooxml.errors import OoxmlError, OoxmlTypeError
from mahjong_club.ooxml.package import MAIN_NS
from mahjong_club.ooxml.refs import column_letter
from mahjong_club.ooxml.xml import escape_attr

Cell = str | int | float | Fraction | bool | dt.date | dt.datetime | None
"""A value a result sheet cell can hold; ``None`` leaves the cell empty."""


@dataclass(frozen=True)
class ResultSheet:
    """A sheet to add to (or replace in) the organiser's workbook.

    ``rows[0]`` is the header row; it is frozen so it stays visible while scrolling.
    """

    name: str
    rows: list[list[Cell]]


MAX_ROWS = 1_048_576
MAX_COLS = 16_384
#: The longest text a cell holds, in characters as Excel counts them (UTF-16 code units).
MAX_TEXT = 32_767
#: What ends a text shortened to :data:`MAX_TEXT`.
ELLIPSIS = "\u2026"
_WIDTH_SAMPLE_ROWS = 2000
_MIN_WIDTH = 6
_MAX_WIDTH = 50

#: Characters XML 1.0 cannot hold at all (they are dropped from cell text).
ILLEGAL_XML_RE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
# Anything in cell text that needs more than a plain copy.
_TEXT_NEEDS_WORK_RE = re.compile(
    "[&<>\r\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]|_x[0-9A-Fa-f]{4}_"
)
# Excel reads ``_xHHHH_`` in cell text as an escaped character; a literal one is escaped as
# ``_x005F_xHHHH_`` (``_x005F_`` being the underscore) so Excel shows exactly what was written.
_EXCEL_ESCAPE_RE = re.compile("_(x[0-9A-Fa-f]{4}_)")


def _text_xml(value: str) -> str:
    """Escape cell text for element content (see ``_TEXT_NEEDS_WORK_RE``)."""
    value = ILLEGAL_XML_RE.sub("", value)
    value = _EXCEL_ESCAPE_RE.sub(r"_x005F_\1", value)
    return (
        value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;")
    )


def _format_date(value: dt.date) -> str:
    if isinstance(value, dt.datetime):
        fmt = "%Y-%m-%d %H:%M:%S" if value.second or value.microsecond else "%Y-%m-%d %H:%M"
        return value.strftime(fmt)
    return value.isoformat()


def _display_len(value: Cell) -> int:
    """Rough display width of a value, in characters, for column widths."""
    if value is None:
        return 0
    if isinstance(value, str):
        return max((len(line) for line in value.split("\n")), default=0)
    if isinstance(value, bool):
        return 5
    if isinstance(value, dt.date):
        return len(_format_date(value))
    if isinstance(value, Fraction):
        return len(str(value.numerator)) if value.denominator == 1 else 10
    if isinstance(value, float):
        return min(len(repr(value)), 12)
    return len(str(value))


def _too_large(ref: str, value: int | Fraction) -> OoxmlError:
    return OoxmlError(say(texts.CELL_TOO_LARGE, ref=ref, value=value))


def _number_xml(value: int | float | Fraction, ref: str) -> str:
    """The ``<v>`` text of a number; Excel numbers are IEEE doubles."""
    if type(value) is int:
        if -(10**15) < value < 10**15:
            return str(value)
        try:
            float(value)
        except OverflowError:
            raise _too_large(ref, value) from None
        return str(value)
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return _number_xml(int(value.numerator), ref)
        try:
            return repr(float(value))
        except OverflowError:
            raise _too_large(ref, value) from None
    number = float(value)
    if not math.isfinite(number):
        raise OoxmlError(say(texts.CELL_NOT_FINITE, ref=ref, value=number))
    return repr(number)


def fit_text(text: str, limit: int = MAX_TEXT) -> str:
    """``text`` as a cell can hold it: at most ``limit`` characters as Excel counts them (an
    emoji counts two), the end replaced by a visible ``…`` when it is longer.

    >>> fit_text("Mølgaard", 8), fit_text("Mølgaard", 5), len(fit_text("x" * 40_000))
    ('Mølgaard', 'Mølg…', 32767)
    >>> fit_text("ab😀cd", 4)  # never half an emoji
    'ab…'
    """
    if len(text) * 2 <= limit:
        return text
    units = text.encode("utf-16-le", "surrogatepass")
    if len(units) <= 2 * limit:
        return text
    return units[: 2 * (limit - 1)].decode("utf-16-le", "ignore") + ELLIPSIS


def _str_cell(text: str, ref: str) -> str:
    """An inline-string ``<c>`` element; a text too long for a cell is shortened (``…``)."""
    if len(text) > MAX_TEXT // 2:
        text = fit_text(text)
    if _TEXT_NEEDS_WORK_RE.search(text):
        text = _text_xml(text)
    if text[:1].isspace() or text[-1:].isspace():
        return f'<c r="{ref}" t="inlineStr"><is><t xml:space="preserve">{text}</t></is></c>'
    return f'<c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c>'


def _cell_xml(value: Cell, ref: str) -> str:
    """One ``<c>`` element for a non-None value."""
    if isinstance(value, str):
        return _str_cell(value, ref)
    if isinstance(value, bool):
        return f'<c r="{ref}" t="b"><v>{1 if value else 0}</v></c>'
    if isinstance(value, int | float | Fraction):
        return f'<c r="{ref}"><v>{_number_xml(value, ref)}</v></c>'
    if isinstance(value, dt.date):
        return f'<c r="{ref}" t="inlineStr"><is><t>{_format_date(value)}</t></is></c>'
    raise OoxmlTypeError(say(texts.CELL_UNSUPPORTED_TYPE, ref=ref, type=type(value).__name__))


def _column_widths(rows: Sequence[Sequence[Cell]], ncols: int) -> list[int]:
    """Each column's widest value (in characters) among the first rows."""
    widths = [0] * ncols
    for row in rows[:_WIDTH_SAMPLE_ROWS]:
        for i, value in enumerate(row):
            if value is not None:
                n = _display_len(value)
                if n > widths[i]:
                    widths[i] = n
    return widths


def _sheet_data(rows: Sequence[Sequence[Cell]], letters: list[str]) -> tuple[list[str], str]:
    """The ``<row>`` elements of the sheet, and its dimension (``A1:H12``).

    The hot loop of the writer: ints and text, by far the most common values, take a short path.
    """
    body: list[str] = []
    last_row = 0
    last_col = -1
    for r, row in enumerate(rows, start=1):
        cells: list[str] = []
        for i, value in enumerate(row):
            if value is None:
                continue
            ref = f"{letters[i]}{r}"
            kind = type(value)
            if kind is int:  # mypy does not narrow on type(value) is int
                number = _number_xml(value, ref)  # type: ignore[arg-type]
                cells.append(f'<c r="{ref}"><v>{number}</v></c>')
            elif kind is str:
                cells.append(_str_cell(value, ref))  # type: ignore[arg-type]
            else:
                cells.append(_cell_xml(value, ref))
            if i > last_col:
                last_col = i
        if cells:
            last_row = r
            body.append(f'<row r="{r}">')
            body.extend(cells)
            body.append("</row>")
    dimension = "A1" if last_row == 0 else f"A1:{letters[last_col]}{last_row}"
    return body, dimension


def _sheet_head(main_ns: str, dimension: str, widths: list[int]) -> list[str]:
    """Everything before ``<sheetData>``: root, dimension, frozen header row, column widths."""
    head = [
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n',
        f'<worksheet xmlns="{escape_attr(main_ns)}">',
        f'<dimension ref="{dimension}"/>',
        '<sheetViews><sheetView workbookViewId="0">',
        '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>',
        '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>',
        "</sheetView></sheetViews>",
    ]
    if widths:
        head.append("<cols>")
        for i, width in enumerate(widths, start=1):
            w = min(_MAX_WIDTH, max(_MIN_WIDTH, width + 2))
            head.append(f'<col min="{i}" max="{i}" width="{w}" customWidth="1"/>')
        head.append("</cols>")
    return head


def render_sheet(rows: Sequence[Sequence[Cell]], main_ns: str = MAIN_NS) -> bytes:
    """Render a worksheet part: frozen header row, estimated column widths, inline strings.

    Raises :class:`~mahjong_club.ooxml.errors.OoxmlError` (a ValueError) for a sheet or a
    value Excel cannot hold, :class:`~mahjong_club.ooxml.errors.OoxmlTypeError` (a TypeError)
    for a value that is not a :data:`Cell`.
    """
    if len(rows) > MAX_ROWS:
        raise OoxmlError(say(texts.TOO_MANY_ROWS, count=len(rows), limit=MAX_ROWS))
    ncols = max((len(row) for row in rows), default=0)
    if ncols > MAX_COLS:
        raise OoxmlError(say(texts.TOO_MANY_COLUMNS, count=ncols, limit=MAX_COLS))
    letters = [column_letter(i) for i in range(ncols)]
    body, dimension = _sheet_data(rows, letters)
    head = _sheet_head(main_ns, dimension, _column_widths(rows, ncols))
    if body:
        head.append("<sheetData>")
        body.append("</sheetData></worksheet>")
    else:
        head.append("<sheetData/></worksheet>")
    return ("".join(head) + "".join(body)).encode("utf-8")
