"""The rule variants a club can choose, as one typed options object.

The Copenhagen divisions play riichi under the EMA 2016 tournament rules: start at 30,000,
uma +15,000 / +5,000 / -5,000 / -15,000, penalties deducted after uma. The revised EMA rules
(``ema-revised``) double the uma and deduct point penalties from the table score at once.

Example::

    >>> Ruleset().uma
    (15000, 5000, -5000, -15000)
    >>> Ruleset.for_riichi_ruleset("ema-revised").uma
    (30000, 10000, -10000, -30000)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from rules.classical import ClassicalRules

RiichiRulesetName = Literal["ema2016", "ema-revised"]
RIICHI_RULESETS: tuple[RiichiRulesetName, ...] = ("ema2016", "ema-revised")

#: Uma by placement for each named riichi ruleset (rules.md section 4).
UMA_BY_RULESET: dict[str, tuple[int, int, int, int]] = {
    "ema2016": (15000, 5000, -5000, -15000),
    "ema-revised": (30000, 10000, -10000, -30000),
}

#: Points a substituted player's own seat is entered with (before uma), per ruleset.
SUBSTITUTE_POINTS_BY_RULESET: dict[str, int] = {"ema2016": -15000, "ema-revised": 0}

Number = int | Fraction


@dataclass(frozen=True)
class Ruleset:
    """Every rule variant the processor supports, with the club's defaults.

    ``uma`` and ``mcr_table_points`` are by placement, best first. ``riichi_ruleset`` selects
    the EMA chapter-5 column: ``ema2016`` (default) or ``ema-revised``. ``schedule_meetings``
    is how often each two members of a division meet in a planned season (rules.md 1.4).
    """

    riichi_ruleset: RiichiRulesetName = "ema2016"
    start_points: int = 30000
    uma: tuple[Number, Number, Number, Number] = UMA_BY_RULESET["ema2016"]
    mcr_table_points: tuple[Number, Number, Number, Number] = (4, 2, 1, 0)
    chombo_points: int = 20000
    lateness_points_per_minute: int = 1000
    lateness_max_minutes: int = 10
    classical: ClassicalRules = field(default_factory=ClassicalRules)
    schedule_meetings: int = 3
    extra: dict[str, str] = field(default_factory=dict, compare=False)

    @classmethod
    def for_riichi_ruleset(cls, name: RiichiRulesetName, **overrides: object) -> Ruleset:
        """The defaults of a named riichi ruleset, with ``overrides`` applied on top."""
        values: dict[str, object] = {"riichi_ruleset": name, "uma": UMA_BY_RULESET[name]}
        values.update(overrides)
        return cls(**values)  # type: ignore[arg-type]

    @property
    def riichi_table_total(self) -> int:
        """What the four final scores of a riichi game must add up to (4 x start points)."""
        return 4 * self.start_points

    @property
    def substitute_points(self) -> int:
        """The points (before uma) a substituted player receives for the game."""
        return SUBSTITUTE_POINTS_BY_RULESET[self.riichi_ruleset]

    @property
    def substitute_result(self) -> Number:
        """A substituted player's game result with uma (rules.md 4).

        ``ema2016``: -15,000 points and the worst uma (the ``uma`` setting's 4th value);
        ``ema-revised``: 0 points and -30,000 uma, as the rule text fixes it.
        """
        if self.riichi_ruleset == "ema-revised":
            return self.substitute_points + UMA_BY_RULESET["ema-revised"][-1]
        return self.substitute_points + self.uma[-1]

    @property
    def point_penalties_immediate(self) -> bool:
        """True when lateness/obstruction/other penalties change the table score at once."""
        return self.riichi_ruleset == "ema-revised"
