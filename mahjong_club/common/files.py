"""Atomic writes: a crash or an error leaves the old file (or folder) or the new, never half.

The one place the tool writes files from:

- :func:`atomic_output` streams a file: a temporary file in the target's folder, fsync, rename,
  fsync of the folder;
- :func:`write_bytes_atomic` and :func:`write_text_atomic` write a whole file that way;
- :func:`write_tree` fills a new folder (the run's version folder, see
  :mod:`~mahjong_club.common.publish`), :func:`fsync_tree` makes it durable;
- :func:`swap_in` puts a complete folder in the place of another in one step (Linux
  ``renameat2(RENAME_EXCHANGE)``; elsewhere two renames), :func:`replace_folder` writes a whole
  folder that way; a symbolic link to the folder stays a link, its target gets the files.

A new file gets mode ``0o644``; a file that is replaced keeps its permission bits.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import re
import secrets
import shutil
import sys
import tempfile
from collections.abc import Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import BinaryIO

from mahjong_club.common.file_threads import SCRATCH_PREFIX, FileThreads, place_of

_NEW_FILE_MODE = 0o644
_NEW_FOLDER_MODE = 0o755


def fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable where the platform allows it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def located(exc: OSError, path: Path) -> OSError:
    """``exc`` naming ``path`` when it names no file (a failed write says only "disk full")."""
    if exc.filename is not None or exc.errno is None:
        return exc
    return type(exc)(exc.errno, exc.strerror, str(path))


def _mode_of(path: Path) -> int:
    """The permission bits to give the new ``path``: the old file's, else ``0o644``."""
    try:
        return path.stat().st_mode & 0o777
    except FileNotFoundError:
        return _NEW_FILE_MODE


@contextlib.contextmanager
def atomic_output(path: Path) -> Iterator[BinaryIO]:
    """Open a binary file that becomes ``path`` only when the ``with`` block ends normally.

    The data goes to a temporary file in ``path``'s folder (created when missing); at the end
    of the block it is flushed, fsynced and renamed over ``path``, and the folder is fsynced.
    When the block raises, the temporary file is removed and ``path`` is left as it was.

        >>> import tempfile
        >>> folder = Path(tempfile.mkdtemp())
        >>> with atomic_output(folder / "out.bin") as out:
        ...     _ = out.write(b"data")
        >>> (folder / "out.bin").read_bytes(), sorted(p.name for p in folder.iterdir())
        (b'data', ['out.bin'])
        >>> shutil.rmtree(folder)
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = _mode_of(path)
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w+b") as out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, mode)
        os.replace(temp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise located(exc, path) from exc
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    fsync_folder(path.parent)


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (see :func:`atomic_output`)."""
    with atomic_output(path) as out:
        out.write(data)


