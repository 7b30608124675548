"""Last week's standings (the movement column) taken from this week's: each record without
the later games (rules/standings.earlier_standings) gives exactly the rows of ranking the
earlier games alone, on the differential test's tie-heavy divisions with dates, undated
games, substitutes, penalties of every kind (some on later games) and dice with gaps."""

from __future__ import annotations

import datetime as dt

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.model import DiceRoll, Division, Game, GameType, Penalty, PenaltyKind, Seat
from rules.ruleset import Ruleset
from rules.standings import DivisionStandings, division_standings, earlier_standings
from tests.test_differential_standings import DIVISION, RIICHI, _substitution, seasons

NIGHTS = [dt.date(2026, 1, 8), dt.date(2026, 1, 15), dt.date(2026, 1, 22), None]
CUTOFF = NIGHTS[1]


def rows_of(standings: DivisionStandings) -> list[tuple[object, ...]]:
    return [
        (
            r.rank,
            r.record.player,
            r.record.games,
            r.record.points,
            r.record.minipoints,
            r.record.places,
            r.decided_by,
            r.record.penalty_points,
            r.record.disqualified,
            sorted(gid for gid, _ in r.record.results),
        )
        for r in standings.rows
    ]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seasons(), st.data())
def test_last_weeks_rows_are_those_of_ranking_the_earlier_games(season, data) -> None:
    game_type, ruleset_name, members, ref_games, ref_penalties, dice, options = season
    overrides = {}
    if options.get("uma"):
        overrides["uma"] = options["uma"]
    if options.get("table_points"):
        overrides["mcr_table_points"] = options["table_points"]
    ruleset = Ruleset.for_riichi_ruleset(ruleset_name, **overrides)
    kind = GameType.RIICHI if game_type == RIICHI else GameType.MCR
    division = Division(DIVISION, kind, 1, tuple(members))
    games = [
        Game(
            g.game_id,
            DIVISION,
            tuple(Seat(p, s, _substitution(x)) for p, s, x in g.seats),
            data.draw(st.sampled_from(NIGHTS)),
        )
        for g in ref_games
    ]
    penalties = [
        Penalty(p.player, PenaltyKind(p.kind), p.points or 0, p.game_id, division=DIVISION)
        for p in ref_penalties
    ]
    rolls = [DiceRoll(DIVISION, player, rnd, roll) for (player, rnd), roll in dice.items()]
    kept = {g.id for g in games if g.date is not None and g.date <= CUTOFF}
    later = {g.id for g in games} - kept
    earlier_penalties = [p for p in penalties if p.game_id is None or p.game_id in kept]

    now = division_standings(division, games, penalties, rolls, ruleset)
    taken = earlier_standings(now, later, earlier_penalties, rolls, ruleset)
    anew = division_standings(
        division, [g for g in games if g.id in kept], earlier_penalties, rolls, ruleset
    )
    assert rows_of(taken) == rows_of(anew)
    assert taken.dice_needed == anew.dice_needed
    assert earlier_standings(now, set(), penalties, rolls, ruleset).rows == now.rows
