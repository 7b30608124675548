"""Copy a zip package entry by entry, with some entries replaced, removed or added.

Unchanged entries keep their exact bytes: their *compressed* bytes are copied without
recompressing when the source zip allows it (a 100 000-row sheet is copied, not deflated
again). A source using something the raw copier does not handle (zip64, encryption, a local
header that disagrees with the central directory) is copied with :mod:`zipfile` instead, which
recompresses: the same uncompressed bytes, other compressed ones.
"""

from __future__ import annotations

import shutil
import struct
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from mahjong_club.messages import output as texts
from mahjong_club.messages.core import say
from mahjong_club.ooxml.errors import OoxmlError
from mahjong_club.workbook.plan import Plan

DateTime = tuple[int, int, int, int, int, int]

_LOCAL_HEADER = struct.Struct("<IHHHHHIIIHH")
_CENTRAL_HEADER = struct.Struct("<IHHHHHHIIIHHHHHII")
_END_RECORD = struct.Struct("<IHHHHIIH")
_LOCAL_SIG = 0x04034B50
_CENTRAL_SIG = 0x02014B50
_END_SIG = 0x06054B50
_LIMIT32 = 0xFFFFFFFF
_FLAG_ENCRYPTED = 0x1
_FLAG_DATA_DESCRIPTOR = 0x8
_FLAG_UTF8 = 0x800
_COPY_CHUNK = 1 << 20
DEFLATE_LEVEL = 6


class CannotCopyRaw(Exception):
    """The source zip uses a feature the raw copier does not handle (zip64, encryption...)."""


