"""The sent-ledger's lock: an operating-system lock on a file beside the ledger (``fcntl`` on
POSIX, ``msvcrt`` on Windows), held by a run from before it reads the ledger until it has
finished sending, so two runs at once never send the same report twice. The system lets go
of it when the run ends, even a killed one: the file itself is never deleted."""

from __future__ import annotations

import contextlib
import math
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from mahjong_club.mail.ledger import LedgerError
from mahjong_club.messages import mail as texts
from mahjong_club.messages.core import say

#: How often a run waiting for another run's lock looks again (seconds).
LOCK_POLL = 0.1


@contextlib.contextmanager
def hold_lock(path: Path, wait: float) -> Iterator[None]:
    """Hold the operating-system lock on ``path``, waiting at most ``wait`` seconds for it."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path, "a+b")  # noqa: SIM115 - closed below, after the unlock
    except OSError as exc:
        raise LedgerError(say(texts.LEDGER_UNUSABLE, path=path.parent, error=exc)) from None
    with handle:
        attempts = max(1, math.ceil(wait / LOCK_POLL)) + 1
        for attempt in range(attempts):
            if _try_lock(handle):
                break
            if attempt == attempts - 1:
                raise LedgerError(say(texts.LEDGER_BUSY, path=path))
            time.sleep(LOCK_POLL)
        try:
            yield
        finally:
            _unlock(handle)


if sys.platform == "win32":
    import msvcrt

    def _try_lock(handle: IO[bytes]) -> bool:
        handle.seek(0)
        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(handle: IO[bytes]) -> None:
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(handle: IO[bytes]) -> bool:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(handle: IO[bytes]) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
