"""Players' names are never silently wrong: one comparison, one resolver, every sheet.

Two spellings that differ only in letter case, in the kind or number of spaces (a
non-breaking space too) or in how an accented letter is encoded (NFC/NFD) are one player: the
results use the registered spelling (``Players``, else ``Divisions``), and a warning shows the
spelling used and where. Two such rows in ``Players`` are an error. A name close to a known
one says what differs. A name with a control character is an error on its cell.
"""

import unicodedata

import pytest

from mahjong_club.common import text as text_module
from mahjong_club.common.text import (
    Difference,
    Spelling,
    first_control,
    fold_name,
    printable,
    spelling_differences,
)
from mahjong_club.reading.names import how_it_differs, near_miss
from process import main
from tests.builders import assert_refused, sheet_rows, write_workbook
from tests.test_cells_and_sheets import replace_in_sheets
from tests.test_cli_duplicate import duplicate_sheets
from tests.test_cli_errors import D, league
from tests.test_cli_hands import hands_sheet

NBSP = "\u00a0"
NFD_E = "e\u0301"  # é written as e + combining acute accent


def run(tmp_path, sheets, *extra):
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    out = tmp_path / "out"
    return main([str(path), "--out", str(out), *extra]), out


def named_league(spellings=None):
    """The test league with real names; ``spellings`` maps (sheet, row index, column index)
    to the spelling written there instead."""
    names = {"A": "Åse Mølgaard", "B": "René Dahl", "C": "Jens Holm", "D": "Mette Dahl"}
    names["E"] = "Ole Berg"
    sheets = league()
    for rows in sheets.values():
        for row in rows[1:]:
            for i, value in enumerate(row):
                if isinstance(value, str) and value in names:
                    row[i] = names[value]
    for (sheet, row, column), written in (spellings or {}).items():
        sheets[sheet][row][column] = written
    return sheets


# --- the comparison ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "other",
    [
        "åse mølgaard",
        "ÅSE MØLGAARD",
        f"Åse{NBSP}Mølgaard",
        "Åse\u2009Mølgaard",  # thin space
        "Åse\u202fMølgaard",  # narrow no-break space
        "Åse\u3000Mølgaard",  # ideographic space
        "  Åse   Mølgaard ",
        unicodedata.normalize("NFD", "Åse Mølgaard"),
    ],
)
def test_spellings_that_are_one_name(other):
    assert fold_name(other) == fold_name("Åse Mølgaard") == "åse mølgaard"


@pytest.mark.parametrize(
    "other", ["Ase Mølgaard", "Åse Molgaard", "ÅseMølgaard", "Åse\u200bMølgaard", "Åse-Mølgaard"]
)
def test_spellings_that_are_other_names(other):
    assert fold_name(other) != fold_name("Åse Mølgaard")


@pytest.mark.parametrize(
    ("written", "known", "expected"),
    [
        ("mette dahl", "Mette Dahl", [Difference(Spelling.LETTER_CASE)]),
        (f"Mette{NBSP}Dahl", "Mette Dahl", [Difference(Spelling.NO_BREAK_SPACE, "U+00A0")]),
        ("Mette\u2009Dahl", "Mette Dahl", [Difference(Spelling.OTHER_SPACE, "U+2009")]),
        (f"Ren{NFD_E} Dahl", "René Dahl", [Difference(Spelling.DECOMPOSED, "é", "e")]),
        ("Mette  Dahl", "Mette Dahl", [Difference(Spelling.EXTRA_SPACE)]),
        ("MetteDahl", "Mette Dahl", [Difference(Spelling.MISSING_SPACE)]),
        ("Met teDahl", "Mette Dahl", [Difference(Spelling.MOVED_SPACE)]),
        ("Mette\u200bDahl", "MetteDahl", [Difference(Spelling.INVISIBLE, "U+200B")]),
        (
            f"mette{NBSP}{NBSP}dahl",
            "Mette Dahl",
            [
                Difference(Spelling.LETTER_CASE),
                Difference(Spelling.NO_BREAK_SPACE, "U+00A0"),
                Difference(Spelling.EXTRA_SPACE),
            ],
        ),
        ("Mette Dahl", "Mette Dahl", []),
    ],
)
def test_what_tells_two_spellings_apart(written, known, expected):
    assert list(spelling_differences(written, known)) == expected


