"""How a run ends: the cyclic garbage collector paused during it, and the program ending at once.

A federation's run holds about a gigabyte in some twenty million objects to its end (the
games, the standings, the site's view). Two things Python does with them cost time and give
nothing:

- **The collector** walks every live object at each full collection: paused for the run
  (:func:`collector_paused`), it took 4 s less at 1,000,000 rows (docs/performance.md).
- **Freeing them one by one** when the command is done: the run's results as its function
  returns, then a last collection of what is left as the interpreter shuts down, about 2.5 s
  at 1,000,000 rows after the last file was written (0.7 s for the workbook alone), while the
  operating system takes a process's memory back at once. So the command, run as a program
  (:func:`program`: the ``mahjong-club`` script, ``python -m mahjong_club``, ``process.py``),
  keeps what the run made (:func:`keep`) frozen out of the collector's walks, and ends as
  mypy's command does: the exit handlers run (:mod:`atexit`: temporary folders, logging),
  the standard streams flushed, then :func:`os._exit`. Where something still expects the
  ordinary ending (a working thread that is not a daemon, a profiler, a tracer, ``python
  -i``), the program ends the ordinary way (:func:`end`).

Called as a library (``main(argv)``, the tests), nothing of this applies: the collector is
turned back on after the run and everything is freed as usual.

    >>> keep(["a run's results"])  # not a program: nothing is kept
    False
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import os
import sys
import threading
from collections.abc import Callable, Iterator
from typing import NoReturn

#: What the run made, kept until the process ends (None: not a program; nothing is kept).
_kept: list[object] | None = None


def program(main: Callable[[], int]) -> NoReturn:
    """Run ``main()`` as the program and end the process with its exit status (:func:`end`).

    An exception that leaves ``main`` (``SystemExit`` from ``--help``, Ctrl-C) ends the
    program the ordinary way."""
    start()
    end(main())


def start() -> None:
    """From now on the process ends with :func:`end`: a run keeps what it made (:func:`keep`)
    and leaves it frozen out of the collector's walks (:func:`collector_paused`)."""
    global _kept
    if _kept is None:
        _kept = []


def at_once() -> bool:
    """True when the process will end with :func:`end` (see :func:`start`)."""
    return _kept is not None


def keep(*objects: object) -> bool:
    """Keep ``objects`` to the end of the process when it ends at once (True): freeing them
    would only cost time. False, and nothing kept, when it does not."""
    if _kept is None:
        return False
    _kept.extend(objects)
    return True


def end(code: int) -> NoReturn:
    """End the process with exit status ``code`` without freeing its objects: the
    :mod:`atexit` handlers run, the standard streams flushed, then :func:`os._exit`.

    The ordinary ending (``SystemExit``) instead where something still expects it: a thread
    still working that is not a daemon (it is waited for), a profiler or a tracer watching
    the program (``python -m cProfile``, ``trace``, coverage: they write what they saw after
    the program), ``python -i`` (its prompt comes after), or a status that is not a number."""
    if _ordinary_ending_expected() or not isinstance(code, int):
        sys.exit(code)
    atexit._run_exitfuncs()  # what the ordinary ending would run (temporary folders, logging)
    _flush()  # last, as the ordinary ending: what the handlers printed too
    os._exit(code)


def _ordinary_ending_expected() -> bool:
    """Whether anything still expects the process to end the ordinary way (see :func:`end`)."""
    if sys.getprofile() is not None or sys.gettrace() is not None or sys.flags.interactive:
        return True
    monitoring = getattr(sys, "monitoring", None)  # Python 3.12's tools (coverage's among them)
    if monitoring is not None and any(monitoring.get_tool(tool) is not None for tool in range(6)):
        return True
    me = threading.current_thread()  # a thread other than this one, not a daemon, still working
    return any(t is not me and not t.daemon and t.is_alive() for t in threading.enumerate())


def _flush() -> None:
    """Flush stdout and stderr; a reader that went away (``| head``) is no error: the files
    are written (as :func:`mahjong_club.cli.main` has it)."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            stream.flush()


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """No cyclic garbage collection during a run; on again after it (and what the run froze
    is given back to the collector: a caller that runs again, as the tests do, collects it).

    A big workbook makes millions of objects that live to the end of the run, and each
    collection walks them all: at 1,000,000 rows the collector took 4 s of reading, computing
    and building (docs/performance.md). The run makes next to no reference cycles (its peak
    memory is the same without the collector), and everything it made is freed by reference
    counting or collected once the collector is back. When the program ends at once after the
    run (:func:`at_once`), everything the run made stays frozen (a full collection over it
    would come before the end, 1.5 s at 1,000,000 rows, for nothing) and the collector is on
    again for what comes after the run (printing, sending the emails)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if at_once():
            gc.freeze()
        else:
            gc.unfreeze()
        if enabled:
            gc.enable()
