"""Reading an MCR Duplicate workbook: ``Seating``, ``Boards`` and an optional ``IMP scale``.

``Seating`` (``Session``, ``Table``, ``Seat``, ``Player``): who sat where in each session.
``Boards`` (``Session``, ``Board``, ``Table``, ``Winner``, ``Hand value``, ``Discarder``,
``Last tile``, ``False mahjong``, ``False penalty``, optional ``Tiles``): one row per board per
table. ``Winner`` is a seat or seats (``E`` or ``E,S``), ``Hand value`` the fan, one per
winner (``18`` or ``18,9``); a blank ``Discarder`` means self-drawn; a blank ``Winner`` means
no winner; ``False penalty`` is 4 or 8 IMPs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from mahjong_club.common.problems import Problems
from mahjong_club.common.text import natural_key
from mahjong_club.reading.cells import (
    CellError,
    describe,
    parse_int,
    parse_number,
    parse_text,
    parse_yes_no,
)
from mahjong_club.reading.hands import parse_wind
from mahjong_club.reading.tables import Column, Workbook, read_table
from rules.duplicate import LAST_TILE_FAN, SEATS, BoardResult, TablePlay
from rules.imp_scale import DEFAULT_SCALE, check_scale
from rules.mcr_fans import MINIMUM_FAN

UNUSUAL_HAND_VALUE = 88 * 2


@dataclass
class DuplicateInput:
    """The duplicate evening: every board played at every table, and the IMP scale used."""

    plays: list[TablePlay] = field(default_factory=list)
    tiles: dict[tuple[str, str, str], tuple[int, str]] = field(default_factory=dict)
    scale: tuple[tuple[int, Fraction], ...] = DEFAULT_SCALE
    scale_name: str = "the provisional default scale"


def parse_seats(value: Any) -> tuple[str, ...]:
    """One or more seats: ``E`` or ``E,S`` (commas, semicolons or spaces)."""
    parts = [p for p in re.split(r"[\s,;/]+", parse_text(value)) if p]
    seats = tuple(parse_wind(p).value for p in parts)
    if len(set(seats)) != len(seats):
        raise CellError(f"a seat is listed twice in {describe(value)}")
    return seats


def parse_values(value: Any) -> tuple[int, ...]:
    """Hand values, one per winner: ``18`` or ``18,9``."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return (parse_int(value),)
    parts = [p for p in re.split(r"[\s,;/]+", parse_text(value)) if p]
    values = []
    for part in parts:
        if not part.isdigit():
            raise CellError(
                f"expected hand values in fan, one per winner (like 18 or 18,9); found"
                f" {describe(value)}"
            )
        values.append(int(part))
    return tuple(values)


def read_seating(
    book: Workbook, problems: Problems
) -> dict[tuple[str, str], dict[str, str]] | None:
    """(session, table) -> seat -> player; None when the sheet cannot be read."""
    columns = [Column("Session"), Column("Table"), Column("Seat"), Column("Player")]
    table = read_table(book, "Seating", columns, problems)
    if table is None:
        return None
    seating: dict[tuple[str, str], dict[str, str]] = {}
    seat_rows: dict[tuple[str, str, str], int] = {}
    player_rows: dict[tuple[str, str], int] = {}
    for row in table:
        session = row.get(problems, "Session", parse_text, what="the session")
        number = row.get(problems, "Table", parse_text, what="the table")
        seat = row.get(problems, "Seat", parse_wind, what="the seat (E, S, W or N)")
        player = row.get(problems, "Player", parse_text, what="the player")
        if not row.ok or None in (session, number, seat, player):
            continue
        assert session is not None and number is not None and seat is not None
        assert player is not None
        if (session, number, seat.value) in seat_rows:
            problems.error(
                table.sheet,
                row.number,
                table.column_label("Seat"),
                f"seat {seat.value} at table {number} of session {session} is taken twice"
                f" (also row {seat_rows[(session, number, seat.value)]})",
            )
            continue
        if (session, player) in player_rows:
            problems.error(
                table.sheet,
                row.number,
                table.column_label("Player"),
                f"{player!r} is seated twice in session {session}"
                f" (also row {player_rows[(session, player)]})",
            )
            continue
        seat_rows[(session, number, seat.value)] = row.number
        player_rows[(session, player)] = row.number
        seating.setdefault((session, number), {})[seat.value] = player
    for (session, number), seats in seating.items():
        if len(seats) != 4:
            missing = ", ".join(s for s in SEATS if s not in seats)
            problems.error(
                table.sheet,
                None,
                table.column_label("Seat"),
                f"table {number} of session {session} has no player at {missing}",
            )
    return seating


def read_imp_scale(book: Workbook, problems: Problems) -> tuple[tuple[int, Fraction], ...] | None:
    """The workbook's own ``IMP scale`` (``IMPs``, ``Above``), or None."""
    table = read_table(book, "IMP scale", [Column("IMPs"), Column("Above")], problems)
    if table is None:
        return None
    scale: list[tuple[int, Fraction]] = []
    for row in table:
        imp = row.get(problems, "IMPs", parse_int, what="the IMPs")
        above = row.get(problems, "Above", parse_number, what="the threshold")
        if row.ok and imp is not None and above is not None:
            scale.append((imp, above))
    reason = check_scale(scale) if scale else "the sheet has no rows"
    if reason:
        problems.error(table.sheet, None, table.column_label("IMPs"), f"the IMP scale: {reason}")
        return None
    return tuple(sorted(scale))


