"""``mahjong-club serve [--port N] [--no-browser] [--language da]``: start the drop page.

It listens on 127.0.0.1 only, makes a new random token (:func:`secrets.token_urlsafe`) for
the address, prints the address on a line of its own, opens the browser on it (unless
``--no-browser``) and serves until Ctrl-C (or SIGTERM); then it removes every upload's folder.
"""

from __future__ import annotations

import argparse
import secrets
import signal
import sys
import tempfile
import webbrowser
from pathlib import Path
from types import FrameType

from werkzeug.serving import BaseWSGIServer, make_server

from mahjong_club.messages.core import LANGUAGES, say
from mahjong_club.messages.serve import SERVE
from mahjong_club.serve.app import MAX_MEGABYTES, create_app
from mahjong_club.serve.runs import Runs

HOST = "127.0.0.1"


def build_parser() -> argparse.ArgumentParser:
    """The ``serve`` command line."""
    parser = argparse.ArgumentParser(
        prog="mahjong-club serve",
        description="A local page to drop the season workbook on: problems, standings,"
        " the updated workbook, the site and the emails, in the browser.",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=0,
        metavar="N",
        help="the port on 127.0.0.1 (default: any free port)",
    )
    parser.add_argument(
        "--no-browser", action="store_true", help="print the address, do not open the browser"
    )
    parser.add_argument(
        "--language",
        choices=LANGUAGES,
        default="en",
        help="the drop page's language (default: en)",
    )
    parser.add_argument(
        "--max-mb",
        type=int,
        default=MAX_MEGABYTES,
        metavar="MB",
        help=f"the largest workbook it takes, in MB (default: {MAX_MEGABYTES})",
    )
    return parser


def address(server: BaseWSGIServer, token: str) -> str:
    """The drop page's address with its token, ``http://127.0.0.1:N/<token>/``."""
    return f"http://{HOST}:{server.server_port}/{token}/"


def main(argv: list[str]) -> int:
    """Serve the drop page until stopped; the exit status (0, or 1 when it cannot start)."""
    args = build_parser().parse_args(argv)
    token = secrets.token_urlsafe(24)
    root = Path(tempfile.mkdtemp(prefix="mahjong-club-serve-"))
    runs = Runs(root)
    app = create_app(token, runs, args.language, args.max_mb)
    try:
        server = make_server(HOST, args.port, app, threaded=True)
    except OSError as exc:
        runs.clear()
        problem = say(SERVE["port_taken"], port=args.port, error=exc.strerror or str(exc))
        print(f"Error: {problem.render(args.language)}", file=sys.stderr)
        return 1
    url = address(server, token)
    print(say(SERVE["started"]).render(args.language))
    print(url, flush=True)

    def stop(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    if not args.no_browser:
        webbrowser.open(url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        runs.clear()
    print(say(SERVE["stopped"]).render(args.language), flush=True)
    return 0
