"""An email's bytes, written directly: headers, then a text and an HTML part.

Python's ``email`` package parses every header it is given back into objects, and holds every
message as a tree of them; for a federation's 10,000 reports that was most of a run's minute
of emails and a gigabyte of memory. The reports are all one shape (``multipart/alternative``
with a plain-text and an HTML part, both UTF-8), so their bytes are written here directly,
with the standard library's encoders doing what needs care:

* a display name or subject that is not plain ASCII becomes an RFC 2047 encoded word
  (:func:`email.utils.formataddr`, :class:`email.header.Header`); names with quotes or
  commas are quoted; a line break or control character never reaches a header (the caller
  makes names one line, and this module refuses a header value with one, and an address
  that is not one plain address);
* a part that is plain ASCII with lines of at most 78 characters and no NUL is sent as it is
  (``7bit``); any other is quoted-printable (:func:`binascii.b2a_qp`, in C), readable in the
  ``.eml`` file and safe for every mail server (no 8BITMIME needed);
* the boundary is derived from the parts' contents (the same email, the same bytes) and
  checked not to occur in them.

No line is longer than 78 characters, but for an address longer than that (an address cannot
be folded). Lines end in ``\\n`` (as ``.eml`` files and
:meth:`email.message.Message.as_bytes` write them); :func:`smtp_bytes` turns them into the
``\\r\\n`` SMTP sends.

    >>> data = mime_bytes(
    ...     subject="Resultater — Mahjong Danmark",
    ...     sender=("", "organiser@example.org"),
    ...     to=("Åse Mølgaard", "ase@example.org"),
    ...     date="Thu, 04 Sep 2025 21:05:00 +0200",
    ...     message_id="<1@example.org>",
    ...     text="Hej Åse\\n",
    ...     html="<p>Hej Åse</p>\\n",
    ... )
    >>> import email, email.policy
    >>> parsed = email.message_from_bytes(data, policy=email.policy.default)
    >>> str(parsed["To"]), str(parsed["Subject"])
    ('Åse Mølgaard <ase@example.org>', 'Resultater — Mahjong Danmark')
    >>> parsed.get_body(("plain",)).get_content()
    'Hej Åse\\n'
    >>> data.isascii()
    True
"""

from __future__ import annotations

import binascii
import hashlib
import re
from email.header import Header
from email.utils import formataddr

from mahjong_club.common.addresses import control_character

#: The longest line a part may have to be sent as it is (RFC 5322's recommended 78).
PLAIN_LINE = 78


def mime_bytes(
    *,
    subject: str,
    sender: tuple[str, str],
    to: tuple[str, str] | None,
    date: str,
    message_id: str,
    text: str,
    html: str,
) -> bytes:
    """The email's bytes: ``sender`` and ``to`` are (display name, address); ``to`` None
    leaves the ``To`` header out (an address that cannot be used)."""
    plain, rich = _part(text, "plain"), _part(html, "html")
    boundary = _boundary(plain, rich)
    headers = [f"Subject: {_subject(subject)}", f"From: {_mailbox(*sender, 'From')}"]
    if to is not None:
        headers.append(f"To: {_mailbox(*to, 'To')}")
    headers += [
        f"Date: {_one_line(date)}",
        f"Message-ID: {_one_line(message_id)}",
        "MIME-Version: 1.0",
        f'Content-Type: multipart/alternative; boundary="{boundary}"',
    ]
    head = ("\n".join(headers) + "\n\n").encode("ascii")
    mark = f"--{boundary}\n".encode("ascii")
    return b"".join((head, mark, plain, mark, rich, f"--{boundary}--\n".encode("ascii")))


def smtp_bytes(data: bytes) -> bytes:
    """``data`` with the line ends SMTP sends (``\\r\\n``).

    >>> smtp_bytes(b"a\\nb\\n")
    b'a\\r\\nb\\r\\n'
    """
    return data.replace(b"\n", b"\r\n")


def _one_line(value: str) -> str:
    """``value`` when it has no line break or control character (some mail programs take a
    form feed or a vertical tab for a line break when they rewrite a header: a header of its
    own); else a ValueError. The composer makes names and subjects one line first."""
    if control_character(value) is not None:
        raise ValueError(f"a header value with a line break or control character: {value!r}")
    return value


