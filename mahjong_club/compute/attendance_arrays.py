"""Every member's attendance history at once, for a federation's 10,000 members (issue 15).

:func:`rules.attendance.attendance_history` plays one member's checks and nights in date
order: the reference. A season's checks and nights are the same for every member, so here
they are played once for all members together, each step on arrays over the members (the
count of nights attended on time, the status, the step it last changed at), and each
member's :class:`~rules.attendance.History` is then made from the arrays' rows. The rule
at each step is the reference's, word for word: at a check, a member in good standing who
fails it is warned, a warned member passes back to good standing or becomes substitutable,
a substitutable member who passes is back; after each regular night a substitutable member
who reaches the requirement is back at once. tests/test_attendance_arrays.py holds every
history to the reference's.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial
from typing import Any

import numpy as np

from mahjong_club.common.lazy import LazyTuple
from rules.attendance import Event, History, Status, calendar

#: The statuses by their code in the arrays.
_STATUSES = (Status.OK, Status.WARNING, Status.SUBSTITUTABLE)
_OK, _WARNING, _SUBSTITUTABLE = 0, 1, 2
#: An event made from its six fields at once (700,000 of them for a federation).
_new_event: Callable[[tuple[object, ...]], Event] = partial(tuple.__new__, Event)


def histories(
    season_start: dt.date,
    regular_nights: Sequence[dt.date],
    on_time: Sequence[Sequence[dt.date]],
    required: Sequence[Fraction],
    until: dt.date,
) -> list[History]:
    """Each member's history, as :func:`rules.attendance.attendance_history` gives it for
    ``on_time[k]`` (the nights member ``k`` arrived on time) and ``required[k]``, a share of
    small terms (the rule's 2/5 and 2/3: compared in 64 bits)."""
    if any(r.numerator >= 2**31 or r.denominator >= 2**31 for r in required):
        raise ValueError("a requirement of terms too big for 64-bit comparisons")
    dates, night_set, check_set = calendar(season_start, tuple(regular_nights), until)
    members = len(on_time)
    night_of = {night: k for k, night in enumerate(sorted(night_set))}
    present = np.zeros((len(night_of), members), bool)
    for member, days in enumerate(on_time):
        for day in days:
            k = night_of.get(day)
            if k is not None:
                present[k, member] = True
    numerator = np.fromiter((r.numerator for r in required), np.int64, members)
    denominator = np.fromiter((r.denominator for r in required), np.int64, members)
    steps: list[tuple[dt.date, str, int, Any, Any, Any]] = []
    status = np.zeros(members, np.int8)
    since = np.full(members, -1, np.int32)  # the step the status last changed at
    came = np.zeros(members, np.int64)
    regular = 0
    for date in dates:
        if date in check_set:
            passed = came * denominator >= numerator * regular
            warned = (status == _OK) & ~passed
            back = ((status == _WARNING) | (status == _SUBSTITUTABLE)) & passed
            dropped = (status == _WARNING) & ~passed
            status = np.where(warned, _WARNING, status)
            status = np.where(dropped, _SUBSTITUTABLE, status)
            status = np.where(back, _OK, status).astype(np.int8)
            since = np.where(warned | back | dropped, len(steps), since).astype(np.int32)
            steps.append((date, "check", regular, came, status, since))
        if date in night_set:
            regular += 1
            came = came + present[night_of[date]]
            back = (status == _SUBSTITUTABLE) & (came * denominator >= numerator * regular)
            status = np.where(back, _OK, status).astype(np.int8)
            since = np.where(back, len(steps), since).astype(np.int32)
            steps.append((date, "night", regular, came, status, since))
    return _made(steps, members)


def _made(steps: list[tuple[dt.date, str, int, Any, Any, Any]], members: int) -> list[History]:
    """Each member's history from the steps' arrays (a row of each per member), its events
    made when first asked for (a run reads only each member's last step, and the histories
    of the members whose seats were substituted: 700,000 events for a federation are rarely
    needed)."""
    if not steps:
        return [History(()) for _ in range(members)]
    season = _Steps(steps)
    return [History(_Events(season, k)) for k in range(members)]


class _Steps:
    """The season's steps for every member: the dates, kinds and regular nights counted are
    everyone's; the nights attended, the status and the step it last changed at, a row per
    member."""

    def __init__(self, steps: list[tuple[dt.date, str, int, Any, Any, Any]]) -> None:
        self.dates = [step[0] for step in steps]
        self.kinds = [step[1] for step in steps]
        self.regulars = [step[2] for step in steps]
        self.came = np.stack([step[3] for step in steps], axis=1)
        self.status = np.stack([step[4] for step in steps], axis=1)
        self.since = np.stack([step[5] for step in steps], axis=1)
        self.changed_at = [*self.dates, None]  # -1: never changed

    def events(self, k: int) -> tuple[Event, ...]:
        """Member ``k``'s events."""
        events = zip(
            self.dates,
            self.kinds,
            self.came[k].tolist(),
            self.regulars,
            map(_STATUSES.__getitem__, self.status[k].tolist()),
            map(self.changed_at.__getitem__, self.since[k].tolist()),
            strict=True,
        )
        return tuple(map(_new_event, events))

    def last(self, k: int) -> Event:
        """Member ``k``'s last event, made alone."""
        j = len(self.dates) - 1
        status = _STATUSES[int(self.status[k, j])]
        since = self.changed_at[int(self.since[k, j])]
        return Event(
            self.dates[j], self.kinds[j], int(self.came[k, j]), self.regulars[j], status, since
        )


class _Events(LazyTuple[Event]):
    """A member's events, made when first asked for; the last alone when only it is asked
    for."""

    __slots__ = ("_k", "_steps")

    def __init__(self, steps: _Steps, k: int) -> None:
        super().__init__()
        self._steps = steps
        self._k = k

    def _make(self) -> tuple[Event, ...]:
        return self._steps.events(self._k)

    def __len__(self) -> int:
        return len(self._steps.dates)

    def __getitem__(self, index: Any) -> Any:
        if self._made is None and isinstance(index, int) and index in (-1, len(self) - 1):
            return self._steps.last(self._k)
        return super().__getitem__(index)
