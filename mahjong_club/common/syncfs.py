"""A big folder's data written out by one flush of its file system (Linux ``syncfs``), before
each file's own flush.

A run makes its new results durable before showing them (:func:`~mahjong_club.common.files.
fsync_tree`): every file flushed, then every folder. A federation's run writes 21,000 pages
and emails, and flushing them one by one (eight at a time) took 2.3 s, the disk asked for
each file's data in turn. One ``syncfs`` of the file system writes all of it out together;
each file's ``fsync`` afterwards finds its data written and only confirms it.

The ``fsync`` of each file stays the check: ``syncfs`` reports a failed write of any file of
the file system, once, to whoever asks first, so it could miss this run's failure (another
program's ``sync`` saw it) or report another program's (a review reproduced both). Its own
answer is therefore not used: the files' flushes say whether this run's data is on the disk,
exactly as without it.

It is used where it can only help:

- Linux 5.8 or later (a ``syncfs`` that writes out everything of the file system);
- a local disk file system (:data:`LOCAL_TYPES`, read from ``/proc/self/mountinfo``): on a
  network or FUSE file system flushing the whole of it could wait on far more than the run;
- a C library that has ``syncfs``.

    >>> mount_type("27 1 254:0 / / rw - ext4 /dev/vda rw\\n", (254, 0))
    'ext4'
    >>> kernel_at_least("5.10.0-23-amd64", (5, 8)), kernel_at_least("4.19.0", (5, 8))
    (True, False)
"""

from __future__ import annotations

import ctypes
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

#: File systems on a local disk, whose ``syncfs`` writes out their files' data.
LOCAL_TYPES = frozenset({"ext2", "ext3", "ext4", "xfs", "btrfs", "f2fs", "jfs"})
#: From this Linux on ``syncfs`` is used (earlier ones are left as they were).
REPORTS_ERRORS = (5, 8)
#: The start of a kernel release: its major and minor numbers.
_RELEASE = re.compile(r"(\d+)\.(\d+)")


def kernel_at_least(release: str, wanted: tuple[int, int]) -> bool:
    """True when kernel ``release`` (``5.10.0-23-amd64``) is ``wanted`` or later."""
    found = _RELEASE.match(release)
    return found is not None and (int(found[1]), int(found[2])) >= wanted


def mount_type(mountinfo: str, device: tuple[int, int]) -> str | None:
    """The file system type of the mount of ``device`` (major, minor) in ``mountinfo`` (the
    text of ``/proc/self/mountinfo``); None when no mount or several types have it."""
    wanted = f"{device[0]}:{device[1]}"
    types = set()
    for line in mountinfo.splitlines():
        fields = line.split(" ")
        if len(fields) < 7 or fields[2] != wanted or "-" not in fields[6:]:
            continue
        after = fields[fields.index("-", 6) + 1 :]
        if after:
            types.add(after[0])
    return types.pop() if len(types) == 1 else None


def can_flush_at_once(folder: Path) -> bool:
    """True where one ``syncfs`` can write out everything in ``folder`` (see the module)."""
    if not sys.platform.startswith("linux") or _syncfs() is None:
        return False
    if not kernel_at_least(os.uname().release, REPORTS_ERRORS):
        return False
    try:
        device = os.stat(folder).st_dev
        with open("/proc/self/mountinfo", encoding="utf-8", errors="replace") as info:
            kind = mount_type(info.read(), (os.major(device), os.minor(device)))
    except OSError:
        return False
    return kind in LOCAL_TYPES


def push_file_system(folder: Path) -> bool:
    """Write out everything of the file system holding ``folder`` (``syncfs``); True when it
    said it did. What it says is not a check of this run's files (see the module): a failure,
    or a system that refuses the call, only means each file's flush does all the work."""
    call = _syncfs()
    if call is None:
        return False
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return False
    try:
        return bool(call(fd) == 0)
    finally:
        os.close(fd)


def _syncfs() -> Callable[[int], int] | None:
    """The C library's ``syncfs``, or None."""
    try:
        found: Callable[[int], int] | None = getattr(
            ctypes.CDLL(None, use_errno=True), "syncfs", None
        )
    except OSError:
        return None
    return found