def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8, newlines as given) to ``path`` atomically."""
    write_bytes_atomic(path, text.encode("utf-8"))


def temp_name(name: str) -> str:
    """A hidden name for a temporary beside ``name``: ``.report.3f2a1c9e.tmp``.

    Every temporary of the tool is named so (:func:`atomic_output`'s too), so that a run can
    tell the left-overs of a killed run from the organiser's files: see :func:`is_temp_of`.
    """
    return f".{name}.{secrets.token_hex(4)}.tmp"


def is_temp_of(candidate: str, name: str) -> bool:
    """Whether ``candidate`` is a temporary made for ``name`` by this module (or, ``.name-…``,
    by the tool's versions before 0.3)."""
    ours = candidate.startswith(f".{name}.") and candidate.endswith(".tmp")
    return ours or candidate.startswith(f".{name}-")


def remove_tree(path: Path) -> None:
    """Remove a file, a link or a whole folder if it is there; errors are ignored."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        with contextlib.suppress(OSError):
            path.unlink()


def _inside(folder: Path, name: str) -> Path:
    """``folder / name`` for a relative name that stays inside ``folder``, on every system:
    no ``..`` part, nothing absolute, and no ``\\`` or ``:`` (on Windows a folder separator, a
    drive, ``C:x``, or a file's hidden stream), so a name means the same place everywhere."""
    parts = Path(name).parts
    if (
        not parts
        or Path(name).is_absolute()
        or "\\" in name
        or ":" in name
        or any(p in ("", ".", "..") for p in parts)
    ):
        raise ValueError(f"{name!r} is not a file name inside its folder")
    return folder.joinpath(*parts)


def write_tree(folder: Path, files: Mapping[str, str | bytes]) -> None:
    """Create ``folder`` (it may exist, empty) holding ``files``; :func:`fsync_tree` then
    makes them durable (every caller runs it before showing the folder: one flush per file,
    not two, for a federation's 21,000 pages and emails).

    ``files`` maps a relative name (``"players/ann.html"``; subfolders are created) to its
    content: text is written as UTF-8 with its newlines as given, bytes as they are. A name that
    would leave the folder (``../x``, ``/etc/x``) is refused with a ValueError. Many files are
    written on threads (:class:`TreeWriter`).
    """
    with TreeWriter(folder) as writer:
        for name, content in files.items():
            writer.write(name, content)


#: A writer's first this many files (distinct names) are written one by one, the others on
#: :data:`WRITE_THREADS` threads (a club's few pages never start a thread).
THREADED_FILES = 64
#: The threads that create a big tree's files (:mod:`~mahjong_club.common.file_threads`).
WRITE_THREADS = 16


class TreeWriter:
    """Files written into ``folder`` (created; it may exist) one at a time, as
    :func:`write_tree` writes them: for files made one by one (a site's pages as they are
    rendered) rather than held together. Used as a context manager: at its end every file is
    written (or the first failure raised); when the block raises, the files not yet written
    are dropped and no thread goes on writing.

    After the first :data:`THREADED_FILES` files, the files are created on ``threads``
    threads (:class:`~mahjong_club.common.file_threads.FileThreads`; 1: all here; where no
    thread can be started, here too), each file complete before its name appears; a failure
    is then raised by a later :meth:`write` or at the end. A file written again (the same
    place, however its name is spelt) waits for the files before it, so that its last
    content stays, as one by one. A process forked while the writer's threads run writes
    its own files on threads of its own, and calls :meth:`settle` before it reports them
    done."""

    def __init__(self, folder: Path, threads: int = WRITE_THREADS) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self._root = os.fspath(folder)
        self._made = {self._root}  # folders made already: each once, not once per file
        self._threads = threads
        self._written: set[str] = set()  # places written (place_of)
        self._pool: FileThreads | None = None
        self._pid = os.getpid()
        #: This writer's scratch folders' start (a forked process's too): no name the
        #: caller gives can be one by chance, and no other writer's is taken for one.
        self._scratch = f"{SCRATCH_PREFIX}{secrets.token_hex(6)}-"

    def __enter__(self) -> TreeWriter:
        return self

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        if error is None:
            self.close()
        else:
            self.abandon()

    def write(self, name: str, content: str | bytes) -> None:
        """Write file ``name`` (see :func:`write_tree`)."""
        path = target(self.folder, self._root, name)
        parent = os.path.dirname(path)
        if parent not in self._made:
            os.makedirs(parent, exist_ok=True)
            self._made.add(parent)
        data = content.encode("utf-8") if isinstance(content, str) else content
        pool = self._pool_for(path)
        if pool is not None:
            pool.put(path, data)
            return
        try:
            with open(path, "wb") as out:
                out.write(data)
        except OSError as exc:
            raise located(exc, Path(path)) from exc
        os.chmod(path, _NEW_FILE_MODE)

    def settle(self) -> None:
        """Wait until every file handed over is written, stop this process's threads and
        remove their scratch folders (the first failure raised)."""
        pool, self._pool = self._pool, None
        if pool is not None and not pool.forked():
            pool.close()

    def close(self) -> None:
        """:meth:`settle`; then, in the process that made the writer, remove any scratch
        folder of this writer's that a process forked from it left when it failed (it has
        ended: its files are written again here)."""
        self.settle()
        if os.getpid() != self._pid:
            return
        for entry in os.scandir(self._root):
            if entry.name.startswith(self._scratch) and entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path, ignore_errors=True)

    def abandon(self) -> None:
        """Stop: the files not yet written are dropped, this process's threads stopped."""
        pool, self._pool = self._pool, None
        if pool is not None and not pool.forked():
            pool.abandon()

    def _pool_for(self, path: str) -> FileThreads | None:
        """The threads to write the file at ``path`` on, None to write it here; a place
        written before waits for the files before it (the last content stays)."""
        if self._pool is not None and self._pool.forked():
            self._pool = None  # the threads of the process this one was forked from
        place = place_of(path)
        if place in self._written and self._pool is not None:
            self._pool.wait()
        self._written.add(place)
        if self._pool is None and self._threads > 1 and len(self._written) > THREADED_FILES:
            try:
                self._pool = FileThreads(self._root, self._threads, _NEW_FILE_MODE, self._scratch)
            except (OSError, RuntimeError):  # no scratch folder or thread: one by one
                self._threads = 1
        return self._pool


#: A name of plain parts (ASCII letters, digits, ``_``, ``-`` and ``.``, no part starting with
#: a dot): the names the tool gives its pages and emails, joined to their folder as text.
_PLAIN_NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9_.-]*(?:/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*")


def target(folder: Path, root: str, name: str) -> str:
    """Where :func:`write_tree` writes ``name`` in ``folder`` (``root`` is its text): a plain
    name joined as text (21,000 pages and emails: no path object each), any other as
    :func:`_inside` says, which refuses a name that would leave the folder.

    >>> target(Path("out"), "out", "players/ann.html") == os.path.join("out", "players/ann.html")
    True
    """
    if _PLAIN_NAME.fullmatch(name):
        return os.path.join(root, name)
    return os.fspath(_inside(folder, name))


#: Files flushed to disk at once (the disk takes several requests together: a federation's
#: 21,000 pages and emails flush about four times faster with 8 than one by one).
FSYNC_THREADS = 8


def fsync_tree(folder: Path) -> None:
    """Make everything under ``folder`` durable: every file, then every folder, deepest first."""
    walked = list(os.walk(folder, topdown=False))
    files = [
        path
        for root, _, names in walked
        for path in (os.path.join(root, name) for name in names)
        if not os.path.islink(path)
    ]
    if len(files) > FSYNC_THREADS:
        with ThreadPoolExecutor(FSYNC_THREADS) as pool:
            list(pool.map(fsync_file, files))
    else:
        for path in files:
            fsync_file(path)
    for root, _, _ in walked:
        fsync_folder(Path(root))


def fsync_file(path: str | Path) -> None:
    """Make the file at ``path`` durable."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def exchange(first: Path, second: Path) -> bool:
    """Swap two existing paths in one atomic step (Linux ``renameat2(RENAME_EXCHANGE)``).

    False when the system or the file system cannot (then nothing happened); an OSError for
    any other failure.
    """
    if sys.platform != "linux":
        return False
    renameat2 = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None)
    if renameat2 is None:  # a C library without it (musl)
        return False
    result = renameat2(
        _AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second), _RENAME_EXCHANGE
    )
    if result == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(first), None, str(second))


def swap_in(build: Path, target: Path, keep: Path | None = None) -> None:
    """Put the complete folder ``build`` (beside ``target``) in ``target``'s place.

    With an exchange (Linux) the path ``target`` never misses: it is the old folder, then the
    new. Elsewhere the old folder is renamed aside, then ``build`` into place: for that moment
    the path is missing (on an error the old one is put back). The old is removed, or kept at
    ``keep``."""
    old: Path | None = None
    if not os.path.lexists(target):
        os.rename(build, target)
    elif exchange(build, target):
        old = build  # which is the old folder now
    else:
        old = target.with_name(temp_name(target.name))
        os.rename(target, old)
        try:
            os.rename(build, target)
        except BaseException:
            os.rename(old, target)  # put the old folder back
            raise
    if old is not None and keep is not None:
        os.rename(old, keep)
    elif old is not None:
        remove_tree(old)
    fsync_folder(target.parent)


def replace_folder(target: Path, files: Mapping[str, str | bytes]) -> None:
    """Make ``target`` a folder holding exactly ``files`` (see :func:`write_tree`), atomically.

    The folder is built beside ``target`` and then swapped in (:func:`swap_in`), so a crash
    leaves the old folder or the new one, never a mix; on an error the old folder stays and
    nothing of the new remains. Whatever else was in the old folder is gone afterwards. When
    ``target`` is a symbolic link, the link stays and the folder it points to is replaced.
    """
    target = Path(os.path.realpath(target)) if Path(target).is_symlink() else Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    build = target.with_name(temp_name(target.name))
    try:
        write_tree(build, files)
        os.chmod(build, _NEW_FOLDER_MODE)
        fsync_tree(build)
        swap_in(build, target)
    except BaseException:
        remove_tree(build)
        raise
