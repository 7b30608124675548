"""Every email exactly once, whatever a real SMTP server (aiosmtpd on 127.0.0.1) does: refuse
one recipient for now or for good, drop the connection, trickle its answers, or serve two runs
of the tool at once."""

import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.builders import write_workbook
from tests.mail_server import addressed_to, servers
from tests.test_mail import mail_sheets, resent_through, run

ROOT = Path(__file__).resolve().parent.parent
EVERYONE = ["a@example.org", "b@example.org", "d@example.org", "e@example.org"]
EVERYONE += ["organiser@example.org"]
TODAY = datetime.now(UTC).date().isoformat()  # the ledger's dates are UTC


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


def test_one_refused_recipient_does_not_stop_the_others(tmp_path, smtp, capsys):
    inbox, port = smtp(
        refuse_rcpt={"b@example.org": "550 5.1.1 No such user here"},
        refuse_data={"d@example.org": "451 4.3.0 Mailbox busy, try later"},
    )
    sheets = mail_sheets(port)
    assert run(tmp_path, sheets, "--send") == 1
    captured = capsys.readouterr()
    assert addressed_to(inbox) == ["a@example.org", "e@example.org", "organiser@example.org"]
    assert "Emails sent: 3; already sent before: 0" in captured.out
    # the summary on stdout says that some were not (a reader of stdout alone would not know)
    assert "Emails not sent: 2 (each is named, with the reason, in the messages)" in captured.out
    assert (
        "Error: the server refused the email to b@example.org: 550 5.1.1 No such user here;"
        " it is not sent again (--retry-refused tries again)"
    ) in captured.err
    assert (
        "Error: the server refused the email to d@example.org for now:"
        " 451 4.3.0 Mailbox busy, try later; the next --send tries again"
    ) in captured.err

    inbox.refuse_data.clear()  # d's mailbox has room again; b still does not exist
    inbox.attempts.clear()
    assert run(tmp_path, sheets, "--send") == 0
    captured = capsys.readouterr()
    assert inbox.attempts == ["d@example.org"]  # only the temporary refusal is tried again
    assert addressed_to(inbox).count("d@example.org") == 1
    assert "Emails sent: 1; already sent before: 3" in captured.out
    assert "not sent" not in captured.out  # b's refusal is an earlier run's, said as a warning
    # an earlier run's refusal, said again: a warning, as the status (0) says nothing failed
    assert "Warning: no email goes to b@example.org: the server said on" in captured.err
    assert "does not exist (550 5.1.1 No such user here); correct it in the" in captured.err

    inbox.refuse_rcpt.clear()  # the address was added on the server after all
    assert run(tmp_path, sheets, "--send", "--retry-refused") == 0
    assert sorted(inbox.recipients) == EVERYONE  # every one exactly once


UNCERTAIN_D = (
    "Error: the email to d@example.org had been sent when the sending stopped, but the"
    " server had not confirmed it: it may have arrived, so it is not sent again"
    " (--retry-refused tries again)"
)
UNCONFIRMED_D = (
    "has no answer of the server's recorded (the sending stopped before it was written down):"
    " it may have arrived and is not sent again (--retry-refused tries again)"
)


def test_a_dropped_connection_leaves_the_rest_to_the_next_send(tmp_path, smtp, capsys):
    """The server closes the connection on d's email without keeping it: d's email may have
    arrived for all the tool can tell, so it is named and not sent again unless asked."""
    dropping, port = smtp(drop_at=3)
    sheets = mail_sheets(port)
    assert run(tmp_path, sheets, "--send") == 1
    captured = capsys.readouterr()
    err = captured.err
    assert len(dropping.messages) == 2
    # stdout's summary says so too (it counted only the emails refused or not sent)
    assert "Emails not sent: 2 (each is named" in captured.out
    assert "Emails sent that the server did not confirm: 1" in captured.out
    assert "sending stopped: the connection to 127.0.0.1 failed or was lost" in err
    assert "not sent: 2 (e@example.org, organiser@example.org)" in err
    assert UNCERTAIN_D in err  # the server had d's email and never said whether it kept it
    working, port2 = smtp()
    sheets["Settings"][-1] = ["smtp_port", port2]
    assert run(tmp_path, sheets, "--send") == 0
    err = capsys.readouterr().err
    assert addressed_to(working) == ["e@example.org", "organiser@example.org"]
    assert f"Warning: the email to d@example.org sent on {TODAY} {UNCONFIRMED_D}" in err
    assert run(tmp_path, sheets, "--send") == 0  # said again at every --send, sent by none
    assert UNCONFIRMED_D in capsys.readouterr().err
    assert addressed_to(working) == ["e@example.org", "organiser@example.org"]
    assert run(tmp_path, sheets, "--send", "--retry-refused") == 0  # asked: sent again
    assert UNCONFIRMED_D not in capsys.readouterr().err
    assert sorted(addressed_to(dropping) + addressed_to(working)) == EVERYONE
    assert run(tmp_path, sheets, "--send") == 0  # confirmed now: never named again
    assert UNCONFIRMED_D not in capsys.readouterr().err


