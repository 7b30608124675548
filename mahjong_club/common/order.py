"""How lists of people are sorted for reading: alphabetically, as the club's language does.

The site's list of players, the attendance lists, tonight's free players and the emails'
order were sorted by the names' code points (the order rules.md 1.2 gives tied players in
the standings, which stays as it is): a Danish club's list ended "… Yuki Tanaka, Åse
Mølgaard, Æbbe Kjær, Øjvind Skov", and "Élodie" came after "Zack". Now the letters are
compared as the reader's alphabet has them: in Danish æ, ø and å come after z, in that order;
other accents are ignored (É with E), and in English æ is ae, ø is o and å is a. Names that
read alike are then kept in a fixed order by their exact spelling.

    >>> names = ["Åse", "Zack", "Æbbe", "Élodie", "Øjvind", "Emma", "Søren", "Sofie"]
    >>> sorted(names, key=lambda name: display_order(name, "da"))
    ['Élodie', 'Emma', 'Sofie', 'Søren', 'Zack', 'Æbbe', 'Øjvind', 'Åse']
    >>> sorted(names, key=lambda name: display_order(name, "en"))
    ['Æbbe', 'Åse', 'Élodie', 'Emma', 'Øjvind', 'Sofie', 'Søren', 'Zack']
"""

from __future__ import annotations

import unicodedata

#: Danish: æ, ø and å after z, in that order (the characters after z in code points).
_DANISH_LAST = str.maketrans({"æ": "{", "ø": "|", "å": "}"})
#: English (and any other language): the letters no accent can be taken off, spelled out.
_PLAIN_LETTERS = str.maketrans({"æ": "ae", "ø": "o", "đ": "d", "ł": "l", "þ": "th", "ð": "d"})


def display_order(name: str, language: str = "en") -> tuple[str, str, str]:
    """The sort key of ``name`` in a list of people read in ``language``."""
    folded = unicodedata.normalize("NFC", name.casefold())
    lettered = folded.translate(_DANISH_LAST if language == "da" else _PLAIN_LETTERS)
    decomposed = unicodedata.normalize("NFD", lettered)
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return (plain, folded, name)
