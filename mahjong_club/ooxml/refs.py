"""Cell references: column letters and ``B12``-style references.

>>> column_letter(27), column_index("AB")
('AB', 27)
>>> parse_ref("$C$6"), parse_ref("C0"), parse_ref("6C")
((6, 2), (0, 2), None)
>>> parse_ref("A" + "9" * 5000)
(1000000000, 0)
"""

from __future__ import annotations

import re

_REF_RE = re.compile(r"\$?([A-Za-z]{1,3})\$?([0-9]+)")
_ASCII_DIGITS = re.compile(r"\s*([0-9]+)\s*")
#: A row number of more digits than this (leading zeros aside) is no row of a sheet (Excel's
#: last is 1,048,576): it is read as :data:`ROW_BEYOND`, beyond any sheet's span, which the
#: check of the span refuses, rather than as a number Python refuses to make from more than
#: 4,300 digits (a hostile file's way to stop the run with an internal error).
ROW_DIGITS = 9
ROW_BEYOND = 10**ROW_DIGITS


def digits_row(digits: str | bytes) -> int:
    """The row number of ``digits``, ASCII digits already matched as such (a quick
    :func:`row_number` for a sheet's every cell).

    >>> digits_row(b"12"), digits_row("0000000012"), digits_row("9" * 5000)
    (12, 12, 1000000000)
    """
    if len(digits) <= ROW_DIGITS:
        return int(digits)
    return row_number(digits) or 0


def row_number(text: str | bytes) -> int | None:
    """The row number written ``text`` (ASCII digits, spaces around allowed); None when it is
    not one (``²`` is a digit to Python, not to Excel); :data:`ROW_BEYOND` when too long.

    >>> row_number("12"), row_number(b" 0012 "), row_number("9" * 5000), row_number("²")
    (12, 12, 1000000000, None)
    """
    digits = text.decode("ascii", "replace") if isinstance(text, bytes) else text
    found = _ASCII_DIGITS.fullmatch(digits)
    if found is None:
        return None
    number = found.group(1).lstrip("0") or "0"
    return int(number) if len(number) <= ROW_DIGITS else ROW_BEYOND


def column_letter(index: int) -> str:
    """Return the Excel column letters for a 0-based column index (0 → ``A``, 26 → ``AA``)."""
    if index < 0:  # a programming error, never the organiser's: no catalogue entry
        raise ValueError(f"column index must be >= 0, got {index}")
    letters = ""
    n = index + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def column_index(letters: str) -> int:
    """The 0-based column index of Excel column letters (``A`` → 0, ``aa`` → 26)."""
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - 64
    return n - 1


#: A column written with more letters than this is no column of a sheet (Excel's last is
#: XFD): :func:`letters_column` places it at :data:`COLUMN_BEYOND`, beyond any sheet's span,
#: rather than make a number of thousands of digits from thousands of letters.
COLUMN_LETTERS = 4
COLUMN_BEYOND = 10**9


def letters_column(letters: str) -> int:
    """The 0-based column of ``letters`` as written in a sheet's XML (any length).

    >>> letters_column("XFD"), letters_column("A" * 4000)
    (16383, 1000000000)
    """
    return column_index(letters) if len(letters) <= COLUMN_LETTERS else COLUMN_BEYOND


def parse_ref(ref: str) -> tuple[int, int] | None:
    """``"C6"`` → ``(6, 2)`` (1-based row, 0-based column); None if not a cell reference.

    ``$`` anchors and lower-case letters are accepted, as Excel does.
    """
    m = _REF_RE.fullmatch(ref)
    if m is None:
        return None
    return digits_row(m.group(2)), column_index(m.group(1))
