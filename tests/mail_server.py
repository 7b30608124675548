"""A real SMTP server for the email tests (aiosmtpd on 127.0.0.1 only), with the ways a real
one misbehaves: refusing a recipient (at RCPT TO or at DATA), dropping the connection,
answering slowly, or trickling its answer a line at a time. Every loop is bounded."""

from __future__ import annotations

import asyncio
import contextlib
import email
import socket
from collections.abc import Iterator
from email import policy
from email.message import EmailMessage

from aiosmtpd.controller import Controller

#: A trickling answer stops after this many lines (0.05 s apart: 20 s at most).
TRICKLE_LINES = 400


class Inbox:
    """An aiosmtpd handler that keeps every message it accepts.

    ``limit``: refuse (554) every message after that many; ``refuse_rcpt``/``refuse_data``:
    address -> the answer to give it at RCPT TO / at the end of DATA; ``drop_at``: close the
    connection instead of answering that message (counting from 1); ``keep_then_drop_at``:
    keep that message, then close the connection before answering; ``trickle_at``: answer
    that message with continuation lines, one every 0.05 s, until the client gives up;
    ``delay``: seconds to wait before accepting each message; ``refuse_mail``: the answer to
    every MAIL FROM after that many messages (``(2, "530 5.7.0 Authentication required")``).
    """

    def __init__(
        self,
        limit: int | None = None,
        refuse_rcpt: dict[str, str] | None = None,
        refuse_data: dict[str, str] | None = None,
        drop_at: int | None = None,
        trickle_at: int | None = None,
        delay: float = 0,
        refuse_mail: tuple[int, str] | None = None,
        keep_then_drop_at: int | None = None,
    ) -> None:
        self.messages: list[EmailMessage] = []
        self.recipients: list[str] = []
        self.attempts: list[str] = []  # every RCPT TO, refused or not
        self.limit = limit
        self.refuse_rcpt = dict(refuse_rcpt or {})
        self.refuse_data = dict(refuse_data or {})
        self.drop_at = drop_at
        self.trickle_at = trickle_at
        self.delay = delay
        self.refuse_mail = refuse_mail
        self.keep_then_drop_at = keep_then_drop_at
        self.data_count = 0

    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        if self.refuse_mail is not None and len(self.messages) >= self.refuse_mail[0]:
            return self.refuse_mail[1]
        envelope.mail_from = address
        envelope.mail_options.extend(mail_options)
        return "250 OK"

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        self.attempts.append(address)
        if address in self.refuse_rcpt:
            return self.refuse_rcpt[address]
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.data_count += 1
        if self.drop_at == self.data_count:
            server.transport.close()
            return "421 closing"
        if self.trickle_at == self.data_count:
            return await self._trickle(server)
        for address in envelope.rcpt_tos:
            if address in self.refuse_data:
                return self.refuse_data[address]
        if self.limit is not None and len(self.messages) >= self.limit:
            return "554 Transaction failed: too many messages"
        if self.delay:
            await asyncio.sleep(self.delay)
        self.messages.append(email.message_from_bytes(envelope.content, policy=policy.default))
        self.recipients.extend(envelope.rcpt_tos)
        if self.keep_then_drop_at == self.data_count:
            server.transport.close()
            return "421 closing"
        return "250 Message accepted"

    async def _trickle(self, server) -> str:
        for _ in range(TRICKLE_LINES):
            if server.transport is None or server.transport.is_closing():
                break
            await server.push("250-still working on it")
            await asyncio.sleep(0.05)
        return "451 gave up trickling"  # never stored: the client left long before


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def servers() -> Iterator:
    """``start(**options) -> (inbox, port)``: start servers; all are stopped at the end."""
    started: list[Controller] = []

    def start(**options):
        inbox = Inbox(**options)
        controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
        controller.start()
        started.append(controller)
        return inbox, controller.port

    try:
        yield start
    finally:
        for controller in started:
            controller.stop()


def addressed_to(inbox: Inbox) -> list[str]:
    """Who the accepted messages went to (the To header), sorted."""
    return sorted(m["To"].addresses[0].addr_spec for m in inbox.messages)
