r"""One helper of each kind for names and numbers: folding, slugs, "did you mean", sorting.

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
>>> [d.kind.value for d in spelling_differences("mette\u00a0dahl", "Mette Dahl")]
['letter case', 'no-break space']
>>> printable("Åse\x1b[31m\n")
'Åse\\x1b[31m\\n'
"""

from __future__ import annotations

import difflib
import functools
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
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
    r"""A name, sheet name or header as compared: NFC, case-folded, spaces collapsed, invisible
    format characters dropped.

    Every Unicode space (the non-breaking space U+00A0, the thin and narrow spaces, a tab …)
    counts as a space, a run of them as one, and spaces at either end are dropped; ``é``
    written as ``e`` + accent (NFD) is ``é``. An invisible format character (Unicode category
    Cf: the zero-width space U+200B, joiners, U+FEFF, the soft hyphen, bidirectional marks …)
    is no part of the name. Two names that fold alike are the same name.

    >>> fold_name("Ase\u2009 MØLGAARD") == fold_name("ase mølgaard")
    True
    >>> fold_name("Mette\u200b Dahl") == fold_name("\ufeffMette \u200dDahl\u200e")
    True
    >>> fold_name("Re\u0301ne") == fold_name("RÉNE")
    True
    """
    text = str(name)
    # names come again and again (remembered); a long text (an email's) is folded once
    return _remembered_fold(text) if len(text) <= _REMEMBERED_LENGTH else _fold(text)


#: Texts up to this long are remembered folded (names, headers, sheet names).
_REMEMBERED_LENGTH = 200


def _fold(name: str) -> str:
    text = _SPACES.sub(" ", unicodedata.normalize("NFC", _visible(name))).strip()
    return unicodedata.normalize("NFC", text.casefold())


_remembered_fold = functools.lru_cache(maxsize=4096)(_fold)


def ascii_fold(name: str) -> str:
    """A name reduced to plain ASCII letters, lower case: for slugs and near-miss matching."""
    folded = "".join(_SPECIAL_LETTERS.get(c, c) for c in name)
    folded = unicodedata.normalize("NFKD", folded).encode("ascii", "ignore").decode()
    return fold_name(folded)


def slugify(name: str, taken: set[str], fallback: str = "player", limit: int = 100) -> str:
    """A file-name-safe slug of at most ``limit`` bytes, unique among ``taken`` (which it
    extends); see :func:`safe_file_name` for the rest of what a file name must be."""
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_fold(name)).strip("-") or fallback
    return safe_file_name(slug, taken, limit=limit, fallback=fallback)


#: How alike two names must be (difflib's ratio on the ASCII-folded names) to be suggested.
SUGGEST_CUTOFF = 0.75


def did_you_mean(name: str, known: Iterable[str]) -> str | None:
    """The known name that ``name`` is most probably a misspelling of, or None."""
    folded: dict[str, str] = {}
    for candidate in known:
        folded.setdefault(ascii_fold(candidate), candidate)
    close = difflib.get_close_matches(ascii_fold(name), list(folded), n=1, cutoff=SUGGEST_CUTOFF)
    return folded[close[0]] if close else None


#: A run of ASCII digits (``²`` or ``٣`` are letters to :func:`natural_key`).
_DIGITS = re.compile(r"([0-9]+)")
#: What :func:`natural_key` returns: a key per run of digits or of other characters, then the
#: label itself (so that ``02`` and ``2``, or ``G`` and ``g``, still have a fixed order).
NaturalKey = tuple[tuple[tuple[int, int, str], ...], str]


def natural_key(text: str) -> NaturalKey:
    """Sort labels as people do: every run of digits by its value (table 2 before table 10,
    game ``G2`` before ``G10``), a label that starts with a number before one that starts with
    a letter, letters without regard to case.

    >>> sorted(["G10", "g2", "G1b", "10", "9", "Table 10", "Table 2", "b", "A"], key=natural_key)
    ['9', '10', 'A', 'b', 'G1b', 'g2', 'G10', 'Table 2', 'Table 10']
    >>> sorted(["2", "02", "1.10", "1.9"], key=natural_key)
    ['1.9', '1.10', '02', '2']
    >>> sorted(["G" + "9" * 5000, "G10", "G2"], key=natural_key)[:2]
    ['G2', 'G10']
    """
    if text.isascii() and text.isdigit():  # a plain number, as most game ids are: one run
        return (_number_part(text),), text
    parts = tuple(
        _number_part(run) if run.isdigit() and run.isascii() else (1, 0, run.casefold())
        for run in _DIGITS.split(text)
        if run
    )
    return parts, text


def _number_part(digits: str) -> tuple[int, int, str]:
    """A run of ASCII digits as its value sorts: fewer digits (leading zeros aside) first,
    then digit by digit; no number is made of it (a hostile label of thousands of digits
    is more than Python makes a number of)."""
    significant = digits.lstrip("0") or "0"
    return 0, len(significant), significant


