"""``mahjong-club watch``: real files written into a real folder, a real watchdog observer.

The stability interval is short (``SETTLE``) so that the tests are fast; everything else is as
a club machine runs it.
"""

from __future__ import annotations

import logging
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from mahjong_club.cli.failures import explain_write_failure, refused_paths
from mahjong_club.watch import Checks, Outcome, Watch, service
from process import main
from tests.builders import sheet_rows, write_workbook
from tests.test_cli_errors import league, set_cell

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "sample_sheets" / "season.xlsx"
SETTLE = 0.2


def wait_for(condition: Callable[[], object], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


class Running:
    """A watch running in a thread; ``outcomes`` in the order the runs ended."""

    def __init__(self, inbox: Path, out: Path) -> None:
        self.outcomes: list[Outcome] = []
        checks = Checks(refused_paths, explain_write_failure)
        self.watch = Watch(inbox, out, checks, settle=SETTLE, on_outcome=self.outcomes.append)
        self.thread = threading.Thread(target=self.watch.run, daemon=True)

    def names(self) -> list[str]:
        return [o.source.name for o in self.outcomes]


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path, Path]:
    inbox, out, staging = tmp_path / "inbox", tmp_path / "out", tmp_path / "staging"
    for folder in (inbox, out, staging):
        folder.mkdir()
    return inbox, out, staging


@pytest.fixture
def running(folders: tuple[Path, Path, Path]) -> Iterator[Running]:
    inbox, out, _ = folders
    watch = Running(inbox, out)
    watch.thread.start()
    time.sleep(SETTLE)  # the observer is started before run() lists the folder
    yield watch
    watch.watch.stop()
    watch.thread.join(10)
    assert not watch.thread.is_alive()


def save_as_excel_does(staging: Path, inbox: Path, sheets: dict, name: str = "season.xlsx"):
    """Write the workbook beside, then rename it over the inbox's (as Excel saves)."""
    built = write_workbook(staging / name, sheets)
    os.replace(built, inbox / name)
    return inbox / name


def shown_version(out_dir: Path) -> str:
    return os.readlink(out_dir / ".runs" / "current")


