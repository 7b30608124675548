"""Opening the workbook file: what a file must pass before python-calamine reads any of it.

1. The zip's table of contents (:mod:`mahjong_club.ooxml.limits`): not an OLE file (a
   password or an old ``.xls``), not too many parts, no part or package too large or packed
   too tightly (a zip bomb is refused before anything is unpacked).
2. ``[Content_Types].xml``: no macros, not a binary workbook under an ``.xlsx`` name.
3. Every part that locates the sheets or that calamine reads when it opens the workbook
   (content types, relationships, the workbook part, the texts, the formats) is whole XML
   with no ``<!DOCTYPE`` (:mod:`mahjong_club.ooxml.wellformed`); no other XML part (say
   ``docProps/core.xml``, which the result workbook copies) has a ``<!DOCTYPE`` in its
   prolog either.
4. Each sheet, when it is first read: whole XML, and within the cells a sheet may span
   (:mod:`mahjong_club.ooxml.extent`); calamine's own errors become a message naming the
   sheet and its part. A sheet with an error value calamine refuses (Excel 365's ``#SPILL!``,
   ``#CALC!`` …) is read from a copy of the file where those values are ``#N/A``; the readers
   still report each error cell they read as the error it shows
   (:mod:`~mahjong_club.reading.error_cells`). A big ``Games`` sheet is read by columns
   in a forked child while this process checks it (:meth:`CheckedBook.check_while`): the
   child may meet anything, only this process decides; what it read is kept only if the
   sheet passes.

Each refusal is a :class:`WorkbookError` with a catalogue message: the run stops, saying
what was found and where, and writes nothing.
"""

from __future__ import annotations

import posixpath
import tempfile
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import IO, TypeVar

from python_calamine import CalamineSheet, CalamineWorkbook

from mahjong_club.common.parallel import may_fork, meanwhile
from mahjong_club.messages import cells as cell_texts
from mahjong_club.messages import hostile as texts
from mahjong_club.messages.core import Entry, Message, say
from mahjong_club.ooxml.errors import OoxmlError
from mahjong_club.ooxml.extent import MAX_SHEET_CELLS, Extent
from mahjong_club.ooxml.limits import (
    kind_problem,
    names_problem,
    open_package,
    part_types,
    read_part,
    size_problem,
    unclear_target,
)
from mahjong_club.ooxml.package import CONTENT_TYPES, ROOT_RELS, Package, RelsDoc, rel_kind
from mahjong_club.ooxml.package import rels_part as rels_of
from mahjong_club.ooxml.refs import column_letter
from mahjong_club.ooxml.wellformed import has_doctype, xml_problem
from mahjong_club.reading.error_cells import ErrorCell, neutralise_error_cells
from mahjong_club.reading.panics import unpanicked
from mahjong_club.reading.sheet_looks import SheetShape, first_shape, look, passes, read_within

__all__ = ["CheckedBook", "WorkbookError", "open_book"]

T = TypeVar("T")

#: What can go wrong unpacking one zip entry (a bad checksum, a size the headers lie about).
UNPACK_ERRORS = (zipfile.BadZipFile, zlib.error, EOFError, OSError, RuntimeError, ValueError)
#: The workbook's parts calamine reads when it opens the workbook, by relationship kind.
_OPENED_WITH_WORKBOOK = {
    "sharedStrings": texts.ROLE_SHARED_STRINGS,
    "styles": texts.ROLE_STYLES,
}


#: The parts calamine opens with the workbook by their names, whatever the workbook's
#: relationships name (checked both ways).
_OPENED_BY_NAME = {
    "sharedStrings.xml": texts.ROLE_SHARED_STRINGS,
    "styles.xml": texts.ROLE_STYLES,
}


class WorkbookError(Exception):
    """The file cannot be read as an Excel workbook at all; ``str(error)`` is in English."""

    def __init__(self, message: Message) -> None:
        super().__init__(message)
        self.message = message


def _unpack(zf: zipfile.ZipFile, name: str) -> bytes | Message:
    """The bytes of entry ``name``, or why it cannot be unpacked."""
    try:
        return read_part(zf, name)
    except UNPACK_ERRORS as exc:
        return say(texts.ZIP_ENTRY_BROKEN, error=str(exc))


