"""Printing to a reader that has gone never stops a run.

``mahjong-club season.xlsx --send 2>&1 | head -1``: ``head`` reads one line and goes, and
every later write to the pipe fails (``BrokenPipeError``). Had that error stopped the run,
a warning printed before the files were written, or a progress line, would have ended it
with nothing written and no email sent. While the command runs, its standard output and
error are :class:`Unbroken`: a write the reader is no longer there for sends that stream,
from then on, to the null device. What goes to the other stream is unchanged (an error
still reaches a terminal when only the results were piped), and the run's exit status is
its own.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from typing import Any, TextIO


class Unbroken:
    """``stream``, whose writes and flushes never raise ``BrokenPipeError``: once its reader
    has gone, its file descriptor is pointed at the null device (so what Python still holds
    for it goes nowhere too, at the end as well). Everything else is the stream's own."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except BrokenPipeError:
            self._gone()
            return len(text)

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            self._gone()

    def _gone(self) -> None:
        """Point the stream's descriptor at the null device (a stream without a descriptor,
        such as the tests' captured output, only stops raising)."""
        with contextlib.suppress(OSError, ValueError, AttributeError):
            null = os.open(os.devnull, os.O_WRONLY)
            try:
                os.dup2(null, self.stream.fileno())
            finally:
                os.close(null)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


@contextlib.contextmanager
def readers_may_go() -> Iterator[None]:
    """Standard output and error as :class:`Unbroken` streams while the block runs."""
    stdout, stderr = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = Unbroken(stdout), Unbroken(stderr)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = stdout, stderr
