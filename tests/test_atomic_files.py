"""Tests for common.files: a file or a folder is replaced whole, or not at all."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from mahjong_club.common import files
from mahjong_club.common.files import (
    atomic_output,
    replace_folder,
    write_bytes_atomic,
    write_text_atomic,
)


def names(folder: Path) -> list[str]:
    """Every file and folder under ``folder``, relative, sorted (hidden ones included)."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def test_write_text_and_bytes_create_the_folder(tmp_path: Path) -> None:
    write_text_atomic(tmp_path / "a" / "b.txt", "Åse\r\nBo\n")
    write_bytes_atomic(tmp_path / "a" / "c.bin", b"\x00\xff")
    assert (tmp_path / "a" / "b.txt").read_bytes() == "Åse\r\nBo\n".encode()
    assert (tmp_path / "a" / "c.bin").read_bytes() == b"\x00\xff"
    assert names(tmp_path) == ["a", "a/b.txt", "a/c.bin"]
    assert stat.S_IMODE((tmp_path / "a" / "c.bin").stat().st_mode) == 0o644


def test_a_replaced_file_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "ledger.json"
    path.write_text("{}")
    path.chmod(0o600)
    write_text_atomic(path, '{"sent": []}')
    assert path.read_text() == '{"sent": []}'
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_an_error_inside_the_block_leaves_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "out.xlsx"
    path.write_bytes(b"old")

    def write_half() -> None:
        with atomic_output(path) as out:
            out.write(b"half of the new")
            raise RuntimeError("interrupted")

    with pytest.raises(RuntimeError, match="interrupted"):
        write_half()
    assert path.read_bytes() == b"old"
    assert names(tmp_path) == ["out.xlsx"]


def test_replace_folder_writes_exactly_the_files(tmp_path: Path) -> None:
    target = tmp_path / "report"
    replace_folder(target, {"index.html": "<p>1</p>", "players/ann.html": "Ann", "x.bin": b"\1"})
    assert names(target) == ["index.html", "players", "players/ann.html", "x.bin"]
    replace_folder(target, {"index.html": "<p>2</p>"})
    assert names(tmp_path) == ["report", "report/index.html"]
    assert (target / "index.html").read_text(encoding="utf-8") == "<p>2</p>"
    assert stat.S_IMODE(target.stat().st_mode) == 0o755


def test_replace_folder_failing_to_write_leaves_the_old_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "outbox"
    replace_folder(target, {"old.eml": "old"})

    def boom(*_args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(files, "write_tree", boom)
    with pytest.raises(OSError, match="disk full"):
        replace_folder(target, {"new.eml": "new"})
    assert names(tmp_path) == ["outbox", "outbox/old.eml"]


def test_replace_folder_failing_to_swap_puts_the_old_folder_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # where the system cannot exchange two folders, the old one is renamed aside first
    target = tmp_path / "report"
    replace_folder(target, {"index.html": "old"})
    real_rename = os.rename
    calls = 0

    def second_fails(src: str | Path, dst: str | Path) -> None:
        nonlocal calls
        calls += 1
        if calls == 2:  # the first moves the old folder aside, the second swaps the new in
            raise OSError("interrupted")
        real_rename(src, dst)

    monkeypatch.setattr(files, "exchange", lambda *_: False)
    monkeypatch.setattr(os, "rename", second_fails)
    with pytest.raises(OSError, match="interrupted"):
        replace_folder(target, {"index.html": "new"})
    monkeypatch.undo()
    assert names(tmp_path) == ["report", "report/index.html"]
    assert (target / "index.html").read_text(encoding="utf-8") == "old"
