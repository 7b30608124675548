"""Reading an MCR Duplicate workbook: ``Seating``, ``Boards`` and an optional ``IMP scale``.

``Seating`` (``Session``, ``Table``, ``Seat``, ``Player``): who sat where in each session.
``Boards`` (``Session``, ``Board``, ``Table``, ``Winner``, ``Hand value``, ``Discarder``,
``Last tile``, ``False mahjong``, ``False penalty``, optional ``Tiles``): one row per board per
table. ``Winner`` is a seat or seats (``E`` or ``E,S``), ``Hand value`` the fan, one per
winner (``18`` or ``18,9``); a blank ``Discarder`` means self-drawn; a blank ``Winner`` means
no winner; ``False penalty`` is 4 or 8 IMPs. What a board's entry must satisfy is
:func:`rules.duplicate.check_board`; the IMP scale's shape is :func:`rules.imp_scale.check_scale`.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from mahjong_club.common.problems import Problems
from mahjong_club.common.text import natural_key, small_number
from mahjong_club.messages import cells as cell_texts
from mahjong_club.messages import sheets as texts
from mahjong_club.messages import tournament_sheets as tournament_texts
from mahjong_club.messages.core import Entry, say
from mahjong_club.model import DuplicateInput
from mahjong_club.reading.cells import (
    CellError,
    describe,
    parse_int,
    parse_number,
    parse_text,
    parse_yes_no,
)
from mahjong_club.reading.hands import parse_wind
from mahjong_club.reading.names import near_miss
from mahjong_club.reading.schema import Column, Schema
from mahjong_club.reading.tables import Row, Table, Workbook, read_sheet
from rules.duplicate import (
    SEATS,
    BoardFinding,
    BoardIssue,
    BoardResult,
    TablePlay,
    check_board,
)
from rules.imp_scale import ImpScale, ScaleProblem, check_scale
from rules.mcr_fans import MINIMUM_FAN

#: (session, table) -> seat -> player.
Seating = dict[tuple[str, str], dict[str, str]]


def parse_seats(value: Any) -> tuple[str, ...]:
    """One or more seats: ``E`` or ``E,S`` (commas, semicolons or spaces).

    >>> parse_seats("e, s")
    ('E', 'S')
    """
    parts = [p for p in re.split(r"[\s,;/]+", parse_text(value)) if p]
    seats = tuple(parse_wind(p).value for p in parts)
    if len(set(seats)) != len(seats):
        raise CellError.saying(texts.SEAT_TWICE_IN_CELL, found=describe(value))
    return seats


def parse_values(value: Any) -> tuple[int, ...]:
    """Hand values, one per winner: ``18`` or ``18,9``.

    >>> parse_values("18,9"), parse_values(18.0)
    ((18, 9), (18,))
    """
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return (parse_int(value),)
    parts = [p for p in re.split(r"[\s,;/]+", parse_text(value)) if p]
    values = []
    for part in parts:
        number = small_number(part)
        if number is None:
            raise CellError.saying(texts.HAND_VALUES_EXPECTED, found=describe(value))
        values.append(number)
    return tuple(values)


SESSION = Column("Session", parse_text, cell_texts.WHAT_SESSION)
TABLE = Column("Table", parse_text, cell_texts.WHAT_TABLE)
SEAT = Column("Seat", parse_wind, texts.WHAT_SEAT)
PLAYER = Column("Player", parse_text, cell_texts.WHAT_PLAYER, danish="Spiller")
SEATING = Schema("Seating", (SESSION, TABLE, SEAT, PLAYER))

BOARD = Column("Board", parse_text, texts.WHAT_BOARD)
WINNER = Column("Winner", parse_seats, blank_ok=True)  # blank: no winner
HAND_VALUE = Column("Hand value", parse_values, blank_ok=True)  # blank: no winner
DISCARDER = Column("Discarder", parse_wind, required=False)
LAST_TILE = Column("Last tile", parse_yes_no, required=False)
FALSE_MAHJONG = Column("False mahjong", parse_seats, required=False)
FALSE_PENALTY = Column("False penalty", parse_int, required=False)
TILES = Column("Tiles", parse_text, required=False)
BOARDS = Schema(
    "Boards",
    (
        SESSION,
        BOARD,
        TABLE,
        WINNER,
        HAND_VALUE,
        DISCARDER,
        LAST_TILE,
        FALSE_MAHJONG,
        FALSE_PENALTY,
        TILES,
    ),
)

IMPS = Column("IMPs", parse_int, texts.WHAT_IMPS)
ABOVE = Column("Above", parse_number, texts.WHAT_THRESHOLD)
IMP_SCALE = Schema("IMP scale", (IMPS, ABOVE))

#: Where each issue of a board's entry is reported, and what it says.
BOARD_ISSUES: dict[BoardIssue, tuple[Column[Any], Entry]] = {
    BoardIssue.VALUE_COUNT: (HAND_VALUE, texts.BOARD_VALUE_COUNT),
    BoardIssue.VALUE_TOO_LOW: (HAND_VALUE, texts.BOARD_VALUE_TOO_LOW),
    BoardIssue.VALUE_UNUSUAL: (HAND_VALUE, texts.BOARD_VALUE_UNUSUAL),
    BoardIssue.DISCARDER_WINS: (DISCARDER, texts.BOARD_DISCARDER_WINS),
    BoardIssue.DISCARDER_NEEDED: (DISCARDER, texts.BOARD_DISCARDER_NEEDED),
    BoardIssue.DISCARDER_IGNORED: (DISCARDER, texts.BOARD_DISCARDER_IGNORED),
    BoardIssue.LAST_TILE_IGNORED: (LAST_TILE, texts.BOARD_LAST_TILE_IGNORED),
    BoardIssue.PENALTY_SIZE: (FALSE_PENALTY, texts.BOARD_PENALTY_SIZE),
    BoardIssue.PENALTY_WITHOUT_SEAT: (FALSE_MAHJONG, texts.BOARD_PENALTY_WITHOUT_SEAT),
}
#: Why a workbook's own IMP scale cannot be used.
SCALE_PROBLEMS: dict[ScaleProblem, Entry] = {
    ScaleProblem.EMPTY: texts.IMP_SCALE_EMPTY,
    ScaleProblem.IMPS: texts.IMP_SCALE_IMPS,
    ScaleProblem.THRESHOLDS: texts.IMP_SCALE_THRESHOLDS,
}


def read_duplicate(
    book: Workbook, problems: Problems, registered: Sequence[str] = ()
) -> DuplicateInput | None:
    """The duplicate sheets, validated; None when the workbook has no ``Boards`` sheet.
    ``registered``: the ``Players`` sheet's names (a name seated that it lacks is warned of)."""
    if book.find(BOARDS.sheet) is None and book.find(SEATING.sheet) is None:
        return None
    result = DuplicateInput()
    if book.find(IMP_SCALE.sheet) is not None:
        scale = read_imp_scale(book, problems)
        if scale is not None:
            result.scale = scale
            result.scale_name = ImpScale.WORKBOOK
    for needed in (SEATING, BOARDS):
        if book.find(needed.sheet) is None:
            problems.error(needed.sheet, None, "", texts.DUPLICATE_SHEET_MISSING, name=needed.sheet)
            return None
    seating = read_seating(book, problems, registered)
    if seating is None:
        return None
    table = read_sheet(book, BOARDS, problems)
    if table is None:
        return None
    _read_boards(table, seating, result)
    return result


