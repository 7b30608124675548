"""The tournament and Duplicate pages on the samples: real values read back from the HTML.

Tournament (sample_sheets/tournament.xlsx, 40 players, 5 sessions): its own ranking with a
column per session, a chart of the running totals whose last points are the ranking's totals,
the seating of every session in numeric table order, disqualified and substituted players
with why, player pages with their sessions, rank and penalties, and no league-only sections.
Duplicate (sample_sheets/duplicate.xlsx, 16 players): the event's name, the ranking with what
decided each place, a page per player with every board, and the IMP scale named honestly.
"""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest

from process import main
from tests.builders import write_workbook
from tests.test_cli_duplicate import duplicate_sheets

ROOT = Path(__file__).resolve().parent.parent


class Tables(HTMLParser):
    """Every table of a page by caption: its rows as lists of cell texts (as a screen reader
    reads them: a span hidden from it, such as a phone's short heading, is left out)."""

    def __init__(self) -> None:
        super().__init__()
        self._spans: list[bool] = []  # each open span: hidden from screen readers?
        self.tables: dict[str, list[list[str]]] = {}
        self._caption: str | None = None
        self._rows: list[list[str]] = []
        self._cell: list[str] | None = None
        self._in_caption = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "span":
            self._spans.append(("aria-hidden", "true") in attrs)
        if tag == "table":
            self._caption, self._rows = "", []
        elif tag == "caption":
            self._in_caption = True
        elif tag == "tr":
            self._rows.append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "span" and self._spans:
            self._spans.pop()
        if tag == "caption":
            self._in_caption = False
        elif tag in ("td", "th") and self._cell is not None:
            self._rows[-1].append(" ".join(" ".join(self._cell).split()))
            self._cell = None
        elif tag == "table" and self._caption is not None:
            self.tables[self._caption] = self._rows
            self._caption = None

    def handle_data(self, data: str) -> None:
        if any(self._spans):
            return
        if self._in_caption and self._caption is not None:
            self._caption += data
        elif self._cell is not None:
            self._cell.append(data)


def tables(page: Path) -> dict[str, list[list[str]]]:
    parser = Tables()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.tables


def text(page: Path) -> str:
    """The page's text, tags dropped and spaces collapsed."""
    html = page.read_text(encoding="utf-8")
    html = re.sub(r"<(style|svg)\b.*?</\1>", " ", html, flags=re.S)
    words = " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())
    return re.sub(r" ([.,:;])", r"\1", words)


