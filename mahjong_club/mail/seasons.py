"""A club's sent-ledgers: the season's own (:func:`season_ledger`), and the same club's other
seasons', for a season's first ``--send`` (:func:`sent_elsewhere`).

A ledger belongs to a club and a season (:func:`~mahjong_club.mail.ledger.ledger_path`), so
an organiser who corrects the season's name mid-season (``2026 spring`` to ``Spring 2026``)
starts a new, empty ledger: every report of the week would go out a second time, the same
words to the same people. So when a ledger is new, the club's other ledgers are asked too: a
report one of them holds as sent is not sent again (it is recorded in the new ledger, and
said), unless ``--resend``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from mahjong_club.common.text import fold_name, slugify
from mahjong_club.mail.compose import Outgoing
from mahjong_club.mail.ledger import MAX_BYTES, Ledger, LedgerError, data_folder, ledger_path


def season_ledger(club: str, season: str) -> Ledger:
    """The sent-ledger ``--send`` uses for ``club`` and ``season``, in the tool's data folder
    (not loaded)."""
    return Ledger(ledger_path(data_folder(os.environ), club, season), club, season)


def sent_elsewhere(ledger: Ledger, items: Sequence[Outgoing]) -> list[tuple[Outgoing, str]]:
    """The ``items`` that the club's other season's ledger (:func:`other_seasons`) holds as
    sent, word for word to the same address, each with that season's name."""
    elsewhere = other_seasons(ledger)
    found = [(item, elsewhere.season_of(item)) for item in items]
    return [(item, season) for item, season in found if season is not None]


@dataclass(frozen=True)
class Elsewhere:
    """The club's other seasons' ledgers (loaded)."""

    ledgers: list[Ledger]

    def season_of(self, item: Outgoing) -> str | None:
        """The name of the season whose ledger holds ``item`` as sent, if any."""
        return next((o.season for o in self.ledgers if o.has_sent(item)), None)


def other_seasons(ledger: Ledger) -> Elsewhere:
    """The same club's most recently written other ledger in ``ledger``'s folder: the one a
    renamed season was using (only one: a federation's seasons each hold a season of
    reports, and a new season's first sending need not read them all). A damaged one is
    left out: it says so when its own season sends."""
    club = fold_name(ledger.club)
    prefix = slugify(club, set(), fallback="club")
    found: list[Ledger] = []
    candidates = [p for p in ledger.path.parent.glob(f"{prefix}*.json") if p != ledger.path]
    for path in sorted(candidates, key=_written, reverse=True):
        if found:
            break
        try:
            with path.open("rb") as handle:
                head = json.loads(handle.read(MAX_BYTES + 1))
            if not isinstance(head, dict) or fold_name(str(head.get("club", ""))) != club:
                continue
            other = Ledger(path, str(head["club"]), str(head.get("season", "")))
            other.load()
        except (OSError, ValueError, KeyError, RecursionError, LedgerError):
            continue
        found.append(other)
    return Elsewhere(found)


def _written(path: Path) -> float:
    """When ``path`` was last written (0 when it cannot be looked at)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
