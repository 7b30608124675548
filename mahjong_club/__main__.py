"""``python -m mahjong_club``: the same as the ``mahjong-club`` command."""

from mahjong_club.cli import program

program()
