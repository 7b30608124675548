"""A long run's progress: the pipeline's steps as events, and how the command line shows them
(``--progress``): plain lines off a terminal, a rich bar on one (a real pseudo-terminal),
nothing for a club's usual workbook."""

from __future__ import annotations

import io
import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong_club.cli import progress as display
from mahjong_club.common.progress import Lines, Progress, Step
from mahjong_club.messages.core import say
from mahjong_club.messages.progress import PROGRESS
from mahjong_club.pipeline import build_outputs, compute, read_workbook, write_outputs
from process import main
from tests.mail_server import addressed_to, servers
from tests.test_mail import mail_sheets
from tests.test_mail import run as run_mail

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "sample_sheets" / "season.xlsx"


def steps_of_a_run(tmp_path: Path) -> list[Step]:
    seen: list[Step] = []
    progress = Progress(seen.append)
    season, problems = read_workbook(SAMPLE, progress)
    run = compute(season, problems, None, progress)
    outputs = build_outputs(run, SAMPLE, progress)
    write_outputs(SAMPLE, tmp_path / "out", outputs, progress)
    return seen


def test_a_run_reports_every_stage_in_order_and_ends_each(tmp_path):
    seen = steps_of_a_run(tmp_path)
    stages = [s.stage for s in seen]
    assert list(dict.fromkeys(stages)) == ["read", "compute", "build", "render", "write"]
    for stage in ("read", "compute", "build", "render", "write"):
        steps = [s for s in seen if s.stage == stage]
        assert [s.done for s in steps] == list(range(len(steps)))  # one step at a time
        assert steps[-1].finished and steps[-1].item == ""
        assert not any(s.finished for s in steps[:-1])
        assert steps[-1].done == steps[-1].total == len(steps) - 1
    computed = [str(s.item) for s in seen if s.stage == "compute" and not s.finished]
    assert computed == [
        "standings",
        "attendance",
        "schedule",
        "next_season",
        "tonight",
        "hands",
        "duplicate",
    ]
    read = [str(s.item) for s in seen if s.stage == "read"][:5]
    assert read == [
        "opening the file",
        "checking the formulas' saved values",
        "Settings",
        "Players",
        "Divisions, Games, Penalties, Dice",
    ]
    written = [str(s.item) for s in seen if s.stage == "write" and not s.finished]
    report = tmp_path / "out" / "report"
    pages = sorted(p.relative_to(report).as_posix() for p in report.rglob("*.html"))
    assert len(pages) == 35
    assert written[:3] == ["the workbook season.xlsx", "exports", "the site's pages (35)"]
    # each page told as it is rendered into its file, the index first
    assert written[3] == "the page index.html"
    assert sorted(item.removeprefix("the page ") for item in written[3:38]) == pages
    assert written[38:] == ["the emails (30)", "publishing"]
    rendered = [str(s.item) for s in seen if s.stage == "render" and not s.finished]
    assert rendered == ["the emails"]
    assert str(seen[0].title) == "Reading season.xlsx"
    assert seen[0].title.render("da") == "Læser season.xlsx"


def test_a_run_without_a_display_reports_nothing_and_makes_the_same_files(tmp_path):
    steps_of_a_run(tmp_path / "shown")
    season, problems = read_workbook(SAMPLE)
    outputs = build_outputs(compute(season, problems), SAMPLE)
    write_outputs(SAMPLE, tmp_path / "plain", outputs)
    shown = tmp_path / "shown" / "out" / "report" / "index.html"
    assert shown.read_bytes() == (tmp_path / "plain" / "report" / "index.html").read_bytes()


def lines_of(total: int) -> list[str]:
    out = io.StringIO()
    progress = Progress(Lines(lambda line: print(line, file=out)))
    progress.stage("send", say(PROGRESS["send"]), total)
    for number in range(total):
        progress.doing(f"p{number}@example.org")
    progress.finish()
    return out.getvalue().splitlines()