def test_an_email_kept_by_a_server_that_then_drops_is_not_sent_twice(tmp_path, smtp, capsys):
    """The server keeps d's email, then closes the connection before saying so: the next
    --send sends only the emails it never had (before, d got its email twice)."""
    dropping, port = smtp(keep_then_drop_at=3)
    sheets = mail_sheets(port)
    assert run(tmp_path, sheets, "--send") == 1
    assert UNCERTAIN_D in capsys.readouterr().err
    assert addressed_to(dropping) == ["a@example.org", "b@example.org", "d@example.org"]
    working, port2 = smtp()
    sheets["Settings"][-1] = ["smtp_port", port2]
    assert run(tmp_path, sheets, "--send") == 0
    assert addressed_to(working) == ["e@example.org", "organiser@example.org"]
    assert sorted(addressed_to(dropping) + addressed_to(working)) == EVERYONE  # each once


def test_a_silent_server_times_out_each_step(tmp_path, smtp, capsys, monkeypatch):
    monkeypatch.setenv("SMTP_TIMEOUT", "0.5")
    slow, port = smtp(delay=30)  # far longer than the step's timeout (stopped with the server)
    assert run(tmp_path, mail_sheets(port), "--send") == 1
    err = capsys.readouterr().err
    assert "sending stopped: 127.0.0.1 did not answer within 0.5 seconds (SMTP_TIMEOUT)" in err
    assert "not sent: 4 (b@example.org, d@example.org, e@example.org, organiser" in err
    assert "the email to a@example.org had been sent when the sending stopped, but the" in err
    assert slow.messages == []


def test_a_trickling_server_cannot_hold_the_run_past_the_deadline(tmp_path, smtp, capsys):
    trickling, port = smtp(trickle_at=2)  # answers the 2nd email a line every 0.05 s, for 20 s
    sheets = mail_sheets(port)
    env = {"SMTP_DEADLINE": "2", "SMTP_TIMEOUT": "1"}  # each line comes well within a step
    with pytest.MonkeyPatch.context() as patch:
        for name, value in env.items():
            patch.setenv(name, value)
        assert run(tmp_path, sheets, "--send") == 1
    err = capsys.readouterr().err
    assert "sending stopped: it took longer than 2 seconds (SMTP_DEADLINE)" in err
    assert trickling.data_count == 2  # the third email was never started
    first = addressed_to(trickling)
    assert first == ["a@example.org"]
    working, port2 = smtp()
    sheets["Settings"][-1] = ["smtp_port", port2]
    assert "the email to b@example.org had been sent when the sending stopped" in err
    assert run(tmp_path, sheets, "--send") == 0  # b's email may have arrived: not sent again
    assert addressed_to(working) == ["d@example.org", "e@example.org", "organiser@example.org"]
    assert run(tmp_path, sheets, "--send", "--retry-refused") == 0
    assert sorted(first + addressed_to(working)) == EVERYONE


