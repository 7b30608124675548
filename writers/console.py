"""The plain-text standings printed to stdout after a run."""

from __future__ import annotations

from fractions import Fraction

from compute import LeagueResult
from rules.model import GameType


def show(value: Fraction | int | None) -> str:
    """A number for people: whole numbers with thousands separators, fractions to 2 decimals."""
    if value is None:
        return ""
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{float(value):,.2f}"
    return f"{int(value):,}"


def standings_text(result: LeagueResult) -> str:
    """Each division's table: rank (``2=`` for a shared rank), player, games, points, places."""
    blocks: list[str] = []
    for standing in result.standings:
        division = standing.division
        mcr = division.game is GameType.MCR
        header = ["Rank", "Player", "Games", "Points"] + (["Minipts"] if mcr else [])
        header += ["1st", "2nd", "3rd", "4th", "Decided by", "Status"]
        table = [header]
        ranks = [row.rank for row in standing.rows]
        for row in standing.rows:
            rec = row.record
            shared = ranks.count(row.rank) > 1
            line = [f"{row.rank}{'=' if shared else ''}", rec.player, str(rec.games)]
            line.append(show(rec.points))
            if mcr:
                line.append(show(rec.minipoints))
            line += [str(n) for n in rec.places]
            line += [row.decided_by, result.statuses.get((division.name, rec.player), "")]
            table.append(line)
        widths = [max(len(r[i]) for r in table) for i in range(len(header))]
        numeric = {0, 2, 3, 4, 5, 6, 7} | ({8} if mcr else set())
        lines = [f"{division.name} ({division.game.value}, level {division.level})"]
        for r in table:
            cells = [
                c.rjust(w) if i in numeric else c.ljust(w)
                for i, (c, w) in enumerate(zip(r, widths, strict=True))
            ]
            lines.append("  " + "  ".join(cells).rstrip())
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)