def test_other_letters_are_not_a_spelling_difference():
    assert spelling_differences("Mette Dal", "Mette Dahl") is None
    assert spelling_differences("Rene Dahl", "René Dahl") is None


def test_how_a_spelling_differs_in_words():
    assert str(how_it_differs(f"åse{NBSP}mølgaard", "Åse Mølgaard")) == (
        "differs in letter case, contains a non-breaking space"
    )
    assert str(how_it_differs(f"Ren{NFD_E} Dahl", "René Dahl")) == "has é written as e + accent"
    assert how_it_differs("René  Dahl", "René Dahl").render("da") == "har et mellemrum for meget"
    # The registered spelling is the odd one: said so.
    assert str(how_it_differs("René Dahl", f"René{NBSP}Dahl")) == (
        "the registered spelling contains a non-breaking space"
    )


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("MetteDahl", " (did you mean 'Mette Dahl'? the spelling here lacks a space)"),
        (
            "mettedahl",
            " (did you mean 'Mette Dahl'? the spelling here differs in letter case, lacks a space)",
        ),
        (
            "Mette \u200bDahl",
            " (did you mean 'Mette Dahl'? the spelling here contains an invisible character"
            " (U+200B))",
        ),
        ("Mette Dal", " (did you mean 'Mette Dahl'?)"),
        ("Zoe Winter", ""),
    ],
)
def test_a_near_miss_says_what_differs(written, expected):
    assert str(near_miss(written, ["Jens Holm", "Mette Dahl"])) == expected


def test_control_characters_and_the_terminal():
    assert first_control("Åse\nMølgaard") == "\n"
    assert first_control("Åse Mølgaard") is None
    assert first_control("Åse\x85") == "\x85"
    assert printable("a\x1b[2Jb\r\n\x9b\u202ec") == "a\\x1b[2Jb\\r\\n\\x9b\\u202ec"
    assert printable("Åse Mølgaard, 27,300") == "Åse Mølgaard, 27,300"


# --- Players: one row per name -----------------------------------------------------------


@pytest.mark.parametrize(
    ("other", "how"),
    [
        ("åse mølgaard", "differs in letter case"),
        (f"Åse{NBSP}Mølgaard", "contains a non-breaking space"),
        ("Åse  Mølgaard", "has an extra space"),
        # A + accent is the same name (composed as it is read): listed twice, plainly
        (unicodedata.normalize("NFD", "Åse Mølgaard"), None),
    ],
)
def test_two_players_rows_with_one_name_are_an_error_naming_both(tmp_path, capsys, other, how):
    sheets = named_league()
    sheets["Players"].append([other, None, None])
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    said = (
        f"Error: sheet 'Players', row 7, column 'Player': {other!r} is the same name as"
        f" 'Åse Mølgaard' in row 2 ({how}); names must be unique"
        if how is not None
        else f"Error: sheet 'Players', row 7, column 'Player': {other!r} is listed twice (also"
        " in row 2); names must be unique"
    )
    assert_refused(code, err, [said], out)


def test_the_same_players_row_twice_keeps_its_message(tmp_path, capsys):
    sheets = named_league()
    sheets["Players"].append(["Ole Berg", None, None])
    code, out = run(tmp_path, sheets)
    assert_refused(
        code,
        capsys.readouterr().err,
        ["'Ole Berg' is listed twice (also in row 6); names must be unique"],
        out,
    )


# --- every sheet: the registered spelling, with a warning ----------------------------------