class _Opening:
    """The checks of one file before calamine opens it."""

    def __init__(self, path: Path, zf: zipfile.ZipFile) -> None:
        self.file = path.name
        self.zf = zf
        self.names = {name.lower(): name for name in zf.namelist()}

    def part(self, name: str, role: Entry) -> bytes:
        """The whole, harmless XML of part ``name`` (any letter case); refused otherwise."""
        entry = self.names.get(name.lower())
        if entry is None:
            raise WorkbookError(say(texts.MISSING_PART, file=self.file, part=name, role=say(role)))
        data = _unpack(self.zf, entry)
        bounded = role is not texts.ROLE_SHARED_STRINGS  # a big sheet's strings: many
        problem = data if isinstance(data, Message) else xml_problem(data, bounded)
        if problem is None and entry.lower().endswith(".rels"):
            target = unclear_target(data)  # type: ignore[arg-type]
            problem = None if target is None else say(texts.TARGET_UNCLEAR, target=target)
        if problem is not None:
            raise WorkbookError(
                say(texts.PART_DAMAGED, file=self.file, part=entry, role=say(role), error=problem)
            )
        assert isinstance(data, bytes)
        return data

    def check(self) -> dict[str, str | None]:
        """Every check of steps 1 to 3; the part of each sheet, by the sheet's name."""
        problem = size_problem(self.file, self.zf) or names_problem(self.file, self.zf)
        if problem is not None:
            raise WorkbookError(problem)
        self._some_workbook_part()
        types = self.part(CONTENT_TYPES, texts.ROLE_CONTENT_TYPES)
        problem = kind_problem(self.file, list(self.names.values()), _text(types))
        if problem is not None:
            raise WorkbookError(problem)
        root_rels = self.part(ROOT_RELS, texts.ROLE_PACKAGE_RELS)
        try:
            self._workbook_parts(RelsDoc.parse(ROOT_RELS, "", root_rels))
            package = Package(self.zf)
        except (OoxmlError, UnicodeDecodeError) as exc:
            error = exc.message if isinstance(exc, OoxmlError) else str(exc)
            message = say(cell_texts.WORKBOOK_UNREADABLE, file=self.file, error=error)
            raise WorkbookError(message) from exc
        for rel in package.rels.rels:
            role = _OPENED_WITH_WORKBOOK.get(rel_kind(rel.type))
            if role is not None and rel.target and rel.target.lower() in self.names:
                self.part(rel.target, role)
        sheets = {sheet.name: sheet.part for sheet in package.sheets}
        self._no_doctype(_text(types), {p.lower(): s for s, p in sheets.items() if p is not None})
        return sheets

    def _some_workbook_part(self) -> None:
        """Refuse a zip with none of a workbook's parts (no content types, no package
        relationships, nothing under ``xl/``): another kind of archive, not a damaged workbook.
        """
        names = list(self.names)
        ours = (CONTENT_TYPES.lower(), ROOT_RELS.lower())
        if names and not any(n in ours or n.startswith("xl/") for n in names):
            example = sorted(self.names.values())[0]
            raise WorkbookError(say(texts.NO_WORKBOOK_IN_ZIP, file=self.file, example=example))

    def _no_doctype(self, types: str, sheets: dict[str, str]) -> None:
        """Refuse any XML part (by its name or its content type) with a ``<!DOCTYPE``;
        ``sheets`` names the sheet of each worksheet part (lower-case part names)."""
        names = list(self.names.values())
        kinds = part_types(names, types)
        for name in names:
            kind = kinds.get(name, "").lower()
            if not (name.lower().endswith((".xml", ".rels")) or kind.endswith("xml")):
                continue
            try:
                with self.zf.open(name) as part:
                    found = has_doctype(part)
            except UNPACK_ERRORS:
                continue  # damaged: said when the part is read (its XML is checked then)
            error, sheet = say(texts.XML_DOCTYPE), sheets.get(name.lower())
            if found and sheet is not None:
                raise WorkbookError(say(texts.SHEET_DAMAGED, sheet=sheet, part=name, error=error))
            if found:
                role = say(texts.ROLE_OTHER)
                raise WorkbookError(
                    say(texts.PART_DAMAGED, file=self.file, part=name, role=role, error=error)
                )

    def _workbook_parts(self, root_rels: RelsDoc) -> None:
        """Check the workbook part and its relationships, where the package says they are
        (:class:`~mahjong_club.ooxml.package.Package` says what is missing)."""
        office = [r for r in root_rels.rels if rel_kind(r.type) == "officeDocument" and r.target]
        workbook = office[0].target if office else None
        if workbook is None or workbook.lower() not in self.names:
            return
        if posixpath.basename(workbook) != "workbook.xml":  # the name every reader opens
            problem = say(texts.WORKBOOK_PART_NAME, part=workbook)
            raise WorkbookError(say(cell_texts.WORKBOOK_UNREADABLE, file=self.file, error=problem))
        self.part(workbook, texts.ROLE_WORKBOOK)
        if rels_of(workbook).lower() in self.names:
            self.part(rels_of(workbook), texts.ROLE_WORKBOOK_RELS)
        for fixed, role in _OPENED_BY_NAME.items():  # calamine opens these by their names
            name = posixpath.join(posixpath.dirname(workbook), fixed)
            if name.lower() in self.names:
                self.part(name, role)


