"""``mahjong-club draw``: the workbook it writes (Seating, the Games template the main command
then reads), the programmes, the seed and its hash, Swiss pairing after a session, and every
refusal."""

from __future__ import annotations

import email
import email.message
import email.policy
import hashlib
from pathlib import Path

import openpyxl
import pytest

from process import main
from rules.draw import WINDS, Entrant, make_draw, wind_spread
from tests.builders import sheet_rows as rows
from tests.builders import write_workbook

SETTINGS = [
    ["Key", "Value"],
    ["club", "Testklub"],
    ["tournament", "Test Open"],
    ["mode", "tournament"],
]


def names(count: int) -> list[str]:
    return [f"Spiller {i:02d}" for i in range(count)]


def workbook(tmp_path: Path, count: int = 16, teams: int = 4, games=None) -> Path:
    players = [["Player", "Team", "Club"]]
    players += [[n, f"Hold {i % teams}", f"Klub {i % 3}"] for i, n in enumerate(names(count))]
    sheets = {"Settings": SETTINGS, "Players": players}
    if games is not None:
        sheets["Games"] = games
    return write_workbook(tmp_path / "open.xlsx", sheets)


def draw(tmp_path: Path, source: Path, *extra: str, out: str = "out") -> int:
    return main(["draw", str(source), "--out", str(tmp_path / out), *extra])


def sessions_of(seating: list[dict]) -> list[tuple[tuple[str, ...], ...]]:
    by_session: dict[int, dict[int, list[tuple[str, str]]]] = {}
    for row in seating:
        table = by_session.setdefault(row["Session"], {}).setdefault(row["Table"], [])
        table.append((row["Seat"], row["Player"]))
    return [
        tuple(
            tuple(p for _, p in sorted(t, key=lambda s: WINDS.index(s[0])))
            for _, t in sorted(tables.items())
        )
        for _, tables in sorted(by_session.items())
    ]


def test_the_draw_writes_seating_games_programmes_and_the_seed(tmp_path, capsys):
    source = workbook(tmp_path)
    before = source.read_bytes()
    assert draw(tmp_path, source, "--sessions", "5", "--seed", "kept in the safe") == 0
    out = capsys.readouterr().out.splitlines()
    expected_hash = hashlib.sha256(b"kept in the safe").hexdigest()
    assert out[0] == f"Seed hash (publish it before session 1): {expected_hash}"
    assert "Drew sessions 1–5 for 16 players (4 tables a session)" in out
    entrants = [Entrant(n, f"Hold {i % 4}", f"Klub {i % 3}") for i, n in enumerate(names(16))]
    drawn = make_draw(entrants, 5, "kept in the safe")
    assert f"Repeat meetings: {drawn.repeats}" in "\n".join(out)
    assert (
        f"Team-mates at one table: {drawn.team_clashes}; players of one club at one table:"
        f" {drawn.club_clashes}"
    ) in out
    assert "Winds: each player's count of each wind differs by at most 1" in out
    assert source.read_bytes() == before  # the organiser's file is only read
    result = tmp_path / "out" / "open.xlsx"
    seating = rows(result, "Seating")
    assert len(seating) == 5 * 16
    assert list(seating[0]) == ["Session", "Table", "Seat", "Player"]
    sessions = sessions_of(seating)
    for session in sessions:
        assert sorted(p for t in session for p in t) == sorted(names(16))
    games = rows(result, "Games")
    assert list(games[0]) == ["Session", "Table", "Player", "Score", "Substituted", "Seat"]
    assert [(g["Session"], g["Table"], g["Seat"], g["Player"]) for g in games] == [
        (s["Session"], s["Table"], s["Seat"], s["Player"]) for s in seating
    ]
    assert all(g["Score"] is None for g in games)
    seed_file = tmp_path / "out" / "draw-seed.txt"
    assert seed_file.read_text(encoding="utf-8") == "kept in the safe\n"
    report = tmp_path / "out" / "report"
    index = (report / "draw.html").read_text(encoding="utf-8")
    assert expected_hash in index and "Spiller 07" in index
    assert (report / "draw-session-5.html").is_file()
    programme = (report / "draw-spiller-07.html").read_text(encoding="utf-8")
    assert programme.count("<tr><th>Session ") == 5  # a row per session
    assert expected_hash in programme


