"""What a send did: the emails sent, skipped, refused (for now or for good), those whose
address cannot be used, those not sent when sending stopped and why, and the one whose
delivery the server never confirmed; and how that is told to the organiser."""

from __future__ import annotations

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
    interrupted: bool = False  # stopped by Ctrl-C (the command then ends with status 130)

    @property
    def complete(self) -> bool:
        """True when nothing went wrong in this run (earlier refusals are only repeated)."""
        return not (self.refused or self.unusable or self.unsent or self.stopped)

    def lines(self) -> tuple[list[Message], list[Message]]:
        """What to tell the organiser: (for stdout, for stderr)."""
        out = [
            say(texts.SEND_SUMMARY, sent=len(self.sent), skipped=len(self.skipped)),
            say(texts.SEND_LEDGER_AT, path=self.ledger),
        ]
        err = [
            say(texts.NOT_SENT_BAD_ADDRESS, name=name, problem=problem)
            for name, problem in self.unusable
        ]
        for refusal in self.refused:
            entry = texts.REFUSED_PERMANENTLY if refusal.permanent else texts.REFUSED_FOR_NOW
            err.append(say(entry, to=refusal.to, answer=refusal.answer))
        if self.stopped is not None:
            names = ", ".join(self.unsent)
            err.append(
                say(texts.SEND_STOPPED, reason=self.stopped, count=len(self.unsent), names=names)
            )
        if self.uncertain:
            err.append(say(texts.DELIVERY_UNCERTAIN, to=self.uncertain))
        return out, err

    def reminders(self) -> list[Message]:
        """The refusals for good of earlier runs, said again (a warning: nothing went wrong
        in this run, whose status they do not change)."""
        return [
            say(texts.REFUSED_BEFORE, to=r.to, answer=r.answer, when=r.when)
            for r in self.refused_before
        ]
