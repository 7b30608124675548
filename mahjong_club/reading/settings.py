"""The ``Settings`` sheet (``Key``, ``Value``): the club's choices for this workbook.

Keys (case-insensitive): ``club``, ``tournament``, ``season``, ``season_start``, ``as_of``,
``mode`` (league/tournament), ``game`` (a tournament's: Riichi or MCR), ``language``
(en/da), ``riichi_ruleset`` (ema2016/ema-revised), ``start_points``, ``uma``,
``mcr_table_points``, ``limit``, ``season_complete``,
``schedule_meetings`` (how often each two members meet in a planned season), ``email_from``,
``smtp_host``, ``smtp_port``, and ``site_url`` (where the club publishes the site, linked from
the emails), and for a tournament's EMA submission ``city``, ``days`` (1–14) and
``qualification`` (yes/no). Unknown keys are a warning; a bad value is an error. ``club`` and
the email settings go into email headers, so a line break or another control character in
them is an error on its cell, as is an ``email_from`` that is not a plain address.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any, TypeVar

from mahjong_club.common.addresses import address_problem, control_character, is_host_name
from mahjong_club.common.problems import Problems
from mahjong_club.messages import league as texts
from mahjong_club.messages import mail as mail_texts
from mahjong_club.messages.core import LANGUAGES, Entry, say
from mahjong_club.model import Settings
from mahjong_club.reading.cells import (
    CellError,
    parse_date,
    parse_int,
    parse_keyword,
    parse_number,
    parse_text,
    parse_yes_no,
)
from mahjong_club.reading.plans import parse_game_type
from mahjong_club.reading.schema import Column, Schema
from mahjong_club.reading.tables import Table, Workbook, read_sheet
from rules.classical import ClassicalRules
from rules.game_checks import uma_total
from rules.model import GameType
from rules.ruleset import RIICHI_RULESETS, UMA_BY_RULESET, RiichiRulesetName, Ruleset

T = TypeVar("T")

SHEET = "Settings"
KEY = Column("Key", parse_text, texts.WHAT_SETTING_NAME, danish="Nøgle")
VALUE = Column("Value", required=False, danish="Værdi")  # read raw: each key has its parser
SETTINGS = Schema(SHEET, (KEY, VALUE))
KNOWN_KEYS = (
    "club",
    "tournament",
    "season",
    "season_start",
    "as_of",
    "mode",
    "game",
    "language",
    "riichi_ruleset",
    "start_points",
    "uma",
    "mcr_table_points",
    "limit",
    "season_complete",
    "schedule_meetings",
    "email_from",
    "smtp_host",
    "smtp_port",
    "site_url",
    "city",
    "days",
    "qualification",
    "next_session_start",
)


def parse_four_numbers(value: Any) -> tuple[int | Fraction, ...]:
    """Four numbers by placement, best first: ``15000,5000,-5000,-15000``.

    Separated by commas, semicolons, slashes or spaces. Values all below 1,000 in size are
    read as thousands (``15,5,-5,-15`` is the usual uma), except for table points.

    >>> parse_four_numbers("15000, 5000, -5000, -15000")
    (15000, 5000, -5000, -15000)
    >>> parse_four_numbers("4;2;1;0")
    (4, 2, 1, 0)
    """
    text = parse_text(value)
    for separator in (r"[;/]", r",", r"\s+"):
        parts = [p for p in re.split(separator, text) if p.strip()]
        if len(parts) == 4:
            break
    else:
        raise CellError.saying(texts.EXPECTED_FOUR_NUMBERS, found=text)
    numbers: list[int | Fraction] = []
    for part in parts:
        number = parse_number(part.strip())
        numbers.append(int(number) if number.denominator == 1 else number)
    return tuple(numbers)


def parse_one_line(value: Any) -> str:
    """Text that goes into an email header: one line, without control characters.

    >>> parse_one_line(" Mahjong Ærø ")
    'Mahjong Ærø'
    >>> try:
    ...     parse_one_line("Mahjong" + chr(10) + "Bcc: x@example.org")
    ... except CellError as error:
    ...     print(error)
    contains a line break or another control character (U+000A); write it on one line
    """
    text = parse_text(value)
    character = control_character(text)
    if character is not None:
        raise CellError.saying(mail_texts.CONTROL_CHARACTER, character=character)
    return text


#: The longest club, season, tournament or city name: it is in every email's subject and on
#: every page (a club name of 10 MB made composing the emails' subjects take minutes).
MAX_NAME = 200
#: The longest ``site_url``.
MAX_URL = 2000
_WEB_ADDRESS_RE = re.compile(r"https?://[^\s<>\"']+", re.IGNORECASE)
#: A web address typed without its ``https://``: a host name with a dot, then a path.
_HOST_RE = re.compile(r"[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?::\d+)?(?:/[^\s<>\"']*)?")


def _limited(parse: Callable[[Any], str]) -> Callable[[Any], str]:
    """``parse``, and a text longer than :data:`MAX_NAME` characters refused."""

    def limited(value: Any) -> str:
        text = parse(value)
        if len(text) > MAX_NAME:
            raise CellError.saying(texts.SETTING_TOO_LONG, length=len(text), limit=MAX_NAME)
        return text

    return limited


def parse_site_url(value: Any) -> str:
    """The site's web address, linked from every email: ``https://`` or ``http://`` only (a
    ``javascript:`` address would run in a reader's mail program); an address typed without
    them (``www.mahjong.dk/resultater``) is taken as ``https://``.

    >>> parse_site_url(" https://club.example.org/results/ ")
    'https://club.example.org/results/'
    >>> parse_site_url("www.mahjong.dk/resultater")
    'https://www.mahjong.dk/resultater'
    >>> try:
    ...     parse_site_url("javascript:alert(1)")
    ... except CellError as error:
    ...     print(str(error).split(";")[-1])
     found 'javascript:alert(1)'
    """
    text = parse_text(value)
    if _HOST_RE.fullmatch(text):
        text = f"https://{text}"
    if len(text) > MAX_URL or not _WEB_ADDRESS_RE.fullmatch(text):
        shown = text if len(text) <= 80 else text[:80] + "…"
        raise CellError.saying(texts.EXPECTED_WEB_ADDRESS, limit=MAX_URL, found=shown)
    return text


def parse_sender(value: Any) -> str:
    """The ``email_from`` address: one plain address that a header and SMTP accept.

    >>> parse_sender("organiser@example.org")
    'organiser@example.org'
    """
    text = parse_one_line(value)
    problem = address_problem(text)
    if problem is not None:
        unusable = say(mail_texts.ADDRESS_UNUSABLE, address=text, problem=problem)
        raise CellError.saying(mail_texts.SENDER_ONLY_ADDRESS, problem=unusable)
    return text


def parse_host(value: Any) -> str:
    """The ``smtp_host``: a host name or an IP address."""
    text = parse_one_line(value)
    if not is_host_name(text):
        raise CellError.saying(mail_texts.HOST_NOT_A_NAME, host=text)
    return text


def parse_port(value: Any) -> int:
    """The ``smtp_port``: 1 to 65535."""
    port = parse_int(value)
    if not 0 < port < 65536:
        raise CellError.saying(mail_texts.PORT_OUT_OF_RANGE, port=port)
    return port


def _at_least_one(what: Entry) -> Callable[[Any], int]:
    """A parser of a whole number of at least 1, saying ``what`` was expected otherwise."""

    def parse(value: Any) -> int:
        number = parse_int(value)
        if number < 1:
            raise CellError.saying(what, found=number)
        return number

    return parse


#: ``schedule_meetings``: how often each two members meet in a planned season, at least 1.
parse_meetings = _at_least_one(texts.SCHEDULE_MEETINGS_NOT_POSITIVE)
#: ``limit``: the classical hands' limit, at least 1 (a limit of 0 or -5 settled every hand so).
parse_limit = _at_least_one(texts.LIMIT_NOT_POSITIVE)


def read_settings(book: Workbook, problems: Problems) -> tuple[Settings, Ruleset]:
    """Settings and rule variants from the ``Settings`` sheet; defaults where it is absent."""
    if book.find(SHEET) is None:
        return Settings(), Ruleset()
    table = read_sheet(book, SETTINGS, problems)
    if table is None:
        return Settings(), Ruleset()
    given = _Given(table, _read_values(table))
    settings = _settings(given)
    if settings.mode == "tournament" and settings.season_complete:
        given.table.warning(given.row("season_complete"), VALUE, texts.COMPLETE_IN_TOURNAMENT)
        settings = replace(settings, season_complete=False)
    return settings, _ruleset(given)


def _read_values(table: Table) -> dict[str, tuple[int, Any]]:
    """Each known setting's row and raw value; unknown and repeated keys are reported."""
    values: dict[str, tuple[int, Any]] = {}
    for row in table:
        key = row.value(KEY)
        if key is None:
            continue
        name = key.strip().casefold().replace(" ", "_").replace("-", "_")
        if name not in KNOWN_KEYS:
            row.warning(KEY, texts.UNKNOWN_SETTING, key=key, known=", ".join(KNOWN_KEYS))
            continue
        if name in values:
            row.error(KEY, texts.SETTING_TWICE, name=name, row=values[name][0])
            continue
        values[name] = (row.number, row.raw(VALUE))
    return values


