"""Shared by the sample scripts: the sheet style, and saving so that the same content always
gives the same bytes."""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterable, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

HEADER_FONT = Font(bold=True)
HEADER_FILL = PatternFill("solid", fgColor="DDEBF7")
DATE_FORMAT = "yyyy-mm-dd"


def write_sheet(
    ws: Worksheet,
    headers: Sequence[str],
    rows: Iterable[Sequence[Any]],
    widths: Sequence[float],
    text_columns: Sequence[int] = (),
) -> None:
    """A bold, frozen header row, the rows, column widths, dates in ``yyyy-mm-dd``;
    ``text_columns`` (1-based) are formatted as text (``@``) so leading zeros stay."""
    ws.append(list(headers))
    for cell in ws[1]:
        cell.font = HEADER_FONT
        cell.fill = HEADER_FILL
    for row in rows:
        ws.append(list(row))
    for row in ws.iter_rows(min_row=2):
        for cell in row:
            if isinstance(cell.value, date):
                cell.number_format = DATE_FORMAT
            elif cell.column in text_columns:
                cell.number_format = "@"
    for i, width in enumerate(widths, start=1):
        ws.column_dimensions[get_column_letter(i)].width = width
    ws.freeze_panes = "A2"


def save_stable(wb: Workbook, path: Path, fixed_time: datetime, creator: str) -> None:
    """Save with fixed timestamps (workbook properties and zip entries)."""
    wb.properties.creator = creator
    wb.properties.created = fixed_time
    wb.properties.modified = fixed_time
    buffer = io.BytesIO()
    wb.save(buffer)  # openpyxl stamps "modified" with the current time; replaced below
    stamp = fixed_time.strftime("%Y-%m-%dT%H:%M:%SZ").encode()
    with (
        zipfile.ZipFile(buffer) as source,
        zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target,
    ):
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename == "docProps/core.xml":
                data = re.sub(
                    rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                    rb"\g<1>" + stamp + rb"\g<2>",
                    data,
                )
            entry = zipfile.ZipInfo(info.filename, date_time=fixed_time.timetuple()[:6])
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.create_system = 3
            entry.external_attr = 0o644 << 16
            target.writestr(entry, data)
