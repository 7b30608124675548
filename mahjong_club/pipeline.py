"""The pipeline: read the workbook → compute every capability → build and write the outputs.

Each step walks :data:`~mahjong_club.capabilities.REGISTRY`, so a capability is added in one
place (see docs/architecture.md). Nothing is written until everything is built (the site's
pages are rendered straight into the run's new version folder, which is shown only once
everything is written), and nothing is sent until everything is written.

    >>> [c.name for c in REGISTRY][:3]
    ['standings', 'tournament', 'teams']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from mahjong_club.capabilities import REGISTRY, Options, Run
from mahjong_club.capabilities.attendance import ATTENDANCE
from mahjong_club.capabilities.base import Export, Mode
from mahjong_club.capabilities.standings import STANDINGS
from mahjong_club.common.carry import draw_output
from mahjong_club.common.files import write_tree
from mahjong_club.common.problems import Problems
from mahjong_club.common.progress import Progress
from mahjong_club.common.publish import publish
from mahjong_club.common.stamp import FileStamp
from mahjong_club.common.text import fold_name, safe_file_name
from mahjong_club.compute.standings import DiceAction
from mahjong_club.mail.compose import Outgoing, compose
from mahjong_club.mail.send import outbox_files
from mahjong_club.messages import league as texts
from mahjong_club.messages import output as output_texts
from mahjong_club.messages.core import Entry, Message, say
from mahjong_club.messages.progress import PROGRESS
from mahjong_club.model import Season
from mahjong_club.reading import (
    Workbook,
    check_formulas,
    open_workbook,
    read_players,
    read_settings,
    warn_renamed,
)
from mahjong_club.site.build import build_site
from mahjong_club.site.render import SitePages, write_pages
from mahjong_club.site.views import SiteView
from mahjong_club.workbook.sheet_notes import additions_said, sheet_notes
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


def renamed_candidates(mode: Mode) -> list[str]:
    """The sheets a sheet of another name may be taken for (``Spillere`` for ``Players``,
    reading/sheet_names): the common ones and the league's own, in this ``mode`` (a
    tournament reads no Divisions); never a separate feature's (Hands, a duplicate's
    Boards), whose names a league workbook's own sheets may well have."""
    names = [*COMMON_SHEETS]
    for capability in REGISTRY:
        if mode in capability.modes and capability.needs_league:
            names += [s for s in capability.sheets if s not in names]
    return [n for n in names if not (mode == "tournament" and n == "Divisions")]


def mode_of(season: Season) -> Mode:
    """The workbook's mode: a league season (the default) or a tournament."""
    return "tournament" if season.tournament else "league"


def read_workbook(path: Path, progress: Progress | None = None) -> tuple[Season, Problems]:
    """Read and check the workbook at ``path``; problems are returned, not raised. Each step
    (opening, the formulas' check, each sheet or capability) is told to ``progress``. Raises
    :class:`~mahjong_club.reading.tables.WorkbookError` when the file is not a readable .xlsx.
    """
    progress = progress or Progress()
    progress.stage("read", say(PROGRESS["read"], name=path.name), 4 + len(REGISTRY))
    problems = Problems()
    progress.doing(say(PROGRESS["open"]))
    stamp = FileStamp.of(path)  # before anything is read: a save meanwhile is seen at writing
    book = open_workbook(path)
    season = Season(source_stamp=stamp)
    progress.doing(say(PROGRESS["formulas"]))
    check_formulas(path, book, problems, input_sheets())
    progress.doing("Settings")
    season.settings, season.ruleset = read_settings(book, problems)
    progress.doing("Players")
    if book.find("Players") is not None:
        season.players = read_players(book, problems)
    season.tournament = season.settings.mode == "tournament"
    mode = mode_of(season)
    used = [capability for capability in REGISTRY if mode in capability.modes]
    book.read_soon = [sheet for capability in used for sheet in capability.read_early]
    progress.total = 4 + len(used)
    try:
        for capability in used:
            progress.doing(", ".join(capability.sheets) or capability.name)
            capability.read(book, season, problems)
    finally:  # also when a sheet is refused: nothing kept while its error is shown
        book.forget_unpacked()
    warn_renamed(book.sheet_names, renamed_candidates(mode), problems)
    if mode == "league":
        check_something_to_do(book, season, problems)
    progress.finish()
    return season, problems


