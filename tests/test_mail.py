"""Emails: composed from the results, written to the outbox, sent to a real SMTP server
(aiosmtpd, started here) with a ledger so a re-run never sends a report twice."""

import email
import re
import shutil
import ssl
import subprocess
from email import policy

import pytest
from aiosmtpd.controller import Controller

from process import main
from tests.builders import write_workbook
from tests.mail_server import Inbox, addressed_to, free_port, servers
from tests.test_cli_errors import league


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    """The sent-ledger's data folder is the test's own; no SMTP_* variable of the caller's."""
    folder = tmp_path / "data"
    monkeypatch.setenv("MAHJONG_CLUB_DATA", str(folder))
    for name in ("SMTP_USER", "SMTP_PASSWORD", "SMTP_CA_FILE", "SMTP_TIMEOUT", "SMTP_DEADLINE"):
        monkeypatch.delenv(name, raising=False)
    return folder


@pytest.fixture
def smtp():
    with servers() as start:
        yield start


def mail_sheets(port: int, language: str = "en"):
    sheets = league()
    sheets["Players"] = [
        ["Player", "Email", "Rating"],
        ["A", "a@example.org", 1500],
        ["B", "b@example.org", 1500],
        ["C", None, None],  # no address: no email
        ["D", "d@example.org", None],
        ["E", "e@example.org", None],
    ]
    sheets["Settings"] = [
        ["Key", "Value"],
        ["club", "Mahjong Ærø"],
        ["language", language],
        ["email_from", "organiser@example.org"],
        ["smtp_host", "127.0.0.1"],
        ["smtp_port", port],
    ]
    return sheets


def run(tmp_path, sheets, *extra):
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    return main([str(path), "--out", str(tmp_path / "out"), *extra])


def test_outbox_without_send(tmp_path, data, capsys):
    assert run(tmp_path, mail_sheets(1), "-v") == 0
    files = sorted(p.name for p in (tmp_path / "out/outbox").iterdir())
    assert files == [
        "001-player-a.eml",
        "002-player-b.eml",
        "003-player-d.eml",
        "004-player-e.eml",
        "005-organiser.eml",
    ]
    out = capsys.readouterr().out
    assert "a@example.org — Mahjong Ærø: standings as of 4 September 2025" in out  # -v
    assert f"Wrote 5 emails to {tmp_path / 'out/outbox'}\n" in out
    assert f"  - 5 emails not sent, only written to {tmp_path / 'out/outbox'}: run again" in out
    assert not data.exists()  # no ledger: nothing was sent


def test_a_run_without_send_counts_only_the_emails_not_sent_before(tmp_path, smtp, capsys):
    """A newcomer's trial: after a --send that sent everything, a plain run said "5 emails
    not sent, only written to outbox: run again with --send" (and --send then sent 0)."""
    inbox, port = smtp()
    sheets = mail_sheets(port)
    assert run(tmp_path, sheets, "--send") == 0
    capsys.readouterr()
    assert run(tmp_path, sheets) == 0
    assert "not sent, only written" not in capsys.readouterr().out
    sheets["Players"][2][1] = "b.new@example.org"  # a new address is a new email, and the
    assert run(tmp_path, sheets) == 0  # organiser's summary (who gets which email) changed
    assert "  - 2 emails not sent, only written" in capsys.readouterr().out
    assert len(inbox.messages) == 5


def test_send_delivers_multipart_messages(tmp_path, smtp, capsys):
    inbox, port = smtp()
    assert run(tmp_path, mail_sheets(port, "da"), "--send") == 0, capsys.readouterr().err
    assert len(inbox.messages) == 5
    assert sorted(inbox.recipients) == [
        "a@example.org",
        "b@example.org",
        "d@example.org",
        "e@example.org",
        "organiser@example.org",
    ]
    first = inbox.messages[0]
    assert first["Subject"] == "Mahjong Ærø: stilling pr. 4. september 2025"
    text = first.get_body(("plain",)).get_content()
    html = first.get_body(("html",)).get_content()
    assert "Hej A" in text and "Din division R1" in text
    assert "27.300" in text  # Danish thousands separator
    assert "<caption" in html and "Ærø" in html


def test_a_rerun_sends_nothing_and_resend_forces(tmp_path, smtp, capsys):
    inbox, port = smtp()
    sheets = mail_sheets(port)
    assert run(tmp_path, sheets, "--send") == 0
    assert run(tmp_path, sheets, "--send") == 0
    assert len(inbox.messages) == 5
    assert "Emails sent: 0; already sent before: 5" in capsys.readouterr().out
    assert run(tmp_path, sheets, "--send", "--resend") == 0
    assert len(inbox.messages) == 10


def resent_through(tmp_path, smtp, capsys, **misbehaving) -> str:
    """Every email sent once, then ``--send --resend`` through a server that misbehaves so
    (stopping the sending: status 1): what it said on stderr, on one line."""
    _inbox, port = smtp()
    sheets = mail_sheets(port)
    assert run(tmp_path, sheets, "--send") == 0
    _server, port2 = smtp(**misbehaving)
    sheets["Settings"][-1] = ["smtp_port", port2]
    capsys.readouterr()
    assert run(tmp_path, sheets, "--send", "--resend") == 1
    return " ".join(capsys.readouterr().err.split())


def test_a_resend_that_stops_says_what_each_way_on_would_send(tmp_path, smtp, capsys):
    """A docs check's find: a --resend that stopped advised "--send again to send only
    these", but a plain --send sends none that were sent before."""
    err = resent_through(tmp_path, smtp, capsys, drop_at=2)
    assert (
        "Run with --send again to send those of them never sent before; --send --resend would"
        " send every email again, those sent now too"
    ) in err
    assert "to send only these" not in err