def read_seating(
    book: Workbook, problems: Problems, registered: Sequence[str] = ()
) -> Seating | None:
    """(session, table) -> seat -> player; None when the sheet cannot be read. A name the
    ``registered`` names (when there are any) lack is warned of at its first row: a typo
    (``Zoe`` for ``Ib``) was an evening's player of its own, who could win it, silently."""
    table = read_sheet(book, SEATING, problems)
    if table is None:
        return None
    known, warned = set(registered), set[str]()
    seating: Seating = {}
    seat_rows: dict[tuple[str, str, str], int] = {}
    player_rows: dict[tuple[str, str], int] = {}
    for row in table:
        session, number = row.value(SESSION), row.value(TABLE)
        seat, player = row.value(SEAT), book.names.resolve(row, PLAYER, row.value(PLAYER))
        if not row.ok or session is None or number is None or seat is None or player is None:
            continue
        if known and player not in known and player not in warned:
            warned.add(player)
            hint = near_miss(player, registered)
            row.warning(PLAYER, tournament_texts.TOURNAMENT_NOT_LISTED, player=player, hint=hint)
        place = (session, number, seat.value)
        if place in seat_rows:
            row.error(
                SEAT,
                texts.SEAT_TAKEN_TWICE,
                seat=seat.value,
                table=number,
                session=session,
                other=seat_rows[place],
            )
            continue
        if (session, player) in player_rows:
            other = player_rows[(session, player)]
            row.error(PLAYER, texts.SEATED_TWICE, player=player, session=session, other=other)
            continue
        seat_rows[place] = row.number
        player_rows[(session, player)] = row.number
        seating.setdefault((session, number), {})[seat.value] = player
    for (session, number), seats in seating.items():
        if len(seats) != len(SEATS):
            missing = ", ".join(s for s in SEATS if s not in seats)
            table.error(
                None, SEAT, texts.SEAT_EMPTY, table=number, session=session, missing=missing
            )
    return seating


def read_imp_scale(book: Workbook, problems: Problems) -> tuple[tuple[int, Fraction], ...] | None:
    """The workbook's own ``IMP scale`` (``IMPs``, ``Above``), or None."""
    table = read_sheet(book, IMP_SCALE, problems)
    if table is None:
        return None
    scale: list[tuple[int, Fraction]] = []
    rows: dict[tuple[int, Fraction], int] = {}  # each step's Excel row
    for row in table:
        imp = row.value(IMPS)
        above = row.value(ABOVE)
        if row.ok and imp is not None and above is not None:
            scale.append((imp, above))
            rows.setdefault((imp, above), row.number)
    problem = check_scale(scale)
    if problem is not None:
        reason = say(SCALE_PROBLEMS[problem])
        number, column = _scale_fault(sorted(scale), rows, problem)
        table.error(number, column, texts.IMP_SCALE_UNUSABLE, reason=reason)
        return None
    return tuple(sorted(scale))


