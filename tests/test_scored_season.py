"""A season scored into arrays (mahjong_club/compute/scored_season.py) against the rules' own
path (rules/standings.py), the reference: the same rows (ranks, points and minipoints with
their kinds, places, every result, penalties, disqualification, ``Decided by``), the same dice
to roll, the same last week's ranks, on whole random seasons: one to three divisions of both
game types with ties at every level (the differential test's divisions), substitutes at the
start and during play, immediate and later penalties, outsiders seated, custom uma and table
points that make thirds, dice recorded and rolled; and a whole run on the sample season."""

from __future__ import annotations

import dataclasses
import datetime as dt
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_club.common.problems import Problems
from mahjong_club.compute import scored_season as arrays_module
from mahjong_club.compute import standings as standings_module
from mahjong_club.compute.scored_season import UNIT, ScoredSeason, usable
from mahjong_club.compute.standings import compute_standings, previous_ranks
from rules.model import Division, Game, GameType, Penalty, PenaltyKind, Seat, Substitution
from rules.ruleset import Ruleset
from rules.standings import DivisionStandings, season_standings
from tests.test_differential_standings import CUSTOM_UMA
from tests.test_previous_ranks import club

SLOW = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))


@st.composite
def seasons(draw):
    """A club season (tests/test_previous_ranks.py), now and then with a custom uma."""
    season, seed = draw(club())
    if season.ruleset.riichi_ruleset == "ema2016" and draw(st.booleans()):
        uma = draw(st.sampled_from(CUSTOM_UMA))
        season = dataclasses.replace(season, ruleset=dataclasses.replace(season.ruleset, uma=uma))
    return season, seed


def rows(standings: list[DivisionStandings]) -> list[tuple[object, ...]]:
    """Everything a standings row holds, numbers with their kind (7 and Fraction(7) differ
    in what the reports show)."""
    found: list[tuple[object, ...]] = []
    for standing in standings:
        found.append((standing.division, tuple(standing.dice_needed)))
        for row in standing.rows:
            record = row.record
            found.append(
                (
                    row.rank,
                    row.decided_by,
                    record.player,
                    record.points,
                    type(record.points),
                    record.minipoints,
                    record.places,
                    record.games,
                    tuple((game_id, r, type(r.points)) for game_id, r in record.results),
                    record.penalty_points,
                    record.disqualified,
                )
            )
    return found


def ranked_by_arrays(season, dice):
    scored = ScoredSeason(season.divisions, season.games, season.penalties, season.ruleset)
    return scored.rank(scored.records(season.penalties), dice)


@SLOW
@given(seasons())
def test_the_arrays_rank_every_row_as_the_rules_do(case):
    season, _ = case
    reference = season_standings(
        season.divisions, season.games, season.penalties, season.dice, season.ruleset
    )
    assert rows(ranked_by_arrays(season, season.dice)) == rows(reference)


@SLOW
@given(seasons(), st.sampled_from([dt.date(2026, 1, 1), dt.date(2026, 1, 8), dt.date(2026, 1, 9)]))
def test_the_games_up_to_a_day_rank_as_those_games_alone(case, until):
    """Last week's standings: the sums over the games dated up to a day are the standings of
    those games ranked anew by the rules (undated games never count)."""
    season, _ = case
    kept = [g for g in season.games if g.date is not None and g.date <= until]
    ids = {g.id for g in kept}
    penalties = [p for p in season.penalties if p.game_id is None or p.game_id in ids]
    scored = ScoredSeason(season.divisions, season.games, season.penalties, season.ruleset)
    got = scored.rank(scored.records(penalties, until=until), season.dice)
    reference = season_standings(season.divisions, kept, penalties, season.dice, season.ruleset)
    assert rows(got) == rows(reference)


