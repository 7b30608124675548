"""``mahjong-club WORKBOOK.xlsx [options]``: process a workbook (the default command).

Reads the workbook, computes every capability, writes the updated copy, the site and the
outbox, then (with ``--send``) sends the emails, last of all.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gc
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from mahjong_club import __version__
from mahjong_club.capabilities import Options, Run
from mahjong_club.capabilities.hands import HANDS
from mahjong_club.cli import ending
from mahjong_club.cli import progress as progress_display
from mahjong_club.cli.failures import explain_write_failure, refused_paths
from mahjong_club.cli.summary import Asked, summary_lines, warn_if_open
from mahjong_club.common.problems import Problem, Problems
from mahjong_club.common.progress import Progress
from mahjong_club.common.publish import OutputRefused
from mahjong_club.common.text import printable, safe_file_name, shortened
from mahjong_club.mail.compose import Outgoing, unusable_addresses
from mahjong_club.mail.config import SmtpConfig, check_smtp
from mahjong_club.mail.ledger import LedgerError
from mahjong_club.mail.seasons import season_ledger
from mahjong_club.mail.send import send_all
from mahjong_club.messages import hostile as hostile_texts
from mahjong_club.messages import mail as mail_texts
from mahjong_club.messages import terminal as texts
from mahjong_club.messages.core import Message, say
from mahjong_club.messages.output import OUTPUT_NOTHING_WRITTEN
from mahjong_club.messages.terminal import counted
from mahjong_club.model import Settings
from mahjong_club.ooxml.errors import OoxmlError
from mahjong_club.pipeline import (
    Outputs,
    Parts,
    Written,
    build_outputs,
    check_pages,
    compute,
    output_workbook_name,
    read_workbook,
    write_outputs,
)
from mahjong_club.reading.cells import CellError, parse_date
from mahjong_club.reading.tables import WorkbookError
from mahjong_club.terminal import hands_breakdown_text

#: The exit status of a run stopped with Ctrl-C (128 + SIGINT, as a shell reports it).
INTERRUPTED = 130

EXAMPLE = """\
example:
  python process.py sample_sheets/season.xlsx
      writes out/season/season.xlsx with the Standings and Problems sheets
  python process.py season.xlsx --out results --roll-dice 2026
      settles ties left after every criterion with seeded dice, recorded in the Dice sheet
  python process.py season.xlsx --tonight
      proposes tonight's games from the latest Attendance column
  python process.py history.xlsx --no-site --no-email
      the updated workbook alone (a federation's million games in a fraction of the time)
  python process.py score-hand "RRR [555s] 123m 678p 99p" --seat S --round E --self-drawn
      the classical calculator for one hand (see: python process.py score-hand --help)

more commands (each with --help): score-hand (one classical hand), draw (a tournament's
seating), watch FOLDER (every workbook saved there), serve (a drop page in the browser)

exit status: 0 success (warnings go to the Problems sheet and stderr), 1 the workbook has
errors (all listed on stderr, nothing written) or, with --send, an email was not sent (each
listed on stderr; everything else written), 2 usage error, 130 stopped with Ctrl-C."""


def build_parser() -> argparse.ArgumentParser:
    """The command line."""
    parser = argparse.ArgumentParser(
        description="Division standings and reports from a mahjong club's season workbook.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("workbook", type=Path, metavar="WORKBOOK.xlsx")
    parser.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help="output folder (default: out/<workbook name>/)",
    )
    parser.add_argument(
        "--dry-run",
        action="store_true",
        help="read, check and compute, print the results, but write nothing",
    )
    parser.add_argument(
        "--roll-dice",
        type=int,
        metavar="SEED",
        help="roll the dice (with this seed) for players still tied after every criterion;"
        " the rolls are recorded in the output's Dice sheet",
    )
    parser.add_argument(
        "--make-schedule",
        action="store_true",
        help="propose a balanced plan of games for every division (workbook without a"
        " Schedule sheet) and write it into the output's Schedule sheet",
    )
    parser.add_argument(
        "--tonight",
        nargs="?",
        const="latest",
        metavar="DATE",
        type=_tonight_date,
        help="propose tonight's games (and substitutions) from who is present on DATE"
        " (default: the latest Attendance column)",
    )
    _add_part_options(parser)
    _add_send_options(parser)
    progress_display.add_option(parser)
    _add_loudness(parser)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return parser


def _add_loudness(parser: argparse.ArgumentParser) -> None:
    """``-v`` and ``-q``: more, or nothing but errors."""
    loudness = parser.add_mutually_exclusive_group()
    loudness.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="show more: every classical hand's breakdown, every email written, and a"
        " traceback if the tool itself fails",
    )
    loudness.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="for scripts: print nothing but errors (on stderr); with --dry-run, only its"
        " one line saying what would be written; the exit status says how it went",
    )


def _add_part_options(parser: argparse.ArgumentParser) -> None:
    """``--no-site`` and ``--no-email``: a faster run that writes fewer outputs."""
    parser.add_argument(
        "--no-site",
        action="store_true",
        help="make no site: the output folder then has no report/ (an earlier run's goes,"
        " so it never shows older results beside the new workbook)",
    )
    parser.add_argument(
        "--no-email",
        action="store_true",
        help="write no emails: the output folder then has no outbox/; with --no-site the"
        " run writes the workbook (and its exports) alone, the fastest way through a"
        " federation's history",
    )


def _add_send_options(parser: argparse.ArgumentParser) -> None:
    """``--send`` and what goes with it (docs/site-and-email.md)."""
    parser.add_argument(
        "--send",
        action="store_true",
        help="send the emails through SMTP (smtp_host, smtp_port, email_from settings;"
        " SMTP_USER/SMTP_PASSWORD, SMTP_CA_FILE, SMTP_TIMEOUT, SMTP_DEADLINE environment"
        " variables), each once: the sent-ledger (in MAHJONG_CLUB_DATA, else the user's data"
        " folder) remembers what was sent; without --send they only go to outbox/",
    )
    parser.add_argument(
        "--resend",
        action="store_true",
        help="with --send: send again what the sent-ledger says was already sent",
    )
    parser.add_argument(
        "--retry-refused",
        action="store_true",
        help="with --send: try again the emails the server refused for good (5xx) before,"
        " or never confirmed (the sending stopped before its answer)",
    )


def _tonight_date(text: str) -> str | dt.date:
    """``--tonight DATE``: a date as the sheets take it (``2026-01-08``, ``08-01-2026`` …)."""
    if text == "latest":
        return text
    try:
        return parse_date(text)
    except CellError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def refuse_paths(source: Path, out_dir: Path) -> bool:
    """Say on stderr why the run cannot start with these paths (and that nothing was
    written); False when it can."""
    refused = refused_paths(source, out_dir, output_workbook_name(source))
    if refused is not None:
        print(f"Error: {printable(str(refused))}\n{say(OUTPUT_NOTHING_WRITTEN)}", file=sys.stderr)
    return refused is not None


def default_out_dir(source: Path) -> Path:
    """``out/<workbook name>/``, the name made a safe folder name."""
    return Path("out") / safe_file_name(source.stem, fallback="workbook")


def options_of(args: argparse.Namespace) -> Options:
    """The computing options the command line asked for."""
    return Options(
        dice_seed=args.roll_dice,
        make_schedule=args.make_schedule,
        tonight=args.tonight is not None,
        tonight_date=args.tonight if isinstance(args.tonight, dt.date) else None,
    )


def parts_of(args: argparse.Namespace) -> Parts:
    """The outputs beside the workbook the command line asked for."""
    return Parts(site=not args.no_site, emails=not args.no_email)


def run(args: argparse.Namespace) -> int:
    """Read -> compute -> write (-> send)."""
    source: Path = args.workbook
    out_dir: Path = args.out if args.out is not None else default_out_dir(source)
    if (args.resend or args.retry_refused) and not args.send:
        return send_usage_error(args)
    if args.send and args.no_email:
        return usage_error(say(mail_texts.SEND_WITHOUT_EMAILS))
    if refuse_paths(source, out_dir):
        return 1
    long_work = _size(source) >= progress_display.LONG_WORKBOOK
    display = progress_display.chosen(args.progress, args.quiet, long_work, sys.stderr)
    with progress_display.shown(display, sys.stderr) as progress, ending.collector_paused():
        made = make(args, source, out_dir, progress)
    ending.keep(made)  # the program ends at once: not freed object by object (cli/ending)
    if isinstance(made, int):
        return made
    result, outputs, written, config = made
    asked = Asked(source, args.dry_run, args.send, args.roll_dice is not None, args.verbose)
    if not args.quiet:
        print_results(result, outputs, asked, written)
    if written is None:
        target = out_dir / output_workbook_name(source)
        print(say(texts.DRY_RUN, target=printable(str(target))))
        if args.send:  # checked, as a real run would be, but nothing goes out
            print(say(texts.DRY_RUN_NOT_SENT, emails=counted(len(outputs.emails), texts.EMAILS)))
        return 0
    if config is None:
        return 0
    unusable = unusable_addresses(outputs.site) if outputs.site else []
    return send(outputs.emails, result.season.settings, config, out_dir, args, unusable)


#: What :func:`make` made: the run, its outputs, where they were written (None for a dry run)
#: and the sending configuration (None without ``--send``); or the exit status of a failure.
Made = tuple[Run, Outputs, Written | None, SmtpConfig | None] | int


def make(args: argparse.Namespace, source: Path, out_dir: Path, progress: Progress) -> Made:
    """Read, check, compute, build and (unless ``--dry-run``) write, each step told to
    ``progress``; a failure is printed and its exit status returned."""
    try:
        season, problems = read_workbook(source, progress)
    except WorkbookError as exc:
        print(f"Error: {printable(str(exc))}", file=sys.stderr)
        return 1
    warn_if_open(source, problems)
    if problems.errors:
        return report_errors(problems, source, args.quiet)
    gc.freeze()  # what was read lives to the end: the collector need not walk it again
    result = compute(season, problems, options_of(args), progress)
    if problems.errors:
        return report_errors(problems, source, args.quiet)
    gc.freeze()  # and so do the results
    config = check_send(season.settings) if args.send else None
    if args.send and config is None:
        return 1
    outputs = build_outputs(result, source, progress, parts_of(args))
    if not args.quiet:
        print_problems(problems.warnings)
    if args.dry_run:
        check_pages(outputs, progress)  # every page rendered, none kept
        return result, outputs, None, config
    # Write everything first: a closed terminal or a failing mail server never stops it.
    try:
        written = write_outputs(source, out_dir, outputs, progress)
    except (OSError, OoxmlError, OutputRefused) as exc:
        cause, state = explain_write_failure(exc, out_dir)
        print(f"Error: {printable(str(cause))}\n{printable(str(state))}", file=sys.stderr)
        return 1
    return result, outputs, written, config


def _size(path: Path) -> int:
    """The file's size in bytes (0 when it cannot be seen: reading it will say why)."""
    try:
        return path.stat().st_size
    except OSError:
        return 0


def print_results(result: Run, outputs: Outputs, asked: Asked, written: Written | None) -> None:
    """Each capability's section (with ``-v`` every hand's breakdown), then the summary."""
    print(outputs.text)
    hands = result.result(HANDS)
    if asked.verbose and hands:
        print(hands_breakdown_text(hands) + "\n")
    print("\n".join(summary_lines(result, outputs, asked, written)))


def send_usage_error(args: argparse.Namespace) -> int:
    """``--resend``/``--retry-refused`` without ``--send``: a usage error (exit status 2)."""
    option = "--resend" if args.resend else "--retry-refused"
    return usage_error(say(mail_texts.SEND_OPTION_ALONE, option=option))


def usage_error(message: Message) -> int:
    """The usage line and the message on stderr: exit status 2, as argparse's own errors."""
    build_parser().print_usage(sys.stderr)
    print(f"Error: {message}", file=sys.stderr)
    return 2


def check_send(settings: Settings) -> SmtpConfig | None:
    """What ``--send`` needs, before anything is written; None (after saying why) if missing."""
    config, problems = check_smtp(settings, os.environ)
    for problem in problems:
        print(f"Error: {say(mail_texts.SEND_NOT_STARTED, problem=problem)}", file=sys.stderr)
    return config


def send(
    outgoing: list[Outgoing],
    settings: Settings,
    config: SmtpConfig,
    out_dir: Path,
    args: argparse.Namespace,
    unusable: list[tuple[str, Message]] | None = None,
) -> int:
    """Send the emails, last of all; 1 when any was refused or not sent (see the ledger), or
    an address could not be used (``unusable``: who, and why)."""
    ledger = season_ledger(settings.club, settings.season)
    long_work = len(outgoing) >= progress_display.MANY_EMAILS
    display = progress_display.chosen(args.progress, args.quiet, long_work, sys.stderr)
    try:
        with progress_display.shown(display, sys.stderr) as progress:
            report = send_all(
                outgoing,
                config,
                ledger,
                resend=args.resend,
                retry_refused=args.retry_refused,
                take_over=out_dir / "sent-ledger.json",
                progress=progress,
                unusable=unusable or [],
            )
    except LedgerError as exc:
        print(f"Error: {printable(str(exc.message))}", file=sys.stderr)
        return 1
    out, err = report.lines()
    for line in [] if args.quiet else out:
        print(printable(str(line)))
    for line in err:
        print(f"Error: {printable(str(line))}", file=sys.stderr)
    for line in report.reminders():  # an earlier run's refusal: this run's status stays 0
        print(f"Warning: {printable(str(line))}", file=sys.stderr)
    return INTERRUPTED if report.interrupted else 0 if report.complete else 1


#: The most problems the terminal lists; one more line says how many more there are. A
#: workbook with a mistake copied down a million rows stays readable (fix the first, rerun).
SHOWN_PROBLEMS = 200


def print_problems(problems: Sequence[Problem]) -> None:
    """Print the first :data:`SHOWN_PROBLEMS` problems to stderr, then "and 799,801 more"."""
    for problem in problems[:SHOWN_PROBLEMS]:
        print(shortened(str(problem)), file=sys.stderr)
    if len(problems) > SHOWN_PROBLEMS:
        more = say(hostile_texts.MORE_PROBLEMS, count=len(problems) - SHOWN_PROBLEMS)
        print(more, file=sys.stderr)


def report_errors(problems: Problems, source: Path, quiet: bool = False) -> int:
    """Print the problems (errors and warnings; only errors if ``quiet``) to stderr; the run
    writes nothing."""
    print_problems(problems.errors if quiet else problems.items)
    count = len(problems.errors)
    print(
        f"{count:,} error{'s' if count != 1 else ''} in {printable(source.name)};"
        " nothing was written.",
        file=sys.stderr,
    )
    return 1
