"""Composing the emails from the same view of the results as the site.

Every person with an address gets what concerns them:

- a division member their weekly report: their place with their movement since last week and
  what decided it, their games this week with the results, their penalties, their attendance,
  their next games (tonight's table, the schedule's games still to play), their division's
  table (:mod:`mahjong_club.mail.report`);
- a tournament player their rank, total, sessions and penalties, not the league report;
- a Duplicate player their rank, IMPs and boards; a signed-up player who is not in a division
  this season their place next season (the capabilities' sections for people who are not
  division members: :attr:`SiteView.others <mahjong_club.site.views.SiteView.others>`);
- the organiser a summary that starts with what needs their action (the warnings, the
  substitutable members, the ties only dice can settle: the organiser sections named
  ``action_…``), then the results and who gets which email.

Each is multipart: plain text and HTML, from templates. An email's text never depends on when
it is made (its key in the sent-ledger is made from it).

Headers are built with :mod:`email.headerregistry`: names and the subject lose their line
breaks and control characters, and an address that cannot be written into a header and an SMTP
envelope is not used (the email carries the reason as its ``problem`` and is never sent), so no
name or address can add a header or a recipient.
"""

from __future__ import annotations

import email
import email.policy
import hashlib
import zlib
from dataclasses import dataclass
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

from jinja2 import Environment

from mahjong_club.common.addresses import address_problem, one_line
from mahjong_club.common.order import display_order
from mahjong_club.common.parallel import default_workers, on_two_cores
from mahjong_club.common.text import fold_name, safe_file_name
from mahjong_club.mail.mime import mime_bytes
from mahjong_club.mail.report import penalty_line, player_week
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
    packed: bytes  # the email's bytes (:mod:`.mime`), compressed until they are written
    key: str
    filename: str
    sender: str = ""
    recipient: str = ""
    problem: Message | None = None
    legacy_key: str = ""

    @property
    def data(self) -> bytes:
        """The email as an ``.eml`` file holds it (lines end in ``\\n``)."""
        return zlib.decompress(self.packed)

    @property
    def message(self) -> EmailMessage:
        """The email parsed (for showing its parts: the drop page, the tests)."""
        parsed = email.message_from_bytes(self.data, policy=email.policy.default)
        assert isinstance(parsed, EmailMessage)
        return parsed


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


def _message(sender: Address, to: Address | None, subject: str, text: str, html: str) -> bytes:
    """The email's bytes, compressed (a federation's 10,000 reports are half a gigabyte)."""
    data = mime_bytes(
        subject=subject,
        sender=(sender.display_name, sender.addr_spec),
        to=(to.display_name, to.addr_spec) if to is not None else None,
        date=formatdate(localtime=True),
        message_id=make_msgid(domain=sender.domain or "localhost"),
        text=text,
        html=html,
    )
    return zlib.compress(data, 1)


def notice(
    sender: str, to: str, subject: str, text: str, html: str, *, same_as: str, filename: str
) -> Outgoing:
    """A single email that is not a report of the results (the watch's problems email):
    ``same_as`` is what makes it the same email for the sent-ledger (its text may differ only
    in, say, the time it was made).
    """
    sender_box = _mailbox("", sender) or Address(addr_spec=FALLBACK_SENDER)
    recipient = _mailbox("", to)
    problem = address_problem(to)
    subject = one_line(subject)
    return Outgoing(
        to,
        to,
        subject,
        _message(sender_box, recipient, subject, text, html),
        _key(to, subject, same_as),
        filename,
        sender=sender_box.addr_spec,
        recipient=recipient.addr_spec if recipient else "",
        problem=say(texts.ADDRESS_UNUSABLE, address=to, problem=problem) if problem else None,
        legacy_key=_legacy_key(to, subject, same_as),
    )


#: The subject of an email to someone who is not a division member, by the first section
#: they have (else the weekly report's).
SUBJECTS = {"duplicate_result": "result", "next_place": "next_season"}
#: What the organiser's list says each kind of email is.
KINDS = {"player": "email_kind_report", "result": "email_kind_result"}
#: How many warnings the organiser's summary lists at its top.
TOP_WARNINGS = 5


def _subject_kind(player: PlayerView, site: SiteView) -> str:
    """Which subject a person's email has: ``player``, ``result`` or ``next_season``."""
    if player.rows:
        return "result" if site.tournament else "player"
    for section in player.sections:
        if section.template in SUBJECTS:
            return SUBJECTS[section.template]
    return "player"


def _subject(site: SiteView, kind: str) -> str:
    """The subject of a ``player``, ``organiser``, ``result`` or ``next_season`` email, in the
    club's language (the weekly report and the summary with the report date when known)."""
    t = site.locale.t
    date = site.locale.date(site.as_of)
    club = one_line(site.club) or "Mahjong"
    if kind not in ("player", "organiser"):
        return t(f"email_subject_{kind}", club=club)
    if date:
        return t(f"email_subject_{kind}", club=club, date=date)
    return t(f"email_subject_{kind}_undated", club=club)


