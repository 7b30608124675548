"""What sending needs and where it keeps its memory: the email settings (each problem on its
cell), ``--send``'s checks before anything is written, the shared and locked sent-ledger, and
headers that no name or address can break."""

import copy
import email
import json
from email import policy

import pytest

from mahjong_club.capabilities import Options
from mahjong_club.mail.compose import compose
from mahjong_club.mail.lock import hold_lock
from mahjong_club.pipeline import build_outputs, compute, read_workbook
from process import main
from tests.builders import assert_refused, write_workbook
from tests.mail_server import addressed_to, servers
from tests.test_mail import mail_sheets, run

EVERYONE = ["a@example.org", "b@example.org", "d@example.org", "e@example.org"]
EVERYONE += ["organiser@example.org"]


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


def setting(key, value, port=1):
    sheets = mail_sheets(port)
    rows = sheets["Settings"]
    for number, row in enumerate(rows):
        if row[0] == key:
            rows[number] = [key, value]
            return sheets
    rows.append([key, value])
    return sheets


@pytest.mark.parametrize(
    ("key", "value", "expected"),
    [
        pytest.param(
            "club",
            "Mahjong Ærø\r\nBcc: everyone@example.org",
            "row 2, column 'Value': club: contains a line break or another control character"
            " (U+000A); write it on one line",
            id="line break in club",
        ),
        pytest.param(
            "club",
            "Mahjong\tÆrø\u2028",
            "row 2, column 'Value': club: contains a line break or another control character"
            " (U+0009)",
            id="tab in club",
        ),
        pytest.param(
            "email_from",
            "organiser@example.org\nBcc: everyone@example.org",
            "row 4, column 'Value': email_from: contains a line break",
            id="line break in email_from",
        ),
        pytest.param(
            "email_from",
            "Organiser <organiser@example.org>",
            "row 4, column 'Value': email_from: 'Organiser <organiser@example.org>' cannot be used"
            " as an email address: the part before '@' must be plain letters, digits and signs,"
            " without spaces; write only the address, like organiser@example.org",
            id="email_from with a name",
        ),
        pytest.param(
            "email_from",
            "organiser@example.org;",
            "row 4, column 'Value': email_from: 'organiser@example.org;' cannot be used as an"
            " email address: 'example.org;' after '@' is not a domain name like example.org",
            id="email_from with a stray sign",
        ),
        pytest.param(
            "smtp_host",
            "smtp example.org",
            "row 5, column 'Value': smtp_host: 'smtp example.org' is not a mail server's name",
            id="smtp_host with a space",
        ),
        pytest.param(
            "smtp_port",
            70000,
            "row 6, column 'Value': smtp_port: 70000 is not a port number (1 to 65535",
            id="smtp_port too big",
        ),
    ],
)
def test_a_bad_email_setting_is_an_error_on_its_cell(tmp_path, capsys, key, value, expected):
    code = run(tmp_path, setting(key, value))
    err = capsys.readouterr().err
    assert_refused(code, err, [f"sheet 'Settings', {expected}"], tmp_path / "out")


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"SMTP_PASSWORD": "secret"}, "SMTP_PASSWORD is set but SMTP_USER is not: set both"),
        ({"SMTP_USER": "club"}, "SMTP_USER is set but SMTP_PASSWORD is not: set both"),
        ({"SMTP_DEADLINE": "soon"}, "SMTP_DEADLINE='soon' is not a number of seconds above 0"),
        ({"SMTP_TIMEOUT": "0"}, "SMTP_TIMEOUT='0' is not a number of seconds above 0"),
        ({"SMTP_CA_FILE": "/nowhere/ca.pem"}, "SMTP_CA_FILE='/nowhere/ca.pem' names no file"),
    ],
    ids=["password alone", "user alone", "bad deadline", "zero timeout", "no CA file"],
)
def test_send_checks_its_environment_before_anything_is_written(
    tmp_path, smtp, capsys, monkeypatch, environment, expected
):
    inbox, port = smtp()
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert run(tmp_path, mail_sheets(port), "--send") == 1
    err = capsys.readouterr().err
    assert f"Error: the environment variable {expected}" in err
    assert "; nothing was written or sent" in err
    assert not (tmp_path / "out").exists()
    assert inbox.attempts == []