def test_plain_lines_a_line_a_step_for_few_steps():
    assert lines_of(3) == [
        "Sending the emails: 0/3 p0@example.org",
        "Sending the emails: 1/3 p1@example.org",
        "Sending the emails: 2/3 p2@example.org",
        "Sending the emails: done",
    ]


def test_plain_lines_a_line_a_tenth_for_many_steps():
    lines = lines_of(1000)
    assert len(lines) == 11
    assert lines[0] == "Sending the emails: 0/1000 p0@example.org"
    assert lines[1] == "Sending the emails: 100/1000 p100@example.org"
    assert lines[9] == "Sending the emails: 900/1000 p900@example.org"
    assert lines[-1] == "Sending the emails: done"


def test_a_stage_of_no_steps_is_only_done():
    assert lines_of(0) == ["Sending the emails: done"]


@pytest.mark.parametrize(
    ("mode", "quiet", "long_work", "expected"),
    [
        ("auto", False, False, "off"),  # a club's season: nothing changes
        ("auto", False, True, "lines"),  # not a terminal
        ("auto", True, True, "off"),  # -q
        ("lines", True, False, "lines"),  # asked for, even with -q
        ("bar", False, False, "bar"),
        ("off", False, True, "off"),
    ],
)
def test_which_display(mode, quiet, long_work, expected):
    assert display.chosen(mode, quiet, long_work, io.StringIO()) == expected


def test_cli_lines_on_stderr_and_the_same_stdout(tmp_path, capsys):
    assert main([str(SAMPLE), "--out", str(tmp_path / "a"), "--progress", "off"]) == 0
    plain = capsys.readouterr()
    assert main([str(SAMPLE), "--out", str(tmp_path / "b"), "--progress", "lines"]) == 0
    shown = capsys.readouterr()
    assert shown.out.replace(str(tmp_path / "b"), "X") == plain.out.replace(
        str(tmp_path / "a"), "X"
    )
    progress = [line for line in shown.err.splitlines() if line not in plain.err.splitlines()]
    assert progress[0] == "Reading season.xlsx: 0/13 opening the file"
    assert "Computing: 0/7 standings" in progress
    assert f"Writing {tmp_path / 'b'}: done" == progress[-1]
    done = [line for line in progress if line.endswith(": done")]
    assert done == [
        "Reading season.xlsx: done",
        "Computing: done",
        "Preparing the results: done",
        "Making the emails: done",
        f"Writing {tmp_path / 'b'}: done",
    ]


def test_cli_auto_shows_nothing_for_a_small_workbook_off_a_terminal(tmp_path, capsys):
    assert main([str(SAMPLE), "--out", str(tmp_path / "a")]) == 0
    assert "Reading season.xlsx" not in capsys.readouterr().err


