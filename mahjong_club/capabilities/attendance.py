"""Attendance: every member's status under the club's attendance rule, and what to do next.

Reads ``Nights`` and ``Attendance``; shows the ``Attendance status`` sheet and page, a section
on each member's page and email, and the members who need attention in the organiser's email.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mahjong_club.capabilities.base import Capability, Fragment, Page, Run
from mahjong_club.common.problems import Problems
from mahjong_club.compute.attendance import AttendanceResult, compute_attendance
from mahjong_club.messages.site import SITE
from mahjong_club.model import Season
from mahjong_club.reading.attendance import read_attendance, read_nights
from mahjong_club.reading.tables import Workbook
from mahjong_club.site.views import SiteView
from mahjong_club.terminal import attendance_text
from mahjong_club.workbook.season_sheets import attendance_sheet
from mahjong_club.workbook.xlsx import ResultSheet


class Attendance(Capability[AttendanceResult]):
    """The attendance status of every division member."""

    name = "attendance"
    needs_league = True
    sheets = ("Nights", "Attendance")
    read_early = ("Nights", "Attendance")

    def read(self, book: Workbook, season: Season, problems: Problems) -> None:
        if not season.has_league:
            return
        if book.find("Nights") is not None:
            season.nights = read_nights(book, problems)
        if book.find("Attendance") is not None:
            # A sheet with only its header row (as in the template) counts as absent.
            sheet = read_attendance(book, problems)
            season.attendance = sheet if sheet is not None and sheet.rows else None

    def compute(self, run: Run) -> AttendanceResult | None:
        if not run.season.has_league:
            return None
        return compute_attendance(run.season, run.problems)

    def result_sheets(self, run: Run, result: AttendanceResult) -> Sequence[ResultSheet]:
        return [attendance_sheet(result)]

    def console(self, run: Run, result: AttendanceResult) -> str:
        return attendance_text(result)

    def pages(self, run: Run, result: AttendanceResult, site: SiteView) -> Sequence[Page]:
        return [
            Page(
                "attendance.html",
                SITE["attendance"],
                "attendance.html",
                {"attendance": result, "final": result.final},
            )
        ]

    def player_sections(
        self, run: Run, result: AttendanceResult, site: SiteView
    ) -> Mapping[str, Fragment]:
        return {
            m.player: Fragment("attendance", {"member": m, "final": result.final})
            for m in result.members
        }

    def organiser_sections(
        self, run: Run, result: AttendanceResult, site: SiteView
    ) -> Sequence[Fragment]:
        substitutable = result.to_act_on()
        first = [Fragment("action_substitutable", {"members": substitutable})]
        return [
            *(first if substitutable else []),
            Fragment("organiser_attendance", {"attendance": result}),
        ]


ATTENDANCE = Attendance()