def test_send_without_a_sender_writes_nothing(tmp_path, capsys):
    sheets = mail_sheets(1)
    sheets["Settings"] = [["Key", "Value"], ["smtp_host", "127.0.0.1"]]
    assert run(tmp_path, sheets, "--send") == 1
    err = capsys.readouterr().err
    assert "sending the emails needs the email_from setting in the Settings sheet; nothing" in err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("option", ["--resend", "--retry-refused"])
def test_resend_without_send_is_a_usage_error(tmp_path, capsys, option):
    assert run(tmp_path, mail_sheets(1), option) == 2
    err = capsys.readouterr().err
    assert f"Error: {option} goes only with --send" in err
    assert err.startswith("usage:")
    assert not (tmp_path / "out").exists()


def test_the_ledger_is_shared_by_every_output_folder(tmp_path, smtp, data, capsys):
    inbox, port = smtp()
    workbook = write_workbook(tmp_path / "season.xlsx", mail_sheets(port))
    assert main([str(workbook), "--out", str(tmp_path / "first"), "--send"]) == 0
    assert main([str(workbook), "--out", str(tmp_path / "second"), "--send"]) == 0
    assert sorted(inbox.recipients) == EVERYONE
    out = capsys.readouterr().out
    ledgers = sorted(data.glob("sent-ledgers/*.json"))
    assert [p.name for p in ledgers] == ["mahjong-aero-ebdcd057a926.json"]
    assert f"Sent-ledger: {ledgers[0]}" in out
    ledger = json.loads(ledgers[0].read_text(encoding="utf-8"))
    assert (ledger["format"], ledger["club"], ledger["season"]) == (1, "Mahjong Ærø", "")
    assert sorted(e["to"] for e in ledger["sent"]) == EVERYONE
    assert ledger["refused"] == []


def test_another_season_has_its_own_ledger(tmp_path, smtp, data):
    inbox, port = smtp()
    assert run(tmp_path, mail_sheets(port), "--send") == 0
    sheets = mail_sheets(port)
    sheets["Settings"].append(["season", "2026"])
    for row in sheets["Games"][1:]:
        row[1] = row[1].replace(year=row[1].year + 1)  # the new season's games: new reports
    assert run(tmp_path, sheets, "--send") == 0
    assert len(inbox.messages) == 10
    assert len(list(data.glob("sent-ledgers/*.json"))) == 2
    # (the same reports word for word under another season's name are not sent again:
    # tests/test_mail_delivery.py, a season renamed mid-season)


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ('{"format": 1, "club": "Mahjong Ærø", "se', "it cannot be read as JSON"),
        ('{"format": 1, "club": "Mahjong Ærø", "season": "", "sent": {}}', "sent is missing"),
        ('{"format": 1, "club": "Mahjong Ærø", "season": "", "sent": [{"to": 1}]}', "sent[…]"),
        ('{"format": 1, "club": "Other club", "season": ""}', "belongs to the club 'Other club'"),
        ("[]", "{…} is missing"),
        ('{"format": 7}', "format is missing or not what the tool writes"),
    ],
    ids=["cut short", "sent not a list", "entry without fields", "other club", "list", "format"],
)
def test_a_damaged_ledger_sends_nothing(tmp_path, smtp, data, capsys, content, problem):
    inbox, port = smtp()
    path = data / "sent-ledgers/mahjong-aero-ebdcd057a926.json"
    path.parent.mkdir(parents=True)
    path.write_text(content, encoding="utf-8")
    assert run(tmp_path, mail_sheets(port), "--send") == 1
    err = capsys.readouterr().err
    assert f"Error: the sent-ledger {path} is damaged (" in err
    assert problem in err
    assert "nothing was sent. Move the file away to start over" in err
    assert inbox.attempts == []
    assert path.read_text(encoding="utf-8") == content  # left as it was, for a look
    path.unlink()  # starting over
    assert run(tmp_path, mail_sheets(port), "--send") == 0
    assert sorted(inbox.recipients) == EVERYONE


def test_a_run_waits_for_another_holding_the_ledger(tmp_path, smtp, data, capsys, monkeypatch):
    inbox, port = smtp()
    monkeypatch.setenv("SMTP_DEADLINE", "0.5")
    lock = data / "sent-ledgers/mahjong-aero-ebdcd057a926.lock"
    with hold_lock(lock, 0):
        assert run(tmp_path, mail_sheets(port), "--send") == 1
    err = capsys.readouterr().err
    assert "another run is sending this club's emails for this season" in err
    assert f"(it holds the lock on {lock}, which the system lets go of" in err
    assert "do not delete the file); nothing was sent" in err
    assert inbox.attempts == []
    assert run(tmp_path, mail_sheets(port), "--send") == 0  # the lock is free again
    assert sorted(inbox.recipients) == EVERYONE


