"""CLI: every kind of bad input gets a located message, exit code 1, and nothing written."""

import copy
import datetime as dt

import pytest

from process import main
from tests.builders import assert_refused, write_workbook

D = dt.date(2025, 9, 4)
GAMES_HEADER = ["Game", "Date", "Division", "Player", "Score", "Substituted"]


def league():
    """A small valid league workbook: one riichi and one MCR division."""
    return {
        "Settings": [["Key", "Value"], ["club", "Test club"]],
        "Players": [["Player", "Email", "Rating"]]
        + [[p, f"{p}@example.org", 1500] for p in "ABCDE"],
        "Divisions": [["Division", "Game", "Level", "Player"]]
        + [["R1", "Riichi", 1, p] for p in "ABCDE"]
        + [["M1", "MCR", 1, p] for p in "ABCD"],
        "Games": [
            list(GAMES_HEADER),  # a copy: a test may add a column of its own
            [1, D, "R1", "A", 42300, None],
            [1, D, "R1", "B", 31500, None],
            [1, D, "R1", "C", 25200, None],
            [1, D, "R1", "D", 21000, None],
            [2, D, "M1", "A", 40, None],
            [2, D, "M1", "B", 10, None],
            [2, D, "M1", "C", -20, None],
            [2, D, "M1", "D", -30, None],
        ],
    }


def run(tmp_path, sheets, *extra):
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    out = tmp_path / "out"
    code = main([str(path), "--out", str(out), *extra])
    return code, out


def test_nothing_to_process_is_said_beside_another_sheets_error(tmp_path, capsys):
    """A review's find: once a sheet's own error hid "nothing to process", any error did (a
    bad as_of): the organiser learnt of the second problem only after fixing the first."""
    sheets = {
        "Settings": [["Key", "Value"], ["as_of", "31-02-2025"]],
        "Players": [["Player"], ["A"]],
        "Results": [["x"], [1]],
    }
    code, out = run(tmp_path, sheets)
    assert_refused(code, capsys.readouterr().err, ["as_of", "nothing to process", "'Results'"], out)


def test_valid_workbook_passes(tmp_path, capsys):
    code, out = run(tmp_path, league())
    assert code == 0
    assert (out / "season.xlsx").is_file()
    assert "Wrote" in capsys.readouterr().out


def games_with(rows):
    sheets = league()
    sheets["Games"] = [GAMES_HEADER, *rows]
    return sheets


def set_cell(sheets, sheet, row, col, value):
    sheets = copy.deepcopy(sheets)
    sheets[sheet][row][col] = value
    return sheets