def check_something_to_do(book: Workbook, season: Season, problems: Problems) -> None:
    """A workbook that no capability has anything to do for is an error; without a league,
    the sheets that only mean something in a league are ignored, with a warning."""
    if not any(capability.found(season) for capability in REGISTRY):
        sheets = ", ".join(repr(s) for s in book.sheet_names)
        own = {fold_name(s) for capability in REGISTRY for s in capability.sheets}
        if not any(fold_name(p.sheet) in own for p in problems.errors):  # else it says why
            problems.error("", None, "", texts.NOTHING_TO_DO, sheets=sheets)
        return
    if season.has_league:
        return
    for capability in REGISTRY:
        for name in capability.sheets if capability.needs_league else ():
            actual = book.find(name)
            if actual is not None:
                problems.warning(actual, None, "", say(texts.LEAGUE_SHEET_IGNORED, sheet=name))


def compute(
    season: Season,
    problems: Problems,
    options: Options | None = None,
    progress: Progress | None = None,
) -> Run:
    """Every capability's result, in registry order (a later one may use an earlier one's)."""
    progress = progress or Progress()
    run = Run(season, problems, options or Options())
    mode = mode_of(season)
    used = [capability for capability in REGISTRY if mode in capability.modes]
    progress.stage("compute", say(PROGRESS["compute"]), len(used))
    for capability in used:
        progress.doing(capability.name)
        run.store(capability, capability.compute(run))
    progress.finish()
    return run


@dataclass(frozen=True)
class Parts:
    """Which outputs beside the workbook a run makes: the site (``report/``) and the emails
    (``outbox/``). A workbook-only run (``--no-site --no-email``) builds neither, not even the
    site's view of every game that both are made from."""

    site: bool = True
    emails: bool = True


@dataclass
class Outputs:
    """Everything a run writes, built in memory before anything is written; the site's
    ``pages`` are each rendered as they are written (:class:`~mahjong_club.site.render.SitePages`:
    a federation's half a gigabyte of HTML is never held). ``site`` is None when neither the
    site nor the emails were asked for; ``pages`` and ``emails`` are empty when they were not
    asked for (``parts`` says which were)."""

    sheets: list[ResultSheet]
    exports: list[Export]
    site: SiteView | None
    pages: Mapping[str, str]
    emails: list[Outgoing]
    text: str
    parts: Parts = Parts()
    language: str = "en"
    source_stamp: FileStamp | None = None  # the workbook file as it was read


@dataclass(frozen=True)
class Actions:
    """What a run leaves for the organiser to do, whichever way they ran it; the command line
    and the drop page each word it for where the organiser is (a command's option, a form's
    field).

    ``dice``: ties that only dice can settle once the season is complete (those deciding
    promotion or relegation flagged ``decides``); ``new_dice``: how many rolls this run made,
    which count next time only when copied into the organiser's own workbook;
    ``substitutable``: the members who attended too few club nights (rules.md 1.4).
    """

    dice: list[DiceAction]
    new_dice: int
    substitutable: list[str]

    def __bool__(self) -> bool:
        return bool(self.dice or self.new_dice or self.substitutable)

    def dice_said(self, decides: Entry, needed: Entry) -> list[Message]:
        """Each tie awaiting dice in a front end's words: ``decides`` for one that decides
        promotion or relegation, else ``needed``; both take the division, the tied players,
        the round and who has yet to roll."""
        return [
            say(
                decides if action.decides else needed,
                division=action.division,
                players=", ".join(action.needed.players),
                round=action.needed.round,
                missing=", ".join(action.needed.missing),
            )
            for action in self.dice
        ]


