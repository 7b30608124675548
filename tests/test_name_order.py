"""Names as a Danish club reads them: lists of people in the club's alphabet (æ, ø, å after z
in Danish), and a name typed as A + accent shown as Å (a Danish organiser's trial found both
wrong on the site, in the emails and in the workbook)."""

from __future__ import annotations

import re
import unicodedata

import pytest

from tests.builders import sheet_rows
from tests.test_cli_errors import league, run

NAMES = ["Åse", "Zack", "Æbbe", "Øjvind", "Élodie"]
SLUGS = {"Åse": "ase", "Zack": "zack", "Æbbe": "aebbe", "Øjvind": "ojvind", "Élodie": "elodie"}


def renamed(language: str, first: str = "Åse") -> dict:
    """The league with A to E renamed (A is ``first``), in ``language``."""
    sheets = league()
    names = dict(zip("ABCDE", [first, *NAMES[1:]], strict=True))

    def rename(cell: object) -> object:
        return names.get(cell, cell) if isinstance(cell, str) else cell

    sheets = {name: [[rename(c) for c in row] for row in rows] for name, rows in sheets.items()}
    sheets["Players"] = [["Player", "Email", "Rating"]] + [
        [n, f"p{i}@example.org", 1500] for i, n in enumerate(names.values())
    ]
    sheets["Settings"].append(["language", language])
    return sheets


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("da", ["Élodie", "Zack", "Æbbe", "Øjvind", "Åse"]),
        ("en", ["Æbbe", "Åse", "Élodie", "Øjvind", "Zack"]),
    ],
)
def test_the_site_and_the_emails_list_people_in_the_clubs_alphabet(
    tmp_path, capsys, language, expected
):
    code, out = run(tmp_path, renamed(language))
    assert code == 0, capsys.readouterr().err
    index = (out / "report" / "index.html").read_text(encoding="utf-8")
    found = index[
        index.index('id="player-list"') : index.index("</ul>", index.index("player-list"))
    ]
    assert re.findall(r">([^<>]+)</a>", found) == expected  # the index's list of players
    outbox = sorted(p.name for p in (out / "outbox").iterdir())
    assert [name.split("-", 2)[2] for name in outbox[:-1]] == [f"{SLUGS[n]}.eml" for n in expected]


def test_a_name_typed_as_a_plus_accent_is_shown_as_one_letter(tmp_path, capsys):
    decomposed = unicodedata.normalize("NFD", "Åse")
    assert decomposed != "Åse"
    code, out = run(tmp_path, renamed("en", first=decomposed))
    assert code == 0, capsys.readouterr().err
    players = {r["Player"] for r in sheet_rows(out / "season.xlsx", "Standings")}
    assert "Åse" in players and decomposed not in players
    page = (out / "report" / "index.html").read_text(encoding="utf-8")
    assert decomposed not in page and "Åse" in page


def test_a_name_typed_as_a_plus_accent_everywhere_gets_no_warning(tmp_path, capsys):
    """A review's find: with the registered name composed, the same NFD spelling in every
    sheet (a Mac's) was warned of as another spelling on every sheet."""
    decomposed = unicodedata.normalize("NFD", "Åse")
    code, _ = run(tmp_path, renamed("en", first=decomposed))
    err = capsys.readouterr().err
    assert code == 0, err
    assert "taken to be" not in err and "accent" not in err
    sheets = renamed("en", first=decomposed)
    sheets["Players"].append([decomposed, None, None])  # the same name twice: said plainly
    code, _ = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 1 and "accent" not in err
