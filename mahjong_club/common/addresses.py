"""What may go into an email header: one-line text, usable addresses, mail server names.

Shared by the Settings reader (which reports a bad ``club``, ``email_from`` or ``smtp_host``
on its cell) and the mail composer (which never puts anything else into a header, whatever
reaches it).
"""

from __future__ import annotations

import ipaddress
import re
import unicodedata

from mahjong_club.messages import mail as texts
from mahjong_club.messages.core import Message, say

#: Line breaks and other control characters: never inside a header or a one-line setting.
_BREAKING = frozenset({"Cc", "Zl", "Zp"})
_LABEL = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$")
#: Printable ASCII but '@' (quoted in a header when needed: ``"a,b"@example.org``).
_USER = re.compile(r"^[\x21-\x3f\x41-\x7e]{1,64}$")


def control_character(text: str) -> str | None:
    """The first line break or control character in ``text`` (as ``U+000A``), or None.

    >>> control_character("Mahjong Ærø"), control_character("Mahjong\\nBcc: x@example.org")
    (None, 'U+000A')
    """
    for char in text:
        if unicodedata.category(char) in _BREAKING:
            return f"U+{ord(char):04X}"
    return None


def one_line(text: str) -> str:
    """``text`` with every run of spaces, line breaks and control characters made one space.

    >>> one_line("Åse\\r\\nBcc: x@example.org\\t ")
    'Åse Bcc: x@example.org'
    """
    cleaned = "".join(" " if unicodedata.category(c) in _BREAKING else c for c in text)
    return " ".join(cleaned.split())


def is_host_name(text: str, *, dotted: bool = False) -> bool:
    """True for a host name (``smtp.example.org``, ``localhost``) or an IP address.

    ``dotted`` asks for at least two labels, as the domain of an email address has.

    >>> is_host_name("smtp.example.org"), is_host_name("127.0.0.1"), is_host_name("localhost")
    (True, True, True)
    >>> is_host_name("example.org;"), is_host_name("mail example.org"), is_host_name("")
    (False, False, False)
    """
    if _is_ip(text):
        return True
    labels = text.removesuffix(".").split(".")
    if dotted and len(labels) < 2:
        return False
    return len(text) <= 253 and all(_LABEL.match(label) for label in labels)


def address_problem(address: str) -> Message | None:
    """Why ``address`` cannot be put into a header and an SMTP envelope, or None.

    >>> address_problem("aase@example.dk") is None, address_problem("a@[192.0.2.1]") is None
    (True, True)
    >>> str(address_problem("aase@example.dk;"))
    "'example.dk;' after '@' is not a domain name like example.org"
    """
    user, at, domain = address.rpartition("@")
    if not at:
        return say(texts.ADDRESS_NO_AT)
    if not _USER.match(user):
        return say(texts.ADDRESS_BAD_USER)
    if domain.startswith("[") and domain.endswith("]"):
        good = _is_ip(domain[1:-1])
    else:
        good = is_host_name(domain, dotted=True)
    if not good or ":" in domain:
        return say(texts.ADDRESS_BAD_DOMAIN, domain=domain)
    return None


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True