def test_cli_auto_shows_lines_for_a_big_workbook(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(display, "LONG_WORKBOOK", SAMPLE.stat().st_size)
    assert main([str(SAMPLE), "--out", str(tmp_path / "a")]) == 0
    err = capsys.readouterr().err
    assert "Reading season.xlsx: done" in err and "Computing: done" in err
    assert main([str(SAMPLE), "--out", str(tmp_path / "a"), "-q"]) == 0
    assert capsys.readouterr().err == ""  # -q: nothing


def test_a_workbook_with_errors_shows_its_progress_up_to_the_reading(tmp_path, capsys):
    broken = tmp_path / "broken.xlsx"
    broken.write_bytes(b"not a workbook")
    assert main([str(broken), "--out", str(tmp_path / "a"), "--progress", "lines"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "Reading broken.xlsx: 0/13 opening the file"
    assert err[1].startswith("Error: ")
    assert len(err) == 2


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("MAHJONG_CLUB_DATA", str(tmp_path / "data"))
    for name in ("SMTP_USER", "SMTP_PASSWORD", "SMTP_CA_FILE", "SMTP_TIMEOUT", "SMTP_DEADLINE"):
        monkeypatch.delenv(name, raising=False)


def sent_with_lines(tmp_path, capsys, status: int, **server) -> tuple:
    """Send the mail sheets' emails with progress as lines (the server started with
    ``server``'s options); the inbox and the sending's progress lines."""
    with servers() as start:
        inbox, port = start(**server)
        assert run_mail(tmp_path, mail_sheets(port), "--send", "--progress", "lines") == status
    err = capsys.readouterr().err.splitlines()
    return inbox, [line for line in err if line.startswith("Sending the emails")]


def test_sending_shows_each_email_as_it_goes(tmp_path, capsys, data):
    inbox, sending = sent_with_lines(tmp_path, capsys, 0)
    assert sending == [
        "Sending the emails: 0/5 a@example.org",
        "Sending the emails: 1/5 b@example.org",
        "Sending the emails: 2/5 d@example.org",
        "Sending the emails: 3/5 e@example.org",
        "Sending the emails: 4/5 organiser@example.org",
        "Sending the emails: done",
    ]
    assert addressed_to(inbox) == sorted(addressed_to(inbox))  # sent in that order, once each
    assert len(addressed_to(inbox)) == 5


def test_a_sending_the_server_stops_is_not_shown_as_done(tmp_path, capsys, data):
    # the third email's data: the server closes the connection
    inbox, sending = sent_with_lines(tmp_path, capsys, 1, drop_at=3)
    assert sending == [
        "Sending the emails: 0/5 a@example.org",
        "Sending the emails: 1/5 b@example.org",
        "Sending the emails: 2/5 d@example.org",
        "Sending the emails: stopped after 3 of 5",  # the third may have arrived
    ]
    assert len(addressed_to(inbox)) == 2


def test_sending_many_emails_shows_progress_by_itself(tmp_path, capsys, data, monkeypatch):
    monkeypatch.setattr(display, "MANY_EMAILS", 5)
    with servers() as start:
        _, port = start()
        assert run_mail(tmp_path, mail_sheets(port), "--send") == 0
    err = capsys.readouterr().err
    assert "Sending the emails: done" in err
    assert "Reading season.xlsx" not in err  # the workbook is small


def read_all(fd: int, process: subprocess.Popen[bytes]) -> bytes:
    chunks = []
    while True:
        ready, _, _ = select.select([fd], [], [], 60)
        if not ready:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # the terminal closed with the process
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait(60)
    return b"".join(chunks)


def test_on_a_terminal_a_bar_that_goes_away(tmp_path):
    """A real pseudo-terminal: rich draws the bar (with its stage and the elapsed time) and
    removes it; the results follow as without it."""
    main_fd, child_fd = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm", "COLUMNS": "120"}
    process = subprocess.Popen(
        [sys.executable, "-m", "mahjong_club", str(SAMPLE), "--out", str(tmp_path / "o")],
        stdin=child_fd,
        stdout=child_fd,
        stderr=child_fd,
        env=env,
        cwd=ROOT,
    )
    os.close(child_fd)
    # auto on a terminal, but the sample is small: no bar
    plain = read_all(main_fd, process).decode()
    os.close(main_fd)
    assert process.returncode == 0
    assert "━" not in plain and "Reading season.xlsx" not in plain

    main_fd, child_fd = pty.openpty()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "mahjong_club",
            str(SAMPLE),
            "--out",
            str(tmp_path / "o"),
            "--progress",
            "bar",
        ],
        stdin=child_fd,
        stdout=child_fd,
        stderr=child_fd,
        env=env,
        cwd=ROOT,
    )
    os.close(child_fd)
    shown = read_all(main_fd, process).decode()
    os.close(main_fd)
    assert process.returncode == 0
    titles = ("Reading season.xlsx", "Computing", "Preparing", "Making the emails", "Writing")
    assert any(title in shown for title in titles) and "━" in shown  # the bar was drawn
    assert "\x1b[?25l" in shown and "\x1b[?25h" in shown  # cursor hidden, then shown again
    assert "Wrote 30 emails to" in shown  # and the results follow
