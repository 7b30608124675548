"""The watch emails the organiser a workbook's problems (``--email-problems ADDRESS``).

When a run ends with errors, its problems report (the same text and HTML as
``INBOX/problems/<workbook>.*``) goes to the organiser in one email, after the report files
are written. The service's mail settings come from its command line and the environment (as
``--send`` takes them: ``SMTP_USER``/``SMTP_PASSWORD``, ``SMTP_CA_FILE`` …), never from the
workbook: a workbook that cannot be read at all must still be reported.

The same problems of the same workbook are emailed once: the email is known to its own
sent-ledger (in the data folder, named after the watched folder) by the workbook's name and its
problem lines, not by when it was saved or read. A synced folder that writes the file again,
or a restart of the service, sends nothing new; a different list of problems is a new email. A
refused address or a server that cannot be reached is logged and never stops the watch.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

from mahjong_club.mail.compose import Outgoing, notice
from mahjong_club.mail.config import SmtpConfig
from mahjong_club.mail.ledger import Ledger, LedgerError, data_folder, ledger_path
from mahjong_club.mail.send import send_all
from mahjong_club.messages import watch as texts
from mahjong_club.messages.core import say
from mahjong_club.messages.terminal import counted
from mahjong_club.watch.report import report_html, report_text
from mahjong_club.watch.run import Outcome

LOG = logging.getLogger("mahjong_club.watch")


@dataclass(frozen=True)
class ProblemMail:
    """Where the problems go (``to``), how (``config``), and the ledger that remembers them."""

    to: str
    config: SmtpConfig
    inbox: str
    ledger: Path

    @classmethod
    def for_inbox(cls, to: str, config: SmtpConfig, inbox: Path) -> ProblemMail:
        """The problems email of the watch of ``inbox``, its ledger in the data folder."""
        folder = data_folder(os.environ)
        watched = os.path.abspath(inbox)
        return cls(to, config, watched, ledger_path(folder, "watch", watched))

    def email(self, outcome: Outcome, saved: float, read: float) -> Outgoing:
        """The problems email of ``outcome`` (the report's text and HTML)."""
        name = outcome.source.name
        errors = counted(outcome.errors, texts.ERRORS)
        subject = str(say(texts.MAIL_SUBJECT, name=name, errors=errors))
        same = "\n".join([name, *(line.text for line in outcome.lines)])
        return notice(
            self.config.sender,
            self.to,
            subject,
            report_text(outcome, saved, read),
            report_html(outcome, saved, read),
            same_as=same,
            filename="problems.eml",
        )

    def send(self, outcome: Outcome, saved: float, read: float) -> None:
        """Email the problems of ``outcome`` unless they were emailed before; log how it went."""
        name = outcome.source.name
        ledger = Ledger(self.ledger, "watch", self.inbox)
        try:
            report = send_all([self.email(outcome, saved, read)], self.config, ledger)
        except LedgerError as exc:
            LOG.error(say(texts.MAIL_FAILED, name=name, to=self.to, reason=exc.message))
            return
        if report.sent:
            LOG.info(say(texts.MAILED, name=name, to=self.to))
        elif report.skipped:
            LOG.info(say(texts.MAILED_BEFORE, name=name, to=self.to))
        else:
            _, problems = report.lines()
            problems += report.reminders()
            reason = "; ".join(str(p) for p in problems) or str(report.stopped)
            LOG.warning(say(texts.MAIL_FAILED, name=name, to=self.to, reason=reason))
