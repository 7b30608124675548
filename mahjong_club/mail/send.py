"""Writing the outbox and sending through SMTP: every email once, whatever the server does.

Default: every message is written as an ``.eml`` file in ``outbox/`` and nothing is sent.
``--send`` sends through SMTP (see :mod:`mahjong_club.mail.config`): STARTTLS when the
server offers it, or TLS from the start on port 465; the password is never sent unencrypted.
It holds the club's and season's sent-ledger (:mod:`mahjong_club.mail.ledger`) while it sends:

- an email the server accepted is recorded at once and never sent again (``--resend`` forces);
- a recipient the server refuses does not stop the others: a temporary refusal (4xx) is tried
  again by the next ``--send``, a permanent one (5xx) is recorded and not tried again unless
  asked (``--retry-refused``, or ``--resend``);
- a lost connection, a silent server (``SMTP_TIMEOUT`` per step) or a slow one (the whole
  sending has ``SMTP_DEADLINE``) stops the sending: what was not sent is listed, and the next
  ``--send`` sends only that.

The one uncertainty SMTP leaves: a connection lost (or the run killed) after the server
received an email but before it said so. Just before an email's end of data goes out, the
ledger's journal records that it is being sent; with no answer after that, the email may have
arrived, so it is not sent again (nothing is ever sent twice): it is named, now and at every
later ``--send``, until ``--retry-refused`` (or ``--resend``) sends it again.
"""

from __future__ import annotations

import smtplib
import socket
import ssl
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path

from mahjong_club.common.addresses import one_line
from mahjong_club.common.progress import Progress
from mahjong_club.mail.compose import Outgoing
from mahjong_club.mail.config import SMTPS_PORT, SmtpConfig
from mahjong_club.mail.ledger import Ledger, LedgerError
from mahjong_club.mail.lock import hold_lock
from mahjong_club.mail.mime import smtp_bytes
from mahjong_club.mail.outcome import Refusal, SendReport, no_such_address
from mahjong_club.mail.seasons import sent_elsewhere
from mahjong_club.mail.session import Session, SessionTLS, Watchdog
from mahjong_club.messages import mail as texts
from mahjong_club.messages.core import Message, say
from mahjong_club.messages.progress import PROGRESS


class OutboxFiles(Mapping[str, bytes]):
    """The ``.eml`` files of the outbox, file name -> bytes, each serialised when it is read
    (written): a federation's 10,000 emails are never all held as bytes at once."""

    def __init__(self, outgoing: Sequence[Outgoing]) -> None:
        self._by_name = {o.filename: o for o in outgoing}

    def __getitem__(self, filename: str) -> bytes:
        return self._by_name[filename].data

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_name)

    def __len__(self) -> int:
        return len(self._by_name)


def outbox_files(outgoing: Sequence[Outgoing]) -> OutboxFiles:
    """The ``.eml`` files of the outbox."""
    return OutboxFiles(outgoing)


class _Stop(Exception):
    """Sending cannot go on; :attr:`reason` says why."""

    def __init__(self, reason: Message) -> None:
        super().__init__(str(reason))
        self.reason = reason


