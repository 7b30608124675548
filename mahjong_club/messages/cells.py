"""Messages about single cells: what a value should have been (text, a whole number, a date …)."""

from mahjong_club.messages.core import entry  # noqa: F401
