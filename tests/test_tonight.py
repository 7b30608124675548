"""Tonight's proposal (rules.md 1.4, "Precisely, for one night"): worked examples.

Each case: the remaining planned games (division and foursome, in plan order), the divisions
in ladder order, who is present (members and guests), who is substitutable, the division
games each member played in person, and the games proposed (division, label, substituted).
"""

import pytest

from rules.schedule import PlannedGame
from rules.tonight import propose_tonight


def planned(*games):
    """``("M", "ABCD"), ...``: each division's games numbered 1, 2 … in the order given."""
    numbers = {}
    plans = []
    for division, players in games:
        numbers[division] = numbers.get(division, 0) + 1
        plans.append(PlannedGame(division, str(numbers[division]), tuple(players)))
    return plans


def propose(games, ladder, present, substitutable, played=None):
    night = propose_tonight(
        planned(*games), list(ladder), set(present), set(substitutable), played or {}
    )
    return [(g.division, g.planned.label, "".join(g.substituted)) for g in night]


NIGHTS = [
    pytest.param(
        [("M", "ABCD"), ("M", "EFGH")],
        "M",
        "ABCDEFG",
        "H",
        None,
        [("M", "1", "")],
        id="full game first; EFG + a substitute for H: nobody free to take the seat",
    ),
    pytest.param(
        [("M", "ABCD"), ("M", "EFGH")],
        "M",
        "ABCDEFGX",
        "H",
        None,
        [("M", "1", ""), ("M", "2", "H")],
        id="a guest takes H's seat: M's other game cannot be played without a substitute",
    ),
    pytest.param(
        [("M", "ABCD"), ("M", "ABEF"), ("M", "EFGH")],
        "M",
        "ABCDEFGH",
        "",
        None,
        [("M", "1", ""), ("M", "3", "")],
        id="every full game that fits, in plan order",
    ),
    pytest.param(
        [("M1", "ABCD"), ("R1", "DEFG")],
        ["M1", "R1"],
        "ABCEFGXY",
        "D",
        None,
        [("M1", "1", "D")],
        id="an absent member is substituted in one game only",
    ),
    pytest.param(
        [("M1", "ABCD"), ("R1", "DEFG"), ("R1", "EFGH")],
        ["M1", "R1"],
        "ABCDEFGX",
        "DH",
        None,
        [("M1", "1", ""), ("R1", "2", "H")],
        id="D plays in M1, so not in R1's first game; R1's second with X for H",
    ),
    pytest.param(
        [("M1", "ABCD"), ("R1", "DEFG")],
        ["M1", "R1"],
        "ABCDEFGX",
        "D",
        None,
        [("M1", "1", "")],
        id="a present member is never substituted, even when seated elsewhere",
    ),
    pytest.param(
        [("M", "ABCD"), ("M", "ABCE")],
        "M",
        "ABCX",
        "DE",
        {("M", "D"): 5, ("M", "E"): 3},
        [("M", "2", "E")],
        id="the substitutable member with fewer division games is substituted",
    ),
    pytest.param(
        [("M", "ABCD"), ("M", "ABCE")],
        "M",
        "ABCX",
        "DE",
        {("M", "D"): 3, ("M", "E"): 3},
        [("M", "1", "D")],
        id="equal games: by name",
    ),
    pytest.param(
        [("M", "ABCD")],
        "M",
        "ABCX",
        "",
        None,
        [],
        id="a member who is not substitutable is not replaced",
    ),
    pytest.param(
        [("M", "ABCD"), ("M", "ABEF"), ("R", "GHIJ")],
        ["M", "R"],
        "ABGHIXYZ",
        "CDEFJ",
        {("M", "C"): 1, ("M", "D"): 9, ("M", "E"): 2, ("M", "F"): 2},
        [("R", "1", "J"), ("M", "1", "CD")],
        id="one-substitute games (any division) before two; then C, with the fewest games",
    ),
    pytest.param(
        [("M", "ABCD"), ("M", "ABCE")],
        "M",
        "ABXY",
        "CDE",
        None,
        [("M", "1", "CD")],
        id="two substitutes when nothing else remains",
    ),
    pytest.param(
        [("M", "ABCD")],
        "M",
        "AXYZ",
        "BCD",
        None,
        [("M", "1", "BCD")],
        id="three substitutes: one member plays",
    ),
    pytest.param(
        [("M", "ABCD")],
        "M",
        "WXYZ",
        "ABCD",
        None,
        [],
        id="never a game without a member",
    ),
    pytest.param(
        [("M", "ABCD"), ("M", "EFGH"), ("M", "IJKL")],
        "M",
        "ABCEFGIJKLX",
        "DH",
        None,
        [("M", "3", ""), ("M", "1", "D")],
        id="11 present: room for one game with a substitute, not two",
    ),
    pytest.param(
        [("R", "ABCD"), ("M", "EFGH")],
        ["M", "R"],
        "ABCDEFGH",
        "",
        None,
        [("M", "1", ""), ("R", "1", "")],
        id="divisions take turns in ladder order",
    ),
]


@pytest.mark.parametrize(("games", "ladder", "present", "subs", "played", "expected"), NIGHTS)
def test_tonight(games, ladder, present, subs, played, expected):
    ladder = [ladder] if isinstance(ladder, str) else ladder
    assert propose(games, ladder, present, subs, played) == expected
