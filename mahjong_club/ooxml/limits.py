"""What a workbook package may be, checked before any part of it is unpacked.

An ``.xlsx`` file is a zip, and a zip can claim anything: a part of a few kilobytes may
unpack to gigabytes of zeros (a "zip bomb"), and its table of contents may list millions of
parts. :func:`check_package` reads only the zip's table of contents (its central directory)
and refuses a package that breaks one of these limits, each well above what a real club
workbook needs:

- at most :data:`MAX_PARTS` parts (a workbook has a dozen; one with a thousand pictures, a few
  thousand), and a table of contents of at most :data:`MAX_DIRECTORY` bytes, checked before
  the zip library reads it;
- every part unpacks to at most :data:`MAX_PART_SIZE` bytes, the whole package to at most
  :data:`MAX_PACKAGE_SIZE` (a ``Games`` sheet of 1,000,000 rows is about 260 MB unpacked);
- a part (and the package as a whole) larger than :data:`RATIO_GRACE` unpacks to at most
  :data:`MAX_RATIO` times its packed size. Sheet XML packs about 10:1, a table of texts that
  repeats the same few names about 100:1; deflate's limit is about 1,000:1, which is what a
  zip bomb uses.

The sizes the table of contents declares bound what the readers unpack: python-calamine
stops with an error when a part unpacks to more than it declared, and :func:`read_part`
unpacks a megabyte at a time and never more than the declared size (``ZipFile.read`` would
inflate the whole packed part in one step, whatever its header says). A zip whose headers
lie is then refused as damaged: the part's checksum or its XML does not match.

:func:`kind_problem` refuses a macro-enabled package (``xl/vbaProject.bin``, or any part whose
content type, by its ``<Override>`` or its extension's ``<Default>``, is a macro type) or a
binary workbook under an ``.xlsx`` name, as the command refuses an ``.xlsm``.
"""

from __future__ import annotations

import posixpath
import re
import struct
import zipfile
from pathlib import Path
from typing import BinaryIO

from mahjong_club.messages import hostile as texts
from mahjong_club.messages.core import Message, say
from mahjong_club.ooxml.errors import OoxmlError

MAX_PARTS = 10_000
MAX_DIRECTORY = MAX_PARTS * 1_024
MAX_PART_SIZE = 1_000_000_000
MAX_PACKAGE_SIZE = 2_000_000_000
MAX_RATIO = 200
RATIO_GRACE = 10_000_000

#: The first bytes of an OLE compound file: a password-protected workbook, or an old .xls.
OLE_SIGNATURE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
#: How a zip package begins (a local file header): an .xlsx file cut short still does.
ZIP_SIGNATURE = b"PK\x03\x04"
_END = struct.Struct("<4s4H2LH")  # end of central directory record
_END64_LOCATOR = struct.Struct("<4sLQL")
_END64_COUNTS = struct.Struct("<QQ")  # total entries, directory size (at offset 32)


def _directory(fp: BinaryIO) -> tuple[int, int] | None:
    """The number of parts and the size of the table of contents, as the zip's end record
    declares them; None when the file has no end record (it is not a zip)."""
    fp.seek(0, 2)
    size = fp.tell()
    start = max(0, size - _END.size - 0xFFFF)
    fp.seek(start)
    tail = fp.read()
    at = tail.rfind(b"PK\x05\x06")
    if at < 0 or len(tail) - at < _END.size:
        return None
    fields = _END.unpack_from(tail, at)
    count, directory = fields[4], fields[5]
    if count == 0xFFFF or directory == 0xFFFFFFFF:  # a zip64 end record holds the numbers
        locator = at - _END64_LOCATOR.size
        if locator >= 0 and tail[locator : locator + 4] == b"PK\x06\x07":
            offset = _END64_LOCATOR.unpack_from(tail, locator)[2]
            if offset > size:  # points beyond the file: zipfile says the zip is damaged
                return count, directory
            fp.seek(offset)
            record = fp.read(56)
            if record[:4] == b"PK\x06\x06" and len(record) == 56:
                count, directory = _END64_COUNTS.unpack_from(record, 32)
    return count, directory


def open_package(path: Path) -> zipfile.ZipFile:
    """The zip at ``path``, once its table of contents is small enough to read.

    Raises :class:`~mahjong_club.ooxml.errors.OoxmlError` for a file that is not a zip (an
    OLE file: password-protected or an old ``.xls``), or whose table of contents is too large.
    """
    file = path.name
    with path.open("rb") as fp:
        head = fp.read(len(OLE_SIGNATURE))
        if head == OLE_SIGNATURE:
            raise OoxmlError(say(texts.OLE_FILE, file=file))
        found = _directory(fp)
    if found is None:  # no zip directory: cut off if it begins as a zip, else no zip at all
        cut_off = head.startswith(ZIP_SIGNATURE)
        raise OoxmlError(say(texts.CUT_OFF_ZIP if cut_off else texts.NOT_XLSX, file=file))
    count, directory = found
    if count > MAX_PARTS:
        raise OoxmlError(say(texts.TOO_MANY_PARTS, file=file, count=count, limit=MAX_PARTS))
    if directory > MAX_DIRECTORY:
        raise OoxmlError(
            say(
                texts.DIRECTORY_TOO_LARGE,
                file=file,
                size=directory,
                limit=MAX_DIRECTORY,
                parts=MAX_PARTS,
            )
        )
    try:
        return zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError) as exc:
        raise OoxmlError(say(texts.NOT_A_ZIP, file=file, error=str(exc))) from exc


