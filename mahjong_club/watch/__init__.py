"""``mahjong-club watch INBOX --out DIR``: a folder that processes itself.

Above the pipeline, below the command line: :mod:`.service` waits for workbooks in the inbox
(watchdog), :mod:`.run` processes one as the CLI would and :mod:`.report` writes its problems
report. ``cli/watch.py`` parses the arguments, sets up the log and the signals.
"""

from mahjong_club.watch.run import Checks, Outcome, process
from mahjong_club.watch.service import Watch

__all__ = ["Checks", "Outcome", "Watch", "process"]
