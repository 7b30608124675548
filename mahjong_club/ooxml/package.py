"""The structure of a spreadsheet package: its relationships, content types and sheets.

An ``.xlsx`` file is a zip of *parts*. ``_rels/.rels`` names the workbook part
(``xl/workbook.xml``); the workbook's relationships part (``xl/_rels/workbook.xml.rels``) maps
each ``<sheet>``'s relationship id to the sheet's part; ``[Content_Types].xml`` gives each part's
content type. Part names are case-insensitive.
"""

from __future__ import annotations

import posixpath
import zipfile
from dataclasses import dataclass
from urllib.parse import unquote

from mahjong_club.messages import output as texts
from mahjong_club.messages.core import say
from mahjong_club.ooxml.errors import OoxmlError
from mahjong_club.ooxml.limits import read_part
from mahjong_club.ooxml.xml import Tag, children, decode, root, scan_tags

MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
STRICT_REL_NS = "http://purl.oclc.org/ooxml/officeDocument/relationships"
KNOWN_REL_NS = frozenset({REL_NS, STRICT_REL_NS})
WORKSHEET_CT = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
CONTENT_TYPES = "[Content_Types].xml"
ROOT_RELS = "_rels/.rels"


def rels_part(part: str) -> str:
    """Name of the relationships part belonging to ``part`` (``""`` = the package)."""
    folder, name = posixpath.split(part)
    return posixpath.join(folder, "_rels", f"{name}.rels")


def resolve(owner: str, target: str) -> str:
    """Resolve a relationship target (absolute or relative to ``owner``) to a zip entry name."""
    target = unquote(target.split("#", 1)[0])
    if target.startswith("/"):
        path = target.lstrip("/")
    else:
        path = posixpath.join(posixpath.dirname(owner), target)
    path = posixpath.normpath(path)
    return "" if path == "." else path


def rel_kind(rel_type: str) -> str:
    """The last segment of a relationship type: ``worksheet``, ``calcChain``, ..."""
    return rel_type.rstrip("/").rsplit("/", 1)[-1]


@dataclass
class Rel:
    """One relationship of a ``.rels`` part."""

    id: str
    type: str
    target: str | None
    """The resolved zip entry name; None for an external target."""
    index: int
    """Tag index in the rels document."""


@dataclass
class RelsDoc:
    """A parsed ``.rels`` part."""

    part: str
    text: str
    codec: str
    tags: list[Tag]
    root: int
    rels: list[Rel]

    @classmethod
    def parse(cls, part: str, owner: str, data: bytes) -> RelsDoc:
        """Parse the relationships part ``part`` belonging to part ``owner``."""
        text, codec = decode(data)
        tags = scan_tags(text)
        top = root(tags, "Relationships", part)
        rels: list[Rel] = []
        for i in children(tags, top, "Relationship"):
            tag = tags[i]
            rid, rtype, target = tag.get("Id"), tag.get("Type"), tag.get("Target")
            if rid is None or rtype is None or target is None:
                continue
            external = (tag.get("TargetMode") or "").strip() == "External"
            rels.append(Rel(rid, rtype, None if external else resolve(owner, target), i))
        return cls(part, text, codec, tags, top, rels)


@dataclass
class ContentTypes:
    """The parsed ``[Content_Types].xml`` part."""

    part: str
    text: str
    codec: str
    tags: list[Tag]
    root: int
    overrides: dict[str, int]
    """Lower-case part name (no leading ``/``) → tag index of its ``<Override>``."""
    defaults: dict[str, str]
    """Lower-case extension → content type of its ``<Default>``."""

    @classmethod
    def parse(cls, part: str, data: bytes) -> ContentTypes:
        """Parse the content types part ``part``."""
        text, codec = decode(data)
        tags = scan_tags(text)
        top = root(tags, "Types", part)
        overrides: dict[str, int] = {}
        defaults: dict[str, str] = {}
        for i in children(tags, top):
            tag = tags[i]
            if tag.local == "Override" and tag.get("PartName"):
                overrides[(tag.get("PartName") or "").lstrip("/").lower()] = i
            elif tag.local == "Default" and tag.get("Extension"):
                defaults[(tag.get("Extension") or "").lower()] = tag.get("ContentType") or ""
        return cls(part, text, codec, tags, top, overrides, defaults)


@dataclass
class SheetEntry:
    """One ``<sheet>`` of the workbook part, with its relationship."""

    name: str
    part: str | None
    kind: str
    rel: Rel | None
    index: int
    """Tag index in the workbook document."""