_CHUNK = 1 << 20


def read_part(zf: zipfile.ZipFile, name: str) -> bytes:
    """The unpacked bytes of entry ``name``, a megabyte at a time, never more than the size
    the zip's table of contents declares (use it instead of ``ZipFile.read``).

    Raises what ``zipfile`` raises for a damaged entry (``BadZipFile`` for a wrong checksum).
    """
    chunks: list[bytes] = []
    with zf.open(name) as part:
        while chunk := part.read(_CHUNK):
            chunks.append(chunk)
    return b"".join(chunks)


def _megabytes(size: int) -> int:
    """``size`` bytes in whole megabytes, rounded up (so a refused size never shows as the
    limit itself)."""
    return -(-size // 1_000_000)


def size_problem(file: str, zf: zipfile.ZipFile) -> Message | None:
    """Why the parts of ``zf`` must not be unpacked (too many, too large, packed too
    tightly), or None when they are within every limit."""
    infos = zf.infolist()
    if len(infos) > MAX_PARTS:
        return say(texts.TOO_MANY_PARTS, file=file, count=len(infos), limit=MAX_PARTS)
    total = packed = 0
    for info in infos:
        size, compressed = info.file_size, max(info.compress_size, 1)
        total += size
        packed += compressed
        if size > MAX_PART_SIZE:
            return say(
                texts.PART_TOO_LARGE,
                file=file,
                part=info.filename,
                size=_megabytes(size),
                limit=MAX_PART_SIZE // 1_000_000,
            )
        if size > RATIO_GRACE and size > MAX_RATIO * compressed:
            return say(
                texts.PART_RATIO,
                file=file,
                part=info.filename,
                ratio=size // compressed,
                size=_megabytes(size),
                limit=MAX_RATIO,
            )
    if total > MAX_PACKAGE_SIZE:
        return say(
            texts.PACKAGE_TOO_LARGE,
            file=file,
            size=_megabytes(total),
            limit=MAX_PACKAGE_SIZE // 1_000_000,
        )
    if total > RATIO_GRACE and total > MAX_RATIO * packed:
        return say(
            texts.PACKAGE_RATIO,
            file=file,
            ratio=total // packed,
            size=_megabytes(total),
            limit=MAX_RATIO,
        )
    return None


_TYPE_RE = re.compile(r"<(?:[\w.-]+:)?(Override|Default)\b([^>]*)>")
_ATTR_RE = re.compile(r"""([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
#: Content types of macros: VBA projects and their signatures, macro-enabled workbooks and
#: Excel 4 macro sheets (``application/vnd.ms-excel.macrosheet+xml``).
_MACRO_TYPES = ("macroenabled", "vbaproject", "macrosheet")


def part_types(names: list[str], content_types: str) -> dict[str, str]:
    """Part name → content type of every part in ``names``, as ``[Content_Types].xml`` (its
    text) gives it: its ``<Override>``, else the ``<Default>`` of its extension (part names
    and extensions in any letter case); parts with neither are left out.

    >>> part_types(["xl/A.BIN", "x.xml"], '<Types><Default Extension="bin" ContentType="t"/>'
    ...     '<Override PartName="/X.xml" ContentType="u"/></Types>')
    {'xl/A.BIN': 't', 'x.xml': 'u'}
    """
    overrides: dict[str, str] = {}
    defaults: dict[str, str] = {}
    for match in _TYPE_RE.finditer(content_types):
        attrs = {m.group(1): m.group(2) or m.group(3) or "" for m in _ATTR_RE.finditer(match[2])}
        kind = attrs.get("ContentType", "")
        if match[1] == "Override":
            overrides[attrs.get("PartName", "").lstrip("/").lower()] = kind
        else:
            defaults[attrs.get("Extension", "").lstrip(".").lower()] = kind
    found: dict[str, str] = {}
    for name in names:
        extension = posixpath.splitext(name)[1].lstrip(".").lower()
        kind = overrides.get(name.lower(), defaults.get(extension))
        if kind is not None:
            found[name] = kind
    return found


def kind_problem(file: str, names: list[str], content_types: str | None) -> Message | None:
    """Why the package is not a plain ``.xlsx`` workbook (it holds macros, or it is a binary
    workbook), or None. ``content_types`` is the text of ``[Content_Types].xml``, if any.

    >>> kind_problem("a.xlsx", ["xl/workbook.xml", "xl/vbaProject.bin"], None).code
    'hostile.macro_enabled'
    >>> kind_problem("a.xlsx", ["xl/workbook.xml"], None) is None
    True
    >>> kind_problem("a.xlsx", ["xl/v2.bin"], '<Types><Default Extension="bin"'
    ...     ' ContentType="application/vnd.ms-office.vbaProject"/></Types>').code
    'hostile.macro_enabled'
    """
    types = part_types(names, content_types) if content_types else {}
    if any("sheet.binary." in kind.lower() for kind in types.values()):
        return say(texts.BINARY_WORKBOOK, file=file)
    for name in names:
        if posixpath.basename(name).lower() == "vbaproject.bin":
            return say(texts.MACRO_ENABLED, file=file, part=name)
    for part, kind in types.items():
        if any(macro in kind.lower() for macro in _MACRO_TYPES):
            of_type = say(texts.PART_OF_TYPE, part=part, type=kind)
            return say(texts.MACRO_ENABLED, file=file, part=of_type)
    return None


#: A relationship's target as written (its raw attribute value).
_TARGET_RE = re.compile(rb"""\sTarget\s*=\s*(?:"([^"]*)"|'([^']*)')""")