def test_an_older_versions_ledger_is_taken_over(tmp_path, smtp, data, capsys):
    inbox, port = smtp()
    assert run(tmp_path, mail_sheets(port), "--send") == 0
    (ledger,) = data.glob("sent-ledgers/*.json")
    entries = json.loads(ledger.read_text(encoding="utf-8"))["sent"][:3]
    ledger.unlink()
    old = [{"key": e["key"], "to": e["to"], "subject": e["subject"]} for e in entries]
    (tmp_path / "out/sent-ledger.json").write_text(json.dumps({"sent": old}), encoding="utf-8")
    assert run(tmp_path, mail_sheets(port), "--send") == 0
    assert "Emails sent: 2; already sent before: 3" in capsys.readouterr().out
    assert sorted(inbox.recipients) == sorted(EVERYONE + EVERYONE[3:])
    assert (tmp_path / "out/sent-ledger.taken-over.json").is_file()
    assert not (tmp_path / "out/sent-ledger.json").exists()


def test_an_address_no_header_can_hold_is_reported_and_the_rest_sent(tmp_path, smtp, capsys):
    inbox, port = smtp()
    sheets = mail_sheets(port)
    sheets["Players"][4][1] = "d@example.org;"  # D: a stray sign after the address
    assert run(tmp_path, sheets, "--send") == 1  # a warning when read, not sent when sending
    err = capsys.readouterr().err
    assert (
        "Warning: sheet 'Players', row 5, column 'Email': 'd@example.org;' does not look like"
        " an email address; no email goes to 'D'"
    ) in err
    assert (
        "Error: no email to 'D': 'd@example.org;' cannot be used as an email address:"
        " 'example.org;' after '@' is not a domain name like example.org; correct the Email in"
        " the Players sheet"
    ) in err
    assert addressed_to(inbox) == [a for a in EVERYONE if a != "d@example.org"]
    assert not list((tmp_path / "out/outbox").glob("*-player-d.eml"))


def composed(tmp_path, **players):
    """The emails of the mail test workbook after giving players odd names and addresses."""
    path = write_workbook(tmp_path / "season.xlsx", mail_sheets(1))
    season, problems = read_workbook(path)
    site = build_outputs(compute(season, problems, Options())).site
    site = copy.copy(site)
    for player in site.players:
        if player.name in players:
            player.name, player.email = players[player.name]
    site.club = "Mahjong\r\nBcc: everyone@example.org"
    return compose(site, "organiser@example.org\nBcc: everyone@example.org")


def test_odd_names_and_addresses_never_break_a_header(tmp_path):
    emails = composed(
        tmp_path,
        A=('Åse "the" <Boss>,\r\nBcc: evil@example.org', "a@example.org"),
        B=("=?utf-8?q?Bob?= \x00\x07", 'b"quoted",odd@example.org'),
        D=("D", "d@example.org,evil@example.org"),
        E=("E", "e@exa mple.org"),
    )
    parsed = [email.message_from_bytes(m.message.as_bytes(), policy=policy.default) for m in emails]
    for message in parsed:
        assert message["Bcc"] is None
        assert message.defects == []
        assert "\r" not in str(message["Subject"]) and "\n" not in str(message["Subject"])
        assert message["From"].addresses[0].addr_spec == "organiser@example.invalid"
    to_a = parsed[0]["To"].addresses
    assert [(a.display_name, a.addr_spec) for a in to_a] == [
        ('Åse "the" <Boss>, Bcc: evil@example.org', "a@example.org")
    ]
    assert parsed[1]["To"].addresses[0].username == 'b"quoted",odd'
    assert emails[1].recipient == '"b\\"quoted\\",odd"@example.org'
    assert [str(m.problem) for m in emails[2:4]] == [
        "'d@example.org,evil@example.org' cannot be used as an email address:"
        " the part before '@' must be plain letters, digits and signs, without spaces",
        "'e@exa mple.org' cannot be used as an email address:"
        " 'exa mple.org' after '@' is not a domain name like example.org",
    ]
    assert parsed[2]["To"] is None and parsed[3]["To"] is None
    assert parsed[0]["Subject"].startswith("Mahjong Bcc: everyone@example.org: standings")