def unusable_addresses(site: SiteView) -> list[tuple[str, Message]]:
    """Who would get an email but for an address that cannot be used (a warning said so
    when the ``Players`` sheet was read: :attr:`~mahjong_club.site.views.SiteView.unusable`),
    and why: a ``--send`` lists them as not sent. Someone the run has nothing for (in no
    division, no section of theirs) is not among them, whatever their address."""
    found = []
    for person in _people(site):
        address = "" if person.email else site.unusable.get(person.name, "")
        if address:
            problem = address_problem(address) or say(texts.ADDRESS_NOT_PLAIN)
            found.append(
                (person.name, say(texts.ADDRESS_UNUSABLE, address=address, problem=problem))
            )
    return found


def _people(site: SiteView) -> list[PlayerView]:
    """Everyone an email may go to: the division members, then the others, by name."""
    language = site.locale.language
    return [*site.players, *sorted(site.others, key=lambda p: display_order(p.name, language))]


def _environments(site: SiteView) -> tuple[Environment, Environment]:
    """The HTML and the plain-text template environments, with the emails' own helper."""
    envs = environment(site.locale), environment(site.locale, autoescape=False)
    mcr = {d.name for d in site.divisions if d.mcr}  # a tournament's penalties (its emails)
    for env in envs:
        env.globals["penalty_text"] = lambda p: penalty_line(
            p, site.locale, p.division in mcr, tournament=True
        )
    return envs


#: This many emails or more are rendered on two cores (when the process may fork there).
PARALLEL_EMAILS = 500


@dataclass(frozen=True)
class _Email:
    """One email to render: its template (``player``/``organiser``), its number in the
    outbox, the recipient and the template's values."""

    kind: str
    number: int
    to: str
    name: str
    subject: str
    values: dict[str, object]
    player: PlayerView | None = None


def _outgoing(
    email: _Email, site: SiteView, envs: tuple[Environment, Environment], sender_box: Address
) -> Outgoing:
    """One email rendered (its texts, its bytes, its keys)."""
    env_html, env_text = envs
    to, subject, values, player = email.to, email.subject, email.values, email.player
    if player is not None:
        values = {**values, "week": player_week(player, site)}
    context = {"site": site, "subject": subject, **values}
    text = env_text.get_template(f"email/{email.kind}.txt").render(**context)
    html = env_html.get_template(f"email/{email.kind}.html").render(**context)
    slug = player.slug if player is not None else "organiser"
    recipient = _mailbox(email.name, to) if to else None
    problem = address_problem(to) if to else None
    unusable = say(texts.ADDRESS_UNUSABLE, address=to, problem=problem) if problem else None
    return Outgoing(
        to,
        email.name,
        subject,
        _message(sender_box, recipient, subject, text, html),
        _key(to, subject, text),
        safe_file_name(f"{email.number:03d}-{slug}", suffix=".eml"),
        sender=sender_box.addr_spec,
        recipient=recipient.addr_spec if recipient else "",
        problem=unusable,
        legacy_key=_legacy_key(to, subject, text),
    )


#: An unusable address is shown in the organiser's email up to this many characters.
SHOWN_ADDRESS = 100


def _unusable_shown(site: SiteView, name: str) -> str:
    """What the organiser's list of emails shows for a member whose ``Players`` cell holds no
    usable address: the cell's text, said to be unusable, or nothing (no address at all)."""
    written = one_line(site.unusable.get(name, ""))
    if not written:
        return ""
    shown = written if len(written) <= SHOWN_ADDRESS else written[:SHOWN_ADDRESS] + "…"
    return site.locale.t("email_unusable", address=shown)


def compose(site: SiteView, sender: str, workers: int | None = None) -> list[Outgoing]:
    """Every email of the run: one per person with an address, then the organiser's summary.

    ``workers`` 2 renders every other email in a forked second process (the default for
    :data:`PARALLEL_EMAILS` emails or more where the process may fork on two cores): the
    emails are the same, in the same order, either way.
    """
    envs = _environments(site)
    t = site.locale.t
    sender = sender if sender and address_problem(sender) is None else FALLBACK_SENDER
    sender_box = _mailbox("", sender) or Address(addr_spec=FALLBACK_SENDER)
    emails: list[_Email] = []

    def add(kind: str, to: str, name: str, subject: str, **values: object) -> None:
        player = values.get("player")
        player = player if isinstance(player, PlayerView) else None
        emails.append(_Email(kind, len(emails) + 1, to, name, one_line(subject), values, player))

    recipients: list[tuple[str, str, str]] = []
    for player in _people(site):
        kind = _subject_kind(player, site)
        shown = player.email or _unusable_shown(site, player.name)
        recipients.append((player.name, shown, t(KINDS.get(kind, "email_kind_next_season"))))
        if player.email:
            add("player", player.email, player.name, _subject(site, kind), player=player)
    organiser = sender if sender != FALLBACK_SENDER else ""
    actions = [s for s in site.organiser_sections if s.template.startswith("action_")]
    rest = [s for s in site.organiser_sections if not s.template.startswith("action_")]
    add(
        "organiser",
        organiser,
        t("email_organiser_name"),  # the To line's name, in the club's language
        _subject(site, "organiser"),
        actions=actions,
        rest=rest,
        recipients=recipients,
        top_warnings=site.warnings[:TOP_WARNINGS],
    )
    count = default_workers(len(emails), PARALLEL_EMAILS) if workers is None else workers
    return on_two_cores(emails, lambda e: _outgoing(e, site, envs, sender_box), workers=count)
