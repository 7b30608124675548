"""What a send did: the emails sent, skipped, refused (for now or for good), those whose
address cannot be used, those not sent when sending stopped and why, and the one whose
delivery the server never confirmed; and how that is told to the organiser."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from mahjong_club.messages import mail as texts
from mahjong_club.messages.core import Message, say


@dataclass(frozen=True)
class Refusal:
    """The server's no to one email: its answer, and whether it is for good (5xx)."""

    to: str
    answer: str
    permanent: bool
    when: str = ""
    address: bool = False  # the address itself refused (at RCPT TO), not this email


@dataclass
class SendReport:
    """What a send did."""

    ledger: Path
    sent: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    refused: list[Refusal] = field(default_factory=list)
    refused_before: list[Refusal] = field(default_factory=list)
    #: Who gets no email, and why: the address cannot be used (name, the reason).
    unusable: list[tuple[str, Message]] = field(default_factory=list)
    unsent: list[str] = field(default_factory=list)
    stopped: Message | None = None
    #: The email whose data the server had when the connection was lost, unconfirmed.
    uncertain: str = ""
    uncertain_sent_before: bool = False  # (by an earlier run: only --resend sends it again)
    #: Emails an earlier run sent without the server's answer (address, date): not sent again.
    unconfirmed_before: list[tuple[str, str]] = field(default_factory=list)
    #: Emails another season's ledger of the club holds as sent (address, that season).
    sent_other_season: list[tuple[str, str]] = field(default_factory=list)
    interrupted: bool = False  # stopped by Ctrl-C (the command then ends with status 130)
    resend: bool = False  # --resend: everything is sent again, so is the next --resend

    @property
    def complete(self) -> bool:
        """True when nothing went wrong in this run (earlier refusals are only repeated)."""
        return not (self.refused or self.unusable or self.unsent or self.stopped)

    def lines(self, page: bool = False) -> tuple[list[Message], list[Message]]:
        """What to tell the organiser: (for stdout, for stderr); ``page``: worded for the
        drop page, which offers no ``--resend`` nor ``--retry-refused``."""
        resend = "" if page else say(texts.RESEND_HINT)
        retry = "" if page else say(texts.RETRY_HINT)
        then = say(texts.NEXT_SENDING if page else texts.NEXT_SEND)
        out = [
            say(texts.SEND_SUMMARY, sent=len(self.sent), skipped=len(self.skipped), resend=resend),
            say(texts.SEND_LEDGER_AT, path=self.ledger),
        ]
        if not_sent := len(self.refused) + len(self.unusable) + len(self.unsent):
            out.insert(1, say(texts.NOT_SENT_SUMMARY, count=not_sent))
        if self.uncertain:  # sent, but the server never said it had it
            out.insert(len(out) - 1, say(texts.UNCONFIRMED_SUMMARY))
        err = [
            say(texts.NOT_SENT_BAD_ADDRESS, name=name, problem=problem)
            for name, problem in self.unusable
        ]
        for r in self.refused:
            if r.permanent:
                err.append(say(texts.REFUSED_PERMANENTLY, to=r.to, answer=r.answer, retry=retry))
            else:
                err.append(say(texts.REFUSED_FOR_NOW, to=r.to, answer=r.answer, next=then))
        if self.stopped is not None:
            names, count = ", ".join(self.unsent), len(self.unsent)
            again = say(
                texts.SEND_AGAIN_PAGE
                if page
                else texts.SEND_AGAIN_RESEND
                if self.resend
                else texts.SEND_AGAIN
            )
            err.append(
                say(texts.SEND_STOPPED, reason=self.stopped, count=count, names=names, again=again)
            )
        if self.uncertain:
            hint = say(texts.RESEND_IT_HINT) if self.uncertain_sent_before and not page else retry
            err.append(say(texts.DELIVERY_UNCERTAIN, to=self.uncertain, retry=hint))
        return out, err

    def reminders(self, page: bool = False) -> list[Message]:
        """The refusals for good of earlier runs, and their emails the server never confirmed,
        said again (a warning: nothing went wrong in this run, whose status they do not
        change)."""
        retry = "" if page else say(texts.RETRY_HINT)
        unconfirmed = [
            say(texts.UNCONFIRMED_BEFORE, to=to, when=when, retry=retry)
            for to, when in self.unconfirmed_before
        ]
        resend = "" if page else say(texts.RESEND_IT_HINT)
        unconfirmed += [
            say(texts.SENT_OTHER_SEASON, to=to, season=season, resend=resend)
            for to, season in self.sent_other_season
        ]
        return unconfirmed + [
            say(
                texts.ADDRESS_REFUSED_BEFORE if r.address else texts.REFUSED_BEFORE,
                to=r.to,
                answer=r.answer,
                when=r.when,
                retry=retry,
            )
            for r in self.refused_before
        ]


#: The enhanced status of an address that does not exist (RFC 3463: 5.1.x, "bad destination
#: mailbox address" and the like), as against a server's own trouble (5.7.1 relaying denied,
#: 5.2.2 mailbox full): only such an address is refused for every report to come.
_NO_SUCH_ADDRESS = re.compile(rb"\s*5\.1\.\d{1,3}\b")


def no_such_address(text: bytes | str) -> bool:
    """True when the server's answer says the address itself does not exist (5.1.x).

    >>> [no_such_address(t) for t in (b"5.1.1 No such user", b"5.7.1 Relaying denied", b"Nope")]
    [True, False, False]
    """
    raw = text.encode("utf-8", "replace") if isinstance(text, str) else text
    return _NO_SUCH_ADDRESS.match(raw) is not None