def unclear_name(names: list[str]) -> str | None:
    """The first part name with a backslash, or None. Programs read one differently (as a
    folder separator, or as part of the name), so the part a check reads and the part a
    reader reads could differ.

    >>> backslash = chr(92)
    >>> unclear_name(["xl/workbook.xml", f"xl{backslash}sheet1.xml"]) == f"xl{backslash}sheet1.xml"
    True
    """
    return next((name for name in names if "\\" in name), None)


def outside_name(names: list[str]) -> str | None:
    """The first part name that points outside the package (absolute, a drive, or a ``..``
    step), or None: an extractor of the updated copy would write such a part elsewhere.

    >>> outside_name(["xl/workbook.xml", "../../evil.txt"]), outside_name(["/etc/x.xml"])
    ('../../evil.txt', '/etc/x.xml')
    >>> outside_name(["xl/workbook.xml", "xl/..x.xml"]) is None
    True
    """
    for name in names:
        steps = name.replace("\\", "/").split("/")
        if name.startswith("/") or ".." in steps or (steps[0][1:2] == ":"):
            return name
    return None


def encrypted_part(infos: list[zipfile.ZipInfo]) -> str | None:
    """The first part encrypted inside the zip, or None (no spreadsheet program encrypts a
    part: zipfile cannot unpack one without a password)."""
    return next((info.filename for info in infos if info.flag_bits & 0x1), None)


#: How spreadsheet programs pack a part (stored, deflated), and other zip methods' names.
_PACKINGS = frozenset({zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED})
_METHOD_NAMES = {zipfile.ZIP_BZIP2: "bzip2", zipfile.ZIP_LZMA: "lzma", 9: "deflate64"}


def names_problem(file: str, zf: zipfile.ZipFile) -> Message | None:
    """Why the parts of ``zf`` must not be read or copied, for their names, their
    encryption or how they are packed (:func:`unclear_name`, :func:`outside_name`,
    :func:`encrypted_part`; a method other than stored or deflated)."""
    names = zf.namelist()
    unclear = unclear_name(names)
    if unclear is not None:
        return say(texts.PART_NAME_UNCLEAR, file=file, part=unclear)
    outside = outside_name(names)
    if outside is not None:
        return say(texts.PART_NAME_OUTSIDE, file=file, part=outside)
    infos = zf.infolist()
    encrypted = encrypted_part(infos)
    if encrypted is not None:
        return say(texts.PART_ENCRYPTED, file=file, part=encrypted)
    odd = next((i for i in infos if i.compress_type not in _PACKINGS), None)
    if odd is None:
        return None
    name = _METHOD_NAMES.get(odd.compress_type, "?")
    method = odd.compress_type
    return say(texts.PART_COMPRESSION, file=file, part=odd.filename, method=method, name=name)


def unclear_target(rels: bytes) -> str | None:
    """The first relationship target in relationships part ``rels`` that programs read in
    different ways (a ``%`` escape, an XML character reference, a backslash), or None:
    plain targets, as Excel and LibreOffice write them, leave no room for two readings.

    >>> unclear_target(b'<Relationship Id="r1" Target="worksheets/sheet%33.xml"/>')
    'worksheets/sheet%33.xml'
    >>> unclear_target(b'<Relationship Id="r1" Target="worksheets/sheet3.xml"/>') is None
    True
    """
    for found in _TARGET_RE.finditer(rels):
        raw = found.group(1) if found.group(1) is not None else found.group(2)
        if any(mark in raw for mark in (b"%", b"&", b"\\")):
            return raw.decode("utf-8", "replace")
    return None
