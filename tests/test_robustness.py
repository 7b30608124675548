"""Whatever an organiser types, the tool answers with results or located errors, never a crash."""

import copy
import datetime as dt
import random

import pytest

from process import main
from tests.builders import write_workbook
from tests.test_cli_duplicate import duplicate_sheets
from tests.test_cli_errors import league
from tests.test_cli_hands import hands_sheet
from tests.test_cli_season_end import season_sheets
from tests.test_tournament import tournament

WORKBOOKS = [league, season_sheets, hands_sheet, duplicate_sheets, tournament]

ODD_VALUES = [
    None, "", " ", "x", "late", "18:45", 0, 1, -5, 3.5, "abc", "32,100", "1.2.3",
    dt.date(2025, 9, 4), dt.datetime(2025, 1, 1, 18, 0), dt.time(18, 20), True,
    "E", "R1", "M1", "yes", "during", "chombo", 12, 10**12, "#DIV/0!", "−7",
    "E,S", "18,9", "123m 456p", "[RRR]", "19m19p19sESWNRGHH", "891m", "1 3", "heavenly",
    "start", "obstruction", 8000, "Anna Holm", 2, "N",
]  # fmt: skip


@pytest.mark.parametrize("seed", range(100))
def test_mutated_workbooks_never_crash(tmp_path, capsys, seed):
    rng = random.Random(seed)
    sheets = copy.deepcopy(WORKBOOKS[seed % len(WORKBOOKS)]())
    for _ in range(rng.randint(1, 5)):
        rows = sheets[rng.choice(sorted(sheets))]
        row = rows[rng.randrange(len(rows))]
        row[rng.randrange(len(row))] = rng.choice(ODD_VALUES)
    path = write_workbook(tmp_path / "odd.xlsx", sheets)
    code = main([str(path), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code in (0, 1), err
    assert "Internal error" not in err
    if code == 1:
        assert "nothing was written" in err and not (tmp_path / "out").exists()
