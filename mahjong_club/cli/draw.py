"""``mahjong-club draw WB.xlsx --sessions N [--seed S] [--swiss] [--out DIR]``: the seating.

Reads the ``Players`` sheet (with its optional ``Team`` and ``Club`` columns) and any sessions
already played in ``Games``; writes ``DIR/<name>.xlsx`` (the workbook with ``Seating`` and the
``Games`` template), ``DIR/report/`` (the programmes) and ``DIR/draw-seed.txt``. The first
line printed is the seed's hash, to publish before session 1. Exit status: 0 drawn, 1 the
workbook cannot be drawn (every problem on stderr, nothing written), 2 a usage error.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from pathlib import Path

from mahjong_club import __version__
from mahjong_club.cli.failures import explain_write_failure
from mahjong_club.cli.process import (
    default_out_dir,
    print_problems,
    refuse_paths,
    report_errors,
)
from mahjong_club.cli.summary import kept_line
from mahjong_club.common.carry import SEED_FILE
from mahjong_club.common.publish import OutputRefused
from mahjong_club.common.text import printable
from mahjong_club.draw.output import replaced_own, write_draw
from mahjong_club.draw.plan import DrawPlan, plan_draw, read_for_draw
from mahjong_club.messages.core import Message, say
from mahjong_club.messages.draw import DRAW
from mahjong_club.messages.output import REPLACES_OWN_SHEET
from mahjong_club.ooxml.errors import OoxmlError
from mahjong_club.reading.tables import WorkbookError
from rules.draw import wind_spread

#: The most sessions a draw takes (a week-long event is far below it).
MOST_SESSIONS = 50
#: The longest seed text.
MOST_SEED = 200

EXAMPLE = """\
examples:
  mahjong-club draw open.xlsx --sessions 7
      draws 7 sessions from a fresh secret seed: out/open/open.xlsx (Seating, Games),
      out/open/report/draw.html (the programmes) and out/open/draw-seed.txt
  mahjong-club draw open.xlsx --sessions 7 --seed "kept in the safe"
      the same draw again from a known seed (anyone can check a published seed this way)
  mahjong-club draw open.xlsx --sessions 7 --swiss
      after session 1 is scored: seats session 2 by the ranking (table 1: the top four)

