"""How far a run has come: the pipeline reports its steps, a display shows them.

A run goes through six stages: reading the workbook (a step per sheet or group of sheets),
computing (a step per capability), preparing the results (the exports, the result sheets, the
site's views), rendering the site's pages (a step per page) and the emails, writing them, and
sending the emails (a step per email). The pipeline tells a :class:`Progress` which step it
starts; it never prints. Whoever started the run chooses the display: a progress bar on a
terminal, plain log lines when the output is not a terminal, the drop page's progress list, the
watch's log, or nothing (the default).

    >>> seen = []
    >>> progress = Progress(seen.append)
    >>> progress.stage("compute", say(PROGRESS["compute"]), 2)
    >>> progress.doing("standings")
    >>> progress.doing("attendance")
    >>> progress.finish()
    >>> [(s.done, s.total, str(s.item)) for s in seen]
    [(0, 2, 'standings'), (1, 2, 'attendance'), (2, 2, '')]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from mahjong_club.common.text import printable
from mahjong_club.messages.core import Message, say
from mahjong_club.messages.progress import PROGRESS

Stage = Literal["read", "compute", "build", "render", "write", "send"]
#: The stages in the order a run goes through them.
STAGES: tuple[Stage, ...] = ("read", "compute", "build", "render", "write", "send")


@dataclass(frozen=True)
class Step:
    """One step of a stage: ``done`` of ``total`` steps are finished and ``item`` is being done
    now (``done == total``, no item: the stage is finished; ``stopped``: the stage ended with
    ``done`` of its steps, as a sending the mail server stopped does)."""

    stage: Stage
    title: Message
    done: int
    total: int
    item: Message | str = ""
    stopped: bool = False

    @property
    def finished(self) -> bool:
        """True for the stage's last event."""
        return self.stopped or self.done >= self.total


#: What a display does with each step.
Report = Callable[[Step], None]

#: Long work, for which progress is shown without being asked for: a workbook this big (about
#: 20,000 game rows; a club's season workbook is far below it) …
LONG_WORKBOOK = 2_000_000
#: … or this many emails to send (each takes a round trip to the mail server).
MANY_EMAILS = 10
#: Plain lines: a stage of more than twice this many steps gets a line per tenth of them.
LINES_PER_STAGE = 10


class Progress:
    """Counts the steps of the current stage and hands each one to ``report``.

    Without a ``report`` it does nothing, so the pipeline's functions take one always.
    """

    def __init__(self, report: Report | None = None) -> None:
        self.report = report
        self._stage: Stage = "read"
        self._title: Message = say(PROGRESS["compute"])
        self._done = -1
        self.total = 0

    def stage(self, stage: Stage, title: Message, total: int) -> None:
        """A new stage of ``total`` steps starts (nothing is reported until its first step)."""
        self._stage, self._title, self._done, self.total = stage, title, -1, max(total, 0)

    def doing(self, item: Message | str = "") -> None:
        """The next step starts: ``item`` is what it works on (a sheet, a capability …)."""
        self._done = min(self._done + 1, self.total)
        self._emit(self._done, item)

    def finish(self) -> None:
        """The stage is done."""
        self._done = self.total
        self._emit(self.total, "")

    def stop(self, done: int) -> None:
        """The stage ended with ``done`` of its steps finished (the rest will not be)."""
        self._done = min(max(done, 0), self.total)
        self._emit(self._done, "", stopped=True)

    def _emit(self, done: int, item: Message | str, stopped: bool = False) -> None:
        if self.report is not None:
            self.report(Step(self._stage, self._title, done, self.total, item, stopped))


class Lines:
    """Progress as plain lines (for a log): ``Reading season.xlsx: 3/9 Games``, then
    ``Reading season.xlsx: done``; each line goes to ``write``.

    >>> progress = Progress(Lines(print))
    >>> progress.stage("compute", say(PROGRESS["compute"]), 2)
    >>> progress.doing("standings"); progress.doing("attendance"); progress.finish()
    Computing: 0/2 standings
    Computing: 1/2 attendance
    Computing: done
    >>> progress.stage("send", say(PROGRESS["send"]), 3)
    >>> progress.doing("a@example.org"); progress.stop(1)
    Sending the emails: 0/3 a@example.org
    Sending the emails: stopped after 1 of 3
    """

    def __init__(self, write: Callable[[str], None]) -> None:
        self.write = write
        self._last_tenth = -1

    def __call__(self, step: Step) -> None:
        if step.stopped:
            line = say(PROGRESS["line_stopped"], title=step.title, done=step.done, total=step.total)
        elif step.finished:
            line = say(PROGRESS["line_done"], title=step.title)
        else:
            tenth = step.done * LINES_PER_STAGE // max(step.total, 1)
            many = step.total > 2 * LINES_PER_STAGE
            if many and step.done > 0 and tenth == self._last_tenth:
                return
            self._last_tenth = tenth
            line = say(
                PROGRESS["line"], title=step.title, done=step.done, total=step.total, item=step.item
            )
        self.write(printable(str(line).rstrip()))
