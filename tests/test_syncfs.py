"""A big folder made durable by one syncfs of its file system (common/syncfs.py), only where
that is as strong as flushing each file (Linux 5.8 or later, a local disk file system, a C
library with syncfs); anywhere else each file is flushed as before."""

from __future__ import annotations

import ctypes
import errno
import os
import sys
from pathlib import Path

import pytest

from mahjong_club.common import files, syncfs
from mahjong_club.common.files import fsync_tree, write_tree
from mahjong_club.common.syncfs import (
    can_flush_at_once,
    flush_file_system,
    kernel_at_least,
    mount_type,
)

MOUNTINFO = (
    "22 27 0:21 / /proc rw,relatime - proc proc rw\n"
    "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard\n"
    "31 27 0:45 / /home/ann/Cloud\\040Drive rw,nosuid shared:7 - fuse.rclone gdrive: rw\n"
    "40 27 0:50 /sub /srv rw master:2 - btrfs /dev/vdb rw\n"
    "41 27 0:50 /other /mnt rw - btrfs /dev/vdb rw\n"
    "42 27 0:60 / /odd rw - xfs /dev/vdc rw\n"
    "43 27 0:60 / /odd2 rw - nfs server:/x rw\n"
    "broken line\n"
)
LINUX = sys.platform.startswith("linux")


@pytest.mark.parametrize(
    ("device", "kind"),
    [
        ((254, 0), "ext4"),
        ((0, 45), "fuse.rclone"),  # optional fields before the separator
        ((0, 50), "btrfs"),  # mounted twice, one type
        ((0, 60), None),  # two types for one device: not told
        ((9, 9), None),
    ],
)
def test_the_mounts_type(device: tuple[int, int], kind: str | None) -> None:
    assert mount_type(MOUNTINFO, device) == kind


@pytest.mark.parametrize(
    ("release", "recent"),
    [
        ("5.8.0", True),
        ("5.7.19-1-default", False),
        ("5.10.0-23-amd64", True),
        ("6.1", True),
        ("10.0.1", True),
        ("4.19.0-23-amd64", False),
        ("3.10.0-1160.el7.x86_64", False),
        ("", False),
        ("unknown", False),
    ],
)
def test_the_kernel_release(release: str, recent: bool) -> None:
    assert kernel_at_least(release, (5, 8)) is recent


@pytest.fixture
def flushes(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    """Each file flushed and each file system flushed, instead of flushing them."""
    seen: dict[str, list[str]] = {"file": [], "system": []}
    monkeypatch.setattr(files, "fsync_file", lambda path: seen["file"].append(str(path)))
    monkeypatch.setattr(files, "flush_file_system", lambda f: seen["system"].append(str(f)))
    monkeypatch.setattr(files, "FLUSH_AT_ONCE_FILES", 20)
    return seen


def test_many_files_flushed_at_once_where_that_is_as_durable(
    tmp_path: Path, flushes: dict[str, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files, "can_flush_at_once", lambda folder: True)
    write_tree(tmp_path / "v", {f"p/{n}.html": "x" for n in range(20)})
    fsync_tree(tmp_path / "v")
    assert flushes == {"file": [], "system": [str(tmp_path / "v")]}


@pytest.mark.parametrize("many", [True, False])
def test_otherwise_each_file_is_flushed(
    tmp_path: Path, flushes: dict[str, list[str]], monkeypatch: pytest.MonkeyPatch, many: bool
) -> None:
    monkeypatch.setattr(files, "can_flush_at_once", lambda folder: not many)
    count = 20 if many else 19  # many where it cannot, or too few to be worth it
    write_tree(tmp_path / "v", {f"p/{n}.html": "x" for n in range(count)})
    fsync_tree(tmp_path / "v")
    assert flushes["system"] == []
    assert sorted(flushes["file"]) == sorted(
        str(tmp_path / "v" / "p" / f"{n}.html") for n in range(count)
    )


@pytest.mark.skipif(not LINUX, reason="syncfs is Linux's")
def test_where_it_is_not_as_durable_it_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not can_flush_at_once(tmp_path):
        pytest.skip("this machine's temporary folder is not on a local disk file system")
    monkeypatch.setattr(syncfs, "mount_type", lambda info, device: "fuse.sshfs")
    assert not can_flush_at_once(tmp_path)
    monkeypatch.undo()
    monkeypatch.setattr(os, "uname", lambda: os.uname_result(("Linux", "h", "5.4.0", "#1", "x")))
    assert not can_flush_at_once(tmp_path)
    monkeypatch.undo()
    monkeypatch.setattr(syncfs, "_syncfs", lambda: None)  # a C library without it
    assert not can_flush_at_once(tmp_path)
    monkeypatch.undo()
    monkeypatch.setattr(sys, "platform", "darwin")
    assert not can_flush_at_once(tmp_path)
    monkeypatch.undo()
    assert can_flush_at_once(tmp_path)


@pytest.mark.skipif(not LINUX, reason="syncfs is Linux's")
def test_a_failed_flush_is_an_error_naming_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def failing(fd: int) -> int:
        ctypes.set_errno(errno.EIO)
        return -1

    monkeypatch.setattr(syncfs, "_syncfs", lambda: failing)
    with pytest.raises(OSError, match="Input/output error") as raised:
        flush_file_system(tmp_path)
    assert raised.value.errno == errno.EIO and raised.value.filename == str(tmp_path)


@pytest.mark.skipif(not LINUX, reason="syncfs is Linux's")
def test_the_real_flush(tmp_path: Path) -> None:
    (tmp_path / "page.html").write_text("x")
    flush_file_system(tmp_path)  # no error: the file system flushed
