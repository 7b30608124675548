"""A big sheet's XML is checked by a forked child while this process reads its columns
(``CheckedBook.check_while``): what is read is kept only when the check passes, a damaged
sheet is refused with the same message as when the check comes first, a sheet the check
finds error values in is read by rows, and a child that fails leaves the check to this
process. tests/test_columnar.py compares every reading both ways too."""

from __future__ import annotations

import fcntl
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

import pytest

from mahjong_club.common import parallel
from mahjong_club.pipeline import read_workbook
from mahjong_club.reading import columnar, opening, sheet_looks
from mahjong_club.reading import games as games_module
from mahjong_club.reading.tables import WorkbookError
from tests.builders import write_workbook
from tests.test_columnar import clean_rows, edited
from tests.test_games_fast import sheet

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="fork is POSIX's")


def test_meanwhile_gives_the_childs_result_and_ours():
    parent = os.getpid()
    theirs, ours = parallel.meanwhile(os.getpid, os.getpid)
    assert ours == parent != theirs  # theirs in the child


def test_a_failing_child_gives_nothing_and_its_work_is_not_done_here():
    parent = os.getpid()
    done_here: list[int] = []

    def theirs() -> int:
        done_here.append(os.getpid())
        if os.getpid() != parent:
            os.kill(os.getpid(), signal.SIGKILL)  # as a child the system stops (out of memory)
        return 7

    assert parallel.meanwhile(theirs, lambda: 8) == (None, 8)
    assert done_here == []  # the child's list, not ours


class Stop(Exception):
    pass


def test_an_error_here_stops_the_child_too():
    def ours() -> int:
        raise Stop("here")

    started = time.monotonic()
    with pytest.raises(Stop, match="here"):
        parallel.meanwhile(lambda: time.sleep(60) or 1, ours)
    assert time.monotonic() - started < 30  # the child was stopped, not waited for


def test_a_child_whose_result_is_not_wanted_is_stopped_at_once():
    started = time.monotonic()
    assert parallel.meanwhile(lambda: time.sleep(60) or 1, lambda: 0, keep=bool) == (None, 0)
    assert time.monotonic() - started < 30


def test_interrupted_while_waiting_the_child_is_stopped_and_waited_for(monkeypatch):
    real_wait = os.waitpid
    waits: list[int] = []

    def interrupted(pid: int, options: int) -> tuple[int, int]:
        waits.append(pid)
        if len(waits) == 1:
            raise KeyboardInterrupt("Ctrl-C")  # while this process waits for the child
        return real_wait(pid, options)

    monkeypatch.setattr(os, "waitpid", interrupted)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt, match="Ctrl-C"):
        parallel.meanwhile(lambda: time.sleep(60) or 1, lambda: 0)
    assert time.monotonic() - started < 30  # stopped, not waited for to the end
    assert len(waits) == 2 and waits[0] == waits[1]
    with pytest.raises(ChildProcessError, match="No child process"):
        real_wait(waits[0], os.WNOHANG)  # and reaped: nothing left behind


