"""Reading the ``Signups`` and ``Schedule`` sheets (next season, planned games)."""

from __future__ import annotations

from dataclasses import dataclass

from mahjong_club.common.problems import Problems
from mahjong_club.reading.cells import parse_keyword, parse_text
from mahjong_club.reading.tables import HEADER_ALIASES, Column, Workbook, read_table
from rules.model import Division, GameType
from rules.schedule import PlannedGame

GAME_TYPES = {"mcr": GameType.MCR, "riichi": GameType.RIICHI}
SEAT_COLUMNS = ("Player 1", "Player 2", "Player 3", "Player 4")
SCHEDULE_ALIASES = {**HEADER_ALIASES, **{f"spiller {i}": f"Player {i}" for i in range(1, 5)}}


@dataclass(frozen=True)
class Signup:
    """A row of ``Signups``: a player for next season's divisions of one game type."""

    player: str
    game: GameType
    row: int


def read_signups(book: Workbook, problems: Problems) -> list[Signup]:
    """The ``Signups`` sheet; an unknown game type is an error, a repeated row a warning."""
    table = read_table(book, "Signups", [Column("Player"), Column("Game")], problems)
    if table is None:
        return []
    signups: list[Signup] = []
    seen: dict[tuple[str, GameType], int] = {}
    for row in table:
        player = row.get(problems, "Player", parse_text, what="the player")
        game = row.get(
            problems,
            "Game",
            lambda v: parse_keyword(v, GAME_TYPES, "the game type"),
            what="the game type (MCR or Riichi)",
        )
        if player is None or game is None or not row.ok:
            continue
        if (player, game) in seen:
            problems.warning(
                table.sheet,
                row.number,
                table.column_label("Player"),
                f"{player!r} signed up for {game} twice (also row {seen[(player, game)]})",
            )
            continue
        seen[(player, game)] = row.number
        signups.append(Signup(player, game, row.number))
    return signups


def read_schedule(
    book: Workbook, divisions: list[Division], problems: Problems
) -> list[PlannedGame]:
    """The ``Schedule`` sheet: planned foursomes of division members."""
    columns = [Column("Division"), Column("Game"), *(Column(c) for c in SEAT_COLUMNS)]
    table = read_table(book, "Schedule", columns, problems, SCHEDULE_ALIASES)
    if table is None:
        return []
    by_name = {d.name: d for d in divisions}
    planned: list[PlannedGame] = []
    for row in table:
        division = row.get(problems, "Division", parse_text, what="the division")
        label = row.get(problems, "Game", parse_text, what="the planned game's number")
        players = [row.get(problems, c, parse_text, what="a player") for c in SEAT_COLUMNS]
        if not row.ok or division is None or label is None or None in players:
            continue
        if division not in by_name:
            problems.error(
                table.sheet,
                row.number,
                table.column_label("Division"),
                f"unknown division {division!r}; the Divisions sheet has:"
                f" {', '.join(repr(d) for d in by_name)}",
            )
            continue
        members = by_name[division].members
        ok = True
        for column, player in zip(SEAT_COLUMNS, players, strict=True):
            if player not in members:
                problems.error(
                    table.sheet,
                    row.number,
                    table.column_label(column),
                    f"{player!r} is not a member of division {division!r}",
                )
                ok = False
        if len(set(players)) != 4:
            problems.error(
                table.sheet,
                row.number,
                table.column_label("Player 1"),
                "a planned game needs four different players",
            )
            ok = False
        if ok:
            planned.append(PlannedGame(division, label, tuple(players), row.number))  # type: ignore[arg-type]
    return planned
