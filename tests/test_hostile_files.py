"""Hostile packages are refused before they are unpacked: zip bombs, zips whose headers lie,
too many parts, macros, password-protected or binary workbooks. Each is built for real; the
command exits 1 with a message saying what was found, writes nothing, and never unpacks the
bomb (tracemalloc's peak stays far below the part's size)."""

from __future__ import annotations

import io
import re
import struct
import tracemalloc
import zipfile
import zlib
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from mahjong_club.cli import main
from mahjong_club.ooxml import limits
from tests.builders import write_workbook
from tests.test_cli_errors import league

MB = 1_000_000
GAMES = "xl/worksheets/sheet4.xml"  # the league workbook's fourth sheet


@pytest.fixture
def book(tmp_path: Path) -> Path:
    """A small valid league workbook, as openpyxl writes it."""
    return write_workbook(tmp_path / "source.xlsx", league())


def rebuild(
    src: Path,
    dst: Path,
    edits: Mapping[str, Callable[[bytes], bytes]] | None = None,
    extra: Mapping[str, bytes] | None = None,
) -> Path:
    """A copy of the package ``src`` with some parts edited and some added."""
    edits = edits or {}
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            edit = edits.get(info.filename)
            zout.writestr(info.filename, edit(data) if edit else data)
        for name, data in (extra or {}).items():
            zout.writestr(name, data)
    return dst


def raw_zip(entries: list[tuple[str, bytes, int, int]]) -> bytes:
    """A zip written byte by byte: (name, deflated data, CRC-32, declared unpacked size).

    The declared size is whatever the test says, true or not.
    """
    out = io.BytesIO()
    directory = []
    for name, data, crc, size in entries:
        offset = out.tell()
        encoded = name.encode()
        sizes = (crc, len(data), size, len(encoded))
        out.write(struct.pack("<4s5H3L2H", b"PK\x03\x04", 20, 0, 8, 0, 0, *sizes, 0))
        out.write(encoded + data)
        listed = (b"PK\x01\x02", 20, 20, 0, 8, 0, 0, *sizes, 0, 0, 0, 0, 0, offset)
        directory.append(struct.pack("<4s6H3L5H2L", *listed) + encoded)
    start = out.tell()
    listing = b"".join(directory)
    out.write(listing)
    count = len(entries)
    out.write(struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, count, count, len(listing), start, 0))
    return out.getvalue()


def deflated(data: bytes) -> bytes:
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush()


def run(path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, int]:
    """The command on ``path``: exit status, stderr, and the peak of Python's allocations."""
    tracemalloc.start()
    try:
        code = main([str(path), "--out", str(tmp_path / "out")])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    err = capsys.readouterr().err
    assert "Internal error" not in err and "Traceback" not in err
    assert not (tmp_path / "out").exists(), "nothing is written"
    return code, err, peak


# --- zip bombs -------------------------------------------------------------------------------


def test_a_zip_bomb_is_refused_without_being_unpacked(book, tmp_path, capsys):
    bomb = tmp_path / "season.xlsx"
    rebuild(book, bomb)
    with (
        zipfile.ZipFile(bomb, "a", zipfile.ZIP_DEFLATED) as zf,
        zf.open("xl/media/image1.png", "w", force_zip64=True) as part,
    ):
        for _ in range(400):  # 400 MB of zeros, packed into some 400 KB
            part.write(bytes(MB))
    assert bomb.stat().st_size < 2 * MB
    code, err, peak = run(bomb, tmp_path, capsys)
    assert code == 1
    assert re.search(
        r"Error: season\.xlsx is refused without being unpacked: the part xl/media/image1\.png"
        r" would unpack to 1,0\d\d times its packed size \(400 MB\), more than the 200 times"
        r' of any real workbook; a file made like this \(a "zip bomb"\)',
        err,
    ), err
    assert peak < 20 * MB, peak  # the 400 MB were never unpacked


def test_a_part_too_large_is_refused(tmp_path, capsys):
    # The headers say 1.5 GB packed into 10 MB: a believable ratio, but too large a part.
    path = tmp_path / "big.xlsx"
    path.write_bytes(raw_zip([("xl/worksheets/sheet1.xml", b"x" * 1000, 0, 1_500_000_000)]))
    code, err, _peak = run(path, tmp_path, capsys)
    assert code == 1
    assert (
        "big.xlsx is refused without being unpacked: the part xl/worksheets/sheet1.xml would"
        " unpack to 1,500 MB, more than the 1,000 MB a part may have" in err
    )


