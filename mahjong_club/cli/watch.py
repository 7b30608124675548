"""``mahjong-club watch INBOX --out DIR``: process every workbook saved into a folder.

Made for a club machine watching a synced folder (OneDrive, Dropbox, Syncthing): each
``.xlsx`` written or replaced in INBOX is processed once complete and published in
``DIR/<workbook>/``; a workbook with errors gets ``INBOX/problems/<workbook>.txt`` and
``.html``. The log (with times) goes to stderr, or to ``--log FILE``. Ctrl-C or SIGTERM stops
it between runs; the exit status is 0, or 2 for a usage error.
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
from pathlib import Path
from types import FrameType

from mahjong_club import __version__
from mahjong_club.capabilities import Options
from mahjong_club.cli.failures import explain_write_failure, refused_paths
from mahjong_club.common.addresses import address_problem
from mahjong_club.mail.config import check_smtp
from mahjong_club.messages import mail as mail_texts
from mahjong_club.messages import watch as texts
from mahjong_club.messages.core import Message, say
from mahjong_club.model import Settings
from mahjong_club.watch import Checks, Watch
from mahjong_club.watch.mail import ProblemMail

EXAMPLE = """\
example:
  mahjong-club watch ~/Dropbox/club --out /var/www/club
      processes every workbook saved into ~/Dropbox/club (and each one there at start, once)
      and publishes ~/Dropbox/club/season.xlsx in /var/www/club/season/ (site: report/)

A workbook is processed when its size has not changed for --settle seconds and it is a
complete .xlsx. Excel's ~$ lock files, LibreOffice's .~lock files, hidden and .tmp files and
subfolders are ignored. The workbooks are never moved or changed. When a workbook has errors,
its previous results stay published and INBOX/problems/<workbook>.txt and .html list the
errors (as the command line does); they go away once the workbook is read without errors."""


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(str(say(texts.SETTLE_NOT_POSITIVE, value=text)))
    return value


def build_parser() -> argparse.ArgumentParser:
    """The ``watch`` subcommand's arguments."""
    parser = argparse.ArgumentParser(
        prog="mahjong-club watch",
        description="Watch a folder and process every workbook written or replaced in it"
        " (and, once, every workbook already there when it starts).",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("inbox", type=Path, metavar="INBOX", help="the folder to watch")
    parser.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        required=True,
        help="where the results go: DIR/<workbook name>/ for each workbook",
    )
    parser.add_argument(
        "--settle",
        type=_seconds,
        default=2.0,
        metavar="SECONDS",
        help="how long a workbook's size must stay the same before it is read (default 2)",
    )
    parser.add_argument(
        "--roll-dice",
        type=int,
        metavar="SEED",
        help="settle ties left after every criterion with seeded dice (as the command does)",
    )
    parser.add_argument("--log", type=Path, metavar="FILE", help="append the log to FILE")
    mail = parser.add_argument_group(
        "emailing the problems",
        "SMTP_USER/SMTP_PASSWORD, SMTP_CA_FILE, SMTP_TIMEOUT and SMTP_DEADLINE come from the"
        " environment, as for --send",
    )
    mail.add_argument(
        "--email-problems",
        metavar="ADDRESS",
        help="email a workbook's problems to ADDRESS (the organiser) when it has errors;"
        " the same problems are emailed once",
    )
    mail.add_argument("--smtp-host", metavar="HOST", help="the mail server (with --email-problems)")
    mail.add_argument(
        "--smtp-port",
        type=int,
        metavar="N",
        help="the mail server's port (default 587 with STARTTLS; 465 is TLS from the start)",
    )
    mail.add_argument(
        "--email-from",
        metavar="ADDRESS",
        help="the sender (default: the --email-problems address)",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return parser


def setup_log(path: Path | None) -> None:
    """Log lines with their time, to stderr or appended to ``path``."""
    handler: logging.Handler
    if path is None:
        handler = logging.StreamHandler(sys.stderr)
    else:
        handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    logger = logging.getLogger("mahjong_club.watch")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)


def problem_mail(args: argparse.Namespace) -> tuple[ProblemMail | None, list[Message]]:
    """What ``--email-problems`` needs, checked before the watch starts, or what is missing."""
    given = {"--smtp-host": args.smtp_host, "--smtp-port": args.smtp_port}
    given["--email-from"] = args.email_from
    if not args.email_problems:
        return None, [
            say(texts.MAIL_OPTION_ALONE, option=o) for o, v in given.items() if v is not None
        ]
    to = args.email_problems.strip()
    sender = (args.email_from or to).strip()
    problems: list[Message] = []
    for address in dict.fromkeys((to, sender)):
        wrong = address_problem(address)
        if wrong is not None:
            problems.append(say(texts.MAIL_BAD_ADDRESS, address=address, problem=wrong))
    if not (args.smtp_host or "").strip():
        problems.append(say(texts.MAIL_NEEDS_HOST))
    if args.smtp_port is not None and not 0 < args.smtp_port < 65536:
        problems.append(say(texts.MAIL_BAD_PORT, port=args.smtp_port))
    settings = Settings(
        email_from=sender, smtp_host=(args.smtp_host or "").strip(), smtp_port=args.smtp_port
    )
    config, missing = check_smtp(settings, os.environ)
    problems += [
        say(texts.MAIL_NOT_STARTED, problem=m)
        for m in missing
        if m.entry is not mail_texts.SEND_NEEDS_SETTING
    ]
    if config is None or problems:
        return None, problems
    return ProblemMail.for_inbox(to, config, args.inbox), []


def main(argv: list[str]) -> int:
    """Run the watch until Ctrl-C or SIGTERM; the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not os.path.isdir(args.inbox):
        parser.print_usage(sys.stderr)
        print(f"Error: {say(texts.INBOX_MISSING, inbox=args.inbox)}", file=sys.stderr)
        return 2
    mail, problems = problem_mail(args)
    if problems:
        parser.print_usage(sys.stderr)
        for problem in problems:
            print(f"Error: {problem}", file=sys.stderr)
        return 2
    setup_log(args.log)
    watch = Watch(
        args.inbox,
        args.out,
        Checks(refused_paths, explain_write_failure),
        settle=args.settle,
        options=Options(dice_seed=args.roll_dice),
        problem_mail=mail,
    )

    def stop(signum: int, frame: FrameType | None) -> None:
        watch.stop()

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    watch.run()
    return 0