CASES = [
    pytest.param(
        {k: v for k, v in league().items() if k != "Divisions"},
        ["sheet 'Divisions'", "no 'Divisions' sheet", "'Games'"],
        id="missing sheet",
    ),
    pytest.param(
        set_cell(league(), "Games", 0, 4, "Points scored"),
        ["sheet 'Games', row 1, column 'Score'", "no 'Score' column", "'Points scored'"],
        id="missing column lists existing ones",
    ),
    pytest.param(
        set_cell(league(), "Games", 1, 2, "R9"),
        ["sheet 'Games', row 2, column 'Division'", "unknown division 'R9'"],
        id="unknown division",
    ),
    pytest.param(
        set_cell(league(), "Games", 2, 3, "Zed"),
        [
            "sheet 'Games', row 3, column 'Player'",
            "'Zed' is unknown: no row of the Players sheet and no division has this name",
        ],
        id="unknown player",
    ),
    pytest.param(
        set_cell(league(), "Games", 5, 3, "E"),
        ["sheet 'Games', row 6, column 'Player': 'E' is not a member of division 'M1'; its"],
        id="a member of a division of another game is no hint",
    ),
    pytest.param(
        {
            **set_cell(league(), "Games", 5, 3, "F"),
            "Players": [*league()["Players"], ["F", "f@example.org", 1500]],
        },
        ["sheet 'Games', row 6, column 'Player': 'F' is not a member of division 'M1'; its"],
        id="a listed player of no division",
    ),
    pytest.param(
        set_cell(league(), "Games", 2, 3, "E "),
        [],
        id="a member of the division is fine (surrounding spaces ignored)",
    ),
    pytest.param(
        games_with(league()["Games"][1:4]),
        ["sheet 'Games', row 2, column 'Game'", "game '1' has 3 rows (rows 2, 3, 4)"],
        id="game without four rows",
    ),
    pytest.param(
        set_cell(league(), "Games", 2, 3, "A"),
        ["sheet 'Games', row 3, column 'Player'", "'A' sits twice in game '1' (rows 2 and 3)"],
        id="player twice in a game",
    ),
    pytest.param(
        set_cell(league(), "Games", 4, 4, 21500),
        ["sheet 'Games', row 2, column 'Score'", "add up to 120,500", "120,000"],
        id="riichi sum",
    ),
    pytest.param(
        set_cell(league(), "Games", 8, 4, -25),
        ["sheet 'Games', row 6, column 'Score'", "add up to 5", "zero-sum"],
        id="mcr sum",
    ),
    pytest.param(
        set_cell(set_cell(league(), "Games", 2, 3, "Bee"), "Games", 4, 4, 21500),
        [
            "sheet 'Games', row 3, column 'Player': 'Bee' is unknown",
            "sheet 'Games', row 2, column 'Score'",
            "add up to 120,500",
            "2 errors in season.xlsx",
        ],
        id="an unknown player's game still has its sum checked (all problems in one run)",
    ),
    pytest.param(
        set_cell(set_cell(league(), "Games", 2, 3, "Bee"), "Divisions", 2, 2, "one"),
        [
            "sheet 'Divisions', row 3, column 'Level'",
            "sheet 'Games', row 3, column 'Player': 'Bee' is unknown: no row of the Players or"
            " the Divisions sheet has this name",
            "2 errors in season.xlsx",
        ],
        id="an unknown player is said even when the Divisions sheet has an error",
    ),
    pytest.param(
        set_cell(league(), "Games", 3, 4, "lots"),
        ["sheet 'Games', row 4, column 'Score'", "expected a whole number", "'lots'"],
        id="non-number score",
    ),
    pytest.param(
        set_cell(league(), "Games", 3, 1, "31-02-2025"),
        [
            "sheet 'Games', row 4, column 'Date'",
            "found '31-02-2025': read day first, that is day 31 of month 2 of 2025",
            "write the date as year-month-day, like 2025-02-28",
        ],
        id="no such day typed day first",
    ),
    pytest.param(
        set_cell(league(), "Games", 3, 1, "4/9/25"),
        ["sheet 'Games', row 4, column 'Date'", "'4/9/25': a year of two digits (25)"],
        id="two-digit year",
    ),
    pytest.param(
        set_cell(league(), "Games", 3, 1, "4 Sept"),
        [
            "sheet 'Games', row 4, column 'Date'",
            "expected a date, like 2025-09-04 or 04-09-2025 (day first)",
            "'4 Sept'",
        ],
        id="bad date",
    ),
    pytest.param(
        set_cell(league(), "Games", 3, 3, None),
        ["sheet 'Games', row 4, column 'Player'", "partly filled in"],
        id="partly filled row",
    ),
    pytest.param(
        {**league(), "Dice": [["Division", "Player", "Round", "Roll"], ["R1", "A", 1, 13]]},
        ["sheet 'Dice', row 2, column 'Roll'", "2 to 12", "13"],
        id="dice roll out of range",
    ),
    pytest.param(
        {**league(), "Dice": [["Division", "Player", "Round", "Roll"], ["R1", "A", 1, 1]]},
        ["sheet 'Dice', row 2, column 'Roll'", "2 to 12"],
        id="dice roll too low",
    ),
    pytest.param(
        set_cell(league(), "Games", 3, 4, "=25000+200"),
        ["sheet 'Games', row 4, column 'Score (E)'", "=25000+200 has no saved value"],
        id="formula without a saved value",
    ),
    pytest.param(
        {**league(), "Penalties": [["Game", "Player", "Kind", "Points"], [1, "E", "chombo", None]]},
        ["sheet 'Penalties', row 2, column 'Player'", "'E' did not play in game '1'"],
        id="penalty for a player not in the game",
    ),
    pytest.param(
        {**league(), "Penalties": [["Game", "Player", "Kind", "Points"], [2, "A", "other", None]]},
        ["sheet 'Penalties', row 2, column 'Points'", "needs the game points to deduct"],
        id="MCR penalty without points",
    ),
    pytest.param(
        {**league(), "Penalties": [["Game", "Player", "Kind"], [1, "A", "yelling"]]},
        ["sheet 'Penalties', row 2, column 'Kind'", "expected a penalty kind", "'yelling'"],
        id="unknown penalty kind",
    ),
    pytest.param(
        set_cell(league(), "Divisions", 1, 1, "Go"),
        ["sheet 'Divisions', row 2, column 'Game'", "expected the game type"],
        id="unknown game type",
    ),
    pytest.param(
        {**league(), "Settings": [["Key", "Value"], ["uma", "15000,5000"]]},
        ["sheet 'Settings', row 2, column 'Value'", "uma: expected four numbers"],
        id="bad uma setting",
    ),
]


