"""The site's games lists, newest first: a division's games come from the view already oldest
first (a date's in natural order), so one sort by date puts them newest first; a player's too
when they are all of one division. Held to sorting each list from scratch on random seasons
(players in two divisions among them) and on the samples."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings

from mahjong_club import pipeline
from mahjong_club.common.problems import Problems
from mahjong_club.compute.standings import compute_standings
from mahjong_club.site.build import build_site
from mahjong_club.site.views import SiteView, newest_first
from tests.test_scored_season import seasons

SAMPLES = Path(__file__).resolve().parents[1] / "sample_sheets"


def assert_sorted_from_scratch(site: SiteView) -> int:
    """Every list is what sorting it from scratch gives; returns the players in two
    divisions or more."""
    for division in site.divisions:
        assert division.games_newest_first == newest_first(division.games), division.name
    for player in site.players:
        assert player.games_newest_first == newest_first(player.games), player.name
    return sum(1 for p in site.players if len({g.division for g in p.games}) > 1)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(seasons())
def test_the_lists_are_those_sorted_from_scratch(case):
    season, seed = case
    members = {(d.name, m) for d in season.divisions for m in d.members}
    assume(all((g.division, s.player) in members for g in season.games for s in g.seats))
    site = build_site(season, compute_standings(season, Problems(), seed), [])
    assert_sorted_from_scratch(site)


@pytest.mark.parametrize("name", ["season.xlsx", "tournament.xlsx", "mcr_tournament.xlsx"])
def test_the_samples_lists_are_those_sorted_from_scratch(name):
    season, problems = pipeline.read_workbook(SAMPLES / name)
    site = pipeline.site_view(pipeline.compute(season, problems))
    assert any(len(p.games) > 1 for p in site.players)
    assert_sorted_from_scratch(site)


def test_a_player_in_two_divisions_is_sorted_across_them():
    """The sample season's players in both a riichi and an MCR division: their games of one
    night from two divisions interleave by their numbers, not division by division."""
    season, problems = pipeline.read_workbook(SAMPLES / "season.xlsx")
    site = pipeline.site_view(pipeline.compute(season, problems))
    assert assert_sorted_from_scratch(site) > 0