def test_a_workbook_written_slowly_is_processed_only_once_complete(running, folders):
    inbox, out, _ = folders
    data = SAMPLE.read_bytes()
    chunks = [data[i : i + len(data) // 4 + 1] for i in range(0, len(data), len(data) // 4 + 1)]
    assert len(chunks) == 4
    with open(inbox / "season.xlsx", "wb") as handle:
        for chunk in chunks[:-1]:
            handle.write(chunk)
            handle.flush()
            time.sleep(4 * SETTLE)  # the size stays the same well past the interval
            assert running.outcomes == []  # not a complete zip yet: waited for
        handle.write(chunks[-1])
    wait_for(lambda: running.outcomes)
    time.sleep(4 * SETTLE)
    assert running.names() == ["season.xlsx"]  # once
    outcome = running.outcomes[0]
    assert outcome.published, outcome.lines
    assert outcome.out_dir == out / "season"
    assert (out / "season" / "season.xlsx").read_bytes()[:2] == b"PK"
    assert (out / "season" / "report" / "index.html").is_file()
    assert not (inbox / "problems").exists()


def test_the_input_is_only_read(running, folders):
    inbox, out, staging = folders
    shutil.copy2(SAMPLE, staging / "season.xlsx")
    os.utime(staging / "season.xlsx", ns=(1_600_000_000_000_000_000, 1_600_000_000_000_000_000))
    os.replace(staging / "season.xlsx", inbox / "season.xlsx")
    before = (inbox / "season.xlsx").stat()
    wait_for(lambda: running.outcomes)
    after = (inbox / "season.xlsx").stat()
    assert running.outcomes[0].published
    assert (inbox / "season.xlsx").read_bytes() == SAMPLE.read_bytes()
    assert (after.st_mtime_ns, after.st_size, after.st_ino) == (
        before.st_mtime_ns,
        before.st_size,
        before.st_ino,
    )
    assert sorted(p.name for p in inbox.iterdir()) == ["season.xlsx"]
    assert (out / "season" / "season.xlsx").read_bytes() != SAMPLE.read_bytes()  # the copy


def cli_problems(tmp_path: Path, sheets: dict, capsys) -> list[str]:
    """What the command line prints about the same workbook (the last line is its summary)."""
    (tmp_path / "cli").mkdir()
    path = write_workbook(tmp_path / "cli" / "season.xlsx", sheets)
    capsys.readouterr()
    assert main([str(path), "--out", str(tmp_path / "cli-out")]) == 1
    return capsys.readouterr().err.splitlines()[:-1]


def test_a_damaged_workbook_then_a_good_one(running, folders, tmp_path, capsys):
    inbox, out, staging = folders
    save_as_excel_does(staging, inbox, league())
    wait_for(lambda: len(running.outcomes) == 1)
    assert running.outcomes[0].published
    good_version = shown_version(out / "season")
    good_workbook = (out / "season" / "season.xlsx").read_bytes()

    bad = set_cell(set_cell(league(), "Games", 2, 4, "lots"), "Players", 3, 0, None)
    save_as_excel_does(staging, inbox, bad)
    wait_for(lambda: len(running.outcomes) == 2)
    outcome = running.outcomes[1]
    assert not outcome.published
    assert outcome.errors >= 1
    text = (inbox / "problems" / "season.txt").read_text(encoding="utf-8")
    html = (inbox / "problems" / "season.html").read_text(encoding="utf-8")
    expected = cli_problems(tmp_path, bad, capsys)
    assert any("'lots'" in line and "row 3" in line for line in expected), expected
    for line in expected:  # the same messages as the command line
        assert line in text
        assert line.replace("'", "&#39;") in html
    assert "nothing was published, and the previous results stay" in text
    # the previous good results stay published
    assert shown_version(out / "season") == good_version
    assert (out / "season" / "season.xlsx").read_bytes() == good_workbook

    save_as_excel_does(staging, inbox, league())
    wait_for(lambda: len(running.outcomes) == 3)
    assert running.outcomes[2].published
    assert not (inbox / "problems" / "season.txt").exists()
    assert not (inbox / "problems" / "season.html").exists()
    assert shown_version(out / "season") != good_version


def test_a_file_that_is_no_workbook_at_all_gets_a_report(running, folders):
    inbox, out, _ = folders
    (inbox / "notes.xlsx").write_bytes(b"this is not a zip")  # waits `patience`, then reported
    wait_for(lambda: running.outcomes, timeout=30)
    assert not running.outcomes[0].published
    text = (inbox / "problems" / "notes.txt").read_text(encoding="utf-8")
    assert "Error: " in text.splitlines()[3]
    assert not (out / "notes").exists()


def test_lock_files_temporaries_and_subfolders_are_ignored(running, folders):
    inbox, out, _ = folders
    junk = ["~$season.xlsx", ".~lock.season.xlsx#", "season.xlsx.tmp", ".season.xlsx"]
    for name in junk:
        (inbox / name).write_bytes(SAMPLE.read_bytes())
    (inbox / "problems").mkdir()
    (inbox / "problems" / "old.xlsx").write_bytes(SAMPLE.read_bytes())
    (inbox / "archive").mkdir()
    (inbox / "archive" / "2024.xlsx").write_bytes(SAMPLE.read_bytes())
    shutil.copyfile(SAMPLE, inbox / "cup.xlsx")  # the one workbook
    wait_for(lambda: running.outcomes)
    time.sleep(6 * SETTLE)
    assert running.names() == ["cup.xlsx"]
    assert sorted(p.name for p in out.iterdir()) == ["cup"]
    for name in junk:  # left as they were
        assert (inbox / name).read_bytes() == SAMPLE.read_bytes()


def start_service(inbox: Path, out: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "mahjong_club", "watch", str(inbox), "--out", str(out)]
    return subprocess.Popen(
        [*command, "--settle", str(SETTLE)],
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )


def test_sigterm_stops_after_the_run_in_progress(folders):
    inbox, out, _ = folders
    shutil.copyfile(SAMPLE, inbox / "season.xlsx")  # there at start: processed once
    service = start_service(inbox, out)
    assert service.stderr is not None
    lines = []
    for line in service.stderr:
        lines.append(line)
        if "season.xlsx: processing" in line:
            service.send_signal(signal.SIGTERM)
            break
    _, rest = service.communicate(timeout=30)
    lines += rest.splitlines(keepends=True)
    assert service.returncode == 0, lines
    assert "published in" in lines[-2], lines  # the run finished, then the watch stopped
    assert lines[-1].rstrip().endswith("INFO stopped")
    assert (out / "season" / "season.xlsx").is_file()
    assert lines[0][:4].isdigit()  # each line has its time


def test_sigterm_stops_a_waiting_watch(folders):
    inbox, out, _ = folders
    service = start_service(inbox, out)
    assert service.stderr is not None
    first = service.stderr.readline()
    assert "watching" in first
    service.send_signal(signal.SIGTERM)
    _, rest = service.communicate(timeout=10)
    assert service.returncode == 0
    assert rest.rstrip().endswith("INFO stopped")


def test_help_says_the_workbooks_there_at_start_are_processed(capsys):
    with pytest.raises(SystemExit, match="0"):
        main(["watch", "--help"])
    assert "every workbook already there when it starts" in capsys.readouterr().out


def test_a_missing_inbox_is_a_usage_error(tmp_path, capsys):
    assert main(["watch", str(tmp_path / "nowhere"), "--out", str(tmp_path / "out")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_a_big_workbook_logs_its_progress_a_small_one_does_not(
    running, folders, caplog, monkeypatch
):
    inbox, _, staging = folders
    caplog.set_level(logging.INFO, logger="mahjong_club.watch")
    save_as_excel_does(staging, inbox, league())
    wait_for(lambda: len(running.outcomes) == 1)
    assert "Reading season.xlsx" not in caplog.text
    built = write_workbook(staging / "cup.xlsx", league())
    monkeypatch.setattr(service, "LONG_WORKBOOK", built.stat().st_size)  # this one is "big"
    os.replace(built, inbox / "cup.xlsx")
    wait_for(lambda: len(running.outcomes) == 2)
    logged = [r.getMessage() for r in caplog.records]
    progress = logged[logged.index("cup.xlsx: processing") + 1 :]
    assert progress[0] == "Reading cup.xlsx: 0/13 opening the file"
    done = [line for line in progress if line.endswith(": done")]
    assert done[:4] == [
        "Reading cup.xlsx: done",
        "Computing: done",
        "Preparing the results: done",
        "Making the emails: done",
    ]
    assert done[4].startswith("Writing ") and done[4].endswith("cup: done")


def test_a_workbook_saved_again_while_processed_gets_no_report_and_is_processed_again(
    running, folders, monkeypatch
):
    """An interrupted-runs trial's find (with the session's stamp check): a save while the
    watch processed the workbook gave a problems report ("saved again … run again", emailed
    with --email-problems) for a version already replaced; the new save is what counts."""
    from mahjong_club.watch import run as run_module

    inbox, out, staging = folders
    real, saves = run_module.build_outputs, []

    def saved_meanwhile(*args, **kwargs):
        built = real(*args, **kwargs)
        if not saves:  # the organiser saves once more after the first save was read
            changed = set_cell(league(), "Settings", 1, 1, "Saved meanwhile")
            saves.append(save_as_excel_does(staging, inbox, changed))
        return built

    reports = []
    real_report = service.write_report
    monkeypatch.setattr(run_module, "build_outputs", saved_meanwhile)
    monkeypatch.setattr(service, "write_report", lambda *a: reports.append(a) or real_report(*a))
    save_as_excel_does(staging, inbox, league())
    wait_for(lambda: any(o.published for o in running.outcomes))
    assert [o.published for o in running.outcomes] == [False, True]  # superseded, then shown
    assert reports == []  # no report (nor email) for the save already replaced
    shown = sheet_rows(out / "season" / "season.xlsx", "Settings")
    assert {"Key": "club", "Value": "Saved meanwhile"} in shown  # the new save's


def test_a_file_written_in_place_with_a_pause_gets_no_report(running, folders, monkeypatch):
    """An interrupted-runs trial's find: a workbook written in place (rsync --inplace, a sync
    tool) with a pause longer than --settle was read half-written and reported as damaged
    ("open it and save it again in Excel") while the rest of it was on its way. A failed run
    now waits --settle for the file to change before it reports."""
    inbox, _out, staging = folders
    good = write_workbook(staging / "season.xlsx", league()).read_bytes()
    middle = len(good) // 3
    half_written = good[:middle] + bytes(2000) + good[middle + 2000 :]  # a zip, its data not
    real_process, rest = service.process, []

    def process_then_the_rest_arrives(*args, **kwargs):
        outcome = real_process(*args, **kwargs)
        if not rest:  # the rest of the file is written a moment after the failed run

            def write_rest() -> None:
                time.sleep(SETTLE / 2)
                with (inbox / "season.xlsx").open("r+b") as handle:  # in place
                    handle.write(good)

            rest.append(threading.Thread(target=write_rest))
            rest[0].start()
        return outcome

    reports = []
    real_report = service.write_report
    monkeypatch.setattr(service, "process", process_then_the_rest_arrives)
    monkeypatch.setattr(service, "write_report", lambda *a: reports.append(a) or real_report(*a))
    (inbox / "season.xlsx").write_bytes(half_written)
    wait_for(lambda: any(o.published for o in running.outcomes))
    assert [o.published for o in running.outcomes] == [False, True]
    assert reports == []  # no "damaged" report for a file still being written
