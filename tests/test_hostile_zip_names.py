"""Zip tricks found by a hostile-files trial: part names that point outside the package
(`../../evil.txt`, `/etc/x.xml`) were copied as they were into the updated copy, for a naive
extractor to write elsewhere; a part encrypted inside the zip that the tool does not read
(`docProps/core.xml`) passed the checks and made the writing an internal error; a zip64
locator pointing beyond the file was an internal error (a seek to 2^62)."""

from __future__ import annotations

import struct
import zipfile
from pathlib import Path

import pytest

from tests.builders import write_workbook
from tests.test_cli_errors import league
from tests.test_hostile_files import rebuild, run


@pytest.fixture
def book(tmp_path: Path) -> Path:
    return write_workbook(tmp_path / "source.xlsx", league())


@pytest.mark.parametrize("name", ["../../evil.txt", "/etc/abs.xml", "xl/../../up.xml", "C:/x.xml"])
def test_a_part_named_outside_the_package_is_refused(book, tmp_path, capsys, name):
    stand_in = "x" * len(name)  # zipfile tidies names it writes: the name is put in after
    written = rebuild(book, tmp_path / "names.xlsx", extra={stand_in: b"<a/>"})
    hostile = tmp_path / "hostile.xlsx"
    hostile.write_bytes(written.read_bytes().replace(stand_in.encode(), name.encode()))
    with zipfile.ZipFile(hostile) as zf:
        assert name in zf.namelist()
    code, err, _ = run(hostile, tmp_path, capsys)
    assert code == 1
    assert f"the part name '{name}' points outside the package" in err


def test_a_part_encrypted_inside_the_zip_is_refused_before_reading(book, tmp_path, capsys):
    data = bytearray(book.read_bytes())
    name = b"docProps/core.xml"
    for signature, flags, length, header in (
        (b"PK\x01\x02", 8, 28, 46),
        (b"PK\x03\x04", 6, 26, 30),
    ):
        at = data.find(signature)
        while at >= 0:
            size = struct.unpack_from("<H", data, at + length)[0]
            if bytes(data[at + header : at + header + size]) == name:
                flag = struct.unpack_from("<H", data, at + flags)[0]
                struct.pack_into("<H", data, at + flags, flag | 0x1)
            at = data.find(signature, at + 4)
    hostile = tmp_path / "encrypted.xlsx"
    hostile.write_bytes(bytes(data))
    code, err, _ = run(hostile, tmp_path, capsys)
    assert code == 1
    assert "the part 'docProps/core.xml' is encrypted inside the zip" in err


def test_a_zip64_locator_beyond_the_file_is_no_internal_error(book, tmp_path, capsys):
    data = bytearray(book.read_bytes())
    end = data.rfind(b"PK\x05\x06")
    struct.pack_into("<HH", data, end + 8, 0xFFFF, 0xFFFF)
    locator = struct.pack("<4sLQL", b"PK\x06\x07", 0, 2**62, 1)
    hostile = tmp_path / "zip64.xlsx"
    hostile.write_bytes(bytes(data[:end]) + locator + bytes(data[end:]))
    code, err, _ = run(hostile, tmp_path, capsys)  # (run: no internal error, nothing written)
    assert code == 1 and err.startswith("Error: zip64.xlsx")


@pytest.mark.parametrize(
    ("method", "name"), [(zipfile.ZIP_BZIP2, "bzip2"), (zipfile.ZIP_LZMA, "lzma")]
)
def test_a_part_packed_in_a_way_no_spreadsheet_program_packs_is_named(
    book, tmp_path, capsys, method, name
):
    """It said "I/O error: compression method not supported: 12"."""
    odd = tmp_path / "odd.xlsx"
    with zipfile.ZipFile(book) as zin, zipfile.ZipFile(odd, "w") as zout:
        for info in zin.infolist():
            packing = method if info.filename == "docProps/app.xml" else zipfile.ZIP_DEFLATED
            zout.writestr(info.filename, zin.read(info), compress_type=packing)
    code, err, _ = run(odd, tmp_path, capsys)
    assert code == 1
    assert f"the part 'docProps/app.xml' is packed with zip method {method} ({name})" in err
