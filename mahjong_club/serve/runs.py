"""One upload processed: read → compute → build → write, each in its own temporary folder.

An upload is saved as ``<run folder>/upload/<name>.xlsx`` (a copy: the organiser's own file is
never written), processed by the pipeline exactly as the command line does into
``<run folder>/out/``, and then deleted; the run folder stays while the drop page keeps the
run (the latest :data:`KEPT`), so its workbook, site and emails can be downloaded, and is
removed with it.

A run works in a thread of its own, so the page can show how far it has come while it works:
each step the pipeline reports goes into the run's :class:`RunProgress`, which the page reads
(and waits on) from the request threads.
"""

from __future__ import annotations

import datetime as dt
import io
import logging
import os
import secrets
import shutil
import threading
import zipfile
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

from mahjong_club.capabilities import Options
from mahjong_club.common.problems import Problem, Problems
from mahjong_club.common.progress import STAGES, Progress, Stage, Step
from mahjong_club.common.publish import OutputRefused
from mahjong_club.common.text import safe_file_name
from mahjong_club.mail.compose import Outgoing, unusable_addresses
from mahjong_club.mail.config import check_smtp
from mahjong_club.mail.ledger import Ledger, LedgerError
from mahjong_club.mail.outcome import SendReport
from mahjong_club.mail.seasons import season_ledger, sent_elsewhere
from mahjong_club.mail.send import send_all
from mahjong_club.messages.core import Message, say
from mahjong_club.messages.serve import SERVE
from mahjong_club.model import Settings
from mahjong_club.ooxml.errors import OoxmlError
from mahjong_club.pipeline import (
    Outputs,
    Written,
    actions_of,
    build_outputs,
    compute,
    read_workbook,
    write_outputs,
)
from mahjong_club.reading.cells import CellError, parse_date
from mahjong_club.reading.tables import WorkbookError
from mahjong_club.serve.actions import drop_actions

#: How many runs the drop page keeps (their folders); an older one is removed.
KEPT = 10
#: The first bytes of every .xlsx file: it is a zip archive.
ZIP_MAGIC = b"PK\x03\x04"


#: The stages the drop page shows while a run works (sending is a page of its own).
SHOWN_STAGES: tuple[Stage, ...] = tuple(s for s in STAGES if s != "send")


