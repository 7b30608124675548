"""Turning one cell's raw value into a typed value, or saying what was expected.

The workbook contract (docs/workbook-format.md) accepts:
- whole numbers as numbers or as text digits with a thousands separator: ``32,100``,
  ``32.100`` and ``32 100`` are all 32100; a leading ``-`` (or the minus sign ``−``) is allowed;
- dates as real Excel dates, ISO text ``2025-09-04`` or the Danish way, day first and the year
  in full last: ``04-09-2025``, ``4/9/2025``, ``04.09.2025``;
- keywords (``yes``/``x``/``ja``, ``MCR``/``Riichi``, ...) in any case, ignoring spaces.

Every parser raises :class:`CellError` carrying a catalogue message saying what was expected;
``str(error)`` is the English text.
"""

from __future__ import annotations

import calendar
import datetime as dt
import math
import re
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TypeVar

from mahjong_club.messages import cells as texts
from mahjong_club.messages.core import Entry, Message, say
from mahjong_club.messages.site import MONTHS
from mahjong_club.reading.error_cells import ErrorCell

T = TypeVar("T")

EXCEL_ERRORS = frozenset(
    {"#DIV/0!", "#N/A", "#NAME?", "#NULL!", "#NUM!", "#REF!", "#VALUE!", "#SPILL!", "#CALC!"}
)

_GROUPED = re.compile(r"^[+-]?\d{1,3}(?:([,. \u00a0\u202f])\d{3})(?:\1\d{3})*$")
_PLAIN = re.compile(r"^[+-]?\d+$")
_DECIMAL = re.compile(r"^[+-]?(\d+)(?:[.,](\d+))?$")
_TIME = r"(?:[ T]\d{1,2}[:.]\d{2}(?:[:.]\d{2})?)?"
_ISO_DATE = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})" + _TIME + "$")
#: Day first, the year last: ``04-09-2025``, ``4/9/2025``, ``04.09.2025`` (one separator).
_DANISH_DATE = re.compile(r"^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})" + _TIME + "$")
#: Day and month with a slash, the year after a dash: ``4/9-2025``, the way dates are
#: handwritten in Denmark (read as ``4/9/2025``).
_SLASH_DASH_DATE = re.compile(r"^\d{1,2}/\d{1,2}-\d{4}" + _TIME + "$")
#: A date in words, as the site and the emails write it: ``8. januar 2026``, ``8 January 2026``.
_WORDS_DATE = re.compile(r"^(\d{1,2})\.?\s+([^\W\d_]+)\s+(\d{4})$")
#: The month names a date in words may use (Danish and English, any letter case): the
#: site's own words for them.
_MONTHS = {
    month.text(language).casefold(): number
    for number, month in enumerate(MONTHS, start=1)
    for language in ("da", "en")
}
#: The same with a two-digit year (``4/9/25``): refused, the century is a guess.
_SHORT_YEAR = re.compile(r"^(\d{1,2})([-/.])(\d{1,2})\2(\d{2})" + _TIME + "$")
#: Excel's serial day 0 (the 1900 date system, after its 1900 leap-year bug).
EXCEL_EPOCH = dt.date(1899, 12, 30)


class CellError(ValueError):
    """A cell value that is not what the column expects; :attr:`message` says what is.

    ``str(error)`` is the message in English.
    """

    def __init__(self, message: Message) -> None:
        super().__init__(message)
        self.message = message

    @classmethod
    def saying(cls, what: Entry, /, **params: object) -> CellError:
        """The error saying catalogue entry ``what`` with ``params``."""
        return cls(say(what, **params))


def is_blank(value: object) -> bool:
    """True for an empty cell (``None``, empty or all-space text); a cell showing an Excel
    error is not blank."""
    return value is None or (isinstance(value, str) and not value.strip())


