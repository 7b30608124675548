"""Result sheets of single events: classical hands, Duplicate evenings, tournaments (with the
EMA export)."""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_club.compute.duplicate import DuplicateResult
from mahjong_club.compute.hands import HandResult
from mahjong_club.compute.tournament import PenaltyLine, TournamentResult
from mahjong_club.messages.rules import hand_breakdown
from mahjong_club.workbook import styles as looks
from mahjong_club.workbook.csv_files import csv_text
from mahjong_club.workbook.highlights import Highlight
from mahjong_club.workbook.sheets import label, number, session_label
from mahjong_club.workbook.xlsx import Cell, ResultSheet
from rules.model import PenaltyKind

#: The columns whose whole numbers get thousands separators.
HAND_AMOUNTS = frozenset({"Points", "Score", "Settlement", "Running total"})
DUPLICATE_AMOUNTS = frozenset({"Game points", "Average", "Difference", "IMPs"})
PENALTY_AMOUNTS = frozenset({"Points", "Player total"})
#: A disqualification stands out in the penalty list as the player does in the Standings.
PENALTY_HIGHLIGHTS = (Highlight("Kind", PenaltyKind.DISQUALIFICATION.value, looks.DISQUALIFIED),)


def hand_scores_sheet(results: Sequence[HandResult]) -> ResultSheet:
    """The ``Hand scores`` sheet: every player of every hand, with the referee's breakdown."""
    rows: list[list[Cell]] = [
        [
            "Session",
            "Hand",
            "Player",
            "Seat",
            "Points",
            "Doubles",
            "Score",
            "Settlement",
            "Running total",
            "Round",
            "Mahjong",
            "Limit hand",
            "Breakdown",
        ]
    ]
    for r in results:
        rows.append(
            [
                session_label(r.session),
                r.hand,
                r.player.player,
                r.player.seat.value,
                r.score.points,
                r.score.doubles,
                r.score.score,
                r.settlement,
                r.running_total,
                r.round_wind.value,
                "yes" if r.player.winner else None,
                r.score.limit_hand,
                str(hand_breakdown(r.score)),
            ]
        )
    return ResultSheet("Hand scores", rows, HAND_AMOUNTS, optional=True)


def duplicate_sheet(result: DuplicateResult) -> ResultSheet:
    """The ``Duplicate`` sheet: one row per board, table and seat."""
    rows: list[list[Cell]] = [
        [
            "Session",
            "Board",
            "Table",
            "Seat",
            "Player",
            "Game points",
            "Average",
            "Difference",
            "IMPs",
            "False mahjong",
        ]
    ]
    for r in result.rows:
        rows.append(
            [
                label(r.session),
                label(r.board),
                label(r.table),
                r.seat,
                r.player,
                r.game_points,
                number(r.average),
                number(r.difference),
                r.imps,
                r.penalty or None,
            ]
        )
    return ResultSheet("Duplicate", rows, DUPLICATE_AMOUNTS, optional=True)


def duplicate_ranking_sheet(result: DuplicateResult) -> ResultSheet:
    """The ``Duplicate ranking`` sheet: total IMPs (false-Mahjong penalties included)."""
    rows: list[list[Cell]] = [
        ["Rank", "Player", "IMPs", "Boards", "Positive boards", "False mahjong", "IMP scale"]
    ]
    for r in result.ranking:
        rows.append(
            [
                r.rank,
                r.player,
                r.imps,
                r.boards,
                r.positive_boards,
                r.penalties or None,
                result.scale_name,
            ]
        )
    return ResultSheet("Duplicate ranking", rows, frozenset({"IMPs"}), optional=True)


def _deducted(t: TournamentResult, line: PenaltyLine) -> str:
    """When a penalty is taken: off an MCR tournament's minipoints, or in riichi immediately
    (changing placements, ema-revised) or after uma."""
    if t.mcr:
        return "from the minipoints"
    return "immediately (changes placements)" if line.immediate else "after uma"


def penalty_list_sheet(t: TournamentResult) -> ResultSheet:
    """The ``Penalty list``: every penalty, when it was deducted, and each player's total, so
    the organiser can check that the results add up."""
    rows: list[list[Cell]] = [
        [
            "Session",
            "Table",
            "Player",
            "Kind",
            "Minutes",
            "Points",
            "Deducted",
            "Note",
            "Player total",
        ]
    ]
    for line in t.penalties:
        p = line.penalty
        rows.append(
            [
                label(line.session),
                label(line.table),
                p.player,
                p.kind.value,
                p.minutes,
                p.points,
                _deducted(t, line),
                p.note or None,
                t.penalty_totals.get(p.player, 0),
            ]
        )
    return ResultSheet(
        "Penalty list", rows, PENALTY_AMOUNTS, optional=True, highlights=PENALTY_HIGHLIGHTS
    )


#: The EMA submission's columns: the layout the EMA's ranking manager receives.
EMA_COLUMNS = [
    "Tournament",
    "Participants",
    "Place",
    "First name",
    "Last name",
    "EMA number",
    "Table points",
    "Score",
    "EMA member",
    "Country",
    "Date",
    "City",
    "Rules",
    "Days",
    "MERS weight",
]


def ema_rows(t: TournamentResult) -> list[list[Cell]]:
    """The EMA submission, header first: a row per ranked player with the tournament's facts
    (riichi: table points ``1`` and the points as the score; MCR: the table points and the
    minipoints), the last name in capitals, ``1`` for an EMA member (a player with an EMA
    number); a ``Team`` column when players have teams, a ``Substitute`` column (``1`` for a
    substitute entrant, whose result the EMA does not rank) when there are substitutes."""
    s = t.submission
    teams = any(r.team for r in t.ema)
    subs = any(r.substitute for r in t.ema)
    extra = [*(["Team"] if teams else []), *(["Substitute"] if subs else [])]
    rows: list[list[Cell]] = [[*EMA_COLUMNS, *extra]]
    for r in t.ema:
        table: Cell = number(r.points) if s is not None and s.mcr else 1
        score: Cell = r.minipoints if s is not None and s.mcr else number(r.points)
        line: list[Cell] = [t.name, len(t.ema), r.place, r.first_name, r.last_name.upper()]
        line += [r.ema, table, score, 1 if r.ema else 0, r.country]
        if s is not None:
            line += [s.date, s.city, s.rules, s.days, number(s.weight)]
        else:
            line += [None, None, None, None, None]
        line += [r.team] if teams else []
        rows.append([*line, *([1 if r.substitute else 0] if subs else [])])
    return rows


def ema_sheet(t: TournamentResult) -> ResultSheet:
    """The ``EMA results`` sheet."""
    return ResultSheet("EMA results", ema_rows(t), frozenset({"Score"}), optional=True)


def ema_csv(t: TournamentResult) -> str:
    """The EMA results export as CSV (comma-separated, UTF-8); a name that starts like a
    formula (``=``, ``+``, ``-``, ``@``) is defused (see :mod:`.csv_files`)."""
    return csv_text(ema_rows(t))
