"""Every message of the catalogue exists in every language, with the same parameters.

A code missing a language, or a translation that drops or renames a parameter, fails here
rather than in front of a club.
"""

import re
import string

import pytest

from mahjong_club.messages import CATALOGUE, LANGUAGES, say
from mahjong_club.messages.core import Entry, entry

ENTRIES = sorted(CATALOGUE.values(), key=lambda e: e.code)


def fields(template: str) -> list[tuple[str, str]]:
    """Each parameter the template shows, with how it is shown (``!r`` or as it is); the
    words a count chooses (``{count:row|rows}``) are each language's own (Danish ``spil``
    is one word for both)."""
    parsed = string.Formatter().parse(template)
    return sorted(
        (name, conversion or "")
        for _, name, spec, conversion in parsed
        if name and "|" not in (spec or "")
    )


def test_the_catalogue_is_not_empty():
    assert len(ENTRIES) >= 5


@pytest.mark.parametrize("item", ENTRIES, ids=lambda e: e.code)
def test_every_language_has_the_text(item: Entry):
    for language in LANGUAGES:
        assert item.text(language).strip(), f"{item.code} has no {language} text"


@pytest.mark.parametrize("item", ENTRIES, ids=lambda e: e.code)
def test_every_language_uses_the_same_parameters(item: Entry):
    # the same names, each as often and shown the same way ('Åse' quoted in both or neither)
    assert fields(item.da) == fields(item.en)


def test_a_code_is_defined_once():
    with pytest.raises(ValueError, match="defined twice"):
        entry(ENTRIES[0].code, en="x", da="x")


def test_a_message_renders_in_each_language_and_nests():
    inner = CATALOGUE["problem.sheet"]
    outer = CATALOGUE["problem.row"]
    assert say(inner, sheet="Games").render("da") == "ark 'Games'"
    nested = say(outer, row=say(inner, sheet="Kampe"))
    assert (str(nested), nested.render("da")) == ("row sheet 'Kampe'", "række ark 'Kampe'")


@pytest.mark.parametrize("item", ENTRIES, ids=lambda e: e.code)
def test_no_text_leaves_a_count_s_plural_to_the_reader(item: Entry):
    """``1 row``, ``2 rows`` (``{count:row|rows}``), never ``row(s)``: each language says
    the count's own words."""
    for language in LANGUAGES:
        text = item.text(language)
        assert not re.search(r"\w\((?:s|e|r|er|es)\)", text), f"{item.code} ({language})"


@pytest.mark.parametrize(
    ("entry_", "params", "en", "da"),
    [
        (
            "league.game_row_count",
            {"game": "G1", "count": 1, "rows": "7"},
            "game 'G1' has 1 row (row 7); a game has exactly four rows, one per seat",
            "spillet 'G1' har 1 række (række 7); et spil har præcis fire rækker, én pr. plads",
        ),
        (
            "league.game_row_count",
            {"game": "G1", "count": 3, "rows": "7, 8, 9"},
            "game 'G1' has 3 rows (rows 7, 8, 9); a game has exactly four rows, one per seat",
            "spillet 'G1' har 3 rækker (rækkerne 7, 8, 9); et spil har præcis fire rækker, én"
            " pr. plads",
        ),
        (
            "compute.duplicate.hands_not_winners",
            {"hands": 1, "winners": 0},
            "1 hand in Tiles but 0 winners; give one hand per winner, separated by ;",
            "1 hånd i Tiles, men 0 vindere; skriv én hånd pr. vinder, adskilt af ;",
        ),
        (
            "serve.errors_title",
            {"count": 1, "name": "season.xlsx"},
            "1 error in season.xlsx: nothing was made",
            "1 fejl i season.xlsx: intet er lavet",
        ),
        (
            "serve.errors_title",
            {"count": 1200, "name": "season.xlsx"},
            "1200 errors in season.xlsx: nothing was made",
            "1200 fejl i season.xlsx: intet er lavet",
        ),
    ],
)
def test_a_count_says_its_own_words_in_each_language(entry_, params, en, da):
    message = say(CATALOGUE[entry_], **params)
    assert (message.render("en"), message.render("da")) == (en, da)


def test_a_count_s_words_are_for_whole_numbers_only():
    """A bool is no count (``True`` is shown as it is), and a number keeps its formats."""
    made = Entry("test.count", en="{n:,} {n:point|points}; {flag}", da="{n:,} point; {flag}")
    assert say(made, n=1, flag=True).render("en") == "1 point; True"
    assert say(made, n=12000, flag=False).render("da") == "12,000 point; False"


def test_a_numpy_whole_number_is_a_count_too():
    """The arrays' numbers (a federation's counts come from numpy) choose words as ints do."""
    import numpy as np

    made = Entry("test.numpy", en="{n} {n:row|rows}", da="{n} {n:række|rækker}")
    assert say(made, n=np.int64(1)).render("en") == "1 row"
    assert say(made, n=np.int32(3)).render("da") == "3 rækker"
