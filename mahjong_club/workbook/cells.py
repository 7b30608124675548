"""A result sheet as worksheet XML: its cells, column widths, frozen header row, autofilter
and print set-up.

Text is written as inline strings (no shared-strings part to merge with the organiser's), so a
result sheet is one self-contained part. Its cells' styles are indices into the workbook's
styles part (:mod:`~mahjong_club.workbook.styles`): a bold header row with a fill, numbers
right-aligned, whole amounts with thousands separators, fractions as fractions (7/3 shows
``2 1/3``, the cell holds the exact value), dates as real dates.
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
from mahjong_club.workbook import styles as kinds
from mahjong_club.workbook.highlights import Highlight, conditional_formatting
from mahjong_club.workbook.styles import StyleIds

Cell = str | int | float | Fraction | bool | dt.date | dt.datetime | None
"""A value a result sheet cell can hold; ``None`` leaves the cell empty."""


@dataclass(frozen=True)
class ResultSheet:
    """A sheet to add to (or replace in) the organiser's workbook.

    ``rows[0]`` is the header row; it is frozen so it stays visible while scrolling.
    """

    name: str
    rows: list[list[Cell]]
    amounts: frozenset[str] = frozenset()
    """Header names of the columns whose whole numbers are shown with thousands separators."""
    optional: bool = False
    """An optional sheet with no rows besides its header is not added to a workbook that does
    not have it yet (a league without hands gets no ``Hand scores``)."""
    highlights: tuple[Highlight, ...] = ()
    """The statuses coloured by conditional formatting (:mod:`.highlights`)."""

    @property
    def empty(self) -> bool:
        """True when the sheet has no rows besides its header."""
        return len(self.rows) <= 1


MAX_ROWS = 1_048_576
MAX_COLS = 16_384
#: The longest text a cell holds, in characters as Excel counts them (UTF-16 code units).
MAX_TEXT = 32_767
#: What ends a text shortened to :data:`MAX_TEXT`.
ELLIPSIS = "\u2026"
_WIDTH_SAMPLE_ROWS = 2000
_MIN_WIDTH = 6
_MAX_WIDTH = 50
#: Room for the autofilter's button beside a header.
_FILTER_BUTTON = 2
#: Excel's day 0 (in its 1900 date system, counting the 1900 leap day that never was).
EXCEL_EPOCH = dt.datetime(1899, 12, 30)
#: Day 0 of a workbook in the 1904 date system (``date1904``, old Mac Excel's): its serials
#: are 1,462 days smaller for the same date.
EPOCH_1904 = dt.datetime(1904, 1, 1)
#: The most denominators a fraction may have to be shown as one (``# ?/?`` shows one digit).
_FRACTION_DIGITS = 9

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
        if value.denominator == 1:
            return len(f"{value.numerator:,}")
        return len(f"{int(value):,}") + 4 if value.denominator <= _FRACTION_DIGITS else 12
    if isinstance(value, float):
        return min(len(repr(value)), 12)
    return len(f"{value:,}")


def excel_serial(value: dt.date, epoch: dt.datetime = EXCEL_EPOCH) -> int | float:
    """A date as Excel stores it: days since ``epoch``, the workbook's day 0
    (:data:`EXCEL_EPOCH`, or :data:`EPOCH_1904`); a time of day as a fraction.

    >>> excel_serial(dt.date(2025, 9, 4)), excel_serial(dt.datetime(2025, 9, 4, 18, 0))
    (45904, 45904.75)
    >>> excel_serial(dt.date(2025, 9, 4), EPOCH_1904)
    44442
    """
    if isinstance(value, dt.datetime):
        delta = value.replace(tzinfo=None) - epoch
        return delta.days + delta.seconds / 86_400 + delta.microseconds / 86_400_000_000
    return (value - epoch.date()).days


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


def _str_cell(text: str, ref: str, style: str = "") -> str:
    """An inline-string ``<c>`` element; a text too long for a cell is shortened (``…``)."""
    if len(text) > MAX_TEXT // 2:
        text = fit_text(text)
    if _TEXT_NEEDS_WORK_RE.search(text):
        text = _text_xml(text)
    if text[:1].isspace() or text[-1:].isspace():
        return f'<c r="{ref}"{style} t="inlineStr"><is><t xml:space="preserve">{text}</t></is></c>'
    return f'<c r="{ref}"{style} t="inlineStr"><is><t>{text}</t></is></c>'


@dataclass(frozen=True)
class CellStyles:
    """The ``s="…"`` attribute of each kind of cell (all empty: the sheet is not styled)."""

    header: str = ""
    number: str = ""
    amount: str = ""
    fraction: str = ""
    decimal: str = ""
    date: str = ""
    datetime: str = ""
    #: The workbook's day 0, that date cells count from.
    epoch: dt.datetime = EXCEL_EPOCH

    @classmethod
    def of(cls, ids: StyleIds | None, epoch: dt.datetime = EXCEL_EPOCH) -> CellStyles:
        """The attributes for the cell style indices ``ids`` (None: no styles)."""
        if ids is None:
            return cls(epoch=epoch)
        header, number, amount, fraction, decimal, date, datetime = (
            f' s="{ids[kind]}"' for kind in kinds.KINDS
        )
        return cls(header, number, amount, fraction, decimal, date, datetime, epoch)

    def of_fraction(self, value: Fraction) -> str:
        """A fraction's style: one a single digit shows exactly as a fraction, or decimals."""
        if value.denominator == 1:
            return self.number
        return self.fraction if value.denominator <= _FRACTION_DIGITS else self.decimal