def send_all(
    outgoing: Sequence[Outgoing],
    config: SmtpConfig,
    ledger: Ledger,
    *,
    resend: bool = False,
    retry_refused: bool = False,
    take_over: Path | None = None,
    progress: Progress | None = None,
    unusable: Sequence[tuple[str, Message]] = (),
) -> SendReport:
    """Send every email the ledger does not have, holding the ledger's lock meanwhile.

    :class:`~mahjong_club.mail.ledger.LedgerError` (damaged, busy, no folder): nothing sent.
    ``take_over`` is an older version's ledger to adopt first. Each email is a step of
    ``progress`` (its address the item), once it is known which are to be sent. ``unusable``
    are the people with an address no email can go to (:func:`~mahjong_club.mail.compose.
    unusable_addresses`): listed as not sent, with the reason.
    """
    report = SendReport(ledger.path, unusable=list(unusable), resend=resend)
    watchdog = Watchdog(config.deadline)
    try:
        with hold_lock(ledger.lock_path, watchdog.remaining()):
            new = not ledger.path.exists()  # a season's first --send (or a renamed season)
            _load(ledger, take_over)
            todo = _plan(outgoing, ledger, report, resend or retry_refused, resend)
            known = _sent_in_other_seasons(todo, ledger, report) if new and not resend else []
            todo = [item for item in todo if item not in known]
            if todo or known:
                _begin(ledger, len(todo) + len(known))
                try:
                    for item in known:  # into this season's ledger: asked of it from now on
                        ledger.record_sent(item)
                    if todo:
                        _deliver(todo, config, ledger, report, watchdog, progress or Progress())
                finally:
                    ledger.end()
    finally:
        watchdog.stop()
    return report


def _sent_in_other_seasons(
    todo: list[Outgoing], ledger: Ledger, report: SendReport
) -> list[Outgoing]:
    """The emails of ``todo`` that another season's ledger of the club holds as sent (the
    same words to the same address): not sent again, said in ``report``."""
    known = []
    for item, season in sent_elsewhere(ledger, todo):
        known.append(item)
        report.skipped.append(item.to)
        report.sent_other_season.append((item.to, season))
    return known


def _load(ledger: Ledger, take_over: Path | None) -> None:
    """Read the ledger (and adopt an older one); a folder it cannot use sends nothing."""
    try:
        ledger.load()
        if take_over is not None:
            ledger.take_over(take_over)
    except OSError as exc:
        raise LedgerError(say(texts.LEDGER_UNUSABLE, path=ledger.path.parent, error=exc)) from None


def _begin(ledger: Ledger, emails: int) -> None:
    """The ledger written anew and its journal opened before the first email: a folder or
    disk that cannot take them (full, read-only) sends nothing, rather than one email a
    second time at every run because its sending could not be recorded."""
    try:
        ledger.begin(emails)
    except OSError as exc:
        raise LedgerError(say(texts.LEDGER_UNUSABLE, path=ledger.path.parent, error=exc)) from None


def _plan(
    outgoing: Sequence[Outgoing], ledger: Ledger, report: SendReport, retry: bool, resend: bool
) -> list[Outgoing]:
    """The emails to send now; the others go into ``report``."""
    todo: list[Outgoing] = []
    for item in outgoing:
        refusal = ledger.refusal(item)
        if not item.to:
            continue
        if item.problem is not None:
            report.unusable.append((item.name, item.problem))
        elif not resend and ledger.has_sent(item):
            report.skipped.append(item.to)
        elif refusal is not None and not retry:
            when, whole = refusal["at"][:10], refusal.get("scope") == "address"
            refused = Refusal(item.to, refusal["answer"], True, when, address=whole)
            report.refused_before.append(refused)
        elif (unconfirmed := ledger.unconfirmed_of(item)) is not None and not retry:
            report.unconfirmed_before.append((item.to, unconfirmed["at"][:10]))
        else:
            todo.append(item)
    return todo