class Package:
    """The parts of a spreadsheet package that locate its sheets."""

    def __init__(self, zf: zipfile.ZipFile) -> None:
        self.zf = zf
        self.names: dict[str, str] = {}
        """Lower-case entry name → entry name, for every zip entry."""
        for info in zf.infolist():
            key = info.filename.lower()
            if key in self.names:
                raise OoxmlError(say(texts.OOXML_DUPLICATE_ENTRY, name=info.filename))
            self.names[key] = info.filename
        self.rel_base, self.workbook = self._find_workbook()
        self.wb_text, self.wb_codec = decode(read_part(zf, self.workbook))
        self.wb_tags = scan_tags(self.wb_text)
        self.wb_root = root(self.wb_tags, "workbook", self.workbook)
        rels_name = self.name(rels_part(self.workbook))
        if rels_name is None:
            raise OoxmlError(say(texts.OOXML_NO_RELS_PART, part=self.workbook))
        self.rels = RelsDoc.parse(rels_name, self.workbook, read_part(zf, rels_name))
        sheets_idx = children(self.wb_tags, self.wb_root, "sheets")
        if not sheets_idx:
            raise OoxmlError(say(texts.OOXML_NO_ELEMENT, part=self.workbook, expected="sheets"))
        self.sheets_index = sheets_idx[0]
        self.sheets = self._read_sheets()

    @property
    def date1904(self) -> bool:
        """Whether the workbook counts its dates from 1904 (``<workbookPr date1904="1"/>``,
        old Mac Excel's date system) rather than from 1900."""
        props = children(self.wb_tags, self.wb_root, "workbookPr")
        flag = self.wb_tags[props[0]].get("date1904") if props else None
        return (flag or "").strip().lower() in ("1", "true")

    def name(self, part: str) -> str | None:
        """The zip entry name for ``part`` (part names are case-insensitive), or None."""
        return self.names.get(part.lower())

    def read(self, part: str) -> bytes:
        """The bytes of a part that :meth:`name` found."""
        return read_part(self.zf, self.names[part.lower()])

    def content_types(self) -> ContentTypes:
        """The package's parsed ``[Content_Types].xml``."""
        name = self.name(CONTENT_TYPES)
        if name is None:
            raise OoxmlError(say(texts.OOXML_NOT_A_PACKAGE, part=CONTENT_TYPES))
        return ContentTypes.parse(name, read_part(self.zf, name))

    def _find_workbook(self) -> tuple[str, str]:
        """The relationship namespace the package uses, and the workbook part's name."""
        root_rels_name = self.name(ROOT_RELS)
        if root_rels_name is None:
            raise OoxmlError(say(texts.OOXML_NOT_A_PACKAGE, part=ROOT_RELS))
        root_rels = RelsDoc.parse(root_rels_name, "", read_part(self.zf, root_rels_name))
        office = [r for r in root_rels.rels if rel_kind(r.type) == "officeDocument" and r.target]
        workbook = self.name(office[0].target or "") if office else None
        if workbook is None:
            raise OoxmlError(say(texts.OOXML_NO_WORKBOOK))
        return office[0].type.rstrip("/").rsplit("/", 1)[0], workbook

    def _read_sheets(self) -> list[SheetEntry]:
        by_id = {r.id: r for r in self.rels.rels}
        sheets: list[SheetEntry] = []
        for i in children(self.wb_tags, self.sheets_index, "sheet"):
            tag = self.wb_tags[i]
            name = tag.get("name")
            if name is None:
                continue
            rid = tag.get_ns(KNOWN_REL_NS | {self.rel_base}, "id")
            rel = by_id.get(rid) if rid is not None else None
            part = self.name(rel.target) if rel and rel.target else None
            if part is None and rel is not None and rel.target:
                part = rel.target
            kind = rel_kind(rel.type) if rel else "worksheet"
            sheets.append(SheetEntry(name, part, kind, rel, i))
        return sheets


@dataclass(frozen=True)
class SheetPart:
    """Where one sheet of a workbook lives in the zip package."""

    name: str
    """The sheet name as the workbook spells it."""
    part: str | None
    """Zip entry name of the sheet part (``xl/worksheets/sheet1.xml``); None if unresolvable."""
    kind: str
    """Relationship kind: ``worksheet``, ``chartsheet``, ``dialogsheet``, ..."""


def list_sheet_parts(zf: zipfile.ZipFile) -> list[SheetPart]:
    """List the sheets of an open ``.xlsx`` zip in workbook order, with their part names.

    The workbook part is found through ``_rels/.rels``; relationship targets are resolved
    relative to the workbook part (absolute targets are taken from the package root).
    Raises :class:`~mahjong_club.ooxml.errors.OoxmlError` (a ValueError) when the zip is not a
    spreadsheet package.
    """
    return [SheetPart(s.name, s.part, s.kind) for s in Package(zf).sheets]
