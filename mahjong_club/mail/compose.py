"""Composing the emails from the same view of the results as the site.

One email per division member who has an email address (their division table, their
attendance status with a plain explanation when warned or substitutable, their games tonight)
and one summary for the organiser. Each is multipart: plain text and HTML, from templates.

Headers are built with :mod:`email.headerregistry`: names and the subject lose their line
breaks and control characters, and an address that cannot be written into a header and an SMTP
envelope is not used (the email carries the reason as its ``problem`` and is never sent), so no
name or address can add a header or a recipient.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

from mahjong_club.common.addresses import address_problem, one_line
from mahjong_club.common.text import fold_name, safe_file_name
from mahjong_club.messages import mail as texts
from mahjong_club.messages.core import Message, say
from mahjong_club.site.render import environment
from mahjong_club.site.views import PlayerView, SiteView

FALLBACK_SENDER = "organiser@example.invalid"


@dataclass(frozen=True)
class Outgoing:
    """One composed email, with the key the sent-ledger knows it by.

    ``sender`` and ``recipient`` are the SMTP envelope's addresses (quoted where needed);
    ``problem`` says why an address that was given cannot be used (then nothing is sent).
    """

    to: str
    name: str
    subject: str
    message: EmailMessage
    key: str
    filename: str
    sender: str = ""
    recipient: str = ""
    problem: Message | None = None
    legacy_key: str = ""


def _key(to: str, subject: str, text: str) -> str:
    r"""Identifies a report: the same recipient (case-folded), subject and text (compared as
    names are: letter case, spaces and Unicode form do not count) is the same report.

    >>> one = _key("Aase@Example.DK", "Mahjong\u00a0ÆRØ", "A\n")
    >>> one == _key("aase@example.dk", "mahjong ærø", "a")
    True
    """
    return _legacy_key(to.casefold(), fold_name(subject), fold_name(text))


def _legacy_key(to: str, subject: str, text: str) -> str:
    """The key version 0.1 wrote: the exact recipient, subject and text."""
    return hashlib.sha256(f"{to}\n{subject}\n{text}".encode()).hexdigest()


def _mailbox(name: str, address: str) -> Address | None:
    """``name <address>`` for a header, or None when the address cannot be used."""
    if address_problem(address) is not None:
        return None
    user, _, domain = address.rpartition("@")
    return Address(display_name=one_line(name), username=user, domain=domain)


def _message(
    sender: Address, to: Address | None, subject: str, text: str, html: str
) -> EmailMessage:
    message = EmailMessage()
    message["Subject"] = subject
    message["From"] = sender
    if to is not None:
        message["To"] = to
    message["Date"] = formatdate(localtime=True)
    message["Message-ID"] = make_msgid(domain=sender.domain or "localhost")
    message.set_content(text)
    message.add_alternative(html, subtype="html")
    return message


def compose(site: SiteView, sender: str) -> list[Outgoing]:
    """Every email of the run: one per player with an address, then the organiser's summary."""
    env_html = environment(site.locale)
    env_text = environment(site.locale, autoescape=False)
    t = site.locale.t
    date = site.locale.date(site.as_of)
    club = one_line(site.club) or "Mahjong"
    sender = sender if sender and address_problem(sender) is None else FALLBACK_SENDER
    sender_box = _mailbox("", sender) or Address(addr_spec=FALLBACK_SENDER)
    outgoing: list[Outgoing] = []

    def build(kind: str, to: str, name: str, subject: str, **values: object) -> None:
        subject = one_line(subject)
        context = {"site": site, "subject": subject, **values}
        text = env_text.get_template(f"email/{kind}.txt").render(**context)
        html = env_html.get_template(f"email/{kind}.html").render(**context)
        number = len(outgoing) + 1
        slug = values["player"].slug if "player" in values else "organiser"  # type: ignore[attr-defined]
        recipient = _mailbox(name, to) if to else None
        problem = address_problem(to) if to else None
        unusable = say(texts.ADDRESS_UNUSABLE, address=to, problem=problem) if problem else None
        outgoing.append(
            Outgoing(
                to,
                name,
                subject,
                _message(sender_box, recipient, subject, text, html),
                _key(to, subject, text),
                safe_file_name(f"{number:03d}-{slug}", suffix=".eml"),
                sender=sender_box.addr_spec,
                recipient=recipient.addr_spec if recipient else "",
                problem=unusable,
                legacy_key=_legacy_key(to, subject, text),
            )
        )

    def subject_of(kind: str) -> str:
        if date:
            return t(f"email_subject_{kind}", club=club, date=date)
        return t(f"email_subject_{kind}_undated", club=club)

    players: list[PlayerView] = [p for p in site.players if p.email]
    for player in players:
        build("player", player.email, player.name, subject_of("player"), player=player)
    organiser = sender if sender != FALLBACK_SENDER else ""
    build("organiser", organiser, "Organiser", subject_of("organiser"))
    return outgoing