def test_the_same_seed_gives_the_same_seating_and_another_seed_another(tmp_path):
    source = workbook(tmp_path)
    assert draw(tmp_path, source, "--sessions", "4", "--seed", "s1", out="a") == 0
    assert draw(tmp_path, source, "--sessions", "4", "--seed", "s1", out="b") == 0
    assert draw(tmp_path, source, "--sessions", "4", "--seed", "s2", out="c") == 0
    a, b, c = (rows(tmp_path / o / "open.xlsx", "Seating") for o in "abc")
    assert a == b
    assert a != c


def test_without_a_seed_a_secret_one_is_made_and_kept(tmp_path, capsys):
    source = workbook(tmp_path)
    assert draw(tmp_path, source, "--sessions", "2") == 0
    seed = (tmp_path / "out" / "draw-seed.txt").read_text(encoding="utf-8").strip()
    assert len(seed) == 32
    out = capsys.readouterr().out
    assert hashlib.sha256(seed.encode()).hexdigest() in out
    assert seed not in out  # secret until published


def test_the_main_command_reads_the_draw_then_the_first_session_s_scores(tmp_path, capsys):
    source = workbook(tmp_path, count=8, teams=2)
    assert draw(tmp_path, source, "--sessions", "3", "--seed", "x") == 0
    drawn = tmp_path / "out" / "open.xlsx"
    assert main([str(drawn), "--out", str(tmp_path / "processed")]) == 0
    err = capsys.readouterr().err
    assert "Warning" not in err  # no dice advice before anyone has played, no EMA checks
    # nothing played, so no date: the header's line names what it has, with no dot after it
    page = (tmp_path / "processed" / "report" / "tournament.html").read_text(encoding="utf-8")
    assert '<div class="meta">Testklub</div>' in page  # it said "Testklub · "
    # nobody has played: no dice to roll for everyone tied at 0 (the warnings had none)
    (organiser,) = (tmp_path / "processed" / "outbox").glob("*organiser*.eml")
    parsed = email.message_from_bytes(organiser.read_bytes(), policy=email.policy.default)
    assert isinstance(parsed, email.message.EmailMessage)
    for part in parsed.walk():
        if part.get_content_maintype() == "text":
            assert "Still tied" not in part.get_content()
    # the organiser types in session 1's scores
    book = openpyxl.load_workbook(drawn)
    sheet = book["Games"]
    scores = [40000, 30000, 30000, 20000]
    seat = 0
    for row in sheet.iter_rows(min_row=2):
        if row[0].value == 1:
            row[3].value = scores[seat % 4]
            seat += 1
    book.save(tmp_path / "played.xlsx")
    assert main([str(tmp_path / "played.xlsx"), "--out", str(tmp_path / "p2")]) == 0
    standings = rows(tmp_path / "p2" / "played.xlsx", "Standings")
    assert sorted(r["Games"] for r in standings) == [1] * 8


def played_games(tmp_path: Path) -> tuple[Path, list[tuple[str, ...]]]:
    """A workbook whose session 1 is played (a drawn session with scores)."""
    source = workbook(tmp_path, count=8, teams=2)
    assert draw(tmp_path, source, "--sessions", "3", "--seed", "x", out="first") == 0
    games = [["Session", "Table", "Player", "Score", "Substituted", "Seat"]]
    tables: list[tuple[str, ...]] = []
    session_1 = [r for r in rows(tmp_path / "first" / "open.xlsx", "Games") if r["Session"] == 1]
    for t in (1, 2):
        seated = [r for r in session_1 if r["Table"] == t]
        tables.append(tuple(r["Player"] for r in seated))
        for r, score in zip(seated, (45000, 35000, 25000, 15000), strict=True):
            games.append([1, t, r["Player"], score, None, r["Seat"]])
    return workbook(tmp_path, count=8, teams=2, games=games), tables