def actions_of(run: Run) -> Actions:
    """What ``run`` leaves for the organiser to do (:class:`Actions`)."""
    standings, attendance = run.result(STANDINGS), run.result(ATTENDANCE)
    members = attendance.to_act_on() if attendance is not None else []
    return Actions(
        dice=list(standings.dice_actions) if standings is not None else [],
        new_dice=len(standings.new_dice) if standings is not None else 0,
        substitutable=[m.player for m in members],
    )


def result_sheets(run: Run, source: Path | None = None) -> list[ResultSheet]:
    """Every result sheet, in registry order, then ``Problems`` with the run's warnings.

    With the organiser's workbook ``source``, a result sheet that will replace a sheet of the
    organiser's own (one this tool did not write) is a warning first.
    """
    sheets: list[ResultSheet] = []
    for capability, result in run.results():
        sheets += capability.result_sheets(run, result)
    if source is not None:
        notes = sheet_notes(source, sheets)
        for name in notes.foreign:
            run.problems.warning(name, None, "", output_texts.REPLACES_OWN_SHEET, sheet=name)
        for name, kinds in notes.edited:
            said = {"sheet": name, "what": additions_said(kinds)}
            run.problems.warning(name, None, "", output_texts.EDITED_RESULT_SHEET, **said)
        for name in notes.stale:
            run.problems.warning(name, None, "", output_texts.STALE_RESULT_SHEET, sheet=name)
    sheets.append(problems_sheet(run.problems.warnings, run.season.settings.language))
    return sheets


def console_text(run: Run) -> str:
    """What the run prints about its results: each capability's section, in registry order."""
    sections = [capability.console(run, result) for capability, result in run.results()]
    return "\n\n".join(s for s in sections if s) + "\n"


def site_view(run: Run) -> SiteView:
    """The site's view: the standings' divisions and players, then every capability's part."""
    language = run.season.settings.language
    warnings = [p.render(language) for p in run.problems.warnings]
    site = build_site(run.season, run.result(STANDINGS), warnings)
    site.tournament = run.season.tournament
    site.addresses = {name: p.email for name, p in run.season.players.items() if p.email}
    site.unusable = {n: p.unusable_email for n, p in run.season.players.items() if p.unusable_email}
    for capability, result in run.results():
        site.add_sections(capability.player_sections(run, result, site))
        site.organiser_sections.extend(capability.organiser_sections(run, result, site))
        site.add_pages(capability.pages(run, result, site))
        site.index_sections.extend(capability.index_sections(run, result, site))
    return site


def build_outputs(
    run: Run,
    source: Path | None = None,
    progress: Progress | None = None,
    parts: Parts = Parts(),
) -> Outputs:
    """The result sheets, the exports, the site's pages, the emails and the terminal text.

    ``source`` is the organiser's workbook (see :func:`result_sheets`); ``parts`` says whether
    the site and the emails are made (both by default).
    """
    progress = progress or Progress()
    needs_view = parts.site or parts.emails
    progress.stage("build", say(PROGRESS["build"]), 3 if needs_view else 2)
    progress.doing(say(PROGRESS["exports"]))
    exports: list[Export] = []
    for capability, result in run.results():
        exports += capability.exports(run, result)
    progress.doing(say(PROGRESS["result_sheets"]))
    sheets = result_sheets(run, source)  # first: it may add a warning the site shows
    site = None
    if needs_view:
        progress.doing(say(PROGRESS["site"]))
        site = site_view(run)
    progress.finish()
    language = run.season.settings.language
    stamp = run.season.source_stamp
    outputs = Outputs(sheets, exports, site, {}, [], console_text(run), parts, language, stamp)
    if site is None:
        return outputs
    if parts.site:  # each page is rendered as it is written (SitePages)
        outputs.pages = SitePages(site)
    if parts.emails:
        progress.stage("render", say(PROGRESS["render"]), 1)
        progress.doing(say(PROGRESS["compose"]))
        outputs.emails = compose(site, run.season.settings.email_from)
        progress.finish()
    return outputs


