"""Writing the outbox and sending through SMTP, with a ledger so nothing is sent twice.

Default: every message is written as an ``.eml`` file in ``outbox/`` and the run prints who
would receive what. ``--send`` sends through SMTP (``smtp_host``, ``smtp_port``,
``email_from`` settings; ``SMTP_USER``/``SMTP_PASSWORD`` from the environment; STARTTLS when
the server offers it, or implicit TLS on port 465; the password is never sent unencrypted;
``SMTP_CA_FILE`` trusts a private certificate authority). The ledger
(``sent-ledger.json`` beside the outbox) records every message as soon as the server accepts
it: a re-run never sends the same report twice (``--resend`` forces it), and after a failure
half-way the next run sends only the rest. Sending is the very last step of a run.
"""

from __future__ import annotations

import json
import os
import smtplib
import ssl
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from mahjong_club.common.files import write_text_atomic
from mahjong_club.mail.compose import Outgoing

SMTPS_PORT = 465  # implicit TLS


class SendError(Exception):
    """Sending could not start (missing settings) or stopped half-way."""


@dataclass
class SendReport:
    """What a send did."""

    sent: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    error: str | None = None


def outbox_files(outgoing: Sequence[Outgoing]) -> dict[str, bytes]:
    """The ``.eml`` files of the outbox."""
    return {o.filename: o.message.as_bytes() for o in outgoing}


class Ledger:
    """The sent messages, kept in a JSON file that is rewritten atomically after each send."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.entries: list[dict[str, str]] = []
        if path.exists():
            self.entries = json.loads(path.read_text(encoding="utf-8")).get("sent", [])

    def has(self, key: str) -> bool:
        """True when this report was sent before."""
        return any(e["key"] == key for e in self.entries)

    def record(self, item: Outgoing) -> None:
        """Remember a sent message (written to disk at once)."""
        self.entries.append(
            {
                "key": item.key,
                "to": item.to,
                "subject": item.subject,
                "sent_at": datetime.now(UTC).isoformat(timespec="seconds"),
            }
        )
        text = json.dumps({"sent": self.entries}, ensure_ascii=False, indent=1)
        write_text_atomic(self.path, text)


def send_all(
    outgoing: Sequence[Outgoing],
    host: str,
    port: int | None,
    ledger: Ledger,
    resend: bool = False,
    environ: Mapping[str, str] = os.environ,
    timeout: float = 30,
) -> SendReport:
    """Send every message not yet in the ledger; stop at the first failure."""
    if not host:
        raise SendError("--send needs the smtp_host setting (and email_from)")
    report = SendReport()
    todo = [o for o in outgoing if o.to and (resend or not ledger.has(o.key))]
    report.skipped = [o.to for o in outgoing if o.to and o not in todo]
    if not todo:
        return report
    context = ssl.create_default_context(cafile=environ.get("SMTP_CA_FILE") or None)
    user = environ.get("SMTP_USER")
    try:
        if port == SMTPS_PORT:
            connection: smtplib.SMTP = smtplib.SMTP_SSL(
                host, port, timeout=timeout, context=context
            )
        else:
            connection = smtplib.SMTP(host, port or 587, timeout=timeout)
        with connection as smtp:
            smtp.ehlo()
            encrypted = port == SMTPS_PORT
            if not encrypted and smtp.has_extn("starttls"):
                smtp.starttls(context=context)
                smtp.ehlo()
                encrypted = True
            if user:
                if not encrypted:
                    raise SendError(
                        f"{host} offers no encryption (STARTTLS); the password is not sent"
                        " over a plain connection"
                    )
                smtp.login(user, environ.get("SMTP_PASSWORD", ""))
            for item in todo:
                smtp.send_message(item.message)
                ledger.record(item)
                report.sent.append(item.to)
    except SendError as exc:
        report.error = str(exc)
    except (smtplib.SMTPException, OSError) as exc:
        report.error = f"{type(exc).__name__}: {exc}"
    return report