def _deliver(
    todo: list[Outgoing],
    config: SmtpConfig,
    ledger: Ledger,
    report: SendReport,
    watchdog: Watchdog,
    progress: Progress,
) -> None:
    """Send ``todo`` over one connection, recording each answer; stop on a lost connection."""
    pending = list(todo)
    progress.stage("send", say(PROGRESS["send"]), len(todo))
    session = _open(config, watchdog)
    try:
        _login(session, config)
        while pending and not watchdog.expired:
            item = pending[0]
            progress.doing(item.to)
            session.before_data_end = _recording(ledger, item)
            session.data_unsent = lambda item=item: ledger.record_answered(item)
            refusal = _send_one(session, item, config)
            session.in_doubt = False  # answered
            session.before_data_end = session.data_unsent = None
            pending.pop(0)
            _record(item, refusal, ledger, report)
        if pending:
            raise _Stop(say(texts.STOP_DEADLINE, seconds=f"{config.deadline:g}"))
    except _Stop as stop:
        report.stopped = stop.reason
    except (smtplib.SMTPException, OSError) as exc:
        report.stopped = _reason(exc, config, watchdog)
        if pending and session.in_doubt:  # the end of its data went out: no answer
            _uncertain(pending.pop(0), ledger, report)  # it may have arrived: not sent again
    except KeyboardInterrupt:  # Ctrl-C: what was sent is recorded; the rest is listed
        report.stopped, report.interrupted = say(texts.STOP_INTERRUPTED), True
        if pending and session.in_doubt:
            _uncertain(pending.pop(0), ledger, report)
    finally:
        report.unsent = [item.to for item in pending]
        _close(session)
        if report.stopped is None:
            progress.finish()
        else:  # not "done": the rest are listed as not sent
            progress.stop(len(todo) - len(pending))


def _uncertain(item: Outgoing, ledger: Ledger, report: SendReport) -> None:
    """``item`` may have arrived: said so (only ``--resend`` sends it again when an earlier
    run had sent it: ``--retry-refused`` takes it for sent)."""
    report.uncertain, report.uncertain_sent_before = item.to, ledger.has_sent(item)


def _recording(ledger: Ledger, item: Outgoing) -> Callable[[], None]:
    """What to do just before ``item``'s end of data goes out: record that it is being sent
    (a ledger that cannot take it stops the sending before the email is complete)."""

    def record() -> None:
        try:
            ledger.record_sending(item)
        except OSError as exc:
            raise _Stop(say(texts.STOP_LEDGER_FAILED, error=exc)) from None

    return record


def _open(config: SmtpConfig, watchdog: Watchdog) -> Session:
    """A connection object, not yet connected (so the watchdog sees its socket)."""
    if config.port == SMTPS_PORT:
        context = ssl.create_default_context(cafile=config.ca_file)
        session: Session = SessionTLS(timeout=config.timeout, context=context)
    else:
        session = Session(timeout=config.timeout)
    session.watchdog = watchdog
    session._host = config.host  # given to the constructor it would connect at once
    return session


def _login(session: Session, config: SmtpConfig) -> None:
    """Connect, greet, encrypt when offered, and log in when there are credentials; a server
    whose greeting is no 220 (``554 … blocked``) has turned the run away, and says why."""
    code, greeting = session.connect(config.host, config.port)
    if code != 220:
        answer = _answer(code, greeting)
        raise _Stop(say(texts.STOP_GREETING, host=config.host, answer=answer))
    session.ehlo()
    encrypted = config.port == SMTPS_PORT
    if not encrypted and session.has_extn("starttls"):
        session.starttls(context=ssl.create_default_context(cafile=config.ca_file))
        session.ehlo()
        encrypted = True
    if config.user:
        if not encrypted:
            raise _Stop(say(texts.STOP_NO_ENCRYPTION, host=config.host))
        try:
            session.login(config.user, config.password)
        except smtplib.SMTPAuthenticationError as exc:
            answer = _answer(exc.smtp_code, exc.smtp_error)
            raise _Stop(say(texts.STOP_LOGIN_REFUSED, host=config.host, answer=answer)) from None


def _send_one(session: Session, item: Outgoing, config: SmtpConfig) -> Refusal | None:
    """Send one email; the server's refusal of this one recipient or of its content, or None."""
    session.in_doubt = False
    try:
        session.sendmail(item.sender, [item.recipient], smtp_bytes(item.data))
    except smtplib.SMTPSenderRefused as exc:
        raise _Stop(_sender_refused(exc, item, config)) from None
    except smtplib.SMTPRecipientsRefused as exc:
        code, text = next(iter(exc.recipients.values()), (0, b""))
        answer, permanent = _answer(code, text), 500 <= code < 600
        return Refusal(item.to, answer, permanent=permanent, address=no_such_address(text))
    except smtplib.SMTPDataError as exc:
        answer = _answer(exc.smtp_code, exc.smtp_error)
        return Refusal(item.to, answer, permanent=500 <= exc.smtp_code < 600)
    return None


