"""The totals rows of the Excel tables (Insert → Table, "Total Row" ticked) on a workbook's
sheets: rows of sums under the data, which the table itself says are no data.

A table part (``xl/tables/table1.xml``) belongs to its sheet through the sheet's
relationships; its root says where it is (``ref="A1:G482"``) and how many of its last rows
are totals (``totalsRowCount="1"``). A reader leaves those rows out, as it leaves blank rows.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from mahjong_club.ooxml.errors import OoxmlError
from mahjong_club.ooxml.limits import read_part
from mahjong_club.ooxml.package import Package, RelsDoc, rel_kind, rels_part
from mahjong_club.ooxml.refs import parse_ref
from mahjong_club.ooxml.xml import scan_tags

#: A sheet's last row.
MAX_ROW = 1_048_576
#: The most tables looked at on a sheet (a workbook has a handful).
MOST_TABLES = 200


def totals_rows(path: Path) -> dict[str, set[int]]:
    """Sheet name → the Excel rows (1-based) that are a table's totals rows; sheets without
    any are left out. An unreadable part is taken to have none: the sheet's own reading says
    what is wrong with the workbook.

    >>> import tempfile, openpyxl
    >>> from openpyxl.worksheet.table import Table
    >>> book = openpyxl.Workbook(); sheet = book.active; sheet.title = "Games"
    >>> for row in [["Game", "Score"], [1, 100], [2, 200], ["Total", 300]]: sheet.append(row)
    >>> table = Table(displayName="G", ref="A1:B4"); table.totalsRowCount = 1
    >>> sheet.add_table(table); path = Path(tempfile.mkdtemp()) / "t.xlsx"; book.save(path)
    >>> totals_rows(path)
    {'Games': {4}}
    """
    found: dict[str, set[int]] = {}
    try:
        with zipfile.ZipFile(path) as zf:
            pkg = Package(zf)
            for sheet in pkg.sheets:
                rows = _sheet_totals(pkg, sheet.part)
                if rows:
                    found[sheet.name] = rows
    except (OSError, zipfile.BadZipFile, OoxmlError, ValueError, KeyError):
        return {}
    return found


def _sheet_totals(pkg: Package, part: str | None) -> set[int]:
    """The totals rows of the tables of the sheet part ``part``."""
    entry = pkg.name(part or "")
    rels = pkg.name(rels_part(entry)) if entry is not None else None
    if entry is None or rels is None:
        return set()
    rows: set[int] = set()
    owned = RelsDoc.parse(rels, entry, read_part(pkg.zf, rels)).rels
    for rel in [r for r in owned if rel_kind(r.type) == "table" and r.target][:MOST_TABLES]:
        table = pkg.name(rel.target or "")
        if table is not None:
            with pkg.zf.open(table) as opened:  # its root's start tag: the first bytes
                rows |= _table_totals(opened.read(4096))
    return rows


def _table_totals(head: bytes) -> set[int]:
    """The totals rows of a table part beginning with ``head``.

    >>> sorted(_table_totals(b'<table id="1" ref="A1:G482" totalsRowCount="1">'))
    [482]
    >>> _table_totals(b'<table id="1" ref="A1:G482" totalsRowShown="0">')
    set()

    A table has one totals row at most (Excel's), under its header: a part saying more, or
    reaching beyond a sheet's last row, says nothing that is read.

    >>> _table_totals(b'<table ref="A1:F999999999" totalsRowCount="999999999">')
    set()
    >>> sorted(_table_totals(b'<table ref="A1:F20" totalsRowCount="5000000">'))
    [20]
    >>> _table_totals(b'<table ref="A1:F1" totalsRowCount="1">')
    set()
    """
    tags = scan_tags(head.decode("utf-8", "replace"))
    root = next((t for t in tags if t.local == "table" and not t.closing), None)
    if root is None:
        return set()
    count_text = (root.get("totalsRowCount") or "0").strip()
    ref = (root.get("ref") or "").split(":")
    start, end = parse_ref(ref[0]), parse_ref(ref[-1])
    if not count_text.isdigit() or int(count_text) < 1 or start is None or end is None:
        return set()
    if end[0] > MAX_ROW or end[0] <= start[0]:  # beyond any sheet, or a header alone
        return set()
    return {end[0]}