#: The most digits a number keeps exactly in an Excel cell (a double holds 15).
EXCEL_DIGITS = 15
_PLAIN_DIGITS = re.compile(r"\s*([0-9]+)\s*")


def small_number(text: str, most: int = EXCEL_DIGITS) -> int | None:
    """The whole number ``text`` writes in ASCII digits (spaces around allowed), when it has
    at most ``most`` digits; None otherwise: ``²`` is a digit to Python but no number (and
    ``int`` refuses it), and thousands of digits are more than Python makes a number of, or
    than an Excel cell keeps exactly.

    >>> small_number(" 42 "), small_number("²"), small_number("9" * 5000), small_number("-1")
    (42, None, None, None)
    """
    found = _PLAIN_DIGITS.fullmatch(text)
    if found is None or len(found.group(1).lstrip("0")) > most:
        return None
    return int(found.group(1))


def plain_number(value: int | Fraction | None) -> str:
    """A number for the terminal: thousands separators, a fraction to 2 decimals."""
    if value is None:
        return ""
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{float(value):,.2f}"
    return f"{int(value):,}"


# File names ----------------------------------------------------------------------------------

#: The longest file name the tool writes, in bytes of UTF-8 (file systems allow 255).
MAX_NAME_BYTES = 100
#: Windows' device names: no file may be called so, whatever its extension (``nul.txt``).
_RESERVED_NAMES = frozenset(
    ["con", "prn", "aux", "nul", "clock$", "conin$", "conout$"]
    + [f"{port}{n}" for port in ("com", "lpt") for n in [*"0123456789", "¹", "²", "³"]]
)
#: What Windows, macOS or Linux refuse in a file name (and control characters).
_NOT_IN_NAMES = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]+')


