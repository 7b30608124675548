"""The command line: ``mahjong-club WORKBOOK.xlsx [options]`` (or ``python process.py ...``).

Read -> compute -> write.

The organiser's workbook is never modified; an updated copy with the result sheets
(``Standings``, ``Problems``) is written to ``out/<workbook name>/`` by default.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
import traceback
from pathlib import Path

from mahjong_club import __version__
from mahjong_club.cli import score_hand as score_hand_cli
from mahjong_club.common.files import write_text_atomic
from mahjong_club.common.problems import Problems
from mahjong_club.compute import Options, compute_league
from mahjong_club.mail.compose import Outgoing, compose
from mahjong_club.mail.send import Ledger, SendError, outbox_files, send_all
from mahjong_club.reading.season import Season, WorkbookError, read_season
from mahjong_club.site.render import write_site, write_tree
from mahjong_club.site.views import build_site
from mahjong_club.terminal import results_text
from mahjong_club.workbook.sheets import ema_csv, result_sheets
from mahjong_club.workbook.xlsx import write_result_workbook

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


def main(argv: list[str] | None = None) -> int:
    """Run the processor; returns the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "score-hand":
        return score_hand_cli.main(argv[1:])
    args = build_parser().parse_args(argv)
    try:
        return run(args)
    except BrokenPipeError:  # the output was piped into e.g. `head`: files are already written
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stays open until exit
        return 0
    except Exception as exc:  # an internal error: say so plainly, never half-write
        if args.verbose:
            traceback.print_exc()
        else:
            print(f"Internal error: {exc!r} (run again with -v for details)", file=sys.stderr)
        return 1


def run(args: argparse.Namespace) -> int:
    """Read -> compute -> write."""
    source: Path = args.workbook
    if not source.is_file():
        print(f"Error: {source} does not exist or is not a file", file=sys.stderr)
        return 1
    if source.suffix.lower() != ".xlsx":
        print(
            f"Error: {source.name} is not an .xlsx workbook; save it as Excel Workbook (.xlsx)",
            file=sys.stderr,
        )
        return 1
    out_dir: Path = args.out if args.out is not None else Path("out") / source.stem
    target = out_dir / f"{source.stem}.xlsx"
    if target.resolve() == source.resolve():
        print(
            f"Error: the output {target} would overwrite the organiser's workbook;"
            " choose another --out folder",
            file=sys.stderr,
        )
        return 1

    try:
        season, problems = read_season(source)
    except WorkbookError as exc:
        print(f"Error: {exc}", file=sys.stderr)
        return 1
    if problems.errors:
        return report_errors(problems, source)

    options = Options(
        dice_seed=args.roll_dice,
        make_schedule=args.make_schedule,
        tonight=args.tonight is not None,
        tonight_date=args.tonight if isinstance(args.tonight, dt.date) else None,
    )
    result = compute_league(season, problems, options=options)
    if problems.errors:
        return report_errors(problems, source)

    sheets = result_sheets(season, result, problems.warnings)
    site = build_site(season, result, [str(p) for p in problems.warnings])
    outgoing = compose(site, season.settings.email_from)

    for problem in problems.warnings:
        print(problem, file=sys.stderr)
    if args.dry_run:
        print(results_text(season, result))
        print(f"Dry run: nothing written (would write {target}).")
        return 0
    # Write everything first: a closed terminal or a failing mail server never stops it.
    write_result_workbook(source, target, sheets)
    written = [f"Wrote {target}"]
    if result.tournament is not None:
        write_text_atomic(out_dir / "ema-results.csv", ema_csv(result.tournament))
        written.append(f"Wrote {out_dir / 'ema-results.csv'} (the EMA results export)")
    pages = write_site(site, out_dir / "report")
    written.append(f"Wrote {plural(len(pages), 'page')} to {out_dir / 'report'} (open index.html)")
    write_tree(out_dir / "outbox", dict(outbox_files(outgoing)))
    written.append(f"Wrote {plural(len(outgoing), 'email')} to {out_dir / 'outbox'}:")
    written += [f"  {o.filename}: {o.to or '(no address)'} — {o.subject}" for o in outgoing]
    print(results_text(season, result))
    print("\n".join(written))
    if not args.send:
        return 0
    return send(outgoing, season, out_dir, args.resend)


def send(outgoing: list[Outgoing], season: Season, out_dir: Path, resend: bool) -> int:
    """Send the emails, last of all; 1 when sending stopped half-way (run again for the rest)."""
    settings = season.settings
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