@pytest.mark.parametrize(("sheets", "expected"), CASES)
def test_error_is_located_and_nothing_written(tmp_path, capsys, sheets, expected):
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    if not expected:
        assert code == 0, err
        return
    assert_refused(code, err, expected, out)


@pytest.mark.parametrize("score", [42300, "lots"])
def test_with_divisions_wrong_a_player_named_there_is_no_unknown_player(tmp_path, capsys, score):
    """A is in no Players row, and A's Divisions row is wrong: A is named there all the same,
    so A's Games row says nothing of A, read at once or (a bad score beside) row by row."""
    sheets = set_cell(league(), "Divisions", 1, 2, "one")
    sheets["Players"] = [league()["Players"][0], *league()["Players"][2:]]
    sheets = set_cell(sheets, "Games", 1, 4, score)
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    count = 1 if score == 42300 else 2
    assert_refused(code, err, ["sheet 'Divisions', row 2, column 'Level'"], out)
    assert f"{count} error{'s' if count > 1 else ''} in season.xlsx" in err
    assert "unknown" not in err


def test_with_divisions_wrong_a_penalty_for_a_player_named_nowhere_is_said(tmp_path, capsys):
    sheets = set_cell(league(), "Divisions", 2, 2, "one")
    sheets["Penalties"] = [
        ["Game", "Player", "Kind", "Points", "Note"],
        [1, "Bee", "chombo", None, ""],
        [1, "A", "chombo", None, ""],  # named in Players: nothing said of A
    ]
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert_refused(
        code,
        err,
        [
            "sheet 'Divisions', row 3, column 'Level'",
            "sheet 'Penalties', row 2, column 'Player': 'Bee' is unknown",
            "2 errors in season.xlsx",
        ],
        out,
    )


def test_all_problems_reported_in_one_run(tmp_path, capsys):
    sheets = set_cell(league(), "Games", 3, 4, "lots")
    sheets = set_cell(sheets, "Games", 6, 1, "someday")
    sheets["Dice"] = [["Division", "Player", "Round", "Roll"], ["R1", "A", 1, 0]]
    code, _ = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 1
    assert "row 4, column 'Score'" in err
    assert "row 7, column 'Date'" in err
    assert "sheet 'Dice', row 2" in err
    assert "3 errors" in err


def test_missing_file(tmp_path, capsys):
    assert main([str(tmp_path / "nope.xlsx")]) == 1
    assert "does not exist" in capsys.readouterr().err


def test_not_a_workbook(tmp_path, capsys):
    bad = tmp_path / "bad.xlsx"
    bad.write_text("not a zip")
    assert main([str(bad), "--out", str(tmp_path / "o")]) == 1
    assert "cannot be read as an Excel workbook" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


def test_wrong_extension(tmp_path, capsys):
    bad = tmp_path / "season.xls"
    bad.write_bytes(b"")
    assert main([str(bad)]) == 1
    assert "not an .xlsx workbook" in capsys.readouterr().err


def test_usage_error_exits_2(capsys):
    with pytest.raises(SystemExit, match=r"^2$") as exc:
        main(["--no-such-option"])
    assert exc.value.code == 2


def test_refuses_to_overwrite_the_input(tmp_path, capsys):
    path = write_workbook(tmp_path / "season.xlsx", league())
    before = path.read_bytes()
    assert main([str(path), "--out", str(tmp_path)]) == 1
    assert "would overwrite" in capsys.readouterr().err
    assert path.read_bytes() == before


def test_dry_run_writes_nothing(tmp_path, capsys):
    code, out = run(tmp_path, league(), "--dry-run")
    assert code == 0
    assert not out.exists()
    assert "Dry run" in capsys.readouterr().out