class _Given:
    """The settings given in the sheet, parsed on request; a bad value is reported."""

    def __init__(self, table: Table, values: dict[str, tuple[int, Any]]) -> None:
        self.table = table
        self.values = values

    def get(self, name: str, parse: Callable[[Any], T], default: T) -> T:
        """Setting ``name`` parsed by ``parse``; ``default`` when absent or bad (reported)."""
        if name not in self.values or self.values[name][1] is None:
            return default
        number, value = self.values[name]
        try:
            return parse(value)
        except CellError as exc:
            self.table.error(number, VALUE, texts.SETTING_BAD_VALUE, name=name, problem=exc.message)
            return default

    def row(self, name: str) -> int:
        """The row where setting ``name`` is given."""
        return self.values[name][0]


def parse_days(value: Any) -> int:
    """A tournament's number of days: a whole number from 1 to 14."""
    days = parse_int(value)
    if not 1 <= days <= MOST_DAYS:
        raise CellError.saying(texts.DAYS_OUT_OF_RANGE, most=MOST_DAYS, found=days)
    return days


def parse_start(value: Any) -> str:
    """A session's start: a time (``14:30``, or an Excel time) or a date and time (an Excel
    date-time, or ``2026-03-14 14:30``), as ``14:30`` or ``2026-03-14T14:30``.

    >>> parse_start("14:30"), parse_start(" 2026-03-14 9:05 "), parse_start(0.5)
    ('14:30', '2026-03-14T09:05', '12:00')
    """
    if isinstance(value, dt.datetime):
        return value.strftime("%Y-%m-%dT%H:%M")
    if isinstance(value, dt.time):
        return value.strftime("%H:%M")
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < 1:
        minutes = round(value * 24 * 60)
        return f"{minutes // 60:02d}:{minutes % 60:02d}"
    text = str(value).strip()
    match = START.fullmatch(text)
    if match is None:
        raise CellError.saying(texts.START_NOT_A_TIME, found=text)
    date, hour, minute = match.group(1), int(match.group(2)), int(match.group(3))
    if hour > 23 or minute > 59:
        raise CellError.saying(texts.START_NOT_A_TIME, found=text)
    if date:
        try:
            dt.date.fromisoformat(date)
        except ValueError:
            raise CellError.saying(texts.START_NOT_A_TIME, found=text) from None
    return f"{date}T{hour:02d}:{minute:02d}" if date else f"{hour:02d}:{minute:02d}"


