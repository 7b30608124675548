"""``--progress``: how the command line shows a long run's progress, on stderr.

- ``bar``: a progress bar per stage (rich), redrawn in place and gone when the stage ends, so
  what the run prints afterwards is the same as without it;
- ``lines``: plain log lines, for a log file, cron's mail or a CI log: a line when a stage
  starts, a line per step (for more than 20 steps, a line per tenth of them), and one when it
  is done;
- ``off``: nothing;
- ``auto`` (the default): for long work only (a workbook of :data:`LONG_WORKBOOK` bytes or
  more, or :data:`MANY_EMAILS` emails or more to send), a bar on a terminal and lines
  otherwise. A club's season workbook is far below it, so its output is unchanged.

``-q`` makes ``auto`` mean ``off``; an explicit ``--progress bar|lines`` still shows.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Literal, TextIO

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.progress import Progress as RichProgress

from mahjong_club.common import progress
from mahjong_club.common.progress import Lines, Progress, Report, Step
from mahjong_club.common.text import printable

Mode = Literal["auto", "bar", "lines", "off"]
MODES: tuple[Mode, ...] = ("auto", "bar", "lines", "off")
#: Long work (see :mod:`mahjong_club.common.progress`): a workbook this big, this many emails.
LONG_WORKBOOK = progress.LONG_WORKBOOK
MANY_EMAILS = progress.MANY_EMAILS


def add_option(parser: argparse.ArgumentParser) -> None:
    """``--progress`` on a command line."""
    parser.add_argument(
        "--progress",
        choices=MODES,
        default="auto",
        help="show how far a long run has come on stderr: a bar on a terminal, plain lines"
        " otherwise (auto, the default: only for a workbook of 2 MB or more and for sending"
        " 10 emails or more); bar, lines or off whatever the size",
    )


def chosen(mode: Mode, quiet: bool, long_work: bool, stream: TextIO) -> Mode:
    """The display ``mode`` means for this run: ``bar``, ``lines`` or ``off``.

    >>> import io
    >>> chosen("auto", False, True, io.StringIO()), chosen("auto", False, False, io.StringIO())
    ('lines', 'off')
    >>> chosen("auto", True, True, io.StringIO()), chosen("lines", True, False, io.StringIO())
    ('off', 'lines')
    """
    if mode != "auto":
        return mode
    if quiet or not long_work:
        return "off"
    return "bar" if on_terminal(stream) else "lines"


def on_terminal(stream: TextIO) -> bool:
    """True when ``stream`` is an interactive terminal that can redraw a bar."""
    try:
        interactive = stream.isatty()
    except (AttributeError, ValueError):
        return False
    return interactive and os.environ.get("TERM", "") != "dumb"


#: The bar is redrawn at most this often (seconds) as steps are done.
REDRAW_SECONDS = 0.1


class Bar:
    """A rich progress bar on ``stream``: the stage, the bar, done/total, the item, the time.

    Use it as a context manager around the stages it shows; it is removed when it ends.
    """

    def __init__(self, stream: TextIO) -> None:
        self.bar = RichProgress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[item]}"),
            TimeElapsedColumn(),
            console=Console(file=stream),
            transient=True,
            auto_refresh=False,  # no drawing thread: a big site may then render on two cores
        )
        self._task: TaskID | None = None
        self._stage = ""
        self._drawn = 0.0

    def __call__(self, step: Step) -> None:
        item = printable(str(step.item))
        if self._task is None or step.stage != self._stage:
            if self._task is not None:
                self.bar.remove_task(self._task)
            self._stage = step.stage
            self._task = self.bar.add_task(str(step.title), total=step.total, item=item)
        self.bar.update(self._task, completed=step.done, total=step.total, item=item)
        now = time.monotonic()
        if now - self._drawn >= REDRAW_SECONDS or step.finished:
            self._drawn = now
            self.bar.refresh()

    def __enter__(self) -> Bar:
        self.bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.bar.stop()


@contextmanager
def shown(mode: Mode, stream: TextIO) -> Iterator[Progress]:
    """A :class:`Progress` showing its steps as ``mode`` (already :func:`chosen`) says."""
    report: Report | None = None
    if mode == "lines":
        report = Lines(lambda line: print(line, file=stream, flush=True))
    if mode != "bar":
        yield Progress(report)
        return
    with Bar(stream) as bar:
        yield Progress(bar)
