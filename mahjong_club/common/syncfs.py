"""A big folder made durable by one flush of its file system (Linux ``syncfs``).

A run makes its new results durable before showing them (:func:`~mahjong_club.common.files.
fsync_tree`): every file flushed, then every folder. A federation's run writes 21,000 pages
and emails, and flushing them one by one (eight at a time) took 2.3 s; one ``syncfs`` of the
file system holding them took 0.4 s for the same files on this machine's ext4. ``syncfs``
writes out everything of that file system not yet on the disk, so it gives every file the
guarantee ``fsync`` gives each.

It is used only where it is that strong:

- Linux 5.8 or later: before, ``syncfs`` did not report a failed write (each ``fsync`` does);
- a local disk file system (:data:`LOCAL_TYPES`): on a network or FUSE file system (a cloud
  drive's folder, sshfs) flushing the whole file system need not reach the server or the
  program behind it for each file, while ``fsync`` of each file asks for exactly that;
- a C library that has ``syncfs``.

Anywhere else, or when the file system cannot be told from ``/proc/self/mountinfo``, the files
are flushed one by one as before. A failed ``syncfs`` is an error naming the folder, as a
failed ``fsync`` names its file.

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

#: File systems on a local disk whose ``syncfs`` writes every file out as ``fsync`` would.
LOCAL_TYPES = frozenset({"ext2", "ext3", "ext4", "xfs", "btrfs", "f2fs", "jfs", "zfs"})
#: The first Linux whose ``syncfs`` reports a write that failed.
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
    """True where one ``syncfs`` makes everything in ``folder`` durable (see the module)."""
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


def flush_file_system(folder: Path) -> None:
    """Write out everything of the file system holding ``folder`` (``syncfs``); an OSError
    naming ``folder`` when it fails. Only where :func:`can_flush_at_once`."""
    call = _syncfs()
    if call is None:
        raise OSError(38, os.strerror(38), str(folder))  # ENOSYS: asked where it is missing
    fd = os.open(folder, os.O_RDONLY)
    try:
        if call(fd) != 0:
            code = ctypes.get_errno()
            raise OSError(code, os.strerror(code), str(folder))
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