def test_two_runs_at_once_send_each_email_once(tmp_path, smtp, data):
    inbox, port = smtp(delay=0.2)  # slow enough for the two runs to overlap
    workbook = write_workbook(tmp_path / "season.xlsx", mail_sheets(port))
    env = {k: v for k, v in os.environ.items() if not k.startswith("SMTP_")}
    env["MAHJONG_CLUB_DATA"] = str(data)
    runs = [
        subprocess.Popen(
            [
                sys.executable,
                ROOT / "process.py",
                workbook,
                "--out",
                tmp_path / f"out{n}",
                "--send",
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in (1, 2)
    ]
    outputs = [p.communicate(timeout=120) for p in runs]
    results = [(p.returncode, out, err) for p, (out, err) in zip(runs, outputs, strict=True)]
    assert [code for code, _, _ in results] == [0, 0], results
    assert sorted(inbox.recipients) == EVERYONE
    lines = [line for _, out, _ in results for line in out.splitlines()]
    assert sorted(line for line in lines if line.startswith("Emails sent")) == [
        "Emails sent: 0; already sent before: 5 (--resend sends them again)",
        "Emails sent: 5; already sent before: 0 (--resend sends them again)",
    ]


def _gone_reader_run(tmp_path, data, port, both: bool, *extra: str):
    """The program on a workbook with a warning (a game dated after ``as_of``), its standard
    output (and with ``both`` its standard error too) into a pipe whose reader has gone
    before anything was written: each print is written at once. The exit status and what
    reached standard error when it was not in the pipe."""
    sheets = mail_sheets(port)
    sheets["Settings"].append(["as_of", "2025-09-01"])  # the games are later: a warning
    workbook = write_workbook(tmp_path / "season.xlsx", sheets)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SMTP_")}
    env |= {"MAHJONG_CLUB_DATA": str(data), "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, ROOT / "process.py", workbook, "--out", tmp_path / "out", *extra]
    read, write = os.pipe()
    os.close(read)  # `| head -1` having read its line and gone
    try:
        child = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdout=write,
            stderr=write if both else subprocess.PIPE,
        )
    finally:
        os.close(write)
    err = "" if both else child.stderr.read().decode()  # type: ignore[union-attr]
    return child.wait(timeout=120), err


REFUSED = (
    "Error: the server refused the email to b@example.org: 550 5.1.1 No such user here; it"
    " is not sent again (--retry-refused tries again)\n"
)


@pytest.mark.parametrize("refused", [False, True])
@pytest.mark.parametrize("both", [False, True], ids=["| head", "2>&1 | head"])
def test_a_reader_gone_stops_no_run_and_no_email(tmp_path, smtp, data, refused, both):
    """``mahjong-club season.xlsx --send | head -1`` (or with ``2>&1``): the reader goes
    before the run has printed anything. Printing to it stops, the rest does not: every file
    is written, the emails are sent, a refused one said on standard error (when it is not the
    pipe) and the exit status is 1 for it, as without the pipe. A warning and the progress
    lines printed before the files are written stop nothing either."""
    no_such_user = {"b@example.org": "550 5.1.1 No such user here"} if refused else {}
    inbox, port = smtp(refuse_rcpt=no_such_user)
    code, err = _gone_reader_run(tmp_path, data, port, both, "--send", "--progress", "lines")
    assert code == (1 if refused else 0), err
    assert (tmp_path / "out" / "season.xlsx").is_file()
    assert len(list((tmp_path / "out" / "outbox").iterdir())) == 5
    expected = [a for a in EVERYONE if not (refused and a == "b@example.org")]
    assert sorted(inbox.recipients) == expected
    if not both:
        assert "Warning: sheet 'Games', row 2, column 'Date'" in err
        assert err.endswith(REFUSED if refused else "Sending the emails: done\n"), err
        assert "BrokenPipe" not in err and "Traceback" not in err


def test_a_ledger_the_disk_cannot_take_sends_nothing_run_after_run(
    tmp_path, smtp, capsys, monkeypatch
):
    """A full disk (or a folder that takes no new file) where the sent-ledger lives: before,
    the first email went out, could not be recorded, and went out again at every run; now
    the ledger is written before the first email, and nothing is sent."""
    from mahjong_club.mail import ledger

    def full(path, text):
        raise OSError(28, "No space left on device", str(path))

    monkeypatch.setattr(ledger, "write_text_atomic", full)
    inbox, port = smtp()
    sheets = mail_sheets(port)
    for _ in range(3):
        assert run(tmp_path, sheets, "--send") == 1
        err = capsys.readouterr().err
        assert "No space left on device" in err
    assert inbox.messages == []


def test_the_ledger_is_written_twice_a_run_and_each_answer_is_a_journal_line(
    tmp_path, smtp, data, monkeypatch
):
    """A federation's 10,000 emails each rewrote the whole ledger (minutes on an instant
    server); now it is written before the first email and after the last, each answer in
    between a flushed line of its journal, which the end folds in and removes."""
    from mahjong_club.mail import ledger

    writes = []
    real = ledger.write_text_atomic
    monkeypatch.setattr(ledger, "write_text_atomic", lambda p, t: writes.append(p) or real(p, t))
    inbox, port = smtp(refuse_rcpt={"b@example.org": "550 5.1.1 No such user here"})
    assert run(tmp_path, mail_sheets(port), "--send") == 1
    assert len(writes) == 2 and len(inbox.messages) == 4
    (saved,) = (data / "sent-ledgers").glob("*.json")
    assert not saved.with_suffix(".journal").exists()
    content = json.loads(saved.read_text())
    assert sorted(e["to"] for e in content["sent"]) == [
        "a@example.org",
        "d@example.org",
        "e@example.org",
        "organiser@example.org",
    ]
    assert [e["to"] for e in content["refused"]] == ["b@example.org"]


def test_a_killed_runs_journal_is_read_and_its_cut_off_line_is_no_answer(tmp_path, smtp, data):
    """A run killed while sending leaves the ledger as it was before its first email and a
    journal: the next run reads both, so what the journal records is not sent again; a last
    line cut off mid-write recorded nothing, so that email is sent (once)."""
    inbox, port = smtp()
    sheets = mail_sheets(port)
    assert run(tmp_path, sheets, "--send") == 0
    (saved,) = (data / "sent-ledgers").glob("*.json")
    content = json.loads(saved.read_text())
    by_to = {e["to"]: e for e in content["sent"]}
    kept = [by_to["a@example.org"], by_to["b@example.org"]]
    content["sent"] = [
        e
        for e in content["sent"]
        if e["to"] not in {"a@example.org", "b@example.org", "d@example.org"}
    ]
    saved.write_text(json.dumps(content))
    lines = "".join(json.dumps({"sent": e}) + "\n" for e in kept)
    cut = json.dumps({"sent": by_to["d@example.org"]})[:40]
    saved.with_suffix(".journal").write_text(lines + cut)
    inbox.messages.clear()
    assert run(tmp_path, sheets, "--send") == 0
    assert addressed_to(inbox) == ["d@example.org"]
    assert not saved.with_suffix(".journal").exists()
    assert run(tmp_path, sheets, "--send") == 0
    assert addressed_to(inbox) == ["d@example.org"]


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        (
            "530 5.7.0 Authentication required",
            "127.0.0.1 wants a login before it takes emails (530 5.7.0 Authentication required):"
            " set SMTP_USER and SMTP_PASSWORD",
        ),
        (
            "421 4.3.2 Service shutting down",
            "127.0.0.1 takes no more emails for now: 421 4.3.2 Service shutting down",
        ),
        (
            "553 5.7.1 Sender address rejected",
            "127.0.0.1 refused the sender organiser@example.org: 553 5.7.1 Sender address rejected",
        ),
    ],
)
def test_why_the_server_takes_no_more_mail_is_said_as_it_is(tmp_path, smtp, capsys, answer, said):
    """MAIL FROM refused after two emails: a login wanted is not a bad sender address (the
    organiser is told what to set), nor is a server taking nothing for now."""
    inbox, port = smtp(refuse_mail=(2, answer))
    assert run(tmp_path, mail_sheets(port), "--send") == 1
    err = capsys.readouterr().err
    assert len(inbox.messages) == 2
    assert f"sending stopped: {said}" in err
    assert "not sent: 3" in err


