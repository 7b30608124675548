"""The games tables' rows written by ``site/rows.py`` are exactly what the templates' loops
wrote before them: the loops are kept here, as they were in ``player.html`` and
``division.html``, and random views are rendered both ways and compared character for
character (names and ids with ``<``, ``&`` and quotes, undated games, substitutes, fractions,
MCR and riichi, both languages)."""

import datetime as dt
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_club.common.text import natural_key
from mahjong_club.site.locale import Locale
from mahjong_club.site.render import environment
from mahjong_club.site.views import DivisionView, GameView, PlayerGameView, PlayerView, SeatView

# The loops as the templates had them (player.html, division.html), for comparison only.
PLAYER_LOOP = """{% for g in player.games_newest_first %}
<tr><td class="date">{{ g.date|date }}</td><th scope="row">{{ g.id }}</th><td class="num">{{ g.points|num(True) }}</td><td class="num">{{ g.placement }}{% if g.substituted %} ({{ t("substituted") }}){% endif %}</td><td class="num">{{ (g.score if g.minipoints is none else g.minipoints)|num }}</td><td>{{ g.opponents|join(", ") }}</td><td>{{ g.division }}</td></tr>
{% endfor %}
"""  # noqa: E501
DIVISION_LOOP = """{% for game in division.games_newest_first %}
<tbody class="game">
<tr><th scope="colgroup" colspan="4">{{ t("game") }} {{ game.id }}{% if game.date %} · {{ game.date|date }}{% endif %}</th></tr>
{% for seat in game.seats %}
<tr><th scope="row"><a href="{{ seat.slug }}.html">{{ seat.player }}</a>{% if seat.substituted %} <span class="note">({{ t("substituted") }})</span>{% endif %}</th>
<td class="num">{{ seat.points|num(True) }}</td><td class="num">{{ seat.placement }}</td><td class="num">{{ seat.minipoints|num if division.mcr else seat.score|num }}</td></tr>
{% endfor %}
</tbody>
{% endfor %}
"""  # noqa: E501

texts = st.text(alphabet=st.sampled_from("Aa Øø<>&\"'é\u00a0G1-"), min_size=1, max_size=12)
dates = st.none() | st.dates(dt.date(2020, 1, 1), dt.date(2030, 12, 31))
points = st.integers(-100_000, 100_000) | st.fractions(max_denominator=12).map(lambda f: f * 10)
minipoints = st.none() | st.integers(-500, 500)


@st.composite
def player_games(draw: st.DrawFn) -> PlayerGameView:
    return PlayerGameView(
        division=draw(texts),
        id=draw(texts),
        date=draw(dates),
        score=draw(st.integers(-200_000, 200_000)),
        points=draw(points),
        placement=draw(st.integers(1, 4)),
        substituted=draw(st.booleans()),
        opponents=draw(st.lists(texts, min_size=1, max_size=3)),
        minipoints=draw(minipoints),
    )


@st.composite
def players(draw: st.DrawFn) -> PlayerView:
    games = draw(st.lists(player_games(), max_size=8))
    return PlayerView(name=draw(texts), slug="p", email="", games=games)


def _seat(draw: st.DrawFn, mcr: bool) -> SeatView:
    return SeatView(
        player=draw(texts),
        slug=draw(texts),
        score=draw(st.integers(-200_000, 200_000)),
        points=draw(points),
        placement=draw(st.integers(1, 4)),
        substituted=draw(st.booleans()),
        minipoints=draw(st.integers(-500, 500) if mcr else st.none()),
    )


@st.composite
def divisions(draw: st.DrawFn) -> DivisionView:
    mcr = draw(st.booleans())
    games = [
        GameView(
            id=draw(texts),
            date=draw(dates),
            seats=[_seat(draw, mcr) for _ in range(draw(st.integers(3, 4)))],
        )
        for _ in range(draw(st.integers(0, 6)))
    ]
    games.sort(key=lambda g: (g.date or dt.date.min, natural_key(g.id)))  # as the view has them
    return DivisionView(
        name=draw(texts),
        slug="d",
        game="mcr" if mcr else "riichi",
        level=1,
        mcr=mcr,
        rows=[],
        games=games,
        cross_players=[],
        dice_needed=[],
    )


languages = st.sampled_from(["en", "da"])


@settings(max_examples=300)
@given(players(), languages)
def test_a_players_rows_are_the_templates(player, language):
    env = environment(Locale(language))
    expected = env.from_string(PLAYER_LOOP).render(player=player)
    written = env.globals["game_rows"].player_games(player.games_newest_first)
    assert str(written) == expected


@settings(max_examples=300)
@given(divisions(), languages)
def test_a_divisions_rows_are_the_templates(division, language):
    env = environment(Locale(language))
    expected = env.from_string(DIVISION_LOOP).render(division=division)
    written = env.globals["game_rows"].division_games(division)
    assert str(written) == expected


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Bo & Åse", "Bo &amp; Åse"),
        ('<script>"x"</script>', "&lt;script&gt;&#34;x&#34;&lt;/script&gt;"),
        ("O'Hara", "O&#39;Hara"),
    ],
)
def test_a_name_is_escaped_every_time_it_is_shown(name, shown):
    rows = environment(Locale("en")).globals["game_rows"]
    game = PlayerGameView("D", "1", None, 0, Fraction(7, 3), 2, True, [name, name], None)
    once = str(rows.player_games([game]))
    assert once.count(shown) == 2
    assert once == str(rows.player_games([game]))  # the second time from the memo: the same
    assert "+2.33" in once and "(substituted)" in once