class RunProgress:
    """How far a run has come: the latest step of each stage, and whether it has ended.

    The run's thread reports each step (it is a progress report, see
    :class:`~mahjong_club.common.progress.Progress`); a page waits for the next change with
    :meth:`wait`. ``changes`` counts every change, so a waiting page knows what it has seen.

    >>> progress = RunProgress()
    >>> Progress(progress).stage("compute", say(SERVE["app_name"]), 3)
    >>> progress.changes, progress.ended
    (0, False)
    """

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self.steps: dict[Stage, Step] = {}
        self.changes = 0
        self.ended = False

    def __call__(self, step: Step) -> None:
        with self._changed:
            self.steps[step.stage] = step
            self.changes += 1
            self._changed.notify_all()

    def end(self) -> None:
        """The run has ended (with results, problems or a failure)."""
        with self._changed:
            self.ended = True
            self.changes += 1
            self._changed.notify_all()

    def snapshot(self) -> dict[Stage, Step]:
        """The latest step of each stage, now."""
        with self._changed:
            return dict(self.steps)

    def wait_end(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the run to end; True when it has."""
        with self._changed:
            return self._changed.wait_for(lambda: self.ended, timeout)

    def wait(self, seen: int, timeout: float) -> tuple[int, dict[Stage, Step], bool]:
        """Wait up to ``timeout`` seconds for a change after the ``seen``-th, or the end:
        (changes so far, the latest step of each stage, ended)."""
        with self._changed:
            self._changed.wait_for(lambda: self.changes > seen or self.ended, timeout)
            return self.changes, dict(self.steps), self.ended


@dataclass
class Sending:
    """The run's emails being sent (or sent): how far it has come, then the report or why
    nothing was sent."""

    progress: RunProgress = field(default_factory=RunProgress)
    report: SendReport | None = None
    problems: list[Message] = field(default_factory=list)


@dataclass
class RunResult:
    """What one upload gave: the problems, or everything the run wrote; while it works, how
    far it has come."""

    id: str
    name: str
    folder: Path
    problems: list[Problem] = field(default_factory=list)
    failure: str = ""  # the workbook could not be read or written at all
    settings: Settings | None = None
    outputs: Outputs | None = None
    written: Written | None = None
    progress: RunProgress = field(default_factory=RunProgress)
    sending: Sending | None = None
    #: What the run leaves for the organiser to do, worded for the drop page.
    actions: list[Message] = field(default_factory=list)
    sending_guard: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def working(self) -> bool:
        """True until the run has ended."""
        return not self.progress.ended

    @property
    def errors(self) -> list[Problem]:
        """The errors, in the order found."""
        return [p for p in self.problems if p.severity == "error"]

    @property
    def ok(self) -> bool:
        """True when the run wrote its outputs."""
        return self.written is not None

    @property
    def emails(self) -> list[Outgoing]:
        """The composed emails (none when the run failed)."""
        return self.outputs.emails if self.outputs is not None else []


def looks_like_xlsx(name: str, head: bytes) -> bool:
    """An .xlsx file by its name and its first bytes (a zip archive).

    >>> looks_like_xlsx("season.xlsx", ZIP_MAGIC), looks_like_xlsx("season.xls", ZIP_MAGIC)
    (True, False)
    >>> looks_like_xlsx("season.xlsx", b"<html>")
    False
    """
    return name.lower().endswith(".xlsx") and head.startswith(ZIP_MAGIC)


def process(result: RunResult, data: bytes, options: Options) -> RunResult:
    """Process the uploaded workbook ``data`` (its file name ``result.name``) in
    ``result.folder``; the run has ended when this returns, whatever happened."""
    folder = result.folder
    source = (
        folder
        / "upload"
        / safe_file_name(Path(result.name).stem, suffix=".xlsx", fallback="workbook")
    )
    try:
        source.parent.mkdir(parents=True)
        source.write_bytes(data)
        _run(source, folder / "out", options, result)
    except Exception as exc:  # the tool itself failed: the page says so, the log has it
        logging.getLogger(__name__).exception("processing %s failed", result.name)
        result.failure = say(SERVE["internal"], error=repr(exc)).render("en")
    finally:
        shutil.rmtree(source.parent, ignore_errors=True)
        result.progress.end()
    return result


def _run(source: Path, out_dir: Path, options: Options, result: RunResult) -> None:
    """The pipeline, as ``cli/process.py`` runs it; what it gives goes into ``result``."""
    progress = Progress(result.progress)
    try:
        season, problems = read_workbook(source, progress)
    except WorkbookError as exc:
        result.failure = str(exc)
        return
    result.problems = _ordered(problems)
    if problems.errors:
        return
    run = compute(season, problems, options, progress)
    result.problems = _ordered(problems)
    if problems.errors:
        return
    outputs = build_outputs(run, source, progress)
    result.problems = _ordered(problems)
    try:
        written = write_outputs(source, out_dir, outputs, progress)
    except (OSError, OoxmlError, OutputRefused) as exc:
        result.failure = str(exc)
        return
    result.settings, result.outputs, result.written = season.settings, outputs, written
    result.actions = drop_actions(actions_of(run))


def _ordered(problems: Problems) -> list[Problem]:
    """Errors first, then warnings, each in the order found."""
    return problems.errors + problems.warnings


def site_zip(report: Path) -> bytes:
    """The site (``report/``) as a zip archive, its files in a ``site/`` folder."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(report.rglob("*")):
            if path.is_file():
                archive.write(path, Path("site") / path.relative_to(report))
    return buffer.getvalue()


@dataclass(frozen=True)
class SendPlan:
    """What sending would do now: the emails to send, and how many were sent before."""

    todo: list[Outgoing]
    before: int
    problem: Message | None = None
    #: Refused for good by the server before: not sent again, not among ``todo``.
    refused: list[Outgoing] = field(default_factory=list)
    #: Sent before without the server's answer (they may have arrived): not sent again.
    unconfirmed: list[Outgoing] = field(default_factory=list)

    @property
    def recipients(self) -> int:
        """How many different addresses the emails go to."""
        return len({o.to.casefold() for o in self.todo})


def _ledger(settings: Settings) -> Ledger:
    """The sent-ledger ``--send`` uses for this club and season."""
    return season_ledger(settings.club, settings.season)


def send_plan(result: RunResult) -> SendPlan:
    """The emails not sent before (by the same ledger as ``--send``), and any reason why
    nothing can be sent (a setting missing, a damaged ledger)."""
    settings = result.settings or Settings()
    _, problems = check_smtp(settings, os.environ)
    if problems:  # the run's files are made: only the sending cannot start
        return SendPlan([], 0, problems[0])
    ledger = _ledger(settings)
    try:
        ledger.load()
    except LedgerError as exc:
        return SendPlan([], 0, exc.message)
    usable = [o for o in result.emails if o.problem is None]
    todo = [o for o in usable if not ledger.has_sent(o)]
    if not ledger.path.exists():  # a season's first sending (or a renamed season): as send
        known = [item for item, _ in sent_elsewhere(ledger, todo)]
        todo = [o for o in todo if o not in known]
    # refused for good before: not sent again (the page has no --retry-refused), said apart
    refused = [o for o in todo if ledger.refusal(o) is not None]
    todo = [o for o in todo if ledger.refusal(o) is None]
    # sent before without the server's answer: they may have arrived, so not sent again
    unconfirmed = [o for o in todo if ledger.unconfirmed_of(o) is not None]
    todo = [o for o in todo if ledger.unconfirmed_of(o) is None]
    before = len(usable) - len(todo) - len(refused) - len(unconfirmed)
    return SendPlan(todo, before, refused=refused, unconfirmed=unconfirmed)


def send(
    result: RunResult, progress: Progress | None = None
) -> tuple[SendReport | None, list[Message]]:
    """Send the run's emails, each once (the ledger remembers): (the report, problems)."""
    settings = result.settings or Settings()
    config, problems = check_smtp(settings, os.environ)
    if config is None:
        return None, problems
    site = result.outputs.site if result.outputs is not None else None
    unusable = unusable_addresses(site) if site is not None else []
    ledger = _ledger(settings)
    try:
        return send_all(result.emails, config, ledger, progress=progress, unusable=unusable), []
    except LedgerError as exc:
        return None, [exc.message]


def start_sending(result: RunResult) -> Sending:
    """Send the run's emails in a thread of its own; while they are being sent, asking again
    gives the same sending (the ledger's lock would make a second one wait, then skip all)."""
    with result.sending_guard:
        if result.sending is not None and not result.sending.progress.ended:
            return result.sending
        sending = result.sending = Sending()
    threading.Thread(
        target=_send_in_thread, args=(result, sending), name=f"send-{result.id}", daemon=True
    ).start()
    return sending


def _send_in_thread(result: RunResult, sending: Sending) -> None:
    try:
        sending.report, sending.problems = send(result, Progress(sending.progress))
    except Exception as exc:  # the tool itself failed: the page says so, the log has it
        logging.getLogger(__name__).exception("sending the emails of %s failed", result.name)
        sending.problems = [say(SERVE["internal"], error=repr(exc))]
    finally:
        sending.progress.end()


class Runs:
    """The runs the drop page keeps, each in its own folder under ``root``."""

    def __init__(self, root: Path, kept: int = KEPT) -> None:
        self.root = root
        self.kept = kept
        self._runs: OrderedDict[str, RunResult] = OrderedDict()
        self._guard = threading.Lock()

    def start(self, name: str, data: bytes, options: Options) -> RunResult:
        """Start processing one upload in a new folder, in a thread of its own, and keep it
        (dropping the oldest run kept); the run is returned at once, working."""
        folder = self.root / secrets.token_hex(8)
        folder.mkdir(parents=True)
        result = RunResult(folder.name, name, folder)
        with self._guard:
            self._runs[result.id] = result
            while len(self._runs) > self.kept:
                _, old = self._runs.popitem(last=False)
                shutil.rmtree(old.folder, ignore_errors=True)
        worker = threading.Thread(
            target=process, args=(result, data, options), name=f"run-{result.id}", daemon=True
        )
        worker.start()
        return result

    def get(self, run_id: str) -> RunResult | None:
        """The kept run ``run_id``, or None."""
        with self._guard:
            return self._runs.get(run_id)

    def clear(self) -> None:
        """Remove every run's folder (the drop page stops)."""
        with self._guard:
            self._runs.clear()
            shutil.rmtree(self.root, ignore_errors=True)


def parse_options(
    tonight: bool, date_text: str, seed_text: str, make_schedule: bool
) -> tuple[Options | None, list[Message]]:
    """The form's options as the command line's :class:`Options`, or what is wrong."""
    problems: list[Message] = []
    seed: int | None = None
    if seed_text.strip():
        try:
            seed = int(seed_text.strip())
        except ValueError:
            problems.append(say(SERVE["bad_seed"], value=seed_text.strip()))
    date: dt.date | None = None
    if tonight and date_text.strip():
        try:
            date = parse_date(date_text.strip())
        except CellError as exc:
            problems.append(say(SERVE["bad_date"], problem=exc.message))
    if problems:
        return None, problems
    return Options(
        dice_seed=seed, make_schedule=make_schedule, tonight=tonight, tonight_date=date
    ), []
