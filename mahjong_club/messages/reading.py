"""Messages about the workbook as it was read: where a problem is, and players' names.

Each entry's English text is what the organiser sees on the terminal and in the ``Problems``
sheet; the Danish text is used where the club's ``language`` is ``da``.
"""

from mahjong_club.messages.core import entry

# Where a problem is: "Error: sheet 'Games', row 4, column 'Score': …"
PROBLEM_ERROR = entry("problem.error", en="Error", da="Fejl")
PROBLEM_WARNING = entry("problem.warning", en="Warning", da="Advarsel")
PROBLEM_SHEET = entry("problem.sheet", en="sheet {sheet!r}", da="ark {sheet!r}")
PROBLEM_ROW = entry("problem.row", en="row {row}", da="række {row}")
PROBLEM_COLUMN = entry("problem.column", en="column {column!r}", da="kolonne {column!r}")

# Players' names, in every sheet that names players (reading/names.py).
NAME_SPELLING = entry(
    "names.spelling",
    en="{written!r} in {rows} is taken to be {registered!r}, as {source} writes it ({how});"
    " the results use {registered!r}",
    da="{written!r} i {rows} opfattes som {registered!r}, sådan som {source} skriver det ({how});"
    " resultaterne bruger {registered!r}",
)
NAME_SOURCE = entry(
    "names.source", en="row {row} of sheet {sheet!r}", da="række {row} i arket {sheet!r}"
)
ROWS = entry("names.rows", en="rows {rows}", da="række {rows}")
NAME_CONTROL = entry(
    "names.control",
    en="the name {name!r} contains the control character {code} (a line break, a tab or"
    " another code that is not text); a name is one line of plain text",
    da="navnet {name!r} indeholder kontroltegnet {code} (et linjeskift, en tabulator eller"
    " en anden kode, der ikke er tekst); et navn er én linje almindelig tekst",
)
DID_YOU_MEAN_BECAUSE = entry(
    "names.did_you_mean_because",
    en=" (did you mean {name!r}? the spelling here {how})",
    da=" (mente du {name!r}? stavemåden her {how})",
)
#: Two of the ways a spelling differs, one after the other.
JOINED = entry("names.joined", en="{first}, {rest}", da="{first}, {rest}")
SPELLING_LETTER_CASE = entry(
    "names.differs.letter_case", en="differs in letter case", da="har andre store og små bogstaver"
)
SPELLING_NO_BREAK_SPACE = entry(
    "names.differs.no_break_space",
    en="contains a non-breaking space",
    da="indeholder et hårdt mellemrum (non-breaking space)",
)
SPELLING_OTHER_SPACE = entry(
    "names.differs.other_space",
    en="contains an unusual space ({code})",
    da="indeholder et usædvanligt mellemrum ({code})",
)
SPELLING_DECOMPOSED = entry(
    "names.differs.decomposed",
    en="has {letter} written as {base} + accent",
    da="har {letter} skrevet som {base} + accent",
)
SPELLING_EXTRA_SPACE = entry(
    "names.differs.extra_space", en="has an extra space", da="har et mellemrum for meget"
)
SPELLING_MISSING_SPACE = entry(
    "names.differs.missing_space", en="lacks a space", da="mangler et mellemrum"
)
SPELLING_MOVED_SPACE = entry(
    "names.differs.moved_space",
    en="has a space in another place",
    da="har et mellemrum et andet sted",
)
SPELLING_INVISIBLE = entry(
    "names.differs.invisible",
    en="contains an invisible character ({code})",
    da="indeholder et usynligt tegn ({code})",
)
SPELLING_ENCODED = entry(
    "names.differs.encoded",
    en="has letters encoded differently (Unicode)",
    da="har bogstaver, der er kodet anderledes (Unicode)",
)
SPELLING_REGISTERED = entry(
    "names.differs.registered",
    en="the registered spelling {how}",
    da="den registrerede stavemåde {how}",
)
