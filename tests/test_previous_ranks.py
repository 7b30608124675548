"""Last week's ranks (the movement column) taken from this week's standings, as a run takes
them, against ranking the earlier games anew, on whole seasons: one to three divisions of
both game types from the differential test's tie-heavy divisions, dated and undated games,
penalties in other divisions, of unknown or later games and of players with no games,
disqualifications tied to games, players seated who are no members, report dates before,
at and after the games, and dice rolled this run (--roll-dice). Written by a review helper
against this work."""

from __future__ import annotations

import datetime as dt

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_club.common.problems import Problems
from mahjong_club.compute.standings import compute_standings, previous_ranks
from mahjong_club.model import Season
from mahjong_club.model.settings import Settings
from rules.model import DiceRoll, Division, Game, GameType, Penalty, PenaltyKind, Seat
from rules.ruleset import Ruleset
from tests.test_differential_standings import RIICHI, _substitution, seasons

DATES = [dt.date(2026, 1, 1), dt.date(2026, 1, 8), dt.date(2026, 1, 9), dt.date(2026, 1, 15), None]


@st.composite
def club(draw):
    ruleset_name = None
    divisions, games, penalties, dice = [], [], [], []
    n = draw(st.integers(1, 3))
    table_points = None
    for d in range(n):
        gt, rs, members, ref_games, ref_pens, rolls, options = draw(seasons())
        ruleset_name = ruleset_name or rs
        table_points = table_points or options.get("table_points")
        name = f"D{d}"
        kind = GameType.RIICHI if gt == RIICHI else GameType.MCR
        divisions.append(Division(name, kind, d + 1, tuple(members)))
        for g in ref_games:
            seats = [Seat(p, s, _substitution(x)) for p, s, x in g.seats]
            if draw(st.integers(0, 9)) == 0:  # a player who is no member of the division
                k = draw(st.integers(0, 3))
                seats[k] = seats[k]._replace(player="Outsider")
            games.append(
                Game(f"{name}{g.game_id}", name, tuple(seats), draw(st.sampled_from(DATES)))
            )
        for p in ref_pens:
            gid = f"{name}{p.game_id}" if p.game_id else None
            div = name
            if draw(st.integers(0, 4)) == 0:
                div = draw(st.sampled_from([None, "D0", "D1", "D2"]))
            player = p.player
            if draw(st.integers(0, 5)) == 0:
                player = draw(st.sampled_from(["Nobody", "Outsider", *members]))
            if draw(st.integers(0, 5)) == 0:
                gid = draw(st.sampled_from([None, "nope", *[g.id for g in games]]))
            if p.kind == "disqualification" and draw(st.booleans()) and games:
                gid = draw(st.sampled_from([g.id for g in games]))
            penalties.append(Penalty(player, PenaltyKind(p.kind), p.points or 0, gid, division=div))
        dice += [DiceRoll(name, pl, rnd, roll) for (pl, rnd), roll in rolls.items()]
    overrides = {"mcr_table_points": table_points} if table_points else {}
    ruleset = Ruleset.for_riichi_ruleset(ruleset_name, **overrides)
    as_of = draw(
        st.sampled_from([None, dt.date(2026, 1, 15), dt.date(2026, 1, 16), dt.date(2026, 1, 22)])
    )
    seed = draw(st.sampled_from([None, 1, 2, 3]))
    season = Season(
        settings=Settings(as_of=as_of),
        ruleset=ruleset,
        divisions=divisions,
        games=games,
        penalties=penalties,
        dice=dice,
        has_league=True,
    )
    return season, seed


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(club())
def test_previous_ranks_now_equals_anew(case):
    season, seed = case
    result = compute_standings(season, Problems(), seed)
    fast = result.previous_ranks
    anew = previous_ranks(season, result.new_dice)
    assert fast == anew