def as_error_cell(value: object) -> ErrorCell | None:
    """The Excel error a cell shows: an error cell, or text that is an error's code."""
    if isinstance(value, ErrorCell):
        return value
    if isinstance(value, str) and value.strip().upper() in EXCEL_ERRORS:
        return ErrorCell(value.strip())
    return None


#: What a cell gives on its own when the reader that says what is wrong must read it: an
#: Excel error, or a value its column's parser refuses (see :class:`ParsedOnce`).
NEEDS_WORDS = object()


def parsed_alone(parse: Callable[[object], object], raw: object) -> object:
    """``parse(raw)``, or :data:`NEEDS_WORDS` for a cell showing an Excel error or a value
    ``parse`` refuses."""
    if as_error_cell(raw) is not None:
        return NEEDS_WORDS
    try:
        return parse(raw)
    except CellError:
        return NEEDS_WORDS


class ParsedOnce(dict[tuple[type, object], object]):
    """Cell values, each given to ``parse`` the first time it is asked for, keyed by type
    and value (``True`` and ``1`` are different cells): a federation's million cells hold a
    few thousand distinct values. ``parse`` says :data:`NEEDS_WORDS` for a cell the fast
    readers leave to the reader that says what is wrong (:func:`parsed_alone`)."""

    def __init__(self, parse: Callable[[object], object]) -> None:
        super().__init__()
        self.parse = parse

    def __missing__(self, key: tuple[type, object]) -> object:
        value = self[key] = self.parse(key[1])
        return value


def error_cell_message(cell: ErrorCell) -> Message:
    """What is said about a cell showing an Excel error: the error, and its formula if any.

    >>> str(error_cell_message(ErrorCell("#DIV/0!", "B4/C4")))
    'the cell shows the error #DIV/0! (its formula is =B4/C4); fix the formula'
    """
    if cell.formula is None:
        return say(texts.EXCEL_ERROR_TYPED, error=cell.code)
    if cell.formula.strip():
        return say(texts.EXCEL_ERROR_FORMULA, error=cell.code, formula=cell.formula)
    return say(texts.EXCEL_ERROR, error=cell.code)


def _check_excel_error(value: object) -> None:
    if isinstance(value, ErrorCell):
        raise CellError(error_cell_message(value))
    if isinstance(value, str) and value.strip().upper() in EXCEL_ERRORS:
        raise CellError.saying(texts.EXCEL_ERROR, error=value.strip())
    if isinstance(value, float) and not math.isfinite(value):  # <v>NaN</v>, <v>INF</v>
        raise CellError.saying(texts.NOT_FINITE, found=str(value))


