"""A damaged or hostile part is a located error, never a traceback: each part the tool reads
is cut short, given stray markup or a wrong closing tag in a real workbook (as openpyxl and
as LibreOffice save it), and the command names the part (and the sheet) and where its XML
goes wrong. Entities are never expanded or fetched: an XXE payload pointing at a local file
and at a server on 127.0.0.1, and a billion-laughs payload, are refused unread."""

from __future__ import annotations

import http.server
import subprocess
import sys
import threading
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import ClassVar

import pytest

from mahjong_club.cli import main
from mahjong_club.ooxml.wellformed import xml_problem
from tests.builders import write_workbook
from tests.test_cli_errors import league
from tests.test_hostile_files import rebuild
from tests.test_xlsx_writer import run_soffice

ROOT = Path(__file__).resolve().parent.parent
SHEETS = {f"xl/worksheets/sheet{i}.xml": s for i, s in enumerate(league(), start=1)}
ROLES = {
    "[Content_Types].xml": "the parts' content types",
    "_rels/.rels": "where the workbook part is",
    "xl/workbook.xml": "the list of sheets",
    "xl/_rels/workbook.xml.rels": "where each sheet's part is",
    "xl/styles.xml": "the cell formats",
    "xl/sharedStrings.xml": "the texts of the cells",
}


