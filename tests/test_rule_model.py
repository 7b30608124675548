"""The rules' per-seat values (rules/model.py): named tuples for speed at a federation's
scale, and still immutable, hashable and equal field by field, as the frozen dataclasses
they replaced."""

from __future__ import annotations

import pickle
from fractions import Fraction

import pytest

from rules.model import Game, Seat, SeatResult, Substitution

SEATS = (
    Seat("Anna", 42300, row=2),
    Seat("Bo", 31500, row=3),
    Seat("Carl", 25200, Substitution.START, row=4),
    Seat("Dorte", 21000, row=5),
)
GAME = Game("G7", "Riichi 1", SEATS, row=2)
RESULT = SeatResult("Anna", Fraction(7, 3), 1, True, 40, 40)


@pytest.mark.parametrize(
    ("value", "field", "new"),
    [
        (SEATS[0], "score", 0),
        (SEATS[0], "row", 9),
        (GAME, "seats", ()),
        (GAME, "date", None),
        (RESULT, "points", 0),
        (RESULT, "placement", 4),
    ],
)
def test_values_cannot_be_changed(value: object, field: str, new: object) -> None:
    before = getattr(value, field)
    with pytest.raises(AttributeError, match=r"can.t set attribute|cannot assign|has no setter"):
        setattr(value, field, new)
    assert getattr(value, field) == before


def test_fields_by_name_and_defaults() -> None:
    plain = Seat("Anna", 25000)
    assert (plain.player, plain.score, plain.substitution, plain.row) == (
        "Anna",
        25000,
        Substitution.NONE,
        None,
    )
    assert not plain.substituted
    assert SEATS[2].substituted
    assert (GAME.date, GAME.session, GAME.table) == (None, None, None)
    assert (SeatResult("Bo", 6500, 2, True).minipoints, RESULT.final_score) == (None, 40)


def test_equal_field_by_field_and_hashable() -> None:
    assert Seat("Anna", 42300, row=2) == SEATS[0]
    assert Seat("Anna", 42300, row=3) != SEATS[0]  # the Excel row is part of the value
    assert Seat("Anna", 42301, row=2) != SEATS[0]
    assert GAME._replace(row=2) == GAME
    assert GAME._replace(id="G8") != GAME
    assert len({GAME, GAME._replace(row=2), GAME._replace(id="G8")}) == 2
    assert {RESULT: 1}[SeatResult("Anna", Fraction(7, 3), 1, True, 40, 40)] == 1


def test_pickled_and_back() -> None:
    # what a second process works out comes back pickled
    for value in (GAME, RESULT, *SEATS):
        assert pickle.loads(pickle.dumps(value)) == value