def test_a_played_session_is_kept_and_games_is_left_alone(tmp_path, capsys):
    source, tables = played_games(tmp_path)
    assert draw(tmp_path, source, "--sessions", "3", "--seed", "y") == 0
    out = capsys.readouterr().out
    assert "Kept the 1 session already played as it was" in out
    assert "Drew sessions 2–3 for 8 players (2 tables a session)" in out
    assert "copy the rows of the sheet 'Next games' under them" in out
    result = tmp_path / "out" / "open.xlsx"
    sessions = sessions_of(rows(result, "Seating"))
    assert sessions[0] == tuple(tables)
    assert len(sessions) == 3
    games = rows(result, "Games")
    assert [g["Score"] for g in games] == [45000, 35000, 25000, 15000] * 2  # untouched
    assert {g["Session"] for g in rows(result, "Next games")} == {2, 3}


def test_swiss_seats_the_next_session_by_the_ranking(tmp_path, capsys):
    source, tables = played_games(tmp_path)
    assert draw(tmp_path, source, "--sessions", "3", "--swiss", "--seed", "z") == 0
    out = capsys.readouterr().out
    assert "Session 2 is seated by the ranking after session 1 (Swiss)" in out
    sessions = sessions_of(rows(tmp_path / "out" / "open.xlsx", "Seating"))
    assert len(sessions) == 2  # only the next session: later ones depend on its results
    winners = {t[0] for t in tables} | {t[1] for t in tables}  # 1st and 2nd at each table
    assert set(sessions[1][0]) == winners  # table 1: the top four
    assert wind_spread(sessions) <= 1  # nobody sits in the same wind twice


def test_swiss_before_any_session_is_played_is_refused(tmp_path, capsys):
    assert draw(tmp_path, workbook(tmp_path), "--sessions", "3", "--swiss") == 1
    assert capsys.readouterr().err == (
        "Error: --swiss seats a session by the ranking: play and score session 1 first (the"
        " first session is drawn without --swiss)\n"
    )
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("count", "sessions", "expected"),
    [
        (
            10,
            "3",
            "Error: 10 players cannot sit four to a table: add 2 substitutes as rows of the"
            " Players sheet\n",
        ),
        (3, "3", "Error: the draw needs at least 4 players in the Players sheet, not 3\n"),
    ],
)
def test_refusals(tmp_path, capsys, count, sessions, expected):
    assert draw(tmp_path, workbook(tmp_path, count=count), "--sessions", sessions) == 1
    assert capsys.readouterr().err == expected
    assert not (tmp_path / "out").exists()


def test_no_players_sheet(tmp_path, capsys):
    source = write_workbook(tmp_path / "open.xlsx", {"Settings": SETTINGS})
    assert draw(tmp_path, source, "--sessions", "2") == 1
    err = capsys.readouterr().err
    assert "the workbook has no Players sheet: the draw seats the players listed there" in err
    assert "1 error in open.xlsx; nothing was written." in err


def test_all_sessions_already_played(tmp_path, capsys):
    source, _ = played_games(tmp_path)
    assert draw(tmp_path, source, "--sessions", "1") == 1
    assert "--sessions 1: 1 session is already played" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (["--sessions", "0"], "--sessions takes a number of sessions from 1 to 50, not '0'"),
        (["--sessions", "x"], "--sessions takes a number of sessions from 1 to 50, not 'x'"),
        ([], "the following arguments are required: --sessions"),
        (["--sessions", "2", "--seed", ""], "--seed takes a text of 1 to 200 printable"),
    ],
)
def test_usage_errors(tmp_path, capsys, options, expected):
    with pytest.raises(SystemExit, match="2") as stopped:
        draw(tmp_path, workbook(tmp_path), *options)
    assert stopped.value.code == 2
    assert expected in capsys.readouterr().err


