"""Planned games: matching, the season's plan (rules.md 1.4), and worked examples of both.

Properties over random divisions and nights are in tests/test_schedule_properties.py and
tests/test_tonight_properties.py; the command line in tests/test_cli_schedule_tonight.py.
"""

import datetime as dt
import itertools
import math

import pytest

from rules.errors import RuleError
from rules.schedule import (
    PlannedGame,
    ScheduleError,
    games_each,
    games_left,
    make_schedule,
    match_schedule,
    pair_meetings,
    pair_spread,
    season_games,
)
from tests.builders import game


def plan(division, *tables):
    return [PlannedGame(division, str(i), tuple(t)) for i, t in enumerate(tables, start=1)]


def names(n):
    return [f"P{i:02d}" for i in range(1, n + 1)]


# --- Matching played games to the plan ---------------------------------------------------------


def test_played_games_match_planned_foursomes_as_a_multiset():
    planned = plan("M", "ABCD", "ABCE", "ABCD")
    played = [
        game("7", "M", [("D", 10), ("C", -10), ("B", 0), ("A", 0)]),
        game("9", "M", [("A", 10), ("B", -10), ("C", 0), ("D", 0)]),
        game("8", "M", [("A", 10), ("B", -10), ("C", 0), ("F", 0)]),
    ]
    statuses, unmatched = match_schedule(planned, played)
    assert [s.game_id for s in statuses] == ["7", None, "9"]
    assert [g.id for g in unmatched] == ["8"]


def test_match_uses_dates_in_order():
    planned = plan("M", "ABCD")
    later = game("1", "M", [("A", 0), ("B", 0), ("C", 0), ("D", 0)])
    earlier = game("2", "M", [("A", 0), ("B", 0), ("C", 0), ("D", 0)])
    later = type(later)(later.id, later.division, later.seats, dt.date(2025, 9, 11))
    earlier = type(earlier)(earlier.id, earlier.division, earlier.seats, dt.date(2025, 9, 4))
    statuses, unmatched = match_schedule(planned, [later, earlier])
    assert statuses[0].game_id == "2" and [g.id for g in unmatched] == ["1"]


# --- The season's size --------------------------------------------------------------------------

SEASONS = [
    # members, meetings, games in the season, games each (fewest, most)
    pytest.param(4, 3, 3, (3, 3), id="four play their foursome 3 times"),
    pytest.param(5, 3, 5, (4, 4), id="five play every foursome once"),
    pytest.param(6, 3, 8, (5, 6), id="six: 32 seats, four play 5 and two 6"),
    pytest.param(7, 3, 11, (6, 7), id="seven: 44 seats"),
    pytest.param(8, 3, 14, (7, 7), id="eight play 14"),
    pytest.param(9, 3, 18, (8, 8), id="nine"),
    pytest.param(12, 3, 33, (11, 11), id="twelve"),
    pytest.param(8, 1, 5, (2, 3), id="eight meeting once: 28 pairs, 30 meetings"),
    pytest.param(13, 1, 13, (4, 4), id="thirteen meeting once: the projective plane"),
    pytest.param(6, 2, 5, (3, 4), id="six meeting twice"),
]


@pytest.mark.parametrize(("n", "meetings", "games", "each"), SEASONS)
def test_a_fresh_season_has_the_games_the_pairs_need(n, meetings, games, each):
    members = names(n)
    tables = make_schedule(members, meetings=meetings)
    assert season_games(n, meetings) == games == math.ceil(meetings * n * (n - 1) / 12)
    assert len(tables) == games
    counts = games_each(tables, members)
    assert (min(counts), max(counts)) == each
    assert all(len(set(t)) == 4 and set(t) <= set(members) for t in tables)


def test_a_division_of_four_plays_three_games():
    assert make_schedule("ABCD") == [("A", "B", "C", "D")] * 3


def test_a_division_of_five_plays_every_foursome_once():
    tables = make_schedule("ABCDE")
    assert sorted(tables) == sorted(itertools.combinations("ABCDE", 4))
    assert set(pair_meetings(tables, "ABCDE").values()) == {3}


def test_a_division_of_eight_plays_fourteen_games_every_pair_meeting_three_times():
    members = names(8)
    tables = make_schedule(members)
    assert len(tables) == 14
    assert games_each(tables, members) == [7] * 8
    assert pair_spread(tables, members) == (3, 3)


def test_schedule_meetings_changes_the_season():
    members = names(8)
    tables = make_schedule(members, meetings=6)
    assert len(tables) == 28 and pair_spread(tables, members) == (6, 6)


# --- Counting the games played -----------------------------------------------------------------