@pytest.mark.parametrize("broken", [None, "player.html", "division.html"])
def test_a_dry_run_renders_every_page_and_keeps_none(tmp_path, capsys, monkeypatch, broken):
    # the pages are rendered as they are written: a dry run renders them all the same, so a
    # page that cannot be rendered stops it as it would stop the run that writes it
    from mahjong_club.site.render import SitePages

    real = SitePages._render
    rendered: list[str] = []

    def render(self, job):
        if job.template == broken:
            raise RuntimeError(f"{broken} cannot be rendered")
        rendered.append(job.file)
        return real(self, job)

    monkeypatch.setattr(SitePages, "_render", render)
    code, out = run(tmp_path, league(), "--dry-run", "--progress", "lines")
    captured = capsys.readouterr()
    assert not out.exists()
    if broken is None:
        assert code == 0 and "Dry run" in captured.out
        assert "index.html" in rendered and len(rendered) == len(set(rendered)) > 5
        assert "Making the site's pages (a dry run: none is kept): done" in captured.err
    else:
        assert code == 1
        assert f"Internal error: RuntimeError('{broken} cannot be rendered')" in captured.err


def test_help_has_an_example(capsys):
    with pytest.raises(SystemExit, match=r"^0$") as exc:
        main(["--help"])
    assert exc.value.code == 0
    assert "example:" in capsys.readouterr().out


def test_help_names_every_subcommand(capsys):
    """A docs check's find: --help never named draw, watch or serve."""
    from mahjong_club.cli import SUBCOMMANDS

    with pytest.raises(SystemExit, match=r"^0$"):
        main(["--help"])
    said = " ".join(capsys.readouterr().out.split())
    block = said.split("more commands (each with --help):")[1].split("exit status")[0]
    for name in SUBCOMMANDS:
        assert f" {name} " in block, name


