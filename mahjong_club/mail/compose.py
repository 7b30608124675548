"""Composing the emails from the same view of the results as the site.

One email per division member who has an email address (their division table, their
attendance status with a plain explanation when warned or substitutable, their games tonight)
and one summary for the organiser. Each is multipart: plain text and HTML, from templates.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formataddr, formatdate, make_msgid

from mahjong_club.site.render import environment
from mahjong_club.site.views import PlayerView, SiteView

FALLBACK_SENDER = "organiser@example.invalid"


@dataclass(frozen=True)
class Outgoing:
    """One composed email, with the key the sent-ledger knows it by."""

    to: str
    name: str
    subject: str
    message: EmailMessage
    key: str
    filename: str


def _key(to: str, subject: str, text: str) -> str:
    """Identifies a report: the same recipient, subject and text is the same report."""
    return hashlib.sha256(f"{to}\n{subject}\n{text}".encode()).hexdigest()


def _message(sender: str, to: str, name: str, subject: str, text: str, html: str) -> EmailMessage:
    message = EmailMessage()
    message["Subject"] = subject
    message["From"] = sender
    message["To"] = formataddr((name, to)) if to else ""
    message["Date"] = formatdate(localtime=True)
    message["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2] or "localhost")
    message.set_content(text)
    message.add_alternative(html, subtype="html")
    return message


def compose(site: SiteView, sender: str) -> list[Outgoing]:
    """Every email of the run: one per player with an address, then the organiser's summary."""
    env_html = environment(site.locale)
    env_text = environment(site.locale, autoescape=False)
    t = site.locale.t
    date = site.locale.date(site.as_of)
    club = site.club or "Mahjong"
    sender = sender or FALLBACK_SENDER
    outgoing: list[Outgoing] = []

    def build(kind: str, to: str, name: str, subject: str, **values: object) -> None:
        context = {"site": site, "subject": subject, **values}
        text = env_text.get_template(f"email/{kind}.txt").render(**context)
        html = env_html.get_template(f"email/{kind}.html").render(**context)
        number = len(outgoing) + 1
        slug = values["player"].slug if "player" in values else "organiser"  # type: ignore[attr-defined]
        outgoing.append(
            Outgoing(
                to,
                name,
                subject,
                _message(sender, to, name, subject, text, html),
                _key(to, subject, text),
                f"{number:03d}-{slug}.eml",
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
