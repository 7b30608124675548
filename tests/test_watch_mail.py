"""``mahjong-club watch --email-problems``: a workbook's problems emailed to the organiser
through a real SMTP server (aiosmtpd on 127.0.0.1), each list of problems once."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from mahjong_club.cli.failures import explain_write_failure, refused_paths
from mahjong_club.cli.watch import main as watch_main
from mahjong_club.mail.config import SmtpConfig
from mahjong_club.watch import Checks, Outcome, Watch
from mahjong_club.watch.mail import ProblemMail
from mahjong_club.watch.service import LOG
from tests.mail_server import Inbox, servers
from tests.test_cli_errors import league, set_cell
from tests.test_watch import SETTLE, save_as_excel_does, wait_for

ORGANISER = "organiser@example.org"


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("MAHJONG_CLUB_DATA", str(tmp_path / "data"))
    for name in ("SMTP_USER", "SMTP_PASSWORD", "SMTP_CA_FILE", "SMTP_TIMEOUT", "SMTP_DEADLINE"):
        monkeypatch.delenv(name, raising=False)


class Mailed:
    """A watch with --email-problems running in a thread, and the SMTP server it mails to."""

    def __init__(self, tmp_path: Path, smtp: Inbox, port: int, to: str = ORGANISER) -> None:
        self.inbox, self.out, self.staging = (tmp_path / n for n in ("inbox", "out", "staging"))
        for folder in (self.inbox, self.out, self.staging):
            folder.mkdir()
        self.smtp = smtp
        self.outcomes: list[Outcome] = []
        config = SmtpConfig("127.0.0.1", port, "club@example.org", timeout=10, deadline=30)
        self.mail = ProblemMail.for_inbox(to, config, self.inbox)
        checks = Checks(refused_paths, explain_write_failure)
        self.watch = Watch(
            self.inbox,
            self.out,
            checks,
            settle=SETTLE,
            on_outcome=self.outcomes.append,
            problem_mail=self.mail,
        )
        self.thread = threading.Thread(target=self.watch.run, daemon=True)

    def save(self, sheets: dict, name: str = "season.xlsx") -> None:
        count = len(self.outcomes)
        save_as_excel_does(self.staging, self.inbox, sheets, name)
        wait_for(lambda: len(self.outcomes) > count)


@pytest.fixture
def smtp() -> Iterator:
    with servers() as start:
        yield start


@pytest.fixture
def mailed(tmp_path, smtp, caplog) -> Iterator[Mailed]:
    inbox, port = smtp()
    watch = Mailed(tmp_path, inbox, port)
    caplog.set_level(logging.INFO, logger=LOG.name)
    watch.thread.start()
    time.sleep(SETTLE)
    yield watch
    watch.watch.stop()
    watch.thread.join(10)
    assert not watch.thread.is_alive()


def damaged(row: int = 3, value: str = "lots") -> dict:
    return set_cell(league(), "Games", row, 4, value)


def test_a_workbook_with_errors_is_emailed_once_with_its_located_problems(mailed, caplog):
    mailed.save(damaged())
    assert len(mailed.smtp.messages) == 1
    (message,) = mailed.smtp.messages
    assert message["Subject"] == "Problems in season.xlsx: 1 error"
    assert message["To"] == ORGANISER and message["From"] == "club@example.org"
    assert mailed.smtp.recipients == [ORGANISER]
    text = message.get_body(preferencelist=("plain",)).get_content()
    html = message.get_body(preferencelist=("html",)).get_content()
    report = (mailed.inbox / "problems" / "season.txt").read_text(encoding="utf-8")
    assert text.replace("\r\n", "\n") == report  # the same report as the file
    line = next(line for line in report.splitlines() if line.startswith("Error: "))
    assert "sheet 'Games', row 4, column 'Score'" in line
    assert "Problems in season.xlsx" in html and "row 4" in html
    assert "season.xlsx: the problems were emailed to organiser@example.org" in caplog.text


def test_the_same_problems_again_are_not_emailed_again(mailed, caplog):
    mailed.save(damaged())
    mailed.save(damaged())  # the synced folder writes the same workbook again
    assert len(mailed.outcomes) == 2 and len(mailed.smtp.messages) == 1
    assert "these problems were emailed to organiser@example.org before; not again" in caplog.text


def test_different_problems_are_a_new_email_and_a_good_workbook_none(mailed):
    mailed.save(damaged())
    mailed.save(damaged(row=5, value="plenty"))
    assert len(mailed.smtp.messages) == 2
    assert "row 6" in mailed.smtp.messages[1].get_body(preferencelist=("plain",)).get_content()
    mailed.save(league())
    assert mailed.outcomes[-1].published
    assert len(mailed.smtp.messages) == 2


def test_a_restarted_watch_remembers_what_it_emailed(tmp_path, smtp, caplog):
    inbox, port = smtp()
    first = Mailed(tmp_path, inbox, port)
    first.thread.start()
    time.sleep(SETTLE)
    first.save(damaged())
    first.watch.stop()
    first.thread.join(10)
    assert len(inbox.messages) == 1
    # the service restarts: the workbook there at start is processed once more
    again = Watch(
        first.inbox,
        first.out,
        Checks(refused_paths, explain_write_failure),
        settle=SETTLE,
        on_outcome=first.outcomes.append,
        problem_mail=first.mail,
    )
    thread = threading.Thread(target=again.run, daemon=True)
    thread.start()
    wait_for(lambda: len(first.outcomes) == 2)
    again.stop()
    thread.join(10)
    assert len(inbox.messages) == 1


def test_a_refused_address_is_logged_and_the_watch_goes_on(tmp_path, smtp, caplog):
    inbox, port = smtp(refuse_rcpt={ORGANISER: "550 5.1.1 No such user here"})
    watch = Mailed(tmp_path, inbox, port)
    caplog.set_level(logging.INFO, logger=LOG.name)
    watch.thread.start()
    time.sleep(SETTLE)
    try:
        watch.save(damaged())
        assert inbox.messages == []
        assert (
            "season.xlsx: could not email the problems to organiser@example.org: the server"
            " refused the email to organiser@example.org: 550 5.1.1 No such user here"
        ) in caplog.text
        watch.save(league())  # the next workbook is processed as ever
        assert watch.outcomes[-1].published
    finally:
        watch.watch.stop()
        watch.thread.join(10)


def test_an_unreachable_server_is_logged_and_the_watch_goes_on(tmp_path, caplog):
    from tests.mail_server import free_port

    inbox = Inbox()
    watch = Mailed(tmp_path, inbox, free_port())  # nothing listens there
    caplog.set_level(logging.INFO, logger=LOG.name)
    watch.thread.start()
    time.sleep(SETTLE)
    try:
        watch.save(damaged())
        assert "season.xlsx: could not email the problems to organiser@example.org" in caplog.text
        watch.save(league())
        assert watch.outcomes[-1].published
    finally:
        watch.watch.stop()
        watch.thread.join(10)


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (["--smtp-host", "mail.example.org"], "Error: --smtp-host needs --email-problems ADDRESS"),
        (["--email-from", "a@example.org"], "Error: --email-from needs --email-problems ADDRESS"),
        (
            ["--email-problems", ORGANISER],
            "Error: --email-problems needs --smtp-host HOST (the mail server)",
        ),
        (
            ["--email-problems", "organiser", "--smtp-host", "mail.example.org"],
            "Error: 'organiser' is not an email address that can be used: there is no '@' in it",
        ),
        (
            ["--email-problems", ORGANISER, "--smtp-host", "h", "--smtp-port", "70000"],
            "Error: --smtp-port takes a port from 1 to 65535, not 70000",
        ),
    ],
)
def test_usage_errors_before_watching(tmp_path, capsys, options, expected):
    assert watch_main([str(tmp_path), "--out", str(tmp_path / "out"), *options]) == 2
    err = capsys.readouterr().err
    assert expected in err.splitlines()
    assert not (tmp_path / "out").exists()


def test_half_credentials_in_the_environment_are_a_usage_error(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("SMTP_USER", "club")
    options = ["--email-problems", ORGANISER, "--smtp-host", "mail.example.org"]
    assert watch_main([str(tmp_path), "--out", str(tmp_path / "out"), *options]) == 2
    assert (
        "Error: --email-problems cannot work: the environment variable SMTP_USER is set but"
        " SMTP_PASSWORD is not" in capsys.readouterr().err
    )
