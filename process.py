#!/usr/bin/env python3
"""The entry the README shows: ``python process.py WORKBOOK.xlsx [options]``.

It does exactly what the installed ``mahjong-club`` command does; see ``--help``.
"""

from mahjong_club.cli import main, program

__all__ = ["main", "program"]

if __name__ == "__main__":
    program()
