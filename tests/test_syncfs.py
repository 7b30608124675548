"""A big folder's data written out by one syncfs of its file system (common/syncfs.py) where
that can help (Linux 5.8 or later, a local disk file system, a C library with syncfs), and
each file flushed after it all the same: the files' flushes, not syncfs's answer, say whether
the run's data is on the disk."""

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
    kernel_at_least,
    mount_type,
    push_file_system,
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
    monkeypatch.setattr(files, "push_file_system", lambda f: seen["system"].append(str(f)))
    monkeypatch.setattr(files, "FLUSH_AT_ONCE_FILES", 20)
    return seen


def test_many_files_pushed_out_at_once_and_then_each_flushed(
    tmp_path: Path, flushes: dict[str, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files, "can_flush_at_once", lambda folder: True)
    write_tree(tmp_path / "v", {f"p/{n}.html": "x" for n in range(20)})
    fsync_tree(tmp_path / "v")
    assert flushes["system"] == [str(tmp_path / "v")]
    assert sorted(flushes["file"]) == sorted(
        str(tmp_path / "v" / "p" / f"{n}.html") for n in range(20)
    )


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
def test_what_syncfs_answers_is_not_the_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # syncfs reports any file's failed write, once, to whoever asks first: another program's
    # failure is not this run's, and this run's may have been reported to another program
    def failing(fd: int) -> int:
        ctypes.set_errno(errno.ENOSPC)
        return -1

    monkeypatch.setattr(syncfs, "_syncfs", lambda: failing)
    monkeypatch.setattr(files, "FLUSH_AT_ONCE_FILES", 5)
    write_tree(tmp_path / "v", {f"{n}.html": "x" for n in range(5)})
    assert push_file_system(tmp_path / "v") is False
    flushed: list[str] = []
    monkeypatch.setattr(files, "fsync_file", lambda path: flushed.append(str(path)))
    fsync_tree(tmp_path / "v")  # no error: each file's own flush is what counts
    assert len(flushed) == 5

    def broken(path: str) -> None:
        raise OSError(errno.EIO, "Input/output error", str(path))

    monkeypatch.setattr(files, "fsync_file", broken)
    with pytest.raises(OSError, match="Input/output error"):
        fsync_tree(tmp_path / "v")  # a file's own failed flush stops the run, as always


@pytest.mark.skipif(not LINUX, reason="syncfs is Linux's")
def test_the_real_push(tmp_path: Path) -> None:
    (tmp_path / "page.html").write_text("x")
    assert push_file_system(tmp_path) is (syncfs._syncfs() is not None)
    assert push_file_system(tmp_path / "missing") is False  # never raises