def test_internal_error_is_reported_plainly(tmp_path, capsys, monkeypatch):
    import mahjong_club.cli.process as process

    def boom(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(process, "compute", boom)
    code, out = run(tmp_path, league())
    assert code == 1
    assert "Internal error" in capsys.readouterr().err
    assert not out.exists()


def test_a_misspelt_member_is_reported_once_on_the_divisions_row(tmp_path, capsys):
    sheets = league()
    sheets["Players"].append(["Mette Dahl", None, None])
    sheets["Divisions"].append(["R1", "Riichi", 1, "Mette Dal"])
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert_refused(
        code,
        err,
        [
            "sheet 'Divisions', row 11, column 'Player': 'Mette Dal' is not in the Players sheet"
            " (did you mean 'Mette Dahl'?)"
        ],
        out,
    )
    assert "1 error" in err


def test_a_workbook_with_nothing_to_process_is_refused(tmp_path, capsys):
    sheets = {"Spillere": [["Spiller"], ["A"]], "Spil": [["Spil", "Point"], [1, 2]]}
    code, out = run(tmp_path, sheets)
    assert_refused(code, capsys.readouterr().err, ["nothing to process", "'Spillere', 'Spil'"], out)


def test_one_mistake_gives_one_error(tmp_path, capsys):
    sheets = set_cell(league(), "Games", 3, 2, "M1")  # one row of game 1 names the wrong division
    sheets["Penalties"] = [["Game", "Player", "Kind", "Points"], [1, "A", "chombo", None]]
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert_refused(code, err, ["row 4, column 'Division'", "'R1' in row 2 but 'M1' here"], out)
    assert "1 error" in err  # not the other three rows, not the penalty for game 1


def titled(sheet: str, *above: list[object]) -> dict[str, list[list[object]]]:
    """The league with rows put above ``sheet``'s header (a title, a blank row, a note)."""
    sheets = league()
    sheets[sheet] = [*above, *sheets[sheet]]
    return sheets


@pytest.mark.parametrize(
    ("sheet", "above", "found"),
    [
        ("Games", [["Copenhagen league, autumn 2026"]], 2),
        ("Games", [["Copenhagen league"], [], [None, "week 12", "checked by Bo"]], 4),
        ("Divisions", [[None, None, "Divisions 2026"]], 2),
    ],
)
def test_a_title_above_the_header_is_said_once_with_where_the_headers_are(
    tmp_path, capsys, sheet, above, found
):
    """The header row is the first row with anything in it (workbook.md): a title there is
    said once, with the row of the table's headers, not as every column missing."""
    code, out = run(tmp_path, titled(sheet, *above))
    err = capsys.readouterr().err
    title = next(cell for cell in above[0] if cell is not None)
    assert_refused(
        code,
        err,
        [
            f"sheet {sheet!r}, row 1: this row is the sheet's header row (its first row with"
            f" anything in it) but has only {title!r}; the table's headers are in row {found}:"
            " delete the rows above them (a title, a note) or move those beside the table",
            "1 error in season.xlsx; nothing was written.",
        ],
        out,
    )
    assert "no 'Game' column" not in err


def test_a_title_above_the_header_in_danish(tmp_path):
    """The drop page and the emails say problems in the workbook's language."""
    from mahjong_club.pipeline import read_workbook

    path = write_workbook(tmp_path / "season.xlsx", titled("Games", ["Københavnsligaen"]))
    _, problems = read_workbook(path)
    assert [p.render("da") for p in problems.errors] == [
        "Fejl: ark 'Games', række 1: denne række er arkets overskriftsrække (dets første række"
        " med indhold), men har kun 'Københavnsligaen'; tabellens overskrifter står i række 2:"
        " slet rækkerne over dem (en titel, en note) eller flyt dem ved siden af tabellen"
    ]


@pytest.mark.parametrize(
    "rows_between",
    [
        pytest.param(0, id="a header below lacking a column"),
        pytest.param(20, id="a header further down than is looked at"),
    ],
)
def test_without_a_whole_header_below_each_missing_column_is_said(tmp_path, capsys, rows_between):
    sheets = titled("Games", ["Copenhagen league"], *[[] for _ in range(rows_between)])
    if rows_between == 0:
        sheets["Games"][1] = [*GAMES_HEADER[:4], "Points", *GAMES_HEADER[5:]]  # no Score column
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    missing = ["Game", "Date", "Division", "Player", "Score"]  # the title row names none
    expected = [
        f"sheet 'Games', row 1, column {name!r}: the sheet has no {name!r} column; its header"
        " row has: 'Copenhagen league'"
        for name in missing
    ]
    assert_refused(code, err, expected, out)
    assert "headers are in row" not in err
    assert f"{len(missing)} error" in err


def test_a_misspelt_header_with_the_header_again_below_is_no_title(tmp_path, capsys):
    """A header row naming some of the columns is the header, misspelt: its missing column
    is named, and nobody is told to delete the games under it (the header written again
    further down, as when two tables were pasted one under the other)."""
    header = [*GAMES_HEADER[:4], "Scroe", *GAMES_HEADER[5:]]
    sheets = league()
    sheets["Games"] = [header, *league()["Games"][1:5], GAMES_HEADER, *league()["Games"][5:]]
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert_refused(
        code,
        err,
        [
            "sheet 'Games', row 1, column 'Score': the sheet has no 'Score' column; its header"
            " row has: 'Game', 'Date', 'Division', 'Player', 'Scroe', 'Substituted'",
            "1 error in season.xlsx",
        ],
        out,
    )
    assert "delete the rows" not in err


def test_values_in_a_column_without_a_header_are_warned_of(tmp_path, capsys):
    """The Substituted header cleared by mistake: the marks below it are not read (the
    standings then count the game as played), so the run says so, naming the column, how
    many of the table's rows have a value there, and the column it may be."""
    sheets = league()
    sheets["Games"] = [[*GAMES_HEADER[:5], None], *league()["Games"][1:]]
    sheets["Games"][3][5] = "x"
    sheets["Games"][7][5] = "yes"
    code, _ = run(tmp_path, sheets)
    printed = capsys.readouterr()
    assert code == 0, printed.err
    assert (
        "Warning: sheet 'Games', row 1, column 'F': column F has a value in 2 rows of the table"
        " (the first in row 4) but no header, so the tool does not read it; if it is one of the"
        " sheet's columns ('Substituted'), write its name in F1"
    ) in printed.err


@pytest.mark.parametrize("written", ["Substitute", "Substitutes", "Sub.", "substituted?"])
def test_a_column_whose_header_is_like_a_missing_columns_name_is_warned_of(
    tmp_path, capsys, written
):
    """The Substituted header misspelt or reworded (an organiser's helper found the standings
    changed with no word): the marks below it are not read, so the run says so, naming the
    column it looks like and the cell to write it in."""
    sheets = league()
    sheets["Games"][0][5] = written
    sheets["Games"][3][5] = "x"
    sheets["Games"][7][5] = "yes"
    code, _ = run(tmp_path, sheets)
    printed = capsys.readouterr()
    assert code == 0, printed.err
    assert (
        f"Warning: sheet 'Games', row 1, column 'F': column F's header {written!r} is not the"
        " name of any of the sheet's columns, so the tool does not read its 2 values (the first"
        " in row 4); if it is the column 'Substituted', write 'Substituted' in F1"
    ) in printed.err


def test_an_email_column_headed_e_mail_is_warned_of(tmp_path, capsys):
    sheets = league()
    sheets["Players"][0][1] = "E-mail"
    code, _ = run(tmp_path, sheets)
    printed = capsys.readouterr()
    assert code == 0, printed.err
    assert (
        "Warning: sheet 'Players', row 1, column 'B': column B's header 'E-mail' is not the name"
        " of any of the sheet's columns, so the tool does not read its 5 values (the first in"
        " row 2); if it is the column 'Email', write 'Email' in B1"
    ) in printed.err


def test_the_column_a_header_looks_most_like_is_named(tmp_path, capsys):
    """A review's find: with neither Email nor EMA in Players, 'EMA ID' was taken for Email
    (its letters begin Email's) rather than EMA (they begin with EMA's)."""
    sheets = league()
    sheets["Players"] = [["Player", "Rating", "EMA ID"]] + [
        [p, 1500, f"0400{k}"] for k, p in enumerate("ABCDE")
    ]
    code, _ = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 0, err
    assert "column C's header 'EMA ID' is not the name of any of the sheet's columns" in err
    assert "if it is the column 'EMA', write 'EMA' in C1" in err


@pytest.mark.parametrize("header", ["Comment", "Notes", "Bemærk", "Rang"])
def test_a_column_of_the_organisers_own_beside_a_missing_column_is_left_alone(
    tmp_path, capsys, header
):
    """A sheet without its optional Substituted column and with a column of notes: nothing
    is said (the notes are the organiser's own; a name unlike Substituted and its Danish
    names is not taken for it)."""
    sheets = league()
    sheets["Games"][0][5] = header
    sheets["Games"][3][5] = "late"
    assert run(tmp_path, sheets)[0] == 0
    err = capsys.readouterr().err
    assert "is not the name of any" not in err and "no header" not in err


def test_a_note_beside_a_table_with_all_of_its_columns_is_left_alone(tmp_path, capsys):
    """No column of the tool's can be unread when the header names them all: a note in a
    column without a header is the organiser's own (as a comment beside Settings)."""
    sheets = league()
    sheets["Games"] = [[*GAMES_HEADER, None], *([*r, None] for r in league()["Games"][1:])]
    sheets["Games"][2][6] = "a note"
    sheets["Settings"] = [[*row, "why" if k else None] for k, row in enumerate(sheets["Settings"])]
    assert run(tmp_path, sheets)[0] == 0
    assert "no header" not in capsys.readouterr().err


def test_a_sheet_whose_columns_all_have_headers_has_no_such_warning(tmp_path, capsys):
    sheets = league()
    sheets["Games"] = [[*GAMES_HEADER, "Notes"], *([*r, "ok"] for r in league()["Games"][1:])]
    assert run(tmp_path, sheets)[0] == 0
    assert "no header" not in capsys.readouterr().err


def renamed(sheets: dict[str, list[list[object]]], old: str, new: str):
    return {new if name == old else name: rows for name, rows in sheets.items()}


def test_a_sheet_given_its_danish_name_is_warned_of(tmp_path, capsys):
    """``Spillere`` is no ``Players`` sheet to the tool: without the warning the players'
    emails and ratings were silently not read."""
    code, _ = run(tmp_path, renamed(league(), "Players", "Spillere"))
    err = capsys.readouterr().err
    assert code == 0, err
    assert (
        "Warning: sheet 'Spillere': this sheet is not read: the tool reads it only by the name"
        " 'Players'; rename it to 'Players'"
    ) in err


def test_a_needed_sheet_in_the_singular_is_an_error_and_says_the_name(tmp_path, capsys):
    code, out = run(tmp_path, renamed(league(), "Games", "game"))
    err = capsys.readouterr().err
    assert_refused(
        code,
        err,
        [
            "sheet 'Games': the workbook has no 'Games' sheet",
            "Warning: sheet 'game': this sheet is not read: the tool reads it only by the name"
            " 'Games'; rename it to 'Games'",
        ],
        out,
    )


def test_a_result_sheet_like_a_missing_one_is_left_alone(tmp_path, capsys):
    """``Tonight`` (a sheet the tool writes) is not ``Nights``, though the names are alike."""
    sheets = {**league(), "Tonight": [["Division", "Table"], ["R1", 1]]}
    assert run(tmp_path, sheets)[0] == 0
    assert "is not read" not in capsys.readouterr().err


def test_a_game_number_used_for_two_games_is_said_once(tmp_path, capsys):
    """Game 2 typed as 1 again: one error naming both games, not one for every row whose
    division or date disagrees with the first game's."""
    sheets = league()
    for row in sheets["Games"][5:9]:
        row[0] = 1
    sheets["Games"][5:9] = [[r[0], dt.date(2025, 9, 11), *r[2:]] for r in sheets["Games"][5:9]]
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert_refused(
        code,
        err,
        [
            "sheet 'Games', row 2, column 'Game': game number '1' is used for 2 games, in rows"
            " 2–5 (2025-09-04, R1), 6–9 (2025-09-11, M1); give each game its own number",
            "1 error in season.xlsx",
        ],
        out,
    )


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        pytest.param(range(1, 5), "game '2' has 8 rows (rows 2, 3, 4, 5, 6, 7, 8, 9)", id="same"),
        pytest.param(range(1, 2), "game '2' has 5 rows", id="one stray row"),
    ],
)
def test_rows_that_are_not_whole_games_keep_the_row_count(tmp_path, capsys, rows, expected):
    """Eight rows of one date and division, or a stray row: no two whole games to name."""
    sheets = league()
    for n in rows:
        sheets["Games"][n][0] = 2
        sheets["Games"][n][2] = "M1"
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert_refused(code, err, [expected], out)
    assert "is used for" not in err


