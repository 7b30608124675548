"""The ``Settings`` sheet (``Key``, ``Value``): the club's choices for this workbook.

Keys (case-insensitive): ``club``, ``tournament``, ``season``, ``season_start``, ``as_of``,
``mode`` (league/tournament), ``language`` (en/da), ``riichi_ruleset`` (ema2016/ema-revised),
``start_points``, ``uma``, ``mcr_table_points``, ``limit``, ``season_complete``, ``email_from``,
``smtp_host``, ``smtp_port``, and ``site_url`` (where the club publishes the site, linked from
the emails). Unknown keys are a warning; a bad value is an error.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from mahjong_club.common.problems import Problems
from mahjong_club.reading.cells import (
    CellError,
    parse_date,
    parse_int,
    parse_keyword,
    parse_number,
    parse_text,
    parse_yes_no,
)
from mahjong_club.reading.tables import Column, Workbook, read_table
from rules.classical import ClassicalRules
from rules.ruleset import RIICHI_RULESETS, Ruleset

SHEET = "Settings"
KNOWN_KEYS = (
    "club",
    "tournament",
    "season",
    "season_start",
    "as_of",
    "mode",
    "language",
    "riichi_ruleset",
    "start_points",
    "uma",
    "mcr_table_points",
    "limit",
    "season_complete",
    "email_from",
    "smtp_host",
    "smtp_port",
    "site_url",
)


@dataclass(frozen=True)
class Settings:
    """The settings that are not rule variants (those live in :class:`Ruleset`)."""

    club: str = ""
    tournament: str = ""
    season: str = ""
    season_start: dt.date | None = None
    as_of: dt.date | None = None
    mode: str = "league"
    language: str = "en"
    season_complete: bool = False
    email_from: str = ""
    smtp_host: str = ""
    smtp_port: int | None = None
    site_url: str = ""
    raw: dict[str, str] = field(default_factory=dict)


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
        raise CellError(
            f"expected four numbers by placement, like 15000,5000,-5000,-15000; found {text!r}"
        )
    numbers: list[int | Fraction] = []
    for part in parts:
        number = parse_number(part.strip())
        numbers.append(int(number) if number.denominator == 1 else number)
    return tuple(numbers)


def read_settings(book: Workbook, problems: Problems) -> tuple[Settings, Ruleset]:
    """Settings and rule variants from the ``Settings`` sheet; defaults where it is absent."""
    if book.find(SHEET) is None:
        return Settings(), Ruleset()
    table = read_table(book, SHEET, [Column("Key"), Column("Value", required=False)], problems)
    if table is None:
        return Settings(), Ruleset()
    values: dict[str, tuple[int, Any]] = {}
    for row in table:
        key = row.get(problems, "Key", parse_text, what="the setting's name")
        if key is None:
            continue
        name = key.strip().casefold().replace(" ", "_").replace("-", "_")
        if name not in KNOWN_KEYS:
            problems.warning(
                table.sheet,
                row.number,
                table.column_label("Key"),
                f"unknown setting {key!r} is ignored; known settings: {', '.join(KNOWN_KEYS)}",
            )
            continue
        if name in values:
            problems.error(
                table.sheet,
                row.number,
                table.column_label("Key"),
                f"setting {name!r} is given twice (also in row {values[name][0]})",
            )
            continue
        values[name] = (row.number, row.raw("Value"))

    def get(name: str, parse: Any, default: Any) -> Any:
        if name not in values or values[name][1] is None:
            return default
        number, value = values[name]
        try:
            return parse(value)
        except CellError as exc:
            problems.error(table.sheet, number, table.column_label("Value"), f"{name}: {exc}")
            return default

    def choice(options: tuple[str, ...], what: str) -> Any:
        return lambda v: parse_keyword(v, {o: o for o in options}, what)

    raw = {k: parse_text(v) for k, (_, v) in values.items() if v is not None}
    settings = Settings(
        club=get("club", parse_text, ""),
        tournament=get("tournament", parse_text, ""),
        season=get("season", parse_text, ""),
        season_start=get("season_start", parse_date, None),
        as_of=get("as_of", parse_date, None),
        mode=get("mode", choice(("league", "tournament"), "league or tournament"), "league"),
        language=get("language", choice(("en", "da"), "a language"), "en"),
        season_complete=get("season_complete", parse_yes_no, False),
        email_from=get("email_from", parse_text, ""),
        smtp_host=get("smtp_host", parse_text, ""),
        smtp_port=get("smtp_port", parse_int, None),
        site_url=get("site_url", parse_text, ""),
        raw=raw,
    )
    ruleset_name = get("riichi_ruleset", choice(RIICHI_RULESETS, "a riichi ruleset"), "ema2016")
    overrides: dict[str, Any] = {}
    start = get("start_points", parse_int, None)
    if start is not None:
        if start <= 0:
            problems.error(
                table.sheet,
                values["start_points"][0],
                table.column_label("Value"),
                f"start_points: expected a positive whole number, found {start}",
            )
        else:
            overrides["start_points"] = start
    uma = get("uma", parse_four_numbers, None)
    if uma is not None:
        if all(abs(u) < 1000 for u in uma):
            uma = tuple(u * 1000 for u in uma)
        if sum(uma) != 0:
            problems.warning(
                table.sheet,
                values["uma"][0],
                table.column_label("Value"),
                f"uma {', '.join(str(u) for u in uma)} does not add up to 0",
            )
        overrides["uma"] = uma
    table_points = get("mcr_table_points", parse_four_numbers, None)
    if table_points is not None:
        overrides["mcr_table_points"] = table_points
    limit = get("limit", parse_int, None)
    if limit is not None:
        overrides["classical"] = ClassicalRules(limit=limit)
    ruleset = Ruleset.for_riichi_ruleset(ruleset_name, **overrides)
    return settings, ruleset