@SLOW
@given(seasons())
def test_a_run_by_arrays_computes_what_a_run_by_the_rules_does(case):
    """compute_standings taking the arrays (every season, however small) gives the whole
    result of the rules' path: rows, dice rolled with a seed, statuses, the organiser's dice
    actions and last week's ranks."""
    season, seed = case
    by_rules = compute_standings(season, Problems(), seed)
    original = standings_module.ARRAY_GAMES
    standings_module.ARRAY_GAMES = 0
    try:
        problems = Problems()
        by_arrays = compute_standings(season, problems, seed)
    finally:
        standings_module.ARRAY_GAMES = original
    assert rows(by_arrays.standings) == rows(by_rules.standings)
    assert by_arrays.new_dice == by_rules.new_dice
    assert by_arrays.statuses == by_rules.statuses
    assert by_arrays.dice_actions == by_rules.dice_actions
    assert by_arrays.previous_ranks == by_rules.previous_ranks
    assert by_arrays.previous_ranks == previous_ranks(season, by_rules.new_dice)


def game(game_id: str, division: str, *seats: tuple[str, int] | tuple[str, int, Substitution]):
    return Game(game_id, division, tuple(Seat(*seat) for seat in seats))  # type: ignore[arg-type]


MCR = Division("M", GameType.MCR, 1, ("A", "B", "C", "D"))
RIICHI = Division("R", GameType.RIICHI, 1, ("A", "B", "C", "D"))


@pytest.mark.parametrize(
    ("division", "scores", "twelfths", "places"),
    [
        # MCR 4 / 2 / 1 / 0; two tied for 2nd share (2 + 1) / 2 = 1.5 each
        (MCR, (40, 10, 10, -60), [48, 18, 18, 0], [1, 2, 2, 4]),
        # three tied for 1st share (4 + 2 + 1) / 3 = 7/3 each
        (MCR, (10, 10, 10, -30), [28, 28, 28, 0], [1, 1, 1, 4]),
        (MCR, (0, 0, 0, 0), [21, 21, 21, 21], [1, 1, 1, 1]),
        # riichi: final - 30,000 + uma, rules.md 1.1's example
        (
            RIICHI,
            (42300, 31500, 25200, 21000),
            [12 * x for x in (27300, 6500, -9800, -24000)],
            [1, 2, 3, 4],
        ),
        # two tied for 1st share (15,000 + 5,000) / 2
        (
            RIICHI,
            (35000, 35000, 30000, 20000),
            [12 * x for x in (15000, 15000, -5000, -25000)],
            [1, 1, 3, 4],
        ),
    ],
)
def test_a_table_in_twelfths(division, scores, twelfths, places):
    season_game = game("1", division.name, *zip("ABCD", scores, strict=True))
    scored = ScoredSeason([division], [season_game], [], Ruleset())
    (only,) = scored._scored
    assert only.points.tolist() == twelfths
    assert only.place.tolist() == places
    (reference,) = season_standings([division], [season_game], [], [], Ruleset())
    by_player = {row.record.player: row.record for row in reference.rows}
    for player, share in zip("ABCD", twelfths, strict=True):
        assert by_player[player].points == Fraction(share, UNIT)


def test_thirds_under_a_custom_uma_stay_exact():
    """Uma 10,000 / 4,000 / -4,000 / -10,000: three tied for 1st share 10,000 / 3 each, a
    third of a point the arrays hold as 40,000 twelfths."""
    ruleset = Ruleset(uma=(10000, 4000, -4000, -10000))
    played = game("1", "R", ("A", 30000), ("B", 30000), ("C", 30000), ("D", 30000))
    (standing,) = ranked_by_arrays_of([RIICHI], [played], ruleset)
    points = {row.record.player: row.record.points for row in standing.rows}
    assert points == {"A": 0, "B": 0, "C": 0, "D": 0}  # all four tied: uma sums to 0
    played = game("2", "R", ("A", 40000), ("B", 40000), ("C", 40000), ("D", 0))
    (standing,) = ranked_by_arrays_of([RIICHI], [played], ruleset)
    points = {row.record.player: row.record.points for row in standing.rows}
    assert points["A"] == Fraction(10000 * 3 + 10000, 3) and type(points["A"]) is Fraction