def standings(out):
    return {(r["Division"], r["Player"]): r for r in sheet_rows(out / "season.xlsx", "Standings")}


def test_games_spelt_otherwise_are_the_registered_player(tmp_path, capsys):
    code, plain = run(tmp_path, named_league())
    assert code == 0, capsys.readouterr().err
    capsys.readouterr()
    sheets = named_league(
        {
            ("Games", 1, 3): "åse mølgaard",  # R1 game, row 2
            ("Games", 5, 3): "ÅSE MØLGAARD",  # M1 game, row 6
            ("Games", 2, 3): f"René{NBSP}Dahl",  # row 3
            ("Games", 6, 3): f"Ren{NFD_E} Dahl",  # row 7
            ("Games", 8, 3): "Mette   Dahl",  # row 9
        }
    )
    (tmp_path / "other").mkdir()
    code, out = run(tmp_path / "other", sheets)
    err = capsys.readouterr().err
    assert code == 0, err
    assert standings(out) == standings(plain)
    assert (
        "Warning: sheet 'Games', row 2, column 'Player': 'åse mølgaard' in row 2 is taken to be"
        " 'Åse Mølgaard', as row 2 of sheet 'Players' writes it (differs in letter case);"
        " the results use 'Åse Mølgaard'"
    ) in err
    assert "'ÅSE MØLGAARD' in row 6 is taken to be 'Åse Mølgaard'" in err
    assert (
        "'René\\xa0Dahl' in row 3 is taken to be 'René Dahl', as row 3 of sheet 'Players'"
        " writes it (contains a non-breaking space)"
    ) in err
    # e + accent is the same name, shown as one letter: nothing to say (it was warned of)
    assert "accent" not in err and "'Ren" + NFD_E not in err
    assert "'Mette   Dahl' in row 9 is taken to be 'Mette Dahl'" in err
    assert "(has an extra space)" in err
    problems = [r["Message"] for r in sheet_rows(out / "season.xlsx", "Problems")]
    assert sum("is taken to be" in m for m in problems) == 4  # the four spellings that differ


def test_one_warning_per_spelling_lists_its_rows(tmp_path, capsys):
    sheets = named_league()
    for row in sheets["Games"][1:]:
        if row[3] == "Jens Holm":
            row[3] = "jens holm"
    code, _ = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 0, err
    spelling = [line for line in err.splitlines() if "'jens holm'" in line]
    assert spelling == [
        "Warning: sheet 'Games', row 4, column 'Player': 'jens holm' in rows 4, 8 is taken to be"
        " 'Jens Holm', as row 4 of sheet 'Players' writes it (differs in letter case); the"
        " results use 'Jens Holm'"
    ]


def test_without_players_the_divisions_spelling_is_registered(tmp_path, capsys):
    sheets = named_league({("Divisions", 8, 3): "jens holm", ("Games", 3, 3): "JENS HOLM"})
    del sheets["Players"]
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 0, err
    # R1 lists 'Jens Holm' first (row 4); M1 writes 'jens holm' (row 9); Games 'JENS HOLM'.
    assert "'jens holm' in row 9 is taken to be 'Jens Holm', as row 4 of sheet 'Divisions'" in err
    assert "'JENS HOLM' in row 4 is taken to be 'Jens Holm', as row 4 of sheet 'Divisions'" in err
    players = {p for (_, p) in standings(out)}
    assert players == {"Åse Mølgaard", "René Dahl", "Jens Holm", "Mette Dahl", "Ole Berg"}
    assert standings(out)[("M1", "Jens Holm")]["Games"] == 1


