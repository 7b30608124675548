"""Messages about writing the results: the workbook copy, the site, the outbox, sending, the command line."""

from mahjong_club.messages.core import entry  # noqa: F401
