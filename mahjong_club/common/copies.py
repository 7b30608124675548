"""Copies of what an output folder shows: hard links where the file system allows (the same
bytes, no time spent), real copies elsewhere; a link inside a folder stays a link."""

from __future__ import annotations

import filecmp
import os
import shutil
from collections.abc import Callable
from pathlib import Path

from mahjong_club.common.files import located


def link_or_copy(source: str, target: str) -> None:
    """``source`` at ``target`` too: a hard link, or a copy where there can be none."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def copy_tree(source: Path, target: Path, copy_file: Callable[[str, str], object]) -> None:
    """``source`` (a real folder) copied to the new ``target``; links inside stay links. The
    first failure is raised as it is, naming its file (``shutil.copytree`` collects them all)."""
    try:
        target.mkdir()
    except OSError as exc:
        raise located(exc, target) from None
    for entry in sorted(os.scandir(source), key=lambda e: e.name):
        path = target / entry.name
        try:
            if entry.is_symlink():
                os.symlink(os.readlink(entry.path), path)
            elif entry.is_dir():
                copy_tree(Path(entry.path), path, copy_file)
            else:
                copy_file(entry.path, str(path))
        except OSError as exc:
            raise located(exc, path) from None


def copy_shown(source: Path, target: Path) -> None:
    """What ``source`` shows (a file or a folder, through a link) at ``target`` as a real file
    or folder: hard links where the system allows, copies elsewhere; never the link itself."""
    real = Path(os.path.realpath(source))
    if real.is_dir():
        copy_tree(real, target, link_or_copy)
    else:
        link_or_copy(str(real), str(target))


def same_content(first: Path, second: Path) -> bool:
    """Whether ``first`` and ``second`` (files or folders, through links) hold the same: the
    same names, and files of the same bytes.

    >>> import tempfile
    >>> a, b = Path(tempfile.mkdtemp()), Path(tempfile.mkdtemp())
    >>> for folder in (a, b): _ = (folder / "x.html").write_text("<p>1</p>")
    >>> same_content(a, b), (b / "notes.txt").write_text("mine") and same_content(a, b)
    (True, False)
    """
    if first.is_dir() and second.is_dir():
        names = sorted(p.name for p in first.iterdir())
        if names != sorted(p.name for p in second.iterdir()):
            return False
        return all(same_content(first / name, second / name) for name in names)
    if first.is_file() and second.is_file():
        return filecmp.cmp(first, second, shallow=False)
    return False
