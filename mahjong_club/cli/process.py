"""``mahjong-club WORKBOOK.xlsx [options]``: process a workbook (the default command).

Reads the workbook, computes every capability, writes the updated copy, the site and the
outbox, then (with ``--send``) sends the emails, last of all.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from pathlib import Path

from mahjong_club import __version__
from mahjong_club.capabilities import Options
from mahjong_club.common.problems import Problems
from mahjong_club.mail.compose import Outgoing
from mahjong_club.mail.send import Ledger, SendError, send_all
from mahjong_club.model import Settings
from mahjong_club.pipeline import (
    Outputs,
    Written,
    build_outputs,
    compute,
    read_workbook,
    write_outputs,
)
from mahjong_club.reading.tables import WorkbookError

EXAMPLE = """\
example:
  python process.py sample_sheets/season.xlsx
      writes out/season/season.xlsx with the Standings and Problems sheets
  python process.py season.xlsx --out results --roll-dice 2026
      settles ties left after every criterion with seeded dice, recorded in the Dice sheet
  python process.py season.xlsx --tonight
      proposes tonight's games from the latest Attendance column
  python process.py score-hand "RRR [555s] 123m 678p 99p" --seat S --round E --self-drawn
      the classical calculator for one hand (see: python process.py score-hand --help)

exit status: 0 success (warnings go to the Problems sheet and stderr), 1 the workbook has
errors (all listed on stderr, nothing written), 2 usage error."""


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
    parser.add_argument(
        "--send",
        action="store_true",
        help="send the emails through SMTP (smtp_host, smtp_port, email_from settings;"
        " SMTP_USER/SMTP_PASSWORD environment variables); without it they only go to outbox/",
    )
    parser.add_argument(
        "--resend",
        action="store_true",
        help="with --send: send again what the ledger says was already sent",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="show tracebacks")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return parser


def _tonight_date(text: str) -> str | dt.date:
    if text == "latest":
        return text
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a date like 2026-01-08, not {text!r}") from None


def check_paths(source: Path, out_dir: Path) -> str | None:
    """Why the run cannot start with these paths, or None."""
    if not source.is_file():
        return f"{source} does not exist or is not a file"
    if source.suffix.lower() != ".xlsx":
        return f"{source.name} is not an .xlsx workbook; save it as Excel Workbook (.xlsx)"
    target = out_dir / f"{source.stem}.xlsx"
    if target.resolve() == source.resolve():
        return (
            f"the output {target} would overwrite the organiser's workbook;"
            " choose another --out folder"
        )
    return None


def options_of(args: argparse.Namespace) -> Options:
    """The computing options the command line asked for."""
    return Options(
        dice_seed=args.roll_dice,
        make_schedule=args.make_schedule,
        tonight=args.tonight is not None,
        tonight_date=args.tonight if isinstance(args.tonight, dt.date) else None,
    )


def run(args: argparse.Namespace) -> int:
    """Read -> compute -> write (-> send)."""
    source: Path = args.workbook
    out_dir: Path = args.out if args.out is not None else Path("out") / source.stem
    refused = check_paths(source, out_dir)
    if refused:
        print(f"Error: {refused}", file=sys.stderr)
        return 1
    try:
        season, problems = read_workbook(source)
    except WorkbookError as exc:
        print(f"Error: {exc}", file=sys.stderr)
        return 1
    if problems.errors:
        return report_errors(problems, source)
    result = compute(season, problems, options_of(args))
    if problems.errors:
        return report_errors(problems, source)
    outputs = build_outputs(result)
    for problem in problems.warnings:
        print(problem, file=sys.stderr)
    if args.dry_run:
        print(outputs.text)
        print(f"Dry run: nothing written (would write {out_dir / (source.stem + '.xlsx')}).")
        return 0
    # Write everything first: a closed terminal or a failing mail server never stops it.
    written = write_outputs(source, out_dir, outputs)
    print(outputs.text)
    print("\n".join(written_lines(written, outputs)))
    if not args.send:
        return 0
    return send(outputs.emails, season.settings, out_dir, args.resend)


def written_lines(written: Written, outputs: Outputs) -> list[str]:
    """What the run wrote, for the terminal."""
    lines = [f"Wrote {written.workbook}"]
    lines += [f"Wrote {path} ({export.what.text('en')})" for path, export in written.exports]
    count = plural(len(outputs.pages), "page")
    lines.append(f"Wrote {count} to {written.report} (open index.html)")
    lines.append(f"Wrote {plural(len(outputs.emails), 'email')} to {written.outbox}:")
    lines += [f"  {o.filename}: {o.to or '(no address)'} — {o.subject}" for o in outputs.emails]
    return lines


def send(outgoing: list[Outgoing], settings: Settings, out_dir: Path, resend: bool) -> int:
    """Send the emails, last of all; 1 when sending stopped half-way (run again for the rest)."""
    if not settings.email_from:
        print("Error: --send needs the email_from setting", file=sys.stderr)
        return 1
    ledger = Ledger(out_dir / "sent-ledger.json")
    try:
        report = send_all(outgoing, settings.smtp_host, settings.smtp_port, ledger, resend)
    except SendError as exc:
        print(f"Error: {exc}", file=sys.stderr)
        return 1
    print(f"Sent {plural(len(report.sent), 'email')}", end="")
    print(f"; {len(report.skipped)} already sent before (--resend sends them again)")
    if report.error:
        left = len([o for o in outgoing if o.to]) - len(report.sent) - len(report.skipped)
        print(
            f"Error: sending stopped ({report.error}); {left} emails not sent."
            " Run again to send only the rest.",
            file=sys.stderr,
        )
        return 1
    return 0


def plural(count: int, word: str) -> str:
    """'1 page', '3 pages'."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def report_errors(problems: Problems, source: Path) -> int:
    """Print every problem (errors and warnings) to stderr; the run writes nothing."""
    for problem in problems.items:
        print(problem, file=sys.stderr)
    count = len(problems.errors)
    print(
        f"{count} error{'s' if count != 1 else ''} in {source.name}; nothing was written.",
        file=sys.stderr,
    )
    return 1