@dataclass(frozen=True)
class Written:
    """Where a run's outputs went (``report``/``outbox`` None when the run made none)."""

    workbook: Path
    exports: list[tuple[Path, Export]]
    report: Path | None
    outbox: Path | None
    #: Real files and folders found under the outputs' names, kept in ``.runs/kept-…``.
    kept: list[Path] = field(default_factory=list)


#: The site's and the emails' folders in the output folder.
REPORT, OUTBOX = "report", "outbox"


def output_workbook_name(source: Path) -> str:
    """The updated copy's file name: the input's, made a safe file name (``season.xlsx``)."""
    return safe_file_name(source.stem, suffix=".xlsx", fallback="workbook")


def check_pages(outputs: Outputs, progress: Progress | None = None) -> None:
    """Render every page of the site and keep none: a dry run finds a page that cannot be
    rendered as the run that writes it would (the pages are otherwise rendered as they are
    written, :func:`write_outputs`)."""
    pages = outputs.pages
    if not outputs.parts.site or not isinstance(pages, SitePages):
        return
    progress = progress or Progress()
    progress.stage("render", say(PROGRESS["check_pages"]), len(pages))
    pages.check(page_told(progress))
    progress.finish()


def page_told(progress: Progress) -> Callable[[str], None]:
    """What tells ``progress`` of each page as it is rendered and written."""
    return lambda file: progress.doing(say(PROGRESS["page"], file=file))


def write_outputs(
    source: Path, out_dir: Path, outputs: Outputs, progress: Progress | None = None
) -> Written:
    """Write the workbook copy, the exports, ``report/`` and ``outbox/``, all at once.

    Everything is written into a new version folder, shown in ``out_dir`` in one step
    (:func:`~mahjong_club.common.publish.publish`, the draw's outputs there kept): after any
    failure ``out_dir`` shows the previous results or the new ones, complete. The input is
    only read (if saved again since, nothing is shown). A run without the site or the emails
    (:class:`Parts`) leaves no ``report``/``outbox`` of an earlier run beside its workbook."""
    progress = progress or Progress()
    workbook = output_workbook_name(source)
    taken = {workbook.casefold(), REPORT, OUTBOX}
    exports = []
    for export in outputs.exports:
        name = Path(export.file)
        exports.append((safe_file_name(name.stem, taken, suffix=name.suffix), export))
    parts = outputs.parts
    folders = [REPORT] * parts.site + [OUTBOX] * parts.emails
    pages = len(outputs.pages) if parts.site else 0  # a step each: a federation has thousands
    progress.stage("write", say(PROGRESS["write"], folder=str(out_dir)), 3 + len(folders) + pages)

    def build(folder: Path) -> None:
        progress.doing(say(PROGRESS["workbook"], name=workbook))
        made = outputs.sheets, outputs.language, outputs.source_stamp
        write_result_workbook(source, folder / workbook, *made)
        progress.doing(say(PROGRESS["exports"]))
        write_tree(folder, {name: export.text for name, export in exports})
        if parts.site:
            progress.doing(say(PROGRESS["pages"], count=len(outputs.pages)))
            write_pages(folder / REPORT, outputs.pages, page_told(progress))
        if parts.emails:
            progress.doing(say(PROGRESS["emails"], count=len(outputs.emails)))
            write_tree(folder / OUTBOX, outbox_files(outputs.emails))
        progress.doing(say(PROGRESS["publish"]))

    retired = [REPORT] * (not parts.site) + [OUTBOX] * (not parts.emails)
    names = [workbook, *(name for name, _ in exports), *folders]
    kept = publish(out_dir, names, build, retired, carry=draw_output)
    progress.finish()
    return Written(
        out_dir / workbook,
        [(out_dir / name, export) for name, export in exports],
        out_dir / REPORT if parts.site else None,
        out_dir / OUTBOX if parts.emails else None,
        kept,
    )
