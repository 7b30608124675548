"""Messages about the workbook as it was read: every problem of the reading step.

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
