"""The watch service: every workbook written or replaced in the inbox is processed once it is
completely written.

The file system tells (watchdog: inotify, FSEvents, ReadDirectoryChangesW) which files of the
inbox changed; nothing scans the folder. A workbook is *complete* when its size and time have
not changed for ``settle`` seconds and it opens as a zip (its central directory, written last,
is there). A file that stays the same but never becomes a zip is processed after ``patience``
seconds anyway, so that a damaged file gets its problems report instead of waiting forever.

Only the inbox's own ``.xlsx`` files count: Excel's ``~$`` lock files, LibreOffice's
``.~lock.…#``, hidden files and temporaries (``.…``, ``….tmp``) and every subfolder (the
``problems`` reports among them) are ignored. Each version of a workbook (its size and time)
is processed once; the inbox is only read, except for ``problems/``. A big workbook
(:data:`~mahjong_club.common.progress.LONG_WORKBOOK` bytes or more) logs its progress, a line
per step.

:meth:`Watch.stop` may be called from a signal handler: it only sets a flag, which the loop
looks at between runs, so a run in progress finishes.
"""

from __future__ import annotations

import logging
import os
import stat
import time
import zipfile
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from watchdog.events import (
    FileClosedEvent,
    FileCreatedEvent,
    FileDeletedEvent,
    FileModifiedEvent,
    FileMovedEvent,
    FileSystemEvent,
    FileSystemEventHandler,
)
from watchdog.observers import Observer

from mahjong_club.capabilities import Options
from mahjong_club.common.progress import LONG_WORKBOOK, Lines, Progress
from mahjong_club.messages import watch as texts
from mahjong_club.messages.core import say
from mahjong_club.messages.terminal import WARNINGS, counted
from mahjong_club.watch.mail import ProblemMail
from mahjong_club.watch.report import remove_report, write_report
from mahjong_club.watch.run import Checks, Outcome, error_line, out_dir_of, process

LOG = logging.getLogger("mahjong_club.watch")

#: A file's version: its size and modification time (ns).
Signature = tuple[int, int]

#: The events that can mean a workbook was written, replaced or removed (not our own reads).
EVENTS: list[type[FileSystemEvent]] = [
    FileCreatedEvent,
    FileModifiedEvent,
    FileMovedEvent,
    FileClosedEvent,
    FileDeletedEvent,
]


def is_workbook_name(name: str) -> bool:
    """Whether a file of the inbox called ``name`` is a workbook to process.

    >>> [is_workbook_name(n) for n in ["season.xlsx", "Cup.XLSX", "~$season.xlsx"]]
    [True, True, False]
    >>> [is_workbook_name(n) for n in [".~lock.season.xlsx#", ".season.xlsx", "a.xlsx.tmp"]]
    [False, False, False]
    """
    lower = name.lower()
    hidden = name.startswith((".", "~$"))
    return lower.endswith(".xlsx") and not hidden and not lower.endswith(".tmp")


def signature(path: Path) -> Signature | None:
    """The version of the regular file at ``path``, or None when there is none."""
    try:
        info = path.stat()
    except OSError:
        return None
    return (info.st_size, info.st_mtime_ns) if stat.S_ISREG(info.st_mode) else None


def is_complete_zip(path: Path) -> bool:
    """Whether ``path`` opens as a zip with at least one entry (its end is written)."""
    try:
        with zipfile.ZipFile(path) as archive:
            return bool(archive.namelist())
    except (OSError, zipfile.BadZipFile, ValueError):
        return False


@dataclass
class Pending:
    """A workbook that changed: its last version seen, and since when (monotonic seconds)."""

    signature: Signature
    since: float
    told: bool = False


def _progress(version: Signature) -> Progress | None:
    """A big workbook's steps as log lines (long work: :data:`LONG_WORKBOOK` bytes or more)."""
    if version[0] < LONG_WORKBOOK:
        return None
    return Progress(Lines(LOG.info))


class _Handler(FileSystemEventHandler):
    """Hands every path an event names to the watch (from watchdog's thread)."""

    def __init__(self, note: Callable[[Path], None]) -> None:
        self._note = note

    def on_any_event(self, event: FileSystemEvent) -> None:
        for named in (event.src_path, event.dest_path):
            if named:
                self._note(Path(os.fsdecode(named)))