CHILD_OF_A_KILLED_RUN = """
import os, signal, sys, time
sys.path.insert(0, sys.argv[1])
from mahjong_club.common import parallel
mark = sys.argv[2]

def theirs():
    with open(mark, "w") as out:
        out.write(str(os.getpid()))
    time.sleep(60)
    return 1

def ours():
    while not os.path.exists(mark) or not open(mark).read():
        time.sleep(0.01)
    os.kill(os.getpid(), signal.SIGKILL)  # the run killed (kill -9) while its child works

parallel.meanwhile(theirs, ours)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's parent-death signal")
def test_the_child_of_a_killed_run_ends_with_it(tmp_path):
    mark = tmp_path / "child.pid"
    run = subprocess.run(
        [sys.executable, "-c", CHILD_OF_A_KILLED_RUN, str(ROOT), str(mark)], timeout=60
    )
    assert run.returncode == -signal.SIGKILL
    child = int(mark.read_text())
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and Path(f"/proc/{child}").exists():
        time.sleep(0.05)
    status = Path(f"/proc/{child}/status")
    assert not status.exists() or "Z (zombie)" in status.read_text()


def test_work_folders_left_by_ended_runs_are_removed(tmp_path, monkeypatch):
    prefix = parallel.WORK_PREFIX

    def folder(name: str, lock: bool = True, age: float = 0) -> Path:
        made = tmp_path / f"{prefix}{name}"
        made.mkdir()
        if lock:
            (made / parallel.IN_USE).touch()
        if age:
            os.utime(made, (time.time() - age, time.time() - age))
        return made

    ended = folder("ended")  # its run's lock is free: the run has ended
    (ended / "sub").mkdir()
    (ended / "done.pickle").write_bytes(b"half")
    in_use = folder("in-use")  # another run's, working now: its lock is held
    holder = os.open(in_use / parallel.IN_USE, os.O_RDWR)
    fcntl.flock(holder, fcntl.LOCK_EX)
    old = folder("olderversion", lock=False, age=parallel.YOUNG_SECONDS + 60)
    young = folder("being-made", lock=False)  # its run may be about to take the lock
    odd = [folder("99999999999999999999"), folder("\u00b2-x", lock=False)]
    a_file = tmp_path / f"{prefix}file"
    a_file.write_text("not a folder")
    a_link = tmp_path / f"{prefix}link"
    a_link.symlink_to(ended)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    try:
        assert parallel.meanwhile(lambda: 1, lambda: 2) == (1, 2)
    finally:
        os.close(holder)
    kept = {in_use, young, odd[1], a_file, a_link}
    assert set(tmp_path.iterdir()) == kept  # and the run's own work folder removed when done
    assert not ended.exists() and not old.exists() and not odd[0].exists()


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can give a folder away")
def test_another_users_work_folder_is_left_alone(tmp_path):
    theirs = tmp_path / f"{parallel.WORK_PREFIX}theirs"
    theirs.mkdir()
    (theirs / parallel.IN_USE).touch()
    os.chown(theirs, 4242, 4242)
    assert parallel.remove_left_over(tmp_path) == []
    assert theirs.is_dir()


def test_without_a_child_this_process_does_its_own_part(monkeypatch):
    def no_fork() -> int:
        raise OSError("no more processes")

    monkeypatch.setattr(os, "fork", no_fork)
    assert parallel.meanwhile(lambda: 1, lambda: 2) == (None, 2)


def read_by_columns(path: Path, monkeypatch: pytest.MonkeyPatch, meanwhile: bool) -> Any:
    """(games, problems, whether the columns were used, forks) reading ``path`` with the
    sheet's check in a forked child (``meanwhile``) or first."""
    monkeypatch.setattr(columnar, "COLUMNAR_BYTES", 0)
    monkeypatch.setattr(opening, "PARALLEL_CHECK_BYTES", 0 if meanwhile else 10**12)
    monkeypatch.setattr(opening, "may_fork", lambda: True)
    forks: list[bool] = []
    real_meanwhile = opening.meanwhile

    def spy_meanwhile(*args: Any, **kwargs: Any) -> Any:
        forks.append(True)  # called only where a child is forked
        return real_meanwhile(*args, **kwargs)

    monkeypatch.setattr(opening, "meanwhile", spy_meanwhile)
    taken: list[bool] = []
    real = columnar.read_columns
    monkeypatch.setattr(
        games_module, "read_columns", lambda *a: taken.append(real(*a) is not None) or real(*a)
    )
    try:
        season, problems = read_workbook(path)
    finally:
        monkeypatch.undo()
    return season.games, [p.render("en") for p in problems.items], taken, forks


def test_a_clean_big_sheet_is_read_while_checked(tmp_path, monkeypatch):
    path = write_workbook(tmp_path / "season.xlsx", sheet(clean_rows(12)))
    games, problems, taken, forks = read_by_columns(path, monkeypatch, meanwhile=True)
    assert taken == [True] and forks == [True]
    assert (games, problems) == read_by_columns(path, monkeypatch, meanwhile=False)[:2]
    assert len(games) == 12 and problems == []


