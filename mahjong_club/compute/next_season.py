"""Computing next season's divisions: promotion, relegation and sign-ups (rules.md 1.3).

Part of the compute step: read (reading/) -> compute (this module, using rules/) -> write.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace

from mahjong_club.common.problems import Problems
from mahjong_club.messages import compute as texts
from mahjong_club.messages.core import Message, say
from mahjong_club.messages.rule_errors import rule_error
from mahjong_club.model import Season
from rules.model import GameType
from rules.next_season import NextPlace, TooFewPlayers, next_season, priority_order
from rules.standings import DivisionStandings
from rules.tiebreakers import TIED


@dataclass
class NextSeasonResult:
    """Next season's divisions of each game type."""

    places: dict[GameType, list[NextPlace]] = field(default_factory=dict)
    previous: dict[tuple[GameType, str], tuple[str, int]] = field(default_factory=dict)


def compute_next_season(
    season: Season, standings: list[DivisionStandings], problems: Problems
) -> NextSeasonResult | None:
    """Next season's divisions when the season is complete or a Signups sheet exists."""
    if not season.settings.season_complete and season.signups is None:
        return None
    result = NextSeasonResult()
    by_game: dict[GameType, list[DivisionStandings]] = defaultdict(list)
    for standing in standings:
        by_game[standing.division.game].append(standing)
    for game in (GameType.MCR, GameType.RIICHI):
        ladder = sorted(by_game.get(game, []), key=lambda s: s.division.level)
        _next_season_of(season, game, ladder, result, problems)
    return result


def _next_season_of(
    season: Season,
    game: GameType,
    ladder: list[DivisionStandings],
    result: NextSeasonResult,
    problems: Problems,
) -> None:
    """Next season's divisions of one game type, from its ladder (top division first)."""
    rows = [[r.record.player for r in s.rows] for s in ladder]
    members = {p for division in rows for p in division}
    if season.signups is None:
        signed_up: set[str] | None = None
        new_names: list[str] = []
    else:
        signed = [s.player for s in season.signups if s.game == game]
        signed_up = set(signed)
        new_names = [p for p in signed if p not in members]
    rows_of = {s.player: s.row for s in season.signups or [] if s.game == game}
    for name in new_names:
        if name not in season.players:
            problems.warning(
                "Signups",
                rows_of.get(name),
                "Player",
                texts.NEW_PLAYER_UNKNOWN,
                game=game,
                name=name,
            )
    new_players = [
        (n, season.players[n].rating if n in season.players else None) for n in new_names
    ]
    total = len(new_players) + (len(members) if signed_up is None else len(members & signed_up))
    if total == 0:
        return
    try:
        places = next_season(rows, signed_up, new_players)
    except TooFewPlayers as exc:
        problem = rule_error(exc)
        problems.error("Signups", None, "Game", texts.TOO_FEW_SIGNED_UP, game=game, problem=problem)
        return
    ranks = {
        (level, row.record.player): (standing.division.name, row.rank)
        for level, standing in enumerate(ladder, start=1)
        for row in standing.rows
    }
    for (_level, player), where in ranks.items():
        result.previous.setdefault((game, player), where)
    for place in places:  # a member of two divisions: the place their reason names
        named = ranks.get((place.reason.division or 0, place.player))
        if named is not None:
            result.previous[(game, place.player)] = named
    result.places[game] = _shared_ranks(places, ladder)
    _warn_ties_across_groups(ladder, rows, places, problems)


def _shared_ranks(places: list[NextPlace], ladder: list[DivisionStandings]) -> list[NextPlace]:
    """Each reason that names a rank names the standings' own when a tie the dice have not
    settled shares it (``rank 2=``), not the row the order took it at (``rank 3``): the
    ``Next season`` sheet showed "rank 3" beside a previous rank of 2."""
    shared: dict[tuple[int, str], int] = {}  # (division, player): a member of two has two
    for level, standing in enumerate(ladder, start=1):
        ranks = [row.rank for row in standing.rows]
        for row in standing.rows:
            if ranks.count(row.rank) > 1:
                shared[(level, row.record.player)] = row.rank
    return [
        replace(p, reason=replace(p.reason, rank=rank, tied=True))
        if p.reason.rank is not None
        and (rank := shared.get((p.reason.division or 0, p.player))) is not None
        else p
        for p in places
    ]


def _warn_ties_across_groups(
    ladder: list[DivisionStandings],
    rows: list[list[str]],
    places: list[NextPlace],
    problems: Problems,
) -> None:
    """An unresolved tie that straddles two priority groups must be settled with dice; so
    must one inside a group that next season's division sizes split (two relegation
    candidates tied, one place free above: the order by name would decide, silently)."""
    group_of = {(p.division, p.player): p.group for p in priority_order(rows)}
    level_of = {(p.reason.division, p.player): p.level for p in places}  # the deciding place
    for k, standing in enumerate(ladder, start=1):
        tied: dict[int, list[str]] = defaultdict(list)
        for row in standing.rows:
            if row.decided_by == TIED:
                tied[row.rank].append(row.record.player)
        for rank, tied_here in tied.items():
            # a member of two divisions whose place the other division decided: not here
            players = [p for p in tied_here if (k, p) in group_of]
            groups = {group_of[(k, p)] for p in players}
            levels = sorted({level_of[(k, p)] for p in players if (k, p) in level_of})
            if len(groups) > 1:
                what, apart = texts.TIE_ACROSS_GROUPS, {"groups": _listed(sorted(groups))}
            elif len(levels) > 1:
                what, apart = texts.TIE_ACROSS_DIVISIONS, {"levels": ", ".join(map(str, levels))}
            else:
                continue
            name, shown = standing.division.name, ", ".join(players)
            problems.warning(
                "Dice", None, "", what, division=name, players=shown, rank=rank, **apart
            )


def _listed(groups: list[str]) -> Message | str:
    """The groups' names as a list in the reader's language: 'winner, stays'."""
    words: list[Message | str] = [say(texts.GROUPS[g]) if g in texts.GROUPS else g for g in groups]
    listed = words[-1] if words else ""
    for word in reversed(words[:-1]):
        listed = say(texts.LIST, first=word, rest=listed)
    return listed