def test_not_a_workbook(tmp_path, capsys):
    path = tmp_path / "open.xlsx"
    path.write_text("Player\nAnna\n")
    assert draw(tmp_path, path, "--sessions", "2") == 1
    assert "cannot be read as an Excel workbook" in capsys.readouterr().err


def test_danish_programmes(tmp_path):
    settings = [*SETTINGS, ["language", "da"]]
    players = [["Player"]] + [[n] for n in names(8)]
    source = write_workbook(tmp_path / "open.xlsx", {"Settings": settings, "Players": players})
    assert draw(tmp_path, source, "--sessions", "2", "--seed", "d") == 0
    page = (tmp_path / "out" / "report" / "draw-spiller-00.html").read_text(encoding="utf-8")
    assert "Program for Spiller 00" in page and "Runde 2" in page
    assert any(w in page for w in ("Øst", "Syd", "Vest", "Nord"))


def test_a_reader_gone_stops_no_draw(tmp_path):
    """``mahjong-club draw open.xlsx … | true``: the reader goes before anything is printed;
    the draw is written all the same, with no traceback and the draw's own status."""
    import os
    import subprocess
    import sys

    source = workbook(tmp_path)
    root = Path(__file__).resolve().parent.parent
    command = [sys.executable, root / "process.py", "draw", source, "--out", tmp_path / "out"]
    command += ["--sessions", "5", "--seed", "42"]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    read, write = os.pipe()
    os.close(read)
    try:
        child = subprocess.Popen(command, cwd=root, env=env, stdout=write, stderr=subprocess.PIPE)
    finally:
        os.close(write)
    assert child.stderr is not None
    err = child.stderr.read().decode()
    assert child.wait(timeout=120) == 0, err
    assert "Traceback" not in err and "BrokenPipe" not in err
    assert (tmp_path / "out" / "open.xlsx").is_file()


def test_the_command_printed_to_check_a_swiss_draw_draws_it_again(tmp_path, capsys):
    """After the tournament the organiser publishes the seed and the command printed: run on
    the same workbook, it must draw the same, so it carries --swiss and --sessions as asked
    (it said --sessions 2 and no --swiss, which drew something else)."""
    source, _ = played_games(tmp_path)
    assert draw(tmp_path, source, "--sessions", "3", "--swiss", "--seed", "z") == 0
    out = capsys.readouterr().out
    assert "Drew session 2 for 8 players (2 tables a session)" in out
    command = out.split("check the draw with: ")[-1].split()  # the Swiss draw's, the last
    assert command[:2] == ["mahjong-club", "draw"] and command[-3:] == ["--seed", "SEED", "--swiss"]
    again = [str(source), *command[3:-3], "--seed", "z", "--swiss"]
    assert main(["draw", *again, "--out", str(tmp_path / "again")]) == 0
    first = rows(tmp_path / "out" / "open.xlsx", "Next games")
    assert rows(tmp_path / "again" / "open.xlsx", "Next games") == first


def plain_text(path: Path) -> str:
    parsed = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    assert isinstance(parsed, email.message.EmailMessage)
    body = parsed.get_body(("plain",))
    assert body is not None
    return str(body.get_content())


