"""Messages of the computing step: attendance, schedule, next season, tonight, dice, duplicate checks."""

from mahjong_club.messages.core import entry  # noqa: F401
