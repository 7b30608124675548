"""Ties awaiting dice become the organiser's action only when they matter (issue 12)."""

import pytest

from rules.status import tie_decides_status

# (division size, top division?, rows of the tied players, the dice decide a status?)
ROWS = [
    (4, True, (1, 2), True),  # winner or not
    (4, True, (3, 4), False),  # both relegation candidates
    (8, True, (2, 3), False),  # division 1 has no promotion candidate
    (8, True, (6, 7), True),  # stays or relegation candidate
    (8, True, (5, 6, 7), True),
    (8, False, (1, 2), True),  # promoted or promotion candidate
    (8, False, (2, 3), True),  # promotion candidate or not
    (8, False, (3, 4, 5), False),
    (3, False, (2, 3), True),  # row 2 below the top is never a relegation candidate
    (2, True, (1, 2), True),
]


@pytest.mark.parametrize(("size", "top", "rows", "decides"), ROWS)
def test_a_tie_decides_a_status_when_its_rows_would_get_different_ones(size, top, rows, decides):
    assert tie_decides_status(size, top, rows) is decides