def test_a_server_refusing_for_good_is_not_asked_again_unless_told(tmp_path, smtp, capsys):
    refusing, port = smtp(limit=2)  # then 554 at the end of DATA for every other message
    sheets = mail_sheets(port)
    assert run(tmp_path, sheets, "--send") == 1
    err = capsys.readouterr().err
    assert err.count("554 Transaction failed: too many messages; it is not sent again") == 3
    assert len(refusing.messages) == 2
    # the workbook, the site and the outbox were written before sending started
    assert (tmp_path / "out/season.xlsx").is_file()
    assert (tmp_path / "out/report/index.html").is_file()
    working, port2 = smtp()
    sheets["Settings"][-1] = ["smtp_port", port2]
    assert run(tmp_path, sheets, "--send") == 0
    assert working.messages == []
    assert capsys.readouterr().err.count("(--retry-refused tries again)") == 3
    assert run(tmp_path, sheets, "--send", "--retry-refused") == 0
    assert len(working.messages) == 3
    assert not set(addressed_to(working)) & set(addressed_to(refusing))


def test_send_needs_the_settings_before_anything_is_written(tmp_path, capsys):
    sheets = mail_sheets(1)
    sheets["Settings"] = [["Key", "Value"], ["email_from", "organiser@example.org"]]
    assert run(tmp_path, sheets, "--send") == 1
    err = capsys.readouterr().err
    assert (
        "sending the emails needs the smtp_host setting in the Settings sheet; nothing was written"
    ) in err
    assert not (tmp_path / "out").exists()


def test_a_new_report_is_sent_again(tmp_path, smtp):
    inbox, port = smtp()
    sheets = mail_sheets(port)
    assert run(tmp_path, sheets, "--send") == 0
    sheets["Games"][1][4] = 42400  # a corrected score changes the report
    sheets["Games"][2][4] = 31400
    assert run(tmp_path, sheets, "--send") == 0
    # every standings changed, so each of the five reports goes out a second time
    recipients = [m["To"] for m in inbox.messages]
    assert len(recipients) == 10
    assert all(recipients.count(r) == 2 for r in recipients), recipients


def test_starttls_is_used_when_the_server_offers_it(tmp_path, capsys, monkeypatch):
    if not shutil.which("openssl"):
        pytest.skip("openssl is needed to make a test certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    command = [
        *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2"),
        *("-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1"),
        *("-addext", "subjectAltName=IP:127.0.0.1"),
    ]
    subprocess.run(command, check=True, capture_output=True)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    inbox = Inbox()
    over_tls: list[bool] = []

    class TLSInbox(Inbox):
        async def handle_DATA(self, server, session, envelope):
            over_tls.append(session.ssl is not None)
            return await inbox.handle_DATA(server, session, envelope)

    controller = Controller(
        TLSInbox(),
        hostname="127.0.0.1",
        port=free_port(),
        tls_context=context,
        require_starttls=True,
    )
    controller.start()
    monkeypatch.setenv("SMTP_CA_FILE", str(cert))
    try:
        path = write_workbook(tmp_path / "season.xlsx", mail_sheets(controller.port))
        code = main([str(path), "--out", str(tmp_path / "out"), "--send"])
    finally:
        controller.stop()
    assert code == 0, capsys.readouterr().err
    assert len(inbox.messages) == 5
    assert over_tls == [True] * 5


def test_messages_are_dated_and_link_the_site(tmp_path):
    sheets = mail_sheets(1)
    sheets["Settings"].append(["site_url", "https://club.example.org/results/"])
    assert run(tmp_path, sheets) == 0
    message = email.message_from_bytes(
        (tmp_path / "out/outbox/001-player-a.eml").read_bytes(), policy=policy.default
    )
    assert message["Date"]
    text = message.get_body(("plain",)).get_content()
    assert "The full standings: https://club.example.org/results/" in text
    assert re.search(r"^Rank\s+Player\s+Points$", text, re.MULTILINE), text


def test_the_password_is_never_sent_unencrypted(tmp_path, smtp, capsys, monkeypatch):
    inbox, port = smtp()  # a server without STARTTLS
    monkeypatch.setenv("SMTP_USER", "club")
    monkeypatch.setenv("SMTP_PASSWORD", "secret")
    assert run(tmp_path, mail_sheets(port), "--send") == 1
    assert "the password is not sent over a plain connection" in capsys.readouterr().err
    assert inbox.messages == []


def test_an_address_that_is_not_one_gets_a_warning_and_no_email(tmp_path, capsys):
    sheets = mail_sheets(1)
    sheets["Players"][4][1] = "−7"  # D: a stray value in the Email column
    sheets["Players"][5][1] = "e@example"  # E: no domain ending
    assert run(tmp_path, sheets) == 0
    err = capsys.readouterr().err
    assert "'−7' does not look like an email address; no email goes to 'D'" in err
    assert "'e@example' does not look like an email address" in err
    files = sorted(p.name for p in (tmp_path / "out/outbox").iterdir())
    assert files == ["001-player-a.eml", "002-player-b.eml", "003-organiser.eml"]
    organiser = email.message_from_bytes(
        (tmp_path / "out/outbox/003-organiser.eml").read_bytes(), policy=policy.default
    )
    for part in ("plain", "html"):
        text = organiser.get_body((part,)).get_content()
        assert "D: −7 is not a usable email address, so nothing was sent" in text, part
        assert "E: e@example is not a usable email address, so nothing was sent" in text
        assert "E: no email address" not in text  # the organiser sees the typo to correct
