"""Messages about the league sheets: Players, Divisions, Games, Penalties, Dice, and tournaments."""

from mahjong_club.messages.core import entry  # noqa: F401
