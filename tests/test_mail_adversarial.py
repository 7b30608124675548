"""Defects an adversarial tester found in sending, each built for real: a ledger nested too
deep, an invisible edit to ``club`` or an address's letter case, a relative
``MAHJONG_CLUB_DATA``, a control character in a player's address, and an ``SMTP_CA_FILE`` that
holds no certificate."""

import json
import os
import unicodedata

import pytest

from mahjong_club.capabilities import Options
from mahjong_club.mail import ledger as ledger_module
from mahjong_club.mail.compose import compose
from mahjong_club.pipeline import build_outputs, compute, read_workbook
from tests.builders import write_workbook
from tests.mail_server import addressed_to, servers
from tests.test_mail import mail_sheets, run

EVERYONE = ["a@example.org", "b@example.org", "d@example.org", "e@example.org"]
EVERYONE += ["organiser@example.org"]
LEDGER = "sent-ledgers/mahjong-aero-ebdcd057a926.json"


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


def club_is(sheets, club):
    sheets["Settings"][1] = ["club", club]
    return sheets


def test_a_ledger_nested_too_deep_is_damaged_not_an_internal_error(tmp_path, smtp, data, capsys):
    inbox, port = smtp()
    path = data / LEDGER
    path.parent.mkdir(parents=True)
    path.write_text("[" * 100_000 + "\n", encoding="utf-8")
    assert run(tmp_path, mail_sheets(port), "--send") == 1
    err = capsys.readouterr().err
    assert "Internal error" not in err
    assert (
        f"Error: the sent-ledger {path} is damaged (it cannot be read as JSON: it is nested far"
        " deeper than the tool writes); nothing was sent. Move the file away to start over"
    ) in err
    assert inbox.attempts == []
    assert path.read_text(encoding="utf-8") == "[" * 100_000 + "\n"


def test_a_ledger_larger_than_the_tool_writes_is_damaged(tmp_path, smtp, data, capsys, monkeypatch):
    inbox, port = smtp()
    monkeypatch.setattr(ledger_module, "MAX_BYTES", 1000)
    path = data / LEDGER
    path.parent.mkdir(parents=True)
    path.write_text(" " * 1001 + "{}", encoding="utf-8")
    assert run(tmp_path, mail_sheets(port), "--send") == 1
    err = capsys.readouterr().err
    assert (
        f"Error: the sent-ledger {path} is damaged (it is larger than 1,000 bytes, far more"
        " than the tool writes); nothing was sent."
    ) in err
    assert inbox.attempts == []


@pytest.mark.parametrize(
    "club",
    [
        "Mahjong\u00a0Ærø",
        "MAHJONG ÆRØ",
        "  mahjong   ærø ",
        unicodedata.normalize("NFD", "Mahjong Ærø"),
        "Mahjong Ae\u0301rø",  # not the same club: a different letter
    ],
    ids=["no-break space", "letter case", "spaces", "NFD", "another club"],
)
def test_an_invisible_edit_to_club_sends_nothing_again(tmp_path, smtp, data, capsys, club):
    inbox, port = smtp()
    assert run(tmp_path, mail_sheets(port), "--send") == 0
    capsys.readouterr()
    inbox.attempts.clear()
    assert run(tmp_path, club_is(mail_sheets(port), club), "--send") == 0
    out = capsys.readouterr().out
    if club == "Mahjong Ae\u0301rø":
        assert "Emails sent: 5; already sent before: 0" in out
        assert len(list(data.glob("sent-ledgers/*.json"))) == 2
        return
    assert inbox.attempts == []
    assert "Emails sent: 0; already sent before: 5" in out
    assert f"Sent-ledger: {data / LEDGER}" in out
    assert [p.name for p in data.glob("sent-ledgers/*.json")] == [LEDGER.split("/")[1]]
    kept = json.loads((data / LEDGER).read_text(encoding="utf-8"))
    assert (kept["club"], len(kept["sent"])) == ("Mahjong Ærø", 5)