def test_parts_too_large_together_are_refused(tmp_path, capsys):
    parts = [(f"xl/media/image{i}.png", b"x" * 5_000_000, 0, 900_000_000) for i in range(3)]
    path = tmp_path / "many.xlsx"
    path.write_bytes(raw_zip(parts))
    code, err, _peak = run(path, tmp_path, capsys)
    assert code == 1
    assert "its parts would unpack to 2,700 MB in all, more than the 2,000 MB" in err


def test_too_many_parts_are_refused_before_the_zip_is_read(tmp_path, capsys):
    path = tmp_path / "parts.xlsx"
    with zipfile.ZipFile(path, "w") as zf:
        for i in range(limits.MAX_PARTS + 1):
            zf.writestr(f"xl/media/p{i}.bin", b"")
    code, err, _peak = run(path, tmp_path, capsys)
    assert code == 1
    assert "its zip holds 10,001 parts, more than the 10,000 a workbook may have" in err


def test_a_table_of_contents_too_large_is_refused_before_it_is_read(tmp_path, capsys):
    path = tmp_path / "directory.xlsx"
    end = struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, 5, 5, 50_000_000, 0, 0)
    path.write_bytes(b"\0" * 100 + end)
    code, err, _peak = run(path, tmp_path, capsys)
    assert code == 1
    assert "its zip's table of contents takes 50,000,000 bytes, more than the 10,240,000" in err


@pytest.mark.parametrize("checksum", ["of all the data", "of what the header declares"])
def test_a_part_that_unpacks_to_more_than_its_header_says_is_refused(
    book, tmp_path, capsys, checksum
):
    # The Games sheet's header says 5,000 bytes; its data unpacks to 300 MB.
    with zipfile.ZipFile(book) as zf:
        parts = {name: zf.read(name) for name in zf.namelist()}
    sheet = parts[GAMES]
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    data = [packer.compress(sheet[:-100])]
    crc = zlib.crc32(sheet[:-100])
    for _ in range(300):
        data.append(packer.compress(bytes(MB)))
        crc = zlib.crc32(bytes(MB), crc)
    data.append(packer.flush())
    if checksum != "of all the data":  # the checksum of the 5,000 bytes the header declares
        crc = zlib.crc32((sheet[:-100] + bytes(5000))[:5000])
    entries = [
        (name, deflated(content), zlib.crc32(content), len(content))
        for name, content in parts.items()
        if name != GAMES
    ]
    entries.append((GAMES, b"".join(data), crc, 5000))
    path = tmp_path / "liar.xlsx"
    path.write_bytes(raw_zip(entries))
    code, err, peak = run(path, tmp_path, capsys)
    assert code == 1
    assert f"Error: sheet 'Games' ({GAMES}) is damaged: " in err
    if checksum == "of all the data":
        assert f"it cannot be unpacked (Bad CRC-32 for file '{GAMES}')" in err
    else:  # the 5,000 bytes end in zeros, where the sheet's XML should go on
        column = len(sheet) - 100 + 1
        assert f"line 1, column {column}: a character or a piece of markup that XML" in err
    assert peak < 30 * MB, peak  # at most the declared 5,000 bytes were unpacked


def test_the_limits_let_a_million_row_games_sheet_through():
    # Measured: bench/bench_pipeline.py's 1,000,000-row Games sheet (openpyxl) is 259 MB
    # unpacked, 25.8 MB packed (10:1); ten times that still fits every limit.
    assert limits.MAX_PART_SIZE >= 3 * 259 * MB
    assert limits.MAX_RATIO >= 10 * 10
    assert limits.MAX_PACKAGE_SIZE >= 2 * limits.MAX_PART_SIZE


# --- not a plain workbook ----------------------------------------------------------------------

XLSX_ADVICE = "not an .xlsx workbook; save it as Excel Workbook (.xlsx)"


def test_an_xlsm_is_refused_by_its_name(book, tmp_path, capsys):
    xlsm = book.rename(tmp_path / "season.xlsm")
    assert main([str(xlsm), "--out", str(tmp_path / "out")]) == 1
    assert f"Error: season.xlsm is {XLSX_ADVICE}" in capsys.readouterr().err


def test_macros_under_an_xlsx_name_are_refused_as_an_xlsm_is(book, tmp_path, capsys):
    path = rebuild(book, tmp_path / "season.xlsx", extra={"xl/vbaProject.bin": b"\xd0\xcf"})
    code, err, _peak = run(path, tmp_path, capsys)
    assert code == 1
    assert (
        "Error: season.xlsx is a macro-enabled workbook (it holds xl/vbaProject.bin),"
        f" {XLSX_ADVICE}" in err
    )


