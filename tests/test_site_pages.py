"""The league site's pages without a browser: penalties that add up, provisional labels, the
time of generation, the print header, the player search and natural order (issue 12)."""

from __future__ import annotations

import datetime as dt
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from mahjong_club.common.text import natural_key
from process import main
from tests.builders import write_workbook
from tests.test_cli_errors import GAMES_HEADER, league

D = dt.date(2025, 9, 4)
#: 4 September 2025, 21:05 UTC.
EPOCH = "1757019900"


class Tables(HTMLParser):
    """Every table of a page: its class, caption and rows of (tag, class, text) cells."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[dict[str, object]] = []
        self._cell: list[str] | None = None
        self._in_caption = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "table":
            self.tables.append({"class": attributes.get("class") or "", "caption": "", "rows": []})
        elif tag == "caption":
            self._in_caption = True
        elif tag == "tr" and self.tables:
            self.tables[-1]["rows"].append([])  # type: ignore[union-attr]
        elif tag in ("td", "th") and self.tables:
            self._cell = [tag, attributes.get("class") or "", ""]
            self.tables[-1]["rows"][-1].append(self._cell)  # type: ignore[index]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th"):
            self._cell = None
        elif tag == "caption":
            self._in_caption = False

    def handle_data(self, data: str) -> None:
        if self._in_caption and self.tables:
            self.tables[-1]["caption"] += data  # type: ignore[operator]
        elif self._cell is not None:
            self._cell[2] += data


def tables(html: str) -> list[dict[str, object]]:
    parser = Tables()
    parser.feed(html)
    return parser.tables


def table(html: str, caption_start: str) -> list[list[str]]:
    """The rows (cell texts, spaces collapsed) of the table whose caption starts so."""
    for found in tables(html):
        if str(found["caption"]).startswith(caption_start):
            rows = found["rows"]
            return [[" ".join(c[2].split()) for c in row] for row in rows]  # type: ignore[union-attr]
    raise AssertionError(f"no table {caption_start!r}")


def number(text: str) -> int:
    """A whole number as the site shows it: ``−20,000``, ``+27,300``."""
    return int(text.replace("−", "-").replace("+", "").replace(",", ""))


def build(tmp_path: Path, sheets) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    assert main([str(path), "--out", str(tmp_path / "out")]) == 0
    return tmp_path / "out" / "report"


def read(report: Path, page: str) -> str:
    return (report / page).read_text(encoding="utf-8")


def penalty_league(ruleset: str = "ema-revised", complete: str = "no"):
    """Two riichi games on one night, ``G10`` and ``G2``, with a chombo (off the total) and a
    lateness (off the game's score under ema-revised); an MCR penalty off the minipoints."""
    sheets = league()
    sheets["Settings"] += [["riichi_ruleset", ruleset], ["season_complete", complete]]
    sheets["Games"] = [
        GAMES_HEADER,
        ["G10", D, "R1", "A", 30000, None],
        ["G10", D, "R1", "B", 30500, None],
        ["G10", D, "R1", "C", 29500, None],
        ["G10", D, "R1", "E", 30000, None],
        ["G2", D, "R1", "A", 42300, None],
        ["G2", D, "R1", "B", 31500, None],
        ["G2", D, "R1", "C", 25200, None],
        ["G2", D, "R1", "D", 21000, None],
        ["M1", D, "M1", "A", 40, None],
        ["M1", D, "M1", "B", 10, None],
        ["M1", D, "M1", "C", -20, None],
        ["M1", D, "M1", "D", -30, None],
    ]
    sheets["Penalties"] = [
        ["Game", "Player", "Kind", "Points", "Minutes", "Note"],
        ["G2", "A", "chombo", None, None, "Ron on a wrong tile"],
        ["G10", "A", "lateness", None, 3, "Came at 19:03"],
        ["M1", "A", "other", 10, None, "Drew out of turn"],
    ]
    return sheets


def test_natural_order_of_labels():
    labels = ["Table 10", "G10", "table 2", "G2", "10", "2", "G1b"]
    assert sorted(labels, key=natural_key) == ["2", "10", "G1b", "G2", "G10", "table 2", "Table 10"]


def _natural_order_by_runs(text):
    """The order natural_key stands for, without its shortcut for a plain number: every
    run, one by one, a run of ASCII digits by its value."""
    runs = re.split(r"([0-9]+)", text)
    return tuple(
        (0, int(r), "") if r.isdigit() and r.isascii() else (1, 0, r.casefold()) for r in runs if r
    ), text


labels = st.text(alphabet="0123456789²٣ Gg-.", max_size=8) | st.integers(0, 10**30).map(str)


@example(["2", "02", "G007", "G7", "10", "9", "1.10", "1.9"])
@given(st.lists(labels, max_size=8))
def test_natural_key_sorts_as_every_run_by_its_value(some):
    assert sorted(some, key=natural_key) == sorted(some, key=_natural_order_by_runs)
    for one in some:
        for other in some:
            equal = _natural_order_by_runs(one) == _natural_order_by_runs(other)
            assert (natural_key(one) == natural_key(other)) == equal


def test_a_label_of_thousands_of_digits_is_sorted_not_refused():
    huge = "G" + "9" * 5000
    assert sorted([huge, "G10", "G2", "H1"], key=natural_key) == ["G2", "G10", huge, "H1"]


def test_games_of_a_night_in_natural_order(tmp_path):
    report = build(tmp_path, penalty_league())
    games = [r[0] for r in table(read(report, "division-r1.html"), "Games: R1") if len(r) == 1]
    assert games == [f"Game G2 · {D.day} September 2025", f"Game G10 · {D.day} September 2025"]
    player = table(read(report, "player-a.html"), "Games: A")
    assert [r[1] for r in player[1:3]] == ["G2", "G10"]


def test_penalties_add_up_on_the_players_page(tmp_path):
    report = build(tmp_path, penalty_league())
    html = read(report, "player-a.html")
    games = table(html, "Games: A")
    header = games[0]
    riichi = [r for r in games[1:] if r[header.index("Division")] == "R1"]
    results = sum(number(r[header.index("Result")]) for r in riichi)
    penalties = table(html, "Penalties: A")
    off_total = [r for r in penalties[1:] if r[-2] == "the season total"]
    in_game = [r for r in penalties[1:] if r[-2] == "the game's score (before places and uma)"]
    assert [r[2] for r in off_total] == ["chombo"]
    assert [(r[1], r[2]) for r in in_game] == [("G10", "lateness (3 min)")]
    total = re.search(r"Points: <strong>([^<]+)</strong>", html)
    assert total is not None
    deducted = sum(number(r[3]) for r in off_total)
    assert deducted == -20000
    # G2: 42,300 wins (+27,300); G10: 30,000 − 3,000 late = 27,000, 4th: −18,000
    assert results == 27300 - 18000
    assert results + deducted == number(total.group(1)) == -10700
    assert "Games +9,300 − penalties 20,000 = −10,700" in html
    assert "Minipoints: games 40 − penalties 10 = 30" in html
    mcr = [r for r in penalties[1:] if r[1] == "M1"]
    assert mcr[0][-2] == "the minipoint total" and mcr[0][3] == "−10"


def test_penalties_column_and_the_division_list(tmp_path):
    report = build(tmp_path, penalty_league())
    division = read(report, "division-r1.html")
    standings = table(division, "R1")
    header = standings[0]
    assert "Penalties" in header
    rows = {r[header.index("Player")].split()[0]: r for r in standings[1:]}
    assert rows["A"][header.index("Penalties")] == "−20,000"
    assert rows["B"][header.index("Penalties")] == ""
    assert number(rows["A"][header.index("Points")]) == -10700
    listed = table(division, "Penalties: R1")
    assert [(r[1], r[2], r[3]) for r in listed[1:]] == [
        ("G2", "A", "chombo"),
        ("G10", "A", "lateness (3 min)"),
    ]
    index = table(read(report, "index.html"), "R1")
    assert "Penalties" in index[0]
    assert "Penalties" in table(read(report, "index.html"), "M1")[0]
    # a division without penalties has no such column
    plain = build(tmp_path / "plain", league())
    assert "Penalties" not in table(read(plain, "index.html"), "R1")[0]


def test_provisional_until_the_season_is_complete(tmp_path):
    sheets = penalty_league()
    sheets["Signups"] = [["Player", "Game"]] + [[p, "Riichi"] for p in "ABCDE"]
    report = build(tmp_path / "running", sheets)
    index = read(report, "index.html")
    assert "Promotion and relegation if the season ended today" in index
    assert 'class="badge winner provisional" title="if the season ended today">winner*' in index
    assert "relegation candidate*" in read(report, "division-r1.html")
    nxt = read(report, "next-season.html")
    assert "(if the season ended today)" in nxt
    assert "If the season ended today: the season is not over yet" in nxt

    sheets["Settings"] = [row for row in sheets["Settings"] if row[0] != "season_complete"]
    sheets["Settings"].append(["season_complete", "yes"])
    report = build(tmp_path / "complete", sheets)
    for page in ("index.html", "division-r1.html", "next-season.html", "player-a.html"):
        html = read(report, page)
        assert "season ended today" not in html, page
        assert re.search(r'class="[^"]*provisional', html) is None, page
    assert 'class="badge winner">winner<' in read(report, "index.html")


def test_provisional_in_danish(tmp_path):
    sheets = penalty_league()
    sheets["Settings"].append(["language", "da"])
    report = build(tmp_path, sheets)
    assert "Op- og nedrykning, hvis sæsonen sluttede i dag" in read(report, "index.html")


@pytest.mark.parametrize(
    ("language", "made"),
    [
        ("en", "Page made on 4 September 2025, 21:05 UTC"),
        ("da", "Siden er lavet 4. september 2025 kl. 21.05 UTC"),
    ],
)
def test_every_page_says_when_it_was_made_and_prints_a_header(
    tmp_path, monkeypatch, language, made
):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    sheets = league()
    sheets["Settings"] += [["language", language], ["season", "2025/26"]]
    report = build(tmp_path, sheets)
    pages = sorted(report.glob("*.html"))
    assert len(pages) >= 5
    season = "Season 2025/26" if language == "en" else "Sæson 2025/26"
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert f'<footer class="site"><p>{made}</p></footer>' in html, page.name
        head = re.search(r'<p class="print-head">([^<]*)</p>', html)
        assert head is not None, page.name
        assert head.group(1).startswith(f"Test club · {season} · "), head.group(1)
        assert made in head.group(1)
    assert "@media print" in html and ".print-head{display:block" in html


def test_the_index_lists_every_player_for_the_search(tmp_path):
    sheets = league()
    names = ["Søren Østergaard", "Åse Mølgaard", "Jürgen Weiß", "D", "E"]
    for sheet in ("Players", "Divisions", "Games"):
        for row in sheets[sheet]:
            for i, value in enumerate(row):
                if value in ("A", "B", "C"):
                    row[i] = names["ABC".index(value)]
    report = build(tmp_path, sheets)
    index = read(report, "index.html")
    listed = re.findall(r'<li data-key="([^"]+)"><a href="([^"]+)">([^<]+)</a></li>', index)
    assert sorted(name for _, _, name in listed) == sorted(names)
    for _, href, _ in listed:
        assert (report / href).is_file()
    keys = {name: key for key, _, name in listed}
    assert keys["Søren Østergaard"] == "søren østergaard|soren ostergaard|soeren oestergaard"
    assert keys["Åse Mølgaard"] == "ase mølgaard|ase molgaard|aase moelgaard"
    assert keys["Jürgen Weiß"] == "jurgen weiß|jurgen weiss"
    # without JavaScript the list is simply there; the search form is shown by the script
    assert '<form class="find" id="find-form" role="search" hidden>' in index
    assert index.count("<script>") == 1 and "src=" not in index
    division = read(report, "division-r1.html")
    assert "<script" not in division


def test_wide_tables_say_they_scroll(tmp_path):
    report = build(tmp_path, penalty_league())
    division = read(report, "division-r1.html")
    hint = '<p class="hint" aria-hidden="true">Wide table: swipe sideways to see all of it →</p>'
    cross = division.index("<caption>Results against each other")
    assert division.rfind(hint, 0, cross) > division.rfind("</table>", 0, cross)
    assert hint in read(report, "player-a.html")
    assert ".hint{display:block" in division and "@media (max-width:640px)" in division


def test_the_chart_ends_at_the_total():
    from mahjong_club.site.build import _chart_series
    from mahjong_club.site.views import DivisionView, GameView, PenaltyView, RowView, SeatView

    night1, night2 = dt.date(2025, 9, 4), dt.date(2025, 9, 11)
    row = RowView(1, "1", "A", "player-a", 2, 9300 - 20000, None, (1, 0, 0, 1), "", "", None, 20000)

    def game(gid: str, date: dt.date, points: int) -> GameView:
        return GameView(gid, date, [SeatView("A", "player-a", 0, points, 1, False)])

    def penalty(game_id: str, date: dt.date, points: int, immediate: bool) -> PenaltyView:
        kind = "chombo" if not immediate else "lateness"
        return PenaltyView("A", "player-a", "R1", kind, points, game_id, date, None, "", immediate)

    division = DivisionView(
        "R1", "division-r1", "riichi", 1, False, [row],
        [game("G2", night1, 27300), game("G10", night2, -18000)],
        [], [],
        [penalty("G2", night1, 20000, False), penalty("G10", night2, 3000, True)],
    )  # fmt: skip
    (series,) = _chart_series(division)
    # the chombo comes off on its night; the lateness is already inside G10's result
    assert series.points == ((night1, 7300), (night2, -10700))
    assert series.points[-1][1] == row.points