def test_a_player_s_email_says_where_they_sit_next(tmp_path):
    """Before session 1 there is no rank to tell (it said "number 1= of 8 with 0 points"):
    the email says so and gives the player's first table and seat; after a session, the
    rank and the next table."""
    players = [["Player", "Team", "Club", "Email"]]
    players += [[n, f"Hold {i % 2}", "Klub", f"p{i}@example.org"] for i, n in enumerate(names(8))]
    source = write_workbook(tmp_path / "open.xlsx", {"Settings": SETTINGS, "Players": players})
    assert draw(tmp_path, source, "--sessions", "3", "--seed", "x") == 0
    drawn = tmp_path / "out" / "open.xlsx"
    assert main([str(drawn), "--out", str(tmp_path / "before")]) == 0
    games = rows(drawn, "Games")
    first = next(r for r in games if r["Player"] == "Spiller 00" and r["Session"] == 1)
    (mail,) = (tmp_path / "before" / "outbox").glob("*spiller-00*.eml")
    text = plain_text(mail)
    assert "Test Open: no session has been played yet." in text
    assert f"Your next game: session 1, table {first['Table']}, seat {first['Seat']}." in text
    assert "you are number" not in text
    book = openpyxl.load_workbook(drawn)
    seat = 0
    for row in book["Games"].iter_rows(min_row=2):
        if row[0].value == 1:
            row[3].value = [40000, 30000, 30000, 20000][seat % 4]
            seat += 1
    book.save(tmp_path / "played.xlsx")
    assert main([str(tmp_path / "played.xlsx"), "--out", str(tmp_path / "after")]) == 0
    second = next(r for r in games if r["Player"] == "Spiller 00" and r["Session"] == 2)
    (mail,) = (tmp_path / "after" / "outbox").glob("*spiller-00*.eml")
    text = plain_text(mail)
    assert "Test Open: you are number" in text
    assert f"Your next game: session 2, table {second['Table']}, seat {second['Seat']}." in text


