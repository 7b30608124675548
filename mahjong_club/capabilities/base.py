"""What a capability is: one object that says what it reads, computes and contributes.

A capability (standings, attendance, hands, duplicate …) is a subclass of :class:`Capability`
registered in :data:`mahjong_club.capabilities.REGISTRY`. The pipeline walks the registry in
order for every step, so a capability's contributions appear wherever that step shows
results:

==================  =========================================================================
step                what the capability says
==================  =========================================================================
read                ``sheets`` it reads, ``modes`` it works in, and :meth:`read`, which fills
                    its part of the :class:`~mahjong_club.model.Season`
compute             :meth:`compute`: its result (None when there is nothing to show)
the workbook        :meth:`result_sheets`: the sheets it adds to the organiser's copy
files               :meth:`exports`: files written beside the workbook (the EMA CSV)
the terminal        :meth:`console`: its section of what a run prints
the site            :meth:`pages`: its pages (and their place in the navigation)
the emails          :meth:`player_sections` and :meth:`organiser_sections`: the fragments it
                    adds to each player's page and email, and to the organiser's summary
==================  =========================================================================

Every hook has a default that contributes nothing, so a capability implements only what it
has. A later capability reads an earlier one's result with ``run.result(OTHER)``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, TypeVar, cast

from mahjong_club.common.problems import Problems
from mahjong_club.messages.core import Entry
from mahjong_club.model import Season
from mahjong_club.reading.tables import Workbook
from mahjong_club.site.views import Fragment, Page

__all__ = ["Capability", "Export", "Fragment", "Mode", "Options", "Page", "Run"]

if TYPE_CHECKING:
    from mahjong_club.site.views import SiteView
    from mahjong_club.workbook.xlsx import ResultSheet

R = TypeVar("R")
Mode = Literal["league", "tournament"]


@dataclass(frozen=True)
class Options:
    """What the organiser asked for on the command line besides the standings.

    ``tonight`` is True for ``--tonight``; ``tonight_date`` None means the latest night.
    """

    dice_seed: int | None = None
    make_schedule: bool = False
    tonight: bool = False
    tonight_date: dt.date | None = None


@dataclass
class Run:
    """One run of the pipeline: the workbook as read, the options, and the results so far."""

    season: Season
    problems: Problems
    options: Options = field(default_factory=Options)
    #: Every result so far, by capability name, in the order computed (the registry's).
    _results: dict[str, tuple[Capability[Any], object]] = field(default_factory=dict)

    def result(self, capability: Capability[R]) -> R | None:
        """The result ``capability`` computed in this run (None: none, or not yet computed)."""
        stored = self._results.get(capability.name)
        return None if stored is None else cast("R", stored[1])

    def store(self, capability: Capability[R], result: R | None) -> None:
        """Keep ``capability``'s result for the later steps and capabilities."""
        if result is not None:
            self._results[capability.name] = (capability, result)

    def results(self) -> list[tuple[Capability[Any], object]]:
        """Every capability that has a result, in registry order, with its result."""
        return list(self._results.values())


@dataclass(frozen=True)
class Export:
    """A file written beside the workbook copy: its name, its text, and what it is."""

    file: str
    text: str
    what: Entry


class Capability(Generic[R]):
    """A capability of the tool; subclasses override the hooks they need."""

    #: A short stable name: the key of its result, and its name in the docs.
    name: ClassVar[str]
    #: The input sheets it reads (their formulas are checked for saved values).
    sheets: ClassVar[tuple[str, ...]] = ()
    #: Those of its sheets it reads whenever they are there (in a league): they may be read
    #: early, while a second process reads a big ``Games`` sheet (``Workbook.read_soon``).
    read_early: ClassVar[tuple[str, ...]] = ()
    #: The workbook modes (the ``mode`` setting) it works in.
    modes: ClassVar[frozenset[Mode]] = frozenset({"league"})
    #: True when it means something only in a league (``Divisions`` and ``Games``): its
    #: sheets in a workbook without one are ignored, with a warning.
    needs_league: ClassVar[bool] = False

    def read(self, book: Workbook, season: Season, problems: Problems) -> None:
        """Read this capability's sheets into ``season`` (called only in its ``modes``)."""

    def found(self, season: Season) -> bool:
        """True when the workbook has something for this capability to do (a workbook for
        which no capability has anything to do is refused)."""
        return False

    def compute(self, run: Run) -> R | None:
        """This capability's result; problems go to ``run.problems``."""
        return None

    def result_sheets(self, run: Run, result: R) -> Sequence[ResultSheet]:
        """The sheets this capability adds to the workbook copy, in order."""
        return ()

    def exports(self, run: Run, result: R) -> Sequence[Export]:
        """Files written beside the workbook, e.g. a CSV export."""
        return ()

    def console(self, run: Run, result: R) -> str | None:
        """This capability's section of the terminal output."""
        return None

    def pages(self, run: Run, result: R, site: SiteView) -> Sequence[Page]:
        """The site's pages this capability adds."""
        return ()

    def player_sections(self, run: Run, result: R, site: SiteView) -> Mapping[str, Fragment]:
        """Per player (by name): the fragment this capability adds to their page and email.

        The page draws ``player/<template>.html``; the email draws
        ``email/sections/<template>.txt`` and ``.html`` (see :class:`Fragment`).
        """
        return {}

    def index_sections(self, run: Run, result: R, site: SiteView) -> Sequence[Fragment]:
        """Fragments for the site's index page (``templates/index/<template>.html``)."""
        return ()

    def organiser_sections(self, run: Run, result: R, site: SiteView) -> Sequence[Fragment]:
        """Fragments for the organiser's summary email."""
        return ()
