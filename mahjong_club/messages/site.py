"""Every label and sentence of the site and the emails."""

from mahjong_club.messages.core import entry  # noqa: F401