def test_penalties_dice_signups_schedule_and_attendance_resolve_names(tmp_path, capsys):
    sheets = named_league()
    sheets["Penalties"] = [["Game", "Player", "Kind", "Points"], [1, "mette dahl", "chombo", None]]
    sheets["Dice"] = [["Division", "Player", "Round", "Roll"], ["R1", "OLE BERG", 1, 7]]
    sheets["Signups"] = [["Player", "Game"]] + [
        [p, "Riichi"] for p in ("åse mølgaard", "René Dahl", "Jens Holm", f"Mette{NBSP}Dahl")
    ]
    sheets["Schedule"] = [
        ["Division", "Game", "Player 1", "Player 2", "Player 3", "Player 4"],
        ["R1", 9, "Åse Mølgaard", "rené dahl", "Jens Holm", "Ole Berg"],
    ]
    sheets["Attendance"] = [["Player", D], ["åse mølgaard", "x"], ["René Dahl", "x"]]
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 0, err
    for sheet, written in [
        ("Penalties", "'mette dahl' in row 2"),
        ("Dice", "'OLE BERG' in row 2"),
        ("Signups", "'åse mølgaard' in row 2"),
        ("Signups", "'Mette\\xa0Dahl' in row 5"),
        ("Schedule", "'rené dahl' in row 2"),
        ("Attendance", "'åse mølgaard' in row 2"),
    ]:
        assert f"Warning: sheet '{sheet}', row " in err
        assert f"{written} is taken to be" in err, written
    r1 = standings(out)
    # The chombo (20,000 after uma) is Mette Dahl's: -24,000 - 20,000.
    assert r1[("R1", "Mette Dahl")]["Points"] == -44000
    attendance = {r["Player"]: r for r in sheet_rows(out / "season.xlsx", "Attendance status")}
    assert attendance["Åse Mølgaard"]["Attended"] == 1
    assert "åse mølgaard" not in attendance


def test_two_attendance_rows_for_one_player_are_an_error(tmp_path, capsys):
    sheets = named_league()
    sheets["Attendance"] = [["Player", D], ["Åse Mølgaard", "x"], ["ÅSE MØLGAARD", None]]
    code, out = run(tmp_path, sheets)
    assert_refused(
        code,
        capsys.readouterr().err,
        ["sheet 'Attendance', row 3, column 'Player': 'Åse Mølgaard' has two rows (also row 2)"],
        out,
    )


def test_a_division_listing_one_member_twice_in_two_spellings_is_an_error(tmp_path, capsys):
    sheets = named_league()
    sheets["Divisions"].append(["R1", "Riichi", 1, "ole berg"])
    code, out = run(tmp_path, sheets)
    assert_refused(
        code,
        capsys.readouterr().err,
        ["sheet 'Divisions', row 11, column 'Player': 'Ole Berg' is listed twice in division 'R1'"],
        out,
    )


# --- near misses -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("ÅseMølgaard", "(did you mean 'Åse Mølgaard'? the spelling here lacks a space)"),
        ("Åse Møl gaard", "(did you mean 'Åse Mølgaard'? the spelling here has an extra space)"),
        (
            "åse\u200bmølgaard",
            "(did you mean 'Åse Mølgaard'? the spelling here differs in letter case, lacks a"
            " space, contains an invisible character (U+200B))",
        ),
        ("Åse Mølgård", "(did you mean 'Åse Mølgaard'?)"),
    ],
)
def test_a_near_miss_in_games_says_what_differs(tmp_path, capsys, written, said):
    sheets = named_league({("Games", 1, 3): written})
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert_refused(
        code,
        err,
        [f"sheet 'Games', row 2, column 'Player': {written!r} is unknown {said}: no row"],
        out,
    )


def test_a_near_miss_in_divisions(tmp_path, capsys):
    sheets = named_league({("Divisions", 9, 3): "MetteDahl"})
    code, out = run(tmp_path, sheets)
    assert_refused(
        code,
        capsys.readouterr().err,
        [
            "sheet 'Divisions', row 10, column 'Player': 'MetteDahl' is not in the Players sheet"
            " (did you mean 'Mette Dahl'? the spelling here lacks a space)",
        ],
        out,
    )


