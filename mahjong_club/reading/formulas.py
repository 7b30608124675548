"""Find formula cells that have no saved (cached) value.

Excel stores a formula together with the value it last calculated. Files written by openpyxl
and by many other generators store only the formula: openpyxl never calculates, so the value is
missing, and a reader such as python-calamine then sees an empty cell where the organiser sees
a number. This module finds those cells so the processor can say "open and save the workbook in
Excel (or LibreOffice) first" instead of treating them as blanks.

The sheet XML is scanned as bytes with regular expressions (no DOM), so a 50 MB sheet takes
well under a second, and a sheet without any formula is skipped after a single ``find``.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from mahjong_club.common.text import fold_name
from mahjong_club.ooxml.limits import read_part
from mahjong_club.ooxml.package import list_sheet_parts
from mahjong_club.ooxml.refs import column_index, digits_row, parse_ref, row_number
from mahjong_club.ooxml.xml import unescape_xml

__all__ = ["UncachedFormula", "find_uncached_formulas"]


@dataclass(frozen=True)
class UncachedFormula:
    """A formula cell without a cached value."""

    sheet: str
    """Sheet name as the workbook spells it."""
    row: int
    """Row number as Excel shows it (1-based)."""
    column: int
    """Column index, 0-based (0 = column A)."""
    formula: str
    """The formula text without the leading ``=`` (for a cell sharing a formula, the shared
    formula translated to that cell when possible)."""


_ROOT_RE = re.compile(rb"<(?:([\w.-]+):)?worksheet[\s>]")
_ATTRS = rb"(?:\s+[^\s=/>]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*\s*"
_ATTR_RE = re.compile(rb"([^\s=/>]+)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")


def _cell_pattern(prefix: bytes) -> re.Pattern[bytes]:
    """A cell whose first child is a formula and that has no non-empty ``<v>``.

    In a ``<c>`` element the children come in the order ``f``, ``v``, ``is``, ``extLst``, so
    a formula cell starts with ``<f`` right after its start tag. ``<xm:f>`` elements in
    ``extLst`` (data validation, conditional formats) are not preceded by a ``<c>`` tag and do
    not match. A ``<v>`` with content means a cached value; ``<v/>``, ``<v></v>`` or no
    ``<v>`` mean none (except with ``t="str"``: see :func:`_scan_sheet`).
    """
    p = re.escape(prefix)
    return re.compile(
        rb"<" + p + rb"c(?:\s+r=\"(?P<col>[A-Z]{1,3})(?P<row>[0-9]{1,7})\")?"
        rb"(?P<cattrs>" + _ATTRS + rb")>\s*"
        rb"<" + p + rb"f(?P<fattrs>" + _ATTRS + rb")(?:/>|>(?P<formula>[^<]*)</" + p + rb"f\s*>)"
        rb"\s*(?!<" + p + rb"v(?:\s[^>]*)?>[^<])"
        rb"(?P<v><" + p + rb"v(?:\s[^>]*)?(?:/>|>\s*</" + p + rb"v\s*>))?"
    )


def _attrs(raw: bytes) -> dict[bytes, str]:
    return {
        m.group(1): unescape_xml((m.group(2) if m.group(2) is not None else m.group(3)).decode())
        for m in _ATTR_RE.finditer(raw)
    }


_R_RE = re.compile(rb"(?:^|\s)r\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")
_T_RE = re.compile(rb"(?:^|\s)t\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")


def _attr(raw: bytes, pattern: re.Pattern[bytes]) -> str | None:
    """One attribute's value from a raw attribute list, or None."""
    m = pattern.search(raw)
    if m is None:
        return None
    value = m.group(1) if m.group(1) is not None else m.group(2)
    return unescape_xml(value.decode("utf-8")).strip()


def _positions(data: bytes, prefix: bytes) -> dict[int, tuple[int, int]]:
    """Row and column of every ``<c>`` start tag, by offset, for sheets that omit ``r``.

    Slow path: walks every row and cell tag in order, as Excel does when ``r`` is missing.
    """
    p = re.escape(prefix)
    tag_re = re.compile(rb"<" + p + rb"(row|c)(" + _ATTRS + rb")/?>")
    positions: dict[int, tuple[int, int]] = {}
    row = 0
    col = -1
    for m in tag_re.finditer(data):
        attrs = _attrs(m.group(2))
        ref = attrs.get(b"r")
        if m.group(1) == b"row":
            number = row_number(ref) if ref else None
            row = number if number is not None else row + 1
            col = -1
            continue
        parsed = parse_ref(ref) if ref else None
        col = parsed[1] if parsed else col + 1
        positions[m.start()] = (row, col)
    return positions


def _translate(formula: str, origin: str, dest: str) -> str:
    """Translate a shared formula from its master cell ``origin`` to ``dest``."""
    try:
        from openpyxl.formula.translate import Translator  # type: ignore[import-untyped,unused-ignore]

        return str(Translator("=" + formula, origin=origin).translate_formula(dest))[1:]
    except Exception:  # an unusual formula: report the master's text unchanged
        return formula


