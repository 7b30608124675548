"""The CSV files the tool writes, made safe to open in a spreadsheet program.

A spreadsheet program that opens a CSV file takes a cell starting with ``=``, ``+``, ``-`` or
``@`` for a formula, and a formula can fetch a web address or start a program (CSV or formula
injection). A player's name is whatever somebody typed, so, as OWASP recommends, a text
starting with one of those characters, or with a tab or a carriage return, is written with a
leading apostrophe, and quoted: Excel and LibreOffice show it as text, and the apostrophe
tells a reader of the file that it was added. Numbers stay numbers: a negative score is
written ``-12300``, a fraction as a decimal (rounded to two places when it has no short
one: ``9.83``, not ``9.833333333333334``). A text holding a ``;`` or a tab is quoted too:
a spreadsheet program set up for a list separator other than the comma (Danish Excel
splits on ``;``) would otherwise cut it into cells, and the piece after the ``;`` would
start a cell of its own (``Mette Dahl;=cmd|…``), a formula the check above never saw. As
quotes do not keep such a reader from cutting (a quoted field's ``;`` is no separator, but
another field's quotes on the line make it one), a piece after a ``;`` or a tab that
starts like a formula gets its apostrophe too: ``DNK;'=3+3``.

    >>> print(csv_text([["Player", "Points"], ["=1+2", -12300], ["Dahl, Mette", Fraction(5, 2)]]))
    Player,Points
    "'=1+2",-12300
    "Dahl, Mette",2.5
    <BLANKLINE>
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction

#: What a spreadsheet program reads as the start of a formula (OWASP's list).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NEEDS_QUOTES = (",", '"', "\n", "\r", ";", "\t")
#: A piece of a text after a ``;`` or a tab (where another list separator cuts it) that
#: starts like a formula, after any spaces or quotes.
_PIECE_START = re.compile(r"""([;\t])([\s"']*)(?=[=+\-@])""")


def csv_field(value: object) -> str:
    """One cell as CSV text: a number as it is, a text quoted when needed and defused when
    it starts like a formula.

    >>> print(*(csv_field(v) for v in (None, 3, -1.5, "@SUM(A1)", 'a "b" c', "Åse")))
     3 -1.5 "'@SUM(A1)" "a ""b"" c" Åse
    >>> print(csv_field("Mette Dahl;=cmd|' /C calc'!A0"), csv_field("DNK; =3+3"))
    "Mette Dahl;'=cmd|' /C calc'!A0" "DNK; '=3+3"
    """
    if value is None:
        return ""
    if isinstance(value, Fraction):
        return decimal_text(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    text = _PIECE_START.sub(r"\1\2'", str(value))
    if text.startswith(FORMULA_STARTS):
        text = "'" + text
    elif not any(c in text for c in _NEEDS_QUOTES):
        return text
    return '"' + text.replace('"', '""') + '"'


#: A fraction with no exact decimal of at most this many places is rounded to it.
DECIMALS = 2


def decimal_text(value: Fraction) -> str:
    """A fraction as a decimal: exactly when it has one of at most a few places (``2.5``),
    else rounded half to even to :data:`DECIMALS` places (an MCR tie's 59/6 table points:
    ``9.83``, not the float's ``9.833333333333334``).

    >>> [decimal_text(Fraction(n, d)) for n, d in ((5, 2), (59, 6), (-16, 3), (7, 1), (1, 8))]
    ['2.5', '9.83', '-5.33', '7', '0.125']
    """
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    if Fraction(exact) == value:  # a terminating decimal (within the context's precision)
        return format(exact.normalize(), "f")
    return format(exact.quantize(Decimal(1).scaleb(-DECIMALS), rounding=ROUND_HALF_EVEN), "f")


def csv_text(rows: Iterable[Sequence[object]]) -> str:
    """``rows`` as CSV text: comma-separated, one line per row."""
    return "".join(",".join(csv_field(v) for v in row) + "\n" for row in rows)