def _scale_fault(
    ordered: list[tuple[int, Fraction]],
    rows: dict[tuple[int, Fraction], int],
    problem: ScaleProblem,
) -> tuple[int | None, Column[Any]]:
    """The row and column that break the scale (by IMPs): the first step whose IMPs are not
    the next whole number, or whose threshold is not above the one before (None: no rows)."""
    for index, step in enumerate(ordered):
        if problem is ScaleProblem.IMPS and step[0] != index + 1:
            return rows[step], IMPS
        before = ordered[index - 1][1] if index else None
        if problem is ScaleProblem.THRESHOLDS and (
            step[1] < 0 or (before is not None and step[1] <= before)
        ):
            return rows[step], ABOVE
    return None, IMPS


def _read_boards(table: Table, seating: Seating, result: DuplicateInput) -> None:
    """Every row of ``Boards`` that can be scored, into ``result``."""
    seen: dict[tuple[str, str, str], int] = {}
    played: dict[tuple[str, str], set[str]] = {}
    first_row: dict[tuple[str, str], int] = {}
    for row in table:
        read = _read_board(row, seating, seen)
        if read is None:
            continue
        play, tiles = read
        played.setdefault((play.session, play.board), set()).add(play.table)
        first_row.setdefault((play.session, play.board), row.number)
        result.plays.append(play)
        if tiles:
            result.tiles[(play.session, play.board, play.table)] = (row.number, tiles)
    tables_in: dict[str, set[str]] = {}
    for session, number in seating:
        tables_in.setdefault(session, set()).add(number)
    for (session, board), numbers in played.items():
        missing = sorted(tables_in.get(session, set()) - numbers, key=natural_key)
        if missing:
            table.warning(
                first_row[(session, board)],
                BOARD,
                texts.BOARD_NOT_PLAYED,
                board=board,
                session=session,
                tables=", ".join(missing),
            )


def _read_board(
    row: Row, seating: Seating, seen: dict[tuple[str, str, str], int]
) -> tuple[TablePlay, str | None] | None:
    """One board at one table, with its ``Tiles``; None when it cannot be scored (reported)."""
    session, board, number = row.value(SESSION), row.value(BOARD), row.value(TABLE)
    winners = row.value(WINNER) or ()
    values = row.value(HAND_VALUE) or ()
    discarder = row.value(DISCARDER)
    last = row.value(LAST_TILE) or False
    false_seats = row.value(FALSE_MAHJONG) or ()
    penalty = row.value(FALSE_PENALTY)
    tiles = row.value(TILES)
    if not row.ok or session is None or board is None or number is None:
        return None
    key = (session, board, number)
    if key in seen:
        row.error(
            BOARD, texts.BOARD_TWICE, board=board, table=number, session=session, other=seen[key]
        )
        return None
    seen[key] = row.number
    if (session, number) not in seating:
        row.error(TABLE, texts.BOARD_NO_SEATING, table=number, session=session)
        return None
    entered = BoardResult(winners, values, discarder.value if discarder else None, last)
    findings = check_board(entered, false_seats, penalty)
    for finding in findings:
        _report(row, finding, entered)
    if any(f.issue.fatal for f in findings):
        return None
    scored = entered if winners else dataclasses.replace(entered, discarder=None)
    false_mahjong = dict.fromkeys(false_seats, penalty) if penalty is not None else None
    players = dict(seating[(session, number)])
    return TablePlay(session, board, number, players, scored, false_mahjong), tiles


def _report(row: Row, finding: BoardFinding, entered: BoardResult) -> None:
    """Report one issue of a board's entry, as an error or (when it is not fatal) a warning."""
    column, what = BOARD_ISSUES[finding.issue]
    params: dict[str, object] = {}
    match finding.issue:
        case BoardIssue.VALUE_COUNT:
            params = {"winners": len(entered.winners), "values": len(entered.hand_values)}
        case BoardIssue.VALUE_TOO_LOW:
            params = {"value": finding.value, "minimum": MINIMUM_FAN}
        case BoardIssue.VALUE_UNUSUAL:
            params = {"value": finding.value}
        case BoardIssue.DISCARDER_WINS:
            params = {"seat": entered.discarder}
        case BoardIssue.PENALTY_SIZE if finding.value is None:  # "found None" before
            what = texts.BOARD_PENALTY_MISSING
        case BoardIssue.PENALTY_SIZE:
            params = {"found": describe(finding.value)}
    if finding.issue.fatal:
        row.error(column, what, **params)
    else:
        row.warning(column, what, **params)
