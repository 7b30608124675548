"""CLI: when the operating system refuses to write, a located message and exit 1, the previous
results untouched, never "Internal error". Each failure is made for real where Linux can make
it (the tests run as root, so no chmod: a file where a folder must be, a read-only or full
tmpfs mounted for the test, a name too long); a Windows lock is simulated, and says so."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from mahjong_club.common import publish
from process import main
from tests.builders import write_workbook
from tests.test_cli_errors import league


def snapshot(folder: Path) -> dict[str, tuple[int, int, str]]:
    """Every entry under ``folder`` (links not followed, ``.runs`` included): kind, size, mtime."""
    seen = {}
    for path in [folder, *folder.rglob("*")]:
        info = path.lstat()
        link = os.readlink(path) if path.is_symlink() else ""
        seen[str(path.relative_to(folder))] = (info.st_mode, info.st_mtime_ns, link)
    return seen


def shown(folder: Path) -> dict[str, bytes]:
    """What the organiser sees: every file through the links, without ``.runs``."""
    seen = {}
    for root, dirs, names in os.walk(folder, followlinks=True):
        dirs[:] = [d for d in dirs if d != ".runs"]
        for name in names:
            path = Path(root, name)
            seen[str(path.relative_to(folder))] = path.read_bytes()
    return seen


@pytest.fixture
def source(tmp_path: Path) -> Path:
    return write_workbook(tmp_path / "season.xlsx", league())


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run the command, expecting exit 1 and no internal error; its stderr."""
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 1, err
    assert "Internal error" not in err
    return err


def test_the_output_folder_is_a_file(source: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "results"
    out.write_text("a file")
    err = refused([str(source), "--out", str(out)], capsys)
    assert f"Error: {out} is a file, but the results need a folder there" in err
    assert out.read_text() == "a file"


def test_a_folder_of_the_output_path_is_a_file(source: Path, tmp_path: Path, capsys) -> None:
    (tmp_path / "club").write_text("a file")
    err = refused([str(source), "--out", str(tmp_path / "club" / "2026" / "out")], capsys)
    assert f"Error: {tmp_path / 'club'} is a file, but the results need a folder there" in err
    assert sorted(os.listdir(tmp_path)) == ["club", "season.xlsx"]


def test_a_path_too_long_for_the_system(source: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / ("x" * 300)
    err = refused([str(source), "--out", str(out)], capsys)
    assert "the path is too long for this system; choose a shorter --out folder" in err


@contextlib.contextmanager
def mounted_tmpfs(path: Path, options: str) -> Iterator[Path]:
    """A tmpfs at ``path`` for the test; the test is skipped where mounting is not permitted."""
    path.mkdir()
    if shutil.which("mount") is None:
        pytest.skip("no mount command")
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(path)],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"mounting a tmpfs is not permitted here: {done.stderr.decode().strip()}")
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], check=False)


def remount(path: Path, options: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{options}", str(path)], check=True)


def test_a_read_only_disk(source: Path, tmp_path: Path, capsys) -> None:
    with mounted_tmpfs(tmp_path / "stick", "size=4m") as stick:
        out = stick / "out"
        assert main([str(source), "--out", str(out)]) == 0
        before, seen = snapshot(out), shown(out)
        remount(stick, "ro")
        err = refused([str(source), "--out", str(out)], capsys)
        assert "cannot be written: the disk is read-only; choose another --out folder" in err
        assert f"Nothing in {out} was changed: it still holds the previous results." in err
        assert (snapshot(out), shown(out)) == (before, seen)


def test_a_full_disk(source: Path, tmp_path: Path, capsys) -> None:
    with mounted_tmpfs(tmp_path / "small", "size=1m") as disk:
        out = disk / "out"
        assert main([str(source), "--out", str(out)]) == 0
        seen = shown(out)
        versions = sorted(os.listdir(out / ".runs"))
        filler = disk / "filler"
        with contextlib.suppress(OSError), open(filler, "wb") as fill:
            while True:  # until the disk is full
                fill.write(b"\0" * 4096)
                fill.flush()
        err = refused([str(source), "--out", str(out)], capsys)
        assert re.search(rf"Error: the disk is full: {re.escape(str(out))}/\S+ could not be", err)
        assert ".runs" not in err  # the file as the organiser will find it
        assert "could not be written; free some space and run again" in err
        assert f"Nothing in {out} was changed" in err
        assert shown(out) == seen
        assert sorted(os.listdir(out / ".runs")) == versions  # the unfinished one is gone
        filler.unlink()
        assert main([str(source), "--out", str(out)]) == 0


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes in any folder")
def test_a_folder_without_permission(source: Path, tmp_path: Path, capsys) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o555)
    err = refused([str(source), "--out", str(locked / "out")], capsys)
    assert "cannot be written: permission denied" in err