def test_a_near_miss_in_the_schedule(tmp_path, capsys):
    sheets = named_league()
    sheets["Schedule"] = [
        ["Division", "Game", "Player 1", "Player 2", "Player 3", "Player 4"],
        ["R1", 9, "Åse Mølgaard", "RenéDahl", "Jens Holm", "Ole Berg"],
    ]
    code, out = run(tmp_path, sheets)
    assert_refused(
        code,
        capsys.readouterr().err,
        [
            "sheet 'Schedule', row 2, column 'Player 2': 'RenéDahl' is not a member of division"
            " 'R1' (did you mean 'René Dahl'? the spelling here lacks a space)",
        ],
        out,
    )


# --- control characters --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sheet", "row", "column", "label"),
    [
        ("Players", 1, 0, "Player"),
        ("Divisions", 1, 3, "Player"),
        ("Games", 1, 3, "Player"),
    ],
)
@pytest.mark.parametrize(("char", "code"), [("\n", "U+000A"), ("\r", "U+000A"), ("\t", "U+0009")])
def test_a_line_break_or_tab_in_a_name_is_an_error_on_its_cell(
    tmp_path, capsys, sheet, row, column, label, char, code
):
    sheets = named_league()
    sheets[sheet][row][column] = f"Åse{char}Mølgaard"
    status, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    shown = "\\n" if char in "\r\n" else "\\t"  # the XML of a cell keeps \r as \n
    assert_refused(
        status,
        err,
        [
            f"Error: sheet '{sheet}', row 2, column '{label}': the name 'Åse{shown}Mølgaard'"
            f" contains the control character {code}"
        ],
        out,
    )
    assert "Traceback" not in err
    assert all(
        line.startswith(("Error", "Warning", "1 error", "2 errors", "3 errors"))
        for line in err.splitlines()
        if line
    )


def test_a_carriage_return_as_excel_writes_it_is_an_error(tmp_path, capsys):
    sheets = named_league()
    sheets["Players"][1][0] = "CRLFNAME"
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    replace_in_sheets(path, {b"CRLFNAME": "Åse_x000D__x000A_Mølgaard".encode()})
    out = tmp_path / "out"
    code = main([str(path), "--out", str(out)])
    assert_refused(
        code,
        capsys.readouterr().err,
        [
            "Error: sheet 'Players', row 2, column 'Player': the name 'Åse\\r\\nMølgaard'"
            " contains the control character U+000D"
        ],
        out,
    )


def test_an_escape_sequence_in_a_name_never_reaches_the_terminal(tmp_path, capsys):
    sheets = named_league()
    sheets["Games"][1][3] = "EVILNAME"
    sheets["Games"][2][4] = "EVILSCORE"
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    replace_in_sheets(
        path,
        {
            b"EVILNAME": b"Mallory_x001B_[2J_x001B_]0;pwned_x0007_",
            b"EVILSCORE": b"_x001B_[31m31500",
        },
    )
    out = tmp_path / "out"
    code = main([str(path), "--out", str(out)])
    err = capsys.readouterr().err
    assert_refused(code, err, ["contains the control character U+001B"], out)
    assert "\x1b" not in err and "\x07" not in err
    assert "Mallory\\x1b[2J\\x1b]0;pwned\\x07" in err
    assert "'\\x1b[31m31500'" in err


# --- sheets that define their own players (no Players sheet) ------------------------------


def test_a_tournament_without_players_takes_the_first_spelling(tmp_path, capsys):
    header = ["Session", "Table", "Player", "Score"]
    first = [[1, 1, p, s] for p, s in zip("ABCD", [42300, 31500, 25200, 21000], strict=True)]
    second = [
        [2, 1, p, s]
        for p, s in zip(["b", "A", "D", "C"], [40000, 30000, 30000, 20000], strict=True)
    ]
    sheets = {
        "Settings": [["Key", "Value"], ["mode", "tournament"]],
        "Games": [header, *first, *second],
    }
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 0, err
    assert "'b' in row 6 is taken to be 'B', as row 3 of sheet 'Games' writes it" in err
    ranking = {r["Player"]: r for r in sheet_rows(out / "season.xlsx", "Standings")}
    assert set(ranking) == {"A", "B", "C", "D"}
    # B: 31,500 - 30,000 + 5,000 = 6,500, then 40,000 - 30,000 + 15,000 = 25,000.
    assert ranking["B"]["Points"] == 31500 and ranking["B"]["Games"] == 2