@pytest.fixture(scope="module")
def tournament(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("tournament")
    source = ROOT / "sample_sheets" / "tournament.xlsx"
    assert main([str(source), "--out", str(out), "--quiet"]) == 0
    return out / "report"


@pytest.fixture(scope="module")
def duplicate(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("duplicate")
    source = ROOT / "sample_sheets" / "duplicate.xlsx"
    assert main([str(source), "--out", str(out), "--quiet"]) == 0
    return out / "report"


RANKING = "Ranking: Copenhagen Riichi Open 2026"


def test_tournament_ranking_has_a_column_per_session(tournament):
    rows = tables(tournament / "tournament.html")[RANKING]
    header = rows[0]
    assert header[:4] == ["Rank", "Player", "Points", "Decided by"]
    assert header[4:] == [f"Session {n}" for n in range(1, 8)] + ["Penalties"]
    soren = rows[1]
    assert soren == [
        "1",
        "Søren Østergaard",
        "117,000",
        "points",
        "+6,600",
        "+19,900",
        "+27,700",
        "+31,800",
        "+25,100",
        "+19,700",
        "−13,800",
        "",
    ]
    theo = next(r for r in rows if r[1] == "Théo Rousseau")
    # 13,700 − 18,200 − 9,500 + 27,800 − 19,000 − 32,300 + 3,800 = −33,700, less the 8,000
    # obstruction
    assert (theo[0], theo[2], theo[-1]) == ("30", "−41,700", "−8,000")
    assert len(rows) == 41


def test_disqualified_and_substituted_players_are_marked_with_why(tournament):
    rows = tables(tournament / "tournament.html")[RANKING]
    # ranked last although 11,000 points would put him higher
    assert rows[-1][:3] == ["40", "Björn Sjöberg disqualified", "11,000"]
    benoit = next(r for r in rows if r[1].startswith("Benoît Lefèvre"))
    assert benoit[1] == "Benoît Lefèvre substituted: session 4, 5, 6, 7"
    page = text(tournament / "tournament.html")
    assert (
        "Björn Sjöberg: Disqualified in session 7, table 7: Caught swapping tiles, last hand"
        " (ranked below every player who was not disqualified)."
    ) in page
    assert (
        "Michał Kowalczyk: A substitute played session 1 (table 10) from its start: Arrived"
        " 09:41; a substitute played (lateness, 11 minutes); the session counts −30,000 and a"
        " 4th place."
    ) in page
    assert "Lukas Müller: A substitute took over during session 3 (table 8)" in page
    assert "Maja Ekström: A substitute played session 2 (table 6) from its start" in page


def test_chart_of_the_top_eight_ends_at_the_ranking_totals(tournament):
    html = (tournament / "tournament.html").read_text(encoding="utf-8")
    lines = re.findall(r'<polyline [^>]*points="([^"]*)"><title>([^<]*)</title>', html)
    assert len(lines) == 8
    rows = tables(tournament / "tournament.html")[RANKING]
    assert [title for _, title in lines] == [f"{r[0]}. {r[1]}: {r[2]}" for r in rows[1:9]]
    assert all(len(points.split()) == 7 for points, _ in lines)  # a point per session
    legend = re.findall(r'<li><span class="swatch"[^>]*></span>(\d+)\. <a href', html)
    assert legend == [str(n) for n in range(1, 9)]


def test_running_totals_end_at_the_total_on_every_player_page(tournament):
    rows = tables(tournament / "tournament.html")[RANKING]
    for row in rows[1:]:
        slug = re.search(
            rf'<a href="(player-[^"]+)\.html">{re.escape(row[1].split(" ")[0])}',
            (tournament / "tournament.html").read_text(encoding="utf-8"),
        )
        assert slug, row
    theo = tables(tournament / "player-theo-rousseau.html")["Sessions: Théo Rousseau"]
    assert [r[2] for r in theo[1:]] == [
        "13,700",
        "−4,500",
        "−22,000",
        "5,800",
        "−13,200",
        "−45,500",
        "−41,700",
    ]
    assert theo[3][:4] == ["3", "−9,500", "−22,000", "3"]  # the obstruction's session
    page = text(tournament / "player-theo-rousseau.html")
    assert "Rank 30 of 40 · Points: −41,700" in page
    assert "The sessions add up to −33,700; penalties off the total −8,000; total −41,700." in page
    penalties = tables(tournament / "player-theo-rousseau.html")["Penalties: Théo Rousseau"]
    assert penalties[1] == [
        "3",
        "1",
        "obstruction",
        "−8,000",
        "after uma",
        "Kept discarding before his turn",
    ]
    chart = (tournament / "player-theo-rousseau.html").read_text(encoding="utf-8")
    strong = re.findall(r'stroke-width="4" points="[^"]*"><title>([^<]*)<', chart)
    assert strong == ["30. Théo Rousseau: −41,700"]
    assert chart.count("<polyline") == 40


def test_seating_of_every_session_in_numeric_table_order(tournament):
    seating = tables(tournament / "tournament-seating.html")
    assert list(seating) == [f"Seating: Session {n}" for n in range(1, 8)]
    session1 = seating["Seating: Session 1"]
    assert session1[0] == ["Table", "Player", "Place", "Score", "Result"]  # place first
    numbers = [r[0] for r in session1[1:] if len(r) == 5]
    assert numbers == [str(n) for n in range(1, 11)]  # 1, 2, …, 10 (not 1, 10, 2)
    table1 = [r[-4] for r in session1[1:5]]
    assert table1 == ["Ingrid Løvås", "Agnieszka Wójcik", "Camilla Juhl", "Björn Sjöberg"]
    michal = next(r for r in session1 if r[-4].startswith("Michał"))
    assert michal[-4:] == ["Michał Kowalczyk substitute", "4", michal[-2], "−30,000"]


def test_no_league_only_sections_in_a_tournament(tournament):
    names = sorted(p.name for p in tournament.glob("*.html"))
    assert not [n for n in names if n.startswith("division-")]
    assert {"index.html", "tournament.html", "tournament-seating.html"} <= set(names)
    assert len([n for n in names if n.startswith("player-")]) == 40
    for page in tournament.glob("*.html"):
        html = page.read_text(encoding="utf-8")
        for league_only in ("Results against each other", "Points over the season"):
            assert league_only not in html, page.name
    index = (tournament / "index.html").read_text(encoding="utf-8")
    assert '<a href="tournament.html">Copenhagen Riichi Open 2026</a>' in index


def test_a_danish_tournament(tmp_path):
    from tests.test_tournament import penalties, tournament

    sheets = tournament()
    sheets["Settings"].append(["language", "da"])
    sheets["Penalties"] = penalties([1, 1, "Bo Berg", "lateness", None, 7, None])
    path = write_workbook(tmp_path / "open.xlsx", sheets)
    assert main([str(path), "--out", str(tmp_path / "out"), "--quiet"]) == 0
    report = tmp_path / "out" / "report"
    page = text(report / "tournament.html")
    assert "Total efter hver runde" in page and "Rangliste: Test Open" in page
    assert "Ingen spiller blev diskvalificeret eller substitueret." in page
    bo = text(report / "player-bo-berg.html")
    assert "Nr. 5 af 8" in bo and "forsinkelse (7 minutter)" in bo


def test_duplicate_ranking_with_what_decided_each_place(duplicate):
    page = duplicate / "duplicate.html"
    assert "<h1>Duplicate evening 2025-11-27</h1>" in page.read_text(encoding="utf-8")
    assert "Duplicate · Mahjong Danmark København" in text(page)
    rows = tables(page)["Ranking"]
    assert rows[0] == [
        "Rank",
        "Player",
        "IMPs",
        "Positive boards",  # the tie-breaker, on screen on a phone
        "Decided by",
        "Boards",
        "False Mahjong",
    ]
    assert rows[1][:5:4] == ["1", "IMPs"] and rows[1][1:3] == ["Carlos Mendes", "+20"]
    by_name = {r[1]: r for r in rows[1:]}
    # −7 IMPs four times: places 12= and 14=, split by the boards with positive IMPs
    assert [by_name["Giulia Romano"][i] for i in (0, 1, 2, 4)] == [
        "12=",
        "Giulia Romano",
        "−7",
        "tied",
    ]
    assert by_name["Mette Dahl"][:5] == [
        "12=",
        "Mette Dahl",
        "−7",
        "5",
        "boards with positive IMPs",
    ]
    assert by_name["Anna Lindqvist"][0] == "14=" and int(by_name["Anna Lindqvist"][3]) < 5
    assert rows[-1][4] == ""  # the last place is ahead of no one
    assert "IMP scale: provisional default" in text(page)


def test_duplicate_player_page_lists_every_board(duplicate):
    page = duplicate / "player-mette-dahl.html"
    html = (duplicate / "duplicate.html").read_text(encoding="utf-8")
    assert '<a href="player-mette-dahl.html">Mette Dahl</a>' in html
    boards = tables(page)["Every board: Mette Dahl"]
    assert boards[0][:5] == ["Board", "IMPs", "Game points", "Average", "Difference"]
    assert [r[0] for r in boards[1:13]] == [str(n) for n in range(1, 13)]
    assert boards[2][:5] == ["2", "+2", "+33", "24.50", "+8.50"]
    total = boards[-1]
    assert total[:2] == ["Total", "−7"]
    assert sum(int(r[1].replace("−", "-")) for r in boards[1:13]) == -7
    words = text(page)
    assert "Rank 12 of 16" in words
    assert "Shares place 12: the same IMPs and as many boards with positive IMPs." in words
    assert "Ahead of the next player on: boards with positive IMPs" in words


def test_duplicate_false_mahjong_penalty_on_the_player_page(duplicate):
    ranking = {r[1]: r for r in tables(duplicate / "duplicate.html")["Ranking"][1:]}
    fined = [name for name, row in ranking.items() if row[6]]
    assert fined, ranking
    for name in fined:
        slug = re.search(
            rf'<a href="([^"]+)\.html">{re.escape(name)}</a>',
            (duplicate / "duplicate.html").read_text(encoding="utf-8"),
        )
        assert slug
        boards = tables(duplicate / f"{slug.group(1)}.html")[f"Every board: {name}"]
        penalty = sum(int(r[8].replace("−", "-")) for r in boards[1:-1] if r[8])
        assert boards[-1][-1] == ranking[name][6] == f"−{-penalty}"
        assert boards[-1][1] == ranking[name][2]


def test_duplicate_with_its_own_scale_and_a_date(tmp_path):
    sheets = duplicate_sheets()
    sheets["Settings"] = [
        ["Key", "Value"],
        ["tournament", "Club duplicate"],
        ["as_of", "2025-11-27"],
    ]
    sheets["IMP scale"] = [["IMPs", "Above"], [1, 2], [2, 6], [3, 12]]
    path = write_workbook(tmp_path / "dup.xlsx", sheets)
    assert main([str(path), "--out", str(tmp_path / "out"), "--quiet"]) == 0
    report = tmp_path / "out" / "report"
    page = text(report / "duplicate.html")
    assert "Club duplicate" in page and "27 November 2025" in page
    assert "IMP scale: the club's own, from the workbook's “IMP scale” sheet." in page
    assert "provisional" not in page
    assert "provisional" not in text(report / "player-e1.html")
