"""The pipeline: read the workbook → compute every capability → build and write the outputs.

Each step walks :data:`~mahjong_club.capabilities.REGISTRY`, so a capability is added in one
place (see docs/architecture.md). Nothing is written until everything is built, and nothing is
sent until everything is written.

    >>> [c.name for c in REGISTRY][:3]
    ['standings', 'tournament', 'attendance']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from mahjong_club.capabilities import REGISTRY, Options, Run
from mahjong_club.capabilities.base import Mode
from mahjong_club.capabilities.standings import STANDINGS
from mahjong_club.common.files import replace_folder, write_text_atomic
from mahjong_club.common.problems import Problems
from mahjong_club.mail.compose import Outgoing, compose
from mahjong_club.mail.send import outbox_files
from mahjong_club.model import Season
from mahjong_club.reading import (
    check_formulas,
    check_something_to_do,
    open_workbook,
    read_players,
    read_settings,
)
from mahjong_club.site.build import build_site
from mahjong_club.site.render import render_site
from mahjong_club.site.views import SiteView
from mahjong_club.workbook.sheets import problems_sheet
from mahjong_club.workbook.xlsx import ResultSheet, write_result_workbook

#: The sheets every workbook may have, whatever its capabilities.
COMMON_SHEETS = ("Settings", "Players")


def input_sheets() -> list[str]:
    """Every sheet the tool reads (their formulas are checked for saved values)."""
    names = list(COMMON_SHEETS)
    for capability in REGISTRY:
        names += [s for s in capability.sheets if s not in names]
    return names


def mode_of(season: Season) -> Mode:
    """The workbook's mode: a league season (the default) or a tournament."""
    return "tournament" if season.tournament else "league"


def read_workbook(path: Path) -> tuple[Season, Problems]:
    """Read and check the workbook at ``path``; problems are returned, not raised.

    Raises :class:`~mahjong_club.reading.tables.WorkbookError` when the file is not a
    readable .xlsx workbook.
    """
    problems = Problems()
    book = open_workbook(path)
    season = Season()
    check_formulas(path, book, problems, input_sheets())
    season.settings, season.ruleset = read_settings(book, problems)
    if book.find("Players") is not None:
        season.players = read_players(book, problems)
    season.tournament = season.settings.mode == "tournament"
    mode = mode_of(season)
    for capability in REGISTRY:
        if mode in capability.modes:
            capability.read(book, season, problems)
    if mode == "league" and not season.has_league:
        check_something_to_do(book, season, problems)
    return season, problems


def compute(season: Season, problems: Problems, options: Options | None = None) -> Run:
    """Every capability's result, in registry order (a later one may use an earlier one's)."""
    run = Run(season, problems, options or Options())
    mode = mode_of(season)
    for capability in REGISTRY:
        if mode in capability.modes:
            run.store(capability, capability.compute(run))
    return run


@dataclass
class Outputs:
    """Everything a run writes, built in memory before anything is written."""

    sheets: list[ResultSheet]
    exports: dict[str, str]
    site: SiteView
    pages: dict[str, str]
    emails: list[Outgoing]
    text: str
    warnings: list[str] = field(default_factory=list)


def result_sheets(run: Run) -> list[ResultSheet]:
    """Every result sheet, in registry order, then ``Problems`` with the run's warnings."""
    sheets: list[ResultSheet] = []
    for capability, result in run.results():
        sheets += capability.result_sheets(run, result)
    sheets.append(problems_sheet(run.problems.warnings))
    return sheets


def console_text(run: Run) -> str:
    """What the run prints about its results: each capability's section, in registry order."""
    sections = [capability.console(run, result) for capability, result in run.results()]
    return "\n\n".join(s for s in sections if s) + "\n"


def site_view(run: Run) -> SiteView:
    """The site's view: the standings' divisions and players, then every capability's part."""
    warnings = [str(p) for p in run.problems.warnings]
    site = build_site(run.season, run.result(STANDINGS), warnings)
    for capability, result in run.results():
        site.add_sections(capability.player_sections(run, result, site))
        site.organiser_sections.extend(capability.organiser_sections(run, result, site))
        site.add_pages(capability.pages(run, result, site))
    return site


def build_outputs(run: Run) -> Outputs:
    """The result sheets, the exports, the site's pages, the emails and the terminal text."""
    exports: dict[str, str] = {}
    for capability, result in run.results():
        exports.update(capability.exports(run, result))
    site = site_view(run)
    return Outputs(
        result_sheets(run),
        exports,
        site,
        render_site(site),
        compose(site, run.season.settings.email_from),
        console_text(run),
    )


def write_outputs(source: Path, out_dir: Path, outputs: Outputs) -> list[Path]:
    """Write the workbook copy, the exports, ``report/`` and ``outbox/``; returns the paths."""
    target = out_dir / f"{source.stem}.xlsx"
    write_result_workbook(source, target, outputs.sheets)
    written = [target]
    for name, text in outputs.exports.items():
        write_text_atomic(out_dir / name, text)
        written.append(out_dir / name)
    replace_folder(out_dir / "report", outputs.pages)
    replace_folder(out_dir / "outbox", outbox_files(outputs.emails))
    return [*written, out_dir / "report", out_dir / "outbox"]