#: ``14:30`` or ``2026-03-14 14:30`` (or with a ``T``).
START = re.compile(r"(?:(\d{4}-\d{2}-\d{2})[ T])?(\d{1,2})[:.](\d{2})")

#: The longest tournament, in days.
MOST_DAYS = 14


def _choice(options: tuple[T, ...], what: Entry) -> Callable[[Any], T]:
    """A parser for one of ``options`` (lower-case words), saying ``what`` when it is not."""
    return lambda v: parse_keyword(v, {str(o): o for o in options}, what)


def _settings(given: _Given) -> Settings:
    raw = {k: parse_text(v) for k, (_, v) in given.values.items() if v is not None}
    return Settings(
        club=given.get("club", _limited(parse_one_line), ""),
        tournament=given.get("tournament", _limited(parse_text), ""),
        season=given.get("season", _limited(parse_text), ""),
        season_start=given.get("season_start", parse_date, None),
        as_of=given.get("as_of", parse_date, None),
        mode=given.get("mode", _choice(("league", "tournament"), texts.WHAT_MODE), "league"),
        game=str(given.get("game", parse_game_type, GameType.RIICHI)),
        language=given.get("language", _choice(LANGUAGES, texts.WHAT_LANGUAGE), "en"),
        season_complete=given.get("season_complete", parse_yes_no, False),
        email_from=given.get("email_from", parse_sender, ""),
        smtp_host=given.get("smtp_host", parse_host, ""),
        smtp_port=given.get("smtp_port", parse_port, None),
        site_url=given.get("site_url", parse_site_url, ""),
        city=given.get("city", _limited(parse_one_line), ""),
        days=given.get("days", parse_days, 1),
        qualification=given.get("qualification", parse_yes_no, False),
        next_session_start=given.get("next_session_start", parse_start, ""),
        raw=raw,
    )


