"""A sheet the tool reads, given another name: Danish, or the singular.

The tool reads its sheets by their English names (``Players``, ``Games``; workbook.md),
whatever the letter case. An organiser who names the players' sheet ``Spillere`` has no
``Players`` sheet to the tool: the players' emails and ratings are then not read, and the
run goes on without them. So a sheet whose name is a Danish name of a sheet the workbook
lacks, or that sheet's name in the singular (``Player``), is warned of, with the name to
give it. Only these, and only for the sheets the workbook's mode reads of the common and
the league's own (a club's committee list named ``Board`` is no duplicate's ``Boards``; a
club's own ``Program`` may be no ``Schedule``): a name merely like one (``Tonight``, a
result sheet the tool writes, is not ``Nights``) is left alone.

    >>> meant("Spillere", ["Players", "Games"]), meant("game", ["Games"])
    ('Players', 'Games')
    >>> meant("Penalty", ["Penalties"]), meant("Dice", ["Dice"])
    ('Penalties', None)
    >>> meant("Tonight", ["Nights"]), meant("Spillere", ["Games"])
    (None, None)
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_club.common.problems import Problems
from mahjong_club.common.text import fold_name
from mahjong_club.messages import cells as texts

#: Danish names an organiser may give the tool's sheets, with the sheet each is.
DANISH = {
    "indstillinger": "Settings",
    "spillere": "Players",
    "divisioner": "Divisions",
    "spil": "Games",
    "kampe": "Games",
    "straffe": "Penalties",
    "terninger": "Dice",
    "aftener": "Nights",
    "klubaftener": "Nights",
    "fremmøde": "Attendance",
    "tilmeldinger": "Signups",
    "hænder": "Hands",
}


def meant(name: str, absent: Sequence[str]) -> str | None:
    """The sheet among ``absent`` (sheets the tool reads that the workbook lacks) that a
    sheet called ``name`` most likely is: by its Danish name, or in the singular."""
    folded = fold_name(name)
    for sheet in absent:
        if DANISH.get(folded) == sheet or folded == _singular(fold_name(sheet)):
            return sheet
    return None


def _singular(name: str) -> str | None:
    """``players`` → ``player``, ``penalties`` → ``penalty``; None for a name not plural."""
    if name.endswith("ies"):
        return name[:-3] + "y"
    return name[:-1] if name.endswith("s") else None


def warn_renamed(sheets: Sequence[str], reads: Sequence[str], problems: Problems) -> None:
    """Warn of each of the workbook's ``sheets`` that is likely one of the sheets the tool
    ``reads`` under another name (:func:`meant`)."""
    present = {fold_name(s) for s in sheets}
    absent = [s for s in reads if fold_name(s) not in present]
    for sheet in sheets:
        wanted = meant(sheet, absent) if absent else None
        if wanted is not None:
            problems.warning(sheet, None, "", texts.SHEET_RENAMED, wanted=wanted)