def test_the_plan_completes_the_played_games():
    assert make_schedule("ABCDE", played=["ABCD", "ABCE"]) == [
        ("A", "B", "D", "E"),
        ("A", "C", "D", "E"),
        ("B", "C", "D", "E"),
    ]


def test_a_season_already_played_needs_no_more_games():
    played = list(itertools.combinations("ABCDE", 4))
    assert make_schedule("ABCDE", played=played) == []


def test_played_games_of_four_count_for_the_four():
    assert make_schedule("ABCD", played=["ABCD"]) == [("A", "B", "C", "D")] * 2
    assert make_schedule("ABCD", played=["ABCD"] * 5) == []


def test_the_rest_of_the_season_evens_out_the_played_games():
    # A, B, G and H have played 3 games, C to F none: the 11 games left of the 14 give
    # everyone 7. (A, B, G and H have met 3 times already, so not every pair can meet 3
    # times: 16 more seats for the four cannot all be at different tables among 11.)
    played = ["ABGH", "ABGH", "ABGH"]
    tables = make_schedule("ABCDEFGH", played=played)
    assert len(tables) == 11
    assert games_each([*played, *tables], "ABCDEFGH") == [7] * 8


def test_a_season_started_on_a_plan_is_finished_evenly():
    members = names(8)
    played = make_schedule(members)[:5]
    tables = make_schedule(members, played=played)
    assert len(tables) == 9
    assert pair_spread([*played, *tables], members) == (3, 3)


def test_the_season_grows_when_members_played_too_often():
    # A to D played their foursome 4 times: 8 games (5 or 6 each) cannot even that out; with
    # 6 more games A to D play 7 and E and F 6, every game seats E or F or both.
    played = ["ABCD"] * 4
    tables = make_schedule("ABCDEF", played=played)
    assert len(tables) == 6
    assert games_each([*played, *tables], "ABCDEF") == [7, 7, 7, 7, 6, 6]


def test_the_plan_keeps_a_late_member_playing_until_caught_up():
    # E joined after four games of A to D; in a division of five E must play every further
    # game: 3 of every 4 seats beside E go to A to D, so E catches up after 12 games.
    played = ["ABCD"] * 4
    tables = make_schedule("ABCDE", played=played)
    assert len(tables) == 12 and all("E" in t for t in tables)
    assert games_each([*played, *tables], "ABCDE") == [13, 13, 13, 13, 12]


GAMES_LEFT = [
    # games played by each member, season's games, further games of each member
    ([0, 0, 0, 0, 0], 5, [4, 4, 4, 4, 4]),
    ([2, 2, 2, 1, 1], 5, [2, 2, 2, 3, 3]),
    ([3, 3, 3, 3, 1], 5, [3, 3, 3, 3, 4]),
    ([4, 4, 4, 4, 4], 5, [0, 0, 0, 0, 0]),
    ([0, 0, 0, 0, 0, 0], 8, [6, 6, 5, 5, 5, 5]),
    ([1, 1, 1, 1], 3, [2, 2, 2, 2]),
    ([5, 5, 5, 5], 3, [0, 0, 0, 0]),
    ([2, 0, 0, 0], 3, [3, 3, 3, 3]),  # four cannot even out: every game seats all four
]


@pytest.mark.parametrize(("played", "target", "further"), GAMES_LEFT)
def test_games_left(played, target, further):
    assert games_left(played, target) == further


@pytest.mark.parametrize(
    ("members", "meetings", "message"),
    [
        ("ABC", 3, "a division of 3 cannot play: a game needs four"),
        ("ABCD", 0, "each pair must meet at least once, not 0 times"),
    ],
)
def test_schedule_refuses_what_cannot_be_planned(members, meetings, message):
    with pytest.raises(ScheduleError, match=message) as info:
        make_schedule(members, meetings=meetings)
    assert isinstance(info.value, RuleError)


def test_the_plan_is_the_same_every_time():
    members = names(10)
    played = [tuple(members[i : i + 4]) for i in range(6)]
    assert make_schedule(members, played) == make_schedule(members, played)


def test_non_members_in_played_games_are_left_out():
    # A guest row (not a member) does not count; the members' seats do.
    assert make_schedule("ABCD", played=["ABCX"]) == make_schedule("ABCD", played=["ABC"])


def test_the_playing_order_seats_those_who_played_least_first():
    members = "ABCDEFGH"
    played = ["ABCD", "ABCE"]
    tables = make_schedule(members, played=played)
    counts = dict(zip(members, games_each(played, members), strict=True))
    for k, table in enumerate(tables):
        assert sum(counts[p] for p in table) == min(sum(counts[p] for p in t) for t in tables[k:])
        for p in table:
            counts[p] += 1