def test_a_server_that_turns_the_connection_away_is_heard(tmp_path, capsys):
    """A greeting that is no 220 (a blocklisted client): nothing is sent, and the greeting is
    what the organiser reads, not a later answer blaming the sender."""
    import socket
    import threading

    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    heard: list[bytes] = []

    def serve() -> None:
        connection, _ = listener.accept()
        with connection:
            connection.sendall(b"554 5.7.1 Client host blocked using zen.spamhaus.org\r\n")
            connection.settimeout(5)
            while chunk := connection.recv(1024):
                heard.append(chunk)
                if b"QUIT" in chunk:
                    connection.sendall(b"221 bye\r\n")
                    break
                connection.sendall(b"503 5.5.1 Bad sequence of commands\r\n")

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    assert run(tmp_path, mail_sheets(port), "--send") == 1
    thread.join(10)
    listener.close()
    err = capsys.readouterr().err
    assert (
        "sending stopped: 127.0.0.1 turned the connection away: 554 5.7.1 Client host blocked"
        " using zen.spamhaus.org"
    ) in err
    assert not any(b"MAIL FROM" in chunk for chunk in heard)


def test_ctrl_c_while_sending_lists_what_was_not_sent(tmp_path, smtp, capsys, monkeypatch):
    """Ctrl-C during the third email: no traceback; what was sent is recorded, the rest is
    listed, the status is 130; the next --send sends only the rest."""
    from mahjong_club.mail import send

    real, seen = send._send_one, []

    def interrupted(session, item, config):
        seen.append(item.to)
        if len(seen) == 3:
            raise KeyboardInterrupt
        return real(session, item, config)

    monkeypatch.setattr(send, "_send_one", interrupted)
    inbox, port = smtp()
    sheets = mail_sheets(port)
    assert run(tmp_path, sheets, "--send") == 130
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert (
        "Error: sending stopped: you stopped it (Ctrl-C); not sent: 3 (d@example.org,"
        " e@example.org, organiser@example.org)"
    ) in err
    assert "may have arrived" not in err  # d's email never left (a review's find)
    monkeypatch.setattr(send, "_send_one", real)
    assert run(tmp_path, sheets, "--send") == 0
    assert sorted(inbox.recipients) == EVERYONE  # every one exactly once