def cut_short(xml: str) -> str:
    """The sheet's XML without its last 30 characters (a file cut off)."""
    return xml[:-30]


def mismatched(xml: str) -> str:
    """A row closed as a cell."""
    return xml.replace("</row>", "</c>", 1)


@pytest.mark.parametrize("change", [cut_short, mismatched])
def test_a_damaged_sheet_is_refused_as_when_checked_first(tmp_path, monkeypatch, change):
    path = edited(write_workbook(tmp_path / "season.xlsx", sheet(clean_rows(12))), change)
    said = []
    for meanwhile in (True, False):
        with pytest.raises(WorkbookError, match="Games") as refused:
            read_by_columns(path, monkeypatch, meanwhile)
        said.append(str(refused.value))
    assert said[0] == said[1]
    assert "Games" in said[0] and "xl/worksheets/sheet3.xml" in said[0]


def with_error_value(error: str) -> Any:
    def change(xml: str) -> str:
        """The second data row's score showing ``error``."""
        return xml.replace('<c r="E3"', '<c r="E3" t="e"><v>' + error + '</v></c><c r="Z3"', 1)

    return change


@pytest.mark.parametrize("error", ["#N/A", "#SPILL!"])
def test_error_values_found_meanwhile_leave_the_sheet_to_the_rows(tmp_path, monkeypatch, error):
    path = edited(
        write_workbook(tmp_path / "season.xlsx", sheet(clean_rows(12))), with_error_value(error)
    )
    with zipfile.ZipFile(path) as package:
        assert error.encode() in package.read("xl/worksheets/sheet3.xml")
    games, problems, taken, forks = read_by_columns(path, monkeypatch, meanwhile=True)
    assert taken == [False] and forks == [True]
    assert (games, problems) == read_by_columns(path, monkeypatch, meanwhile=False)[:2]
    assert any(error in p for p in problems)


def test_a_child_that_dies_reading_leaves_the_sheet_to_the_rows(tmp_path, monkeypatch):
    """As a child the system stops (out of memory): this process checks the sheet and reads
    it by rows, and reads the same games."""
    path = write_workbook(tmp_path / "season.xlsx", sheet(clean_rows(12)))
    expected = read_by_columns(path, monkeypatch, meanwhile=False)
    parent = os.getpid()
    real = opening.read_within

    def dies(data: bytes, read: Any) -> Any:
        if os.getpid() != parent:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(data, read)

    monkeypatch.setattr(opening, "read_within", dies)
    games, problems, taken, forks = read_by_columns(path, monkeypatch, meanwhile=True)
    assert taken == [False] and forks == [True]
    assert (games, problems) == expected[:2] and len(games) == 12


def error_in_a_column_of_ones_own(xml: str) -> str:
    """Row 3 ends with a cell showing #N/A in column H, a column no reader knows."""
    row = xml.index('<row r="3"')
    end = xml.index("</row>", row)
    return xml[:end] + '<c r="H3" t="e"><v>#N/A</v></c>' + xml[end:]


def test_an_error_value_the_columns_do_not_read_still_leaves_the_sheet_to_the_rows(
    tmp_path, monkeypatch
):
    path = edited(
        write_workbook(tmp_path / "season.xlsx", sheet(clean_rows(12))),
        error_in_a_column_of_ones_own,
    )
    games, problems, taken, forks = read_by_columns(path, monkeypatch, meanwhile=True)
    assert taken == [False] and forks == [True]
    assert (games, problems) == read_by_columns(path, monkeypatch, meanwhile=False)[:2]


