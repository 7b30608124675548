"""The emails' bytes (mahjong_club/mail/mime.py): whatever the names, subjects and texts, a
mail program reads back exactly what was written, every line is short and plain ASCII, and
no header can be split or added by a name."""

from __future__ import annotations

import email
import email.header
import email.policy
import email.utils

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_club.common import addresses
from mahjong_club.mail.mime import PLAIN_LINE, mime_bytes, smtp_bytes

texts = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=400)
# names and subjects as the composer passes them: made one line (one_line)
one_line = st.one_of(
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=80),
    st.text('ab ,;:<>@"\\()=?.\t', max_size=160),  # ASCII with every special, long
).map(addresses.one_line)


def build(text="Hej\n", html="<p>Hej</p>\n", subject="Results", name="Åse", to=True):
    return mime_bytes(
        subject=subject,
        sender=("Mahjong Danmark", "organiser@example.org"),
        to=(name, "ase@example.org") if to else None,
        date="Thu, 04 Sep 2025 21:05:00 +0200",
        message_id="<1@example.org>",
        text=text,
        html=html,
    )


def parse(data: bytes) -> email.message.EmailMessage:
    parsed = email.message_from_bytes(data, policy=email.policy.default)
    assert isinstance(parsed, email.message.EmailMessage)
    return parsed


def to_name(data: bytes) -> str:
    """The ``To`` header's display name as RFC 2047 reads it (adjacent encoded words joined
    without the space between them, which Python's newer parser keeps)."""
    raw = email.message_from_bytes(data, policy=email.policy.compat32)["To"]
    name, _ = email.utils.parseaddr(raw)
    return str(email.header.make_header(email.header.decode_header(name)))


def body(parsed, kind):
    return parsed.get_body((kind,)).get_content()


def normalised(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text if text.endswith("\n") else text + "\n"


@settings(max_examples=300, deadline=None)
@given(texts, texts, one_line, one_line)
def test_what_is_written_is_read_back(text, html, subject, name):
    data = build(text, html, subject, name)
    assert data.isascii()
    assert all(len(line) <= PLAIN_LINE for line in data.split(b"\n")), data
    parsed = parse(data)
    assert body(parsed, "plain") == normalised(text)
    assert body(parsed, "html") == normalised(html)
    assert str(parsed["Subject"]) == subject
    (to,) = parsed["To"].addresses
    assert to.addr_spec == "ase@example.org"
    assert to_name(data) == name
    assert not parsed.defects
    assert sorted(parsed.keys()) == sorted(
        ["Subject", "From", "To", "Date", "Message-ID", "MIME-Version", "Content-Type"]
    )


@pytest.mark.parametrize(
    "name",
    [
        'Åse "the" <Boss>, Bcc: evil@example.org',
        "Boss, Bcc: evil@example.org",
        "=?utf-8?q?fake?=",
        "A" * 120,
        "Ø" * 60,
    ],
)
def test_a_name_never_adds_a_recipient(name):
    data = build(name=name)
    parsed = parse(data)
    (to,) = parsed["To"].addresses
    assert (to_name(data), to.addr_spec) == (name, "ase@example.org")
    assert "Bcc" not in parsed


@pytest.mark.parametrize("value", ["x" * 120, " ".join(["word"] * 30), "Ø" * 50, "a" * 70])
def test_long_names_and_subjects_are_folded_to_short_lines(value):
    data = build(subject=value, name=value)
    assert all(len(line) <= PLAIN_LINE for line in data.split(b"\n")), data
    assert str(parse(data)["Subject"]) == value
    assert to_name(data) == value


@pytest.mark.parametrize(
    "control", ["\n", "\r\n", "\x0b", "\x0c", "\x1c", "\x00", "\x7f", "\u2028"]
)
def test_a_line_break_or_control_character_in_a_header_value_is_refused(control):
    """Some mail programs take a vertical tab or form feed for a line break when they
    rewrite a header: it would become a header of its own."""
    with pytest.raises(ValueError, match="line break or control character"):
        build(name=f"Åse{control}Bcc: evil@example.org")
    with pytest.raises(ValueError, match="line break or control character"):
        build(subject=f"Results{control}Bcc: evil@example.org")


@pytest.mark.parametrize(
    "address", ["x@y.org>, Evil <evil@example.org", "a b@example.org", "a;b@example.org", "abc"]
)
def test_an_address_that_is_not_one_plain_address_is_refused(address):
    with pytest.raises(ValueError, match="not one plain email address"):
        mime_bytes(
            subject="s", sender=("", "o@example.org"), to=("Åse", address),
            date="d", message_id="<1@x>", text="a", html="b",
        )  # fmt: skip


def test_a_quoted_local_part_is_one_address():
    data = mime_bytes(
        subject="s", sender=("", "o@example.org"), to=("Åse", '"a,b"@example.org'),
        date="d", message_id="<1@x>", text="a", html="b",
    )  # fmt: skip
    (to,) = parse(data)["To"].addresses
    assert to.addr_spec == '"a,b"@example.org'


def test_a_nul_in_a_text_is_never_sent_raw():
    data = build(text="a\x00b\n")
    assert b"\x00" not in data
    assert body(parse(data), "plain") == "a\x00b\n"


def test_plain_ascii_with_short_lines_is_sent_as_it_is_and_the_rest_quoted_printable():
    data = build(text="Hello\n", html="<p>Hej Åse</p>\n")
    assert b"Content-Transfer-Encoding: 7bit\n\nHello\n\n--" in data
    assert b"Content-Transfer-Encoding: quoted-printable\n\n<p>Hej =C3=85se</p>\n" in data
    long = build(text="x" * 200 + "\n")
    assert b"Content-Transfer-Encoding: quoted-printable" in long


def test_the_same_email_gives_the_same_bytes_and_without_an_address_no_to():
    assert build() == build()
    assert b"\nTo:" not in build(to=False)
    assert "To" not in parse(build(to=False))


def test_a_text_holding_the_boundary_gets_another():
    first = build()
    boundary = first.split(b'boundary="', 1)[1].split(b'"', 1)[0].decode()
    tricky = build(text=f"--{boundary}\n")
    assert body(parse(tricky), "plain") == f"--{boundary}\n"


def test_smtp_line_ends():
    assert smtp_bytes(build()).count(b"\r\n") == build().count(b"\n")
    assert b"\n" not in smtp_bytes(build()).replace(b"\r\n", b"")
