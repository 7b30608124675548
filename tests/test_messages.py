"""Every message of the catalogue exists in every language, with the same parameters.

A code missing a language, or a translation that drops or renames a parameter, fails here
rather than in front of a club.
"""

import string

import pytest

from mahjong_club.messages import CATALOGUE, LANGUAGES, say
from mahjong_club.messages.core import Entry, entry

ENTRIES = sorted(CATALOGUE.values(), key=lambda e: e.code)


def fields(template: str) -> list[tuple[str, str]]:
    """Each parameter the template uses, with how it is shown (``!r`` or as it is)."""
    parsed = string.Formatter().parse(template)
    return sorted((name, conversion or "") for _, name, _, conversion in parsed if name)


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
