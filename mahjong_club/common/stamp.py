"""What a file is at a moment (its identity, size and modification time), to tell whether
it was replaced or changed since: an organiser saving the workbook again while a run reads it
(Excel and LibreOffice replace the file in one step) would otherwise get an updated copy made
of the new file's sheets beside results computed from the old one."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class FileStamp:
    """A file's device and inode, size and modification time (nanoseconds)."""

    device: int
    inode: int
    size: int
    modified: int

    @classmethod
    def of(cls, path: Path) -> FileStamp | None:
        """``path``'s stamp now; None when it cannot be looked at.

        >>> import tempfile
        >>> path = Path(tempfile.mkdtemp()) / "a.xlsx"; _ = path.write_bytes(b"one")
        >>> first = FileStamp.of(path); _ = path.write_bytes(b"three")
        >>> first == FileStamp.of(path), FileStamp.of(path) == FileStamp.of(path)
        (False, True)
        """
        try:
            found = os.stat(path)
        except OSError:
            return None
        return cls(found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns)
