"""Many new files written on threads: a federation's outbox of 10,000 emails.

Creating a file costs the system far more than copying its bytes (allocating its inode, a
journal entry): on the benchmark machine's disk 0.1 to 0.9 ms a file, mostly the system's
time on a core, some of it waiting. A folder takes one new file at a time, and a run's
files all go into one folder or two; so each thread creates its files in a scratch folder
of its own inside the target folder and renames each, once written, into its place (a
rename is cheap). Where a core is free, as when the outbox's emails, held ready, are
written, 11,000 files of 46 KB and their flush took 0.54 of the time (3.3 s against 6.1 s,
``bench/bench_files.py``). Where both cores are busy rendering the site's pages it gains
nothing (measured slower: the threads only share out the same system time and wait for
Python's lock), and the pages are written one by one. Git's parallel checkout
(``checkout.workers``) works around the same cost of creating many files with workers.

A file is complete when its name appears (it is renamed into place only once written), it
gets the permission bits given, and nothing is flushed here: the caller's
:func:`~mahjong_club.common.files.fsync_tree` flushes the whole folder before it is shown,
as for files written one by one.

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> threads = FileThreads(folder, 2, 0o644)
    >>> for n in range(5):
    ...     threads.put(os.path.join(folder, f"page-{n}.html"), b"<p>hello</p>")
    >>> threads.close()
    >>> sorted(os.listdir(folder))
    ['page-0.html', 'page-1.html', 'page-2.html', 'page-3.html', 'page-4.html']
    >>> shutil.rmtree(folder)
"""

from __future__ import annotations

import os
import queue
import shutil
import sys
import tempfile
import threading
import time
import unicodedata

#: The start of a thread's scratch folder's name: a name the tool never gives a file (its
#: names never start with a dot), so no written file can meet one.
SCRATCH_PREFIX = ".writing-"
#: Files waiting for a thread, per thread: the rendered pages held at once stay a few MB.
WAITING_PER_THREAD = 2

_Item = tuple[str, bytes] | None
#: On Windows a file just written may be held open a moment by a virus scanner or the
#: search indexer, and renaming it then fails: the rename is tried again this many times,
#: a tenth of a second apart (as pip does). Elsewhere a failed rename is final.
RENAME_TRIES = 10 if sys.platform == "win32" else 1


class FileThreads:
    """Files written into ``folder`` (a path's text) by ``threads`` threads, each created in
    the thread's scratch folder in ``folder`` (named ``prefix`` and a random part) and
    renamed to its path (in ``folder`` or one of its subfolders, which must exist).
    :meth:`put` hands a file over; :meth:`close` waits for all and removes the scratch
    folders; :meth:`abandon` stops. A failure (an ``OSError`` naming the file's path) is
    raised by the next :meth:`put`, :meth:`wait` or :meth:`close`; the files handed over
    after it are not written (those other threads are writing at that moment may be).

    When the threads cannot all be started (no scratch folder can be made, the system
    allows no more threads), the error is raised and nothing is left behind: no folder, no
    thread."""

    def __init__(self, folder: str, threads: int, mode: int, prefix: str = SCRATCH_PREFIX) -> None:
        self._mode = mode
        self._pid = os.getpid()
        self._queue: queue.Queue[_Item] = queue.Queue(WAITING_PER_THREAD * threads)
        self._failed: OSError | None = None
        self._stop = False
        self._scratch: list[str] = []
        self._threads: list[threading.Thread] = []
        try:
            for _ in range(threads):
                scratch = tempfile.mkdtemp(prefix=prefix, dir=folder)
                self._scratch.append(scratch)
                thread = threading.Thread(target=self._work, args=(scratch,), daemon=True)
                thread.start()
                self._threads.append(thread)
        except BaseException:
            self._end()
            raise

    def forked(self) -> bool:
        """True in a process forked after these threads started: they are not running here."""
        return os.getpid() != self._pid

    def put(self, path: str, data: bytes) -> None:
        """Write ``data`` as the new file ``path``, on a thread (waits while the threads are
        :data:`WAITING_PER_THREAD` files behind)."""
        self._raise_failure()
        self._queue.put((path, data))

    def wait(self) -> None:
        """Wait until every file handed over is written (or has failed)."""
        self._queue.join()
        self._raise_failure()

    def close(self) -> None:
        """Wait for every file, stop the threads and remove their scratch folders; the first
        failure is raised (after the threads have stopped)."""
        try:
            self._queue.join()
        finally:
            self._end()
        self._raise_failure()

    def abandon(self) -> None:
        """Stop the threads (the files still waiting are not written; those being written
        are finished) and remove their scratch folders: for a run that stops (an error,
        Ctrl-C), so that no thread goes on writing into a folder its run is about to
        remove."""
        self._stop = True
        while True:
            try:
                self._queue.get_nowait()
            except queue.Empty:
                break
            self._queue.task_done()
        self._end()

    def _end(self) -> None:
        for _ in self._threads:
            self._queue.put(None)
        for thread in self._threads:
            thread.join()
        for scratch in self._scratch:
            shutil.rmtree(scratch, ignore_errors=True)

    def _raise_failure(self) -> None:
        if self._failed is not None:
            raise self._failed

    def _work(self, scratch: str) -> None:
        """One thread: each file created as ``scratch/N``, written, given its mode and
        renamed to its path."""
        count = 0
        while (item := self._queue.get()) is not None:
            try:
                if self._failed is None and not self._stop:
                    count += 1
                    self._write(os.path.join(scratch, str(count)), *item)
            finally:
                self._queue.task_done()
        self._queue.task_done()

    def _write(self, temporary: str, path: str, data: bytes) -> None:
        try:
            with open(temporary, "wb") as out:
                out.write(data)
            os.chmod(temporary, self._mode)
            _replace(temporary, path)
        except Exception as exc:  # a thread that died would leave its files unwritten
            if self._failed is None:  # said of the file being written, not of its scratch
                self._failed = _named(exc, path)


def _named(exc: Exception, path: str) -> OSError:
    """A failure to write ``path`` as an ``OSError`` naming it (the error it comes from as
    its cause)."""
    if isinstance(exc, OSError) and exc.errno is not None and exc.strerror is not None:
        named = OSError(exc.errno, exc.strerror, path)
    else:
        named = OSError(f"{path}: {exc!r}")
    named.__cause__ = exc
    return named


def place_of(path: str) -> str:
    """The place ``path`` names, as a disk that ignores letter case or Unicode form sees it
    (for two spellings of one file to be written in turn, never side by side).

    >>> place_of("out/Players//Åse.html") == place_of("out/players/A\u030ase.html")
    True
    """
    return unicodedata.normalize("NFC", os.path.normcase(os.path.normpath(path))).casefold()


def _replace(temporary: str, path: str) -> None:
    """Rename ``temporary`` to ``path`` (see :data:`RENAME_TRIES`)."""
    for tried in range(1, RENAME_TRIES + 1):
        try:
            os.replace(temporary, path)
            return
        except PermissionError:
            if tried == RENAME_TRIES:
                raise
            time.sleep(0.1)