def _dos_time(date_time: DateTime) -> tuple[int, int]:
    year, month, day, hour, minute, second = date_time
    year = min(max(year, 1980), 2107)
    return (hour << 11) | (minute << 5) | (second // 2), ((year - 1980) << 9) | (month << 5) | day


def _encoded_name(info: zipfile.ZipInfo) -> bytes:
    if info.flag_bits & _FLAG_UTF8:
        return info.filename.encode("utf-8")
    try:
        return info.filename.encode("cp437")
    except UnicodeEncodeError:
        return info.filename.encode("utf-8")


@dataclass
class _CentralEntry:
    name: bytes
    made_by: int
    version: int
    flags: int
    method: int
    time: int
    date: int
    crc: int
    csize: int
    usize: int
    internal_attr: int
    external_attr: int
    offset: int
    comment: bytes

    def local_header(self) -> bytes:
        """The entry's local file header, name included."""
        return (
            _LOCAL_HEADER.pack(
                _LOCAL_SIG,
                self.version,
                self.flags,
                self.method,
                self.time,
                self.date,
                self.crc,
                self.csize,
                self.usize,
                len(self.name),
                0,
            )
            + self.name
        )

    def central_header(self) -> bytes:
        """The entry's central directory header, name and comment included."""
        return (
            _CENTRAL_HEADER.pack(
                _CENTRAL_SIG,
                self.made_by,
                self.version,
                self.flags,
                self.method,
                self.time,
                self.date,
                self.crc,
                self.csize,
                self.usize,
                len(self.name),
                0,
                len(self.comment),
                0,
                self.internal_attr,
                self.external_attr,
                self.offset,
            )
            + self.name
            + self.comment
        )


def _copied_entry(info: zipfile.ZipInfo) -> _CentralEntry:
    """The headers of ``info`` as the raw copier writes them (no data descriptor)."""
    time, date = _dos_time(info.date_time)
    return _CentralEntry(
        name=_encoded_name(info),
        made_by=(info.create_system << 8) | info.create_version,
        version=info.extract_version,
        flags=info.flag_bits & ~_FLAG_DATA_DESCRIPTOR,
        method=info.compress_type,
        time=time,
        date=date,
        crc=info.CRC,
        csize=info.compress_size,
        usize=info.file_size,
        internal_attr=info.internal_attr,
        external_attr=info.external_attr,
        offset=0,
        comment=info.comment,
    )


class RawZipWriter:
    """A minimal zip writer that can take entries as already-compressed bytes."""

    def __init__(self, out: BinaryIO) -> None:
        self.out = out
        self.offset = 0
        self.entries: list[_CentralEntry] = []

    def _write(self, data: bytes) -> None:
        self.out.write(data)
        self.offset += len(data)

    def _header(self, entry: _CentralEntry) -> None:
        if self.offset > _LIMIT32 or entry.csize > _LIMIT32 or entry.usize > _LIMIT32:
            raise CannotCopyRaw("zip64 needed")
        entry.offset = self.offset
        self._write(entry.local_header())
        self.entries.append(entry)

    def copy_raw(self, info: zipfile.ZipInfo, src: BinaryIO, data_offset: int) -> None:
        """Copy an entry's compressed bytes from ``src`` unchanged, with fresh headers."""
        self._header(_copied_entry(info))
        src.seek(data_offset)
        remaining = info.compress_size
        while remaining:
            chunk = src.read(min(remaining, _COPY_CHUNK))
            if not chunk:
                raise OoxmlError(say(texts.ZIP_ENTRY_TRUNCATED, name=info.filename))
            self._write(chunk)
            remaining -= len(chunk)

    def add(self, name: str, data: bytes, date_time: DateTime) -> None:
        """Add a new entry, deflate-compressed."""
        compressor = zlib.compressobj(DEFLATE_LEVEL, zlib.DEFLATED, -15)
        packed = compressor.compress(data) + compressor.flush()
        time, date = _dos_time(date_time)
        encoded = name.encode("utf-8")
        self._header(
            _CentralEntry(
                name=encoded,
                made_by=20,
                version=20,
                flags=0 if encoded.isascii() else _FLAG_UTF8,
                method=zipfile.ZIP_DEFLATED,
                time=time,
                date=date,
                crc=zlib.crc32(data),
                csize=len(packed),
                usize=len(data),
                internal_attr=0,
                external_attr=0,
                offset=0,
                comment=b"",
            )
        )
        self._write(packed)

    def close(self, comment: bytes = b"") -> None:
        """Write the central directory and the end record."""
        start = self.offset
        for entry in self.entries:
            self._write(entry.central_header())
        size = self.offset - start
        if len(self.entries) >= 0xFFFF or start > _LIMIT32 or size > _LIMIT32:
            raise CannotCopyRaw("zip64 needed")
        comment = comment[:0xFFFF]
        count = len(self.entries)
        self._write(
            _END_RECORD.pack(_END_SIG, 0, 0, count, count, size, start, len(comment)) + comment
        )


def raw_data_offsets(zf: zipfile.ZipFile, src: BinaryIO) -> dict[str, int]:
    """Offset of each entry's compressed data in ``src``, after checking its local header."""
    offsets: dict[str, int] = {}
    for info in zf.infolist():
        if info.flag_bits & _FLAG_ENCRYPTED or info.volume:
            raise CannotCopyRaw("encrypted or multi-volume zip")
        if max(info.compress_size, info.file_size, info.header_offset) >= _LIMIT32:
            raise CannotCopyRaw("zip64 entry")
        src.seek(info.header_offset)
        header = src.read(_LOCAL_HEADER.size)
        if len(header) != _LOCAL_HEADER.size:
            raise CannotCopyRaw("truncated local header")
        sig, _v, _f, method, _t, _d, _c, _cs, _us, nlen, elen = _LOCAL_HEADER.unpack(header)
        if sig != _LOCAL_SIG or method != info.compress_type:
            raise CannotCopyRaw("local header does not match the central directory")
        if src.read(nlen) != _encoded_name(info):
            raise CannotCopyRaw("local header name does not match the central directory")
        offsets[info.filename] = info.header_offset + _LOCAL_HEADER.size + nlen + elen
    return offsets


def _new_time(zf: zipfile.ZipFile) -> DateTime:
    """The time stamp of added entries: the first entry's, so the output is reproducible."""
    infos = zf.infolist()
    return infos[0].date_time if infos else (1980, 1, 1, 0, 0, 0)


def _write_raw(zf: zipfile.ZipFile, src: BinaryIO, out: BinaryIO, plan: Plan) -> None:
    """Write the target package, copying unchanged entries as compressed bytes."""
    offsets = raw_data_offsets(zf, src)
    writer = RawZipWriter(out)
    for info in zf.infolist():
        if info.filename in plan.remove:
            continue
        new = plan.replace.get(info.filename)
        if new is not None:
            writer.add(info.filename, new, info.date_time)
        else:
            writer.copy_raw(info, src, offsets[info.filename])
    for name, data in plan.add:
        writer.add(name, data, _new_time(zf))
    writer.close(zf.comment)


def _write_recompressed(zf: zipfile.ZipFile, out: BinaryIO, plan: Plan) -> None:
    """Write the target package with :mod:`zipfile`, decompressing and recompressing."""
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=DEFLATE_LEVEL) as zout:
        zout.comment = zf.comment
        for info in zf.infolist():
            if info.filename in plan.remove:
                continue
            copy = zipfile.ZipInfo(info.filename, info.date_time)
            copy.compress_type = (
                zipfile.ZIP_STORED
                if info.compress_type == zipfile.ZIP_STORED
                else zipfile.ZIP_DEFLATED
            )
            copy.external_attr = info.external_attr
            copy.create_system = info.create_system
            new = plan.replace.get(info.filename)
            if new is not None:
                zout.writestr(copy, new)
                continue
            big = info.file_size > zipfile.ZIP64_LIMIT // 2
            with zf.open(info) as fin, zout.open(copy, "w", force_zip64=big) as fout:
                shutil.copyfileobj(fin, fout, _COPY_CHUNK)
        for name, data in plan.add:
            zout.writestr(zipfile.ZipInfo(name, _new_time(zf)), data)


def write_package(source: Path, out: BinaryIO, plan: Plan, *, raw: bool = True) -> None:
    """Write the target package to ``out``: the source's entries, changed as ``plan`` says.

    With ``raw`` (the default) unchanged entries are copied as compressed bytes; when the source
    zip uses something the raw copier does not handle, or ``raw`` is False, they are
    decompressed and recompressed with :mod:`zipfile` instead (same uncompressed bytes).
    """
    start = out.tell()
    with open(source, "rb") as src, zipfile.ZipFile(src) as zf:
        if raw:
            try:
                _write_raw(zf, src, out, plan)
                return
            except CannotCopyRaw:
                out.seek(start)
                out.truncate()
        _write_recompressed(zf, out, plan)