def test_a_draw_never_lands_on_the_workbook_it_reads(tmp_path, capsys):
    """A docs check's find: ``draw out/open/open.xlsx`` (the README's drawn copy, scores
    typed in) wrote its copy over the link it was reading, so the organiser's file moved into
    ``out/open/.runs/`` and the next draw deleted it. Refused now, as the main command does."""
    source = workbook(tmp_path)
    assert draw(tmp_path, source, "--sessions", "2", "--seed", "x") == 0
    drawn = tmp_path / "out" / "open.xlsx"
    before = drawn.read_bytes()
    capsys.readouterr()
    assert main(["draw", str(drawn), "--sessions", "2", "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "would overwrite the organiser's workbook" in err and "Nothing was written." in err
    assert drawn.read_bytes() == before
    own = tmp_path / "mine"
    own.mkdir()
    (own / "open.xlsx").write_bytes(before)  # the organiser's own file, drawn into its folder
    assert main(["draw", str(own / "open.xlsx"), "--sessions", "2", "--out", str(own)]) == 1
    assert "would overwrite" in capsys.readouterr().err
    assert (own / "open.xlsx").read_bytes() == before and not (own / ".runs").exists()


def test_a_swiss_draw_after_a_full_draw_says_to_delete_the_planned_rows(tmp_path, capsys):
    """A tournament trial's find: after a full draw (every session's rows in `Games`) and
    session 1 scored, the Swiss draw said "copy the rows of 'Next games' under them"; doing
    so sat everyone twice in session 2 (28 errors). It now says which rows to delete first."""
    source = workbook(tmp_path, count=8, teams=2)
    assert draw(tmp_path, source, "--sessions", "3", "--seed", "x") == 0
    book = openpyxl.load_workbook(tmp_path / "out" / "open.xlsx")
    scores = iter([45000, 35000, 25000, 15000] * 2)
    for row in book["Games"].iter_rows(min_row=2):
        if row[0].value == 1:
            row[3].value = next(scores)
    played = tmp_path / "played.xlsx"
    book.save(played)
    capsys.readouterr()
    assert draw(tmp_path, played, "--sessions", "3", "--swiss", out="next") == 0
    out = " ".join(capsys.readouterr().out.split())
    assert (
        "Your Games sheet has results, so it is left as it is: delete its rows of sessions 2, 3"
        " (drawn before, not played: this draw replaces them), then copy the rows of the sheet"
        " 'Next games' under the rest"
    ) in out
    # done as it says, the workbook reads without a problem
    result = openpyxl.load_workbook(tmp_path / "next" / "played.xlsx")
    games = result["Games"]
    for number in range(games.max_row, 1, -1):
        if games.cell(number, 1).value != 1:
            games.delete_rows(number)
    for row in result["Next games"].iter_rows(min_row=2, values_only=True):
        games.append(list(row))
    del result["Next games"]
    fixed = tmp_path / "fixed.xlsx"
    result.save(fixed)
    assert main([str(fixed), "--out", str(tmp_path / "run"), "--no-email"]) == 0


def test_a_swiss_session_keeps_the_tournaments_seed(tmp_path, capsys):
    """A docs check's find: every --swiss run without --seed made a new secret seed (its hash
    again "to publish before session 1") and replaced draw-seed.txt, so session 1's seed was
    soon gone. A Swiss session now takes the earlier draw's seed from the output folder."""
    source, _ = played_games(tmp_path)  # session 1 drawn into first/ with the seed "x"
    capsys.readouterr()
    assert draw(tmp_path, source, "--sessions", "3", "--swiss", out="first") == 0
    out = capsys.readouterr().out
    expected = hashlib.sha256(b"x").hexdigest()
    kept = tmp_path / "first" / "draw-seed.txt"
    assert out.splitlines()[0] == (
        f"Seed hash (the earlier draw's seed, from {kept}; already published): {expected}"
    )
    assert kept.read_text(encoding="utf-8") == "x\n"
    first = rows(tmp_path / "first" / "open.xlsx", "Next games")
    assert draw(tmp_path, source, "--sessions", "3", "--swiss", "--seed", "x", out="b") == 0
    assert rows(tmp_path / "b" / "open.xlsx", "Next games") == first  # drawn with "x" indeed


def test_processing_the_scores_keeps_the_draws_seed_and_the_draw_keeps_the_results(
    tmp_path, capsys
):
    """A tournament trial's find: the main command and the draw share ``out/<workbook>/`` and
    each run showed only its own outputs, so processing session 1 removed ``draw-seed.txt``
    (the next --swiss made a new secret seed, its hash never published) and the draw pages,
    and the Swiss draw removed the standings site, the hall display, the emails and the EMA
    export. Each now keeps the other's."""
    source, _ = played_games(tmp_path)  # session 1 drawn into first/ with the seed "x"
    out = tmp_path / "first"
    draw_pages = sorted(p.name for p in (out / "report").iterdir())
    assert "draw.html" in draw_pages
    assert main([str(source), "--out", str(out)]) == 0  # the scores of session 1
    assert (out / "draw-seed.txt").read_text(encoding="utf-8") == "x\n"
    shown = {p.name for p in (out / "report").iterdir()}
    assert set(draw_pages) <= shown and "index.html" in shown  # both: the draw's and the site
    index = (out / "report" / "index.html").read_text(encoding="utf-8")
    emails = sorted(p.name for p in (out / "outbox").iterdir())
    exports = sorted(p.name for p in out.glob("*.csv"))
    assert emails and exports
    capsys.readouterr()
    assert draw(tmp_path, source, "--sessions", "3", "--swiss", out="first") == 0
    assert "already published" in capsys.readouterr().out.splitlines()[0]  # the seed "x"
    assert (out / "draw-seed.txt").read_text(encoding="utf-8") == "x\n"
    assert (out / "report" / "index.html").read_text(encoding="utf-8") == index  # kept
    assert sorted(p.name for p in (out / "outbox").iterdir()) == emails
    assert sorted(p.name for p in out.glob("*.csv")) == exports
    assert (out / "report" / "draw.html").stat().st_size > 0  # the Swiss draw's own pages
    # the workbook is the latest run's own: the draw's, with its 'Next games'
    assert "Next games" in openpyxl.load_workbook(out / "open.xlsx").sheetnames
    assert main([str(source), "--out", str(out)]) == 0  # and the next processing run
    assert (out / "draw-seed.txt").read_text(encoding="utf-8") == "x\n"
    assert "Next games" not in openpyxl.load_workbook(out / "open.xlsx").sheetnames


def test_a_new_seed_after_a_session_is_to_publish_before_the_next(tmp_path, capsys):
    source, _ = played_games(tmp_path)
    capsys.readouterr()
    assert draw(tmp_path, source, "--sessions", "3", "--seed", "y") == 0
    expected = hashlib.sha256(b"y").hexdigest()
    assert capsys.readouterr().out.splitlines()[0] == (
        f"Seed hash (publish it before session 2): {expected}"
    )


def test_a_hand_made_games_sheet_the_draw_replaces_is_warned_of(tmp_path, capsys):
    """A workbook fidelity trial's find: the draw replaced the organiser's own unscored
    `Games` (a seating of theirs, a column of notes) without a word."""
    own = [["Session", "Table", "Player", "Score", "Referee note"]]
    own += [[1, 1, name, None, "bring the clock"] for name in names(4)]
    source = workbook(tmp_path, games=own)
    assert draw(tmp_path, source, "--sessions", "2", "--seed", "x") == 0
    captured = capsys.readouterr()
    assert (
        "Warning: sheet 'Games': sheet 'Games' was not written by this tool; the updated copy"
        " has the 'Games'"
        " result sheet in its place (your workbook keeps yours)"
    ) in " ".join((captured.out + captured.err).split())


def test_the_templates_empty_games_sheet_is_drawn_over(tmp_path, capsys):
    """A tournament trial's find: a workbook made from ``template.xlsx`` (its `Games` has a
    league's header and no rows) was refused: "the sheet has no 'Session' column"."""
    header = ["Game", "Date", "Division", "Player", "Score", "Substituted"]
    source = workbook(tmp_path, games=[header, [None] * 6])
    assert draw(tmp_path, source, "--sessions", "2", "--seed", "x") == 0
    captured = capsys.readouterr()
    assert "Warning" not in captured.out + captured.err  # nothing of the organiser's is lost
    games = rows(tmp_path / "out" / "open.xlsx", "Games")
    assert len(games) == 2 * 16 and {g["Session"] for g in games} == {1, 2}
    with_a_row = workbook(tmp_path, games=[header, [1, None, "R1", "Spiller 00", 1, None]])
    assert draw(tmp_path, with_a_row, "--sessions", "2", "--seed", "x", out="b") == 1
    assert "has no 'Session' column" in capsys.readouterr().err  # a row: read, and refused


def test_a_games_sheet_with_only_its_header_is_no_loss(tmp_path, capsys):
    source = workbook(tmp_path, games=[["Session", "Table", "Player", "Score"]])
    assert draw(tmp_path, source, "--sessions", "2", "--seed", "x") == 0
    drawn = tmp_path / "out" / "open.xlsx"
    assert main(["draw", str(drawn), "--sessions", "2", "--out", str(tmp_path / "again")]) == 0
    captured = capsys.readouterr()
    assert "was not written by this tool" not in captured.out + captured.err


def test_a_draw_says_where_it_kept_a_workbook_saved_over_its_link(tmp_path, capsys):
    """A review's find: the main command said "Kept: …", the draw moved the file silently."""
    source = workbook(tmp_path)
    assert draw(tmp_path, source, "--sessions", "2", "--seed", "x") == 0
    drawn = tmp_path / "out" / "open.xlsx"
    drawn.unlink()
    drawn.write_bytes(b"PK scores typed in Excel")  # saved over the link
    capsys.readouterr()
    assert draw(tmp_path, source, "--sessions", "2", "--seed", "x") == 0
    said = " ".join(capsys.readouterr().out.split())
    assert f"Kept: {drawn} was a real file or folder, not the tool's link" in said
    (kept,) = (tmp_path / "out" / ".runs").glob("kept-*/open.xlsx")
    assert kept.read_bytes() == b"PK scores typed in Excel"