def _cell_xml(value: Cell, ref: str, look: CellStyles, number: str) -> str:
    """One ``<c>`` element for a non-None value; ``number`` is the style of its column's
    whole numbers."""
    if isinstance(value, str):
        return _str_cell(value, ref)
    if isinstance(value, bool):
        return f'<c r="{ref}" t="b"><v>{1 if value else 0}</v></c>'
    if isinstance(value, Fraction):
        style = number if value.denominator == 1 else look.of_fraction(value)
        return f'<c r="{ref}"{style}><v>{_number_xml(value, ref)}</v></c>'
    if isinstance(value, int):
        return f'<c r="{ref}"{number}><v>{_number_xml(value, ref)}</v></c>'
    if isinstance(value, float):
        return f'<c r="{ref}"{look.number}><v>{_number_xml(value, ref)}</v></c>'
    if isinstance(value, dt.date):
        if not look.date:  # an unstyled sheet cannot show a date serial as a date
            return f'<c r="{ref}" t="inlineStr"><is><t>{_format_date(value)}</t></is></c>'
        style = look.datetime if isinstance(value, dt.datetime) else look.date
        return f'<c r="{ref}"{style}><v>{excel_serial(value, look.epoch)!r}</v></c>'
    raise OoxmlTypeError(say(texts.CELL_UNSUPPORTED_TYPE, ref=ref, type=type(value).__name__))


def _column_widths(rows: Sequence[Sequence[Cell]], ncols: int) -> list[int]:
    """Each column's widest value (in characters) among the first rows; a header needs room
    for its autofilter button too."""
    widths = [0] * ncols
    for r, row in enumerate(rows[:_WIDTH_SAMPLE_ROWS]):
        extra = _FILTER_BUTTON if r == 0 else 0
        for i, value in enumerate(row):
            if value is not None:
                n = _display_len(value) + extra
                if n > widths[i]:
                    widths[i] = n
    return widths


def _sheet_data(
    rows: Sequence[Sequence[Cell]], letters: list[str], look: CellStyles, numbers: list[str]
) -> tuple[list[str], str]:
    """The ``<row>`` elements of the sheet, and its dimension (``A1:H12``); ``numbers`` is
    the style of each column's whole numbers.

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
            if r == 1 and kind is str:
                cells.append(_str_cell(value, ref, look.header))  # type: ignore[arg-type]
            elif kind is int:  # mypy does not narrow on type(value) is int
                number = _number_xml(value, ref)  # type: ignore[arg-type]
                cells.append(f'<c r="{ref}"{numbers[i]}><v>{number}</v></c>')
            elif kind is str:
                cells.append(_str_cell(value, ref))  # type: ignore[arg-type]
            else:
                cells.append(_cell_xml(value, ref, look, numbers[i]))
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
    """Everything before ``<sheetData>``: root, fit-to-page flag, dimension, frozen header
    row, column widths."""
    head = [
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n',
        f'<worksheet xmlns="{escape_attr(main_ns)}">',
        '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>',
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


#: After ``<sheetData>``: margins, and printing landscape, one page wide, as long as it takes.
_PRINT_SETUP = (
    '<pageMargins left="0.5" right="0.5" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>'
    '<pageSetup orientation="landscape" fitToWidth="1" fitToHeight="0"/>'
)


def _sheet_tail(dimension: str, colours: str = "") -> str:
    """Everything after ``<sheetData>``: the autofilter over the table, the statuses'
    conditional formatting (``colours``), the print set-up (in the schema's order)."""
    table = f'<autoFilter ref="{dimension}"/>' if ":" in dimension else ""
    return f"{table}{colours}{_PRINT_SETUP}</worksheet>"


def filter_range(xml: bytes) -> str | None:
    """The range of the autofilter of a sheet :func:`render_sheet` wrote (``A1:O35``), read
    back from its XML (it is the sheet's dimension, written near the start); None without.

    >>> filter_range(render_sheet([["Player", "Points"], ["Ann", 3]]))
    'A1:B2'
    """
    found = re.search(rb'<dimension ref="([^"]*)"/>', xml[:4096])
    if found is None or b":" not in found.group(1):
        return None
    return found.group(1).decode("ascii")


def render_sheet(
    rows: Sequence[Sequence[Cell]],
    main_ns: str = MAIN_NS,
    styles: StyleIds | None = None,
    amounts: frozenset[str] = frozenset(),
    highlights: Sequence[Highlight] = (),
    epoch: dt.datetime = EXCEL_EPOCH,
) -> bytes:
    """Render a worksheet part: frozen header row with an autofilter, estimated column widths,
    inline strings, printed landscape one page wide. With ``styles`` (the workbook's cell
    style indices, :func:`~mahjong_club.workbook.styles.edit_stylesheet`) the header is bold,
    numbers are right-aligned and formatted (thousands separators in the ``amounts``
    columns), dates are real dates and the ``highlights`` colour statuses by conditional
    formatting; without, dates are ISO text and nothing is coloured. Dates count from
    ``epoch``, the workbook's day 0 (:data:`EPOCH_1904` in the 1904 date system).

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
    look = CellStyles.of(styles, epoch)
    header = rows[0] if rows else []
    numbers = [
        look.amount if i < len(header) and header[i] in amounts else look.number
        for i in range(ncols)
    ]
    body, dimension = _sheet_data(rows, letters, look, numbers)
    head = _sheet_head(main_ns, dimension, _column_widths(rows, ncols))
    if body:
        head.append("<sheetData>")
        body.append("</sheetData>")
    else:
        head.append("<sheetData/>")
    colours = ""
    if styles is not None and highlights:
        colours = conditional_formatting(header, len(rows), highlights, styles)
    body.append(_sheet_tail(dimension, colours))
    return ("".join(head) + "".join(body)).encode("utf-8")
