"""The command line: ``mahjong-club WORKBOOK.xlsx [options]`` (or ``python process.py …``).

A thin layer over the library: it parses the arguments, calls the pipeline, prints results to
stdout and problems to stderr, and returns the exit status (0 success, 1 errors in the
workbook or a failed send, 2 a usage error). Subcommands: ``score-hand`` (the classical
calculator for one hand), ``serve`` (the drop page, :mod:`mahjong_club.serve`), ``watch`` (a
folder that processes itself) and ``draw`` (a tournament's seating, :mod:`mahjong_club.draw`);
everything else is a workbook to process.
"""

from __future__ import annotations

import os
import sys
import traceback
from typing import NoReturn

from mahjong_club.cli import draw as draw_cli
from mahjong_club.cli import ending, process, streams
from mahjong_club.cli import score_hand as score_hand_cli
from mahjong_club.cli import watch as watch_cli
from mahjong_club.messages import terminal as texts
from mahjong_club.messages.core import say

#: Subcommands besides processing a workbook: name -> its main(argv) -> exit status.
SUBCOMMANDS = {
    "score-hand": score_hand_cli.main,
    "watch": watch_cli.main,
    "draw": draw_cli.main,
}


def _serve(argv: list[str]) -> int:
    """``serve``: the drop page (Flask is imported only when it is asked for)."""
    from mahjong_club.serve import command

    return command.main(argv)


SUBCOMMANDS["serve"] = _serve


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in SUBCOMMANDS:
        with streams.readers_may_go():  # `draw … | head` too
            return SUBCOMMANDS[argv[0]](argv[1:])
    args = process.build_parser().parse_args(argv)
    try:
        with streams.readers_may_go():  # `… | head`: a reader gone stops no run (cli/streams)
            return process.run(args)
    except BrokenPipeError:  # a write that went around the streams (none known): as before
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stays open until exit
        return 0
    except KeyboardInterrupt:  # Ctrl-C: no traceback; the outputs are whole (publish)
        print(say(texts.INTERRUPTED), file=sys.stderr)
        return process.INTERRUPTED
    except Exception as exc:  # an internal error: say so plainly, never half-write
        if args.verbose:
            traceback.print_exc()
        else:
            print(f"Internal error: {exc!r} (run again with -v for details)", file=sys.stderr)
        return 1


def program() -> NoReturn:
    """The command as a program (the ``mahjong-club`` script, ``python -m mahjong_club``,
    ``process.py``): :func:`main`, then the process ends at once, without freeing what the
    run made (:mod:`mahjong_club.cli.ending`)."""
    ending.program(main)