def test_an_address_in_other_letter_case_is_not_sent_again(tmp_path, smtp, capsys):
    inbox, port = smtp()
    assert run(tmp_path, mail_sheets(port), "--send") == 0
    sheets = mail_sheets(port)
    sheets["Players"][1][1] = "A@Example.ORG"
    sheets["Settings"][3] = ["email_from", "Organiser@EXAMPLE.org"]
    capsys.readouterr()
    inbox.attempts.clear()
    assert run(tmp_path, sheets, "--send") == 0
    assert "Emails sent: 0; already sent before: 5" in capsys.readouterr().out
    assert inbox.attempts == []


def test_a_version_0_1_ledger_with_exact_spelling_keys_is_still_known(tmp_path, smtp, data, capsys):
    inbox, port = smtp()
    sheets = club_is(mail_sheets(port), "Mahjong Ærø")
    season, problems = read_workbook(write_workbook(tmp_path / "probe.xlsx", sheets))
    site = build_outputs(compute(season, problems, Options())).site
    outgoing = compose(site, "organiser@example.org")[:3]  # version 0.1 sent these three
    sent = [{"to": o.to, "key": o.legacy_key, "subject": o.subject} for o in outgoing]
    (tmp_path / "out").mkdir()
    (tmp_path / "out/sent-ledger.json").write_text(json.dumps({"sent": sent}), encoding="utf-8")
    assert run(tmp_path, sheets, "--send") == 0
    assert "Emails sent: 2; already sent before: 3" in capsys.readouterr().out
    assert addressed_to(inbox) == EVERYONE[3:]
    assert json.loads((data / LEDGER).read_text(encoding="utf-8"))["club"] == "Mahjong Ærø"


def test_a_relative_data_folder_is_made_absolute_once(tmp_path, smtp, capsys, monkeypatch):
    inbox, port = smtp()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MAHJONG_CLUB_DATA", "club-data")
    assert run(tmp_path, mail_sheets(port), "--send") == 0
    out = capsys.readouterr().out
    assert f"Sent-ledger: {tmp_path / 'club-data' / LEDGER}\n" in out
    assert (tmp_path / "club-data" / LEDGER).is_file()
    assert sorted(inbox.recipients) == EVERYONE


@pytest.mark.parametrize(
    "written",
    ["mette.dahl@example.org_x001B_[31m", "mette.dahl_x001B_@example.org"],
    ids=["ESC after the domain", "ESC in the user"],
)
def test_a_control_character_in_an_address_is_a_located_warning(tmp_path, smtp, capsys, written):
    inbox, port = smtp()
    sheets = mail_sheets(port)
    sheets["Players"][4][1] = written  # D; calamine decodes Excel's _x001B_ to ESC
    assert run(tmp_path, sheets, "--send") == 1  # D gets no email: listed as not sent
    err = capsys.readouterr().err
    shown = written.replace("_x001B_", "\\x1b")
    assert (
        f"Warning: sheet 'Players', row 5, column 'Email': '{shown}' does not look like an email"
        " address; no email goes to 'D'"
    ) in err
    assert "\x1b" not in err
    assert f"Error: no email to 'D': '{shown}' cannot be used as an email address" in err
    assert addressed_to(inbox) == [a for a in EVERYONE if a != "d@example.org"]
    assert not list((tmp_path / "out/outbox").glob("*-player-d.eml"))


@pytest.mark.parametrize("kind", ["text file", "empty file", "/etc/passwd"])
def test_a_ca_file_holding_no_certificate_is_refused_before_anything_is_written(
    tmp_path, smtp, capsys, monkeypatch, kind
):
    inbox, port = smtp()
    ca = tmp_path / "ca.pem"
    ca.write_text("" if kind == "empty file" else "not a certificate\n", encoding="utf-8")
    path = "/etc/passwd" if kind == "/etc/passwd" and os.path.isfile("/etc/passwd") else str(ca)
    monkeypatch.setenv("SMTP_CA_FILE", path)
    assert run(tmp_path, mail_sheets(port), "--send") == 1
    err = capsys.readouterr().err
    assert (
        f"Error: the environment variable SMTP_CA_FILE={path!r} is not a certificate file (PEM):"
    ) in err
    assert "; nothing was written or sent" in err
    assert not (tmp_path / "out").exists()
    assert inbox.attempts == []
