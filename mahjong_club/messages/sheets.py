"""Messages about the other input sheets: Nights, Attendance, Signups, Schedule, Hands, Seating, Boards, IMP scale."""

from mahjong_club.messages.core import entry  # noqa: F401