def test_a_member_of_another_division_of_the_game_s_type_is_told_which(tmp_path, capsys):
    """F is in Riichi division R2 (and in no Players row: Divisions names him all the same),
    and written into an R1 game: the error names R2, asking whether the division is right."""
    sheets = league()
    sheets["Divisions"] += [["R2", "Riichi", 2, p] for p in "FGHI"]
    sheets["Games"][2][3] = "F"
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert_refused(
        code,
        err,
        [
            "sheet 'Games', row 3, column 'Player': 'F' is not a member of division 'R1' (a"
            " member of 'R2': is the game's division right?); its members are: A, B, C, D, E"
        ],
        out,
    )
    assert "is unknown" not in err


@pytest.mark.parametrize(
    ("mode", "sheet"),
    [
        pytest.param("league", "Board", id="a committee list is no duplicate's Boards"),
        pytest.param("league", "Program", id="a club's own programme is no Schedule"),
        pytest.param("league", "Hand", id="a separate feature's sheet is not suggested"),
        pytest.param("tournament", "Division", id="a tournament reads no Divisions"),
    ],
)
def test_sheets_of_other_features_or_modes_are_not_suggested(tmp_path, capsys, mode, sheet):
    sheets = {**league(), sheet: [["Name", "Note"], ["x", "y"]]}
    if mode == "tournament":
        sheets = {"Settings": [["Key", "Value"], ["mode", "tournament"]], sheet: sheets[sheet]}
    run(tmp_path, sheets)
    assert "is not read" not in capsys.readouterr().err


@pytest.mark.parametrize("inside", ["report", "outbox", ".runs", ".runs/current"])
def test_an_output_folder_inside_another_ones_runs_is_refused(tmp_path, capsys, inside):
    """An interrupted-runs trial's find: `--out OUT/report` wrote the workbook, the emails
    and a .runs folder into the site being shown (and the next run there replaced them)."""
    code, out = run(tmp_path, league())
    assert code == 0
    capsys.readouterr()
    inner = out / inside
    code, _ = run(tmp_path, league(), "--out", str(inner))
    err = capsys.readouterr().err
    assert code == 1
    assert f"the output folder {inner} lies inside" in err and "choose another --out" in err
    assert not (out / ".runs" / "current" / "report" / "season.xlsx").exists()
