"""A big tree's files written on threads (common/file_threads, common/files.TreeWriter): the
same files with the same bytes and modes as written one by one, whatever the names (folders,
a name written twice, names differing in case only); each file whole when its name appears;
a failure named by its file and raised, the threads stopped and no scratch folder left; a
block that raises stops the threads; a forked process writes its own files."""

from __future__ import annotations

import os
import threading
import time
import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_club.common import files
from mahjong_club.common.file_threads import SCRATCH_PREFIX, FileThreads
from mahjong_club.common.files import THREADED_FILES, TreeWriter, write_tree


def files_in(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every entry under ``folder`` by relative name: a file's bytes and mode (a folder's
    mode only, with no bytes)."""
    found: dict[str, tuple[bytes, int]] = {}
    for path in folder.rglob("*"):
        mode = path.stat().st_mode & 0o777
        found[path.relative_to(folder).as_posix()] = (
            (path.read_bytes(), mode) if path.is_file() else (b"", -1)
        )
    return found


def case_sensitive(folder: Path) -> bool:
    """True when the disk under ``folder`` tells ``a`` from ``A``."""
    (folder / "case-probe").write_bytes(b"")
    try:
        return not (folder / "CASE-PROBE").exists()
    finally:
        (folder / "case-probe").unlink()


def written(folder: Path, names: list[tuple[str, bytes]], threads: int) -> dict:
    with TreeWriter(folder, threads) as writer:
        for name, content in names:
            writer.write(name, content)
    return files_in(folder)


#: Page names: a handful of base names in a couple of folders, so that the same name (and
#: the same name in another case) comes again.
NAME = st.builds(
    lambda folder, base, upper: folder + (base.upper() if upper else base) + ".html",
    st.sampled_from(["", "players/", "players//", "./players/", "divisions/a/"]),
    st.sampled_from([f"p{n}" for n in range(40)] + ["index", "x-y_z"]),
    st.booleans(),
)


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.tuples(NAME, st.binary(max_size=300)), min_size=1, max_size=250),
    st.integers(0, 5),
)
def test_threads_write_what_one_by_one_writes(
    tmp_path_factory: pytest.TempPathFactory, names: list[tuple[str, bytes]], after: int
) -> None:
    base = tmp_path_factory.mktemp("tree")
    original = files.THREADED_FILES
    files.THREADED_FILES = after  # threads from the first few files on
    try:
        threaded = written(base / "threads", names, threads=4)
    finally:
        files.THREADED_FILES = original
    one_by_one = written(base / "one", names, threads=1)
    assert threaded == one_by_one
    if case_sensitive(base):  # the last content of a place stays, however it is spelt
        last = {os.path.normpath(name): content for name, content in names}
        assert {n: v for n, v in threaded.items() if v[1] != -1} == {
            n: (c, 0o644) for n, c in last.items()
        }
    assert not any(n.startswith(SCRATCH_PREFIX) for n in os.listdir(base / "threads"))


def test_a_big_tree_starts_threads_and_stops_them(tmp_path: Path) -> None:
    before = threading.active_count()
    seen: list[int] = []
    real = FileThreads.put

    def put(self: FileThreads, path: str, data: bytes) -> None:
        seen.append(threading.active_count())
        real(self, path, data)

    pages = {f"player-{n}.html": f"<p>{n}</p>" * n for n in range(THREADED_FILES + 100)}
    umask = os.umask(0o077)  # the files' mode is set, not left to the umask
    try:
        FileThreads.put = put  # type: ignore[method-assign]
        write_tree(tmp_path / "report", pages)
    finally:
        FileThreads.put = real  # type: ignore[method-assign]
        os.umask(umask)
    assert len(seen) == 100  # the first THREADED_FILES one by one, the rest on threads
    assert min(seen) == before + files.WRITE_THREADS
    assert threading.active_count() == before
    assert files_in(tmp_path / "report") == {
        name: (text.encode(), 0o644) for name, text in pages.items()
    }


def test_a_file_that_cannot_be_written_is_named_and_stops_the_writing(tmp_path: Path) -> None:
    before = threading.active_count()
    folder = tmp_path / "report"
    (folder / "page-0150.html").mkdir(parents=True)  # a folder where a page is to go
    pages = {f"page-{n:04d}.html": b"x" * 1000 for n in range(3000)}
    with pytest.raises(OSError, match="page-0150") as raised:  # Windows: PermissionError
        write_tree(folder, pages)
    assert raised.value.filename == os.fspath(folder / "page-0150.html")
    assert threading.active_count() == before
    names = os.listdir(folder)
    assert not any(n.startswith(SCRATCH_PREFIX) for n in names)
    # the writing stopped soon after (the files the other threads held may still have gone in)
    assert len(names) < 1000


def test_a_block_that_raises_stops_the_threads(tmp_path: Path) -> None:
    before = threading.active_count()
    folder = tmp_path / "report"

    def interrupted() -> None:
        with TreeWriter(folder) as writer:
            for n in range(THREADED_FILES + 500):
                writer.write(f"page-{n}.html", b"x" * 10_000)
            raise KeyboardInterrupt("Ctrl-C")

    with pytest.raises(KeyboardInterrupt, match="Ctrl-C"):
        interrupted()
    assert threading.active_count() == before
    count = len(os.listdir(folder))
    time.sleep(0.2)
    assert len(os.listdir(folder)) == count  # nothing goes on writing
    assert not any(n.startswith(SCRATCH_PREFIX) for n in os.listdir(folder))


def test_each_file_is_whole_when_its_name_appears(tmp_path: Path) -> None:
    folder = tmp_path / "report"
    folder.mkdir()
    size = 2_000_000
    threads = FileThreads(os.fspath(folder), 2, 0o644)
    seen: list[int] = []
    try:
        for n in range(12):
            threads.put(os.fspath(folder / f"big-{n}.bin"), bytes([n]) * size)
            seen += [p.stat().st_size for p in folder.glob("big-*.bin")]
    finally:
        threads.close()
    seen += [p.stat().st_size for p in folder.glob("big-*.bin")]
    assert set(seen) == {size}
    assert sorted(os.listdir(folder)) == sorted(f"big-{n}.bin" for n in range(12))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork is POSIX's")
def test_a_process_forked_from_a_writer_writes_its_own_files(tmp_path: Path) -> None:
    folder = tmp_path / "report"
    writer = TreeWriter(folder, threads=3)
    for n in range(THREADED_FILES + 50):  # the threads have started here
        writer.write(f"parent-{n}.html", b"p")
    with warnings.catch_warnings():  # Python 3.12 warns of forking with threads running
        warnings.simplefilter("ignore", DeprecationWarning)
        pid = os.fork()
    if pid == 0:  # the child: the parent's threads do not run here; its own do
        code = 1
        try:
            for n in range(300):
                writer.write(f"child-{n}.html", b"c" * 5000)
            writer.close()  # as the end of a with block would: the parent's threads go on
            code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    for n in range(100):  # the parent's scratch folders are still there
        writer.write(f"after-{n}.html", b"a")
    writer.close()
    names = sorted(os.listdir(folder))
    expected = [f"parent-{n}.html" for n in range(THREADED_FILES + 50)]
    expected += [f"child-{n}.html" for n in range(300)] + [f"after-{n}.html" for n in range(100)]
    assert names == sorted(expected)
    assert (folder / "child-299.html").read_bytes() == b"c" * 5000


def test_scratch_folders_a_failed_process_left_are_removed_at_the_end(tmp_path: Path) -> None:
    folder = tmp_path / "report"
    with TreeWriter(folder) as writer:
        left = folder / f"{writer._scratch}abc"  # a forked process's, left when it failed
        left.mkdir()
        (left / "7").write_bytes(b"half a page")
        writer.write(f"{SCRATCH_PREFIX}notes/readme.txt", "the caller's own")
        writer.write("index.html", "i")
    assert sorted(os.listdir(folder)) == [f"{SCRATCH_PREFIX}notes", "index.html"]
    assert (folder / f"{SCRATCH_PREFIX}notes" / "readme.txt").read_text() == "the caller's own"


@pytest.mark.parametrize("fails", ["scratch folder", "thread"])
def test_threads_that_cannot_start_leave_nothing_and_the_files_are_written_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fails: str
) -> None:
    from mahjong_club.common import file_threads

    before = threading.active_count()
    made: list[int] = []

    def third_fails() -> None:
        made.append(1)
        if len(made) == 3:
            raise (
                OSError(28, "No space left on device")
                if fails == "scratch folder"
                else (RuntimeError("can't start new thread"))
            )

    if fails == "scratch folder":
        real_mkdtemp = file_threads.tempfile.mkdtemp

        def mkdtemp(**kwargs: str) -> str:
            third_fails()
            return real_mkdtemp(**kwargs)

        monkeypatch.setattr(file_threads.tempfile, "mkdtemp", mkdtemp)
    else:
        real_start = threading.Thread.start

        def start(self: threading.Thread) -> None:
            third_fails()
            real_start(self)

        monkeypatch.setattr(threading.Thread, "start", start)
    pages = {f"page-{n}.html": f"<p>{n}</p>" for n in range(THREADED_FILES + 40)}
    write_tree(tmp_path / "report", pages)
    monkeypatch.undo()
    assert len(made) == 3  # one attempt at the threads, then one by one
    assert threading.active_count() == before
    assert files_in(tmp_path / "report") == {
        name: (text.encode(), 0o644) for name, text in pages.items()
    }


def test_a_place_written_again_under_another_spelling_keeps_its_last_content(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = FileThreads._write

    def write(self: FileThreads, temporary: str, path: str, data: bytes) -> None:
        if data == b"old":  # the first content is still being written when the second comes
            time.sleep(0.3)
        real(self, temporary, path, data)

    monkeypatch.setattr(FileThreads, "_write", write)
    with TreeWriter(tmp_path / "report") as writer:
        for n in range(THREADED_FILES + 10):
            writer.write(f"page-{n}.html", b"p")
        writer.write("players/ann.html", b"old")
        writer.write("players//ann.html", b"new")
    assert (tmp_path / "report" / "players" / "ann.html").read_bytes() == b"new"


def test_a_rename_a_scanner_holds_up_is_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mahjong_club.common import file_threads

    refused: list[str] = []
    real = os.replace

    def replace(source: str, target: str) -> None:
        if target.endswith("page-70.html") and len(refused) < 2:
            refused.append(target)  # a virus scanner has the new file open, twice
            raise PermissionError(13, "The process cannot access the file")
        real(source, target)

    monkeypatch.setattr(file_threads.os, "replace", replace)
    monkeypatch.setattr(file_threads, "RENAME_TRIES", 3)  # as on Windows
    pages = {f"page-{n}.html": f"<p>{n}</p>" for n in range(THREADED_FILES + 20)}
    write_tree(tmp_path / "report", pages)
    assert len(refused) == 2
    assert (tmp_path / "report" / "page-70.html").read_text() == "<p>70</p>"
    monkeypatch.setattr(file_threads, "RENAME_TRIES", 1)  # elsewhere: the first refusal stands
    refused.clear()
    with pytest.raises(PermissionError, match="page-70"):
        write_tree(tmp_path / "again", pages)
