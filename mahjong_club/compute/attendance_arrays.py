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
    """Each member's history from the steps' arrays (a row of each per member)."""
    if not steps:
        return [History(()) for _ in range(members)]
    step_dates = [step[0] for step in steps]
    kinds = [step[1] for step in steps]
    regulars = [step[2] for step in steps]
    came = np.stack([step[3] for step in steps], axis=1).tolist()
    status = np.stack([step[4] for step in steps], axis=1).tolist()
    since = np.stack([step[5] for step in steps], axis=1).tolist()
    changed_at = [*step_dates, None]  # -1: never changed
    found = []
    for mine, states, changes in zip(came, status, since, strict=True):
        events = zip(
            step_dates,
            kinds,
            mine,
            regulars,
            map(_STATUSES.__getitem__, states),
            map(changed_at.__getitem__, changes),
            strict=True,
        )
        found.append(History(tuple(map(_new_event, events))))
    return found