def test_hands_take_the_first_spelling_of_a_player(tmp_path, capsys):
    (tmp_path / "plain").mkdir()
    path = write_workbook(tmp_path / "plain" / "evening.xlsx", hands_sheet())
    assert main([str(path), "--out", str(tmp_path / "plain" / "out")]) == 0
    capsys.readouterr()
    sheets = hands_sheet()
    sheets["Hands"][5][3] = "ERIK"  # hand 2, row 6
    path = write_workbook(tmp_path / "evening.xlsx", sheets)
    code = main([str(path), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 0, err
    assert "'ERIK' in row 6 is taken to be 'Erik', as row 2 of sheet 'Hands' writes it" in err
    scores = sheet_rows(tmp_path / "out" / "evening.xlsx", "Hand scores")
    plain = sheet_rows(tmp_path / "plain" / "out" / "evening.xlsx", "Hand scores")
    assert scores == plain
    assert scores[4]["Player"] == "Erik" and scores[4]["Running total"] == -104


def test_seating_takes_the_first_spelling_of_a_player(tmp_path, capsys):
    sheets = duplicate_sheets()
    sheets["Seating"] += [
        [2, 1, seat, player] for seat, player in zip("ESWN", ["s1", "E1", "N2", "w2"], strict=True)
    ]
    sheets["Seating"] += [
        [2, 2, seat, player] for seat, player in zip("ESWN", ["E2", "S2", "W1", "N1"], strict=True)
    ]
    path = write_workbook(tmp_path / "dup.xlsx", sheets)
    code = main([str(path), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 0, err
    assert "'s1' in row 10 is taken to be 'S1', as row 3 of sheet 'Seating' writes it" in err
    assert "'w2' in row 13 is taken to be 'W2'" in err
    ranking = {r["Player"] for r in sheet_rows(tmp_path / "out" / "dup.xlsx", "Duplicate ranking")}
    assert ranking == {f"{seat}{table}" for seat in "ESWN" for table in (1, 2)}


def test_a_new_signup_spelt_almost_like_a_member_is_a_warning(tmp_path, capsys):
    sheets = named_league()
    sheets["Signups"] = [["Player", "Game"]] + [
        [p, "Riichi"] for p in ("Åse Mølgaard", "René Dahl", "JensHolm", "Mette Dahl", "Nova")
    ]
    code, _ = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 0, err
    assert (
        "Warning: sheet 'Signups', row 4, column 'Player': 'JensHolm' signs up as a new player"
        " (did you mean 'Jens Holm'? the spelling here lacks a space)"
    ) in err
    assert "'Nova' signs up" not in err


def test_every_invisible_format_character_and_nothing_else_is_dropped():
    """The quick look for format characters (category Cf, from U+00AD on) drops exactly
    what looking at every character would, over the whole of Unicode."""
    everything = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF)
    slow = "".join(c for c in everything if unicodedata.category(c) != "Cf")
    assert text_module._visible(everything) == slow
    assert text_module._visible("plain ASCII, as most of an email") == (
        "plain ASCII, as most of an email"
    )


def test_a_long_text_folds_as_a_name_without_being_remembered():
    long = "Mette\u200b Dahl\u00a0" * 40
    before = text_module._remembered_fold.cache_info().currsize
    assert fold_name(long) == "mette dahl " * 39 + "mette dahl"
    assert text_module._remembered_fold.cache_info().currsize == before