def test_ctrl_c_before_anything_is_written_says_so(tmp_path, capsys, monkeypatch):
    from mahjong_club.cli import process

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(process, "compute", interrupted)
    assert run(tmp_path, mail_sheets(25), "--send") == 130
    err = capsys.readouterr().err
    assert err.startswith("Stopped (Ctrl-C). The output folder shows the previous results")
    assert "Traceback" not in err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("written", "why"),
    [
        ("b@example.org;", "'example.org;' after '@' is not a domain name like example.org"),
        ("b@example.org, d@example.org", "the part before '@' must be plain letters, digits"),
        ("bø@example.org", "the part before '@' must be plain letters, digits and signs"),
        ("b@example.org.", "it is not a plain address (ASCII letters, one @, a domain like"),
    ],
)
def test_an_address_no_email_can_go_to_is_listed_as_not_sent(tmp_path, smtp, capsys, written, why):
    """site-and-email.md: an address the tool cannot put into an email is listed as not
    sent, with the reason (it was only a warning when read, and --send said all was well,
    status 0, with -q nothing at all)."""
    inbox, port = smtp()
    sheets = mail_sheets(port)
    sheets["Players"][2][1] = written
    assert run(tmp_path, sheets, "--send", "-q") == 1
    err = capsys.readouterr().err
    assert f"Error: no email to 'B': {written!r} cannot be used as an email address: {why}" in err
    assert "correct the Email in the Players sheet" in err
    assert "b@example.org" not in inbox.recipients
    assert len(inbox.messages) == 4  # the others are sent
    assert run(tmp_path, sheets, "--send", "-q") == 1  # said again while it is not corrected
    assert len(inbox.messages) == 4


def test_send_in_a_dry_run_says_nothing_was_sent(tmp_path, smtp, capsys):
    inbox, port = smtp()
    assert run(tmp_path, mail_sheets(port), "--send", "--dry-run") == 0
    out = capsys.readouterr().out
    assert "Dry run: nothing sent either (5 emails would go with --send" in out
    assert inbox.messages == [] and inbox.attempts == []


def notices(count: int) -> list:
    from mahjong_club.mail.compose import notice

    return [
        notice("o@example.org", f"p{i}@example.org", "S", "t", "<p>t</p>", same_as="x", filename="")
        for i in range(count)
    ]


def test_a_journal_written_by_the_ledger_is_read_back_as_it_was_recorded(tmp_path):
    """What record_sent/record_refused put in the journal (the legacy key too) is what a
    run killed before folding it in leaves to the next one: replayed, the same ledger."""
    from mahjong_club.mail.ledger import Ledger

    path = tmp_path / "sent-ledgers" / "l.json"
    first = Ledger(path, "Club", "S")
    first.load()
    first.begin(10)  # room set aside for ten answers: zeros after the four lines
    one, two, three = notices(3)
    first.record_refused(one, "550 no")
    first.record_sent(two)
    first.record_sent(one)  # accepted after all (--retry-refused): no longer refused
    first.record_refused(three, "550 no")
    # killed here: the journal stays, the ledger is as begin() wrote it
    again = Ledger(path, "Club", "S")
    again.load()
    assert (again.sent, again.refused) == (first.sent, first.refused)
    assert again.has_sent(one) and again.has_sent(two) and not again.has_sent(three)
    assert again.refusal(one) is None and again.refusal(three) is not None


def test_an_email_being_sent_when_the_run_was_killed_may_have_arrived(tmp_path):
    """The journal records each email just before its end of data goes out: a run killed
    between that line and the server's answer leaves the email unconfirmed, which a fold
    keeps in the ledger, and which the next answer about that email settles."""
    from mahjong_club.mail.ledger import Ledger

    path = tmp_path / "sent-ledgers" / "l.json"
    first = Ledger(path, "Club", "S")
    first.load()
    first.begin(10)
    one, two, three, four = notices(4)
    for item in (one, two, three, four):
        first.record_sending(item)
    first.record_sent(two)
    first.record_refused(three, "550 no")
    first.record_answered(four)  # refused for now (4xx at the end of its data)
    # killed here, before one's answer
    again = Ledger(path, "Club", "S")
    again.load()
    assert again.unconfirmed_of(one) is not None
    assert [again.unconfirmed_of(i) for i in (two, three, four)] == [None, None, None]
    assert not again.has_sent(one) and again.refusal(one) is None
    again.begin()  # the next run folds the journal into the ledger: still unconfirmed
    again.end()
    saved = json.loads(path.read_text())
    assert [e["to"] for e in saved["unconfirmed"]] == [one.to]
    third = Ledger(path, "Club", "S")
    third.load()
    assert third.unconfirmed_of(one) is not None
    third.begin()
    third.record_sending(one)  # --retry-refused: sent again, and accepted this time
    third.record_sent(one)
    third.end()
    last = Ledger(path, "Club", "S")
    last.load()
    assert last.unconfirmed_of(one) is None and last.has_sent(one)
    assert json.loads(path.read_text())["unconfirmed"] == []