class _Locator:
    """The reference and (row, column) of each formula cell the cell pattern matches."""

    def __init__(self, data: bytes, prefix: bytes) -> None:
        self.data = data
        self.prefix = prefix
        self.columns: dict[bytes, int] = {}
        self.positions: dict[int, tuple[int, int]] | None = None

    def __call__(self, m: re.Match[bytes]) -> tuple[str, tuple[int, int]]:
        letters = m.group("col")
        if letters is not None:  # the usual <c r="C6" ...>
            column = self.columns.get(letters)
            if column is None:
                column = self.columns[letters] = column_index(letters.decode())
            return (letters + m.group("row")).decode(), (digits_row(m.group("row")), column)
        ref = _attr(m.group("cattrs"), _R_RE) or ""
        pos = parse_ref(ref) if ref else None
        if pos is None:
            if self.positions is None:
                self.positions = _positions(self.data, self.prefix)
            pos = self.positions.get(m.start(), (0, 0))
        return ref, pos


def _scan_sheet(sheet: str, data: bytes) -> list[UncachedFormula]:
    """The uncached formula cells of one worksheet part."""
    root = _ROOT_RE.search(data)
    prefix = (root.group(1) + b":") if root and root.group(1) else b""
    if data.find(b"<" + prefix + b"f") < 0:
        return []
    found: list[UncachedFormula] = []
    pending_shared: list[tuple[int, str, str]] = []  # (index in found, si, ref)
    locate = _Locator(data, prefix)
    for m in _cell_pattern(prefix).finditer(data):
        if m.group("v") is not None and _attr(m.group("cattrs"), _T_RE) == "str":
            # Excel and LibreOffice save a formula whose result is "" as t="str" with an
            # empty <v>; that is a cached (empty) text value.
            continue
        ref, pos = locate(m)
        raw_formula = m.group("formula")
        formula = unescape_xml(raw_formula.decode("utf-8")) if raw_formula else ""
        fattrs_raw = m.group("fattrs")
        if not formula.strip() and fattrs_raw.strip():
            fattrs = _attrs(fattrs_raw)
            if fattrs.get(b"t") == "shared" and b"si" in fattrs:
                pending_shared.append((len(found), fattrs[b"si"], ref))
        found.append(UncachedFormula(sheet, pos[0], pos[1], formula))
    if pending_shared:
        _fill_shared(found, pending_shared, _shared_masters(data, prefix, pending_shared))
    return found


def _shared_masters(
    data: bytes, prefix: bytes, pending: list[tuple[int, str, str]]
) -> dict[str, tuple[str, str]]:
    """The text and master cell of each shared formula (by ``si``) that ``pending`` uses."""
    p = re.escape(prefix)
    shared_re = re.compile(
        rb"<" + p + rb"c(" + _ATTRS + rb")>\s*<" + p + rb"f(" + _ATTRS + rb")>([^<]*)</"
    )
    wanted = {si for _i, si, _r in pending}
    masters: dict[str, tuple[str, str]] = {}  # si -> (formula, master ref)
    for m in shared_re.finditer(data):
        fattrs = _attrs(m.group(2))
        si = fattrs.get(b"si")
        if fattrs.get(b"t") == "shared" and si in wanted and si not in masters:
            text = unescape_xml(m.group(3).decode("utf-8"))
            if text.strip():
                masters[si] = (text, _attrs(m.group(1)).get(b"r", ""))
    return masters


def _fill_shared(
    found: list[UncachedFormula],
    pending: list[tuple[int, str, str]],
    masters: dict[str, tuple[str, str]],
) -> None:
    """Give the cells sharing a formula its text, translated to each cell when possible."""
    for i, si, ref in pending:
        master = masters.get(si)
        if master is not None:
            text = _translate(master[0], master[1], ref) if ref and master[1] else master[0]
            old = found[i]
            found[i] = UncachedFormula(old.sheet, old.row, old.column, text)


def find_uncached_formulas(
    path: Path, sheet_names: Iterable[str], keep: Callable[[str, bytes], None] | None = None
) -> list[UncachedFormula]:
    """Return the formula cells without a cached value in the named sheets of ``path``.

    Sheet names are matched as the readers match them (``fold_name``); names that are
    not in the workbook are ignored. Results come sheet by sheet in the order of
    ``sheet_names``, cells in file order (row by row). ``keep`` is given each sheet part
    unpacked (its zip entry and bytes), for the sheet's own check not to unpack it again.
    """
    wanted = [fold_name(name) for name in sheet_names]
    with zipfile.ZipFile(path) as zf:
        parts = {fold_name(s.name): s for s in list_sheet_parts(zf)}
        entries = {info.filename.lower(): info.filename for info in zf.infolist()}
        found: list[UncachedFormula] = []
        seen: set[str] = set()
        for key in wanted:
            sheet = parts.get(key)
            if sheet is None or sheet.part is None or key in seen:
                continue
            seen.add(key)
            entry = entries.get(sheet.part.lower())
            if entry is None:
                continue
            data = read_part(zf, entry)
            if keep is not None:
                keep(entry, data)
            found.extend(_scan_sheet(sheet.name, data))
    return found
