"""Work that is the same for many items (pages, emails) done on two cores.

A forked child does every other item while this process does the rest; the results come back
in the items' order, exactly as one process makes them. Only where forking is safe: a machine
with two cores, a system with ``fork``, and a process with no other thread (the drop page and
the watch run in threads and stay on one core). Below a size the second process costs more
than it saves.

    >>> on_two_cores(["a", "b", "c"], str.upper, workers=1)
    ['A', 'B', 'C']
    >>> meanwhile(lambda: "read", lambda: "checked")
    ('read', 'checked')
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import pickle
import shutil
import signal
import stat
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TypeVar

if sys.platform != "win32":  # a second process needs fork: never on Windows
    import fcntl

T = TypeVar("T")
R = TypeVar("R")


def default_workers(items: int, threshold: int) -> int:
    """2 for ``threshold`` items or more on a machine with two cores whose process may fork
    (no other thread running), else 1."""
    if items < threshold or (os.cpu_count() or 1) < 2 or not hasattr(os, "fork"):
        return 1
    return 2 if threading.active_count() == 1 else 1


def on_two_cores(
    items: Sequence[T],
    work: Callable[[T], R],
    before: Callable[[T], None] | None = None,
    workers: int = 1,
) -> list[R]:
    """``work`` of every item, in the items' order; ``before`` is told each item once, before
    its work (the run's progress). With ``workers`` 2 a forked child does the odd-numbered
    items; when it fails, this process does them too (so any error shows here, as without a
    child). Results must pickle."""
    told = before or (lambda item: None)
    done = _forked(items, work, told) if workers > 1 else {}
    results: list[R] = []
    for number, item in enumerate(items):
        if number in done:
            results.append(done[number])
            continue
        told(item)
        results.append(work(item))
    return results


def may_fork() -> bool:
    """True where a forked second process can work beside this one: two cores, ``fork``, and
    no other thread in this process (see the module)."""
    return default_workers(1, 1) == 2


def meanwhile(
    theirs: Callable[[], R], ours: Callable[[], T], keep: Callable[[T], bool] = lambda _: True
) -> tuple[R | None, T]:
    """``theirs()`` done by a forked child while this process does ``ours()``; then, when
    ``keep`` (given ``ours``'s result) wants it, the child's result, else None and the child
    stopped at once. A child that fails gives None: its work is not done again here (it may
    be work this process must not do, such as reading a file not yet checked); nor is it
    when the process cannot fork. ``theirs``'s result must pickle."""
    remove_left_over()
    parent = os.getpid()
    end_with_parent = _parent_death_signal()  # looked up here: the child only calls it
    with tempfile.TemporaryDirectory(prefix=WORK_PREFIX) as folder, _in_use(Path(folder)):
        result = Path(folder) / "done.pickle"
        try:
            pid = os.fork()
        except OSError:  # no memory or processes left for a child: without it
            return None, ours()
        if pid == 0:  # the child: its result to the file, then out without cleaning up
            code = 1
            try:
                if end_with_parent is not None:
                    end_with_parent()
                if os.getppid() != parent:  # its run ended before that was in place
                    os._exit(1)
                # what it may meet (a damaged file) can end it loudly: not on the run's stderr
                os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
                with open(result, "wb") as out:
                    pickle.dump(theirs(), out, protocol=pickle.HIGHEST_PROTOCOL)
                code = 0
            finally:
                os._exit(code)
        wanted = False
        try:
            mine = ours()
            wanted = keep(mine)
        finally:  # an error that stops the run (Ctrl-C too), or not wanted: the child too
            status = _reaped(pid, stop=not wanted)
        if os.waitstatus_to_exitcode(status) == 0 and result.exists():
            with open(result, "rb") as handle:
                return pickle.load(handle), mine
    return None, mine


#: The start of a second process's work folder's name (in the system's temporary folder).
WORK_PREFIX = "mahjong-club-work-"
#: The file in a work folder that its run holds locked while it works.
IN_USE = "in-use"
#: A work folder without that file is left alone this long (it may be being made right now).
YOUNG_SECONDS = 600


@contextlib.contextmanager
def _in_use(folder: Path) -> Iterator[None]:
    """Hold ``folder``'s :data:`IN_USE` lock while the block runs (the child shares it): the
    next run sees a folder whose lock it can take as left over by a run that ended."""
    fd = os.open(folder / IN_USE, os.O_CREAT | os.O_RDWR, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def remove_left_over(folder: Path | None = None) -> list[Path]:
    """Remove the work folders that ended runs left in ``folder`` (the system's temporary
    folder): this user's folders (not links) whose :data:`IN_USE` lock nobody holds, or, made
    before that lock or killed before taking it, older than :data:`YOUNG_SECONDS`. Returns
    what was removed; never raises (whatever is there, the run goes on)."""
    removed: list[Path] = []
    try:
        entries = list((folder or Path(tempfile.gettempdir())).glob(f"{WORK_PREFIX}*"))
    except OSError:
        return removed
    for entry in entries:
        try:
            if _own_folder(entry) and not _held(entry):
                shutil.rmtree(entry, ignore_errors=True)
                removed.append(entry)
        except (OSError, ValueError):
            continue
    return removed


def _held(folder: Path) -> bool:
    """True when a running run holds ``folder``'s lock, or the folder may be being made."""
    try:
        fd = os.open(folder / IN_USE, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except FileNotFoundError:
        return time.time() - folder.lstat().st_mtime < YOUNG_SECONDS
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


def _own_folder(path: Path) -> bool:
    """True for a folder (not a link) of this user's."""
    info = path.lstat()
    return stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid()


def _reaped(pid: int, stop: bool) -> int:
    """The child's wait status once it has ended, stopped first when ``stop``; interrupted
    while waiting (Ctrl-C), the child is stopped and waited for before the interruption goes
    on: it never goes on alone, writing into a folder its run is removing."""
    if stop:
        os.kill(pid, signal.SIGKILL)
    try:
        return os.waitpid(pid, 0)[1]
    except BaseException:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        raise


#: Linux's ``prctl`` option: a signal for this process when the one that forked it ends.
_PR_SET_PDEATHSIG = 1


def _parent_death_signal() -> Callable[[], object] | None:
    """What a forked child calls to end when its run ends (killed with ``kill -9`` too)
    rather than go on alone writing the run's files: Linux's ``prctl``, looked up before the
    fork (loading a library in a forked child is unsafe); None elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    return lambda: prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


def _forked(items: Sequence[T], work: Callable[[T], R], told: Callable[[T], None]) -> dict[int, R]:
    """The odd-numbered items done in a forked child while this process does the even ones
    (:func:`meanwhile`); by item number; only this process's when the child failed."""

    def ours() -> dict[int, R]:
        done: dict[int, R] = {}
        for n in range(0, len(items), 2):
            told(items[n])
            done[n] = work(items[n])
        return done

    theirs, mine = meanwhile(lambda: {n: work(items[n]) for n in range(1, len(items), 2)}, ours)
    for n in theirs or {}:
        told(items[n])
    return {**mine, **(theirs or {})}
