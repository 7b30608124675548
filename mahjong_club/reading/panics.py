"""A panic in python-calamine's Rust code as an ordinary error.

A panic reaches Python as ``pyo3_runtime.PanicException``, which derives from
``BaseException``: past every ``except Exception`` that turns the reader's errors into a
message. :func:`unpanicked` makes it a :class:`CalaminePanic` (an ``Exception``), so the
callers' usual handling says what went wrong.

    >>> def panics() -> None:
    ...     raise BaseException("TimeDelta::milliseconds out of bounds")  # as a panic arrives
    >>> unpanicked(panics)
    Traceback (most recent call last):
    ...
    mahjong_club.reading.panics.CalaminePanic: TimeDelta::milliseconds out of bounds
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


class CalaminePanic(Exception):
    """python-calamine's Rust code panicked (its message is the panic's)."""


def unpanicked(call: Callable[[], T]) -> T:
    """``call()``; a panic in it raised as :class:`CalaminePanic`."""
    try:
        return call()
    except (Exception, KeyboardInterrupt, SystemExit, GeneratorExit):
        raise
    except BaseException as exc:  # a panic is no Exception
        raise CalaminePanic(str(exc)) from exc