def _clip(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` bytes of UTF-8 (never inside a character), without
    the dots and spaces that would end a file name."""
    return text.encode("utf-8")[: max(limit, 0)].decode("utf-8", "ignore").rstrip(". ")


def _not_reserved(name: str) -> str:
    """``name`` with ``_`` after a Windows device name in front of its first dot."""
    first, dot, rest = name.partition(".")
    if first.rstrip(" ").casefold() in _RESERVED_NAMES:
        return f"{first.rstrip(' ')}_{dot}{rest}"
    return name


def safe_file_name(
    name: str,
    taken: set[str] | None = None,
    *,
    suffix: str = "",
    limit: int = MAX_NAME_BYTES,
    fallback: str = "file",
) -> str:
    """``name`` made into a file name that every system accepts, ``suffix`` (``".html"``) after it.

    The result, suffix included, is at most ``limit`` bytes of UTF-8; it stays in its folder
    (no ``/``, ``\\`` or ``..``), is not hidden (no leading dot), is no Windows device name
    (``CON``, ``nul.txt``, ``COM1`` …) and ends in neither a dot nor a space. Letters of every
    script are kept; what file systems refuse becomes ``_``. It is unique among ``taken``,
    compared case-insensitively as Windows and macOS do (``taken`` is extended with it): a
    name already taken gets ``-2``, ``-3`` …, shortened to make room.

    >>> safe_file_name("Season 2026: spring/autumn", suffix=".xlsx")
    'Season 2026_ spring_autumn.xlsx'
    >>> safe_file_name("con", suffix=".xlsx"), safe_file_name("..", suffix=".csv")
    ('con_.xlsx', 'file.csv')
    >>> taken: set[str] = set()
    >>> long = [safe_file_name("Søren " * 40, taken, suffix=".eml") for _ in range(2)]
    >>> [len(n.encode()) for n in long], long[0][:12], long[1][-6:]
    ([100, 100], 'Søren Søren ', '-2.eml')
    """
    text = _NOT_IN_NAMES.sub("_", unicodedata.normalize("NFC", name)).strip(" .")
    room = limit - len(suffix.encode("utf-8"))
    stem = _clip(text, room) or _clip(fallback, room)
    candidate, n = _not_reserved(stem + suffix), 2
    taken = set() if taken is None else taken
    while candidate.casefold() in taken:
        number = f"-{n}"
        candidate = _not_reserved(_clip(stem, room - len(number)) + number + suffix)
        n += 1
    taken.add(candidate.casefold())
    return candidate


class Spelling(Enum):
    """One way two spellings of a name differ while their letters are the same."""

    LETTER_CASE = "letter case"
    NO_BREAK_SPACE = "no-break space"
    OTHER_SPACE = "other space"
    DECOMPOSED = "decomposed"
    EXTRA_SPACE = "extra space"
    MISSING_SPACE = "missing space"
    MOVED_SPACE = "moved space"
    INVISIBLE = "invisible"


@dataclass(frozen=True)
class Difference:
    """How a spelling differs: its kind; ``shown`` is the letter written in two parts
    (``é``, with ``base`` ``e``) or the character's code (``U+2009``)."""

    kind: Spelling
    shown: str = ""
    base: str = ""


def _code(char: str) -> str:
    return f"U+{ord(char):04X}"


#: A character that may be an invisible format character (category Cf): the first is the soft
#: hyphen U+00AD, so plain ASCII text (an email's, mostly) is looked at in one search.
_MAYBE_FORMAT = re.compile(r"[^\x00-\xac]")


def _visible(text: str) -> str:
    """``text`` without invisible format characters (zero-width space, soft hyphen …)."""
    if _MAYBE_FORMAT.search(text) is None:
        return text
    return _MAYBE_FORMAT.sub(_unless_format, text)


def _unless_format(found: re.Match[str]) -> str:
    char = found.group()
    return "" if unicodedata.category(char) == "Cf" else char


def _spaced(text: str) -> str:
    """``text`` in NFC without invisible characters, every space a plain one, ends trimmed."""
    return _SPACES.sub(
        lambda m: " " * len(m.group()), unicodedata.normalize("NFC", _visible(text))
    ).strip()


def _decomposed(text: str) -> Difference | None:
    """The first letter written as a base letter plus a combining accent (NFD), if any."""
    for i, char in enumerate(text):
        end = i + 1
        while end < len(text) and unicodedata.combining(text[end]):
            end += 1
        cluster = text[i:end]
        composed = unicodedata.normalize("NFC", cluster)
        if end > i + 1 and composed != cluster and not unicodedata.combining(char):
            return Difference(Spelling.DECOMPOSED, composed, char)
    return None


def spelling_differences(written: str, known: str) -> tuple[Difference, ...] | None:
    r"""How ``written`` differs from ``known`` when only case, spaces, invisible characters or
    accents written in two parts tell them apart; None when their letters differ.

    ``()`` when nothing tells them apart that ``written`` did (the same text, say).

    >>> [d.kind.value for d in spelling_differences("MetteDahl", "Mette Dahl")]
    ['missing space']
    >>> spelling_differences("Rene\u0301", "René")
    (Difference(kind=<Spelling.DECOMPOSED: 'decomposed'>, shown='é', base='e'),)
    >>> spelling_differences("Mette Dal", "Mette Dahl") is None
    True
    """
    w, k = _spaced(written), _spaced(known)
    if fold_name(w).replace(" ", "") != fold_name(k).replace(" ", ""):
        return None
    found: list[Difference] = []
    if w.replace(" ", "") != k.replace(" ", ""):
        found.append(Difference(Spelling.LETTER_CASE))
    for char in dict.fromkeys(c for c in written if c.isspace() and c != " " and c not in known):
        if char == "\u00a0":
            found.append(Difference(Spelling.NO_BREAK_SPACE, _code(char)))
        else:
            found.append(Difference(Spelling.OTHER_SPACE, _code(char)))
    decomposed = _decomposed(written)
    if decomposed is not None and _decomposed(known) is None:
        found.append(decomposed)
    if w.count(" ") != k.count(" "):
        more = w.count(" ") > k.count(" ")
        found.append(Difference(Spelling.EXTRA_SPACE if more else Spelling.MISSING_SPACE))
    elif w.casefold() != k.casefold() and fold_name(w) != fold_name(k):
        found.append(Difference(Spelling.MOVED_SPACE))
    invisible = [c for c in written if unicodedata.category(c) == "Cf" and c not in known]
    if invisible:
        found.append(Difference(Spelling.INVISIBLE, _code(invisible[0])))
    return tuple(found)


#: The control characters (Unicode category Cc): C0, DEL and C1.
_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f]")


def first_control(text: str) -> str | None:
    """The first control character in ``text`` (a line break, a tab, ESC …), or None."""
    found = _CONTROLS.search(text)
    return found.group() if found else None


#: Characters a terminal would act on instead of showing: controls (C0, DEL, C1), line and
#: paragraph separators, and the marks that reorder text (bidirectional controls).
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_ESCAPES = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _escaped(match: re.Match[str]) -> str:
    char = match.group()
    if char in _ESCAPES:
        return _ESCAPES[char]
    return f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"


def printable(text: str) -> str:
    """``text`` safe for a terminal: every control character shown as its escape (``\\x1b``)."""
    return _UNSAFE.sub(_escaped, text)


#: The most characters of one problem printed on the terminal.
SHOWN_CHARACTERS = 2000


def shortened(text: str, limit: int = SHOWN_CHARACTERS) -> str:
    """``text`` cut to ``limit`` characters for the terminal, saying how long it was (a name
    of 10 MB in a cell was printed whole: a 10 MB line).

    >>> shortened("abcdef", 3)
    'abc… (6 characters in all)'
    >>> shortened("abc", 3)
    'abc'
    """
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text):,} characters in all)"