def ranked_by_arrays_of(divisions, games, ruleset):
    scored = ScoredSeason(divisions, games, [], ruleset)
    return scored.rank(scored.records([]), [])


@pytest.mark.parametrize(
    ("ruleset", "expected"),
    [
        (Ruleset(), True),
        (Ruleset.for_riichi_ruleset("ema-revised"), True),
        (Ruleset(mcr_table_points=(5, 3, 2, 0)), True),
        (Ruleset(uma=(Fraction(31, 2), 5000, -5000, -15000)), False),  # no whole number
        (Ruleset(uma=(Fraction(15000), 5000, -5000, -15000)), False),  # a Fraction's results
        (Ruleset(mcr_table_points=(Fraction(9, 2), 2, 1, 0)), False),
    ],
)
def test_usable_only_with_whole_number_tables(ruleset, expected):
    assert usable(ruleset) is expected


def test_settings_the_arrays_cannot_hold_are_ranked_by_the_rules():
    ruleset = Ruleset(uma=(Fraction(31, 2), 5000, -5000, -15000))
    with pytest.raises(ValueError, match="whole-number"):
        ScoredSeason([RIICHI], [], [], ruleset)


def test_a_members_results_are_made_only_when_asked_for():
    """The workbook needs totals only: counting a member's games makes no results, and the
    first look at one member's results makes the division's (once)."""
    played = [game(str(n), "M", ("A", 40), ("B", 10), ("C", -20), ("D", -30)) for n in range(1, 4)]
    scored = ScoredSeason([MCR], played, [], Ruleset())
    records = scored.records([])
    (division,) = scored._scored
    (_, members, _) = records.divisions[0]
    assert [m.games for m in members] == [3, 3, 3, 3]
    assert division._pairs is None
    assert [r.points for _, r in members[0].results] == [4, 4, 4]
    made = division._pairs
    assert made is not None and len(made) == 12
    assert [r.minipoints for _, r in members[3].results] == [-30, -30, -30]
    assert division._pairs is made


def test_a_substitute_and_an_immediate_penalty_are_scored_by_the_rules():
    """A table with a substitute (the member counts a 4th place and the substitute result)
    and, under ema-revised, one with a lateness penalty taken off the score at once."""
    ruleset = Ruleset.for_riichi_ruleset("ema-revised")
    played = [
        game("1", "R", ("A", 40000), ("B", 30000, Substitution.START), ("C", 30000), ("D", 20000)),
        game("2", "R", ("A", 31000), ("B", 30500), ("C", 30000), ("D", 28500)),
    ]
    late = [Penalty("A", PenaltyKind.LATENESS, 1000, "2", division="R")]
    scored = ScoredSeason([RIICHI], played, late, ruleset)
    got = scored.rank(scored.records(late), [])
    reference = season_standings([RIICHI], played, late, [], ruleset)
    assert rows(got) == rows(reference)
    results = {row.record.player: dict(row.record.results) for row in got[0].rows}
    assert results["B"]["1"].played is False and results["B"]["1"].placement == 4
    assert results["A"]["2"].placement == 2  # 30,000 after the penalty: behind B's 30,500


def test_the_sample_season_runs_the_same_by_arrays(tmp_path, monkeypatch):
    """Workbook, pages and emails of the sample season ranked by arrays are those of the
    rules' path (the emails' Date and Message-ID aside)."""
    from process import main
    from tests.test_cli_parts import SEASON, members, tree, without_stamps

    made: list[int] = []
    real = arrays_module.ScoredSeason.__init__

    def counted(self, *args):
        made.append(len(args[1]))
        real(self, *args)

    monkeypatch.setattr(arrays_module.ScoredSeason, "__init__", counted)
    outs = []
    for threshold in (0, 10**9):
        monkeypatch.setattr(standings_module, "ARRAY_GAMES", threshold)
        out = tmp_path / f"out-{threshold}"
        assert main([str(SEASON), "--out", str(out), "-q"]) == 0
        outs.append(out)
    assert len(made) == 1 and made[0] > 0  # the first run only, on the season's games
    by_arrays, by_rules = outs
    assert members(by_arrays / "season.xlsx") == members(by_rules / "season.xlsx")
    assert tree(by_arrays / "report") == tree(by_rules / "report")
    emails = without_stamps(tree(by_arrays / "outbox"))
    assert emails == without_stamps(tree(by_rules / "outbox")) and emails


