"""Saving a sample workbook so that the same content always gives the same bytes."""

from __future__ import annotations

import io
import re
import zipfile
from datetime import datetime
from pathlib import Path

from openpyxl import Workbook


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