def test_a_workbook_open_in_excel_on_windows(
    source: Path, tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Simulated: Linux has no mandatory locks. On Windows (no links: the outputs are replaced
    # one by one, the workbook first) replacing a workbook Excel has open fails with a sharing
    # violation, WinError 32.
    monkeypatch.setattr(publish, "_links_work", lambda _runs: False)
    out = tmp_path / "out"
    assert main([str(source), "--out", str(out)]) == 0
    seen = shown(out)
    real_replace = os.replace

    def open_in_excel(src: str | Path, dst: str | Path) -> None:
        if Path(dst) == out / "season.xlsx":
            why = "The process cannot access the file"
            error = PermissionError(errno.EACCES, why, str(src), None, str(dst))
            error.winerror = 32  # type: ignore[attr-defined] (set by Windows itself)
            raise error
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", open_in_excel)
    err = refused([str(source), "--out", str(out)], capsys)
    assert (
        f"Error: {out / 'season.xlsx'} is open in another program and cannot be replaced:"
        " close season.xlsx (in Excel, say) and run again"
    ) in err
    assert f"Nothing in {out} was changed" in err
    assert shown(out) == seen


@pytest.mark.parametrize("kind", ["symlink", "hard link"])
def test_the_output_is_the_input_through_a_link(
    source: Path, tmp_path: Path, capsys, kind: str
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (os.symlink if kind == "symlink" else os.link)(source, out / "season.xlsx")
    before = (source.read_bytes(), source.stat().st_mtime_ns)
    err = refused([str(source), "--out", str(out)], capsys)
    assert f"the output {out / 'season.xlsx'} would overwrite the organiser's workbook" in err
    assert (source.read_bytes(), source.stat().st_mtime_ns) == before
    assert os.listdir(out) == ["season.xlsx"]


def test_an_input_inside_the_versions_is_refused(source: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "out"
    assert main([str(source), "--out", str(out)]) == 0
    assert main([str(source), "--out", str(out)]) == 0
    current = publish.current_version(out / ".runs")
    [previous] = [v for v in os.listdir(out / ".runs") if v not in (current, "current", "lock")]
    kept = out / ".runs" / previous / "season.xlsx"
    err = refused([str(kept), "--out", str(out)], capsys)
    assert f"{kept} lies in {out / '.runs'}, which the tool clears on every run" in err
    assert kept.exists()


def test_the_input_is_never_touched(source: Path, tmp_path: Path) -> None:
    before = source.stat()
    data = source.read_bytes()
    assert main([str(source), "--out", str(tmp_path / "out")]) == 0
    after = source.stat()
    assert source.read_bytes() == data
    assert (after.st_ino, after.st_mtime_ns, after.st_nlink) == (
        before.st_ino,
        before.st_mtime_ns,
        before.st_nlink,
    )


def test_a_dry_run_writes_nothing_at_all(source: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "out"
    assert main([str(source), "--out", str(out), "--dry-run"]) == 0
    assert not out.exists()
    assert main([str(source), "--out", str(out)]) == 0
    before = snapshot(out)
    assert main([str(source), "--out", str(out), "--dry-run"]) == 0
    assert snapshot(out) == before
    assert f"would write {out / 'season.xlsx'}" in capsys.readouterr().out


def test_a_read_only_disk_without_earlier_results(source: Path, tmp_path: Path, capsys) -> None:
    with mounted_tmpfs(tmp_path / "stick", "ro,size=1m") as stick:
        err = refused([str(source), "--out", str(stick / "out")], capsys)
    assert err.endswith(
        f"Error: {stick / 'out'} cannot be written: the disk is read-only;"
        " choose another --out folder\nNothing was written.\n"
    )


def test_a_report_linked_to_a_folder_of_other_files(source: Path, tmp_path: Path, capsys) -> None:
    out, documents = tmp_path / "out", tmp_path / "Documents"
    documents.mkdir()
    (documents / "letter.odt").write_text("the organiser's")
    out.mkdir()
    os.symlink(documents, out / "report")
    err = refused([str(source), "--out", str(out)], capsys)
    assert (
        f"Error: {out / 'report'} points to {documents}, which holds files this tool did not"
        f" write; every run replaces that folder whole, so point {out / 'report'} at an empty"
        " folder\nNothing was written.\n"
    ) in err
    assert os.listdir(documents) == ["letter.odt"]
