"""The sent-ledger: what the mail server accepted (or refused for good), per club and season.

Every run for the same club and season shares one ledger, wherever its output folder is: a
JSON file in the user's data folder (``MAHJONG_CLUB_DATA`` when set, else the platform's, from
``platformdirs``: ``~/.local/share/mahjong-club`` on Linux, ``~/Library/Application
Support/mahjong-club`` on macOS, ``%LOCALAPPDATA%\\mahjong-club`` on Windows), in its
``sent-ledgers`` folder, named after the club and season as names are compared
(:func:`~mahjong_club.common.text.fold_name`: letter case, spaces, NBSP and Unicode form do not
count, so an invisible edit to ``club`` keeps the ledger). A relative ``MAHJONG_CLUB_DATA`` is
made absolute once, against the folder the run started in. An email is known by its recipient
(the address compared case-folded) and its content key (the same recipient, subject and text,
compared as names are, is the same report; the exact-spelling key of the ledgers that
version 0.1 kept in the output folder, taken over on the first ``--send``, is still known).

A run that sends holds the ledger's lock file (an operating-system lock: ``fcntl`` on POSIX,
``msvcrt`` on Windows) from before it reads the ledger until it has finished, so two runs at
once never send the same report twice. Before its first email it writes the ledger anew (a
folder or disk that cannot take it then sends nothing, rather than an email it cannot record)
and opens its journal beside it (``….journal``); each server's answer is one line appended to
the journal and flushed to disk at once (:meth:`Ledger.record_sent`), as is, just before an
email's end of data goes out, that it is being sent (with no answer after it, the email may
have arrived: :attr:`Ledger.unconfirmed`, not sent again unless asked). When the run ends the
journal is folded into the ledger and removed; a journal left by a killed run is read after
the ledger (a last line cut off mid-write is no line: its email was not yet on its way).
A ledger that cannot be read (not JSON, nested too deep, larger than :data:`MAX_BYTES`, not the
shape the tool writes) is an error naming the file that sends nothing; deleting the file starts
over.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

from mahjong_club.common.files import fsync_folder, write_text_atomic
from mahjong_club.common.text import fold_name, slugify
from mahjong_club.mail.compose import Outgoing
from mahjong_club.messages import mail as texts
from mahjong_club.messages.core import Message, say

#: The environment variable that moves the data folder (the tests point it at a temporary one).
DATA_ENV = "MAHJONG_CLUB_DATA"
FORMAT = 1
#: The room set aside in the journal for each email (two lines of some 300 bytes).
ROOM_PER_ANSWER = 2048
#: The largest ledger read (about 2 million emails; a federation's season of 10,000 emails a
#: week is about 125 MB): a bigger file is damaged, not read.
MAX_BYTES = 512 * 1024 * 1024
_SENT_FIELDS = ("to", "key", "subject", "at")
_REFUSED_FIELDS = (*_SENT_FIELDS, "answer")
#: The fields of each kind of journal line.
_LINE_FIELDS = {
    "sent": _SENT_FIELDS,
    "refused": _REFUSED_FIELDS,
    "sending": _SENT_FIELDS,
    "answered": _SENT_FIELDS,
}


class LedgerError(Exception):
    """The ledger cannot be used (damaged, locked by another run, no folder): nothing is sent."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


def data_folder(environ: Mapping[str, str] = os.environ) -> Path:
    """Where the tool keeps its data: ``MAHJONG_CLUB_DATA`` (made absolute against the current
    folder, once), else the user's data folder.

    >>> data_folder({DATA_ENV: "club-data"}) == Path.cwd() / "club-data"
    True
    """
    given = environ.get(DATA_ENV, "").strip()
    if given:
        return Path(given).expanduser().absolute()
    return platformdirs.user_data_path("mahjong-club", appauthor=False)