def test_a_big_sheet_is_unpacked_once_for_the_formulas_and_its_check(tmp_path, monkeypatch):
    """The formulas' check hands a big sheet's bytes to the sheet's check (250 MB of XML take
    0.6 s to unpack); what no check takes is dropped when reading is done."""
    from mahjong_club.reading import formulas
    from mahjong_club.reading import tables as tables_module

    path = write_workbook(tmp_path / "season.xlsx", sheet(clean_rows(12)))
    monkeypatch.setattr(opening, "KEEP_UNPACKED_BYTES", 0)
    unpacked: list[str] = []
    real_read, real_unpack = formulas.read_part, opening._unpack
    monkeypatch.setattr(formulas, "read_part", lambda zf, e: unpacked.append(e) or real_read(zf, e))
    monkeypatch.setattr(opening, "_unpack", lambda zf, e: unpacked.append(e) or real_unpack(zf, e))
    books: list[Any] = []
    real_book = tables_module.open_book
    monkeypatch.setattr(
        tables_module, "open_book", lambda p: books.append(real_book(p)) or books[-1]
    )
    season, problems = read_workbook(path)
    assert len(season.games) == 12 and problems.items == []
    games_part = "xl/worksheets/sheet3.xml"
    assert unpacked.count(games_part) == 1  # by the formulas' check, then taken by its own
    assert books[0]._kept == {}  # the input sheets this run did not read are not held
    monkeypatch.setattr(opening, "KEEP_UNPACKED_BYTES", 10**12)
    unpacked.clear()
    again, _ = read_workbook(path)
    assert unpacked.count(games_part) == 2 and again.games == season.games


def test_a_kept_sheet_this_run_does_not_read_is_dropped(tmp_path, monkeypatch):
    """A tournament does not read a league's `Schedule` sheet: its bytes, kept by the formulas'
    check, are not held through the run."""
    import openpyxl

    from mahjong_club.reading import tables as tables_module

    book = openpyxl.load_workbook(ROOT / "sample_sheets" / "tournament.xlsx")
    book.create_sheet("Schedule").append(["Night", "Division", "Table", "Players"])
    path = tmp_path / "tournament.xlsx"
    book.save(path)
    monkeypatch.setattr(opening, "KEEP_UNPACKED_BYTES", 0)
    books: list[Any] = []
    real_book = tables_module.open_book
    monkeypatch.setattr(
        tables_module, "open_book", lambda p: books.append(real_book(p)) or books[-1]
    )
    season, _ = read_workbook(path)
    assert season.tournament
    assert books[0]._kept == {}


def too_far(xml: str) -> str:
    """Row 3 ends with a cell at XFD1048576 (well-formed, far beyond a sheet's span)."""
    row = xml.index('<row r="3"')
    end = xml.index("</row>", row)
    return xml[:end] + '<c r="XFD1048576"><v>1</v></c>' + xml[end:]


def too_far_and_damaged(xml: str) -> str:
    return mismatched(too_far(xml))


def duplicate_reference(xml: str) -> str:
    """A cell tag with its reference twice (not XML; calamine takes the second)."""
    return xml.replace('<c r="E3"', '<c r="E3" r="E3"', 1)


def no_space_before_the_reference(xml: str) -> str:
    """``<c s="0"r="…">``: not XML; a reader that wants a space before ``r`` misses it."""
    return re.sub(r'<c r="E3"( [^>]*)>', r'<c\1r="E3">', xml, count=1)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (too_far, "reach down to row 1,048,576"),
        (too_far_and_damaged, "damaged"),
        (duplicate_reference, "damaged"),
        (no_space_before_the_reference, "damaged"),
    ],
)
def test_a_sheet_refused_by_its_check_is_refused_alike_whatever_the_child_did(
    tmp_path, monkeypatch, change, said
):
    path = edited(write_workbook(tmp_path / "season.xlsx", sheet(clean_rows(12))), change)
    refused = []
    read_here: list[int] = []  # fastexcel's reads in this process (the child's stay there)
    real_read = columnar._read
    for meanwhile in (True, False):
        monkeypatch.setattr(
            columnar, "_read", lambda *a: read_here.append(os.getpid()) or real_read(*a)
        )
        with pytest.raises(WorkbookError, match="Games") as refusal:
            read_by_columns(path, monkeypatch, meanwhile)
        refused.append(str(refusal.value))
    assert refused[0] == refused[1] and said in refused[0]
    assert read_here == []  # no XML refused by the check was read in this process


