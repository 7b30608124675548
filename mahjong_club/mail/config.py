"""What ``--send`` needs, checked before the run writes anything.

From the workbook's ``Settings``: ``email_from`` (the sender), ``smtp_host``, ``smtp_port``
(default 587; 465 is TLS from the start). From the environment, never the workbook:
``SMTP_USER`` and ``SMTP_PASSWORD`` (both or neither), ``SMTP_CA_FILE`` (a certificate file
for a club's own mail server; loaded by the check, so a file that holds no certificate is an
error before anything is written), ``SMTP_TIMEOUT`` (seconds one step with the server may take,
default 30) and ``SMTP_DEADLINE`` (seconds the whole sending may take, default 300; what is
not sent by then is reported and sent by the next ``--send``).
"""

from __future__ import annotations

import math
import os
import ssl
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from mahjong_club.common.addresses import one_line
from mahjong_club.messages import mail as texts
from mahjong_club.messages.core import Message, say
from mahjong_club.model import Settings

DEFAULT_PORT = 587
SMTPS_PORT = 465  # implicit TLS
DEFAULT_TIMEOUT = 30.0
DEFAULT_DEADLINE = 300.0


@dataclass(frozen=True)
class SmtpConfig:
    """Everything a send needs, checked."""

    host: str
    port: int
    sender: str
    user: str = ""
    password: str = ""
    ca_file: str | None = None
    timeout: float = DEFAULT_TIMEOUT
    deadline: float = DEFAULT_DEADLINE


def _seconds(environ: Mapping[str, str], name: str, default: float) -> float | Message:
    text = environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        return say(texts.SEND_BAD_SECONDS, name=name, value=text)
    return value


def _ca_file_problem(path: str) -> Message | None:
    """Why ``path`` cannot be loaded as ``SMTP_CA_FILE`` (it is loaded now, as sending will).

    >>> str(_ca_file_problem("/nonexistent/ca.pem"))
    "the environment variable SMTP_CA_FILE='/nonexistent/ca.pem' names no file"
    """
    if not Path(path).is_file():
        return say(texts.SEND_NO_CA_FILE, path=path)
    try:
        ssl.create_default_context().load_verify_locations(cafile=path)
    except (ssl.SSLError, OSError, ValueError) as exc:
        error = one_line(f"{type(exc).__name__}: {exc}")
        return say(texts.SEND_BAD_CA_FILE, path=path, error=error)
    return None


def check_smtp(
    settings: Settings, environ: Mapping[str, str] = os.environ
) -> tuple[SmtpConfig | None, list[Message]]:
    """The sending configuration, or every reason there is none.

    >>> config, problems = check_smtp(Settings(email_from="a@example.org"), {"SMTP_USER": "a"})
    >>> config, [str(p) for p in problems]  # doctest: +NORMALIZE_WHITESPACE
    (None, ['sending the emails needs the smtp_host setting in the Settings sheet',
            'the environment variable SMTP_USER is set but SMTP_PASSWORD is not: set both
             (or neither, for a mail server without login)'])
    """
    problems: list[Message] = []
    for name in ("email_from", "smtp_host"):
        if not getattr(settings, name):
            problems.append(say(texts.SEND_NEEDS_SETTING, name=name))
    user, password = environ.get("SMTP_USER", ""), environ.get("SMTP_PASSWORD", "")
    if bool(user) != bool(password):
        given, missing = ("SMTP_USER", "SMTP_PASSWORD") if user else ("SMTP_PASSWORD", "SMTP_USER")
        problems.append(say(texts.SEND_HALF_CREDENTIALS, given=given, missing=missing))
    ca_file = environ.get("SMTP_CA_FILE", "").strip() or None
    if ca_file is not None and (problem := _ca_file_problem(ca_file)) is not None:
        problems.append(problem)
    timeout = _seconds(environ, "SMTP_TIMEOUT", DEFAULT_TIMEOUT)
    deadline = _seconds(environ, "SMTP_DEADLINE", DEFAULT_DEADLINE)
    problems += [t for t in (timeout, deadline) if isinstance(t, Message)]
    if problems or isinstance(timeout, Message) or isinstance(deadline, Message):
        return None, problems
    port = settings.smtp_port or DEFAULT_PORT
    config = SmtpConfig(
        settings.smtp_host, port, settings.email_from, user, password, ca_file, timeout, deadline
    )
    return config, []