class Watch:
    """Watch ``inbox``, publish each workbook's results in ``out_root/<name>/``."""

    def __init__(
        self,
        inbox: Path,
        out_root: Path,
        checks: Checks,
        settle: float = 2.0,
        options: Options | None = None,
        on_outcome: Callable[[Outcome], None] | None = None,
        problem_mail: ProblemMail | None = None,
    ) -> None:
        self.inbox = Path(os.path.abspath(inbox))
        self.out_root = out_root
        self.checks = checks
        self.settle = settle
        self.patience = 10 * settle
        self.tick = min(0.25, settle / 4)
        self.options = options
        self.on_outcome = on_outcome
        self.problem_mail = problem_mail
        self.stopping = False
        self._events: deque[Path] = deque()  # appended by watchdog's thread
        self._pending: dict[Path, Pending] = {}
        self._done: dict[Path, Signature] = {}

    def note(self, path: Path) -> None:
        """A file of the inbox may have changed (thread-safe)."""
        self._events.append(path)

    def stop(self) -> None:
        """Stop after the run in progress (safe in a signal handler: it only sets a flag)."""
        self.stopping = True

    def stopped(self) -> bool:
        """Whether :meth:`stop` was called (asked afresh each time: a signal may come)."""
        return self.stopping

    def run(self) -> None:
        """Watch until :meth:`stop`; every workbook already there is processed once too."""
        observer = Observer()
        observer.schedule(
            _Handler(self.note), str(self.inbox), recursive=False, event_filter=EVENTS
        )
        observer.start()
        try:
            for entry in sorted(self.inbox.iterdir()):
                self.note(entry)
            LOG.info(say(texts.STARTED, inbox=self.inbox, out=self.out_root))
            while not self.stopped():
                time.sleep(self.tick)
                self._take_events()
                for path in self._due():
                    if self.stopped():
                        break
                    self._run(path)
        finally:
            observer.stop()
            observer.join()
            LOG.info(say(texts.STOPPED))

    def _take_events(self) -> None:
        now = time.monotonic()
        while self._events:
            path = Path(os.path.abspath(self._events.popleft()))
            if path.parent != self.inbox or not is_workbook_name(path.name):
                continue
            version = signature(path)
            if version is None:  # removed (or a folder): forget it
                self._pending.pop(path, None)
                self._done.pop(path, None)
                continue
            known = self._pending.get(path)
            if known is None or known.signature != version:
                self._pending[path] = Pending(version, now)

    def _due(self) -> list[Path]:
        """The pending workbooks that are complete now (or will never be)."""
        now, ready = time.monotonic(), []
        for path, pending in list(self._pending.items()):
            version = signature(path)
            if version is None or self._done.get(path) == version:
                del self._pending[path]
                continue
            if version != pending.signature:
                pending.signature, pending.since = version, now
                continue
            if now - pending.since < self.settle:
                continue
            if not is_complete_zip(path):
                if now - pending.since < self.patience:
                    continue
                LOG.warning(say(texts.NOT_A_ZIP_YET, name=path.name, seconds=self.patience))
            del self._pending[path]
            self._done[path] = version
            ready.append(path)
        return sorted(ready)

    def _run(self, path: Path) -> None:
        """Process one workbook; whatever happens, the watch goes on."""
        version = self._done[path]
        read = time.time()
        LOG.info(say(texts.PROCESSING, name=path.name))
        try:
            outcome = process(path, self.out_root, self.checks, self.options, _progress(version))
        except Exception as exc:  # a bug must not stop the service: logged, reported
            LOG.exception(say(texts.INTERNAL_ERROR, name=path.name, error=repr(exc)))
            outcome = Outcome(path, out_dir_of(path, self.out_root), errors=1)
            outcome.lines = [error_line(say(texts.INTERNAL_ERROR, name=path.name, error=exc))]
        if not outcome.published and self._changes(path, version):  # superseded: no report,
            LOG.info(say(texts.SAVED_MEANWHILE, name=path.name))  # no email; the new one next
            if self.on_outcome is not None:
                self.on_outcome(outcome)
            return
        try:
            self._report(outcome, version[1] / 1e9, read)
        except OSError as exc:
            LOG.error(error_line(str(exc)).text)
        if self.on_outcome is not None:
            self.on_outcome(outcome)

    def _changes(self, path: Path, version: Signature) -> bool:
        """Whether ``path`` is no longer ``version``, or becomes another within ``settle``
        seconds: a file written in place (``rsync --inplace``, a sync tool) with pauses
        longer than ``settle`` was read half-written and reported as damaged, with advice to
        save it again in Excel, while the rest of it was on its way."""
        end = time.monotonic() + self.settle
        while signature(path) == version:
            if time.monotonic() >= end or self.stopped():
                return False
            time.sleep(self.tick)
        return True

    def _report(self, outcome: Outcome, saved: float, read: float) -> None:
        """Log the outcome; write the problems report, or remove it when all is well."""
        name = outcome.source.name
        if outcome.published:
            remove_report(self.inbox, outcome.source)
            warnings = counted(outcome.warnings, WARNINGS) if outcome.warnings else None
            shown = warnings or say(texts.NO_WARNINGS)
            LOG.info(say(texts.PUBLISHED, name=name, folder=outcome.out_dir, warnings=shown))
            return
        report = write_report(self.inbox, outcome, saved, read)
        errors = counted(outcome.errors, texts.ERRORS)
        LOG.warning(say(texts.NOT_PUBLISHED, name=name, errors=errors, report=report))
        if self.problem_mail is not None:
            try:
                self.problem_mail.send(outcome, saved, read)
            except Exception as exc:  # a bug in mailing must not stop the service either
                LOG.exception(
                    say(texts.MAIL_FAILED, name=name, to=self.problem_mail.to, reason=exc)
                )