def _text(data: bytes) -> str:
    """A part's text, for a look at its content (damaged characters replaced)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", "replace")
    return data.decode("utf-8", "replace")


def _refuse(sheet: str, entry: str, problem: Message | None, extent: Extent | None) -> None:
    """Refuse sheet ``sheet`` (zip entry ``entry``) when its XML is not whole (``problem``),
    or when its cells reach beyond what a sheet may span (``extent``)."""
    if problem is not None:
        raise WorkbookError(say(texts.SHEET_DAMAGED, sheet=sheet, part=entry, error=problem))
    if extent is not None:
        raise WorkbookError(
            say(
                texts.SHEET_TOO_WIDE,
                sheet=sheet,
                part=entry,
                rows=extent.rows,
                column=column_letter(extent.columns - 1),
                cells=extent.cells,
                limit=MAX_SHEET_CELLS,
            )
        )


def open_book(path: Path) -> CheckedBook:
    """The workbook at ``path`` opened by calamine, once the file has passed steps 1 to 3;
    raises :class:`WorkbookError` otherwise."""
    try:
        zf = open_package(path)
    except OoxmlError as exc:
        raise WorkbookError(exc.message) from exc
    with zf:
        parts = _Opening(path, zf).check()
    try:
        book = unpanicked(lambda: CalamineWorkbook.from_path(str(path)))
    except Exception as exc:  # calamine raises its own error types (and may panic)
        message = say(cell_texts.WORKBOOK_UNREADABLE, file=path.name, error=str(exc))
        raise WorkbookError(message) from exc
    return CheckedBook(path, book, parts)


#: A sheet part this big or bigger, unpacked by the formulas' check, is kept for the sheet's
#: own check (:meth:`CheckedBook.keep_unpacked`).
KEEP_UNPACKED_BYTES = 4_000_000
#: A sheet part this big or bigger is checked by a forked second process while this one reads
#: it (:meth:`CheckedBook.check_while`); a smaller one's check is quicker than the fork.
PARALLEL_CHECK_BYTES = 4_000_000


class CheckedBook:
    """A workbook opened by calamine whose sheets are checked (step 4) before it reads them."""

    def __init__(self, path: Path, book: CalamineWorkbook, parts: dict[str, str | None]) -> None:
        self.path = path
        self._book = book
        self._parts = parts
        self._checked: set[str] = set()
        #: The sheets read from :attr:`_patched` (error values calamine refuses).
        self._neutralised: set[str] = set()
        self._patched: tuple[CalamineWorkbook, IO[bytes]] | None = None
        #: The error cells of each sheet checked, found in the XML the check read.
        self._error_cells: dict[str, dict[tuple[int, int], ErrorCell]] = {}
        #: What the check of each sheet saw of its XML (see :meth:`shape`).
        self._shapes: dict[str, SheetShape] = {}
        #: Big sheet parts an earlier look unpacked already (the formulas' check), by zip
        #: entry in lower case: (the entry, its bytes); a sheet's check takes its own.
        self._kept: dict[str, tuple[str, bytes]] = {}

    def keep_unpacked(self, entry: str, data: bytes) -> None:
        """Keep sheet part ``entry``'s bytes, unpacked by an earlier look, for its sheet's
        check (a big sheet only: unpacking 250 MB of XML takes 0.6 s; a small one is
        unpacked again at no cost). :meth:`forget_unpacked` drops what no check took."""
        if len(data) >= KEEP_UNPACKED_BYTES:
            self._kept[entry.lower()] = (entry, data)

    def forget_unpacked(self) -> None:
        """Drop the parts kept for checks that did not come (sheets this run does not read)."""
        self._kept.clear()

    @property
    def sheet_names(self) -> list[str]:
        """The sheets' names, in the workbook's order."""
        return list(self._book.sheet_names)

    def get_sheet_by_name(self, name: str) -> CalamineSheet:
        """Sheet ``name`` read by calamine, once its part is checked; :class:`WorkbookError`
        naming the sheet and its part when it is damaged or too large."""
        part = self._parts.get(name)
        self.check(name)
        try:
            book = self._patched_book() if name in self._neutralised else self._book
            return unpanicked(lambda: book.get_sheet_by_name(name))
        except Exception as exc:  # calamine raises its own error types (and may panic)
            raise WorkbookError(
                say(texts.SHEET_DAMAGED, sheet=name, part=part or "?", error=str(exc))
            ) from exc

    def check(self, name: str) -> None:
        """Check sheet ``name``'s part (step 4) if not done yet; :class:`WorkbookError` when
        it is damaged or too large."""
        self.check_while(name, None)

    def check_while(
        self,
        name: str,
        read: Callable[[SheetShape], T | None] | None,
        reads_from: int = 0,
        meanwhile_also: Callable[[], object] | None = None,
    ) -> T | None:
        """Check sheet ``name`` as :meth:`check` does, and ``read`` it meanwhile.

        A big sheet's check is mostly expat reading all of its XML, and ``read`` (fastexcel
        reading its columns) is as long: for a sheet of :data:`PARALLEL_CHECK_BYTES` or
        more, where this process may fork, a forked child reads while this process checks
        (:func:`~mahjong_club.common.parallel.meanwhile`). The child reads XML not yet
        checked: it reads only if a quick look sees no cell beyond what a sheet may span
        (calamine makes room for every cell up to the last), and whatever it meets all the
        same in a damaged sheet can at worst end the child: this process then reads by
        rows, or refuses the sheet, as it would have. Otherwise ``read`` runs
        after the check, here. ``read`` is given the sheet's shape (in the child before the
        check: ``neutralised`` False, not known yet) and is not run for a sheet smaller
        than ``reads_from``; its result (plain data, from the child) is returned only when
        the sheet passes the check: a sheet that does not is refused as by :meth:`check`.
        When a child reads, this process does ``meanwhile_also()`` once the sheet passes.
        """
        if name in self._checked:
            known = self._shapes.get(name)
            if read is None or known is None or known.size < reads_from:
                return None
            return read(known)
        part = self._parts.get(name)
        data, entry = self._unpacked(part) if part is not None else (None, "")
        if data is None:  # a reader could find another part: none is read unchecked
            error = say(texts.SHEET_PART_MISSING)
            raise WorkbookError(say(texts.SHEET_DAMAGED, sheet=name, part=part or "?", error=error))
        if isinstance(data, Message):
            raise WorkbookError(say(texts.SHEET_DAMAGED, sheet=name, part=entry, error=data))
        if read is not None and len(data) < reads_from:
            read = None
        forked = read is not None and len(data) >= PARALLEL_CHECK_BYTES and may_fork()
        if forked and read is not None:
            ours = partial(look, data, meanwhile_also)
            made, (looks, extent) = meanwhile(lambda: read_within(data, read), ours, passes)
        else:
            (looks, extent), made = look(data), None
        _refuse(name, entry, looks.problem, extent)
        if looks.neutralised:
            self._neutralised.add(name)
        self._error_cells[name] = looks.error_cells
        shape = replace(first_shape(data), neutralised=looks.neutralised)
        self._shapes[name] = shape
        self._checked.add(name)
        if forked or read is None:
            return made
        return read(shape)

    def shape(self, name: str) -> SheetShape | None:
        """What the check of sheet ``name`` saw of its XML (None when not checked, or when
        its part could not be found: calamine then says what is wrong)."""
        return self._shapes.get(name)

    def error_cells(self, name: str) -> dict[tuple[int, int], ErrorCell] | None:
        """The cells of sheet ``name`` that show an Excel error, found when the sheet was
        checked (:meth:`get_sheet_by_name`); None when it was not (the file must be read)."""
        return self._error_cells.get(name)

    def _unpacked(self, part: str) -> tuple[bytes | Message | None, str]:
        """The bytes of sheet part ``part`` (or why they cannot be unpacked), and the zip
        entry's own spelling of it; None when the zip has no such entry."""
        kept = self._kept.pop(part.lower(), None)
        if kept is not None:
            return kept[1], kept[0]
        with zipfile.ZipFile(self.path) as zf:
            entry = {n.lower(): n for n in zf.namelist()}.get(part.lower())
            if entry is None:
                return None, ""
            return _unpack(zf, entry), entry

    def _patched_book(self) -> CalamineWorkbook:
        """The workbook as calamine reads it from a copy (a temporary file, deleted when the
        run ends) whose sheets have every error value it refuses replaced by ``#N/A``."""
        if self._patched is None:
            copy = tempfile.TemporaryFile(prefix="mahjong-club-")  # noqa: SIM115 - kept open
            sheets = {part.lower() for part in self._parts.values() if part is not None}
            with zipfile.ZipFile(self.path) as zin, zipfile.ZipFile(copy, "w") as zout:
                for info in zin.infolist():
                    data = read_part(zin, info.filename)
                    if info.filename.lower() in sheets:
                        data = neutralise_error_cells(data) or data
                    zout.writestr(info.filename, data, zipfile.ZIP_DEFLATED, 1)
            copy.seek(0)
            self._patched = (CalamineWorkbook.from_filelike(copy), copy)
        return self._patched[0]