def read_duplicate(book: Workbook, problems: Problems) -> DuplicateInput | None:
    """The duplicate sheets, validated; None when the workbook has no ``Boards`` sheet."""
    if book.find("Boards") is None and book.find("Seating") is None:
        return None
    result = DuplicateInput()
    if book.find("IMP scale") is not None:
        scale = read_imp_scale(book, problems)
        if scale is not None:
            result.scale = scale
            result.scale_name = "the workbook's own IMP scale sheet"
    if book.find("Seating") is None or book.find("Boards") is None:
        missing = "Seating" if book.find("Seating") is None else "Boards"
        problems.error(missing, None, "", f"a duplicate workbook needs a {missing!r} sheet")
        return None
    seating = read_seating(book, problems)
    if seating is None:
        return None
    columns = [
        Column("Session"),
        Column("Board"),
        Column("Table"),
        Column("Winner"),
        Column("Hand value"),
        Column("Discarder", required=False),
        Column("Last tile", required=False),
        Column("False mahjong", required=False),
        Column("False penalty", required=False),
        Column("Tiles", required=False),
    ]
    table = read_table(book, "Boards", columns, problems)
    if table is None:
        return None
    label = table.column_label
    seen: dict[tuple[str, str, str], int] = {}
    played: dict[tuple[str, str], set[str]] = {}
    first_row: dict[tuple[str, str], int] = {}
    for row in table:
        session = row.get(problems, "Session", parse_text, what="the session")
        board = row.get(problems, "Board", parse_text, what="the board")
        number = row.get(problems, "Table", parse_text, what="the table")
        winners = row.get(problems, "Winner", parse_seats, required=False) or ()
        values = row.get(problems, "Hand value", parse_values, required=False) or ()
        discarder = row.get(problems, "Discarder", parse_wind, required=False)
        last = row.get(problems, "Last tile", parse_yes_no, required=False) or False
        false_seats = row.get(problems, "False mahjong", parse_seats, required=False) or ()
        penalty = row.get(problems, "False penalty", parse_int, required=False)
        tiles = row.get(problems, "Tiles", parse_text, required=False)
        if not row.ok or session is None or board is None or number is None:
            continue
        key = (session, board, number)
        if key in seen:
            problems.error(
                table.sheet,
                row.number,
                label("Board"),
                f"board {board} at table {number} of session {session} is entered twice"
                f" (also row {seen[key]})",
            )
            continue
        seen[key] = row.number
        if (session, number) not in seating:
            problems.error(
                table.sheet,
                row.number,
                label("Table"),
                f"no seating for table {number} in session {session}: add it to the Seating sheet",
            )
            continue
        ok = True
        if len(values) != len(winners):
            problems.error(
                table.sheet,
                row.number,
                label("Hand value"),
                f"{len(winners)} winner(s) but {len(values)} hand value(s); give one hand value"
                " per winner (18 or 18,9)",
            )
            ok = False
        bonus = LAST_TILE_FAN if last else 0
        for value in values:
            if value + bonus < MINIMUM_FAN:
                problems.error(
                    table.sheet,
                    row.number,
                    label("Hand value"),
                    f"a hand value of {value}: a win needs at least 8 fan (record a false"
                    " Mahjong instead)",
                )
                ok = False
            elif value > UNUSUAL_HAND_VALUE:
                problems.warning(
                    table.sheet,
                    row.number,
                    label("Hand value"),
                    f"a hand value of {value} fan is unusual (over 88 × 2); please check it",
                )
        seat_discarder = discarder.value if discarder is not None else None
        if seat_discarder is not None and seat_discarder in winners:
            problems.error(
                table.sheet,
                row.number,
                label("Discarder"),
                f"{seat_discarder} is both the discarder and a winner",
            )
            ok = False
        if len(winners) > 1 and seat_discarder is None:
            problems.error(
                table.sheet,
                row.number,
                label("Discarder"),
                "several winners can only win on one discard: give the discarder",
            )
            ok = False
        if not winners and seat_discarder is not None:
            problems.warning(
                table.sheet,
                row.number,
                label("Discarder"),
                "a discarder without a winner is ignored",
            )
            seat_discarder = None
        false_mahjong: dict[str, int] = {}
        if false_seats:
            if penalty not in (4, 8):
                problems.error(
                    table.sheet,
                    row.number,
                    label("False penalty"),
                    f"a false Mahjong costs 4 or 8 IMPs; found {describe(penalty)}",
                )
                ok = False
            else:
                false_mahjong = dict.fromkeys(false_seats, penalty)
        elif penalty is not None:
            problems.error(
                table.sheet,
                row.number,
                label("False mahjong"),
                "a false penalty without the seat that made the false Mahjong",
            )
            ok = False
        if not ok:
            continue
        played.setdefault((session, board), set()).add(number)
        first_row.setdefault((session, board), row.number)
        result.plays.append(
            TablePlay(
                session,
                board,
                number,
                dict(seating[(session, number)]),
                BoardResult(winners, values, seat_discarder, last),
                false_mahjong or None,
            )
        )
        if tiles:
            result.tiles[key] = (row.number, tiles)
    tables_in: dict[str, set[str]] = {}
    for session, number in seating:
        tables_in.setdefault(session, set()).add(number)
    for (session, board), numbers in played.items():
        missing = sorted(tables_in.get(session, set()) - numbers, key=natural_key)
        if missing:
            problems.warning(
                table.sheet,
                first_row[(session, board)],
                label("Board"),
                f"board {board} of session {session} was not played at table(s)"
                f" {', '.join(missing)}; its average uses the tables that played it",
            )
    return result
