"""Atomic writes: a crash or an error leaves the old file (or folder) or the new, never half.

The one place the tool writes its outputs from:

- :func:`atomic_output` streams a file: a temporary file in the target's folder, fsync, rename,
  fsync of the folder;
- :func:`write_bytes_atomic` and :func:`write_text_atomic` write a whole file that way;
- :func:`replace_folder` writes a whole folder: built beside the target, then swapped in.

A new file gets mode ``0o644``; a file that is replaced keeps its permission bits.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import BinaryIO

_NEW_FILE_MODE = 0o644
_NEW_FOLDER_MODE = 0o755


def fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable where the platform allows it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _mode_of(path: Path) -> int:
    """The permission bits to give the new ``path``: the old file's, else ``0o644``."""
    try:
        return path.stat().st_mode & 0o777
    except FileNotFoundError:
        return _NEW_FILE_MODE


@contextlib.contextmanager
def atomic_output(path: Path) -> Iterator[BinaryIO]:
    """Open a binary file that becomes ``path`` only when the ``with`` block ends normally.

    The data goes to a temporary file in ``path``'s folder (created when missing); at the end
    of the block it is flushed, fsynced and renamed over ``path``, and the folder is fsynced.
    When the block raises, the temporary file is removed and ``path`` is left as it was.

        >>> import tempfile
        >>> folder = Path(tempfile.mkdtemp())
        >>> with atomic_output(folder / "out.bin") as out:
        ...     _ = out.write(b"data")
        >>> (folder / "out.bin").read_bytes(), sorted(p.name for p in folder.iterdir())
        (b'data', ['out.bin'])
        >>> shutil.rmtree(folder)
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = _mode_of(path)
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w+b") as out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    fsync_folder(path.parent)


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (see :func:`atomic_output`)."""
    with atomic_output(path) as out:
        out.write(data)


def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8, newlines as given) to ``path`` atomically."""
    write_bytes_atomic(path, text.encode("utf-8"))


def _write_files(folder: Path, files: Mapping[str, str | bytes]) -> None:
    """Write ``files`` (relative name → content, text as UTF-8) into ``folder``, fsynced."""
    for name, content in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        data = content.encode("utf-8") if isinstance(content, str) else content
        with open(path, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())


def replace_folder(target: Path, files: Mapping[str, str | bytes]) -> None:
    """Make ``target`` a folder holding exactly ``files``, atomically.

    ``files`` maps a relative name (``"players/ann.html"``; subfolders are created) to its
    content: text is written as UTF-8 with its newlines as given, bytes as they are. The folder
    is built beside ``target`` and then swapped in with renames, so a crash leaves the old
    folder or the new one, never a mix; on an error the old folder stays and nothing of the
    new remains. Whatever else was in the old folder is gone afterwards.
    """
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    build = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    try:
        _write_files(build, files)
        os.chmod(build, _NEW_FOLDER_MODE)
        fsync_folder(build)
        _swap_in(build, target)
    except BaseException:
        shutil.rmtree(build, ignore_errors=True)
        raise
    fsync_folder(target.parent)


def _swap_in(build: Path, target: Path) -> None:
    """Rename ``build`` to ``target``, moving an existing ``target`` out of the way first."""
    if not target.exists() and not target.is_symlink():
        os.replace(build, target)
        return
    old = target.with_name(f".{target.name}-old-{uuid.uuid4().hex}")
    os.replace(target, old)
    try:
        os.replace(build, target)
    except BaseException:
        os.replace(old, target)  # put the old folder back
        raise
    if old.is_dir() and not old.is_symlink():
        shutil.rmtree(old, ignore_errors=True)
    else:
        old.unlink(missing_ok=True)
