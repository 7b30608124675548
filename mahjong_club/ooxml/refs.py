"""Cell references: column letters and ``B12``-style references.

>>> column_letter(27), column_index("AB")
('AB', 27)
>>> parse_ref("$C$6"), parse_ref("C0"), parse_ref("6C")
((6, 2), (0, 2), None)
"""

from __future__ import annotations

import re

_REF_RE = re.compile(r"\$?([A-Za-z]{1,3})\$?([0-9]+)")


def column_letter(index: int) -> str:
    """Return the Excel column letters for a 0-based column index (0 → ``A``, 26 → ``AA``)."""
    if index < 0:  # a programming error, never the organiser's: no catalogue entry
        raise ValueError(f"column index must be >= 0, got {index}")
    letters = ""
    n = index + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def column_index(letters: str) -> int:
    """The 0-based column index of Excel column letters (``A`` → 0, ``aa`` → 26)."""
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - 64
    return n - 1


def parse_ref(ref: str) -> tuple[int, int] | None:
    """``"C6"`` → ``(6, 2)`` (1-based row, 0-based column); None if not a cell reference.

    ``$`` anchors and lower-case letters are accepted, as Excel does.
    """
    m = _REF_RE.fullmatch(ref)
    if m is None:
        return None
    return int(m.group(2)), column_index(m.group(1))