def describe(value: object) -> str:
    """How a raw value is quoted in a message."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, dt.datetime):
        return value.isoformat(sep=" ")
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    return repr(value) if isinstance(value, str) else str(value)


def parse_text(value: object) -> str:
    """Text as written, surrounding spaces removed; a whole number keeps no ``.0``."""
    _check_excel_error(value)
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (dt.datetime, dt.date, dt.time)):
        return value.isoformat()
    return str(value).strip()


#: The longest text read as a number (Excel keeps 15 digits; Python refuses to turn more
#: than 4,300 digits into a number, which was an internal error).
LONGEST_NUMBER = 60


def _minus(text: str) -> str:
    """``text`` stripped, with a minus sign typed otherwise made ``-``: the minus sign
    (U+2212) anywhere, and at the start the dash a word processor makes of ``-`` (U+2013) or
    a full-width one (U+FF0D)."""
    text = text.strip().replace("\u2212", "-")
    return "-" + text[1:] if text[:1] in ("\u2013", "\uff0d") else text


def parse_int(value: object) -> int:
    """A whole number: a number cell, or text digits with an optional thousands separator.

    >>> [parse_int(v) for v in (32100.0, "32,100", "32.100", "32 100", "-5000", "−15,000")]
    [32100, 32100, 32100, 32100, -5000, -15000]
    >>> parse_int("–32"), parse_int("－8")  # an en dash or a full-width minus before it
    (-32, -8)
    >>> try:
    ...     parse_int("9" * 5000)
    ... except CellError as error:
    ...     print(str(error)[:23])
    expected a whole number
    """
    _check_excel_error(value)
    if isinstance(value, bool):
        raise CellError.saying(texts.EXPECTED_WHOLE_NUMBER, found=describe(value))
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if value.is_integer():
            return int(value)
        raise CellError.saying(texts.EXPECTED_WHOLE_NUMBER_NOT_WHOLE, found=describe(value))
    if isinstance(value, str) and len(value) <= LONGEST_NUMBER:
        text = _minus(value)
        if _PLAIN.match(text):
            return int(text)
        if _GROUPED.match(text):
            return int(re.sub(r"[,. \u00a0\u202f]", "", text))
    raise CellError.saying(texts.EXPECTED_WHOLE_NUMBER, found=describe(value))


def parse_number(value: object) -> Fraction:
    """A number, whole or decimal, exactly (``1512.5`` is 3025/2); text decimals too."""
    _check_excel_error(value)
    if isinstance(value, bool):
        raise CellError.saying(texts.EXPECTED_NUMBER, found=describe(value))
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(repr(value))
    if isinstance(value, str):
        try:
            return Fraction(parse_int(value))
        except CellError:
            pass
        text = _minus(value)
        if len(text) <= LONGEST_NUMBER and _DECIMAL.match(text):
            return Fraction(text.replace(",", "."))
    raise CellError.saying(texts.EXPECTED_NUMBER, found=describe(value))


def parse_date(value: object) -> dt.date:
    """A date: a real Excel date, ISO text like ``2025-09-04``, or typed the Danish way,
    day first and the year in full last (``04-09-2025``, ``4/9/2025``, ``04.09.2025``,
    ``4/9-2025``).

    >>> parse_date("2025-09-04"), parse_date(dt.datetime(2025, 9, 4, 18, 30))
    (datetime.date(2025, 9, 4), datetime.date(2025, 9, 4))
    >>> parse_date("4/9/2025") == parse_date("04.09.2025") == parse_date("4/9-2025")
    True
    >>> parse_date("8. januar 2026"), parse_date("8 January 2026")  # as the site writes them
    (datetime.date(2026, 1, 8), datetime.date(2026, 1, 8))
    >>> try:
    ...     parse_date("31-02-2025")
    ... except CellError as error:
    ...     print(str(error).split("; ")[-1])
    write the date as year-month-day, like 2025-02-28
    """
    _check_excel_error(value)
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        # A date cell that lost its date format shows its serial number, e.g. 45904.
        if float(value).is_integer() and 20000 <= value <= 80000:
            return EXCEL_EPOCH + dt.timedelta(days=int(value))
        raise CellError.saying(texts.EXPECTED_DATE_NUMBER, found=describe(value))
    if isinstance(value, str):
        return _date_from_text(value)
    raise CellError.saying(texts.EXPECTED_DATE, found=describe(value))


def _date_from_text(value: str) -> dt.date:
    """A date typed as text (see :func:`parse_date`)."""
    text = value.strip()
    found = describe(value)
    if _SLASH_DASH_DATE.match(text):
        text = text.replace("-", "/", 1)  # 4/9-2025 is 4/9/2025
    if match := _ISO_DATE.match(text):
        return _real_day(int(match[1]), int(match[2]), int(match[3]), found)
    if match := _DANISH_DATE.match(text):
        day, month, year = int(match[1]), int(match[3]), int(match[4])
        try:
            return dt.date(year, month, day)
        except ValueError:
            raise CellError.saying(
                texts.EXPECTED_DATE_NO_SUCH_DAY_MONTH_FIRST,
                found=found,
                day=day,
                month=month,
                year=year,
                example=_example(year, month, day),
            ) from None
    if match := _SHORT_YEAR.match(text):
        raise CellError.saying(
            texts.EXPECTED_DATE_SHORT_YEAR, found=found, year=match[4], separator=match[2]
        )
    if (match := _WORDS_DATE.match(text)) and (named := _MONTHS.get(match[2].casefold())):
        return _real_day(int(match[3]), named, int(match[1]), found)
    raise CellError.saying(texts.EXPECTED_DATE, found=found)


def _real_day(year: int, month: int, day: int, found: str) -> dt.date:
    """The day, or the refusal of one that does not exist, with the date to write."""
    try:
        return dt.date(year, month, day)
    except ValueError:
        raise CellError.saying(
            texts.EXPECTED_DATE_NO_SUCH_DAY, found=found, example=_example(year, month, day)
        ) from None


#: The refusals of a date that cannot be (:func:`impossible_date`).
_IMPOSSIBLE = frozenset(
    {
        texts.EXPECTED_DATE_NO_SUCH_DAY,
        texts.EXPECTED_DATE_NO_SUCH_DAY_MONTH_FIRST,
        texts.EXPECTED_DATE_SHORT_YEAR,
    }
)


def impossible_date(error: CellError) -> bool:
    """True when ``error`` is a date that cannot be: a day that does not exist
    (``31-02-2025``, ``2025-13-01``) or a two-digit year (``4/9/25``), as
    :func:`parse_date` refuses them; not a text that is no date at all (``Notes``).

    >>> def refusal(text):
    ...     try:
    ...         parse_date(text)
    ...     except CellError as error:
    ...         return error
    >>> [impossible_date(refusal(t)) for t in ("2026-01-32", "31-02-2026", "4/9/25", "Notes")]
    [True, True, True, False]
    """
    return error.message.entry in _IMPOSSIBLE


def _example(year: int, month: int, day: int) -> str:
    """The ISO date the organiser may have meant: month first swapped round (``12/31/2025``
    is 2025-12-31), else the last day of the month typed, else a date of the year typed."""
    year = year if 1 <= year <= 9999 else 2025
    if month > 12 and 1 <= day <= 12 and month <= calendar.monthrange(year, day)[1]:
        return dt.date(year, day, month).isoformat()
    if 1 <= month <= 12:
        return dt.date(year, month, calendar.monthrange(year, month)[1]).isoformat()
    return dt.date(year, 9, 4).isoformat()


def parse_keyword(value: object, choices: Mapping[str, T], what: Entry | Message) -> T:
    """One of ``choices`` (keys lower-case), matched case-insensitively, ignoring spaces.

    ``what`` names what was expected ("the game type"), a catalogue entry or a message.

    >>> from mahjong_club.messages.sheets import KEYWORD_GAME_TYPE
    >>> parse_keyword(" MCR ", {"mcr": 1, "riichi": 2}, KEYWORD_GAME_TYPE)
    1
    >>> parse_keyword("go", {"mcr": 1, "riichi": 2}, KEYWORD_GAME_TYPE)
    Traceback (most recent call last):
    ...
    mahjong_club.reading.cells.CellError: expected the game type (mcr, riichi), found 'go'
    """
    _check_excel_error(value)
    text = ("yes" if value else "no") if isinstance(value, bool) else parse_text(value).casefold()
    if text in choices:
        return choices[text]
    shown = ", ".join(sorted({k for k in choices if k}))
    named = say(what) if isinstance(what, Entry) else what
    raise CellError.saying(texts.EXPECTED_KEYWORD, what=named, choices=shown, found=describe(value))


YES_NO: dict[str, bool] = {
    "yes": True,
    "y": True,
    "x": True,
    "ja": True,
    "j": True,
    "true": True,
    "1": True,
    "no": False,
    "n": False,
    "nej": False,
    "false": False,
    "0": False,
    "-": False,
}


def parse_yes_no(value: object) -> bool:
    """``yes``/``x``/``ja`` (and ``true``, ``1``) or ``no``/``nej`` (and ``false``, ``0``)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value in (0, 1):
        return bool(value)
    return parse_keyword(value, YES_NO, texts.WHAT_YES_NO)