def _other_rulesets_uma(
    given: _Given, ruleset: RiichiRulesetName, uma: tuple[int | Fraction, ...]
) -> None:
    """Warn of an ``uma`` that is exactly another ruleset's (a template's or last season's
    line, left when ``riichi_ruleset`` changed): it wins over the ruleset chosen."""
    own = UMA_BY_RULESET[ruleset]
    for other, theirs in UMA_BY_RULESET.items():
        if other != ruleset and tuple(uma) == theirs != own:
            given.table.warning(
                given.row("uma"),
                VALUE,
                texts.UMA_OTHER_RULESET,
                uma=",".join(str(u) for u in uma),
                other=other,
                ruleset=ruleset,
                own=",".join(str(u) for u in own),
            )


def _ruleset(given: _Given) -> Ruleset:
    ruleset_name: RiichiRulesetName = given.get(
        "riichi_ruleset", _choice(RIICHI_RULESETS, texts.WHAT_RULESET), "ema2016"
    )
    overrides: dict[str, Any] = {}
    start = given.get("start_points", parse_int, None)
    if start is not None:
        if start <= 0:
            given.table.error(
                given.row("start_points"), VALUE, texts.START_POINTS_NOT_POSITIVE, value=start
            )
        else:
            overrides["start_points"] = start
    uma: tuple[int | Fraction, ...] | None = given.get("uma", parse_four_numbers, None)
    if uma is not None:
        if all(-1000 < u < 1000 for u in uma):
            uma = tuple(u * 1000 for u in uma)
        if uma_total(uma) is not None:
            shown = ", ".join(str(u) for u in uma)
            given.table.warning(given.row("uma"), VALUE, texts.UMA_NOT_ZERO, uma=shown)
        _other_rulesets_uma(given, ruleset_name, uma)
        overrides["uma"] = uma
    table_points: tuple[int | Fraction, ...] | None
    table_points = given.get("mcr_table_points", parse_four_numbers, None)
    if table_points is not None:
        overrides["mcr_table_points"] = table_points
    meetings = given.get("schedule_meetings", parse_meetings, None)
    if meetings is not None:
        overrides["schedule_meetings"] = meetings
    limit = given.get("limit", parse_limit, None)
    if limit is not None:
        overrides["classical"] = ClassicalRules(limit=limit)
    return Ruleset.for_riichi_ruleset(ruleset_name, **overrides)
