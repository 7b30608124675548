"""Statuses coloured by conditional formatting: a result sheet's rules, as worksheet XML.

A :class:`Highlight` names a column (by its header), a status word and a look
(:data:`~mahjong_club.workbook.styles.DXFS`: amber for ``warning``, red for
``substitutable``, dark for ``disqualified``, green for ``winner`` and ``promoted``...). It
becomes a real ``<conditionalFormatting>`` rule over the column's rows, not a fixed cell
style, so a status the organiser types over in the copy gets its colour (or loses it) at once,
and sorting or filtering the sheet keeps every colour with its row.

A rule matching the whole cell is an ``expression`` rule (``$F2="warning"``, compared as
Excel compares text: ignoring case); a rule matching a word in a longer text (``Reason``'s
", promoted") is a ``containsText`` rule, written as Excel writes one. Status words are the
workbook contract's English words in every ``language`` (the result sheets' columns and
keywords are the contract's, whatever the language of the site and the emails).

    >>> rules = [Highlight("Status", "warning", "warning")]
    >>> print(conditional_formatting(["Player", "Status"], 3, rules, {"warning": 0}))
    <conditionalFormatting sqref="B2:B3"><cfRule type="expression" dxfId="0" priority="1">\
<formula>$B2="warning"</formula></cfRule></conditionalFormatting>
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mahjong_club.ooxml.refs import column_letter
from mahjong_club.ooxml.xml import escape_attr


@dataclass(frozen=True)
class Highlight:
    """Colour the cells of the column headed ``column`` that say ``text`` with ``look``."""

    column: str
    text: str
    look: str
    """A key of :data:`~mahjong_club.workbook.styles.DXFS`."""
    whole: bool = True
    """True: the cell is exactly ``text``; False: the cell contains ``text``."""


def _escape(text: str) -> str:
    """Element content: the XML specials escaped."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _quoted(text: str) -> str:
    """``text`` as a formula's string literal (a double quote doubled)."""
    return '"' + text.replace('"', '""') + '"'


def _rule(rule: Highlight, letter: str, dxf: int, priority: int) -> str:
    """One ``<cfRule>`` for the column ``letter``, its range starting on row 2."""
    text = _quoted(rule.text)
    if rule.whole:
        return (
            f'<cfRule type="expression" dxfId="{dxf}" priority="{priority}">'
            f"<formula>{_escape(f'${letter}2={text}')}</formula></cfRule>"
        )
    return (
        f'<cfRule type="containsText" dxfId="{dxf}" priority="{priority}" '
        f'operator="containsText" text="{escape_attr(rule.text)}">'
        f"<formula>{_escape(f'NOT(ISERROR(SEARCH({text},{letter}2)))')}</formula></cfRule>"
    )


def conditional_formatting(
    header: Sequence[object], last_row: int, rules: Sequence[Highlight], ids: dict[str, int]
) -> str:
    """The ``<conditionalFormatting>`` elements of a sheet whose header row is ``header`` and
    whose last row is ``last_row``: one per column with rules, the rows below the header.

    A rule whose column the sheet does not have is left out; so is every rule of a sheet with
    no rows besides its header.
    """
    if last_row < 2:
        return ""
    columns = {str(h): i for i, h in reversed(list(enumerate(header))) if h is not None}
    by_column: dict[int, list[Highlight]] = {}
    for rule in rules:
        if rule.column in columns and rule.look in ids:
            by_column.setdefault(columns[rule.column], []).append(rule)
    xml: list[str] = []
    priority = 0
    for i in sorted(by_column):
        letter = column_letter(i)
        xml.append(f'<conditionalFormatting sqref="{letter}2:{letter}{last_row}">')
        for rule in by_column[i]:
            priority += 1
            xml.append(_rule(rule, letter, ids[rule.look], priority))
        xml.append("</conditionalFormatting>")
    return "".join(xml)