def test_the_child_reads_no_sheet_whose_cells_reach_beyond_a_sheets_span(tmp_path):
    """calamine makes room for every cell up to the last: the child does not read a sheet
    reaching beyond what a sheet may span (its parent refuses it, and stops the child as
    soon as it knows, which may be before the child gets that far)."""
    path = write_workbook(tmp_path / "season.xlsx", sheet(clean_rows(12)))
    with zipfile.ZipFile(path) as package:
        xml = package.read("xl/worksheets/sheet3.xml").decode()
    read: list[Any] = []
    assert sheet_looks.read_within(too_far(xml).encode(), read.append) is None and read == []
    assert sheet_looks.read_within(xml.encode(), lambda shape: shape) == sheet_looks.first_shape(
        xml.encode()
    )


GAMES_PART = "xl/worksheets/sheet3.xml"


def rezipped(source: Path, target: Path, case: str) -> Path:
    """``source`` with a second way to the Games sheet that one reader would take and
    another not (see the cases of the test below)."""
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w") as out:
        for info in zin.infolist():
            data = zin.read(info.filename)
            name = info.filename
            if name == "xl/_rels/workbook.xml.rels" and case in ("percent", "entity"):
                new = b"sheet%33.xml" if case == "percent" else b"sheet&#51;.xml"
                data = data.replace(b"sheet3.xml", new)
            if name == "_rels/.rels" and case == "book":
                data = data.replace(b'Target="xl/workbook.xml"', b'Target="xl/book.xml"')
            if case == "book" and name in ("xl/workbook.xml", "xl/_rels/workbook.xml.rels"):
                out.writestr(name.replace("workbook.xml", "book.xml"), data)
            if case == "missing" and name == GAMES_PART:
                continue
            out.writestr(name, data)
        extra = {
            "backslash": GAMES_PART.replace("/", "\\"),
            "percent": "xl/worksheets/sheet%33.xml",
            "entity": "xl/worksheets/sheet&#51;.xml",
        }.get(case)
        if extra is not None:
            out.writestr(extra, zin.read(GAMES_PART))
    return target


@pytest.mark.parametrize(
    ("case", "said"),
    [
        ("backslash", "has a backslash"),
        ("percent", "escaped character"),
        ("entity", "escaped character"),
        ("book", "not a part named workbook.xml"),
        ("missing", "its part is not in the file"),
    ],
)
def test_a_sheet_readers_could_find_in_another_part_is_refused(tmp_path, capsys, case, said):
    """The check reads the part the package names; calamine finds a sheet its own way
    (a backslash as a folder, a target not unescaped, always ``workbook.xml``): where the
    two could differ, the file is refused, so no reader reads XML the check has not read."""
    from process import main

    source = write_workbook(tmp_path / "season.xlsx", sheet(clean_rows(4)))
    path = rezipped(source, tmp_path / "two-ways.xlsx", case)
    assert main([str(path), "--out", str(tmp_path / "out"), "-q"]) == 1
    err = capsys.readouterr().err
    assert said in err and "Internal error" not in err
    assert not (tmp_path / "out").exists()


def test_what_the_child_says_on_its_stderr_is_not_the_runs(capfd):
    def theirs() -> int:
        os.write(2, b"a crash report of the child\n")
        os.kill(os.getpid(), signal.SIGKILL)
        return 1

    assert parallel.meanwhile(theirs, lambda: 2) == (None, 2)
    assert "crash report" not in capfd.readouterr().err


def test_the_texts_part_calamine_opens_by_its_name_is_checked(tmp_path, capsys):
    """calamine reads ``xl/sharedStrings.xml`` whatever the workbook's relationships name (a
    LibreOffice file with the relationship renamed showed it): that part is checked too."""
    from process import main

    source = write_workbook(tmp_path / "season.xlsx", sheet(clean_rows(4)))
    path = tmp_path / "texts.xlsx"
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(path, "w") as out:
        for name in zin.namelist():
            out.writestr(name, zin.read(name))
        out.writestr("xl/sharedStrings.xml", b'<?xml version="1.0"?><sst><si><t>a</sst>')
    assert main([str(path), "--out", str(tmp_path / "out"), "-q"]) == 1
    err = capsys.readouterr().err
    assert "xl/sharedStrings.xml" in err and "does not match" in err
