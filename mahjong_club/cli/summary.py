"""The short summary that ends a run: what was written, how many warnings, what needs doing.

What needs the organiser's action: ties that only dice can settle (once the season is
complete, those deciding promotion or relegation first; during the season a tie is a warning
in the Problems sheet, not an action: more games will settle most ties), dice rolled this run that
must be copied into the organiser's own workbook, substitutable members, emails written but
not sent. The words are the catalogue's (``messages/terminal.py``).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from mahjong_club.capabilities import Run
from mahjong_club.capabilities.standings import STANDINGS
from mahjong_club.common.problems import Problems
from mahjong_club.common.text import printable
from mahjong_club.mail.ledger import LedgerError
from mahjong_club.mail.seasons import season_ledger
from mahjong_club.messages import compute as compute_texts
from mahjong_club.messages import terminal as texts
from mahjong_club.messages.core import Message, say
from mahjong_club.messages.terminal import counted
from mahjong_club.pipeline import Outputs, Written, actions_of


@dataclass(frozen=True)
class Asked:
    """What the command line asked for that the summary depends on."""

    source: Path
    dry_run: bool = False
    send: bool = False
    roll_dice: bool = False
    verbose: bool = False


def lock_files(source: Path) -> list[tuple[str, Path]]:
    """The spreadsheet programs that have ``source`` open, by the lock file each leaves
    beside it: Excel's ``~$season.xlsx``, LibreOffice's ``.~lock.season.xlsx#``."""
    candidates = [
        ("Excel", source.with_name(f"~${source.name}")),
        ("LibreOffice", source.with_name(f".~lock.{source.name}#")),
    ]
    return [(program, lock) for program, lock in candidates if os.path.lexists(lock)]


def warn_if_open(source: Path, problems: Problems) -> None:
    """A warning for each program that has the workbook open: unsaved changes are not read."""
    for program, lock in lock_files(source):
        problems.warning(
            "", None, "", texts.WORKBOOK_OPEN, name=source.name, program=program, lock=lock.name
        )


def shown(path: Path) -> str:
    """A path as the terminal prints it: control characters escaped (``\\x1b``)."""
    return printable(str(path))


def kept_line(name: Path, kept: Path) -> Message:
    """That the real file or folder ``name`` found under an output's name is kept at ``kept``."""
    return say(texts.KEPT_REAL, name=shown(name), kept=shown(kept))


def written_lines(written: Written, outputs: Outputs, verbose: bool) -> list[str]:
    """What the run wrote; every email's file, address and subject only with ``-v``."""
    lines = [str(say(texts.WROTE, path=shown(written.workbook)))]
    lines += [
        str(say(texts.WROTE_EXPORT, path=shown(path), what=export.what))
        for path, export in written.exports
    ]
    if written.report is None:
        lines.append(str(say(texts.NO_SITE)))
    else:
        pages = counted(len(outputs.pages), texts.PAGES)
        lines.append(str(say(texts.WROTE_PAGES, pages=pages, folder=shown(written.report))))
    if written.outbox is None:
        lines.append(str(say(texts.NO_EMAILS)))
    else:
        emails = counted(len(outputs.emails), texts.EMAILS)
        lines.append(str(say(texts.WROTE_EMAILS, emails=emails, folder=shown(written.outbox))))
    lines += [str(kept_line(written.workbook.parent / k.name, k)) for k in written.kept]
    if verbose:
        none = str(say(texts.NO_ADDRESS))
        lines += [
            printable(f"  {o.filename}: {o.to or none} — {o.subject}") for o in outputs.emails
        ]
    return lines


def warnings_line(count: int, asked: Asked, written: Written | None) -> str:
    """'2 warnings — see the Problems sheet of out/season/season.xlsx'."""
    if count == 0:
        return str(say(texts.NO_WARNINGS))
    warnings = counted(count, texts.WARNINGS)
    if written is None:
        return str(say(texts.WARNINGS_DRY_RUN, warnings=warnings))
    return str(say(texts.WARNINGS_IN_SHEET, warnings=warnings, workbook=shown(written.workbook)))


#: The organiser's summary's file in the outbox (a player's is ``001-player-<name>.eml``).
ORGANISER_FILE = re.compile(r"\d+-organiser\.eml")


def actions(run: Run, outputs: Outputs, asked: Asked, written: Written | None) -> list[Message]:
    """What needs the organiser's action after this run, most urgent first."""
    found: list[Message] = []
    todo = actions_of(run)
    found += todo.dice_said(texts.DICE_DECIDES, compute_texts.DICE_NEEDED)
    if todo.new_dice:
        rolls = counted(todo.new_dice, texts.ROLLS)
        if written is None:
            found.append(say(texts.COPY_DICE_DRY_RUN, rolls=rolls, source=shown(asked.source)))
        else:
            output, source = shown(written.workbook), shown(asked.source)
            found.append(say(texts.COPY_DICE, rolls=rolls, output=output, source=source))
    if todo.substitutable:
        found.append(say(texts.SUBSTITUTABLE, players=", ".join(todo.substitutable)))
    outbox = None if written is None else written.outbox
    unsent = unsent_emails(run, outputs) if outbox is not None and not asked.send else 0
    if outbox is not None and unsent:
        emails = counted(unsent, texts.EMAILS)
        found.append(say(texts.EMAILS_NOT_SENT, emails=emails, folder=shown(outbox)))
    nobody = [o for o in outputs.emails if not o.to and ORGANISER_FILE.match(o.filename)]
    if outbox is not None and nobody and any(o.to for o in outputs.emails):
        found.append(say(texts.ORGANISER_NO_ADDRESS, file=shown(outbox / nobody[0].filename)))
    return found


def unsent_emails(run: Run, outputs: Outputs) -> int:
    """How many of the run's emails with a usable address the sent-ledger does not have (all
    of them when it cannot be read): a run without ``--send`` after one that sent them all
    has nothing left to send (it said "12 emails not sent", and ``--send`` then sent 0)."""
    usable = [o for o in outputs.emails if o.to and o.problem is None]
    settings = run.season.settings
    ledger = season_ledger(settings.club, settings.season)
    try:
        ledger.load()  # read only, without the lock: at worst one run behind
    except (LedgerError, OSError):
        return len(usable)
    return sum(1 for o in usable if not ledger.has_sent(o))


def summary_lines(run: Run, outputs: Outputs, asked: Asked, written: Written | None) -> list[str]:
    """The end of a run's output: what was written (when it was), the warnings, the actions."""
    lines = [] if written is None else written_lines(written, outputs, asked.verbose)
    standings = run.result(STANDINGS)
    if asked.roll_dice and standings is not None and not standings.new_dice:
        lines.append(str(say(texts.NO_DICE_NEEDED)))
    lines.append(warnings_line(len(run.problems.warnings), asked, written))
    todo = actions(run, outputs, asked, written)
    if todo:
        lines.append(str(say(texts.ACTION)))
        lines += [f"  - {message}" for message in todo]
    return lines