def _sender_refused(exc: smtplib.SMTPSenderRefused, item: Outgoing, config: SmtpConfig) -> Message:
    """Why the server would not take the next email from the sender: it wants a login
    (530), it takes nothing for now (4xx: the next ``--send`` sends the rest), or it refuses
    the sender address."""
    answer = _answer(exc.smtp_code, exc.smtp_error)
    if exc.smtp_code == 530:
        return say(texts.STOP_LOGIN_NEEDED, host=config.host, answer=answer)
    if 400 <= exc.smtp_code < 500:
        return say(texts.STOP_FOR_NOW, host=config.host, answer=answer)
    return say(texts.STOP_SENDER_REFUSED, host=config.host, sender=item.sender, answer=answer)


def _record(item: Outgoing, refusal: Refusal | None, ledger: Ledger, report: SendReport) -> None:
    """Put the server's answer about ``item`` into the report and the ledger (at once)."""
    if refusal is None:
        report.sent.append(item.to)
    else:
        report.refused.append(refusal)
    try:
        if refusal is None:
            ledger.record_sent(item)
        elif refusal.permanent:
            ledger.record_refused(item, refusal.answer, address=refusal.address)
        else:
            ledger.record_answered(item)
    except OSError as exc:
        if refusal is None:
            raise _Stop(say(texts.STOP_NOT_RECORDED, to=item.to, error=exc)) from None
        raise _Stop(say(texts.STOP_LEDGER_FAILED, error=exc)) from None


def _answer(code: int, text: bytes | str) -> str:
    """The server's answer as one line: ``550 5.1.1 No such user``; an answer that is no
    SMTP reply (no code: smtplib has kept its text from the fifth character) is said so.

    >>> _answer(550, b"5.1.1 No such user"), _answer(-1, b"age!!")
    ('550 5.1.1 No such user', 'an answer that is no SMTP reply (…age!!)')
    """
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    if code < 0:
        return one_line(str(say(texts.NOT_AN_ANSWER, text=f"…{text}")))
    return one_line(f"{code} {text}")


def _reason(exc: Exception, config: SmtpConfig, watchdog: Watchdog) -> Message:
    """Why sending stopped, from the exception that stopped it."""
    if watchdog.expired:
        return say(texts.STOP_DEADLINE, seconds=f"{config.deadline:g}")
    if isinstance(exc, TimeoutError) or isinstance(exc.__context__, TimeoutError):
        return say(texts.STOP_SILENT, host=config.host, seconds=f"{config.timeout:g}")
    if isinstance(exc, (ConnectionRefusedError, socket.gaierror)):  # before any email
        error = one_line(f"{type(exc).__name__}: {exc}")
        return say(texts.STOP_NO_SERVER, host=config.host, port=config.port, error=error)
    if isinstance(exc, smtplib.SMTPResponseException):
        answer = _answer(exc.smtp_code, exc.smtp_error)
        return say(texts.STOP_SERVER_ANSWER, host=config.host, answer=answer)
    error = one_line(f"{type(exc).__name__}: {exc}")
    return say(texts.STOP_CONNECTION, host=config.host, error=error)


def _close(session: Session) -> None:
    """Say goodbye when the connection still works; close it in any case (at once when the
    server waits in the middle of an email's data: it would read a QUIT as data)."""
    try:
        if session.sock is not None and not session.mid_data:
            session.quit()
    except (smtplib.SMTPException, OSError):
        pass
    finally:
        session.close()