BIG = 10**18


@pytest.mark.parametrize(
    ("division", "games", "ruleset"),
    [
        # one table of 10**18: twelfths of it pass 64 bits
        (RIICHI, [game("1", "R", ("A", BIG), ("B", -BIG + 120000), ("C", 0), ("D", 0))], Ruleset()),
        # beyond 64 bits altogether
        (
            RIICHI,
            [game("1", "R", ("A", 10 * BIG), ("B", -10 * BIG + 120000), ("C", 0), ("D", 0))],
            Ruleset(),
        ),
        # ten tables of +-10**18: a member's minipoints pass 64 bits
        (
            MCR,
            [game(str(n), "M", ("A", BIG), ("B", -BIG), ("C", 0), ("D", 0)) for n in range(10)],
            Ruleset(),
        ),
        # the settings
        (
            RIICHI,
            [game("1", "R", ("A", 30000), ("B", 30000), ("C", 30000), ("D", 30000))],
            Ruleset(uma=(BIG, 0, 0, -BIG)),
        ),
    ],
)
def test_numbers_beyond_64_bit_sums_are_ranked_by_the_rules(division, games, ruleset):
    """The reader takes scores of any size that add up right; the arrays refuse what their
    sums cannot hold (TooBig) and the run ranks it by the rules, whose integers have no
    limit (a review found the sums wrapping round: ranks turned upside down)."""
    from mahjong_club.compute.scored_season import TooBig
    from mahjong_club.model import Season
    from mahjong_club.model.settings import Settings

    with pytest.raises(TooBig, match=division.name):
        ScoredSeason([division], games, [], ruleset)
    season = Season(
        settings=Settings(), ruleset=ruleset, divisions=[division], games=games, has_league=True
    )
    original = standings_module.ARRAY_GAMES
    standings_module.ARRAY_GAMES = 0
    try:
        by_arrays = compute_standings(season, Problems(), None)
    finally:
        standings_module.ARRAY_GAMES = original
    reference = season_standings([division], games, [], [], ruleset)
    assert rows(by_arrays.standings) == rows(reference)


def test_records_refuse_a_penalty_the_games_were_not_scored_with():
    """Under ema-revised a lateness penalty changes its table's scores: the records of a
    season scored without it cannot take it (they would neither score nor deduct it)."""
    ruleset = Ruleset.for_riichi_ruleset("ema-revised")
    played = [game("1", "R", ("A", 31000), ("B", 30500), ("C", 30000), ("D", 28500))]
    late = [Penalty("A", PenaltyKind.LATENESS, 1000, "1", division="R")]
    scored = ScoredSeason([RIICHI], played, [], ruleset)
    with pytest.raises(ValueError, match="not scored with"):
        scored.records(late)
    assert ScoredSeason([RIICHI], played, late, ruleset).records(late)


def test_a_members_results_copy_and_compare_as_the_tuple():
    """Pickled (as the second process's data would be), a member's results are the plain
    tuple, not the division's arrays; they equal the tuple and no list."""
    import pickle

    played = [game("1", "M", ("A", 40), ("B", 10), ("C", -20), ("D", -30))]
    scored = ScoredSeason([MCR], played, [], Ruleset())
    (_, members, _) = scored.records([]).divisions[0]
    results = members[0].results
    copied = pickle.loads(pickle.dumps(results, protocol=0))
    assert type(copied) is tuple and copied == tuple(results) == results
    assert results != list(results)
    assert len(pickle.dumps(members[0])) < 2000