def test_a_macro_enabled_content_type_is_refused(book, tmp_path, capsys):
    main_type = b"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
    macro_type = b"application/vnd.ms-excel.sheet.macroEnabled.main+xml"
    edit = {"[Content_Types].xml": lambda data: data.replace(main_type, macro_type)}
    path = rebuild(book, tmp_path / "season.xlsx", edit)
    code, err, _peak = run(path, tmp_path, capsys)
    assert code == 1
    assert (
        "season.xlsx is a macro-enabled workbook (it holds xl/workbook.xml of type"
        f" application/vnd.ms-excel.sheet.macroEnabled.main+xml), {XLSX_ADVICE}" in err
    )


def test_a_binary_workbook_under_an_xlsx_name_is_refused(book, tmp_path, capsys):
    main_type = b"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
    binary = b"application/vnd.ms-excel.sheet.binary.macroEnabled.main"
    edit = {"[Content_Types].xml": lambda data: data.replace(main_type, binary)}
    path = rebuild(book, tmp_path / "season.xlsx", edit)
    code, err, _peak = run(path, tmp_path, capsys)
    assert code == 1
    assert f"season.xlsx is an Excel Binary Workbook (.xlsb), {XLSX_ADVICE}" in err


def test_a_password_protected_workbook_is_named_as_such(tmp_path, capsys):
    path = tmp_path / "locked.xlsx"
    path.write_bytes(limits.OLE_SIGNATURE + bytes(4000))  # an OLE file, as Excel encrypts
    code, err, _peak = run(path, tmp_path, capsys)
    assert code == 1
    assert "locked.xlsx is not an .xlsx workbook: it is password-protected, or an old" in err


def test_a_package_without_content_types_is_refused(book, tmp_path, capsys):
    path = tmp_path / "season.xlsx"
    with zipfile.ZipFile(book) as zin, zipfile.ZipFile(path, "w") as zout:
        for info in zin.infolist():
            if info.filename != "[Content_Types].xml":
                zout.writestr(info, zin.read(info))
    code, err, _peak = run(path, tmp_path, capsys)
    assert code == 1
    assert (
        "Error: season.xlsx is damaged: the part [Content_Types].xml (the parts' content types)"
        " is missing; open the workbook in Excel or LibreOffice, save it, and run again" in err
    )


def test_a_zip_of_other_files_is_not_called_a_damaged_workbook(tmp_path, capsys):
    path = tmp_path / "photos.xlsx"  # a zip of something else, renamed
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("holiday/beach.jpg", b"\xff\xd8")
        archive.writestr("notes.txt", "hi")
    code, err, _peak = run(path, tmp_path, capsys)
    assert code == 1
    assert err.splitlines()[0] == (
        "Error: photos.xlsx is not an Excel workbook (.xlsx): it is a zip archive of other"
        " files (such as 'holiday/beach.jpg') with none of a workbook's parts; choose the"
        " workbook itself"
    )
    assert not (tmp_path / "out").exists()


def test_a_file_that_is_not_a_zip(tmp_path, capsys):
    path = tmp_path / "notes.xlsx"
    path.write_text("Player,Score\nAnna,1\n")
    code, err, _peak = run(path, tmp_path, capsys)
    assert code == 1
    assert "notes.xlsx cannot be read as an Excel workbook (.xlsx): it is not a zip" in err


def test_the_message_catalogue_says_the_limits_in_danish_too():
    message = limits.size_problem("a.xlsx", zipfile.ZipFile(io.BytesIO(raw_zip([]))))
    assert message is None
    zipped = io.BytesIO(raw_zip([("x.xml", b"x" * 100, 0, 1_500_000_000)]))
    refused = limits.size_problem("a.xlsx", zipfile.ZipFile(zipped))
    assert refused is not None
    assert refused.render("da") == (
        "a.xlsx afvises uden at blive pakket ud: delen x.xml ville fylde 1500 MB udpakket,"
        " mere end de 1000 MB, en del må fylde"
    )


def test_a_workbook_cut_off_says_so(tmp_path, capsys):
    """An .xlsx copied or downloaded only in part begins as a zip but lacks its directory:
    the organiser is told it is cut off and to copy it again, not that it is no zip."""
    whole = (Path(__file__).resolve().parent.parent / "sample_sheets" / "season.xlsx").read_bytes()
    path = tmp_path / "season.xlsx"
    path.write_bytes(whole[: len(whole) // 2])
    code, err, _peak = run(path, tmp_path, capsys)
    assert code == 1
    assert err == (
        "Error: season.xlsx cannot be read as an Excel workbook (.xlsx): it is cut off (it"
        " begins as one, but its end is missing: a copy or a download stopped short); copy or"
        " download it again, or save it again from Excel or LibreOffice\n"
    )
    assert not (tmp_path / "out").exists()
