"""What the command says when the paths are wrong or the operating system refuses to write.

Every such failure is one located sentence of the catalogue (``messages/output.py``) naming the
file or folder, then what became of the output folder; the exit status is 1, never an
"Internal error". See docs/guarantees.md.
"""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

from mahjong_club.common.publish import (
    CURRENT,
    LOCK,
    RUNS,
    OutputRefused,
    PartlyReplaced,
    current_version,
)
from mahjong_club.messages import output as texts
from mahjong_club.messages.core import Message, say
from mahjong_club.ooxml.errors import OoxmlError

#: Windows' codes for a file another program has open (sharing and lock violations).
_WINDOWS_LOCKED = (32, 33)
_NO_PERMISSION = (errno.EACCES, errno.EPERM, errno.EBUSY, errno.ETXTBSY)


def file_in_the_way(path: Path) -> Path | None:
    """The file (or broken link) that stands where ``path`` or one of its folders should be."""
    for folder in [path, *path.absolute().parents]:
        if os.path.lexists(folder):
            return None if os.path.isdir(folder) else folder
    return None


def _real_folder(path: Path) -> bool:
    """A folder, not a link to one (False when the system cannot even look, as for a path too
    long: ``os.path`` answers where ``Path`` raises)."""
    return os.path.isdir(path) and not os.path.islink(path)


def _same_file(one: Path, other: Path) -> bool:
    """Whether two paths are one file: the same path, a link to it or a hard link of it."""
    try:
        return os.path.lexists(other) and os.path.samefile(one, other)
    except OSError:
        return False


def _is_within(path: Path, folder: Path) -> bool:
    return Path(os.path.realpath(path)).is_relative_to(os.path.realpath(folder))


def refused_paths(source: Path, out_dir: Path, workbook: str) -> Message | None:
    """Why the run cannot start with this input and output folder, or None.

    ``workbook`` is the updated copy's file name in ``out_dir``.
    """
    if not os.path.isfile(source):
        return say(texts.INPUT_MISSING, path=source)
    if source.suffix.lower() != ".xlsx":
        return say(texts.INPUT_NOT_XLSX, name=source.name)
    blocker = file_in_the_way(out_dir)
    if blocker is not None:
        return say(texts.OUTPUT_NOT_A_FOLDER, path=blocker)
    target = out_dir / workbook
    if _same_file(source, target) or target.resolve() == source.resolve():
        return say(texts.OUTPUT_IS_INPUT, target=target, source=source)
    if _is_within(source, out_dir / RUNS):
        return say(texts.INPUT_INSIDE_RUNS, source=source, folder=out_dir / RUNS)
    real = Path(os.path.realpath(out_dir))
    runs = next((p for p in [real, *real.parents] if p.name == RUNS), None)
    if runs is not None:  # out/report (a link into out/.runs/…), out/.runs itself
        return say(texts.OUTPUT_INSIDE_RUNS, out=out_dir, folder=runs)
    return None


def _is_locked(exc: OSError, path: Path) -> bool:
    """Whether the failure is another program holding the file open (Windows: Excel)."""
    if getattr(exc, "winerror", None) in _WINDOWS_LOCKED:
        return True
    return sys.platform == "win32" and path.is_file()


def shown_path(path: Path, out_dir: Path) -> Path:
    """Where the organiser will find ``path``: a file of the version folder being written
    (``out/.runs/<version>/report/a.html``) is ``out/report/a.html``, the folder itself ``out``;
    the tool's own ``out/.runs``, its ``lock`` and ``current`` are named as they are."""
    try:
        parts = Path(path).relative_to(out_dir / RUNS).parts
    except ValueError:
        return path
    if not parts or parts[0] == LOCK or parts == (CURRENT,):
        return path
    return out_dir.joinpath(*parts[1:])


def explain_os_error(exc: OSError, out_dir: Path) -> Message:
    """The sentence for an operating system's refusal while writing to ``out_dir``."""
    named = exc.filename2 or exc.filename  # what a rename (src, dst) failed to replace: dst
    path = shown_path(Path(named), out_dir) if named else out_dir
    code = exc.errno
    if isinstance(exc, (FileExistsError, NotADirectoryError)):
        return say(texts.OUTPUT_NOT_A_FOLDER, path=file_in_the_way(path) or path)
    if code in (errno.ENOSPC, errno.EDQUOT):
        return say(texts.OUTPUT_DISK_FULL, path=path)
    if code == errno.EROFS:
        return say(texts.OUTPUT_READ_ONLY, path=path)
    if code in _NO_PERMISSION and _is_locked(exc, path):
        return say(texts.OUTPUT_LOCKED, path=path, name=path.name)
    if code in _NO_PERMISSION:
        return say(texts.OUTPUT_NO_PERMISSION, path=path)
    if code == errno.ENAMETOOLONG:
        return say(texts.OUTPUT_NAME_TOO_LONG, path=path)
    return say(texts.OUTPUT_OS_ERROR, path=path, reason=exc.strerror or exc)


def explain_write_failure(exc: Exception, out_dir: Path) -> list[Message]:
    """What to print when writing the outputs failed: the cause, then the output folder's state."""
    if isinstance(exc, OutputRefused):
        cause = exc.message
    elif isinstance(exc, OoxmlError):
        cause = say(texts.OUTPUT_CANNOT_WRITE_WORKBOOK, reason=exc.message)
    elif isinstance(exc, OSError):
        cause = explain_os_error(exc, out_dir)
    else:
        raise TypeError(f"not a write failure: {exc!r}")
    if isinstance(exc, PartlyReplaced):
        return [cause, say(texts.OUTPUT_PARTLY_REPLACED, folder=out_dir)]
    legacy = out_dir / "report"  # the results of the tool before 0.3: a real folder
    if current_version(out_dir / RUNS) is None and not _real_folder(legacy):
        return [cause, say(texts.OUTPUT_NOTHING_WRITTEN)]
    return [cause, say(texts.OUTPUT_UNCHANGED, folder=out_dir)]
