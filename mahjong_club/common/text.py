"""One helper of each kind for names and numbers: folding, slugs, "did you mean", sorting.

>>> fold_name("  Åse\u00a0MØLGAARD ")
'åse mølgaard'
>>> ascii_fold("Søren Østergaard")
'soren ostergaard'
>>> slugify("Åse Mølgaard", set())
'ase-molgaard'
>>> did_you_mean("Mette Dal", ["Mette Dahl", "Jens Holm"])
'Mette Dahl'
>>> sorted(["10", "2", "b", "1"], key=natural_key)
['1', '2', '10', 'b']
>>> plain_number(Fraction(7, 3)), plain_number(27300)
('2.33', '27,300')
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable
from fractions import Fraction

#: Letters that Unicode does not decompose into a base letter plus accent.
_SPECIAL_LETTERS = {
    "ø": "o",
    "Ø": "O",
    "æ": "ae",
    "Æ": "Ae",
    "ß": "ss",
    "ł": "l",
    "Ł": "L",
    "đ": "d",
    "Đ": "D",
}
_SPACES = re.compile(r"\s+")


def fold_name(name: object) -> str:
    """A name, sheet name or header as compared: NFC, case-folded, spaces collapsed."""
    text = unicodedata.normalize("NFC", str(name))
    return _SPACES.sub(" ", text).strip().casefold()


def ascii_fold(name: str) -> str:
    """A name reduced to plain ASCII letters, lower case: for slugs and near-miss matching."""
    folded = "".join(_SPECIAL_LETTERS.get(c, c) for c in name)
    folded = unicodedata.normalize("NFKD", folded).encode("ascii", "ignore").decode()
    return fold_name(folded)


def slugify(name: str, taken: set[str], fallback: str = "player") -> str:
    """A file-name-safe slug, unique among ``taken`` (which it extends)."""
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_fold(name)).strip("-") or fallback
    candidate, n = slug, 2
    while candidate in taken:
        candidate, n = f"{slug}-{n}", n + 1
    taken.add(candidate)
    return candidate


#: How alike two names must be (difflib's ratio on the ASCII-folded names) to be suggested.
SUGGEST_CUTOFF = 0.75


def did_you_mean(name: str, known: Iterable[str]) -> str | None:
    """The known name that ``name`` is most probably a misspelling of, or None."""
    folded: dict[str, str] = {}
    for candidate in known:
        folded.setdefault(ascii_fold(candidate), candidate)
    close = difflib.get_close_matches(ascii_fold(name), list(folded), n=1, cutoff=SUGGEST_CUTOFF)
    return folded[close[0]] if close else None


def natural_key(text: str) -> tuple[int, int, str]:
    """Sort labels as people do: numbers first, in numeric order (2 before 10), then text."""
    return (0, int(text), "") if text.isdigit() else (1, 0, text)


def plain_number(value: int | Fraction | None) -> str:
    """A number for the terminal: thousands separators, a fraction to 2 decimals."""
    if value is None:
        return ""
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{float(value):,.2f}"
    return f"{int(value):,}"
