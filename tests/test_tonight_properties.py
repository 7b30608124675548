"""Properties of tonight's proposal over random nights (rules.md 1.4, "Precisely, for one
night").

Random divisions share members, guests come, members are present or not and substitutable or
not, and each division has random planned games left. The checker replays the proposal in
the order it was made and, at each game, checks against its own reading of the rule:

- everyone present takes at most one seat; only absent members are substituted, each one
  substitutable that night and substituted at most once; no game is left without a member;
- the substitute seats never outnumber the people present and not seated;
- the game was playable then, and no remaining planned game (of any division) was playable
  with fewer substitutes; of its division's games playable with as many, none substitutes
  members with fewer division games played in person;
- at the end no remaining planned game is playable at all.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.schedule import PlannedGame
from rules.tonight import propose_tonight

MEMBERS = list("ABCDEFGHIJKL")
GUESTS = ["X", "Y", "Z"]


@st.composite
def nights(draw):
    count = draw(st.integers(1, 3))
    divisions = [f"D{k}" for k in range(1, count + 1)]
    members = {
        d: draw(st.lists(st.sampled_from(MEMBERS), min_size=4, max_size=10, unique=True))
        for d in divisions
    }
    remaining = []
    for d in divisions:
        foursome = st.permutations(members[d]).map(lambda p: tuple(p[:4]))
        for number, players in enumerate(draw(st.lists(foursome, max_size=8)), start=1):
            remaining.append(PlannedGame(d, str(number), players))
    remaining = draw(st.permutations(remaining))  # plan order across divisions
    everyone = sorted({p for d in divisions for p in members[d]})
    mostly = st.sampled_from([True, True, True, False])  # most members come
    present = {p for p in everyone + GUESTS if draw(mostly if p in everyone else st.booleans())}
    substitutable = {p for p in everyone if draw(st.booleans())}
    played = {(d, p): draw(st.integers(0, 4)) for d in divisions for p in members[d]}
    ladder = draw(st.permutations(divisions))
    return list(remaining), list(ladder), present, substitutable, played


class Night:
    """The checker's own state of the night."""

    def __init__(self, present, substitutable):
        self.present, self.substitutable = present, substitutable
        self.seated, self.substituted, self.seats = set(), set(), 0

    def substitutes(self, plan):
        """How many substitutes ``plan`` needs now, or None when it cannot be played."""
        absent = [p for p in plan.players if p not in self.present]
        if any(p in self.seated for p in plan.players if p in self.present):
            return None
        if len(absent) == 4 or not set(absent) <= self.substitutable - self.substituted:
            return None
        free = len(self.present - self.seated) - self.seats
        return len(absent) if free >= 4 else None


def check(remaining, ladder, present, substitutable, played, games):
    night = Night(present, substitutable)
    left = list(range(len(remaining)))
    for g in games:
        index = next(i for i in left if remaining[i] is g.planned)
        need = night.substitutes(g.planned)
        assert need is not None, f"{g} was not playable"
        assert set(g.substituted) == {p for p in g.planned.players if p not in present}
        assert len(g.seated) >= 1 and set(g.seated) <= present - night.seated
        for i in left:
            other = night.substitutes(remaining[i])
            assert other is None or other >= need, f"{remaining[i]} needs fewer than {g}"
            if other == need and remaining[i].division == g.division:
                mine = sorted(played.get((g.division, p), 0) for p in g.substituted)
                theirs = sorted(
                    played.get((g.division, p), 0) for p in remaining[i].players if p not in present
                )
                assert mine <= theirs, f"{remaining[i]} substitutes fewer games than {g}"
        left.remove(index)
        night.seated |= set(g.seated)
        night.substituted |= set(g.substituted)
        night.seats += len(g.substituted)
        assert len(night.seated) + night.seats <= len(present)
    assert all(night.substitutes(remaining[i]) is None for i in left), "a game was left out"
    seated = [p for g in games for p in g.seated]
    substituted = [p for g in games for p in g.substituted]
    assert len(seated) == len(set(seated)) and len(substituted) == len(set(substituted))
    assert not set(substituted) & present and set(substituted) <= substitutable


@given(nights())
def test_every_night_keeps_the_rule(night):
    remaining, ladder, present, substitutable, played = night
    games = propose_tonight(remaining, ladder, present, substitutable, played)
    check(remaining, ladder, present, substitutable, played, games)


@pytest.mark.slow
@given(nights())
@settings(max_examples=2000)
def test_every_night_keeps_the_rule_long_run(night):
    remaining, ladder, present, substitutable, played = night
    games = propose_tonight(remaining, ladder, present, substitutable, played)
    check(remaining, ladder, present, substitutable, played, games)