The players are the Players sheet's rows; players of one Team (then one Club) are seated at
different tables where possible. Sessions already scored in Games are kept as played."""


def _sessions(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= MOST_SESSIONS:
        raise argparse.ArgumentTypeError(
            str(say(DRAW["sessions_range"], most=MOST_SESSIONS, value=text))
        )
    return value


def _seed(text: str) -> str:
    if not (0 < len(text) <= MOST_SEED and text.isprintable()):
        raise argparse.ArgumentTypeError(str(say(DRAW["bad_seed"], most=MOST_SEED, value=text)))
    return text


def build_parser() -> argparse.ArgumentParser:
    """The ``draw`` subcommand's arguments."""
    parser = argparse.ArgumentParser(
        prog="mahjong-club draw",
        description="Seat a tournament's players at tables of four for every session: no two"
        " players meet twice where possible, winds balanced, team-mates apart.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("workbook", type=Path, metavar="WB.xlsx")
    parser.add_argument(
        "--sessions", type=_sessions, required=True, metavar="N", help="sessions in all"
    )
    parser.add_argument(
        "--seed",
        type=_seed,
        metavar="S",
        help="the seed (any text); default: a new secret one, written to draw-seed.txt",
    )
    parser.add_argument(
        "--swiss",
        action="store_true",
        help="seat the next session by the ranking after the sessions played",
    )
    parser.add_argument("--out", type=Path, metavar="DIR", help="default: out/<workbook>/")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return parser


def main(argv: list[str]) -> int:
    """Draw; the exit status."""
    args = build_parser().parse_args(argv)
    source: Path = args.workbook
    out_dir: Path = args.out if args.out is not None else default_out_dir(source)
    if refuse_paths(source, out_dir):  # e.g. the copy would land on the workbook itself
        return 1
    seed, kept = seed_for(args.seed, args.swiss, out_dir)
    try:
        season, problems = read_for_draw(source)
    except WorkbookError as exc:
        print(f"Error: {printable(str(exc))}", file=sys.stderr)
        return 1
    if problems.errors:
        return report_errors(problems, source)
    plan = plan_draw(season, problems, args.sessions, seed, args.swiss)
    if isinstance(plan, Message):
        print(f"Error: {printable(str(plan))}", file=sys.stderr)
        return 1
    if kept is not None:
        print(say(DRAW["hash_kept"], hash=plan.hash, file=str(kept)), flush=True)
    else:
        print(say(DRAW["hash"], hash=plan.hash, session=plan.played + 1), flush=True)
    for name in replaced_own(source, plan):
        problems.warning(name, None, "", REPLACES_OWN_SHEET, sheet=name)
    try:
        written = write_draw(source, out_dir, plan)
    except (OSError, OoxmlError, OutputRefused) as exc:
        cause, state = explain_write_failure(exc, out_dir)
        print(f"Error: {printable(str(cause))}\n{printable(str(state))}", file=sys.stderr)
        return 1
    print_problems(problems.warnings)
    said = report(plan, written.workbook, written.sheets, written.report, written.seed)
    said += [kept_line(written.workbook.parent / k.name, k) for k in written.kept]
    for line in [*said, seed_line(plan, written.seed, args.sessions)]:
        print(printable(str(line)))
    return 0


def seed_for(given: str | None, swiss: bool, out_dir: Path) -> tuple[str, Path | None]:
    """The draw's seed, and the file it was taken from: the one given; for a Swiss session,
    the earlier draw's in ``out_dir`` (one seed for the whole tournament, its hash published
    once, before session 1); else a new secret one."""
    if given is not None:
        return given, None
    kept = out_dir / SEED_FILE
    if swiss:
        try:
            text = kept.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError):
            text = ""
        if 0 < len(text) <= MOST_SEED and text.isprintable():
            return text, kept
    return secrets.token_hex(16), None


def report(
    plan: DrawPlan, workbook: Path, sheets: list[str], folder: Path, seed_file: Path
) -> list[Message]:
    """What the draw did, after the hash: the sessions, its quality, where it went."""
    draw = plan.draw
    lines = [*plan.notes]
    if plan.played:
        lines.append(say(DRAW["kept"], count=plan.played))
    first, last = plan.played + 1, len(draw.sessions)
    lines.append(
        say(
            DRAW["drawn"],
            count=last - first + 1,
            span=f"{first}" if first == last else f"{first}–{last}",
            players=len(plan.season.players),
            tables=len(draw.sessions[-1]),
        )
    )
    lines.append(say(DRAW["repeats_found" if draw.repeats else "repeats"], count=draw.repeats))
    lines.append(say(DRAW["clashes"], team=draw.team_clashes, club=draw.club_clashes))
    lines.append(say(DRAW["winds"], spread=wind_spread(draw.sessions)))
    lines.append(say(DRAW["wrote"], workbook=str(workbook), sheets=", ".join(sheets)))
    planned = list(dict.fromkeys(seat.session for seat in plan.season.planned))
    if plan.results_kept and planned:  # the rows of an earlier draw's sessions are to go
        shown = ", ".join(planned)
        lines.append(say(DRAW["template_sheet_planned"], sessions=len(planned), planned=shown))
    elif plan.results_kept:
        lines.append(say(DRAW["template_sheet"]))
    lines.append(say(DRAW["pages"], folder=str(folder / "draw.html")))
    return lines


def seed_line(plan: DrawPlan, seed_file: Path, sessions: int) -> Message:
    """Where the seed is, and the command that draws the same again from the same workbook:
    ``--sessions`` as asked for (``sessions``), and ``--swiss`` for a Swiss session."""
    swiss = " --swiss" if plan.swiss else ""
    return say(DRAW["seed_file"], file=str(seed_file), sessions=sessions, swiss=swiss)
