"""The words for what the rules return as data: next season's reasons, hand breakdowns, tie-breakers, penalty kinds."""

from mahjong_club.messages.core import entry  # noqa: F401