def test_an_email_whose_sending_cannot_be_recorded_is_not_completed(
    tmp_path, smtp, data, capsys, monkeypatch
):
    """When the journal cannot take the line saying an email is being sent, that email's
    end of data never goes out: the server discards it, nothing is sent that is not
    recorded, and the next --send sends it (it never arrived)."""
    from mahjong_club.mail.ledger import Ledger

    real = Ledger.record_sending

    def full(self, item):
        if item.to == "d@example.org":
            raise OSError(28, "No space left on device")
        real(self, item)

    monkeypatch.setattr(Ledger, "record_sending", full)
    inbox, port = smtp()
    sheets = mail_sheets(port)
    assert run(tmp_path, sheets, "--send") == 1
    err = capsys.readouterr().err
    assert "sending stopped: the sent-ledger could not be written" in err
    assert "No space left on device" in err and "may have arrived" not in err
    assert addressed_to(inbox) == ["a@example.org", "b@example.org"]
    monkeypatch.setattr(Ledger, "record_sending", real)
    assert run(tmp_path, sheets, "--send") == 0
    assert sorted(addressed_to(inbox)) == EVERYONE  # d's email too, once


def test_a_run_killed_after_an_emails_data_does_not_send_it_again(tmp_path, smtp, data, capsys):
    """kill -9 between an email's end of data and the server's answer: the journal says it
    was being sent, so the next --send names it and does not send it again."""
    inbox, port = smtp()
    sheets = mail_sheets(port)
    assert run(tmp_path, sheets, "--send") == 0
    (saved,) = (data / "sent-ledgers").glob("*.json")
    content = json.loads(saved.read_text())
    (d,) = [e for e in content["sent"] if e["to"] == "d@example.org"]
    content["sent"].remove(d)
    saved.write_text(json.dumps(content))
    saved.with_suffix(".journal").write_text(json.dumps({"sending": d}) + "\n")
    inbox.messages.clear()
    assert run(tmp_path, sheets, "--send") == 0
    assert inbox.messages == []
    assert f"Warning: the email to d@example.org sent on {d['at'][:10]}" in capsys.readouterr().err