#: One address as a header writes it: a plain local part or a quoted one (``"a,b"``), ``@``,
#: a domain.
_ONE_ADDRESS = re.compile(
    r"""^(?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+|"(?:[^"\\\x00-\x1f\x7f]|\\[\x20-\x7e])*")"""
    r"@(?:[A-Za-z0-9.-]+|\[[^\]\s]+\])$"
)


def _address(address: str) -> str:
    """``address`` when it is one address (nothing that would make it two, or a header of
    its own), else a ValueError; the composer checks addresses first."""
    if not _ONE_ADDRESS.match(address):
        raise ValueError(f"not one plain email address: {address!r}")
    return address


def _mailbox(name: str, address: str, header: str) -> str:
    """``Name <address>``, the name quoted (ASCII) or encoded (other) where it must be, the
    line folded before ``<address>`` when it would pass :data:`PLAIN_LINE` characters (a mail
    program must never have to refold it: refolding a name with quotes and commas in it has
    broken it before)."""
    name, address = _one_line(name), _address(address)
    if not name:
        return address
    phrase = formataddr((name, address)).removesuffix(f" <{address}>")
    if not name.isascii() or "=?" in name or not _fits(phrase, header):
        # "=?" would be read as an encoded word; a long name is folded as encoded words
        phrase = Header(name, "utf-8", header_name=header).encode(linesep="\n")
    last = phrase.rsplit("\n", 1)[-1]
    start = len(header) + 2 if "\n" not in phrase else 0
    if start + len(last) + len(address) + 3 > PLAIN_LINE:
        return f"{phrase}\n <{address}>"
    return f"{phrase} <{address}>"


def _subject(subject: str) -> str:
    """The subject as a header value: as it is when plain ASCII and short, else encoded and
    folded (``=?utf-8?…?=``)."""
    _one_line(subject)
    if subject.isascii() and "=?" not in subject and len(subject) <= PLAIN_LINE - 9:
        return subject
    return _encoded(subject, "Subject")


def _encoded(value: str, header: str) -> str:
    """``value`` as RFC 2047 encoded words folded to short lines (ASCII words stay readable
    where they fit on a line)."""
    if value.isascii() and "=?" not in value:
        folded = Header(value, "us-ascii", header_name=header).encode(linesep="\n")
        if _fits(folded, header):
            return folded
    return Header(value, "utf-8", header_name=header).encode(linesep="\n")


def _fits(folded: str, header: str) -> bool:
    """Whether every line of a header's value (after ``Header: `` on the first) is short, and
    the first is not empty (a value folded before its first word would be read with a space
    in front)."""
    first, *rest = folded.split("\n")
    return (
        bool(first.strip())
        and len(header) + 2 + len(first) <= PLAIN_LINE
        and all(len(line) <= PLAIN_LINE for line in rest)
    )


def _part(content: str, subtype: str) -> bytes:
    """One part, its headers and its body (ending in a line break, then the one the next
    boundary takes)."""
    body = content.replace("\r\n", "\n").replace("\r", "\n")
    if not body.endswith("\n"):
        body += "\n"
    data = body.encode("utf-8")
    lines = data.split(b"\n")
    if data.isascii() and b"\x00" not in data and max(map(len, lines)) <= PLAIN_LINE:
        encoding = "7bit"
    else:
        encoding = "quoted-printable"
        data = binascii.b2a_qp(data, istext=True)
    head = (
        f'Content-Type: text/{subtype}; charset="utf-8"\nContent-Transfer-Encoding: {encoding}\n\n'
    )
    # the line break before the next boundary belongs to the boundary (RFC 2046 5.1.1)
    return head.encode("ascii") + data + b"\n"


def _boundary(*parts: bytes) -> str:
    """A boundary that occurs in none of ``parts`` (made from their contents)."""
    digest = hashlib.sha256(b"".join(parts)).hexdigest()
    for salt in range(100):
        boundary = f"=_{digest[salt % 40 : salt % 40 + 24]}{salt}"
        if not any(boundary.encode("ascii") in part for part in parts):
            return boundary
    raise ValueError("no boundary found")  # pragma: no cover - 100 hashes all in the text