def cut_short(data: bytes) -> bytes:
    return data[: len(data) * 2 // 3]


def stray_markup(data: bytes) -> bytes:
    at = data.rindex(b"</")
    return data[:at] + b"<<&&>>" + data[at:]


def wrong_closing_tag(data: bytes) -> bytes:
    at = data.rindex(b"</") + 2
    return data[:at] + b"x" + data[at:]


DAMAGE: dict[str, tuple[Callable[[bytes], bytes], str]] = {
    "cut short": (cut_short, "the XML ends too early (the file is cut off)"),
    "stray markup": (stray_markup, "a character or a piece of markup that XML does not allow"),
    "wrong closing tag": (wrong_closing_tag, "a closing tag does not match its opening tag"),
}


@pytest.fixture(scope="module")
def openpyxl_book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_workbook(tmp_path_factory.mktemp("openpyxl") / "season.xlsx", league())


@pytest.fixture(scope="module")
def libreoffice_book(openpyxl_book: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same workbook saved by LibreOffice: shared texts, an XML declaration per part."""
    folder = tmp_path_factory.mktemp("libreoffice")
    run_soffice(openpyxl_book, folder, "xlsx")
    return folder / "season.xlsx"


def refused(path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """Run the command on ``path``: exit 1, nothing written, no internal error; stderr."""
    out = tmp_path / "out"
    code = main([str(path), "--out", str(out)])
    captured = capsys.readouterr()
    assert code == 1, captured.err
    assert "Internal error" not in captured.err and "Traceback" not in captured.err
    assert not out.exists()
    return captured.err + captured.out


def expected(part: str) -> str:
    if part in SHEETS:
        return f"Error: sheet '{SHEETS[part]}' ({part}) is damaged: line "
    return f"Error: season.xlsx is damaged: the part {part} ({ROLES[part]}): line "


@pytest.mark.parametrize("damage", DAMAGE)
@pytest.mark.parametrize("part", [*ROLES, *SHEETS])
def test_a_damaged_part_is_named_with_where_its_xml_goes_wrong(
    openpyxl_book, libreoffice_book, tmp_path, capsys, part, damage
):
    edit, why = DAMAGE[damage]
    for saved_by, book in (("openpyxl", openpyxl_book), ("LibreOffice", libreoffice_book)):
        if part == "xl/sharedStrings.xml" and saved_by == "openpyxl":
            continue  # openpyxl writes every text in its cell
        (tmp_path / saved_by).mkdir()
        damaged = rebuild(book, tmp_path / saved_by / "season.xlsx", {part: edit})
        err = refused(damaged, tmp_path / saved_by, capsys)
        assert expected(part) in err, (saved_by, err)
        assert f": {why}; open the workbook in Excel or LibreOffice, save it, and run again" in err


def test_a_part_whose_packed_bytes_are_damaged(openpyxl_book, tmp_path, capsys):
    path = tmp_path / "season.xlsx"
    data = bytearray(openpyxl_book.read_bytes())
    at = data.index(b"xl/worksheets/sheet4.xml") + len("xl/worksheets/sheet4.xml") + 40
    data[at : at + 20] = bytes(20)  # zeros in the middle of the Games sheet's deflate stream
    path.write_bytes(bytes(data))
    err = refused(path, tmp_path, capsys)
    assert (
        "Error: sheet 'Games' (xl/worksheets/sheet4.xml) is damaged: it cannot be unpacked (" in err
    )


# --- entities ----------------------------------------------------------------------------------

SECRET = "T3-SECRET-81f0c2"


class _Recorder(http.server.BaseHTTPRequestHandler):
    requests: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        self.requests.append(self.path)
        self.send_response(200)
        self.end_headers()
        self.wfile.write(SECRET.encode())

    def log_message(self, *_args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[str]:
    """A web server on 127.0.0.1 that records every request; its address."""
    _Recorder.requests = []
    httpd = http.server.HTTPServer(("127.0.0.1", 0), _Recorder)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def xxe(secret_file: Path, server: str, root: bytes) -> bytes:
    return (
        b'<?xml version="1.0"?>\n<!DOCTYPE ' + root + b" [\n"
        b'<!ENTITY file SYSTEM "' + secret_file.as_uri().encode() + b'">\n'
        b'<!ENTITY web SYSTEM "' + server.encode() + b'/entity">\n'
        b'<!ENTITY % remote SYSTEM "' + server.encode() + b'/dtd"> %remote;\n]>\n'
    )


def billion_laughs(root: bytes) -> bytes:
    lines = [b'<!ENTITY lol0 "lol">']
    lines += [b'<!ENTITY lol%d "%s">' % (i, b"&lol%d;" % (i - 1) * 10) for i in range(1, 10)]
    return b"<!DOCTYPE " + root + b" [" + b"".join(lines) + b"]>"


def with_prolog(prolog: bytes, reference: bytes, anchor: bytes) -> Callable[[bytes], bytes]:
    """An edit: ``prolog`` before the document element, ``reference`` in place of ``anchor``."""

    def edit(data: bytes) -> bytes:
        assert anchor in data
        start = data.index(b"<", data.index(b"?>") + 2) if data.startswith(b"<?xml") else 0
        body = data[start:].replace(anchor, reference, 1)
        return prolog + body

    return edit


@pytest.mark.parametrize("payload", ["xxe", "billion laughs"])
@pytest.mark.parametrize("part", ["xl/worksheets/sheet4.xml", "xl/workbook.xml"])
def test_entities_are_never_expanded_or_fetched(
    openpyxl_book, tmp_path, capsys, server, part, payload
):
    secret_file = tmp_path / "secret.txt"
    secret_file.write_text(SECRET)
    root = b"worksheet" if "worksheets" in part else b"workbook"
    if payload == "xxe":
        prolog, reference = xxe(secret_file, server, root), b"&file;&web;"
    else:
        prolog, reference = billion_laughs(root), b"&lol9;"
    if root == b"worksheet":
        anchor, with_ref = b"<t>R1</t>", b"<t>" + reference + b"</t>"
    else:
        anchor, with_ref = b'name="Games"', b'name="' + reference + b'"'
    edit = {part: with_prolog(prolog, with_ref, anchor)}
    path = rebuild(openpyxl_book, tmp_path / "season.xlsx", edit)
    tracemalloc.start()
    try:
        err = refused(path, tmp_path, capsys)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    where = (
        "sheet 'Games' (xl/worksheets/sheet4.xml) is damaged"
        if root == b"worksheet"
        else ("season.xlsx is damaged: the part xl/workbook.xml (the list of sheets)")
    )
    assert (
        f"{where}: it has a document type declaration (<!DOCTYPE ...>), which spreadsheet files"
        " never have; it is refused so that no entity it declares is expanded or fetched" in err
    )
    assert SECRET not in err
    assert _Recorder.requests == []
    assert peak < 20_000_000  # a billion laughs would be gigabytes


def test_the_xml_check_stops_at_the_declaration():
    problem = xml_problem(billion_laughs(b"a") + b"<a>&lol9;</a>")
    assert problem is not None and problem.code == "hostile.xml_doctype"
    assert xml_problem(b"<a>&lol9;</a>") is not None  # an undeclared entity is an error too
    assert str(xml_problem(b"<a>&lol9;</a>")) == (
        "line 1, column 4: a reference to an undefined entity (&...;)"
    )


# --- a sheet spanning too many cells -----------------------------------------------------------


def test_a_value_in_the_last_cell_of_a_sheet_is_refused_not_a_crash(openpyxl_book, tmp_path):
    # python-calamine would ask for 512 GiB for this sheet and abort the process: run the
    # command in its own process, so a failure here cannot take the test run with it.
    far = b'<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row>'
    edit = {"xl/worksheets/sheet4.xml": lambda d: d.replace(b"</sheetData>", far + b"</sheetData>")}
    path = rebuild(openpyxl_book, tmp_path / "season.xlsx", edit)
    proc = subprocess.run(
        [sys.executable, str(ROOT / "process.py"), str(path), "--out", str(tmp_path / "out")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr == (
        "Error: sheet 'Games' (xl/worksheets/sheet4.xml) is refused: its cells reach down to row"
        " 1,048,576 and across to column XFD, 17,179,869,184 cells from A1, more than the"
        " 30,000,000 a sheet may span; delete what is typed far below or to the right of the"
        " table, and run again\n"
    )
    assert not (tmp_path / "out").exists()