def test_ctrl_c_during_the_first_answers_flush_still_keeps_it(tmp_path, monkeypatch):
    """A review's find: Ctrl-C while the first answer's line was being flushed left the
    ledger as begin() wrote it and removed the journal: that email counted as not sent."""
    from mahjong_club.mail import ledger as module

    path = tmp_path / "sent-ledgers" / "l.json"
    book = module.Ledger(path, "Club", "S")
    book.load()
    book.begin()
    (item,) = notices(1)

    def interrupted(fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(module.os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):  # noqa: PT011 - the Ctrl-C itself
        book.record_sent(item)
    monkeypatch.undo()
    book.end()
    again = module.Ledger(path, "Club", "S")
    again.load()
    assert again.has_sent(item)


@pytest.mark.parametrize(
    ("journal", "said"),
    [
        (
            b'{"sent": {"to": "a", "key": "k", "subject": "s", "at": "t", "legacy": []}}\n',
            "journal",
        ),
        (b"not json\n", "cannot be read as JSON"),
    ],
)
def test_a_damaged_journal_is_named_not_the_ledger(tmp_path, journal, said):
    from mahjong_club.mail.ledger import Ledger, LedgerError

    path = tmp_path / "sent-ledgers" / "l.json"
    path.parent.mkdir()
    path.with_suffix(".journal").write_bytes(journal)
    with pytest.raises(LedgerError, match=r"l\.journal") as refused:
        Ledger(path, "Club", "S").load()
    message = str(refused.value.message)
    assert "l.journal" in message and said in message


def test_a_bad_address_of_someone_the_run_has_nothing_for_fails_no_send(tmp_path, smtp, capsys):
    """A review's find: a Players row in no division, with a mistyped address, made every
    --send fail although no email would go to them anyway; they are left out now."""
    inbox, port = smtp()
    sheets = mail_sheets(port)
    sheets["Players"].append(["Zed", "zed@example.org;", None])
    assert run(tmp_path, sheets, "--send", "-q") == 0
    assert "Zed" not in capsys.readouterr().err
    assert len(inbox.messages) == 5


def test_an_address_refused_for_good_is_not_tried_with_next_weeks_report(tmp_path, smtp, capsys):
    """site-and-email.md: a refusal for good is not tried again; correct the address (a new
    address is a new email). The refusal was kept for that week's report only, so each new
    report went to the dead address again, refused again, status 1 every week; an address
    refused at RCPT TO ("no such user") is now refused for every report to come."""
    inbox, port = smtp(refuse_rcpt={"b@example.org": "550 5.1.1 No such user here"})
    sheets = mail_sheets(port)
    assert run(tmp_path, sheets, "--send") == 1
    capsys.readouterr()
    sheets["Games"][1][4], sheets["Games"][2][4] = 42400, 31400  # next week: every report new
    inbox.attempts.clear()
    assert run(tmp_path, sheets, "--send") == 0
    err = capsys.readouterr().err
    assert "b@example.org" not in inbox.attempts
    assert (
        "Warning: no email goes to b@example.org: the server said on"  # the address, not
    ) in err  # that email (never tried): it does not exist
    assert "(550 5.1.1 No such user here); correct it in the Players sheet" in err
    inbox.refuse_rcpt.clear()  # the mailbox exists after all
    assert run(tmp_path, sheets, "--send", "--retry-refused") == 0
    assert inbox.attempts.count("b@example.org") == 1
    sheets["Games"][1][4], sheets["Games"][2][4] = 42500, 31300  # and the week after: sent
    inbox.attempts.clear()
    assert run(tmp_path, sheets, "--send") == 0
    assert inbox.attempts.count("b@example.org") == 1


def test_a_servers_own_refusal_at_rcpt_does_not_mark_the_addresses_dead(tmp_path, smtp, capsys):
    """A stress test's find: a server refusing every RCPT with "550 5.7.1 Relaying denied"
    (its own trouble, a login forgotten) marked every address refused for good for every
    week to come, and later runs sent nothing with status 0. Only a 5.1.x answer (no such
    address) is the address's own."""
    inbox, port = smtp(refuse_rcpt={"b@example.org": "550 5.7.1 Relaying denied"})
    sheets = mail_sheets(port)
    assert run(tmp_path, sheets, "--send") == 1
    inbox.refuse_rcpt.clear()  # the server is mended
    sheets["Games"][1][4], sheets["Games"][2][4] = 42400, 31400  # next week's reports
    inbox.attempts.clear()
    assert run(tmp_path, sheets, "--send") == 0
    assert "b@example.org" in inbox.attempts


def test_a_ledger_holding_a_lone_surrogate_is_damaged_not_an_internal_error(
    tmp_path, smtp, data, capsys
):
    """A stress test's find: a \\ud800 escape in the ledger (valid JSON, no text) ended the
    run with an internal error printing the whole ledger."""
    _, port = smtp()
    sheets = mail_sheets(port)
    assert run(tmp_path, sheets, "--send") == 0
    (saved,) = (data / "sent-ledgers").glob("*.json")
    content = json.loads(saved.read_text())
    content["sent"][0]["subject"] = "\ud800"
    saved.write_text(json.dumps(content))  # ensure_ascii: the escape is written as it is
    sheets["Games"][1][4], sheets["Games"][2][4] = 42400, 31400
    assert run(tmp_path, sheets, "--send") == 1
    err = capsys.readouterr().err
    assert "Internal error" not in err and "is damaged" in err


def test_a_disk_without_room_for_the_answers_sends_nothing(tmp_path, smtp, capsys, monkeypatch):
    """A stress test's find: a disk with room for the ledger but not for the journal's
    lines sent the first email, could not record it, and the next run sent it again. The
    room for every answer is set aside before the first email."""
    import errno as errors

    from mahjong_club.mail import ledger

    def full(fd, offset, length):
        raise OSError(errors.ENOSPC, "No space left on device")

    monkeypatch.setattr(ledger.os, "posix_fallocate", full, raising=False)
    inbox, port = smtp()
    assert run(tmp_path, mail_sheets(port), "--send") == 1
    assert "No space left on device" in capsys.readouterr().err
    assert inbox.messages == []


def failing_data_end(monkeypatch, exc, to=b"d@example.org"):
    """smtplib's send of ``to``'s data (its end included) raising ``exc``, as when sendall
    fails part-way (smtplib then raises SMTPServerDisconnected) or Ctrl-C comes meanwhile."""
    import smtplib

    real = smtplib.SMTP.send

    def send(self, s):
        if isinstance(s, bytes) and s.endswith(b"\r\n.\r\n") and to in s:
            if isinstance(exc, smtplib.SMTPServerDisconnected):
                self.close()  # as smtplib does when sendall fails
            raise exc
        return real(self, s)

    monkeypatch.setattr(smtplib.SMTP, "send", send)
    return real


def test_data_that_could_not_all_go_out_is_sent_by_the_next_send(
    tmp_path, smtp, capsys, monkeypatch
):
    """A review's find: the line saying d's email was being sent was written, then the data
    failed part-way (so its end never reached the server): the run listed d as not sent
    ("--send again sends only these"), but the ledger held it as unconfirmed and the next
    --send never sent it. The line is now answered when the data fails."""
    import smtplib

    inbox, port = smtp()
    sheets = mail_sheets(port)
    real = failing_data_end(monkeypatch, smtplib.SMTPServerDisconnected("Server not connected"))
    assert run(tmp_path, sheets, "--send") == 1
    err = capsys.readouterr().err
    assert "not sent: 3 (d@example.org, e@example.org, organiser@example.org)" in err
    assert "may have arrived" not in err
    monkeypatch.setattr(smtplib.SMTP, "send", real)
    assert run(tmp_path, sheets, "--send") == 0
    assert "has no answer of the server's recorded" not in capsys.readouterr().err
    assert sorted(addressed_to(inbox)) == EVERYONE  # d's email too, once


def test_ctrl_c_while_the_end_of_data_goes_out_is_said_as_the_ledger_has_it(
    tmp_path, smtp, capsys, monkeypatch
):
    """Ctrl-C while the data (its end included) was being handed over: whether the end went
    out cannot be told, so the email may have arrived: named so by this run, and not sent
    by the next (it used to be listed as not sent, then never sent)."""
    inbox, port = smtp()
    sheets = mail_sheets(port)
    import smtplib

    real = failing_data_end(monkeypatch, KeyboardInterrupt())
    assert run(tmp_path, sheets, "--send") == 130
    err = " ".join(capsys.readouterr().err.split())
    assert "not sent: 2 (e@example.org, organiser@example.org)" in err
    assert "the email to d@example.org had been sent when the sending stopped" in err
    monkeypatch.setattr(smtplib.SMTP, "send", real)  # (not undo: the data folder stays)
    assert run(tmp_path, sheets, "--send") == 0
    assert "the email to d@example.org sent on" in capsys.readouterr().err
    assert "d@example.org" not in addressed_to(inbox)


def test_an_email_in_doubt_under_resend_names_resend(tmp_path, smtp, capsys):
    """A review's find: after --resend, an email in doubt that an earlier run had sent was
    given "(--retry-refused tries again)", but --retry-refused takes it for sent."""
    err = resent_through(tmp_path, smtp, capsys, keep_then_drop_at=3)
    assert (
        "the email to d@example.org had been sent when the sending stopped, but the server had"
        " not confirmed it: it may have arrived, so it is not sent again (it had been sent"
        " before: only --resend sends it again)"
    ) in err


def test_no_server_listening_says_to_check_the_settings(tmp_path, capsys):
    """A newcomer's trial: a server that was not running gave "the connection to 127.0.0.1
    failed or was lost (ConnectionRefusedError…)"."""
    from tests.mail_server import free_port

    port = free_port()  # nobody listens there
    assert run(tmp_path, mail_sheets(port), "--send") == 1
    err = " ".join(capsys.readouterr().err.split())
    assert f"could not connect to 127.0.0.1 on port {port} (ConnectionRefusedError" in err
    assert "is the mail server running, and are the smtp_host and smtp_port settings right?" in err


def test_a_season_renamed_mid_season_sends_nothing_twice(tmp_path, smtp, capsys):
    """A newcomer's trial: correcting `season` ("2026 spring" to "Spring 2026") started a new
    sent-ledger, and every player got the week's email a second time. A season's first
    --send now asks the club's other ledgers: what one holds as sent (word for word) is not
    sent again, recorded in the new ledger, and said; a changed report is sent."""
    inbox, port = smtp()
    sheets = mail_sheets(port)
    sheets["Settings"].append(["season", "2026 spring"])
    assert run(tmp_path, sheets, "--send") == 0
    assert len(inbox.messages) == 5
    sheets["Settings"][-1] = ["season", "Spring 2026"]
    capsys.readouterr()
    assert run(tmp_path, sheets, "--send") == 0
    captured = capsys.readouterr()
    assert len(inbox.messages) == 5  # nothing twice
    assert "Emails sent: 0; already sent before: 5" in captured.out
    assert (
        "Warning: the email to a@example.org was sent before, word for word, under the season"
        " name '2026 spring' (the season's name changed?), so it is not sent again"
    ) in captured.err
    assert run(tmp_path, sheets, "--send") == 0  # recorded in the new ledger: quiet now
    assert "word for word" not in capsys.readouterr().err
    sheets["Players"][2][1] = "b.new@example.org"
    assert run(tmp_path, sheets, "--send") == 0  # what changed goes out
    assert "b.new@example.org" in addressed_to(inbox)


def test_data_that_failed_but_could_not_be_answered_stays_in_doubt_in_the_report(
    tmp_path, smtp, capsys, monkeypatch
):
    """When the journal cannot take the answer for data that failed part-way, the ledger
    keeps the email in doubt: the run says so too (it listed it as plainly not sent)."""
    import smtplib

    from mahjong_club.mail.ledger import Ledger

    def no_room(self, item):
        raise OSError(28, "No space left on device")

    _inbox, port = smtp()
    sheets = mail_sheets(port)
    failing_data_end(monkeypatch, smtplib.SMTPServerDisconnected("Server not connected"))
    monkeypatch.setattr(Ledger, "record_answered", no_room)
    assert run(tmp_path, sheets, "--send") == 1
    err = " ".join(capsys.readouterr().err.split())
    assert "not sent: 2 (e@example.org, organiser@example.org)" in err
    assert "the email to d@example.org had been sent when the sending stopped" in err