def ledger_path(folder: Path, club: str, season: str) -> Path:
    """The ledger of ``club`` and ``season``: readable name, hash of both as names are compared
    (:func:`~mahjong_club.common.text.fold_name`).

    >>> ledger_path(Path("data"), "Mahjong Ærø", "2025/26").as_posix()
    'data/sent-ledgers/mahjong-aero-2025-26-c40260321b5d.json'
    >>> ledger_path(Path("data"), "MAHJONG\u00a0Ae\u0301rø ", "2025/26").name == ledger_path(
    ...     Path("data"), "mahjong Aérø", "2025/26").name
    True
    """
    club, season = fold_name(club), fold_name(season)
    digest = hashlib.sha256(f"{club}\n{season}".encode()).hexdigest()[:12]
    slug = slugify(f"{club} {season}", set(), fallback="club")
    return folder / "sent-ledgers" / f"{slug}-{digest}.json"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Ledger:
    """The emails sent (and refused for good) for one club and season."""

    def __init__(self, path: Path, club: str, season: str) -> None:
        self.path = path
        self.club = club
        self.season = season
        self.sent: dict[tuple[str, str], dict[str, str]] = {}
        self.refused: dict[tuple[str, str], dict[str, str]] = {}
        #: Emails whose data's end went out without the server's answer (a lost connection,
        #: a killed run): they may have arrived, so they are not sent again unless asked.
        self.unconfirmed: dict[tuple[str, str], dict[str, str]] = {}
        self._journal: int | None = None  # the journal's file, while a run sends
        self._recorded = 0  # answers put in the journal since :meth:`begin`
        #: The addresses refused for good themselves (at RCPT TO), by address case-folded.
        self._dead: dict[str, list[dict[str, str]]] = {}

    @property
    def lock_path(self) -> Path:
        """The lock file beside the ledger (never replaced, so its lock is stable)."""
        return self.path.with_suffix(".lock")

    @property
    def journal_path(self) -> Path:
        """The journal beside the ledger: the answers recorded since it was last written."""
        return self.path.with_suffix(".journal")

    def load(self) -> None:
        """Read the ledger from disk (none yet: empty); :class:`LedgerError` when damaged."""
        self.sent, self.refused, self.unconfirmed, self._dead = {}, {}, {}, {}
        path = self.path
        if path.exists():
            self._snapshot(path)
        self._replay()

    def _snapshot(self, path: Path) -> None:
        """The entries of the ledger's file."""
        data = self._read(path, path)
        if data.get("format") != FORMAT:
            raise self._damaged(say(texts.LEDGER_WRONG_SHAPE, part="format"), path)
        club, season = data.get("club"), data.get("season")
        if not (isinstance(club, str) and isinstance(season, str)) or (
            fold_name(club),
            fold_name(season),
        ) != (fold_name(self.club), fold_name(self.season)):
            raise self._damaged(say(texts.LEDGER_OTHER_SEASON, club=club, season=season), path)
        for entry in self._entries(data, "sent", _SENT_FIELDS, path):
            self.sent[_index(entry["to"], entry["key"])] = entry
        for entry in self._entries(data, "refused", _REFUSED_FIELDS, path):
            self._apply({"refused": entry})
        for entry in self._entries(data, "unconfirmed", _SENT_FIELDS, path):
            self._apply({"sending": entry})

    def _replay(self) -> None:
        """Read the journal a run left (killed before folding it in), after the ledger."""
        journal = self.journal_path
        try:
            raw = self._bytes(journal, journal)
        except LedgerError as exc:
            if isinstance(exc.__cause__, FileNotFoundError):
                return  # none (or folded in and removed by a run ending meanwhile)
            raise
        lines = raw.split(b"\n")
        for number, line in enumerate(lines, start=1):
            if not line.strip() or (number == len(lines) and not raw.endswith(b"\n")):
                continue  # the last line cut off mid-write: its email was not recorded
            self._apply(self._line(line, journal))

    def _line(self, line: bytes, journal: Path) -> dict[str, Any]:
        """One journal line: ``{"sent": {…}}``, ``{"refused": {…}}``, ``{"sending": {…}}`` (the
        email's end of data about to go out) or ``{"answered": {…}}`` (refused for now)."""
        try:
            data = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError) as exc:
            raise self._damaged(say(texts.LEDGER_NOT_JSON, error=str(exc)), journal) from None
        kind = next(iter(data), "") if isinstance(data, dict) and len(data) == 1 else ""
        fields = _LINE_FIELDS.get(kind)
        if fields is None:
            raise self._damaged(say(texts.LEDGER_WRONG_SHAPE, part="journal"), journal)
        (entry,) = self._entries({kind: [data[kind]]}, kind, fields, journal)
        if not isinstance(entry.get("legacy", ""), str):
            raise self._damaged(say(texts.LEDGER_WRONG_SHAPE, part="journal"), journal)
        return {kind: entry}

    def _apply(self, line: dict[str, Any]) -> None:
        """An answer into the ledger: accepted (no longer refused), or refused for good; or
        an email about to be sent (unconfirmed until its answer)."""
        kind, entry = next(iter(line.items()))
        if kind == "sending":
            self.unconfirmed[_index(entry["to"], entry["key"])] = entry
            return
        indexes = {_index(entry["to"], entry["key"]), _index(entry["to"], _legacy(entry))}
        for index in indexes:
            self.unconfirmed.pop(index, None)  # answered
        if kind == "answered":
            return
        if kind == "sent":
            entry = {field: value for field, value in entry.items() if field != "legacy"}
            for index in indexes:
                self.refused.pop(index, None)
            self.sent[_index(entry["to"], entry["key"])] = entry
            for dead in self._dead.pop(entry["to"].casefold(), []):  # it takes mail after all
                self.refused.pop(_index(dead["to"], dead["key"]), None)
        else:
            entry = line["refused"]
            self.refused[_index(entry["to"], entry["key"])] = entry
            if entry.get("scope") == "address":
                self._dead.setdefault(entry["to"].casefold(), []).append(entry)

    def begin(self, emails: int = 0) -> None:
        """Before the first email: the ledger written anew (the journal folded in) and a new
        journal opened, with room on the disk for ``emails`` answers where the system can
        set it aside (a disk with room for the ledger but not for the answers would send an
        email it cannot record); ``OSError`` when the folder or disk cannot take them:
        nothing sent. The journal is written from its start over the room set aside (zeros,
        which a reading takes for a last line cut off)."""
        self._save()
        self.journal_path.unlink(missing_ok=True)
        self._recorded = 0
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0)
        self._journal = os.open(self.journal_path, flags, 0o644)
        fsync_folder(self.path.parent)  # the new journal's name on disk too
        if emails and hasattr(os, "posix_fallocate"):
            try:
                os.posix_fallocate(self._journal, 0, emails * ROOM_PER_ANSWER)
            except OSError as exc:
                if exc.errno in (errno.ENOSPC, errno.EDQUOT):
                    self.end()
                    raise
                # a file system that cannot set room aside: the lines are written as they come

    def end(self) -> None:
        """After the last email: the journal folded into the ledger and removed (if that
        fails, the next run reads the journal after the ledger)."""
        journal, self._journal = self._journal, None
        if journal is None:
            return
        with contextlib.suppress(OSError):
            os.close(journal)
            if self._recorded:  # else the ledger is as :meth:`begin` wrote it
                self._save()
            self.journal_path.unlink()

    def take_over(self, old: Path) -> None:
        """Adopt the entries of an older version's ledger (``sent-ledger.json`` in an output
        folder) and rename that file to ``sent-ledger.taken-over.json``."""
        if not old.is_file():
            return
        for entry in self._entries(self._read(old, old), "sent", ("to", "key", "subject"), old):
            fields = {**entry, "at": str(entry.get("sent_at", ""))}
            fields = {k: fields[k] for k in _SENT_FIELDS}
            self.sent.setdefault(_index(entry["to"], entry["key"]), fields)
        self._save()
        old.replace(old.with_name("sent-ledger.taken-over.json"))

    def has_sent(self, item: Outgoing) -> bool:
        """True when the server accepted this report for this recipient before."""
        return any(index in self.sent for index in _indexes(item))

    def refusal(self, item: Outgoing) -> dict[str, str] | None:
        """The server's permanent refusal of this report for this recipient, if any; or of
        the address itself (refused at RCPT TO: "no such user"), whatever the report: next
        week's report to an address that does not exist is not tried either."""
        found = [self.refused[index] for index in _indexes(item) if index in self.refused]
        dead = self._dead.get(item.to.casefold())
        return found[0] if found else dead[-1] if dead else None

    def unconfirmed_of(self, item: Outgoing) -> dict[str, str] | None:
        """The earlier sending of this report to this recipient that the server never
        confirmed (it may have arrived), if any."""
        found = [self.unconfirmed[index] for index in _indexes(item) if index in self.unconfirmed]
        return found[0] if found else None

    def record_sending(self, item: Outgoing) -> None:
        """Remember, before the end of ``item``'s data goes out, that it is being sent: should
        no answer follow (the connection lost, the run killed), it may have arrived, and is
        not sent again unless asked (on disk at once)."""
        self._record({"sending": self._entry(item)}, before=False)

    def record_answered(self, item: Outgoing) -> None:
        """Remember that the server answered ``item`` without taking it for good (refused for
        now): it no longer may have arrived."""
        if self.unconfirmed_of(item) is not None:
            self._record({"answered": self._entry(item)})

    def record_sent(self, item: Outgoing) -> None:
        """Remember that the server accepted ``item`` (on disk at once)."""
        self._record({"sent": {**self._entry(item), "legacy": item.legacy_key or item.key}})

    def record_refused(self, item: Outgoing, answer: str, address: bool = False) -> None:
        """Remember the server's permanent refusal of ``item`` (on disk at once); ``address``:
        of its recipient's address itself (at RCPT TO), for every report to come."""
        scope = {"scope": "address"} if address else {}
        self._record({"refused": {**self._entry(item), "answer": answer, **scope}})

    def _record(self, line: dict[str, Any], before: bool = True) -> None:
        """An answer into the ledger, and on disk at once: a line of the journal (flushed)
        while a run sends (:meth:`begin`), else the whole ledger written anew. An answer
        counts ``before`` it is on disk (end() folds it in, whatever stops the writing); an
        email about to be sent only once it is (if the line fails, its end of data never
        goes out)."""
        if before:
            self._apply(line)
        if self._journal is None:
            self._save()
            return
        data = (json.dumps(line, ensure_ascii=False) + "\n").encode("utf-8")
        self._recorded += 1  # before the line is written: end() must fold it in, whatever stops
        while data:
            data = data[os.write(self._journal, data) :]
        os.fsync(self._journal)
        if not before:
            self._apply(line)

    @staticmethod
    def _entry(item: Outgoing) -> dict[str, str]:
        return {"to": item.to, "key": item.key, "subject": item.subject, "at": _now()}

    def _save(self) -> None:
        """The ledger written anew, atomically: an entry a line, each made by json's own C
        encoder (an indented dump goes through its Python one: a federation's season of half
        a million entries took 2.4 s, now a fraction of that)."""
        head = {"format": FORMAT, "club": self.club, "season": self.season}
        parts = [json.dumps(head, ensure_ascii=False)[:-1]]
        sections = ("sent", self.sent), ("refused", self.refused)
        for name, entries in (*sections, ("unconfirmed", self.unconfirmed)):
            lines = ",\n  ".join(json.dumps(e, ensure_ascii=False) for e in entries.values())
            parts.append(f', "{name}": [\n  {lines}\n ]' if lines else f', "{name}": []')
        text = "".join(parts) + "}\n"
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate read from a \ud800 escape: no text
            raise self._damaged(say(texts.LEDGER_WRONG_SHAPE, part="text")) from None
        write_text_atomic(self.path, text)

    def _bytes(self, path: Path, shown: Path | None = None) -> bytes:
        """The file's bytes, at most :data:`MAX_BYTES` (a bigger one is damaged)."""
        try:
            with path.open("rb") as handle:
                raw = handle.read(MAX_BYTES + 1)
        except OSError as exc:
            damaged = self._damaged(say(texts.LEDGER_NOT_JSON, error=str(exc)), shown)
            raise damaged from exc
        if len(raw) > MAX_BYTES:
            raise self._damaged(say(texts.LEDGER_TOO_LARGE, limit=f"{MAX_BYTES:,}"), shown)
        return raw

    def _read(self, path: Path, shown: Path | None = None) -> dict[str, Any]:
        raw = self._bytes(path, shown)
        try:
            data = json.loads(raw.decode("utf-8"))
        except RecursionError:
            raise self._damaged(say(texts.LEDGER_TOO_DEEP), shown) from None
        except (UnicodeDecodeError, ValueError) as exc:
            raise self._damaged(say(texts.LEDGER_NOT_JSON, error=str(exc)), shown) from None
        if not isinstance(data, dict):
            raise self._damaged(say(texts.LEDGER_WRONG_SHAPE, part="{…}"), shown)
        return data

    def _entries(
        self, data: dict[str, Any], part: str, fields: tuple[str, ...], shown: Path | None = None
    ) -> Iterator[dict[str, str]]:
        entries = data.get(part, [])
        if not isinstance(entries, list):
            raise self._damaged(say(texts.LEDGER_WRONG_SHAPE, part=part), shown)
        for entry in entries:
            if not isinstance(entry, dict) or not all(
                isinstance(entry.get(f), str) for f in fields
            ):
                raise self._damaged(say(texts.LEDGER_WRONG_SHAPE, part=f"{part}[…]"), shown)
            yield entry

    def _damaged(self, problem: Message, path: Path | None = None) -> LedgerError:
        return LedgerError(say(texts.LEDGER_DAMAGED, path=path or self.path, problem=problem))


def _legacy(entry: dict[str, str]) -> str:
    """The exact-spelling key a journal line also names (version 0.1's), else its key."""
    return entry.get("legacy", "") or entry["key"]


def _index(to: str, key: str) -> tuple[str, str]:
    """How the ledger looks an email up: the address case-folded, and the content key."""
    return to.casefold(), key


def _indexes(item: Outgoing) -> list[tuple[str, str]]:
    """``item``'s lookups: its content key, and the exact-spelling key of version 0.1."""
    return [_index(item.to, item.key), _index(item.to, item.legacy_key or item.key)]
